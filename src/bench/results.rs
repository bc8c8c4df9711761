//! What a run reports: one row per scalar cell, per contact row, per sweep row and per batched kernel, the
//! memory-read ceiling (`batch::stream_read`), and any wrong hit count. These are the `bench --json` keys
//! (`scalar`, `contact`, `sweep`, `batched`, `bandwidth_gb_s`, …): renaming a field changes the output.

use serde::Serialize;

/// One cell of the scalar matrix.
#[derive(Clone, Debug, Serialize)]
pub struct ScalarResult {
    /// Registry id, or `"contact+push"` for the contact and response computation.
    pub algorithm: &'static str,
    pub dim: usize,
    pub set: String,
    pub n: usize,
    pub ns_per_test: f64,
    /// Overlaps the algorithm reported.
    pub hits: usize,
    /// Overlaps by the exact contact.
    pub exact_hits: usize,
}

/// One batched kernel at one size.
#[derive(Clone, Debug, Serialize)]
pub struct BatchedResult {
    pub kernel: &'static str,
    pub dim: usize,
    pub n: usize,
    pub tests_per_s: f64,
    pub bytes_per_test: usize,
    /// The ceiling's speed (`batch::stream_read` over this kernel's own arrays, same code path and
    /// threads, fastest sample), GB/s; the same as `ceiling_gb_s` (the name of earlier runs).
    pub sum_gb_s: f64,
    /// The same as `percent_of_ceiling` (the name of earlier runs).
    pub percent_of_bandwidth: f64,
    /// Bytes the kernel reads per pass (`bytes_per_test · n`).
    pub bytes: usize,
    /// Where those bytes live: `"L1"`, `"L2"`, `"L3"` or `"DRAM"` (from `caches`).
    pub cache_level: &'static str,
    /// The code path: `"avx512"`, `"avx2"` or `"portable"`.
    pub path: &'static str,
    /// Threads: 1 is the single-thread kernel, more is its `par_*` form in a pool of that many.
    pub threads: usize,
    /// The ceiling, GB/s (10⁹ bytes), and in tests per second for this kernel's bytes per test.
    pub ceiling_gb_s: f64,
    pub ceiling_tests_per_s: f64,
    pub percent_of_ceiling: f64,
    /// `percent_of_ceiling`: the median over the samples of the kernel's bytes/s over the ceiling's
    /// measured right after it (paired, so a change of the machine's state between samples cancels).
    /// `noise_percent`: the row's noise band (±, percent): the larger of the interquartile half-width
    /// of those paired ratios and the kernel's or the ceiling's difference between the fastest
    /// even-numbered and the fastest odd-numbered sample.
    pub noise_percent: f64,
    /// `tests_per_s / (threads · tests_per_s at 1 thread)`.
    pub efficiency: f64,
}

/// The contact + push batch (`contact_push_pairs[_f32]`, `par_*` above 1 thread) on `threads` threads.
#[derive(Clone, Debug, Serialize)]
pub struct ThreadsResult {
    /// `"contact+push/soa"` or `"contact+push/f32"`.
    pub name: &'static str,
    pub dim: usize,
    pub n: usize,
    pub threads: usize,
    pub tests_per_s: f64,
    /// `tests_per_s / (threads · tests_per_s at 1 thread)`.
    pub efficiency: f64,
}

/// One tile-map row ([`super::tilemap`]): balls moved one step each through a random map with the
/// default strategy, and the parry2d peer on the same inputs in the same run (`None` without the
/// `peers` feature).
#[derive(Clone, Debug, Serialize)]
pub struct TilemapResult {
    pub balls: usize,
    /// `"4096x4096"` (cells).
    pub map: String,
    /// The fraction of solid cells.
    pub fill: f64,
    pub strategy: &'static str,
    /// Threads ours ran on (1, or rayon's pool: every core); the peer ran the same way.
    pub threads: usize,
    pub ns_per_step: f64,
    pub peer: Option<&'static str>,
    pub peer_ns_per_step: Option<f64>,
    /// `peer_ns_per_step / ns_per_step`.
    pub speedup: Option<f64>,
    /// Balls whose end positions differ by more than 1e-4 (either coordinate) from the peer's.
    pub mismatches: Option<usize>,
    /// Of the mismatches, settled by an `f64` reference slide (`tilemap::reference_step`): ours
    /// within 1e-4 of it and the peer not, the peer and not ours, neither, both.
    pub ours_right: Option<usize>,
    pub peer_right: Option<usize>,
    pub neither: Option<usize>,
    pub both: Option<usize>,
    /// The first few mismatched balls where ours is not within 1e-4 of the reference.
    pub ours_not_right: Vec<usize>,
    /// The largest difference of an end coordinate.
    pub max_diff: Option<f64>,
    /// The first few mismatched balls (indices).
    pub first_mismatches: Vec<usize>,
}

/// One controller row ([`super::controller`], desktop only): characters run through the tile-map
/// rows' map by the library's character controller, ns per character step.
#[derive(Clone, Debug, Serialize)]
pub struct ControllerResult {
    pub characters: usize,
    pub steps_per_character: usize,
    /// The tile-map rows' map, `"4096x4096"` (cells).
    pub map: String,
    /// The fraction of solid cells.
    pub fill: f64,
    /// Threads (1, or rayon's pool: every core).
    pub threads: usize,
    /// ns per character step (fastest sample).
    pub ns_per_step: f64,
    /// The tile-map row's ns per world step on as many threads (`None` when it has none).
    pub world_ns_per_step: Option<f64>,
    /// `ns_per_step / world_ns_per_step`: a character step costs this many world steps.
    pub world_steps_per_step: Option<f64>,
    /// The fraction of steps that ended on the ground.
    pub grounded_share: f64,
    /// How many steps had each event (`"landed"`, `"jumped"`, …), over one run of every character.
    pub events: std::collections::BTreeMap<&'static str, u64>,
}

/// Everything measured so far.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Results {
    /// The batched kernels' code path (`"avx2"` or `"portable"`).
    pub level: &'static str,
    pub scalar: Vec<ScalarResult>,
    /// The contact + push-out computation (`contact` and `response` per pair).
    pub contact: Vec<ScalarResult>,
    /// The swept ball against its box ([`crate::geom::sweep`], algorithm `"sweep"`): ns per sweep,
    /// and the hits against the count decided when the cases were made.
    pub sweep: Vec<ScalarResult>,
    /// The memory reader (`batch::stream_read`) over the largest batched input (beyond L2), GB/s (10⁹ bytes).
    pub bandwidth_gb_s: f64,
    pub batched: Vec<BatchedResult>,
    /// The data caches the batched sizes were chosen from (bytes; `source`: `"sysfs"` or `"fallback"`).
    pub caches: super::caches::CacheSizes,
    /// Threads available to the run (the thread counts measured are 1..=this).
    pub threads_available: usize,
    /// The contact + push batch on 1, 2, … threads (empty with one thread available).
    pub contact_threads: Vec<ThreadsResult>,
    /// The tile-map rows (`bench` on the desktop only; empty in the app's run).
    pub tilemap: Vec<TilemapResult>,
    /// The controller rows, beside the tile-map rows (desktop only; empty in the app's run).
    pub controller: Vec<ControllerResult>,
    /// The rotated-box rows: oriented overlap beside the aligned one and parry's (desktop only).
    #[cfg(not(target_arch = "wasm32"))]
    pub oriented: Vec<super::oriented::OrientedResult>,
    /// The swarm rows: many balls, one batched step, beside the plain loop and the peer (desktop only).
    #[cfg(not(target_arch = "wasm32"))]
    pub swarm: Vec<SwarmResult>,
    /// Wrong hit counts (a correctness failure; empty when all is well).
    pub errors: Vec<String>,
}

/// One swarm row ([`super::swarm`]).
#[derive(Clone, Debug, Serialize)]
pub struct SwarmResult {
    /// The scenario (see [`specs`](super::swarm::specs)).
    pub name: &'static str,
    pub balls: usize,
    /// `"1024x1024"` (cells).
    pub map: String,
    /// The fraction of solid cells.
    pub fill: f64,
    pub radius: f32,
    /// The largest speed, cells a step.
    pub speed: f32,
    pub gravity: f32,
    pub strategy: &'static str,
    /// The plain loop over `world::step`, 1 thread: ns per ball-step (fastest sample).
    pub scalar_ns: f64,
    /// The batched step on 1 thread and on 2.
    pub batch_ns: f64,
    pub batch_2t_ns: f64,
    /// Balls that touched something / took the free-space path in the measured step.
    pub hit_share: f64,
    pub fast_share: f64,
    /// Per-ball memory beyond positions and velocities: the batched step with one radius and no
    /// outcomes (0), and the plain loop's per-ball `Step` result.
    pub batch_bytes_per_ball: usize,
    pub outcome_bytes: usize,
    pub scalar_step_bytes: usize,
    /// The peer (`None` without the `peers` feature): name, ns per ball-step on 1 thread.
    pub peer: Option<&'static str>,
    pub peer_ns: Option<f64>,
    /// `peer_ns / batch_ns` and `peer_ns / batch_2t_ns`.
    pub speedup: Option<f64>,
    pub speedup_2t: Option<f64>,
    /// Balls whose end differs from the peer's by more than the tile-map tolerance.
    pub mismatches: Option<usize>,
}
