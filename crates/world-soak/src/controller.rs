//! The character controller's soak: random input scripts on random tile maps at 30–240 Hz and
//! with a varying frame time, every step judged against the `f64` reference of [`crate::geometry`]
//! (never the library's collision code) by named invariants ([`Rule`]).
//!
//! What a player would notice, each a rule: the character sinks into rock ([`Rule::Penetration`]);
//! runs or falls faster than its config allows ([`Rule::RunSpeed`], [`Rule::FallSpeed`]); is thrown
//! upward by anything but a jump ([`Rule::Launch`]); is carried sideways further than its speed
//! takes it in a step ([`Rule::SidewaysCarry`]); says it stands with nothing under its feet
//! ([`Rule::Support`]); or drifts while it stands still ([`Rule::StandingDrift`]). A non-finite
//! number is [`Rule::Finite`].

#![forbid(unsafe_code)]

use crate::geometry::{cells_near, len, rounding, sub, wide, V};
use crate::rng::SplitMix64;
use ball_aabb::controller::{Config, Controller, Event, Input, Report};
use ball_aabb::world::TileMap;

/// One invariant of a controller step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// Position and velocity stay finite.
    Finite,
    /// The ball never overlaps a solid cell by more than the contact tolerance.
    Penetration,
    /// `|v.x|` never exceeds the run speed.
    RunSpeed,
    /// `v.y` stays within `[−max_fall_speed, jump_speed]`.
    FallSpeed,
    /// Only a jump makes the character move up faster than it did: `v.y` never grows otherwise.
    Launch,
    /// A step moves the character sideways at most by its speed over the step (what the run and
    /// gravity add in it included): a contact may turn the move, no contact, step-up or snap
    /// lengthens it.
    SidewaysCarry,
    /// Grounded only with a cell under the flat foot (a top at the feet's height under
    /// `[x − r, x + r]`) or touching one.
    Support,
    /// Standing still on the ground with no input: not an ulp of movement.
    StandingDrift,
}

impl Rule {
    /// Every rule, in report order.
    pub const ALL: [Rule; 8] = [
        Rule::Finite,
        Rule::Penetration,
        Rule::RunSpeed,
        Rule::FallSpeed,
        Rule::Launch,
        Rule::SidewaysCarry,
        Rule::Support,
        Rule::StandingDrift,
    ];
}

/// What a soak found: the steps judged, the violations of each rule, the first few explained.
#[derive(Clone, Debug, Default)]
pub struct ControllerReport {
    /// Steps judged.
    pub steps: u64,
    /// Violations per rule, in the order of [`Rule::ALL`].
    pub counts: [u64; 8],
    /// The first three violations of each rule: the rule, and a line that replays it (seed, run,
    /// step) and says what was wrong.
    pub first: Vec<(Rule, String)>,
}

impl ControllerReport {
    /// No violation of any rule.
    #[must_use]
    pub fn clean(&self) -> bool {
        self.counts.iter().all(|&c| c == 0)
    }

    fn found(&mut self, rule: Rule, what: impl FnOnce() -> String) {
        let i = Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0);
        self.counts[i] += 1;
        if self.counts[i] <= 3 {
            self.first.push((rule, what()));
        }
    }
}

/// A random level: a floor, platforms (solid and one-way), blocks and pillars, `w × h` cells of
/// side `cell`.
fn level(rng: &mut SplitMix64, w: usize, h: usize, cell: f32) -> TileMap {
    let mut rows = vec![vec![b'.'; w]; h];
    rows[h - 1].fill(b'#');
    for _ in 0..rng.below(12) + 4 {
        let (len, row, col) =
            (2 + rng.below(7) as usize, 2 + rng.below(h as u64 - 4) as usize, rng.below(w as u64) as usize);
        let c = if rng.chance(0.3) { b'-' } else { b'#' };
        rows[row][col..(col + len).min(w)].fill(c);
    }
    for _ in 0..rng.below(6) {
        let (col, tall) = (rng.below(w as u64) as usize, 1 + rng.below(4) as usize);
        for row in rows.iter_mut().rev().skip(1).take(tall) {
            row[col] = b'#';
        }
    }
    let text: Vec<String> = rows.iter().map(|r| String::from_utf8_lossy(r).into_owned()).collect();
    TileMap::from_ascii(&text.join("\n"), cell).expect("a valid level")
}

/// The smallest `f64` distance from `p` to a solid (not one-way) cell within `reach`.
fn clearance(map: &TileMap, p: V, reach: f64) -> f64 {
    let mut best = f64::INFINITY;
    cells_near(map, p, p, reach, |c| {
        if !c.one_way {
            best = best.min(c.distance(p));
        }
    });
    best
}

/// Is there a cell under the flat foot of a ball of radius `r` at `p` (a top within `tol` of the
/// feet under `[x − r, x + r]` widened by `tol`: an end touching an edge counts), or one the ball
/// touches?
fn supported(map: &TileMap, p: V, r: f64, tol: f64) -> bool {
    let mut found = false;
    cells_near(map, p, p, r + 2.0 * tol, |c| {
        let feet = p[1] - r;
        let flat = (feet - c.hi[1]).abs() <= tol && p[0] + r >= c.lo[0] - tol && p[0] - r <= c.hi[0] + tol;
        let touching = c.distance(p) <= r + tol && (!c.one_way || feet >= c.hi[1] - tol);
        found |= flat || touching;
    });
    found
}

/// Runs `runs` characters for `steps` steps each, from `seed`: each on its own random level, with
/// its own frame rate (30, 60, 144 or 240 Hz, or a random `dt` in `[1/240, 1/30]` every step),
/// input script (a new input every 5–40 steps) and radius; respawned at a random free place when it
/// leaves the map.
#[must_use]
pub fn soak_controller(seed: u64, runs: u64, steps: u64) -> ControllerReport {
    let mut report = ControllerReport::default();
    for run in 0..runs {
        let mut rng = SplitMix64::stream(seed, run);
        let cell = rng.pick(&[1.0f32, 0.5, 0.7]);
        let (w, h) = (40, 20);
        let map = level(&mut rng, w, h, cell);
        let r = rng.range(0.25, 0.49) * cell;
        let mut config = Config::default();
        if rng.chance(0.5) {
            // The demo's Play: one-cell stairs up and down.
            (config.max_step_height, config.snap_distance) = (cell, cell);
        }
        let rate = rng.pick(&[30.0f32, 60.0, 144.0, 240.0, 0.0]);
        let spawn = |rng: &mut SplitMix64| loop {
            let p = [rng.range(r, w as f32 * cell - r), rng.range(cell + r, h as f32 * cell - r)];
            if clearance(&map, wide(p), (r + cell) as f64) > r as f64 + 0.05 {
                break Controller::new(p, r, config).expect("a valid character");
            }
        };
        let mut c = spawn(&mut rng);
        let mut input = Input::default();
        for k in 0..steps {
            if k % (5 + rng.below(36)) == 0 || rng.chance(0.02) {
                input = Input {
                    x: rng.pick(&[-1.0, 0.0, 1.0, 0.5, -0.25]),
                    jump_pressed: rng.chance(0.3),
                    jump_held: rng.chance(0.5),
                    down: rng.chance(0.15),
                };
            } else {
                input.jump_pressed = false;
            }
            let dt = if rate > 0.0 { 1.0 / rate } else { 1.0 / rng.range(30.0, 240.0) };
            let before = (c.position(), c.velocity(), c.grounded());
            let rep = c.step(input, dt, &map);
            report.steps += 1;
            let at = || {
                format!("seed {seed} run {run} step {k} (cell {cell}, r {r}, dt {dt}, {input:?}): {before:?} → {rep:?}")
            };
            judge(&map, &config, r, dt, input, before, &rep, &mut report, at);
            let p = rep.position;
            let inside = p[0] > 0.0 && p[0] < w as f32 * cell && p[1] > 0.0 && p.iter().all(|x| x.is_finite());
            if !inside {
                c = spawn(&mut rng);
            }
        }
    }
    report
}

/// The cells around `p`, as the level's text (top row first), the cell holding `p` bracketed.
fn around(map: &TileMap, p: [f32; 2]) -> String {
    let s = map.cell();
    let (col, row) = ((p[0] / s).floor() as i64, (p[1] / s).floor() as i64);
    let mut out = String::new();
    for y in (row - 2..=row + 2).rev() {
        for x in col - 3..=col + 3 {
            let t = if x < 0 || y < 0 || x >= map.width() as i64 || y >= map.height() as i64 {
                ' '
            } else {
                match map.tile(x as usize, y as usize) {
                    ball_aabb::world::Tile::Solid => '#',
                    ball_aabb::world::Tile::OneWay => '-',
                    ball_aabb::world::Tile::Empty => '.',
                }
            };
            out.push(if (x, y) == (col, row) { '@' } else { t });
        }
        out.push('\n');
    }
    out
}

/// Judges one step: `before` is the position, velocity and grounded state it started from.
#[allow(clippy::too_many_arguments)]
fn judge(
    map: &TileMap,
    cfg: &Config,
    r: f32,
    dt: f32,
    input: Input,
    before: ([f32; 2], [f32; 2], bool),
    rep: &Report,
    report: &mut ControllerReport,
    at: impl Fn() -> String,
) {
    let (p0, v0, grounded0) = before;
    let (p1, v1) = (rep.position, rep.velocity);
    if !p1.iter().chain(&v1).all(|x| x.is_finite()) {
        report.found(Rule::Finite, &at);
        return;
    }
    let pushed = rep.events.contains(Event::PushedOut);
    let (a, b) = (wide(p0), wide(p1));
    let scale = a.iter().chain(&b).fold(1.0f64, |m, x| m.max(x.abs()));
    let tol = cfg.slop as f64 + rounding(scale) + 1e-6;
    let rr = r as f64;
    let gap = clearance(map, b, rr + 1.0);
    if gap < rr - tol {
        report.found(Rule::Penetration, || format!("{}: sunk {} into rock", at(), rr - gap));
    }
    if (v1[0] as f64).abs() > cfg.run_speed as f64 * (1.0 + 1e-6) {
        report.found(Rule::RunSpeed, &at);
    }
    if (v1[1] as f64) < -(cfg.max_fall_speed as f64) * (1.0 + 1e-6) || v1[1] > cfg.jump_speed * (1.0 + 1e-6) {
        report.found(Rule::FallSpeed, &at);
    }
    if !rep.events.contains(Event::Jumped) && v1[1] as f64 > (v0[1].max(0.0) as f64) + 1e-4 {
        report.found(Rule::Launch, &at);
    }
    // A contact may turn the move (a fall slides off a corner sideways), never lengthen it: the
    // path is at most the speed, with what the run and gravity add in the step, times dt.
    let accel = cfg.run_accel.max(cfg.air_accel) as f64 + cfg.gravity as f64;
    let jump = if rep.events.contains(Event::Jumped) { cfg.jump_speed as f64 } else { 0.0 };
    let speed = len(wide(v0)).max(len(wide(v1))) + jump;
    let reach = (speed + accel * dt as f64) * dt as f64;
    let dx = (b[0] - a[0]).abs();
    if !pushed && dx > reach + tol {
        report.found(Rule::SidewaysCarry, || format!("{}: moved {dx} sideways, at most {reach}", at()));
    }
    if rep.grounded && !supported(map, b, rr, 1e-3 + tol) {
        report.found(Rule::Support, || format!("{}\n{}", at(), around(map, p1)));
    }
    let still = grounded0 && rep.grounded && input.x == 0.0 && !input.jump_pressed && v0 == [0.0, 0.0];
    let moved_on_purpose = rep.events.contains(Event::DroppedThrough) || rep.events.contains(Event::Jumped);
    if still && !pushed && !moved_on_purpose && p1 != p0 {
        report.found(Rule::StandingDrift, || format!("{}: drifted {:?}", at(), sub(b, a)));
    }
}
