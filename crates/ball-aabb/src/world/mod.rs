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
mod params;
mod resolve;
mod strategy;
mod tilemap;

pub use crate::oriented::Collider;
pub use boxlist::BoxList;
pub use layers::{Layer, Layered};
#[cfg(feature = "parallel")]
pub use many::par_step_many;
pub use many::{step_many, BallsMut, BatchError, Flags, Outcome, Radii, Tally, PAR_STEP_CHUNK};
pub use movers::{Mover, MoverError, Movers, Path};
pub use params::{Params, Prefer, DEFAULT_SLOP};
pub use strategy::{strategy, Strategy, StrategyId, UnknownStrategy, STRATEGIES};
pub use tilemap::{MapError, Outside, Tile, TileMap};

use core::fmt;

use crate::motion::Hit;
use crate::oriented::OrientedRect;
use crate::shape::{Circle, Rect};

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

    /// Can [`World::carry`] be `Some` for some box? A `false` lets the character controller skip
    /// its look for moving boxes around it. Default: `false`; [`Movers`] say whether they have a box.
    fn any_moving(&self) -> bool {
        false
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

    fn any_moving(&self) -> bool {
        self.world.any_moving()
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
pub(crate) fn solid_beyond_by_query<W: World + ?Sized>(
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
