//! The soak itself: runs of a game loop over generated scenarios, every step checked, the
//! violations counted per [`Check`] and the first few kept with their reproducers.
//!
//! A soak of `steps` steps is a fixed list of runs (scenario `index` of the seed, `run_len` steps
//! each, the last one cut short), so its answer does not depend on the number of threads. Within a
//! run the ball is fed its own result (`end`, `velocity`) step after step; it is **respawned** (a
//! new start and velocity from the scenario's stream) when it leaves the arena and after each
//! violation, so one fault is counted once, not at every step of its aftermath. A configurable
//! share of the steps ([`Config::batched`]) goes through the batched step, judged the same way.

#![forbid(unsafe_code)]

use crate::case::Case;
use crate::check::{check_step, Check, Outcome, RunState, Scene, Sink, FREEZE_STEPS};
use crate::rng::SplitMix64;
use crate::scenario::{Kind, Scenario};
use ball_aabb::world::{self, StrategyId};
use ball_aabb::Circle;
use std::time::Instant;

/// What to soak.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    pub strategy: StrategyId,
    pub seed: u64,
    /// Steps in all (the last run is cut short to make it exact).
    pub steps: u64,
    /// Threads to share the runs among (at least 1).
    pub threads: usize,
    /// Violations kept, with their message and reproducer, per check.
    pub keep: usize,
    /// Only this run (scenario index), all its steps: to replay one from a report.
    pub run: Option<u64>,
    /// Every `batched`-th step of a run (steps `k` with `k % batched == batched − 1`) goes through
    /// the batched step ([`world::step_many`], a batch of this one ball) instead of
    /// [`world::step`]: its end and velocity are what the checks judge and what the run carries on
    /// from (the contacts the checks read come from the one-ball step, which it must equal bit for
    /// bit). 1: every step; 0: none. Default 2.
    pub batched: u64,
}

impl Config {
    /// `steps` steps of `strategy` from `seed`, on one thread, keeping 3 violations per check.
    #[must_use]
    pub fn new(strategy: StrategyId, seed: u64, steps: u64) -> Config {
        Config { strategy, seed, steps, threads: 1, keep: 3, run: None, batched: 2 }
    }
}

/// One violation kept: which check, what it saw, and how to replay it.
#[derive(Clone, Debug, PartialEq)]
pub struct Violation {
    pub check: Check,
    pub message: String,
    pub case: Case,
}

/// What a soak of one strategy found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub strategy: StrategyId,
    pub seed: u64,
    pub steps: u64,
    pub runs: u64,
    /// Respawns after leaving the arena or after a violation.
    pub respawns: u64,
    /// Violating steps per check, in [`Check::ALL`] order.
    pub counts: [u64; Check::ALL.len()],
    /// Steps per scenario kind, in [`Kind::ALL`] order: where the soak spent its time.
    pub kinds: [u64; Kind::ALL.len()],
    /// The first violations of each check (by run, then step), at most `keep` each.
    pub first: Vec<Violation>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl Report {
    fn empty(strategy: StrategyId, seed: u64) -> Report {
        Report {
            strategy,
            seed,
            steps: 0,
            runs: 0,
            respawns: 0,
            counts: [0; Check::ALL.len()],
            kinds: [0; Kind::ALL.len()],
            first: Vec::new(),
            seconds: 0.0,
        }
    }

    /// Violations of every check.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Violations of `check`.
    #[must_use]
    pub fn count(&self, check: Check) -> u64 {
        self.counts[check.index()]
    }

    /// A plain-text summary: the counts, then each kept violation with its reproducer line.
    #[must_use]
    pub fn text(&self) -> String {
        let mut s = format!(
            "{}: {} steps in {} runs (seed {}), {} respawns, {:.1} s\n",
            self.strategy.as_str(),
            self.steps,
            self.runs,
            self.seed,
            self.respawns,
            self.seconds
        );
        for c in Check::ALL {
            if c.applies(self.strategy) {
                let claimed = if crate::check::claims(self.strategy, c) { "  (claimed)" } else { "" };
                s.push_str(&format!("  {:<13} {}{claimed}\n", c.id(), self.count(c)));
            } else {
                s.push_str(&format!("  {:<13} -  (not checked)\n", c.id()));
            }
        }
        for v in &self.first {
            s.push_str(&format!("  [{}] {}\n    {}\n", v.check.id(), v.message, v.case.line()));
        }
        s
    }

    fn merge(&mut self, other: Report, keep: usize) {
        self.steps += other.steps;
        self.runs += other.runs;
        self.respawns += other.respawns;
        for i in 0..self.counts.len() {
            self.counts[i] += other.counts[i];
        }
        for i in 0..self.kinds.len() {
            self.kinds[i] += other.kinds[i];
        }
        self.first.extend(other.first);
        self.first.sort_by_key(|v| (v.check, v.case.run, v.case.step));
        let mut per = [0usize; Check::ALL.len()];
        self.first.retain(|v| {
            per[v.check.index()] += 1;
            per[v.check.index()] <= keep
        });
    }
}

/// The length of run `index` of `seed`: 50 to 600 steps.
#[must_use]
pub fn run_len(seed: u64, index: u64) -> u64 {
    50 + SplitMix64::stream(seed ^ 0x5EED_1E46, index).below(551)
}

/// The runs of a soak: `(index, steps)`, summing to `steps` exactly.
fn plan(cfg: &Config) -> Vec<(u64, u64)> {
    if let Some(run) = cfg.run {
        return vec![(run, run_len(cfg.seed, run))];
    }
    let mut out = Vec::new();
    let (mut total, mut index) = (0u64, 0u64);
    while total < cfg.steps {
        let n = run_len(cfg.seed, index).min(cfg.steps - total);
        out.push((index, n));
        total += n;
        index += 1;
    }
    out
}

/// Soaks one strategy.
#[must_use]
pub fn soak(cfg: &Config) -> Report {
    let t0 = Instant::now();
    let runs = plan(cfg);
    let threads = cfg.threads.max(1).min(runs.len().max(1));
    let mut report = Report::empty(cfg.strategy, cfg.seed);
    let parts: Vec<Report> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let runs = &runs;
                scope.spawn(move || {
                    let mut part = Report::empty(cfg.strategy, cfg.seed);
                    for &(index, n) in runs.iter().skip(t).step_by(threads) {
                        run_one(cfg, index, n, &mut part);
                    }
                    part
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a soak thread panicked")).collect()
    });
    for p in parts {
        report.merge(p, cfg.keep);
    }
    report.seconds = t0.elapsed().as_secs_f64();
    report
}

/// Collects one step's violations (their messages only while fewer than `keep` are kept).
struct Collector<'a> {
    kept: &'a [usize; Check::ALL.len()],
    keep: usize,
    found: Vec<(Check, String)>,
}

impl Sink for Collector<'_> {
    fn wants(&self, check: Check) -> bool {
        self.kept[check.index()] < self.keep
    }
    fn report(&mut self, check: Check, message: String) {
        self.found.push((check, message));
    }
}

/// Runs `n` steps of scenario `index` into `part`.
fn run_one(cfg: &Config, index: u64, n: u64, part: &mut Report) {
    let id = cfg.strategy;
    let mut sc = Scenario::generate(cfg.seed, index);
    let (mut c, mut v) = (sc.start, sc.velocity);
    let mut state = RunState::default();
    let mut kept = [0usize; Check::ALL.len()];
    for v in &part.first {
        kept[v.check.index()] += 1;
    }
    part.runs += 1;
    part.steps += n;
    part.kinds[Kind::ALL.iter().position(|k| *k == sc.kind).unwrap_or(0)] += n;
    for k in 0..n {
        let Ok(ball) = Circle::new(c, sc.r) else {
            (c, v) = sc.spawn();
            state = RunState::default();
            part.respawns += 1;
            continue;
        };
        let mut step = world::step(id, &ball, v, &sc.map, &sc.params);
        if cfg.batched > 0 && k % cfg.batched == cfg.batched - 1 {
            let ([mut x, mut y], [mut vx, mut vy]) = (c, v);
            let balls = world::BallsMut {
                x: core::slice::from_mut(&mut x),
                y: core::slice::from_mut(&mut y),
                vx: core::slice::from_mut(&mut vx),
                vy: core::slice::from_mut(&mut vy),
            };
            if world::step_many(id, &sc.map, &sc.params, balls, world::Radii::One(sc.r), &mut []).is_ok() {
                (step.end, step.velocity) = ([x, y], [vx, vy]);
            }
        }
        let out = Outcome::from(&step);
        let before = state;
        let mut sink = Collector { kept: &kept, keep: cfg.keep, found: Vec::new() };
        {
            let scene = Scene { map: &sc.map, r: sc.r, params: sc.params, surfaces: &sc.surfaces };
            check_step(&scene, id, v, &out, &mut state, k, &mut sink);
        }
        let found = sink.found;
        if !found.is_empty() {
            for (check, message) in found {
                part.counts[check.index()] += 1;
                if kept[check.index()] < cfg.keep {
                    kept[check.index()] += 1;
                    let case = match (check, state.stall_from.or(before.stall_from)) {
                        (Check::Freeze, Some((from, c0, v0))) => Case::new(&sc, id, from, FREEZE_STEPS, c0, v0),
                        _ => Case::new(&sc, id, k, 1, c, v),
                    };
                    part.first.push(Violation { check, message, case });
                }
            }
            (c, v) = sc.spawn();
            state = RunState::default();
            part.respawns += 1;
            continue;
        }
        (c, v) = (step.end, step.velocity);
        if sc.outside(c) {
            (c, v) = sc.spawn();
            state = RunState::default();
            part.respawns += 1;
        }
    }
}
