//! The rotated-box rows (`bench --json` key `"oriented"`): the oriented overlap test
//! ([`OrientedBox::overlaps`]: the centre moved into the box's frame in `f64`, then the clamp test)
//! beside the aligned one ([`Ball::overlaps`], the registry's `clamp`) on the same balls and boxes
//! unrotated, and — in 2D, with the `peers` feature — beside parry2d's `intersection_test` of a
//! `Ball` and a rotated `Cuboid` on the same inputs. ns per test, fastest of the samples. The
//! verdicts are compared outside the timing: parry may differ only at tangency (see
//! `docs/algorithms.md`), and the seeded inputs keep away from it.
//!
//! Desktop only, like the tile-map rows.

use super::rng::SplitMix64;
use super::timing::Clock;
use crate::geom::{Aabb, Ball, OrientedBox, OrientedBox3, OrientedRect};
use serde::Serialize;
use std::hint::black_box;

/// One row: a dimension, its cases, and the three figures.
#[derive(Clone, Debug, Serialize)]
pub struct OrientedResult {
    pub dim: usize,
    pub n: usize,
    /// How many of the cases overlap (ours, exact in `f64`).
    pub overlaps: usize,
    /// ns per test: the aligned clamp test on the same balls and the boxes unrotated.
    pub aligned_ns: f64,
    /// ns per test: the oriented test.
    pub oriented_ns: f64,
    /// ns per test: parry's `intersection_test` (2D with the `peers` feature; `None` otherwise).
    pub parry_ns: Option<f64>,
    /// Verdicts parry gives differently (counted outside the timing).
    pub parry_disagree: Option<usize>,
}

/// The seed of the `D`-dimensional rows' cases (the criterion group `oriented` uses the same).
#[must_use]
pub const fn seed(d: usize) -> u64 {
    0x0BB0_0000 + d as u64
}

/// The cases: boxes of half extents 0.25–2 at a random rotation, balls of radius 0.1–1.5 within 4
/// of the box's centre (about a third overlap); and the same boxes unrotated, for the aligned test.
/// (Also the inputs of `benches/overlap.rs`'s `oriented` group.)
#[must_use]
pub fn cases<const D: usize>(n: usize, seed: u64) -> (Vec<Ball<D>>, Vec<OrientedBox<D>>, Vec<Aabb<D>>) {
    let mut rng = SplitMix64::new(seed);
    let mut balls = Vec::with_capacity(n);
    let mut obbs = Vec::with_capacity(n);
    let mut boxes = Vec::with_capacity(n);
    for _ in 0..n {
        let c: [f32; D] = std::array::from_fn(|_| rng.range(-50.0, 50.0));
        let h: [f32; D] = std::array::from_fn(|_| rng.range(0.25, 2.0));
        let p: [f32; D] = std::array::from_fn(|i| c[i] + rng.range(-4.0, 4.0));
        let ball = Ball::new(p, rng.range(0.1, 1.5)).expect("valid");
        let o: OrientedBox<D> = if D == 2 {
            let b = OrientedRect::new([c[0], c[1]], [h[0], h[1]], rng.range(-3.2, 3.2)).expect("valid");
            *(&b as &dyn std::any::Any).downcast_ref::<OrientedBox<D>>().expect("2D")
        } else {
            let q: [f64; 4] = std::array::from_fn(|_| rng.range(-1.0, 1.0) as f64);
            let len = q.iter().map(|x| x * x).sum::<f64>().sqrt().max(1e-3);
            let q = q.map(|x| (x / len) as f32);
            let b = OrientedBox3::new(
                [c[0], c[1], c[2]],
                [h[0], h[1], h[2]],
                if len > 1e-3 { q } else { [1.0, 0.0, 0.0, 0.0] },
            )
            .expect("valid");
            *(&b as &dyn std::any::Any).downcast_ref::<OrientedBox<D>>().expect("3D")
        };
        let lo: [f32; D] = std::array::from_fn(|i| c[i] - h[i]);
        let hi: [f32; D] = std::array::from_fn(|i| c[i] + h[i]);
        balls.push(ball);
        obbs.push(o);
        boxes.push(Aabb::new(lo, hi).expect("ordered"));
    }
    (balls, obbs, boxes)
}

/// The fastest of `samples` timed passes of `f` over `n` tests, ns per test.
fn fastest<C: Clock>(clock: &mut C, n: usize, samples: usize, mut f: impl FnMut() -> usize) -> (f64, usize) {
    let mut best = f64::INFINITY;
    let mut hits = 0;
    for _ in 0..samples {
        let t0 = clock.seconds();
        hits = black_box(f());
        best = best.min(clock.seconds() - t0);
    }
    (best.max(0.0) * 1e9 / n.max(1) as f64, hits)
}

/// Runs the 2D and 3D rows (`quick`: fewer, smaller samples).
pub fn run<C: Clock>(quick: bool, clock: &mut C) -> Vec<OrientedResult> {
    let (n, samples) = if quick { (4096, 3) } else { (65_536, 15) };
    vec![row::<2>(n, samples, clock), row::<3>(n, samples, clock)]
}

fn row<const D: usize>(n: usize, samples: usize, clock: &mut impl Clock) -> OrientedResult {
    let (balls, obbs, boxes) = cases::<D>(n, seed(D));
    let (aligned_ns, _) = fastest(clock, n, samples, || {
        balls.iter().zip(&boxes).filter(|(b, x)| black_box(*b).overlaps(black_box(*x))).count()
    });
    let (oriented_ns, overlaps) = fastest(clock, n, samples, || {
        balls.iter().zip(&obbs).filter(|(b, o)| black_box(*o).overlaps(black_box(*b))).count()
    });
    let (parry_ns, parry_disagree) = peer::<D>(&balls, &obbs, samples, clock);
    OrientedResult { dim: D, n, overlaps, aligned_ns, oriented_ns, parry_ns, parry_disagree }
}

#[cfg(feature = "peers")]
fn peer<const D: usize>(
    balls: &[Ball<D>],
    obbs: &[OrientedBox<D>],
    samples: usize,
    clock: &mut impl Clock,
) -> (Option<f64>, Option<usize>) {
    use parry2d::query::intersection_test;
    if D != 2 {
        return (None, None); // parry3d is not a dependency of the app (the tests compare it)
    }
    let n = balls.len();
    let shapes = parry_shapes(balls, obbs);
    let (ns, _) = fastest(clock, n, samples, || {
        shapes.iter().filter(|(p1, s1, p2, s2)| intersection_test(p1, s1, p2, s2).is_ok_and(|i| i.intersecting)).count()
    });
    let disagree = shapes
        .iter()
        .zip(balls.iter().zip(obbs))
        .filter(|((p1, s1, p2, s2), (b, o))| {
            intersection_test(p1, s1, p2, s2).is_ok_and(|i| i.intersecting) != o.overlaps(b)
        })
        .count();
    (Some(ns), Some(disagree))
}

/// The same cases as parry2d shapes: a `Ball` and a rotated `Cuboid`, each with its isometry (2D;
/// the angle read back from the box's first axis).
#[cfg(feature = "peers")]
#[allow(clippy::type_complexity)]
pub fn parry_shapes<const D: usize>(
    balls: &[Ball<D>],
    obbs: &[OrientedBox<D>],
) -> Vec<(parry2d::math::Pose, parry2d::shape::Ball, parry2d::math::Pose, parry2d::shape::Cuboid)> {
    use parry2d::math::{Pose, Vector};
    use parry2d::shape::{Ball as PBall, Cuboid};
    balls
        .iter()
        .zip(obbs)
        .map(|(b, o)| {
            let (c, r) = (b.center(), b.radius());
            let (oc, h) = (o.center(), o.half_extents());
            let ax = o.axes()[0];
            let angle = (ax[1]).atan2(ax[0]) as f32;
            (
                Pose::translation(c[0], c[1]),
                PBall::new(r),
                Pose::new(Vector::new(oc[0], oc[1]), angle),
                Cuboid::new(Vector::new(h[0], h[1])),
            )
        })
        .collect()
}

#[cfg(not(feature = "peers"))]
fn peer<const D: usize>(
    _: &[Ball<D>],
    _: &[OrientedBox<D>],
    _: usize,
    _: &mut impl Clock,
) -> (Option<f64>, Option<usize>) {
    (None, None)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_quick_rows_measure_and_agree() {
        let rows = super::run(true, &mut super::super::timing::std_clock());
        assert_eq!(rows.len(), 2);
        for r in &rows {
            assert!(r.aligned_ns > 0.0 && r.oriented_ns > 0.0, "{r:?}");
            assert!(r.overlaps > r.n / 10 && r.overlaps < r.n * 9 / 10, "{r:?}");
            assert!(r.parry_disagree.unwrap_or(0) <= r.n / 1000, "{r:?}");
        }
    }
}
