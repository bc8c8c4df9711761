//! Arvo's test: add up the squared distances by which the centre lies outside the box, axis by axis.
//!
//! ```text
//!        │       │
//!   e_x² + e_y²  │  e_y² only
//!    ●───┐       │
//!        └───────┘
//! ```
//!
//! # Behavior
//! Touching counts as overlap (`d ≤ r²`, as in Arvo's `BoxSphere.c`). Exact on inputs whose
//! differences and squares are exact in `f32` (integers up to a few thousand).

use super::trace::{ax, cmp, n, Focus, Trace, Tracer};
use super::{Algorithm, OverlapTest, Source};
use crate::geom::{Aabb, Ball};

/// Marker type for Arvo's algorithm.
pub struct Arvo;

impl OverlapTest for Arvo {
    #[inline]
    fn overlap<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        // Step 1: squared distance from the centre to the box, one axis at a time.
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
        // Step 2: compare with the squared radius (no square root).
        d <= r * r
    }

    fn trace<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Trace<D> {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut t = Tracer::new();
        let mut d = 0.0;
        t.step(0, Focus::None, format_args!("d = 0"));
        for i in 0..D {
            t.step(1, Focus::Axis(i), format_args!("{}: c = {} against [{}, {}]", ax(i), n(c[i]), n(lo[i]), n(hi[i])));
            if c[i] < lo[i] {
                let e = c[i] - lo[i];
                d += e * e;
                t.step(
                    2,
                    Focus::Axis(i),
                    format_args!("{}: below min, e = {}, e² = {}, d = {}", ax(i), n(e), n(e * e), n(d)),
                );
            } else if c[i] > hi[i] {
                let e = c[i] - hi[i];
                d += e * e;
                t.step(
                    3,
                    Focus::Axis(i),
                    format_args!("{}: above max, e = {}, e² = {}, d = {}", ax(i), n(e), n(e * e), n(d)),
                );
            }
        }
        let v = d <= r * r;
        t.finish(4, v, format_args!("d = {} {} r² = {}", n(d), cmp(v), n(r * r)))
    }
}

pub(super) const ENTRY: Algorithm = Algorithm::of::<Arvo>(
    "arvo",
    "Arvo (sum of squared distances)",
    "For each axis, if the centre lies below the box's minimum or above its maximum, add the square of \
     that excess to a running sum d. The sum is the squared distance from the centre to the box (zero \
     when the centre is inside), so the shapes overlap exactly when d ≤ r². One branch per axis, no \
     square root; the work does not depend on how far away the box is.",
    Source {
        author: "James Arvo",
        venue: "Graphics Gems (Academic Press), \"A Simple Method for Box-Sphere Intersection Testing\"",
        year: Some(1990),
    },
    &[
        "d ← 0",
        "for each axis i:",
        "    if c[i] < min[i]:  e ← c[i] − min[i];  d ← d + e²",
        "    else if c[i] > max[i]:  e ← c[i] − max[i];  d ← d + e²",
        "return d ≤ r²",
    ],
    "Inclusive (d ≤ r²), as in the original.",
);
