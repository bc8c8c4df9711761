//! The controller rows (`bench --json` key `"controller"`), beside the tile-map rows: characters
//! ([`Controller`], default [`Config`]) run through the same seeded random map as
//! [`super::tilemap`], each for [`STEPS`] steps of 1/60 s with a seeded input plan (run left, right
//! or not, a jump at some segments' starts), on one thread and on every core. The figure is ns per
//! character step: a step is at least one world step (the move), plus the ground probe, and the
//! snap or step-up's extra world steps when they are tried.
//!
//! Desktop only (rayon), like the tile-map rows.

use super::results::ControllerResult;
use super::rng::SplitMix64;
use super::tilemap::{generate, TilemapSpec};
use super::timing::Clock;
use crate::geom::controller::{Config, Controller, Event, Input};
use crate::geom::world::TileMap;
use rayon::prelude::*;
use std::hint::black_box;

/// Steps per character: one second at 60 Hz, in four segments of [`SEGMENT`] steps.
pub const STEPS: usize = 60;
/// Steps per input segment.
pub const SEGMENT: usize = 15;
const DT: f32 = 1.0 / 60.0;

/// One character: where it starts and its input for each segment.
#[derive(Clone, Debug)]
pub struct Character {
    pub controller: Controller,
    pub plan: [Input; STEPS / SEGMENT],
}

impl Character {
    /// The input of step `k`: the segment's, the jump pressed on its first step only.
    #[inline]
    #[must_use]
    pub fn input(&self, k: usize) -> Input {
        let mut i = self.plan[k / SEGMENT];
        i.jump_pressed &= k.is_multiple_of(SEGMENT);
        i
    }
}

/// The characters for a tile-map job: one per ten of its balls, each at the centre of an empty
/// cell, radius 0.25–0.45 cell (a multiple of 1/256), and a plan: per segment a direction (left,
/// none, right), a jump with probability 1/3 (held for the whole segment or released after its
/// first step), and down with probability 1/8.
#[must_use]
pub fn characters(map: &TileMap, spec: &TilemapSpec) -> Vec<Character> {
    let mut rng = SplitMix64::new(spec.seed ^ 0xC0_47_40_11);
    let n = (spec.balls / 10).max(1);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let col = rng.below(map.width() as u64) as usize;
        let row = rng.below(map.height() as u64) as usize;
        if map.is_solid(col, row) {
            continue;
        }
        let r = (rng.range(0.25, 0.45) * 256.0).round() / 256.0;
        let controller = Controller::new([col as f32 + 0.5, row as f32 + 0.5], r, Config::default()).expect("valid");
        let plan = std::array::from_fn(|_| {
            let x = [-1.0, 0.0, 1.0][rng.below(3) as usize];
            let jump = rng.chance(1.0 / 3.0);
            Input { x, jump_pressed: jump, jump_held: jump && rng.chance(0.5), down: rng.chance(0.125) }
        });
        out.push(Character { controller, plan });
    }
    out
}

/// Runs every character its [`STEPS`] steps, one thread; returns how many steps ended grounded and
/// the events counted ([`Event::ALL`] order).
pub fn run_all(map: &TileMap, chars: &mut [Character]) -> (u64, [u64; 8]) {
    let (mut grounded, mut events) = (0u64, [0u64; 8]);
    for c in chars.iter_mut() {
        for k in 0..STEPS {
            let input = c.input(k);
            let r = c.controller.step(input, DT, map);
            grounded += u64::from(r.grounded);
            for (n, e) in events.iter_mut().zip(Event::ALL) {
                *n += u64::from(r.events.contains(e));
            }
        }
    }
    (grounded, events)
}

/// The same on every core of rayon's pool (chunks of 256 characters).
pub fn run_all_par(map: &TileMap, chars: &mut [Character]) {
    chars.par_chunks_mut(256).for_each(|chunk| {
        for c in chunk {
            for k in 0..STEPS {
                let input = c.input(k);
                let _ = c.controller.step(input, DT, map);
            }
        }
    });
}

/// The fastest of `samples` runs of `f` on a fresh copy of `start`, in ns per character step;
/// and the characters after the last run.
fn best<C: Clock>(
    clock: &mut C,
    samples: usize,
    start: &[Character],
    mut f: impl FnMut(&mut [Character]),
) -> (f64, Vec<Character>) {
    let (mut best, mut last) = (f64::INFINITY, start.to_vec());
    for _ in 0..samples.max(1) {
        let mut chars = start.to_vec();
        let t0 = clock.seconds();
        f(black_box(&mut chars));
        let t1 = clock.seconds();
        best = best.min((t1 - t0).max(0.0) * 1e9 / (start.len() * STEPS).max(1) as f64);
        last = chars;
    }
    (best, last)
}

/// Times the characters on the tile-map job's map, one thread and every core; `world_ns` are the
/// tile-map rows' ns per world step (1 thread, all cores), for the ratio. Both runs must end with
/// every character in the same place.
pub fn run<C: Clock>(
    spec: &TilemapSpec,
    clock: &mut C,
    world_ns: [Option<f64>; 2],
    mut progress: impl FnMut(&str),
) -> Vec<ControllerResult> {
    progress("controller: generating the map and the characters");
    let map = generate(spec).map;
    let fill = map.solid_count() as f64 / (spec.width * spec.height) as f64;
    let start = characters(&map, spec);
    let (grounded, events) = run_all(&map, &mut start.to_vec());
    progress("controller: 1 thread");
    let (ns1, ends1) = best(clock, spec.samples, &start, |c| {
        run_all(&map, c);
    });
    progress("controller: all cores");
    let (nsp, endsp) = best(clock, spec.samples, &start, |c| run_all_par(&map, c));
    let same = ends1.iter().zip(&endsp).all(|(a, b)| a.controller == b.controller);
    assert!(same, "the controller on one thread and on every core must agree exactly");
    let steps = start.len() * STEPS;
    let threads = rayon::current_num_threads();
    let row = |threads: usize, ns_per_step: f64, world: Option<f64>| ControllerResult {
        characters: start.len(),
        steps_per_character: STEPS,
        map: spec.map_name(),
        fill,
        threads,
        ns_per_step,
        world_ns_per_step: world,
        world_steps_per_step: world.map(|w| ns_per_step / w),
        grounded_share: grounded as f64 / steps as f64,
        events: Event::ALL.iter().zip(events).map(|(e, n)| (e.as_str(), n)).collect(),
    };
    vec![row(1, ns1, world_ns[0]), row(threads, nsp, world_ns[1])]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controller_rows_are_deterministic_and_do_work() {
        let spec = TilemapSpec { balls: 500, width: 64, height: 64, fill: 0.3, samples: 1, seed: 7 };
        let mut t = 0.0;
        let mut clock = move || {
            t += 1e-3;
            t
        };
        let rows = run(&spec, &mut clock, [Some(100.0), None], |_| {});
        assert_eq!(rows.len(), 2);
        let r = &rows[0];
        assert_eq!((r.characters, r.steps_per_character), (50, STEPS));
        assert!(r.ns_per_step > 0.0 && r.world_steps_per_step.is_some() && rows[1].world_steps_per_step.is_none());
        assert!(r.grounded_share > 0.1 && r.grounded_share < 1.0, "{r:?}");
        let count = |name: &str| r.events.get(name).copied().unwrap_or(0);
        assert!(count("jumped") > 0 && count("landed") > 0, "{r:?}");
    }
}
