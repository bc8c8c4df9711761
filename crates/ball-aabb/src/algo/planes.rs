//! The face-plane test as published in "Correct Box Sphere Intersection" (2013, fixed 2019).
//!
//! # Behavior
//! The ball overlaps the box when it is inside every face plane, or when it cuts some face plane
//! and the disc of that cut reaches the face: the cut's centre (the centre projected on the plane)
//! must be no farther than the cut's radius `√(r² − d²)` outside each of the other face planes.
//!
//! In 2D the "disc" is a chord and the face is a segment, so the test is exact. In 3D it is **not**:
//! the check grows the face by the cut radius with *square* corners, so near the box's edges and
//! corners it reports overlaps that are not there. Example: box `[-1, 1]³`, `r = 1`, centre
//! `(1.65, 1.65, 1.65)`: the true distance is `0.65·√3 ≈ 1.126 > 1`, yet the test says "overlap".
//! This crate keeps that behaviour on purpose: it is a lesson in why you test against the exact
//! reference.

#![forbid(unsafe_code)]

use super::entry::Algorithm;
use crate::math::fmax;
use crate::overlap::OverlapTest;
use crate::shape::{Aabb, Ball};
use crate::source::Source;
use crate::trace::{axis_name, num_text, Focus, Trace, Tracer};

/// Marker type for the face-plane test.
pub struct Planes;

/// Signed distance from `c` to the face plane of axis `i`, side `hi` (outward normal).
#[inline(always)]
fn plane_distance<const D: usize>(c: &[f32; D], lo: &[f32; D], hi: &[f32; D], i: usize, upper: bool) -> f32 {
    if upper {
        c[i] - hi[i]
    } else {
        lo[i] - c[i]
    }
}

impl OverlapTest for Planes {
    #[inline]
    fn overlap<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        // Step 1: wholly inside every face plane?
        let mut inside = true;
        for i in 0..D {
            for upper in [false, true] {
                inside &= -plane_distance(&c, &lo, &hi, i, upper) > r;
            }
        }
        if inside {
            return true;
        }
        // Step 2: for each face plane the ball cuts, does the cut reach the face?
        for i in 0..D {
            for upper in [false, true] {
                let d = plane_distance(&c, &lo, &hi, i, upper);
                if d.abs() > r {
                    continue;
                }
                // The cut: centre = c projected on the plane (same coordinates off axis i),
                // radius √(r² − d²).
                let cut = crate::math::sqrtf(fmax(r * r - d * d, 0.0));
                let mut reaches = true;
                for j in 0..D {
                    if j != i {
                        reaches &= lo[j] - c[j] <= cut && c[j] - hi[j] <= cut;
                    }
                }
                if reaches {
                    return true;
                }
            }
        }
        false
    }

    fn trace<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Trace<D> {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut t = Tracer::new();
        let mut inside = true;
        for i in 0..D {
            for upper in [false, true] {
                inside &= -plane_distance(&c, &lo, &hi, i, upper) > r;
            }
        }
        if inside {
            return t.finish(
                0,
                true,
                format_args!("inside every face plane by more than r = {}: the ball is in the box", num_text(r)),
            );
        }
        t.step(0, Focus::None, format_args!("not inside every face plane"));
        for i in 0..D {
            for upper in [false, true] {
                let d = plane_distance(&c, &lo, &hi, i, upper);
                let face = if upper { "max" } else { "min" };
                t.step(1, Focus::Plane { axis: i, upper, cut: 0.0 }, format_args!("face {face}.{}", axis_name(i)));
                if d.abs() > r {
                    t.step(
                        2,
                        Focus::Plane { axis: i, upper, cut: 0.0 },
                        format_args!("{face}.{}: d = {}, |d| > r: no cut", axis_name(i), num_text(d)),
                    );
                    continue;
                }
                let cut = crate::math::sqrtf(fmax(r * r - d * d, 0.0));
                let plane = Focus::Plane { axis: i, upper, cut };
                t.step(
                    3,
                    plane.clone(),
                    format_args!(
                        "{face}.{}: d = {}, cut radius ρ = √(r² − d²) = {}",
                        axis_name(i),
                        num_text(d),
                        num_text(cut)
                    ),
                );
                let mut reaches = true;
                for j in 0..D {
                    if j != i {
                        reaches &= lo[j] - c[j] <= cut && c[j] - hi[j] <= cut;
                    }
                }
                if reaches {
                    return t.finish(4, true, format_args!("the cut reaches face {face}.{}: overlap", axis_name(i)));
                }
                t.step(4, plane, format_args!("{face}.{}: the cut misses the face", axis_name(i)));
            }
        }
        t.finish(5, false, format_args!("no face is reached: separated"))
    }
}

pub(super) const ENTRY: Algorithm = Algorithm::of::<Planes>(
    "planes",
    "Face planes with the cut radius",
    "Treat the box as its face planes with outward normals. If the ball is inside all of them it is in \
     the box. Otherwise, for each plane it cuts (|d| ≤ r), project the centre onto the plane and take the \
     radius of the cut, √(r² − d²); the ball touches that face if the projected point is within that \
     radius of every other face plane. Exact for a circle and a rectangle. For a sphere and a box it \
     still reports false overlaps near edges and corners, because the face is grown by the cut radius \
     with square corners.",
    Source {
        author: "Daniel Holden",
        venue: "\"Correct Box Sphere Intersection\" (blog post, corrected 2019)",
        year: Some(2013),
    },
    &[
        "if −dist(plane, c) > r for all face planes:  return true      (inside)",
        "for each face plane P:",
        "    d ← dist(P, c);  if |d| > r: continue",
        "    q ← c − d·n(P);  ρ ← √(r² − d²)                     (the cut)",
        "    if dist(Q, q) ≤ ρ for every other face plane Q:  return true",
        "return false",
    ],
    "Inclusive (≤). Exact in 2D; in 3D over-reports near edges and corners (kept on purpose).",
)
.exact_in(true, false);
