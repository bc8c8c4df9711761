//! What a run measures: [`BenchConfig`] and its presets (the full matrix, a frame loop's, a quick
//! smoke test), and how many passes over a set make one sample.

use super::caches::{level_sizes, CacheSizes};
use super::sets::SetSpec;

/// What to measure and how long.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// The input sets of the scalar matrix (each in every dimension of `dims`).
    pub sets: Vec<SetSpec>,
    /// Dimensions: 2, 3 or both.
    pub dims: Vec<usize>,
    /// Timed samples per cell; the fastest is kept (the least disturbed by other processes).
    pub samples: usize,
    /// Tests per sample, at least (rounded up to whole passes over the set). Short samples, many of
    /// them, and the fastest kept: on a busy machine some samples run undisturbed. In a frame loop keep
    /// a sample under a frame (100k–200k tests).
    pub tests_per_sample: usize,
    /// Batched kernels: the array sizes, in lanes of the 16-byte-per-test one_box 3D; every kernel runs
    /// at the lanes that read the same bytes. The presets take one size per cache level from the
    /// machine's caches ([`level_sizes`]).
    pub batched_sizes: Vec<usize>,
    /// Lanes of the pairs kernel at its largest (its rows use `min(size, this)`): 28–40 bytes per pair.
    pub pairs_max: usize,
}

impl BenchConfig {
    /// The full matrix: 256-pair sets cycled in cache, 32k random pairs, 1M random pairs.
    #[must_use]
    pub fn full() -> Self {
        let mut sets = Vec::new();
        for pct in [10, 50, 90] {
            sets.push(SetSpec::new("small", 256, pct, 0x5EED_0000 + pct as u64));
        }
        for pct in [10, 50, 90] {
            sets.push(SetSpec::new("32k", 32 * 1024, pct, 0x5EED_1000 + pct as u64));
        }
        sets.push(SetSpec::new("1m", 1 << 20, 50, 0x5EED_2050));
        BenchConfig {
            sets,
            dims: vec![2, 3],
            samples: 21,
            tests_per_sample: 500_000,
            batched_sizes: level_sizes(&CacheSizes::detect(), usize::MAX),
            pairs_max: 1 << 22,
        }
    }

    /// For a frame loop (the app, the browser): the same matrix, samples of ~150k tests (a few ms
    /// each, so one `BenchRun::step` of that budget fits in a frame), batched arrays up to 1M lanes.
    #[must_use]
    pub fn interactive() -> Self {
        BenchConfig {
            samples: 5,
            tests_per_sample: 150_000,
            batched_sizes: level_sizes(&CacheSizes::detect(), 16 << 20),
            pairs_max: 1 << 20,
            ..Self::full()
        }
    }

    /// The same matrix, few and short samples: a smoke test that takes seconds (figures are rough).
    #[must_use]
    pub fn quick() -> Self {
        BenchConfig { samples: 2, tests_per_sample: 200_000, ..Self::full() }
    }
}

/// Passes over a set of `n` pairs that make one sample of at least `tests_per_sample` tests.
pub(super) fn passes_for(config: &BenchConfig, n: usize) -> usize {
    config.tests_per_sample.div_ceil(n.max(1)).max(1)
}
