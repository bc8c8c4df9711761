//! The resumable run: the step machine that works through the [plan](super::plan) a slice at a
//! time ([`BenchRun::step`]), so a frame loop can interleave it with drawing and a command line can
//! drive it to the end with a progress bar. Each unit is one timed sample or a slice of input
//! generation; the machine keeps the inputs, counts progress, keeps each task's fastest sample,
//! checks every hit count and fills in the [`Results`].

use super::buffers::{pairs_range, BatchedData, Dims, InDim};
use super::caches::{self, CacheSizes};
use super::ceiling;
use super::config::{passes_for, BenchConfig};
use super::kernels::{self, contact_push_pass, expected_batched, time_batched, Kernel};
use super::plan::{batched_lanes, contact_soa_name, plan, Task};
use super::results::{BatchedResult, Results, ScalarResult, ThreadsResult};
use super::sets::{generate_into, PairSet};
use super::sweeps::{generate_sweeps_into, sweep_pass, SweepSet};
use super::timing::{time, Clock, ParityBest};
use crate::geom::algo::ALGORITHMS;
use crate::geom::batch::{self, PairsSoa};
use std::hint::black_box;

/// Runs `f` on a pool of `threads` threads (built once per size), or here for one thread (and always
/// on the web, where there are no threads).
fn on_threads<R: Send>(
    #[cfg(not(target_arch = "wasm32"))] pools: &mut Vec<(usize, rayon::ThreadPool)>,
    threads: usize,
    f: impl FnOnce() -> R + Send,
) -> R {
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 {
        if !pools.iter().any(|p| p.0 == threads) {
            match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
                Ok(pool) => pools.push((threads, pool)),
                Err(_) => return f(),
            }
        }
        if let Some((_, pool)) = pools.iter().find(|p| p.0 == threads) {
            return pool.install(f);
        }
    }
    let _ = threads;
    f()
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
    dims: Dims,
    batched: BatchedData,
    /// Fastest samples of the current batched task: the kernel's and its ceiling's.
    kernel_best: ParityBest,
    ceiling_best: ParityBest,
    /// Per sample of the current batched task: the ceiling's time over the kernel's (the kernel's
    /// share of the ceiling, measured back to back on the same machine state).
    ratios: Vec<f64>,
    caches: CacheSizes,
    /// Thread pools by size (2, 3, …), built when first needed.
    #[cfg(not(target_arch = "wasm32"))]
    pools: Vec<(usize, rayon::ThreadPool)>,
    /// Hits summed over the chunks of the current task's first cycle.
    chunk_hits: usize,
    /// (bytes, GB/s) of the largest single-thread ceiling so far.
    largest_sum: (usize, f64),
    results: Results,
}

impl<C: Clock> BenchRun<C> {
    /// Plans the run; nothing is generated or measured until [`BenchRun::step`].
    pub fn new(config: BenchConfig, clock: C) -> Self {
        let tasks = plan(&config);
        let work_total = tasks.iter().map(|t| t.1).sum::<u64>().max(1);
        let caches = CacheSizes::detect();
        let mut results = Results {
            level: batch::level().as_str(),
            caches,
            threads_available: caches::available_threads(),
            ..Results::default()
        };
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
            dims: Dims::default(),
            batched: BatchedData::default(),
            kernel_best: ParityBest::NONE,
            ceiling_best: ParityBest::NONE,
            ratios: Vec::new(),
            caches,
            #[cfg(not(target_arch = "wasm32"))]
            pools: Vec::new(),
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
            Some(Task::GenerateSweep { dim, set }) => {
                format!("generating {}D sweeps {}", dim, self.config.sets[set].name)
            }
            Some(Task::GenerateBatched) => "generating batched inputs".into(),
            Some(Task::Sweep { dim, set }) => format!("sweep {}D {}", dim, self.config.sets[set].name),
            Some(Task::Scalar { dim, set, algo }) => {
                format!("{} {}D {}", ALGORITHMS[algo].id, dim, self.config.sets[set].name)
            }
            Some(Task::Contact { dim, set }) => format!("contact+push {}D {}", dim, self.config.sets[set].name),
            Some(Task::ContactSoa { dim, set, fast }) => {
                format!("{} {}D {}", contact_soa_name(fast), dim, self.config.sets[set].name)
            }
            Some(Task::Batched { kernel, dim, n, threads }) => {
                format!("{} {}D n={} threads={}", kernel.as_str(), dim, n, threads)
            }
            Some(Task::ContactThreads { dim, fast, threads, .. }) => {
                format!("{} {}D threads={}", contact_soa_name(fast), dim, threads)
            }
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
        match task {
            Task::GenerateBatched => {
                let (n, np) = batched_lanes(&self.tasks);
                self.batched = BatchedData::generate(&self.config, n, np);
                self.finish_task();
            }
            Task::Batched { kernel, dim, n, threads } => self.batched_sample(kernel, dim, n, threads, work),
            Task::Generate { dim, .. }
            | Task::GenerateSweep { dim, .. }
            | Task::Scalar { dim, .. }
            | Task::Contact { dim, .. }
            | Task::ContactSoa { dim, .. }
            | Task::Sweep { dim, .. }
            | Task::ContactThreads { dim, .. } => {
                if dim == 2 {
                    self.unit_in::<2>(task, work, budget);
                } else {
                    self.unit_in::<3>(task, work, budget);
                }
            }
        }
    }

    /// One unit of a task on dimension `D`'s inputs.
    fn unit_in<const D: usize>(&mut self, task: Task, work: u64, budget: u64)
    where
        Dims: InDim<D>,
    {
        let samples = self.config.samples.max(1);
        match task {
            Task::Generate { set, .. } => {
                let want = (budget as usize / 4).max(1024);
                let d = InDim::<D>::data(&mut self.dims);
                if d.sets.len() <= set {
                    d.sets.push(PairSet::empty(&self.config.sets[set]));
                }
                if generate_into(&mut d.sets[set], want) {
                    let s = &d.sets[set];
                    d.soa.push(PairsSoa::from_shapes(&s.balls, &s.boxes));
                    self.finish_task();
                } else {
                    let len = d.sets[set].len();
                    self.work_done += (4 * len - self.progress_in_task * 4) as u64;
                    self.progress_in_task = len;
                }
            }
            Task::GenerateSweep { set, .. } => {
                let want = (budget as usize / 8).max(512);
                let d = InDim::<D>::data(&mut self.dims);
                if d.sweeps.len() <= set {
                    d.sweeps.push(SweepSet::empty(&self.config.sets[set]));
                }
                if generate_sweeps_into(&mut d.sweeps[set], want) {
                    self.finish_task();
                } else {
                    let len = d.sweeps[set].len();
                    self.work_done += (8 * (len - self.progress_in_task)) as u64;
                    self.progress_in_task = len;
                }
            }
            Task::Sweep { set, .. } => {
                let n = self.config.sets[set].n;
                let (range, passes, len) = self.chunk(n);
                let s = &InDim::<D>::data(&mut self.dims).sweeps[set];
                let (b, v, x) = (&s.balls[range.clone()], &s.velocities[range.clone()], &s.boxes[range]);
                let (ns, hits) =
                    time(&mut self.clock, len, passes, || sweep_pass(black_box(b), black_box(v), black_box(x)));
                let exact = s.exact_hits;
                let hits = self.chunk_done(work, ns, hits, n, samples);
                if self.progress_in_task == 0 {
                    let row = self.scalar_row("sweep", D, set, hits, exact);
                    self.check(&row, "the path's exact distance says");
                    self.results.sweep.push(row);
                }
            }
            Task::Scalar { set, algo, .. } => {
                let a = &ALGORITHMS[algo];
                let n = self.config.sets[set].n;
                let (range, passes, len) = self.chunk(n);
                let f = <Dims as InDim<D>>::count_pairs(a);
                let s = &InDim::<D>::data(&mut self.dims).sets[set];
                let (b, x) = (&s.balls[range.clone()], &s.boxes[range]);
                let (ns, hits) = time(&mut self.clock, len, passes, || f(black_box(b), black_box(x)));
                let exact = s.exact_hits;
                let hits = self.chunk_done(work, ns, hits, n, samples);
                if self.progress_in_task == 0 {
                    let row = self.scalar_row(a.id, D, set, hits, exact);
                    if a.is_exact(D) {
                        self.check(&row, "the exact contact says");
                    }
                    self.results.scalar.push(row);
                }
            }
            Task::Contact { set, .. } => {
                let n = self.config.sets[set].n;
                let (range, passes, len) = self.chunk(n);
                let s = &InDim::<D>::data(&mut self.dims).sets[set];
                let (b, x) = (&s.balls[range.clone()], &s.boxes[range]);
                let (ns, hits) = time(&mut self.clock, len, passes, || contact_push_pass(black_box(b), black_box(x)));
                let exact = s.exact_hits;
                let hits = self.chunk_done(work, ns, hits, n, samples);
                if self.progress_in_task == 0 {
                    let row = self.scalar_row("contact+push", D, set, hits, exact);
                    self.check(&row, "expected");
                    self.results.contact.push(row);
                }
            }
            Task::ContactSoa { set, fast, .. } => {
                let n = self.config.sets[set].n;
                let (range, passes, len) = self.chunk(n);
                let d = InDim::<D>::data(&mut self.dims);
                let (p, exact, o) = (pairs_range(&d.soa[set], range), d.sets[set].exact_hits, &mut d.contact_out);
                o.grow(len);
                let (ns, hits) = time(&mut self.clock, len, passes, || o.run(black_box(p), fast));
                let hits = self.chunk_done(work, ns, hits, n, samples);
                if self.progress_in_task == 0 {
                    let row = self.scalar_row(contact_soa_name(fast), D, set, hits, exact);
                    self.check(&row, "expected");
                    self.results.contact.push(row);
                }
            }
            Task::ContactThreads { set, fast, threads, .. } => {
                let n = self.config.sets[set].n;
                let par = threads > 1;
                let t0 = self.clock.seconds();
                let d = InDim::<D>::data(&mut self.dims);
                let (p, exact, o) = (pairs_range(&d.soa[set], 0..n), d.sets[set].exact_hits, &mut d.contact_out);
                o.grow(n);
                let hits = on_threads(
                    #[cfg(not(target_arch = "wasm32"))]
                    &mut self.pools,
                    threads,
                    || o.run_on(black_box(p), fast, par),
                );
                let ns = (self.clock.seconds() - t0).max(0.0) * 1e9 / n.max(1) as f64;
                self.sample_done(work, ns, samples);
                if self.progress_in_task == 0 {
                    self.threads_row(contact_soa_name(fast), D, set, threads, hits, exact);
                }
            }
            Task::GenerateBatched | Task::Batched { .. } => unreachable!("not a task of one dimension's inputs"),
        }
    }

    /// One sample of a batched task: the kernel, then its ceiling over the same arrays on the same
    /// threads, so that both see the same machine (other processes come and go).
    fn batched_sample(&mut self, kernel: Kernel, dim: usize, n: usize, threads: usize, work: u64) {
        let samples = self.config.samples.max(1);
        let passes = passes_for(&self.config, n);
        let par = threads > 1;
        let d = &mut self.batched;
        let t0 = self.clock.seconds();
        let hits = on_threads(
            #[cfg(not(target_arch = "wasm32"))]
            &mut self.pools,
            threads,
            || time_batched(d, &mut || 0.0, kernel, dim, n, passes, par).1,
        );
        let t1 = self.clock.seconds();
        let d = &self.batched;
        on_threads(
            #[cfg(not(target_arch = "wasm32"))]
            &mut self.pools,
            threads,
            || {
                for _ in 0..passes {
                    black_box(ceiling::read(black_box(d), kernel, dim, n, par));
                }
            },
        );
        let t2 = self.clock.seconds();
        self.kernel_best.record(self.progress_in_task, t1 - t0);
        self.ceiling_best.record(self.progress_in_task, t2 - t1);
        if t1 > t0 && t2 > t1 {
            self.ratios.push((t2 - t1) / (t1 - t0));
        }
        let ns = (t1 - t0).max(0.0) * 1e9 / (passes * n).max(1) as f64;
        self.sample_done(work, ns, samples);
        if self.progress_in_task == 0 {
            self.batched_row(kernel, dim, n, threads, passes, hits);
        }
    }

    /// The row of a contact-batch task that has all its samples, and its check.
    fn threads_row(&mut self, name: &'static str, dim: usize, set: usize, threads: usize, hits: usize, exact: usize) {
        let n = self.config.sets[set].n;
        if hits != exact {
            self.results.errors.push(format!(
                "{name} {dim}D {} threads={threads}: {hits} hits, expected {exact}",
                self.config.sets[set].name
            ));
        }
        let tests_per_s = 1e9 / self.last_best();
        let one = self
            .results
            .contact_threads
            .iter()
            .find(|r| r.name == name && r.dim == dim && r.n == n && r.threads == 1)
            .map_or(tests_per_s, |r| r.tests_per_s);
        self.results.contact_threads.push(ThreadsResult {
            name,
            dim,
            n,
            threads,
            tests_per_s,
            efficiency: tests_per_s / (threads as f64 * one),
        });
    }

    /// The row of a batched task that has all its samples: the kernel's fastest sample against the
    /// ceiling's fastest, and the noise band (fastest even sample against fastest odd, for each).
    fn batched_row(&mut self, kernel: Kernel, dim: usize, n: usize, threads: usize, passes: usize, hits: usize) {
        let expected = expected_batched(&self.batched, kernel, dim, n);
        if hits != expected {
            self.results.errors.push(format!(
                "{} {}D n={} threads={}: {} hits, the exact contact says {}",
                kernel.as_str(),
                dim,
                n,
                threads,
                hits,
                expected
            ));
        }
        let kernel_best = std::mem::replace(&mut self.kernel_best, ParityBest::NONE);
        let ceiling_best = std::mem::replace(&mut self.ceiling_best, ParityBest::NONE);
        let bytes_per_test = kernel.bytes_per_test(dim);
        let bytes = kernels::row_bytes(kernel, dim, n);
        let ceiling_gb_s = (bytes * passes) as f64 / ceiling_best.fastest() / 1e9;
        if threads == 1 && bytes >= self.largest_sum.0 {
            self.largest_sum = (bytes, ceiling_gb_s);
            self.results.bandwidth_gb_s = ceiling_gb_s;
        }
        let tests_per_s = 1e9 / self.last_best();
        let gb_s = tests_per_s * bytes_per_test as f64 / 1e9;
        let one = self
            .results
            .batched
            .iter()
            .find(|r| r.kernel == kernel.as_str() && r.dim == dim && r.n == n && r.threads == 1)
            .map_or(tests_per_s, |r| r.tests_per_s);
        // The kernel's share of the ceiling: the median over the samples of the ratio of the two
        // back-to-back timings (robust to the machine's state changing between samples); the noise
        // band is the larger of the interquartile half-width of those ratios and the even/odd
        // difference of the fastest samples.
        let mut r = std::mem::take(&mut self.ratios);
        r.sort_by(f64::total_cmp);
        let q = |f: f64| r.get(((r.len() - 1) as f64 * f).round() as usize).copied();
        let (percent, iqr) = match (q(0.25), q(0.5), q(0.75)) {
            (Some(a), Some(m), Some(b)) => (100.0 * m, 100.0 * (b - a) / 2.0),
            _ => (100.0 * gb_s / ceiling_gb_s, 0.0),
        };
        self.results.batched.push(BatchedResult {
            kernel: kernel.as_str(),
            dim,
            n,
            tests_per_s,
            bytes_per_test,
            sum_gb_s: ceiling_gb_s,
            percent_of_bandwidth: percent,
            bytes,
            cache_level: self.caches.level_of(bytes),
            path: batch::level().as_str(),
            threads,
            ceiling_gb_s,
            ceiling_tests_per_s: ceiling_gb_s * 1e9 / bytes_per_test as f64,
            percent_of_ceiling: percent,
            noise_percent: kernel_best.band().max(ceiling_best.band()).max(iqr),
            efficiency: tests_per_s / (threads as f64 * one),
        });
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

    /// The row of a scalar or contact task that has all its samples (its fastest sample).
    fn scalar_row(&self, algorithm: &'static str, dim: usize, set: usize, hits: usize, exact: usize) -> ScalarResult {
        let spec = &self.config.sets[set];
        ScalarResult {
            algorithm,
            dim,
            set: spec.name.clone(),
            n: spec.n,
            ns_per_test: self.last_best(),
            hits,
            exact_hits: exact,
        }
    }

    /// Records an error when a row's hit count is not the exact one; `says` introduces the exact count.
    fn check(&mut self, row: &ScalarResult, says: &str) {
        if row.hits != row.exact_hits {
            self.results.errors.push(format!(
                "{} {}D {}: {} hits, {says} {}",
                row.algorithm, row.dim, row.set, row.hits, row.exact_hits
            ));
        }
    }
}

#[cfg(test)]
#[path = "machine_tests.rs"]
mod tests;
