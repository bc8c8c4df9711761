//! The playground without a window: painting, levels, the scene keys, the fixed-step clock and the
//! race's bookkeeping.

use super::*;
use crate::app::levels::{level_index, PlayMap, LEVELS};
use crate::app::scene::SceneOptions;
use crate::app::{apply, load_scene_text, update, Command, Input, Key, ScreenRect, State};
use glam::Vec2;

fn on(level: &str, extra: &str) -> State {
    State::new(SceneOptions::from_fragment(&format!("playground=on&level={level}{extra}")).unwrap())
}

#[test]
fn every_level_parses_and_its_ball_starts_in_free_space() {
    for l in LEVELS {
        let m = l.map();
        let tm = m.tile_map();
        assert_eq!(m.solid_count(), tm.solid_count(), "{}", l.id);
        let (x, y) = (l.ball[0].floor() as usize, l.ball[1].floor() as usize);
        assert!(!m.is_solid(x, y), "{}: the ball starts inside a solid cell", l.id);
        assert_eq!(PlayMap::parse(&m.to_compact()), Ok(m), "{}", l.id);
        // Its rotated boxes: valid, all loaded, and drawn inside the map (every corner within it).
        assert_eq!(on(l.id, "").playground.options.tilted.iter().count(), l.tilted.len(), "{}", l.id);
        for b in l.tilted {
            let o = crate::geom::OrientedRect::from_degrees([b[0], b[1]], [b[2], b[3]], b[4]).unwrap();
            let (lo, hi) = (o.bounding_aabb().min(), o.bounding_aabb().max());
            let inside = lo[0] >= 0.0 && lo[1] >= 0.0 && hi[0] <= m.cols() as f32 && hi[1] <= m.rows() as f32;
            assert!(inside, "{}: a rotated box {b:?} reaches outside the map: {lo:?} .. {hi:?}", l.id);
        }
    }
}

#[test]
fn the_compact_map_text_is_run_length_and_bad_maps_are_refused() {
    let m = PlayMap::parse("3.2#/5#").unwrap();
    assert_eq!((m.cols(), m.rows()), (5, 2));
    assert!(m.is_solid(3, 1) && !m.is_solid(2, 1) && (0..5).all(|c| m.is_solid(c, 0)));
    assert_eq!(m.to_compact(), "3.2#/5#");
    assert_eq!(PlayMap::parse("..#/#.#"), PlayMap::parse("2.#/#.#"));
    // One-way cells: `-`, the core's Tile::OneWay, neither solid nor empty.
    let m = PlayMap::parse("2.3-/5#").unwrap();
    assert!(m.is_one_way(2, 1) && !m.is_solid(2, 1) && !m.is_one_way(1, 1) && m.one_way_count() == 3);
    assert_eq!(m.to_compact(), "2.3-/5#");
    assert_eq!(m.tile_map().one_way_count(), 3);
    assert_eq!(m.tile_map().solid_count(), 5);
    assert_eq!(PlayMap::from_ascii("..---\n#####"), Ok(m));
    for bad in ["3./4.", "3x", "3", "0#", "", "65#", "3=/3#"] {
        assert!(PlayMap::parse(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn painting_and_erasing_cells_with_the_pointer() {
    let mut s = on("flush-floor", "");
    update(&mut s, &Input { canvas: Some(ScreenRect { x: 0.0, y: 0.0, w: 1000.0, h: 600.0 }), ..Input::default() });
    let at = |s: &State, x: f32, y: f32| s.view.to_screen([x, y]);
    assert!(!s.playground.options.map.is_solid(5, 3));
    // Left drag across (5, 3) → (7, 3): three cells painted, the map is no longer the level.
    let (a, b) = (at(&s, 5.5, 3.5), at(&s, 7.5, 3.5));
    update(&mut s, &Input { pointer: Some(a), press: Some(a), pressed: true, down: true, ..Input::default() });
    for k in 1..=8 {
        let p = a.lerp(b, k as f32 / 8.0);
        update(&mut s, &Input { pointer: Some(p), down: true, ..Input::default() });
    }
    update(&mut s, &Input { pointer: Some(b), ..Input::default() });
    assert!((5..=7).all(|c| s.playground.options.map.is_solid(c, 3)));
    assert_eq!(s.playground.options.level, None);
    assert!(s.drag.is_none() && s.playground.stroke.is_none());
    // Right drag erases one of them again.
    let c = at(&s, 6.5, 3.5);
    update(&mut s, &Input { pointer: Some(c), secondary_down: true, ..Input::default() });
    update(&mut s, &Input { pointer: Some(c), ..Input::default() });
    assert!(!s.playground.options.map.is_solid(6, 3) && s.playground.options.map.is_solid(5, 3));
    // Shift + left drag erases too; erasing the rest gives the level back.
    for x in [5.5, 7.5] {
        let p = at(&s, x, 3.5);
        update(
            &mut s,
            &Input { pointer: Some(p), pressed: true, down: true, erase_modifier: true, ..Input::default() },
        );
        update(&mut s, &Input { pointer: Some(p), ..Input::default() });
    }
    assert_eq!(s.playground.options.level, level_index("flush-floor"));
    // Over the panel nothing is painted.
    let p = at(&s, 3.5, 4.5);
    update(&mut s, &Input { pointer: Some(p), pressed: true, down: true, pointer_over_ui: true, ..Input::default() });
    assert!(!s.playground.options.map.is_solid(3, 4));
}

#[test]
fn dragging_the_throw_tip_sets_the_throw_and_restarts() {
    let mut s = on("flush-floor", "&steps=50");
    update(&mut s, &Input { canvas: Some(ScreenRect { x: 0.0, y: 0.0, w: 1000.0, h: 600.0 }), ..Input::default() });
    assert_eq!(s.playground.steps, 50);
    let tip = s.view.to_screen(throw_tip(&s.playground.options));
    let to = tip + Vec2::new(s.view.scale, s.view.scale); // one unit right, one down (screen y is down)
    update(&mut s, &Input { pointer: Some(tip), press: Some(tip), pressed: true, down: true, ..Input::default() });
    update(&mut s, &Input { pointer: Some(to), down: true, ..Input::default() });
    update(&mut s, &Input { pointer: Some(to), ..Input::default() });
    let (t, t0) = (s.playground.options.throw, LEVELS[0].throw);
    assert!((t[0] - t0[0] - 4.0).abs() < 1e-3 && (t[1] - t0[1] + 4.0).abs() < 1e-3, "{t:?}");
    assert_eq!(s.playground.steps, 0);
    assert_eq!(s.playground.options.map, LEVELS[0].map(), "the drag painted nothing");
}

#[test]
fn levels_load_from_the_panel_and_keep_the_strategy_and_race() {
    let mut s = on("flush-floor", "&strategy=merged&race=on");
    let stairs = level_index("stairs").unwrap();
    apply(&mut s, Command::Playground(PlaygroundCommand::LoadLevel(stairs)));
    let o = s.playground.options;
    assert_eq!((o.level, o.map, o.race, o.strategy), (Some(stairs), LEVELS[stairs].map(), true, StrategyId::Merged));
    assert_eq!(s.playground.runners.len(), STRATEGIES.len());
    apply(&mut s, Command::Playground(PlaygroundCommand::Clear));
    assert_eq!(s.playground.options.map.solid_count(), 0);
}

#[test]
fn the_scene_keys_round_trip_and_bad_values_name_their_key() {
    for text in [
        "playground=on&level=stairs&strategy=merged",
        "playground=on&level=flush-floor&race=on&steps=240&throw=9,-3&ball=2.5,1.4,0.5",
        "playground=on&map=24./3.2#19./24#&strategy=per-axis&gravity=off",
    ] {
        let o = SceneOptions::from_fragment(text).unwrap();
        assert!(o.mode.flat_playground(), "{text}");
        let back = SceneOptions::from_fragment(&o.to_fragment()).unwrap();
        assert_eq!(back, o, "{text} → {}", o.to_fragment());
    }
    let o = SceneOptions::from_fragment("playground=on&level=stairs&strategy=merged").unwrap();
    assert!(o.to_fragment().contains("&playground=on&level=stairs&strategy=merged"), "{}", o.to_fragment());
    assert!(!SceneOptions::default().to_fragment().contains("playground"));
    // A painted map is written as a map, not as the level it started from.
    let mut s = State::new(o);
    apply(&mut s, Command::Playground(PlaygroundCommand::SetCell { col: 0, row: 9, solid: true }));
    let text = crate::app::current_scene(&s).to_fragment();
    assert!(text.contains("&map=#23./") && !text.contains("level="), "{text}");
    let mut t = State::new(SceneOptions::default());
    load_scene_text(&mut t, &text).unwrap();
    assert_eq!(t.playground.options.map, s.playground.options.map);
    for (bad, key) in [
        ("playground=maybe", "playground"),
        ("level=cliff", "level"),
        ("map=3./4.", "map"),
        ("map=3q", "map"),
        ("strategy=teleport", "strategy"),
        ("race=2", "race"),
        ("throw=1", "throw"),
        ("throw=1,nan", "throw"),
        ("throw=5000,0", "throw"),
        ("ball=1,2", "ball"),
        ("ball=1,2,0", "ball"),
        ("gravity=sideways", "gravity"),
        ("steps=-1", "steps"),
        ("steps=99999", "steps"),
    ] {
        let e = SceneOptions::from_fragment(&format!("playground=on&{bad}")).unwrap_err();
        assert_eq!(e.field, key, "{bad}: {e}");
    }
}

#[test]
fn the_fixed_steps_do_not_depend_on_the_frame_rate() {
    let o = SceneOptions::from_fragment("playground=on&level=stairs&speed=1").unwrap().playground;
    let run = |dts: &[f32]| {
        let mut p = PlaygroundState::from_options(o);
        let n: u32 = dts.iter().map(|&dt| advance(&mut p, dt)).sum();
        (n, p)
    };
    // One second as 60 frames, as 144 frames, and as uneven frames: 120 steps each, same end.
    let (a, pa) = run(&[1.0 / 60.0; 60]);
    let (b, pb) = run(&[1.0 / 144.0; 144]);
    let uneven: Vec<f32> = [0.004, 0.031, 0.017, 0.0081].iter().copied().cycle().take(400).collect();
    let total: f32 = uneven.iter().sum();
    let (c, pc) = run(&uneven);
    assert!(a.abs_diff(120) <= 1 && b.abs_diff(120) <= 1, "{a} {b}");
    assert_eq!(c, PlaygroundState::from_options(PlaygroundOptions { steps: c, ..o }).steps);
    assert!((c as f32 - total * STEP_HZ).abs() <= 1.0, "{c} steps for {total} s");
    // The same number of steps gives the same ball, whatever the frames were.
    let k = a.min(b);
    let at = |n: u32| PlaygroundState::from_options(PlaygroundOptions { steps: n, ..o }).runners[0].ball;
    assert_eq!(pa.runners[0].ball, at(a));
    assert_eq!(pb.runners[0].ball, at(b));
    assert_eq!(pc.runners[0].ball, at(c));
    assert_eq!(at(k), at(k));
    // Paused, slow motion, a stalled frame, a bad dt.
    let mut p = PlaygroundState::from_options(o);
    p.paused = true;
    assert_eq!(advance(&mut p, 0.1), 0);
    p.paused = false;
    p.options.speed = 0.25;
    assert_eq!(advance(&mut p, 0.11), 3); // 0.0275 s of simulated time
    assert_eq!(advance(&mut p, f32::NAN), 0);
    p.options.speed = 1.0;
    assert_eq!(advance(&mut p, 5.0), MAX_STEPS_PER_FRAME);
    single_step(&mut p);
    assert!(p.paused);
}

#[test]
fn a_race_on_the_flush_floor_default_keeps_its_speed_and_discrete_in_order_bumps() {
    // The level's throw: rolling left at 14 units/s, resting exactly on the floor. In world order
    // (columns left to right) the tile behind the ball is pushed out of first: near a seam, its
    // corner pushes the ball back.
    let s = on("flush-floor", "&race=on&steps=130");
    let p = &s.playground;
    assert_eq!(p.runners.len(), STRATEGIES.len());
    let by = |id: StrategyId| p.runners.iter().find(|r| r.strategy == id).unwrap();
    let d = by(StrategyId::default());
    assert_eq!(d.trail.len(), 131);
    assert!(d.speeds.iter().all(|&v| v == d.speeds[0]), "the default strategy's speed changed");
    assert!(d.trail.iter().all(|c| c[1] == 1.5), "the default strategy's height changed");
    assert!(d.bumps.is_empty() && d.tunnels.is_empty());
    assert_eq!(d.speed_lost(), 0.0);
    let naive = by(StrategyId::DiscreteInOrder);
    assert!(!naive.bumps.is_empty(), "discrete-in-order never bumped");
    assert!(naive.speed_lost() > 0.1, "{}", naive.speed_lost());
    // Each bump's loss is the drop in speed over that step, at a seam (x on a cell edge ± the push).
    for (k, b) in naive.bumps.iter().enumerate() {
        let i = naive.trail.iter().position(|c| *c == b.at).expect("a bump is on the trail");
        assert_eq!(b.lost, naive.speeds[i - 1] - naive.speeds[i], "bump {k}");
    }
    assert!(naive.bumps.iter().any(|b| b.lost > 0.0), "no bump lost speed");
    // Sunk by 1/64 (more than the world step's slop): every strategy pushes the ball up onto the
    // floor first, so the swept ones then roll on at full speed, at the floor's height.
    let s = on("flush-floor", "&race=on&steps=130&ball=22.5,1.484375,0.5");
    let p = &s.playground;
    for r in p.runners.iter().filter(|r| r.strategy.info().swept) {
        assert_eq!(r.speed_lost(), 0.0, "{:?}", r.strategy);
        assert!(r.trail[1..].iter().all(|c| c[1] == 1.5), "{:?}: {:?}", r.strategy, &r.trail[..3]);
    }
    // The thin platform: a fast fall goes through with a discrete strategy, never with a swept one.
    let s = on("thin-platform", "&race=on&steps=120");
    for r in &s.playground.runners {
        let swept = r.strategy.info().swept;
        assert_eq!(r.ball.center()[1] > 5.0, swept, "{:?} ended at {:?}", r.strategy, r.ball.center());
        if !swept {
            assert!(!r.tunnels.is_empty(), "{:?}: no tunnelling marked", r.strategy);
        }
    }
}

#[test]
fn keys_drive_the_ball_outside_a_race() {
    let mut s = on("flush-floor", "&throw=0,0&ball=1.5,1.5,0.5&speed=1");
    for _ in 0..30 {
        update(&mut s, &Input { held: vec![Key::Right], dt: 1.0 / 60.0, ..Input::default() });
    }
    let x = s.playground.runners[0].ball.center()[0];
    assert!(x > 1.5 + 0.9 * RUN_SPEED * 0.5, "{x}");
    update(&mut s, &Input { keys: vec![Key::Space], dt: 1.0 / 60.0, ..Input::default() });
    for _ in 0..10 {
        update(&mut s, &Input { dt: 1.0 / 60.0, ..Input::default() });
    }
    assert!(s.playground.runners[0].ball.center()[1] > 2.0, "no jump");
    // The arrow keys did not nudge the overlap scene's circle; G pauses; L leaves the playground.
    assert_eq!(s.circle, SceneOptions::default().circle);
    update(&mut s, &Input { keys: vec![Key::G], ..Input::default() });
    assert!(s.playground.paused);
    update(&mut s, &Input { keys: vec![Key::L], ..Input::default() });
    assert!(!s.mode.flat_playground());
}

#[test]
fn the_flush_floor_race_measures_its_window_before_the_balls_fall() {
    // Run to the end: the balls roll off the end of the floor and fall out of the world. Over the
    // whole run every strategy "gains" speed falling (about 17.75 units/s); in the level's window
    // (2.5 s) every ball is still on the floor, so the seamless strategy reads exactly 0 lost (it
    // keeps 14 units/s) and discrete-in-order its loss at the seams.
    let mut p = on("flush-floor", "&race=on").playground;
    let window = p.measure_steps().expect("the flush floor has a measurement window");
    assert_eq!(window, 300);
    while !p.finished() {
        fixed_step(&mut p);
    }
    let floor_top = 1.0 + p.options.ball.radius();
    for r in &p.runners {
        let on_floor = &r.trail[..=window as usize];
        assert!(on_floor.iter().all(|c| c[1] >= floor_top - 1e-3), "{}: fell in the window", r.strategy.as_str());
        assert!(r.speed_lost() < -10.0, "{}: the whole run includes the fall", r.strategy.as_str());
    }
    let lost = |id: StrategyId| p.speed_lost(&p.runners[strategy_index(id)]);
    assert_eq!(lost(StrategyId::SweptSlideSeamless), 0.0);
    let seamless = &p.runners[strategy_index(StrategyId::SweptSlideSeamless)].speeds;
    assert_eq!(seamless[window as usize], seamless[0]);
    assert!((seamless[0] - 14.0).abs() < 1e-5, "{}", seamless[0]);
    assert!(lost(StrategyId::DiscreteInOrder) > 0.5, "{}", lost(StrategyId::DiscreteInOrder));
}

#[test]
fn the_speed_keys_step_through_the_ladder_and_speed_is_a_scene_key() {
    // A lesson level starts slow, Play's course at 1×.
    let mut s = on("flush-floor", "&race=on");
    assert_eq!(s.playground.options.speed, LESSON_SPEED);
    assert_eq!(on("course-run", "&play=on").playground.options.speed, 1.0);
    let key = |s: &mut State, k: Key| update(s, &Input { keys: vec![k], ..Input::default() });
    for want in [0.5, 1.0, 2.0, 2.0] {
        key(&mut s, Key::Period);
        assert_eq!(s.playground.options.speed, want);
    }
    for want in [1.0, 0.5, 0.25, 0.1, 0.1] {
        key(&mut s, Key::Comma);
        assert_eq!(s.playground.options.speed, want);
    }
    // Between two rungs (the slider), a key goes to the next rung.
    apply(&mut s, Command::Playground(PlaygroundCommand::SetTimeScale(0.3)));
    key(&mut s, Key::Period);
    assert_eq!(s.playground.options.speed, 0.5);
    // Written back into the scene text, read again; the level's default is not written.
    let text = crate::app::current_scene(&s).to_fragment();
    assert!(text.contains("&speed=0.5"), "{text}");
    assert_eq!(SceneOptions::from_fragment(&text).unwrap().playground.speed, 0.5);
    assert!(!SceneOptions::from_fragment("playground=on").unwrap().to_fragment().contains("speed"));
    // Simulated time runs at the speed: one real second at 0.25× is 30 fixed steps.
    let mut p = on("stairs", "&speed=0.25").playground;
    let n: u32 = (0..60).map(|_| advance(&mut p, 1.0 / 60.0)).sum();
    assert!(n.abs_diff(30) <= 1, "{n}");
    // A bad value names the key.
    for bad in ["speed=fast", "speed=0", "speed=3", "speed=-1", "speed=NaN"] {
        let e = SceneOptions::from_fragment(&format!("playground=on&{bad}")).unwrap_err();
        assert_eq!(e.field, "speed", "{bad}: {e}");
    }
    assert_eq!(SceneOptions::from_fragment("playground=on&speed=0.1x").unwrap().playground.speed, 0.1);
}

/// The screenshot's scene (scripts/test-desktop.sh): a 14-long wall tilted by 20° over the flush
/// floor, a ball dropped onto its upper half.
const TILTED: &str = "playground=on&level=flush-floor&obb=24,3.5,7,0.3,20&ball=29,7,0.5&throw=0,0";

#[test]
fn rotated_boxes_round_trip_and_bad_ones_name_obb() {
    for text in [TILTED, "playground=on&map=24./24#&obb=4,2,3,0.5,-45;10.5,1.25,2,0.25,90&obb=3,3,1,1,0"] {
        let o = SceneOptions::from_fragment(text).unwrap();
        let back = SceneOptions::from_fragment(&o.to_fragment()).unwrap();
        assert_eq!(back, o, "{text} → {}", o.to_fragment());
        assert!(o.to_fragment().contains("&obb="), "{}", o.to_fragment());
    }
    let o = SceneOptions::from_fragment("playground=on&map=24./24#&obb=4,2,3,0.5,-45;1,1,1,1,0&obb=3,3,1,1,10")
        .unwrap()
        .playground;
    let degrees: Vec<f32> = o.tilted.iter().map(|b| b.degrees).collect();
    assert_eq!(degrees, [-45.0, 0.0, 10.0]);
    // An empty obb= clears a level's own; none given keeps them (none on the lesson levels).
    assert!(SceneOptions::from_fragment("playground=on&obb=").unwrap().playground.tilted.is_empty());
    for bad in [
        "obb=1,2,3",
        "obb=1,2,3,4,x",
        "obb=1,2,3,-1,0",
        "obb=1,2,0,1,0",
        "obb=1,2,3,1,nan",
        "obb=1,2,3,1,1000",
        "obb=1,2,3,1,0;1,2",
        "obb=1,1,1,1,0;1,1,1,1,0;1,1,1,1,0;1,1,1,1,0;1,1,1,1,0;1,1,1,1,0;1,1,1,1,0;1,1,1,1,0;1,1,1,1,0",
    ] {
        let e = SceneOptions::from_fragment(&format!("playground=on&{bad}")).unwrap_err();
        assert_eq!(e.field, "obb", "{bad}: {e}");
    }
}

/// The distance from `c` to the top face's line of the tilted wall `b` (positive above it).
fn above_face(b: &TiltedBox, c: [f32; 2]) -> f32 {
    let a = b.degrees.to_radians();
    let n = [-a.sin(), a.cos()];
    (c[0] - b.center[0]) * n[0] + (c[1] - b.center[1]) * n[1] - b.half[1]
}

#[test]
fn a_ball_dropped_on_a_tilted_wall_slides_down_along_its_face() {
    let o = SceneOptions::from_fragment(TILTED).unwrap().playground;
    let wall = *o.tilted.iter().next().unwrap();
    // Every sliding strategy: the trail runs along the face, r above it, for many steps, going
    // down the slope (left); per-axis lands on it and stays, as its registry entry says.
    for id in [StrategyId::SweptSlideSeamless, StrategyId::SweptSlide, StrategyId::PlaneSolver, StrategyId::Merged] {
        let mut p = PlaygroundState::from_options(PlaygroundOptions { strategy: id, ..o });
        for _ in 0..240 {
            fixed_step(&mut p);
        }
        let trail = &p.runners[0].trail;
        let on_face: Vec<&[f32; 2]> =
            trail.iter().filter(|c| (above_face(&wall, **c) - 0.5).abs() < 1e-3 && c[0] < 30.0).collect();
        assert!(on_face.len() > 40, "{id:?}: {} steps on the face", on_face.len());
        assert!(on_face.windows(2).all(|w| w[1][0] <= w[0][0]), "{id:?}: not down the slope");
        // (Past x = 18 the ball rolls round the wall's lower corner, nearer the face's line than r.)
        assert!(trail.iter().all(|c| above_face(&wall, *c) > 0.5 - 1e-3 || c[0] < 18.0), "{id:?}: inside the wall");
        let end = p.runners[0].ball.center();
        assert!(end[0] < 17.0 && (end[1] - 1.5).abs() < 1e-3, "{id:?}: ended at {end:?}, not on the floor");
    }
    let mut p = PlaygroundState::from_options(PlaygroundOptions { strategy: StrategyId::PerAxis, ..o });
    for _ in 0..200 {
        fixed_step(&mut p);
    }
    let end = p.runners[0].ball.center();
    assert!((above_face(&wall, end) - 0.5).abs() < 1e-3 && (end[0] - 29.0).abs() < 1e-4, "{end:?}");
}

#[test]
fn the_panel_adds_a_tilted_wall_and_the_pointer_moves_and_turns_it() {
    let mut s = on("flush-floor", "");
    update(&mut s, &Input { canvas: Some(ScreenRect { x: 0.0, y: 0.0, w: 1000.0, h: 600.0 }), ..Input::default() });
    apply(&mut s, Command::Playground(PlaygroundCommand::AddTilted));
    let b = *s.playground.options.tilted.iter().next().unwrap();
    assert_eq!((b.center, b.half, b.degrees), ([20.0, 4.0], [3.0, 0.25], 30.0));
    // Drag its body by (2, -1) world units: it moves by that, not turned, and no cell is painted.
    let cells = s.playground.options.map.solid_count();
    let at = |s: &State, w: [f32; 2]| s.view.to_screen(w);
    let (a, q) = (at(&s, [20.5, 4.2]), at(&s, [22.5, 3.2]));
    update(&mut s, &Input { pointer: Some(a), press: Some(a), pressed: true, down: true, ..Input::default() });
    update(&mut s, &Input { pointer: Some(q), down: true, ..Input::default() });
    update(&mut s, &Input { pointer: Some(q), ..Input::default() });
    let b = *s.playground.options.tilted.iter().next().unwrap();
    assert!((b.center[0] - 22.0).abs() < 1e-3 && (b.center[1] - 3.0).abs() < 1e-3 && b.degrees == 30.0, "{b:?}");
    assert_eq!(s.playground.options.map.solid_count(), cells);
    // Drag its handle to straight above the centre: a quarter turn.
    let (h, top) = (at(&s, b.turn_handle()), at(&s, [22.0, 8.0]));
    update(&mut s, &Input { pointer: Some(h), press: Some(h), pressed: true, down: true, ..Input::default() });
    update(&mut s, &Input { pointer: Some(top), down: true, ..Input::default() });
    update(&mut s, &Input { pointer: Some(top), ..Input::default() });
    assert_eq!(s.playground.options.tilted.iter().next().unwrap().degrees, 90.0);
    // It is part of the scene text, and goes away with its ×.
    let text = crate::app::current_scene(&s).to_fragment();
    assert!(text.contains("&obb=") && text.contains(",3,0.25,90"), "{text}");
    let mut t = State::new(SceneOptions::default());
    load_scene_text(&mut t, &text).unwrap();
    assert_eq!(t.playground.options.tilted, s.playground.options.tilted);
    apply(&mut s, Command::Playground(PlaygroundCommand::RemoveTilted(0)));
    assert!(s.playground.options.tilted.is_empty());
}
