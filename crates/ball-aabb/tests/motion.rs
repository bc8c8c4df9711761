//! Motion: `sweep` against independent references written here (a convex-minimum + bisection search
//! on the exact `f64` distance, and brute-force sub-stepping), against parry's `cast_shapes`, on the
//! edge cases of `ball_aabb::motion` with hand-computed answers; `slide`/`bounce`/`move_ball` on
//! hand-computed scenes (flush tiles, a thin wall at speed, an inner corner, running out of
//! iterations) and on random scenes (never ends up inside a box it did not start in).

use crate::common::*;
use ball_aabb::{
    bounce,
    motion::{move_ball, sweep_trace, Feature, Reaction, MAX_ITERATIONS, SWEEP},
    response::response,
    slide, sweep, Aabb, Ball, Box3, Circle, Hit, Rect, Sphere,
};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// The independent reference.

/// Distance from `p` to the box, in `f64`, with its own clamp.
fn dist<const D: usize>(p: &[f64; D], lo: &[f64; D], hi: &[f64; D]) -> f64 {
    let mut s = 0.0;
    for i in 0..D {
        let e = if p[i] < lo[i] {
            lo[i] - p[i]
        } else if p[i] > hi[i] {
            p[i] - hi[i]
        } else {
            0.0
        };
        s += e * e;
    }
    s.sqrt()
}

/// A swept case in `f64` (the `f32` inputs widened).
#[derive(Clone, Copy, Debug)]
struct Case<const D: usize> {
    c: [f32; D],
    r: f32,
    v: [f32; D],
    lo: [f32; D],
    hi: [f32; D],
}

impl<const D: usize> Case<D> {
    fn at(&self, t: f64) -> [f64; D] {
        core::array::from_fn(|i| self.c[i] as f64 + t * self.v[i] as f64)
    }
    fn f(&self, t: f64) -> f64 {
        dist(&self.at(t), &self.lo.map(|x| x as f64), &self.hi.map(|x| x as f64))
    }
    fn ball(&self) -> Ball<D> {
        Ball::new(self.c, self.r).unwrap()
    }
    fn aabb(&self) -> Aabb<D> {
        Aabb::new(self.lo, self.hi).unwrap()
    }
    fn scale(&self) -> f64 {
        let mut m = self.r as f64;
        for i in 0..D {
            m = m.max((self.c[i] as f64).abs()).max((self.v[i] as f64).abs());
            m = m.max((self.lo[i] as f64).abs()).max((self.hi[i] as f64).abs());
        }
        m.max(f64::MIN_POSITIVE)
    }
    fn sweep(&self) -> Option<Hit<D>> {
        sweep(&self.ball(), self.v, &self.aabb())
    }
}

/// The reference answer: `f(t) = dist(c + t·v, box)` is convex in `t` (the distance to a convex set
/// along a line), so its minimum on `[0, 1]` is found by ternary search, and the first `t` with
/// `f(t) ≤ r` lies in `[0, t_min]`, where `f` decreases: bisection. Returns `(t_first, f_min)`.
fn reference<const D: usize>(case: &Case<D>) -> (Option<f64>, f64) {
    let r = case.r as f64;
    if case.f(0.0) <= r {
        return (Some(0.0), case.f(0.0));
    }
    let (mut a, mut b) = (0.0f64, 1.0f64);
    for _ in 0..200 {
        let m1 = a + (b - a) / 3.0;
        let m2 = b - (b - a) / 3.0;
        if case.f(m1) <= case.f(m2) {
            b = m2;
        } else {
            a = m1;
        }
    }
    let tm = 0.5 * (a + b);
    let fmin = case.f(tm).min(case.f(0.0)).min(case.f(1.0));
    let tm = if case.f(1.0) <= case.f(tm) { 1.0 } else { tm };
    if fmin > r {
        return (None, fmin);
    }
    let (mut lo, mut hi) = (0.0f64, tm); // f(lo) > r ≥ f(hi)
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if case.f(mid) <= r {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    (Some(hi), fmin)
}

/// Tallies of what a sweep comparison saw.
#[derive(Default, Debug)]
struct Tally {
    cases: usize,
    hits: usize,
    initial: usize,
    ambiguous: usize,
    ill_conditioned: usize,
    max_t_err: f64,
}

/// Checks one case against the reference: hit/no-hit, `t`, centre, point, normal, feature, and
/// finiteness. Returns an error message on a disagreement.
fn check_case<const D: usize>(case: &Case<D>, tally: &mut Tally) -> Result<(), String> {
    let got = case.sweep();
    let (want, fmin) = reference(case);
    let r = case.r as f64;
    let s = case.scale();
    tally.cases += 1;
    if let Some(h) = &got {
        let all = h.center.iter().chain(&h.point).chain(&h.normal).chain([&h.t]);
        if !all.into_iter().all(|x| x.is_finite()) {
            return Err(format!("non-finite hit {h:?} on {case:?}"));
        }
        let len = h.normal.iter().map(|&x| (x as f64).powi(2)).sum::<f64>().sqrt();
        if (len - 1.0).abs() > 1e-6 {
            return Err(format!("normal not unit ({len}) {h:?} on {case:?}"));
        }
        if !(0.0..=1.0).contains(&h.t) {
            return Err(format!("t out of range {h:?} on {case:?}"));
        }
    }
    // Within a hair of tangency the verdict is a matter of rounding: only the surface check below.
    let ambiguous = (fmin - r).abs() <= 1e-9 * s;
    if ambiguous {
        tally.ambiguous += 1;
    }
    match (&got, want) {
        (None, None) => return Ok(()),
        (Some(h), None) if !ambiguous => {
            return Err(format!("sweep hit {h:?}, reference: none (min dist {fmin}) on {case:?}"))
        }
        (None, Some(t)) if !ambiguous => {
            return Err(format!("sweep: none, reference: hit at {t} (min dist {fmin}) on {case:?}"))
        }
        (None, Some(_)) | (Some(_), None) => return Ok(()),
        (Some(h), Some(t_ref)) => {
            tally.hits += 1;
            // The centre is c + t·v, rounded to f32.
            let at = case.at(h.t as f64);
            for i in 0..D {
                // (t is rounded to f32 in the answer: allow |v|·2⁻²³ for that, and a few ulps of the centre.)
                if (h.center[i] as f64 - at[i]).abs()
                    > 4.0 * ulp(h.center[i]) + (case.v[i] as f64).abs() * 2f64.powi(-23)
                {
                    return Err(format!("centre {:?} is not c + t·v = {at:?}: {h:?} on {case:?}", h.center));
                }
            }
            // The point is the closest point of the box to the centre.
            let want_point: [f32; D] = core::array::from_fn(|i| h.center[i].clamp(case.lo[i], case.hi[i]));
            if h.point != want_point {
                return Err(format!(
                    "point {:?}, closest point of the box to the centre {want_point:?}: {h:?} on {case:?}",
                    h.point
                ));
            }
            if t_ref == 0.0 {
                tally.initial += 1;
                if !h.initial || h.t != 0.0 || h.center != case.c {
                    return Err(format!("initial contact not reported as such: {h:?} on {case:?}"));
                }
                // The normal is the direction of the response's push, when there is one.
                let push = response(&case.ball(), &case.aabb()).push;
                let plen = push.iter().map(|&x| (x as f64).powi(2)).sum::<f64>().sqrt();
                if plen > 1e-3 * s {
                    // The push is rounded outward by up to three ulps per axis (the push-out
                    // contract), which turns a short push by up to that much over its length.
                    let m = case.c.iter().chain(&case.lo).chain(&case.hi).fold(case.r, |m, &x| m.max(x.abs()));
                    let tol = 1e-5 + 4.0 * ulp(m) / plen;
                    for i in 0..D {
                        if (h.normal[i] as f64 - push[i] as f64 / plen).abs() > tol {
                            return Err(format!("initial normal {:?} vs push {push:?}: on {case:?}", h.normal));
                        }
                    }
                }
                return Ok(());
            }
            if h.initial {
                return Err(format!("initial flag on a hit at t_ref = {t_ref}: {h:?} on {case:?}"));
            }
            // On the surface: the distance at the reported t is r (f32 rounding of t allowed for).
            let speed = case.v.iter().map(|&x| (x as f64).powi(2)).sum::<f64>().sqrt();
            let surf_tol = 1e-6 * s + speed * (h.t as f64) * 2.0f64.powi(-23);
            let d_at = case.f(h.t as f64);
            if (d_at - r).abs() > surf_tol {
                return Err(format!(
                    "distance at the sweep's t is {d_at}, not r = {r}: {h:?} (t_ref {t_ref}) on {case:?}"
                ));
            }
            // t itself: well conditioned unless the path is close to tangent (then f'(t) ≈ 0 and t
            // is sensitive to the last bit; the surface check above still holds).
            let t_err = (h.t as f64 - t_ref).abs();
            let slope = (case.f(t_ref) - case.f((t_ref - 1e-6).max(0.0))).abs() / 1e-6;
            if slope < 1e-3 * speed || ambiguous {
                tally.ill_conditioned += 1;
            } else {
                tally.max_t_err = tally.max_t_err.max(t_err);
                if t_err > 2e-4 {
                    return Err(format!("t = {} vs reference {t_ref}: {h:?} on {case:?}", h.t));
                }
                // The normal is the outward normal of the rounded box at the reference point.
                if r > 1e-3 * s {
                    let p = case.at(t_ref);
                    let q: [f64; D] = core::array::from_fn(|i| p[i].clamp(case.lo[i] as f64, case.hi[i] as f64));
                    let off: [f64; D] = core::array::from_fn(|i| p[i] - q[i]);
                    let olen = off.iter().map(|x| x * x).sum::<f64>().sqrt();
                    for i in 0..D {
                        if (h.normal[i] as f64 - off[i] / olen).abs() > 1e-3 {
                            return Err(format!(
                                "normal {:?} vs reference {off:?}/{olen}: {h:?} on {case:?}",
                                h.normal
                            ));
                        }
                    }
                    // The feature: how many axes the centre is outside on, when that is clear-cut: on
                    // every axis the centre is outside the slab by more than 1e-4·r, or inside it by
                    // more than that (a centre on the slab's edge is both a face's end and a corner;
                    // e.g. c (-28, 44), r 10, v (116, -58) against (-15, 16)..(2, 19) reaches x = 2
                    // exactly, where the sweep's own rounding may go either way).
                    let excess: Vec<f64> = off.iter().map(|x| x.abs()).collect();
                    let margin = |i: usize| (p[i] - case.lo[i] as f64).min(case.hi[i] as f64 - p[i]);
                    if (0..D).all(|i| excess[i] > 1e-4 * r || (excess[i] == 0.0 && margin(i) > 1e-4 * r)) {
                        let k = excess.iter().filter(|&&e| e > 0.0).count();
                        let want = match k {
                            0 | 1 => Feature::Face,
                            k if k == D => Feature::Corner,
                            _ => Feature::Edge,
                        };
                        if h.feature != want {
                            return Err(format!("feature {:?}, expected {want:?}: {h:?} on {case:?}", h.feature));
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// No contact missed: wherever a sub-step of the move is strictly within r of the box, the sweep
/// reports a hit at or before it.
fn check_substeps<const D: usize>(case: &Case<D>, steps: usize) -> Result<(), String> {
    let got = case.sweep();
    let r = case.r as f64;
    let s = case.scale();
    for k in 0..=steps {
        let t = k as f64 / steps as f64;
        if case.f(t) < r - 1e-9 * s {
            return match got {
                Some(h) if (h.t as f64) <= t + 1e-9 => Ok(()),
                _ => Err(format!("sub-step t = {t} is within r (dist {}), sweep says {got:?} on {case:?}", case.f(t))),
            };
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Generators.

/// A random integer swept case, scaled by `unit` (a power of two: the inputs stay exact).
/// Velocities are aimed near the box half the time, and have a zero component a quarter of the time
/// per axis (parallel slabs).
fn random_case<const D: usize>(rng: &mut Seeded, unit: f32) -> Case<D> {
    let (lo, hi) = random_box::<D>(rng, COORD / 2);
    let c: [i64; D] = core::array::from_fn(|_| rng.int(-COORD, COORD));
    let r = match rng.int(0, 7) {
        0 => 0,
        1 => rng.int(1, 4),
        _ => rng.int(0, RADIUS / 4),
    };
    let aim = rng.coin();
    let v: [i64; D] = core::array::from_fn(|i| {
        if rng.int(0, 3) == 0 {
            0
        } else if aim {
            let target = rng.int(lo[i] - r - 20, hi[i] + r + 20);
            (target - c[i]) * rng.int(1, 3)
        } else {
            rng.int(-2 * COORD, 2 * COORD)
        }
    });
    let f = |x: i64| x as f32 * unit;
    Case { c: c.map(f), r: f(r), v: v.map(f), lo: lo.map(f), hi: hi.map(f) }
}

/// A case whose path passes at exactly distance r from a face, edge or corner of the box (a graze),
/// on integers: the centre at a tangent configuration (`tangent_int_case_in`), moved back along a
/// velocity perpendicular to the offset.
fn graze_case<const D: usize>(rng: &mut Seeded) -> Case<D> {
    let case = tangent_int_case::<D>(rng, 0);
    // Offset from the closest point, and a velocity perpendicular to it (integer).
    let s: [i64; D] = core::array::from_fn(|i| case.c[i].clamp(case.lo[i], case.hi[i]));
    let off: [i64; D] = core::array::from_fn(|i| case.c[i] - s[i]);
    let mut v = [0i64; D];
    // Pick two axes, rotate the offset by 90° in their plane (or move along an axis with no offset).
    let (a, b) = (rng.int(0, D as i64 - 1) as usize, rng.int(0, D as i64 - 1) as usize);
    if a != b && (off[a] != 0 || off[b] != 0) {
        v[a] = -off[b];
        v[b] = off[a];
    } else if let Some(i) = (0..D).find(|&i| off[i] == 0) {
        v[i] = if rng.coin() { 1 } else { -1 };
    } else {
        v[a] = -off[(a + 1) % D];
        v[(a + 1) % D] = off[a];
    }
    let k = rng.int(1, 5);
    let back = rng.int(1, 4);
    let c: [i64; D] = core::array::from_fn(|i| case.c[i] - back * k * v[i]);
    let f = |x: i64| x as f32;
    let reach = k * (back + rng.int(0, 3)); // the move reaches the tangent point, or goes past it
    Case { c: c.map(f), r: f(case.r), v: v.map(|x| f(x * reach)), lo: case.lo.map(f), hi: case.hi.map(f) }
}

fn run_random<const D: usize>(n: usize, seed: u64, unit: f32) -> Tally {
    let mut rng = Seeded::new(seed);
    let mut tally = Tally::default();
    for _ in 0..n {
        let case = random_case::<D>(&mut rng, unit);
        if let Err(e) = check_case(&case, &mut tally) {
            panic!("{D}D: {e}");
        }
    }
    tally
}

#[test]
fn sweep_agrees_with_the_reference_2d() {
    let t = run_random::<2>(6000, 101, 1.0);
    let u = run_random::<2>(3000, 102, 0.125);
    eprintln!("2D: {t:?}\n2D dyadic: {u:?}");
    assert!(t.hits > 800 && t.initial > 100 && t.hits - t.initial > 600, "{t:?}");
    assert!(t.max_t_err < 1e-6, "{t:?}");
}

#[test]
fn sweep_agrees_with_the_reference_3d() {
    let t = run_random::<3>(6000, 103, 1.0);
    let u = run_random::<3>(3000, 104, 0.25);
    eprintln!("3D: {t:?}\n3D dyadic: {u:?}");
    assert!(t.hits > 800 && t.initial > 100 && t.hits - t.initial > 600, "{t:?}");
    assert!(t.max_t_err < 1e-6, "{t:?}");
}

#[test]
fn grazes_touch_exactly() {
    // Paths at exactly r from a face, an edge or a corner, on integers: the reference's minimum
    // distance is exactly r, so every one of them must be a hit.
    fn run<const D: usize>(seed: u64) {
        let mut rng = Seeded::new(seed);
        let mut tally = Tally::default();
        for _ in 0..3000 {
            let case = graze_case::<D>(&mut rng);
            let (want, fmin) = reference(&case);
            assert!((fmin - case.r as f64).abs() <= 1e-9 * case.scale(), "test bug: not a graze {case:?} {fmin}");
            let got = case.sweep();
            // (The reference's own minimum is only within rounding of r; the construction is exact.)
            assert!(got.is_some(), "{D}D graze missed: {got:?} (reference {want:?}) on {case:?}");
            check_case(&case, &mut tally).unwrap_or_else(|e| panic!("{D}D: {e}"));
        }
    }
    run::<2>(7);
    run::<3>(8);
}

/// Fixed point for [`exact_face_grazes_touch_at_every_scale`]: every value there is a multiple of
/// 2⁻³⁰ below 2¹⁵ in size, so as an `i128` count of 2⁻³⁰ it is exact and products of two fit.
const FIX: f64 = (1u64 << 30) as f64;

fn fix(x: f32) -> i128 {
    let y = x as f64 * FIX;
    assert!(y.fract() == 0.0 && y.abs() < 2f64.powi(45), "test bug: {x} is off the 2⁻³⁰ grid");
    y as i128
}

/// `x` rounded to the 2⁻³⁰ grid and then to `f32`: still on the grid (an `f32` of at least 2⁻⁷
/// has an ulp of at least 2⁻³⁰; a smaller one holds the grid value exactly).
fn on_grid(x: f64) -> f32 {
    ((x * FIX).round() / FIX) as f32
}

/// `a/b < c/d` for positive `b`, `d`.
fn less(a: (i128, i128), c: (i128, i128)) -> bool {
    a.0 * c.1 < c.0 * a.1
}

/// Exact face-parallel grazes: the centre exactly `r` from a face of the box (dyadic values, so
/// that `face ± r` is exact in `f32`), moving along the face with any `f32` velocity, at scales 1 to
/// 10⁴ in 2D and 3D. Touching counts, so each must be a hit, at the time the centre's shadow on
/// the face plane first enters the face — decided here exactly, in integers.
///
/// Before the fix a sweep that first met the face at its edge or corner (the region of the rounded
/// box where the corner's circle or the edge's capsule is solved) missed 2,717 of these 40,000 2D
/// grazes (3–9 % at each scale, fewer at 10⁴ where `r` has fewer bits): the
/// discriminant `|u|²r² − |w×u|²` was formed as `((u·u)·r)·r` against `(r·u)²`, rounded three
/// times against once, and came out a hair negative: a miss. Velocities with many significant bits
/// (the differences of coordinates in the hundreds to thousands) hit it; small dyadic ones did not.
#[test]
fn exact_face_grazes_touch_at_every_scale() {
    fn run<const D: usize>(seed: u64, n: usize) {
        const SCALES: [f64; 5] = [1.0, 10.0, 100.0, 1000.0, 10_000.0];
        let mut rng = Seeded::new(seed);
        let mut cases = [0usize; 5];
        let mut misses = [0usize; 5];
        let mut first: Option<String> = None;
        for _ in 0..n {
            let k = rng.below(5) as usize;
            let scale = SCALES[k];
            // The box on a 2⁻⁶ grid, sizes from a point to 64.
            let grid =
                |rng: &mut Seeded, lo: f64, hi: f64| rng.int((lo * 64.0) as i64, (hi * 64.0) as i64) as f64 / 64.0;
            let lo: [f64; D] = core::array::from_fn(|_| grid(&mut rng, -scale, scale));
            let hi: [f64; D] = core::array::from_fn(|i| {
                let size = *rng.pick(&[0.0, 1.0, 3.0, 64.0]);
                lo[i] + grid(&mut rng, 0.0, size)
            });
            // The radius with as many fractional bits as keep `face ± r` exact in f32.
            let bits = 23 - (scale + 66.0).log2().ceil() as i32;
            let q = 2f64.powi(bits);
            let r = (rng.range(1.0 / 64.0, 2.0) as f64 * q).round().max(1.0) / q;
            let (a, up) = (rng.below(D as u64) as usize, rng.coin());
            // A point of the face (on its edges and corners a third of the time on each axis), a
            // velocity along the face, and a start up to one velocity before the point.
            let mut c = [0.0f32; D];
            let mut v = [0.0f32; D];
            c[a] = (if up { hi[a] + r } else { lo[a] - r }) as f32;
            for i in (0..D).filter(|&i| i != a) {
                let target = match rng.below(3) {
                    0 => lo[i],
                    1 => hi[i],
                    _ => lo[i] + (hi[i] - lo[i]) * rng.unit(),
                };
                let speed = *rng.pick(&[1.0f32, 8.0, 100.0, 2.0 * scale as f32]);
                v[i] = if D == 3 && rng.below(5) == 0 { 0.0 } else { on_grid(rng.range(-speed, speed) as f64) };
                c[i] = on_grid(target - rng.unit() * v[i] as f64);
            }
            if v.iter().all(|&x| x == 0.0) {
                continue;
            }
            let (lo32, hi32) = (lo.map(|x| x as f32), hi.map(|x| x as f32));
            assert_eq!(c[a] as f64 - if up { hi[a] } else { lo[a] }, if up { r } else { -r }, "test bug: not exact");
            // Exactly: the times at which the shadow is in the face, [t0, t1] within [0, 1].
            let (mut t0, mut t1) = ((0i128, 1i128), (1i128, 1i128));
            let mut touches = true;
            for i in (0..D).filter(|&i| i != a) {
                let (cl, ch, cc, vv) = (fix(lo32[i]), fix(hi32[i]), fix(c[i]), fix(v[i]));
                if vv == 0 {
                    touches &= cl <= cc && cc <= ch;
                    continue;
                }
                let (enter, leave) =
                    if vv > 0 { ((cl - cc, vv), (ch - cc, vv)) } else { ((cc - ch, -vv), (cc - cl, -vv)) };
                if less(t0, enter) {
                    t0 = enter;
                }
                if less(leave, t1) {
                    t1 = leave;
                }
            }
            if !touches || less(t1, t0) {
                continue; // the path passes the face by: not a graze
            }
            cases[k] += 1;
            let want = t0.0 as f64 / t0.1 as f64;
            let (ball, aabb) = (Ball::<D>::new(c, r as f32).unwrap(), Aabb::<D>::new(lo32, hi32).unwrap());
            let got = sweep(&ball, v, &aabb);
            let ok = got.is_some_and(|h| {
                (h.t as f64 - want).abs() <= 1e-6 && h.center[a] == c[a] && h.normal[a].abs() >= 1.0 - 1e-6
            });
            if !ok {
                misses[k] += 1;
                first.get_or_insert_with(|| {
                    format!("c {c:?} r {r} v {v:?} box {lo32:?}–{hi32:?}: {got:?}, want t = {want}")
                });
            }
        }
        eprintln!("{D}D exact grazes at scales {SCALES:?}: {cases:?} cases, {misses:?} missed or off");
        assert!(cases.iter().all(|&k| k > n / 20), "{D}D: too few grazes {cases:?}");
        assert_eq!(misses, [0; 5], "{D}D: first {}", first.unwrap_or_default());
    }
    run::<2>(35, 40_000);
    run::<3>(36, 40_000);
}

#[test]
fn no_contact_is_missed_by_substepping() {
    fn run<const D: usize>(seed: u64) {
        let mut rng = Seeded::new(seed);
        for _ in 0..3000 {
            let case = random_case::<D>(&mut rng, 1.0);
            check_substeps(&case, 256).unwrap_or_else(|e| panic!("{D}D: {e}"));
        }
    }
    run::<2>(201);
    run::<3>(202);
}

#[test]
fn large_scales_keep_t_and_the_normal() {
    // Boxes and moves of size 10^4..10^6 (integers, exact in f32 up to 2^24), at offsets up to 10^6.
    fn run<const D: usize>(seed: u64) {
        let mut rng = Seeded::new(seed);
        let mut tally = Tally::default();
        for _ in 0..3000 {
            let size = [10_000i64, 100_000, 1_000_000][rng.int(0, 2) as usize];
            let off = rng.int(-1_000_000, 1_000_000);
            let lo: [i64; D] = core::array::from_fn(|_| off + rng.int(-size, size));
            let hi: [i64; D] = core::array::from_fn(|i| lo[i] + rng.int(0, size));
            let c: [i64; D] = core::array::from_fn(|i| lo[i] + rng.int(-2 * size, 2 * size));
            let r = rng.int(0, size / 10);
            let v: [i64; D] = core::array::from_fn(|i| {
                let target = rng.int(lo[i], hi[i]);
                if rng.int(0, 4) == 0 {
                    0
                } else {
                    target - c[i]
                }
            });
            let f = |x: i64| x as f32;
            let case = Case { c: c.map(f), r: f(r), v: v.map(f), lo: lo.map(f), hi: hi.map(f) };
            check_case(&case, &mut tally).unwrap_or_else(|e| panic!("{D}D large: {e}"));
            check_substeps(&case, 64).unwrap_or_else(|e| panic!("{D}D large: {e}"));
        }
        assert!(tally.hits > 1000, "{tally:?}");
        assert!(tally.max_t_err < 1e-6, "{tally:?}");
    }
    run::<2>(301);
    run::<3>(302);
    // A hand-computed one: a 10^6 box, a ball 3·10^5 away moving at it.
    let wall = Rect::new([1.0e6, -1.0e6], [2.0e6, 1.0e6]).unwrap();
    let ball = Circle::new([0.0, 0.0], 2.0e5).unwrap();
    let h = sweep(&ball, [1.6e6, 0.0], &wall).unwrap();
    assert_eq!((h.t, h.center, h.normal), (0.5, [8.0e5, 0.0], [-1.0, 0.0]));
}

#[test]
fn trace_gives_the_same_answer_20k_per_dimension() {
    fn run<const D: usize>(seed: u64) {
        let mut rng = Seeded::new(seed);
        let mut lines = std::collections::BTreeSet::new();
        for k in 0..20_000 {
            let case = if k % 4 == 0 { graze_case::<D>(&mut rng) } else { random_case::<D>(&mut rng, 1.0) };
            let (ball, aabb) = (case.ball(), case.aabb());
            let plain = sweep(&ball, case.v, &aabb);
            let (traced, trace) = sweep_trace(&ball, case.v, &aabb);
            assert_eq!(plain, traced, "{D}D on {case:?}");
            assert_eq!(trace.verdict, plain.is_some());
            assert!(trace.steps.iter().all(|s| s.line < SWEEP.pseudocode.len()));
            lines.extend(trace.lines_run());
        }
        // Every line is reached (0 records the inputs); 2D never uses the 3D lines and vice versa.
        let want: Vec<usize> = if D == 2 {
            vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13]
        } else {
            vec![0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13]
        };
        assert_eq!(lines.into_iter().collect::<Vec<_>>(), want, "{D}D lines reached");
    }
    run::<2>(401);
    run::<3>(402);
}

// ---------------------------------------------------------------------------------------------
// parry's cast_shapes on the same cases.

fn parry_2d(case: &Case<2>) -> Option<f32> {
    use parry2d::math::{Pose, Vector};
    use parry2d::query::{cast_shapes, ShapeCastOptions};
    use parry2d::shape::{Ball as PBall, Cuboid};
    let half = Vector::new(0.5 * (case.hi[0] - case.lo[0]), 0.5 * (case.hi[1] - case.lo[1]));
    let centre = Vector::new(0.5 * (case.lo[0] + case.hi[0]), 0.5 * (case.lo[1] + case.hi[1]));
    let opts = ShapeCastOptions { max_time_of_impact: 1.0, ..Default::default() };
    cast_shapes(
        &Pose::translation(case.c[0], case.c[1]),
        Vector::new(case.v[0], case.v[1]),
        &PBall::new(case.r),
        &Pose::translation(centre.x, centre.y),
        Vector::ZERO,
        &Cuboid::new(half),
        opts,
    )
    .expect("supported")
    .map(|h| h.time_of_impact)
}

fn parry_3d(case: &Case<3>) -> Option<f32> {
    use parry3d::math::{Pose, Vector};
    use parry3d::query::{cast_shapes, ShapeCastOptions};
    use parry3d::shape::{Ball as PBall, Cuboid};
    let h = |i: usize| 0.5 * (case.hi[i] - case.lo[i]);
    let m = |i: usize| 0.5 * (case.lo[i] + case.hi[i]);
    let opts = ShapeCastOptions { max_time_of_impact: 1.0, ..Default::default() };
    cast_shapes(
        &Pose::translation(case.c[0], case.c[1], case.c[2]),
        Vector::new(case.v[0], case.v[1], case.v[2]),
        &PBall::new(case.r),
        &Pose::translation(m(0), m(1), m(2)),
        Vector::ZERO,
        &Cuboid::new(Vector::new(h(0), h(1), h(2))),
        opts,
    )
    .expect("supported")
    .map(|h| h.time_of_impact)
}

/// Where parry and the sweep disagree, the reference decides, and the sweep must be the one that
/// is right. Returns (cases compared, parry's misses, parry's false hits, parry's t off by more than
/// 2e-4) with a few examples.
fn compare_with_parry<const D: usize>(
    n: usize,
    seed: u64,
    gen: impl Fn(&mut Seeded) -> Case<D>,
    parry: impl Fn(&Case<D>) -> Option<f32>,
) -> (usize, usize, usize, usize, Vec<String>) {
    let mut rng = Seeded::new(seed);
    let (mut compared, mut missed, mut false_hits, mut t_off) = (0, 0, 0, 0);
    let mut examples = Vec::new();
    let mut kinds = std::collections::BTreeMap::new();
    for _ in 0..n {
        let case = gen(&mut rng);
        if case.r == 0.0 {
            continue; // parry's ball of radius 0 is a point: fine, but not what is compared here
        }
        let mine = case.sweep().map(|h| h.t as f64);
        let theirs = parry(&case).map(|t| t as f64);
        let (want, fmin) = reference(&case);
        let ambiguous = (fmin - case.r as f64).abs() <= 1e-9 * case.scale();
        compared += 1;
        if !ambiguous {
            assert_eq!(mine.is_some(), want.is_some(), "{D}D sweep vs reference on {case:?}: {mine:?} {want:?}");
        }
        match (mine, theirs) {
            (Some(a), Some(b)) if (a - b).abs() > 2e-4 => {
                let w = want.unwrap_or(f64::NAN);
                assert!((a - w).abs() <= 2e-4 || ambiguous, "{D}D: sweep t {a}, parry {b}, reference {w} on {case:?}");
                t_off += 1;
                if examples.len() < 4 {
                    examples.push(format!("t: parry {b}, sweep {a}, exact {w} on {case:?}"));
                }
            }
            (Some(a), None) if !ambiguous => {
                missed += 1;
                let degenerate = (0..D).any(|i| case.lo[i] == case.hi[i]);
                let still = case.v.iter().all(|&x| x == 0.0);
                let kind = match (a == 0.0, still, degenerate) {
                    (true, true, _) => "initial overlap, zero velocity",
                    (true, false, true) => "initial overlap, degenerate box",
                    (true, false, false) => "initial overlap",
                    (false, _, true) => "moving, degenerate box",
                    (false, _, false) => "moving, solid box",
                };
                *kinds.entry(kind).or_insert(0usize) += 1;
                if examples.len() < 4 {
                    examples.push(format!(
                        "parry: no hit; sweep {a}, exact {want:?} (min dist {fmin}, r {}) on {case:?}",
                        case.r
                    ));
                }
            }
            (None, Some(b)) if !ambiguous => {
                false_hits += 1;
                if examples.len() < 4 {
                    examples.push(format!(
                        "parry: hit at {b}; sweep none, exact none (min dist {fmin}, r {}) on {case:?}",
                        case.r
                    ));
                }
            }
            _ => {}
        }
    }
    examples.push(format!("parry's misses by kind: {kinds:?}"));
    (compared, missed, false_hits, t_off, examples)
}

#[test]
fn parry_cast_shapes_agrees_or_is_wrong() {
    // Findings with these seeds (printed with --nocapture), each settled by the exact reference in
    // the sweep's favour (the asserts inside `compare_with_parry`); parry 0.17.6, f32:
    // - parry misses real hits: 2D 58 of 3490 cases, 3D 6 of 3507. By kind (2D / 3D): an initial
    //   overlap with zero velocity (27 / 3: cast_shapes returns None for a ball already overlapping
    //   the box when nothing moves), a degenerate box (segment or flat plate: 13 / 3), and 18 in 2D of
    //   a moving ball passing through a solid box's corner region, e.g. c = (232, 694), r = 89,
    //   v = (−456, −1520) against [−349, −18]×[84, 102]: the centre passes 64.17 from the corner
    //   (−18, 102) (< r = 89); exact first touch at t = 0.36743 (the centre at (64.45, 135.51), 89
    //   from the corner); parry says no hit even with an unbounded time of impact.
    // - parry never reports a hit that is not there (0 false hits).
    // - parry's t comes back short: on paths that graze at exactly r, 78 of 1000 (2D) and 311 of
    //   1000 (3D) are off by more than 2e-4, always early (e.g. 0.59953 for an exact 0.6), and for a
    //   ball exactly touching at t = 0 it reports small positive times (0.00088, 0.0015) instead of
    //   0. On the random cases 1 (2D) and 2 (3D) are short by more than 2e-4 (0.11814 for an exact
    //   0.11842; 0.88074 for an exact 0.88235).
    let r2 = compare_with_parry::<2>(4000, 501, |g| random_case(g, 1.0), parry_2d);
    let r3 = compare_with_parry::<3>(4000, 502, |g| random_case(g, 1.0), parry_3d);
    let g2 = compare_with_parry::<2>(1000, 503, graze_case, parry_2d);
    let g3 = compare_with_parry::<3>(1000, 504, graze_case, parry_3d);
    for (name, r) in [("2D random", &r2), ("3D random", &r3), ("2D grazes", &g2), ("3D grazes", &g3)] {
        eprintln!(
            "{name}: compared {}, parry missed {}, parry false hits {}, parry t off > 2e-4: {}",
            r.0, r.1, r.2, r.3
        );
        for e in &r.4 {
            eprintln!("  {e}");
        }
    }
    assert!(r2.0 > 3000 && r3.0 > 3000);
}

// ---------------------------------------------------------------------------------------------
// The edge cases, by hand.

fn unit_len<const D: usize>(n: [f32; D]) -> f64 {
    n.iter().map(|&x| (x as f64).powi(2)).sum::<f64>().sqrt()
}

#[test]
fn initial_contact_is_t0_whatever_the_velocity() {
    let b = Rect::new([0.0, 0.0], [4.0, 2.0]).unwrap();
    // Touching the right face, moving away: still an initial hit (slide decides what it means).
    let ball = Circle::new([5.0, 1.0], 1.0).unwrap();
    for v in [[10.0, 0.0], [-10.0, 0.0], [0.0, 3.0], [0.0, 0.0]] {
        let h = sweep(&ball, v, &b).unwrap();
        assert_eq!(
            (h.t, h.initial, h.center, h.point, h.normal, h.feature),
            (0.0, true, [5.0, 1.0], [4.0, 1.0], [1.0, 0.0], Feature::Face)
        );
    }
    // Overlapping a corner: along c − s (a 3-4-5 triangle from the corner (4, 2)).
    let h = sweep(&Circle::new([7.0, 6.0], 6.0).unwrap(), [1.0, 1.0], &b).unwrap();
    assert_eq!((h.normal, h.feature, h.point), ([0.6, 0.8], Feature::Corner, [4.0, 2.0]));
    // Inside: the nearest face (the top, 0.5 away).
    let h = sweep(&Circle::new([1.0, 1.5], 0.25).unwrap(), [3.0, 0.0], &b).unwrap();
    assert_eq!((h.normal, h.feature, h.initial), ([0.0, 1.0], Feature::Face, true));
    // Inside the centre of a square: ties go to x-min, as in `response`.
    let sq = Rect::new([0.0, 0.0], [2.0, 2.0]).unwrap();
    assert_eq!(sweep(&Circle::new([1.0, 1.0], 0.5).unwrap(), [0.0, 0.0], &sq).unwrap().normal, [-1.0, 0.0]);
    // Radius 0 on the boundary: the face's normal; at a corner the corner's diagonal.
    let h = sweep(&Circle::new([4.0, 1.0], 0.0).unwrap(), [1.0, 0.0], &b).unwrap();
    assert_eq!((h.normal, h.feature), ([1.0, 0.0], Feature::Face));
    let h = sweep(&Circle::new([4.0, 2.0], 0.0).unwrap(), [1.0, 0.0], &b).unwrap();
    let d = std::f32::consts::FRAC_1_SQRT_2;
    assert_eq!((h.normal, h.feature), ([d, d], Feature::Corner));
    // 3D: an edge, and the cube corner.
    let cube = Box3::new([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]).unwrap();
    let h = sweep(&Sphere::new([1.0, 1.0, 0.5], 0.0).unwrap(), [0.0, 0.0, 1.0], &cube).unwrap();
    assert_eq!((h.normal, h.feature), ([d, d, 0.0], Feature::Edge));
    let h = sweep(&Sphere::new([4.0, 5.0, 13.0], 13.0).unwrap(), [1.0, 1.0, 1.0], &cube).unwrap(); // 3-4-12-13
    assert_eq!((h.feature, h.point), (Feature::Corner, [1.0, 1.0, 1.0]));
    assert!((unit_len(h.normal) - 1.0).abs() < 1e-6);
}

#[test]
fn zero_velocity_gives_only_initial_hits() {
    let b = Rect::new([0.0, 0.0], [4.0, 2.0]).unwrap();
    assert!(sweep(&Circle::new([6.0, 1.0], 1.0).unwrap(), [0.0, 0.0], &b).is_none());
    assert!(sweep(&Circle::new([6.0, 1.0], 1.0).unwrap(), [-0.0, 0.0], &b).is_none());
    assert!(sweep(&Circle::new([5.0, 1.0], 1.0).unwrap(), [0.0, 0.0], &b).unwrap().initial);
    let cube = Box3::new([0.0; 3], [1.0; 3]).unwrap();
    assert!(sweep(&Sphere::new([3.0, 3.0, 3.0], 1.0).unwrap(), [0.0; 3], &cube).is_none());
}

#[test]
fn a_hit_at_the_end_of_the_f32_range_saturates_instead_of_overflowing() {
    // Found by `never_nan_or_infinite_3d`: the centre at impact, c + t·v, lies just beyond f32::MAX
    // on x (MAX + 1.5e31, past half an ulp of MAX), which a plain cast rounds to infinity.
    let m = f32::MAX;
    let ball = Ball::new([m, -1e35, -m], m).unwrap();
    let aabb = Aabb::new([0.0, 0.0, f32::MIN_POSITIVE], [m, 0.0, f32::MIN_POSITIVE]).unwrap();
    let h = sweep(&ball, [m, 0.0, m], &aabb).expect("the ball reaches the box");
    assert!(h.center.iter().chain(&h.point).all(|x| x.is_finite()), "{h:?}");
    assert_eq!(h.center[0], m, "saturated at f32::MAX: {h:?}");
}

#[test]
fn velocity_parallel_to_a_face_never_makes_nan() {
    let floor = Rect::new([0.0, -1.0], [10.0, 0.0]).unwrap();
    // Resting on the floor, rolling along it: touching at t = 0 (noonat/intersect's 0·∞ case).
    let h = sweep(&Circle::new([5.0, 1.0], 1.0).unwrap(), [3.0, 0.0], &floor).unwrap();
    assert_eq!((h.t, h.initial, h.normal, h.point), (0.0, true, [0.0, 1.0], [5.0, 0.0]));
    // At exactly r above the face plane, coming from the left: touches where the face begins.
    let h = sweep(&Circle::new([-5.0, 1.0], 1.0).unwrap(), [10.0, 0.0], &floor).unwrap();
    assert_eq!(
        (h.t, h.initial, h.center, h.point, h.normal, h.feature),
        (0.5, false, [0.0, 1.0], [0.0, 0.0], [0.0, 1.0], Feature::Face)
    );
    // The same from the right, and with radius 0 along the face plane itself.
    let h = sweep(&Circle::new([14.0, 1.0], 1.0).unwrap(), [-8.0, 0.0], &floor).unwrap();
    assert_eq!((h.t, h.center, h.normal), (0.5, [10.0, 1.0], [0.0, 1.0]));
    let h = sweep(&Circle::new([-4.0, 0.0], 0.0).unwrap(), [8.0, 0.0], &floor).unwrap();
    assert_eq!((h.t, h.point), (0.5, [0.0, 0.0]));
    assert!((unit_len(h.normal) - 1.0).abs() < 1e-6);
    // Just above r: never touches. Exactly parallel outside the slab: none, no division.
    assert!(sweep(&Circle::new([-5.0, 1.0], 0.999).unwrap(), [20.0, 0.0], &floor).is_none());
    assert!(sweep(&Circle::new([-5.0, 3.0], 1.0).unwrap(), [20.0, 0.0], &floor).is_none());
    // 3D: sliding along the top of a box at exactly r, parallel on two axes.
    let b = Box3::new([0.0, 0.0, 0.0], [4.0, 1.0, 4.0]).unwrap();
    let h = sweep(&Sphere::new([-3.0, 2.0, 2.0], 1.0).unwrap(), [6.0, 0.0, 0.0], &b).unwrap();
    assert_eq!(
        (h.t, h.center, h.point, h.normal, h.feature),
        (0.5, [0.0, 2.0, 2.0], [0.0, 1.0, 2.0], [0.0, 1.0, 0.0], Feature::Face)
    );
    // Along an edge at exactly r from both faces' planes: an edge contact at the edge's end... the
    // edge along x at (y, z) = (1, 4) is at distance √2 from (y, z) = (2, 5); at (2, 4) it is 1.
    let h = sweep(&Sphere::new([-3.0, 1.0, 5.0], 1.0).unwrap(), [6.0, 0.0, 0.0], &b).unwrap();
    assert_eq!((h.t, h.center, h.point, h.normal), (0.5, [0.0, 1.0, 5.0], [0.0, 1.0, 4.0], [0.0, 0.0, 1.0]));
    // Tiny and huge speeds along a face.
    for s in [1e-30f32, 1e-40, 1e30, f32::MAX] {
        let h = sweep(&Circle::new([5.0, 1.0], 1.0).unwrap(), [s, 0.0], &floor).unwrap();
        assert_eq!((h.t, h.normal), (0.0, [0.0, 1.0]));
        assert!(sweep(&Circle::new([5.0, 1.5], 0.25).unwrap(), [s, 0.0], &floor).is_none());
    }
}

#[test]
fn degenerate_boxes() {
    // A point at the origin: its rounded box is a circle. 3-4-5: the centre stops at (−4, 3).
    let point = Rect::new([0.0, 0.0], [0.0, 0.0]).unwrap();
    let h = sweep(&Circle::new([-10.0, 3.0], 5.0).unwrap(), [12.0, 0.0], &point).unwrap();
    assert_eq!(
        (h.t, h.center, h.point, h.normal, h.feature),
        (0.5, [-4.0, 3.0], [0.0, 0.0], [-0.8, 0.6], Feature::Corner)
    );
    // A horizontal segment, hit from above and from the side.
    let seg = Rect::new([0.0, 0.0], [4.0, 0.0]).unwrap();
    let h = sweep(&Circle::new([2.0, 5.0], 1.0).unwrap(), [0.0, -8.0], &seg).unwrap();
    assert_eq!((h.t, h.center, h.point, h.normal, h.feature), (0.5, [2.0, 1.0], [2.0, 0.0], [0.0, 1.0], Feature::Face));
    let h = sweep(&Circle::new([-3.0, 0.0], 1.0).unwrap(), [4.0, 0.0], &seg).unwrap();
    assert_eq!((h.t, h.center, h.normal), (0.5, [-1.0, 0.0], [-1.0, 0.0]));
    // Radius 0 through the segment from below: the side facing the motion.
    let h = sweep(&Circle::new([1.0, -2.0], 0.0).unwrap(), [0.0, 4.0], &seg).unwrap();
    assert_eq!((h.t, h.point, h.normal, h.feature), (0.5, [1.0, 0.0], [0.0, -1.0], Face));
    // 3D: a point (3-4-12-13 quadruple... 1-2-2-3), a segment along z, a flat plate.
    let p3 = Box3::new([1.0, 1.0, 1.0], [1.0, 1.0, 1.0]).unwrap();
    let h = sweep(&Sphere::new([-9.0, 3.0, 3.0], 3.0).unwrap(), [20.0, 0.0, 0.0], &p3).unwrap();
    assert_eq!(
        (h.t, h.center, h.normal, h.feature),
        (0.45, [0.0, 3.0, 3.0], [-1.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0], Feature::Corner)
    );
    let s3 = Box3::new([0.0, 0.0, -5.0], [0.0, 0.0, 5.0]).unwrap();
    let h = sweep(&Sphere::new([-9.0, 4.0, 1.0], 5.0).unwrap(), [12.0, 0.0, 0.0], &s3).unwrap();
    assert_eq!(
        (h.t, h.center, h.point, h.normal, h.feature),
        (0.5, [-3.0, 4.0, 1.0], [0.0, 0.0, 1.0], [-0.6, 0.8, 0.0], Feature::Edge)
    );
    let plate = Box3::new([0.0, 0.0, 0.0], [2.0, 2.0, 0.0]).unwrap();
    let h = sweep(&Sphere::new([1.0, 1.0, -4.0], 1.0).unwrap(), [0.0, 0.0, 6.0], &plate).unwrap();
    assert_eq!((h.t, h.center, h.normal), (0.5, [1.0, 1.0, -1.0], [0.0, 0.0, -1.0]));
    use Feature::Face;
}

#[test]
fn radius_zero_is_a_ray() {
    let b = Rect::new([0.0, 0.0], [1.0, 1.0]).unwrap();
    let h = sweep(&Circle::new([-1.0, 0.5], 0.0).unwrap(), [2.0, 0.0], &b).unwrap();
    assert_eq!(
        (h.t, h.center, h.point, h.normal, h.feature),
        (0.5, [0.0, 0.5], [0.0, 0.5], [-1.0, 0.0], Feature::Face)
    );
    // Exactly through the corner: the corner's diagonal.
    let h = sweep(&Circle::new([-1.0, -1.0], 0.0).unwrap(), [2.0, 2.0], &b).unwrap();
    let d = std::f32::consts::FRAC_1_SQRT_2;
    assert_eq!((h.t, h.point, h.normal, h.feature), (0.5, [0.0, 0.0], [-d, -d], Feature::Corner));
    // Grazing the corner and leaving: still a touch.
    let h = sweep(&Circle::new([-1.0, 1.0], 0.0).unwrap(), [2.0, -2.0], &b).unwrap();
    assert_eq!((h.t, h.point), (0.5, [0.0, 0.0]));
    assert!(sweep(&Circle::new([-1.0, 0.999], 0.0).unwrap(), [2.0, -2.0], &b).is_none());
    // 3D: into a cube's face, and short of it.
    let cube = Box3::new([0.0; 3], [1.0; 3]).unwrap();
    let h = sweep(&Sphere::new([0.5, 0.5, 3.0], 0.0).unwrap(), [0.0, 0.0, -4.0], &cube).unwrap();
    assert_eq!((h.t, h.normal), (0.5, [0.0, 0.0, 1.0]));
    assert!(sweep(&Sphere::new([0.5, 0.5, 3.0], 0.0).unwrap(), [0.0, 0.0, -1.5], &cube).is_none());
}

#[test]
fn a_graze_exactly_touching_a_corner_is_a_hit_at_the_exact_t() {
    // The path passes at exactly 5 from the corner (0, 0), at (−3, 4) relative to it, at t = 0.5.
    let b = Rect::new([0.0, -10.0], [10.0, 0.0]).unwrap();
    let h = sweep(&Circle::new([-11.0, -2.0], 5.0).unwrap(), [16.0, 12.0], &b).unwrap();
    assert_eq!(
        (h.t, h.center, h.point, h.normal, h.feature),
        (0.5, [-3.0, 4.0], [0.0, 0.0], [-0.6, 0.8], Feature::Corner)
    );
    // A hair more radius-side away: a miss.
    assert!(sweep(&Circle::new([-11.0, -2.0], 4.999).unwrap(), [16.0, 12.0], &b).is_none());
    // 3D: the corner (0, 0, 0) of a box below it; the path passes it at (−2, −1, 2)... 1-2-2-3:
    // offset (2, 1, 2)·k from the corner outside on all axes, direction perpendicular (1, 0, −1).
    let b3 = Box3::new([-10.0, -10.0, -10.0], [0.0, 0.0, 0.0]).unwrap();
    let h = sweep(&Sphere::new([2.0 - 4.0, 1.0, 2.0 + 4.0], 3.0).unwrap(), [8.0, 0.0, -8.0], &b3).unwrap();
    assert_eq!((h.t, h.center, h.point, h.feature), (0.5, [2.0, 1.0, 2.0], [0.0, 0.0, 0.0], Feature::Corner));
    assert_eq!(h.normal.map(|x| (x * 3.0).round()), [2.0, 1.0, 2.0]);
    assert!((unit_len(h.normal) - 1.0).abs() < 1e-6);
}

#[test]
fn non_finite_velocity_is_none() {
    let b = Rect::new([0.0, 0.0], [1.0, 1.0]).unwrap();
    let ball = Circle::new([0.5, 0.5], 1.0).unwrap(); // overlapping, even
    for v in [[f32::NAN, 0.0], [f32::INFINITY, 0.0], [0.0, f32::NEG_INFINITY]] {
        assert!(sweep(&ball, v, &b).is_none());
        let (h, t) = sweep_trace(&ball, v, &b);
        assert!(h.is_none() && !t.verdict && t.lines_run() == vec![0]);
        let m = slide(&ball, v, &[b]);
        assert_eq!((m.end, m.velocity, m.hits().len()), ([0.5, 0.5], [0.0, 0.0], 0));
    }
}

fn finite_strategy() -> impl Strategy<Value = f32> {
    prop_oneof![
        -1e3f32..1e3,
        (-6i32..7).prop_map(|e| 10f32.powi(e)),
        (any::<bool>(), -38i32..38, 1.0f32..10.0).prop_map(|(s, e, m)| if s {
            m * 10f32.powi(e)
        } else {
            -m * 10f32.powi(e)
        }),
        Just(0.0f32),
        Just(f32::MAX),
        Just(-f32::MAX),
        Just(f32::MIN_POSITIVE),
        Just(1e-45f32),
    ]
    .prop_filter("finite", |x| x.is_finite())
}

fn check_total<const D: usize>(c: [f32; D], r: f32, v: [f32; D], a: [f32; D], b: [f32; D]) {
    let lo: [f32; D] = core::array::from_fn(|i| a[i].min(b[i]));
    let hi: [f32; D] = core::array::from_fn(|i| a[i].max(b[i]));
    let (ball, aabb) = (Ball::new(c, r.abs()).unwrap(), Aabb::new(lo, hi).unwrap());
    if let Some(h) = sweep(&ball, v, &aabb) {
        assert!((0.0..=1.0).contains(&h.t), "{h:?}");
        assert!(h.center.iter().chain(&h.point).chain(&h.normal).all(|x| x.is_finite()), "{h:?}");
        assert!((unit_len(h.normal) - 1.0).abs() < 1e-6, "{h:?}");
    }
    let m = bounce(&ball, v, &[aabb], 1.0);
    assert!(m.end.iter().chain(&m.velocity).all(|x| x.is_finite()), "{m:?}");
    assert!(m.hits().iter().all(|h| h.t.is_finite() && (unit_len(h.normal) - 1.0).abs() < 1e-6), "{m:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn never_nan_or_infinite_2d(c in [finite_strategy(), finite_strategy()], r in finite_strategy(), v in [finite_strategy(), finite_strategy()],
                                a in [finite_strategy(), finite_strategy()], b in [finite_strategy(), finite_strategy()]) {
        check_total(c, r, v, a, b);
    }

    #[test]
    fn never_nan_or_infinite_3d(c in [finite_strategy(), finite_strategy(), finite_strategy()], r in finite_strategy(),
                                v in [finite_strategy(), finite_strategy(), finite_strategy()],
                                a in [finite_strategy(), finite_strategy(), finite_strategy()],
                                b in [finite_strategy(), finite_strategy(), finite_strategy()]) {
        check_total(c, r, v, a, b);
    }

    #[test]
    fn sweep_matches_the_reference_on_shrinkable_cases(c in [-60i32..60, -60..60], r in 0i32..30, v in [-120i32..120, -120..120],
                                                       lo in [-30i32..30, -30..30], w in [0i32..30, 0..30]) {
        let f = |x: i32| x as f32;
        let case = Case::<2> { c: c.map(f), r: f(r), v: v.map(f), lo: lo.map(f), hi: [f(lo[0] + w[0]), f(lo[1] + w[1])] };
        check_case(&case, &mut Tally::default()).map_err(TestCaseError::fail)?;
    }
}

// ---------------------------------------------------------------------------------------------
// slide, bounce, move_ball.

fn tiles_2d(n: i32) -> Vec<Rect> {
    (0..n).map(|i| Rect::new([i as f32, -1.0], [i as f32 + 1.0, 0.0]).unwrap()).collect()
}

#[test]
fn rolling_along_flush_tiles_ends_where_one_long_box_would() {
    let tiles = tiles_2d(20);
    let long = [Rect::new([0.0, -1.0], [20.0, 0.0]).unwrap()];
    for (x, r) in [(0.5f32, 0.5f32), (1.0, 0.5), (0.25, 0.75), (3.0, 2.0), (0.5, 0.0)] {
        let ball = Circle::new([x, r], r).unwrap();
        for v in [[7.25f32, 0.0], [12.5, -1.0], [7.0, -3.0]] {
            let a = slide(&ball, v, &tiles);
            let b = slide(&ball, v, &long);
            // By hand: resting at height r, the downward part is removed at t = 0, x advances by vx.
            assert_eq!(a.end, [x + v[0], r], "tiles, r = {r}, v = {v:?}: {a:?}");
            assert_eq!((a.end, a.velocity), (b.end, b.velocity));
            assert_eq!(a.velocity, [v[0], 0.0]);
            assert!(a.completed());
            // Only the downward push counts as a hit (at t = 0); the seams are not hits.
            assert_eq!(a.hits().len(), (v[1] < 0.0) as usize, "{a:?}");
            if let Some(h) = a.hits().first() {
                assert_eq!((h.t, h.normal), (0.0, [0.0, 1.0]));
            }
        }
        // Rolling left, too.
        let m = slide(&Circle::new([19.5, r], r).unwrap(), [-18.0, 0.0], &tiles);
        assert_eq!((m.end, m.hits().len()), ([1.5, r], 0));
    }
    // 3D: a 6×6 floor of unit tiles, rolling diagonally across edges and corners of tiles.
    let mut floor = Vec::new();
    for i in 0..6 {
        for k in 0..6 {
            floor.push(Box3::new([i as f32, -1.0, k as f32], [i as f32 + 1.0, 0.0, k as f32 + 1.0]).unwrap());
        }
    }
    let ball = Sphere::new([0.5, 0.5, 0.5], 0.5).unwrap();
    let m = slide(&ball, [4.0, -2.0, 3.0], &floor);
    assert_eq!((m.end, m.velocity, m.hits().len()), ([4.5, 0.5, 3.5], [4.0, 0.0, 3.0], 1));
    let m = slide(&Sphere::new([1.0, 0.5, 1.0], 0.5).unwrap(), [4.0, 0.0, 4.0], &floor); // along seams
    assert_eq!((m.end, m.hits().len()), ([5.0, 0.5, 5.0], 0));
}

#[test]
fn a_thin_wall_at_high_speed_stops_the_ball() {
    let wall = Rect::new([10.0, -5.0], [10.125, 5.0]).unwrap();
    let ball = Circle::new([0.0, 0.0], 0.5).unwrap();
    // A discrete test at the end would see nothing: the ball jumps from x = 0 to x = 100.
    let after = ball.translated([100.0, 0.0]).unwrap();
    assert!(!after.overlaps(&wall));
    let m = slide(&ball, [100.0, 0.0], &[wall]);
    assert_eq!((m.end, m.velocity), ([9.5, 0.0], [0.0, 0.0]));
    let h = m.hits()[0];
    assert_eq!(
        (h.index, h.t, h.center, h.point, h.normal, h.feature),
        (0, 0.095, [9.5, 0.0], [10.0, 0.0], [-1.0, 0.0], Feature::Face)
    );
    // At an angle it slides along the wall: stops at x = 9.5, keeps its vertical motion.
    let m = slide(&ball, [100.0, 2.0], &[wall]);
    assert_eq!((m.end, m.velocity), ([9.5, 2.0], [0.0, 2.0]));
    // Faster still, and a 3D wall of no thickness.
    let m = slide(&ball, [1.0e7, 0.0], &[wall]);
    assert_eq!(m.end, [9.5, 0.0]);
    let sheet = Box3::new([10.0, -5.0, -5.0], [10.0, 5.0, 5.0]).unwrap();
    let m = slide(&Sphere::new([0.0, 0.0, 0.0], 0.5).unwrap(), [1.0e6, 0.0, 0.0], &[sheet]);
    assert_eq!((m.end, m.velocity), ([9.5, 0.0, 0.0], [0.0, 0.0, 0.0]));
    // A radius-0 ball against a wall of no thickness stops on it.
    let m = slide(&Sphere::new([0.0, 0.0, 0.0], 0.0).unwrap(), [1.0e6, 1.0, 0.0], &[sheet]);
    assert_eq!((m.end[0], m.velocity), (10.0, [0.0, 1.0, 0.0]));
}

#[test]
fn an_inner_corner_catches_the_ball() {
    let floor = Rect::new([-10.0, -1.0], [10.0, 0.0]).unwrap();
    let wall = Rect::new([2.0, 0.0], [3.0, 10.0]).unwrap();
    let boxes = [floor, wall];
    // Rolling along the floor into the wall: stops at x = 1.5 after 0.3 of the move.
    let ball = Circle::new([0.0, 0.5], 0.5).unwrap();
    let m = slide(&ball, [5.0, -1.0], &boxes);
    assert_eq!((m.end, m.velocity), ([1.5, 0.5], [0.0, 0.0]));
    assert_eq!(m.hits().iter().map(|h| (h.index, h.t)).collect::<Vec<_>>(), vec![(0, 0.0), (1, 0.3)]);
    // From the air, diagonally: the wall at t = 0.375 (x = 1.5, y = 1.5), then down it to the floor.
    let m = slide(&Circle::new([0.0, 3.0], 0.5).unwrap(), [4.0, -4.0], &boxes);
    assert_eq!((m.end, m.velocity), ([1.5, 0.5], [0.0, 0.0]));
    // Sitting in the corner and pushing into it: no motion, both contacts at t = 0.
    let m = slide(&Circle::new([1.5, 0.5], 0.5).unwrap(), [3.0, -3.0], &boxes);
    assert_eq!((m.end, m.velocity), ([1.5, 0.5], [0.0, 0.0]));
    assert_eq!(m.hits().iter().map(|h| (h.index, h.t)).collect::<Vec<_>>(), vec![(0, 0.0), (1, 0.0)]);
    // ... and leaving it upwards: nothing blocks.
    let m = slide(&Circle::new([1.5, 0.5], 0.5).unwrap(), [-1.0, 2.0], &boxes);
    assert_eq!((m.end, m.hits().len()), ([0.5, 2.5], 0));
    // 3D: a floor and two walls meeting in a corner.
    let boxes3 = [
        Box3::new([-10.0, -1.0, -10.0], [10.0, 0.0, 10.0]).unwrap(),
        Box3::new([2.0, 0.0, -10.0], [3.0, 10.0, 10.0]).unwrap(),
        Box3::new([-10.0, 0.0, 2.0], [10.0, 10.0, 3.0]).unwrap(),
    ];
    let m = slide(&Sphere::new([0.0, 3.0, 0.0], 0.5).unwrap(), [4.0, -4.0, 6.0], &boxes3);
    assert_eq!((m.end, m.velocity), ([1.5, 0.5, 1.5], [0.0, 0.0, 0.0]));
}

#[test]
fn bounce_reflects_with_restitution() {
    let wall = Rect::new([10.0, -5.0], [11.0, 5.0]).unwrap();
    let ball = Circle::new([0.0, 0.0], 1.0).unwrap();
    let m = bounce(&ball, [20.0, 10.0], &[wall], 1.0);
    // Hits at t = 0.45 at (9, 4.5); the rest, 0.55 of the move, at (−20, 10).
    assert_eq!((m.end, m.velocity), ([-2.0, 10.0], [-20.0, 10.0]));
    let m = bounce(&ball, [20.0, 0.0], &[wall], 0.0);
    assert_eq!(m, slide(&ball, [20.0, 0.0], &[wall]));
    // Restitution is clamped to [0, 1]; NaN counts as 0.
    assert_eq!(bounce(&ball, [20.0, 0.0], &[wall], 7.0), bounce(&ball, [20.0, 0.0], &[wall], 1.0));
    assert_eq!(bounce(&ball, [20.0, 0.0], &[wall], f32::NAN), slide(&ball, [20.0, 0.0], &[wall]));
    assert_eq!(bounce(&ball, [20.0, 0.0], &[wall], -1.0), slide(&ball, [20.0, 0.0], &[wall]));
    assert_eq!(
        move_ball(&ball, [20.0, 0.0], &[wall], Reaction::Bounce { restitution: 0.5 }),
        bounce(&ball, [20.0, 0.0], &[wall], 0.5)
    );
}

#[test]
fn running_out_of_iterations_stops_where_it_is_and_keeps_the_velocity() {
    // Between two walls 2 apart (centre free in [−1, 1]), a perfect bounce at speed 100 would hit
    // 50 times. It stops after MAX_ITERATIONS hits: 1 + 7·2 = 15 of the 100 units, at x = −1
    // (hits alternate x = 1, −1, ...), with the velocity after an even number of reflections.
    assert_eq!(MAX_ITERATIONS, 8);
    let walls = [Rect::new([2.0, -5.0], [3.0, 5.0]).unwrap(), Rect::new([-3.0, -5.0], [-2.0, 5.0]).unwrap()];
    let m = bounce(&Circle::new([0.0, 0.0], 1.0).unwrap(), [100.0, 0.0], &walls, 1.0);
    assert_eq!(m.hits().len(), MAX_ITERATIONS);
    assert_eq!(m.hits().iter().map(|h| h.index).collect::<Vec<_>>(), vec![0, 1, 0, 1, 0, 1, 0, 1]);
    assert_eq!((m.end, m.velocity), ([-1.0, 0.0], [100.0, 0.0]));
    assert!(!m.completed());
    assert!((m.unused() - 0.85).abs() < 1e-6, "{}", m.unused());
    assert!((m.hits()[7].t - 0.15).abs() < 1e-6);
    // With room to finish, it completes.
    let m = bounce(&Circle::new([0.0, 0.0], 1.0).unwrap(), [10.0, 0.0], &walls, 1.0);
    assert!(m.completed() && m.unused() == 0.0);
    // 1 + 2·4 + 1 = 10: hits at 1, −1, 1, −1, 1, then back to 0 (the hit times 0.1, 0.3, ... are
    // not dyadic: the end is 0 within rounding).
    assert_eq!(m.hits().len(), 5);
    assert!(m.end[0].abs() < 1e-6 && m.end[1] == 0.0, "{m:?}");
}

#[test]
fn ties_go_to_the_lowest_index_and_empty_scenes_move_freely() {
    let a = Rect::new([5.0, -1.0], [6.0, 0.0]).unwrap();
    let b = Rect::new([5.0, 0.0], [6.0, 1.0]).unwrap(); // same face plane, touched at the same t
    let ball = Circle::new([0.0, 0.0], 1.0).unwrap();
    let m = slide(&ball, [10.0, 0.0], &[a, b]);
    assert_eq!((m.hits()[0].index, m.end), (0, [4.0, 0.0]));
    let m = slide(&ball, [10.0, 0.0], &[b, a]);
    assert_eq!(m.hits()[0].index, 0);
    let m = slide(&ball, [3.0, 4.0], &[]);
    assert_eq!((m.start, m.end, m.velocity, m.hits().len()), ([0.0, 0.0], [3.0, 4.0], [3.0, 4.0], 0));
}

#[test]
fn random_scenes_never_end_inside_a_box_they_did_not_start_in() {
    // Random boxes and moves: along the path (start → each hit's centre → end) the ball never sinks
    // into a box it started apart from by more than rounding, hit times increase, normals are unit.
    fn run<const D: usize>(seed: u64) {
        let mut rng = Seeded::new(seed);
        let mut total_hits = 0;
        for _ in 0..1500 {
            let boxes: Vec<Aabb<D>> = (0..rng.int(1, 6))
                .map(|_| {
                    let (lo, hi) = random_box::<D>(&mut rng, 40);
                    Aabb::new(lo.map(|x| x as f32), hi.map(|x| x as f32)).unwrap()
                })
                .collect();
            let c: [f32; D] = core::array::from_fn(|_| rng.int(-60, 60) as f32);
            let r = rng.int(0, 8) as f32;
            let v: [f32; D] = core::array::from_fn(|_| rng.int(-150, 150) as f32);
            let ball = Ball::new(c, r).unwrap();
            let e = [0.0, 0.5, 1.0][rng.int(0, 2) as usize];
            let m = bounce(&ball, v, &boxes, e);
            total_hits += m.hits().len();
            let mut path = vec![c];
            path.extend(m.hits().iter().map(|h| h.center));
            path.push(m.end);
            let mut last_t = 0.0;
            for h in m.hits() {
                assert!(h.t >= last_t && h.t <= 1.0 && (unit_len(h.normal) - 1.0).abs() < 1e-6, "{m:?}");
                last_t = h.t;
            }
            for b in &boxes {
                let (lo, hi) = (b.min().map(|x| x as f64), b.max().map(|x| x as f64));
                if dist(&c.map(|x| x as f64), &lo, &hi) <= r as f64 {
                    continue; // started touching or inside: the slide does not push out
                }
                for w in path.windows(2) {
                    for k in 0..=64 {
                        let s = k as f64 / 64.0;
                        let p: [f64; D] =
                            core::array::from_fn(|i| w[0][i] as f64 + s * (w[1][i] as f64 - w[0][i] as f64));
                        let d = dist(&p, &lo, &hi);
                        assert!(
                            d >= r as f64 - 1e-3,
                            "{D}D: sank to {d} < r = {r} into {b:?}: {m:?} (boxes {boxes:?}, v {v:?})"
                        );
                    }
                }
            }
        }
        assert!(total_hits > 200, "{total_hits}");
    }
    run::<2>(601);
    run::<3>(602);
}

#[test]
fn a_radius_zero_ball_rolls_across_seams_but_stops_at_walls() {
    // On the boundary, r = 0: the cone rule. Flush tiles do not stop it; a wall does.
    let tiles = tiles_2d(5);
    let m = slide(&Circle::new([0.5, 0.0], 0.0).unwrap(), [3.0, -1.0], &tiles);
    assert_eq!((m.end, m.velocity), ([3.5, 0.0], [3.0, 0.0]));
    assert_eq!(m.hits().len(), 1);
    let mut boxes = tiles.clone();
    boxes.push(Rect::new([4.0, -1.0], [4.0, 2.0]).unwrap()); // a wall of no thickness at the seam 3/4
                                                             // (A wall from y = 0 up would only be touched at its end, not crossed: the rule lets the point
                                                             // slide past an end it meets exactly, as a ball of radius r > 0 slides past a corner it grazes.)
    let m = slide(&Circle::new([0.5, 0.0], 0.0).unwrap(), [6.0, 0.0], &boxes);
    assert_eq!((m.end, m.velocity), ([4.0, 0.0], [0.0, 0.0]));
    assert_eq!(m.hits().last().map(|h| h.index), Some(5));
}
