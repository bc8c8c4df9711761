//! Where the sweep's steps go: nowhere in the plain [`sweep`](super::sweep()), into a [`Tracer`] in
//! [`sweep_trace`](super::sweep_trace()). The step labels are the indices of
//! [`SWEEP`](super::SWEEP)'s pseudocode lines.

#![forbid(unsafe_code)]

use alloc::string::String;

use crate::trace::{Focus, Tracer};

/// Pseudocode line indices (into [`super::SWEEP`]'s `pseudocode`), the labels of the steps below.
pub(super) mod line {
    pub const FINITE: usize = 0;
    pub const INITIAL: usize = 1;
    pub const GROW: usize = 2;
    pub const PARALLEL: usize = 3;
    pub const SLAB: usize = 4;
    pub const MISS: usize = 5;
    pub const REGION: usize = 6;
    pub const FACE: usize = 7;
    pub const CORNER_2D: usize = 8;
    pub const EDGE: usize = 9;
    pub const VERTEX: usize = 10;
    pub const CAPSULE: usize = 11;
    pub const SPHERE: usize = 12;
    pub const HIT: usize = 13;
}

/// Where the steps go: nowhere ([`NoLog`], the plain sweep) or into a [`Tracer`].
pub(crate) trait Log<const D: usize> {
    /// Steps are recorded: the sweep then stops at the first slab that empties the interval (so the
    /// trace says which); without a log it tests once after all slabs (the same answer, one branch).
    const ON: bool;
    /// Records a step. The closure builds the line, what it looked at and the note; it is never
    /// called (nor anything in it computed) when logging is off.
    fn step(&mut self, f: impl FnOnce() -> (usize, Focus<D>, String));
}

/// The logger of the plain sweep: every call is inlined away.
pub(crate) struct NoLog;

impl<const D: usize> Log<D> for NoLog {
    const ON: bool = false;
    #[inline(always)]
    fn step(&mut self, _: impl FnOnce() -> (usize, Focus<D>, String)) {}
}

impl<const D: usize> Log<D> for Tracer<D> {
    const ON: bool = true;
    fn step(&mut self, f: impl FnOnce() -> (usize, Focus<D>, String)) {
        let (line, focus, note) = f();
        Tracer::step(self, line, focus, format_args!("{note}"));
    }
}
