//! The playground's **rain of balls** (`rain=N`): N balls falling and bouncing through a level,
//! stepped together by the app's swarm ([`crate::swarm::Swarm`], the same scenario the command
//! line's `move --balls` and the `bench` rows run) with the playground's strategy, gravity and
//! a restitution of [`RESTITUTION`]. A ball that falls out of the map, and every ball once in
//! [`LIFETIME_STEPS`] steps (round robin), is dropped again from the top, so the rain keeps falling.
//!
//! What it measures, as plain numbers ([`RainStats`]): the step's time (the clock is passed in:
//! macroquad's in the window, a fake one in the tests), the cost per ball-step, the drawing's time
//! (reported by the frame loop, [`RainState::record_draw`]), the balls the last step tunnelled
//! and the balls overlapping a solid cell beyond the slop (counted every [`OVERLAP_EVERY`] steps:
//! the count is a pass over every ball, kept out of the step's time).
//!
//! Nothing here draws; `render::rain` splats the balls into one image.

use super::{GRAVITY, STEP_SECONDS};
use crate::app::text::OptionError;
use crate::bench::rng::SplitMix64;
use crate::geom::world::{Params, StrategyId, Tile};
use crate::swarm::{make_map, MapKind, Swarm};
use std::collections::VecDeque;
use std::fmt;

/// The fewest balls the slider and `rain=` take.
pub const MIN_BALLS: u32 = 10;
/// The most on the desktop.
pub const MAX_BALLS_DESKTOP: u32 = 1_000_000;
/// The most in the browser (one thread, no SIMD beyond `simd128`).
pub const MAX_BALLS_WEB: u32 = 100_000;
/// Is this the browser build?
pub const WEB: bool = cfg!(target_arch = "wasm32");
/// The most balls this build takes.
pub const MAX_BALLS: u32 = max_balls(WEB);
/// The count the panel's switch starts a rain with.
pub const DEFAULT_BALLS: u32 = 10_000;
/// The rain's level (see [`MapKind::Level`]), cells of one world unit.
pub const MAP_WIDTH: usize = 192;
pub const MAP_HEIGHT: usize = 108;
/// The seed of the level and of the balls' places.
pub const SEED: u64 = 35;
/// Every ball's radius, cells.
pub const RADIUS: f32 = 0.3;
/// Restitution at blocking contacts (the swarm's `Params::restitution`).
pub const RESTITUTION: f32 = 0.5;
/// The balls' starting speeds: up to this many cells a step, random directions.
pub const START_SPEED: f32 = 0.05;
/// Each ball is dropped again from the top after this many steps (10 s at 120 steps a second).
pub const LIFETIME_STEPS: usize = 1200;
/// The most fixed steps a frame runs (a slow step does not snowball: the rest is dropped).
pub const STEPS_PER_FRAME: u32 = 2;
/// Steps between two counts of the overlapping balls.
pub const OVERLAP_EVERY: u64 = 30;
/// The steps (and frames) the live figures average over.
pub const WINDOW: usize = 30;

/// The most balls a build takes: [`MAX_BALLS_WEB`] in the browser, [`MAX_BALLS_DESKTOP`] on the desktop.
#[must_use]
pub const fn max_balls(web: bool) -> u32 {
    if web {
        MAX_BALLS_WEB
    } else {
        MAX_BALLS_DESKTOP
    }
}

/// `rain=N` for this build (see [`parse_rain_for`]).
pub fn parse_rain(text: &str) -> Result<u32, OptionError> {
    parse_rain_for(text, WEB)
}

/// `rain=N`: a whole number of balls in [`MIN_BALLS`] ..= [`max_balls`]`(web)`, written in digits
/// (`100000`, `100_000`) or as a power of ten times a whole number (`1e5`, `2.5e4`). The error names
/// `rain`.
pub fn parse_rain_for(text: &str, web: bool) -> Result<u32, OptionError> {
    let max = max_balls(web);
    let bad = |m: String| OptionError { field: "rain", message: m };
    let t = text.trim().replace('_', "");
    let n = match t.parse::<u64>() {
        Ok(n) => n,
        Err(_) => match t.parse::<f64>() {
            // A float's cast saturates: 1e30 is more than any count, and refused below.
            Ok(x) if x.is_finite() && x >= 0.0 && x.fract() == 0.0 => x as u64,
            _ => return Err(bad(format!("{text:?} is not a whole number of balls {MIN_BALLS}..={max}"))),
        },
    };
    let limit = if web { " in the browser (the desktop takes up to 1000000)" } else { "" };
    if n < u64::from(MIN_BALLS) || n > u64::from(max) {
        return Err(bad(format!("{t} balls is not in {MIN_BALLS}..={max}{limit}")));
    }
    Ok(n as u32)
}

/// The threads a step uses: every core on the desktop (rayon's default pool), one in the browser.
#[must_use]
pub fn threads() -> usize {
    if WEB {
        1
    } else {
        0
    }
}

/// The physics of the rain: the playground's gravity (per step, the core's units), or none.
#[must_use]
pub fn params(gravity: bool) -> Params {
    let g = if gravity { -GRAVITY * STEP_SECONDS * STEP_SECONDS } else { 0.0 };
    Params::default().with_gravity([0.0, g]).with_restitution(RESTITUTION)
}

/// A clock in seconds (macroquad's `get_time` in the window).
pub type Clock = fn() -> f64;

/// The clock until the frame loop sets one: always 0 (no figures).
fn no_clock() -> f64 {
    0.0
}

/// The live figures the canvas and the status line show.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RainStats {
    pub balls: usize,
    /// Steps since the rain started.
    pub steps: u64,
    /// Mean time of one step over the last [`WINDOW`] steps, milliseconds (`None`: none timed yet, or
    /// the clock did not move).
    pub step_ms: Option<f32>,
    /// The same per ball, nanoseconds a ball-step.
    pub ns_per_ball_step: Option<f32>,
    /// The cost per ball-step over the first [`WINDOW`] steps since the last change (balls, strategy,
    /// gravity): the figure the status line says, so it changes when the scene does, not every frame.
    pub settled_ns: Option<f32>,
    /// Mean time of drawing the rain over the last [`WINDOW`] frames, milliseconds.
    pub draw_ms: Option<f32>,
    /// Balls the last step tunnelled (a discrete strategy jumped them through a wall).
    pub tunnelled: usize,
    /// Balls tunnelled since the rain started.
    pub tunnelled_total: u64,
    /// Balls pushed out of a solid cell by the last step.
    pub pushed_out: usize,
    /// Balls overlapping a solid cell beyond the slop at the last count (every [`OVERLAP_EVERY`] steps).
    pub overlapping: Option<usize>,
}

/// The rain: the swarm, its clock and what was measured.
#[derive(Clone)]
pub struct RainState {
    pub swarm: Swarm,
    /// Changes when the map does (the drawing caches its picture of the map).
    pub map_generation: u64,
    pub clock: Clock,
    steps: u64,
    /// The next ball the round robin drops again.
    cursor: usize,
    /// Where the respawned balls go (seeded).
    rng: SplitMix64,
    /// (milliseconds, balls) of the last steps timed.
    step_times: VecDeque<(f64, usize)>,
    draw_times: VecDeque<f32>,
    /// Steps timed since the last change, and their sums, for [`RainStats::settled_ns`].
    settling: (usize, f64, f64),
    settled_ns: Option<f32>,
    tunnelled: usize,
    tunnelled_total: u64,
    pushed_out: usize,
    overlapping: Option<usize>,
}

impl fmt::Debug for RainState {
    /// The figures, not a million positions.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RainState").field("stats", &self.stats()).finish_non_exhaustive()
    }
}

impl PartialEq for RainState {
    /// The same balls in the same places, moving the same way, with the same strategy and physics.
    fn eq(&self, o: &RainState) -> bool {
        let (a, b) = (&self.swarm, &o.swarm);
        self.steps == o.steps
            && a.strategy == b.strategy
            && a.params == b.params
            && a.radius == b.radius
            && a.x == b.x
            && a.y == b.y
            && a.vx == b.vx
            && a.vy == b.vy
    }
}

impl RainState {
    /// `n` balls (clamped to [`MIN_BALLS`] ..= [`MAX_BALLS`]) scattered over the rain's level, with
    /// `strategy` and gravity on or off.
    #[must_use]
    pub fn new(n: u32, strategy: StrategyId, gravity: bool) -> RainState {
        let map = make_map(&MapKind::Level { width: MAP_WIDTH, height: MAP_HEIGHT }, SEED);
        let mut swarm = Swarm::scatter(map, clamp_balls(n) as usize, RADIUS, START_SPEED, SEED);
        swarm.strategy = strategy;
        swarm.params = params(gravity);
        RainState {
            swarm,
            map_generation: 0,
            clock: no_clock,
            steps: 0,
            cursor: 0,
            rng: SplitMix64::new(SEED),
            step_times: VecDeque::with_capacity(WINDOW),
            draw_times: VecDeque::with_capacity(WINDOW),
            settling: (0, 0.0, 0.0),
            settled_ns: None,
            tunnelled: 0,
            tunnelled_total: 0,
            pushed_out: 0,
            overlapping: None,
        }
    }

    /// Balls now.
    #[must_use]
    pub fn balls(&self) -> usize {
        self.swarm.x.len()
    }

    /// Resizes to `n` balls (clamped): the first ones stay, new ones are scattered. The figures
    /// start again.
    pub fn resize(&mut self, n: u32) {
        let n = clamp_balls(n) as usize;
        if n != self.balls() {
            self.swarm.resize(n, START_SPEED, SEED ^ self.steps);
            self.cursor = 0;
            self.changed();
        }
    }

    /// Another strategy for the same balls, from the next step on.
    pub fn set_strategy(&mut self, s: StrategyId) {
        if self.swarm.strategy != s {
            self.swarm.strategy = s;
            self.changed();
        }
    }

    /// Gravity on or off.
    pub fn set_gravity(&mut self, on: bool) {
        self.swarm.params = params(on);
        self.changed();
    }

    /// Something that changes the cost changed: the live figures start again.
    fn changed(&mut self) {
        self.step_times.clear();
        self.settling = (0, 0.0, 0.0);
        self.settled_ns = None;
        self.tunnelled = 0;
        self.overlapping = None;
    }

    /// One step of every ball ([`Swarm::step`], timed), then the respawns, and every
    /// [`OVERLAP_EVERY`] steps the count of overlapping balls.
    pub fn step(&mut self) {
        let n = self.balls();
        let t0 = (self.clock)();
        let tally = self.swarm.step(threads());
        let ms = 1000.0 * ((self.clock)() - t0);
        self.steps += 1;
        self.tunnelled = tally.tunnelled;
        self.tunnelled_total += tally.tunnelled as u64;
        self.pushed_out = tally.pushed_out;
        if self.step_times.len() == WINDOW {
            self.step_times.pop_front();
        }
        self.step_times.push_back((ms, n));
        if self.settling.0 < WINDOW {
            self.settling = (self.settling.0 + 1, self.settling.1 + ms, self.settling.2 + n as f64);
            if self.settling.0 == WINDOW && self.settling.1 > 0.0 {
                self.settled_ns = Some((1e6 * self.settling.1 / self.settling.2) as f32);
            }
        }
        self.respawn();
        if self.steps % OVERLAP_EVERY == 1 {
            self.overlapping = Some(self.swarm.overlapping());
        }
    }

    /// Drops again from the top every ball that left the map (below it, or far to a side; or not a
    /// number) and the next
    /// `n / LIFETIME_STEPS` (at least one) of the round robin.
    fn respawn(&mut self) {
        let n = self.balls();
        let o = self.swarm.map.origin();
        let size = self.swarm.map.cell() * self.swarm.map.width() as f32;
        let (bottom, left, right) = (o[1] - 2.0 * self.swarm.radius, o[0] - size, o[0] + 2.0 * size);
        for i in 0..n {
            let (x, y) = (self.swarm.x[i], self.swarm.y[i]);
            if !(y >= bottom && x >= left && x <= right) {
                self.drop_ball(i);
            }
        }
        for _ in 0..(n / LIFETIME_STEPS).max(1) {
            self.cursor = (self.cursor + 1) % n.max(1);
            self.drop_ball(self.cursor);
        }
    }

    /// Ball `i` at a random place in an empty cell of the row under the level's top (its frame),
    /// clear of the cells around it, still but for a small sideways drift. (After eight occupied
    /// cells drawn, it stays where it is until its next turn.)
    fn drop_ball(&mut self, i: usize) {
        let (w, h) = (self.swarm.map.width(), self.swarm.map.height());
        if i >= self.balls() || w == 0 || h < 2 {
            return;
        }
        let row = h - 2;
        for _ in 0..8 {
            let u = self.next_unit();
            let col = ((u * w as f32) as usize).min(w - 1);
            if self.swarm.map.tile(col, row) != Tile::Empty {
                continue;
            }
            let r = self.swarm.radius;
            let span = (1.0 - 2.0 * r).max(0.0);
            let o = self.swarm.map.origin();
            let c = self.swarm.map.cell();
            self.swarm.x[i] = o[0] + c * (col as f32 + r + span * self.next_unit());
            self.swarm.y[i] = o[1] + c * (row as f32 + r + span * self.next_unit());
            self.swarm.vx[i] = START_SPEED * (2.0 * self.next_unit() - 1.0);
            self.swarm.vy[i] = 0.0;
            return;
        }
    }

    /// A number in [0, 1).
    fn next_unit(&mut self) -> f32 {
        self.rng.unit()
    }

    /// The drawing's time of one frame, milliseconds (the frame loop's measurement).
    pub fn record_draw(&mut self, ms: f32) {
        if !(ms.is_finite() && ms >= 0.0) {
            return;
        }
        if self.draw_times.len() == WINDOW {
            self.draw_times.pop_front();
        }
        self.draw_times.push_back(ms);
    }

    /// The figures now.
    #[must_use]
    pub fn stats(&self) -> RainStats {
        let (ms, balls) = self.step_times.iter().fold((0.0, 0.0), |(t, b), &(ms, n)| (t + ms, b + n as f64));
        let timed = !self.step_times.is_empty() && ms > 0.0;
        let draws = self.draw_times.len();
        RainStats {
            balls: self.balls(),
            steps: self.steps,
            step_ms: timed.then(|| (ms / self.step_times.len() as f64) as f32),
            ns_per_ball_step: (timed && balls > 0.0).then(|| (1e6 * ms / balls) as f32),
            settled_ns: self.settled_ns,
            draw_ms: (draws > 0).then(|| self.draw_times.iter().sum::<f32>() / draws as f32),
            tunnelled: self.tunnelled,
            tunnelled_total: self.tunnelled_total,
            pushed_out: self.pushed_out,
            overlapping: self.overlapping,
        }
    }
}

/// What a screen reader hears of the rain: "Rain of 100000 balls, strategy Swept slide, running:
/// 38.5 ns per ball-step (measured over the first 30 steps). Tunnelled since the start: 0.
/// Overlapping a solid cell: 0." The cost is the settled one ([`RainStats::settled_ns`]; "being
/// measured" until then) and the counts are said as none / some, so the text changes when the scene
/// does (the balls, the strategy, a first tunnelling), not every frame.
#[must_use]
pub fn status_sentence(r: &RainState, paused: bool) -> String {
    let s = r.stats();
    let name = crate::geom::world::STRATEGIES[super::strategy_index(r.swarm.strategy)].name;
    let run = if paused { "paused (G runs it)" } else { "running" };
    let cost = s.settled_ns.map_or_else(
        || "cost per ball-step being measured".to_string(),
        |ns| format!("{} ns per ball-step (measured over the first {WINDOW} steps)", crate::format::number(ns)),
    );
    let some = |n: u64| if n == 0 { "none" } else { "some" };
    format!(
        "Rain of {} balls, strategy {name}, {run}: {cost}. Tunnelled since the start: {}. Overlapping a solid cell: {}.",
        s.balls,
        some(s.tunnelled_total),
        s.overlapping.map_or("not counted yet", |n| some(n as u64)),
    )
}

/// The figures on one line (the frame-time run's report, `--frame-stats`): "balls 1000000 · step
/// 12.31 ms · 12.3 ns per ball-step · draw 4.20 ms · tunnelled 0 (0 in all) · overlapping 0 · steps 240".
#[must_use]
pub fn summary(s: &RainStats) -> String {
    let ms = |v: Option<f32>| v.map_or_else(|| "–".to_string(), |v| format!("{v:.2} ms"));
    format!(
        "balls {} · step {} · {} per ball-step · draw {} · tunnelled {} ({} in all) · overlapping {} · steps {}",
        s.balls,
        ms(s.step_ms),
        s.ns_per_ball_step.map_or_else(|| "–".to_string(), |v| format!("{v:.1} ns")),
        ms(s.draw_ms),
        s.tunnelled,
        s.tunnelled_total,
        s.overlapping.map_or_else(|| "–".to_string(), |n| n.to_string()),
        s.steps
    )
}

/// `n` within [`MIN_BALLS`] ..= [`MAX_BALLS`].
#[must_use]
pub fn clamp_balls(n: u32) -> u32 {
    n.clamp(MIN_BALLS, MAX_BALLS)
}

#[cfg(test)]
#[path = "rain_tests.rs"]
mod tests;
