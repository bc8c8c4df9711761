//! [`Config`]: the character's tunables, in world units and seconds, each beside what Godot's
//! `CharacterBody2D` and Rapier's `KinematicCharacterController` call it.

#![forbid(unsafe_code)]

use core::fmt;

use crate::world::{StrategyId, DEFAULT_SLOP};

/// How the character moves. Units: world units (`u`) and seconds; **y points up**.
///
/// The defaults suit a level of unit cells and a ball of radius about 0.4 (a cell is `1 u`): a
/// jump clears about two cells, the run crosses a cell in a sixth of a second. Where Godot's
/// `CharacterBody2D` or Rapier's `KinematicCharacterController` has the same knob, its default is
/// given beside ours (Godot counts pixels with y down; Rapier's `Relative` lengths are fractions of
/// the character's height, `2r` for a ball). Neither engine has gravity, run speed, jumps or their
/// timers in the controller: Godot's "Basic Movement" script template sets them in user code
/// (`SPEED = 300.0`, `JUMP_VELOCITY = -400.0`, the project's gravity `980 px/s²`), and Rapier leaves
/// them to the caller's desired translation.
///
/// | field | default | Godot `CharacterBody2D` | Rapier `KinematicCharacterController` |
/// |---|---|---|---|
/// | [`gravity`](Config::gravity) | `30 u/s²` | project gravity, `980 px/s²` | (caller's) |
/// | [`run_speed`](Config::run_speed) | `6 u/s` | template `SPEED = 300` | (caller's) |
/// | [`run_accel`](Config::run_accel) / [`air_accel`](Config::air_accel) | `60` / `30 u/s²` | none: the template sets the speed at once | (caller's) |
/// | [`jump_speed`](Config::jump_speed) | `12 u/s` (peak ≈ `2.4 u`) | template `JUMP_VELOCITY = -400` | (caller's) |
/// | [`jump_cut`](Config::jump_cut) | `0.5` | none (a common script: `velocity.y *= 0.5` on release) | none |
/// | [`max_fall_speed`](Config::max_fall_speed) | `20 u/s` | none | none |
/// | [`floor_min_normal_y`](Config::floor_min_normal_y) | `cos 45° ≈ 0.7071` | `floor_max_angle = 45°` | `max_slope_climb_angle = π/4` |
/// | [`snap_distance`](Config::snap_distance) | `0.5 u` (half a unit cell) | `floor_snap_length = 1 px` | `snap_to_ground = Relative(0.2)` |
/// | [`max_step_height`](Config::max_step_height) | `0.5 u` | none | `autostep` (off; on: `max_height = Relative(0.25)`) |
/// | [`coyote_time`](Config::coyote_time) | `0.1 s` | none | none |
/// | [`jump_buffer_time`](Config::jump_buffer_time) | `0.1 s` | none | none |
/// | [`strategy`](Config::strategy) | `swept-slide-seamless` | `move_and_slide` (`max_slides = 4`) | `slide = true` |
/// | [`slop`](Config::slop) | `10⁻⁴ u` ([`DEFAULT_SLOP`]) | `safe_margin = 0.08 px` | `offset = Relative(0.01)` |
///
/// Coyote time and the jump buffer are Celeste's (Maddy Thorson, 2018: `JumpGraceTime = 0.1`, the
/// jump input buffered `0.08 s`). The snap distance equals the step height: a stair whose steps the
/// character can climb is walked down glued to it, and anything deeper — on a level of unit cells,
/// every ledge — is walked off in a fall, with [`Event::LeftGround`](super::Event::LeftGround) and
/// coyote time (see the [module](super) docs).
///
/// ```
/// use ball_aabb::controller::Config;
/// let floaty = Config { gravity: 15.0, jump_cut: 1.0, ..Config::default() };
/// assert_eq!(floaty.jump_speed, 12.0);
/// // The continuous peak of a held jump: v² / 2g.
/// assert_eq!(floaty.jump_speed * floaty.jump_speed / (2.0 * floaty.gravity), 4.8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Downward acceleration in the air, `u/s²` (`≥ 0`; applied as `v.y ← v.y − gravity·dt`, the
    /// position over the step integrated exactly: it moves by the mean of the old and new `v.y`,
    /// so a jump's arc is the same parabola at every frame rate).
    pub gravity: f32,
    /// The horizontal speed [`Input::x`](super::Input::x) `= ±1` asks for, `u/s`.
    pub run_speed: f32,
    /// How fast the horizontal speed moves toward the asked speed on the ground, `u/s²`
    /// (`f32::INFINITY`: at once, as Godot's template does).
    pub run_accel: f32,
    /// The same in the air, `u/s²`.
    pub air_accel: f32,
    /// The vertical speed a jump starts with, `u/s`. The gravity of the jump's own step applies:
    /// `t` seconds after the jump (a whole number of steps) the rise is
    /// `jump_speed·t − gravity·t²/2`, whatever `dt` (a held jump peaks at `jump_speed²/2g`).
    pub jump_speed: f32,
    /// **Variable jump height**: when the jump button is released while the character still rises
    /// from a jump, its vertical speed is multiplied by this, once (`1`: no cut; `0`: stop rising).
    pub jump_cut: f32,
    /// The largest downward speed, `u/s` (a terminal velocity; `f32::INFINITY`: none).
    pub max_fall_speed: f32,
    /// **Ground normal threshold**: a contact whose normal has `y ≥` this counts as ground; `≤ −`
    /// this, as a ceiling; anything between, as a wall. `cos(floor max angle)`: the default
    /// `cos 45° = 0.70710677` is Godot's `floor_max_angle` and Rapier's `max_slope_climb_angle`. In a
    /// world of axis-aligned boxes only a box's corner gives a tilted normal; a rotated box's face (a
    /// ramp) gives its own. [`Config::with_max_slope_degrees`] sets it from an angle.
    pub floor_min_normal_y: f32,
    /// **Snap to ground**: a character on the ground at the start of a step, not jumping, that
    /// would end it in the air is moved down onto ground found within this distance, `u`
    /// (`0`: never). Godot's `floor_snap_length`, Rapier's `snap_to_ground`.
    pub snap_distance: f32,
    /// **Step up**: a character on the ground blocked by a ledge at most this high above its feet
    /// climbs onto it in the same step (up, across, down, as Rapier's `autostep` does), `u`
    /// (`0`: never).
    pub max_step_height: f32,
    /// **Coyote time**, `s`: a jump is still allowed this long after the character left the ground
    /// without jumping (ran off a ledge), counted in seconds with the window's last step included:
    /// `0.1` is 6 steps at 60 Hz, 3 at 30 Hz, 24 at 240 Hz.
    pub coyote_time: f32,
    /// **Jump buffer**, `s`: a jump pressed this long before the character can jump (in the air,
    /// just before landing) happens as soon as it can; counted as the coyote time is.
    pub jump_buffer_time: f32,
    /// The world step's resolution strategy (the default: the swept slide without internal edges).
    /// The controller's ground probes use it too: a discrete strategy works but tunnels.
    pub strategy: StrategyId,
    /// The contact tolerance, `u` (the world step's [`Params::slop`](crate::world::Params::slop),
    /// Box2D's linear slop): feet within this of a floor's top stand on it.
    pub slop: f32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            gravity: 30.0,
            run_speed: 6.0,
            run_accel: 60.0,
            air_accel: 30.0,
            jump_speed: 12.0,
            jump_cut: 0.5,
            max_fall_speed: 20.0,
            floor_min_normal_y: core::f32::consts::FRAC_1_SQRT_2,
            snap_distance: 0.5,
            max_step_height: 0.5,
            coyote_time: 0.1,
            jump_buffer_time: 0.1,
            strategy: StrategyId::SweptSlideSeamless,
            slop: DEFAULT_SLOP,
        }
    }
}

impl Config {
    /// This config with the steepest walkable slope set to `degrees` (`0 ≤ degrees < 90`):
    /// [`floor_min_normal_y`](Config::floor_min_normal_y) `= cos(degrees)`, Godot's
    /// `floor_max_angle`. A face tilted by at most this is ground (the character stands, walks and
    /// jumps on it); a steeper one is a wall (it slides down it). Fails, naming the field, on a
    /// non-finite angle or one outside `[0, 90)`.
    ///
    /// ```
    /// use ball_aabb::controller::Config;
    /// let c = Config::default().with_max_slope_degrees(45.0)?;
    /// assert_eq!(c.floor_min_normal_y, Config::default().floor_min_normal_y); // cos 45°
    /// assert_eq!(Config::default().with_max_slope_degrees(60.0)?.floor_min_normal_y, 0.5);
    /// let e = Config::default().with_max_slope_degrees(90.0).unwrap_err();
    /// assert_eq!(e.field(), "max_slope_degrees");
    /// assert!(Config::default().with_max_slope_degrees(f32::NAN).is_err());
    /// # Ok::<(), ball_aabb::controller::ConfigError>(())
    /// ```
    pub fn with_max_slope_degrees(self, degrees: f32) -> Result<Self, ConfigError> {
        check("max_slope_degrees", degrees, false, (0.0..90.0).contains(&degrees), "[0, 90)")?;
        // The cosine of the exactly reduced angle (the rotated boxes' own trigonometry), rounded
        // once to f32: 45° gives FRAC_1_SQRT_2, 60° gives 0.5, on every platform.
        let (cos, _) = crate::oriented::trig::rotation_of_degrees(degrees);
        Ok(Config { floor_min_normal_y: cos as f32, ..self })
    }

    /// Checks every field, naming the first at fault in the order they are declared: NaN is
    /// never taken; gravity, speeds, lengths and times are finite and `≥ 0` (the two
    /// accelerations and [`max_fall_speed`](Config::max_fall_speed) may be `f32::INFINITY`: at
    /// once, no limit); [`jump_cut`](Config::jump_cut) is in `[0, 1]`;
    /// [`floor_min_normal_y`](Config::floor_min_normal_y) in `(0, 1]` (a floor steeper than
    /// vertical is no floor). [`Controller::new`](super::Controller::new) and
    /// [`Controller::set_config`](super::Controller::set_config) call it: a NaN gravity no longer
    /// freezes the character silently, a negative run speed no longer turns the controls around.
    ///
    /// ```
    /// use ball_aabb::controller::Config;
    /// assert!(Config::default().validate().is_ok());
    /// let e = Config { gravity: f32::NAN, ..Config::default() }.validate().unwrap_err();
    /// assert_eq!(e.field(), "gravity");
    /// let e = Config { run_speed: -6.0, ..Config::default() }.validate().unwrap_err();
    /// assert_eq!(e.to_string(), "run_speed must be in [0, ∞), got -6");
    /// assert!(Config { run_accel: f32::INFINITY, ..Config::default() }.validate().is_ok());
    /// ```
    pub fn validate(&self) -> Result<(), ConfigError> {
        const NONNEG: &str = "[0, ∞)";
        // (field, value, may be infinite, in range, the range)
        let fields: [(&'static str, f32, bool, bool, &'static str); 13] = [
            ("gravity", self.gravity, false, self.gravity >= 0.0, NONNEG),
            ("run_speed", self.run_speed, false, self.run_speed >= 0.0, NONNEG),
            ("run_accel", self.run_accel, true, self.run_accel >= 0.0, "[0, ∞]"),
            ("air_accel", self.air_accel, true, self.air_accel >= 0.0, "[0, ∞]"),
            ("jump_speed", self.jump_speed, false, self.jump_speed >= 0.0, NONNEG),
            ("jump_cut", self.jump_cut, false, (0.0..=1.0).contains(&self.jump_cut), "[0, 1]"),
            ("max_fall_speed", self.max_fall_speed, true, self.max_fall_speed >= 0.0, "[0, ∞]"),
            (
                "floor_min_normal_y",
                self.floor_min_normal_y,
                false,
                self.floor_min_normal_y > 0.0 && self.floor_min_normal_y <= 1.0,
                "(0, 1]",
            ),
            ("snap_distance", self.snap_distance, false, self.snap_distance >= 0.0, NONNEG),
            ("max_step_height", self.max_step_height, false, self.max_step_height >= 0.0, NONNEG),
            ("coyote_time", self.coyote_time, false, self.coyote_time >= 0.0, NONNEG),
            ("jump_buffer_time", self.jump_buffer_time, false, self.jump_buffer_time >= 0.0, NONNEG),
            ("slop", self.slop, false, self.slop >= 0.0, NONNEG),
        ];
        fields
            .into_iter()
            .try_for_each(|(field, value, infinite_ok, ok, range)| check(field, value, infinite_ok, ok, range))
    }
}

/// One field's check: NaN never, an infinity only where `infinite_ok`, then the range.
fn check(
    field: &'static str,
    value: f32,
    infinite_ok: bool,
    in_range: bool,
    range: &'static str,
) -> Result<(), ConfigError> {
    if value.is_nan() || (value.is_infinite() && !infinite_ok) {
        Err(ConfigError::NotFinite { field, value })
    } else if !in_range {
        Err(ConfigError::OutOfRange { field, value, range })
    } else {
        Ok(())
    }
}

/// Why a [`Config`] builder refused a value. Each variant names the field at fault.
#[derive(Clone, Debug, PartialEq)]
pub enum ConfigError {
    /// The value is NaN or infinite.
    NotFinite {
        /// The field, e.g. `"max_slope_degrees"`.
        field: &'static str,
        /// The value given.
        value: f32,
    },
    /// The value is outside the field's range.
    OutOfRange {
        /// The field, e.g. `"max_slope_degrees"`.
        field: &'static str,
        /// The value given.
        value: f32,
        /// The range allowed, e.g. `"[0, 90)"`.
        range: &'static str,
    },
}

impl ConfigError {
    /// The name of the offending field.
    #[must_use]
    pub fn field(&self) -> &'static str {
        match self {
            ConfigError::NotFinite { field, .. } | ConfigError::OutOfRange { field, .. } => field,
        }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::NotFinite { field, value } => write!(f, "{field} must be a finite number, got {value}"),
            ConfigError::OutOfRange { field, value, range } => write!(f, "{field} must be in {range}, got {value}"),
        }
    }
}

impl core::error::Error for ConfigError {}

/// Why [`Controller::new`](super::Controller::new) refused: the ball, or the config.
#[derive(Clone, Debug, PartialEq)]
pub enum ControllerError {
    /// The position or the radius ([`Circle::new`](crate::Circle::new)'s refusal).
    Shape(crate::ShapeError),
    /// A [`Config`] field ([`Config::validate`]'s refusal).
    Config(ConfigError),
}

impl ControllerError {
    /// The name of the offending field (`"radius"`, `"gravity"`, …).
    #[must_use]
    pub fn field(&self) -> &'static str {
        match self {
            ControllerError::Shape(e) => e.field(),
            ControllerError::Config(e) => e.field(),
        }
    }
}

impl fmt::Display for ControllerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ControllerError::Shape(e) => e.fmt(f),
            ControllerError::Config(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for ControllerError {}

impl From<crate::ShapeError> for ControllerError {
    fn from(e: crate::ShapeError) -> Self {
        ControllerError::Shape(e)
    }
}

impl From<ConfigError> for ControllerError {
    fn from(e: ConfigError) -> Self {
        ControllerError::Config(e)
    }
}
