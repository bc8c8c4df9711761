//! What a sweep answers: [`Hit`], where the ball first touches the box and the [`Feature`] it
//! touches, and its `f64` form before rounding.

#![forbid(unsafe_code)]

use crate::trace::Trace;

/// Which feature of the box a moving ball touches: a face, an edge (3D only) or a corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Feature {
    /// The centre is straight out from a face (outside the box on one axis), or inside the box.
    Face,
    /// 3D: the centre is outside the box on two axes, the contact point on an edge.
    Edge,
    /// Outside on every axis (2 in 2D, 3 in 3D): the contact point is a corner.
    Corner,
}

impl Feature {
    /// `"face"`, `"edge"` or `"corner"`, as serialised and shown.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Feature::Face => "face",
            Feature::Edge => "edge",
            Feature::Corner => "corner",
        }
    }
}

/// Where a moving ball touches a box: the answer of [`sweep`](crate::sweep()), and each contact on
/// the way of a [`slide`](crate::slide()), a [`bounce`](crate::bounce()) or a world step
/// ([`Step::contacts`](crate::world::Step::contacts)).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(serialize = "[f32; D]: serde::Serialize", deserialize = "[f32; D]: serde::Deserialize<'de>"))
)]
pub struct Hit<const D: usize> {
    /// Which box: its index in the slice given (0 for a single-box sweep; for a world step, the
    /// index the world reported).
    pub index: usize,
    /// The smallest `t ∈ [0, 1]` at which the distance from `c + t·v` to the box equals `r`.
    pub t: f32,
    /// The centre then: `c + t·v`.
    pub center: [f32; D],
    /// The point of the box the ball touches: the point of the box closest to `center`.
    pub point: [f32; D],
    /// The box's outward unit normal at `point`: `(center − point)/|center − point|`, which for a
    /// face is the face's axis. For an initial hit, the direction of [`response`](crate::response::response())'s
    /// push; for a radius-0 ball on an edge or corner, the normalised sum of the faces' normals there
    /// (on a face of no thickness, the side facing the motion). Always unit length.
    pub normal: [f32; D],
    /// The feature touched, from the number of axes on which `center` is outside the box.
    pub feature: Feature,
    /// Already touching or overlapping at `t = 0` (then `t = 0` and `center` is the start).
    pub initial: bool,
}

impl<const D: usize> Hit<D> {
    /// A placeholder for inline storage: never returned.
    pub(crate) const EMPTY: Self = Hit {
        index: 0,
        t: 0.0,
        center: [0.0; D],
        point: [0.0; D],
        normal: [0.0; D],
        feature: Feature::Face,
        initial: false,
    };

    /// The feature a centre outside (or on) a box touches: a face when it is outside on at most one
    /// axis, an edge on two (3D), a corner on all.
    pub(crate) fn feature_at(center: &[f32; D], min: &[f32; D], max: &[f32; D]) -> Feature {
        let out = (0..D).filter(|&k| center[k] < min[k] || center[k] > max[k]).count();
        match out {
            0 | 1 => Feature::Face,
            n if n < D => Feature::Edge,
            _ => Feature::Corner,
        }
    }
}

/// A face hit at `t = 0` at the origin with a zero normal: a placeholder to overwrite (as a world
/// step stores its contacts inline), not an answer any function gives.
impl<const D: usize> Default for Hit<D> {
    fn default() -> Self {
        Self::EMPTY
    }
}

/// A traced sweep: the answer and the record of its steps.
pub type TracedSweep<const D: usize> = (Option<Hit<D>>, Trace<D>);

/// `f64` to `f32`, saturating at `±f32::MAX` instead of overflowing to an infinity: a ball near the
/// end of the `f32` range can touch a box at a centre just beyond it.
#[inline]
pub(crate) fn saturating_f32(x: f64) -> f32 {
    x.clamp(-(f32::MAX as f64), f32::MAX as f64) as f32
}

/// The sweep's answer before rounding to [`Hit`]: everything in `f64`, plus how the normal was made.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit64<const D: usize> {
    pub t: f64,
    pub center: [f64; D],
    pub point: [f64; D],
    pub normal: [f64; D],
    pub feature: Feature,
    pub initial: bool,
    /// The centre is on the box's boundary (radius 0, or too small to register): the box has a cone
    /// of normals there and `normal` is a representative (the sum of the faces it lies on).
    pub cone: bool,
}

impl<const D: usize> Hit64<D> {
    #[inline]
    pub(crate) fn rounded(&self) -> Hit<D> {
        Hit {
            index: 0,
            t: self.t as f32,
            center: self.center.map(saturating_f32),
            point: self.point.map(saturating_f32),
            normal: self.normal.map(|x| x as f32),
            feature: self.feature,
            initial: self.initial,
        }
    }
}
