//! The Play mode's plain data and pure functions: the ball is a character driven by the core's
//! [`Controller`] at the playground's fixed 120 Hz step, from keys (or the on-screen touch pads)
//! mapped to the controller's [`Input`]; a camera that follows it; what the HUD shows (the last
//! step's [`Report`], and marks where it snapped down or stepped up); and the **ghost race**: the
//! run's recorded inputs replayed by one controller per world strategy (`Config::strategy`), each
//! with its trail and where it bumped, stuck or tunnelled.
//!
//! ```text
//!  keys held, presses, touch pads ──keys_input / pads_held──► controller Input
//!  Input (the scene's script first, then the keys) ──step──► Controller::step ──► Report, marks, recording
//!  recording ──race──► one Controller per strategy, replaying it ──► ghost trails and marks
//! ```
//!
//! Nothing here knows the app's state: the playground's [`PlaygroundState`](super::PlaygroundState)
//! holds a [`PlayState`] and calls these functions from its clock.

use super::options::PlaygroundOptions;
use super::script::edge;
use crate::app::input::Key;
use crate::app::levels::LEVELS;
use crate::app::view::ScreenRect;
use crate::geom::controller::{Config, Controller, Event, Input, Report};
use crate::geom::world::{Layered, Mover, Movers, Path, StrategyId, TileMap, WithOriented, World, STRATEGIES};
use crate::geom::OrientedRect;
use crate::geom::Rect;
use glam::Vec2;

/// A character this far below the map has fallen out of the world: the attempt starts again.
pub const FALL_OUT: f32 = 8.0;
/// Steps a snap or step-up mark stays on the canvas (fading), 3 s.
pub const MARK_STEPS: u32 = 360;
/// The marks kept at most.
pub const MAX_MARKS: usize = 48;
/// Steps recorded at most (ten minutes); the rest of a longer run is not recorded.
pub const MAX_RECORD: usize = 72_000;
/// Steps the ghosts go on with no input after the recording ends (1 s), then stop.
pub const GHOST_TAIL: u32 = 120;
/// How fast the camera catches up, per second: it covers `1 − e^(−rate·dt)` of the way each frame.
pub const FOLLOW_RATE: f32 = 6.0;
/// The world units the camera shows across the canvas's shorter side.
pub const VIEW_SPAN: f32 = 14.0;
/// The smallest a cell is drawn, logical pixels (a phone held upright shows fewer cells instead).
pub const MIN_CELL_PX: f32 = 28.0;
/// A touch pad's side, logical (CSS) pixels: above the 44 px a finger needs.
pub const PAD_PX: f32 = 64.0;
/// The smallest side a pad gets on a narrow canvas: the 44 px a finger needs (Apple's guideline,
/// WCAG's target size).
pub const PAD_MIN_PX: f32 = 44.0;
/// Room between the pads and around them, logical pixels.
pub const PAD_GAP: f32 = 14.0;

/// The highest ledge the character walks up, and the deepest it walks down glued to the ground
/// (the snap), world units: one cell, as Terraria's characters climb one-tile steps (the core's
/// defaults, half a unit each, are below any ledge a map of unit cells has: there every ledge is
/// jumped up and fallen down). A drop deeper than a cell is still a fall in an arc, with coyote time.
pub const STEP_HEIGHT: f32 = 1.0;

/// The character's tunables for these options: the core's defaults, with the scene's strategy, a
/// step height and snap distance of one cell ([`STEP_HEIGHT`]), and no gravity with `gravity=off`.
#[must_use]
pub fn config(o: &PlaygroundOptions, strategy: StrategyId) -> Config {
    let d = Config::default();
    Config {
        strategy,
        gravity: if o.gravity { d.gravity } else { 0.0 },
        max_step_height: STEP_HEIGHT,
        snap_distance: STEP_HEIGHT,
        ..d
    }
}

// ---------------------------------------------------------------------------------------------
// Input: keys and touch pads → the controller's Input.

/// Does this key jump (Space, W, ↑)?
#[must_use]
pub fn is_jump_key(k: Key) -> bool {
    matches!(k, Key::Space | Key::W | Key::Up)
}

/// The controller's input from the keys held this step and whether a jump key went down since the
/// last step (`jump_down`): ← or A left, → or D right (both: neither), Space / W / ↑ held (or gone
/// down since the last step) holds the jump, ↓ holds down; the jump is pressed when it is held now
/// and was not on the step before (`held_before`, see [`edge`]).
#[must_use]
pub fn keys_input(held: &[Key], jump_down: bool, held_before: bool) -> Input {
    let has = |ks: &[Key]| ks.iter().any(|k| held.contains(k));
    let x = f32::from(u8::from(has(&[Key::Right, Key::D]))) - f32::from(u8::from(has(&[Key::Left, Key::A])));
    let jump_held = jump_down || held.iter().any(|&k| is_jump_key(k));
    edge(Input { x, jump_pressed: false, jump_held, down: held.contains(&Key::Down) }, held_before)
}

/// The on-screen touch pads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pad {
    Left,
    Right,
    Down,
    Jump,
}

impl Pad {
    pub const ALL: [Pad; 4] = [Pad::Left, Pad::Right, Pad::Down, Pad::Jump];

    /// Its name (the jump pad's label; the others show an arrow).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Pad::Left => "left",
            Pad::Right => "right",
            Pad::Down => "down",
            Pad::Jump => "jump",
        }
    }
}

/// Where the pads are on a canvas: ◀ ▶ at its bottom left, ▼ and jump (half as wide again) at its
/// bottom right, [`PAD_GAP`] apart and from the edges. They are [`PAD_PX`] square where that fits in
/// one row, smaller on a narrower canvas but never under [`PAD_MIN_PX`]; where even that does not fit
/// (a phone held upright, beside the panel), ▼ and jump go in a row above ◀ ▶, at the right.
#[must_use]
pub fn pad_rects(canvas: ScreenRect) -> [(Pad, ScreenRect); 4] {
    let g = PAD_GAP;
    // One row: 4.5 pads and 5 gaps (both edges, between the pairs, and the middle).
    let s = ((canvas.w - 5.0 * g) / 4.5).clamp(PAD_MIN_PX, PAD_PX);
    let one_row = 4.5 * s + 5.0 * g <= canvas.w;
    let bottom = canvas.y + canvas.h - g - s;
    let upper = if one_row { bottom } else { bottom - g - s };
    let right = canvas.x + canvas.w - g;
    let r = |x: f32, y: f32, w: f32| ScreenRect { x, y, w, h: s };
    [
        (Pad::Left, r(canvas.x + g, bottom, s)),
        (Pad::Right, r(canvas.x + 2.0 * g + s, bottom, s)),
        (Pad::Down, r(right - 2.5 * s - g, upper, s)),
        (Pad::Jump, r(right - 1.5 * s, upper, 1.5 * s)),
    ]
}

/// Which pads the points press (the touches, and the mouse while its button is down).
#[must_use]
pub fn pads_held(canvas: ScreenRect, points: &[Vec2]) -> [bool; 4] {
    let rects = pad_rects(canvas);
    rects.map(|(_, r)| points.iter().any(|&p| r.contains(p)))
}

/// The keys the pads stand for (the pad held → the key held).
#[must_use]
pub fn pad_keys(held: [bool; 4]) -> Vec<Key> {
    Pad::ALL
        .iter()
        .zip(held)
        .filter(|(_, h)| *h)
        .map(|(p, _)| match p {
            Pad::Left => Key::Left,
            Pad::Right => Key::Right,
            Pad::Down => Key::Down,
            Pad::Jump => Key::Space,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Bodies: the character and the ghosts.

/// What a mark on the canvas stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// The controller snapped the character down onto the ground (`Event::SnappedDown`).
    SnappedDown,
    /// It climbed a ledge (`Event::SteppedUp`).
    SteppedUp,
    /// A ghost lost most of its speed running on the ground with no wall ahead (a seam caught it).
    Bump,
    /// A ghost stayed put with somewhere to go: asked to run with no wall ahead, or in the air.
    Stuck,
    /// A ghost's centre passed through a solid cell in one step.
    Tunnelled,
}

impl MarkKind {
    /// The word the canvas writes beside the mark.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            MarkKind::SnappedDown => "snap",
            MarkKind::SteppedUp => "step up",
            MarkKind::Bump => "bump",
            MarkKind::Stuck => "stuck",
            MarkKind::Tunnelled => "tunnel",
        }
    }
}

/// Something that happened at a place, at a step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    pub kind: MarkKind,
    /// The centre at the end of that step.
    pub at: [f32; 2],
    /// The step it happened in (the playground's step count then).
    pub step: u32,
}

/// A controller and what it did: the last report, its trail, its marks.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    pub controller: Controller,
    /// The last step's report (`None` before the first step).
    pub report: Option<Report>,
    /// The centre after every step, starting with the start.
    pub trail: Vec<[f32; 2]>,
    pub marks: Vec<Mark>,
    /// Fell out of the world.
    pub out: bool,
    /// Stuck in the last step (a stuck episode is marked once, where it starts).
    stuck: bool,
}

impl Body {
    /// A body at the options' start (the ball's centre and radius) with these tunables.
    #[must_use]
    pub fn new(o: &PlaygroundOptions, config: Config) -> Body {
        let c = o.ball.center();
        let controller = Controller::new(c, o.ball.radius(), config)
            .unwrap_or_else(|_| Controller::new([0.0, 0.0], 0.4, config).expect("a valid character"));
        Body { controller, report: None, trail: vec![c], marks: Vec::new(), out: false, stuck: false }
    }

    /// The centre.
    #[must_use]
    pub fn position(&self) -> [f32; 2] {
        self.controller.position()
    }

    /// Standing still on the ground.
    #[must_use]
    pub fn at_rest(&self) -> bool {
        self.controller.grounded() && self.controller.velocity() == [0.0, 0.0]
    }

    /// One step of `dt` seconds; `ghost`: look for bumps, sticks and tunnellings too (the character's own
    /// marks are its snaps and step-ups).
    fn step(&mut self, input: Input, dt: f32, (map, world): (&TileMap, &impl World), step: u32, ghost: bool) -> Report {
        let before = self.position();
        let v0 = self.controller.velocity();
        let was_grounded = self.controller.grounded();
        let r = self.controller.step(input, dt, world);
        let at = r.position;
        let mut kinds: Vec<MarkKind> = Vec::new();
        let mut mark = |kind| kinds.push(kind);
        if !ghost {
            for (e, kind) in [(Event::SnappedDown, MarkKind::SnappedDown), (Event::SteppedUp, MarkKind::SteppedUp)] {
                if r.events.contains(e) {
                    mark(kind);
                }
            }
        } else {
            let radius = self.controller.radius();
            let dir = input.x.signum();
            let open_ahead = input.x != 0.0 && !solid_at(map, [at[0] + dir * (radius + 0.05), at[1]]);
            if passes_solid(map, before, at) {
                mark(MarkKind::Tunnelled);
            }
            let lost = (v0[0] - r.velocity[0]) * dir;
            if was_grounded && r.grounded && open_ahead && lost > 0.5 * self.controller.config().run_speed {
                mark(MarkKind::Bump);
            }
            // Stuck: it has somewhere to go (a run with no wall ahead, or a fall) and went nowhere.
            let wants = open_ahead || !r.grounded;
            let stuck = wants && (at[0] - before[0]).abs() < 1e-4 && (at[1] - before[1]).abs() < 1e-4;
            // One mark for a place it sticks at, however it creeps there (half a unit apart).
            let near = |m: &Mark| m.kind == MarkKind::Stuck && (m.at[0] - at[0]).hypot(m.at[1] - at[1]) < 0.5;
            if stuck && !self.stuck && !self.marks.iter().any(near) {
                mark(MarkKind::Stuck);
            }
            self.stuck = stuck;
        }
        for kind in kinds {
            if self.marks.len() == MAX_MARKS {
                self.marks.remove(0);
            }
            self.marks.push(Mark { kind, at, step });
        }
        if self.trail.len() < MAX_RECORD {
            self.trail.push(at);
        }
        if at[1] < -FALL_OUT {
            self.out = true;
        }
        self.report = Some(r);
        r
    }
}

/// Is the point inside a solid cell (one-way cells are not solid from inside)?
fn solid_at(map: &TileMap, p: [f32; 2]) -> bool {
    let (x, y) = (p[0].floor(), p[1].floor());
    x >= 0.0 && y >= 0.0 && map.is_solid(x as usize, y as usize)
}

/// Does the segment from `a` to `b` pass through a solid cell (sampled every 0.05 units)? A ball's
/// centre is never inside a solid cell unless it went through.
fn passes_solid(map: &TileMap, a: [f32; 2], b: [f32; 2]) -> bool {
    let len = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
    let n = ((len / 0.05).ceil() as usize).clamp(1, 10_000);
    (1..=n).any(|k| {
        let t = k as f32 / n as f32;
        solid_at(map, [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t])
    })
}

/// One strategy's ghost in the race.
#[derive(Clone, Debug, PartialEq)]
pub struct Ghost {
    pub strategy: StrategyId,
    pub body: Body,
}

impl Ghost {
    /// How many of its marks are of this kind.
    #[must_use]
    pub fn count(&self, kind: MarkKind) -> usize {
        self.body.marks.iter().filter(|m| m.kind == kind).count()
    }
}

// ---------------------------------------------------------------------------------------------
// The Play mode's state.

/// The Play mode's part of the playground.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayState {
    /// The character.
    pub player: Body,
    /// The inputs the character was given, one a step, since the attempt started.
    pub recording: Vec<Input>,
    /// Inputs the character follows from the start before the keys take over (the scene's
    /// `inputs=`).
    pub script: Vec<Input>,
    /// The race: one ghost per strategy, replaying [`PlayState::race_inputs`] (empty: no race).
    pub ghosts: Vec<Ghost>,
    /// The run the ghosts replay.
    pub race_inputs: Vec<Input>,
    /// The world point the camera centres on (before it is kept within the map).
    pub camera: [f32; 2],
    /// A jump key (or the pad) went down since the last step: the next live step holds the jump
    /// (and presses it, if it was not held on the step before).
    pub jump_latch: bool,
    /// The keys held now (keyboard and touch pads): the live steps' run, jump held, down.
    pub held: Vec<Key>,
    /// The touch pads held in the last frame (their presses are the edges).
    pub pads: [bool; 4],
    /// The level's moving boxes, at the attempt's time: they move first in every step, then the
    /// character and the ghosts step.
    pub movers: Movers,
}

/// The moving boxes of the options' level, at time 0 (none for a map of the scene's own).
#[must_use]
pub fn level_movers(o: &PlaygroundOptions) -> Movers {
    let specs = o.level.and_then(|i| LEVELS.get(i)).map_or(&[][..], |l| l.movers);
    let movers = specs
        .iter()
        .filter_map(|m| {
            let rect = Rect::new([m.rect[0], m.rect[1]], [m.rect[2], m.rect[3]]).ok()?;
            let mover = Mover::new(rect, Path::PingPong { points: m.points.to_vec(), speed: m.speed });
            Some(if m.one_way { mover.one_way() } else { mover })
        })
        .collect();
    Movers::new(movers).unwrap_or_else(|_| Movers::new(Vec::new()).expect("no boxes is a valid list"))
}

impl PlayState {
    /// The start of an attempt on these options: the character at the ball's start, the scene's
    /// script to follow, and the race if `race=on` (replaying the script).
    #[must_use]
    pub fn new(o: &PlaygroundOptions) -> PlayState {
        let script = o.inputs.inputs();
        let mut p = PlayState {
            player: Body::new(o, config(o, o.strategy)),
            recording: Vec::new(),
            script: script.clone(),
            ghosts: Vec::new(),
            race_inputs: Vec::new(),
            camera: o.ball.center(),
            jump_latch: false,
            held: Vec::new(),
            pads: [false; 4],
            movers: level_movers(o),
        };
        if o.race && !script.is_empty() {
            start_race(&mut p, o, script);
        }
        p
    }

    /// Is a race on?
    #[must_use]
    pub fn racing(&self) -> bool {
        !self.ghosts.is_empty()
    }

    /// Have the ghosts all finished (replayed the run and its tail, or fell out)?
    #[must_use]
    pub fn ghosts_done(&self, steps: u32) -> bool {
        self.ghosts.iter().all(|g| g.body.out) || steps as usize >= self.race_inputs.len() + GHOST_TAIL as usize
    }

    /// Nothing would change with more steps and no input: the character at rest, no key held, no
    /// jump waiting, the ghosts done, no mark still fading. (The frame loop then draws no frames.)
    #[must_use]
    pub fn idle(&self, steps: u32) -> bool {
        self.player.at_rest()
            && self.held.is_empty()
            && !self.jump_latch
            && (steps as usize) >= self.script.len()
            && (!self.racing() || self.ghosts_done(steps))
            && self.player.marks.last().is_none_or(|m| steps >= m.step + MARK_STEPS)
            && self.camera == self.player.position()
            && self.movers.is_empty()
    }
}

/// The race starts from the start: one ghost per strategy (registry order) replaying `inputs`.
pub fn start_race(p: &mut PlayState, o: &PlaygroundOptions, inputs: Vec<Input>) {
    p.ghosts = STRATEGIES.iter().map(|s| Ghost { strategy: s.kind, body: Body::new(o, config(o, s.kind)) }).collect();
    p.race_inputs = inputs;
}

/// A new attempt from the start: the character back at the start, the recording emptied, the
/// script followed again, a race replayed again.
pub fn restart(p: &mut PlayState, o: &PlaygroundOptions) {
    p.player = Body::new(o, config(o, o.strategy));
    p.movers = level_movers(o);
    p.recording.clear();
    p.jump_latch = false;
    if p.racing() {
        let inputs = std::mem::take(&mut p.race_inputs);
        start_race(p, o, inputs);
    }
}

/// The ghost race on the run just played: its recording (or, with none, the script) replayed by
/// every strategy, and the character back at the start for a new attempt beside them. Returns
/// whether a race started (not with no run to replay).
pub fn race_recording(p: &mut PlayState, o: &PlaygroundOptions) -> bool {
    let run = if p.recording.is_empty() { p.script.clone() } else { std::mem::take(&mut p.recording) };
    if run.is_empty() {
        return false;
    }
    p.script.clear();
    start_race(p, o, run);
    restart(p, o);
    true
}

/// Ends the race: the ghosts are gone.
pub fn stop_race(p: &mut PlayState) {
    p.ghosts.clear();
    p.race_inputs.clear();
}

/// One fixed step of `dt` seconds, the `step`-th of the attempt: the character's input is the script's while it
/// lasts, then the keys'; each ghost replays its input of this step (none after the run ends).
/// Returns whether the character fell out of the world (the caller starts a new attempt).
/// The rotated boxes `tilted` stand beside the map (the scene's `obb=`).
pub fn step(p: &mut PlayState, map: &TileMap, tilted: &[OrientedRect], step: u32, dt: f32) -> bool {
    p.movers.advance(dt);
    let fixed = WithOriented::new(map, tilted, map.width() * map.height());
    let world = Layered::new(&fixed, &p.movers);
    let w = (map, &world);
    let k = step as usize;
    let held_before = p.recording.last().is_some_and(|i| i.jump_held);
    let input = match p.script.get(k) {
        Some(i) => *i,
        None => keys_input(&p.held, std::mem::take(&mut p.jump_latch), held_before),
    };
    if p.recording.len() < MAX_RECORD {
        p.recording.push(input);
    }
    p.player.step(input, dt, w, step, false);
    if !p.ghosts_done(step) {
        for g in &mut p.ghosts {
            if !g.body.out {
                let i = p.race_inputs.get(k).copied().unwrap_or_default();
                g.body.step(i, dt, w, step, true);
            }
        }
    }
    p.player.out
}

/// Replays the rest of the race at once (reduced motion: a race jumps to its end, as motion mode's
/// Play does); the character stays where it is, and so do the moving boxes it rides (the ghosts
/// step through a copy of them).
pub fn finish_race(p: &mut PlayState, map: &TileMap, tilted: &[OrientedRect], mut step: u32, dt: f32) {
    let fixed = WithOriented::new(map, tilted, map.width() * map.height());
    let mut movers = p.movers.clone();
    while p.racing() && !p.ghosts_done(step) {
        movers.advance(dt);
        let world = Layered::new(&fixed, &movers);
        let w = (map, &world);
        let k = step as usize;
        for g in &mut p.ghosts {
            if !g.body.out {
                let i = p.race_inputs.get(k).copied().unwrap_or_default();
                g.body.step(i, dt, w, step, true);
            }
        }
        step += 1;
    }
}

/// The camera after a frame of `dt` seconds: it moves toward the character, covering
/// `1 − e^(−FOLLOW_RATE·dt)` of the way (frame-rate independent); with `reduced_motion`, or less
/// than a thousandth of a unit away, it is there at once.
pub fn follow(p: &mut PlayState, dt: f32, reduced_motion: bool) {
    let target = p.player.position();
    let k = if reduced_motion || !(dt.is_finite() && dt > 0.0) { 1.0 } else { 1.0 - (-FOLLOW_RATE * dt).exp() };
    let c = [0, 1].map(|i| p.camera[i] + (target[i] - p.camera[i]) * k);
    let near = (c[0] - target[0]).abs() < 1e-3 && (c[1] - target[1]).abs() < 1e-3;
    p.camera = if near || reduced_motion { target } else { c };
}

/// The world rectangle the camera shows on a canvas: [`VIEW_SPAN`] units across the shorter side, or
/// fewer where that would draw a cell smaller than [`MIN_CELL_PX`] (a narrow canvas), centred on the
/// camera, kept within the map (`cols × rows`, with half a cell around it); a map smaller than the
/// window along an axis is centred on that axis.
#[must_use]
pub fn camera_window(camera: [f32; 2], cols: usize, rows: usize, canvas: ScreenRect) -> ([f32; 2], [f32; 2]) {
    let (w, h) = (canvas.w.max(1.0), canvas.h.max(1.0));
    let px_per_unit = (w.min(h) / VIEW_SPAN).max(MIN_CELL_PX);
    let half = [0.5 * w / px_per_unit, 0.5 * h / px_per_unit];
    let (lo, hi) = ([-0.5, -0.5], [cols as f32 + 0.5, rows as f32 + 0.5]);
    let centre = [0, 1].map(|i| {
        if hi[i] - lo[i] <= 2.0 * half[i] {
            0.5 * (lo[i] + hi[i])
        } else {
            camera[i].clamp(lo[i] + half[i], hi[i] - half[i])
        }
    });
    ([centre[0] - half[0], centre[1] - half[1]], [centre[0] + half[0], centre[1] + half[1]])
}
