//! Traced forms of the algorithms: the same decisions as the plain `overlap` functions, step by step,
//! with the values that drove them, for the live pseudocode view and the canvas overlays.
//!
//! The plain functions stay free of any tracing (the benchmarks measure them); each algorithm file
//! carries a second, recording form beside the plain one, and the tests prove the two give the same
//! verdict over the reference sweeps.

#![forbid(unsafe_code)]

use alloc::{format, string::String, vec::Vec};
use core::fmt::Write as _;

/// What a step looked at, for the canvas to highlight.
#[derive(Clone, Debug, PartialEq)]
pub enum Focus<const D: usize> {
    /// Nothing in particular.
    None,
    /// The slab of one axis (`min[i] ≤ c[i] ≤ max[i]`).
    Axis(usize),
    /// The box grown by this much on every side (square corners): QRF's quick rejection, the naive planes.
    GrownBox(f32),
    /// A point of the box: a corner, an edge point or the clamped closest point.
    Point([f32; D]),
    /// A zone of the grid (`x + 3y [+ 9z]`).
    Zone(u32),
    /// A face plane and the radius of the ball's cut through it (the chord's half length in 2D).
    Plane {
        /// The plane's axis (0 = x).
        axis: usize,
        /// The max face's plane (`true`) or the min face's.
        upper: bool,
        /// Half the chord the ball cuts from the plane (0 when it does not reach it).
        cut: f32,
    },
}

/// One executed step: the pseudocode line it belongs to, what was computed, and what it looked at.
#[derive(Clone, Debug, PartialEq)]
pub struct Step<const D: usize> {
    /// Index into the algorithm's `pseudocode` lines.
    pub line: usize,
    /// The values, e.g. `"x: e = −3.2, e² = 10.24, d = 10.24"`.
    pub note: String,
    /// What the step looked at, for the canvas to highlight.
    pub focus: Focus<D>,
}

/// The record of one run of an algorithm.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace<const D: usize> {
    /// Every step, in the order it ran.
    pub steps: Vec<Step<D>>,
    /// The algorithm's answer: overlap or not.
    pub verdict: bool,
}

impl<const D: usize> Trace<D> {
    /// The pseudocode lines that ran, in order, without repeats.
    #[must_use]
    pub fn lines_run(&self) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for s in &self.steps {
            if !out.contains(&s.line) {
                out.push(s.line);
            }
        }
        out
    }
}

/// Builds a [`Trace`].
#[derive(Debug, Default)]
pub(crate) struct Tracer<const D: usize> {
    steps: Vec<Step<D>>,
}

impl<const D: usize> Tracer<D> {
    pub(crate) fn new() -> Self {
        Tracer { steps: Vec::new() }
    }

    /// Records a step on pseudocode `line`.
    pub(crate) fn step(&mut self, line: usize, focus: Focus<D>, note: core::fmt::Arguments<'_>) {
        let mut text = String::new();
        let _ = text.write_fmt(note);
        self.steps.push(Step { line, note: text, focus });
    }

    /// Ends the trace with a verdict recorded on `line`.
    pub(crate) fn finish(mut self, line: usize, verdict: bool, why: core::fmt::Arguments<'_>) -> Trace<D> {
        self.step(line, Focus::None, why);
        Trace { steps: self.steps, verdict }
    }
}

/// Axis name for notes.
pub(crate) fn ax(i: usize) -> &'static str {
    crate::AXES.get(i).copied().unwrap_or("?")
}

/// A number for notes: short, with a real minus sign.
pub(crate) fn n(x: f32) -> String {
    let s = if x % 1.0 == 0.0 && x.abs() < 1e7 { format!("{x:.0}") } else { format!("{x:.3}") };
    s.replace('-', "−")
}

/// A point for notes: `(2, 0.500)`.
pub(crate) fn pt<const D: usize>(p: &[f32; D]) -> String {
    format!("({})", p.iter().map(|&v| n(v)).collect::<Vec<_>>().join(", "))
}

/// `≤` or `>` for a comparison that held or not.
pub(crate) fn cmp(held: bool) -> &'static str {
    if held {
        "≤"
    } else {
        ">"
    }
}

#[cfg(test)]
mod tests {
    use crate::algo::Focus;
    use crate::{Aabb, Ball, ALGORITHMS};
    use alloc::vec;

    use crate::testutil::sweep;

    #[test]
    fn traced_verdict_equals_plain_verdict_2d_and_3d() {
        for a in ALGORITHMS {
            sweep::<2>(20_000, 7, |b, x| {
                let t = (a.trace_2d)(b, x);
                assert_eq!(t.verdict, (a.overlap_2d)(b, x), "{} on {b:?} {x:?}", a.id);
                assert!(t.steps.iter().all(|s| s.line < a.pseudocode.len()), "{}: line out of range", a.id);
            });
            sweep::<3>(20_000, 11, |b, x| {
                let t = (a.trace_3d)(b, x);
                assert_eq!(t.verdict, (a.overlap_3d)(b, x), "{} on {b:?} {x:?}", a.id);
            });
        }
    }

    #[test]
    fn qri_trace_reports_the_early_out_axis() {
        let qri = crate::algorithm("qri").unwrap();
        let b = Ball::new([-10.0, 0.0], 2.0).unwrap();
        let x = Aabb::new([0.0, -1.0], [4.0, 1.0]).unwrap();
        let t = (qri.trace_2d)(&b, &x);
        let last = t.steps.last().unwrap();
        assert!(!t.verdict);
        assert!(last.note.contains("early out") && last.note.contains("on x"), "{}", last.note);
        // The y axis was never looked at.
        assert!(!t.steps.iter().any(|s| s.focus == Focus::Axis(1)));
    }

    #[test]
    fn zones_trace_names_the_zone_and_the_corner() {
        let zones = crate::algorithm("zones").unwrap();
        let b = Ball::new([5.0, 5.0], 5.0).unwrap(); // 3-4-5 from the corner (2, 1)
        let x = Aabb::new([0.0, 0.0], [2.0, 1.0]).unwrap();
        let t = (zones.trace_2d)(&b, &x);
        assert!(t.verdict);
        assert!(t.steps.iter().any(|s| s.focus == Focus::Zone(8)));
        assert!(t.steps.iter().any(|s| s.focus == Focus::Point([2.0, 1.0])));
        assert_eq!(t.lines_run(), vec![0, 1, 4]);
    }
}
