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

#![forbid(unsafe_code)]

use super::entry::Algorithm;
use crate::overlap::OverlapTest;
use crate::shape::{Aabb, Ball};
use crate::source::Source;
use crate::trace::{axis_name, le_or_gt, num_text, Focus, Trace, Tracer};

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
            t.step(
                1,
                Focus::Axis(i),
                format_args!(
                    "{}: c = {} against [{}, {}]",
                    axis_name(i),
                    num_text(c[i]),
                    num_text(lo[i]),
                    num_text(hi[i])
                ),
            );
            if c[i] < lo[i] {
                let e = c[i] - lo[i];
                d += e * e;
                t.step(
                    2,
                    Focus::Axis(i),
                    format_args!(
                        "{}: below min, e = {}, e² = {}, d = {}",
                        axis_name(i),
                        num_text(e),
                        num_text(e * e),
                        num_text(d)
                    ),
                );
            } else if c[i] > hi[i] {
                let e = c[i] - hi[i];
                d += e * e;
                t.step(
                    3,
                    Focus::Axis(i),
                    format_args!(
                        "{}: above max, e = {}, e² = {}, d = {}",
                        axis_name(i),
                        num_text(e),
                        num_text(e * e),
                        num_text(d)
                    ),
                );
            }
        }
        let v = d <= r * r;
        t.finish(4, v, format_args!("d = {} {} r² = {}", num_text(d), le_or_gt(v), num_text(r * r)))
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

/// Arvo's four modes: each shape is either solid or only its surface ("hollow").
///
/// A hollow ball is the sphere (circle) alone, not its inside; a hollow box is its faces (edges in
/// 2D). So a hollow circle wholly inside a box does not touch a hollow box, and a solid box
/// wholly inside a hollow sphere does not touch it either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArvoMode {
    /// Both solid: the ordinary overlap test.
    SolidBoxSolidBall,
    /// Only the ball's surface counts: a box wholly inside the ball does not touch it.
    SolidBoxHollowBall,
    /// Only the box's surface counts: a ball wholly inside the box does not touch it.
    HollowBoxSolidBall,
    /// Surfaces only, on both sides.
    HollowBoxHollowBall,
}

impl ArvoMode {
    /// All four modes, in Arvo's order.
    pub const ALL: [ArvoMode; 4] = [
        ArvoMode::SolidBoxSolidBall,
        ArvoMode::SolidBoxHollowBall,
        ArvoMode::HollowBoxSolidBall,
        ArvoMode::HollowBoxHollowBall,
    ];

    /// A short label, e.g. `"hollow box, solid ball"`.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            ArvoMode::SolidBoxSolidBall => "solid box, solid ball",
            ArvoMode::SolidBoxHollowBall => "solid box, hollow ball",
            ArvoMode::HollowBoxSolidBall => "hollow box, solid ball",
            ArvoMode::HollowBoxHollowBall => "hollow box, hollow ball",
        }
    }

    /// What the mode means, in one sentence.
    #[must_use]
    pub fn meaning(self) -> &'static str {
        match self {
            ArvoMode::SolidBoxSolidBall => "Both shapes are filled: any common point counts (the usual test).",
            ArvoMode::SolidBoxHollowBall => {
                "Only the circle's rim counts: a box wholly inside the circle does not touch it."
            }
            ArvoMode::HollowBoxSolidBall => {
                "Only the box's outline counts: a circle wholly inside the box does not touch it."
            }
            ArvoMode::HollowBoxHollowBall => {
                "Only the rim and the outline count: they must cross or touch, not just nest."
            }
        }
    }
}

/// Arvo's test in each of his four modes (solid or hollow box × solid or hollow ball).
///
/// With `dmin` the squared distance from the centre to the box and `dmax` the squared distance to
/// its farthest point: a solid ball meets a solid box when `dmin ≤ r²`; a hollow ball needs also
/// `r² ≤ dmax` (the box is not wholly inside it); a hollow box needs the ball to reach a face, which
/// for a centre inside the box means the nearest face is within `r`. Touching counts.
///
/// ```
/// use ball_aabb::algo::arvo::{overlap_mode, ArvoMode};
/// use ball_aabb::{Circle, Rect};
/// let b = Rect::new([-10.0, -10.0], [10.0, 10.0]).unwrap();
/// let small = Circle::new([0.0, 0.0], 1.0).unwrap(); // wholly inside the box
/// assert!(overlap_mode(&small, &b, ArvoMode::SolidBoxSolidBall));
/// assert!(!overlap_mode(&small, &b, ArvoMode::HollowBoxSolidBall));
/// let huge = Circle::new([0.0, 0.0], 100.0).unwrap(); // the box is wholly inside the circle
/// assert!(!overlap_mode(&huge, &b, ArvoMode::SolidBoxHollowBall));
/// ```
#[must_use]
pub fn overlap_mode<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>, mode: ArvoMode) -> bool {
    let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
    let r2 = ball.radius() * ball.radius();
    let (hollow_box, hollow_ball) = match mode {
        ArvoMode::SolidBoxSolidBall => (false, false),
        ArvoMode::SolidBoxHollowBall => (false, true),
        ArvoMode::HollowBoxSolidBall => (true, false),
        ArvoMode::HollowBoxHollowBall => (true, true),
    };
    let (mut dmin, mut dmax) = (0.0f32, 0.0f32);
    // Does the ball reach a face? Always when the centre is outside the box on some axis.
    let mut face = false;
    for i in 0..D {
        let a = (c[i] - lo[i]) * (c[i] - lo[i]);
        let b = (c[i] - hi[i]) * (c[i] - hi[i]);
        dmax += if a > b { a } else { b };
        if c[i] < lo[i] {
            face = true;
            dmin += a;
        } else if c[i] > hi[i] {
            face = true;
            dmin += b;
        } else if (if a < b { a } else { b }) <= r2 {
            face = true;
        }
    }
    (!hollow_box || face) && dmin <= r2 && (!hollow_ball || r2 <= dmax)
}

#[cfg(test)]
mod tests {
    use super::{overlap_mode, ArvoMode};
    use crate::testutil::sweep;
    use crate::{Aabb, Ball};

    /// Independent reference in i64: (squared distance to the box, to its boundary, to its farthest point).
    fn reference<const D: usize>(b: &Ball<D>, x: &Aabb<D>) -> (i64, i64, i64) {
        let (c, lo, hi) = (b.center().map(|v| v as i64), x.min().map(|v| v as i64), x.max().map(|v| v as i64));
        let (mut out, mut far) = (0, 0);
        let mut inside = true;
        let mut nearest_face = i64::MAX;
        for i in 0..D {
            let e = (lo[i] - c[i]).max(c[i] - hi[i]).max(0);
            out += e * e;
            inside &= e == 0;
            nearest_face = nearest_face.min((c[i] - lo[i]).min(hi[i] - c[i]));
            far += (c[i] - lo[i]).pow(2).max((c[i] - hi[i]).pow(2));
        }
        let boundary = if inside { nearest_face * nearest_face } else { out };
        (out, boundary, far)
    }

    fn check<const D: usize>(b: &Ball<D>, x: &Aabb<D>) {
        let (out, boundary, far) = reference(b, x);
        let r2 = (b.radius() as i64).pow(2);
        let expect = [out <= r2, out <= r2 && r2 <= far, boundary <= r2, boundary <= r2 && r2 <= far];
        for (mode, want) in ArvoMode::ALL.into_iter().zip(expect) {
            assert_eq!(overlap_mode(b, x, mode), want, "{mode:?} {b:?} {x:?}");
        }
    }

    #[test]
    fn every_mode_matches_its_definition_on_integer_sweeps() {
        sweep::<2>(30_000, 3, check);
        sweep::<3>(30_000, 5, check);
    }

    #[test]
    fn solid_mode_is_the_plain_test() {
        sweep::<2>(5_000, 9, |b, x| {
            assert_eq!(
                overlap_mode(b, x, ArvoMode::SolidBoxSolidBall),
                <super::Arvo as crate::algo::OverlapTest>::overlap(b, x)
            )
        });
    }

    #[test]
    fn a_hollow_circle_inside_a_hollow_box_does_not_touch_it() {
        let b = Aabb::new([0.0, 0.0], [10.0, 10.0]).unwrap();
        let c = Ball::new([5.0, 5.0], 2.0).unwrap();
        assert!(!overlap_mode(&c, &b, ArvoMode::HollowBoxHollowBall));
        assert!(overlap_mode(&c, &b, ArvoMode::SolidBoxHollowBall));
        // Grown to touch the right face (distance 5), the rim meets the outline.
        let c = Ball::new([5.0, 5.0], 5.0).unwrap();
        assert!(overlap_mode(&c, &b, ArvoMode::HollowBoxHollowBall));
    }
}
