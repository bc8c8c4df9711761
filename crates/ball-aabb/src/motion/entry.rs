//! The sweep's registry entry, [`SWEEP`], in the style of the overlap tests' [`Algorithm`](crate::algo::Algorithm).

#![forbid(unsafe_code)]

use super::hit::{Hit, TracedSweep};
use super::sweep::{sweep, sweep_trace};
use crate::shape::{Box3, Circle, Rect, Sphere};
use crate::source::Source;

/// A registry entry for the sweep, in the style of [`Algorithm`](crate::algo::Algorithm): what to show about
/// the method, and the functions to call.
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
/// use ball_aabb::{Circle, Rect, motion::SWEEP};
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
