//! The plan: what a run measures ([`BenchConfig`] and its presets), the batched kernels
//! ([`Kernel`]), and the ordered list of tasks a run works through, each with its work in tests (what
//! progress counts).

use super::ceiling::{lanes_for, level_sizes, thread_counts, CacheSizes};
use super::sets::SetSpec;
use super::timing::passes_for;
use crate::geom::ALGORITHMS;
use serde::Serialize;

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
    /// at the lanes that read the same bytes ([`super::ceiling::lanes_for`]). The presets take one size
    /// per cache level from the machine's caches ([`super::ceiling::level_sizes`]).
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
    /// each, so one [`BenchRun::step`](super::BenchRun::step) of that budget fits in a frame), batched arrays up to 1M lanes.
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

/// The batched kernels measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kernel {
    /// One box against balls with their own radii, writing a mask.
    OneBox,
    /// One box against centres of one fixed radius, writing a mask (the agreement map).
    OneBoxFixedR,
    /// Pair i against pair i, writing a mask.
    Pairs,
    /// One box against balls with their own radii and velocities: each one's time of impact
    /// (`batch::sweep_one_box`, writing an `f32` per ball).
    Sweep,
}

impl Kernel {
    /// Every batched kernel, in table order.
    pub const ALL: [Kernel; 4] = [Kernel::OneBox, Kernel::OneBoxFixedR, Kernel::Pairs, Kernel::Sweep];

    /// The name used in tables and JSON.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Kernel::OneBox => "one_box",
            Kernel::OneBoxFixedR => "one_box_fixed_r",
            Kernel::Pairs => "pairs",
            Kernel::Sweep => "sweep",
        }
    }

    /// The kernel's colour in the roofline plots (the app's panel and `bench --plot`).
    #[must_use]
    pub fn rgb(self) -> [u8; 3] {
        match self {
            Kernel::OneBox => [31, 119, 180],
            Kernel::OneBoxFixedR => [214, 39, 40],
            Kernel::Pairs => [44, 160, 44],
            Kernel::Sweep => [148, 103, 189],
        }
    }

    /// Bytes read per test in dimension `dim`.
    #[must_use]
    pub fn bytes_per_test(self, dim: usize) -> usize {
        match self {
            Kernel::OneBox => 4 * (dim + 1),
            Kernel::OneBoxFixedR => 4 * dim,
            Kernel::Pairs => 4 * (3 * dim + 1),
            Kernel::Sweep => 4 * (2 * dim + 1),
        }
    }
}

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

/// The row name of the structure-of-arrays contact + push-out: `f64` (exact) or the `f32` fast path.
#[must_use]
pub fn contact_soa_name(fast: bool) -> &'static str {
    if fast {
        "contact+push/f32"
    } else {
        "contact+push/soa"
    }
}
