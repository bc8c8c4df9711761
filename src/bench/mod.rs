//! The benchmark engine, shared by `circle-aabb-lab bench` and the app's benchmark panel.
//!
//! - [`rng`]: a seeded generator (SplitMix64), the same on every platform;
//! - [`sets`]: ball/box pairs with a chosen hit rate (≈10 %, 50 %, 90 %), small and cycled in cache or
//!   large and random;
//! - [`run`]: the plan (every registry algorithm × dimension × set, the contact + push-out, the
//!   streaming-sum ceiling and the batched kernels) executed a slice at a time by
//!   [`BenchRun::step`], with progress, cancel and results.
//!
//! Time comes from a [`Clock`] the caller passes in: `std::time::Instant` panics on
//! `wasm32-unknown-unknown`, where the app passes its frame clock instead. Every hit count is checked
//! against the exact contact, so a fast wrong answer shows up as an error, not as a good time.
//!
//! ```
//! use circle_aabb_lab::bench::{BenchConfig, BenchRun, SetSpec};
//! // A tiny plan: one set, 2D only, no batched kernels.
//! let config = BenchConfig {
//!     sets: vec![SetSpec::new("tiny", 100, 50, 1)],
//!     dims: vec![2],
//!     samples: 1,
//!     tests_per_sample: 100,
//!     batched_sizes: vec![],
//!     pairs_max: 0,
//! };
//! let mut t = 0.0;
//! let clock = move || { t += 1e-6; t }; // a fake clock: 1 µs per reading
//! let mut run = BenchRun::new(config, clock);
//! while !run.step(1_000) {
//!     assert!(run.progress() < 1.0);
//! }
//! let results = run.into_results();
//! assert!(results.errors.is_empty());
//! assert_eq!(results.scalar.len(), circle_aabb_lab::geom::ALGORITHMS.len());
//! ```

pub mod rng;
pub mod run;
pub mod sets;

pub use run::{BatchedResult, BenchConfig, BenchRun, Kernel, Results, ScalarResult};
pub use sets::{generate, PairSet, SetSpec};

/// A source of time in seconds (any origin; only differences are used).
pub trait Clock {
    fn seconds(&mut self) -> f64;
}

impl<F: FnMut() -> f64> Clock for F {
    fn seconds(&mut self) -> f64 {
        self()
    }
}

/// A clock on `std::time::Instant` (not on wasm32, where `Instant::now` panics).
#[cfg(not(target_arch = "wasm32"))]
#[must_use]
pub fn std_clock() -> impl Clock {
    let t0 = std::time::Instant::now();
    move || t0.elapsed().as_secs_f64()
}
