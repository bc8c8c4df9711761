//! `circle-aabb-lab move --map FILE --balls N ...`: many balls scattered over a tile map at random
//! free places, stepped all at once by the batched world step ([`crate::swarm`]), printed as one
//! JSON line: the cost per ball-step and what went wrong (tunnelled, still overlapping, pushed out).

use super::motion::{cell_of, load_map, MoveArgs, MAX_STEPS};
use crate::format::parse_numbers;
use crate::geom::world::Tally;
use crate::geom::world::{self, Params, StrategyId, STRATEGIES};
use crate::report::num;
use crate::swarm::{Swarm, SwarmError};
use serde_json::json;
use std::io::Write;
use std::time::Instant;

/// The most balls `--balls` accepts (16 bytes a ball, 160 MB at this count).
pub const MAX_BALLS: usize = 10_000_000;

/// The most threads `--threads` accepts.
pub const MAX_THREADS: usize = 1024;

/// A checked `move --balls` request.
#[derive(Clone, Debug)]
pub struct SwarmRequest {
    /// The balls, placed.
    pub swarm: Swarm,
    /// `--speed`: the largest speed drawn, cells a step.
    pub speed: f32,
    /// `--seed`.
    pub seed: u64,
    /// `--steps`.
    pub steps: u64,
    /// `--threads` (1: this thread, 0: rayon's default).
    pub threads: usize,
}

/// The flags `move --balls` does not take, with what they belong to.
fn refused(args: &MoveArgs) -> Option<&'static str> {
    [
        ("--circle", args.circle.is_some()),
        ("--sphere", args.sphere.is_some()),
        ("--velocity", args.velocity.is_some()),
        ("--boxes", args.boxes.is_some()),
        ("--response", args.response.is_some()),
        ("--restitution", args.restitution.is_some()),
        ("--trace", args.trace),
        ("--controller", args.controller),
        ("--input", args.input.is_some()),
        ("--dt", args.dt.is_some()),
        ("--json", args.json),
        ("--angle", args.angle.is_some()),
        ("--rotation", args.rotation.is_some()),
    ]
    .into_iter()
    .find_map(|(f, on)| on.then_some(f))
}

/// A whole number of `flag` in `lo..=hi`.
fn whole(flag: &str, text: &str, lo: u64, hi: u64) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if n < lo => Err(format!("{flag}: must be at least {lo}, got {n}")),
        Ok(n) if n > hi => Err(format!("{flag}: at most {hi}, got {n}")),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{flag}: {text:?} is not a whole number >= {lo}")),
    }
}

/// A number of `flag`.
fn number(flag: &str, text: &str) -> Result<f32, String> {
    text.trim().parse::<f32>().map_err(|_| format!("{flag}: {text:?} is not a number"))
}

/// Reads and checks the arguments of `move --balls`, loads the map and places the balls. The
/// error is one line naming the flag.
pub fn request_from_args(args: &MoveArgs) -> Result<SwarmRequest, String> {
    if let Some(f) = refused(args) {
        return Err(format!("{f}: not with --balls (the balls are placed at random; see move --help)"));
    }
    let n = whole("--balls", args.balls.as_deref().unwrap_or(""), 1, MAX_BALLS as u64)? as usize;
    let path = args.map.as_deref().ok_or("--balls needs --map FILE")?;
    let radius = match args.radius.as_deref() {
        None => return Err("--balls needs --radius R".into()),
        Some(t) => match number("--radius", t)? {
            r if r.is_finite() && r > 0.0 => r,
            r => return Err(format!("--radius: must be a finite number > 0, got {r}")),
        },
    };
    let speed = match args.speed.as_deref() {
        None => 1.0,
        Some(t) => match number("--speed", t)? {
            s if s.is_finite() && s >= 0.0 => s,
            s => return Err(format!("--speed: must be a finite number >= 0, got {s}")),
        },
    };
    let seed = args.seed.as_deref().map_or(Ok(0), |t| whole("--seed", t, 0, u64::MAX))?;
    let steps = args.steps.as_deref().map_or(Ok(1), |t| whole("--steps", t, 1, MAX_STEPS))?;
    let threads = args.threads.as_deref().map_or(Ok(1), |t| whole("--threads", t, 0, MAX_THREADS as u64))? as usize;
    let strategy = match args.strategy.as_deref().map(str::trim) {
        None => StrategyId::default(),
        Some(id) => world::strategy(id).map(|s| s.kind).ok_or_else(|| {
            let ids: Vec<&str> = STRATEGIES.iter().map(|s| s.id).collect();
            format!("--strategy: {id:?} is not a strategy; one of: {}", ids.join(", "))
        })?,
    };
    let gravity = match args.gravity.as_deref() {
        None => [0.0, 0.0],
        Some(text) => {
            let g = parse_numbers(text, Some(&["GX", "GY"])).map_err(|e| format!("--gravity: {e}"))?;
            if let Some(x) = g.iter().find(|x| !x.is_finite()) {
                return Err(format!("--gravity: must be finite numbers, got {x}"));
            }
            [g[0], g[1]]
        }
    };
    let map = load_map(path, cell_of(args)?)?;
    let mut swarm = Swarm::try_scatter(map, n, radius, speed, seed).map_err(|e| match e {
        SwarmError::NoFreePlace { placed } => format!(
            "--map: {path}: no free place found for ball {} of radius {radius} (placed {placed} of {n}): \
             the map is too full for --balls/--radius",
            placed + 1
        ),
        e => format!("--{e}"),
    })?;
    swarm.strategy = strategy;
    swarm.params = Params::default().with_gravity(gravity);
    Ok(SwarmRequest { swarm, speed, seed, steps, threads })
}

impl SwarmRequest {
    /// Runs the steps and writes the JSON line: `balls`, `steps`, `ball_steps`, `strategy`,
    /// `threads` (asked; 0 is rayon's default), `map` (`[width, height]`), `radius`, `speed`, `seed`,
    /// `ns_per_ball_step` (the steps' wall time over the ball-steps), `tunnelled`, `pushed_out`,
    /// `hit` (ball-steps with the flag, summed over the steps), `fast_share` (the share of ball-steps
    /// on the free-space path), `overlapping` (balls overlapping a solid cell beyond the slop after
    /// the last step).
    pub fn run_to(mut self, out: &mut impl Write) -> std::io::Result<()> {
        let mut total = Tally::default();
        let t0 = Instant::now();
        for _ in 0..self.steps {
            let t = self.swarm.step(self.threads);
            total.balls += t.balls;
            total.hit += t.hit;
            total.tunnelled += t.tunnelled;
            total.pushed_out += t.pushed_out;
            total.fast += t.fast;
        }
        let seconds = t0.elapsed().as_secs_f64();
        let s = &self.swarm;
        let ball_steps = total.balls as u64;
        let line = json!({
            "balls": s.len(),
            "steps": self.steps,
            "ball_steps": ball_steps,
            "strategy": s.strategy.as_str(),
            "threads": self.threads,
            "map": [s.map.width(), s.map.height()],
            "radius": num(s.radius),
            "speed": num(self.speed),
            "seed": self.seed,
            "ns_per_ball_step": seconds * 1e9 / ball_steps.max(1) as f64,
            "tunnelled": total.tunnelled,
            "pushed_out": total.pushed_out,
            "hit": total.hit,
            "fast_share": total.fast as f64 / ball_steps.max(1) as f64,
            "overlapping": s.overlapping(),
        });
        writeln!(out, "{line}")
    }
}
