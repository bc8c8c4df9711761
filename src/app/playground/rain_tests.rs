use super::*;
use crate::app::playground::{advance, apply, PlaygroundCommand, PlaygroundState};
use crate::app::{update, Input, SceneOptions, State};
use crate::geom::world::TileMap;
use std::sync::atomic::{AtomicU64, Ordering};

#[test]
fn rain_takes_whole_numbers_within_the_builds_range() {
    assert_eq!(parse_rain_for("100000", false), Ok(100_000));
    assert_eq!(parse_rain_for(" 1_000_000 ", false), Ok(1_000_000));
    assert_eq!(parse_rain_for("1e6", false), Ok(1_000_000));
    assert_eq!(parse_rain_for("2.5e4", true), Ok(25_000));
    assert_eq!(parse_rain_for("10", true), Ok(10));
    assert_eq!(parse_rain_for("100000", true), Ok(100_000));
    assert_eq!((max_balls(false), max_balls(true)), (1_000_000, 100_000));
    assert_eq!(MAX_BALLS, if cfg!(target_arch = "wasm32") { 100_000 } else { 1_000_000 });
}

#[test]
fn a_bad_rain_is_refused_naming_rain_and_the_value() {
    for (text, web, says) in [
        ("many", false, "\"many\" is not a whole number of balls 10..=1000000"),
        ("-5", false, "\"-5\" is not a whole number"),
        ("1.5", false, "\"1.5\" is not a whole number"),
        ("nan", true, "\"nan\" is not a whole number of balls 10..=100000"),
        ("", false, "\"\" is not a whole number"),
        ("9", false, "9 balls is not in 10..=1000000"),
        ("1000001", false, "1000001 balls is not in 10..=1000000"),
        ("200000", true, "200000 balls is not in 10..=100000 in the browser (the desktop takes up to 1000000)"),
        ("1e30", false, "1e30 balls is not in 10..=1000000"),
    ] {
        let e = parse_rain_for(text, web).expect_err(text);
        assert_eq!(e.field, "rain", "{text}");
        assert!(e.message.contains(says), "{text}: {}", e.message);
    }
}

#[test]
fn the_slider_clamps_to_the_builds_range() {
    assert_eq!(clamp_balls(0), MIN_BALLS);
    assert_eq!(clamp_balls(u32::MAX), MAX_BALLS);
    assert_eq!(clamp_balls(5000), 5000);
    let mut p = PlaygroundState::from_options(SceneOptions::from_fragment("rain=100").unwrap().playground);
    apply(&mut p, PlaygroundCommand::SetRain(Some(3)));
    assert_eq!((p.options.rain, p.rain.as_ref().map(RainState::balls)), (Some(10), Some(10)));
    apply(&mut p, PlaygroundCommand::SetRain(Some(u32::MAX)));
    let max = MAX_BALLS as usize;
    assert_eq!((p.options.rain, p.rain.as_ref().map(RainState::balls)), (Some(MAX_BALLS), Some(max)));
    apply(&mut p, PlaygroundCommand::SetRain(None));
    assert!(p.rain.is_none() && p.options.rain.is_none());
    assert_eq!(p.runners.len(), 1, "the playground's ball is back");
}

#[test]
fn the_scene_key_loads_the_rain_in_the_playground_and_is_written_back() {
    let o = SceneOptions::from_fragment("#rain=1000&strategy=per-axis").unwrap();
    assert!(o.mode.flat_playground());
    assert_eq!(o.playground.rain, Some(1000));
    let text = o.to_fragment();
    assert!(text.contains("&rain=1000"), "{text}");
    assert_eq!(SceneOptions::from_fragment(&text).unwrap(), o);
    let s = State::new(o);
    let r = s.playground.rain.as_ref().expect("the rain is on");
    assert_eq!((r.balls(), r.swarm.strategy), (1000, StrategyId::PerAxis));
    assert_eq!((r.swarm.map.width(), r.swarm.map.height()), (MAP_WIDTH, MAP_HEIGHT));
    assert_eq!(r.swarm.params, params(true));
    assert_eq!(r.swarm.overlapping(), 0, "scattered clear of the cells");
    assert!(s.playground.runners.is_empty());
    // Without the key: no rain, and none written.
    let plain = SceneOptions::from_fragment("playground=on").unwrap();
    assert!(plain.playground.rain.is_none() && !plain.to_fragment().contains("rain"));
}

#[test]
fn the_rain_does_not_go_with_play_a_race_or_the_playground_off() {
    for (text, says) in [
        ("rain=100&play=on", "play=on"),
        ("rain=100&race=on", "race=on"),
        ("rain=100&playground=off", "playground=off"),
        ("rain=lots", "\"lots\""),
    ] {
        let e = SceneOptions::from_fragment(text).expect_err(text);
        assert_eq!(e.field, "rain", "{text}");
        assert!(e.message.contains(says), "{text}: {}", e.message);
    }
}

/// A clock that moves 1 ms each time it is read.
fn millisecond_clock() -> f64 {
    static TICKS: AtomicU64 = AtomicU64::new(0);
    TICKS.fetch_add(1, Ordering::Relaxed) as f64 * 1e-3
}

#[test]
fn the_figures_are_the_clocks_per_ball() {
    let mut r = RainState::new(1000, StrategyId::default(), true);
    assert_eq!(r.stats().ns_per_ball_step, None, "nothing timed yet");
    r.clock = millisecond_clock;
    for _ in 0..WINDOW + 5 {
        r.step();
    }
    let s = r.stats();
    assert_eq!((s.balls, s.steps), (1000, WINDOW as u64 + 5));
    // Each step reads the clock twice, 1 ms apart: 1 ms a step, 1 µs a ball-step.
    assert!((s.step_ms.unwrap() - 1.0).abs() < 1e-3, "{s:?}");
    assert!((s.ns_per_ball_step.unwrap() - 1000.0).abs() < 1e-2, "{s:?}");
    assert!((s.settled_ns.unwrap() - 1000.0).abs() < 1e-2, "{s:?}");
    r.record_draw(2.0);
    r.record_draw(4.0);
    r.record_draw(f32::NAN);
    assert_eq!(r.stats().draw_ms, Some(3.0));
    // A change (another strategy) starts the figures again.
    r.set_strategy(StrategyId::PerAxis);
    assert_eq!((r.stats().ns_per_ball_step, r.stats().settled_ns), (None, None));
}

/// Ten balls in a row at (2.5, 5.5 + k), moving 3 cells a step right at a wall one cell thick (column
/// 4), no gravity: a discrete strategy ends them beyond it (tunnelled), a swept one stops them at it.
fn against_a_thin_wall(strategy: StrategyId) -> RainState {
    let mut r = RainState::new(10, strategy, false);
    let mut map = TileMap::new(16, 20, 1.0, [0.0, 0.0]).unwrap();
    for row in 0..20 {
        map.set(4, row, true);
    }
    r.swarm.map = map;
    for i in 0..10 {
        (r.swarm.x[i], r.swarm.y[i], r.swarm.vx[i], r.swarm.vy[i]) = (2.5, 5.5 + i as f32, 3.0, 0.0);
    }
    r.step();
    r
}

#[test]
fn tunnelled_and_overlapping_balls_are_counted() {
    let discrete = against_a_thin_wall(StrategyId::DiscreteInOrder);
    let s = discrete.stats();
    assert_eq!((s.tunnelled, s.tunnelled_total), (10, 10), "{s:?}");
    let swept = against_a_thin_wall(StrategyId::SweptSlide);
    let s = swept.stats();
    assert_eq!((s.tunnelled, s.overlapping), (0, Some(0)), "{s:?}");
    // Balls sunk into the wall, counted before the next step pushes them out.
    let mut r = against_a_thin_wall(StrategyId::SweptSlide);
    for i in 0..4 {
        r.swarm.x[i] = 4.5;
    }
    r.steps = 0;
    r.step();
    assert_eq!(r.stats().overlapping, Some(r.swarm.overlapping()));
}

#[test]
fn the_rain_keeps_falling_and_stays_out_of_the_rock() {
    let mut r = RainState::new(2000, StrategyId::default(), true);
    let start = r.swarm.y.iter().sum::<f32>();
    for _ in 0..120 {
        r.step();
    }
    let s = r.stats();
    assert_eq!((s.balls, s.steps, s.tunnelled_total), (2000, 120, 0), "{s:?}");
    assert_eq!(s.overlapping, Some(0));
    assert!(r.swarm.y.iter().sum::<f32>() < start, "the balls fell");
    let inside =
        |i: usize| (0.0..MAP_WIDTH as f32).contains(&r.swarm.x[i]) && (0.0..MAP_HEIGHT as f32).contains(&r.swarm.y[i]);
    assert!((0..2000).all(inside));
    // The round robin drops two balls a step back under the top (2000 / 1200, at least one).
    let high = (0..2000).filter(|&i| r.swarm.y[i] > MAP_HEIGHT as f32 - 2.0).count();
    assert!(high >= 2, "{high}");
}

#[test]
fn frames_step_the_rain_and_keep_it_animating() {
    let mut s = State::new(SceneOptions::from_fragment("rain=500&speed=1").unwrap());
    assert!(crate::app::animating(&s));
    let dt = 1.0 / 60.0;
    for _ in 0..10 {
        update(&mut s, &Input { dt, ..Input::default() });
    }
    let r = s.playground.rain.as_ref().unwrap();
    assert_eq!(r.stats().steps, 20, "two steps of 1/120 s a frame of 1/60 s");
    assert!(crate::app::animating(&s), "a rain never finishes");
    // A stalled frame runs at most STEPS_PER_FRAME steps.
    let mut p = PlaygroundState::from_options(SceneOptions::from_fragment("rain=500").unwrap().playground);
    assert_eq!(advance(&mut p, 0.25), STEPS_PER_FRAME);
    // Gravity off and another strategy reach the swarm; race and painting do nothing.
    apply(&mut p, PlaygroundCommand::SetGravity(false));
    apply(&mut p, PlaygroundCommand::SetStrategy(StrategyId::PlaneSolver));
    apply(&mut p, PlaygroundCommand::SetRace(true));
    let r = p.rain.as_ref().unwrap();
    assert_eq!((r.swarm.params, r.swarm.strategy, p.options.race), (params(false), StrategyId::PlaneSolver, false));
}
