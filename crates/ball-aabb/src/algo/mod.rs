//! Every published circle/sphere–AABB overlap test, one file each, and the registry [`ALGORITHMS`]
//! that lists them: iterate it to compare, test, trace or benchmark every algorithm at once.
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
//! use ball_aabb::{Circle, Rect, ContactState, algo::algorithm, contact::contact};
//! // 1e20 from the box with r = 5e19: clearly apart, but e² and r² both overflow f32.
//! let b = Rect::new([1e20, 0.0], [2e20, 1.0]).unwrap();
//! let c = Circle::new([0.0, 0.0], 5e19).unwrap();
//! assert_eq!(contact(&c, &b).state, ContactState::Separated);
//! assert!((algorithm("arvo").unwrap().overlap_2d)(&c, &b)); // ∞ ≤ ∞
//! // At everyday scales the same geometry is judged right.
//! let (b, c) = (Rect::new([1.0, 0.0], [2.0, 1.0]).unwrap(), Circle::new([0.0, 0.0], 0.5).unwrap());
//! assert!(!(algorithm("arvo").unwrap().overlap_2d)(&c, &b));
//! ```
//!
//! Adding an algorithm is one file here and one line in [`ALGORITHMS`].

#![forbid(unsafe_code)]

pub mod arvo;
pub mod branchless;
pub mod clamp;
mod entry;
pub mod fold;
pub mod planes;
pub mod planes_naive;
pub mod qrf;
pub mod qri;
pub mod zones;

pub use crate::batch::count_pairs;
pub use crate::overlap::OverlapTest;
pub use crate::source::Source;
pub use crate::trace::{self, Focus, Trace, TraceStep};
pub use entry::Algorithm;

use alloc::{string::String, vec::Vec};

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
/// use ball_aabb::{Circle, Rect, algo::algorithm};
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
    use super::{Focus, ALGORITHMS};
    use crate::testutil::sweep;
    use crate::{contact::contact, Aabb, Ball, ContactState};
    use alloc::vec;

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
                touching += (state == ContactState::Touching) as usize;
            });
            assert!(touching > 50, "the sweep must contain tangencies, had {touching}");
        }
    }

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
        let qri = super::algorithm("qri").unwrap();
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
        let zones = super::algorithm("zones").unwrap();
        let b = Ball::new([5.0, 5.0], 5.0).unwrap(); // 3-4-5 from the corner (2, 1)
        let x = Aabb::new([0.0, 0.0], [2.0, 1.0]).unwrap();
        let t = (zones.trace_2d)(&b, &x);
        assert!(t.verdict);
        assert!(t.steps.iter().any(|s| s.focus == Focus::Zone(8)));
        assert!(t.steps.iter().any(|s| s.focus == Focus::Point([2.0, 1.0])));
        assert_eq!(t.lines_run(), vec![0, 1, 4]);
    }
}
