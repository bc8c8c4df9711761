//! A small seeded generator (SplitMix64): the same numbers on every platform, wasm included, with no
//! dependency and no system entropy. The soak draws every scenario from it, and the app's benchmark
//! inputs come from it too (`circle_aabb_lab::bench::rng` is this module).

#![forbid(unsafe_code)]

/// SplitMix64 (Steele, Lea, Flood 2014): a 64-bit counter passed through a strong mixing function.
/// Not for cryptography; plenty for benchmark inputs and soak scenarios.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`; equal seeds give equal sequences.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`, with 24 random bits (every value exact in `f32`).
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 * (1.0 / (1u64 << 24) as f32)
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform integer in `0..n` (`n > 0`; returns 0 for `n == 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            ((self.next_u64() as u128 * n as u128) >> 64) as u64
        }
    }

    /// `true` with probability `p`.
    pub fn chance(&mut self, p: f32) -> bool {
        self.unit() < p
    }

    /// Log-uniform in `[lo, hi)` (`0 < lo < hi`): each factor of 10 as likely as the next.
    pub fn log_range(&mut self, lo: f32, hi: f32) -> f32 {
        let (a, b) = ((lo as f64).ln(), (hi as f64).ln());
        let x = (a + (b - a) * self.unit() as f64).exp() as f32;
        x.clamp(lo, hi)
    }

    /// One of `items`, uniformly (`items` not empty).
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// An index drawn with the given weights (not all zero).
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|&w| w as u64).sum();
        let mut x = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if x < w as u64 {
                return i;
            }
            x -= w as u64;
        }
        weights.len() - 1
    }

    /// A generator of its own for stream `index` of `seed`: streams of one seed do not overlap in
    /// practice, and each is reproducible alone (a soak run is replayed from its seed and index).
    #[must_use]
    pub fn stream(seed: u64, index: u64) -> Self {
        let mut g = SplitMix64::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
        let s = g.next_u64();
        SplitMix64::new(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_first_value_and_ranges() {
        // Reference value of SplitMix64 from seed 0 (as in Vigna's splitmix64.c).
        assert_eq!(SplitMix64::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
        let mut g = SplitMix64::new(7);
        for _ in 0..10_000 {
            let u = g.unit();
            assert!((0.0..1.0).contains(&u));
            assert!(g.below(10) < 10);
            let x = g.log_range(1e-3, 1e3);
            assert!((1e-3..=1e3).contains(&x));
            assert!(g.weighted(&[0, 3, 0, 1]) % 2 == 1);
        }
        assert_eq!(SplitMix64::stream(5, 9).next_u64(), SplitMix64::stream(5, 9).next_u64());
        assert_ne!(SplitMix64::stream(5, 9).next_u64(), SplitMix64::stream(5, 10).next_u64());
    }
}
