//! The motion mode's part of the scene text: `velocity=VX,VY&response=slide|bounce&restitution=E`
//! and the box's turn, `angle=DEG` (`motion=on` is the app's [`Mode`](crate::app::Mode)).

use crate::app::text::{parse_choice, parse_vector, OptionError, VELOCITY_LIMIT};

/// What the motion mode does after the impact (`response=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MotionKind {
    /// Remove the velocity's component into the normal and go on along the surface.
    #[default]
    Slide,
    /// Reflect it, scaled by the restitution.
    Bounce,
}

impl MotionKind {
    pub const ALL: [MotionKind; 2] = [MotionKind::Slide, MotionKind::Bounce];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            MotionKind::Slide => "slide",
            MotionKind::Bounce => "bounce",
        }
    }

    /// Parses `slide` or `bounce` (any case).
    pub fn parse(text: &str) -> Result<MotionKind, OptionError> {
        parse_choice("response", text, &MotionKind::ALL, MotionKind::as_str)
    }
}

/// The motion mode's part of a scene: `velocity=VX,VY&response=slide|bounce&restitution=E&angle=DEG`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MotionOptions {
    /// The circle's velocity for one move: the centre goes from `c` to `c + v` (`velocity=`).
    pub velocity: [f32; 2],
    /// Slide or bounce after the impact (`response=`).
    pub response: MotionKind,
    /// The bounce's restitution `e ∈ [0, 1]` (`restitution=`).
    pub restitution: f32,
    /// The box turned about its centre by this many degrees, counter-clockwise in world (math)
    /// coordinates, as [`OrientedRect::from_degrees`](crate::geom::OrientedRect::from_degrees) reads it (`angle=`);
    /// 0 is the aligned box. The box's `min`/`max` are then its extents before the turn.
    pub angle: f32,
}

impl Default for MotionOptions {
    fn default() -> Self {
        MotionOptions { velocity: [-4.0, -3.0], response: MotionKind::Slide, restitution: 0.8, angle: 0.0 }
    }
}

/// `vx,vy` → a finite velocity, each component within ±[`VELOCITY_LIMIT`].
pub fn parse_velocity(text: &str) -> Result<[f32; 2], OptionError> {
    parse_vector("velocity", text, VELOCITY_LIMIT)
}

/// A restitution: a number in `[0, 1]`.
pub fn parse_restitution(text: &str) -> Result<f32, OptionError> {
    match text.trim().parse::<f32>() {
        Ok(e) if (0.0..=1.0).contains(&e) => Ok(e),
        _ => Err(OptionError { field: "restitution", message: format!("{text:?} is not a number in 0..=1") }),
    }
}

/// `angle + by` brought back into (−180, 180]: what Q and E leave (15° steps from 0 stay exact).
#[must_use]
pub fn turned(angle: f32, by: f32) -> f32 {
    let a = (angle + by) % 360.0;
    if a > 180.0 {
        a - 360.0
    } else if a <= -180.0 {
        a + 360.0
    } else {
        a
    }
}
