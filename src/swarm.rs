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

use crate::geom::world::{Params, StrategyId, Tile, TileMap, World};
use crate::geom::Rect;
use core::fmt;
use world_soak::rng::SplitMix64;

#[cfg(not(target_arch = "wasm32"))]
use crate::geom::world::par_step_many;
use crate::geom::world::{step_many, BallsMut, Radii, Tally};

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
        // The lengths agree and the radius was checked at construction: no error here.
        #[cfg(not(target_arch = "wasm32"))]
        if threads != 1 {
            return par_step_many(id, world, params, balls, radii, &mut [], threads).unwrap_or_default();
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
