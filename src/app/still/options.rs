//! The still scene's own scene key: the response case shown (`case=`).

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
