//! Validated shapes: a ball (circle in 2D, sphere in 3D) and an axis-aligned box, in any dimension `D`.
//!
//! Every shape is built through a checked constructor ([`Ball::new`], [`Aabb::new`]), which rejects
//! non-finite numbers, a negative radius and a box that is inside out (`min > max` on some axis) with a
//! [`ShapeError`] naming the bad field. Everything downstream (the overlap tests, contact and response)
//! takes valid shapes and is total: it never panics and never produces NaN.

#![forbid(unsafe_code)]

use core::fmt;

/// Axis names, for error messages and read-outs.
pub const AXES: [&str; 3] = ["x", "y", "z"];

/// A circle (`D = 2`) or a sphere (`D = 3`): a centre and a radius `r ≥ 0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ball<const D: usize> {
    center: [f32; D],
    radius: f32,
}

/// An axis-aligned box given by its two extreme corners, `min ≤ max` on every axis.
/// A box may be degenerate: a segment or a single point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb<const D: usize> {
    min: [f32; D],
    max: [f32; D],
}

/// A circle against a rectangle.
pub type Circle = Ball<2>;
/// A sphere against a box.
pub type Sphere = Ball<3>;
/// A 2D axis-aligned rectangle.
pub type Rect = Aabb<2>;
/// A 3D axis-aligned box.
pub type Box3 = Aabb<3>;

/// How far from a rotation a given rotation may be and still be accepted (then normalised):
/// `| |q|² − 1 | ≤ 2·10⁻⁴` for a quaternion (glam's `is_normalized` tolerance), and every entry
/// of `MᵀM − I` and `1 − det M` within it for a matrix.
pub const ROTATION_TOLERANCE: f32 = 2e-4;

/// Why a shape could not be built. Each variant names the field at fault.
#[derive(Clone, Debug, PartialEq)]
pub enum ShapeError {
    /// A coordinate or the radius is NaN or infinite. `field` is e.g. `"center.y"`, `"radius"`, `"max.z"`.
    NotFinite {
        /// The field, e.g. `"center.y"`.
        field: &'static str,
        /// The value given.
        value: f32,
    },
    /// The radius is negative.
    NegativeRadius {
        /// The radius given.
        value: f32,
    },
    /// `min > max` on one axis: the box is inside out.
    Inverted {
        /// `"x"`, `"y"` or `"z"`.
        axis: &'static str,
        /// The min corner's coordinate on that axis.
        min: f32,
        /// The max corner's coordinate on that axis.
        max: f32,
    },
    /// An oriented box's half extent is negative (`field()` is `"half_extents.x"`, ...).
    NegativeExtent {
        /// `"x"`, `"y"` or `"z"`: the box's own axis.
        axis: &'static str,
        /// The half extent given.
        value: f32,
    },
    /// An oriented box's rotation is not one: a quaternion whose length is not 1 within
    /// [`ROTATION_TOLERANCE`] (a zero quaternion, say), or a
    /// matrix that is not orthonormal and right-handed within it.
    NotRotation {
        /// `"rotation"`.
        field: &'static str,
        /// How far off: `| |q|² − 1 |` for a quaternion, the largest entry of `MᵀM − I` (or
        /// `1 − det`) for a matrix.
        error: f32,
    },
}

impl ShapeError {
    /// The name of the offending field (`"center.x"`, `"radius"`, `"min.y"`, ...). For an inverted
    /// box it is the min side of the axis.
    ///
    /// ```
    /// use ball_aabb::{Box3, Sphere};
    /// assert_eq!(Sphere::new([0.0, f32::INFINITY, 0.0], 1.0).unwrap_err().field(), "center.y");
    /// assert_eq!(Sphere::new([0.0, 0.0, 0.0], f32::NAN).unwrap_err().field(), "radius");
    /// assert_eq!(Box3::new([0.0, 0.0, 2.0], [1.0, 1.0, 1.0]).unwrap_err().field(), "min.z");
    /// ```
    #[must_use]
    pub fn field(&self) -> &'static str {
        match self {
            ShapeError::NotFinite { field, .. } => field,
            ShapeError::NegativeRadius { .. } => "radius",
            ShapeError::Inverted { axis, .. } => {
                field_name(&MIN_FIELDS, AXES.iter().position(|a| a == axis).unwrap_or(0), "min")
            }
            ShapeError::NegativeExtent { axis, .. } => {
                field_name(&HALF_FIELDS, AXES.iter().position(|a| a == axis).unwrap_or(0), "half_extents")
            }
            ShapeError::NotRotation { field, .. } => field,
        }
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::NotFinite { field, value } => write!(f, "{field} must be a finite number, got {value}"),
            ShapeError::NegativeRadius { value } => write!(f, "radius must be >= 0, got {value}"),
            ShapeError::Inverted { axis, min, max } => {
                write!(f, "min.{axis} ({min}) is greater than max.{axis} ({max}): the box is inside out")
            }
            ShapeError::NegativeExtent { axis, value } => write!(f, "half_extents.{axis} must be >= 0, got {value}"),
            ShapeError::NotRotation { field, error } => write!(
                f,
                "{field} must be a rotation (a unit quaternion, or an orthonormal right-handed matrix, within {}): off by {error}",
                ROTATION_TOLERANCE
            ),
        }
    }
}

impl core::error::Error for ShapeError {}

const CENTER_FIELDS: [&str; 3] = ["center.x", "center.y", "center.z"];
const MIN_FIELDS: [&str; 3] = ["min.x", "min.y", "min.z"];
const MAX_FIELDS: [&str; 3] = ["max.x", "max.y", "max.z"];
const HALF_FIELDS: [&str; 3] = ["half_extents.x", "half_extents.y", "half_extents.z"];

/// Checks an oriented box's centre and half extents (finite; half extents ≥ 0), naming the field.
pub(crate) fn check_center_half<const D: usize>(center: &[f32; D], half: &[f32; D]) -> Result<(), ShapeError> {
    for (i, &v) in center.iter().enumerate() {
        check_finite(field_name(&CENTER_FIELDS, i, "center"), v)?;
    }
    for (i, &v) in half.iter().enumerate() {
        check_finite(field_name(&HALF_FIELDS, i, "half_extents"), v)?;
        if v < 0.0 {
            return Err(ShapeError::NegativeExtent { axis: AXES.get(i).copied().unwrap_or("?"), value: v });
        }
    }
    Ok(())
}

/// The name of a vector field's coordinate `i` (`"center.y"`), or the vector's name past z.
fn field_name(names: &[&'static str; 3], i: usize, whole: &'static str) -> &'static str {
    names.get(i).copied().unwrap_or(whole)
}

pub(crate) fn check_finite(field: &'static str, value: f32) -> Result<(), ShapeError> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(ShapeError::NotFinite { field, value })
    }
}

impl<const D: usize> Ball<D> {
    /// Builds a ball, checking that every number is finite and the radius is not negative.
    ///
    /// # Example
    /// ```
    /// use ball_aabb::{Circle, ShapeError};
    /// let c = Circle::new([1.0, 2.0], 0.5).unwrap();
    /// assert_eq!(c.radius(), 0.5);
    /// assert_eq!(Circle::new([1.0, 2.0], -1.0), Err(ShapeError::NegativeRadius { value: -1.0 }));
    /// assert_eq!(Circle::new([f32::NAN, 2.0], 1.0).unwrap_err().field(), "center.x");
    /// ```
    pub fn new(center: impl Into<[f32; D]>, radius: f32) -> Result<Self, ShapeError> {
        let center = center.into();
        for (i, &v) in center.iter().enumerate() {
            check_finite(field_name(&CENTER_FIELDS, i, "center"), v)?;
        }
        check_finite("radius", radius)?;
        if radius < 0.0 {
            return Err(ShapeError::NegativeRadius { value: radius });
        }
        Ok(Ball { center, radius })
    }

    /// The centre.
    #[inline]
    #[must_use]
    pub fn center(&self) -> [f32; D] {
        self.center
    }

    /// The radius (never negative).
    #[inline]
    #[must_use]
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// The same ball moved by `delta`; `None` if the new centre would not be finite.
    ///
    /// ```
    /// use ball_aabb::Circle;
    /// let c = Circle::new([1.0, 2.0], 0.5).unwrap();
    /// assert_eq!(c.translated([2.0, -2.0]).unwrap().center(), [3.0, 0.0]);
    /// assert!(c.translated([f32::MAX, 0.0]).unwrap().translated([f32::MAX, 0.0]).is_none()); // overflow
    /// ```
    #[must_use]
    pub fn translated(&self, delta: [f32; D]) -> Option<Self> {
        let mut c = self.center;
        for i in 0..D {
            c[i] += delta[i];
        }
        Ball::new(c, self.radius).ok()
    }
}

impl<const D: usize> Aabb<D> {
    /// Builds a box from its corners, checking that every number is finite and `min ≤ max` on every axis.
    ///
    /// # Example
    /// ```
    /// use ball_aabb::{Rect, ShapeError};
    /// let b = Rect::new([0.0, 0.0], [4.0, 2.0]).unwrap();
    /// assert_eq!(b.max(), [4.0, 2.0]);
    /// let err = Rect::new([0.0, 3.0], [4.0, 2.0]).unwrap_err();
    /// assert_eq!(err, ShapeError::Inverted { axis: "y", min: 3.0, max: 2.0 });
    /// ```
    pub fn new(min: impl Into<[f32; D]>, max: impl Into<[f32; D]>) -> Result<Self, ShapeError> {
        let (min, max) = (min.into(), max.into());
        for i in 0..D {
            check_finite(field_name(&MIN_FIELDS, i, "min"), min[i])?;
            check_finite(field_name(&MAX_FIELDS, i, "max"), max[i])?;
            if min[i] > max[i] {
                return Err(ShapeError::Inverted {
                    axis: AXES.get(i).copied().unwrap_or("?"),
                    min: min[i],
                    max: max[i],
                });
            }
        }
        Ok(Aabb { min, max })
    }

    /// A box from corners the caller knows are finite and ordered (`min ≤ max` on every axis), as a
    /// tile map's cell edges are: no check, for the inner loops of the crate.
    #[inline]
    pub(crate) const fn from_ordered(min: [f32; D], max: [f32; D]) -> Self {
        Aabb { min, max }
    }

    /// The corner with the smallest coordinates.
    #[inline]
    #[must_use]
    pub fn min(&self) -> [f32; D] {
        self.min
    }

    /// The corner with the largest coordinates.
    #[inline]
    #[must_use]
    pub fn max(&self) -> [f32; D] {
        self.max
    }

    /// Centre `(min + max) / 2`, computed as the published re-centring methods do.
    #[inline]
    #[must_use]
    pub fn center(&self) -> [f32; D] {
        core::array::from_fn(|i| 0.5 * (self.min[i] + self.max[i]))
    }

    /// Half extents `(max − min) / 2`.
    ///
    /// ```
    /// use ball_aabb::Rect;
    /// let b = Rect::new([-1.0, 2.0], [3.0, 3.0]).unwrap();
    /// assert_eq!((b.center(), b.half_extents()), ([1.0, 2.5], [2.0, 0.5]));
    /// ```
    #[inline]
    #[must_use]
    pub fn half_extents(&self) -> [f32; D] {
        core::array::from_fn(|i| 0.5 * (self.max[i] - self.min[i]))
    }

    /// The same box moved by `delta`; `None` if a corner would not be finite.
    #[must_use]
    pub fn translated(&self, delta: [f32; D]) -> Option<Self> {
        let (mut lo, mut hi) = (self.min, self.max);
        for i in 0..D {
            lo[i] += delta[i];
            hi[i] += delta[i];
        }
        Aabb::new(lo, hi).ok()
    }
}
