//! `geom::sweep` against parry's `cast_shapes` (ball vs cuboid, `max_time_of_impact = 1`,
//! `stop_at_penetration = true`) on the benchmark's own sweep sets (`bench::generate_sweeps`, every
//! set of the full matrix, 2D and 3D): hit or not, and the time of impact. Every disagreement is
//! listed (run with `--nocapture`) and settled by a reference written here:
//! - hit or not: **exact**, in integers. Every input is a multiple of 1/16, so ×16 makes them
//!   integers; the squared distance from the path to the box is a convex piecewise quadratic in `t`
//!   whose minimum over `[0, 1]` lies at `t = 0`, `t = 1`, a time the centre crosses a box plane, or
//!   the vertex of one of the 3^D quadratics (each axis below, inside or above the box). All are
//!   rationals `p/q`; the distance there is compared with `r` exactly in `i128`.
//! - the time: the first `t` at which the `f64` distance reaches `r`, by bisection before the
//!   minimum (the distance is convex in `t`, so it only decreases until then).
//!
//! The sweep must be right in every disagreement; parry's errors are counted by kind.
//!
//! What runs by default (CI, debug build: a few seconds): the small and 32k sets in full and the
//! first [`PREFIX`] cases of every larger set (the two 1M-case `1m-50` sets; a set's first cases
//! do not depend on its size, so the prefix is deterministic). Every case of every set, 2.3 M
//! sweeps, is the `#[ignore]`d variant, for a release build:
//! `cargo test --release --test lib sweep_parry -- --ignored --nocapture`.

use circle_aabb_lab::bench::{generate_sweeps, BenchConfig, SweepSet};
use circle_aabb_lab::geom::sweep;

/// One case ×16 (integers), and `r` ×16.
struct Exact<const D: usize> {
    c: [i128; D],
    v: [i128; D],
    lo: [i128; D],
    hi: [i128; D],
    r: i128,
}

fn sixteenths(x: f32) -> i128 {
    let y = x * 16.0;
    assert_eq!(y, y.round(), "{x} is not a multiple of 1/16");
    y as i128
}

impl<const D: usize> Exact<D> {
    fn of(set: &SweepSet<D>, i: usize) -> Self {
        let (b, a) = (&set.balls[i], &set.boxes[i]);
        Exact {
            c: b.center().map(sixteenths),
            v: set.velocities[i].map(sixteenths),
            lo: a.min().map(sixteenths),
            hi: a.max().map(sixteenths),
            r: sixteenths(b.radius()),
        }
    }

    /// Is the distance at `t = p/q` (`q > 0`) at most `r`? Exact.
    fn within(&self, p: i128, q: i128) -> bool {
        let mut s = 0i128;
        for i in 0..D {
            let x = self.c[i] * q + self.v[i] * p; // the centre's coordinate, ×q
            let e = (self.lo[i] * q - x).max(x - self.hi[i] * q).max(0);
            s += e * e;
        }
        s <= self.r * self.r * q * q
    }

    /// Does the path come within `r` of the box for some `t ∈ [0, 1]`? Exact (see the module).
    fn hits(&self) -> bool {
        let mut candidates = vec![(0, 1), (1, 1)];
        for i in 0..D {
            if self.v[i] != 0 {
                for plane in [self.lo[i], self.hi[i]] {
                    candidates.push(((plane - self.c[i]) * self.v[i].signum(), self.v[i].abs()));
                }
            }
        }
        for regimes in 0..3usize.pow(D as u32) {
            let (mut num, mut den) = (0i128, 0i128);
            for i in 0..D {
                let plane = match regimes / 3usize.pow(i as u32) % 3 {
                    0 => self.lo[i],
                    1 => continue,
                    _ => self.hi[i],
                };
                num += (plane - self.c[i]) * self.v[i];
                den += self.v[i] * self.v[i];
            }
            if den > 0 {
                candidates.push((num, den));
            }
        }
        candidates.into_iter().any(|(p, q)| p >= 0 && p <= q && self.within(p, q))
    }

    /// The first time the `f64` distance reaches `r` (bisection before the minimum), if it does.
    fn first_touch(&self) -> Option<f64> {
        let f = |t: f64| -> f64 {
            let mut s = 0.0;
            for i in 0..D {
                let x = self.c[i] as f64 + t * self.v[i] as f64;
                let e = (self.lo[i] as f64 - x).max(x - self.hi[i] as f64).max(0.0);
                s += e * e;
            }
            s.sqrt()
        };
        // The minimum, by ternary search on the convex distance; then bisection on [0, t_min].
        let (mut a, mut b) = (0.0f64, 1.0f64);
        for _ in 0..200 {
            let (m1, m2) = (a + (b - a) / 3.0, b - (b - a) / 3.0);
            if f(m1) <= f(m2) {
                b = m2;
            } else {
                a = m1;
            }
        }
        let (t_min, r) = (0.5 * (a + b), self.r as f64);
        if f(t_min) > r {
            return None;
        }
        let (mut lo, mut hi) = (0.0, t_min);
        for _ in 0..100 {
            let mid = 0.5 * (lo + hi);
            if f(mid) > r {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(hi)
    }
}

fn parry_2d(set: &SweepSet<2>, i: usize) -> Option<f32> {
    use parry2d::math::{Pose, Vector};
    use parry2d::query::{cast_shapes, ShapeCastOptions};
    use parry2d::shape::{Ball, Cuboid};
    let (b, v, a) = (&set.balls[i], set.velocities[i], &set.boxes[i]);
    let (c, m, h) = (b.center(), a.center(), a.half_extents());
    let opts = ShapeCastOptions { max_time_of_impact: 1.0, stop_at_penetration: true, ..Default::default() };
    cast_shapes(
        &Pose::translation(c[0], c[1]),
        Vector::new(v[0], v[1]),
        &Ball::new(b.radius()),
        &Pose::translation(m[0], m[1]),
        Vector::ZERO,
        &Cuboid::new(Vector::new(h[0], h[1])),
        opts,
    )
    .expect("ball vs cuboid is supported")
    .map(|hit| hit.time_of_impact)
}

fn parry_3d(set: &SweepSet<3>, i: usize) -> Option<f32> {
    use parry3d::math::{Pose, Vector};
    use parry3d::query::{cast_shapes, ShapeCastOptions};
    use parry3d::shape::{Ball, Cuboid};
    let (b, v, a) = (&set.balls[i], set.velocities[i], &set.boxes[i]);
    let (c, m, h) = (b.center(), a.center(), a.half_extents());
    let opts = ShapeCastOptions { max_time_of_impact: 1.0, stop_at_penetration: true, ..Default::default() };
    cast_shapes(
        &Pose::translation(c[0], c[1], c[2]),
        Vector::new(v[0], v[1], v[2]),
        &Ball::new(b.radius()),
        &Pose::translation(m[0], m[1], m[2]),
        Vector::ZERO,
        &Cuboid::new(Vector::new(h[0], h[1], h[2])),
        opts,
    )
    .expect("ball vs cuboid is supported")
    .map(|hit| hit.time_of_impact)
}

/// Times further apart than this are a disagreement (the sets have no grazes, so `t` is well
/// conditioned: parry's `f32` GJK should be well within it).
const T_TOL: f64 = 1e-4;

/// A disagreement, with the reference's verdict.
struct Disagreement {
    kind: &'static str,
    /// parry's t minus the reference's (both hit), and that gap as a distance along the path.
    dt: f64,
    gap: f64,
    text: String,
}

/// Cases checked per set by the default test: sets up to this size in full, larger ones (`1m-50`)
/// their first `PREFIX` cases.
const PREFIX: usize = 100_000;

/// Compares the first `n` cases of one set; returns the disagreements. Checks the sweep against the
/// exact reference on every disagreement and on every 16th case.
fn compare<const D: usize>(
    set: &SweepSet<D>,
    n: usize,
    parry: impl Fn(&SweepSet<D>, usize) -> Option<f32>,
) -> Vec<Disagreement> {
    let mut found = Vec::new();
    for i in 0..n.min(set.len()) {
        let ours = sweep(&set.balls[i], set.velocities[i], &set.boxes[i]).map(|h| f64::from(h.t));
        let theirs = parry(set, i).map(f64::from);
        let differ = match (ours, theirs) {
            (Some(a), Some(b)) => (a - b).abs() > T_TOL,
            (a, b) => a.is_some() != b.is_some(),
        };
        if !differ && i % 16 != 0 {
            continue;
        }
        let exact = Exact::of(set, i);
        let hit = exact.hits();
        let t = exact.first_touch();
        let v = set.velocities[i];
        let case = format!(
            "{}D {} #{i}: c {:?} r {} v {:?} box {:?}..{:?}",
            D,
            set.spec.name,
            set.balls[i].center(),
            set.balls[i].radius(),
            v,
            set.boxes[i].min(),
            set.boxes[i].max()
        );
        assert_eq!(ours.is_some(), hit, "the sweep's hit is wrong: {case}");
        assert_eq!(t.is_some(), hit, "the f64 time reference disagrees with the exact one: {case}");
        if let (Some(a), Some(w)) = (ours, t) {
            assert!((a - w).abs() <= 1e-5, "the sweep's t {a} is not the reference's {w}: {case}");
        }
        if differ {
            let kind = match (theirs, hit) {
                (None, true) => "parry misses a hit",
                (Some(_), false) => "parry reports a hit that is not there",
                _ => "parry's t differs",
            };
            let speed = v.iter().map(|&x| f64::from(x) * f64::from(x)).sum::<f64>().sqrt();
            let dt = match (theirs, t) {
                (Some(b), Some(w)) => b - w,
                _ => f64::NAN,
            };
            found.push(Disagreement {
                kind,
                dt,
                gap: dt * speed,
                text: format!("{kind}: parry {theirs:?}, sweep {ours:?}, reference t {t:?} (exact hit: {hit}); {case}"),
            });
        }
    }
    found
}

/// The default test: every set, the larger ones up to [`PREFIX`] cases (see the module).
#[test]
fn sweep_agrees_with_parry_cast_shapes_on_the_benchmark_sets_or_is_right() {
    check_sets(PREFIX);
}

/// Every case of every set (2.3 M sweeps; about a minute in a debug build, so run it in release).
#[test]
#[ignore = "2.3 M sweeps: cargo test --release --test lib sweep_parry -- --ignored"]
fn sweep_agrees_with_parry_cast_shapes_on_every_case_of_the_benchmark_sets_or_is_right() {
    check_sets(usize::MAX);
}

/// Compares the first `limit` cases of every set (generated only that far), 2D and 3D, prints every
/// disagreement and a summary per set, and fails on a false hit by parry (the sweep's own errors
/// fail inside [`compare`]).
fn check_sets(limit: usize) {
    let mut all = Vec::new();
    let mut summary = Vec::new();
    for spec in BenchConfig::full().sets {
        let mut spec = spec;
        spec.n = spec.n.min(limit);
        let s2 = generate_sweeps::<2>(&spec);
        let d2 = compare(&s2, limit, parry_2d);
        let s3 = generate_sweeps::<3>(&spec);
        let d3 = compare(&s3, limit, parry_3d);
        for (dim, d, n, hits) in [(2, &d2, s2.len(), s2.exact_hits), (3, &d3, s3.len(), s3.exact_hits)] {
            let count = |k: &str| d.iter().filter(|x| x.kind == k).count();
            let t_off: Vec<&Disagreement> = d.iter().filter(|x| x.kind == "parry's t differs").collect();
            let max = |f: fn(&Disagreement) -> f64| t_off.iter().map(|x| f(x).abs()).fold(0.0, f64::max);
            summary.push(format!(
                "{dim}D {:<9} {n:>8} sweeps, {hits:>7} hits: parry misses {}, false hits {}, t off by > {T_TOL}: {} \
                 ({} early; largest |dt| {:.2e}, largest gap along the path {:.2e})",
                spec.name,
                count("parry misses a hit"),
                count("parry reports a hit that is not there"),
                t_off.len(),
                t_off.iter().filter(|x| x.dt < 0.0).count(),
                max(|x| x.dt),
                max(|x| x.gap),
            ));
        }
        all.extend(d2);
        all.extend(d3);
    }
    eprintln!("{} disagreements (the sweep is right in each):", all.len());
    for d in &all {
        eprintln!("  {}", d.text);
    }
    for s in &summary {
        eprintln!("{s}");
    }
    // What was found (parry 0.31.1, these seeds): see docs/performance.md, "Sweep". The sweep was
    // right in each (the asserts in `compare`); parry never reported a hit that is not there.
    assert!(all.iter().all(|d| d.kind != "parry reports a hit that is not there"), "new: a false hit");
}
