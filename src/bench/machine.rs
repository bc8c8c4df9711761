//! The resumable run: the step machine that works through the [plan](super::plan) a slice at a
//! time ([`BenchRun::step`]), so a frame loop can interleave it with drawing and a command line can
//! drive it to the end with a progress bar. Each unit is one timed sample or a slice of input
//! generation; the machine keeps the inputs, counts progress, keeps each task's fastest sample,
//! checks every hit count and fills in the [`Results`].

use super::buffers::{pairs_range, BatchedData, ContactBuffers};
use super::ceiling::{self, CacheSizes};
use super::kernels::{contact_push_pass, expected_batched, time_batched};
use super::plan::Kernel;
use super::plan::{contact_soa_name, plan, BenchConfig, Task};
use super::results::{BatchedResult, Results, ScalarResult, ThreadsResult};
use super::sets::{generate_into, PairSet};
use super::sweeps::{generate_sweeps_into, sweep_pass, SweepSet};
use super::timing::{passes_for, time, Clock};
use crate::geom::batch::{self, PairsSoa};
use crate::geom::ALGORITHMS;
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
    sets2: Vec<PairSet<2>>,
    sets3: Vec<PairSet<3>>,
    sweeps2: Vec<SweepSet<2>>,
    sweeps3: Vec<SweepSet<3>>,
    soa2: Vec<PairsSoa<2>>,
    soa3: Vec<PairsSoa<3>>,
    contact_out2: ContactBuffers<2>,
    contact_out3: ContactBuffers<3>,
    batched: BatchedData,
    /// Fastest samples of the current batched task, seconds: kernel even, kernel odd, ceiling even,
    /// ceiling odd (the noise band compares even with odd).
    best_split: [f64; 4],
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
            threads_available: ceiling::available_threads(),
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
            sets2: Vec::new(),
            sets3: Vec::new(),
            sweeps2: Vec::new(),
            sweeps3: Vec::new(),
            soa2: Vec::new(),
            soa3: Vec::new(),
            contact_out2: ContactBuffers::new(),
            contact_out3: ContactBuffers::new(),
            batched: BatchedData::default(),
            best_split: [f64::INFINITY; 4],
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
            Task::GenerateSweep { dim, set } => {
                let spec = self.config.sets[set].clone();
                let want = (budget as usize / 8).max(512);
                let (done, len) = if dim == 2 {
                    if self.sweeps2.len() <= set {
                        self.sweeps2.push(SweepSet::empty(&spec));
                    }
                    (generate_sweeps_into(&mut self.sweeps2[set], want), self.sweeps2[set].len())
                } else {
                    if self.sweeps3.len() <= set {
                        self.sweeps3.push(SweepSet::empty(&spec));
                    }
                    (generate_sweeps_into(&mut self.sweeps3[set], want), self.sweeps3[set].len())
                };
                if done {
                    self.finish_task();
                } else {
                    self.work_done += (8 * (len - self.progress_in_task)) as u64;
                    self.progress_in_task = len;
                }
            }
            Task::Sweep { dim, set } => {
                let n = self.config.sets[set].n;
                let (range, passes, len) = self.chunk(n);
                let (ns, hits, exact) = if dim == 2 {
                    let s = &self.sweeps2[set];
                    let (b, v, x) = (&s.balls[range.clone()], &s.velocities[range.clone()], &s.boxes[range]);
                    let (ns, hits) =
                        time(&mut self.clock, len, passes, || sweep_pass(black_box(b), black_box(v), black_box(x)));
                    (ns, hits, s.exact_hits)
                } else {
                    let s = &self.sweeps3[set];
                    let (b, v, x) = (&s.balls[range.clone()], &s.velocities[range.clone()], &s.boxes[range]);
                    let (ns, hits) =
                        time(&mut self.clock, len, passes, || sweep_pass(black_box(b), black_box(v), black_box(x)));
                    (ns, hits, s.exact_hits)
                };
                let hits = self.chunk_done(work, ns, hits, n, samples);
                if self.progress_in_task == 0 {
                    let row = self.scalar_row("sweep", dim, set, hits, exact);
                    self.check(&row, "the path's exact distance says");
                    self.results.sweep.push(row);
                }
            }
            Task::GenerateBatched => {
                self.batched = BatchedData::generate(&self.config, &self.tasks);
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
                    let row = self.scalar_row(a.id, dim, set, hits, exact);
                    if a.is_exact(dim) {
                        self.check(&row, "the exact contact says");
                    }
                    self.results.scalar.push(row);
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
                    let row = self.scalar_row("contact+push", dim, set, hits, exact);
                    self.check(&row, "expected");
                    self.results.contact.push(row);
                }
            }
            Task::ContactSoa { dim, set, fast } => {
                let n = self.config.sets[set].n;
                let (range, passes, len) = self.chunk(n);
                let (ns, hits, exact) = if dim == 2 {
                    let (p, exact) = (pairs_range(&self.soa2[set], range), self.sets2[set].exact_hits);
                    let o = &mut self.contact_out2;
                    o.grow(len);
                    let (ns, hits) = time(&mut self.clock, len, passes, || o.run(black_box(p), fast));
                    (ns, hits, exact)
                } else {
                    let (p, exact) = (pairs_range(&self.soa3[set], range), self.sets3[set].exact_hits);
                    let o = &mut self.contact_out3;
                    o.grow(len);
                    let (ns, hits) = time(&mut self.clock, len, passes, || o.run(black_box(p), fast));
                    (ns, hits, exact)
                };
                let hits = self.chunk_done(work, ns, hits, n, samples);
                if self.progress_in_task == 0 {
                    let row = self.scalar_row(contact_soa_name(fast), dim, set, hits, exact);
                    self.check(&row, "expected");
                    self.results.contact.push(row);
                }
            }
            Task::Batched { kernel, dim, n, threads } => {
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
                let odd = self.progress_in_task % 2;
                self.best_split[odd] = self.best_split[odd].min(t1 - t0);
                self.best_split[2 + odd] = self.best_split[2 + odd].min(t2 - t1);
                if t1 > t0 && t2 > t1 {
                    self.ratios.push((t2 - t1) / (t1 - t0));
                }
                let ns = (t1 - t0).max(0.0) * 1e9 / (passes * n).max(1) as f64;
                self.sample_done(work, ns, samples);
                if self.progress_in_task == 0 {
                    self.batched_row(kernel, dim, n, threads, passes, hits);
                }
            }
            Task::ContactThreads { dim, set, fast, threads } => {
                let n = self.config.sets[set].n;
                let par = threads > 1;
                let t0 = self.clock.seconds();
                let hits = if dim == 2 {
                    let (p, o) = (pairs_range(&self.soa2[set], 0..n), &mut self.contact_out2);
                    o.grow(n);
                    on_threads(
                        #[cfg(not(target_arch = "wasm32"))]
                        &mut self.pools,
                        threads,
                        || o.run_on(black_box(p), fast, par),
                    )
                } else {
                    let (p, o) = (pairs_range(&self.soa3[set], 0..n), &mut self.contact_out3);
                    o.grow(n);
                    on_threads(
                        #[cfg(not(target_arch = "wasm32"))]
                        &mut self.pools,
                        threads,
                        || o.run_on(black_box(p), fast, par),
                    )
                };
                let ns = (self.clock.seconds() - t0).max(0.0) * 1e9 / n.max(1) as f64;
                self.sample_done(work, ns, samples);
                if self.progress_in_task == 0 {
                    let exact = if dim == 2 { self.sets2[set].exact_hits } else { self.sets3[set].exact_hits };
                    let name = contact_soa_name(fast);
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
            }
        }
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
        let [ke, ko, ce, co] = std::mem::replace(&mut self.best_split, [f64::INFINITY; 4]);
        let band = |a: f64, b: f64| if a.is_finite() && b.is_finite() { 100.0 * (a - b).abs() / a.min(b) } else { 0.0 };
        let bytes_per_test = kernel.bytes_per_test(dim);
        let bytes = ceiling::row_bytes(kernel, dim, n);
        let ceiling_gb_s = (bytes * passes) as f64 / ce.min(co) / 1e9;
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
            noise_percent: band(ke, ko).max(band(ce, co)).max(iqr),
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
mod tests {
    use super::*;
    use crate::bench::SetSpec;

    fn tiny() -> BenchConfig {
        BenchConfig {
            sets: vec![SetSpec::new("a", 300, 10, 1), SetSpec::new("b", 100, 90, 2)],
            dims: vec![2, 3],
            samples: 2,
            tests_per_sample: 1000,
            batched_sizes: vec![70, 600],
            pairs_max: 100,
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
        assert_eq!(r.sweep.len(), 2 * 2, "a sweep row per dimension and set");
        assert!(r.sweep.iter().all(|s| s.hits == s.exact_hits && s.ns_per_test > 0.0), "{:?}", r.sweep);
        let threads = ceiling::thread_counts().len();
        assert_eq!(r.batched.len(), 2 * 2 * Kernel::ALL.len() * threads);
        assert!(r.batched.iter().any(|b| b.kernel == "sweep"), "the batched sweep has rows");
        assert!(r.batched.iter().all(|b| b.ceiling_gb_s > 0.0 && b.threads >= 1 && b.noise_percent.is_finite()));
        for row in &r.scalar {
            assert!(row.ns_per_test.is_finite() && row.ns_per_test > 0.0, "{row:?}");
            let a = crate::geom::algorithm(row.algorithm).unwrap();
            if a.is_exact(row.dim) {
                assert_eq!(row.hits, row.exact_hits, "{row:?}");
            }
        }
        assert!(r.batched.iter().any(|b| b.kernel == "pairs" && b.n == 100), "pairs capped at pairs_max");
        assert!(r.batched.iter().all(|b| b.kernel != "pairs" || b.n <= 100));
        if threads > 1 {
            assert_eq!(r.contact_threads.len(), 2 * 2 * threads);
        }
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
