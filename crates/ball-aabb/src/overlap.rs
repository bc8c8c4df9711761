//! The one signature every overlap test implements.

#![forbid(unsafe_code)]

use crate::shape::{Aabb, Ball};
use crate::trace::Trace;

/// An overlap test written once for every dimension. Implemented by a marker type per algorithm,
/// so that generic callers (the registry's pair loop [`crate::batch::count_pairs`], benchmarks)
/// get the body inlined.
pub trait OverlapTest {
    /// Does the ball overlap the box? The shapes are valid by construction; this never panics.
    fn overlap<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool;

    /// The same test, recording each step with its values (for teaching; never on a hot path).
    /// Its verdict equals [`OverlapTest::overlap`]'s on every input.
    fn trace<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Trace<D>;
}
