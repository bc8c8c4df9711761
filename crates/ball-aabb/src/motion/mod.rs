//! Motion: where a moving ball first touches a box ([`sweep`]), and moving it through several boxes
//! with slide or bounce ([`slide`], [`bounce`], [`move_ball`]).
//!
//! A discrete overlap test at the end of a frame misses a fast ball that passed through a thin wall
//! (tunnelling) and pushes a sunk ball out on whichever side is nearer, not the side it came from.
//! The sweep answers the question the frame actually asks: *when*, during the move, does the ball
//! first touch the box, and where.
//!
//! # The rounded box
//! The ball of radius `r` touches the box exactly when its centre touches the box grown by `r` in
//! every direction: the **rounded box** (the Minkowski sum of box and ball). So the sweep is a ray
//! — the centre's path `c + t·v`, `t ∈ [0, 1]` — against the rounded box. Its surface has flat
//! faces (the box's faces moved out by `r`), in 3D quarter cylinders of radius `r` around the edges,
//! and circles (2D) / spheres (3D) of radius `r` at the corners:
//!
//! ```text
//!   E = the box grown by r (square corners ┌ ┐ └ ┘); the rounded box is E with its corners rounded
//!
//!   ┌ ─ ─ ─ ╭─────────────────────────╮ ─ ─ ─ ┐    E's regions, by the number m of axes on
//!   ╎corner╱│        face region      │╲corner╎    which a point is outside the original box:
//!   ╎     ╱ │   (m = 1: E's face is   │ ╲     ╎
//!   ╎    ╱ r│    the rounded face)    │  ╲    ╎    m ≤ 1  face: E's face is the surface,
//!   ╭───●───┼─────────────────────────┼───────╮           the slab test's t is the answer
//!   │       │                         │       │    m = 2  2D: the corner's circle (radius r)
//!   │ face  │         the box         │ face  │           3D: the edge's capsule
//!   │       │                         │       │    m = 3  3D: the capsules of the three
//!   ╰───────┼─────────────────────────┼───────╯           edges at that corner
//!   ╎    ╲  │                         │  ╱    ╎
//!   └ ─ ─ ─ ╰─────────────────────────╯ ─ ─ ─ ┘    In a corner region the ray may enter E and
//!                                                  still miss the circle: no hit.
//!   c ●──────────→ c + t·v: the centre's path, a ray against the rounded box
//! ```
//!
//! This is Ericson's method (*Real-Time Collision Detection*, 2005, §5.5.7,
//! `IntersectMovingSphereAABB`): slab-test the ray against `E`, classify the entry point by the
//! number of axes on which it lies outside the original box, and only in edge and corner regions
//! intersect the rounded part. [`SWEEP`] carries it in the registry style (source, explanation,
//! pseudocode); [`sweep_trace`] runs it step by step.
//!
//! # Edge cases
//! Each of these is tested in `tests/motion.rs`:
//! - **Already touching or overlapping at `t = 0`**: a hit with `t = 0` and `initial: true`, whatever
//!   the velocity. Its normal is the direction [`response`](crate::response()) pushes the ball: away
//!   from the closest point when the centre is outside; through the least-penetrated face when it is
//!   inside (ties: x-min, x-max, y-min, ...); for a radius-0 ball exactly on the boundary (touching),
//!   the face's normal, or on an edge or corner the normalised sum of the faces' normals there.
//! - **Zero velocity**: only an initial hit can be returned.
//! - **Velocity parallel to a face** (a ball resting on a floor and rolling along it; a path along a
//!   face plane at exactly distance `r`): the parallel slab is tested by position (inside it for all
//!   `t`, or never), never by dividing by the zero component, so there is no `0·∞` NaN. A path at
//!   exactly `r` from a face touches it: the hit is where it first reaches the face's extent.
//! - **Degenerate boxes** (a segment, a point, a flat rectangle in 3D): the same method; a point's
//!   rounded box is a ball, a segment's a capsule.
//! - **Radius 0**: a plain ray against the box; the normal at an edge or corner, where the box has a
//!   cone of normals, is the normalised sum of the faces' normals there.
//! - **Huge and tiny magnitudes**: all arithmetic is `f64` on `f32` inputs, so nothing overflows or
//!   underflows (products of up to four `f32` values stay inside `f64`'s range) and large boxes
//!   (10⁴–10⁶) lose no precision in `t`.
//! - **A graze exactly touching a corner** (the path passes at exactly `r` from a corner): a hit, at
//!   the exact tangent point on exact inputs. The discriminant is written so that its two terms are
//!   the same rounded product in the axis-parallel case (see `first_root` in `sweep.rs`).
//! - **Non-finite velocity**: `None` (and no motion for [`move_ball`]).
//! - Every normal has unit length (within `f32` rounding).
//!
//! # Moving through several boxes
//! [`move_ball`] sweeps the rest of the move against every box, stops at the earliest contact that
//! blocks the motion, slides along it (or bounces off it) and goes on, at most [`MAX_ITERATIONS`]
//! times. A contact blocks only when the motion goes into it (`v·n < 0`): a ball resting on a floor
//! touches it at `t = 0` with `n` up and rolls on; the seam between two flush floor tiles is touched
//! at the next tile's corner with `n` up as well (the ball grazes it), so it rolls across. See
//! [`move_ball`] for the details and what happens when the iterations run out.

#![forbid(unsafe_code)]

mod slide;
mod sweep;

pub use slide::{bounce, move_ball, slide, Motion, MotionHit, Response, MAX_ITERATIONS};
pub use sweep::{sweep, sweep_trace};
pub(crate) use sweep::{sweep_before, toi_2d};

use crate::shape::{Box3, Circle, Rect, Sphere};
use crate::source::Source;
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
    /// `"face"`, `"edge"` or `"corner"`, as in JSON and the UI.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Feature::Face => "face",
            Feature::Edge => "edge",
            Feature::Corner => "corner",
        }
    }
}

/// Where a moving ball first touches a box: the answer of [`sweep`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(serialize = "[f32; D]: serde::Serialize", deserialize = "[f32; D]: serde::Deserialize<'de>"))
)]
pub struct Hit<const D: usize> {
    /// The smallest `t ∈ [0, 1]` at which the distance from `c + t·v` to the box equals `r`.
    pub t: f32,
    /// The centre then: `c + t·v`.
    pub center: [f32; D],
    /// The point of the box the ball touches: the point of the box closest to `center`.
    pub point: [f32; D],
    /// The box's outward unit normal at `point`: `(center − point)/|center − point|`, which for a
    /// face is the face's axis. For an initial hit, the direction of [`response`](crate::response())'s
    /// push; for a radius-0 ball on an edge or corner, the normalised sum of the faces' normals there
    /// (on a face of no thickness, the side facing the motion). Always unit length.
    pub normal: [f32; D],
    /// The feature touched, from the number of axes on which `center` is outside the box.
    pub feature: Feature,
    /// Already touching or overlapping at `t = 0` (then `t = 0` and `center` is the start).
    pub initial: bool,
}

/// A traced sweep: the answer and the record of its steps.
pub type TracedSweep<const D: usize> = (Option<Hit<D>>, Trace<D>);

/// A registry entry for the sweep, in the style of [`Algorithm`](crate::Algorithm): what the UI and
/// the command line show, and the functions to call.
#[derive(Clone, Copy)]
pub struct SweepInfo {
    /// Stable identifier: `"ericson-rounded-box"`.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// How it works and why.
    pub explanation: &'static str,
    /// Where it was published.
    pub source: Source,
    /// Pseudocode, one line per entry; [`sweep_trace`]'s steps index it.
    pub pseudocode: &'static [&'static str],
    /// The edge cases and how each is answered.
    pub edge_cases: &'static [&'static str],
    /// The sweep in 2D.
    pub sweep_2d: fn(&Circle, [f32; 2], &Rect) -> Option<Hit<2>>,
    /// The sweep in 3D.
    pub sweep_3d: fn(&Sphere, [f32; 3], &Box3) -> Option<Hit<3>>,
    /// The traced sweep in 2D.
    pub trace_2d: fn(&Circle, [f32; 2], &Rect) -> TracedSweep<2>,
    /// The traced sweep in 3D.
    pub trace_3d: fn(&Sphere, [f32; 3], &Box3) -> TracedSweep<3>,
}

impl core::fmt::Debug for SweepInfo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SweepInfo").field("id", &self.id).finish_non_exhaustive()
    }
}

/// The sweep's registry entry.
///
/// ```
/// use ball_aabb::{Circle, Rect, SWEEP};
/// assert_eq!(SWEEP.id, "ericson-rounded-box");
/// let (hit, trace) = (SWEEP.trace_2d)(&Circle::new([0.0, 5.0], 1.0)?, [0.0, -10.0], &Rect::new([-1.0, -1.0], [1.0, 1.0])?);
/// assert_eq!(hit.map(|h| h.t), Some(0.3));
/// assert!(trace.steps.iter().all(|s| s.line < SWEEP.pseudocode.len()));
/// # Ok::<(), ball_aabb::ShapeError>(())
/// ```
pub const SWEEP: SweepInfo = SweepInfo {
    id: "ericson-rounded-box",
    name: "Ray against the rounded box",
    explanation: "A ball of radius r touches the box exactly when its centre touches the box grown by r: \
        the rounded box, with flat faces, rounded edges (3D) and rounded corners. So cast the centre's \
        path c + t·v as a ray. First intersect it with E, the box grown by r with square corners, by the \
        slab test; E contains the rounded box, so missing E is missing everything. Then look at where the \
        ray entered E: if it is outside the original box on at most one axis it is on a flat face of the \
        rounded box, and that is the hit. Otherwise it is in an edge or corner region, where E's square \
        corner sticks out beyond the rounded one: intersect the ray with the corner's circle (2D), the \
        edge's capsule (3D, two axes outside), or the capsules of the three edges at the corner (3D, \
        three axes outside); it may miss them. A ball already touching at t = 0 is reported as an \
        initial hit.",
    source: Source {
        author: "Christer Ericson",
        venue: "Real-Time Collision Detection, §5.5.7 (IntersectMovingSphereAABB)",
        year: Some(2005),
    },
    pseudocode: &[
        "if v is not finite: return none",
        "s ← clamp(c, min, max); if |c − s|² ≤ r²: return hit at t = 0 (initial), n = the push direction",
        "E ← the box grown by r on every side: [min − r, max + r]",
        "for each axis i with v[i] = 0: if c[i] ∉ [E.min[i], E.max[i]]: return none   (parallel: no division)",
        "for each axis i with v[i] ≠ 0: t_in, t_out ← when c[i] + t·v[i] crosses E's planes; tmin ← max(tmin, t_in); tmax ← min(tmax, t_out)   (from tmin = 0, tmax = 1)",
        "if tmin > tmax: return none   (the segment misses E)",
        "p ← c + tmin·v; m ← the number of axes on which p is outside [min, max]",
        "if m ≤ 1: a face region: return the hit at tmin",
        "if m = 2 in 2D: a corner region: t ← the first t with |c + t·v − corner| = r, or none",
        "if m = 2 in 3D: an edge region: t ← the segment against the capsule of that edge (radius r)",
        "if m = 3: a vertex region: t ← the least t over the capsules of the three edges at that corner",
        "capsule: t ← the entry into the edge's infinite cylinder; beyond an end of the edge: that end's sphere",
        "sphere: w ← c − centre; t ← (|w|² − r²) / (−w·v + √(|v|²r² − |w×v|²)), none if w·v ≥ 0 or √ of < 0",
        "if t > 1: return none; centre ← c + t·v; point ← clamp(centre); n ← (centre − point)/|centre − point|",
    ],
    edge_cases: &[
        "Touching or overlapping at t = 0: a hit with t = 0, initial, whatever the velocity; n = the response's push direction (inside: the least-penetrated face).",
        "Zero velocity: only an initial hit can be returned.",
        "Velocity parallel to a face: the slab is tested by position, never divided by the zero component (no 0·∞ NaN); a path at exactly r along a face touches it.",
        "Degenerate box (segment, point): the same method; the rounded box of a point is a ball.",
        "Radius 0: a plain ray; at an edge or corner the normal is the normalised sum of the faces' normals.",
        "Huge (10⁴–10⁶ and beyond) and tiny magnitudes: f64 arithmetic on f32 inputs, no overflow, no lost precision in t.",
        "A graze exactly touching a corner: a hit, with the exact tangent t on exact inputs.",
        "Non-finite velocity: no answer (None).",
    ],
    sweep_2d: sweep::<2>,
    sweep_3d: sweep::<3>,
    trace_2d: sweep_trace::<2>,
    trace_3d: sweep_trace::<3>,
};
