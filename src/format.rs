//! Numbers as the demo shows them and reads them: the one place that decides how a number reads on the canvas,
//! in the panel and on the status line, the 1-2-5 rule that picks grid, tick and iso-line steps, and the parser
//! of a comma-separated list of numbers that every reader of scene text and arguments shares.

use std::fmt;

/// A number as the panel and the status line show it: at most three decimals, no trailing zeros,
/// never `-0` (`1.5`, `-0.333`, `0`).
#[must_use]
pub fn number(x: f32) -> String {
    decimals(x, 3)
}

/// `x` with at most `places` decimals, no trailing zeros, never `-0`: the rule [`number`] and the
/// SVG figure's coordinates (two places) share.
#[must_use]
pub fn decimals(x: f32, places: usize) -> String {
    let s = format!("{x:.places$}");
    let s = if places == 0 { &s } else { s.trim_end_matches('0').trim_end_matches('.') };
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// A point or vector of any dimension as `(x, y, z)` with [`number`].
#[must_use]
pub fn point(v: &[f32]) -> String {
    format!("({})", v.iter().map(|&x| number(x)).collect::<Vec<_>>().join(", "))
}

/// A 2D vector as `(x, y)` with [`number`].
#[must_use]
pub fn vector(v: [f32; 2]) -> String {
    format!("({}, {})", number(v[0]), number(v[1]))
}

/// One axis of the face distances readout: the centre's distances to the box's min and max face
/// on `axis`, measured inwards (negative: outside that face), each after its own name: `x: min 4.9,
/// max -0.9`. (Glued to a sign-like label, as `x+-0.9`, a negative distance read as a formula.)
#[must_use]
pub fn face_distances(axis: &str, min: f32, max: f32) -> String {
    format!("{axis}: min {}, max {}", number(min), number(max))
}

/// The smallest of 1, 2, 5 × 10ᵏ that is at least `raw` (a step of 1 for a `raw` that is not a positive
/// finite number).
#[must_use]
pub fn nice_step(raw: f32) -> f32 {
    let raw = if raw.is_finite() && raw > 0.0 { raw } else { 1.0 };
    let p = 10f32.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * p).find(|&s| s >= raw).unwrap_or(10.0 * p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_short() {
        assert_eq!(number(1.5), "1.5");
        assert_eq!(number(-1.0 / 3.0), "-0.333");
        assert_eq!(number(-0.0001), "0");
        assert_eq!(number(2.0), "2");
        assert_eq!(vector([0.25, -4.0]), "(0.25, -4)");
    }

    #[test]
    fn a_negative_face_distance_is_not_glued_to_a_plus_sign() {
        // The readout once read "x+−0.9": the max-x face's label glued to a negative distance.
        let t = face_distances("x", 4.9, -0.9);
        assert_eq!(t, "x: min 4.9, max -0.9");
        assert!(!t.contains("+-") && !t.contains("+−") && !t.contains("--"), "{t}");
        assert_eq!(face_distances("y", -0.0001, 2.0), "y: min 0, max 2");
    }

    #[test]
    fn steps_are_one_two_five() {
        assert_eq!(nice_step(0.3), 0.5);
        assert_eq!(nice_step(1.0), 1.0);
        assert_eq!(nice_step(1.01), 2.0);
        assert_eq!(nice_step(3.0), 5.0);
        assert_eq!(nice_step(60.0), 100.0);
        assert_eq!(nice_step(f32::NAN), 1.0);
        assert_eq!(nice_step(-2.0), 1.0);
    }
}

/// Why a list of numbers could not be read; the message names the field.
#[derive(Clone, Debug, PartialEq)]
pub enum NumbersError {
    /// Wrong number of values.
    Count { expected: String, got: usize },
    /// A value that is not a number.
    NotANumber { field: String, text: String },
}

impl fmt::Display for NumbersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumbersError::Count { expected, got } => write!(f, "expected {expected}, got {got} value(s)"),
            NumbersError::NotANumber { field, text } => write!(f, "{field}: {text:?} is not a number"),
        }
    }
}

impl std::error::Error for NumbersError {}

/// Splits `text` on commas and parses each piece as `f32`, naming the field of a bad piece.
/// `names` gives the field names; `None` accepts any count (names then are `#1`, `#2`, ...).
pub fn parse_numbers(text: &str, names: Option<&[&str]>) -> Result<Vec<f32>, NumbersError> {
    let pieces: Vec<&str> = text.split(',').map(str::trim).collect();
    if let Some(names) = names {
        if pieces.len() != names.len() {
            return Err(NumbersError::Count {
                expected: format!("{} numbers {}", names.len(), names.join(",")),
                got: pieces.len(),
            });
        }
    }
    pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.parse::<f32>().map_err(|_| NumbersError::NotANumber {
                field: names.map_or_else(|| format!("value #{}", i + 1), |n| n[i].to_string()),
                text: p.to_string(),
            })
        })
        .collect()
}
