//! The resolvers behind [`STRATEGIES`](super::STRATEGIES): one function each, generic over the
//! [`World`], no allocation (contacts and planes are stored inline).

#![forbid(unsafe_code)]

mod plane;

use super::depenetrate::depenetrate;
use super::{Step, StrategyId, World, MAX_CONTACTS};
use crate::contact::closest_point;
use crate::math::sqrt;
use crate::motion::sweep_before;
use crate::motion::{Hit, MAX_ITERATIONS};
use crate::oriented::{Collider, OrientedRect};
use crate::response::response;
use crate::shape::{Circle, Rect};

/// A contact with `v·n` above `-BLOCK_TOLERANCE·|v|` does not block (as in `motion`'s slide).
const BLOCK_TOLERANCE: f64 = 1e-9;

/// The plane solver's limits: planes gathered per pass, Gauss–Seidel sweeps, outer passes.
const MAX_PLANES: usize = 16;
const SOLVER_ITERATIONS: usize = 20;
const SOLVER_PASSES: usize = 5;

#[inline]
fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

#[inline]
fn wide(a: [f32; 2]) -> [f64; 2] {
    a.map(|x| x as f64)
}

#[inline]
fn narrow(a: [f64; 2]) -> [f32; 2] {
    a.map(|x| x.clamp(-(f32::MAX as f64), f32::MAX as f64) as f32)
}

/// A rectangle containing every point within `r` of the segment `a → a + d`, rounded outward.
fn swept_bounds(a: [f64; 2], d: [f64; 2], r: f64) -> Option<Rect> {
    let mut lo = [0.0f32; 2];
    let mut hi = [0.0f32; 2];
    for i in 0..2 {
        let (x0, x1) = (a[i].min(a[i] + d[i]), a[i].max(a[i] + d[i]));
        let m = r + 1e-6 * (x0.abs().max(x1.abs()) + r) + f64::MIN_POSITIVE;
        lo[i] = narrow([x0 - m, 0.0])[0];
        hi[i] = narrow([x1 + m, 0.0])[0];
    }
    Rect::new(lo, hi).ok()
}

/// A solid a resolver meets: an aligned box or a rotated one.
type Solid = Collider<2>;

/// The point of rotated box `o` closest to `c` (world, `f64`), the offset `c − point` (turned back
/// from the box's frame, where it is computed exactly as the aligned clamp does), and its length
/// (0 when `c` is inside).
fn closest_oriented(o: &OrientedRect, c: [f32; 2]) -> ([f64; 2], [f64; 2], f64) {
    let (q, e) = o.closest_and_offset(&c);
    (q, e, sqrt(dot(e, e)))
}

/// Does a sweep hit block the motion `d`? As `motion`'s rule: `d·n < 0` beyond a tolerance; for a
/// radius-0 ball on an edge or corner of an aligned box (a cone of normals), only when it enters
/// through every face the point lies on. (A rotated box's corner is judged by its representative
/// normal alone: a radius-0 ball grazing a rotated edge may be stopped by it.)
///
/// A rotated box blocks only a move that goes into it by more than [`GRAZE`]`·|d|`: its normal
/// is turned back from the box's frame and rounded to `f32`, a tilt of ~10⁻⁸, so a move along its
/// face (a slide's remainder, a character walking down a ramp) can come out going into it by a
/// rounding-level amount. Blocked by that, the plane solver's cast stopped at `t = 0` every pass
/// and the ball froze against a 58° face for good.
fn blocks(h: &Hit<2>, d: [f64; 2], s: &Solid, r: f32) -> bool {
    let len = sqrt(dot(d, d));
    let tol = BLOCK_TOLERANCE * len;
    let Collider::Aligned(b) = s else { return dot(d, wide(h.normal)) < -(GRAZE as f64) * len };
    if r == 0.0 && h.center == h.point {
        let (lo, hi) = (b.min(), b.max());
        let mut any = false;
        for i in 0..2 {
            let p = h.point[i];
            let enters = match (p == lo[i], p == hi[i]) {
                (true, true) => d[i].abs() > tol,
                (true, false) => d[i] > tol,
                (false, true) => d[i] < -tol,
                (false, false) => continue,
            };
            if !enters {
                return false;
            }
            any = true;
        }
        return any;
    }
    dot(d, wide(h.normal)) < -tol
}

/// Is this contact, on box `index` (rectangle `b`), on a face or corner shared with another solid box
/// (an internal edge)? True when some other box contains the contact point and extends beyond it
/// along an axis on which the normal points out: then the centre was already within `r` of that
/// box, whose own contact comes first. A one-way box counts too where it is a floor in line for
/// this ball: along x, its top and `b`'s top both on the point, the ball above them.
fn internal<W: World>(world: &W, ctx: &Ctx, index: usize, b: &Rect, point: [f32; 2], normal: [f32; 2]) -> bool {
    (0..2).any(|axis| normal[axis] != 0.0 && world.solid_beyond(point, axis, normal[axis] > 0.0, index))
        || normal[0] != 0.0 && one_way_floor_beyond(world, ctx, index, b, point, normal[0] > 0.0)
}

/// Is there a one-way box other than `index`, its top on `point` and in line with `b`'s top, that
/// contains the point and extends beyond it along x (on the positive side if `positive`), for a
/// ball that started above that top?
fn one_way_floor_beyond<W: World>(
    world: &W,
    ctx: &Ctx,
    index: usize,
    b: &Rect,
    point: [f32; 2],
    positive: bool,
) -> bool {
    let top = b.max()[1];
    if !world.any_one_way() || point[1] != top || (ctx.low as f64) < top as f64 - ctx.tol as f64 {
        return false;
    }
    let Ok(q) = Rect::new(point, point) else { return false };
    let mut found = false;
    world.candidates(&q, |i, o| {
        let (lo, hi) = (o.min(), o.max());
        let beyond = if positive { hi[0] > point[0] } else { lo[0] < point[0] };
        found |= i != index && world.one_way(i) && hi[1] == top && lo[0] <= point[0] && point[0] <= hi[0] && beyond;
    });
    found
}

/// How a blocking contact changes the velocity: restitution `e ∈ [0, 1]` along the normal, Coulomb
/// friction `mu ≥ 0` along the contact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Coeffs {
    pub e: f64,
    pub mu: f64,
}

/// What every resolver of one step needs besides the ball and the world.
#[derive(Clone, Copy)]
pub(super) struct Ctx {
    /// Restitution, `[0, 1]`.
    pub e: f64,
    /// Friction, `≥ 0`.
    pub mu: f64,
    /// The contact tolerance ([`Params::tolerance`](super::Params::tolerance)).
    pub tol: f32,
    /// The ball's lowest point at the start of the step (after any push-out): one-way boxes whose
    /// top is at most `tol` above it block.
    pub low: f32,
}

impl Ctx {
    /// Does a one-way box `b` take part in a contact at `point` with normal `normal`? Only on its top
    /// edge, the normal pointing up, for a ball that started above it.
    fn one_way_blocks(&self, b: &Rect, point: [f32; 2], normal: [f32; 2]) -> bool {
        let top = b.max()[1];
        normal[1] > 0.0 && point[1] == top && self.low as f64 >= top as f64 - self.tol as f64
    }
}

/// Clips `u` against every normal: `u ← u − min(u·n, 0)·n` for each, a few Gauss–Seidel passes;
/// what still goes into one of them (a wedge whose normals the velocity cannot slide along) is
/// removed entirely.
fn clip_all(u: &mut [f64; 2], normals: impl Iterator<Item = [f32; 2]> + Clone) {
    for _ in 0..4 {
        let mut changed = false;
        for n in normals.clone() {
            let n = wide(n);
            let un = dot(*u, n);
            if un < 0.0 {
                u[0] -= un * n[0];
                u[1] -= un * n[1];
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
    let speed = sqrt(dot(*u, *u));
    if normals.clone().any(|n| dot(*u, wide(n)) < -BLOCK_TOLERANCE * speed) {
        *u = [0.0; 2];
    }
}

/// A tangent graze along a face, computed through a corner's circle, can come out with a normal
/// tilted by the rounding of a near-zero discriminant (~1e-8): then it would block a motion that
/// only grazes. A component that small is rounding, not geometry: set it to 0 (the face normal).
///
/// The same for a contact at a corner of box `b`, for a move `d` parallel to one of the corner's
/// faces, whose centre lies on that face's line moved out by `r` up to the rounding of `f32`
/// coordinates ([`GRAZE_ULPS`] ulps of the larger of `|centre|` and `r`): a ball that has just slid
/// along a face moves exactly along it from there, a hair inside when `face + r` rounded down, and
/// reaches the corner of the next box in line. Taken through the corner's circle, a depth `ε`
/// below the face line tilts the normal by `√(2ε/r)` (~10⁻² for `r` = 0.3 at coordinates near
/// 500), which blocks the slide and throws the ball off its line by ~10⁻³ in a step; the face's
/// normal lets it graze on, as it would from exactly `r`. So does a ball dropped straight into a
/// pit exactly `2r` wide a few ulps off its centre line: the rim corner it meets first is that
/// close to the pit wall's line, and its tilted normal stopped the fall (the slide then bounced
/// between the two rims until the iterations ran out). A move with a component across the face is
/// left alone: its corner contact is geometry, however close to the line.
fn snap_graze(h: &mut Hit<2>, b: &Rect, r: f32, d: [f32; 2]) {
    for i in 0..2 {
        if h.normal[i] != 0.0 && h.normal[i].abs() < GRAZE {
            h.normal[i] = 0.0;
            h.normal[1 - i] = h.normal[1 - i].signum();
        }
    }
    if h.normal[0] == 0.0 || h.normal[1] == 0.0 {
        return;
    }
    if let Some(i) = grazed_face(h.center, h.point, b, r, d) {
        h.normal[i] = h.normal[i].signum();
        h.normal[1 - i] = 0.0;
    }
}

/// The axis of the face of box `b` that a contact at its corner `point` grazes, in the sense of
/// [`snap_graze`]: the move `d` is parallel to that face, and the centre lies on the face's line
/// moved out by `r` up to [`GRAZE_ULPS`] ulps of the larger of `|center|` and `r` (and nearer to
/// it than to the other face's line, so a ball of radius 0 on the corner is not a graze).
fn grazed_face(center: [f32; 2], point: [f32; 2], b: &Rect, r: f32, d: [f32; 2]) -> Option<usize> {
    // The offset from the corner on each axis, exact in f64.
    let off = [0, 1].map(|i| (center[i] as f64 - point[i] as f64).abs());
    let scale = center[0].abs().max(center[1].abs()).max(r) as f64;
    let rounding = GRAZE_ULPS * f32::EPSILON as f64 * scale;
    (0..2).find(|&i| {
        let on_face = point[i] == b.min()[i] || point[i] == b.max()[i];
        d[i] == 0.0 && on_face && off[1 - i] < off[i] && (off[i] - r as f64).abs() <= rounding
    })
}

/// How far, in `f32` ulps of the coordinates, a corner contact's centre may lie from a face's
/// line moved out by `r` and still count as grazing that face (see [`snap_graze`]).
const GRAZE_ULPS: f64 = 4.0;

/// Normal components below this are rounding (see [`snap_graze`]): 2⁻²⁰.
const GRAZE: f32 = 1.0 / 1_048_576.0;

/// Which boxes a swept resolver tests, and whether it filters internal edges.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Boxes {
    Plain,
    Seamless,
    Merged,
}

/// Visits the boxes a swept resolver tests, for a sweep along `d`, as `f(index, rank, rect)`: the
/// plain boxes nearest first ([`World::candidates_along`], which may stop when `f` returns
/// `false`), the merged rectangles in their own order (rank: the visit count; `f`'s answer only
/// skips).
fn visit<W: World>(world: &W, boxes: Boxes, bounds: &Rect, d: [f32; 2], f: impl FnMut(usize, usize, Rect) -> bool) {
    match boxes {
        Boxes::Merged => world.merged_candidates(bounds, super::ranked(f)),
        Boxes::Plain | Boxes::Seamless => world.candidates_along(bounds, d, f),
    }
}

/// The earliest blocking sweep hit of `ball` moved by `d`, with its box; ties in time go to the
/// smaller rank, i.e. the box [`World::candidates`] visits first (so the answer does not depend on
/// the order [`World::candidates_along`] visits in).
///
/// The boxes come nearest first along the major axis of the motion, so the earliest hit tends to
/// be found early, and every box the ball cannot reach before it costs little: `sweep_before`
/// gives up on a box whose grown box the ball enters after the best hit so far (the margin, 1e-6,
/// is far above the rounding of `t`, ≤ 6e-8, so a hit that could still win or tie is never
/// skipped), and a box whose near face along the major axis is that far away ends the walk (see
/// [`beyond_reach`]).
fn first_hit<W: World>(
    world: &W,
    ctx: &Ctx,
    boxes: Boxes,
    ball: &Circle,
    d: [f64; 2],
    accept: impl Fn(&Hit<2>, &Solid) -> bool,
) -> Option<(usize, Hit<2>, Solid)> {
    let bounds = swept_bounds(wide(ball.center()), d, ball.radius() as f64)?;
    let d32 = narrow(d);
    let axis = super::major_axis(d32);
    // (rank, index, hit, box)
    let mut best: Option<(usize, usize, Hit<2>, Solid)> = None;
    visit(world, boxes, &bounds, d32, |i, rank, b| {
        let limit = best.as_ref().map_or(1.0, |(_, _, bh, _)| bh.t as f64 + 1e-6);
        if beyond_reach(ball, d32, axis, &b, limit) {
            return false;
        }
        let Some(mut h) = sweep_before(ball, d32, &b, limit) else { return true };
        snap_graze(&mut h, &b, ball.radius(), d32);
        if world.one_way(i) && !ctx.one_way_blocks(&b, h.point, h.normal) {
            return true;
        }
        let later = |(br, _, bh, _): &(usize, usize, Hit<2>, Solid)| h.t > bh.t || (h.t == bh.t && rank > *br);
        let s = Solid::Aligned(b);
        if best.as_ref().is_some_and(later) || !accept(&h, &s) {
            return true;
        }
        if boxes == Boxes::Seamless && internal(world, ctx, i, &b, h.point, h.normal) {
            return true;
        }
        best = Some((rank, i, h, s));
        true
    });
    // The rotated boxes: each swept in its own frame (`OrientedRect::sweep`'s f64 body), after every
    // aligned box (ties in time go to the aligned one, then to the earlier rotated one). Neither the
    // internal-edge filter nor the merging applies to them.
    let (c, r) = (wide(ball.center()), ball.radius() as f64);
    let mut rank = usize::MAX / 2;
    world.oriented(&bounds, |i, o| {
        rank += 1;
        let limit = best.as_ref().map_or(1.0, |(_, _, bh, _)| bh.t as f64 + 1e-6);
        let Some((w, mut local)) = o.sweep64(c, r, wide(d32)) else { return };
        if w.t > limit {
            return;
        }
        // The graze rule of `snap_graze`, in the box's frame: a tangent graze along one of its
        // faces keeps that face's normal.
        for k in 0..2 {
            if local.normal[k] != 0.0 && local.normal[k].abs() < GRAZE as f64 {
                local.normal[k] = 0.0;
                local.normal[1 - k] = local.normal[1 - k].signum();
            }
        }
        let mut h = w.rounded();
        h.normal = narrow(o.world_dir(&local.normal));
        let later = |(br, _, bh, _): &(usize, usize, Hit<2>, Solid)| h.t > bh.t || (h.t == bh.t && rank > *br);
        let s = Solid::Oriented(o);
        if best.as_ref().is_some_and(later) || !accept(&h, &s) {
            return;
        }
        best = Some((rank, i, h, s));
    });
    best.map(|(_, i, h, b)| (i, h, b))
}

/// Is box `b` out of reach of `ball` moved by `v` before `limit`, judged by its near face along
/// `axis` alone — and so is every box whose near face is at or beyond (the test is monotone in
/// the face)? Then `sweep_before(ball, v, b, limit)` is `None`: the time the centre enters the
/// box's slab grown by `r` along `axis`, computed with `sweep_before`'s own arithmetic, is after
/// `limit`, and the gap to the face exceeds `r` by a relative margin of 1e-9, so its step 1 (already
/// within `r`) cannot fire through the rounding of `gap²` either.
#[inline]
fn beyond_reach(ball: &Circle, v: [f32; 2], axis: usize, b: &Rect, limit: f64) -> bool {
    let (c, r, v) = (ball.center()[axis] as f64, ball.radius() as f64, v[axis] as f64);
    // As in `sweep_core`: `below = lo − c`, `above = c − hi`, entry at `(below − r)/v` (v > 0) or
    // `(r − above)/v` (v < 0), the same value as `(above − r)/|v|`.
    let gap = if v > 0.0 { (b.min()[axis] as f64 - c) - r } else { (c - b.max()[axis] as f64) - r };
    v != 0.0 && gap > r * 1e-9 && gap / v.abs() > limit
}

/// Applies the response to the velocity: the part going into `n` (`uₙ = u·n < 0`) reversed by
/// `e` (`u ← u − (1 + e)·uₙ·n`), and the part along the contact, `uₜ`, shortened by `mu·|uₙ|` (to
/// zero if it is shorter: Coulomb friction). Nothing when `u` does not go into `n`.
fn respond(u: &mut [f64; 2], n: [f32; 2], ctx: &Ctx) {
    let n = wide(n);
    let un = dot(*u, n);
    if un < 0.0 {
        let mut t = [u[0] - un * n[0], u[1] - un * n[1]];
        if ctx.mu > 0.0 {
            let len = sqrt(dot(t, t));
            let keep = if len > 0.0 { (1.0 - ctx.mu * -un / len).max(0.0) } else { 0.0 };
            t = [t[0] * keep, t[1] * keep];
            *u = [t[0] - ctx.e * un * n[0], t[1] - ctx.e * un * n[1]];
            return;
        }
        for i in 0..2 {
            u[i] -= (1.0 + ctx.e) * un * n[i];
        }
    }
}

/// Where a resolver writes what happened: the full [`Step`], or the batched step's slim record
/// (`many.rs`). The resolvers read back only the end and the stored normals (the first
/// [`MAX_CONTACTS`] contacts' ones, in order), so every record gives them the same answers.
pub(super) trait Record {
    /// Records a contact, and whether it is a bump (see [`Step::bump`]).
    fn record(&mut self, index: usize, b: &Rect, center: [f32; 2], point: [f32; 2], normal: [f32; 2], t: f32);
    /// How many contacts are stored (at most [`MAX_CONTACTS`]).
    fn stored(&self) -> usize;
    /// The stored contacts' normals, in order.
    fn normals(&self) -> impl Iterator<Item = [f32; 2]> + Clone + '_;
    /// The centre so far.
    fn end(&self) -> [f32; 2];
    fn set_end(&mut self, end: [f32; 2]);
    fn set_velocity(&mut self, velocity: [f32; 2]);
    fn set_pushed_out(&mut self, push: [f32; 2]);
    fn set_tunnelled(&mut self, tunnelled: bool);
}

impl Step {
    pub(super) fn begin(ball: &Circle, velocity_in: [f32; 2]) -> Self {
        let c = ball.center();
        Step {
            start: c,
            end: c,
            velocity_in,
            velocity: velocity_in,
            contacts: [Hit::EMPTY; MAX_CONTACTS],
            len: 0,
            dropped: 0,
            bump: false,
            pushed_out: [0.0; 2],
            tunnelled: false,
        }
    }
}

impl Record for Step {
    /// Records a contact, and whether it is a bump (see [`Step::bump`]).
    fn record(&mut self, index: usize, b: &Rect, center: [f32; 2], point: [f32; 2], normal: [f32; 2], t: f32) {
        let v = self.velocity_in;
        if normal[0] * v[0] < 0.0 && b.max()[1] <= center[1] {
            self.bump = true;
        }
        if self.len < MAX_CONTACTS {
            let feature = Hit::feature_at(&center, &b.min(), &b.max());
            self.contacts[self.len] = Hit { index, t, center, point, normal, feature, initial: t == 0.0 };
            self.len += 1;
        } else {
            self.dropped += 1;
        }
    }

    fn stored(&self) -> usize {
        self.len
    }

    fn normals(&self) -> impl Iterator<Item = [f32; 2]> + Clone + '_ {
        self.contacts().iter().map(|k| k.normal)
    }

    fn end(&self) -> [f32; 2] {
        self.end
    }

    fn set_end(&mut self, end: [f32; 2]) {
        self.end = end;
    }

    fn set_velocity(&mut self, velocity: [f32; 2]) {
        self.velocity = velocity;
    }

    fn set_pushed_out(&mut self, push: [f32; 2]) {
        self.pushed_out = push;
    }

    fn set_tunnelled(&mut self, tunnelled: bool) {
        self.tunnelled = tunnelled;
    }
}

/// Runs one strategy on an already gravity-updated velocity `v`: first the push-out of a ball
/// that starts overlapping a solid by more than `tol` (the nearest free position, the velocity into
/// what it then touches removed), then the strategy from there.
pub(super) fn resolve<W: World>(
    id: StrategyId,
    ball: &Circle,
    v: [f32; 2],
    world: &W,
    k: Coeffs,
    tol: f32,
    prefer: super::Prefer,
) -> Step {
    let mut step = Step::begin(ball, v);
    resolve_into(id, ball, v, world, k, tol, prefer, &mut step);
    step
}

/// [`resolve`] into any [`Record`] (begun at `ball` with `v`): the batched step's entry, which
/// skips building a [`Step`].
#[allow(clippy::too_many_arguments)]
pub(super) fn resolve_into<W: World, R: Record>(
    id: StrategyId,
    ball: &Circle,
    v: [f32; 2],
    world: &W,
    k: Coeffs,
    tol: f32,
    prefer: super::Prefer,
    step: &mut R,
) {
    if !v.iter().all(|x| x.is_finite()) {
        step.set_velocity([0.0; 2]);
        return;
    }
    let (c, r) = (ball.center(), ball.radius());
    let mut here = *ball;
    let mut u = v;
    if let Some(free) = depenetrate(world, c, r, tol, prefer) {
        step.set_pushed_out([free.center[0] - c[0], free.center[1] - c[1]]);
        step.record(free.index, &free.rect, c, free.point, free.normal, 0.0);
        let ctx = Ctx { e: k.e, mu: k.mu, tol, low: free.center[1] - r };
        let (normals, n) = touching(world, &ctx, free.center, r);
        let mut w = wide(v);
        clip_all(&mut w, normals[..n].iter().copied());
        u = narrow(w);
        here = Circle::new(free.center, r).unwrap_or(here);
        step.set_end(free.center);
    }
    let ctx = Ctx { e: k.e, mu: k.mu, tol, low: here.center()[1] - r };
    match id {
        StrategyId::DiscreteInOrder => discrete_in_order(step, &here, u, world, &ctx),
        StrategyId::DiscreteDeepestFirst => discrete_deepest(step, &here, u, world, &ctx),
        StrategyId::SweptSlide => swept_slide(step, &here, u, world, &ctx, Boxes::Plain),
        StrategyId::PerAxis => per_axis(step, &here, u, world, &ctx),
        StrategyId::PlaneSolver => plane::plane_solver(step, &here, u, world, &ctx),
        StrategyId::Merged => swept_slide(step, &here, u, world, &ctx, Boxes::Merged),
        StrategyId::SweptSlideSeamless => swept_slide(step, &here, u, world, &ctx, Boxes::Seamless),
    }
    if matches!(id, StrategyId::DiscreteInOrder | StrategyId::DiscreteDeepestFirst) {
        let t = tunnelled(step, &here, u, world, &ctx);
        step.set_tunnelled(t);
    }
}

/// The outward normals of the solid boxes within `r + tol` of `c` (at most [`MAX_PLANES`]), internal
/// edges left out (a seam's corner within the tolerance is not a surface).
fn touching<W: World>(world: &W, ctx: &Ctx, c: [f32; 2], r: f32) -> ([[f32; 2]; MAX_PLANES], usize) {
    let mut out = [[0.0f32; 2]; MAX_PLANES];
    let mut n = 0;
    let reach = r as f64 + ctx.tol as f64;
    if let Some(bounds) = swept_bounds(wide(c), [0.0; 2], reach) {
        world.candidates(&bounds, |i, b| {
            if world.one_way(i) || n == MAX_PLANES {
                return;
            }
            let q = closest_point(&c, &b);
            let w = [c[0] as f64 - q[0] as f64, c[1] as f64 - q[1] as f64];
            let dist = sqrt(dot(w, w));
            let normal = narrow([w[0] / dist, w[1] / dist]);
            if dist > 0.0 && dist <= reach && !internal(world, ctx, i, &b, q, normal) {
                out[n] = normal;
                n += 1;
            }
        });
        world.oriented(&bounds, |_, o| {
            let (_, e, dist) = closest_oriented(&o, c);
            if n < MAX_PLANES && dist > 0.0 && dist <= reach {
                out[n] = narrow([e[0] / dist, e[1] / dist]);
                n += 1;
            }
        });
    }
    (out, n)
}

/// The swept path's first blocking contact (plain boxes, the straight move `v`), and the discrete
/// end more than a radius behind it along its normal.
fn tunnelled<W: World, R: Record>(step: &R, ball: &Circle, v: [f32; 2], world: &W, ctx: &Ctx) -> bool {
    let d = wide(v);
    let r = ball.radius();
    match first_hit(world, ctx, Boxes::Plain, ball, d, |h, b| blocks(h, d, b, r)) {
        Some((_, h, _)) => {
            let behind: f64 = (0..2).map(|i| (step.end()[i] as f64 - h.center[i] as f64) * h.normal[i] as f64).sum();
            behind < -(r as f64)
        }
        None => false,
    }
}

fn moved(ball: &Circle, d: [f32; 2]) -> Option<[f32; 2]> {
    ball.translated(d).map(|b| b.center())
}

/// The push out of box `b` for a ball of radius `r` at `p`, if it overlaps (touching does not
/// count). A one-way box pushes only up onto its top, and only a ball that started above it.
fn push_of<W: World>(world: &W, ctx: &Ctx, p: [f32; 2], r: f32, i: usize, b: &Rect) -> Option<[f32; 2]> {
    let Ok(ball) = Circle::new(p, r) else { return None };
    if world.one_way(i) {
        let top = b.max()[1];
        if (ctx.low as f64) < top as f64 - ctx.tol as f64 {
            return None;
        }
        if b.min()[0] <= p[0] && p[0] <= b.max()[0] {
            let up = narrow([0.0, top as f64 + r as f64 - p[1] as f64])[1];
            return (up > 0.0).then_some([0.0, up]);
        }
        let q = closest_point(&p, b);
        let res = response(&ball, b);
        return (q[1] == top && res.push[1] > 0.0).then_some(res.push);
    }
    let res = response(&ball, b);
    (res.push != [0.0; 2]).then_some(res.push)
}

/// Pushes the ball out of box `b` if it overlaps (see [`push_of`]); records the contact and applies
/// the response to the velocity.
#[allow(clippy::too_many_arguments)]
fn push_out<W: World, R: Record>(
    step: &mut R,
    world: &W,
    ctx: &Ctx,
    p: &mut [f32; 2],
    r: f32,
    i: usize,
    b: &Rect,
    u: &mut [f64; 2],
) {
    let Some(push) = push_of(world, ctx, *p, r, i, b) else { return };
    let closest = closest_point(p, b);
    // The direction: along c − s when the centre is outside (the push itself is rounded outward per
    // axis by a few ulps, which tilts a tiny push), else the push, which is along a face normal.
    let w = if *p != closest {
        [p[0] as f64 - closest[0] as f64, p[1] as f64 - closest[1] as f64]
    } else {
        push.map(f64::from)
    };
    let len = sqrt(w.iter().map(|&x| x * x).sum::<f64>());
    if len == 0.0 {
        return;
    }
    let n = [(w[0] / len) as f32, (w[1] / len) as f32];
    step.record(i, b, *p, closest, n, 1.0);
    respond(u, n, ctx);
    let np = [p[0] + push[0], p[1] + push[1]];
    if np.iter().all(|x| x.is_finite()) {
        *p = np;
    }
}

/// Pushes the ball out of rotated box `o` if it overlaps ([`OrientedRect::push_out`]); records the contact
/// and applies the response to the velocity.
fn push_out_oriented<R: Record>(
    step: &mut R,
    ctx: &Ctx,
    p: &mut [f32; 2],
    r: f32,
    i: usize,
    o: &OrientedRect,
    u: &mut [f64; 2],
) {
    let Ok(ball) = Circle::new(*p, r) else { return };
    let push = o.push_out(&ball);
    if push == [0.0; 2] {
        return;
    }
    let (q, e, dist) = closest_oriented(o, *p);
    let w = if dist > 0.0 { e } else { wide(push) };
    let len = sqrt(dot(w, w));
    if len == 0.0 {
        return;
    }
    let n = narrow([w[0] / len, w[1] / len]);
    step.record(i, &o.bounding_aabb(), *p, narrow(q), n, 1.0);
    respond(u, n, ctx);
    let np = [p[0] + push[0], p[1] + push[1]];
    if np.iter().all(|x| x.is_finite()) {
        *p = np;
    }
}

fn discrete_in_order<W: World, R: Record>(step: &mut R, ball: &Circle, v: [f32; 2], world: &W, ctx: &Ctx) {
    let r = ball.radius();
    let Some(mut p) = moved(ball, v) else { return };
    let mut u = wide(v);
    if let Some(bounds) = swept_bounds(wide(p), [0.0; 2], r as f64) {
        world.candidates(&bounds, |i, b| push_out(step, world, ctx, &mut p, r, i, &b, &mut u));
        world.oriented(&bounds, |i, o| push_out_oriented(step, ctx, &mut p, r, i, &o, &mut u));
    }
    step.set_end(p);
    step.set_velocity(narrow(u));
}

fn discrete_deepest<W: World, R: Record>(step: &mut R, ball: &Circle, v: [f32; 2], world: &W, ctx: &Ctx) {
    let r = ball.radius();
    let Some(mut p) = moved(ball, v) else { return };
    let mut u = wide(v);
    for _ in 0..2 * MAX_ITERATIONS {
        let Some(bounds) = swept_bounds(wide(p), [0.0; 2], r as f64) else { break };
        let Ok(here) = Circle::new(p, r) else { break };
        let mut deepest: Option<(usize, Solid, f32)> = None;
        world.candidates(&bounds, |i, b| {
            let depth = if world.one_way(i) {
                push_of(world, ctx, p, r, i, &b).map_or(0.0, |push| push[1])
            } else {
                here.contact(&b).penetration
            };
            if depth > 0.0 && deepest.as_ref().is_none_or(|d| depth > d.2) {
                deepest = Some((i, Solid::Aligned(b), depth));
            }
        });
        world.oriented(&bounds, |i, o| {
            let depth = o.contact(&here).penetration;
            if depth > 0.0 && deepest.as_ref().is_none_or(|d| depth > d.2) {
                deepest = Some((i, Solid::Oriented(o), depth));
            }
        });
        match deepest {
            None => break,
            Some((i, Solid::Aligned(b), _)) => push_out(step, world, ctx, &mut p, r, i, &b, &mut u),
            Some((i, Solid::Oriented(o), _)) => push_out_oriented(step, ctx, &mut p, r, i, &o, &mut u),
        }
    }
    step.set_end(p);
    step.set_velocity(narrow(u));
}

fn swept_slide<W: World, R: Record>(step: &mut R, ball: &Circle, v: [f32; 2], world: &W, ctx: &Ctx, boxes: Boxes) {
    let r = ball.radius();
    let mut p = ball.center();
    let mut u = wide(v);
    let mut time = 0.0f64;
    let mut done = false;
    for _ in 0..MAX_ITERATIONS {
        let rest = 1.0 - time;
        if u == [0.0; 2] {
            done = true;
            break;
        }
        let d = u.map(|x| x * rest);
        let Ok(here) = Circle::new(p, r) else { break };
        match first_hit(world, ctx, boxes, &here, d, |h, b| blocks(h, d, b, r)) {
            None => {
                p = narrow([p[0] as f64 + d[0], p[1] as f64 + d[1]]);
                done = true;
                break;
            }
            Some((i, h, b)) => {
                p = h.center;
                time += rest * h.t as f64;
                step.record(i, &b.bounding_aabb(), h.center, h.point, h.normal, time as f32);
                respond(&mut u, h.normal, ctx);
            }
        }
    }
    if !done {
        // The budget ran out (a ball wedged between contacts that keep turning it back, e.g. bouncing
        // between the walls of a shaft exactly 2r wide): what is left must not go into anything met
        // on the way. Then one last sweep with what remains, stopping at the first block: the ball
        // still makes the part of the move its contacts allow (no freeze).
        clip_all(&mut u, step.normals());
        let d = u.map(|x| x * (1.0 - time));
        if let Ok(here) = Circle::new(p, r) {
            match first_hit(world, ctx, boxes, &here, d, |h, b| blocks(h, d, b, r)) {
                None => p = narrow([p[0] as f64 + d[0], p[1] as f64 + d[1]]),
                Some((i, h, b)) => {
                    p = h.center;
                    let t = (time + (1.0 - time) * h.t as f64) as f32;
                    step.record(i, &b.bounding_aabb(), h.center, h.point, h.normal, t);
                    clip_all(&mut u, step.normals());
                }
            }
        }
    }
    step.set_end(p);
    step.set_velocity(narrow(u));
}

fn per_axis<W: World, R: Record>(step: &mut R, ball: &Circle, v: [f32; 2], world: &W, ctx: &Ctx) {
    let r = ball.radius();
    let mut p = ball.center();
    let mut u = wide(v);
    for axis in 0..2 {
        if u[axis] == 0.0 {
            continue;
        }
        let mut d = [0.0; 2];
        d[axis] = u[axis];
        let Ok(here) = Circle::new(p, r) else { break };
        let tol = BLOCK_TOLERANCE * d[axis].abs();
        match first_hit(world, ctx, Boxes::Plain, &here, d, |h, _| h.normal[axis] as f64 * d[axis] < -tol) {
            None => p[axis] += narrow(d)[axis],
            Some((i, h, b)) => {
                p = h.center;
                step.record(i, &b.bounding_aabb(), h.center, h.point, h.normal, h.t);
                u[axis] *= -ctx.e;
            }
        }
    }
    step.set_end(p);
    step.set_velocity(narrow(u));
}
