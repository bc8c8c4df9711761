//! Collision response: the vector to add to the ball's centre so that it just touches the box,
//! treating the box as immovable.
//!
//! ```text
//!  outside case                      inside case
//!     c ●                         ┌──────────────┐
//!        ╲  push = (c−s)/|c−s|    │  c ● → → → → │→ push along the least-penetrated
//!         ╲        ·(r − |c−s|)   │              │  face by (distance to it + r)
//!   ───────● s                    └──────────────┘
//! ```
//!
//! # Tie rule (inside case)
//! When several faces are equally near, the first in the order x-min, x-max, y-min, y-max, z-min,
//! z-max wins (so the centre of a square box is pushed out through its left face). The post this
//! comes from breaks ties the other way (towards max, and towards y), through
//! `abs(a) < abs(b) ? a : b`; any fixed rule is valid, this one is documented and tested.
//!
//! # Robustness
//! The outside formula divides by `|c − s|`; it is only used when the centre is *strictly* outside,
//! where `|c − s| > 0` (computed in `f64`, where differences of `f32` values cannot vanish). A centre
//! on the boundary takes the inside case. Nothing here divides by zero or yields NaN.

use super::contact::{closest_point, face_distances};
use super::{Aabb, Ball};
use serde::Serialize;

/// Which construction produced the push.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ResponseCase {
    /// Separated: nothing to do.
    None,
    /// Centre strictly outside the box, within `r` of it: push along `c − s`.
    Outside,
    /// Centre inside the box or on its boundary: push out through the least-penetrated face.
    Inside,
}

impl ResponseCase {
    /// The lower-case name used in JSON and the UI.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ResponseCase::None => "none",
            ResponseCase::Outside => "outside",
            ResponseCase::Inside => "inside",
        }
    }
}

/// A face of the box: the axis and which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Face {
    pub axis: usize,
    /// `false`: the min face (outward normal −axis); `true`: the max face.
    pub upper: bool,
}

/// The collision response for one ball against one box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Response<const D: usize> {
    pub case: ResponseCase,
    /// Add this to the centre so the ball just touches the box. Zero when separated.
    pub push: [f32; D],
    /// Inside case: the least-penetrated face, which gives the push direction.
    pub face: Option<Face>,
}

/// The least-penetrated face of the box for a point inside it, and the distance to it.
/// Ties: first in the order x-min, x-max, y-min, y-max, z-min, z-max.
#[must_use]
pub fn nearest_face<const D: usize>(p: &[f32; D], aabb: &Aabb<D>) -> (Face, f64) {
    let faces = face_distances(p, aabb);
    let mut best = (Face { axis: 0, upper: false }, faces[0][0]);
    for (axis, pair) in faces.iter().enumerate() {
        for (k, &d) in pair.iter().enumerate() {
            if d < best.1 {
                best = (Face { axis, upper: k == 1 }, d);
            }
        }
    }
    best
}

/// The push-out vector for `ball` against `aabb`.
///
/// # Example
/// ```
/// use circle_aabb_lab::geom::{response, Circle, Rect, ResponseCase};
/// let b = Rect::new([0.0, 0.0], [4.0, 4.0]).unwrap();
/// // Outside, 1 unit right of the box with r = 3: pushed 2 further right.
/// let out = response(&Circle::new([5.0, 2.0], 3.0).unwrap(), &b);
/// assert_eq!((out.case, out.push), (ResponseCase::Outside, [2.0, 0.0]));
/// // Inside, nearest the top face (1 away): pushed up by 1 + r.
/// let ins = response(&Circle::new([2.0, 3.0], 0.5).unwrap(), &b);
/// assert_eq!((ins.case, ins.push), (ResponseCase::Inside, [0.0, 1.5]));
/// ```
#[must_use]
pub fn response<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Response<D> {
    let c = ball.center();
    let r = ball.radius() as f64;
    let s = closest_point(&c, aabb);
    let mut v = [0.0f64; D];
    for i in 0..D {
        v[i] = c[i] as f64 - s[i] as f64;
    }
    let len = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    let mut push = [0.0f32; D];
    if len > 0.0 {
        // Strictly outside.
        if len > r {
            return Response { case: ResponseCase::None, push, face: None };
        }
        let scale = (r - len) / len;
        for i in 0..D {
            push[i] = (v[i] * scale) as f32;
        }
        Response { case: ResponseCase::Outside, push, face: None }
    } else {
        // Inside or on the boundary: out through the least-penetrated face.
        let (face, depth) = nearest_face(&c, aabb);
        let amount = depth + r;
        push[face.axis] = if face.upper { amount as f32 } else { -amount as f32 };
        Response { case: ResponseCase::Inside, push, face: Some(face) }
    }
}
