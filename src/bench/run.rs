//! The resumable benchmark run: a fixed plan of tasks, executed a slice at a time by
//! [`BenchRun::step`], so a frame loop can interleave it with drawing and a command line can drive it
//! to the end with a progress bar.

use super::rng::SplitMix64;
use super::sets::{generate_into, PairSet, SetSpec};
use super::Clock;
use crate::geom::batch::{self, PairsSoa};
use crate::geom::{contact, contact_response, Aabb, Ball, ALGORITHMS};
use serde::Serialize;
use std::hint::black_box;

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
    /// Batched kernels: a cache-resident size and a size beyond L2, in lanes.
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
            batched_sizes: vec![4096, 1 << 22],
            pairs_max: 1 << 20,
        }
    }

    /// For a frame loop (the app, the browser): the same matrix, samples of ~150k tests (a few ms
    /// each, so one [`BenchRun::step`] of that budget fits in a frame), batched arrays up to 1M lanes.
    #[must_use]
    pub fn interactive() -> Self {
        BenchConfig { samples: 5, tests_per_sample: 150_000, batched_sizes: vec![4096, 1 << 20], ..Self::full() }
    }

    /// The same matrix, few and short samples: a smoke test that takes seconds (figures are rough).
    #[must_use]
    pub fn quick() -> Self {
        BenchConfig { samples: 2, tests_per_sample: 200_000, batched_sizes: vec![4096, 1 << 20], ..Self::full() }
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
}

impl Kernel {
    /// The name used in tables and JSON.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Kernel::OneBox => "one_box",
            Kernel::OneBoxFixedR => "one_box_fixed_r",
            Kernel::Pairs => "pairs",
        }
    }

    /// Bytes read per test in dimension `dim`.
    #[must_use]
    pub fn bytes_per_test(self, dim: usize) -> usize {
        match self {
            Kernel::OneBox => 4 * (dim + 1),
            Kernel::OneBoxFixedR => 4 * dim,
            Kernel::Pairs => 4 * (3 * dim + 1),
        }
    }
}

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
    /// Streaming sum over the largest batched input (beyond L2), GB/s (10⁹ bytes).
    pub bandwidth_gb_s: f64,
    pub batched: Vec<BatchedResult>,
    /// Wrong hit counts (a correctness failure; empty when all is well).
    pub errors: Vec<String>,
}

/// One unit of the plan.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Task {
    /// Build scalar set `set` in `dim`.
    Generate {
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
    Batched {
        kernel: Kernel,
        dim: usize,
        n: usize,
    },
}

/// Batched inputs, structure-of-arrays, at the largest size (smaller rows use a prefix).
#[derive(Default)]
struct BatchedData {
    /// Centre coordinates per axis (x, y, z) and radii.
    center: [Vec<f32>; 3],
    radius: Vec<f32>,
    pairs2: PairsSoa<2>,
    pairs3: PairsSoa<3>,
    sum: Vec<f32>,
    mask: Vec<u64>,
}

/// The box of the one-box kernels: the centres are spread over a square/cube 4 times as wide.
fn one_box<const D: usize>() -> Aabb<D> {
    Aabb::new([-4.0; D], [4.0; D]).expect("valid box")
}

/// A resumable benchmark run.
pub struct BenchRun<C: Clock> {
    config: BenchConfig,
    clock: C,
    tasks: Vec<(Task, u64)>,
    next: usize,
    /// Samples taken for the current task (timing tasks), pairs generated (generation).
    progress_in_task: usize,
    best_ns: f64,
    finished_best: f64,
    work_total: u64,
    work_done: u64,
    cancelled: bool,
    sets2: Vec<PairSet<2>>,
    sets3: Vec<PairSet<3>>,
    soa2: Vec<PairsSoa<2>>,
    soa3: Vec<PairsSoa<3>>,
    contact_out2: ContactBuffers<2>,
    contact_out3: ContactBuffers<3>,
    batched: BatchedData,
    /// Fastest streaming-sum sample of the current batched task, ns per float.
    best_sum_ns: f64,
    /// Hits summed over the chunks of the current task's first cycle.
    chunk_hits: usize,
    /// (bytes, GB/s) of the largest streaming sum so far.
    largest_sum: (usize, f64),
    results: Results,
}

impl<C: Clock> BenchRun<C> {
    /// Plans the run; nothing is generated or measured until [`BenchRun::step`].
    pub fn new(config: BenchConfig, clock: C) -> Self {
        let mut tasks = Vec::new();
        let samples = config.samples.max(1) as u64;
        let passes = |n: usize| (config.tests_per_sample.div_ceil(n.max(1))).max(1) as u64;
        for &dim in &config.dims {
            for (s, spec) in config.sets.iter().enumerate() {
                tasks.push((Task::Generate { dim, set: s }, 4 * spec.n as u64));
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
            }
        }
        let max_size = config.batched_sizes.iter().copied().max().unwrap_or(0);
        if max_size > 0 && !config.dims.is_empty() {
            tasks.push((Task::GenerateBatched, 4 * max_size as u64));
            let mut rows = Vec::new();
            for &dim in &config.dims {
                for &n in &config.batched_sizes {
                    for kernel in [Kernel::OneBox, Kernel::OneBoxFixedR, Kernel::Pairs] {
                        let n = if kernel == Kernel::Pairs { n.min(config.pairs_max) } else { n };
                        rows.push(Task::Batched { kernel, dim, n });
                    }
                }
            }
            // Each sample times the kernel and, right after it, the streaming sum over the same number
            // of bytes, so that both see the same machine (other processes come and go).
            for row in rows {
                if let Task::Batched { n, .. } = row {
                    tasks.push((row, 2 * samples * passes(n) * n as u64 / 8));
                }
            }
        }
        let work_total = tasks.iter().map(|t| t.1).sum::<u64>().max(1);
        let mut results = Results { level: batch::level().as_str(), ..Results::default() };
        results.bandwidth_gb_s = f64::NAN;
        BenchRun {
            config,
            clock,
            tasks,
            next: 0,
            progress_in_task: 0,
            best_ns: f64::INFINITY,
            finished_best: f64::NAN,
            work_total,
            work_done: 0,
            cancelled: false,
            sets2: Vec::new(),
            sets3: Vec::new(),
            soa2: Vec::new(),
            soa3: Vec::new(),
            contact_out2: ContactBuffers::new(),
            contact_out3: ContactBuffers::new(),
            batched: BatchedData::default(),
            best_sum_ns: f64::INFINITY,
            chunk_hits: 0,
            largest_sum: (0, f64::NAN),
            results,
        }
    }

    /// The configuration this run follows.
    #[must_use]
    pub fn config(&self) -> &BenchConfig {
        &self.config
    }

    /// Fraction of the planned work done, 0..=1.
    #[must_use]
    pub fn progress(&self) -> f64 {
        if self.next >= self.tasks.len() {
            1.0
        } else {
            (self.work_done as f64 / self.work_total as f64).min(1.0)
        }
    }

    /// What is being measured now (for a progress bar's message).
    #[must_use]
    pub fn current(&self) -> String {
        match self.tasks.get(self.next).map(|t| t.0) {
            None => "done".into(),
            Some(Task::Generate { dim, set }) => format!("generating {}D {}", dim, self.config.sets[set].name),
            Some(Task::GenerateBatched) => "generating batched inputs".into(),
            Some(Task::Scalar { dim, set, algo }) => {
                format!("{} {}D {}", ALGORITHMS[algo].id, dim, self.config.sets[set].name)
            }
            Some(Task::Contact { dim, set }) => format!("contact+push {}D {}", dim, self.config.sets[set].name),
            Some(Task::ContactSoa { dim, set, fast }) => {
                format!("{} {}D {}", contact_soa_name(fast), dim, self.config.sets[set].name)
            }
            Some(Task::Batched { kernel, dim, n }) => format!("{} {}D n={}", kernel.as_str(), dim, n),
        }
    }

    /// Stops the run; the results gathered so far stay available.
    pub fn cancel(&mut self) {
        self.cancelled = true;
    }

    /// All tasks done, or cancelled.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.cancelled || self.next >= self.tasks.len()
    }

    /// Was the run cancelled?
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.cancelled
    }

    /// The results so far.
    #[must_use]
    pub fn results(&self) -> &Results {
        &self.results
    }

    /// Consumes the run, returning its results.
    #[must_use]
    pub fn into_results(self) -> Results {
        self.results
    }

    /// Does about `budget` tests' worth of work (at least one unit: one timed sample, or a slice of
    /// input generation) and returns whether the run is done. A timed sample is never split, so one
    /// call can overrun the budget by up to one sample (`tests_per_sample` tests).
    pub fn step(&mut self, budget: u64) -> bool {
        let mut spent = 0u64;
        while !self.is_done() && (spent == 0 || spent < budget) {
            let before = self.work_done;
            self.unit(budget.saturating_sub(spent).max(1));
            spent += (self.work_done - before).max(1);
        }
        self.is_done()
    }

    /// Runs to the end (desktop use), calling `on_progress` after each unit.
    pub fn run_to_end(&mut self, mut on_progress: impl FnMut(&Self)) {
        while !self.is_done() {
            self.step(1);
            on_progress(self);
        }
    }

    fn finish_task(&mut self) {
        self.next += 1;
        self.progress_in_task = 0;
        self.best_ns = f64::INFINITY;
        // Progress counts whole tasks exactly, whatever the rounding inside them.
        self.work_done = self.tasks[..self.next].iter().map(|t| t.1).sum();
    }

    fn unit(&mut self, budget: u64) {
        let (task, work) = self.tasks[self.next];
        let samples = self.config.samples.max(1);
        match task {
            Task::Generate { dim, set } => {
                let spec = self.config.sets[set].clone();
                let want = (budget as usize / 4).max(1024);
                let done = if dim == 2 {
                    if self.sets2.len() <= set {
                        self.sets2.push(PairSet::empty(&spec));
                    }
                    generate_into(&mut self.sets2[set], want)
                } else {
                    if self.sets3.len() <= set {
                        self.sets3.push(PairSet::empty(&spec));
                    }
                    generate_into(&mut self.sets3[set], want)
                };
                if done {
                    if dim == 2 {
                        let s = &self.sets2[set];
                        self.soa2.push(PairsSoa::from_shapes(&s.balls, &s.boxes));
                    } else {
                        let s = &self.sets3[set];
                        self.soa3.push(PairsSoa::from_shapes(&s.balls, &s.boxes));
                    }
                    self.finish_task();
                } else {
                    let len = if dim == 2 { self.sets2[set].len() } else { self.sets3[set].len() };
                    self.work_done += (4 * len - self.progress_in_task * 4) as u64;
                    self.progress_in_task = len;
                }
            }
            Task::GenerateBatched => {
                self.generate_batched();
                self.finish_task();
            }
            Task::Scalar { dim, set, algo } => {
                let a = &ALGORITHMS[algo];
                let n = self.config.sets[set].n;
                let (range, passes, len) = self.chunk(n);
                let (ns, hits, exact) = if dim == 2 {
                    let (s, f) = (&self.sets2[set], a.count_pairs_2d);
                    let (b, x) = (&s.balls[range.clone()], &s.boxes[range]);
                    let (ns, hits) = time(&mut self.clock, len, passes, || f(black_box(b), black_box(x)));
                    (ns, hits, s.exact_hits)
                } else {
                    let (s, f) = (&self.sets3[set], a.count_pairs_3d);
                    let (b, x) = (&s.balls[range.clone()], &s.boxes[range]);
                    let (ns, hits) = time(&mut self.clock, len, passes, || f(black_box(b), black_box(x)));
                    (ns, hits, s.exact_hits)
                };
                let hits = self.chunk_done(work, ns, hits, n, samples);
                if self.progress_in_task == 0 {
                    if a.is_exact(dim) && hits != exact {
                        self.results.errors.push(format!(
                            "{} {}D {}: {} hits, the exact contact says {}",
                            a.id, dim, self.config.sets[set].name, hits, exact
                        ));
                    }
                    let set_name = self.config.sets[set].name.clone();
                    self.results.scalar.push(ScalarResult {
                        algorithm: a.id,
                        dim,
                        set: set_name,
                        n,
                        ns_per_test: self.last_best(),
                        hits,
                        exact_hits: exact,
                    });
                }
            }
            Task::Contact { dim, set } => {
                let n = self.config.sets[set].n;
                let (range, passes, len) = self.chunk(n);
                let (ns, hits, exact) = if dim == 2 {
                    let s = &self.sets2[set];
                    let (b, x) = (&s.balls[range.clone()], &s.boxes[range]);
                    let (ns, hits) =
                        time(&mut self.clock, len, passes, || contact_push_pass(black_box(b), black_box(x)));
                    (ns, hits, s.exact_hits)
                } else {
                    let s = &self.sets3[set];
                    let (b, x) = (&s.balls[range.clone()], &s.boxes[range]);
                    let (ns, hits) =
                        time(&mut self.clock, len, passes, || contact_push_pass(black_box(b), black_box(x)));
                    (ns, hits, s.exact_hits)
                };
                let hits = self.chunk_done(work, ns, hits, n, samples);
                if self.progress_in_task == 0 {
                    if hits != exact {
                        self.results.errors.push(format!(
                            "contact+push {}D {}: {} hits, expected {}",
                            dim, self.config.sets[set].name, hits, exact
                        ));
                    }
                    self.results.contact.push(ScalarResult {
                        algorithm: "contact+push",
                        dim,
                        set: self.config.sets[set].name.clone(),
                        n,
                        ns_per_test: self.last_best(),
                        hits,
                        exact_hits: exact,
                    });
                }
            }
            Task::ContactSoa { dim, set, fast } => {
                let n = self.config.sets[set].n;
                let (range, passes, len) = self.chunk(n);
                let (ns, hits, exact) = if dim == 2 {
                    let (p, exact) = (prefix_range(&self.soa2[set], range), self.sets2[set].exact_hits);
                    let o = &mut self.contact_out2;
                    o.grow(len);
                    let (ns, hits) = time(&mut self.clock, len, passes, || o.run(black_box(p), fast));
                    (ns, hits, exact)
                } else {
                    let (p, exact) = (prefix_range(&self.soa3[set], range), self.sets3[set].exact_hits);
                    let o = &mut self.contact_out3;
                    o.grow(len);
                    let (ns, hits) = time(&mut self.clock, len, passes, || o.run(black_box(p), fast));
                    (ns, hits, exact)
                };
                let hits = self.chunk_done(work, ns, hits, n, samples);
                if self.progress_in_task == 0 {
                    if hits != exact {
                        self.results.errors.push(format!(
                            "{} {}D {}: {} hits, expected {}",
                            contact_soa_name(fast),
                            dim,
                            self.config.sets[set].name,
                            hits,
                            exact
                        ));
                    }
                    self.results.contact.push(ScalarResult {
                        algorithm: contact_soa_name(fast),
                        dim,
                        set: self.config.sets[set].name.clone(),
                        n,
                        ns_per_test: self.last_best(),
                        hits,
                        exact_hits: exact,
                    });
                }
            }
            Task::Batched { kernel, dim, n } => {
                let (ns, hits) = self.time_batched(kernel, dim, n);
                let bytes = kernel.bytes_per_test(dim) * n;
                let floats = (bytes / 4).min(self.batched.sum.len());
                let data = &self.batched.sum[..floats];
                let passes = passes_for(&self.config, n);
                let (sum_ns, _) =
                    time(&mut self.clock, floats, passes, || black_box(batch::stream_sum(black_box(data))) as usize);
                self.best_sum_ns = self.best_sum_ns.min(sum_ns);
                self.sample_done(work, ns, samples);
                if self.progress_in_task == 0 {
                    let expected = self.expected_batched(kernel, dim, n);
                    if hits != expected {
                        self.results.errors.push(format!(
                            "{} {}D n={}: {} hits, the exact contact says {}",
                            kernel.as_str(),
                            dim,
                            n,
                            hits,
                            expected
                        ));
                    }
                    let bytes_per_test = kernel.bytes_per_test(dim);
                    let sum = 4.0 / std::mem::replace(&mut self.best_sum_ns, f64::INFINITY);
                    if bytes >= self.largest_sum.0 {
                        self.largest_sum = (bytes, sum);
                        self.results.bandwidth_gb_s = sum;
                    }
                    let ns = self.last_best();
                    let tests_per_s = 1e9 / ns;
                    let gb_s = tests_per_s * bytes_per_test as f64 / 1e9;
                    self.results.batched.push(BatchedResult {
                        kernel: kernel.as_str(),
                        dim,
                        n,
                        tests_per_s,
                        bytes_per_test,
                        sum_gb_s: sum,
                        percent_of_bandwidth: 100.0 * gb_s / sum,
                    });
                }
            }
        }
    }

    /// What the next sample of a set of `n` pairs covers: the whole set (as many passes as make
    /// `tests_per_sample`) when it fits, else the next chunk of `tests_per_sample` pairs, cycling, so
    /// that a sample stays short (on a busy machine, long samples are always interrupted).
    /// Returns (range, passes, range length).
    fn chunk(&self, n: usize) -> (std::ops::Range<usize>, usize, usize) {
        let len = self.config.tests_per_sample.clamp(1, n.max(1));
        if len >= n {
            return (0..n, passes_for(&self.config, n), n);
        }
        let chunks = n.div_ceil(len);
        let k = self.progress_in_task % chunks;
        let range = k * len..((k + 1) * len).min(n);
        let l = range.len();
        (range, 1, l)
    }

    /// Records a sample of [`BenchRun::chunk`]; the hit count of the whole set (summed over the first
    /// cycle of chunks) is returned once known, and the task lasts until every chunk was timed once.
    fn chunk_done(&mut self, work: u64, ns: f64, hits: usize, n: usize, samples: usize) -> usize {
        let len = self.config.tests_per_sample.clamp(1, n.max(1));
        let chunks = n.div_ceil(len).max(1);
        if self.progress_in_task == 0 {
            self.chunk_hits = 0;
        }
        if self.progress_in_task < chunks {
            self.chunk_hits += hits;
        }
        self.sample_done(work, ns, samples.max(chunks));
        self.chunk_hits
    }

    /// Records one sample; when the task has all its samples, finishes it (`progress_in_task` → 0)
    /// and leaves its fastest sample in `finished_best`.
    fn sample_done(&mut self, work: u64, ns: f64, samples: usize) {
        self.best_ns = self.best_ns.min(ns);
        self.progress_in_task += 1;
        self.work_done += work / samples as u64;
        if self.progress_in_task >= samples {
            self.finished_best = self.best_ns;
            self.finish_task();
        }
    }

    fn last_best(&self) -> f64 {
        self.finished_best
    }

    fn generate_batched(&mut self) {
        let n = self.config.batched_sizes.iter().copied().max().unwrap_or(0);
        let mut g = SplitMix64::new(0xBA7C_4ED0);
        let q = |x: f32| (x * 16.0).round() / 16.0;
        let b = &mut self.batched;
        for axis in 0..3 {
            b.center[axis] = (0..n).map(|_| q(g.range(-16.0, 16.0))).collect();
        }
        b.radius = (0..n).map(|_| q(g.range(0.0, 8.0))).collect();
        let np = n.min(self.config.pairs_max);
        if self.config.dims.contains(&2) {
            let s = super::sets::generate::<2>(&SetSpec::new("pairs", np, 50, 0xBA7C_0002));
            self.batched.pairs2 = PairsSoa::from_shapes(&s.balls, &s.boxes);
        }
        if self.config.dims.contains(&3) {
            let s = super::sets::generate::<3>(&SetSpec::new("pairs", np, 50, 0xBA7C_0003));
            self.batched.pairs3 = PairsSoa::from_shapes(&s.balls, &s.boxes);
        }
        let max_bytes = self
            .tasks
            .iter()
            .map(|t| match t.0 {
                Task::Batched { kernel, dim, n } => kernel.bytes_per_test(dim) * n,
                _ => 0,
            })
            .max()
            .unwrap_or(0);
        self.batched.sum = (0..max_bytes / 4).map(|i| (i % 7) as f32).collect();
        self.batched.mask = vec![0; batch::mask_words(n)];
    }

    /// The fixed radius of the `OneBoxFixedR` rows.
    const FIXED_R: f32 = 3.0;

    fn time_batched(&mut self, kernel: Kernel, dim: usize, n: usize) -> (f64, usize) {
        let passes = passes_for(&self.config, n);
        let mut d = std::mem::take(&mut self.batched);
        let clock = &mut self.clock;
        let c = |i: usize| &d.center[i][..n];
        let out = match (kernel, dim) {
            (Kernel::OneBox, 2) => {
                let (x, y, r) = (c(0), c(1), &d.radius[..n]);
                time(clock, n, passes, || {
                    batch::overlap_mask_one_box(&one_box::<2>(), [x, y], r, black_box(&mut d.mask))
                })
            }
            (Kernel::OneBox, _) => {
                let (x, y, z, r) = (c(0), c(1), c(2), &d.radius[..n]);
                time(clock, n, passes, || {
                    batch::overlap_mask_one_box(&one_box::<3>(), [x, y, z], r, black_box(&mut d.mask))
                })
            }
            (Kernel::OneBoxFixedR, 2) => {
                let (x, y) = (c(0), c(1));
                time(clock, n, passes, || {
                    batch::overlap_mask_one_box_fixed(&one_box::<2>(), Self::FIXED_R, [x, y], black_box(&mut d.mask))
                })
            }
            (Kernel::OneBoxFixedR, _) => {
                let (x, y, z) = (c(0), c(1), c(2));
                time(clock, n, passes, || {
                    batch::overlap_mask_one_box_fixed(&one_box::<3>(), Self::FIXED_R, [x, y, z], black_box(&mut d.mask))
                })
            }
            (Kernel::Pairs, 2) => {
                let p = prefix(&d.pairs2, n);
                time(clock, n, passes, || batch::overlap_mask_pairs(p, black_box(&mut d.mask)))
            }
            (Kernel::Pairs, _) => {
                let p = prefix(&d.pairs3, n);
                time(clock, n, passes, || batch::overlap_mask_pairs(p, black_box(&mut d.mask)))
            }
        };
        self.batched = d;
        out
    }

    /// The exact number of overlaps among the first `n` lanes of a batched input.
    fn expected_batched(&self, kernel: Kernel, dim: usize, n: usize) -> usize {
        let d = &self.batched;
        let radius = |i: usize| if kernel == Kernel::OneBoxFixedR { Self::FIXED_R } else { d.radius[i] };
        match (kernel, dim) {
            (Kernel::Pairs, 2) => exact_pairs(&d.pairs2, n),
            (Kernel::Pairs, _) => exact_pairs(&d.pairs3, n),
            (_, 2) => (0..n)
                .filter(|&i| {
                    let b = Ball::new([d.center[0][i], d.center[1][i]], radius(i)).expect("valid");
                    contact(&b, &one_box::<2>()).state.is_overlap()
                })
                .count(),
            _ => (0..n)
                .filter(|&i| {
                    let b = Ball::new([d.center[0][i], d.center[1][i], d.center[2][i]], radius(i)).expect("valid");
                    contact(&b, &one_box::<3>()).state.is_overlap()
                })
                .count(),
        }
    }
}

fn passes_for(config: &BenchConfig, n: usize) -> usize {
    config.tests_per_sample.div_ceil(n.max(1)).max(1)
}

/// Times `passes` runs of `f`, returning (nanoseconds per test, the last hit count).
fn time<C: Clock>(clock: &mut C, tests_per_pass: usize, passes: usize, mut f: impl FnMut() -> usize) -> (f64, usize) {
    let mut hits = 0;
    let t0 = clock.seconds();
    for _ in 0..passes {
        hits = black_box(f());
    }
    let t1 = clock.seconds();
    ((t1 - t0).max(0.0) * 1e9 / (passes * tests_per_pass).max(1) as f64, hits)
}

fn prefix_range<const D: usize>(p: &PairsSoa<D>, r: std::ops::Range<usize>) -> batch::PairsRef<'_, D> {
    batch::PairsRef {
        center: std::array::from_fn(|i| &p.center[i][r.clone()]),
        radius: &p.radius[r.clone()],
        min: std::array::from_fn(|i| &p.min[i][r.clone()]),
        max: std::array::from_fn(|i| &p.max[i][r.clone()]),
    }
}

fn prefix<const D: usize>(p: &PairsSoa<D>, n: usize) -> batch::PairsRef<'_, D> {
    let n = n.min(p.len());
    batch::PairsRef {
        center: std::array::from_fn(|i| &p.center[i][..n]),
        radius: &p.radius[..n],
        min: std::array::from_fn(|i| &p.min[i][..n]),
        max: std::array::from_fn(|i| &p.max[i][..n]),
    }
}

fn exact_pairs<const D: usize>(p: &PairsSoa<D>, n: usize) -> usize {
    (0..n.min(p.len()))
        .filter(|&i| {
            let b = Ball::new(std::array::from_fn::<f32, D, _>(|k| p.center[k][i]), p.radius[i]).expect("valid");
            let a = Aabb::new(std::array::from_fn::<f32, D, _>(|k| p.min[k][i]), std::array::from_fn(|k| p.max[k][i]))
                .expect("valid");
            contact(&b, &a).state.is_overlap()
        })
        .count()
}

/// Owned output arrays for [`batch::contact_push_pairs`], reused across samples (the CLI run and
/// the criterion bench share it).
pub struct ContactBuffers<const D: usize> {
    distance: Vec<f32>,
    penetration: Vec<f32>,
    push: [Vec<f32>; D],
    state: Vec<u8>,
}

impl<const D: usize> Default for ContactBuffers<D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const D: usize> ContactBuffers<D> {
    /// Empty buffers; [`ContactBuffers::grow`] sizes them.
    #[must_use]
    pub fn new() -> Self {
        ContactBuffers {
            distance: Vec::new(),
            penetration: Vec::new(),
            push: std::array::from_fn(|_| Vec::new()),
            state: Vec::new(),
        }
    }

    /// At least `n` slots, written once (so that no page is first touched inside a timed sample).
    pub fn grow(&mut self, n: usize) {
        if self.distance.len() < n {
            self.distance.resize(n, 1.0);
            self.penetration.resize(n, 1.0);
            for p in &mut self.push {
                p.resize(n, 1.0);
            }
            self.state.resize(n, 1);
        }
    }

    /// Runs [`batch::contact_push_pairs`] (or, with `fast`, [`batch::contact_push_pairs_f32`]) into the
    /// buffers; returns the number of overlaps.
    pub fn run(&mut self, p: batch::PairsRef<'_, D>, fast: bool) -> usize {
        let mut push = self.push.iter_mut();
        let out = batch::ContactsMut {
            distance: &mut self.distance,
            penetration: &mut self.penetration,
            push: std::array::from_fn(|_| push.next().expect("D arrays").as_mut_slice()),
            state: &mut self.state,
        };
        if fast {
            batch::contact_push_pairs_f32(p, out)
        } else {
            batch::contact_push_pairs(p, out)
        }
    }
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

/// The contact and the push-out for every pair ([`contact_response`]): returns the number of
/// overlaps, and folds every output into a value the optimiser must compute (with `xor` of the bits,
/// which does not chain a floating-point latency from one pair to the next).
#[inline(never)]
pub fn contact_push_pass<const D: usize>(balls: &[Ball<D>], boxes: &[Aabb<D>]) -> usize {
    let mut hits = 0;
    let mut acc = 0u32;
    for (b, a) in balls.iter().zip(boxes) {
        let (k, p) = contact_response(b, a);
        hits += k.state.is_overlap() as usize;
        let mut x = k.distance.to_bits() ^ k.penetration.to_bits() ^ k.zone ^ (p.case as u32) << 8;
        for i in 0..D {
            x ^= k.closest[i].to_bits().rotate_left(i as u32) ^ p.push[i].to_bits().rotate_left(7 + i as u32);
        }
        acc ^= x ^ p.face.map_or(0, |f| (f.axis as u32) << 1 | f.upper as u32);
    }
    black_box(acc);
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> BenchConfig {
        BenchConfig {
            sets: vec![SetSpec::new("a", 300, 10, 1), SetSpec::new("b", 100, 90, 2)],
            dims: vec![2, 3],
            samples: 2,
            tests_per_sample: 1000,
            batched_sizes: vec![70, 200],
            pairs_max: 150,
        }
    }

    fn fake_clock() -> impl FnMut() -> f64 {
        let mut t = 0.0;
        move || {
            t += 1e-6;
            t
        }
    }

    #[test]
    fn a_run_in_slices_fills_the_whole_matrix_with_correct_counts() {
        let mut run = BenchRun::new(tiny(), fake_clock());
        let mut last = 0.0;
        let mut steps = 0;
        while !run.step(500) {
            let p = run.progress();
            assert!(p >= last && p < 1.0, "progress {last} -> {p}");
            last = p;
            steps += 1;
        }
        assert!(steps > 10, "the work was sliced ({steps} steps)");
        assert_eq!(run.progress(), 1.0);
        let r = run.into_results();
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(r.scalar.len(), ALGORITHMS.len() * 2 * 2);
        // contact+push, contact+push/soa and contact+push/f32, per dimension and set.
        assert_eq!(r.contact.len(), 3 * 2 * 2);
        assert_eq!(r.batched.len(), 2 * 2 * 3);
        for row in &r.scalar {
            assert!(row.ns_per_test.is_finite() && row.ns_per_test > 0.0, "{row:?}");
            let a = crate::geom::algorithm(row.algorithm).unwrap();
            if a.is_exact(row.dim) {
                assert_eq!(row.hits, row.exact_hits, "{row:?}");
            }
        }
        assert!(r.batched.iter().any(|b| b.kernel == "pairs" && b.n == 150), "pairs capped at pairs_max");
        assert!(r.bandwidth_gb_s.is_finite());
    }

    #[test]
    fn cancel_stops_and_keeps_what_was_measured() {
        let mut run = BenchRun::new(tiny(), fake_clock());
        while run.results().scalar.len() < 3 {
            run.step(1000);
        }
        run.cancel();
        assert!(run.is_done() && run.is_cancelled());
        let p = run.progress();
        assert!(p > 0.0 && p < 1.0);
        assert!(run.step(1000), "a cancelled run stays done");
        assert_eq!(run.progress(), p, "no work after cancel");
        assert!(run.results().scalar.len() >= 3);
    }
}
