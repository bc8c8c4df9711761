//! Larsson, Akenine-Möller and Lengyel's QRI: Arvo's loop with a quick rejection inside it.
//!
//! # Behavior
//! As soon as one axis shows the centre farther than `r` outside a face, no other axis can bring
//! the distance back under `r`, so the test returns early. Touching counts as overlap.

use super::{Algorithm, OverlapTest, Source};
use crate::geom::{Aabb, Ball};

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
