//! What a run reports: one row per scalar cell, per contact row, per sweep row and per batched kernel, the
//! streaming-sum ceiling, and any wrong hit count. These are the `bench --json` keys
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
    /// The streaming sum over the same number of bytes, in the same run.
    pub sum_gb_s: f64,
    /// This kernel's bytes per second as a percentage of `sum_gb_s`.
    pub percent_of_bandwidth: f64,
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
    /// Streaming sum over the largest batched input (beyond L2), GB/s (10⁹ bytes).
    pub bandwidth_gb_s: f64,
    pub batched: Vec<BatchedResult>,
    /// Wrong hit counts (a correctness failure; empty when all is well).
    pub errors: Vec<String>,
}
