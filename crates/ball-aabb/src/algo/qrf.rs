//! Larsson et al.'s QRF: all quick rejections first (is the centre inside the box grown by `r`?),
//! then Arvo's sum.
//!
//! # Behavior
//! The first loop tests the centre against the box grown by `r` on every side, a square-cornered
//! box that contains the true rounded Minkowski sum; only centres that pass it pay for the sum of
//! squares. Touching counts as overlap.

#![forbid(unsafe_code)]

use super::entry::Algorithm;
use crate::overlap::OverlapTest;
use crate::shape::{Aabb, Ball};
use crate::source::Source;
use crate::trace::{axis_name, le_or_gt, num_text, Focus, Trace, Tracer};

/// Marker type for QRF (quick rejections first).
pub struct Qrf;

impl OverlapTest for Qrf {
    #[inline]
    fn overlap<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        // Step 1: quick rejections against the box grown by r.
        for i in 0..D {
            if c[i] - lo[i] < -r || c[i] - hi[i] > r {
                return false;
            }
        }
        // Step 2: Arvo's sum of squared excesses.
        let mut d = 0.0;
        for i in 0..D {
            if c[i] < lo[i] {
                let e = c[i] - lo[i];
                d += e * e;
            } else if c[i] > hi[i] {
                let e = c[i] - hi[i];
                d += e * e;
            }
        }
        d <= r * r
    }

    fn trace<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Trace<D> {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut t = Tracer::new();
        for i in 0..D {
            t.step(0, Focus::GrownBox(r), format_args!("quick rejection on {}", axis_name(i)));
            let (below, above) = (c[i] - lo[i], c[i] - hi[i]);
            if below < -r || above > r {
                return t.finish(
                    1,
                    false,
                    format_args!(
                        "early out on {}: c − min = {}, c − max = {}: outside the box grown by r = {}",
                        axis_name(i),
                        num_text(below),
                        num_text(above),
                        num_text(r)
                    ),
                );
            }
            t.step(
                1,
                Focus::GrownBox(r),
                format_args!(
                    "{}: within the grown slab [{}, {}]",
                    axis_name(i),
                    num_text(lo[i] - r),
                    num_text(hi[i] + r)
                ),
            );
        }
        let mut d = 0.0;
        t.step(2, Focus::None, format_args!("d = 0"));
        for i in 0..D {
            t.step(3, Focus::Axis(i), format_args!("axis {}", axis_name(i)));
            if c[i] < lo[i] {
                let e = c[i] - lo[i];
                d += e * e;
                t.step(
                    4,
                    Focus::Axis(i),
                    format_args!("{}: below min, e = {}, d = {}", axis_name(i), num_text(e), num_text(d)),
                );
            } else if c[i] > hi[i] {
                let e = c[i] - hi[i];
                d += e * e;
                t.step(
                    5,
                    Focus::Axis(i),
                    format_args!("{}: above max, e = {}, d = {}", axis_name(i), num_text(e), num_text(d)),
                );
            }
        }
        let v = d <= r * r;
        t.finish(6, v, format_args!("d = {} {} r² = {}", num_text(d), le_or_gt(v), num_text(r * r)))
    }
}

pub(super) const ENTRY: Algorithm = Algorithm::of::<Qrf>(
    "qrf",
    "QRF (quick rejections first)",
    "First a cheap filter: if on any axis the centre is more than r below the minimum or above the \
     maximum, it lies outside the box grown by r and cannot overlap. Only centres inside that grown box \
     go on to Arvo's sum of squared excesses, which settles the rounded corners. Two loops instead of \
     one, but the first is all comparisons.",
    Source {
        author: "Thomas Larsson, Tomas Akenine-Möller, Eric Lengyel",
        venue: "\"On Faster Sphere-Box Overlap Testing\", Journal of Graphics Tools 12(1)",
        year: Some(2007),
    },
    &[
        "for each axis i:",
        "    if c[i] − min[i] < −r  or  c[i] − max[i] > r:  return false",
        "d ← 0",
        "for each axis i:",
        "    if c[i] < min[i]:  e ← c[i] − min[i];  d ← d + e²",
        "    else if c[i] > max[i]:  e ← c[i] − max[i];  d ← d + e²",
        "return d ≤ r²",
    ],
    "Inclusive (d ≤ r²).",
);
