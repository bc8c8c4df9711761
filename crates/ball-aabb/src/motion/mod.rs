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
//!   the velocity. Its normal is the direction [`response`](crate::response::response()) pushes the ball: away
//!   from the closest point when the centre is outside; through the least-penetrated face when it is
//!   inside (ties: x-min, x-max, y-min, ...); for a radius-0 ball exactly on the boundary (touching),
//!   the face's normal, or on an edge or corner the normalised sum of the faces' normals there.
//! - **Zero velocity**: only an initial hit can be returned.
//! - **Velocity parallel to a face** (a ball resting on a floor and rolling along it; a path along a
//!   face plane at exactly distance `r`): the parallel slab is tested by position (inside it for all
//!   `t`, or never), never by dividing by the zero component, so there is no `0·∞` NaN. A path at
//!   exactly `r` from a face touches it: the hit is where it first reaches the face's extent, at
//!   every scale (tested from 1 to 10⁴ in 2D and 3D with any `f32` velocity), also where that
//!   first touch is on the face's edge or corner, solved through the rounded part.
//! - **Degenerate boxes** (a segment, a point, a flat rectangle in 3D): the same method; a point's
//!   rounded box is a ball, a segment's a capsule.
//! - **Radius 0**: a plain ray against the box; the normal at an edge or corner, where the box has a
//!   cone of normals, is the normalised sum of the faces' normals there.
//! - **Huge and tiny magnitudes**: all arithmetic is `f64` on `f32` inputs, so nothing overflows or
//!   underflows (products of up to four `f32` values stay inside `f64`'s range) and large boxes
//!   (10⁴–10⁶) lose no precision in `t`.
//! - **A graze exactly touching a corner** (the path passes at exactly `r` from a corner): a hit, at
//!   the exact tangent point on exact inputs. The discriminant is written so that its two terms are
//!   the same rounded products in the axis-parallel case (see `first_root` in `rounded.rs`).
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

mod entry;
mod features;
mod hit;
mod log;
mod rounded;
mod slide;
mod sweep;
mod toi;

pub use entry::{SweepInfo, SWEEP};
pub(crate) use hit::Hit64;
pub use hit::{Feature, Hit, TracedSweep};
pub(crate) use log::NoLog;
pub(crate) use slide::{blocks, move_through, Obstacle};
pub use slide::{bounce, move_ball, slide, Motion, Reaction, MAX_ITERATIONS};
pub use sweep::{sweep, sweep_trace};
pub(crate) use sweep::{sweep_before, sweep_core};
pub(crate) use toi::toi_2d;
