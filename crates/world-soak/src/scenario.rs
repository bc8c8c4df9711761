//! The scenarios a soak runs: a map, a ball, the parameters, and how to (re)place the ball. Each
//! comes from its own seeded stream ([`Scenario::generate`]`(seed, index)`), so any run is
//! replayed from two numbers.
//!
//! Random maps alone reach the awkward places only by luck, so most kinds aim at one on purpose:
//!
//! | kind | what it aims at |
//! |---|---|
//! | `random` | maps up to 256² cells, fill 0–50 %, one-way cells, borders or none; starts free or embedded; speeds up to 1,000 cells a step |
//! | `flush` | a flush floor, ceiling or wall (solid, one-way or mixed tiles; pits exactly 2r wide), the ball resting on it exactly, rounded or sunk |
//! | `passage` | a corridor or a shaft exactly 2r wide (or `k·s/2`), the ball sliding or falling through it, or dropped into the shaft's mouth a few ulps off its centre line |
//! | `corner` | a single block's corner at a chosen contact angle (tangent, 45°, 10⁻⁴ off an axis, …); a graze along its top at exactly `r` |
//! | `embedded` | a start inside a solid blob up to 8 cells wide, or partly in it; or at the centre of a block 10–80 cells deep all round |
//! | `room` | a closed room with steps and one-way platforms, gravity: landing, resting, rolling, bouncing to rest |
//!
//! Everywhere: cell sizes 0.3, 0.5, 1, 16 and others not dyadic (0.37, 0.1), radii of exactly half
//! a cell and ordinary `f32` ones (0.37·s), origins up to 10⁴ away from 0 (bounded so that the
//! radius stays ≥ 2⁷ ulps of the coordinates), gravity on and off, restitution 0, 0.8, 1 and others,
//! the default slop, 0, and others.

#![forbid(unsafe_code)]

use crate::check::{Facing, Surface};
use crate::geometry::{cells_near, wide};
use crate::rng::SplitMix64;
use ball_aabb::world::{Outside, Params, Tile, TileMap, DEFAULT_SLOP};

/// Which generator made a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Random,
    Flush,
    Passage,
    Corner,
    Embedded,
    Room,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 6] = [Kind::Random, Kind::Flush, Kind::Passage, Kind::Corner, Kind::Embedded, Kind::Room];

    /// `"random"`, …
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Kind::Random => "random",
            Kind::Flush => "flush",
            Kind::Passage => "passage",
            Kind::Corner => "corner",
            Kind::Embedded => "embedded",
            Kind::Room => "room",
        }
    }

    /// How often each kind is drawn (per mille).
    const WEIGHTS: [u32; 6] = [300, 220, 120, 160, 80, 120];
}

/// How a scenario places its ball (at the start and after each respawn).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Spawn {
    /// Anywhere free in the map, a velocity of up to `max_cells` cells a step.
    Free { max_cells: f32 },
    /// Inside or partly inside the blob `cols × rows`, or (sometimes) anywhere free.
    Embedded { cols: [usize; 2], rows: [usize; 2] },
    /// Resting on `surfaces[which]`: at distance exactly `r` (`Exact` / `Rounded`) or sunk.
    OnSurface { placement: Placement, speed_max: f32, into: bool },
    /// At the block `cols × rows`'s corners or along its top.
    Corner { cols: [usize; 2], rows: [usize; 2] },
    /// Above the mouth of a vertical shaft, at rest, up to 4 ulps off its centre line `x`, the
    /// lowest point up to 2 cells above the walls' tops at `top` (gravity pulls it in).
    Mouth { x: f32, top: f32 },
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Placement {
    /// `r` was adjusted so that `line + r` is exact in `f32`: the centre is exactly `r` off.
    Exact,
    /// `fl(line + r)`: off by up to half an ulp, either way.
    Rounded,
    /// Sunk by a random depth (a start that overlaps: pushed out first).
    Sunk,
}

/// One scenario: the world, the ball and its parameters, and the ball's first state.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub seed: u64,
    pub index: u64,
    pub kind: Kind,
    pub map: TileMap,
    pub r: f32,
    pub params: Params,
    /// The flush surfaces [`Check::FlushSlide`](crate::Check::FlushSlide) watches.
    pub surfaces: Vec<Surface>,
    pub start: [f32; 2],
    pub velocity: [f32; 2],
    spawn: Spawn,
    rng: SplitMix64,
}

/// Cell sizes: the brief's 0.3, 0.5 and 16, the unit, and others (0.37 and 0.1 not dyadic).
const CELLS: [f32; 8] = [0.3, 0.5, 1.0, 16.0, 0.37, 0.1, 2.5, 0.0625];
const CELL_WEIGHTS: [u32; 8] = [18, 18, 18, 14, 10, 8, 8, 6];

fn cell_size(g: &mut SplitMix64) -> f32 {
    CELLS[g.weighted(&CELL_WEIGHTS)]
}

/// A radius for cell size `s`: exactly half a cell, an ordinary fraction (0.37·s), a random one,
/// or a ball larger than a cell; at most `max`.
fn radius(g: &mut SplitMix64, s: f32, max: f32) -> f32 {
    let r = match g.weighted(&[25, 15, 45, 15]) {
        0 => s * 0.5,
        1 => s * g.pick(&[0.1f32, 0.25, 0.37, 0.45, 0.3]),
        2 => s * g.range(0.05, 0.49),
        _ => s * g.range(0.5, 2.0),
    };
    r.min(max).max(s * 0.02)
}

/// An origin: 0 (40 %), or anywhere up to 10⁴ away while the radius stays ≥ 2⁷ ulps of it.
fn origin(g: &mut SplitMix64, r: f32) -> [f32; 2] {
    if g.chance(0.4) {
        return [0.0; 2];
    }
    let m = (r as f64 * 65536.0).min(1e4) as f32;
    [g.range(-m, m), g.range(-m, m)]
}

/// A velocity of up to `max_cells` cells a step: 5 % none, 20 % along an axis, 5 % diagonal,
/// else any direction; speeds log-uniform in three bands (most below 2 cells).
fn velocity(g: &mut SplitMix64, s: f32, max_cells: f32) -> [f32; 2] {
    if g.chance(0.05) {
        return [0.0; 2];
    }
    let band = g.weighted(&[60, 25, 15]);
    let (lo, hi): (f32, f32) = [(1e-4, 2.0), (2.0, 50.0), (50.0, 1000.0)][band];
    let speed = s * g.log_range(lo, hi.min(max_cells).max(lo * 1.01));
    let dir = match g.weighted(&[20, 5, 75]) {
        0 => g.pick(&[[1.0f32, 0.0], [-1.0, 0.0], [0.0, 1.0], [0.0, -1.0]]),
        1 => g.pick(&[[1.0f32, 1.0], [-1.0, 1.0], [1.0, -1.0], [-1.0, -1.0]]),
        _ => {
            let a = g.range(0.0, std::f32::consts::TAU);
            [a.cos(), a.sin()]
        }
    };
    [dir[0] * speed, dir[1] * speed]
}

/// Gravity: off with probability `off`, else down, up to half a cell a step per step.
fn gravity(g: &mut SplitMix64, s: f32, off: f32) -> [f32; 2] {
    if g.chance(off) {
        [0.0; 2]
    } else {
        [0.0, -s * g.log_range(1e-3, 0.5)]
    }
}

fn restitution(g: &mut SplitMix64) -> f32 {
    match g.weighted(&[45, 25, 10, 10, 10]) {
        0 => 0.0,
        1 => 0.8,
        2 => 1.0,
        3 => 0.5,
        _ => g.unit(),
    }
}

fn slop(g: &mut SplitMix64, s: f32) -> f32 {
    match g.weighted(&[70, 15, 15]) {
        0 => DEFAULT_SLOP,
        1 => 0.0,
        _ => s * g.log_range(1e-6, 1e-2),
    }
}

fn params(g: &mut SplitMix64, s: f32, gravity_off: f32) -> Params {
    let gravity = gravity(g, s, gravity_off);
    let restitution = restitution(g);
    Params { gravity, restitution, slop: slop(g, s), ..Params::default() }
}

/// A size in cells, log-uniform in `[lo, hi]`.
fn size(g: &mut SplitMix64, lo: usize, hi: usize) -> usize {
    (g.log_range(lo as f32, hi as f32 + 0.999) as usize).clamp(lo, hi)
}

/// A map whose outside is empty for the push-out: the reference judges cells alone, and a ball with
/// no free position inside a crowded map may leave it (with the library's default, an outside
/// solid, it would stay embedded, which the `push-out` check counts as a failure).
fn new_map(w: usize, h: usize, s: f32, o: [f32; 2]) -> TileMap {
    TileMap::new(w, h, s, o).expect("the generator makes valid maps").with_outside(Outside::Empty)
}

/// Fills each cell with probability `fill`, a share `one_way` of them one-way.
fn fill(g: &mut SplitMix64, map: &mut TileMap, fill: f32, one_way: f32) {
    for row in 0..map.height() {
        for col in 0..map.width() {
            if g.chance(fill) {
                map.set_tile(col, row, if g.chance(one_way) { Tile::OneWay } else { Tile::Solid });
            }
        }
    }
}

fn border(map: &mut TileMap) {
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

/// The deepest overlap of a ball at `c` with a solid (not one-way) cell (negative: clearance).
fn depth(map: &TileMap, c: [f32; 2], r: f32) -> f64 {
    let p = wide(c);
    let mut d = f64::NEG_INFINITY;
    cells_near(map, p, p, r as f64, |cell| {
        if !cell.one_way {
            d = d.max(r as f64 - cell.distance(p));
        }
    });
    d
}

/// A random point of the map's rectangle (widened by `margin` cells) where the ball overlaps no
/// solid; `None` after 64 tries.
fn free_spot(g: &mut SplitMix64, map: &TileMap, r: f32, margin: f32) -> Option<[f32; 2]> {
    let (s, o) = (map.cell(), map.origin());
    let (w, h) = (map.width() as f32, map.height() as f32);
    for _ in 0..64 {
        let c = [o[0] + s * g.range(-margin, w + margin), o[1] + s * g.range(-margin, h + margin)];
        if depth(map, c, r) < 0.0 {
            return Some(c);
        }
    }
    None
}

/// `fl(line + side·r)`, and the radius that makes it exactly `r` off when there is one.
fn exact_radius(line: f32, side: f32, r: f32) -> (f32, f32) {
    let c = line + side * r;
    let off = (c as f64 - line as f64) * side as f64;
    if off > 0.0 && (off as f32) as f64 == off {
        (c, off as f32)
    } else {
        (c, r)
    }
}

impl Scenario {
    /// Scenario `index` of `seed`: always the same one.
    #[must_use]
    pub fn generate(seed: u64, index: u64) -> Scenario {
        let mut g = SplitMix64::stream(seed, index);
        let kind = Kind::ALL[g.weighted(&Kind::WEIGHTS)];
        let mut sc = match kind {
            Kind::Random => random(&mut g),
            Kind::Flush => flush(&mut g),
            Kind::Passage => passage(&mut g),
            Kind::Corner => corner(&mut g),
            Kind::Embedded => embedded(&mut g),
            Kind::Room => room(&mut g),
        };
        sc.seed = seed;
        sc.index = index;
        sc.rng = g;
        let (c, v) = sc.spawn();
        sc.start = c;
        sc.velocity = v;
        sc
    }

    /// A new start and velocity for the ball (the next draw of the scenario's stream).
    pub fn spawn(&mut self) -> ([f32; 2], [f32; 2]) {
        let s = self.map.cell();
        let r = self.r;
        match self.spawn {
            Spawn::Free { max_cells } => {
                let g = &mut self.rng;
                let c = free_spot(g, &self.map, r, 0.0).unwrap_or_else(|| {
                    let o = self.map.origin();
                    [
                        o[0] + s * g.range(0.0, self.map.width() as f32),
                        o[1] + s * g.range(0.0, self.map.height() as f32),
                    ]
                });
                (c, velocity(g, s, max_cells))
            }
            Spawn::Embedded { cols, rows } => {
                let g = &mut self.rng;
                let lo = self.map.cell_rect(cols[0], rows[0]).min();
                let hi = self.map.cell_rect(cols[1], rows[1]).max();
                let c = match g.weighted(&[50, 30, 20]) {
                    0 => [g.range(lo[0], hi[0]), g.range(lo[1], hi[1])],
                    1 => {
                        // Partly in: within r of the blob, outside it.
                        let mut c = [g.range(lo[0] - r, hi[0] + r), g.range(lo[1] - r, hi[1] + r)];
                        let axis = g.below(2) as usize;
                        c[axis] = if g.chance(0.5) { lo[axis] - r * g.unit() } else { hi[axis] + r * g.unit() };
                        c
                    }
                    _ => free_spot(g, &self.map, r, 0.0).unwrap_or(lo),
                };
                (c, velocity(g, s, 20.0))
            }
            Spawn::OnSurface { placement, speed_max, into } => {
                let g = &mut self.rng;
                let surface = self.surfaces[g.below(self.surfaces.len() as u64) as usize];
                let (line, ext) = surface.geometry(&self.map);
                let (a, side) = surface.facing.axis_side();
                let b = 1 - a;
                let mut c = [0.0f32; 2];
                c[b] = (ext[0] + (ext[1] - ext[0]) * g.unit() as f64) as f32;
                let (line, side) = (line as f32, side as f32);
                c[a] = match placement {
                    Placement::Exact | Placement::Rounded => line + side * r,
                    Placement::Sunk => line + side * (r - r * g.log_range(1e-5, 0.5)),
                };
                let speed = s * g.log_range(1e-4, speed_max);
                let mut v = [0.0f32; 2];
                v[b] = if g.chance(0.5) { speed } else { -speed };
                if into && g.chance(0.3) {
                    v[a] = -side * speed * g.range(0.0, 0.3);
                }
                (c, v)
            }
            Spawn::Corner { cols, rows } => self.corner_spawn(cols, rows),
            Spawn::Mouth { x, top } => {
                let g = &mut self.rng;
                let ulps = g.below(9) as i32 - 4;
                let mut cx = x;
                for _ in 0..ulps.unsigned_abs() {
                    cx = if ulps > 0 { cx.next_up() } else { cx.next_down() };
                }
                ([cx, top + r + s * g.range(0.0, 2.0)], [0.0; 2])
            }
        }
    }

    /// A start aimed at a corner of the block `cols × rows` (or, a quarter of the time, gliding
    /// along its top at exactly `r`).
    fn corner_spawn(&mut self, cols: [usize; 2], rows: [usize; 2]) -> ([f32; 2], [f32; 2]) {
        let g = &mut self.rng;
        let (s, r) = (self.map.cell(), self.r);
        let lo = self.map.cell_rect(cols[0], rows[0]).min();
        let hi = self.map.cell_rect(cols[1], rows[1]).max();
        let speed = s * g.log_range(1e-3, 5.0);
        if !self.surfaces.is_empty() && g.chance(0.25) {
            // Along the top face, at exactly r (the radius was made exact for this line).
            let cy = hi[1] + r;
            let from_left = g.chance(0.5);
            let x = if from_left { lo[0] - s * g.range(0.0, 3.0) } else { hi[0] + s * g.range(0.0, 3.0) };
            return ([x, cy], [if from_left { speed } else { -speed }, 0.0]);
        }
        let corner = g.below(4) as usize; // 0 bottom-left, 1 bottom-right, 2 top-right, 3 top-left
        let k = [[lo[0], lo[1]], [hi[0], lo[1]], [hi[0], hi[1]], [lo[0], hi[1]]][corner];
        let base = [std::f64::consts::PI, 1.5 * std::f64::consts::PI, 0.0, 0.5 * std::f64::consts::PI][corner];
        let q = std::f64::consts::FRAC_PI_2;
        let theta = base
            + match g.weighted(&[12, 12, 12, 8, 8, 8, 8, 32]) {
                0 => 0.0,
                1 => q,
                2 => q / 2.0,
                3 => 1e-4,
                4 => q - 1e-4,
                5 => 1e-7,
                6 => q - 1e-7,
                _ => q * g.unit() as f64,
            };
        let n = [theta.cos(), theta.sin()];
        let t = [-n[1], n[0]];
        let p = [(k[0] as f64 + r as f64 * n[0]) as f32, (k[1] as f64 + r as f64 * n[1]) as f32];
        let dir: [f64; 2] = match g.weighted(&[25, 50, 25]) {
            0 => {
                if g.chance(0.5) {
                    t
                } else {
                    [-t[0], -t[1]]
                }
            }
            1 => {
                let phi = g.range(-1.4, 1.4) as f64;
                let (c, sn) = (phi.cos(), phi.sin());
                [-(n[0] * c - n[1] * sn), -(n[0] * sn + n[1] * c)]
            }
            _ => {
                let a = g.range(0.0, std::f32::consts::TAU) as f64;
                [a.cos(), a.sin()]
            }
        };
        let v = [(dir[0] * speed as f64) as f32, (dir[1] * speed as f64) as f32];
        let f = g.range(0.05, 3.0);
        let start = [p[0] - v[0] * f, p[1] - v[1] * f];
        (start, v)
    }

    /// Is `c` outside the arena (the map widened by 4 cells and 2r): time to respawn.
    #[must_use]
    pub fn outside(&self, c: [f32; 2]) -> bool {
        let (s, o) = (self.map.cell() as f64, wide(self.map.origin()));
        let m = 4.0 * s + 2.0 * self.r as f64;
        let hi = [o[0] + self.map.width() as f64 * s, o[1] + self.map.height() as f64 * s];
        (0..2).any(|i| !(c[i] as f64 >= o[i] - m && c[i] as f64 <= hi[i] + m))
    }

    fn new(kind: Kind, map: TileMap, r: f32, params: Params, spawn: Spawn) -> Scenario {
        Scenario {
            seed: 0,
            index: 0,
            kind,
            map,
            r,
            params,
            surfaces: Vec::new(),
            start: [0.0; 2],
            velocity: [0.0; 2],
            spawn,
            rng: SplitMix64::new(0),
        }
    }
}

fn random(g: &mut SplitMix64) -> Scenario {
    let s = cell_size(g);
    let r = radius(g, s, 2.0 * s);
    let o = origin(g, r);
    let (w, h) = (size(g, 4, 256), size(g, 4, 256));
    let mut map = new_map(w, h, s, o);
    let one_way = if g.chance(0.5) { 0.0 } else { g.range(0.0, 0.3) };
    let f = g.range(0.0, 0.5);
    fill(g, &mut map, f, one_way);
    if g.chance(0.5) {
        border(&mut map);
    }
    let params = params(g, s, 0.4);
    Scenario::new(Kind::Random, map, r, params, Spawn::Free { max_cells: 1000.0 })
}

fn room(g: &mut SplitMix64) -> Scenario {
    let s = cell_size(g);
    let r = radius(g, s, 1.5 * s);
    let o = origin(g, r);
    let (w, h) = (size(g, 6, 40), size(g, 6, 30));
    let mut map = new_map(w, h, s, o);
    border(&mut map);
    // Steps on the floor.
    for _ in 0..g.below(4) {
        let (x, bw, bh) = (1 + g.below(w as u64 - 2) as usize, 1 + g.below(4) as usize, 1 + g.below(2) as usize);
        for col in x..(x + bw).min(w - 1) {
            for row in 1..=bh.min(h - 2) {
                map.set(col, row, true);
            }
        }
    }
    // One-way platforms.
    for _ in 0..g.below(4) {
        let (x, len, y) =
            (1 + g.below(w as u64 - 2) as usize, 2 + g.below(5) as usize, 2 + g.below(h as u64 - 3) as usize);
        for col in x..(x + len).min(w - 1) {
            map.set_tile(col, y, Tile::OneWay);
        }
    }
    let mut params = params(g, s, 0.1);
    if g.chance(0.3) {
        params.restitution = 0.8;
    }
    Scenario::new(Kind::Room, map, r, params, Spawn::Free { max_cells: 10.0 })
}

fn embedded(g: &mut SplitMix64) -> Scenario {
    let s = cell_size(g);
    let r = radius(g, s, 2.0 * s);
    let o = origin(g, r);
    if g.chance(0.3) {
        // Deep: at the centre of a block 10–80 cells deep all round (a free ring of two cells,
        // some noise in it), where the push-out's cost was that of the whole block.
        let depth = 10 + g.below(71) as usize;
        let n = 2 * depth + 1;
        let mut map = new_map(n + 4, n + 4, s, o);
        let f = g.range(0.0, 0.2);
        fill(g, &mut map, f, 0.1);
        for col in 2..n + 2 {
            for row in 2..n + 2 {
                map.set(col, row, true);
            }
        }
        let params = params(g, s, 0.5);
        let mid = depth + 2;
        return Scenario::new(Kind::Embedded, map, r, params, Spawn::Embedded { cols: [mid, mid], rows: [mid, mid] });
    }
    let (w, h) = (size(g, 10, 64), size(g, 10, 64));
    let mut map = new_map(w, h, s, o);
    let f = g.range(0.0, 0.3);
    fill(g, &mut map, f, 0.1);
    let k = 1 + g.below(8) as usize;
    let (x, y) = (g.below((w - k) as u64) as usize, g.below((h - k) as u64) as usize);
    for col in x..x + k {
        for row in y..y + k {
            map.set(col, row, true);
        }
    }
    let params = params(g, s, 0.5);
    Scenario::new(Kind::Embedded, map, r, params, Spawn::Embedded { cols: [x, x + k - 1], rows: [y, y + k - 1] })
}

fn corner(g: &mut SplitMix64) -> Scenario {
    let s = cell_size(g);
    let mut r = radius(g, s, 1.5 * s);
    let o = origin(g, r);
    let (w, h) = (size(g, 12, 40), size(g, 12, 40));
    let mut map = new_map(w, h, s, o);
    let (bw, bh) = (1 + g.below(4) as usize, 1 + g.below(3) as usize);
    let (x, y) = (w / 2 - bw / 2, h / 2 - bh / 2);
    for col in x..x + bw {
        for row in y..y + bh {
            map.set(col, row, true);
        }
    }
    match g.weighted(&[40, 30, 30]) {
        0 => {}
        1 => {
            // A step beside it, one cell higher.
            for col in x + bw..(x + bw + 1 + g.below(3) as usize).min(w) {
                for row in y..(y + bh + 1).min(h) {
                    map.set(col, row, true);
                }
            }
        }
        _ => fill(g, &mut map, 0.05, 0.2),
    }
    let mut surfaces = Vec::new();
    if g.chance(0.5) {
        // Make r exactly the distance from the top line to fl(top + r): the graze along the top.
        let top = map.cell_rect(x, y + bh - 1).max()[1];
        r = exact_radius(top, 1.0, r).1;
        surfaces.push(Surface { cols: [x, x + bw - 1], rows: [y + bh - 1, y + bh - 1], facing: Facing::Up });
    }
    let params = params(g, s, 0.5);
    let mut sc =
        Scenario::new(Kind::Corner, map, r, params, Spawn::Corner { cols: [x, x + bw - 1], rows: [y, y + bh - 1] });
    sc.surfaces = surfaces;
    sc
}

fn flush(g: &mut SplitMix64) -> Scenario {
    let s = cell_size(g);
    let facing = [Facing::Up, Facing::Down, Facing::Right, Facing::Left][g.weighted(&[55, 15, 15, 15])];
    let pits = facing == Facing::Up && g.chance(0.2);
    let pit_cells = 1 + g.below(2) as usize;
    let mut r = if pits { pit_cells as f32 * s * 0.5 } else { radius(g, s, 2.0 * s) };
    let o = origin(g, r);
    let len = size(g, 8, 200);
    let pad = g.below(6) as usize;
    let thick = 1 + g.below(3) as usize;
    let room = (2.0 * r / s).ceil() as usize + 3;
    let (along, across) = (len + 2 * pad, thick + room);
    // Canonical coordinates (u along, w across, the ball at w > thick) to cells.
    let to_cell = |u: usize, w: usize| match facing {
        Facing::Up => (u, w),
        Facing::Down => (u, across - 1 - w),
        Facing::Right => (w, u),
        Facing::Left => (across - 1 - w, u),
    };
    let (mw, mh) = match facing {
        Facing::Up | Facing::Down => (along, across),
        Facing::Right | Facing::Left => (across, along),
    };
    let mut map = new_map(mw, mh, s, o);
    let tiles = if facing == Facing::Up { g.weighted(&[70, 15, 15]) } else { 0 };
    for u in pad..pad + len {
        for w in 0..thick {
            let tile = match tiles {
                0 => Tile::Solid,
                1 => Tile::OneWay,
                _ => {
                    if g.chance(0.5) {
                        Tile::OneWay
                    } else {
                        Tile::Solid
                    }
                }
            };
            let (c, rw) = to_cell(u, w);
            map.set_tile(c, rw, tile);
        }
    }
    // Pits exactly `pit_cells` wide in the top row (through it when it is the only row).
    let mut segments = vec![(pad, pad + len - 1)];
    if pits {
        segments.clear();
        let mut u = pad;
        while u < pad + len {
            let seg = 2 + g.below(10) as usize;
            let end = (u + seg).min(pad + len);
            segments.push((u, end - 1));
            for p in end..(end + pit_cells).min(pad + len) {
                let (c, rw) = to_cell(p, thick - 1);
                map.set(c, rw, false);
            }
            u = end + pit_cells;
        }
    }
    let surfaces: Vec<Surface> = segments
        .iter()
        .map(|&(u0, u1)| {
            let (c0, r0) = to_cell(u0, thick - 1);
            let (c1, r1) = to_cell(u1, thick - 1);
            Surface { cols: [c0.min(c1), c0.max(c1)], rows: [r0.min(r1), r0.max(r1)], facing }
        })
        .collect();
    let mut placement = [Placement::Exact, Placement::Rounded, Placement::Sunk][g.weighted(&[60, 25, 15])];
    if pits && placement == Placement::Exact {
        placement = Placement::Rounded; // keep r exactly half the pit
    }
    if placement == Placement::Exact {
        let (line, _) = surfaces[0].geometry(&map);
        let (_, side) = facing.axis_side();
        r = exact_radius(line as f32, side as f32, r).1;
    }
    let mut params = params(g, s, 1.0);
    let (a, side) = facing.axis_side();
    let into_gravity = if facing == Facing::Up { 0.6 } else { 0.3 };
    if g.chance(into_gravity) {
        params.gravity[a] = -(side as f32) * s * g.log_range(1e-3, 0.5);
    }
    params.restitution = if g.chance(0.85) { 0.0 } else { 0.8 };
    let spawn = Spawn::OnSurface { placement, speed_max: 4.0, into: true };
    let mut sc = Scenario::new(Kind::Flush, map, r, params, spawn);
    sc.surfaces = surfaces;
    sc
}

fn passage(g: &mut SplitMix64) -> Scenario {
    let s = cell_size(g);
    let k = g.pick(&[1usize, 1, 1, 2, 3]);
    let vertical = g.chance(0.4);
    let len = size(g, 8, 120);
    let r0 = k as f32 * s * 0.5;
    let o = origin(g, r0);
    let (w, h) = if vertical { (k + 2, len + 1) } else { (len, k + 2) };
    let mut map = new_map(w, h, s, o);
    let surfaces = if vertical {
        for row in 0..h {
            map.set(0, row, true);
            map.set(k + 1, row, true);
        }
        for col in 1..=k {
            map.set(col, 0, true);
        }
        vec![
            Surface { cols: [0, 0], rows: [0, h - 1], facing: Facing::Right },
            Surface { cols: [k + 1, k + 1], rows: [0, h - 1], facing: Facing::Left },
        ]
    } else {
        for col in 0..w {
            map.set(col, 0, true);
            map.set(col, k + 1, true);
        }
        vec![
            Surface { cols: [0, w - 1], rows: [0, 0], facing: Facing::Up },
            Surface { cols: [0, w - 1], rows: [k + 1, k + 1], facing: Facing::Down },
        ]
    };
    // The gap between the two walls, from the map's own edges: exactly 2r (60 %), or k·s/2.
    let a = usize::from(!vertical);
    let lo = map.cell_rect(1, 1).min()[a] as f64;
    let hi = map.cell_rect(k, k).max()[a] as f64;
    let half = (hi - lo) / 2.0;
    let r = if g.chance(0.6) && (half as f32) as f64 == half { half as f32 } else { r0 };
    let mut params = params(g, s, 1.0);
    if g.chance(if vertical { 0.8 } else { 0.5 }) {
        params.gravity = [0.0, -s * g.log_range(1e-3, 0.3)];
    }
    params.restitution = if g.chance(0.7) { 0.0 } else { 0.8 };
    let mut spawn = Spawn::OnSurface { placement: Placement::Rounded, speed_max: 3.0, into: true };
    if vertical && g.chance(0.3) {
        // Dropped into the shaft's mouth a few ulps off its centre line: where a rim corner's
        // normal, tilted by the rounding, used to stall the fall.
        params.gravity = [0.0, -s * g.log_range(1e-3, 0.3)];
        let top = map.cell_rect(0, h - 1).max()[1];
        spawn = Spawn::Mouth { x: ((lo + hi) / 2.0) as f32, top };
    }
    let mut sc = Scenario::new(Kind::Passage, map, r, params, spawn);
    sc.surfaces = surfaces;
    sc
}
