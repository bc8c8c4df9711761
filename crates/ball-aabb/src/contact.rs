//! The contact between a ball and a box: closest point, signed distance, state and zone.
//!
//! All of it is computed in `f64` from the `f32` inputs. Differences and squares of `f32` values are
//! exact in `f64` (for coordinates of comparable magnitude), so the state — separated, touching or
//! overlapping — is decided exactly on exact inputs, and nothing overflows or underflows to a
//! misleading zero.

#![forbid(unsafe_code)]

use crate::shape::{Aabb, Ball};

/// How the ball stands against the box, judged by the exact distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum ContactState {
    /// distance > r
    Separated,
    /// distance = r
    Touching,
    /// distance < r
    Overlapping,
}

impl ContactState {
    /// The lower-case name, as serialised and shown.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ContactState::Separated => "separated",
            ContactState::Touching => "touching",
            ContactState::Overlapping => "overlapping",
        }
    }

    /// Touching or overlapping: what every exact algorithm reports as "overlap".
    #[must_use]
    pub fn is_overlap(self) -> bool {
        self != ContactState::Separated
    }
}

/// Everything about where the ball is relative to the box.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(serialize = "[f32; D]: serde::Serialize", deserialize = "[f32; D]: serde::Deserialize<'de>"))
)]
pub struct Contact<const D: usize> {
    /// The point of the box closest to the centre: the centre clamped to the box.
    pub closest: [f32; D],
    /// Signed distance from the centre to the box: the distance outside, minus the distance to the
    /// nearest face inside, 0 on the boundary.
    pub distance: f32,
    /// `r − distance` when the shapes overlap (how deep the ball sinks in), else 0.
    pub penetration: f32,
    /// Separated, touching or overlapping, decided exactly.
    pub state: ContactState,
    /// Zone `x + 3y` (2D) or `x + 3y + 9z` (3D), per axis 0 below min, 1 within, 2 above max.
    pub zone: u32,
}

/// Per axis: 0 below `min`, 1 within `[min, max]`, 2 above `max`.
#[inline]
#[must_use]
pub fn axis_zone(c: f32, min: f32, max: f32) -> u32 {
    if c < min {
        0
    } else if c > max {
        2
    } else {
        1
    }
}

/// The zone of a point: `Σ zone_i · 3^i`. Zone 4 (2D) / 13 (3D) is the inside.
///
/// ```
/// use ball_aabb::{Rect, contact::zone_of};
/// let b = Rect::new([0.0, 0.0], [2.0, 1.0]).unwrap();
/// assert_eq!(zone_of(&[1.0, 0.5], &b), 4);  // inside
/// assert_eq!(zone_of(&[3.0, 2.0], &b), 8);  // above and right
/// assert_eq!(zone_of(&[-1.0, 0.5], &b), 3); // left
/// ```
#[must_use]
pub fn zone_of<const D: usize>(p: &[f32; D], aabb: &Aabb<D>) -> u32 {
    let (lo, hi) = (aabb.min(), aabb.max());
    let mut zone = 0;
    let mut place = 1;
    for i in 0..D {
        zone += axis_zone(p[i], lo[i], hi[i]) * place;
        place *= 3;
    }
    zone
}

/// The point of the box closest to `p` (`p` itself when inside): `p` clamped to `[min, max]` per axis.
///
/// ```
/// use ball_aabb::{Rect, contact::closest_point};
/// let b = Rect::new([0.0, 0.0], [4.0, 2.0]).unwrap();
/// assert_eq!(closest_point(&[7.0, 6.0], &b), [4.0, 2.0]); // corner zone: the corner
/// assert_eq!(closest_point(&[2.0, -3.0], &b), [2.0, 0.0]); // side zone: straight onto the face
/// assert_eq!(closest_point(&[1.0, 1.5], &b), [1.0, 1.5]); // inside: the point itself
/// ```
#[inline]
#[must_use]
pub fn closest_point<const D: usize>(p: &[f32; D], aabb: &Aabb<D>) -> [f32; D] {
    let (lo, hi) = (aabb.min(), aabb.max());
    let mut s = *p;
    for i in 0..D {
        s[i] = s[i].clamp(lo[i], hi[i]);
    }
    s
}

/// Distance from `p` to each face plane of the box, measured inwards: `[p − min, max − p]` per axis.
/// All are ≥ 0 exactly when `p` is in the box.
///
/// ```
/// use ball_aabb::{contact::face_distances, Rect};
/// let b = Rect::new([0.0, 0.0], [4.0, 2.0]).unwrap();
/// assert_eq!(face_distances(&[1.0, 1.5], &b), [[1.0, 3.0], [1.5, 0.5]]);
/// assert_eq!(face_distances(&[5.0, 1.0], &b)[0], [5.0, -1.0]); // outside: a negative entry
/// ```
#[must_use]
pub fn face_distances<const D: usize>(p: &[f32; D], aabb: &Aabb<D>) -> [[f64; 2]; D] {
    let (lo, hi) = (aabb.min(), aabb.max());
    let mut out = [[0.0; 2]; D];
    for i in 0..D {
        out[i] = [p[i] as f64 - lo[i] as f64, hi[i] as f64 - p[i] as f64];
    }
    out
}

/// Squared distance from `p` to the box, in `f64` (exact for `f32` inputs of comparable magnitude).
#[must_use]
pub fn distance_squared<const D: usize>(p: &[f32; D], aabb: &Aabb<D>) -> f64 {
    let s = closest_point(p, aabb);
    (0..D).map(|i| (p[i] as f64 - s[i] as f64) * (p[i] as f64 - s[i] as f64)).sum()
}

/// Signed distance from `p` to the box: positive outside, negative inside, 0 on the boundary.
///
/// ```
/// use ball_aabb::{Rect, contact::signed_distance_f64};
/// let b = Rect::new([0.0, 0.0], [4.0, 2.0]).unwrap();
/// assert_eq!(signed_distance_f64(&[7.0, 6.0], &b), 5.0); // 3-4-5 from the corner (4, 2)
/// assert_eq!(signed_distance_f64(&[1.0, 1.5], &b), -0.5); // inside, 0.5 below the top face
/// assert_eq!(signed_distance_f64(&[4.0, 1.0], &b), 0.0); // on the right face
/// ```
#[must_use]
pub fn signed_distance_f64<const D: usize>(p: &[f32; D], aabb: &Aabb<D>) -> f64 {
    let d2 = distance_squared(p, aabb);
    if d2 > 0.0 {
        crate::math::sqrt(d2)
    } else {
        let faces = face_distances(p, aabb);
        -faces.iter().flatten().fold(f64::INFINITY, |m, &d| m.min(d))
    }
}

/// The contact between a ball and a box.
///
/// # Example
/// ```
/// use ball_aabb::{Circle, Rect, ContactState, contact::contact};
/// // A 3-4-5 triangle from the corner (2, 1): the circle just touches.
/// let b = Rect::new([0.0, 0.0], [2.0, 1.0]).unwrap();
/// let c = Circle::new([5.0, 5.0], 5.0).unwrap();
/// let k = contact(&c, &b);
/// assert_eq!(k.closest, [2.0, 1.0]);
/// assert_eq!(k.distance, 5.0);
/// assert_eq!(k.state, ContactState::Touching);
/// assert_eq!(k.zone, 8);
/// ```
#[must_use]
pub fn contact<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Contact<D> {
    let c = ball.center();
    let r = ball.radius() as f64;
    let closest = closest_point(&c, aabb);
    let d2 = distance_squared(&c, aabb);
    let (distance, state) = if d2 > 0.0 {
        // Outside: compare squares, so tangency is decided without a square root.
        let state = match d2.partial_cmp(&(r * r)) {
            Some(core::cmp::Ordering::Less) => ContactState::Overlapping,
            Some(core::cmp::Ordering::Equal) => ContactState::Touching,
            _ => ContactState::Separated,
        };
        (crate::math::sqrt(d2), state)
    } else {
        let d = signed_distance_f64(&c, aabb); // ≤ 0
        let state = if d < r { ContactState::Overlapping } else { ContactState::Touching };
        (d, state)
    };
    let penetration = if state == ContactState::Overlapping { (r - distance) as f32 } else { 0.0 };
    Contact { closest, distance: distance as f32, penetration, state, zone: zone_of(&c, aabb) }
}
