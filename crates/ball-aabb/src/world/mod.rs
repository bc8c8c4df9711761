//! Many boxes: a ball moving through a tile map or a list of boxes, one step at a time, with a
//! choice of resolution strategies — the naive ones that show order dependence, ghost bumps on the
//! seams between flush tiles and tunnelling, and the swept ones that do not.
//!
//! - [`TileMap`]: a grid of solid, one-way and empty cells ([`Tile`]; bitsets), built from ASCII
//!   ([`TileMap::from_ascii`]: `#`, `-`, `.` or space) or cell by cell; its broadphase is a grid walk
//!   over the cells under the query rectangle.
//! - [`BoxList`]: any rectangles, with a sort-and-sweep broadphase on x.
//! - [`Movers`]: moving boxes (platforms, lifts, crushers) following a [`Path`] in time; they carry
//!   what stands on them ([`World::carry`]).
//! - [`Layered`]: two worlds as one (a box list over a tile map, moving boxes over both), each
//!   layer with its own broadphase.
//! - [`World`]: the one small trait both implement; every resolver takes `&impl World`. The swept
//!   resolvers look for the earliest hit among [`World::candidates_along`]: nearest first along the
//!   motion (a tile map's columns or rows from the ball's side), ties in time to the box that
//!   [`World::candidates`] visits first, so the order changes the speed, never the answer.
//! - [`STRATEGIES`]: the resolution strategies, each a registry entry with its source and
//!   pseudocode; [`step`] runs one physics step (gravity, the push-out of a ball that starts
//!   embedded, then the strategy).
//!
//! ```
//! use ball_aabb::world::{step, Params, StrategyId, TileMap};
//! use ball_aabb::Circle;
//! // A floor of flush tiles; a ball resting on it, rolling right, with gravity.
//! let map = TileMap::from_ascii("........\n########", 1.0)?;
//! let params = Params::default().with_gravity([0.0, -0.25]);
//! let (mut ball, mut v) = (Circle::new([0.5, 1.5], 0.5).unwrap(), [0.125f32, 0.0]);
//! for _ in 0..40 {
//!     let s = step(StrategyId::default(), &ball, v, &map, &params);
//!     assert!(!s.bump);
//!     (ball, v) = (Circle::new(s.end, 0.5).unwrap(), s.velocity);
//! }
//! assert_eq!((ball.center(), v), ([5.5, 1.5], [0.125, 0.0])); // exactly: no seam touched it
//! # Ok::<(), ball_aabb::world::MapError>(())
//! ```
//!
//! # How they compare
//! What `tests/world.rs` shows (r = 0.5, unit tiles, 0.125 per step along a flush floor with gravity
//! −0.25 per step, 400 steps each way; a fall at up to 10⁶ per step onto one cell). "Sunk 1/64"
//! is a ball that far into the floor with a [slop](Params::slop) of 1/32, so that it counts as
//! touching and is not pushed out — what rounding or a discrete solver leaves within the slop:
//!
//! | strategy | tunnels | order-dependent | roll, resting exactly | roll, sunk 1/64 within the slop |
//! |---|---|---|---|---|
//! | `discrete-in-order` | yes | yes | bumps, speed changes | falls through the floor |
//! | `discrete-deepest-first` | yes | no | exact | pushed out to the top, then exact |
//! | `swept-slide` | no | no | exact | bumps on the first seam, loses 6 % of its speed |
//! | `per-axis` | no | no | exact | stuck on the first seam |
//! | `plane-solver` | no | no | exact | exact (stays sunk) |
//! | `merged` | no | no | exact | exact (stays sunk) |
//! | `swept-slide-seamless` | no | no | exact | exact (stays sunk) |
//!
//! With the default slop (10⁻⁴) the same sunk ball starts embedded: every strategy pushes it up to
//! the top on the first step, and then rolls as from an exact rest. The swept resolvers stop motion
//! into things; `merged` still has seams where its rectangles meet; the seamless filter has none.
//!
//! # A step
//! 1. `v ← velocity + gravity`.
//! 2. **Push-out.** A ball that starts overlapping a solid box by more than the contact tolerance
//!    ([`Params::slop`], Box2D's *linear slop*) is moved to the nearest position where it overlaps
//!    none — the core's inside-case push-out for one box (least-penetrated face, ties to x-min,
//!    x-max, y-min, y-max), through the union of the boxes for several, so it never lands inside a
//!    neighbour; however deep it is — and the velocity into what it then touches is removed. Ties
//!    (within the tolerance) go by [`Params::prefer`], up by default; on a [`TileMap`] whose
//!    [`Outside`] is solid (the default) it is never put beyond the map's edges. Its cost on a tile
//!    map is bounded: a ball sunk less than its radius searches the cells within 3r; a deeper one
//!    goes straight out through the nearest face, certified by the map's pyramid of all-solid bits
//!    ([`World::axis_escape`]), in a number of steps that grows as the square root of its depth,
//!    not the area around it (figures: `docs/performance.md`).
//!    [`Step::pushed_out`] says by how much. (Games start embedded all the time: a spawn point, a
//!    tile painted under the player, a moving box.) One-way boxes never push out.
//! 3. **The strategy** moves the ball by `v` and returns the outgoing velocity. A contact whose
//!    normal is tilted from a face's by less than 2⁻²⁰ (the rounding of a tangent graze computed
//!    through a corner's circle) takes the face normal: a ball grazing a face along it is never
//!    stopped by it, whatever its radius. So does a contact at a box's corner for a move exactly
//!    along one of the corner's faces (no component across it), when the centre lies on that face's
//!    line moved out by `r` within 4 `f32` ulps of the coordinates (4·ε·max(|c|, r)): where a slide
//!    along a face leaves the centre, `fl(face + r)`, a hair inside the line. Through the corner's
//!    circle that hair, `δ`, tilts the normal by `√(2δ/r)` (10⁻² near coordinate 500), which would
//!    stop a ball sliding on into the next box in line, or dropping straight into a pit exactly
//!    `2r` wide a few ulps off its centre line; the plane solver takes such a corner as the face's
//!    plane too. (`tests/world_exact.rs` judges both against an `f64` swept slide.) Further off
//!    the pit's centre line the offset is geometry, not rounding: the slide zigzags down between
//!    the two rims' circles, each contact a little lower, and when the iteration budget runs out
//!    the ball waits a step before it falls in; `per-axis`, which does not slide, and the plane
//!    solver's flat planes can stay on the rims.
//!    When the swept slide's [iteration budget](crate::motion::MAX_ITERATIONS)
//!    runs out, the velocity left is clipped against every contact met (a wedge's normals that the
//!    velocity cannot slide along remove it), and the ball makes the part of the move that allows.
//!
//! No strategy ends a step with more velocity into a surface than it began with (the soak in the
//! test command checks it on millions of steps, with the other invariants: see
//! `docs/architecture.md`).
//!
//! # One-way platforms
//! A [`Tile::OneWay`] cell (or any box for which [`World::one_way`] says so) is solid only against
//! a ball that comes from above and moves down: the contact on its top edge with an upward normal,
//! for a ball whose lowest point was at or above its top (within the tolerance) at the start of the
//! step. A ball passes through it from below and from the sides, and a ball inside it is left
//! alone. (Dropping through one on purpose is the character controller's business.)
//!
//! # Friction
//! By default the world step has no friction: a contact removes (or reflects) the velocity along
//! its normal and keeps all of the velocity along the surface, so a ball on a slope (a rotated
//! box's face) slides down it under gravity however gentle the slope, 0.5° included, and a ball
//! rolling on a flat floor keeps its speed. [`Params::friction`] (Coulomb, `μ`) changes that: a
//! contact that removes `vₙ` also takes up to `μ·|vₙ|` of the velocity along it, so a ball rests
//! on slopes below the friction angle (`tan θ ≤ μ`), slides down steeper ones at `g·(sin θ −
//! μ·cos θ)` a step, and a roll on a floor under gravity `g` is braked by `μ·g` a step to a stop
//! (`tests/world.rs` checks all three by hand arithmetic). The character controller
//! ([`crate::controller`]) stands still on slopes up to its
//! [`floor_min_normal_y`](crate::controller::Config::floor_min_normal_y) because it treats them as
//! ground, not through friction.
//!
//! # Units
//! `velocity` is the displacement of one step and `gravity` the change of velocity per step (so
//! with a time step `dt` pass `v·dt` and `g·dt²`). Each step: `v ← v + g`, then the strategy moves
//! the ball by `v` and returns the outgoing velocity (the component into each blocking normal
//! removed, or reflected with the restitution), which is what the next step starts from.

#![forbid(unsafe_code)]

mod boxlist;
mod depenetrate;
mod layers;
mod many;
mod movers;
mod resolve;
mod tilemap;

pub use crate::oriented::Collider;
pub use boxlist::BoxList;
pub use layers::{Layer, Layered};
#[cfg(feature = "parallel")]
pub use many::par_step_many;
pub use many::{step_many, BallsMut, BatchError, Flags, Outcome, Radii, Tally, PAR_STEP_CHUNK};
pub use movers::{Mover, MoverError, Movers, Path};
pub use tilemap::{MapError, Outside, Tile, TileMap};

use alloc::string::String;
use core::fmt;

use crate::motion::Hit;
use crate::oriented::OrientedRect;
use crate::shape::{Circle, Rect};
use crate::source::Source;

/// What the resolvers need from a world of solid rectangles.
///
/// Indices identify a box for the caller (a cell's `row·width + col` in a [`TileMap`], the list
/// position in a [`BoxList`]). Implementations must not allocate per query.
pub trait World {
    /// Calls `f(index, rect)` for every solid box whose closed rectangle meets the closed rectangle
    /// `bounds` — at least those; a superset is allowed (a broadphase). The order is the world's
    /// own and stable (the discrete in-order strategy depends on it).
    fn candidates(&self, bounds: &Rect, f: impl FnMut(usize, Rect));

    /// The same boxes as [`World::candidates`], in an order suited to a sweep along `d`: what the
    /// swept resolvers' search for the earliest hit visits. Each box comes as `f(index, rank, rect)`,
    /// its **rank** being its place in `candidates`' order (any key that increases along that
    /// order): the resolvers break ties in time by the smaller rank, so their answers are those of
    /// the `candidates` order whatever order this method visits in.
    ///
    /// Visiting nearest first pays: the earliest hit found early lets every box the ball cannot
    /// reach before it be skipped cheaply. A world that visits in **slabs along the major axis**
    /// `k` of `d` (`|d[k]|` the larger, x on a tie; see [`major_axis`]), in the direction of
    /// `d[k]`, so that each box's near face along `k` (its `min[k]` when `d[k] ≥ 0`, else its
    /// `max[k]`) is at or beyond the previous box's, may stop when `f` returns `false`: `f` then
    /// needs no box whose near face is at or beyond this one's. A world visiting in another order
    /// goes on (a `false` concerns only boxes behind that face, which `f` then skips by itself).
    ///
    /// Default: [`World::candidates`] itself, ranks 0, 1, 2, … (a [`BoxList`] keeps its order).
    /// A [`TileMap`] walks its columns (or rows, when `d` is mostly vertical) from the ball's side
    /// in the direction of `d`, each from the ball's side too, with the cell index as the rank.
    fn candidates_along(&self, bounds: &Rect, d: [f32; 2], f: impl FnMut(usize, usize, Rect) -> bool) {
        let _ = d;
        self.candidates(bounds, ranked(f));
    }

    /// The same solid region as larger rectangles where flush boxes can be merged (the `merged`
    /// strategy). Default: [`World::candidates`] (a box list is taken as given).
    fn merged_candidates(&self, bounds: &Rect, f: impl FnMut(usize, Rect)) {
        self.candidates(bounds, f);
    }

    /// Is there a solid box other than `except` that contains `point` and extends beyond it along
    /// `axis`, on the positive side if `positive`? The test behind the internal-edge filter of
    /// `swept-slide-seamless`. Default: through [`World::candidates`] on the point.
    ///
    /// One-way boxes never count here (whether one is a floor in line depends on the ball: the
    /// resolvers ask that themselves, through [`World::candidates`], when [`World::any_one_way`]).
    fn solid_beyond(&self, point: [f32; 2], axis: usize, positive: bool, except: usize) -> bool {
        solid_beyond_by_query(self, point, axis, positive, except)
    }

    /// Is box `index` a **one-way** platform? Such a box blocks only a ball that comes from above
    /// and moves down: a contact on its top edge (the contact point at its top, the normal pointing
    /// up), with the ball's lowest point at or above its top, within the contact tolerance, at the
    /// start of the step. Every other contact with it is ignored, and a ball that overlaps it is
    /// never pushed out of it. Default: none is.
    fn one_way(&self, index: usize) -> bool {
        let _ = index;
        false
    }

    /// Can [`World::one_way`] be true for some box? A `false` lets the resolvers skip the one-way
    /// questions. Default: `true` (a world that overrides [`World::one_way`] is covered); a
    /// [`BoxList`] says `false`, a [`TileMap`] whether it has a one-way cell.
    fn any_one_way(&self) -> bool {
        true
    }

    /// Calls `f(index, obb)` for every **rotated** solid box whose bounding rectangle
    /// ([`OrientedRect::bounding_aabb`]) meets `bounds` — at least those. Rotated boxes are always solid
    /// (never one-way), and their indices must not collide with the aligned boxes' ones.
    /// Default: none (a tile map has no rotated cells; see [`WithOriented`] to add some beside it).
    ///
    /// Every strategy meets them: the swept ones sweep the ball against each in the box's frame
    /// ([`OrientedRect::sweep`]), the discrete ones push out of each with [`OrientedRect::push_out`], the push-out of
    /// an embedded ball takes them into the free region; each [`Strategy::oriented`] says what is
    /// exact and what is a fallback (the internal-edge filter and the merging see aligned boxes only).
    fn oriented(&self, bounds: &Rect, f: impl FnMut(usize, OrientedRect)) {
        let _ = (bounds, f);
    }

    /// Where the push-out of an embedded ball may put its centre: `None` anywhere (the default),
    /// else only where the ball lies inside this rectangle (within the tolerance). A [`TileMap`]
    /// whose [`Outside`] is [`Outside::Solid`] answers its own rectangle: the push-out never puts a
    /// ball beyond the map's edges (motion is not affected; see [`Outside`]).
    fn push_out_region(&self) -> Option<Rect> {
        None
    }

    /// The push-out's boxes meeting `bounds`: the same solid region as [`World::candidates`],
    /// as few rectangles as is cheap (the push-out builds its candidate positions from their faces,
    /// corners and crossings, so fewer, larger rectangles make it faster; rectangles may be cut at
    /// `bounds`). Default: [`World::merged_candidates`]. A [`TileMap`] merges the cells of the
    /// range alone (its cost is the range's cells, not the length of the runs through it).
    fn push_out_candidates(&self, bounds: &Rect, f: impl FnMut(usize, Rect)) {
        self.merged_candidates(bounds, f);
    }

    /// A bounded shortcut for the push-out of a ball whose centre `c` lies inside a solid box: the
    /// nearest **non-solid** point along each axis direction (−x, +x, −y, +y), as the coordinate
    /// of the face reached and the solid box that face belongs to, **certified**: no non-solid
    /// point (outside the solid boxes, counting beyond [`World::push_out_region`] as solid) is nearer
    /// to `c` than the nearest of the four. `None` when the world cannot tell (the default) or the
    /// nearest non-solid point is not along an axis; the push-out then searches.
    ///
    /// A [`TileMap`] answers from a pyramid of "all solid" bits over its cells (see
    /// [`TileMap`]'s cost notes): a few dozen node tests, however deep the ball is.
    fn axis_escape(&self, c: [f32; 2]) -> Option<Escape> {
        let _ = c;
        None
    }

    /// Is the closed rectangle `bounds` certainly **clear**: no box of any kind (solid, one-way,
    /// rotated) meets it, so that [`World::candidates`], [`World::candidates_along`],
    /// [`World::merged_candidates`] and [`World::oriented`] report nothing for it or for any
    /// rectangle inside it? `false` means "not known to be clear". The batched step's free-space
    /// path ([`step_many`]) asks it for the rectangle every query of a ball's step stays within.
    ///
    /// Default: `false` (conservative: every ball takes the exact path). A [`TileMap`] answers from
    /// its bitset (one word test per row of the cell range) for rectangles strictly inside the map.
    fn clear(&self, bounds: &Rect) -> bool {
        let _ = bounds;
        false
    }

    /// For a **moving** box, what it moved by in its last step (its left edge along x, its top
    /// along y): how far a character standing on it is carried. `None` for a box that never
    /// moves (the default). See [`Movers`].
    fn carry(&self, index: usize) -> Option<[f32; 2]> {
        let _ = index;
        None
    }
}

/// [`World::axis_escape`]'s answer: for each axis direction (−x, +x, −y, +y), the face where the
/// solid ends along it (its coordinate on that axis), the index of the solid box that face
/// belongs to and its rectangle; `None` where the solid never ends that way (an
/// [`Outside::Solid`] map's edge).
pub type Escape = [Option<(f32, usize, Rect)>; 4];

/// A world with rotated boxes beside it: `world`'s boxes as they are, and `oriented[k]` as the
/// rotated solid with index `first_index + k` (choose `first_index` past the world's own indices,
/// e.g. a tile map's `width · height`).
///
/// ```
/// use ball_aabb::world::{step, Params, StrategyId, TileMap, WithOriented};
/// use ball_aabb::{Circle, OrientedRect};
/// // A floor, and a ramp tilted by 30° lying on it: the ball rolls down the ramp onto the floor.
/// let map = TileMap::from_ascii("........\n########", 1.0)?;
/// let ramp = [OrientedRect::from_degrees([2.0, 1.0], [2.0, 0.25], 30.0)?];
/// let world = WithOriented::new(&map, &ramp, 16);
/// let (mut ball, mut v) = (Circle::new([2.5, 3.0], 0.25)?, [0.0f32, 0.0]);
/// let params = Params::default().with_gravity([0.0, -0.01]);
/// let mut touched_ramp = false;
/// for _ in 0..200 {
///     let s = step(StrategyId::default(), &ball, v, &world, &params);
///     touched_ramp |= s.contacts().iter().any(|k| k.index == 16);
///     (ball, v) = (Circle::new(s.end, 0.25)?, s.velocity);
/// }
/// assert!(touched_ramp && ball.center()[0] < 0.5 && v[0] < 0.0); // down the slope, to the left
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct WithOriented<'a, W> {
    world: &'a W,
    oriented: &'a [OrientedRect],
    first_index: usize,
}

impl<'a, W: World> WithOriented<'a, W> {
    /// `world` with the rotated boxes `oriented`, indexed from `first_index`.
    #[must_use]
    pub fn new(world: &'a W, oriented: &'a [OrientedRect], first_index: usize) -> Self {
        WithOriented { world, oriented, first_index }
    }
}

impl<W: World> World for WithOriented<'_, W> {
    fn candidates(&self, bounds: &Rect, f: impl FnMut(usize, Rect)) {
        self.world.candidates(bounds, f);
    }

    fn candidates_along(&self, bounds: &Rect, d: [f32; 2], f: impl FnMut(usize, usize, Rect) -> bool) {
        self.world.candidates_along(bounds, d, f);
    }

    fn merged_candidates(&self, bounds: &Rect, f: impl FnMut(usize, Rect)) {
        self.world.merged_candidates(bounds, f);
    }

    fn solid_beyond(&self, point: [f32; 2], axis: usize, positive: bool, except: usize) -> bool {
        self.world.solid_beyond(point, axis, positive, except)
    }

    fn one_way(&self, index: usize) -> bool {
        index < self.first_index && self.world.one_way(index)
    }

    fn any_one_way(&self) -> bool {
        self.world.any_one_way()
    }

    fn push_out_region(&self) -> Option<Rect> {
        self.world.push_out_region()
    }

    fn push_out_candidates(&self, bounds: &Rect, f: impl FnMut(usize, Rect)) {
        self.world.push_out_candidates(bounds, f);
    }

    // No `axis_escape`: the rotated boxes may lie nearer than the world's faces (the push-out
    // searches, capped as for any world).

    fn oriented(&self, bounds: &Rect, mut f: impl FnMut(usize, OrientedRect)) {
        self.world.oriented(bounds, &mut f);
        for (k, o) in self.oriented.iter().enumerate() {
            if meets(&o.bounding_aabb(), bounds) {
                f(self.first_index + k, *o);
            }
        }
    }

    fn clear(&self, bounds: &Rect) -> bool {
        self.world.clear(bounds) && !self.oriented.iter().any(|o| meets(&o.bounding_aabb(), bounds))
    }

    fn carry(&self, index: usize) -> Option<[f32; 2]> {
        if index < self.first_index {
            self.world.carry(index)
        } else {
            None
        }
    }
}

/// Do the closed rectangles `a` and `b` meet?
#[inline]
pub(crate) fn meets(a: &Rect, b: &Rect) -> bool {
    (0..2).all(|k| a.min()[k] <= b.max()[k] && b.min()[k] <= a.max()[k])
}

/// The major axis of a motion `d`: the one with the larger `|d[k]|`, x (0) on a tie (see
/// [`World::candidates_along`]).
///
/// ```
/// use ball_aabb::world::major_axis;
/// assert_eq!((major_axis([3.0, -4.0]), major_axis([-2.0, 2.0]), major_axis([0.0, 0.0])), (1, 0, 0));
/// ```
#[must_use]
#[inline]
pub fn major_axis(d: [f32; 2]) -> usize {
    usize::from(d[1].abs() > d[0].abs())
}

/// A visitor `f(index, rank, rect)` as a plain `(index, rect)` one, the rank counting the visits
/// (`f`'s answer is not needed: a visit in this order never stops early).
pub(crate) fn ranked(mut f: impl FnMut(usize, usize, Rect) -> bool) -> impl FnMut(usize, Rect) {
    let mut rank = 0;
    move |i, b| {
        let _ = f(i, rank, b);
        rank += 1;
    }
}

/// [`World::solid_beyond`] through [`World::candidates`] on the point (the default; also the
/// tile map's fallback).
fn solid_beyond_by_query<W: World + ?Sized>(
    world: &W,
    point: [f32; 2],
    axis: usize,
    positive: bool,
    except: usize,
) -> bool {
    let Ok(q) = Rect::new(point, point) else { return false };
    let mut found = false;
    world.candidates(&q, |i, b| {
        let (lo, hi) = (b.min(), b.max());
        let contains = (0..2).all(|k| lo[k] <= point[k] && point[k] <= hi[k]);
        let beyond = if positive { hi[axis] > point[axis] } else { lo[axis] < point[axis] };
        found |= i != except && contains && beyond && !world.one_way(i);
    });
    found
}

/// The most contacts a [`Step`] stores; further ones are counted in [`Step::dropped`].
pub const MAX_CONTACTS: usize = 16;

/// The result of one step. Contacts are stored inline: a step allocates nothing, except to search
/// for the nearest free position of a ball that starts embedded. (`Debug` shows the stored
/// contacts only.)
#[derive(Clone, Copy, PartialEq)]
pub struct Step {
    /// The centre before the step.
    pub start: [f32; 2],
    /// The centre after it.
    pub end: [f32; 2],
    /// The velocity the move was made with: the incoming velocity plus gravity.
    pub velocity_in: [f32; 2],
    /// The outgoing velocity, to carry into the next step.
    pub velocity: [f32; 2],
    contacts: [Hit<2>; MAX_CONTACTS],
    len: usize,
    /// Contacts beyond [`MAX_CONTACTS`], not stored.
    pub dropped: usize,
    /// A **bump**: some contact's normal pushes against the horizontal motion
    /// (`n.x · velocity_in.x < 0`) although the box it belongs to lies under the ball (the box's top
    /// is at or below the centre at the contact). On a flat floor that is a ghost contact — a seam's
    /// corner or side; on real geometry it is a genuine step or ledge.
    pub bump: bool,
    /// The displacement that pushed the ball out of the solids it started overlapping (by more
    /// than the contact tolerance), before it moved: zero when it started free. The ball is put at
    /// the nearest position where it overlaps nothing (see [`step`]).
    pub pushed_out: [f32; 2],
    /// Discrete strategies only: the straight swept move hits something first (a blocking contact
    /// with normal `n` at centre `c`) and the discrete result ends more than a radius behind it:
    /// `(end − c)·n < −r`. The ball went through (or deep into) what the sweep would have stopped at.
    pub tunnelled: bool,
}

impl fmt::Debug for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Step")
            .field("start", &self.start)
            .field("end", &self.end)
            .field("velocity_in", &self.velocity_in)
            .field("velocity", &self.velocity)
            .field("contacts", &self.contacts())
            .field("dropped", &self.dropped)
            .field("bump", &self.bump)
            .field("pushed_out", &self.pushed_out)
            .field("tunnelled", &self.tunnelled)
            .finish()
    }
}

impl Step {
    /// The contacts, in the order they happened. For each: `index` is the box the world reported
    /// (for `merged` on a map, the bottom-left cell of the merged rectangle); `t` the fraction of the
    /// step (1 for the discrete strategies' push-outs, which happen at the end; the pass's fraction
    /// for `per-axis` and `plane-solver`); `center` the ball's centre then (before a discrete
    /// push); `normal` the direction the ball was stopped or pushed; `initial` is `t = 0`.
    #[must_use]
    pub fn contacts(&self) -> &[Hit<2>] {
        &self.contacts[..self.len]
    }
}

/// The default [`Params::slop`]: 10⁻⁴ world units.
pub const DEFAULT_SLOP: f32 = 1e-4;

/// Physics parameters of a step. Build with [`Params::default`] and the `with_` methods
/// ([`Params::with_gravity`], [`Params::with_restitution`], [`Params::with_slop`],
/// [`Params::with_prefer`]), each value named (in a `const`, start from [`Params::DEFAULT`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Added to the velocity before each step (the change of velocity per step).
    pub gravity: [f32; 2],
    /// Restitution at blocking contacts, `[0, 1]` (0: slide; 1: mirror). NaN counts as 0. The
    /// plane solver always slides.
    pub restitution: f32,
    /// The **contact tolerance** (Box2D's *linear slop*), in world units, default [`DEFAULT_SLOP`]:
    /// a ball whose distance to a box is within `slop` of its radius is touching it, not
    /// overlapping it. An overlap deeper than this at the start of a step is pushed out first
    /// (see [`Step::pushed_out`]); the plane solver takes a box within `r + slop` as a contact
    /// plane; one-way platforms accept a ball whose lowest point is at most `slop` below their top.
    /// It never moves a ball that is exactly placed: exact inputs stay exact. The tolerance used is
    /// never less than 4 `f32` ulps of the coordinates at hand (see [`Params::tolerance`]): a centre
    /// at 10⁴ cannot be placed closer than 0.001 to anything. NaN or negative counts as 0.
    pub slop: f32,
    /// Where the push-out of an embedded ball goes when several nearest free positions tie:
    /// default [`Prefer::Up`], against gravity, so a character spawned in the middle of a floor
    /// comes out on top of it (see [`Prefer`]). Set with [`Params::with_prefer`].
    pub prefer: Prefer,
    /// **Friction** at blocking contacts, a Coulomb coefficient `μ ≥ 0` (default 0: none; NaN or
    /// negative counts as 0). Where a contact removes the velocity `vₙ` going into it, the velocity
    /// along it loses up to `μ·|vₙ|` (all of it if it is smaller): a ball at rest on a slope stays
    /// there while the slope is below the friction angle (`tan θ ≤ μ`), and slides down a steeper
    /// one. The swept strategies and the discrete push-outs apply it; `per-axis` and the plane
    /// solver do not (no friction there, as before). Set with [`Params::with_friction`].
    pub friction: f32,
}

/// The push-out's tie rule: which of several nearest free positions an embedded ball is put at.
///
/// Positions whose distances from the centre are within the contact tolerance
/// ([`Params::tolerance`]) of the nearest tie (closer than that, contacts cannot tell them apart);
/// with [`Prefer::None`] only exactly equal distances do. Among the ties, `Up` takes a position
/// whose upward push exceeds the others' by more than half the radius (positions a hair apart are
/// no choice of direction: then the nearer), `Down` likewise downward; what is left ties in the
/// fixed order of the faces x-min, x-max, y-min, y-max, then corners and crossings — the order that
/// alone decided before this rule existed, which sent a ball in the middle of a floor three rows
/// thick (or in the wall under a corridor) down, out under the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Prefer {
    /// Up (+y), against the usual gravity: the default.
    #[default]
    Up,
    /// Down (−y), for a world whose gravity points up.
    Down,
    /// No preference: exact ties only, in the fixed order.
    None,
}

impl Prefer {
    /// Every rule, with its identifier (`"up"`, `"down"`, `"none"`): the CLI's `--prefer` values.
    pub const ALL: [(Prefer, &'static str); 3] = [(Prefer::Up, "up"), (Prefer::Down, "down"), (Prefer::None, "none")];

    /// The rule with this identifier.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Prefer> {
        Prefer::ALL.iter().find(|(_, s)| *s == id).map(|(p, _)| *p)
    }

    /// Its identifier.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        Prefer::ALL.iter().find(|(p, _)| *p == self).map_or("up", |(_, s)| s)
    }
}

impl Default for Params {
    /// [`Params::DEFAULT`].
    fn default() -> Self {
        Params::DEFAULT
    }
}

impl Params {
    /// No gravity, restitution 0 (a contact removes the velocity into it), slop [`DEFAULT_SLOP`],
    /// ties broken [`Prefer::Up`], no friction.
    pub const DEFAULT: Params =
        Params { gravity: [0.0; 2], restitution: 0.0, slop: DEFAULT_SLOP, prefer: Prefer::Up, friction: 0.0 };

    /// The same parameters with the push-out's tie rule `prefer`.
    #[must_use]
    pub const fn with_prefer(self, prefer: Prefer) -> Self {
        Params { prefer, ..self }
    }

    /// The same parameters with this gravity (the change of velocity per step). With the other
    /// `with_` methods, a call that names each value:
    ///
    /// ```
    /// use ball_aabb::world::Params;
    /// let p = Params::default().with_gravity([0.0, -0.25]).with_restitution(0.5);
    /// assert_eq!((p.gravity, p.restitution), ([0.0, -0.25], 0.5));
    /// assert_eq!(Params::default().with_slop(0.0).slop, 0.0);
    /// ```
    #[must_use]
    pub const fn with_gravity(self, gravity: [f32; 2]) -> Self {
        Params { gravity, ..self }
    }

    /// The same parameters with this restitution (0: a contact removes the velocity into it; 1: it
    /// reflects it).
    #[must_use]
    pub const fn with_restitution(self, restitution: f32) -> Self {
        Params { restitution, ..self }
    }

    /// The same parameters with this friction coefficient ([`Params::friction`]).
    ///
    /// ```
    /// use ball_aabb::world::{step, Params, StrategyId, TileMap, WithOriented};
    /// use ball_aabb::{Circle, OrientedRect};
    /// // A ball resting on a 20° slope under gravity: with μ = 0.5 (tan 20° ≈ 0.36) it stays.
    /// let slope = [OrientedRect::from_degrees([0.0, 0.0], [20.0, 1.0], 20.0)?];
    /// let map = TileMap::new(1, 1, 1.0, [-100.0, -100.0])?;
    /// let world = WithOriented::new(&map, &slope, 1);
    /// let (s, c) = (20f32.to_radians().sin(), 20f32.to_radians().cos());
    /// let start = [1.25 * (c - s), 1.25 * (s + c)]; // on the face: 1.25 from its middle line, 1.25 up
    /// let params = Params::default().with_gravity([0.0, -0.01]).with_friction(0.5);
    /// let (mut ball, mut v) = (Circle::new(start, 0.25)?, [0.0f32, 0.0]);
    /// for _ in 0..600 {
    ///     let r = step(StrategyId::default(), &ball, v, &world, &params);
    ///     (ball, v) = (Circle::new(r.end, 0.25)?, r.velocity);
    /// }
    /// let moved = ((ball.center()[0] - start[0]).powi(2) + (ball.center()[1] - start[1]).powi(2)).sqrt();
    /// assert!(moved < 1e-3, "moved {moved}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn with_friction(self, friction: f32) -> Self {
        Params { friction, ..self }
    }

    /// The same parameters with this contact tolerance ([`Params::slop`]).
    #[must_use]
    pub const fn with_slop(self, slop: f32) -> Self {
        Params { slop, ..self }
    }

    /// The contact tolerance for a ball of radius `r` at `center`: `slop`, or 4 `f32` ulps of the
    /// largest of `|center|` and `r` when that is larger.
    #[must_use]
    pub fn tolerance(&self, center: [f32; 2], r: f32) -> f32 {
        let scale = center[0].abs().max(center[1].abs()).max(r);
        let floor = 4.0 * f32::EPSILON * if scale.is_finite() { scale } else { 0.0 };
        let slop = if self.slop > 0.0 { self.slop } else { 0.0 };
        slop.max(floor)
    }
}

/// The strategies, as an enum for dispatch (see [`STRATEGIES`] for what each does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum StrategyId {
    /// `discrete-in-order`.
    DiscreteInOrder,
    /// `discrete-deepest-first`.
    DiscreteDeepestFirst,
    /// `swept-slide`.
    SweptSlide,
    /// `per-axis`.
    PerAxis,
    /// `plane-solver`.
    PlaneSolver,
    /// `merged`.
    Merged,
    /// `swept-slide-seamless`: the default.
    #[default]
    SweptSlideSeamless,
}

impl StrategyId {
    /// Its registry entry.
    #[must_use]
    pub fn info(self) -> &'static Strategy {
        STRATEGIES.iter().find(|s| s.kind == self).expect("every id has an entry")
    }

    /// Its stable identifier (`"swept-slide-seamless"`, ...).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.info().id
    }
}

impl fmt::Display for StrategyId {
    /// Its identifier, as [`StrategyId::as_str`]: what [`str::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// [`StrategyId`]'s `FromStr` error: the text is not a strategy's identifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStrategy(pub String);

impl fmt::Display for UnknownStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown strategy {:?} (one of", self.0)?;
        for (i, s) in STRATEGIES.iter().enumerate() {
            write!(f, "{}{}", if i == 0 { " " } else { ", " }, s.id)?;
        }
        f.write_str(")")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnknownStrategy {}

impl core::str::FromStr for StrategyId {
    type Err = UnknownStrategy;

    /// A strategy by its registry identifier (`"per-axis"`, `"swept-slide-seamless"`, ...).
    ///
    /// ```
    /// use ball_aabb::world::StrategyId;
    /// assert_eq!("per-axis".parse(), Ok(StrategyId::PerAxis));
    /// assert_eq!(StrategyId::default().to_string().parse(), Ok(StrategyId::default()));
    /// assert!("per axis".parse::<StrategyId>().unwrap_err().to_string().contains("swept-slide-seamless"));
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        strategy(s).map(|e| e.kind).ok_or_else(|| UnknownStrategy(s.into()))
    }
}

/// A registry entry: what to show about a strategy, and how to find it.
#[derive(Clone, Copy, Debug)]
pub struct Strategy {
    /// Stable identifier, for lookups and configuration.
    pub id: &'static str,
    /// The enum value to dispatch on.
    pub kind: StrategyId,
    /// Display name.
    pub name: &'static str,
    /// How it works, and what goes wrong with it.
    pub explanation: &'static str,
    /// Where it comes from.
    pub source: Source,
    /// Pseudocode, one line per entry.
    pub pseudocode: &'static [&'static str],
    /// Does it sweep (cannot tunnel)?
    pub swept: bool,
    /// What it does with rotated boxes ([`World::oriented`]): exact as far as the box's frame
    /// change is, or a fallback, and what is lost.
    pub oriented: &'static str,
}

impl Strategy {
    /// [`step`] with this strategy.
    #[must_use]
    pub fn step<W: World>(&self, ball: &Circle, velocity: impl Into<[f32; 2]>, world: &W, params: &Params) -> Step {
        step(self.kind, ball, velocity, world, params)
    }
}

/// The entry with this identifier.
#[must_use]
pub fn strategy(id: &str) -> Option<&'static Strategy> {
    STRATEGIES.iter().find(|s| s.id == id)
}

/// One physics step: `v ← velocity + gravity`, then move the ball by `v` through `world` with the
/// strategy. See [`Step`] for what comes back. The velocity is anything that converts into
/// `[f32; 2]`: an array, or a glam `Vec2` as it is.
#[must_use]
pub fn step<W: World>(
    id: StrategyId,
    ball: &Circle,
    velocity: impl Into<[f32; 2]>,
    world: &W,
    params: &Params,
) -> Step {
    let (v, k, tol) = prelude(ball, velocity.into(), params);
    resolve::resolve(id, ball, v, world, k, tol, params.prefer)
}

/// What [`step`] hands the resolvers: the velocity with gravity, the restitution in `[0, 1]` and the
/// friction coefficient (`≥ 0`), the contact tolerance (one source for the one-ball and the batched
/// step).
pub(crate) fn prelude(ball: &Circle, velocity: [f32; 2], params: &Params) -> ([f32; 2], resolve::Coeffs, f32) {
    let v = [velocity[0] + params.gravity[0], velocity[1] + params.gravity[1]];
    let e = if params.restitution > 0.0 { (params.restitution as f64).min(1.0) } else { 0.0 };
    let mu = if params.friction > 0.0 { params.friction as f64 } else { 0.0 };
    (v, resolve::Coeffs { e, mu }, params.tolerance(ball.center(), ball.radius()))
}

/// Every strategy, in teaching order; the last is the default.
pub const STRATEGIES: &[Strategy] = &[
    Strategy {
        id: "discrete-in-order",
        kind: StrategyId::DiscreteInOrder,
        name: "Discrete, in order",
        explanation: "Move the ball the whole step, then push it out of each box it overlaps, one after \
            another in the world's order, changing the velocity at each push. The simplest loop, and \
            wrong three ways: another order gives another end (each push moves the ball for the next \
            test); a ball sunk into a flush floor by gravity can be pushed out of the next tile's \
            corner or side, sideways, against its motion (a ghost bump on the seam); and a step longer \
            than the ball plus the box goes straight through (tunnelling).",
        source: Source {
            author: "the common naive loop (the clamp-and-push response of the reference posts, applied box by box)",
            venue: "Circle/Box Intersection Revised (reference post 003: closest point by clamping, push out along it), \
                looped over the boxes in the order the world lists them, as LearnOpenGL's Breakout chapter \
                'Collision resolution' (Joey de Vries) does brick by brick",
            year: None,
        },
        pseudocode: &[
            "v ← v + g; p ← p + v",
            "for each box b under the ball at p, in world order:",
            "  if the ball overlaps b: push ← response(ball, b); p ← p + push",
            "    n ← push/|push|; v ← v − (1 + e)·min(v·n, 0)·n",
        ],
        swept: false,
        oriented: "Pushed out of in the box's frame (OrientedRect::push_out), after the aligned boxes of the world's order: as exact as the frame change, with the same three faults.",
    },
    Strategy {
        id: "discrete-deepest-first",
        kind: StrategyId::DiscreteDeepestFirst,
        name: "Discrete, deepest first",
        explanation: "Move the whole step, then repeatedly find the box the ball penetrates deepest and \
            push it out of that one, until it overlaps nothing (at most 16 pushes). Independent of the \
            list order and gentler on seams — the floor tile under the centre is usually the deepest — \
            but a sideways push still happens when the centre is near a seam, and it tunnels like any \
            discrete test.",
        source: Source {
            author: "the common iterative variant of the naive loop",
            venue: "no single source: the usual repair of the loop above (resolve the deepest overlap first, \
                look again), with the same clamp-and-push response",
            year: None,
        },
        pseudocode: &[
            "v ← v + g; p ← p + v",
            "repeat (at most 16 times):",
            "  b ← the box under the ball with the largest penetration r − distance > 0, or stop",
            "  p ← p + response(ball, b); n ← push direction; v ← v − (1 + e)·min(v·n, 0)·n",
        ],
        swept: false,
        oriented: "Take part in the search for the deepest box (penetration in the box's frame) and are pushed out of with OrientedRect::push_out: as exact as the frame change.",
    },
    Strategy {
        id: "swept-slide",
        kind: StrategyId::SweptSlide,
        name: "Swept slide",
        explanation: "Sweep the ball along what is left of the move against every box the broadphase \
            returns under the swept bounds, stop at the earliest contact the motion goes into, slide \
            along it (or bounce), repeat up to MAX_ITERATIONS times: the motion module's slide, over the \
            world's broadphase. It cannot tunnel and ignores contacts it only grazes, so it rolls across \
            exactly flush tiles; but a ball that is already slightly sunk (or rounding that puts it a \
            hair below the surface) meets the next tile's corner head-on and stops on the seam.",
        source: Source {
            author: "Christer Ericson",
            venue: "Real-Time Collision Detection, §5.5.7 (the swept test); the slide: see ball_aabb::motion",
            year: Some(2005),
        },
        pseudocode: &[
            "v ← v + g; left ← 1",
            "repeat up to MAX_ITERATIONS times while left > 0 and v ≠ 0:",
            "  d ← v·left; for each box under the bounds of the sweep of the ball along d: hit ← sweep(ball, d, box)",
            "  keep the earliest hit with d·n < 0 (the motion goes into it); none: p ← p + d, done",
            "  p ← hit centre; left ← left·(1 − t); v ← v − (1 + e)·min(v·n, 0)·n",
        ],
        swept: true,
        oriented: "Swept in the box's frame (OrientedRect::sweep), the earliest hit among aligned and rotated boxes wins (ties to the aligned box): the slide along a tilted face, exact up to the rounding of the frame change (about 1e-16 relative, then f32).",
    },
    Strategy {
        id: "per-axis",
        kind: StrategyId::PerAxis,
        name: "Per axis (x, then y)",
        explanation: "Move along x alone and stop at the first box in the way, then along y alone: each \
            axis that hits something has its velocity zeroed (or reflected). Celeste and TowerFall move \
            their actors this way, one pixel at a time; here each axis is one sweep, the continuous \
            form of the same thing, so it cannot tunnel. Seams between flush floor tiles cost nothing \
            (moving along x never goes into a floor), but a diagonal move takes an L-shaped path: a \
            ball can catch on a corner it would have cleared, or clear one it would have hit. The soak \
            counts what that costs: moves stopped where the straight path was free, balls stuck on a \
            seam or a corner with velocity left, and velocity kept into a surface it touches (each \
            axis pass sees only its own axis).",
        source: Source {
            author: "Maddy Thorson",
            venue: "Celeste & TowerFall Physics (Actor.MoveX / MoveY); also the macroquad-platformer crate's World::move_h / move_v used by macroquad's platformer example",
            year: Some(2020),
        },
        pseudocode: &[
            "v ← v + g",
            "sweep the ball along (v.x, 0); at the first hit with n.x·v.x < 0: stop there, v.x ← −e·v.x",
            "sweep the ball along (0, v.y); at the first hit with n.y·v.y < 0: stop there, v.y ← −e·v.y",
        ],
        swept: true,
        oriented: "Aligned-only in spirit: a rotated box is swept like any other, but each pass moves along one axis, so a tilted face stops the pass that goes into it: a ball lands on a slope and stays there (the y pass stops, no x motion is made from gravity) and cannot climb one (the x pass stops). It never slides along a tilted face; the soak counts that as stuck.",
    },
    Strategy {
        id: "plane-solver",
        kind: StrategyId::PlaneSolver,
        name: "Plane solver (Box2D v3 mover)",
        explanation: "Gather a collision plane from every box the ball touches or overlaps where it is, \
            within the slop (normal from the closest point, separation distance − r, 0 within the \
            slop; a corner shared with another solid box gives none, as in the seamless slide), solve for the displacement \
            closest to the target that satisfies all the planes at once (a Gauss–Seidel projection \
            with accumulated, non-negative pushes, as b2SolvePlanes does), cast the ball along that \
            displacement and stop at the first blocking contact, repeat up to 5 times; finally clip \
            the velocity against every plane that pushed and every contact the casts met \
            (b2ClipVector). Corners and inner corners are handled together, not one contact after \
            another. The slop only decides what touches, it never moves a ball, so exact inputs stay \
            exact; it always slides (no restitution). Its weak spot, found by the soak: on a convex \
            ledge (a floor's outer corner) the corner's plane, linearised, can hold the solved \
            displacement into the corner, so every pass's cast stops at t = 0 and the ball never \
            rolls off (counted as a freeze).",
        source: Source {
            author: "Erin Catto",
            venue: "Box2D v3.1 character mover: b2World_CollideMover, b2SolvePlanes, b2ClipVector, b2World_CastMover (box2d.org/documentation/md_character.html)",
            year: Some(2025),
        },
        pseudocode: &[
            "v ← v + g; target ← p + v",
            "repeat up to 5 times:",
            "  planes ← for each box within r + slop of p, not an internal edge: (n, s), n from the closest point q to p, s = |p − q| − r (0 if |s| ≤ slop)",
            "  δ ← target − p; 20 times: for each plane: λ' ← max(λ − (n·δ + s), 0); δ ← δ + (λ' − λ)·n; λ ← λ'",
            "  cast the ball along δ; at the first blocking hit: p ← its centre, again; else p ← p + δ, stop",
            "v ← v − min(v·n, 0)·n for each plane with λ > 0 and each cast hit",
        ],
        swept: true,
        oriented: "Give a plane from their closest point (computed in the box's frame) and are cast against in their frame: solved together with the aligned planes. No internal-edge filter applies to them (a rotated box's corner flush with a floor is a real corner to it).",
    },
    Strategy {
        id: "merged",
        kind: StrategyId::Merged,
        name: "Merged rectangles",
        explanation: "The swept slide against larger rectangles: solid cells are merged into maximal \
            horizontal runs, and runs of the same extent in consecutive rows into one rectangle (greedy \
            rows, then vertical merge). A flush floor becomes one box: no seam left to catch on. Seams \
            remain where merged rectangles meet (a floor under a wall, stairs, solid cells beside \
            one-way cells in a row: runs of one-way cells merge along their row only), and a box list \
            is taken as given. On a tile map the rectangles are found on the fly from the bitset, so editing a \
            cell needs no rebuild.",
        source: Source {
            author: "Godot Engine (Mickeon, KoBeWi et al.)",
            venue: "TileMapLayer physics quadrants: collision shapes of neighbouring cells merged (godotengine/godot PR #102662, fixing issue #89458 'Physics bodies can collide with tile seams')",
            year: Some(2025),
        },
        pseudocode: &[
            "rows: each maximal run of solid cells [a, b) in a row",
            "stack: a run and the identical runs [a, b) in the rows just above and below: one rectangle",
            "swept slide against the rectangles under the swept bounds",
        ],
        swept: true,
        oriented: "Not merged (merging is about flush aligned cells): swept one by one in their own frame beside the merged rectangles, as in swept-slide.",
    },
    Strategy {
        id: "swept-slide-seamless",
        kind: StrategyId::SweptSlideSeamless,
        name: "Swept slide, internal edges removed (default)",
        explanation: "The swept slide, where a contact on a face or corner shared with another solid box \
            is ignored: if another box contains the contact point and extends beyond it along an axis \
            on which the normal points out, the ball was already within r of that box, whose own \
            contact (the flat face of the floor) comes first — so the seam can only produce a ghost \
            contact. The tile-map analogue of Box2D's chain shapes with ghost vertices: a sunk or \
            rounding-perturbed ball rolls over flush tiles without a bump, and true corners (a step, a \
            ledge) still block.",
        source: Source {
            author: "Erin Catto",
            venue: "the ghost-collision problem and Ghost Collisions (box2d.org/posts/2020/06/ghost-collisions): chain shapes whose edges know their neighbours' ghost vertices",
            year: Some(2020),
        },
        pseudocode: &[
            "as swept-slide, but for each hit on box b at point q with normal n:",
            "  for each axis i with n[i] ≠ 0: if another solid box contains q and extends past q on the side sign(n[i]):",
            "    the contact is internal: skip it",
        ],
        swept: true,
        oriented: "Swept in their own frame as in swept-slide; the internal-edge filter sees aligned boxes only, so a contact on a rotated box is always kept, and an aligned box's seam is never hidden by a rotated box lying over it.",
    },
];
