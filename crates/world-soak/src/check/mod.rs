//! The invariants, one named [`Check`] each, and [`check_step`], which judges one step of a game
//! loop against them with the reference of [`crate::geometry`]. This file is the registry (the
//! checks, which strategy claims which, the scene and the outcome a judge reads); `judge.rs` is
//! the judge.
//!
//! A step is judged from what it returns ([`Outcome`]: start, end, velocities, push-out, contacts)
//! and the scene (map, radius, parameters); the path it took is rebuilt from its contacts
//! ([`PathModel`]). The tolerances:
//! - the **contact tolerance** `tol = params.tolerance(centre, r)` (the library's documented slop,
//!   at least 4 ulps of the coordinates) where the contract says "by more than the tolerance";
//! - **rounding** (8 `f32` ulps of the coordinates, [`rounding`]) where an exact resolver makes
//!   one or two roundings: a free move, a kept height;
//! - `1e-6` relative on velocities (they are computed in `f64` and rounded once).

#![forbid(unsafe_code)]

use crate::geometry::wide;
use ball_aabb::world::{Params, Step, StrategyId, TileMap, MAX_CONTACTS};
use ball_aabb::Hit;

/// One invariant. Their ids are the names the reports and the reproducer lines use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Check {
    /// `finite`: no NaN or infinity in the end, the velocity or the push-out.
    Finite,
    /// `push-out`: a ball that starts overlapping a solid by more than the tolerance is pushed out
    /// to a free position before it moves; one that does not is not pushed (one-way cells never
    /// push).
    PushOut,
    /// `overlap`: no step ends overlapping a solid cell by more than the tolerance.
    Overlap,
    /// `one-way`: a ball whose lowest point starts at or above a one-way cell's top (within the
    /// tolerance) does not end, or pass, overlapping it by more than the tolerance.
    OneWay,
    /// `tunnel`: the path (start, each contact's centre, end) never overlaps a solid by more than the
    /// tolerance. Not checked for the discrete strategies (tunnelling is their lesson).
    Tunnel,
    /// `free-path`: a step whose straight path `start → start + velocity_in` keeps `r + tol` clear
    /// of every solid ends at `start + velocity_in` (rounding aside), with the velocity unchanged.
    FreePath,
    /// `freeze`: a ball whose velocity has a part its touching contacts allow moves: no ball stays
    /// put for [`FREEZE_STEPS`] consecutive steps with such a velocity.
    Freeze,
    /// `into-surface`: a surface the ball touches throughout a step (at its start, at each
    /// contact and at its end) gets no more of its velocity than the step began with (the velocity
    /// given, before gravity): no velocity piling into a resting contact.
    IntoSurface,
    /// `budget-clip`: when the iteration budget runs out, the velocity is clipped against every
    /// contact found (no velocity into any of their normals).
    BudgetClip,
    /// `speed-gain`: without gravity (restitution at most 1), the speed never grows.
    SpeedGain,
    /// `flush-slide`: a ball resting on a flush surface (slide, moving along it or into it, nothing
    /// else near) keeps its height and its speed along the surface, and moves the full distance.
    FlushSlide,
    /// `graze-normal`: a contact whose centre is exactly `r` straight off its contact point along an
    /// axis (a tangent graze) has that axis as its normal, exactly.
    GrazeNormal,
}

/// Steps without moving that make a [`Check::Freeze`].
pub const FREEZE_STEPS: u32 = 10;

impl Check {
    /// Every check, in report order.
    pub const ALL: [Check; 12] = [
        Check::Finite,
        Check::PushOut,
        Check::Overlap,
        Check::OneWay,
        Check::Tunnel,
        Check::FreePath,
        Check::Freeze,
        Check::IntoSurface,
        Check::BudgetClip,
        Check::SpeedGain,
        Check::FlushSlide,
        Check::GrazeNormal,
    ];

    /// Its place in [`Check::ALL`].
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Its id: `"finite"`, `"push-out"`, …
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Check::Finite => "finite",
            Check::PushOut => "push-out",
            Check::Overlap => "overlap",
            Check::OneWay => "one-way",
            Check::Tunnel => "tunnel",
            Check::FreePath => "free-path",
            Check::Freeze => "freeze",
            Check::IntoSurface => "into-surface",
            Check::BudgetClip => "budget-clip",
            Check::SpeedGain => "speed-gain",
            Check::FlushSlide => "flush-slide",
            Check::GrazeNormal => "graze-normal",
        }
    }

    /// The check with this id.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Check> {
        Check::ALL.into_iter().find(|c| c.id() == id)
    }

    /// Is this check run for this strategy? Every one is, except `tunnel` for the discrete
    /// strategies, which have no path to check (they teleport, then push out).
    #[must_use]
    pub fn applies(self, id: StrategyId) -> bool {
        !(self == Check::Tunnel && PathModel::of(id) == PathModel::None)
    }
}

/// The swept strategies the test command soaks, each asserted clean on the checks it
/// [`claims`].
pub const EXACT: [StrategyId; 3] = [StrategyId::SweptSlide, StrategyId::Merged, StrategyId::SweptSlideSeamless];

/// Does a strategy claim this invariant (so that the test command asserts it)?
///
/// - `merged` and `swept-slide-seamless`: every check.
/// - `swept-slide`: all but `flush-slide` and `freeze`. Its registry entry says why: a ball sunk
///   by a rounding error (a radius like 0.37 on a floor at 2.0, a shaft whose f32 walls are 2r
///   minus an ulp apart) meets the next tile's corner head-on and stops on the seam.
/// - the others are lessons (the discrete ones tunnel, bump and push sideways; `per-axis` takes an
///   L-shaped path; `plane-solver` stalls where its planes disagree): counted, not asserted.
#[must_use]
pub fn claims(id: StrategyId, check: Check) -> bool {
    match id {
        StrategyId::SweptSlideSeamless => true,
        // A floor row of solid cells beside one-way cells is two merged rectangles: a seam, as the
        // registry says of merged rectangles that meet.
        StrategyId::Merged => check != Check::FlushSlide,
        StrategyId::SweptSlide => !matches!(check, Check::FlushSlide | Check::Freeze),
        _ => false,
    }
}

/// How a strategy's path through a step is rebuilt from its [`Outcome`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathModel {
    /// Straight from the start to each contact's centre in order, then to the end (the swept slide
    /// family and the plane solver: each contact is where a straight sub-move stopped).
    Polyline,
    /// Along x, then along y: `start → (end.x, start.y) → end` (`per-axis`).
    AxisByAxis,
    /// No path: the ball is put at the end and pushed (the discrete strategies).
    None,
}

impl PathModel {
    /// The model of a strategy.
    #[must_use]
    pub fn of(id: StrategyId) -> PathModel {
        match id {
            StrategyId::DiscreteInOrder | StrategyId::DiscreteDeepestFirst => PathModel::None,
            StrategyId::PerAxis => PathModel::AxisByAxis,
            StrategyId::SweptSlide | StrategyId::Merged | StrategyId::SweptSlideSeamless | StrategyId::PlaneSolver => {
                PathModel::Polyline
            }
        }
    }
}

/// How many sweeps a strategy makes before its budget runs out, if it has one that [`check_step`]
/// can see from the contacts: one contact per iteration for the swept slide family
/// ([`ball_aabb::motion::MAX_ITERATIONS`]), one cast per pass for the plane solver (its 5 passes).
#[must_use]
pub fn budget(id: StrategyId) -> Option<usize> {
    match id {
        StrategyId::SweptSlide | StrategyId::Merged | StrategyId::SweptSlideSeamless => {
            Some(ball_aabb::motion::MAX_ITERATIONS)
        }
        StrategyId::PlaneSolver => Some(5),
        _ => None,
    }
}

/// A side a flush surface faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Facing {
    Up,
    Down,
    Left,
    Right,
}

impl Facing {
    /// `"up"`, …
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Facing::Up => "up",
            Facing::Down => "down",
            Facing::Left => "left",
            Facing::Right => "right",
        }
    }

    /// The facing with this id.
    #[must_use]
    pub fn from_id(s: &str) -> Option<Facing> {
        [Facing::Up, Facing::Down, Facing::Left, Facing::Right].into_iter().find(|f| f.id() == s)
    }

    /// The axis of its normal (1 for up and down) and the normal's sign.
    #[must_use]
    pub fn axis_side(self) -> (usize, f64) {
        match self {
            Facing::Up => (1, 1.0),
            Facing::Down => (1, -1.0),
            Facing::Right => (0, 1.0),
            Facing::Left => (0, -1.0),
        }
    }
}

/// A flush surface of a scenario: the cells `cols[0]..=cols[1]` × `rows[0]..=rows[1]` (a straight
/// run of solid or one-way cells, no gap) and the side a ball rests on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Surface {
    pub cols: [usize; 2],
    pub rows: [usize; 2],
    pub facing: Facing,
}

impl Surface {
    /// The surface's line (its coordinate on the normal's axis) and its extent along the other axis.
    #[must_use]
    pub fn geometry(&self, map: &TileMap) -> (f64, [f64; 2]) {
        let lo = wide(map.cell_rect(self.cols[0], self.rows[0]).min());
        let hi = wide(map.cell_rect(self.cols[1], self.rows[1]).max());
        let (a, side) = self.facing.axis_side();
        let line = if side > 0.0 { hi[a] } else { lo[a] };
        (line, [lo[1 - a], hi[1 - a]])
    }

    /// Is cell `(col, row)` part of it?
    #[must_use]
    pub fn contains(&self, col: usize, row: usize) -> bool {
        (self.cols[0]..=self.cols[1]).contains(&col) && (self.rows[0]..=self.rows[1]).contains(&row)
    }
}

/// What a scenario holds fixed: the world, the ball's radius, the parameters, its flush surfaces.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    pub map: &'a TileMap,
    pub r: f32,
    pub params: Params,
    pub surfaces: &'a [Surface],
}

/// A step's answer as the checks read it: [`Step`]'s fields, the contacts copied out (so a test
/// can plant a fault in any of them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    pub start: [f32; 2],
    pub end: [f32; 2],
    pub velocity_in: [f32; 2],
    pub velocity: [f32; 2],
    pub pushed_out: [f32; 2],
    pub contacts: [Hit<2>; MAX_CONTACTS],
    pub len: usize,
    pub dropped: usize,
}

impl Outcome {
    /// The contacts, in order.
    #[must_use]
    pub fn contacts(&self) -> &[Hit<2>] {
        &self.contacts[..self.len]
    }
}

impl From<&Step> for Outcome {
    fn from(s: &Step) -> Self {
        let mut contacts = [Hit::default(); MAX_CONTACTS];
        let c = s.contacts();
        contacts[..c.len()].copy_from_slice(c);
        Outcome {
            start: s.start,
            end: s.end,
            velocity_in: s.velocity_in,
            velocity: s.velocity,
            pushed_out: s.pushed_out,
            contacts,
            len: c.len(),
            dropped: s.dropped,
        }
    }
}

/// What a run carries from step to step: the stall streak of [`Check::Freeze`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RunState {
    /// Consecutive steps that stayed put with an allowed velocity.
    pub stall: u32,
    /// The first of them: its index in the run, the centre and the velocity it started with.
    pub stall_from: Option<(u64, [f32; 2], [f32; 2])>,
}

/// Where the checks report: `report(check, message)` for each violation; `message()` builds the
/// one-line explanation (only called when the caller keeps it).
pub trait Sink {
    /// Does the caller want the message for this check (or only the count)?
    fn wants(&self, check: Check) -> bool;
    /// A violation.
    fn report(&mut self, check: Check, message: String);
}

impl Sink for Vec<(Check, String)> {
    fn wants(&self, _: Check) -> bool {
        true
    }
    fn report(&mut self, check: Check, message: String) {
        self.push((check, message));
    }
}

fn say(sink: &mut dyn Sink, check: Check, message: impl FnOnce() -> String) {
    let m = if sink.wants(check) { message() } else { String::new() };
    sink.report(check, m);
}

mod judge;
pub use judge::check_step;
