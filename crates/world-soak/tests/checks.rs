//! Each check against a planted fault (a real step with one field made wrong: it must fire) and
//! against known-good steps (hand arithmetic: it must not), and the reproducer line's round trip.

use ball_aabb::world::{step, Params, StrategyId, Tile, TileMap};
use ball_aabb::{Circle, Hit};
use world_soak::check::{Facing, RunState, Surface, FREEZE_STEPS};
use world_soak::{check_step, soak, Case, Check, Config, Outcome, Scene};

/// A flush floor of 20 unit tiles (row 0, top at y = 1) under 5 empty rows.
fn floor() -> TileMap {
    let mut map = TileMap::new(20, 6, 1.0, [0.0, 0.0]).unwrap();
    for col in 0..20 {
        map.set(col, 0, true);
    }
    map
}

const FLOOR: [Surface; 1] = [Surface { cols: [0, 19], rows: [0, 0], facing: Facing::Up }];

fn run(scene: &Scene, id: StrategyId, c: [f32; 2], v: [f32; 2]) -> Outcome {
    let s = step(id, &Circle::new(c, scene.r).unwrap(), v, scene.map, &scene.params);
    Outcome::from(&s)
}

/// The checks that fire on `out` (a fresh run state).
fn fired(scene: &Scene, id: StrategyId, v: [f32; 2], out: &Outcome) -> Vec<Check> {
    let mut found: Vec<(Check, String)> = Vec::new();
    check_step(scene, id, v, out, &mut RunState::default(), 0, &mut found);
    found.iter().map(|(c, _)| *c).collect()
}

#[test]
fn a_dyadic_roll_on_a_flush_floor_is_clean() {
    let map = floor();
    let scene = Scene { map: &map, r: 0.5, params: Params::default().with_gravity([0.0, -0.25]), surfaces: &FLOOR };
    let (mut c, mut v) = ([0.5f32, 1.5], [0.125f32, 0.0]);
    let mut state = RunState::default();
    for k in 0..120 {
        let s = step(StrategyId::SweptSlideSeamless, &Circle::new(c, 0.5).unwrap(), v, &map, &scene.params);
        let mut found: Vec<(Check, String)> = Vec::new();
        check_step(&scene, StrategyId::SweptSlideSeamless, v, &Outcome::from(&s), &mut state, k, &mut found);
        assert!(found.is_empty(), "step {k}: {found:?}");
        (c, v) = (s.end, s.velocity);
    }
    assert_eq!(c, [15.5, 1.5]);
}

#[test]
fn planted_faults_fire_their_check() {
    let map = floor();
    let id = StrategyId::SweptSlideSeamless;
    let scene = Scene { map: &map, r: 0.5, params: Params::default(), surfaces: &FLOOR };
    let good = run(&scene, id, [3.5, 1.5], [0.25, 0.0]);
    assert_eq!(fired(&scene, id, [0.25, 0.0], &good), []);

    let mut bad = good;
    bad.end = [f32::NAN, 1.5];
    assert_eq!(fired(&scene, id, [0.25, 0.0], &bad), [Check::Finite]);

    let mut bad = good;
    bad.end = [3.75, 1.3]; // 0.2 into the floor
    assert!(fired(&scene, id, [0.25, 0.0], &bad).contains(&Check::Overlap));

    let mut bad = good;
    bad.velocity = [0.5, 0.0]; // no gravity: speed doubled
    assert!(fired(&scene, id, [0.25, 0.0], &bad).contains(&Check::SpeedGain));

    let mut bad = good;
    bad.end = [3.75, 1.5 + 1e-3]; // lifted off the flush floor
    assert!(fired(&scene, id, [0.25, 0.0], &bad).contains(&Check::FlushSlide));

    // Free path (high above the floor): a short move and a changed velocity.
    let free = run(&scene, id, [3.5, 3.5], [0.25, 0.1]);
    assert_eq!(fired(&scene, id, [0.25, 0.1], &free), []);
    let mut bad = free;
    bad.end = [3.7, 3.6];
    assert_eq!(fired(&scene, id, [0.25, 0.1], &bad), [Check::FreePath]);

    // Through the floor: from above it to below it, straight.
    let mut bad = run(&scene, id, [3.5, 3.5], [0.0, -5.0]);
    bad.end = [3.5, -1.5];
    assert!(fired(&scene, id, [0.0, -5.0], &bad).contains(&Check::Tunnel));

    // Started 0.25 deep in the floor and not pushed out; started free and pushed.
    let deep = run(&scene, id, [3.5, 1.25], [0.0, 0.0]);
    let mut bad = deep;
    bad.pushed_out = [0.0; 2];
    bad.end = bad.start;
    assert_eq!(fired(&scene, id, [0.0, 0.0], &bad), [Check::PushOut]);
    let mut bad = good;
    bad.pushed_out = [0.0, 0.5];
    assert_eq!(fired(&scene, id, [0.25, 0.0], &bad), [Check::PushOut]);

    // Resting on the floor, rolling, gravity: the velocity keeps gravity's pull into the floor.
    let grav = Scene { params: Params::default().with_gravity([0.0, -0.25]), ..scene };
    let rest = run(&grav, id, [3.5, 1.5], [0.1, 0.0]);
    assert_eq!(fired(&grav, id, [0.1, 0.0], &rest), []);
    let mut bad = rest;
    bad.velocity = [0.1, -0.25];
    assert!(fired(&grav, id, [0.1, 0.0], &bad).contains(&Check::IntoSurface));

    // A stall: the same outcome 10 times, the ball put back where it started, velocity allowed.
    let mut state = RunState::default();
    let mut bad = rest;
    bad.end = bad.start;
    let mut freezes = 0;
    for k in 0..FREEZE_STEPS as u64 + 3 {
        let mut found: Vec<(Check, String)> = Vec::new();
        check_step(&grav, id, [0.1, 0.0], &bad, &mut state, k, &mut found);
        freezes += found.iter().filter(|(c, _)| *c == Check::Freeze).count();
    }
    assert_eq!(freezes, 1);
    assert_eq!(state.stall_from.map(|s| s.0), Some(0));
}

#[test]
fn planted_contact_faults_fire_their_check() {
    let map = floor();
    let id = StrategyId::SweptSlide;
    // r = fl(1.37) − 1 exactly, so a centre at y = fl(1.37) is exactly r above the floor's top.
    let cy = 1.37f32;
    let r = (cy as f64 - 1.0) as f32;
    assert_eq!(cy as f64 - 1.0, r as f64);
    let scene = Scene { map: &map, r, params: Params::default(), surfaces: &[] };
    let mut out = run(&scene, id, [5.0, cy], [0.5, 0.0]);
    assert_eq!(fired(&scene, id, [0.5, 0.0], &out), []);
    let graze = Hit { index: 5, t: 0.5, center: [5.0, cy], point: [5.0, 1.0], normal: [-1e-8, 1.0], ..Hit::default() };
    out.contacts[0] = graze;
    out.len = 1;
    assert_eq!(fired(&scene, id, [0.5, 0.0], &out), [Check::GrazeNormal]);
    out.contacts[0].normal = [0.0, 1.0];
    assert_eq!(fired(&scene, id, [0.5, 0.0], &out), []);

    // The budget: 8 sweeps, the last before the end of the step, velocity still into the first.
    let mut out = run(&scene, id, [5.0, cy], [0.5, 0.0]);
    let wall = Hit { index: 0, t: 0.1, center: [5.0, cy], point: [5.0, 1.0], normal: [0.0, 1.0], ..Hit::default() };
    out.contacts[..8].copy_from_slice(&[wall; 8]);
    out.len = 8;
    out.velocity = [0.5, -0.1];
    out.end = out.start;
    assert!(fired(&scene, id, [0.5, 0.0], &out).contains(&Check::BudgetClip));
}

#[test]
fn a_one_way_floor_holds_a_ball_from_above_only() {
    let mut map = TileMap::new(10, 6, 1.0, [0.0, 0.0]).unwrap();
    for col in 0..10 {
        map.set_tile(col, 2, Tile::OneWay);
    }
    let id = StrategyId::SweptSlideSeamless;
    let scene = Scene { map: &map, r: 0.5, params: Params::default(), surfaces: &[] };
    // From above, falling into it: ending inside it is a fault.
    let mut out = run(&scene, id, [4.5, 4.0], [0.0, -1.0]);
    out.end = [4.5, 2.9];
    assert!(fired(&scene, id, [0.0, -1.0], &out).contains(&Check::OneWay));
    // From below, going up through it: nothing to report.
    let mut out = run(&scene, id, [4.5, 1.0], [0.0, 3.0]);
    out.end = [4.5, 4.0];
    out.velocity = [0.0, 3.0];
    out.len = 0;
    out.pushed_out = [0.0; 2];
    assert_eq!(fired(&scene, id, [0.0, 3.0], &out), []);
}

#[test]
fn a_reproducer_line_reads_back_and_replays() {
    let report = soak(&Config::new(StrategyId::PlaneSolver, 27, 30_000));
    assert_eq!(report.steps, 30_000);
    for v in &report.first {
        let line = v.case.line();
        let back = Case::parse(&line).unwrap();
        assert_eq!(back, v.case, "{line}");
        let replay = back.replay().unwrap();
        assert!(
            replay.iter().any(|(_, found)| found.iter().any(|(c, _)| *c == v.check)),
            "{} does not replay: {line}",
            v.check.id()
        );
    }
    assert!(Case::parse("strategy=merged cell=1").unwrap_err().contains("size"));
    assert!(Case::parse("strategy=nope").unwrap_err().starts_with("strategy"));
}
