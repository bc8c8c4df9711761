//! Seeded integer sweeps for the crate's unit tests (integers keep f32 arithmetic exact).

#![forbid(unsafe_code)]

use crate::shape::{Aabb, Ball};

/// A tiny seeded generator (SplitMix64), so a sweep is the same on every run.
pub(crate) struct Rng(pub u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// An integer in `[lo, hi]`, as f32 (exact).
    pub(crate) fn int(&mut self, lo: i32, hi: i32) -> f32 {
        (lo + (self.next() % (hi - lo + 1) as u64) as i32) as f32
    }
}

/// Calls `check` on `n` random integer balls and boxes: centres in [-12, 12], box corners in
/// [-8, 8] (degenerate boxes included), radii in [0, 9].
pub(crate) fn sweep<const D: usize>(n: usize, seed: u64, mut check: impl FnMut(&Ball<D>, &Aabb<D>)) {
    let mut rng = Rng(seed);
    for _ in 0..n {
        let mut c = [0.0; D];
        let mut lo = [0.0; D];
        let mut hi = [0.0; D];
        for i in 0..D {
            c[i] = rng.int(-12, 12);
            let (a, b) = (rng.int(-8, 8), rng.int(-8, 8));
            lo[i] = a.min(b);
            hi[i] = a.max(b);
        }
        let r = rng.int(0, 9);
        check(&Ball::new(c, r).unwrap(), &Aabb::new(lo, hi).unwrap());
    }
}
