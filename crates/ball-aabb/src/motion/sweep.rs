//! The swept ball against one box: Ericson's ray-against-the-rounded-box test
//! (*Real-Time Collision Detection*, 2005, §5.5.7, `IntersectMovingSphereAABB`), with labelled steps.
//!
//! One body, generic over a [`Log`]: [`sweep`] runs it with a logger that compiles to nothing,
//! [`sweep_trace`] with one that records every step. Both therefore give the same answer on every
//! input, by construction (and `tests/motion.rs` checks it on 20 000 random cases per dimension).
//!
//! All arithmetic is `f64` on the `f32` inputs: differences and products of two `f32` values are
//! exact there, which makes the tangent cases (a graze along a face plane at exactly `r`) come out
//! exactly tangent instead of a rounding-dependent miss.

#![forbid(unsafe_code)]

use alloc::{format, string::String};
use core::hint::select_unpredictable;

use super::{Feature, Hit};
use crate::shape::{Aabb, Ball};
use crate::trace::{axis_name, num_text, point_text, Focus, Trace, Tracer};

/// Compile-time guard: the rounded-box geometry below is written for 2D and 3D.
struct Dim<const D: usize>;
impl<const D: usize> Dim<D> {
    const SUPPORTED: () = assert!(D == 2 || D == 3, "sweep: only 2D (circle/rect) and 3D (sphere/box)");
}

/// Pseudocode line indices (into [`super::SWEEP`]'s `pseudocode`), the labels of the steps below.
pub(super) mod line {
    pub const FINITE: usize = 0;
    pub const INITIAL: usize = 1;
    pub const GROW: usize = 2;
    pub const PARALLEL: usize = 3;
    pub const SLAB: usize = 4;
    pub const MISS: usize = 5;
    pub const REGION: usize = 6;
    pub const FACE: usize = 7;
    pub const CORNER_2D: usize = 8;
    pub const EDGE: usize = 9;
    pub const VERTEX: usize = 10;
    pub const CAPSULE: usize = 11;
    pub const SPHERE: usize = 12;
    pub const HIT: usize = 13;
}

/// Where the steps go: nowhere ([`NoLog`], the plain sweep) or into a [`Tracer`].
pub(crate) trait Log<const D: usize> {
    /// Steps are recorded: the sweep then stops at the first slab that empties the interval (so the
    /// trace says which); without a log it tests once after all slabs (the same answer, one branch).
    const ON: bool;
    /// Records a step. The closure builds the line, what it looked at and the note; it is never
    /// called (nor anything in it computed) when logging is off.
    fn step(&mut self, f: impl FnOnce() -> (usize, Focus<D>, String));
}

/// The logger of the plain sweep: every call is inlined away.
pub(crate) struct NoLog;

impl<const D: usize> Log<D> for NoLog {
    const ON: bool = false;
    #[inline(always)]
    fn step(&mut self, _: impl FnOnce() -> (usize, Focus<D>, String)) {}
}

impl<const D: usize> Log<D> for Tracer<D> {
    const ON: bool = true;
    fn step(&mut self, f: impl FnOnce() -> (usize, Focus<D>, String)) {
        let (line, focus, note) = f();
        Tracer::step(self, line, focus, format_args!("{note}"));
    }
}

/// `f64` to `f32`, saturating at `±f32::MAX` instead of overflowing to an infinity: a ball near the
/// end of the `f32` range can touch a box at a centre just beyond it.
#[inline]
pub(crate) fn saturating_f32(x: f64) -> f32 {
    x.clamp(-(f32::MAX as f64), f32::MAX as f64) as f32
}

/// The sweep's answer before rounding to [`Hit`]: everything in `f64`, plus how the normal was made.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit64<const D: usize> {
    pub t: f64,
    pub center: [f64; D],
    pub point: [f64; D],
    pub normal: [f64; D],
    pub feature: Feature,
    pub initial: bool,
    /// The centre is on the box's boundary (radius 0, or too small to register): the box has a cone
    /// of normals there and `normal` is a representative (the sum of the faces it lies on).
    pub cone: bool,
}

impl<const D: usize> Hit64<D> {
    #[inline]
    pub(crate) fn rounded(&self) -> Hit<D> {
        Hit {
            t: self.t as f32,
            center: self.center.map(saturating_f32),
            point: self.point.map(saturating_f32),
            normal: self.normal.map(|x| x as f32),
            feature: self.feature,
            initial: self.initial,
        }
    }
}

/// Step 3 of the sweep on one axis: the coordinate of E's entry point (on E's plane on the axis it
/// entered through, else the segment's point at `tmin` held inside E's slab), the box's coordinate
/// on the side it lies on (0 inside the slab), and whether it lies outside the box's slab.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn entry_axis(c: f64, v: f64, r: f64, lo: f64, hi: f64, tmin: f64, on_plane: bool, upper: bool) -> (f64, f64, bool) {
    let plane = if upper { hi + r } else { lo - r };
    let held = clampf(c + tmin * v, lo - r, hi + r);
    let p = if on_plane { plane } else { held };
    let (below, above) = (p < lo, p > hi);
    let corner = if below {
        lo
    } else if above {
        hi
    } else {
        0.0
    };
    (p, corner, below | above)
}

#[inline(always)]
fn clampf(x: f64, lo: f64, hi: f64) -> f64 {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

#[inline(always)]
fn feature_of<const D: usize>(outside_axes: usize) -> Feature {
    match outside_axes {
        0 | 1 => Feature::Face,
        k if k >= D => Feature::Corner,
        _ => Feature::Edge,
    }
}

/// The least-penetrated face of a point in the box, as [`crate::nearest_face`] picks it (ties: x-min,
/// x-max, y-min, ...), as an outward unit normal.
#[inline]
fn nearest_face_normal<const D: usize>(p: &[f64; D], lo: &[f64; D], hi: &[f64; D]) -> [f64; D] {
    let (mut axis, mut sign, mut best) = (0, -1.0, f64::INFINITY);
    for i in 0..D {
        let below = p[i] - lo[i];
        if below < best {
            (axis, sign, best) = (i, -1.0, below);
        }
        let above = hi[i] - p[i];
        if above < best {
            (axis, sign, best) = (i, 1.0, above);
        }
    }
    let mut n = [0.0; D];
    n[axis] = sign;
    n
}

/// A normal for a centre lying on the box's boundary with nothing between them (radius 0): the sum
/// of the outward normals of the faces the point lies on, normalised — a face's, an edge's
/// diagonal, a corner's diagonal. On an axis where the box has no thickness the point lies on both
/// faces; the one facing the motion is taken (moving down onto a flat plate: up), and without motion
/// the min face (the tie rule). `None` when the point is on no face.
#[inline]
fn boundary_normal<const D: usize>(
    p: &[f64; D],
    lo: &[f64; D],
    hi: &[f64; D],
    v: Option<&[f64; D]>,
) -> Option<([f64; D], Feature)> {
    let mut n = [0.0; D];
    let mut count = 0;
    for i in 0..D {
        let (on_lo, on_hi) = (p[i] == lo[i], p[i] == hi[i]);
        n[i] = match (on_lo, on_hi) {
            (true, true) => match v {
                Some(v) if v[i] < 0.0 => 1.0,
                _ => -1.0,
            },
            (true, false) => -1.0,
            (false, true) => 1.0,
            (false, false) => 0.0,
        };
        count += (n[i] != 0.0) as usize;
    }
    if count == 0 {
        return None;
    }
    let inv = 1.0 / crate::math::sqrt(count as f64);
    Some((n.map(|x| x * inv), feature_of::<D>(count)))
}

/// The hit for a centre `p` at time `t` that is known to touch the box (outside at distance ≈ r,
/// or on it): the closest point, and the normal from the centre's offset.
#[inline(always)]
fn hit_at<const D: usize>(t: f64, p: [f64; D], lo: &[f64; D], hi: &[f64; D], v: &[f64; D]) -> Hit64<D> {
    let mut point = p;
    let mut off = [0.0; D];
    let mut len2 = 0.0;
    let mut outside = 0;
    for i in 0..D {
        point[i] = clampf(p[i], lo[i], hi[i]);
        off[i] = p[i] - point[i];
        len2 += off[i] * off[i];
        outside += (off[i] != 0.0) as usize;
    }
    if len2 > 0.0 {
        let inv = 1.0 / crate::math::sqrt(len2);
        return Hit64 {
            t,
            center: p,
            point,
            normal: off.map(|x| x * inv),
            feature: feature_of::<D>(outside),
            initial: false,
            cone: false,
        };
    }
    let (normal, feature, cone) = match boundary_normal(&point, lo, hi, Some(v)) {
        Some((n, f)) => (n, f, true),
        None => (nearest_face_normal(&point, lo, hi), Feature::Face, false),
    };
    Hit64 { t, center: p, point, normal, feature, initial: false, cone }
}

/// The hit at `t = 0` when the ball already touches or overlaps the box: the normal is the
/// direction of [`crate::response`]'s push.
#[inline]
fn initial_hit<const D: usize>(c: [f64; D], s: [f64; D], d2: f64, r: f64, lo: &[f64; D], hi: &[f64; D]) -> Hit64<D> {
    if d2 > 0.0 {
        // Centre strictly outside, within r: along c − s (the response's outside push).
        let inv = 1.0 / crate::math::sqrt(d2);
        let mut normal = [0.0; D];
        let mut outside = 0;
        for i in 0..D {
            normal[i] = (c[i] - s[i]) * inv;
            outside += (c[i] != s[i]) as usize;
        }
        return Hit64 {
            t: 0.0,
            center: c,
            point: s,
            normal,
            feature: feature_of::<D>(outside),
            initial: true,
            cone: false,
        };
    }
    // Radius 0 with the centre on the boundary: touching, the face/edge/corner normal there.
    if r == 0.0 {
        if let Some((normal, feature)) = boundary_normal(&c, lo, hi, None) {
            return Hit64 { t: 0.0, center: c, point: s, normal, feature, initial: true, cone: true };
        }
    }
    // Inside (or on the boundary with r > 0): out through the least-penetrated face.
    Hit64 {
        t: 0.0,
        center: c,
        point: s,
        normal: nearest_face_normal(&c, lo, hi),
        feature: Feature::Face,
        initial: true,
        cone: false,
    }
}

/// First `t ≥ 0` at which `|w + t·u| = r`, over the axes selected by `skip` (all but `skip`; pass
/// `D` to use every axis): a circle/sphere (all axes) or an infinite cylinder (all but its axis).
/// `w` is the start relative to the centre (or the axis line). `None` when never within `r`.
///
/// The root is taken in the cancellation-free form `t = (|w|² − r²) / (−w·u + √disc)`, with the
/// discriminant written by Lagrange's identity as `|u|²r² − |w×u|²`: for a ray parallel to a face at
/// exactly distance `r` both terms are the same product rounded once, so the graze is exactly
/// tangent (`disc = 0`), not a coin toss.
#[inline(always)]
fn first_root<const D: usize>(w: &[f64; D], u: &[f64; D], r: f64, skip: usize) -> Option<f64> {
    let (t, some) = first_root_sel(w, u, r, skip);
    if some {
        Some(t)
    } else {
        None
    }
}

/// [`first_root`] without a branch: `(t, true)` for `Some(t)`, `(_, false)` for `None` (the `t`
/// then meaningless: a NaN, an infinity or a negative number).
#[inline(always)]
fn first_root_sel<const D: usize>(w: &[f64; D], u: &[f64; D], r: f64, skip: usize) -> (f64, bool) {
    let (mut a, mut b, mut ww, mut cross2) = (0.0, 0.0, 0.0, 0.0);
    for i in 0..D {
        if i == skip {
            continue;
        }
        a += u[i] * u[i];
        b += w[i] * u[i];
        ww += w[i] * w[i];
        for j in i + 1..D {
            if j == skip {
                continue;
            }
            let x = w[i] * u[j] - w[j] * u[i];
            cross2 += x * x;
        }
    }
    let cc = ww - r * r;
    // Already within r (cc ≤ 0: t = 0; the caller has ruled this out, except on a cylinder). Else
    // not approaching (b ≥ 0, which includes u = 0 on these axes), or passing by at more than r
    // (disc < 0): no root. All as selects; the root is computed either way (a NaN or a division by
    // zero when there is none, discarded).
    let disc = a * r * r - cross2;
    let root = cc / (crate::math::sqrt(disc) - b);
    let within = cc <= 0.0;
    (if within { 0.0 } else { root }, within | ((b < 0.0) & (disc >= 0.0)))
}

/// Segment `c + t·v` against the sphere of radius `r` at `corner`.
#[inline(always)]
fn sphere<const D: usize, L: Log<D>>(
    c: &[f64; D],
    v: &[f64; D],
    r: f64,
    corner: &[f64; D],
    log: &mut L,
) -> Option<f64> {
    let mut w = [0.0; D];
    for i in 0..D {
        w[i] = c[i] - corner[i];
    }
    let t = first_root(&w, v, r, D);
    log.step(|| {
        let k = corner.map(|x| x as f32);
        let note = match t {
            Some(t) => format!("sphere at {}: first touch at t = {}", point_text(&k), num_text(t as f32)),
            None => format!("sphere at {}: missed (passes by at more than r, or moves away)", point_text(&k)),
        };
        (line::SPHERE, Focus::Point(k), note)
    });
    t
}

/// Segment `c + t·v` against the capsule of radius `r` around the box edge along `axis`, which
/// passes through `corner` (its other coordinates) and spans `[lo_k, hi_k]` on `axis`.
///
/// The capsule is the infinite cylinder cut at the edge's ends and capped by the ends' spheres; past
/// an end it is exactly that end's sphere. So: the entry into the infinite cylinder, if it lies
/// within the edge's span, is the answer; if it lies beyond an end, the answer is that end's sphere.
#[inline(always)]
fn capsule<const D: usize, L: Log<D>>(
    c: &[f64; D],
    v: &[f64; D],
    r: f64,
    axis: usize,
    corner: [f64; D],
    (lo_k, hi_k): (f64, f64),
    log: &mut L,
) -> Option<f64> {
    let mut w = [0.0; D];
    for i in 0..D {
        w[i] = c[i] - corner[i];
    }
    let Some(t) = first_root(&w, v, r, axis) else {
        log.step(|| {
            (line::CAPSULE, Focus::Axis(axis), format!("edge along {}: the cylinder is missed", axis_name(axis)))
        });
        return None;
    };
    let along = c[axis] + t * v[axis];
    let end = if along < lo_k {
        lo_k
    } else if along > hi_k {
        hi_k
    } else {
        log.step(|| {
            let note = format!(
                "edge along {}: enters the cylinder at t = {}, within the edge",
                axis_name(axis),
                num_text(t as f32)
            );
            (line::CAPSULE, Focus::Axis(axis), note)
        });
        return Some(t);
    };
    log.step(|| {
        let note = format!(
            "edge along {}: cylinder entry beyond the edge's end ({} = {}): that end's sphere",
            axis_name(axis),
            axis_name(axis),
            num_text(end as f32)
        );
        (line::CAPSULE, Focus::Axis(axis), note)
    });
    let mut tip = corner;
    tip[axis] = end;
    sphere(c, v, r, &tip, log)
}

/// The sweep in `f64`: centre `c`, radius `r`, displacement `v` (finite), box `[lo, hi]`.
#[inline(always)]
pub(crate) fn sweep_core<const D: usize, L: Log<D>>(
    c: [f64; D],
    r: f64,
    v: [f64; D],
    lo: [f64; D],
    hi: [f64; D],
    t_limit: f64,
    log: &mut L,
) -> Option<Hit64<D>> {
    #[allow(clippy::let_unit_value)]
    let () = Dim::<D>::SUPPORTED;

    // Step 1: already touching or overlapping at t = 0? (The same f64 test as `contact`.)
    let mut s = c;
    let mut d2 = 0.0;
    for i in 0..D {
        s[i] = clampf(c[i], lo[i], hi[i]);
        let e = c[i] - s[i];
        d2 += e * e;
    }
    if d2 <= r * r {
        let h = initial_hit(c, s, d2, r, &lo, &hi);
        log.step(|| {
            let note = format!(
                "|c − s|² = {} ≤ r² = {}: touching or overlapping at t = 0, n = {}",
                num_text(d2 as f32),
                num_text((r * r) as f32),
                point_text(&h.normal.map(|x| x as f32))
            );
            (line::INITIAL, Focus::Point(s.map(|x| x as f32)), note)
        });
        return Some(h);
    }
    log.step(|| {
        let note = format!("|c − s|² = {} > r² = {}: apart at t = 0", num_text(d2 as f32), num_text((r * r) as f32));
        (line::INITIAL, Focus::Point(s.map(|x| x as f32)), note)
    });

    // Step 2: the segment against E, the box grown by r (the rounded box's bounding box), slab by
    // slab. Distances to the planes are taken as exact differences first, then r is subtracted.
    log.step(|| (line::GROW, Focus::GrownBox(r as f32), format!("E = box grown by r = {}", num_text(r as f32))));
    // `t_limit` (1, or less when the caller already holds an earlier hit) only rejects early: a
    // segment entering E after it cannot hit before it.
    let (mut tmin, mut tmax) = (0.0f64, t_limit.min(1.0));
    // The axis through whose plane of E the segment enters (`D`: none, it starts inside every slab
    // of E that it crosses), and whether through the max side.
    let (mut enter, mut enter_upper) = (D, false);
    for i in 0..D {
        let below = lo[i] - c[i]; // > 0: centre below the slab
        let above = c[i] - hi[i]; // > 0: centre above the slab
        if v[i] == 0.0 {
            // Parallel to this slab: inside it for all t, or never. No division by zero.
            let inside = below <= r && above <= r;
            log.step(|| {
                let note = format!(
                    "{}: v = 0, c = {} {} E's slab",
                    axis_name(i),
                    num_text(c[i] as f32),
                    if inside { "inside" } else { "outside" }
                );
                (line::PARALLEL, Focus::Axis(i), note)
            });
            if !inside {
                return None;
            }
            continue;
        }
        // The times at E's lower and upper planes; entering is the earlier, leaving the later. For
        // v < 0 these are the v > 0 formulas with numerator and divisor negated: the same roundings.
        // Written as selects, not branches on the sign (random data: the branch would mispredict).
        let (t_lo, t_hi) = ((below - r) / v[i], (r - above) / v[i]);
        let upper = v[i] < 0.0;
        let (t_in, t_out) = if upper { (t_hi, t_lo) } else { (t_lo, t_hi) };
        let later = t_in > tmin;
        enter = if later { i } else { enter };
        enter_upper = if later { upper } else { enter_upper };
        tmin = if later { t_in } else { tmin };
        tmax = if t_out < tmax { t_out } else { tmax };
        log.step(|| {
            let note = format!(
                "{}: enters E's slab at t = {}, leaves at {}; [tmin, tmax] = [{}, {}]",
                axis_name(i),
                num_text(t_in as f32),
                num_text(t_out as f32),
                num_text(tmin as f32),
                num_text(tmax as f32)
            );
            (line::SLAB, Focus::Axis(i), note)
        });
        if L::ON && tmin > tmax {
            log.step(|| {
                (
                    line::MISS,
                    Focus::GrownBox(r as f32),
                    format!("tmin {} > tmax {}: misses E", num_text(tmin as f32), num_text(tmax as f32)),
                )
            });
            return None;
        }
    }
    if tmin > tmax {
        return None; // without a log, tested once: tmin only grows and tmax only shrinks
    }

    // Step 3: the entry point p into E, and which region of the box it lies in: the number m of
    // axes on which it is outside the original box. The entering coordinate is set exactly on E's
    // plane; the others are held inside E's slab (they are, but for rounding).
    let mut p = [0.0; D];
    let mut corner = [0.0; D];
    let mut m = 0;
    let mut free_axis = 0;
    for i in 0..D {
        // Selects rather than branches: which axis entered, and the region, are random on random data.
        let outside;
        (p[i], corner[i], outside) = entry_axis(c[i], v[i], r, lo[i], hi[i], tmin, enter == i, enter_upper);
        m += outside as usize;
        free_axis = if outside { free_axis } else { i };
    }
    log.step(|| {
        let note = format!(
            "entry point p = {} at t = {}: outside the box on m = {} axes",
            point_text(&p.map(|x| x as f32)),
            num_text(tmin as f32),
            m
        );
        (line::REGION, Focus::Point(p.map(|x| x as f32)), note)
    });

    // Step 4: the region decides the surface. A face region of E is the rounded box's flat face; in
    // an edge or corner region, past E's entry, the segment may still miss the rounded part.
    let face = m <= 1;
    if D == 2 {
        // 2D: the region, and whether the segment then misses the corner's circle or touches it
        // after t = 1, are random on random data. So the circle is solved whatever the region, the
        // time chosen by selects, and one comparison decides whether there is a hit (the caller
        // branches on that anyway). The same arithmetic as the branching form, so the same answers.
        // (The miss of E stays a branch before this: on sets with few hits most sweeps end there,
        // which is cheaper than the circle's square root and division on every one.)
        let mut w = [0.0; D];
        for i in 0..D {
            w[i] = c[i] - corner[i];
        }
        let (t_corner, some) = first_root_sel(&w, &v, r, D);
        if !face {
            log.step(|| {
                (
                    line::CORNER_2D,
                    Focus::Point(corner.map(|x| x as f32)),
                    String::from("corner region: the corner's circle"),
                )
            });
            log.step(|| {
                let k = corner.map(|x| x as f32);
                let note = if some {
                    format!("sphere at {}: first touch at t = {}", point_text(&k), num_text(t_corner as f32))
                } else {
                    format!("sphere at {}: missed (passes by at more than r, or moves away)", point_text(&k))
                };
                (line::SPHERE, Focus::Point(k), note)
            });
        }
        // The time: E's entry in a face region (≤ 1 once E is not missed), the circle's root in a
        // corner region (∞ when there is none). `select_unpredictable`: LLVM otherwise turns these
        // selects back into branches on `face`, and a test of several conditions into several
        // branches; so the whole verdict is one comparison (t is never NaN here).
        let t_corner = select_unpredictable(some, t_corner, f64::INFINITY);
        let t = select_unpredictable(face, tmin, t_corner);
        if t > 1.0 {
            log.step(|| (line::HIT, Focus::None, String::from("no touch within t ∈ [0, 1]")));
            return None;
        }
        if face & (enter == D) {
            // Started inside E in a face region: that is within r, which step 1 has ruled out; kept
            // total for safety.
            return Some(initial_hit(c, s, d2, r, &lo, &hi));
        }
        let mut at = [0.0; D];
        for i in 0..D {
            at[i] = select_unpredictable(face, p[i], c[i] + t * v[i]);
        }
        let h = hit_at(t, at, &lo, &hi, &v);
        if face {
            log.step(|| {
                (
                    line::FACE,
                    Focus::Point(h.point.map(|x| x as f32)),
                    format!("face region: hit at t = {}", num_text(t as f32)),
                )
            });
        }
        return finish(h, log);
    }
    if face {
        if enter == D {
            // Started inside E in a face region: within r, ruled out by step 1; kept total for safety.
            return Some(initial_hit(c, s, d2, r, &lo, &hi));
        }
        let h = hit_at(tmin, p, &lo, &hi, &v);
        log.step(|| {
            (
                line::FACE,
                Focus::Point(h.point.map(|x| x as f32)),
                format!("face region: hit at t = {}", num_text(tmin as f32)),
            )
        });
        return finish(h, log);
    }

    // 3D edge and corner regions: the rounded part. Past E's entry the segment may still miss it.
    let t = if m == 2 {
        log.step(|| {
            (
                line::EDGE,
                Focus::Axis(free_axis),
                format!("edge region: the capsule of the edge along {}", axis_name(free_axis)),
            )
        });
        capsule(&c, &v, r, free_axis, corner, (lo[free_axis], hi[free_axis]), log)
    } else {
        log.step(|| {
            (
                line::VERTEX,
                Focus::Point(corner.map(|x| x as f32)),
                String::from("vertex region: the three edges' capsules at this corner"),
            )
        });
        let mut best: Option<f64> = None;
        for k in 0..D {
            if let Some(t) = capsule(&c, &v, r, k, corner, (lo[k], hi[k]), log) {
                best = Some(best.map_or(t, |b: f64| b.min(t)));
            }
        }
        best
    };
    let Some(t) = t.filter(|&t| t <= 1.0) else {
        log.step(|| (line::HIT, Focus::None, String::from("no touch within t ∈ [0, 1]")));
        return None;
    };
    let mut at = [0.0; D];
    for i in 0..D {
        at[i] = c[i] + t * v[i];
    }
    finish(hit_at(t, at, &lo, &hi, &v), log)
}

#[inline(always)]
fn finish<const D: usize, L: Log<D>>(h: Hit64<D>, log: &mut L) -> Option<Hit64<D>> {
    log.step(|| {
        let note = format!(
            "hit at t = {}: centre {}, point {}, n = {} ({})",
            num_text(h.t as f32),
            point_text(&h.center.map(|x| x as f32)),
            point_text(&h.point.map(|x| x as f32)),
            point_text(&h.normal.map(|x| x as f32)),
            h.feature.as_str()
        );
        (line::HIT, Focus::Point(h.point.map(|x| x as f32)), note)
    });
    Some(h)
}

#[inline(always)]
fn widen<const D: usize>(x: [f32; D]) -> [f64; D] {
    x.map(|v| v as f64)
}

/// Where a ball moving by `velocity` first touches a box.
///
/// The centre moves along `c + t·velocity` for `t ∈ [0, 1]`; the answer is the smallest `t` at which
/// the distance from the centre to the box equals the radius (touching counts), with the centre
/// there, the point of the box it touches, the box's outward unit normal at that point and the
/// feature (face, edge, corner). `None` when the ball stays apart for the whole move, and when a
/// velocity component is NaN or infinite.
///
/// When the ball already touches or overlaps the box at `t = 0` the answer is a hit with `t = 0`
/// and `initial: true` **whatever the velocity** (moving away included: [`slide`](super::slide)
/// decides what a contact that does not oppose the motion means); its normal is the direction of
/// [`response`](crate::response())'s push (see [`Hit::normal`]).
///
/// Total: never panics, never returns NaN or an infinity on valid shapes and finite velocities,
/// never divides by a zero velocity component. See [`SWEEP`](super::SWEEP) for the method and the
/// edge cases.
///
/// # Example
/// ```
/// use ball_aabb::{sweep, Circle, Feature, Rect};
/// let wall = Rect::new([10.0, -5.0], [11.0, 5.0])?;
/// let ball = Circle::new([0.0, 0.0], 1.0)?;
/// let hit = sweep(&ball, [20.0, 0.0], &wall).expect("it reaches the wall");
/// assert_eq!(hit.t, 0.45); // the centre stops at x = 9, one radius before the face
/// assert_eq!((hit.center, hit.point, hit.normal), ([9.0, 0.0], [10.0, 0.0], [-1.0, 0.0]));
/// assert_eq!(hit.feature, Feature::Face);
/// assert!(sweep(&ball, [5.0, 0.0], &wall).is_none()); // stops short
/// # Ok::<(), ball_aabb::ShapeError>(())
/// ```
#[inline]
#[must_use]
pub fn sweep<const D: usize>(ball: &Ball<D>, velocity: [f32; D], aabb: &Aabb<D>) -> Option<Hit<D>> {
    sweep_before(ball, velocity, aabb, 1.0)
}

/// The time of impact alone of a 2D [`sweep`] (`f64`, `+∞` for no hit), as straight-line code:
/// every branch of `sweep_core` that decides `t` taken as a select, nothing returned early, so that
/// a loop over many balls vectorises (the batched sweep, [`crate::batch::sweep_one_box`]). The same
/// operations in the same order as `sweep_core`, so the same `t` bit for bit (the batch tests
/// compare them on every code path). Inputs valid as [`Ball`] and [`Aabb`] make them.
#[inline(always)]
pub(crate) fn toi_2d(c: [f64; 2], r: f64, v: [f64; 2], lo: [f64; 2], hi: [f64; 2]) -> f64 {
    const D: usize = 2;
    // Step 1: touching or overlapping at t = 0.
    let mut d2 = 0.0;
    for i in 0..D {
        let e = c[i] - clampf(c[i], lo[i], hi[i]);
        d2 += e * e;
    }
    let initial = d2 <= r * r;
    // Step 2: the slabs of E (a parallel axis outside its slab: no hit).
    let (mut tmin, mut tmax) = (0.0f64, 1.0f64);
    let (mut enter, mut enter_upper, mut parallel_miss) = (D, false, false);
    for i in 0..D {
        let below = lo[i] - c[i];
        let above = c[i] - hi[i];
        let parallel = v[i] == 0.0;
        parallel_miss |= parallel & !((below <= r) & (above <= r));
        let (t_lo, t_hi) = ((below - r) / v[i], (r - above) / v[i]);
        let upper = v[i] < 0.0;
        let (t_in, t_out) = if upper { (t_hi, t_lo) } else { (t_lo, t_hi) };
        let later = !parallel & (t_in > tmin);
        enter = if later { i } else { enter };
        enter_upper = if later { upper } else { enter_upper };
        tmin = if later { t_in } else { tmin };
        tmax = if !parallel & (t_out < tmax) { t_out } else { tmax };
    }
    // Step 3: the region of E's entry point.
    let mut corner = [0.0; D];
    let mut m = 0;
    for i in 0..D {
        let outside;
        (_, corner[i], outside) = entry_axis(c[i], v[i], r, lo[i], hi[i], tmin, enter == i, enter_upper);
        m += outside as usize;
    }
    // Step 4: a face region's entry, or the corner's circle.
    let face = m <= 1;
    let mut w = [0.0; D];
    for i in 0..D {
        w[i] = c[i] - corner[i];
    }
    let (t_corner, some) = first_root_sel(&w, &v, r, D);
    let t_corner = if some { t_corner } else { f64::INFINITY };
    let t = if face { tmin } else { t_corner };
    // The verdict, in `sweep_core`'s order: touching at 0; a miss of E; past the step; started
    // inside E in a face region (within r: a touch at 0, kept total as there).
    let miss = parallel_miss | (tmin > tmax) | (t > 1.0);
    let t = if face & (enter == D) { 0.0 } else { t };
    if initial {
        0.0
    } else if miss {
        f64::INFINITY
    } else {
        t
    }
}

/// [`sweep`] for a caller that already holds a hit at time `t_limit`: `None` as soon as the ball
/// surely cannot reach the box before then (it enters the box grown by `r` later; `t_limit` must
/// leave room for the rounding of a hit's `t`). Otherwise exactly [`sweep`]'s answer, which the
/// caller compares with its own.
#[inline]
pub(crate) fn sweep_before<const D: usize>(
    ball: &Ball<D>,
    velocity: [f32; D],
    aabb: &Aabb<D>,
    t_limit: f64,
) -> Option<Hit<D>> {
    if !velocity.iter().all(|x| x.is_finite()) {
        return None;
    }
    let (c, r) = (widen(ball.center()), ball.radius() as f64);
    sweep_core(c, r, widen(velocity), widen(aabb.min()), widen(aabb.max()), t_limit, &mut NoLog).map(|h| h.rounded())
}

/// [`sweep`], recording every step (for the demo's step-by-step view; never on a hot path). The
/// answer is the same as [`sweep`]'s on every input: both run the same body. Each
/// [`Step::line`](crate::algo::Step::line) indexes [`SWEEP`](super::SWEEP)`.pseudocode`, and the
/// trace's `verdict` is whether there is a hit.
///
/// ```
/// use ball_aabb::{sweep, sweep_trace, Circle, Rect, SWEEP};
/// let b = Rect::new([0.0, 0.0], [2.0, 2.0])?;
/// let ball = Circle::new([-3.0, 5.0], 1.0)?;
/// let (hit, trace) = sweep_trace(&ball, [6.0, -6.0], &b);
/// assert_eq!(hit, sweep(&ball, [6.0, -6.0], &b));
/// assert!(trace.verdict);
/// // It entered the grown box in the top-left corner region and solved for the corner's circle.
/// assert!(trace.lines_run().contains(&8));
/// assert!(SWEEP.pseudocode[8].contains("corner"));
/// # Ok::<(), ball_aabb::ShapeError>(())
/// ```
#[must_use]
pub fn sweep_trace<const D: usize>(ball: &Ball<D>, velocity: [f32; D], aabb: &Aabb<D>) -> (Option<Hit<D>>, Trace<D>) {
    let mut log = Tracer::new();
    if !velocity.iter().all(|x| x.is_finite()) {
        let t = log.finish(
            line::FINITE,
            false,
            format_args!("velocity {} is not finite: no answer", point_text(&velocity)),
        );
        return (None, t);
    }
    log.step(
        line::FINITE,
        Focus::None,
        format_args!(
            "c = {}, r = {}, v = {}",
            point_text(&ball.center()),
            num_text(ball.radius()),
            point_text(&velocity)
        ),
    );
    let (c, r) = (widen(ball.center()), ball.radius() as f64);
    let hit =
        sweep_core(c, r, widen(velocity), widen(aabb.min()), widen(aabb.max()), 1.0, &mut log).map(|h| h.rounded());
    let verdict = hit.is_some();
    let why = match &hit {
        Some(h) => format!("hit at t = {}{}", num_text(h.t), if h.initial { " (initial contact)" } else { "" }),
        None => String::from("no hit"),
    };
    (hit, log.finish(line::HIT, verdict, format_args!("{why}")))
}
