//! Seeded input sets for the benchmarks: ball/box pairs with a chosen hit rate.
//!
//! Each pair is a random box and a random radius; the centre is then drawn near the box (inside it,
//! beside a face, near an edge or a corner alike) until the pair overlaps or not as decided by a coin
//! of the wanted hit rate, judged by the exact [`contact`](fn@crate::geom::contact::contact). Every coordinate is
//! a multiple of 1/16 and small, so all the exact algorithms do exact arithmetic on these inputs and
//! must agree with that count to the pair.
//!
//! The order of the pairs is random, so which branch a branchy test takes is unpredictable on a
//! large set. A small set cycled many times is the opposite: the branch predictor learns it.

use super::rng::SplitMix64;
use crate::geom::{contact::contact, Aabb, Ball};

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct SetSpec {
    /// Name used in tables and JSON, e.g. `"32k-50"`.
    pub name: String,
    /// Number of pairs.
    pub n: usize,
    /// Wanted fraction of overlapping pairs, 0..=1.
    pub hit_rate: f32,
    pub seed: u64,
}

impl SetSpec {
    /// `label-pct`, e.g. `SetSpec::new("32k", 32768, 50)` is named `"32k-50"`.
    #[must_use]
    pub fn new(label: &str, n: usize, hit_percent: u32, seed: u64) -> Self {
        SetSpec { name: format!("{label}-{hit_percent}"), n, hit_rate: hit_percent as f32 / 100.0, seed }
    }
}

/// The generated pairs, array-of-structures as the registry's `count_pairs_*` take them.
#[derive(Clone, Debug)]
pub struct PairSet<const D: usize> {
    pub spec: SetSpec,
    pub balls: Vec<Ball<D>>,
    pub boxes: Vec<Aabb<D>>,
    /// How many pairs overlap, by the exact contact (touching counts).
    pub exact_hits: usize,
    /// The generator, kept so that generation can be resumed ([`generate_into`]).
    rng: SplitMix64,
}

impl<const D: usize> PairSet<D> {
    /// A set with no pairs yet, ready for [`generate_into`].
    #[must_use]
    pub fn empty(spec: &SetSpec) -> Self {
        PairSet {
            spec: spec.clone(),
            balls: Vec::with_capacity(spec.n),
            boxes: Vec::with_capacity(spec.n),
            exact_hits: 0,
            rng: SplitMix64::new(spec.seed ^ (D as u64) << 56),
        }
    }

    /// The number of pairs.
    #[must_use]
    pub fn len(&self) -> usize {
        self.balls.len()
    }

    /// No pairs?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.balls.is_empty()
    }

    /// Bytes read per pair by the scalar loop (array-of-structures).
    #[must_use]
    pub fn bytes_per_pair() -> usize {
        std::mem::size_of::<Ball<D>>() + std::mem::size_of::<Aabb<D>>()
    }
}

/// Rounds to a multiple of 1/16.
fn q(x: f32) -> f32 {
    (x * 16.0).round() / 16.0
}

/// One random pair that overlaps exactly when `want_hit`.
fn pair<const D: usize>(g: &mut SplitMix64, want_hit: bool) -> (Ball<D>, Aabb<D>) {
    let mut lo = [0.0; D];
    let mut hi = [0.0; D];
    for i in 0..D {
        let c = q(g.range(-32.0, 32.0));
        let h = q(g.range(0.25, 8.0));
        lo[i] = c - h;
        hi[i] = c + h;
    }
    let aabb = Aabb::new(lo, hi).expect("finite, min <= max");
    let r = q(g.range(0.25, 8.0));
    // Draw the centre from the box grown by r (hits) or by 2r (misses) until the exact answer agrees.
    let grow = if want_hit { r } else { 2.0 * r };
    for _ in 0..64 {
        let c: [f32; D] = std::array::from_fn(|i| q(g.range(lo[i] - grow, hi[i] + grow)));
        let ball = Ball::new(c, r).expect("finite centre, r >= 0");
        if contact(&ball, &aabb).state.is_overlap() == want_hit {
            return (ball, aabb);
        }
    }
    // Practically never reached: the box centre always hits, a point 3r past a face always misses.
    let mut c = aabb.center();
    if !want_hit {
        c[0] = hi[0] + 3.0 * r + 1.0;
    }
    (Ball::new(c, r).expect("finite"), aabb)
}

/// Generates the set described by `spec`, deterministically from its seed.
#[must_use]
pub fn generate<const D: usize>(spec: &SetSpec) -> PairSet<D> {
    let mut set = PairSet::empty(spec);
    generate_into(&mut set, spec.n);
    set
}

/// Adds up to `max_pairs` pairs to a set under construction; returns whether it is complete. The
/// result does not depend on how the work was sliced.
pub fn generate_into<const D: usize>(set: &mut PairSet<D>, max_pairs: usize) -> bool {
    let todo = (set.spec.n - set.balls.len().min(set.spec.n)).min(max_pairs);
    for _ in 0..todo {
        let want = set.rng.chance(set.spec.hit_rate);
        let (b, a) = pair::<D>(&mut set.rng, want);
        set.exact_hits += contact(&b, &a).state.is_overlap() as usize;
        set.balls.push(b);
        set.boxes.push(a);
    }
    set.balls.len() >= set.spec.n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_rate_is_close_and_seeded() {
        for pct in [10, 50, 90] {
            let s = generate::<2>(&SetSpec::new("t", 4000, pct, 1));
            let rate = s.exact_hits as f32 / s.len() as f32;
            assert!((rate - pct as f32 / 100.0).abs() < 0.03, "{pct}: {rate}");
            let again = generate::<2>(&SetSpec::new("t", 4000, pct, 1));
            assert_eq!(s.balls, again.balls);
        }
    }

    #[test]
    fn sliced_generation_gives_the_same_set() {
        let spec = SetSpec::new("t", 1000, 50, 9);
        let whole = generate::<3>(&spec);
        let mut sliced = PairSet::<3>::empty(&spec);
        while !generate_into(&mut sliced, 77) {}
        assert_eq!((whole.balls, whole.boxes, whole.exact_hits), (sliced.balls, sliced.boxes, sliced.exact_hits));
    }
}
