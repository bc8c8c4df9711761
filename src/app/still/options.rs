//! The still scene's own scene keys: the response case shown (`case=`) and the box's angle (`angle=`).

use crate::app::text::{next_choice, parse_choice, OptionError};

/// Which response construction the user asked to see.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CaseMode {
    /// Whatever the scene is in.
    #[default]
    Auto,
    /// Centre outside the box, within `r` of it: push along centre − closest point.
    Outside,
    /// Centre inside the box: push out through the nearest face.
    Inside,
}

impl CaseMode {
    pub const ALL: [CaseMode; 3] = [CaseMode::Auto, CaseMode::Outside, CaseMode::Inside];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            CaseMode::Auto => "auto",
            CaseMode::Outside => "outside",
            CaseMode::Inside => "inside",
        }
    }

    /// Display label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            CaseMode::Auto => "Auto",
            CaseMode::Outside => "Outside",
            CaseMode::Inside => "Inside",
        }
    }

    /// Auto → Outside → Inside → Auto.
    #[must_use]
    pub fn next(self) -> CaseMode {
        next_choice(&CaseMode::ALL, self)
    }

    /// Parses `auto`, `outside` or `inside` (any case).
    pub fn parse(text: &str) -> Result<CaseMode, OptionError> {
        parse_choice("case", text, &CaseMode::ALL, CaseMode::as_str)
    }
}

/// Parses the box's angle in degrees (`angle=30`): any finite number, turned into (−180, 180]
/// (`angle=390` is 30). `nan`, `inf` or text is refused naming `angle`.
pub fn parse_angle(text: &str) -> Result<f32, OptionError> {
    let refuse = || OptionError {
        field: "angle",
        message: format!("{text:?} is not an angle: give a finite number of degrees, e.g. angle=30"),
    };
    let a: f32 = text.trim().parse().map_err(|_| refuse())?;
    if !a.is_finite() {
        return Err(refuse());
    }
    Ok(normal_angle(a))
}

/// An angle in degrees turned into (−180, 180], exactly (no rounding: `angle=-37.3` stays -37.3); −0 is 0.
#[must_use]
pub fn normal_angle(a: f32) -> f32 {
    if !a.is_finite() {
        return 0.0;
    }
    // `%` (fmod) is exact; so is the one step of 360 after it (Sterbenz: both in [180, 360]).
    let r = a % 360.0;
    let r = if r > 180.0 {
        r - 360.0
    } else if r <= -180.0 {
        r + 360.0
    } else {
        r
    };
    if r == 0.0 {
        0.0
    } else {
        r
    }
}
