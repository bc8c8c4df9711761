//! Clamp the centre onto the box to get the closest point `s`, then compare `|c − s|²` with `r²`.
//!
//! # Behavior
//! The clamped point is the point of the box nearest to the centre (the centre itself when it is
//! inside), so this is the textbook definition written as code. The post compares `|d| < r`
//! (strict); this crate uses `≤` so touching counts as overlap.

#![forbid(unsafe_code)]

use super::entry::Algorithm;
use crate::math::{fmax, fmin};
use crate::overlap::OverlapTest;
use crate::shape::{Aabb, Ball};
use crate::source::Source;
use crate::trace::{axis_name, le_or_gt, num_text, point_text, Focus, Trace, Tracer};

/// Marker type for clamp-to-closest-point.
pub struct Clamp;

impl OverlapTest for Clamp {
    #[inline]
    fn overlap<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut d = 0.0;
        for i in 0..D {
            let s = fmin(fmax(c[i], lo[i]), hi[i]); // closest point of the box on this axis
            let e = c[i] - s;
            d += e * e;
        }
        d <= r * r
    }

    fn trace<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Trace<D> {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut t = Tracer::new();
        let mut s = c;
        let mut d = 0.0;
        for i in 0..D {
            s[i] = fmin(fmax(c[i], lo[i]), hi[i]);
            let e = c[i] - s[i];
            d += e * e;
            t.step(
                0,
                Focus::Axis(i),
                format_args!(
                    "{}: s = clamp({}, {}, {}) = {}",
                    axis_name(i),
                    num_text(c[i]),
                    num_text(lo[i]),
                    num_text(hi[i]),
                    num_text(s[i])
                ),
            );
            t.step(
                1,
                Focus::Axis(i),
                format_args!("{}: d = {}, d² so far = {}", axis_name(i), num_text(e), num_text(d)),
            );
        }
        t.step(1, Focus::Point(s), format_args!("closest point s = {}", point_text(&s)));
        let v = d <= r * r;
        t.finish(2, v, format_args!("d·d = {} {} r² = {}", num_text(d), le_or_gt(v), num_text(r * r)))
    }
}

pub(super) const ENTRY: Algorithm = Algorithm::of::<Clamp>(
    "clamp",
    "Clamp to the closest point",
    "Clamp each coordinate of the centre into the box's range: s = clamp(c, min, max) is the point of \
     the box closest to the centre (the centre itself when inside). The vector d = c − s is the shortest \
     displacement from the box to the centre, so the shapes overlap when |d|² ≤ r². The same s and d \
     give the contact normal and the push-out used for collision response.",
    Source {
        author: "unattributed",
        venue: "\"Instantaneous Circle-AABB Collision\" (blog post with interactive figures)",
        year: None,
    },
    &[
        "s ← clamp(c, min, max)      (per axis: max(min[i], min(c[i], max[i])))",
        "d ← c − s",
        "return d·d ≤ r²             (published: strict '<')",
    ],
    "The post uses strict '<'; this crate uses '≤'.",
)
.published(as_published::<2>, as_published::<3>);

/// The clamp test exactly as published: strict `|d| < r`, so touching is not an overlap.
#[must_use]
pub fn as_published<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
    let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
    let mut d = 0.0;
    for i in 0..D {
        let e = c[i] - fmin(fmax(c[i], lo[i]), hi[i]);
        d += e * e;
    }
    d < ball.radius() * ball.radius()
}
