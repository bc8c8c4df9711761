//! The record of one run of a test: every step with the pseudocode line it belongs to, the values
//! that drove it and what it looked at, and the verdict. The overlap tests ([`crate::algo`]) and the
//! sweep ([`crate::motion::sweep_trace`]) produce it, to show or check how an answer came about.
//!
//! The plain functions stay free of any tracing, so they cost nothing for it; each algorithm carries
//! a second, recording form beside the plain one, and the tests prove the two give the same verdict.

#![forbid(unsafe_code)]

use alloc::{format, string::String, vec::Vec};
use core::fmt::Write as _;

/// What a step looked at: the part of the picture a viewer would highlight.
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
pub struct TraceStep<const D: usize> {
    /// Index into the algorithm's `pseudocode` lines.
    pub line: usize,
    /// The values, e.g. `"x: e = −3.2, e² = 10.24, d = 10.24"`.
    pub note: String,
    /// What the step looked at.
    pub focus: Focus<D>,
}

/// The record of one run of an algorithm.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace<const D: usize> {
    /// Every step, in the order it ran.
    pub steps: Vec<TraceStep<D>>,
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
    steps: Vec<TraceStep<D>>,
}

impl<const D: usize> Tracer<D> {
    pub(crate) fn new() -> Self {
        Tracer { steps: Vec::new() }
    }

    /// Records a step on pseudocode `line`.
    pub(crate) fn step(&mut self, line: usize, focus: Focus<D>, note: core::fmt::Arguments<'_>) {
        let mut text = String::new();
        let _ = text.write_fmt(note);
        self.steps.push(TraceStep { line, note: text, focus });
    }

    /// Ends the trace with a verdict recorded on `line`.
    pub(crate) fn finish(mut self, line: usize, verdict: bool, why: core::fmt::Arguments<'_>) -> Trace<D> {
        self.step(line, Focus::None, why);
        Trace { steps: self.steps, verdict }
    }
}

/// The name of axis `i` (`"x"`, `"y"`, `"z"`) for notes.
pub(crate) fn axis_name(i: usize) -> &'static str {
    crate::shape::AXES.get(i).copied().unwrap_or("?")
}

/// A number for notes: short, with a real minus sign.
pub(crate) fn num_text(x: f32) -> String {
    let s = if x % 1.0 == 0.0 && x.abs() < 1e7 { format!("{x:.0}") } else { format!("{x:.3}") };
    s.replace('-', "−")
}

/// A point for notes: `(2, 0.500)`.
pub(crate) fn point_text<const D: usize>(p: &[f32; D]) -> String {
    format!("({})", p.iter().map(|&v| num_text(v)).collect::<Vec<_>>().join(", "))
}

/// `≤` or `>` for a comparison that held or not.
pub(crate) fn le_or_gt(held: bool) -> &'static str {
    if held {
        "≤"
    } else {
        ">"
    }
}
