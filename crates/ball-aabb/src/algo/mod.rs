//! Every published circle/sphere–AABB overlap test, one file each, and the registry [`ALGORITHMS`]
//! that the UI, the command line, the tests and the benchmarks all iterate.
//!
//! | id | file | exact 2D | exact 3D |
//! |----|------|----------|----------|
//! | `arvo` | [`arvo`] | yes | yes |
//! | `qri` | [`qri`] | yes | yes |
//! | `qrf` | [`qrf`] | yes | yes |
//! | `branchless` | [`branchless`] | yes | yes |
//! | `fold` | [`fold`] | yes | yes |
//! | `zones` | [`zones`] | yes | yes |
//! | `clamp` | [`clamp`] | yes | yes |
//! | `planes` | [`planes`] | yes | **no** (edges and corners) |
//! | `planes_naive` | [`planes_naive`] | **no** | **no** |
//!
//! "Exact" means: overlap ⇔ the distance from the centre to the box is ≤ r (touching counts), with
//! no error on inputs where the arithmetic is exact in `f32` (e.g. integers up to a few thousand).
//! On general floats the exact tests can still differ from the true answer right at tangency, within
//! a couple of ulps of the largest coordinate (measured and bounded in `tests/algorithms.rs`).
//!
//! # Range
//! Every test squares `f32` differences. Beyond about 1.8·10¹⁹ (√`f32::MAX`) a square overflows to
//! infinity and below about 10⁻¹⁹ it underflows towards zero; there `d ≤ r²` can compare `∞ ≤ ∞` or
//! `0 ≤ 0` and report overlaps that are not there. The contact and the response work in `f64` and
//! stay right.
//!
//! ```
//! use ball_aabb::{algorithm, contact, Circle, Rect, State};
//! // 1e20 from the box with r = 5e19: clearly apart, but e² and r² both overflow f32.
//! let b = Rect::new([1e20, 0.0], [2e20, 1.0]).unwrap();
//! let c = Circle::new([0.0, 0.0], 5e19).unwrap();
//! assert_eq!(contact(&c, &b).state, State::Separated);
//! assert!((algorithm("arvo").unwrap().overlap_2d)(&c, &b)); // ∞ ≤ ∞
//! // At everyday scales the same geometry is judged right.
//! let (b, c) = (Rect::new([1.0, 0.0], [2.0, 1.0]).unwrap(), Circle::new([0.0, 0.0], 0.5).unwrap());
//! assert!(!(algorithm("arvo").unwrap().overlap_2d)(&c, &b));
//! ```
//!
//! Adding an algorithm is one file here and one line in [`ALGORITHMS`].

#![forbid(unsafe_code)]

use alloc::{string::String, vec::Vec};
pub mod arvo;
pub mod branchless;
pub mod clamp;
pub mod fold;
pub mod planes;
pub mod planes_naive;
pub mod qrf;
pub mod qri;
pub mod trace;
pub mod zones;

use crate::{Aabb, Ball, Box3, Circle, Rect, Sphere};
pub use trace::{Focus, Step, Trace};

/// An overlap test written once for every dimension. Implemented by a marker type per algorithm,
/// so that generic callers (the batch loops below, the benchmarks) get the body inlined.
pub trait OverlapTest {
    /// Does the ball overlap the box? The shapes are valid by construction; this never panics.
    fn overlap<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool;

    /// The same test, recording each step with its values (for teaching; never on a hot path).
    /// Its verdict equals [`OverlapTest::overlap`]'s on every input.
    fn trace<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Trace<D>;
}

/// Where an algorithm was published.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Source {
    /// Who published it.
    pub author: &'static str,
    /// Where: the book, paper or post.
    pub venue: &'static str,
    /// When, if known.
    pub year: Option<u16>,
}

impl core::fmt::Display for Source {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.year {
            Some(y) => write!(f, "{}, {}, {}", self.author, self.venue, y),
            None => write!(f, "{}, {}", self.author, self.venue),
        }
    }
}

/// One entry of the registry: what the UI shows, and the functions to call.
#[derive(Clone, Copy)]
pub struct Algorithm {
    /// Stable identifier, used on the command line, in JSON and in URLs.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// One paragraph: how it works and why.
    pub explanation: &'static str,
    /// Where it was published.
    pub source: Source,
    /// Pseudocode, one line per entry, for the UI.
    pub pseudocode: &'static [&'static str],
    /// How the source treats touching, and any erratum.
    pub tangency: &'static str,
    /// Circle against rectangle.
    pub overlap_2d: fn(&Circle, &Rect) -> bool,
    /// Sphere against box.
    pub overlap_3d: fn(&Sphere, &Box3) -> bool,
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

/// Counts overlapping pairs with `A`'s test inlined. On x86-64 CPUs with AVX2 (or AVX-512) the same
/// loop runs as an AVX2 (AVX-512) clone (chosen once, see [`batch::level`](crate::batch::level)), where LLVM can
/// vectorise the branch-free tests across pairs; the branchy ones stay one pair at a time.
#[inline(never)]
pub fn count_pairs<A: OverlapTest, const D: usize>(balls: &[Ball<D>], boxes: &[Aabb<D>]) -> usize {
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    if let Some(cpu) = crate::batch::avx512::Avx512::get() {
        return cpu.count_pairs::<A, D>(balls, boxes);
    }
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    if let Some(cpu) = crate::batch::avx2::Avx2::get() {
        return cpu.count_pairs::<A, D>(balls, boxes);
    }
    count_pairs_body::<A, D>(balls, boxes)
}

/// The loop itself, shared by the portable, AVX2 and AVX-512 forms.
#[inline(always)]
pub(crate) fn count_pairs_body<A: OverlapTest, const D: usize>(balls: &[Ball<D>], boxes: &[Aabb<D>]) -> usize {
    balls.iter().zip(boxes).map(|(b, a)| A::overlap(b, a) as usize).sum()
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

    /// The verdict as published (2D): the literal variant when there is one, else the test itself.
    #[must_use]
    pub fn published_2d(&self, ball: &Circle, aabb: &Rect) -> bool {
        self.as_published_2d.unwrap_or(self.overlap_2d)(ball, aabb)
    }

    /// Is this test exact (overlap ⇔ distance ≤ r) in dimension `dim` (2 or 3)?
    #[must_use]
    pub fn is_exact(&self, dim: usize) -> bool {
        match self.id {
            "planes_naive" => false,
            "planes" => dim == 2,
            _ => true,
        }
    }
}

impl core::fmt::Debug for Algorithm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Algorithm").field("id", &self.id).finish_non_exhaustive()
    }
}

/// The registry: every algorithm, in teaching order. Everything iterates this list.
pub const ALGORITHMS: &[Algorithm] = &[
    arvo::ENTRY,
    qri::ENTRY,
    qrf::ENTRY,
    branchless::ENTRY,
    fold::ENTRY,
    zones::ENTRY,
    clamp::ENTRY,
    planes::ENTRY,
    planes_naive::ENTRY,
];

/// Looks an algorithm up by its id.
///
/// ```
/// use ball_aabb::{algorithm, Circle, Rect};
/// let fold = algorithm("fold").unwrap();
/// let c = Circle::new([5.0, 0.0], 1.0).unwrap();
/// let b = Rect::new([-4.0, -1.0], [4.0, 1.0]).unwrap();
/// assert!((fold.overlap_2d)(&c, &b)); // touching at x = 4 counts
/// assert!(algorithm("nope").is_none());
/// ```
#[must_use]
pub fn algorithm(id: &str) -> Option<&'static Algorithm> {
    ALGORITHMS.iter().find(|a| a.id == id)
}

/// The ids of all algorithms, comma-separated (for help texts and error messages).
#[must_use]
pub fn algorithm_ids() -> String {
    ALGORITHMS.iter().map(|a| a.id).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::ALGORITHMS;
    use crate::testutil::sweep;
    use crate::{contact, State};

    #[test]
    fn published_branchless_never_reports_an_overlap() {
        let a = super::algorithm("branchless").unwrap();
        let mut overlapping = 0;
        sweep::<2>(20_000, 21, |b, x| {
            assert!(!a.published_2d(b, x), "{b:?} {x:?}");
            overlapping += contact(b, x).state.is_overlap() as usize;
        });
        assert!(overlapping > 1000, "the sweep must contain overlaps, had {overlapping}");
    }

    #[test]
    fn published_strict_forms_differ_exactly_at_tangency() {
        for a in ALGORITHMS.iter().filter(|a| a.as_published_2d.is_some() && a.id != "branchless") {
            let mut touching = 0;
            sweep::<2>(20_000, 23, |b, x| {
                let state = contact(b, x).state;
                // Strict: the squared distance outside the box must be below r². That differs from
                // the crate's verdict at tangency, and for r = 0 with the centre in the box.
                let out2 = crate::contact::distance_squared(&b.center(), x);
                let want = out2 < b.radius() as f64 * b.radius() as f64;
                assert_eq!(a.published_2d(b, x), want, "{} {b:?} {x:?}", a.id);
                touching += (state == State::Touching) as usize;
            });
            assert!(touching > 50, "the sweep must contain tangencies, had {touching}");
        }
    }
}
