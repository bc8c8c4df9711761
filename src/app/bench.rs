//! The benchmark panel's state: the run in progress (if any), the last results, and the commands
//! that start, cancel and view them.
//!
//! The run is the same [`BenchRun`] the command line drives to the end; here the frame loop calls
//! [`step`] once a frame with a small time budget, so the window keeps drawing while it works. Time
//! comes from the clock in [`BenchState::clock`]: the frame loop sets it to macroquad's `get_time`
//! (desktop and web; `std::time::Instant` panics on wasm32), tests set a fake one.
//!
//! The app's plans leave out the full matrix's 1M-pair set: with it a run peaks at ~250 MB, too
//! much for a browser tab. The 256-pair (cache-resident, cycled) and 32k-pair (random) sets at
//! three hit rates stay, so branchy and branch-free tests still separate.

use crate::bench::{BenchConfig, BenchRun, Results};

/// Which plan a run follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// Few, short samples: rough figures.
    Quick,
    /// More samples: steadier figures, takes a few times longer.
    Full,
}

impl Preset {
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Preset::Quick => "quick",
            Preset::Full => "full",
        }
    }

    /// The plan: [`BenchConfig::interactive`] (samples that fit in a frame) without the 1M-pair set.
    /// In the browser the clock (`Date.now`) ticks in whole milliseconds, so samples there are at
    /// least [`WEB_TESTS_PER_SAMPLE`] tests (several ms each) and the rounding stays small.
    #[must_use]
    pub fn config(self) -> BenchConfig {
        let mut c = self.native_config();
        if cfg!(target_arch = "wasm32") {
            c.tests_per_sample = c.tests_per_sample.max(WEB_TESTS_PER_SAMPLE);
        }
        c
    }

    fn native_config(self) -> BenchConfig {
        let base = BenchConfig::interactive();
        let base = BenchConfig {
            sets: base.sets.iter().filter(|s| s.n <= MAX_SET_PAIRS).cloned().collect(),
            batched_sizes: vec![4096, BATCHED_LANES],
            pairs_max: BATCHED_LANES,
            ..base
        };
        match self {
            Preset::Quick => BenchConfig { samples: 2, tests_per_sample: 100_000, ..base },
            Preset::Full => BenchConfig { samples: 11, ..base },
        }
    }
}

/// The batched kernels' large size, in lanes: inputs larger than a typical L2 cache, so the run
/// shows memory-bound speed, yet few enough to build in one step without stalling a frame.
pub const BATCHED_LANES: usize = 1 << 18;

/// Tests per timed sample at least, on the web (see [`Preset::config`]).
pub const WEB_TESTS_PER_SAMPLE: usize = 1_000_000;

/// The largest scalar input set the app runs (pairs).
pub const MAX_SET_PAIRS: usize = 32 * 1024;

/// Tests per call of [`BenchRun::step`] inside a frame's slice: small, so the time budget is met
/// closely (one timed sample, up to `tests_per_sample` tests, is never split).
const STEP_TESTS: u64 = 20_000;

/// A source of seconds: a plain function, so the state stays plain data.
pub type ClockFn = fn() -> f64;

/// Something the benchmark panel asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchCommand {
    /// Start a run (replacing one in progress).
    Start(Preset),
    /// Stop the run in progress; what it measured so far stays shown.
    Cancel,
    /// Show the 2D or the 3D results in the chart.
    ShowDim(usize),
}

/// The benchmark panel's state.
pub struct BenchState {
    /// The run in progress.
    pub run: Option<BenchRun<ClockFn>>,
    /// The plan of the run in progress, or of the last one.
    pub preset: Option<Preset>,
    /// The last run's results (once it finished or was cancelled).
    pub last: Option<Results>,
    /// Was the last run cancelled?
    pub cancelled: bool,
    /// The dimension the chart shows: 2 or 3.
    pub dim: usize,
    /// Where time comes from (seconds, any origin).
    pub clock: ClockFn,
}

impl Default for BenchState {
    fn default() -> Self {
        BenchState { run: None, preset: None, last: None, cancelled: false, dim: 2, clock: no_clock }
    }
}

/// The clock until the frame loop sets one: always 0, so every slice does exactly one unit of work.
fn no_clock() -> f64 {
    0.0
}

/// A clone is a snapshot: the results and settings, without the run in progress.
impl Clone for BenchState {
    fn clone(&self) -> Self {
        BenchState {
            run: None,
            preset: self.preset,
            last: self.results().cloned(),
            cancelled: self.cancelled,
            dim: self.dim,
            clock: self.clock,
        }
    }
}

impl std::fmt::Debug for BenchState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BenchState")
            .field("running", &self.is_running())
            .field("progress", &self.progress())
            .field("preset", &self.preset)
            .field("results", &self.results().map(|r| r.scalar.len()))
            .field("cancelled", &self.cancelled)
            .field("dim", &self.dim)
            .finish()
    }
}

impl BenchState {
    /// Is a run in progress?
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.run.is_some()
    }

    /// The run's progress 0..=1, when one is in progress.
    #[must_use]
    pub fn progress(&self) -> Option<f64> {
        self.run.as_ref().map(BenchRun::progress)
    }

    /// What the run is measuring now.
    #[must_use]
    pub fn current(&self) -> Option<String> {
        self.run.as_ref().map(BenchRun::current)
    }

    /// The results to show: the run in progress's so far, else the last run's.
    #[must_use]
    pub fn results(&self) -> Option<&Results> {
        self.run.as_ref().map(BenchRun::results).or(self.last.as_ref())
    }
}

/// Applies a benchmark command.
pub fn apply_bench(b: &mut BenchState, cmd: BenchCommand) {
    match cmd {
        BenchCommand::Start(preset) => start_with(b, preset, preset.config()),
        BenchCommand::Cancel => {
            if let Some(mut run) = b.run.take() {
                run.cancel();
                b.last = Some(run.into_results());
                b.cancelled = true;
            }
        }
        BenchCommand::ShowDim(d) => {
            if d == 2 || d == 3 {
                b.dim = d;
            }
        }
    }
}

/// Starts a run of `config` (tests use small plans) labelled `preset`.
pub(crate) fn start_with(b: &mut BenchState, preset: Preset, config: BenchConfig) {
    // Drop the old run (and its inputs) before the new one allocates.
    b.run = None;
    b.last = None;
    b.cancelled = false;
    b.preset = Some(preset);
    b.run = Some(BenchRun::new(config, b.clock));
}

/// Works on the run in progress for about `budget` seconds (at least one unit of work), then
/// returns. When the run ends its results are kept and its inputs freed. Returns whether any work
/// was done (nothing to do: `false`).
pub fn step(b: &mut BenchState, budget: f64) -> bool {
    let Some(run) = b.run.as_mut() else {
        return false;
    };
    let clock = b.clock;
    let t0 = clock();
    loop {
        let done = run.step(STEP_TESTS);
        if done || clock() - t0 >= budget {
            break;
        }
    }
    if run.is_done() {
        if let Some(run) = b.run.take() {
            b.last = Some(run.into_results());
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::algo::ALGORITHMS;
    use std::cell::Cell;

    thread_local! {
        static NOW: Cell<f64> = const { Cell::new(0.0) };
    }

    /// A fake clock: every reading is 1 µs after the previous one.
    fn fake_clock() -> f64 {
        NOW.with(|t| {
            t.set(t.get() + 1e-6);
            t.get()
        })
    }

    fn state() -> BenchState {
        BenchState { clock: fake_clock, ..BenchState::default() }
    }

    /// The quick plan, cut down so a debug build runs it in a moment: the cache-resident sets,
    /// few tests per sample, small batched arrays.
    pub(crate) fn small_plan() -> BenchConfig {
        let q = Preset::Quick.config();
        BenchConfig {
            sets: q.sets.into_iter().filter(|s| s.n <= 256).collect(),
            tests_per_sample: 20_000,
            batched_sizes: vec![4096, 16384],
            pairs_max: 16384,
            ..q
        }
    }

    #[test]
    fn app_plans_leave_out_the_million_pair_set() {
        for p in [Preset::Quick, Preset::Full] {
            let c = p.config();
            assert_eq!(c.sets.len(), 6, "{p:?}: small and 32k at three hit rates");
            assert!(c.sets.iter().all(|s| s.n <= MAX_SET_PAIRS), "{p:?}");
            assert_eq!(c.dims, vec![2, 3]);
            assert_eq!(c.batched_sizes.iter().max(), Some(&BATCHED_LANES), "{p:?}");
        }
        assert!(Preset::Quick.config().samples < Preset::Full.config().samples);
    }

    #[test]
    fn without_a_run_nothing_happens() {
        let mut b = state();
        assert!(!step(&mut b, 0.008));
        assert!(b.results().is_none() && b.progress().is_none() && b.current().is_none());
        apply_bench(&mut b, BenchCommand::Cancel);
        assert!(!b.cancelled && b.last.is_none());
    }

    #[test]
    fn stepping_runs_to_the_end_and_keeps_the_results() {
        let mut b = state();
        start_with(&mut b, Preset::Quick, small_plan());
        assert!(b.is_running());
        assert_eq!(b.progress(), Some(0.0));
        assert!(b.current().unwrap().starts_with("generating"));
        let mut last = 0.0;
        let mut slices = 0;
        while b.is_running() {
            assert!(step(&mut b, 0.000_01));
            if let Some(p) = b.progress() {
                assert!(p >= last, "progress went back: {last} -> {p}");
                last = p;
            }
            slices += 1;
            assert!(slices < 100_000, "the run never ended");
        }
        // Many slices, not one: the frame loop gets control back between them.
        assert!(slices > 10, "{slices} slices");
        assert!(last > 0.5);
        let r = b.results().expect("results kept after the run");
        assert!(!b.cancelled);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        // Every algorithm × dimension × set of the plan.
        assert_eq!(r.scalar.len(), ALGORITHMS.len() * 2 * 3);
        assert!(r.scalar.iter().all(|s| s.ns_per_test.is_finite() && s.ns_per_test > 0.0));
        assert!(!r.batched.is_empty());
        assert!(["portable", "avx2", "avx512"].contains(&r.level), "{}", r.level);
        // Done: further slices do nothing.
        assert!(!step(&mut b, 0.002));
    }

    #[test]
    fn cancel_stops_and_keeps_partial_results() {
        let mut b = state();
        start_with(&mut b, Preset::Quick, small_plan());
        while b.results().map_or(0, |r| r.scalar.len()) < 3 {
            step(&mut b, 0.0);
        }
        let measured = b.results().unwrap().scalar.len();
        apply_bench(&mut b, BenchCommand::Cancel);
        assert!(!b.is_running() && b.cancelled);
        let kept = b.results().expect("partial results kept").scalar.len();
        assert!(kept >= measured && kept < ALGORITHMS.len() * 2 * 3, "{kept}");
        assert!(!step(&mut b, 0.002), "a cancelled run does no more work");
        assert_eq!(b.results().unwrap().scalar.len(), kept);
    }

    #[test]
    fn start_replaces_the_last_results_and_dim_is_checked() {
        let mut b = state();
        apply_bench(&mut b, BenchCommand::Start(Preset::Quick));
        step(&mut b, 0.0);
        apply_bench(&mut b, BenchCommand::Cancel);
        apply_bench(&mut b, BenchCommand::Start(Preset::Full));
        assert!(b.is_running() && !b.cancelled);
        assert_eq!(b.preset, Some(Preset::Full));
        assert_eq!(b.results().unwrap().scalar.len(), 0);
        apply_bench(&mut b, BenchCommand::ShowDim(3));
        assert_eq!(b.dim, 3);
        apply_bench(&mut b, BenchCommand::ShowDim(7));
        assert_eq!(b.dim, 3, "an unknown dimension changes nothing");
        // A clone is a snapshot without the run.
        let c = b.clone();
        assert!(!c.is_running() && c.results().is_some());
    }
}
