//! The motion mode's part of the scene text: `velocity=VX,VY&response=slide|bounce&restitution=E`
//! (`motion=on` is the app's [`Mode`](crate::app::Mode)).

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

/// The motion mode's part of a scene: `velocity=VX,VY&response=slide|bounce&restitution=E`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MotionOptions {
    /// The circle's velocity for one move: the centre goes from `c` to `c + v` (`velocity=`).
    pub velocity: [f32; 2],
    /// Slide or bounce after the impact (`response=`).
    pub response: MotionKind,
    /// The bounce's restitution `e ∈ [0, 1]` (`restitution=`).
    pub restitution: f32,
}

impl Default for MotionOptions {
    fn default() -> Self {
        MotionOptions { velocity: [-4.0, -3.0], response: MotionKind::Slide, restitution: 0.8 }
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
