//! Many balls through one tile map: the scenario shared by the command line (`move --balls`), the
//! `bench` swarm rows and the demo's rain scene. Windowless (no `gui` feature needed).
//!
//! - [`make_map`]: the maps, seeded: random noise ([`MapKind::Noise`]), a level of platforms
//!   ([`MapKind::Level`]), stacked floors for balls at rest ([`MapKind::Floors`]);
//! - [`Swarm`]: the balls as arrays (structure of arrays), placed at random free positions
//!   ([`Swarm::scatter`], or [`Swarm::try_scatter`] for input that may be bad), stepped all at once
//!   with the batched world step ([`Swarm::step`]), and checked ([`Swarm::overlapping`]).
//!
//! ```
//! use circle_aabb_lab::swarm::{make_map, MapKind, Swarm};
//! let map = make_map(&MapKind::Noise { size: 64, fill: 0.3 }, 7);
//! let mut swarm = Swarm::scatter(map, 1000, 0.3, 2.0, 7);
//! assert_eq!((swarm.len(), swarm.overlapping()), (1000, 0));
//! let tally = swarm.step(1);
//! assert_eq!((tally.balls, tally.tunnelled, swarm.overlapping()), (1000, 0, 0));
//! ```

use crate::bench::rng::SplitMix64;
use crate::geom::world::{Params, StrategyId, Tile, TileMap, World};
use crate::geom::Rect;
use core::fmt;

#[cfg(not(target_arch = "wasm32"))]
pub use batch::par_step_many;
pub use batch::{step_many, BallsMut, BatchError, Flags, Outcome, Radii, Tally};

/// What kind of map [`make_map`] draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MapKind {
    /// `size × size` cells, each solid with probability `fill` (no border: outside counts as empty).
    Noise {
        /// Cells on a side.
        size: usize,
        /// Probability that a cell is solid, `[0, 1]`.
        fill: f32,
    },
    /// A level: a solid frame, a ground, platforms (some one-way) and a few pillars, with open air
    /// between them — what a game's level looks like, not noise.
    Level {
        /// Cells across.
        width: usize,
        /// Cells up.
        height: usize,
    },
    /// Full-width solid floors every [`FLOOR_SPACING`] rows inside a solid frame: for balls at rest
    /// ([`Swarm::rest_on_floors`]).
    Floors {
        /// Cells across.
        width: usize,
        /// Cells up.
        height: usize,
    },
}

/// Rows from one floor of [`MapKind::Floors`] to the next.
pub const FLOOR_SPACING: usize = 4;

/// The map of `kind`, seeded (equal seeds, equal maps). Cell size 1, origin 0. Sizes of 0 count as
/// 1; a `fill` outside `[0, 1]` (or NaN) is clamped (NaN: 0).
#[must_use]
pub fn make_map(kind: &MapKind, seed: u64) -> TileMap {
    let mut rng = SplitMix64::new(seed);
    match *kind {
        MapKind::Noise { size, fill } => {
            let size = size.max(1);
            let fill = if fill.is_nan() { 0.0 } else { fill.clamp(0.0, 1.0) };
            let mut map = empty(size, size);
            for row in 0..size {
                for col in 0..size {
                    if rng.chance(fill) {
                        map.set(col, row, true);
                    }
                }
            }
            map
        }
        MapKind::Level { width, height } => level(width.max(1), height.max(1), &mut rng),
        MapKind::Floors { width, height } => {
            let (w, h) = (width.max(1), height.max(1));
            let mut map = empty(w, h);
            frame(&mut map);
            for row in (0..h).step_by(FLOOR_SPACING) {
                for col in 0..w {
                    map.set(col, row, true);
                }
            }
            map
        }
    }
}

/// An empty `w × h` map of unit cells at the origin (sizes ≥ 1).
fn empty(w: usize, h: usize) -> TileMap {
    // Sizes ≥ 1, unit cells at 0: invalid only beyond memory, where the allocation fails first.
    TileMap::new(w, h, 1.0, [0.0, 0.0]).expect("a map of unit cells")
}

/// Solid cells all around the border.
fn frame(map: &mut TileMap) {
    let (w, h) = (map.width(), map.height());
    for col in 0..w {
        map.set(col, 0, true);
        map.set(col, h - 1, true);
    }
    for row in 0..h {
        map.set(0, row, true);
        map.set(w - 1, row, true);
    }
}

/// A level: frame, ground two rows thick, platforms (runs of 3–14 cells, one or two thick, one in
/// five one-way) about one per 40 cells of area, and pillars (runs of 3–10 cells up from a
/// platform or the ground) one per 400 cells.
fn level(w: usize, h: usize, rng: &mut SplitMix64) -> TileMap {
    let mut map = empty(w, h);
    frame(&mut map);
    for col in 0..w {
        if h > 2 {
            map.set(col, 1, true);
        }
    }
    let area = w * h;
    for _ in 0..area / 40 {
        let len = 3 + rng.below(12) as usize;
        let thick = 1 + rng.below(2) as usize;
        let col = rng.below(w as u64) as usize;
        let row = 3 + rng.below(h.saturating_sub(3).max(1) as u64) as usize;
        let tile = if rng.below(5) == 0 { Tile::OneWay } else { Tile::Solid };
        for r in row..(row + thick).min(h) {
            for c in col..(col + len).min(w) {
                map.set_tile(c, r, tile);
            }
        }
    }
    for _ in 0..area / 400 {
        let len = 3 + rng.below(8) as usize;
        let col = rng.below(w as u64) as usize;
        let row = rng.below(h as u64) as usize;
        for r in row..(row + len).min(h) {
            map.set(col, r, true);
        }
    }
    frame(&mut map); // whatever a platform covered of it
    map
}

/// The gravity of [`Swarm::rest_on_floors`], in cells per step per step (downwards).
pub const REST_GRAVITY: f32 = 0.01;

/// Why a swarm cannot be made; each names the bad input.
#[derive(Clone, Debug, PartialEq)]
pub enum SwarmError {
    /// `balls` is 0.
    NoBalls,
    /// `radius` is not finite and positive.
    BadRadius(f32),
    /// `speed` is not finite and non-negative.
    BadSpeed(f32),
    /// No free place was found for ball `placed` (0-based) after many tries: the map is too full for
    /// balls of that radius.
    NoFreePlace {
        /// How many balls were placed.
        placed: usize,
    },
}

impl fmt::Display for SwarmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwarmError::NoBalls => write!(f, "balls: must be at least 1"),
            SwarmError::BadRadius(r) => write!(f, "radius: {r} is not finite and positive"),
            SwarmError::BadSpeed(s) => write!(f, "speed: {s} is not finite and non-negative"),
            SwarmError::NoFreePlace { placed } => write!(
                f,
                "map: no free place found for ball {} of this radius (the map is too full or the balls too big)",
                placed + 1
            ),
        }
    }
}

impl std::error::Error for SwarmError {}

/// Tries per ball to find a free position before [`SwarmError::NoFreePlace`].
const TRIES: usize = 1000;

/// Many balls of one radius through one map, as arrays (`x`, `y`, `vx`, `vy` the same length).
#[derive(Clone, Debug)]
pub struct Swarm {
    /// The world.
    pub map: TileMap,
    /// Centres, x.
    pub x: Vec<f32>,
    /// Centres, y.
    pub y: Vec<f32>,
    /// Velocities (displacement per step), x.
    pub vx: Vec<f32>,
    /// Velocities, y.
    pub vy: Vec<f32>,
    /// Every ball's radius.
    pub radius: f32,
    /// The strategy every step uses (default: the default strategy).
    pub strategy: StrategyId,
    /// Gravity, restitution and slop (default: none, 0, the default slop).
    pub params: Params,
    #[cfg(not(target_arch = "wasm32"))]
    pools: Vec<(usize, std::sync::Arc<rayon::ThreadPool>)>,
}

impl Swarm {
    /// `n` balls at random free positions (seeded), random directions, speeds up to `speed` cells a
    /// step. Input that [`Swarm::try_scatter`] rejects gives a swarm of no balls (a radius that is
    /// not finite and positive, a map with no room); a bad `speed` counts as 0.
    #[must_use]
    pub fn scatter(map: TileMap, n: usize, radius: f32, speed: f32, seed: u64) -> Swarm {
        let speed = if speed.is_finite() && speed > 0.0 { speed } else { 0.0 };
        match Swarm::try_scatter(map.clone(), n, radius, speed, seed) {
            Ok(s) => s,
            Err(_) => Swarm::empty(map, if radius.is_finite() && radius > 0.0 { radius } else { 1.0 }),
        }
    }

    /// [`Swarm::scatter`], checked: fails naming the bad input (no balls, a bad radius or speed, no
    /// free place found for a ball). Ball `i` is drawn from its own stream of `seed`, so the first
    /// balls of a larger swarm are those of a smaller one.
    pub fn try_scatter(map: TileMap, n: usize, radius: f32, speed: f32, seed: u64) -> Result<Swarm, SwarmError> {
        if n == 0 {
            return Err(SwarmError::NoBalls);
        }
        if !(radius.is_finite() && radius > 0.0) {
            return Err(SwarmError::BadRadius(radius));
        }
        if !(speed.is_finite() && speed >= 0.0) {
            return Err(SwarmError::BadSpeed(speed));
        }
        let mut s = Swarm::empty(map, radius);
        s.grow(n, speed, seed)?;
        Ok(s)
    }

    /// No balls yet.
    fn empty(map: TileMap, radius: f32) -> Swarm {
        Swarm {
            map,
            x: Vec::new(),
            y: Vec::new(),
            vx: Vec::new(),
            vy: Vec::new(),
            radius,
            strategy: StrategyId::default(),
            params: Params::default(),
            #[cfg(not(target_arch = "wasm32"))]
            pools: Vec::new(),
        }
    }

    /// Adds balls `len()..n`, ball `i` from stream `i` of `seed`.
    fn grow(&mut self, n: usize, speed: f32, seed: u64) -> Result<(), SwarmError> {
        let cell = self.map.cell();
        for i in self.len()..n {
            let mut rng = SplitMix64::stream(seed, i as u64);
            let Some(p) = self.free_place(&mut rng) else {
                return Err(SwarmError::NoFreePlace { placed: i });
            };
            let angle = rng.range(0.0, core::f32::consts::TAU);
            let v = rng.unit() * speed * cell;
            self.x.push(p[0]);
            self.y.push(p[1]);
            self.vx.push(v * angle.cos());
            self.vy.push(v * angle.sin());
        }
        Ok(())
    }

    /// A random position in the map where the ball overlaps no solid or one-way cell, or `None`
    /// after [`TRIES`] tries.
    fn free_place(&self, rng: &mut SplitMix64) -> Option<[f32; 2]> {
        let (o, cell, r) = (self.map.origin(), self.map.cell(), self.radius);
        let size = [self.map.width() as f32 * cell, self.map.height() as f32 * cell];
        if 2.0 * r >= size[0] || 2.0 * r >= size[1] {
            return None;
        }
        for _ in 0..TRIES {
            let p = [o[0] + rng.range(r, size[0] - r), o[1] + rng.range(r, size[1] - r)];
            if self.clear_of_cells(p, r) {
                return Some(p);
            }
        }
        None
    }

    /// Does a ball of radius `r` at `p` stay clear of every solid and one-way cell (distance ≥ r, in
    /// `f64`)?
    fn clear_of_cells(&self, p: [f32; 2], r: f32) -> bool {
        let mut clear = true;
        if let Ok(q) = Rect::new([p[0] - r, p[1] - r], [p[0] + r, p[1] + r]) {
            self.map.candidates(&q, |_, b| clear &= distance(p, &b) >= r as f64);
        }
        clear
    }

    /// `n` balls at rest on the tops of solid cells with an empty cell above (the floors of
    /// [`MapKind::Floors`], or any map's), velocity zero, under a gravity of [`REST_GRAVITY`] cells
    /// a step per step downwards: each step pulls them into the floor and the step holds them
    /// there. Placed at random (seeded) along the floors, clear of every other cell. Fails like
    /// [`Swarm::try_scatter`].
    pub fn rest_on_floors(map: TileMap, n: usize, radius: f32, seed: u64) -> Result<Swarm, SwarmError> {
        if n == 0 {
            return Err(SwarmError::NoBalls);
        }
        if !(radius.is_finite() && radius > 0.0) {
            return Err(SwarmError::BadRadius(radius));
        }
        let mut s = Swarm::empty(map, radius);
        s.params.gravity = [0.0, -REST_GRAVITY * s.map.cell()];
        let (w, h) = (s.map.width(), s.map.height());
        let tops: Vec<(usize, usize)> = (0..h.saturating_sub(1))
            .flat_map(|row| (0..w).map(move |col| (col, row)))
            .filter(|&(col, row)| s.map.tile(col, row) == Tile::Solid && s.map.tile(col, row + 1) == Tile::Empty)
            .collect();
        if tops.is_empty() {
            return Err(SwarmError::NoFreePlace { placed: 0 });
        }
        for i in 0..n {
            let mut rng = SplitMix64::stream(seed, i as u64);
            let place = (0..TRIES).find_map(|_| {
                let (col, row) = rng.pick(&tops);
                let top = s.map.cell_rect(col, row).max()[1];
                let left = s.map.cell_rect(col, row).min()[0];
                let p = [left + rng.unit() * s.map.cell(), top + radius];
                s.clear_of_cells(p, radius).then_some(p)
            });
            let Some(p) = place else {
                return Err(SwarmError::NoFreePlace { placed: i });
            };
            s.x.push(p[0]);
            s.y.push(p[1]);
            s.vx.push(0.0);
            s.vy.push(0.0);
        }
        Ok(s)
    }

    /// Resizes to `n` balls: keeps the first ones, scatters the new ones (ball `i` from stream `i`
    /// of `seed`, speeds up to `speed`). New balls that find no free place are not added.
    pub fn resize(&mut self, n: usize, speed: f32, seed: u64) {
        let speed = if speed.is_finite() && speed > 0.0 { speed } else { 0.0 };
        for v in [&mut self.x, &mut self.y, &mut self.vx, &mut self.vy] {
            v.truncate(n);
        }
        let _ = self.grow(n, speed, seed);
    }

    /// How many balls.
    #[must_use]
    pub fn len(&self) -> usize {
        self.x.len()
    }

    /// No balls?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.x.is_empty()
    }

    /// One batched step of every ball (threads: 1 = this thread, 0 = rayon's default pool, T = a
    /// pool of T threads; off the desktop always this thread). Returns the tally.
    pub fn step(&mut self, threads: usize) -> Tally {
        let balls = BallsMut { x: &mut self.x, y: &mut self.y, vx: &mut self.vx, vy: &mut self.vy };
        let radii = Radii::One(self.radius);
        let (id, world, params) = (self.strategy, &self.map, &self.params);
        #[cfg(not(target_arch = "wasm32"))]
        if threads != 1 {
            let run = || par_step_many(id, world, params, balls, radii, &mut []);
            let done = if threads == 0 {
                run()
            } else {
                let pool = match self.pools.iter().find(|(t, _)| *t == threads) {
                    Some((_, p)) => Some(p.clone()),
                    None => rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok().map(|p| {
                        let p = std::sync::Arc::new(p);
                        self.pools.push((threads, p.clone()));
                        p
                    }),
                };
                match pool {
                    Some(p) => p.install(run),
                    None => run(),
                }
            };
            return done.unwrap_or_default();
        }
        let _ = threads;
        // The lengths agree and the radius was checked at construction: no error here.
        step_many(id, world, params, balls, radii, &mut []).unwrap_or_default()
    }

    /// Balls overlapping a solid cell by more than the contact tolerance right now
    /// ([`Params::tolerance`] at the ball's centre): distance from the centre to the cell below
    /// `r − tolerance`, computed in `f64`. One-way cells do not count (a ball may pass through them).
    #[must_use]
    pub fn overlapping(&self) -> usize {
        let r = self.radius;
        let one = |i: usize| {
            let p = [self.x[i], self.y[i]];
            let limit = r as f64 - self.params.tolerance(p, r) as f64;
            let mut over = false;
            if let Ok(q) = Rect::new([p[0] - r, p[1] - r], [p[0] + r, p[1] + r]) {
                self.map.candidates(&q, |k, b| {
                    over |= !self.map.one_way(k) && distance(p, &b) < limit;
                });
            }
            usize::from(over)
        };
        #[cfg(not(target_arch = "wasm32"))]
        {
            use rayon::prelude::*;
            (0..self.len()).into_par_iter().with_min_len(4096).map(one).sum()
        }
        #[cfg(target_arch = "wasm32")]
        (0..self.len()).map(one).sum()
    }
}

/// Distance from `p` to the closed rectangle `b`, in `f64`.
fn distance(p: [f32; 2], b: &Rect) -> f64 {
    let mut d2 = 0.0;
    for (k, &x) in p.iter().enumerate() {
        let (x, lo, hi) = (x as f64, b.min()[k] as f64, b.max()[k] as f64);
        let e = if x < lo {
            lo - x
        } else if x > hi {
            x - hi
        } else {
            0.0
        };
        d2 += e * e;
    }
    d2.sqrt()
}

/// The batched world step as agreed for `ball_aabb::world` (`step_many`, `par_step_many` and their
/// types), as a loop over `world::step` until the library's lands: one place to swap.
mod batch {
    use crate::geom::world::{step, Params, StrategyId, World};
    use crate::geom::Circle;
    use core::fmt;

    /// The balls of a batch, structure of arrays; all four slices the same length.
    pub struct BallsMut<'a> {
        /// Centres, x.
        pub x: &'a mut [f32],
        /// Centres, y.
        pub y: &'a mut [f32],
        /// Velocities, x.
        pub vx: &'a mut [f32],
        /// Velocities, y.
        pub vy: &'a mut [f32],
    }

    /// One radius for every ball, or one each (same length as the positions).
    #[derive(Clone, Copy, Debug)]
    pub enum Radii<'a> {
        /// The same for all.
        One(f32),
        /// One per ball.
        Each(&'a [f32]),
    }

    /// What happened to a ball in a step (a set of bits).
    #[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
    pub struct Flags(pub u8);

    impl Flags {
        /// It touched something.
        pub const HIT: Flags = Flags(1);
        /// A discrete strategy let it through what a sweep would have stopped at.
        pub const TUNNELLED: Flags = Flags(2);
        /// It started embedded and was pushed out.
        pub const PUSHED_OUT: Flags = Flags(4);
        /// A ghost bump (see `Step::bump`).
        pub const BUMP: Flags = Flags(8);

        /// Are all of `other`'s bits set?
        #[must_use]
        pub fn contains(self, other: Flags) -> bool {
            self.0 & other.0 == other.0
        }
    }

    /// A slim per-ball result: flags and the last contact normal.
    #[derive(Clone, Copy, Default, Debug, PartialEq)]
    pub struct Outcome {
        /// What happened.
        pub flags: Flags,
        /// The last contact's normal (zero without one).
        pub normal: [f32; 2],
    }

    /// Totals of one batched step.
    #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
    pub struct Tally {
        /// Balls stepped.
        pub balls: usize,
        /// Balls that touched something.
        pub hit: usize,
        /// Balls that tunnelled.
        pub tunnelled: usize,
        /// Balls pushed out.
        pub pushed_out: usize,
        /// Balls that took the free-space path (none in this loop).
        pub fast: usize,
    }

    #[cfg(not(target_arch = "wasm32"))]
    impl Tally {
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

    /// A bad batch, naming the field.
    #[derive(Clone, Debug, PartialEq)]
    pub enum BatchError {
        /// A slice whose length differs from `x`'s.
        Length(&'static str),
        /// A radius that is not finite and positive (ball index).
        Radius(usize),
    }

    impl fmt::Display for BatchError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self {
                BatchError::Length(field) => write!(f, "{field}: its length differs from x's"),
                BatchError::Radius(i) => write!(f, "radii: ball {i}'s radius is not finite and positive"),
            }
        }
    }

    impl std::error::Error for BatchError {}

    fn check(balls: &BallsMut<'_>, radii: Radii<'_>, outcomes: &[Outcome]) -> Result<(), BatchError> {
        let n = balls.x.len();
        for (name, len) in [("y", balls.y.len()), ("vx", balls.vx.len()), ("vy", balls.vy.len())] {
            if len != n {
                return Err(BatchError::Length(name));
            }
        }
        if !outcomes.is_empty() && outcomes.len() != n {
            return Err(BatchError::Length("outcomes"));
        }
        let ok = |r: f32| r.is_finite() && r > 0.0;
        match radii {
            Radii::One(r) if !ok(r) => return Err(BatchError::Radius(0)),
            Radii::Each(rs) if rs.len() != n => return Err(BatchError::Length("radii")),
            Radii::Each(rs) => {
                if let Some(i) = rs.iter().position(|&r| !ok(r)) {
                    return Err(BatchError::Radius(i));
                }
            }
            Radii::One(_) => {}
        }
        Ok(())
    }

    /// The balls `at..at + x.len()` (checked already).
    #[allow(clippy::too_many_arguments)]
    fn run<W: World>(
        id: StrategyId,
        world: &W,
        params: &Params,
        balls: BallsMut<'_>,
        radii: Radii<'_>,
        at: usize,
        outcomes: &mut [Outcome],
    ) -> Tally {
        let mut t = Tally { balls: balls.x.len(), ..Tally::default() };
        for i in 0..balls.x.len() {
            let r = match radii {
                Radii::One(r) => r,
                Radii::Each(rs) => rs[at + i],
            };
            let Ok(ball) = Circle::new([balls.x[i], balls.y[i]], r) else { continue };
            let s = step(id, &ball, [balls.vx[i], balls.vy[i]], world, params);
            [balls.x[i], balls.y[i]] = s.end;
            [balls.vx[i], balls.vy[i]] = s.velocity;
            let mut flags = Flags::default();
            let mut set = |on: bool, f: Flags, count: &mut usize| {
                if on {
                    flags.0 |= f.0;
                    *count += 1;
                }
            };
            set(!s.contacts().is_empty(), Flags::HIT, &mut t.hit);
            set(s.tunnelled, Flags::TUNNELLED, &mut t.tunnelled);
            set(s.pushed_out != [0.0; 2], Flags::PUSHED_OUT, &mut t.pushed_out);
            set(s.bump, Flags::BUMP, &mut 0);
            if let Some(o) = outcomes.get_mut(i) {
                let normal = s.contacts().last().map_or([0.0; 2], |k| k.normal);
                *o = Outcome { flags, normal };
            }
        }
        t
    }

    /// One physics step for every ball: each ball's end and velocity are `world::step`'s for that
    /// ball alone. `outcomes`: empty to skip, else one per ball. Errors on mismatched lengths or a
    /// bad radius; then nothing is moved.
    pub fn step_many<W: World>(
        id: StrategyId,
        world: &W,
        params: &Params,
        balls: BallsMut<'_>,
        radii: Radii<'_>,
        outcomes: &mut [Outcome],
    ) -> Result<Tally, BatchError> {
        check(&balls, radii, outcomes)?;
        Ok(run(id, world, params, balls, radii, 0, outcomes))
    }

    /// Balls per parallel chunk.
    #[cfg(not(target_arch = "wasm32"))]
    const CHUNK: usize = 4096;

    /// [`step_many`] on the current rayon pool (chunks of 4096 balls).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn par_step_many<W: World + Sync>(
        id: StrategyId,
        world: &W,
        params: &Params,
        balls: BallsMut<'_>,
        radii: Radii<'_>,
        outcomes: &mut [Outcome],
    ) -> Result<Tally, BatchError> {
        use rayon::prelude::*;
        check(&balls, radii, outcomes)?;
        let n = balls.x.len();
        let chunks = n.div_ceil(CHUNK);
        let mut outs: Vec<&mut [Outcome]> = if outcomes.is_empty() {
            (0..chunks).map(|_| &mut [][..]).collect()
        } else {
            outcomes.chunks_mut(CHUNK).collect()
        };
        let t = balls
            .x
            .par_chunks_mut(CHUNK)
            .zip(balls.y.par_chunks_mut(CHUNK))
            .zip(balls.vx.par_chunks_mut(CHUNK))
            .zip(balls.vy.par_chunks_mut(CHUNK))
            .zip(outs.par_iter_mut())
            .enumerate()
            .map(|(k, ((((x, y), vx), vy), o))| run(id, world, params, BallsMut { x, y, vx, vy }, radii, k * CHUNK, o))
            .reduce(Tally::default, Tally::add);
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::world::step;
    use crate::geom::Circle;

    fn noise() -> TileMap {
        make_map(&MapKind::Noise { size: 48, fill: 0.3 }, 3)
    }

    #[test]
    fn scattered_balls_are_free_seeded_and_resize_keeps_the_first() {
        let s = Swarm::scatter(noise(), 500, 0.3, 2.0, 11);
        assert_eq!((s.len(), s.overlapping()), (500, 0));
        assert!((0..s.len()).all(|i| s.clear_of_cells([s.x[i], s.y[i]], 0.3)));
        assert!((0..s.len()).all(|i| (s.vx[i].powi(2) + s.vy[i].powi(2)).sqrt() <= 2.0));
        let again = Swarm::scatter(noise(), 500, 0.3, 2.0, 11);
        assert_eq!((&s.x, &s.vy), (&again.x, &again.vy));
        let mut small = Swarm::scatter(noise(), 200, 0.3, 2.0, 11);
        small.resize(500, 2.0, 11);
        assert_eq!((&small.x, &small.y, &small.vx), (&s.x, &s.y, &s.vx));
        small.resize(10, 2.0, 11);
        assert_eq!(small.x, s.x[..10]);
    }

    #[test]
    fn bad_input_is_named_not_a_panic() {
        let e = |n, r, v| Swarm::try_scatter(noise(), n, r, v, 1).unwrap_err();
        assert_eq!(e(0, 0.3, 1.0), SwarmError::NoBalls);
        assert!(matches!(e(5, f32::NAN, 1.0), SwarmError::BadRadius(_)));
        assert_eq!(e(5, -1.0, 1.0), SwarmError::BadRadius(-1.0));
        assert_eq!(e(5, 0.3, f32::INFINITY), SwarmError::BadSpeed(f32::INFINITY));
        let full = make_map(&MapKind::Noise { size: 8, fill: 1.0 }, 1);
        assert_eq!(
            Swarm::try_scatter(full.clone(), 3, 0.3, 1.0, 1).unwrap_err(),
            SwarmError::NoFreePlace { placed: 0 }
        );
        assert_eq!(Swarm::try_scatter(noise(), 3, 30.0, 1.0, 1).unwrap_err(), SwarmError::NoFreePlace { placed: 0 });
        assert!(Swarm::scatter(full, 3, 0.3, 1.0, 1).is_empty());
        assert!(e(0, 0.3, 1.0).to_string().starts_with("balls"));
    }

    #[test]
    fn a_step_is_each_balls_own_world_step_on_any_thread_count() {
        let mut s = Swarm::scatter(make_map(&MapKind::Level { width: 64, height: 48 }, 5), 3000, 0.3, 2.0, 5);
        s.params.gravity = [0.0, -0.05];
        for _ in 0..3 {
            let want: Vec<_> = (0..s.len())
                .map(|i| {
                    let b = Circle::new([s.x[i], s.y[i]], s.radius).unwrap();
                    step(s.strategy, &b, [s.vx[i], s.vy[i]], &s.map, &s.params)
                })
                .collect();
            let mut two = s.clone();
            let (t1, t2) = (s.step(1), two.step(2));
            assert_eq!(t1, t2);
            assert_eq!((s.x.clone(), s.y.clone(), s.vx.clone()), (two.x, two.y, two.vx));
            assert_eq!(t1.balls, 3000);
            assert_eq!(t1.hit, want.iter().filter(|w| !w.contacts().is_empty()).count());
            for (i, w) in want.iter().enumerate() {
                assert_eq!(([s.x[i], s.y[i]], [s.vx[i], s.vy[i]]), (w.end, w.velocity));
            }
            assert_eq!((t1.tunnelled, s.overlapping()), (0, 0));
        }
    }

    #[test]
    fn overlapping_counts_balls_sunk_beyond_the_slop() {
        let map = TileMap::from_ascii("....\n....\n####", 1.0).unwrap();
        let mut s = Swarm::rest_on_floors(map, 3, 0.5, 2).unwrap();
        assert_eq!(s.overlapping(), 0);
        s.y[0] -= 0.5 * crate::geom::world::DEFAULT_SLOP; // within the slop
        assert_eq!(s.overlapping(), 0);
        s.y[1] -= 2.0 * crate::geom::world::DEFAULT_SLOP;
        s.y[2] -= 0.25;
        assert_eq!(s.overlapping(), 2);
    }

    #[test]
    fn balls_on_floors_stay_at_rest() {
        let map = make_map(&MapKind::Floors { width: 40, height: 17 }, 0);
        assert!((0..40).all(|c| map.is_solid(c, 0) && map.is_solid(c, 4) && !map.is_solid(c.clamp(1, 38), 2)));
        let mut s = Swarm::rest_on_floors(map, 200, 0.3, 9).unwrap();
        let (x, y) = (s.x.clone(), s.y.clone());
        for _ in 0..5 {
            let t = s.step(1);
            assert_eq!((t.hit, t.pushed_out), (200, 0));
        }
        assert_eq!((s.x.clone(), s.y.clone(), s.overlapping()), (x, y, 0));
    }

    #[test]
    fn a_level_is_platforms_not_noise() {
        let map = make_map(&MapKind::Level { width: 128, height: 96 }, 4);
        assert!((0..128).all(|c| map.is_solid(c, 0) && map.is_solid(c, 95)));
        let fill = map.solid_count() as f32 / (128.0 * 96.0);
        assert!((0.1..0.5).contains(&fill), "{fill}");
        assert!(map.one_way_count() > 0);
        // Platforms are runs: most solid cells inside the frame have a solid neighbour in their row.
        let inner: Vec<_> =
            (2..95).flat_map(|r| (1..127).map(move |c| (c, r))).filter(|&(c, r)| map.is_solid(c, r)).collect();
        let runs = inner.iter().filter(|&&(c, r)| map.is_solid(c - 1, r) || map.is_solid(c + 1, r)).count();
        assert!(runs * 10 >= inner.len() * 8, "{runs}/{}", inner.len());
    }
}
