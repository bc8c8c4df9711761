//! Seeded swept-ball inputs for the `sweep` rows: a ball, its displacement for the frame and a box,
//! with a chosen fraction of sweeps that hit (≈10 %, 50 %, 90 %), and the pass the timed loop runs.
//!
//! Every case starts apart (no initial contact) and every coordinate is a multiple of 1/16. Whether
//! a case hits is decided here, once and outside the timing, by [`min_distance`]: the smallest
//! distance from the centre's path to the box, the minimum of a convex piecewise quadratic (found
//! exactly piece by piece, in `f64`). A case whose minimum lies within [`MARGIN`] of the radius (a
//! graze) is drawn again, so the count of hits does not depend on rounding: every correct sweep
//! must report exactly [`SweepSet::exact_hits`]. (Grazes are tested, against exact references, in
//! `crates/ball-aabb/tests/motion.rs` and `tests/sweep_parry.rs`.)

use super::rng::SplitMix64;
use super::sets::SetSpec;
use crate::geom::{sweep, Aabb, Ball};
use std::hint::black_box;

/// Cases whose path comes within this distance of touching (either side) are drawn again.
pub const MARGIN: f64 = 1e-3;

/// The generated cases, as three arrays (the sweep takes a ball, a displacement and a box).
#[derive(Clone, Debug)]
pub struct SweepSet<const D: usize> {
    pub spec: SetSpec,
    pub balls: Vec<Ball<D>>,
    pub velocities: Vec<[f32; D]>,
    pub boxes: Vec<Aabb<D>>,
    /// How many sweeps hit, by [`min_distance`] (never within [`MARGIN`] of a graze).
    pub exact_hits: usize,
    rng: SplitMix64,
}

impl<const D: usize> SweepSet<D> {
    /// A set with no cases yet, ready for [`generate_sweeps_into`].
    #[must_use]
    pub fn empty(spec: &SetSpec) -> Self {
        SweepSet {
            spec: spec.clone(),
            balls: Vec::with_capacity(spec.n),
            velocities: Vec::with_capacity(spec.n),
            boxes: Vec::with_capacity(spec.n),
            exact_hits: 0,
            rng: SplitMix64::new(spec.seed ^ 0x5EE9 ^ (D as u64) << 56),
        }
    }

    /// The number of cases.
    #[must_use]
    pub fn len(&self) -> usize {
        self.balls.len()
    }

    /// No cases?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.balls.is_empty()
    }
}

/// Generates the sweep set described by `spec`, deterministically from its seed.
#[must_use]
pub fn generate_sweeps<const D: usize>(spec: &SetSpec) -> SweepSet<D> {
    let mut set = SweepSet::empty(spec);
    generate_sweeps_into(&mut set, spec.n);
    set
}

/// Adds up to `max_cases` cases to a set under construction; returns whether it is complete. The
/// result does not depend on how the work was sliced.
pub fn generate_sweeps_into<const D: usize>(set: &mut SweepSet<D>, max_cases: usize) -> bool {
    let todo = (set.spec.n - set.balls.len().min(set.spec.n)).min(max_cases);
    for _ in 0..todo {
        let want = set.rng.chance(set.spec.hit_rate);
        let (b, v, a, hit) = case::<D>(&mut set.rng, want);
        set.exact_hits += hit as usize;
        set.balls.push(b);
        set.velocities.push(v);
        set.boxes.push(a);
    }
    set.balls.len() >= set.spec.n
}

/// Rounds to a multiple of 1/16.
fn q(x: f32) -> f32 {
    (x * 16.0).round() / 16.0
}

/// One case that hits exactly when `want_hit` (almost always: after 64 draws, whatever came last),
/// and whether it hits.
fn case<const D: usize>(g: &mut SplitMix64, want_hit: bool) -> (Ball<D>, [f32; D], Aabb<D>, bool) {
    let mut last = None;
    for _ in 0..64 {
        let mut lo = [0.0; D];
        let mut hi = [0.0; D];
        for i in 0..D {
            let c = q(g.range(-32.0, 32.0));
            let h = q(g.range(0.25, 8.0));
            lo[i] = c - h;
            hi[i] = c + h;
        }
        let r = q(g.range(0.25, 8.0));
        // A start within 12 of the grown box, a displacement towards a point of the grown box (hits)
        // or anywhere within 16 per axis (misses); kept only when apart at t = 0 and not a graze.
        let reach = r + 12.0;
        let c: [f32; D] = std::array::from_fn(|i| q(g.range(lo[i] - reach, hi[i] + reach)));
        let v: [f32; D] = if want_hit {
            let k = g.range(1.0, 1.5);
            std::array::from_fn(|i| q((g.range(lo[i] - r, hi[i] + r) - c[i]) * k))
        } else {
            std::array::from_fn(|_| q(g.range(-16.0, 16.0)))
        };
        let w = |x: [f32; D]| x.map(f64::from);
        let (cw, vw, low, hiw, rw) = (w(c), w(v), w(lo), w(hi), f64::from(r));
        let start = distance(&cw, &low, &hiw);
        let min = min_distance(&cw, &vw, &low, &hiw);
        if start <= rw + MARGIN || (min - rw).abs() <= MARGIN {
            continue;
        }
        let hit = min < rw;
        let made = (Ball::new(c, r).expect("finite"), v, Aabb::new(lo, hi).expect("min <= max"), hit);
        if hit == want_hit {
            return made;
        }
        last = Some(made);
    }
    last.expect("64 draws, at least one apart at t = 0 and not a graze")
}

/// The distance from `p` to the box `[lo, hi]`, in `f64`.
#[must_use]
pub fn distance<const D: usize>(p: &[f64; D], lo: &[f64; D], hi: &[f64; D]) -> f64 {
    let mut s = 0.0;
    for i in 0..D {
        let e = (lo[i] - p[i]).max(p[i] - hi[i]).max(0.0);
        s += e * e;
    }
    s.sqrt()
}

/// The smallest distance from the path `c + t·v`, `t ∈ [0, 1]`, to the box, in `f64`. The squared
/// distance is a convex quadratic between the times the centre crosses a box plane; this takes each
/// such piece's own minimum (its vertex, clamped into the piece) and the ends, and returns the least.
#[must_use]
pub fn min_distance<const D: usize>(c: &[f64; D], v: &[f64; D], lo: &[f64; D], hi: &[f64; D]) -> f64 {
    let mut ts = [0.0f64; 8];
    let mut k = 0;
    ts[k] = 0.0;
    k += 1;
    for i in 0..D {
        if v[i] != 0.0 {
            for plane in [lo[i], hi[i]] {
                let t = (plane - c[i]) / v[i];
                if t > 0.0 && t < 1.0 {
                    ts[k] = t;
                    k += 1;
                }
            }
        }
    }
    ts[k] = 1.0;
    k += 1;
    let ts = &mut ts[..k];
    ts.sort_by(f64::total_cmp);
    let at = |t: f64| -> [f64; D] { std::array::from_fn(|i| c[i] + t * v[i]) };
    let mut best = distance(&at(0.0), lo, hi).min(distance(&at(1.0), lo, hi));
    for w in ts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let mid = at(0.5 * (a + b));
        // On this piece, each axis is below, inside or above the slab: d(t) = Σ (plane − c − t v)².
        let (mut num, mut den) = (0.0, 0.0);
        for i in 0..D {
            let plane = if mid[i] < lo[i] {
                lo[i]
            } else if mid[i] > hi[i] {
                hi[i]
            } else {
                continue;
            };
            num += (plane - c[i]) * v[i];
            den += v[i] * v[i];
        }
        let t = if den > 0.0 { (num / den).clamp(a, b) } else { a };
        best = best.min(distance(&at(t), lo, hi)).min(distance(&at(b), lo, hi));
    }
    best
}

/// The sweep for every case ([`sweep`]): returns the number of hits, and folds every output (time,
/// centre, point, normal, feature) into a value the optimiser must compute.
#[inline(never)]
pub fn sweep_pass<const D: usize>(balls: &[Ball<D>], velocities: &[[f32; D]], boxes: &[Aabb<D>]) -> usize {
    let mut hits = 0;
    let mut acc = 0u32;
    for ((b, v), a) in balls.iter().zip(velocities).zip(boxes) {
        if let Some(h) = sweep(b, *v, a) {
            hits += 1;
            let mut x = h.t.to_bits() ^ h.feature as u32 ^ u32::from(h.initial) << 3;
            for i in 0..D {
                x ^= (h.center[i].to_bits()
                    ^ h.point[i].to_bits().rotate_left(5)
                    ^ h.normal[i].to_bits().rotate_left(11))
                .rotate_left(i as u32);
            }
            acc ^= x;
        }
    }
    black_box(acc);
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_rate_is_close_seeded_and_the_sweep_agrees() {
        for pct in [10, 50, 90] {
            let s = generate_sweeps::<2>(&SetSpec::new("t", 3000, pct, 1));
            let rate = s.exact_hits as f32 / s.len() as f32;
            assert!((rate - pct as f32 / 100.0).abs() < 0.03, "{pct}: {rate}");
            assert_eq!(sweep_pass(&s.balls, &s.velocities, &s.boxes), s.exact_hits, "2D {pct}");
            let again = generate_sweeps::<2>(&SetSpec::new("t", 3000, pct, 1));
            assert_eq!(s.velocities, again.velocities);
            let s = generate_sweeps::<3>(&SetSpec::new("t", 3000, pct, 2));
            assert_eq!(sweep_pass(&s.balls, &s.velocities, &s.boxes), s.exact_hits, "3D {pct}");
        }
    }

    #[test]
    fn min_distance_of_hand_computed_paths() {
        let (lo, hi) = ([0.0, 0.0], [2.0, 2.0]);
        // Straight past the top face at height 3: distance 1 all along the face.
        assert_eq!(min_distance(&[-5.0, 3.0], &[10.0, 0.0], &lo, &hi), 1.0);
        // Diagonally past the corner (2, 2): the path x + y = 6 passes |2 + 2 − 6|/√2 = √2 from it, at (3, 3).
        assert!((min_distance(&[6.0, 0.0], &[-6.0, 6.0], &lo, &hi) - 2f64.sqrt()).abs() < 1e-12);
        // Stops short: the end (−3, 1) is 3 from the left face.
        assert_eq!(min_distance(&[-5.0, 1.0], &[2.0, 0.0], &lo, &hi), 3.0);
    }

    #[test]
    fn sliced_generation_gives_the_same_set() {
        let spec = SetSpec::new("t", 500, 50, 9);
        let whole = generate_sweeps::<3>(&spec);
        let mut sliced = SweepSet::<3>::empty(&spec);
        while !generate_sweeps_into(&mut sliced, 77) {}
        assert_eq!(
            (whole.balls, whole.velocities, whole.exact_hits),
            (sliced.balls, sliced.velocities, sliced.exact_hits)
        );
    }
}
