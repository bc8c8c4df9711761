//! Larsson, Akenine-Möller and Lengyel's QRI: Arvo's loop with a quick rejection inside it.
//!
//! # Behavior
//! As soon as one axis shows the centre farther than `r` outside a face, no other axis can bring
//! the distance back under `r`, so the test returns early. Touching counts as overlap.

#![forbid(unsafe_code)]

use super::entry::Algorithm;
use crate::overlap::OverlapTest;
use crate::shape::{Aabb, Ball};
use crate::source::Source;
use crate::trace::{axis_name, le_or_gt, num_text, Focus, Trace, Tracer};

/// Marker type for QRI (quick rejections intertwined).
pub struct Qri;

impl OverlapTest for Qri {
    #[inline]
    fn overlap<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut d = 0.0;
        for i in 0..D {
            let e = c[i] - lo[i];
            if e < 0.0 {
                // Below the min face: reject at once when farther than r.
                if e < -r {
                    return false;
                }
                d += e * e;
            } else {
                let e = c[i] - hi[i];
                if e > 0.0 {
                    // Above the max face.
                    if e > r {
                        return false;
                    }
                    d += e * e;
                }
            }
        }
        d <= r * r
    }

    fn trace<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Trace<D> {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut t = Tracer::new();
        let mut d = 0.0;
        t.step(0, Focus::None, format_args!("d = 0"));
        for i in 0..D {
            t.step(1, Focus::Axis(i), format_args!("axis {}", axis_name(i)));
            let e = c[i] - lo[i];
            t.step(2, Focus::Axis(i), format_args!("{}: e = c − min = {}", axis_name(i), num_text(e)));
            if e < 0.0 {
                if e < -r {
                    return t.finish(
                        3,
                        false,
                        format_args!("early out: e = {} < −r = {} on {}", num_text(e), num_text(-r), axis_name(i)),
                    );
                }
                d += e * e;
                t.step(
                    3,
                    Focus::Axis(i),
                    format_args!("{}: below min, e² = {}, d = {}", axis_name(i), num_text(e * e), num_text(d)),
                );
            } else {
                let e = c[i] - hi[i];
                t.step(4, Focus::Axis(i), format_args!("{}: e = c − max = {}", axis_name(i), num_text(e)));
                if e > 0.0 {
                    if e > r {
                        return t.finish(
                            5,
                            false,
                            format_args!("early out: e = {} > r = {} on {}", num_text(e), num_text(r), axis_name(i)),
                        );
                    }
                    d += e * e;
                    t.step(
                        5,
                        Focus::Axis(i),
                        format_args!("{}: above max, e² = {}, d = {}", axis_name(i), num_text(e * e), num_text(d)),
                    );
                }
            }
        }
        let v = d <= r * r;
        t.finish(6, v, format_args!("d = {} {} r² = {}", num_text(d), le_or_gt(v), num_text(r * r)))
    }
}

pub(super) const ENTRY: Algorithm = Algorithm::of::<Qri>(
    "qri",
    "QRI (quick rejections intertwined)",
    "Arvo's loop, but each time an axis is found outside the box the one-axis excess e is compared \
     with r first: if |e| > r the sphere cannot reach the box whatever the other axes say, and the test \
     returns 'separated' without finishing the sum. It pays off when most pairs are far apart; when the \
     data is unpredictable the extra branches cost more than they save.",
    Source {
        author: "Thomas Larsson, Tomas Akenine-Möller, Eric Lengyel",
        venue: "\"On Faster Sphere-Box Overlap Testing\", Journal of Graphics Tools 12(1)",
        year: Some(2007),
    },
    &[
        "d ← 0",
        "for each axis i:",
        "    e ← c[i] − min[i]",
        "    if e < 0:  if e < −r: return false;  d ← d + e²",
        "    else:  e ← c[i] − max[i]",
        "           if e > 0:  if e > r: return false;  d ← d + e²",
        "return d ≤ r²",
    ],
    "Inclusive (d ≤ r²).",
);
