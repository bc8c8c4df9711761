//! The benchmark engine, shared by `circle-aabb-lab bench` and the app's benchmark panel.
//!
//! - [`rng`]: a seeded generator (SplitMix64), the same on every platform;
//! - [`sets`]: ball/box pairs with a chosen hit rate (≈10 %, 50 %, 90 %), small and cycled in cache or
//!   large and random;
//! - [`sweeps`]: swept-ball cases (ball, displacement, box) with a chosen hit rate, and the timed
//!   sweep pass;
//! - the run, one file for each thing it does, each importing only those listed before it:
//!   - [`caches`]: the machine's data caches, one batched size per cache level, the thread counts;
//!   - [`config`]: what to measure ([`BenchConfig`] and its presets);
//!   - [`timing`]: the [`Clock`] and the timed loop;
//!   - [`buffers`]: the inputs and outputs of the timed loops, set up outside the timing;
//!   - [`kernels`]: the batched kernels ([`Kernel`]) and the lanes each runs at, what a timed sample
//!     runs where the library does not provide it whole, and the exact hit counts every sample is
//!     checked against;
//!   - [`ceiling`]: the memory-read ceiling over the arrays a batched kernel reads;
//!   - [`plan`]: the ordered tasks, each with its work (every registry algorithm × dimension × set,
//!     the contact + push-out, the memory-read ceiling and the batched kernels);
//!   - [`results`]: the rows a run reports (the `bench --json` keys);
//!   - [`machine`]: [`BenchRun`], the step machine that works through the plan a slice at a time
//!     ([`BenchRun::step`]), with progress, cancel and results.
//! - `tilemap` (desktop only): many balls moved one step through a large random tile map, ours
//!   (1 thread and rayon) against a parry2d peer (`peers` feature), run by the `bench` command after
//!   the plan;
//! - `swarm` (desktop only): one step of many balls through one map (`crate::swarm`) in five
//!   scenarios (noise, bullets, a crowd, balls at rest, a level): the plain loop over `world::step`,
//!   the batched step on 1 and 2 threads, and the parry2d peer;
//! - `controller` (desktop only): characters run by the library's character controller through the
//!   same map, ns per character step, beside the tile-map rows.
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
//! assert_eq!(results.scalar.len(), circle_aabb_lab::geom::algo::ALGORITHMS.len());
//! ```

pub mod buffers;
pub mod caches;
pub mod ceiling;
pub mod config;
#[cfg(not(target_arch = "wasm32"))]
pub mod controller;
pub mod kernels;
pub mod machine;
#[cfg(not(target_arch = "wasm32"))]
pub mod oriented;
pub mod plan;
#[cfg(not(target_arch = "wasm32"))]
pub mod plot;
pub mod results;
pub mod sets;
#[cfg(not(target_arch = "wasm32"))]
pub mod swarm;
pub mod sweeps;
#[cfg(not(target_arch = "wasm32"))]
pub mod tilemap;
pub mod timing;

pub use buffers::ContactBuffers;
pub use caches::CacheSizes;
pub use config::BenchConfig;
pub use kernels::{contact_push_pass, Kernel};
pub use machine::BenchRun;
pub use plan::contact_soa_name;
pub use results::{BatchedResult, ControllerResult, Results, ScalarResult, TilemapResult};
pub use sets::{generate, PairSet, SetSpec};
pub use sweeps::{generate_sweeps, sweep_pass, SweepSet};
#[cfg(not(target_arch = "wasm32"))]
pub use timing::std_clock;
pub use timing::Clock;
/// The seeded generator: `world_soak::rng` (SplitMix64), shared with the world-step soak.
pub use world_soak::rng;
