//! `circle-aabb-lab soak`: the world-step soak of the `world-soak` crate (the one the test command
//! runs), for long runs, every strategy, as a table or JSON; and the replay of a reproducer.

use crate::geom::world::{strategy, StrategyId, STRATEGIES};
use crate::report::{num, nums};
use clap::Args;
use serde_json::{json, Value};
use std::io::Write;
use world_soak::{claims, soak, Case, Check, Config, Kind, Report};

pub const LONG_ABOUT: &str = "\
Soak the world step: generated tile maps and hand-made awkward places (flush floors and walls,
passages and pits exactly 2r wide, single blocks' corners, embedded starts, rooms with one-way
platforms; cell sizes 0.3, 0.5, 16, ...; origins up to 1e4), a game loop per scenario, every step
checked against an independent reference. The same harness as the test command's soak
(crates/world-soak), for long runs.

  circle-aabb-lab soak --steps 100000000 --seed 27 --strategy all --json
  circle-aabb-lab soak --strategy merged --seed 27 --run 1234      (one run again, all its steps)
  circle-aabb-lab soak --replay 'strategy=merged seed=27 run=1234 step=56 ...'

The invariants (each counted per strategy): finite, push-out, overlap, one-way, tunnel (not for the
discrete strategies), free-path, freeze, into-surface, budget-clip, speed-gain, flush-slide,
graze-normal. The table marks with * those a strategy claims (the test command asserts them). A run of a strategy prints its counts and the first violations of each check (--keep),
each with a one-line reproducer: give it to --replay to run that step again (the map around it, or
the seed and run that generate it), printing every step and what it breaks.

JSON (--json), one line: {seed, steps, strategies: [{strategy, claims: [check], steps, runs, respawns, seconds, kinds: {kind:
steps}, violations: {check: count}, first: [{check, message, seed, run, step, repro}]}], violations}.
With --replay: {case, steps: [{step, start, end, velocity_in, velocity, pushed_out, contacts,
violations: [{check, message}]}]}.

Exit status: 0 when no step broke an invariant, 1 when one did, 2 for bad arguments (the message
names the flag).";

/// The largest `--steps`.
pub const MAX_STEPS: u64 = 1_000_000_000_000;

#[derive(Args, Debug)]
pub struct SoakArgs {
    /// Steps per strategy. Default 1000000 (the test command's figure).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub steps: Option<String>,
    /// The seed: scenario i of a seed is always the same. Default 27.
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub seed: Option<String>,
    /// A strategy id (see `move --help`), or all (default).
    #[arg(long, value_name = "ID|all")]
    pub strategy: Option<String>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Violations kept (with their reproducer) per check and strategy. Default 3.
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub keep: Option<String>,
    /// Threads. Default: every core.
    #[arg(long, value_name = "T", allow_hyphen_values = true)]
    pub threads: Option<String>,
    /// Only this run (scenario index) of the seed, all its steps.
    #[arg(long, value_name = "N", allow_hyphen_values = true, conflicts_with = "steps")]
    pub run: Option<String>,
    /// Replay a reproducer line (as a report prints it): each step and what it breaks.
    #[arg(long, value_name = "LINE", allow_hyphen_values = true, conflicts_with_all = ["steps", "seed", "strategy", "run"])]
    pub replay: Option<String>,
}

/// A checked `soak` request.
#[derive(Clone, Debug, PartialEq)]
pub enum SoakRequest {
    /// Soak these strategies.
    Soak { strategies: Vec<StrategyId>, config: Config },
    /// Replay one case.
    Replay(Case),
}

fn whole(flag: &str, s: &str, lo: u64, hi: u64) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        Ok(n) => Err(format!("--{flag}: must be in {lo}..={hi}, got {n}")),
        Err(_) => Err(format!("--{flag}: {s:?} is not a whole number")),
    }
}

/// Checks the arguments; the error names the flag.
pub fn request_from_args(args: &SoakArgs) -> Result<SoakRequest, String> {
    if let Some(line) = &args.replay {
        return Case::parse(line).map(SoakRequest::Replay).map_err(|e| format!("--replay: {e}"));
    }
    let steps = args.steps.as_deref().map_or(Ok(1_000_000), |s| whole("steps", s, 1, MAX_STEPS))?;
    let seed = args.seed.as_deref().map_or(Ok(27), |s| whole("seed", s, 0, u64::MAX))?;
    let keep = args.keep.as_deref().map_or(Ok(3), |s| whole("keep", s, 0, 1000))? as usize;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = args.threads.as_deref().map_or(Ok(cores as u64), |s| whole("threads", s, 1, 1024))? as usize;
    let run = args.run.as_deref().map(|s| whole("run", s, 0, u64::MAX)).transpose()?;
    let strategies = match args.strategy.as_deref().unwrap_or("all") {
        "all" => STRATEGIES.iter().map(|s| s.kind).collect(),
        id => vec![
            strategy(id)
                .ok_or_else(|| {
                    let ids: Vec<&str> = STRATEGIES.iter().map(|s| s.id).collect();
                    format!("--strategy: {id:?} is not all or one of {}", ids.join(", "))
                })?
                .kind,
        ],
    };
    let config =
        Config { strategy: strategies[0], seed, steps, threads, keep, run, ..Config::new(strategies[0], seed, steps) };
    Ok(SoakRequest::Soak { strategies, config })
}

/// One strategy's report as JSON.
#[must_use]
pub fn report_json(r: &Report) -> Value {
    let mut violations = serde_json::Map::new();
    for c in Check::ALL {
        violations.insert(c.id().into(), if c.applies(r.strategy) { json!(r.count(c)) } else { Value::Null });
    }
    let mut kinds = serde_json::Map::new();
    for (k, n) in Kind::ALL.iter().zip(r.kinds) {
        kinds.insert(k.id().into(), json!(n));
    }
    let first: Vec<Value> = r
        .first
        .iter()
        .map(|v| {
            json!({
                "check": v.check.id(),
                "message": v.message,
                "seed": v.case.seed,
                "run": v.case.run,
                "step": v.case.step,
                "repro": v.case.line(),
            })
        })
        .collect();
    let claimed: Vec<&str> = Check::ALL.iter().filter(|c| claims(r.strategy, **c)).map(|c| c.id()).collect();
    json!({
        "strategy": r.strategy.as_str(),
        "claims": claimed,
        "steps": r.steps,
        "runs": r.runs,
        "respawns": r.respawns,
        "seconds": (r.seconds * 1000.0).round() / 1000.0,
        "kinds": kinds,
        "violations": violations,
        "first": first,
    })
}

/// The counts of several reports side by side: a row per check, a column per strategy.
#[must_use]
pub fn table(reports: &[Report]) -> String {
    let mut s = format!("{:<14}", "check");
    for r in reports {
        s.push_str(&format!(" {:>21} ", r.strategy.as_str()));
    }
    s.push('\n');
    for c in Check::ALL {
        s.push_str(&format!("{:<14}", c.id()));
        for r in reports {
            let mark = if claims(r.strategy, c) { "*" } else { " " };
            let cell = if c.applies(r.strategy) { format!("{}{mark}", r.count(c)) } else { "- ".into() };
            s.push_str(&format!(" {cell:>22}"));
        }
        s.push('\n');
    }
    s.push_str(&format!("{:<14}", "steps"));
    for r in reports {
        s.push_str(&format!(" {:>21} ", r.steps));
    }
    s.push_str("\n(* a check the strategy claims, asserted by the test command; - not checked)\n");
    s
}

fn replay(case: &Case, json_out: bool, out: &mut impl Write) -> std::io::Result<i32> {
    let steps = match case.replay() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: --replay: {e}");
            return Ok(2);
        }
    };
    let mut broken = false;
    let mut rows = Vec::new();
    for (k, (s, found)) in steps.iter().enumerate() {
        broken |= !found.is_empty();
        let contacts: Vec<Value> = s
            .contacts()
            .iter()
            .map(|c| {
                json!({"index": c.index, "t": num(c.t), "center": nums(&c.center), "point": nums(&c.point), "normal": nums(&c.normal)})
            })
            .collect();
        let violations: Vec<Value> = found.iter().map(|(c, m)| json!({"check": c.id(), "message": m})).collect();
        let row = json!({
            "step": k,
            "start": nums(&s.start),
            "end": nums(&s.end),
            "velocity_in": nums(&s.velocity_in),
            "velocity": nums(&s.velocity),
            "pushed_out": nums(&s.pushed_out),
            "contacts": contacts,
            "violations": violations,
        });
        if json_out {
            rows.push(row);
        } else {
            writeln!(
                out,
                "step {k}: {:?} -> {:?}, velocity {:?} -> {:?}, pushed out {:?}",
                s.start, s.end, s.velocity_in, s.velocity, s.pushed_out
            )?;
            for c in s.contacts() {
                writeln!(
                    out,
                    "  contact index {} t {:?} center {:?} point {:?} normal {:?}",
                    c.index, c.t, c.center, c.point, c.normal
                )?;
            }
            for (c, m) in found {
                writeln!(out, "  [{}] {m}", c.id())?;
            }
        }
    }
    if json_out {
        writeln!(out, "{}", json!({"case": case.line(), "steps": rows}))?;
    } else {
        writeln!(out, "as a Rust test:\n{}", case.rust())?;
    }
    Ok(i32::from(broken))
}

/// Runs `soak`; returns the process exit status.
pub fn run(args: &SoakArgs) -> i32 {
    let request = match request_from_args(args) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let status = match request {
        SoakRequest::Replay(case) => replay(&case, args.json, &mut out),
        SoakRequest::Soak { strategies, config } => {
            let mut reports = Vec::new();
            for id in strategies {
                let r = soak(&Config { strategy: id, ..config });
                eprintln!("{}: {} steps, {} violations, {:.1} s", id.as_str(), r.steps, r.total(), r.seconds);
                reports.push(r);
            }
            let total: u64 = reports.iter().map(Report::total).sum();
            let written = if args.json {
                let all: Vec<Value> = reports.iter().map(report_json).collect();
                let report = json!({
                    "seed": config.seed,
                    "steps": reports.first().map_or(0, |r| r.steps),
                    "strategies": all,
                    "violations": total,
                });
                writeln!(out, "{report}")
            } else {
                let mut text = table(&reports);
                for r in &reports {
                    for v in &r.first {
                        text.push_str(&format!(
                            "\n[{} {}] {}\n  {}\n",
                            r.strategy.as_str(),
                            v.check.id(),
                            v.message,
                            v.case.line()
                        ));
                    }
                }
                out.write_all(text.as_bytes())
            };
            written.map(|()| i32::from(total > 0))
        }
    };
    match status.and_then(|s| out.flush().map(|()| s)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot write the results: {e}");
            1
        }
    }
}
