//! The batched world step: one call steps many balls through the same world.
//!
//! [`step_many`] takes the balls as arrays ([`BallsMut`]: positions and velocities, structure of
//! arrays), one radius for all or one each ([`Radii`]), and writes back each ball's end and
//! outgoing velocity, with an optional slim [`Outcome`] per ball (flags and the last contact
//! normal, 12 bytes) instead of a [`Step`](super::Step). `par_step_many` (feature `parallel`)
//! does the same on rayon's thread pool.
//!
//! # What it guarantees
//! For every strategy and every ball `i`, the end position and velocity are **bit for bit** those
//! of [`step`](super::step)`(id, &Circle(x[i], y[i], r_i), [vx[i], vy[i]], world, params)` — the
//! test command checks it on millions of random balls, every strategy, every SIMD level, with
//! awkward places (flush floors, exact `2r` gaps, corners, one-way cells, embedded starts). Bad
//! input (slices of different lengths, a non-finite position, a negative or non-finite radius) is
//! an error naming the field, and then nothing is moved.
//!
//! # Two paths
//! - **Free space.** A block of 64 balls at a time, a lane kernel (`batch/step.rs`) computes each
//!   ball's velocity with gravity, the end a move that meets nothing reaches (exactly as the
//!   strategy's own no-contact path computes it: an `f32` addition for the discrete strategies, per
//!   axis for `per-axis`, the slide's `f64` sum for the swept ones, the plane solver's
//!   `c + ((c + v) − c)`), and the rectangle every query of the exact step would stay within (the
//!   segment from the centre to `c + v` grown by `r`, the contact tolerance and a relative margin
//!   above the resolvers' own). Then one [`World::clear`] question per ball — for a [`TileMap`](super::TileMap), a
//!   word test of its bitset per row of the cell range — and a ball whose rectangle is clear takes
//!   the kernel's answer: no push-out search, no sweep, no contact. [`Tally::fast`] counts them.
//! - **Exact.** Every other ball runs the same resolver code as [`step`](super::step), writing
//!   into a slim record (the end, the velocity, the flags and the few normals the resolvers read
//!   back) instead of a 600-byte `Step`.
//!
//! # SIMD levels
//! The lane kernel is plain Rust. On x86-64 it is compiled for AVX2 and AVX-512 too (where LLVM
//! vectorises it) and chosen at run time ([`batch::level`](crate::batch::level), [`batch::set_level`](crate::batch::set_level)
//! to compare); the portable build, and the browser's (even with `simd128`), run it scalar as
//! compiled today. Every level gives the same bits: additions, comparisons and selects only.
//!
//! # Threads
//! `par_step_many` halves the batch at 64-ball blocks down to chunks of at most
//! [`PAR_STEP_CHUNK`] balls, on rayon's pool (`rayon::join`, work stealing); each chunk runs the one-thread loop, so the answer is the same whatever
//! the thread count. Balls are independent (the world is read only), so chunks need no ordering.
//!
//! ```
//! use ball_aabb::world::{step, step_many, BallsMut, Outcome, Params, Radii, StrategyId, TileMap};
//! use ball_aabb::Circle;
//! let map = TileMap::from_ascii("......\n......\n######", 1.0)?;
//! let params = Params::default().with_gravity([0.0, -0.25]);
//! let (mut x, mut y, mut vx, mut vy) = (vec![1.5, 3.0], vec![1.5, 2.5], vec![0.5, 0.0], vec![0.0, -0.5]);
//! let (x0, y0, vx0, vy0) = (x.clone(), y.clone(), vx.clone(), vy.clone());
//! let mut out = vec![Outcome::default(); 2];
//! let balls = BallsMut { x: &mut x, y: &mut y, vx: &mut vx, vy: &mut vy };
//! let tally = step_many(StrategyId::default(), &map, &params, balls, Radii::One(0.5), &mut out)?;
//! for i in 0..2 {
//!     let s = step(StrategyId::default(), &Circle::new([x0[i], y0[i]], 0.5)?, [vx0[i], vy0[i]], &map, &params);
//!     assert_eq!(([x[i], y[i]], [vx[i], vy[i]]), (s.end, s.velocity));
//! }
//! assert_eq!(tally.balls, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

use core::fmt;

use super::resolve::{resolve_into, Record};
use super::{prelude, Params, StrategyId, World, MAX_CONTACTS};
use crate::batch::free_lanes;
use crate::batch::step::{FreeIn, FreeOut, LaneRadii, Motion};
use crate::shape::{Circle, Rect};

/// The balls of a batch, structure of arrays: all four slices the same length.
#[derive(Debug)]
pub struct BallsMut<'a> {
    /// Centres, x.
    pub x: &'a mut [f32],
    /// Centres, y.
    pub y: &'a mut [f32],
    /// Velocities (displacement per step), x.
    pub vx: &'a mut [f32],
    /// Velocities, y.
    pub vy: &'a mut [f32],
}

/// One radius for every ball, or one each (the same length as the positions).
#[derive(Clone, Copy, Debug)]
pub enum Radii<'a> {
    /// Every ball has this radius.
    One(f32),
    /// Ball `i` has radius `radii[i]`.
    Each(&'a [f32]),
}

/// The flags of an [`Outcome`]: a small set over `u8`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Flags(u8);

impl Flags {
    /// No flag.
    pub const NONE: Flags = Flags(0);
    /// The step met something: a sweep hit, a discrete push, a plane that pushed, or a push-out
    /// (the step's [`contacts`](super::Step::contacts) are not empty, or some were dropped).
    pub const HIT: Flags = Flags(1);
    /// [`Step::tunnelled`](super::Step::tunnelled).
    pub const TUNNELLED: Flags = Flags(2);
    /// The ball started embedded and was pushed out ([`Step::pushed_out`](super::Step::pushed_out)
    /// is not zero).
    pub const PUSHED_OUT: Flags = Flags(4);
    /// [`Step::bump`](super::Step::bump).
    pub const BUMP: Flags = Flags(8);

    /// Are all the flags of `other` set?
    #[must_use]
    #[inline]
    pub const fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0
    }

    /// The flags as bits (`HIT` = 1, `TUNNELLED` = 2, `PUSHED_OUT` = 4, `BUMP` = 8).
    #[must_use]
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Is no flag set?
    #[must_use]
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    fn set(&mut self, f: Flags, on: bool) {
        if on {
            self.0 |= f.0;
        }
    }
}

impl core::ops::BitOr for Flags {
    type Output = Flags;
    fn bitor(self, rhs: Flags) -> Flags {
        Flags(self.0 | rhs.0)
    }
}

impl fmt::Debug for Flags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [
            (Flags::HIT, "HIT"),
            (Flags::TUNNELLED, "TUNNELLED"),
            (Flags::PUSHED_OUT, "PUSHED_OUT"),
            (Flags::BUMP, "BUMP"),
        ];
        let mut list = f.debug_set();
        for (flag, name) in names {
            if self.contains(flag) {
                list.entry(&format_args!("{name}"));
            }
        }
        list.finish()
    }
}

/// A slim per-ball result: flags and the last contact normal (12 bytes).
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub struct Outcome {
    /// What happened.
    pub flags: Flags,
    /// The normal of the step's last contact (also one beyond the [`MAX_CONTACTS`] a `Step` stores);
    /// `[0, 0]` when there was none.
    pub normal: [f32; 2],
}

/// Totals of one batched step.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Balls stepped.
    pub balls: usize,
    /// With [`Flags::HIT`].
    pub hit: usize,
    /// With [`Flags::TUNNELLED`].
    pub tunnelled: usize,
    /// With [`Flags::PUSHED_OUT`].
    pub pushed_out: usize,
    /// That took the free-space path.
    pub fast: usize,
}

impl core::ops::Add for Tally {
    type Output = Tally;
    fn add(self, o: Tally) -> Tally {
        Tally {
            balls: self.balls + o.balls,
            hit: self.hit + o.hit,
            tunnelled: self.tunnelled + o.tunnelled,
            pushed_out: self.pushed_out + o.pushed_out,
            fast: self.fast + o.fast,
        }
    }
}

/// Why [`step_many`] refused a batch (nothing was moved).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BatchError {
    /// A slice's length differs from the positions' (`x`'s).
    Length {
        /// `"y"`, `"vx"`, `"vy"`, `"radii"` or `"outcomes"`.
        field: &'static str,
        /// Its length.
        len: usize,
        /// `x.len()` (for `outcomes`: 0 is allowed too).
        expected: usize,
    },
    /// A radius is negative or not finite.
    Radius {
        /// `"radius"` ([`Radii::One`]) or `"radii"`.
        field: &'static str,
        /// Which ball (0 for [`Radii::One`]).
        index: usize,
        /// The value.
        value: f32,
    },
    /// A position is not finite.
    Position {
        /// `"x"` or `"y"`.
        field: &'static str,
        /// Which ball.
        index: usize,
        /// The value.
        value: f32,
    },
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BatchError::Length { field, len, expected } => {
                write!(f, "{field}: length {len}, expected {expected} (the length of x)")
            }
            BatchError::Radius { field, index, value } => {
                write!(f, "{field}[{index}] = {value}: a radius must be finite and ≥ 0")
            }
            BatchError::Position { field, index, value } => {
                write!(f, "{field}[{index}] = {value}: a position must be finite")
            }
        }
    }
}

impl core::error::Error for BatchError {}

/// The most balls a chunk of `par_step_many` holds (it splits at whole 64-ball blocks): small enough that two threads
/// share the work of a few thousand balls evenly, large enough that handing a chunk over is noise.
pub const PAR_STEP_CHUNK: usize = 2048;

/// One physics step for every ball: for each ball `i`, afterwards `(x[i], y[i])` and
/// `(vx[i], vy[i])` are bit for bit `world::step(id, &Circle(x[i], y[i], r_i), [vx[i], vy[i]],
/// world, params)`'s `end` and `velocity`. `outcomes`: empty to skip, else one per ball.
///
/// # Errors
/// [`BatchError`], naming the field, when the slices' lengths differ, a radius is negative or not
/// finite, or a position is not finite; then nothing is moved. (A non-finite velocity is not an
/// error: as in [`step`](super::step), that ball stays and its velocity becomes 0.)
pub fn step_many<W: World>(
    id: StrategyId,
    world: &W,
    params: &Params,
    balls: BallsMut<'_>,
    radii: Radii<'_>,
    outcomes: &mut [Outcome],
) -> Result<Tally, BatchError> {
    validate(&balls, radii, outcomes)?;
    Ok(run(id, world, params, balls, radii, outcomes))
}

/// [`step_many`] on rayon's thread pool (feature `parallel`): `threads` = 0 for the pool in use
/// (rayon's default: one thread per core), 1 for this thread alone, `T` for a pool of `T` threads
/// (built once per `T` and kept). The same bits as [`step_many`].
///
/// # Errors
/// As [`step_many`].
#[cfg(feature = "parallel")]
pub fn par_step_many<W: World + Sync>(
    id: StrategyId,
    world: &W,
    params: &Params,
    balls: BallsMut<'_>,
    radii: Radii<'_>,
    outcomes: &mut [Outcome],
    threads: usize,
) -> Result<Tally, BatchError> {
    validate(&balls, radii, outcomes)?;
    if threads == 1 {
        return Ok(run(id, world, params, balls, radii, outcomes));
    }
    Ok(in_pool(threads, || split(id, world, params, balls, radii, outcomes)))
}

/// Halves the batch (at a 64-ball block) until a half is at most [`PAR_STEP_CHUNK`] balls, the
/// halves on [`rayon::join`] (work stealing keeps every thread busy to the end).
#[cfg(feature = "parallel")]
fn split<W: World + Sync>(
    id: StrategyId,
    world: &W,
    params: &Params,
    balls: BallsMut<'_>,
    radii: Radii<'_>,
    outcomes: &mut [Outcome],
) -> Tally {
    let n = balls.x.len();
    if n <= PAR_STEP_CHUNK {
        return run(id, world, params, balls, radii, outcomes);
    }
    let mid = (n / 2).next_multiple_of(crate::batch::step::BLOCK);
    let BallsMut { x, y, vx, vy } = balls;
    let ((x0, x1), (y0, y1)) = (x.split_at_mut(mid), y.split_at_mut(mid));
    let ((vx0, vx1), (vy0, vy1)) = (vx.split_at_mut(mid), vy.split_at_mut(mid));
    let (r0, r1) = match radii {
        Radii::One(r) => (Radii::One(r), Radii::One(r)),
        Radii::Each(rs) => (Radii::Each(&rs[..mid]), Radii::Each(&rs[mid..])),
    };
    let (o0, o1) = if outcomes.is_empty() { (&mut [][..], &mut [][..]) } else { outcomes.split_at_mut(mid) };
    let (a, b) = rayon::join(
        || split(id, world, params, BallsMut { x: x0, y: y0, vx: vx0, vy: vy0 }, r0, o0),
        || split(id, world, params, BallsMut { x: x1, y: y1, vx: vx1, vy: vy1 }, r1, o1),
    );
    a + b
}

/// Runs `f` on the pool of `threads` threads (0: the pool in use).
#[cfg(feature = "parallel")]
fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    use alloc::vec::Vec;
    use std::sync::{Arc, Mutex};
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    if threads == 0 || threads == rayon::current_num_threads() {
        return f();
    }
    let pool = {
        let mut pools = POOLS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match pools.iter().find(|(t, _)| *t == threads) {
            Some((_, p)) => Some(p.clone()),
            None => match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
                Ok(p) => {
                    let p = Arc::new(p);
                    pools.push((threads, p.clone()));
                    Some(p)
                }
                Err(_) => None,
            },
        }
    };
    match pool {
        Some(p) => p.install(f),
        None => f(),
    }
}

/// Checks the lengths, the radii and the positions (see [`BatchError`]).
fn validate(balls: &BallsMut<'_>, radii: Radii<'_>, outcomes: &[Outcome]) -> Result<(), BatchError> {
    let n = balls.x.len();
    let lengths = [("y", balls.y.len()), ("vx", balls.vx.len()), ("vy", balls.vy.len())];
    for (field, len) in lengths {
        if len != n {
            return Err(BatchError::Length { field, len, expected: n });
        }
    }
    if !outcomes.is_empty() && outcomes.len() != n {
        return Err(BatchError::Length { field: "outcomes", len: outcomes.len(), expected: n });
    }
    let bad_radius = |r: f32| !(r.is_finite() && r >= 0.0);
    match radii {
        Radii::One(r) if bad_radius(r) => return Err(BatchError::Radius { field: "radius", index: 0, value: r }),
        Radii::One(_) => {}
        Radii::Each(rs) => {
            if rs.len() != n {
                return Err(BatchError::Length { field: "radii", len: rs.len(), expected: n });
            }
            // One vectorisable pass; the index only when something is wrong.
            if rs.iter().any(|&r| bad_radius(r)) {
                let index = rs.iter().position(|&r| bad_radius(r)).unwrap_or(0);
                return Err(BatchError::Radius { field: "radii", index, value: rs[index] });
            }
        }
    }
    for (field, s) in [("x", &*balls.x), ("y", &*balls.y)] {
        if !s.iter().fold(true, |ok, v| ok & v.is_finite()) {
            let index = s.iter().position(|v| !v.is_finite()).unwrap_or(0);
            return Err(BatchError::Position { field, index, value: s[index] });
        }
    }
    Ok(())
}

/// How the strategy moves a ball that meets nothing (see `batch/step.rs`).
fn motion(id: StrategyId) -> Motion {
    match id {
        StrategyId::DiscreteInOrder | StrategyId::DiscreteDeepestFirst => Motion::Translate,
        StrategyId::PerAxis => Motion::PerAxis,
        StrategyId::SweptSlide | StrategyId::Merged | StrategyId::SweptSlideSeamless => Motion::Swept,
        StrategyId::PlaneSolver => Motion::Plane,
    }
}

/// The batch, validated: blocks of 64 balls, the free-space lanes first, the exact path for the rest.
fn run<W: World>(
    id: StrategyId,
    world: &W,
    params: &Params,
    balls: BallsMut<'_>,
    radii: Radii<'_>,
    outcomes: &mut [Outcome],
) -> Tally {
    const BLOCK: usize = crate::batch::step::BLOCK;
    let BallsMut { x, y, vx, vy } = balls;
    let n = x.len();
    let mut tally = Tally { balls: n, ..Tally::default() };
    let slop = if params.slop > 0.0 { params.slop } else { 0.0 };
    let mut out = FreeOut::default();
    let mut start = 0;
    while start < n {
        let end = (start + BLOCK).min(n);
        let lane_r = match radii {
            Radii::One(r) => LaneRadii::One(r),
            Radii::Each(rs) => LaneRadii::Each(&rs[start..end]),
        };
        let inp = FreeIn {
            x: &x[start..end],
            y: &y[start..end],
            vx: &vx[start..end],
            vy: &vy[start..end],
            r: lane_r,
            gravity: params.gravity,
            slop,
            motion: motion(id),
        };
        free_lanes(&inp, &mut out);
        for j in 0..end - start {
            let i = start + j;
            let fast = out.ok[j]
                && world.clear(&Rect::from_ordered([out.lo[0][j], out.lo[1][j]], [out.hi[0][j], out.hi[1][j]]));
            if fast {
                (x[i], y[i], vx[i], vy[i]) = (out.x[j], out.y[j], out.vx[j], out.vy[j]);
                if let Some(o) = outcomes.get_mut(i) {
                    *o = Outcome::default();
                }
                tally.fast += 1;
                continue;
            }
            let r = match radii {
                Radii::One(r) => r,
                Radii::Each(rs) => rs[i],
            };
            let Ok(ball) = Circle::new([x[i], y[i]], r) else { continue };
            let (v, k, tol) = prelude(&ball, [vx[i], vy[i]], params);
            let mut rec = Slim::begin(&ball, v);
            resolve_into(id, &ball, v, world, k, tol, params.prefer, &mut rec);
            (x[i], y[i], vx[i], vy[i]) = (rec.end[0], rec.end[1], rec.velocity[0], rec.velocity[1]);
            let f = rec.outcome.flags;
            tally.hit += usize::from(f.contains(Flags::HIT));
            tally.tunnelled += usize::from(f.contains(Flags::TUNNELLED));
            tally.pushed_out += usize::from(f.contains(Flags::PUSHED_OUT));
            if let Some(o) = outcomes.get_mut(i) {
                *o = rec.outcome;
            }
        }
        start = end;
    }
    tally
}

/// The batched step's record of one exact step: what a [`Step`](super::Step) keeps that the
/// resolvers read back (the end, the first [`MAX_CONTACTS`] normals), and the [`Outcome`].
struct Slim {
    end: [f32; 2],
    velocity_in: [f32; 2],
    velocity: [f32; 2],
    normals: [[f32; 2]; MAX_CONTACTS],
    len: usize,
    outcome: Outcome,
}

impl Slim {
    fn begin(ball: &Circle, v: [f32; 2]) -> Slim {
        Slim {
            end: ball.center(),
            velocity_in: v,
            velocity: v,
            normals: [[0.0; 2]; MAX_CONTACTS],
            len: 0,
            outcome: Outcome::default(),
        }
    }
}

impl Record for Slim {
    fn record(&mut self, _index: usize, b: &Rect, center: [f32; 2], _point: [f32; 2], normal: [f32; 2], _t: f32) {
        // The bump rule of `Step`'s record.
        let bump = normal[0] * self.velocity_in[0] < 0.0 && b.max()[1] <= center[1];
        self.outcome.flags.set(Flags::BUMP, bump);
        self.outcome.flags.set(Flags::HIT, true);
        self.outcome.normal = normal;
        if self.len < MAX_CONTACTS {
            self.normals[self.len] = normal;
            self.len += 1;
        }
    }

    fn stored(&self) -> usize {
        self.len
    }

    fn normals(&self) -> impl Iterator<Item = [f32; 2]> + Clone + '_ {
        self.normals[..self.len].iter().copied()
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
        self.outcome.flags.set(Flags::PUSHED_OUT, push != [0.0; 2]);
    }

    fn set_tunnelled(&mut self, tunnelled: bool) {
        self.outcome.flags.set(Flags::TUNNELLED, tunnelled);
    }
}
