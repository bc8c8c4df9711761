//! A violation's reproducer: the state before the step (or before the first of a freeze's steps),
//! the map around it, the parameters, all in one line that [`Case::parse`] reads back and
//! [`Case::replay`] runs — the same checks, the same numbers.
//!
//! ```text
//! strategy=merged seed=7 run=1234 step=56 steps=1 cell=0.3 origin=0,0 size=40,12 map=3,0:..#./####
//!     center=1.05,0.6 r=0.15 v=0.1,0 g=0,-0.01 e=0 slop=0.0001 flush=3-6,0-0,up
//! ```
//!
//! `map=C,R:ROWS` is the part of the map the steps can reach: its rows top first, `/` between
//! them, cell `(C, R)` at the bottom left, in a map of the same size, cell and origin (so every cell
//! edge is the same `f32` as in the run). Where that part is too large or the crop would change the
//! answer, `map=@`: the map is the one scenario `run` of `seed` generates. Numbers are printed
//! with Rust's shortest round-trip form, so they parse back to the same `f32`.

#![forbid(unsafe_code)]

use crate::check::{check_step, Check, Facing, Outcome, RunState, Scene, Surface};
use crate::scenario::Scenario;
use ball_aabb::world::{self, strategy, Params, Step, StrategyId, Tile, TileMap};
use ball_aabb::Circle;

/// A replayed step and the violations found in it.
pub type Replayed = (Step, Vec<(Check, String)>);

/// The largest crop (in cells, per side) a reproducer line carries.
pub const MAX_CROP: usize = 48;

/// The cells of a map that a reproducer carries.
#[derive(Clone, Debug, PartialEq)]
pub struct Crop {
    /// The cell at the crop's bottom left.
    pub offset: [usize; 2],
    /// Its rows, the top one first: `#` solid, `-` one-way, `.` empty.
    pub rows: Vec<String>,
}

/// One reproducible case.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    pub strategy: StrategyId,
    /// Where it came from: the seed, the run (scenario index) and the step in that run.
    pub seed: u64,
    pub run: u64,
    pub step: u64,
    /// How many steps to replay (1, or [`FREEZE_STEPS`](crate::check::FREEZE_STEPS) for a freeze).
    pub steps: u32,
    pub cell: f32,
    pub origin: [f32; 2],
    pub size: [usize; 2],
    /// The map's cells, or `None`: regenerate scenario `run` of `seed`.
    pub crop: Option<Crop>,
    pub center: [f32; 2],
    pub r: f32,
    /// The velocity given to the step (before gravity).
    pub velocity: [f32; 2],
    pub params: Params,
    pub surfaces: Vec<Surface>,
}

fn tile_char(t: Tile) -> char {
    match t {
        Tile::Empty => '.',
        Tile::Solid => '#',
        Tile::OneWay => '-',
    }
}

fn pair(p: [f32; 2]) -> String {
    format!("{:?},{:?}", p[0], p[1])
}

impl Case {
    /// The case of a step of scenario `sc`: from `center` with `velocity`, `steps` steps. The map
    /// is cropped to what those steps can reach when that is small and gives the same first step.
    #[must_use]
    pub fn new(
        sc: &Scenario,
        strategy: StrategyId,
        step: u64,
        steps: u32,
        center: [f32; 2],
        velocity: [f32; 2],
    ) -> Case {
        let map = &sc.map;
        let mut case = Case {
            strategy,
            seed: sc.seed,
            run: sc.index,
            step,
            steps,
            cell: map.cell(),
            origin: map.origin(),
            size: [map.width(), map.height()],
            crop: None,
            center,
            r: sc.r,
            velocity,
            params: sc.params,
            surfaces: sc.surfaces.clone(),
        };
        // What the steps can reach: each step's path is at most its speed long.
        let (v, g) = (velocity.map(|x| x as f64), sc.params.gravity.map(|x| x as f64));
        let (speed, pull) = (v[0].hypot(v[1]), g[0].hypot(g[1]));
        let reach: f64 =
            (1..=steps).map(|k| speed + pull * k as f64).sum::<f64>() + 2.0 * sc.r as f64 + 3.0 * map.cell() as f64;
        let lo = [center[0] as f64 - reach, center[1] as f64 - reach];
        let hi = [center[0] as f64 + reach, center[1] as f64 + reach];
        let Ok(bounds) = ball_aabb::Rect::new([lo[0] as f32, lo[1] as f32], [hi[0] as f32, hi[1] as f32]) else {
            return case;
        };
        let Some(([c0, r0], [c1, r1])) = map.cell_range(&bounds) else {
            // Nothing of the map within reach: an empty one-cell crop.
            case.crop = Some(Crop { offset: [0, 0], rows: vec![".".into()] });
            return case;
        };
        if c1 - c0 >= MAX_CROP || r1 - r0 >= MAX_CROP {
            return case;
        }
        let rows = (r0..=r1).rev().map(|row| (c0..=c1).map(|col| tile_char(map.tile(col, row))).collect()).collect();
        let cropped = Case { crop: Some(Crop { offset: [c0, r0], rows }), ..case.clone() };
        // The crop must not change the answer (merged rectangles see whole runs of cells).
        let full = cropped.first_step_on(map);
        if cropped.map().is_ok_and(|m| cropped.first_step_on(&m) == full) {
            cropped
        } else {
            case
        }
    }

    fn first_step_on(&self, map: &TileMap) -> Option<Step> {
        let ball = Circle::new(self.center, self.r).ok()?;
        Some(world::step(self.strategy, &ball, self.velocity, map, &self.params))
    }

    /// The map: the crop in a map of the original size, or the scenario's own.
    pub fn map(&self) -> Result<TileMap, String> {
        let Some(crop) = &self.crop else {
            return Ok(Scenario::generate(self.seed, self.run).map);
        };
        let mut map =
            TileMap::new(self.size[0], self.size[1], self.cell, self.origin).map_err(|e| format!("map: {e}"))?;
        // As the scenarios make them (see `scenario::new_map`).
        map = map.with_outside(ball_aabb::world::Outside::Empty);
        let h = crop.rows.len();
        for (i, line) in crop.rows.iter().enumerate() {
            for (j, ch) in line.chars().enumerate() {
                let tile = match ch {
                    '#' => Tile::Solid,
                    '-' => Tile::OneWay,
                    '.' | ' ' => Tile::Empty,
                    _ => return Err(format!("map: unknown character {ch:?}")),
                };
                map.set_tile(crop.offset[0] + j, crop.offset[1] + h - 1 - i, tile);
            }
        }
        Ok(map)
    }

    /// The one-line form (see the module docs).
    #[must_use]
    pub fn line(&self) -> String {
        let map = match &self.crop {
            Some(c) => format!("{},{}:{}", c.offset[0], c.offset[1], c.rows.join("/")),
            None => "@".into(),
        };
        let mut s = format!(
            "strategy={} seed={} run={} step={} steps={} cell={:?} origin={} size={},{} map={} center={} r={:?} v={} g={} e={:?} slop={:?}",
            self.strategy.as_str(),
            self.seed,
            self.run,
            self.step,
            self.steps,
            self.cell,
            pair(self.origin),
            self.size[0],
            self.size[1],
            map,
            pair(self.center),
            self.r,
            pair(self.velocity),
            pair(self.params.gravity),
            self.params.restitution,
            self.params.slop
        );
        if !self.surfaces.is_empty() {
            let f: Vec<String> = self
                .surfaces
                .iter()
                .map(|s| format!("{}-{},{}-{},{}", s.cols[0], s.cols[1], s.rows[0], s.rows[1], s.facing.id()))
                .collect();
            s.push_str(&format!(" flush={}", f.join(";")));
        }
        s
    }

    /// Reads a line written by [`Case::line`]; the error names the key.
    pub fn parse(line: &str) -> Result<Case, String> {
        let mut case = Case {
            strategy: StrategyId::default(),
            seed: 0,
            run: 0,
            step: 0,
            steps: 1,
            cell: 1.0,
            origin: [0.0; 2],
            size: [0, 0],
            crop: None,
            center: [0.0; 2],
            r: 0.0,
            velocity: [0.0; 2],
            params: Params::default(),
            surfaces: Vec::new(),
        };
        let mut seen = std::collections::BTreeSet::new();
        for item in line.split_whitespace() {
            let (key, value) = item.split_once('=').ok_or_else(|| format!("{item:?}: expected key=value"))?;
            let bad = |what: &str| format!("{key}: {value:?} is not {what}");
            let num = |s: &str| s.parse::<f32>().map_err(|_| bad("a number"));
            let two = |s: &str| -> Result<[f32; 2], String> {
                let (a, b) = s.split_once(',').ok_or_else(|| bad("two numbers X,Y"))?;
                Ok([num(a)?, num(b)?])
            };
            let int = |s: &str| s.parse::<u64>().map_err(|_| bad("a whole number"));
            match key {
                "strategy" => case.strategy = strategy(value).ok_or_else(|| bad("a strategy id"))?.kind,
                "seed" => case.seed = int(value)?,
                "run" => case.run = int(value)?,
                "step" => case.step = int(value)?,
                "steps" => case.steps = int(value)?.clamp(1, 1_000_000) as u32,
                "cell" => case.cell = num(value)?,
                "origin" => case.origin = two(value)?,
                "size" => {
                    let [w, h] = two(value)?;
                    case.size = [w as usize, h as usize];
                }
                "map" if value == "@" => case.crop = None,
                "map" => {
                    let (at, rows) = value.split_once(':').ok_or_else(|| bad("C,R:ROWS or @"))?;
                    let [c, r] = two(at)?;
                    case.crop = Some(Crop {
                        offset: [c as usize, r as usize],
                        rows: rows.split('/').map(String::from).collect(),
                    });
                }
                "center" => case.center = two(value)?,
                "r" => case.r = num(value)?,
                "v" => case.velocity = two(value)?,
                "g" => case.params.gravity = two(value)?,
                "e" => case.params.restitution = num(value)?,
                "slop" => case.params.slop = num(value)?,
                "flush" => {
                    for f in value.split(';') {
                        let parts: Vec<&str> = f.split(',').collect();
                        let range = |s: &str| -> Result<[usize; 2], String> {
                            let (a, b) = s.split_once('-').ok_or_else(|| bad("C0-C1,R0-R1,FACING;..."))?;
                            Ok([int(a)? as usize, int(b)? as usize])
                        };
                        let [cols, rows, facing] = parts[..] else {
                            return Err(bad("C0-C1,R0-R1,FACING;..."));
                        };
                        let facing = Facing::from_id(facing).ok_or_else(|| bad("up, down, left or right"))?;
                        case.surfaces.push(Surface { cols: range(cols)?, rows: range(rows)?, facing });
                    }
                }
                _ => return Err(format!("{key}: unknown key")),
            }
            seen.insert(key);
        }
        for need in ["strategy", "cell", "size", "map", "center", "r", "v"] {
            if !seen.contains(need) {
                return Err(format!("{need}: missing"));
            }
        }
        Ok(case)
    }

    /// Runs the case: `steps` steps of a game loop from its state, each checked. Returns each step
    /// with the violations found in it.
    pub fn replay(&self) -> Result<Vec<Replayed>, String> {
        let map = self.map()?;
        let scene = Scene { map: &map, r: self.r, params: self.params, surfaces: &self.surfaces };
        let (mut c, mut v) = (self.center, self.velocity);
        let mut state = RunState::default();
        let mut out = Vec::new();
        for k in 0..self.steps {
            let ball = Circle::new(c, self.r).map_err(|e| format!("ball: {e}"))?;
            let s = world::step(self.strategy, &ball, v, &map, &self.params);
            let mut found: Vec<(Check, String)> = Vec::new();
            check_step(&scene, self.strategy, v, &Outcome::from(&s), &mut state, k as u64, &mut found);
            out.push((s, found));
            (c, v) = (s.end, s.velocity);
        }
        Ok(out)
    }

    /// The case as the body of a Rust test (for a regression test in `crates/ball-aabb/tests`).
    #[must_use]
    pub fn rust(&self) -> String {
        let variant = format!("{:?}", self.strategy);
        let map = match &self.crop {
            Some(c) => format!(
                "let mut map = TileMap::new({}, {}, {:?}, [{:?}, {:?}]).unwrap().with_outside(Outside::Empty);\n\
                 let rows = [{}];\n\
                 for (i, row) in rows.iter().enumerate() {{\n    \
                     for (j, ch) in row.chars().enumerate() {{\n        \
                         let tile = match ch {{ '#' => Tile::Solid, '-' => Tile::OneWay, _ => Tile::Empty }};\n        \
                         map.set_tile({} + j, {} + {} - i, tile);\n    \
                     }}\n\
                 }}\n",
                self.size[0],
                self.size[1],
                self.cell,
                self.origin[0],
                self.origin[1],
                c.rows.iter().map(|r| format!("{r:?}")).collect::<Vec<_>>().join(", "),
                c.offset[0],
                c.offset[1],
                c.rows.len() - 1
            ),
            None => format!(
                "let map = /* scenario {} of seed {}: see `soak --seed {} --run {}` */;\n",
                self.run, self.seed, self.seed, self.run
            ),
        };
        format!(
            "{map}let params = Params {{ gravity: [{:?}, {:?}], restitution: {:?}, slop: {:?}, ..Params::default() }};\n\
             let ball = Circle::new([{:?}, {:?}], {:?}).unwrap();\n\
             let s = step(StrategyId::{variant}, &ball, [{:?}, {:?}], &map, &params);\n",
            self.params.gravity[0],
            self.params.gravity[1],
            self.params.restitution,
            self.params.slop,
            self.center[0],
            self.center[1],
            self.r,
            self.velocity[0],
            self.velocity[1],
        )
    }
}
