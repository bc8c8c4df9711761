//! The branch-free form of QRI: the per-axis excess as a sum of two `max`es.
//!
//! # Behavior
//! `e = max(min − c, 0) + max(c − max, 0)` is the distance outside the box along one axis (at most
//! one of the two terms is non-zero). The quick rejection is `e > r`.
//!
//! **Erratum.** The post this comes from writes the early-out as `if (e <= r) return false`. That
//! is a sign error: `e` is never negative, so for any overlapping pair `e ≤ r` holds on every
//! axis and the published test *never* reports an overlap. The correct rejection is `e > r`.
//!
//! Here the rejection is evaluated as a mask (`&`, not `&&`) so the code has no branch at all: a
//! rejected axis already makes `d > r²`, so the mask changes no verdict, it only mirrors the
//! published structure. Touching counts as overlap.

#![forbid(unsafe_code)]

use super::entry::Algorithm;
use crate::math::fmax;
use crate::overlap::OverlapTest;
use crate::shape::{Aabb, Ball};
use crate::source::Source;
use crate::trace::{axis_name, le_or_gt, num_text, Focus, Trace, Tracer};

/// Marker type for the branch-free max form.
pub struct Branchless;

impl OverlapTest for Branchless {
    #[inline]
    fn overlap<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut d = 0.0;
        let mut within = true;
        for i in 0..D {
            let e = fmax(lo[i] - c[i], 0.0) + fmax(c[i] - hi[i], 0.0);
            within &= e <= r; // the early-out `if e > r: return false`, as a mask
            d += e * e;
        }
        within & (d <= r * r)
    }

    fn trace<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Trace<D> {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut t = Tracer::new();
        let mut d = 0.0;
        let mut within = true;
        t.step(0, Focus::None, format_args!("d = 0"));
        for i in 0..D {
            t.step(1, Focus::Axis(i), format_args!("axis {}", axis_name(i)));
            let e = fmax(lo[i] - c[i], 0.0) + fmax(c[i] - hi[i], 0.0);
            t.step(
                2,
                Focus::Axis(i),
                format_args!(
                    "{}: e = max({}, 0) + max({}, 0) = {}",
                    axis_name(i),
                    num_text(lo[i] - c[i]),
                    num_text(c[i] - hi[i]),
                    num_text(e)
                ),
            );
            within &= e <= r;
            if e > r {
                t.step(3, Focus::Axis(i), format_args!("early out: e = {} > r = {} on {} (the published 'e ≤ r' would reject here only when it should not)", num_text(e), num_text(r), axis_name(i)));
            }
            d += e * e;
            t.step(4, Focus::Axis(i), format_args!("{}: e² = {}, d = {}", axis_name(i), num_text(e * e), num_text(d)));
        }
        let v = within & (d <= r * r);
        t.finish(
            5,
            v,
            format_args!(
                "d = {} {} r² = {}{}",
                num_text(d),
                le_or_gt(d <= r * r),
                num_text(r * r),
                if within { "" } else { " (rejected by an early out)" }
            ),
        )
    }
}

pub(super) const ENTRY: Algorithm = Algorithm::of::<Branchless>(
    "branchless",
    "Branch-free max form",
    "QRI without branches: on each axis e = max(min − c, 0) + max(c − max, 0) is the distance by which \
     the centre sticks out of the box along that axis (zero inside the slab). Squares are summed as in \
     Arvo's test. max compiles to a single instruction, so the loop has no data-dependent jumps and runs \
     at the same speed whatever the data. The published version rejects with 'e ≤ r', a sign error that \
     makes it never report an overlap; the rejection is 'e > r'.",
    Source {
        author: "Noah Zuo, after Larsson et al.",
        venue: "\"How To Detect Intersection Between A Circle And An AABB\" (blog post)",
        year: Some(2021),
    },
    &[
        "d ← 0",
        "for each axis i:",
        "    e ← max(min[i] − c[i], 0) + max(c[i] − max[i], 0)",
        "    if e > r: return false        (published: 'e ≤ r', a sign error)",
        "    d ← d + e²",
        "return d ≤ r²",
    ],
    "Inclusive (d ≤ r²). The post's early-out 'if (e <= r) return false' is a sign error.",
)
.published(as_published::<2>, as_published::<3>);

/// The branch-free test exactly as the post prints it, sign error included: `if (e <= r) return false`.
/// Kept for the "as published" view. It never reports an overlap: when the ball reaches the box,
/// every axis has `e ≤ r`, so it returns `false` on the first axis; otherwise some `e > r` and the sum
/// of squares exceeds `r²`.
#[must_use]
pub fn as_published<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
    let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
    let r = ball.radius();
    let mut d = 0.0;
    for i in 0..D {
        let e = fmax(lo[i] - c[i], 0.0) + fmax(c[i] - hi[i], 0.0);
        if e <= r {
            return false; // the published sign error
        }
        d += e * e;
    }
    d <= r * r
}
