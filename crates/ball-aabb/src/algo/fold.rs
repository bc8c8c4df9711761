//! The fold: move the box centre to the origin and fold the circle centre into the first quadrant
//! (octant in 3D), where only one corner matters.
//!
//! # Behavior
//! `v = |p − c|` folds by symmetry, `u = max(v − h, 0)` is the part of `v` sticking out past the
//! corner `h`, and the shapes overlap when `u·u ≤ r²`. The post writes `dot(u, u) < r*r` (strict:
//! touching is *not* an overlap there); this crate uses `≤` like every other exact test.
//!
//! Because it re-centres the box (`c = (min + max)/2`, `h = (max − min)/2`), on general floats it
//! may differ from the other tests by about one ulp of the largest coordinate right at tangency.
//! On integer inputs it is exact.

#![forbid(unsafe_code)]

use super::entry::Algorithm;
use crate::math::fmax;
use crate::overlap::OverlapTest;
use crate::shape::{Aabb, Ball};
use crate::source::Source;
use crate::trace::{axis_name, le_or_gt, num_text, Focus, Trace, Tracer};

/// Marker type for the fold into the first quadrant.
pub struct Fold;

impl OverlapTest for Fold {
    #[inline]
    fn overlap<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
        let (p, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut d = 0.0;
        for i in 0..D {
            let c = 0.5 * (lo[i] + hi[i]);
            let h = 0.5 * (hi[i] - lo[i]);
            let v = (p[i] - c).abs(); // fold into the first quadrant
            let u = fmax(v - h, 0.0); // what sticks out past the corner h
            d += u * u;
        }
        d <= r * r
    }

    fn trace<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Trace<D> {
        let (p, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut t = Tracer::new();
        let mut d = 0.0;
        for i in 0..D {
            let c = 0.5 * (lo[i] + hi[i]);
            let h = 0.5 * (hi[i] - lo[i]);
            t.step(0, Focus::Axis(i), format_args!("{}: c = {}, h = {}", axis_name(i), num_text(c), num_text(h)));
            let v = (p[i] - c).abs();
            t.step(
                1,
                Focus::Axis(i),
                format_args!("{}: v = |{} − {}| = {}", axis_name(i), num_text(p[i]), num_text(c), num_text(v)),
            );
            let u = fmax(v - h, 0.0);
            d += u * u;
            t.step(
                2,
                Focus::Axis(i),
                format_args!(
                    "{}: u = max({}, 0) = {}, u·u so far = {}",
                    axis_name(i),
                    num_text(v - h),
                    num_text(u),
                    num_text(d)
                ),
            );
        }
        let v = d <= r * r;
        t.finish(3, v, format_args!("u·u = {} {} r² = {}", num_text(d), le_or_gt(v), num_text(r * r)))
    }
}

pub(super) const ENTRY: Algorithm = Algorithm::of::<Fold>(
    "fold",
    "Fold into the first quadrant",
    "By symmetry only the distance of the centre from the box centre matters, not its side: take \
     v = |p − c| per axis, which folds every quadrant onto the first one, where the only corner is h \
     (the half extents). u = max(v − h, 0) is the vector from that corner's region to the centre, with \
     the axes where the centre is within the slab zeroed. The shapes overlap when u·u ≤ r². Branch-free, \
     four operations per axis, and it reads the same in any dimension.",
    Source {
        author: "Noah Zuo (after a CSDN post)",
        venue: "\"How To Detect Intersection Between A Circle And An AABB\" (blog post)",
        year: Some(2021),
    },
    &[
        "c ← (min + max) / 2;  h ← (max − min) / 2",
        "v ← |p − c|                (fold into the first quadrant)",
        "u ← max(v − h, 0)          (per axis)",
        "return u·u ≤ r²            (published: strict '<')",
    ],
    "The post uses strict '<' (touching is not overlap); this crate uses '≤'.",
)
.published(as_published::<2>, as_published::<3>);

/// The fold exactly as published: strict `dot(u, u) < r*r`, so touching is not an overlap.
#[must_use]
pub fn as_published<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
    let (p, lo, hi) = (ball.center(), aabb.min(), aabb.max());
    let r = ball.radius();
    let mut d = 0.0;
    for i in 0..D {
        let u = fmax((p[i] - 0.5 * (lo[i] + hi[i])).abs() - 0.5 * (hi[i] - lo[i]), 0.0);
        d += u * u;
    }
    d < r * r
}
