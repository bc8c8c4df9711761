//! Which feature of the box (face, edge, corner) a point touches, and the box's outward normal
//! there: for the entry point into the grown box, a hit in motion, and a ball that already touches.

#![forbid(unsafe_code)]

use super::hit::{Feature, Hit64};
use crate::math::sqrt;

/// TraceStep 3 of the sweep on one axis: the coordinate of E's entry point (on E's plane on the axis it
/// entered through, else the segment's point at `tmin` held inside E's slab), the box's coordinate
/// on the side it lies on (0 inside the slab), and whether it lies outside the box's slab.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn entry_axis(
    c: f64,
    v: f64,
    r: f64,
    lo: f64,
    hi: f64,
    tmin: f64,
    on_plane: bool,
    upper: bool,
) -> (f64, f64, bool) {
    let plane = if upper { hi + r } else { lo - r };
    let held = clampf(c + tmin * v, lo - r, hi + r);
    let p = if on_plane { plane } else { held };
    let (below, above) = (p < lo, p > hi);
    let corner = if below {
        lo
    } else if above {
        hi
    } else {
        0.0
    };
    (p, corner, below | above)
}

#[inline(always)]
pub(super) fn clampf(x: f64, lo: f64, hi: f64) -> f64 {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

#[inline(always)]
pub(super) fn feature_of<const D: usize>(outside_axes: usize) -> Feature {
    match outside_axes {
        0 | 1 => Feature::Face,
        k if k >= D => Feature::Corner,
        _ => Feature::Edge,
    }
}

/// The least-penetrated face of a point in the box, as [`crate::response::nearest_face`] picks it (ties: x-min,
/// x-max, y-min, ...), as an outward unit normal.
#[inline]
pub(super) fn nearest_face_normal<const D: usize>(p: &[f64; D], lo: &[f64; D], hi: &[f64; D]) -> [f64; D] {
    let (mut axis, mut sign, mut best) = (0, -1.0, f64::INFINITY);
    for i in 0..D {
        let below = p[i] - lo[i];
        if below < best {
            (axis, sign, best) = (i, -1.0, below);
        }
        let above = hi[i] - p[i];
        if above < best {
            (axis, sign, best) = (i, 1.0, above);
        }
    }
    let mut n = [0.0; D];
    n[axis] = sign;
    n
}

/// A normal for a centre lying on the box's boundary with nothing between them (radius 0): the sum
/// of the outward normals of the faces the point lies on, normalised — a face's, an edge's
/// diagonal, a corner's diagonal. On an axis where the box has no thickness the point lies on both
/// faces; the one facing the motion is taken (moving down onto a flat plate: up), and without motion
/// the min face (the tie rule). `None` when the point is on no face.
#[inline]
pub(super) fn boundary_normal<const D: usize>(
    p: &[f64; D],
    lo: &[f64; D],
    hi: &[f64; D],
    v: Option<&[f64; D]>,
) -> Option<([f64; D], Feature)> {
    let mut n = [0.0; D];
    let mut count = 0;
    for i in 0..D {
        let (on_lo, on_hi) = (p[i] == lo[i], p[i] == hi[i]);
        n[i] = match (on_lo, on_hi) {
            (true, true) => match v {
                Some(v) if v[i] < 0.0 => 1.0,
                _ => -1.0,
            },
            (true, false) => -1.0,
            (false, true) => 1.0,
            (false, false) => 0.0,
        };
        count += (n[i] != 0.0) as usize;
    }
    if count == 0 {
        return None;
    }
    let inv = 1.0 / sqrt(count as f64);
    Some((n.map(|x| x * inv), feature_of::<D>(count)))
}

/// The hit for a centre `p` at time `t` that is known to touch the box (outside at distance ≈ r,
/// or on it): the closest point, and the normal from the centre's offset.
#[inline(always)]
pub(super) fn hit_at<const D: usize>(t: f64, p: [f64; D], lo: &[f64; D], hi: &[f64; D], v: &[f64; D]) -> Hit64<D> {
    let mut point = p;
    let mut off = [0.0; D];
    let mut len2 = 0.0;
    let mut outside = 0;
    for i in 0..D {
        point[i] = clampf(p[i], lo[i], hi[i]);
        off[i] = p[i] - point[i];
        len2 += off[i] * off[i];
        outside += (off[i] != 0.0) as usize;
    }
    if len2 > 0.0 {
        let inv = 1.0 / sqrt(len2);
        return Hit64 {
            t,
            center: p,
            point,
            normal: off.map(|x| x * inv),
            feature: feature_of::<D>(outside),
            initial: false,
            cone: false,
        };
    }
    let (normal, feature, cone) = match boundary_normal(&point, lo, hi, Some(v)) {
        Some((n, f)) => (n, f, true),
        None => (nearest_face_normal(&point, lo, hi), Feature::Face, false),
    };
    Hit64 { t, center: p, point, normal, feature, initial: false, cone }
}

/// The hit at `t = 0` when the ball already touches or overlaps the box: the normal is the
/// direction of [`crate::response::response`]'s push.
#[inline]
pub(super) fn initial_hit<const D: usize>(
    c: [f64; D],
    s: [f64; D],
    d2: f64,
    r: f64,
    lo: &[f64; D],
    hi: &[f64; D],
) -> Hit64<D> {
    if d2 > 0.0 {
        // Centre strictly outside, within r: along c − s (the response's outside push).
        let inv = 1.0 / sqrt(d2);
        let mut normal = [0.0; D];
        let mut outside = 0;
        for i in 0..D {
            normal[i] = (c[i] - s[i]) * inv;
            outside += (c[i] != s[i]) as usize;
        }
        return Hit64 {
            t: 0.0,
            center: c,
            point: s,
            normal,
            feature: feature_of::<D>(outside),
            initial: true,
            cone: false,
        };
    }
    // Radius 0 with the centre on the boundary: touching, the face/edge/corner normal there.
    if r == 0.0 {
        if let Some((normal, feature)) = boundary_normal(&c, lo, hi, None) {
            return Hit64 { t: 0.0, center: c, point: s, normal, feature, initial: true, cone: true };
        }
    }
    // Inside (or on the boundary with r > 0): out through the least-penetrated face.
    Hit64 {
        t: 0.0,
        center: c,
        point: s,
        normal: nearest_face_normal(&c, lo, hi),
        feature: Feature::Face,
        initial: true,
        cone: false,
    }
}
