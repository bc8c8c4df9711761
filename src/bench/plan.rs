//! The plan: the ordered list of tasks a run works through, each with its work in tests (what
//! progress counts), from the [`BenchConfig`].

use super::caches::thread_counts;
use super::config::{passes_for, BenchConfig};
use super::kernels::{lanes_for, Kernel};
use crate::geom::algo::ALGORITHMS;

/// One unit of the plan.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Task {
    /// Build scalar set `set` in `dim`.
    Generate {
        dim: usize,
        set: usize,
    },
    /// Build sweep set `set` in `dim` (ball, displacement, box).
    GenerateSweep {
        dim: usize,
        set: usize,
    },
    /// Build the batched inputs.
    GenerateBatched,
    Scalar {
        dim: usize,
        set: usize,
        algo: usize,
    },
    Contact {
        dim: usize,
        set: usize,
    },
    /// The same, many pairs at once (structure-of-arrays, vectorised); `fast`: the `f32` path.
    ContactSoa {
        dim: usize,
        set: usize,
        fast: bool,
    },
    /// The swept ball against its box ([`crate::geom::sweep`]) on sweep set `set`.
    Sweep {
        dim: usize,
        set: usize,
    },
    /// A batched kernel on `threads` threads (1: the single-thread kernel; more: its `par_*` form in
    /// a pool of that many), each sample followed by its ceiling on the same arrays and threads.
    Batched {
        kernel: Kernel,
        dim: usize,
        n: usize,
        threads: usize,
    },
    /// `batch::par_contact_push_pairs` (`fast`: the `f32` form) on the largest set, on `threads`
    /// threads (1: the single-thread function).
    ContactThreads {
        dim: usize,
        set: usize,
        fast: bool,
        threads: usize,
    },
}

/// Every task in order, with its work in tests: the inputs first (pairs, then sweep cases), then the
/// scalar matrix (each registry algorithm, then the contact + push-out rows, then the sweep) per
/// dimension and set, then the batched inputs and kernels.
pub(super) fn plan(config: &BenchConfig) -> Vec<(Task, u64)> {
    let mut tasks = Vec::new();
    let samples = config.samples.max(1) as u64;
    let passes = |n: usize| passes_for(config, n) as u64;
    for &dim in &config.dims {
        for (s, spec) in config.sets.iter().enumerate() {
            tasks.push((Task::Generate { dim, set: s }, 4 * spec.n as u64));
        }
    }
    for &dim in &config.dims {
        for (s, spec) in config.sets.iter().enumerate() {
            tasks.push((Task::GenerateSweep { dim, set: s }, 8 * spec.n as u64));
        }
    }
    for &dim in &config.dims {
        for (s, spec) in config.sets.iter().enumerate() {
            let per_sample = if spec.n <= config.tests_per_sample {
                passes(spec.n) * spec.n as u64
            } else {
                config.tests_per_sample as u64
            };
            let work = samples.max(spec.n.div_ceil(config.tests_per_sample.max(1)) as u64) * per_sample;
            for algo in 0..ALGORITHMS.len() {
                tasks.push((Task::Scalar { dim, set: s, algo }, work));
            }
            tasks.push((Task::Contact { dim, set: s }, 3 * work));
            tasks.push((Task::ContactSoa { dim, set: s, fast: false }, work));
            tasks.push((Task::ContactSoa { dim, set: s, fast: true }, work));
            tasks.push((Task::Sweep { dim, set: s }, 3 * work));
        }
    }
    let max_size = config.batched_sizes.iter().copied().max().unwrap_or(0) * 2;
    if max_size > 0 && !config.dims.is_empty() {
        tasks.push((Task::GenerateBatched, 4 * max_size as u64));
        let mut rows = Vec::new();
        for &dim in &config.dims {
            for &size in &config.batched_sizes {
                for kernel in Kernel::ALL {
                    let n = lanes_for(kernel, dim, size, config.pairs_max);
                    for &threads in &thread_counts() {
                        rows.push(Task::Batched { kernel, dim, n, threads });
                    }
                }
            }
        }
        // Each sample times the kernel and, right after it, the ceiling over the same arrays, so that
        // both see the same machine (other processes come and go).
        for row in rows {
            if let Task::Batched { n, .. } = row {
                tasks.push((row, 2 * samples * passes(n) * n as u64 / 8));
            }
        }
    }
    // The contact + push batch on the largest set, on 1, 2, … threads.
    if let Some((set, spec)) = config.sets.iter().enumerate().max_by_key(|(_, s)| s.n) {
        if thread_counts().len() > 1 {
            for &dim in &config.dims {
                for fast in [false, true] {
                    for &threads in &thread_counts() {
                        tasks.push((Task::ContactThreads { dim, set, fast, threads }, samples * spec.n as u64));
                    }
                }
            }
        }
    }
    tasks
}

/// The lanes of the batched inputs the plan's batched tasks read: (the one-box kernels', the pairs
/// kernel's), each the largest of its rows.
pub(super) fn batched_lanes(tasks: &[(Task, u64)]) -> (usize, usize) {
    let lanes = |pairs: bool| {
        tasks
            .iter()
            .filter_map(|t| match t.0 {
                Task::Batched { kernel, n, .. } if (kernel == Kernel::Pairs) == pairs => Some(n),
                _ => None,
            })
            .max()
            .unwrap_or(0)
    };
    (lanes(false), lanes(true))
}

/// The row name of the structure-of-arrays contact + push-out: `f64` (exact) or the `f32` fast path.
#[must_use]
pub fn contact_soa_name(fast: bool) -> &'static str {
    if fast {
        "contact+push/f32"
    } else {
        "contact+push/soa"
    }
}
