//! A character controller for a ball-shaped character, on top of the world step: run, jump, land,
//! walk down steps and up ledges, pass up through one-way platforms and drop down through them —
//! in seconds, with the ground, wall and ceiling it touches and what happened, every step.
//!
//! ```
//! use ball_aabb::controller::{Config, Controller, Input};
//! use ball_aabb::world::TileMap;
//! let level = TileMap::from_ascii("..-----...\n..........\n##########", 1.0)?; // '-': one-way
//! let mut player = Controller::new([1.5, 1.4], 0.4, Config::default())?; // feet on the floor (y = 1)
//! for frame in 0..120 {
//!     let run = if frame < 40 { 1.0 } else { 0.0 }; // right for 40 frames, then let go
//!     let input = Input { x: run, jump_pressed: frame == 10, jump_held: frame < 40, down: false };
//!     let report = player.step(input, 1.0 / 60.0, &level); // dt in seconds
//!     // draw the ball at report.position (glam: Vec2::from(report.position)) …
//! }
//! assert!(player.grounded() && player.position()[1] == 3.4); // up through the platform, on top
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # One step
//! [`Controller::step`] takes an [`Input`] (the wanted horizontal direction, jump pressed / held,
//! down held), the time step `dt` in seconds and the world, and returns a [`Report`]:
//!
//! 0. **moving boxes** ([`Movers`](crate::world::Movers), moved before the characters step): standing
//!    on one, the character is carried by its move; a one-way one that rose past its feet catches
//!    it; one that moved into it pushes it out, or crushes it against a wall
//!    ([`Event::Crushed`]);
//! 1. **timers**: a jump press fills the jump buffer ([`Config::jump_buffer_time`]); in the air the
//!    coyote time ([`Config::coyote_time`]) runs down;
//! 2. **run**: the horizontal speed moves toward `x · run_speed` by at most `accel · dt`;
//! 3. **jump or drop**: with a jump wanted (pressed now or buffered) and the character on the
//!    ground or in coyote time, `v.y ← jump_speed`; with down held too and only one-way
//!    platforms underfoot, it drops through them instead;
//! 4. **jump cut** (variable jump height): releasing the button while still rising from a jump
//!    multiplies `v.y` by [`Config::jump_cut`], once;
//! 5. **gravity** in the air, `v.y ← max(v.y − g·dt, −max_fall_speed)`; on the ground `v.y = 0`;
//! 6. **move** by `v·dt` (on a ramp's face: along it) with [`world::step`](crate::world::step) (no
//!    gravity there, restitution 0):
//!    the contacts it reports are sorted into ground, walls and ceilings by
//!    [`Config::floor_min_normal_y`], and the velocity loses what they blocked;
//! 7. **step up**: on the ground and blocked by a wall, try up–across–down ([`Config::max_step_height`]);
//! 8. **ground**: where the character now stands, snapping down by at most
//!    [`Config::snap_distance`] if it stood on the ground at the start and did not jump.
//!
//! # The flat foot
//! On the ground the character stands on a **flat foot as wide as the ball**: it is supported by
//! any box top under `[x − r, x + r]`, at its feet's height (within the [`Config::slop`]), and its
//! centre is then put exactly at `top + r` ([`standing_height`]: rounded so that it touches the top,
//! never sinks into it). So a run along a floor of tiles keeps one height with
//! any numbers (no rounding drift, no seams), the character walks over a gap no wider than `2r`,
//! and it stands on a ledge until its whole width is past the edge — then, with nothing under it,
//! it either snaps straight down onto ground within [`Config::snap_distance`] (a stair step no
//! higher than [`Config::max_step_height`]: walked down, glued) or leaves the ground and falls in an
//! arc (a ledge deeper than that, any whole cell on a unit-cell level: `LeftGround`, with coyote time
//! to jump off it). A ball rolling freely would instead roll around the ledge's corner and hop.
//! This is a box character's support, kept for the ball. The tilted ground is a box corner the
//! character lands on from the air, and a rotated box's face (next section), each within
//! [`Config::floor_min_normal_y`].
//!
//! # Ramps: rotated boxes
//! A rotated box ([`OrientedRect`](crate::OrientedRect), beside the aligned ones: [`WithOriented`](crate::world::WithOriented),
//! [`BoxList::mixed`](crate::world::BoxList::mixed)) has no flat top: the character stands on its
//! face by **touch**, the face's normal `n` (from the closest point, computed in the box's frame)
//! being the ground normal when `n.y ≥ floor_min_normal_y` (default: faces up to 45°;
//! [`Config::with_max_slope_degrees`] changes it). On such a face:
//!
//! - it is grounded and can jump; standing still it does not move (no gravity on the ground);
//! - the run follows the face's tangent, `d = (vx·dt, −vx·dt·n.x/n.y)`: up and down the ramp at the
//!   run speed across, so walking down keeps touching the face (no hop off it each frame); the
//!   snap takes it down whatever the rounding of the tangent leaves;
//! - a steeper face is a wall: the character slides down it in the air, and a run into it is
//!   blocked (only the move's vertical part is made), never turned into a climb along it.
//!
//! Exact as far as the box's frame change: the face's normal comes out within f32 rounding of
//! `(−sin θ, cos θ)`, the centre's height is where the move put it (not rounded to a top), and the
//! standing drift is 0 (the soak in `tests/controller_ramps.rs` measures it).
//!
//! # One-way platforms
//! A one-way box (`-` in [`TileMap::from_ascii`](crate::world::TileMap::from_ascii)) counts for a
//! move only when its top is at or below the character's feet at the start of the move: it jumps
//! up through them and lands on top. Down + jump while standing only on one-way boxes drops
//! through them: they are ignored until the feet are below their top.

#![forbid(unsafe_code)]

mod config;
mod events;
mod ground;
mod passable;

pub use config::{Config, ConfigError, ControllerError};
pub use events::{Event, Events};
pub use ground::standing_height;

use crate::shape::{Circle, ShapeError};
use crate::world::{Params, World};
use ground::{Ctx, Ground};

/// What the player asks for during one step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Input {
    /// The wanted horizontal direction, `−1` (left) to `1` (right), as a fraction of
    /// [`Config::run_speed`]; clamped to `[−1, 1]`, NaN counts as 0. An analogue stick's x as it is.
    pub x: f32,
    /// The jump button went down during this step (an edge: true for one step per press).
    pub jump_pressed: bool,
    /// The jump button is held (for the variable jump height: releasing it cuts the jump).
    pub jump_held: bool,
    /// Down is held (down + jump drops through one-way platforms).
    pub down: bool,
}

impl Input {
    /// Run at `x` (a fraction of the run speed), no button.
    #[must_use]
    pub fn run(x: f32) -> Self {
        Input { x, ..Input::default() }
    }
}

/// What one [`Controller::step`] did. Plain data, no allocation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Report {
    /// The centre after the step (glam: `Vec2::from(report.position)`).
    pub position: [f32; 2],
    /// The velocity after the step, `u/s`: what blocked the move removed, `y = 0` on the ground.
    pub velocity: [f32; 2],
    /// On the ground after the step.
    pub grounded: bool,
    /// The ground's normal when grounded (`[0, 1]` on a box top; tilted on a corner), else `[0, 0]`.
    pub ground_normal: [f32; 2],
    /// The move was blocked by a wall (a contact whose normal is neither ground nor ceiling).
    pub on_wall: bool,
    /// That wall's normal (the last one met), else `[0, 0]`.
    pub wall_normal: [f32; 2],
    /// The move was blocked by a ceiling.
    pub on_ceiling: bool,
    /// What happened.
    pub events: Events,
    /// The push the world step gave the ball out of solids it started in (see
    /// [`Step::pushed_out`](crate::world::Step::pushed_out)); `[0, 0]` almost always.
    pub pushed_out: [f32; 2],
}

/// A ball-shaped character: its ball, its velocity in `u/s`, whether it stands on the ground, and
/// its jump timers. See the [module](self) docs for what a step does.
#[derive(Clone, Debug, PartialEq)]
pub struct Controller {
    ball: Circle,
    velocity: [f32; 2],
    config: Config,
    grounded: bool,
    ground_normal: [f32; 2],
    /// The top the feet stand on, when grounded.
    ground_top: f32,
    /// Every box underfoot is one-way.
    ground_one_way_only: bool,
    /// A rotated box's face holds the character up (the run follows its tangent).
    ground_tilted: bool,
    /// Coyote time left, seconds ([`EXPIRED`]: none).
    coyote: f32,
    /// Jump buffer left, seconds ([`EXPIRED`]: none).
    buffer: f32,
    /// Rising from a jump that has not been cut yet.
    rising: bool,
    /// Dropping through the one-way boxes with this top.
    drop_top: Option<f32>,
    /// Placed ([`Controller::new`], [`Controller::set_position`]) and not stepped since: a first
    /// step that finds the ground right where it was placed is no landing.
    placed: bool,
    /// The moving box it stands on, when grounded on one.
    carrier: Option<usize>,
}

/// A timer that has run out (a running one is `≥ 0`).
const EXPIRED: f32 = -1.0;

/// How far past zero a timer may run and still count as at the end of its window, seconds: the
/// rounding of many steps' `dt` (a 0.1 s window at 60 Hz ends at `0.1 − 6·(1/60)`, a few `f32`
/// ulps from 0 either way).
const TIMER_SLACK: f32 = 1e-5;

/// A timer `dt` later: a window of `T` seconds allows every step that ends within `T` of its start,
/// the last one included (0.1 s is 6 steps at 60 Hz, 24 at 240 Hz); then [`EXPIRED`].
fn run_down(t: f32, dt: f32) -> f32 {
    let left = t - dt;
    if t >= 0.0 && left >= -TIMER_SLACK {
        left.max(0.0)
    } else {
        EXPIRED
    }
}

impl Controller {
    /// A character of radius `radius` centred at `position` (a `[f32; 2]`, or glam's `Vec2` as it
    /// is), at rest and in the air: its first step finds the ground under it. Fails, naming the
    /// field, on a non-finite number, a negative radius, or a config [`Config::validate`] refuses.
    ///
    /// ```
    /// use ball_aabb::controller::{Config, Controller};
    /// let e = Controller::new([1.0, 1.0], 0.4, Config { gravity: f32::NAN, ..Config::default() }).unwrap_err();
    /// assert_eq!(e.field(), "gravity");
    /// assert_eq!(Controller::new([1.0, 1.0], -0.4, Config::default()).unwrap_err().field(), "radius");
    /// ```
    pub fn new(position: impl Into<[f32; 2]>, radius: f32, config: Config) -> Result<Self, ControllerError> {
        config.validate()?;
        Ok(Controller {
            ball: Circle::new(position, radius)?,
            velocity: [0.0; 2],
            config,
            grounded: false,
            ground_normal: [0.0; 2],
            ground_top: 0.0,
            ground_one_way_only: false,
            ground_tilted: false,
            coyote: EXPIRED,
            buffer: EXPIRED,
            rising: false,
            drop_top: None,
            placed: true,
            carrier: None,
        })
    }

    /// The centre.
    #[must_use]
    pub fn position(&self) -> [f32; 2] {
        self.ball.center()
    }

    /// The velocity, `u/s`.
    #[must_use]
    pub fn velocity(&self) -> [f32; 2] {
        self.velocity
    }

    /// The radius.
    #[must_use]
    pub fn radius(&self) -> f32 {
        self.ball.radius()
    }

    /// The ball (centre and radius).
    #[must_use]
    pub fn ball(&self) -> Circle {
        self.ball
    }

    /// On the ground (after the last step)?
    #[must_use]
    pub fn grounded(&self) -> bool {
        self.grounded
    }

    /// The ground normal when grounded.
    #[must_use]
    pub fn ground_normal(&self) -> Option<[f32; 2]> {
        self.grounded.then_some(self.ground_normal)
    }

    /// The coyote time left, seconds (0 on the ground after a jump, or once it ran out; 0 also in
    /// the last step it still allows a jump, exactly at the end of its window).
    #[must_use]
    pub fn coyote_left(&self) -> f32 {
        self.coyote.max(0.0)
    }

    /// The jump buffer left, seconds (0 when there is none, as [`Controller::coyote_left`]).
    #[must_use]
    pub fn jump_buffer_left(&self) -> f32 {
        self.buffer.max(0.0)
    }

    /// The tunables.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Changes the tunables between steps, when [`Config::validate`] accepts them (otherwise nothing
    /// changes and the error names the field).
    pub fn set_config(&mut self, config: Config) -> Result<(), ConfigError> {
        config.validate()?;
        self.config = config;
        Ok(())
    }

    /// Puts the character at `position` (a respawn, a teleport): in the air until the next step
    /// finds the ground under it. The velocity is kept ([`Controller::set_velocity`] sets it).
    pub fn set_position(&mut self, position: impl Into<[f32; 2]>) -> Result<(), ShapeError> {
        self.ball = Circle::new(position, self.ball.radius())?;
        self.grounded = false;
        self.ground_normal = [0.0; 2];
        self.ground_tilted = false;
        self.drop_top = None;
        self.placed = true;
        Ok(())
    }

    /// Sets the velocity, `u/s` (a `[f32; 2]` or a `Vec2`). Non-finite components become 0.
    pub fn set_velocity(&mut self, velocity: impl Into<[f32; 2]>) {
        self.velocity = velocity.into().map(|x| if x.is_finite() { x } else { 0.0 });
    }

    /// One step of `dt` seconds through `world` (see the [module](self) docs). A `dt` that is not
    /// finite and positive changes nothing.
    pub fn step(&mut self, input: Input, dt: f32, world: &impl World) -> Report {
        let mut events = Events::EMPTY;
        let mut report = self.report(events);
        if !(dt > 0.0 && dt.is_finite()) {
            return report;
        }
        let cfg = self.config;
        let r = self.ball.radius();
        let start = self.ball.center();
        let placed = core::mem::replace(&mut self.placed, false);
        let ctx = Ctx {
            world,
            config: &cfg,
            params: Params { slop: cfg.slop, ..Params::default() },
            radius: r,
            drop_top: self.drop_top,
            except: None,
        };
        if placed && !self.grounded {
            // Placed standing (spawned, or set down): it stands from the start of its first step,
            // so a jump or a drop on that step happens (and finding the ground is no landing).
            if let Some(g) = ctx.probe(start, 0.0, false).filter(|g| (g.center_y - start[1]).abs() <= ctx.tol(start)) {
                self.stand_on(&g);
            } else if let Some(g) = placed_on_mover(world, start, r, ctx.tol(start)) {
                // Placed on a moving box's top as it was before this frame's move: standing on it, so
                // it carries the character from the first step (no fall, no landing).
                self.stand_on(&g);
            }
        }
        // 0. Moving boxes (they have moved already this frame: see `Movers`).
        let placed_at = start;
        let start = self.ride(start, world, &ctx, &mut events);
        let was_grounded = self.grounded;
        let mut v = self.velocity;

        // 1. Timers.
        self.buffer = if input.jump_pressed { cfg.jump_buffer_time } else { run_down(self.buffer, dt) };
        if !was_grounded {
            self.coyote = run_down(self.coyote, dt);
        }
        let wants_jump = input.jump_pressed || self.buffer >= 0.0;

        // 2. Run.
        let x = if input.x.is_nan() { 0.0 } else { input.x.clamp(-1.0, 1.0) };
        let accel = if was_grounded { cfg.run_accel } else { cfg.air_accel };
        v[0] = approach(v[0], x * cfg.run_speed, accel * dt);

        // 3. Jump, or drop through.
        let (mut jumped, mut dropped) = (false, false);
        if wants_jump && input.down && was_grounded && self.ground_one_way_only {
            self.drop_top = Some(self.ground_top);
            dropped = true;
            events.insert(Event::DroppedThrough);
        } else if wants_jump && (was_grounded || self.coyote >= 0.0) {
            v[1] = cfg.jump_speed;
            self.rising = true;
            jumped = true;
            events.insert(Event::Jumped);
        }
        if jumped || dropped {
            (self.buffer, self.coyote, self.grounded) = (EXPIRED, EXPIRED, false);
        }
        let standing = self.grounded;

        // 4. Jump cut.
        if self.rising && !input.jump_held && v[1] > 0.0 {
            v[1] *= cfg.jump_cut;
            self.rising = false;
        }

        // 5. Gravity: the velocity at the end of the step, and the fall over it integrated exactly
        // (constant gravity until the fall speed limit, then that speed), so a jump's arc is the
        // same parabola at every frame rate.
        let v0 = v[1];
        let mut rise = 0.0;
        v[1] = if standing {
            0.0
        } else {
            let (g, limit) = (cfg.gravity, cfg.max_fall_speed);
            let v1 = v0 - g * dt;
            if v1 >= -limit || v0 <= -limit {
                rise = if v0 <= -limit { -limit * dt } else { 0.5 * (v0 + v1) * dt };
                v1.max(-limit)
            } else {
                // Reaches the limit at t = (v0 + limit)/g within the step, then falls at the limit.
                let t = (v0 + limit) / g;
                rise = 0.5 * (v0 - limit) * t - limit * (dt - t);
                -limit
            }
        };
        if !v.iter().all(|c| c.is_finite()) || !rise.is_finite() {
            (v, rise) = ([0.0; 2], 0.0);
        }

        // 6. Move.
        let ctx = Ctx { drop_top: self.drop_top, ..ctx };
        let mut d = [v[0] * dt, rise];
        let n = self.ground_normal;
        if standing && self.ground_tilted && n[1] >= cfg.floor_min_normal_y && n[1] > 0.0 {
            // On a ramp's face: the run follows its tangent (up and down it at the same horizontal
            // speed), so walking down keeps touching the face instead of leaving it each frame.
            d[1] = -d[0] * n[0] / n[1];
        }
        let mut s = ctx.move_ball(start, d);
        let floor = cfg.floor_min_normal_y;
        let classify = |s: &crate::world::Step, report: &mut Report| {
            for c in s.contacts() {
                if c.normal[1] <= -floor {
                    report.on_ceiling = true;
                } else if c.normal[1] < floor {
                    report.on_wall = true;
                    report.wall_normal = c.normal;
                }
            }
        };
        classify(&s, &mut report);
        // A steep face leaning back (a wall whose normal points up a little: a 60° ramp) turns a
        // run into it into a climb along it. It must not: the run is blocked there, and only the
        // vertical part of the move is made (the slide down the face, the rise of a jump).
        let steep_into = |s: &crate::world::Step| {
            s.contacts().iter().any(|c| c.normal[1] > 0.0 && c.normal[1] < floor && c.normal[0] * d[0] < 0.0)
        };
        let mut run_blocked = false;
        if d[0] != 0.0 && steep_into(&s) && s.end[1] > start[1] + d[1] + ctx.tol(start) {
            s = ctx.move_ball(start, [0.0, d[1]]);
            classify(&s, &mut report);
            run_blocked = true;
        }
        let mut pos = s.end;
        // A component the move did not change keeps its exact value (no ·dt/dt rounding).
        let mut out = [0, 1].map(|k| if s.velocity[k] == s.velocity_in[k] { v[k] } else { s.velocity[k] / dt });
        if run_blocked {
            out[0] = s.velocity[0] / dt;
        }
        if s.pushed_out != [0.0; 2] {
            events.insert(Event::PushedOut);
        }
        if standing {
            out[1] = out[1].min(0.0); // the ground never launches a character: only a jump does
        } else if !report.on_wall {
            // Nor does a corner in the air: a run into a box's corner slides up along it, which
            // must not turn into a hop (a fall keeps at most 0 upward speed, a rise its own).
            out[1] = out[1].min(v[1].max(0.0));
        } else if out[1] > v[1] {
            // Nor does a wall: sliding up a steep corner would let a push into it hold the
            // character up against gravity (a ball stuck halfway up a corner, in the air). The
            // fall speed is restored; what the slide turned sideways of it is not kept (below):
            // with both, a fall onto a steep corner would leave it faster than gravity allows.
            out[1] = v[1];
        }
        if report.on_ceiling {
            events.insert(Event::HitCeiling);
            self.rising = false;
            out[1] = out[1].min(0.0);
        }
        // The terminal speed holds against contacts too: a wall leaning over the fall must not
        // turn the run into a fall faster than it.
        out[1] = out[1].max(-cfg.max_fall_speed);
        // Only the run makes horizontal speed: a contact may take it away (a wall) but never adds
        // to it — a jump into a ceiling's corner, or a fall onto a ramp or a corner, turns the
        // move, not the run's speed.
        out[0] = out[0].clamp(-v[0].abs(), v[0].abs());

        // 7. Step up.
        let mut stepped: Option<Ground> = None;
        if standing && report.on_wall && report.wall_normal[0] * d[0] < 0.0 {
            if let Some((p, g)) = ctx.step_up(start, d[0], s.end[0]) {
                pos = p;
                out = [v[0], 0.0];
                (report.on_wall, report.wall_normal) = (false, [0.0; 2]);
                events.insert(Event::SteppedUp);
                stepped = Some(g);
            }
        }

        // 8. Ground.
        let ground = if stepped.is_some() {
            stepped
        } else if out[1] > 0.0 && (jumped || self.rising) {
            None
        } else {
            let max_drop = if standing { cfg.snap_distance } else { 0.0 };
            ctx.probe(pos, max_drop, standing)
        };
        let tol = ctx.tol(pos);
        match ground {
            Some(g) => {
                if stepped.is_none() && g.center_y < pos[1] - tol {
                    events.insert(Event::SnappedDown);
                }
                // Spawned standing: the first step finds the ground where it was placed (within
                // the tolerance). That is no landing.
                let spawned_standing = placed && (g.center_y - placed_at[1]).abs() <= tol;
                if !was_grounded && !spawned_standing {
                    events.insert(Event::Landed);
                }
                pos[1] = g.center_y;
                out[1] = 0.0;
                self.stand_on(&g);
            }
            None => {
                if was_grounded {
                    events.insert(Event::LeftGround);
                }
                self.grounded = false;
                self.ground_normal = [0.0; 2];
                self.carrier = None;
            }
        }
        if out[1] <= 0.0 {
            self.rising = false;
        }
        if self.drop_top.is_some_and(|top| pos[1] - r < top - tol) {
            self.drop_top = None; // below the platform: the one-way rule leaves it out by itself
        }
        if let Ok(ball) = Circle::new(pos, r) {
            self.ball = ball;
        }
        self.velocity = if out.iter().all(|c| c.is_finite()) { out } else { [0.0; 2] };
        let flags = (report.on_wall, report.wall_normal, report.on_ceiling);
        report = self.report(events);
        (report.on_wall, report.wall_normal, report.on_ceiling) = flags;
        report.pushed_out = s.pushed_out;
        report
    }

    /// What the moving boxes did to the character at `start` before its own move; returns where it
    /// now starts.
    ///
    /// 1. **Carried**: standing on a moving box, it moves by what the box's edges moved
    ///    ([`World::carry`]), that box left out (the rider moves with it, not into it); a wall or a
    ///    ceiling in the way stops the carry there.
    /// 2. **Caught**: a one-way moving box that rose past the feet this frame (its top was at or
    ///    below them before its move, and is above them now), under the flat foot, puts the feet on
    ///    its top: a falling character lands on a rising platform instead of passing through it
    ///    (not one dropping through one-way boxes on purpose).
    /// 3. **Crushed**: a moving box overlapping the character (by more than the tolerance) pushes
    ///    it out of itself; when that push would put it into another solid box, it is caught
    ///    between the two: [`Event::Crushed`]. The world step's push-out then moves it to the
    ///    nearest free position, wherever that is (on top of the box, over the wall); the box
    ///    keeps to its path.
    fn ride<W: World>(&mut self, start: [f32; 2], world: &W, ctx: &Ctx<'_, W>, events: &mut Events) -> [f32; 2] {
        let r = self.ball.radius();
        let mut at = start;
        if let Some(i) = self.carrier.filter(|_| self.grounded) {
            if let Some(d) = world.carry(i).filter(|d| *d != [0.0; 2] && d.iter().all(|x| x.is_finite())) {
                let carry = Ctx { except: Some(i), ..*ctx };
                let s = carry.move_ball(at, d);
                at = s.end;
                // Its top moved with it: down + jump drops through the top where it is now.
                self.ground_top += d[1];
                events.insert(Event::Carried);
                if s.pushed_out != [0.0; 2] {
                    // The carry's step found it overlapping something else and pushed it out first.
                    events.insert(Event::PushedOut);
                }
            }
        }
        if !world.any_moving() {
            return at; // nothing moves here: no catch, no crush
        }
        let tol = ctx.tol(at);
        let feet = at[1] - r;
        let (reach, mut lift) = (r + tol, None::<f32>);
        let Ok(around) = crate::shape::Rect::new([at[0] - reach, at[1] - reach], [at[0] + reach, at[1] + reach]) else {
            return at;
        };
        world.candidates(&around, |i, b| {
            let Some(d) = world.carry(i) else { return };
            let top = b.max()[1];
            let under = b.min()[0] < at[0] + r && b.max()[0] > at[0] - r;
            let dropping = self.drop_top.is_some();
            if world.one_way(i) && !dropping && d[1] > 0.0 && under && top - d[1] <= feet + tol && top > feet + tol {
                lift = Some(lift.map_or(top, |l: f32| l.max(top)));
            }
        });
        if let Some(top) = lift {
            at[1] = ground::standing_height(top, r);
        }
        if let Ok(ball) = Circle::new(at, r) {
            let tol = ctx.tol(at);
            let mut crushed = false;
            world.candidates(&around, |i, b| {
                if crushed || world.carry(i).is_none() || world.one_way(i) || ball.contact(&b).penetration <= tol {
                    return;
                }
                let push = crate::response::response(&ball, &b).push;
                let Ok(pushed) = Circle::new([at[0] + push[0], at[1] + push[1]], r) else { return };
                let Ok(zone) = crate::shape::Rect::new(
                    [pushed.center()[0] - reach, pushed.center()[1] - reach],
                    [pushed.center()[0] + reach, pushed.center()[1] + reach],
                ) else {
                    return;
                };
                world.candidates(&zone, |j, c| {
                    crushed |= j != i && !world.one_way(j) && pushed.contact(&c).penetration > tol;
                });
                world.oriented(&zone, |_, o| crushed |= o.contact(&pushed).penetration > tol);
            });
            if crushed {
                events.insert(Event::Crushed);
            }
        }
        at
    }

    /// Standing on `g`: grounded, with its normal and top, the coyote time full, no jump rising.
    fn stand_on(&mut self, g: &Ground) {
        self.grounded = true;
        self.ground_normal = g.normal;
        self.ground_top = g.top;
        self.ground_one_way_only = g.one_way_only;
        self.ground_tilted = g.tilted;
        self.carrier = g.carrier;
        self.coyote = self.config.coyote_time;
        self.rising = false;
        self.drop_top = None;
    }

    /// The report of the current state, with these events (no wall, no ceiling).
    fn report(&self, events: Events) -> Report {
        Report {
            position: self.ball.center(),
            velocity: self.velocity,
            grounded: self.grounded,
            ground_normal: if self.grounded { self.ground_normal } else { [0.0; 2] },
            on_wall: false,
            wall_normal: [0.0; 2],
            on_ceiling: false,
            events,
            pushed_out: [0.0; 2],
        }
    }
}

/// The moving box whose top, before its last move, was at the feet of a ball of radius `r` at
/// `center` (within `tol`) under its flat foot, as the ground it stood on.
fn placed_on_mover(world: &impl World, center: [f32; 2], r: f32, tol: f32) -> Option<Ground> {
    if !world.any_moving() {
        return None;
    }
    let feet = center[1] - r;
    let q = crate::shape::Rect::new([center[0] - r, feet - 1.0], [center[0] + r, feet + 1.0]).ok()?;
    let mut found = None;
    world.candidates(&q, |i, b| {
        let Some(d) = world.carry(i) else { return };
        let before = b.max()[1] - d[1];
        let under = b.min()[0] - d[0] < center[0] + r && b.max()[0] - d[0] > center[0] - r;
        if found.is_none() && under && (before - feet).abs() <= tol {
            found = Some(Ground {
                center_y: center[1],
                normal: ground::UP,
                top: before,
                one_way_only: world.one_way(i),
                tilted: false,
                carrier: Some(i),
            });
        }
    });
    found
}

/// `v` moved toward `target` by at most `step` (`≥ 0`).
fn approach(v: f32, target: f32, step: f32) -> f32 {
    if v < target {
        (v + step).min(target)
    } else {
        (v - step).max(target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn approach_stops_at_the_target() {
        assert_eq!(approach(0.0, 6.0, 1.0), 1.0);
        assert_eq!(approach(5.5, 6.0, 1.0), 6.0);
        assert_eq!(approach(-2.0, -6.0, f32::INFINITY), -6.0);
        assert_eq!(ground::UP, [0.0, 1.0]);
    }
}
