//! The scene text's shared pieces: the error that names a bad key ([`OptionError`]), and the
//! parsers every mode's keys are built from (a named choice, a flag, a bounded vector). Knows
//! nothing of the modes, so each mode's options can use it without a circle.

use crate::format::parse_numbers;
use std::fmt;

/// A bad scene option: which field, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    /// `circle`, `box`, `algorithm`, `case`, `size`, or the unknown key of a fragment.
    pub field: &'static str,
    pub message: String,
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for OptionError {}

/// Largest accepted velocity component (scene text, `--velocity`, the panel).
pub const VELOCITY_LIMIT: f32 = 1.0e7;

/// `vx,vy` → two finite numbers within ±`limit`, or an error naming `field`.
pub fn parse_vector(field: &'static str, text: &str, limit: f32) -> Result<[f32; 2], OptionError> {
    let bad = |m: String| OptionError { field, message: m };
    let v = parse_numbers(text, Some(&["vx", "vy"])).map_err(|e| bad(e.to_string()))?;
    for (x, name) in v.iter().zip(["vx", "vy"]) {
        if !x.is_finite() || x.abs() > limit {
            return Err(bad(format!("{name} {x} is not a finite number within ±{limit:e}")));
        }
    }
    Ok([v[0], v[1]])
}

/// `text` (any case, spaces around ignored) as one of `all`, matched by its scene-text `id`; else an
/// error naming `field` and listing the ids in order. The parser of every named choice of a scene.
pub fn parse_choice<T: Copy>(
    field: &'static str,
    text: &str,
    all: &[T],
    id: impl Fn(T) -> &'static str,
) -> Result<T, OptionError> {
    let t = text.trim().to_ascii_lowercase();
    all.iter().copied().find(|&x| id(x) == t).ok_or_else(|| OptionError {
        field,
        message: format!("{text:?} is not one of {}", all.iter().map(|&x| id(x)).collect::<Vec<_>>().join(", ")),
    })
}

/// The choice after `x` in `all`, the first after the last (a key that cycles).
#[must_use]
pub fn next_choice<T: Copy + PartialEq>(all: &[T], x: T) -> T {
    all[(all.iter().position(|&a| a == x).unwrap_or(0) + 1) % all.len()]
}

/// `1`/`true`/`yes`/`on` or `0`/`false`/`no`/`off`.
pub fn parse_flag(field: &'static str, text: &str) -> Result<bool, OptionError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(OptionError { field, message: format!("{text:?} is not 1 or 0 (true or false)") }),
    }
}
