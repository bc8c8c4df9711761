//! Pushing a ball out of the solids it starts in: the nearest position where it overlaps none.
//!
//! The free positions of the centre are the points outside every solid box grown by `r` (each a
//! rounded box: four flat faces and four quarter circles). The nearest free point to the centre
//! lies on the boundary of that union: either the projection of the centre onto one face line or
//! corner circle, or a point where two boundaries cross (an inner corner, a gap narrower than the
//! ball). Within a search radius `R`, only boxes within `R + r` of the centre shape the free region,
//! so the candidates from those boxes, sorted by distance and tested in that order, give the nearest
//! free point when it is within `R`; otherwise `R` doubles. For a single box the answer is the
//! core's push-out ([`response`](crate::response::response())): the least-penetrated face, ties to the first
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
/// distance and doubles, as for any world. Each round of the search looks only at what lies
/// between the last round's radius and its own, drops in O(1) the candidates in a [`Sieve`] cell
/// where no free centre can be and the crossings off the boxes' actual boundaries, and asks the
/// world whether a candidate is free (the cells under the ball), so a round costs about the boxes
/// near possibly free cells and their neighbours, not every pair of the boxes it collected; it
/// gives up beyond [`MAX_BOXES`] boxes.
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
            let cand = Candidate { q, dist, from: 0, seq: 0 };
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
    let mut pairs = Vec::new();
    let mut tested = -1.0;
    for _ in 0..64 {
        if !solids(world, c, reach + rr + tol, &mut boxes) {
            return None;
        }
        candidates.clear();
        // Only the candidates within reach count this round (a farther one may have a nearer rival
        // among boxes not yet collected), and only those beyond the last round's reach: every nearer
        // one was generated then too (it lies on a box within that reach + r) and was not free, and
        // freedom is asked of the world, not of the boxes collected.
        let sieve = Sieve::new(c, reach + rr + tol, rr, tol, &boxes);
        collect((c, rr, tol * 0.5), &boxes, &sieve, (tested, reach), &mut pairs, &mut candidates);
        // By distance, ties in the order generated (the tie rule's order).
        candidates.sort_unstable_by(|a: &Candidate, b| a.dist.total_cmp(&b.dist).then(a.seq.cmp(&b.seq)));
        // Free by the world's own query of the cells under the ball (a few cells), not by every
        // box collected: the same answer (the collected boxes are the merged cells within reach).
        let free = |q: [f64; 2]| free_at(world, q, rr, tol * 0.5);
        if let Some(first) = candidates.iter().find(|k| free(k.q)) {
            // The ties: the free candidates within `window` of the nearest, by the rule.
            let mut best = first;
            for k in candidates.iter().take_while(|k| k.dist <= first.dist + window) {
                if preferred(prefer, 0.5 * rr, c, k, best) && free(k.q) {
                    best = k;
                }
            }
            return Some(settle(c, rr, tol, best, &boxes));
        }
        tested = reach;
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
    /// Its place in the order generated.
    seq: u32,
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

/// Every candidate point (see the module docs) at a distance from `c` in `(beyond, within]`:
/// projections onto each box's lines and circles, and the crossings of two boxes' boundaries where
/// their grown boxes meet.
/// `(c, r, slack)`: the centre, the radius, and the depth a free point may have in a box.
fn collect(
    (c, r, slack): ([f64; 2], f64, f64),
    boxes: &[(usize, Solid)],
    sieve: &Sieve,
    (beyond, within): (f64, f64),
    pairs: &mut Vec<(u32, u32)>,
    out: &mut Vec<Candidate>,
) {
    let mut seq = 0u32;
    // A point inside a grown box it comes from cannot be free (a projection onto a full face line
    // beyond the face, a crossing of two full lines off the boundaries): dropped here, in O(1),
    // rather than by the free test.
    let mut push = |q: [f64; 2], from: usize, other: Option<usize>| {
        seq += 1;
        if q.iter().all(|x| x.is_finite()) && sieve.may_be_free(q) {
            let dist = sqrt((q[0] - c[0]) * (q[0] - c[0]) + (q[1] - c[1]) * (q[1] - c[1]));
            let outside = |k: usize| depth(q, r, &boxes[k].1) <= slack;
            if dist > beyond && dist <= within && outside(from) && other.is_none_or(outside) {
                out.push(Candidate { q, dist, from, seq });
            }
        }
    };
    // A box whose grown boundary lies wholly nearer than `beyond` or farther than `within` gives no
    // candidate, alone or crossed with another (a crossing lies on both boundaries): left out.
    let bounds: Vec<([f64; 2], [f64; 2])> =
        boxes.iter().map(|(_, s)| s.bounding_aabb()).map(|b| (wide(b.min()), wide(b.max()))).collect();
    // And a box no free point can touch (no cell of the sieve that may be free within r of it).
    let live: Vec<bool> = bounds
        .iter()
        .map(|(lo, hi)| {
            let grown = (lo.map(|x| x - r), hi.map(|x| x + r));
            in_band(c, grown, (beyond, within)) && sieve.any_in(grown)
        })
        .collect();
    for (k, (_, s)) in boxes.iter().enumerate() {
        if !live[k] {
            continue;
        }
        let Collider::Aligned(b) = s else {
            // A rotated box: the projections onto its grown faces and corner circles, in world terms.
            for (n, v) in general_lines(s, r) {
                let off = n[0] * c[0] + n[1] * c[1] - v;
                push([c[0] - off * n[0], c[1] - off * n[1]], k, None);
            }
            for p in general_corners(s) {
                let w = [c[0] - p[0], c[1] - p[1]];
                let len = sqrt(w[0] * w[0] + w[1] * w[1]);
                if len > 0.0 {
                    push([p[0] + r * w[0] / len, p[1] + r * w[1] / len], k, None);
                }
            }
            continue;
        };
        for (axis, v) in lines(b, r) {
            let mut q = c;
            q[axis] = v;
            push(q, k, None);
        }
        for p in corners(b) {
            let w = [c[0] - p[0], c[1] - p[1]];
            let len = sqrt(w[0] * w[0] + w[1] * w[1]);
            if len > 0.0 {
                push([p[0] + r * w[0] / len, p[1] + r * w[1] / len], k, None);
            }
        }
    }
    near_pairs(&bounds, &live, r, pairs);
    for &(i, j) in pairs.iter() {
        let (i, j) = (i as usize, j as usize);
        // A crossing lies in both grown bounding boxes: none when their overlap is out of the band.
        let (lo, hi) = (bounds[i].0.map(|x| x - r), bounds[i].1.map(|x| x + r));
        let lo = [lo[0].max(bounds[j].0[0] - r), lo[1].max(bounds[j].0[1] - r)];
        let hi = [hi[0].min(bounds[j].1[0] + r), hi[1].min(bounds[j].1[1] + r)];
        if !in_band(c, (lo, hi), (beyond, within)) || !sieve.any_in((lo, hi)) {
            continue;
        }
        let (sa, sb) = (&boxes[i].1, &boxes[j].1);
        if let (Collider::Aligned(a), Collider::Aligned(b)) = (sa, sb) {
            crossings(a, b, r, |q| push(q, i, Some(j)));
        } else {
            general_crossings(sa, sb, r, |q| push(q, i, Some(j)));
        }
    }
}

/// Where a free centre cannot be: a grid over the search square whose cells are marked when
/// every point in them is nearer than `r − tol` to a solid, so candidates there are dropped in O(1)
/// and boxes that only such cells can touch give none. The bound is an upper one on the distance
/// to the solids: a grid centre inside a collected aligned box is solid; the distance from a cell's
/// centre to the nearest solid centre is at most the 8-neighbour path length to it (steps `h` and
/// `h√2`, two passes), and a point of the cell is at most half its diagonal farther. Solids the
/// grid does not mark (rotated boxes, boxes beyond the square) only make the bound larger: the
/// sieve may keep a cell it could drop, never drop one it must keep.
struct Sieve {
    lo: [f64; 2],
    /// One over the cells' side.
    inv: f64,
    n: [usize; 2],
    /// The cells that may hold a free point, row by row.
    ok: Vec<bool>,
    /// Their summed-area table (`(n0 + 1)·(n1 + 1)`).
    sat: Vec<u32>,
}

impl Sieve {
    /// The most cells along a side (a search square wider than that takes coarser cells).
    const SIDE: usize = 96;

    /// Below this many boxes the sieve costs more than it saves: none (every point may be free).
    const FEW: usize = 24;

    fn new(c: [f64; 2], half: f64, r: f64, tol: f64, boxes: &[(usize, Solid)]) -> Sieve {
        if boxes.len() < Self::FEW {
            return Sieve { lo: c, inv: 0.0, n: [0, 0], ok: Vec::new(), sat: Vec::new() };
        }
        let h = (0.25 * r).max(2.0 * half / Self::SIDE as f64);
        let side = (ceil_within(2.0 * half / h, Self::SIDE as f64) as usize).clamp(1, Self::SIDE);
        let (n, lo) = ([side, side], [c[0] - half, c[1] - half]);
        let mut dist = alloc::vec![f64::INFINITY; side * side];
        for (_, s) in boxes {
            let Collider::Aligned(b) = s else { continue };
            // The grid centres lo + (i + ½)h inside the box.
            let range = |a: usize| {
                let first = ceil_within((b.min()[a] as f64 - lo[a]) / h - 0.5, side as f64).max(0.0);
                let last = floor_within((b.max()[a] as f64 - lo[a]) / h - 0.5, side as f64).min(side as f64 - 1.0);
                (first as usize, last)
            };
            let ((x0, x1), (y0, y1)) = (range(0), range(1));
            if x1 < x0 as f64 || y1 < y0 as f64 {
                continue;
            }
            for y in y0..=y1 as usize {
                dist[y * side + x0..=y * side + x1 as usize].fill(0.0);
            }
        }
        let diag = h * core::f64::consts::SQRT_2;
        for pass in 0..2 {
            for k in 0..side * side {
                let k = if pass == 0 { k } else { side * side - 1 - k };
                let (x, y) = ((k % side) as isize, (k / side) as isize);
                let dir: isize = if pass == 0 { -1 } else { 1 };
                let mut d = dist[k];
                for (dx, dy, w) in [(dir, 0, h), (-1, dir, diag), (0, dir, h), (1, dir, diag)] {
                    let (nx, ny) = (x + dx, y + dy);
                    if nx >= 0 && ny >= 0 && (nx as usize) < side && (ny as usize) < side {
                        d = d.min(dist[ny as usize * side + nx as usize] + w);
                    }
                }
                dist[k] = d;
            }
        }
        let need = r - tol - 1e-9 * (1.0 + r) - 0.5 * diag;
        let ok: Vec<bool> = dist.iter().map(|&d| d >= need).collect();
        let mut sat = alloc::vec![0u32; (side + 1) * (side + 1)];
        for y in 0..side {
            for x in 0..side {
                let ok = u32::from(ok[y * side + x]);
                sat[(y + 1) * (side + 1) + x + 1] =
                    ok + sat[y * (side + 1) + x + 1] + sat[(y + 1) * (side + 1) + x] - sat[y * (side + 1) + x];
            }
        }
        Sieve { lo, inv: 1.0 / h, n, ok, sat }
    }

    /// The grid cell holding `q`, or `None` beyond the grid (where nothing is known).
    fn cell(&self, q: [f64; 2]) -> Option<[usize; 2]> {
        let t = [0, 1].map(|a| (q[a] - self.lo[a]) * self.inv);
        // Truncation is the floor from 0 up.
        (0..2).all(|a| t[a] >= 0.0 && t[a] < self.n[a] as f64).then(|| t.map(|x| x as usize))
    }

    /// Does any cell meeting the rectangle `(lo, hi)` hold a possibly free point? (A rectangle
    /// reaching beyond the grid: possibly.)
    fn any_in(&self, (lo, hi): ([f64; 2], [f64; 2])) -> bool {
        let (Some([x0, y0]), Some([x1, y1])) = (self.cell(lo), self.cell(hi)) else { return true };
        let (w, x1, y1) = (self.n[0] + 1, x1 + 1, y1 + 1);
        self.sat[y1 * w + x1] + self.sat[y0 * w + x0] > self.sat[y0 * w + x1] + self.sat[y1 * w + x0]
    }

    /// May `q` be a free centre (as far as the grid knows)?
    fn may_be_free(&self, q: [f64; 2]) -> bool {
        self.cell(q).is_none_or(|[x, y]| self.ok[y * self.n[0] + x])
    }
}

/// `⌈x⌉` for `x` clamped to `[−1, limit]` first (no `ceil` without `std`; NaN gives −1).
fn ceil_within(x: f64, limit: f64) -> f64 {
    let x = if x >= -1.0 { x.min(limit) } else { -1.0 };
    let t = x as i64 as f64;
    if t < x {
        t + 1.0
    } else {
        t
    }
}

/// `⌊x⌋` for `x` clamped to `[−1, limit]` first (NaN gives −1).
fn floor_within(x: f64, limit: f64) -> f64 {
    let x = if x >= -1.0 { x.min(limit) } else { -1.0 };
    let t = x as i64 as f64;
    if t > x {
        t - 1.0
    } else {
        t
    }
}

/// Can a point of the rectangle `(lo, hi)` lie at a distance from `c` in `(beyond, within]`
/// (with a margin for rounding)?
fn in_band(c: [f64; 2], (lo, hi): ([f64; 2], [f64; 2]), (beyond, within): (f64, f64)) -> bool {
    let near = (0..2).map(|a| c[a] - c[a].clamp(lo[a], hi[a].max(lo[a]))).map(|x| x * x).sum::<f64>();
    let far = (0..2).map(|a| (c[a] - lo[a]).abs().max((hi[a] - c[a]).abs())).map(|x| x * x).sum::<f64>();
    let margin = 1e-9 * (1.0 + sqrt(far));
    sqrt(far) + margin > beyond && sqrt(near) - margin <= within
}

/// The pairs `(i, j)`, `i < j`, of live boxes whose bounding boxes grown by `r` meet (only those
/// boundaries can cross), in the order `i`, then `j`: a sweep along x over the boxes sorted by their
/// left side, so the work is the boxes and the pairs found, not every pair of a crowded search.
fn near_pairs(bounds: &[([f64; 2], [f64; 2])], live: &[bool], r: f64, pairs: &mut Vec<(u32, u32)>) {
    let mut order: Vec<u32> = (0..bounds.len() as u32).filter(|&k| live[k as usize]).collect();
    order.sort_by(|&a, &b| bounds[a as usize].0[0].total_cmp(&bounds[b as usize].0[0]));
    pairs.clear();
    for (n, &a) in order.iter().enumerate() {
        let (alo, ahi) = bounds[a as usize];
        for &b in &order[n + 1..] {
            let (blo, bhi) = bounds[b as usize];
            if blo[0] - 2.0 * r > ahi[0] {
                break;
            }
            let near = (0..2).all(|k| alo[k] - 2.0 * r <= bhi[k] && blo[k] - 2.0 * r <= ahi[k]);
            if near {
                pairs.push((a.min(b), a.max(b)));
            }
        }
    }
    pairs.sort_unstable();
}

/// The points where the boundaries of boxes `a` and `b` grown by `r` cross: their face segments
/// and corner arcs (not the full lines and circles: see the comment inside).
fn crossings(a: &Rect, b: &Rect, r: f64, mut f: impl FnMut([f64; 2])) {
    // Only points on both actual boundaries (a face line within its face's extent, a corner circle
    // within its quadrant): a crossing of the full lines and circles elsewhere is either inside a
    // grown box or a free point that is not a vertex of the free region's boundary, so never the
    // nearest one (a nearer boundary point lies between it and the centre). A margin keeps the
    // points on a face's end.
    let (boxes, la, lb) = ([(wide(a.min()), wide(a.max())), (wide(b.min()), wide(b.max()))], lines(a, r), lines(b, r));
    let margin = |q: [f64; 2]| 1e-9 * (1.0 + r + q[0].abs() + q[1].abs());
    // On the face of box `n` along the line of axis `axis`: the other coordinate within its extent.
    let on_face = |n: usize, axis: usize, q: [f64; 2]| {
        let (lo, hi) = boxes[n];
        let m = margin(q);
        q[1 - axis] >= lo[1 - axis] - m && q[1 - axis] <= hi[1 - axis] + m
    };
    // On corner `k` (in the order of `corners`) of box `n`'s circle: within its quadrant.
    let on_arc = |n: usize, k: usize, q: [f64; 2]| {
        let (lo, hi) = boxes[n];
        let m = margin(q);
        let x = if k & 1 == 1 { q[0] >= hi[0] - m } else { q[0] <= lo[0] + m };
        let y = if k & 2 == 2 { q[1] >= hi[1] - m } else { q[1] <= lo[1] + m };
        x && y
    };
    for &(ax, av) in &la {
        for &(bx, bv) in &lb {
            if ax != bx {
                let mut q = [0.0; 2];
                q[ax] = av;
                q[bx] = bv;
                if on_face(0, ax, q) && on_face(1, bx, q) {
                    f(q);
                }
            }
        }
    }
    let (ka, kb) = (corners(a), corners(b));
    for (line_box, ls, ks) in [(0, &la, &kb), (1, &lb, &ka)] {
        for &(axis, v) in ls.iter() {
            for (n, k) in ks.iter().enumerate() {
                let off = v - k[axis];
                let h2 = r * r - off * off;
                if h2 >= 0.0 {
                    let h = sqrt(h2);
                    for s in [-h, h] {
                        let mut q = [0.0; 2];
                        q[axis] = v;
                        q[1 - axis] = k[1 - axis] + s;
                        if on_face(line_box, axis, q) && on_arc(1 - line_box, n, q) {
                            f(q);
                        }
                    }
                }
            }
        }
    }
    for (i, p) in ka.iter().enumerate() {
        for (n, k) in kb.iter().enumerate() {
            let w = [k[0] - p[0], k[1] - p[1]];
            let d2 = w[0] * w[0] + w[1] * w[1];
            let h2 = r * r - d2 / 4.0;
            if d2 > 0.0 && h2 >= 0.0 {
                let (d, h) = (sqrt(d2), sqrt(h2));
                let m = [(p[0] + k[0]) / 2.0, (p[1] + k[1]) / 2.0];
                let perp = [-w[1] / d, w[0] / d];
                for q in [[m[0] + h * perp[0], m[1] + h * perp[1]], [m[0] - h * perp[0], m[1] - h * perp[1]]] {
                    if on_arc(0, i, q) && on_arc(1, n, q) {
                        f(q);
                    }
                }
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
