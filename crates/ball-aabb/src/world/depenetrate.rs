//! Pushing a ball out of the solids it starts in: the nearest position where it overlaps none.
//!
//! The free positions of the centre are the points outside every solid box grown by `r` (each a
//! rounded box: four flat faces and four quarter circles). The nearest free point to the centre
//! lies on the boundary of that union: either the projection of the centre onto one face line or
//! corner circle, or a point where two boundaries cross (an inner corner, a gap narrower than the
//! ball). Within a search radius `R`, only boxes within `R + r` of the centre shape the free region,
//! so the candidates from those boxes, sorted by distance and tested in that order, give the nearest
//! free point when it is within `R`; otherwise `R` doubles. For a single box the answer is the
//! core's push-out ([`response`](crate::response())): the least-penetrated face, ties to the first
//! in the order x-min, x-max, y-min, y-max, because the face candidates come in that order and a
//! stable sort keeps it.
//!
//! **Rotated boxes** take part the same way, their face lines and corner circles in world
//! coordinates (each projection computed in the box's frame and turned back; the crossings with
//! any other box solved as general lines and circles, in `f64`): the nearest free point among
//! those candidates is found as for aligned boxes, up to the rounding of the frame change (the
//! chosen point is then checked, and nudged outward, with the same tolerance). Between aligned
//! boxes alone the candidates and their arithmetic are unchanged.
//!
//! **Ties** within the contact tolerance go by [`Prefer`] (up by default; with `Prefer::None`, exact
//! ties only, in the order above). **The outside**: a world with a [`World::push_out_region`] (a
//! tile map whose outside is solid) takes part as four solid slabs around it, so no position
//! beyond it is chosen; when none is left inside, the ball stays. **The shortcut**: a world that
//! answers [`World::axis_escape`] (a tile map, from its pyramid) gives the nearest face along each
//! axis, certified nearest; when the ball fits beyond it, its projection is the answer with no
//! search, and otherwise the search starts from that distance.
//!
//! This runs only when a step starts embedded, so it may allocate (the candidate list).

#![forbid(unsafe_code)]

use alloc::vec::Vec;

use super::{Prefer, World};
use crate::math::sqrt;
use crate::oriented::Collider;
use crate::shape::Rect;

type Solid = Collider<2>;

/// Where the ball was put, and the contact it was pushed out of.
#[derive(Clone, Copy, Debug)]
pub(super) struct Free {
    pub center: [f32; 2],
    /// The box (as the world reports it: a merged rectangle's bottom-left cell on a tile map).
    pub index: usize,
    pub rect: Rect,
    /// Its point closest to the new centre.
    pub point: [f32; 2],
    /// The direction of the push.
    pub normal: [f32; 2],
}

/// The most boxes the search looks at before giving up (the ball stays where it is).
const MAX_BOXES: usize = 4096;

/// [`penetration`] for an aligned or a rotated box (the rotated one in its own frame).
fn depth(c: [f64; 2], r: f64, s: &Solid) -> f64 {
    match s {
        Collider::Aligned(b) => penetration(c, r, b),
        Collider::Oriented(o) => {
            let mut d = [c[0] - o.center()[0] as f64, c[1] - o.center()[1] as f64];
            d = o.local_dir(&d);
            let h = o.half64();
            let mut d2 = 0.0;
            let mut inner = f64::INFINITY;
            for i in 0..2 {
                let e = d[i] - d[i].clamp(-h[i], h[i]);
                d2 += e * e;
                inner = inner.min(d[i] + h[i]).min(h[i] - d[i]);
            }
            if d2 > 0.0 {
                r - sqrt(d2)
            } else {
                r + inner
            }
        }
    }
}

/// How deep the centre `c` of a ball of radius `r` is in box `b`: `r − distance` outside,
/// `r + distance to the nearest face` inside (positive: overlapping).
pub(super) fn penetration(c: [f64; 2], r: f64, b: &Rect) -> f64 {
    let (lo, hi) = (wide(b.min()), wide(b.max()));
    let mut d2 = 0.0;
    let mut depth = f64::INFINITY;
    for i in 0..2 {
        let e = c[i] - c[i].clamp(lo[i], hi[i]);
        d2 += e * e;
        depth = depth.min(c[i] - lo[i]).min(hi[i] - c[i]);
    }
    if d2 > 0.0 {
        r - sqrt(d2)
    } else {
        r + depth
    }
}

#[inline]
fn wide(a: [f32; 2]) -> [f64; 2] {
    a.map(|x| x as f64)
}

/// The square of half-side `half` around `c`, in `f32`.
fn square(c: [f64; 2], half: f64) -> Option<Rect> {
    let lo = [c[0] - half, c[1] - half].map(|x| x.clamp(-(f32::MAX as f64), f32::MAX as f64) as f32);
    let hi = [c[0] + half, c[1] + half].map(|x| x.clamp(-(f32::MAX as f64), f32::MAX as f64) as f32);
    Rect::new(lo, hi).ok()
}

/// The solid (not one-way) boxes meeting the square of half-side `half` around `c`
/// ([`World::push_out_candidates`]), then, when the world has a [`World::push_out_region`], the
/// four slabs around that region that stand for the outside (as solid boxes, index `usize::MAX`).
fn solids<W: World>(world: &W, c: [f64; 2], half: f64, out: &mut Vec<(usize, Solid)>) -> bool {
    out.clear();
    let Some(q) = square(c, half) else { return false };
    let mut ok = true;
    world.push_out_candidates(&q, |i, b| {
        if world.one_way(i) {
            return;
        }
        if out.len() == MAX_BOXES {
            ok = false;
            return;
        }
        out.push((i, Solid::Aligned(b)));
    });
    world.oriented(&q, |i, o| {
        if out.len() == MAX_BOXES {
            ok = false;
            return;
        }
        out.push((i, Solid::Oriented(o)));
    });
    if let Some(region) = world.push_out_region() {
        // Slabs as thick as the square, around the region: the outside as four solid boxes.
        let (lo, hi) = (q.min(), q.max());
        let (rl, rh) = (region.min(), region.max());
        let ext = |a: usize| (lo[a].min(rl[a]), hi[a].max(rh[a]));
        let (x, y) = (ext(0), ext(1));
        let slabs = [
            ([x.0.min(rl[0]) - 1.0, y.0 - 1.0], [rl[0], y.1 + 1.0]),
            ([rh[0], y.0 - 1.0], [x.1.max(rh[0]) + 1.0, y.1 + 1.0]),
            ([x.0 - 1.0, y.0.min(rl[1]) - 1.0], [x.1 + 1.0, rl[1]]),
            ([x.0 - 1.0, rh[1]], [x.1 + 1.0, y.1.max(rh[1]) + 1.0]),
        ];
        for (a, b) in slabs {
            // Only the slabs the square reaches (a free point found within it must be inside).
            if let Ok(s) = Rect::new(a, b) {
                if super::meets(&s, &q) {
                    out.push((usize::MAX, Solid::Aligned(s)));
                }
            }
        }
    }
    ok
}

/// Is the ball of radius `r` at `q` free: overlapping no solid (not one-way) box by more than
/// `slack`, and inside the world's [`World::push_out_region`] within `slack`? From the world's own
/// queries (the cells under the ball, no merging).
fn free_at<W: World>(world: &W, q: [f64; 2], r: f64, slack: f64) -> bool {
    if let Some(region) = world.push_out_region() {
        let (lo, hi) = (wide(region.min()), wide(region.max()));
        if (0..2).any(|a| q[a] - r < lo[a] - slack || q[a] + r > hi[a] + slack) {
            return false;
        }
    }
    !embedded(world, q, r, slack)
}

/// Does the ball overlap a solid (not one-way) box by more than `tol`?
fn embedded<W: World>(world: &W, c: [f64; 2], r: f64, tol: f64) -> bool {
    let half = r + tol;
    let lo = [c[0] - half, c[1] - half].map(|x| x.clamp(-(f32::MAX as f64), f32::MAX as f64) as f32);
    let hi = [c[0] + half, c[1] + half].map(|x| x.clamp(-(f32::MAX as f64), f32::MAX as f64) as f32);
    let Ok(q) = Rect::new(lo, hi) else { return false };
    let mut found = false;
    world.candidates(&q, |i, b| found |= !found && penetration(c, r, &b) > tol && !world.one_way(i));
    world.oriented(&q, |_, o| found |= !found && depth(c, r, &Solid::Oriented(o)) > tol);
    found
}

/// The nearest position of the centre where the ball of radius `r` overlaps no solid box by more
/// than `tol`, when it starts overlapping one by more than `tol`; `None` when it does not (or when
/// no free position is found: none inside the world's [`World::push_out_region`], or, in a world
/// too crowded to search, none within [`MAX_BOXES`] boxes). Ties go by `prefer` (see [`Prefer`]).
///
/// Cost: a ball whose centre is not inside a solid box (sunk less than its radius) searches the
/// boxes within `3r` of it — on a tile map the cells there, merged within that square. A ball whose
/// centre is inside first asks [`World::axis_escape`]: when the world certifies the nearest
/// non-solid point lies along an axis and the ball fits beyond that face, the answer is that
/// projection (bounded work, whatever the depth); otherwise the search starts at the certified
/// distance and doubles, as for any world.
pub(super) fn depenetrate<W: World>(world: &W, center: [f32; 2], r: f32, tol: f32, prefer: Prefer) -> Option<Free> {
    let (c, rr, tol) = (wide(center), r as f64, tol as f64);
    // The common case first, cheaply: the plain boxes under the ball, no allocation, no merging.
    if !embedded(world, c, rr, tol) {
        return None;
    }
    let window = if prefer == Prefer::None { 0.0 } else { tol };
    let mut boxes = Vec::new();
    // Start near (a ball just sunk into a floor comes out within r); the radius doubles while no free
    // point is found within it. (Not from the size of the boxes around: one long merged run would make
    // the first search take in the whole map.)
    let mut reach = 2.0 * rr + tol + f64::from(f32::EPSILON) * c[0].abs().max(c[1].abs());
    if let Some(faces) = world.axis_escape(center) {
        // No non-solid point is nearer than the nearest face: no free position nearer than it + r.
        // The projection onto face k's grown line, and its distance, as the search computes them.
        let project = |k: usize, f: f32| {
            let mut q = c;
            q[k / 2] = if k % 2 == 1 { f as f64 + rr } else { f as f64 - rr };
            (q, (q[k / 2] - c[k / 2]).abs())
        };
        let nearest = (0..4).filter_map(|k| faces[k].map(|f| project(k, f.0).1)).fold(f64::INFINITY, f64::min);
        let mut best: Option<(usize, Candidate)> = None;
        for (k, face) in faces.iter().enumerate() {
            let Some((f, _, _)) = *face else { continue };
            let (q, dist) = project(k, f);
            if dist > nearest + window || !free_at(world, q, rr, tol * 0.5) {
                continue;
            }
            let cand = Candidate { q, dist, from: 0 };
            if best.as_ref().is_none_or(|(_, b)| preferred(prefer, 0.5 * rr, c, &cand, b)) {
                best = Some((k, cand));
            }
        }
        if let Some((k, cand)) = best {
            let (_, index, rect) = faces[k].expect("a face");
            boxes.clear();
            boxes.push((index, Solid::Aligned(rect)));
            let mut near = Vec::new();
            if solids(world, cand.q, rr + tol, &mut near) {
                boxes.extend(near);
            }
            return Some(settle(c, rr, tol, &cand, &boxes));
        }
        reach = reach.max(nearest);
    }
    let mut candidates = Vec::new();
    for _ in 0..64 {
        if !solids(world, c, reach + rr + tol, &mut boxes) {
            return None;
        }
        candidates.clear();
        collect(c, rr, &boxes, &mut candidates);
        candidates.sort_by(|a: &Candidate, b| a.dist.total_cmp(&b.dist));
        let free = |q: [f64; 2]| boxes.iter().all(|(_, b)| depth(q, rr, b) <= tol * 0.5);
        let within = || candidates.iter().take_while(|k| k.dist <= reach);
        if let Some(first) = within().find(|k| free(k.q)) {
            // The ties: the free candidates within `window` of the nearest, by the rule.
            let mut best = first;
            for k in within().take_while(|k| k.dist <= first.dist + window) {
                if preferred(prefer, 0.5 * rr, c, k, best) && free(k.q) {
                    best = k;
                }
            }
            return Some(settle(c, rr, tol, best, &boxes));
        }
        if let Some(region) = world.push_out_region() {
            // Every point of the region is within reach: there is no free position in it.
            let (lo, hi) = (wide(region.min()), wide(region.max()));
            let far = (0..2).map(|a| (c[a] - lo[a]).abs().max((hi[a] - c[a]).abs())).map(|x| x * x).sum::<f64>();
            if sqrt(far) <= reach {
                return None;
            }
        }
        reach *= 2.0;
    }
    None
}

/// Does candidate `a` win over `b` (which comes first in the candidates' order, and is at most the
/// tie window farther or nearer) under the tie rule? `Up`: an upward push larger by more than `w`
/// (half the radius: two positions a hair apart are no choice of direction); `Down`: a downward
/// one; else the nearer; else `b`, the earlier.
fn preferred(prefer: Prefer, w: f64, c: [f64; 2], a: &Candidate, b: &Candidate) -> bool {
    let (ya, yb) = (a.q[1] - c[1], b.q[1] - c[1]);
    match prefer {
        Prefer::Up if (ya - yb).abs() > w => ya > yb,
        Prefer::Down if (ya - yb).abs() > w => ya < yb,
        _ => a.dist < b.dist,
    }
}

/// A candidate free point, its distance from the centre, and the box whose boundary it lies on.
#[derive(Clone, Copy)]
struct Candidate {
    q: [f64; 2],
    dist: f64,
    from: usize,
}

/// The grown box's four face lines of box `b`: `(axis, value)` in the order x-min, x-max, y-min,
/// y-max.
fn lines(b: &Rect, r: f64) -> [(usize, f64); 4] {
    let (lo, hi) = (wide(b.min()), wide(b.max()));
    [(0, lo[0] - r), (0, hi[0] + r), (1, lo[1] - r), (1, hi[1] + r)]
}

fn corners(b: &Rect) -> [[f64; 2]; 4] {
    let (lo, hi) = (wide(b.min()), wide(b.max()));
    [[lo[0], lo[1]], [hi[0], lo[1]], [lo[0], hi[1]], [hi[0], hi[1]]]
}

/// Every candidate point (see the module docs): projections onto each box's lines and circles,
/// and the crossings of two boxes' boundaries where their grown boxes meet.
fn collect(c: [f64; 2], r: f64, boxes: &[(usize, Solid)], out: &mut Vec<Candidate>) {
    let mut push = |q: [f64; 2], from: usize| {
        if q.iter().all(|x| x.is_finite()) {
            let dist = sqrt((q[0] - c[0]) * (q[0] - c[0]) + (q[1] - c[1]) * (q[1] - c[1]));
            out.push(Candidate { q, dist, from });
        }
    };
    for (k, (_, s)) in boxes.iter().enumerate() {
        let Collider::Aligned(b) = s else {
            // A rotated box: the projections onto its grown faces and corner circles, in world terms.
            for (n, v) in general_lines(s, r) {
                let off = n[0] * c[0] + n[1] * c[1] - v;
                push([c[0] - off * n[0], c[1] - off * n[1]], k);
            }
            for p in general_corners(s) {
                let w = [c[0] - p[0], c[1] - p[1]];
                let len = sqrt(w[0] * w[0] + w[1] * w[1]);
                if len > 0.0 {
                    push([p[0] + r * w[0] / len, p[1] + r * w[1] / len], k);
                }
            }
            continue;
        };
        for (axis, v) in lines(b, r) {
            let mut q = c;
            q[axis] = v;
            push(q, k);
        }
        for p in corners(b) {
            let w = [c[0] - p[0], c[1] - p[1]];
            let len = sqrt(w[0] * w[0] + w[1] * w[1]);
            if len > 0.0 {
                push([p[0] + r * w[0] / len, p[1] + r * w[1] / len], k);
            }
        }
    }
    for (i, (_, sa)) in boxes.iter().enumerate() {
        for (_, sb) in boxes.iter().skip(i + 1) {
            let (a, b) = (sa.bounding_aabb(), sb.bounding_aabb());
            let near = (0..2).all(|k| {
                a.min()[k] as f64 - 2.0 * r <= b.max()[k] as f64 && b.min()[k] as f64 - 2.0 * r <= a.max()[k] as f64
            });
            if !near {
                continue;
            }
            if let (Collider::Aligned(a), Collider::Aligned(b)) = (sa, sb) {
                crossings(a, b, r, |q| push(q, i));
            } else {
                general_crossings(sa, sb, r, |q| push(q, i));
            }
        }
    }
}

/// The points where the boundaries of boxes `a` and `b` grown by `r` cross (as full lines and
/// circles: a point off the actual boundary is inside a grown box, and the free test drops it).
fn crossings(a: &Rect, b: &Rect, r: f64, mut f: impl FnMut([f64; 2])) {
    let (la, lb) = (lines(a, r), lines(b, r));
    for &(ax, av) in &la {
        for &(bx, bv) in &lb {
            if ax != bx {
                let mut q = [0.0; 2];
                q[ax] = av;
                q[bx] = bv;
                f(q);
            }
        }
    }
    let (ka, kb) = (corners(a), corners(b));
    for (ls, ks) in [(&la, &kb), (&lb, &ka)] {
        for &(axis, v) in ls.iter() {
            for k in ks.iter() {
                let off = v - k[axis];
                let h2 = r * r - off * off;
                if h2 >= 0.0 {
                    let h = sqrt(h2);
                    for s in [-h, h] {
                        let mut q = [0.0; 2];
                        q[axis] = v;
                        q[1 - axis] = k[1 - axis] + s;
                        f(q);
                    }
                }
            }
        }
    }
    for p in &ka {
        for k in &kb {
            let w = [k[0] - p[0], k[1] - p[1]];
            let d2 = w[0] * w[0] + w[1] * w[1];
            let h2 = r * r - d2 / 4.0;
            if d2 > 0.0 && h2 >= 0.0 {
                let (d, h) = (sqrt(d2), sqrt(h2));
                let m = [(p[0] + k[0]) / 2.0, (p[1] + k[1]) / 2.0];
                let perp = [-w[1] / d, w[0] / d];
                f([m[0] + h * perp[0], m[1] + h * perp[1]]);
                f([m[0] - h * perp[0], m[1] - h * perp[1]]);
            }
        }
    }
}

/// A box's four grown face lines as `(n, v)`, the line `{q : n·q = v}` with `n` the face's outward
/// unit normal (world coordinates).
fn general_lines(s: &Solid, r: f64) -> [([f64; 2], f64); 4] {
    match s {
        Collider::Aligned(b) => {
            let (lo, hi) = (wide(b.min()), wide(b.max()));
            [([-1.0, 0.0], r - lo[0]), ([1.0, 0.0], hi[0] + r), ([0.0, -1.0], r - lo[1]), ([0.0, 1.0], hi[1] + r)]
        }
        Collider::Oriented(o) => {
            let (ax, h, c) = (o.axes(), o.half64(), wide(o.center()));
            let mut out = [([0.0; 2], 0.0); 4];
            for i in 0..2 {
                for (k, sign) in [(0, -1.0), (1, 1.0)] {
                    let n = [sign * ax[i][0], sign * ax[i][1]];
                    out[2 * i + k] = (n, n[0] * c[0] + n[1] * c[1] + h[i] + r);
                }
            }
            out
        }
    }
}

/// A box's four corners (world coordinates).
fn general_corners(s: &Solid) -> [[f64; 2]; 4] {
    match s {
        Collider::Aligned(b) => corners(b),
        Collider::Oriented(o) => {
            let h = o.half64();
            [[-h[0], -h[1]], [h[0], -h[1]], [-h[0], h[1]], [h[0], h[1]]].map(|u| o.world_point(&u))
        }
    }
}

/// [`crossings`] for any two boxes, aligned or rotated: every line with every line (when not
/// parallel), every line with every corner circle, every corner circle with every corner circle.
fn general_crossings(a: &Solid, b: &Solid, r: f64, mut f: impl FnMut([f64; 2])) {
    let (la, lb) = (general_lines(a, r), general_lines(b, r));
    for &(n, v) in &la {
        for &(m, w) in &lb {
            let det = n[0] * m[1] - n[1] * m[0];
            if det.abs() > 1e-12 {
                f([(v * m[1] - n[1] * w) / det, (n[0] * w - v * m[0]) / det]);
            }
        }
    }
    let (ka, kb) = (general_corners(a), general_corners(b));
    for (ls, ks) in [(&la, &kb), (&lb, &ka)] {
        for &(n, v) in ls.iter() {
            for k in ks.iter() {
                // The foot of the corner on the line, then ± along the line.
                let off = n[0] * k[0] + n[1] * k[1] - v;
                let h2 = r * r - off * off;
                if h2 >= 0.0 {
                    let h = sqrt(h2);
                    let foot = [k[0] - off * n[0], k[1] - off * n[1]];
                    let t = [-n[1], n[0]];
                    f([foot[0] + h * t[0], foot[1] + h * t[1]]);
                    f([foot[0] - h * t[0], foot[1] - h * t[1]]);
                }
            }
        }
    }
    for p in &ka {
        for k in &kb {
            let w = [k[0] - p[0], k[1] - p[1]];
            let d2 = w[0] * w[0] + w[1] * w[1];
            let h2 = r * r - d2 / 4.0;
            if d2 > 0.0 && h2 >= 0.0 {
                let (d, h) = (sqrt(d2), sqrt(h2));
                let m = [(p[0] + k[0]) / 2.0, (p[1] + k[1]) / 2.0];
                let perp = [-w[1] / d, w[0] / d];
                f([m[0] + h * perp[0], m[1] + h * perp[1]]);
                f([m[0] - h * perp[0], m[1] - h * perp[1]]);
            }
        }
    }
}

/// Rounds the chosen point to `f32`, nudged outward along the push a few ulps when the rounding
/// put it back in by more than the tolerance.
fn settle(c: [f64; 2], r: f64, tol: f64, k: &Candidate, boxes: &[(usize, Solid)]) -> Free {
    let dir = if k.dist > 0.0 { [(k.q[0] - c[0]) / k.dist, (k.q[1] - c[1]) / k.dist] } else { [0.0, 1.0] };
    let mut q = k.q.map(|x| x as f32);
    for _ in 0..16 {
        if boxes.iter().all(|(_, b)| depth(wide(q), r, b) <= tol) {
            break;
        }
        for i in 0..2 {
            if dir[i] != 0.0 {
                q[i] = next_toward(q[i], dir[i] > 0.0);
            }
        }
    }
    // A position against the outside alone: the contact is the box the ball was deepest in.
    let from = if boxes[k.from].0 == usize::MAX {
        let deepest = |(_, b): &&(usize, Solid)| depth(c, r, b);
        let real = boxes.iter().filter(|(i, _)| *i != usize::MAX);
        real.max_by(|a, b| deepest(a).total_cmp(&deepest(b)))
            .map_or(k.from, |x| boxes.iter().position(|y| core::ptr::eq(x, y)).unwrap_or(k.from))
    } else {
        k.from
    };
    let (index, solid) = boxes[from];
    let rect = solid.bounding_aabb();
    let point = match solid {
        Collider::Aligned(b) => crate::contact::closest_point(&q, &b),
        Collider::Oriented(o) => o.closest_and_offset(&q).0.map(|x| x as f32),
    };
    let w = [q[0] as f64 - point[0] as f64, q[1] as f64 - point[1] as f64];
    let len = sqrt(w[0] * w[0] + w[1] * w[1]);
    let normal = if len > 0.0 { [w[0] / len, w[1] / len] } else { dir };
    Free { center: q, index, rect, point, normal: normal.map(|x| x as f32) }
}

/// The next `f32` after `x` upwards (or downwards).
fn next_toward(x: f32, up: bool) -> f32 {
    if x == 0.0 {
        return if up { f32::from_bits(1) } else { -f32::from_bits(1) };
    }
    let bits = x.to_bits();
    let away = (x > 0.0) == up;
    f32::from_bits(if away { bits + 1 } else { bits - 1 })
}
