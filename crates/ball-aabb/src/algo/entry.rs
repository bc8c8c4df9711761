//! The registry's entry type: an algorithm's description and its functions, built from its
//! [`OverlapTest`] by [`Algorithm::of`].

#![forbid(unsafe_code)]

use crate::batch::count_pairs;
use crate::overlap::OverlapTest;
use crate::shape::{Box3, Circle, Rect, Sphere};
use crate::source::Source;
use crate::trace::Trace;

/// One entry of the registry: what to show about an algorithm, and the functions to call.
#[derive(Clone, Copy)]
pub struct Algorithm {
    /// Stable identifier, for lookups ([`algorithm`](super::algorithm)), configuration and serialised output.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// One paragraph: how it works and why.
    pub explanation: &'static str,
    /// Where it was published.
    pub source: Source,
    /// Pseudocode, one line per entry; a trace's [`TraceStep::line`](crate::trace::TraceStep::line) indexes it.
    pub pseudocode: &'static [&'static str],
    /// How the source treats touching, and any erratum.
    pub tangency: &'static str,
    /// Circle against rectangle.
    pub overlap_2d: fn(&Circle, &Rect) -> bool,
    /// Sphere against box.
    pub overlap_3d: fn(&Sphere, &Box3) -> bool,
    /// Exact in 2D: overlap ⇔ the distance from the centre to the box is ≤ r (see the module docs).
    pub exact_2d: bool,
    /// Exact in 3D.
    pub exact_3d: bool,
    /// Number of overlapping pairs among `balls[i]` vs `boxes[i]` (the shorter length wins), with the
    /// test inlined in the loop: the form to benchmark.
    pub count_pairs_2d: fn(&[Circle], &[Rect]) -> usize,
    /// 3D version of [`Algorithm::count_pairs_2d`].
    pub count_pairs_3d: fn(&[Sphere], &[Box3]) -> usize,
    /// The traced form in 2D: every step with its values, and the verdict.
    pub trace_2d: fn(&Circle, &Rect) -> Trace<2>,
    /// The traced form in 3D.
    pub trace_3d: fn(&Sphere, &Box3) -> Trace<3>,
    /// The test exactly as its source prints it, where that differs from `overlap_2d` (the
    /// branch-free sign error, strict `<` tangency). `None` when the published form is the same.
    pub as_published_2d: Option<fn(&Circle, &Rect) -> bool>,
    /// 3D version of [`Algorithm::as_published_2d`].
    pub as_published_3d: Option<fn(&Sphere, &Box3) -> bool>,
}

impl Algorithm {
    pub(crate) const fn of<A: OverlapTest>(
        id: &'static str,
        name: &'static str,
        explanation: &'static str,
        source: Source,
        pseudocode: &'static [&'static str],
        tangency: &'static str,
    ) -> Algorithm {
        Algorithm {
            id,
            name,
            explanation,
            source,
            pseudocode,
            tangency,
            exact_2d: true,
            exact_3d: true,
            overlap_2d: A::overlap::<2>,
            overlap_3d: A::overlap::<3>,
            count_pairs_2d: count_pairs::<A, 2>,
            count_pairs_3d: count_pairs::<A, 3>,
            trace_2d: A::trace::<2>,
            trace_3d: A::trace::<3>,
            as_published_2d: None,
            as_published_3d: None,
        }
    }

    /// Attaches the literal published form (see [`Algorithm::as_published_2d`]).
    pub(crate) const fn published(
        mut self,
        f2: fn(&Circle, &Rect) -> bool,
        f3: fn(&Sphere, &Box3) -> bool,
    ) -> Algorithm {
        self.as_published_2d = Some(f2);
        self.as_published_3d = Some(f3);
        self
    }

    /// Marks the test as not exact in the dimensions where it is not (see [`Algorithm::is_exact`]).
    pub(crate) const fn exact_in(mut self, exact_2d: bool, exact_3d: bool) -> Algorithm {
        self.exact_2d = exact_2d;
        self.exact_3d = exact_3d;
        self
    }

    /// The verdict as published (2D): the literal variant when there is one, else the test itself.
    #[must_use]
    pub fn published_2d(&self, ball: &Circle, aabb: &Rect) -> bool {
        self.as_published_2d.unwrap_or(self.overlap_2d)(ball, aabb)
    }

    /// Is this test exact (overlap ⇔ distance ≤ r) in dimension `dim` (2 or 3)? Any `dim` other than
    /// 2 is answered as 3.
    #[must_use]
    pub fn is_exact(&self, dim: usize) -> bool {
        if dim == 2 {
            self.exact_2d
        } else {
            self.exact_3d
        }
    }
}

impl core::fmt::Debug for Algorithm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Algorithm").field("id", &self.id).finish_non_exhaustive()
    }
}
