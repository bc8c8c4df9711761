//! Rotated boxes: the same tests in the box's frame.
//!
//! An [`OrientedBox`] is a box turned about its centre: a centre, half extents along its own axes,
//! and a rotation (an angle in 2D, a unit quaternion in 3D). Every question about a ball and such a
//! box is answered the way Ericson teaches it (*Real-Time Collision Detection*, 2005, §5.1.4 and
//! §5.5.7 in the box's frame): **move the ball into the box's frame**, where the box is the aligned
//! box `[−h, h]`, ask the aligned question there, and turn the answer back.
//!
//! ```text
//!   world                                   the box's frame: p = Rᵀ(c − centre)
//!          ╱╲                                ┌───────────┐
//!        ╱    ╲      ● c                     │           │   ● p      the nine zones, the clamp,
//!      ╱  box   ╲                            │   [−h, h] │            the push-out, the sweep:
//!       ╲      ╱                             └───────────┘            all exactly as before
//!         ╲  ╱
//! ```
//!
//! ```
//! use ball_aabb::{Circle, OrientedRect, ContactState};
//! // A 4 × 2 box turned by 90° about (0, 0): it now stands 2 wide and 4 tall.
//! let wall = OrientedRect::from_degrees([0.0, 0.0], [2.0, 1.0], 90.0)?;
//! let ball = Circle::new([2.0, 1.5], 1.0)?;
//! let k = wall.contact(&ball);
//! assert_eq!((k.closest, k.distance, k.state), ([1.0, 1.5], 1.0, ContactState::Touching));
//! assert_eq!(wall.to_box_frame(ball.center()), [1.5, -2.0]); // in the box's frame: 1 below its face y = −1
//! assert_eq!(k.zone, 1); // ... so the bottom-middle zone of the box's own nine
//! assert!(wall.overlaps(&ball));
//! // Sunk 0.5 into the world's right face (the box's own y-min face): out by 0.5 + r.
//! assert_eq!(wall.push_out(&Circle::new([0.5, 1.0], 1.0)?), [1.5, 0.0]);
//! # Ok::<(), ball_aabb::ShapeError>(())
//! ```
//!
//! # Where rounding enters, and what stays exact
//! The frame change `p = Rᵀ(c − centre)` is computed in `f64` from the `f32` inputs: `c − centre` is
//! exact, the products with `R`'s entries are rounded (relative error ≤ 2⁻⁵², a few `f64` ulps of
//! the scene). Everything after it is the aligned code on the moved centre, run in `f64` (the
//! clamp, the zones, the tie rule, Ericson's sweep — [`motion`](crate::motion)'s own `sweep` body),
//! so it adds no rounding the aligned box does not have. Turning the answer back (`centre + R·s`)
//! rounds once more, and the results are rounded to `f32`.
//!
//! **At multiples of 90°** the rotation is exact: `(cos, sin)` is `(±1, 0)` or `(0, ±1)` (see
//! [`OrientedRect::new`] for how angles near a right angle are read), `R` permutes and negates axes, every
//! product is exact, and on inputs where the aligned box is exact (dyadic numbers: integers, halves,
//! …) the oriented box gives **exactly** the aligned answers on the correspondingly permuted box —
//! closest point, distance, state, push, time of impact (tested in `tests/oriented.rs`).
//!
//! The registry ([`ALGORITHMS`](crate::algo::ALGORITHMS)) runs unchanged on [`OrientedBox::local_ball`]
//! and [`OrientedBox::local_aabb`]: the centre moved into the box's frame and rounded to `f32`, and
//! the box `[−h, h]`. Every algorithm that is exact on the aligned box (all but `planes_naive`, and
//! `planes` in 3D: see [`algo`](crate::algo)) stays exact there whenever the frame change is — at
//! multiples of 90° on dyadic inputs — because it sees exactly the numbers the aligned box would.
//! At a general angle the frame change rounds the centre (to the nearest `f32`: half an ulp of the
//! local coordinate), and that rounding, not the algorithm, decides cases within an ulp of tangency.
//! [`OrientedBox::overlaps`] itself keeps the local centre in `f64` and so rounds only once, in the
//! products of the frame change.
//!
//! # Validation
//! [`OrientedRect::new`], [`OrientedRect::from_degrees`], [`OrientedBox3::new`] and [`OrientedBox3::from_axes`] refuse non-finite
//! numbers (`"center.x"`, `"half_extents.y"`, `"angle"`, `"rotation.w"`, …), a negative half extent
//! ([`ShapeError::NegativeExtent`]) and a rotation that is not one within [`ROTATION_TOLERANCE`]
//! ([`ShapeError::NotRotation`], field `"rotation"`: a zero quaternion, a scaled one, a matrix with
//! a shear or a mirror). A quaternion within the tolerance is normalised (in `f64`).

#![forbid(unsafe_code)]
// Several arrays indexed in step: the loops read as the formulas (Rᵀ v, centre + R u).
#![allow(clippy::needless_range_loop)]

mod collider;
mod queries;
pub(crate) mod trig;

pub use collider::{bounce_mixed, move_mixed, slide_mixed, Collider};
pub use queries::sweep_oriented;

use crate::math::sqrt;
pub use crate::shape::ROTATION_TOLERANCE;
use crate::shape::{check_center_half, check_finite, Aabb, Ball, ShapeError};

/// A rotation matrix entry within this of 0 or ±1 on *every* entry is snapped to a right-angle
/// rotation exactly: what an `f32` quaternion of a multiple of 90° gives (`√½` rounded to `f32`
/// is off by 1.2·10⁻⁸, which leaves entries like 6·10⁻⁸ where 0 was meant).
const SNAP: f64 = 1.0 / (1u64 << 22) as f64;

/// A box turned about its centre: `{ centre + R·u : |u_i| ≤ h_i }`, in 2D (`R` from an angle) and 3D
/// (`R` from a unit quaternion). Built by [`OrientedRect::new`], [`OrientedRect::from_degrees`], [`OrientedBox3::new`],
/// [`OrientedBox3::from_axes`]; valid by construction (see the [module](self) docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrientedBox<const D: usize> {
    center: [f32; D],
    half: [f32; D],
    /// `axes[i]`: the box's axis `i` in world coordinates (the columns of `R`), unit, in `f64`.
    axes: [[f64; D]; D],
    /// 2D: `[angle in radians, 0, 0, 0]`; 3D: the unit quaternion `[w, x, y, z]`.
    spec: [f32; 4],
}

/// A rotated rectangle.
pub type OrientedRect = OrientedBox<2>;
/// A rotated 3D box.
pub type OrientedBox3 = OrientedBox<3>;

impl OrientedBox<2> {
    /// A rectangle with centre `center` and half extents `half_extents` along its own axes, turned
    /// counter-clockwise by `angle` radians about its centre.
    ///
    /// An angle that is the `f32` nearest to a multiple of π/2 (`FRAC_PI_2 as f32`, …; below 32
    /// radians, where an `f32` is fine enough to mean one) is read as that multiple exactly, so `cos` and `sin` are exactly 0 and ±1 there (the crate computes its
    /// own `sin`/`cos`, the same with and without `std`: see `src/oriented/trig.rs`).
    ///
    /// ```
    /// use ball_aabb::{OrientedRect, ShapeError};
    /// let b = OrientedRect::new([0.0, 0.0], [2.0, 1.0], core::f32::consts::FRAC_PI_2)?;
    /// assert_eq!(b.axes(), [[0.0, 1.0], [-1.0, 0.0]]); // exactly a quarter turn
    /// assert_eq!(OrientedRect::new([0.0, 0.0], [2.0, 1.0], f32::NAN).unwrap_err().field(), "angle");
    /// assert_eq!(OrientedRect::new([0.0, 0.0], [2.0, -1.0], 0.0).unwrap_err().field(), "half_extents.y");
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn new(center: impl Into<[f32; 2]>, half_extents: impl Into<[f32; 2]>, angle: f32) -> Result<Self, ShapeError> {
        let (center, half) = (center.into(), half_extents.into());
        check_center_half(&center, &half)?;
        check_finite("angle", angle)?;
        let (c, s) = trig::rotation_of_radians(angle);
        Ok(OrientedBox { center, half, axes: [[c, s], [-s, c]], spec: [angle, 0.0, 0.0, 0.0] })
    }

    /// [`OrientedRect::new`] with the angle in degrees, reduced exactly by 90° first: every multiple of 90°
    /// gives an exact quarter turn, and 30° is 30° to the last bit of `f64` (then rounded, like
    /// every rotation, only where it is applied).
    ///
    /// ```
    /// use ball_aabb::OrientedRect;
    /// let b = OrientedRect::from_degrees([1.0, 1.0], [2.0, 1.0], -270.0)?;
    /// assert_eq!(b.axes(), [[0.0, 1.0], [-1.0, 0.0]]);
    /// assert_eq!(OrientedRect::from_degrees([0.0, 0.0], [1.0, 1.0], f32::INFINITY).unwrap_err().field(), "angle");
    /// # Ok::<(), ball_aabb::ShapeError>(())
    /// ```
    pub fn from_degrees(
        center: impl Into<[f32; 2]>,
        half_extents: impl Into<[f32; 2]>,
        degrees: f32,
    ) -> Result<Self, ShapeError> {
        let (center, half) = (center.into(), half_extents.into());
        check_center_half(&center, &half)?;
        check_finite("angle", degrees)?;
        let (c, s) = trig::rotation_of_degrees(degrees);
        let radians = (degrees as f64 * (core::f64::consts::PI / 180.0)) as f32;
        Ok(OrientedBox { center, half, axes: [[c, s], [-s, c]], spec: [radians, 0.0, 0.0, 0.0] })
    }

    /// The angle in radians, as given (or converted from degrees).
    #[inline]
    #[must_use]
    pub fn angle(&self) -> f32 {
        self.spec[0]
    }
}

impl OrientedBox<3> {
    /// A box with centre `center` and half extents along its own axes, turned by the unit
    /// quaternion `[w, x, y, z]` (scalar first, as `--rotation W,X,Y,Z` takes it; glam's `Quat` is
    /// `x, y, z, w`: use `OrientedBox3::from_glam` (feature `glam`) or pass `[q.w, q.x, q.y, q.z]`).
    ///
    /// The quaternion must be finite and of length 1 within [`ROTATION_TOLERANCE`]; it is normalised
    /// in `f64`. A quaternion within `f32` rounding of a right-angle rotation (a matrix entry within
    /// 2⁻²² of 0 or ±1, every entry) gives that rotation exactly.
    ///
    /// ```
    /// use ball_aabb::{OrientedBox3, ShapeError};
    /// let h = core::f32::consts::FRAC_1_SQRT_2;
    /// let b = OrientedBox3::new([0.0; 3], [2.0, 1.0, 1.0], [h, 0.0, 0.0, h])?; // 90° about z
    /// assert_eq!(b.axes()[0], [0.0, 1.0, 0.0]); // exactly
    /// let err = OrientedBox3::new([0.0; 3], [1.0; 3], [0.0, 0.0, 0.0, 0.0]).unwrap_err();
    /// assert_eq!(err.field(), "rotation");
    /// assert_eq!(OrientedBox3::new([0.0; 3], [1.0; 3], [1.0, f32::NAN, 0.0, 0.0]).unwrap_err().field(), "rotation.x");
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn new(
        center: impl Into<[f32; 3]>,
        half_extents: impl Into<[f32; 3]>,
        rotation: [f32; 4],
    ) -> Result<Self, ShapeError> {
        let (center, half) = (center.into(), half_extents.into());
        check_center_half(&center, &half)?;
        for (name, &v) in ["rotation.w", "rotation.x", "rotation.y", "rotation.z"].iter().zip(&rotation) {
            check_finite(name, v)?;
        }
        let q = rotation.map(|x| x as f64);
        let n2: f64 = q.iter().map(|x| x * x).sum();
        if (n2 - 1.0).abs() > ROTATION_TOLERANCE as f64 {
            return Err(ShapeError::NotRotation { field: "rotation", error: (n2 - 1.0).abs() as f32 });
        }
        let inv = 1.0 / sqrt(n2);
        let [w, x, y, z] = q.map(|v| v * inv);
        // Columns of R: the images of the unit axes.
        let axes = [
            [1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y + w * z), 2.0 * (x * z - w * y)],
            [2.0 * (x * y - w * z), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z + w * x)],
            [2.0 * (x * z + w * y), 2.0 * (y * z - w * x), 1.0 - 2.0 * (x * x + y * y)],
        ];
        Ok(OrientedBox { center, half, axes: snap(axes), spec: rotation })
    }

    /// A box from its three axes in world coordinates (the columns of a rotation matrix, as glam's
    /// `Mat3` holds them): they must be finite, of unit length and at right angles within
    /// [`ROTATION_TOLERANCE`], and right-handed (`det = +1`; a mirror is refused). They are
    /// re-orthonormalised in `f64` (Gram–Schmidt, then `z = x × y`).
    ///
    /// ```
    /// use ball_aabb::OrientedBox3;
    /// let b = OrientedBox3::from_axes([0.0; 3], [1.0; 3], [[0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])?;
    /// assert_eq!(b.to_box_frame([0.0, 2.0, 0.0]), [2.0, 0.0, 0.0]);
    /// let mirror = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, -1.0]];
    /// assert_eq!(OrientedBox3::from_axes([0.0; 3], [1.0; 3], mirror).unwrap_err().field(), "rotation");
    /// # Ok::<(), ball_aabb::ShapeError>(())
    /// ```
    pub fn from_axes(
        center: impl Into<[f32; 3]>,
        half_extents: impl Into<[f32; 3]>,
        axes: [[f32; 3]; 3],
    ) -> Result<Self, ShapeError> {
        let (center, half) = (center.into(), half_extents.into());
        check_center_half(&center, &half)?;
        for col in &axes {
            for &v in col {
                check_finite("rotation", v)?;
            }
        }
        let m = axes.map(|c| c.map(|x| x as f64));
        let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
        let mut error = 0.0f64;
        for i in 0..3 {
            for j in 0..3 {
                let want = if i == j { 1.0 } else { 0.0 };
                error = error.max((dot(m[i], m[j]) - want).abs());
            }
        }
        let cross = |a: [f64; 3], b: [f64; 3]| {
            [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
        };
        let det = dot(cross(m[0], m[1]), m[2]);
        error = error.max(1.0 - det);
        if error.is_nan() || error > ROTATION_TOLERANCE as f64 {
            return Err(ShapeError::NotRotation { field: "rotation", error: error as f32 });
        }
        let unit = |a: [f64; 3]| {
            let inv = 1.0 / sqrt(dot(a, a));
            a.map(|x| x * inv)
        };
        let x = unit(m[0]);
        let yd = dot(x, m[1]);
        let y = unit([m[1][0] - yd * x[0], m[1][1] - yd * x[1], m[1][2] - yd * x[2]]);
        let z = cross(x, y);
        // The quaternion of the matrix (Shepperd's method), for `rotation()`.
        let q = quaternion_of([x, y, z]);
        Ok(OrientedBox { center, half, axes: snap([x, y, z]), spec: q.map(|v| v as f32) })
    }

    /// The unit quaternion `[w, x, y, z]` as given (for [`OrientedBox3::from_axes`], computed from the axes).
    #[inline]
    #[must_use]
    pub fn rotation(&self) -> [f32; 4] {
        self.spec
    }
}

/// `[w, x, y, z]` of a rotation given by its columns (Shepperd: the largest diagonal term first).
fn quaternion_of(a: [[f64; 3]; 3]) -> [f64; 4] {
    // m[row][col] = a[col][row]
    let m = |r: usize, c: usize| a[c][r];
    let tr = m(0, 0) + m(1, 1) + m(2, 2);
    if tr > 0.0 {
        let s = 2.0 * sqrt(1.0 + tr);
        [0.25 * s, (m(2, 1) - m(1, 2)) / s, (m(0, 2) - m(2, 0)) / s, (m(1, 0) - m(0, 1)) / s]
    } else if m(0, 0) > m(1, 1) && m(0, 0) > m(2, 2) {
        let s = 2.0 * sqrt(1.0 + m(0, 0) - m(1, 1) - m(2, 2));
        [(m(2, 1) - m(1, 2)) / s, 0.25 * s, (m(0, 1) + m(1, 0)) / s, (m(0, 2) + m(2, 0)) / s]
    } else if m(1, 1) > m(2, 2) {
        let s = 2.0 * sqrt(1.0 + m(1, 1) - m(0, 0) - m(2, 2));
        [(m(0, 2) - m(2, 0)) / s, (m(0, 1) + m(1, 0)) / s, 0.25 * s, (m(1, 2) + m(2, 1)) / s]
    } else {
        let s = 2.0 * sqrt(1.0 + m(2, 2) - m(0, 0) - m(1, 1));
        [(m(1, 0) - m(0, 1)) / s, (m(0, 2) + m(2, 0)) / s, (m(1, 2) + m(2, 1)) / s, 0.25 * s]
    }
}

/// Snaps a rotation within [`SNAP`] of a right-angle one (every entry near 0 or ±1) to it exactly.
fn snap(axes: [[f64; 3]; 3]) -> [[f64; 3]; 3] {
    let near = |x: f64| {
        let k = if x > 0.5 {
            1.0
        } else if x < -0.5 {
            -1.0
        } else {
            0.0
        };
        ((x - k).abs() <= SNAP).then_some(k)
    };
    let mut out = axes;
    for col in out.iter_mut() {
        for x in col.iter_mut() {
            match near(*x) {
                Some(k) => *x = k,
                None => return axes,
            }
        }
    }
    out
}

impl<const D: usize> OrientedBox<D> {
    /// The centre.
    #[inline]
    #[must_use]
    pub fn center(&self) -> [f32; D] {
        self.center
    }

    /// The half extents along the box's own axes (never negative).
    #[inline]
    #[must_use]
    pub fn half_extents(&self) -> [f32; D] {
        self.half
    }

    /// The box's axes in world coordinates (`axes()[i]`: where its local axis `i` points; the
    /// columns of `R`), in `f64`, unit length.
    #[inline]
    #[must_use]
    pub fn axes(&self) -> [[f64; D]; D] {
        self.axes
    }

    /// The frame change in `f64`: `Rᵀ(p − centre)`.
    #[inline]
    pub(crate) fn local_of(&self, p: &[f32; D]) -> [f64; D] {
        let mut d = [0.0f64; D];
        for j in 0..D {
            d[j] = p[j] as f64 - self.center[j] as f64;
        }
        self.local_dir(&d)
    }

    /// A direction into the box's frame: `Rᵀ v`.
    #[inline]
    pub(crate) fn local_dir(&self, v: &[f64; D]) -> [f64; D] {
        let mut out = [0.0f64; D];
        for i in 0..D {
            let mut acc = 0.0;
            for j in 0..D {
                acc += self.axes[i][j] * v[j];
            }
            out[i] = acc;
        }
        out
    }

    /// A direction back to the world: `R u`.
    #[inline]
    pub(crate) fn world_dir(&self, u: &[f64; D]) -> [f64; D] {
        let mut out = [0.0f64; D];
        for (i, axis) in self.axes.iter().enumerate() {
            for j in 0..D {
                out[j] += axis[j] * u[i];
            }
        }
        out
    }

    /// A point back to the world: `centre + R u`.
    #[inline]
    pub(crate) fn world_point(&self, u: &[f64; D]) -> [f64; D] {
        let mut out = self.world_dir(u);
        for j in 0..D {
            out[j] += self.center[j] as f64;
        }
        out
    }

    /// The box's point closest to `c` and the offset `c − point`, both in world coordinates and
    /// `f64`, found by the aligned clamp in the box's frame (the offset is 0 when `c` is inside).
    #[inline]
    pub(crate) fn closest_and_offset(&self, c: &[f32; D]) -> ([f64; D], [f64; D]) {
        let p = self.local_of(c);
        let h = self.half64();
        let s: [f64; D] = core::array::from_fn(|i| p[i].clamp(-h[i], h[i]));
        (self.world_point(&s), self.world_dir(&core::array::from_fn(|i| p[i] - s[i])))
    }

    /// The half extents in `f64`: the box in its own frame is `[−h, h]`.
    #[inline]
    pub(crate) fn half64(&self) -> [f64; D] {
        self.half.map(|x| x as f64)
    }

    /// A world point in the box's frame, `Rᵀ(p − centre)`, rounded to `f32`.
    ///
    /// ```
    /// use ball_aabb::OrientedRect;
    /// let b = OrientedRect::from_degrees([1.0, 1.0], [2.0, 1.0], 90.0)?;
    /// assert_eq!(b.to_box_frame([1.0, 3.0]), [2.0, 0.0]); // 2 up in the world is 2 along its x
    /// assert_eq!(b.to_world([2.0, 0.0]), [1.0, 3.0]);
    /// # Ok::<(), ball_aabb::ShapeError>(())
    /// ```
    #[must_use]
    pub fn to_box_frame(&self, p: impl Into<[f32; D]>) -> [f32; D] {
        self.local_of(&p.into()).map(|x| x as f32)
    }

    /// A point of the box's frame in world coordinates, `centre + R u`, rounded to `f32`.
    #[must_use]
    pub fn to_world(&self, u: impl Into<[f32; D]>) -> [f32; D] {
        self.world_point(&u.into().map(|x| x as f64)).map(|x| x as f32)
    }

    /// The box in its own frame: the aligned box `[−h, h]`, what every aligned algorithm sees.
    #[must_use]
    pub fn local_aabb(&self) -> Aabb<D> {
        Aabb::from_ordered(self.half.map(|h| -h), self.half)
    }

    /// The ball moved into the box's frame (its centre rounded to `f32`; `None` only if that
    /// overflows). With [`OrientedBox::local_aabb`] it runs any registry algorithm on the rotated
    /// box (see the [module](self) docs for what stays exact):
    ///
    /// ```
    /// use ball_aabb::{Circle, OrientedRect, algo::ALGORITHMS};
    /// let b = OrientedRect::from_degrees([0.0, 0.0], [2.0, 1.0], 90.0)?;
    /// let ball = Circle::new([1.5, 2.5], 0.5)?; // 0.5·√2 from the corner (1, 2): apart
    /// let local = b.local_ball(&ball).expect("finite");
    /// for a in ALGORITHMS.iter().filter(|a| a.id != "planes_naive") {
    ///     assert_eq!((a.overlap_2d)(&local, &b.local_aabb()), b.overlaps(&ball), "{}", a.id);
    /// }
    /// # Ok::<(), ball_aabb::ShapeError>(())
    /// ```
    #[must_use]
    pub fn local_ball(&self, ball: &Ball<D>) -> Option<Ball<D>> {
        Ball::new(self.to_box_frame(ball.center()), ball.radius()).ok()
    }

    /// The smallest aligned box holding the rotated one (its corners rounded outward): a
    /// broadphase bound.
    #[must_use]
    pub fn bounding_aabb(&self) -> Aabb<D> {
        let mut lo = [0.0f32; D];
        let mut hi = [0.0f32; D];
        for j in 0..D {
            let reach: f64 = (0..D).map(|i| self.axes[i][j].abs() * self.half[i] as f64).sum();
            let c = self.center[j] as f64;
            lo[j] = down(c - reach);
            hi[j] = up(c + reach);
        }
        Aabb::from_ordered(lo, hi)
    }
}

/// The largest `f32` ≤ `x` (saturating at `±f32::MAX`).
pub(crate) fn down(x: f64) -> f32 {
    let f = x.clamp(-(f32::MAX as f64), f32::MAX as f64) as f32;
    if (f as f64) > x {
        next_toward_neg(f)
    } else {
        f
    }
}

/// The smallest `f32` ≥ `x` (saturating at `±f32::MAX`).
pub(crate) fn up(x: f64) -> f32 {
    -down(-x)
}

fn next_toward_neg(f: f32) -> f32 {
    if f == 0.0 {
        -f32::from_bits(1)
    } else if f > 0.0 {
        f32::from_bits(f.to_bits() - 1)
    } else {
        f32::from_bits(f.to_bits() + 1)
    }
}

#[cfg(feature = "glam")]
mod glam_conv {
    use super::{OrientedBox3, OrientedRect, ShapeError};

    impl OrientedRect {
        /// From glam: centre, half extents and angle in radians (feature `glam`).
        pub fn from_glam(center: glam::Vec2, half_extents: glam::Vec2, angle: f32) -> Result<Self, ShapeError> {
            OrientedRect::new(center, half_extents, angle)
        }

        /// The centre as a `glam::Vec2` (feature `glam`).
        #[must_use]
        pub fn center_vec2(&self) -> glam::Vec2 {
            self.center().into()
        }
    }

    impl OrientedBox3 {
        /// From glam: centre, half extents and a `Quat` (feature `glam`; glam's `x, y, z, w` order is
        /// taken care of).
        ///
        /// ```
        /// use ball_aabb::OrientedBox3;
        /// use glam::{Quat, Vec3};
        /// let b = OrientedBox3::from_glam(Vec3::ZERO, Vec3::ONE, Quat::from_rotation_z(0.5))?;
        /// assert_eq!(b.rotation_quat(), Quat::from_rotation_z(0.5));
        /// # Ok::<(), ball_aabb::ShapeError>(())
        /// ```
        pub fn from_glam(
            center: glam::Vec3,
            half_extents: glam::Vec3,
            rotation: glam::Quat,
        ) -> Result<Self, ShapeError> {
            OrientedBox3::new(center, half_extents, [rotation.w, rotation.x, rotation.y, rotation.z])
        }

        /// From glam: centre, half extents and a rotation `Mat3` (its columns are the box's axes;
        /// feature `glam`): see [`OrientedBox3::from_axes`].
        pub fn from_mat3(
            center: glam::Vec3,
            half_extents: glam::Vec3,
            rotation: glam::Mat3,
        ) -> Result<Self, ShapeError> {
            OrientedBox3::from_axes(
                center,
                half_extents,
                [rotation.x_axis.into(), rotation.y_axis.into(), rotation.z_axis.into()],
            )
        }

        /// The rotation as a glam `Quat` (feature `glam`).
        #[must_use]
        pub fn rotation_quat(&self) -> glam::Quat {
            let [w, x, y, z] = self.rotation();
            glam::Quat::from_xyzw(x, y, z, w)
        }

        /// The centre as a `glam::Vec3` (feature `glam`).
        #[must_use]
        pub fn center_vec3(&self) -> glam::Vec3 {
            self.center().into()
        }
    }
}
