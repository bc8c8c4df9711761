//! The playground mode's plain data and pure functions: a tile map to paint on ([`PlayMap`]), a
//! ball moved by the core's [`step`] with one resolution strategy — or, in a **race**, the
//! same throw replayed with every strategy at once ([`Runner`]s), each keeping its trail, its speed
//! over time, and where it bumped ([`Step::bump`]) or tunnelled ([`Step::tunnelled`]).
//!
//! Time: the frame's `dt` arrives as a plain number ([`advance`]), is scaled by the time scale
//! (`options.speed`, the scene's `speed=`; a lesson level starts at [`LESSON_SPEED`]) and
//! spent in fixed steps of [`STEP_SECONDS`] (120 Hz), so what happens does not depend on the frame
//! rate; [`single_step`] does exactly one. The core's units are per step: a velocity `v` (units per
//! second) is `v·h` per step and gravity `g·h²` (see [`crate::geom::world`]'s Units). Velocities are
//! kept per step between steps, so a ball the strategy leaves alone keeps its velocity bit for bit.
//!
//! **Play** (`play=on`, [`play`]): the ball is a character driven by the core's character
//! controller at the same fixed step, from the keys; the race replays the inputs of a run with
//! every strategy as ghosts ([`script`] writes such a run as scene text).
//!
//! Nothing here reads or changes the app's [`State`](crate::app::State): the state holds a
//! [`PlaygroundState`], [`apply_playground`](crate::app::apply_playground) applies the commands.

use crate::app::levels::{course, PlayMap, LEVELS};
pub mod options;
pub mod play;
pub mod pointer;
pub mod rain;
pub mod script;

use crate::geom::world::{step, Params, Step, StrategyId, TileMap, WithOriented, World, STRATEGIES};
use crate::geom::{Circle, OrientedRect};
pub use options::*;

/// Fixed steps per second.
pub const STEP_HZ: f32 = 120.0;
/// One fixed step, seconds.
pub const STEP_SECONDS: f32 = 1.0 / STEP_HZ;
/// Gravity, units per second² (down).
pub const GRAVITY: f32 = 30.0;
/// Horizontal speed the arrow keys drive at, units per second.
pub const RUN_SPEED: f32 = 6.0;
/// Upward speed of a jump, units per second.
pub const JUMP_SPEED: f32 = 11.0;
/// The most fixed steps one frame may run (a stalled frame does not freeze the window).
pub const MAX_STEPS_PER_FRAME: u32 = 30;
/// Steps after which a run stops (a minute), so trails stay bounded.
pub const MAX_RUN_STEPS: u32 = 7200;
/// A ball this far below the map has fallen out of the world: it stops.
pub const FALL_OUT: f32 = 12.0;
/// Seconds of flight the throw arrow shows: its tip is at `start + throw · ARROW_SECONDS`.
pub const ARROW_SECONDS: f32 = 0.25;

/// One ball with one strategy, and what happened to it.
#[derive(Clone, Debug, PartialEq)]
pub struct Runner {
    pub strategy: StrategyId,
    pub ball: Circle,
    /// Velocity per step (the core's unit).
    pub velocity: [f32; 2],
    /// The centre after every step, starting with the start.
    pub trail: Vec<[f32; 2]>,
    /// Speed after every step, units per second (starting with the throw's).
    pub speeds: Vec<f32>,
    /// Every step that bumped: where, and the speed it lost there.
    pub bumps: Vec<Bump>,
    /// Where a step tunnelled: the centre at the end of that step.
    pub tunnels: Vec<[f32; 2]>,
    /// The last step had a contact from below (a jump is allowed).
    pub grounded: bool,
    /// Fell out of the world: no longer stepped.
    pub out: bool,
}

/// A step that bumped (a contact against the motion on a floor: see the core's `Step::bump`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bump {
    /// The centre at the end of that step.
    pub at: [f32; 2],
    /// Speed lost in that step, units per second (the speed after the previous step minus the
    /// speed after this one; gravity's share included, as in the plot).
    pub lost: f32,
}

impl Runner {
    #[must_use]
    pub fn new(strategy: StrategyId, ball: Circle, throw: [f32; 2]) -> Runner {
        let velocity = [throw[0] * STEP_SECONDS, throw[1] * STEP_SECONDS];
        Runner {
            strategy,
            ball,
            velocity,
            trail: vec![ball.center()],
            speeds: vec![speed(velocity)],
            bumps: Vec::new(),
            tunnels: Vec::new(),
            grounded: false,
            out: false,
        }
    }

    /// One fixed step through `world` (the map, and the rotated boxes beside it: see [`world_of`]);
    /// returns the core's step (None once out of the world).
    pub fn step(&mut self, world: &impl World, params: &Params) -> Option<Step> {
        if self.out {
            return None;
        }
        let s = step(self.strategy, &self.ball, self.velocity, world, params);
        let Ok(ball) = Circle::new(s.end, self.ball.radius()) else {
            self.out = true;
            return None;
        };
        self.ball = ball;
        self.velocity = s.velocity;
        self.grounded = s.contacts().iter().any(|c| c.normal[1] > 0.5);
        self.trail.push(s.end);
        let before = self.speeds.last().copied().unwrap_or(0.0);
        self.speeds.push(speed(s.velocity));
        if s.bump {
            self.bumps.push(Bump { at: s.end, lost: before - speed(s.velocity) });
        }
        if s.tunnelled {
            self.tunnels.push(s.end);
        }
        if s.end[1] < -FALL_OUT {
            self.out = true;
        }
        Some(s)
    }

    /// Speed lost since the throw (units per second; negative: gained).
    #[must_use]
    pub fn speed_lost(&self) -> f32 {
        self.speeds.first().copied().unwrap_or(0.0) - self.speeds.last().copied().unwrap_or(0.0)
    }

    /// Speed lost in the first `window` steps (all of them while the run is shorter; `None`: the
    /// whole run): the race's measurement (see [`PlaygroundState::measure_steps`]).
    #[must_use]
    pub fn speed_lost_within(&self, window: Option<u32>) -> f32 {
        let last = self.speeds.len().saturating_sub(1);
        let end = window.map_or(last, |w| (w as usize).min(last));
        self.speeds.first().copied().unwrap_or(0.0) - self.speeds.get(end).copied().unwrap_or(0.0)
    }
}

/// A strategy's index in the registry (its race colour, its row in the panel).
#[must_use]
pub fn strategy_index(id: StrategyId) -> usize {
    STRATEGIES.iter().position(|s| s.kind == id).unwrap_or(0)
}

/// Units per second of a per-step velocity.
#[must_use]
pub fn speed(v_step: [f32; 2]) -> f32 {
    (v_step[0] * v_step[0] + v_step[1] * v_step[1]).sqrt() * STEP_HZ
}

/// Paint solid cells or erase them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Brush {
    #[default]
    Paint,
    Erase,
}

/// The playground's part of [`State`](crate::app::State).
#[derive(Clone, Debug, PartialEq)]
pub struct PlaygroundState {
    /// The scene's playground keys; `options.map` is the map as painted now.
    pub options: PlaygroundOptions,
    /// One runner (the chosen strategy), or one per strategy in a race (registry order).
    pub runners: Vec<Runner>,
    /// Fixed steps run since the throw.
    pub steps: u32,
    /// Seconds not yet spent on a fixed step.
    pub accumulator: f32,
    pub paused: bool,
    /// What the left button does on the map (the right button, or with Shift, always erases).
    pub brush: Brush,
    /// The stroke in progress: painting solid (true) or erasing (false).
    pub stroke: Option<bool>,
    /// Arrow keys held: −1 left, +1 right, 0 none.
    pub drive: f32,
    /// A jump asked for, done on the next step if the ball stands on something.
    pub jump: bool,
    /// The Play mode's character, its recording and its ghosts (used while `options.play`).
    pub play: play::PlayState,
    /// The rain of balls, while `options.rain` is on (see [`rain`]).
    pub rain: Option<rain::RainState>,
}

impl PlaygroundState {
    /// The state of a scene's playground: the throw started and `options.steps` steps run.
    #[must_use]
    pub fn from_options(options: PlaygroundOptions) -> PlaygroundState {
        let mut p = PlaygroundState {
            options,
            runners: Vec::new(),
            steps: 0,
            accumulator: 0.0,
            paused: false,
            brush: Brush::Paint,
            stroke: None,
            drive: 0.0,
            jump: false,
            play: play::PlayState::new(&options),
            rain: None,
        };
        restart(&mut p);
        for _ in 0..options.steps {
            fixed_step(&mut p);
        }
        p
    }

    /// The physics parameters, per step.
    #[must_use]
    pub fn params(&self) -> Params {
        let g = if self.options.gravity { -GRAVITY * STEP_SECONDS * STEP_SECONDS } else { 0.0 };
        Params::default().with_gravity([0.0, g])
    }

    /// Simulated seconds since the throw.
    #[must_use]
    pub fn time(&self) -> f32 {
        self.steps as f32 * STEP_SECONDS
    }

    /// Every runner has stopped (fell out) or the run reached [`MAX_RUN_STEPS`]. (Play never
    /// finishes: the character is the player's.)
    #[must_use]
    pub fn finished(&self) -> bool {
        !self.options.play && self.rain.is_none() && (self.steps >= MAX_RUN_STEPS || self.runners.iter().all(|r| r.out))
    }

    /// Would another frame change anything? Outside Play: not paused and not finished; in Play:
    /// not paused and not [idle](play::PlayState::idle).
    #[must_use]
    pub fn moving(&self) -> bool {
        !self.paused && if self.options.play { !self.play.idle(self.steps) } else { !self.finished() }
    }

    /// The race's measurement window in fixed steps: the level's [`measure`](crate::app::levels::Level::measure)
    /// seconds (`None`: the whole run, on a painted map or a level without one).
    #[must_use]
    pub fn measure_steps(&self) -> Option<u32> {
        let seconds = self.options.level.map_or(0.0, |i| LEVELS[i].measure);
        (seconds > 0.0).then(|| (seconds * STEP_HZ).round() as u32)
    }

    /// The speed each runner lost in the measurement window (see [`Runner::speed_lost_within`]).
    #[must_use]
    pub fn speed_lost(&self, r: &Runner) -> f32 {
        r.speed_lost_within(self.measure_steps())
    }

    /// The level's display name, or "painted map".
    #[must_use]
    pub fn level_name(&self) -> &'static str {
        self.options.level.map_or("painted map", |i| LEVELS[i].name)
    }
}

/// What the playground panel (or a key) asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlaygroundCommand {
    /// Playground on or off (key L).
    Toggle,
    LoadLevel(usize),
    /// Empty the map.
    Clear,
    SetStrategy(StrategyId),
    SetRace(bool),
    SetGravity(bool),
    /// Start the throw again from the start (key R in the playground).
    Restart,
    /// Key G.
    PauseResume,
    /// Exactly one fixed step, pausing (key S).
    Step,
    /// The time scale, simulated seconds per real second (the panel's slider; `speed=`).
    SetTimeScale(f32),
    /// The next slower / faster of [`SPEEDS`] (keys `,` and `.`).
    Slower,
    Faster,
    SetBrush(Brush),
    /// Set the throw (units per second) and start it again.
    SetThrow([f32; 2]),
    /// Set one cell (painting from the panel or a test).
    SetCell {
        col: usize,
        row: usize,
        solid: bool,
    },
    /// A jump (Up or Space; W too in Play).
    Jump,
    /// Play mode on or off (key Y).
    TogglePlay,
    /// The rain of balls: on with this many balls (clamped to the build's range; the slider), or off.
    SetRain(Option<u32>),
    /// Play: replay the run just played with every strategy as ghosts, and start again beside
    /// them (Enter).
    RaceGhosts,
    /// Add a tilted wall (a rotated box, 30°) in the middle of the map (the panel's button).
    AddTilted,
    /// Move, resize or turn rotated box `index` (a drag, the panel's angle).
    SetTilted {
        index: usize,
        tilted: TiltedBox,
    },
    /// Remove rotated box `index`.
    RemoveTilted(usize),
}

/// Back to the start: new runners from the ball and the throw; in Play, a new attempt (the
/// character at the start, a race replayed again).
pub fn restart(p: &mut PlaygroundState) {
    let o = &p.options;
    p.steps = 0;
    p.accumulator = 0.0;
    if let Some(n) = o.rain {
        p.runners.clear();
        let clock = p.rain.as_ref().map(|r| r.clock);
        let mut r = rain::RainState::new(n, o.strategy, o.gravity);
        if let Some(c) = clock {
            r.clock = c;
        }
        p.rain = Some(r);
        return;
    }
    p.rain = None;
    if o.play {
        p.runners.clear();
        play::restart(&mut p.play, o);
        return;
    }
    let strategies: Vec<StrategyId> =
        if o.race { STRATEGIES.iter().map(|s| s.kind).collect() } else { vec![o.strategy] };
    p.runners = strategies.into_iter().map(|s| Runner::new(s, o.ball, o.throw)).collect();
}

/// Play from these options again: the character, the script, the race (see [`play::PlayState::new`]).
fn reset_play(p: &mut PlaygroundState) {
    p.play = play::PlayState::new(&p.options);
    restart_clock(p);
    if p.options.play {
        p.options.race = p.play.racing();
        p.runners.clear();
    } else {
        restart(p);
    }
}

fn restart_clock(p: &mut PlaygroundState) {
    p.steps = 0;
    p.accumulator = 0.0;
}

/// One fixed step of every runner (the keys' drive and jump apply outside a race); in Play, of the
/// character and the ghosts.
pub fn fixed_step(p: &mut PlaygroundState) {
    if p.finished() {
        return;
    }
    let map = p.options.map.tile_map();
    let tilted = p.options.tilted.obbs();
    step_on(p, &map, &tilted);
}

/// The world the runners step through: the tile map, and the rotated boxes beside it, indexed
/// after the map's cells (`cols × rows + k`).
#[must_use]
pub fn world_of<'a>(map: &'a TileMap, tilted: &'a [OrientedRect]) -> WithOriented<'a, TileMap> {
    WithOriented::new(map, tilted, map.width() * map.height())
}

fn step_on(p: &mut PlaygroundState, map: &TileMap, tilted: &[OrientedRect]) {
    if let Some(r) = &mut p.rain {
        r.step();
        p.steps = p.steps.saturating_add(1);
        return;
    }
    if p.options.play {
        if play::step(&mut p.play, map, tilted, p.steps, STEP_SECONDS) {
            // Fell out of the world: a new attempt.
            restart(p);
        } else {
            p.steps += 1;
        }
        return;
    }
    let params = p.params();
    let drive = if p.options.race { 0.0 } else { p.drive };
    let jump = std::mem::take(&mut p.jump) && !p.options.race;
    for r in &mut p.runners {
        if drive != 0.0 {
            r.velocity[0] = drive * RUN_SPEED * STEP_SECONDS;
        }
        if jump && (r.grounded || !p.options.gravity) {
            r.velocity[1] = JUMP_SPEED * STEP_SECONDS;
        }
        r.step(&world_of(map, tilted), &params);
    }
    p.steps += 1;
}

/// Advances by a frame of `dt` seconds: `dt × time scale` is added to the accumulator and spent in
/// fixed steps of [`STEP_SECONDS`] (at most [`MAX_STEPS_PER_FRAME`] a frame; the rest is dropped).
/// Paused, or with `dt` not a positive finite number, nothing happens. Returns the steps run.
pub fn advance(p: &mut PlaygroundState, dt: f32) -> u32 {
    if p.paused || !(dt.is_finite() && dt > 0.0) {
        return 0;
    }
    p.accumulator += dt.min(0.25) * p.options.speed.clamp(0.0, MAX_SPEED);
    let map = p.options.map.tile_map();
    let tilted = p.options.tilted.obbs();
    let mut n = 0;
    let most = if p.rain.is_some() { rain::STEPS_PER_FRAME } else { MAX_STEPS_PER_FRAME };
    while p.accumulator >= STEP_SECONDS && n < most && !p.finished() {
        p.accumulator -= STEP_SECONDS;
        step_on(p, &map, &tilted);
        n += 1;
    }
    if n == most || p.finished() {
        p.accumulator = p.accumulator.min(STEP_SECONDS);
    }
    n
}

/// One fixed step, and pause.
pub fn single_step(p: &mut PlaygroundState) {
    p.paused = true;
    fixed_step(p);
}

/// Paints or erases the cell under the world point `w`; returns whether a cell changed. The map is
/// then no longer a built-in level unless it still equals one.
pub fn paint(p: &mut PlaygroundState, w: [f32; 2], solid: bool) -> bool {
    let Some((col, row)) = p.options.map.cell_at(w) else { return false };
    set_cell(p, col, row, solid)
}

/// Sets one cell (see [`paint`]).
pub fn set_cell(p: &mut PlaygroundState, col: usize, row: usize, solid: bool) -> bool {
    let changed = p.options.map.set(col, row, solid);
    if changed {
        // A built-in level while it is unchanged (or painted back to one).
        p.options.level = LEVELS.iter().position(|l| l.map() == p.options.map);
    }
    changed
}

/// Loads a built-in level, keeping the strategy, the race and gravity settings (and Play, without
/// its race: there is no run on the new level yet).
pub fn load_level(p: &mut PlaygroundState, i: usize) {
    if i >= LEVELS.len() {
        return;
    }
    let o = p.options;
    p.options = PlaygroundOptions {
        strategy: o.strategy,
        race: o.race && !o.play,
        gravity: o.gravity,
        play: o.play,
        speed: o.speed,
        ..PlaygroundOptions::level(i)
    };
    if o.play {
        reset_play(p);
    } else {
        restart(p);
    }
}

/// Play on or off. Play starts on the first level of the course unless the map is one of its
/// levels already; off, the playground's runners start again on the same map.
pub fn toggle_play(p: &mut PlaygroundState) {
    let on = !p.options.play;
    if on && !p.options.level.is_some_and(|i| LEVELS[i].play) {
        if let Some(first) = course().next() {
            p.options = PlaygroundOptions { strategy: p.options.strategy, ..PlaygroundOptions::level(first) };
        }
    }
    p.options.play = on;
    p.options.race = false;
    if on {
        p.options.rain = None;
        p.rain = None;
    }
    p.options.inputs = script::InputScript::EMPTY;
    p.options.steps = 0;
    reset_play(p);
}

/// Applies a playground command that concerns only the playground (the app's `apply_playground`
/// handles the mode switch and the view).
pub fn apply(p: &mut PlaygroundState, cmd: PlaygroundCommand) {
    match cmd {
        // The mode switch is the app's (`apply_playground`).
        PlaygroundCommand::Toggle => {}
        PlaygroundCommand::LoadLevel(i) => load_level(p, i),
        PlaygroundCommand::Clear => {
            p.options.map = PlayMap::empty(p.options.map.cols(), p.options.map.rows()).unwrap_or(p.options.map);
            p.options.level = None;
        }
        PlaygroundCommand::SetStrategy(s) if p.rain.is_some() => {
            p.options.strategy = s;
            if let Some(r) = &mut p.rain {
                r.set_strategy(s);
            }
        }
        PlaygroundCommand::SetStrategy(s) => {
            p.options.strategy = s;
            if p.options.play || !p.options.race {
                restart(p);
            }
        }
        PlaygroundCommand::SetRace(r) if p.options.play => {
            if r {
                race_ghosts(p);
            } else {
                play::stop_race(&mut p.play);
                p.options.race = false;
            }
        }
        // The rain steps one strategy: no race.
        PlaygroundCommand::SetRace(_) if p.rain.is_some() => {}
        PlaygroundCommand::SetRace(r) => {
            p.options.race = r;
            restart(p);
        }
        PlaygroundCommand::SetGravity(g) => {
            p.options.gravity = g;
            if let Some(r) = &mut p.rain {
                r.set_gravity(g);
            }
            if p.options.play {
                restart(p);
            }
        }
        PlaygroundCommand::Restart => restart(p),
        PlaygroundCommand::PauseResume => p.paused = !p.paused,
        PlaygroundCommand::Step => single_step(p),
        PlaygroundCommand::SetTimeScale(k) => {
            if k.is_finite() {
                p.options.speed = k.clamp(MIN_SPEED, MAX_SPEED);
            }
        }
        PlaygroundCommand::Slower => p.options.speed = next_speed(p.options.speed, false),
        PlaygroundCommand::Faster => p.options.speed = next_speed(p.options.speed, true),
        PlaygroundCommand::SetBrush(b) => p.brush = b,
        PlaygroundCommand::SetThrow(v) => {
            if v.iter().all(|x| x.is_finite()) {
                let l = THROW_LIMIT;
                p.options.throw = [v[0].clamp(-l, l), v[1].clamp(-l, l)];
                restart(p);
            }
        }
        PlaygroundCommand::SetCell { col, row, solid } => {
            set_cell(p, col, row, solid);
        }
        PlaygroundCommand::Jump if p.options.play => p.play.jump_latch = true,
        PlaygroundCommand::Jump => p.jump = true,
        PlaygroundCommand::TogglePlay => toggle_play(p),
        PlaygroundCommand::SetRain(n) => set_rain(p, n),
        PlaygroundCommand::RaceGhosts => {
            if p.options.play {
                race_ghosts(p);
            }
        }
        PlaygroundCommand::AddTilted => {
            let m = &p.options.map;
            let c = [(m.cols() as f32 * 0.5).round(), (m.rows() as f32 * 0.5).round()];
            if let Ok(b) = TiltedBox::new(c, [3.0, 0.25], 30.0) {
                p.options.tilted.push(b);
            }
        }
        PlaygroundCommand::SetTilted { index, tilted } => {
            // Only a valid box replaces one (the same checks as the scene text's `obb=`).
            if let (Ok(b), Some(slot)) =
                (TiltedBox::new(tilted.center, tilted.half, tilted.degrees), p.options.tilted.get_mut(index))
            {
                *slot = b;
            }
        }
        PlaygroundCommand::RemoveTilted(i) => {
            p.options.tilted.remove(i);
        }
    }
}

/// The rain on with `n` balls (clamped to the build's range: an existing rain is resized, keeping
/// its balls), or off (the playground's level and ball as they were). Play and the race stop.
pub fn set_rain(p: &mut PlaygroundState, n: Option<u32>) {
    match (n.map(rain::clamp_balls), &mut p.rain) {
        (Some(n), Some(r)) => {
            r.resize(n);
            p.options.rain = Some(n);
        }
        (n, _) => {
            if n.is_some() && p.options.play {
                toggle_play(p);
            }
            p.options.rain = n;
            p.options.race &= n.is_none();
            if n.is_some() {
                p.options.speed = 1.0;
            }
            p.options.steps = 0;
            restart(p);
        }
    }
}

/// Play: the ghost race on the run just played (see [`play::race_recording`]); the clock starts
/// again with it.
fn race_ghosts(p: &mut PlaygroundState) {
    if play::race_recording(&mut p.play, &p.options) {
        restart_clock(p);
    }
    p.options.race = p.play.racing();
}

/// The tip of the throw arrow, world units.
#[must_use]
pub fn throw_tip(o: &PlaygroundOptions) -> [f32; 2] {
    let c = o.ball.center();
    [c[0] + o.throw[0] * ARROW_SECONDS, c[1] + o.throw[1] * ARROW_SECONDS]
}

#[cfg(test)]
mod tests;

#[cfg(test)]
#[path = "play_tests.rs"]
mod play_tests;
