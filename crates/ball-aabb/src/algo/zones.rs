//! The nine-zone method: classify the centre into the 3×3 grid of zones around the box (27 regions
//! in 3D) and run only the test that zone needs.
//!
//! ```text
//!    y ↑   6 │ 7 │ 8
//!      │  ───┼───┼───
//!      │   3 │ 4 │ 5        zone = x_zone + 3·y_zone (+ 9·z_zone in 3D),
//!      │  ───┼───┼───       per axis 0 below min, 1 within, 2 above max
//!      │   0 │ 1 │ 2
//!      └──────────────→ x
//! ```
//!
//! # Behavior
//! Inside (zone 4): overlap. Side zone (one axis outside): compare the centre-to-centre distance on
//! that axis with `r + half extent`. Corner zone: is the corner inside the circle? In 3D the same
//! idea covers the 27 regions: inside, 6 faces (one axis outside), 12 edges (two) and 8 corners
//! (three), the last two by a sum of squares over the outside axes. Touching counts as overlap,
//! as in the post.
//!
//! The post draws y growing downwards, so its zones 0–2 are the *top* row; here y grows upwards
//! and zones 0–2 are the bottom row. The side test re-centres the box, so on general floats it can
//! differ from the other tests by about one ulp of the largest coordinate at tangency.

#![forbid(unsafe_code)]

use super::entry::Algorithm;
use crate::overlap::OverlapTest;
use crate::shape::{Aabb, Ball};
use crate::source::Source;
use crate::trace::{axis_name, le_or_gt, num_text, point_text, Focus, Trace, Tracer};

/// Marker type for the nine-zone (27-region in 3D) method.
pub struct Zones;

impl OverlapTest for Zones {
    #[inline]
    fn overlap<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        // Step 1: which zone? Count the axes on which the centre is outside the slab.
        let mut outside = 0;
        let mut side_axis = 0;
        for i in 0..D {
            if c[i] < lo[i] || c[i] > hi[i] {
                outside += 1;
                side_axis = i;
            }
        }
        match outside {
            // Step 2a: inside zone: the centre is in the box.
            0 => true,
            // Step 2b: side (face) zone: one-axis distance between the centres.
            1 => {
                let i = side_axis;
                let box_center = 0.5 * (lo[i] + hi[i]);
                let half = 0.5 * (hi[i] - lo[i]);
                (c[i] - box_center).abs() <= r + half
            }
            // Step 2c: corner (or, in 3D, edge) zone: is the nearest corner/edge inside the ball?
            _ => {
                let mut d = 0.0;
                for i in 0..D {
                    let corner = if c[i] < lo[i] {
                        lo[i]
                    } else if c[i] > hi[i] {
                        hi[i]
                    } else {
                        continue;
                    };
                    let e = c[i] - corner;
                    d += e * e;
                }
                d <= r * r
            }
        }
    }

    fn trace<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Trace<D> {
        let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
        let r = ball.radius();
        let mut t = Tracer::new();
        let mut outside = 0;
        let mut side_axis = 0;
        for i in 0..D {
            let z = crate::contact::axis_zone(c[i], lo[i], hi[i]);
            if c[i] < lo[i] || c[i] > hi[i] {
                outside += 1;
                side_axis = i;
            }
            t.step(0, Focus::Axis(i), format_args!("{}_zone = {}", axis_name(i), z));
        }
        let zone = crate::contact::zone_of(&c, aabb);
        let kind = match outside {
            0 => "inside",
            1 => "side",
            2 if D == 3 => "edge",
            _ => "corner",
        };
        t.step(1, Focus::Zone(zone), format_args!("zone = {zone}: {kind} zone"));
        match outside {
            0 => t.finish(2, true, format_args!("zone {zone} is the inside: overlap")),
            1 => {
                let i = side_axis;
                let box_center = 0.5 * (lo[i] + hi[i]);
                let half = 0.5 * (hi[i] - lo[i]);
                let dist = (c[i] - box_center).abs();
                let v = dist <= r + half;
                t.finish(
                    3,
                    v,
                    format_args!(
                        "{}: |{} − {}| = {} {} r + half = {}",
                        axis_name(i),
                        num_text(c[i]),
                        num_text(box_center),
                        num_text(dist),
                        le_or_gt(v),
                        num_text(r + half)
                    ),
                )
            }
            _ => {
                let mut k = c;
                let mut d = 0.0;
                for i in 0..D {
                    let corner = if c[i] < lo[i] {
                        lo[i]
                    } else if c[i] > hi[i] {
                        hi[i]
                    } else {
                        continue;
                    };
                    k[i] = corner;
                    let e = c[i] - corner;
                    d += e * e;
                }
                t.step(4, Focus::Point(k), format_args!("nearest {kind}: {}", point_text(&k)));
                let v = d <= r * r;
                t.finish(4, v, format_args!("|c − k|² = {} {} r² = {}", num_text(d), le_or_gt(v), num_text(r * r)))
            }
        }
    }
}

pub(super) const ENTRY: Algorithm = Algorithm::of::<Zones>(
    "zones",
    "Nine zones",
    "The box's edge lines cut the plane into nine zones, numbered x_zone + 3·y_zone. If the centre is in \
     the middle zone (4) the shapes overlap. In a side zone (1, 3, 5, 7) only one axis separates them: \
     compare the distance between the centres on that axis with r plus the box's half extent. In a \
     corner zone (0, 2, 6, 8) the nearest point is that corner: overlap if the corner lies inside the \
     circle. In 3D the same grid has 27 regions: the inside, 6 faces, 12 edges and 8 corners.",
    Source {
        author: "_3yE_, written up on a personal blog",
        venue: "\"Circle/Box Intersection Revised\" (blog post)",
        year: None,
    },
    &[
        "zone_i ← 0 if c[i] < min[i], 2 if c[i] > max[i], else 1   (per axis)",
        "zone ← zone_x + 3·zone_y",
        "if zone = 4 (inside):  return true",
        "if side zone (axis i):  return |c[i] − center[i]| ≤ r + half[i]",
        "corner zone:  k ← nearest corner;  return |c − k|² ≤ r²",
    ],
    "Inclusive (≤), as in the post. The post's zone numbers assume y grows downwards.",
);
