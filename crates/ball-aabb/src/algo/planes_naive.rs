//! The naive face-plane test: "the ball is not wholly outside any face plane".
//!
//! # Behavior
//! Equivalent to testing the centre against the box grown by `r` with **square** corners. It is
//! right near the faces and wrong in the corner regions, where it reports overlaps for centres up
//! to `r·(√2 − 1)` (2D) or `r·(√3 − 1)` (3D) too far away. Kept as the contrast that motivates
//! every other test here; QRF uses the same grown box, but only as a first filter.

#![forbid(unsafe_code)]

use super::entry::Algorithm;
use crate::overlap::OverlapTest;
use crate::shape::{Aabb, Ball};
use crate::source::Source;
use crate::trace::{axis_name, num_text, Focus, Trace, Tracer};

/// Marker type for the naive (flawed) face-plane test.
pub struct PlanesNaive;

impl OverlapTest for PlanesNaive {
    #[inline]
    fn overlap<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut not_outside = true;
        for i in 0..D {
            // Signed distances to the two face planes of axis i, outward normals.
            not_outside &= lo[i] - c[i] <= r && c[i] - hi[i] <= r;
        }
        not_outside
    }

    fn trace<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Trace<D> {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut t = Tracer::new();
        for i in 0..D {
            for (upper, d) in [(false, lo[i] - c[i]), (true, c[i] - hi[i])] {
                let face = if upper { "max" } else { "min" };
                t.step(0, Focus::GrownBox(r), format_args!("face {face}.{}: dist = {}", axis_name(i), num_text(d)));
                if d > r {
                    return t.finish(
                        1,
                        false,
                        format_args!(
                            "dist = {} > r = {}: wholly outside {face}.{}",
                            num_text(d),
                            num_text(r),
                            axis_name(i)
                        ),
                    );
                }
            }
        }
        t.finish(
            2,
            true,
            format_args!("not outside any face plane: 'overlap' (inside the box grown by r with square corners)"),
        )
    }
}

pub(super) const ENTRY: Algorithm = Algorithm::of::<PlanesNaive>(
    "planes_naive",
    "Not outside any face plane (flawed)",
    "The test many web pages give: the ball overlaps the box unless it lies wholly outside one of the \
     face planes, i.e. unless some signed plane distance exceeds r. That is the box grown by r with \
     square corners, so in the four corner regions it reports overlaps that are not there. It is here \
     as the counter-example.",
    Source {
        author: "common folklore, criticised by Daniel Holden",
        venue: "\"Correct Box Sphere Intersection\" (blog post)",
        year: Some(2013),
    },
    &[
        "for each face plane P:",
        "    if dist(P, c) > r:  return false",
        "return true                 (wrong in the corner regions)",
    ],
    "Not exact: false overlaps in the corner regions (edges and corners in 3D).",
)
.exact_in(false, false);
