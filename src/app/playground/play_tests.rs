//! Play without a window: keys → the controller's input, a scripted run against the controller run
//! directly, the ghost race, the scene keys, the camera, the touch pads and reduced motion.

use super::play::*;
use super::script::{edge, InputScript, Token};
use super::*;
use crate::app::levels::{course, level_index, LEVELS};
use crate::app::scene::SceneOptions;
use crate::app::{apply, update, Command, Input, Key, ScreenRect, State};
use crate::geom::controller::{Config, Controller, Input as Ctl};
use crate::geom::world::{TileMap, STRATEGIES};
use glam::Vec2;

const FRAME: f32 = 1.0 / 60.0;

fn play(level: &str, extra: &str) -> State {
    let mut s = State::new(SceneOptions::from_fragment(&format!("play=on&level={level}{extra}")).unwrap());
    update(&mut s, &Input { canvas: Some(CANVAS), ..Input::default() });
    s
}

const CANVAS: ScreenRect = ScreenRect { x: 0.0, y: 0.0, w: 900.0, h: 700.0 };

/// The level's map built by the library alone from its ASCII (not through `PlayMap`).
fn library_map(id: &str) -> TileMap {
    let ascii = LEVELS[level_index(id).unwrap()].ascii;
    let text: String = ascii.lines().map(|l| format!("{}\n", l.trim())).collect();
    TileMap::from_ascii(&text, 1.0).unwrap()
}

/// Frames of `dt` with these keys held (and pressed on the first frame).
fn frames(s: &mut State, n: usize, held: &[Key], pressed: &[Key]) {
    for k in 0..n {
        let keys = if k == 0 { pressed.to_vec() } else { Vec::new() };
        update(s, &Input { held: held.to_vec(), keys, dt: FRAME, ..Input::default() });
    }
}

#[test]
fn keys_map_onto_the_controllers_input() {
    let i = |held: &[Key], down| keys_input(held, down, false);
    assert_eq!(i(&[], false), Ctl::default());
    for (held, x) in [
        (&[Key::Left][..], -1.0),
        (&[Key::A], -1.0),
        (&[Key::Right], 1.0),
        (&[Key::D], 1.0),
        (&[Key::Left, Key::Right], 0.0),
        (&[Key::A, Key::D, Key::Right], 0.0),
        (&[Key::Up, Key::Left], -1.0),
    ] {
        assert_eq!(i(held, false).x, x, "{held:?}");
    }
    // A jump key held: pressed on the step it starts being held, then only held.
    for k in [Key::Space, Key::W, Key::Up] {
        assert!(is_jump_key(k));
        assert_eq!(i(&[k], false), Ctl { jump_pressed: true, jump_held: true, ..Ctl::default() }, "{k:?}");
        assert_eq!(keys_input(&[k], false, true), Ctl { jump_held: true, ..Ctl::default() }, "{k:?}");
    }
    // A tap between two steps (down and up again) holds the jump for the next step, and presses it.
    assert_eq!(i(&[], true), Ctl { jump_pressed: true, jump_held: true, ..Ctl::default() });
    assert_eq!(i(&[Key::Down, Key::Space], true), Ctl { x: 0.0, jump_pressed: true, jump_held: true, down: true });
    // Let go and pressed again between two steps: one long hold, no second press (the scripts' rule).
    assert!(!keys_input(&[Key::Space], true, true).jump_pressed);
    assert!(edge(Ctl { jump_pressed: true, ..Ctl::default() }, false).jump_held);
    assert!(!is_jump_key(Key::S) && !i(&[Key::S, Key::G], false).down);

    // Through the app: Space pressed and Right held in a frame are the next step's input; the keys
    // do not nudge the still scene's circle, and Enter does not apply its response.
    let mut s = play("course-run", "");
    let circle = s.circle;
    update(&mut s, &Input { keys: vec![Key::Space], held: vec![Key::Space, Key::Right], dt: 0.0, ..Input::default() });
    assert!(s.playground.play.jump_latch, "the press waits for the next step");
    update(&mut s, &Input { held: vec![Key::Space, Key::Right], dt: STEP_SECONDS * 1.5, ..Input::default() });
    let rec = &s.playground.play.recording;
    assert_eq!(rec[0], Ctl { x: 1.0, jump_pressed: true, jump_held: true, down: false });
    assert!(rec[1..].iter().all(|i| *i == Ctl { x: 1.0, jump_pressed: false, jump_held: true, down: false }));
    frames(&mut s, 3, &[Key::Left, Key::Down], &[Key::Enter, Key::Up]);
    assert_eq!(s.circle, circle);
    // Held keys go nowhere while egui has the keyboard.
    let mut t = play("course-run", "");
    update(&mut t, &Input { held: vec![Key::Right], keyboard_taken: true, dt: 0.5, ..Input::default() });
    assert_eq!(t.playground.play.player.position(), LEVELS[level_index("course-run").unwrap()].ball[..2]);
}

#[test]
fn a_scripted_run_ends_where_the_controller_alone_puts_it() {
    // Run right, jump up through the one-way platform and land on it, run on, let go, drop through
    // it (down + jump), stand.
    let script = "R*30,RJ*40,R*30,N*40,DJ,N*60";
    let n = 30 + 40 + 30 + 40 + 1 + 60;
    let s = play("course-run", &format!("&inputs={script}&steps={n}"));
    let p = &s.playground.play;
    assert_eq!(s.playground.steps, n as u32);

    // The reference: the library's controller on the library's map, the inputs written out by hand.
    let map = library_map("course-run");
    let mut c = Controller::new(
        [2.5, 3.4],
        0.4,
        Config { max_step_height: STEP_HEIGHT, snap_distance: STEP_HEIGHT, ..Config::default() },
    )
    .unwrap();
    let mut on_platform = None;
    for k in 0..n {
        let (x, jump_pressed, jump_held, down) = match k {
            0..30 => (1.0, false, false, false),
            30 => (1.0, true, true, false),
            31..70 => (1.0, false, true, false),
            70..100 => (1.0, false, false, false),
            100..140 => (0.0, false, false, false),
            140 => (0.0, true, true, true),
            _ => (0.0, false, false, false),
        };
        let r = c.step(Ctl { x, jump_pressed, jump_held, down }, STEP_SECONDS, &map);
        if k == 139 {
            on_platform = Some(r);
        }
    }
    assert_eq!(p.player.position(), c.position());
    assert_eq!(p.player.controller.velocity(), c.velocity());
    // What the run did: it stood on the one-way platform (top y = 5), then dropped to the floor
    // (top y = 3).
    let r = on_platform.unwrap();
    assert!(r.grounded && (r.position[1] - 5.4).abs() < 1e-3, "{r:?}");
    assert!(c.grounded() && (c.position()[1] - 3.4).abs() < 1e-3, "{:?}", c.position());
    // The trail has every step; the recording is the script.
    assert_eq!(p.player.trail.len(), n + 1);
    assert_eq!(p.recording, InputScript::parse(script).unwrap().inputs());
}

#[test]
fn a_ghost_race_gives_one_trail_per_strategy() {
    let mut s = play("course-run", "");
    // Play a run with the keys: run right, jump, run on.
    frames(&mut s, 20, &[Key::Right], &[]);
    frames(&mut s, 25, &[Key::Right, Key::Space], &[Key::Space]);
    frames(&mut s, 30, &[Key::Right], &[]);
    let played = s.playground.play.recording.clone();
    let end = s.playground.play.player.position();
    assert!(played.len() >= 140 && end[0] > 8.0, "{} steps, at {end:?}", played.len());
    // Enter: every strategy replays it; the character is back at the start.
    update(&mut s, &Input { keys: vec![Key::Enter], ..Input::default() });
    let p = &s.playground.play;
    assert!(s.playground.options.race && p.racing());
    assert_eq!(p.race_inputs, played);
    assert_eq!(p.player.position(), [2.5, 3.4]);
    assert_eq!(s.playground.steps, 0);
    let ids: Vec<_> = p.ghosts.iter().map(|g| g.strategy).collect();
    assert_eq!(ids, STRATEGIES.iter().map(|s| s.kind).collect::<Vec<_>>());
    // Standing still while they run: each ghost's trail has a point a step; the default strategy's
    // ghost retraces the run exactly.
    frames(&mut s, 150, &[], &[]);
    let steps = s.playground.steps as usize;
    assert!(steps >= played.len() + GHOST_TAIL as usize, "{steps}");
    let p = &s.playground.play;
    let done = played.len() + GHOST_TAIL as usize;
    for g in &p.ghosts {
        assert!(g.body.out || g.body.trail.len() == done + 1, "{:?}: {}", g.strategy, g.body.trail.len());
    }
    let seamless = p.ghosts.iter().find(|g| g.strategy == StrategyId::default()).unwrap();
    let mut c = Controller::new(
        [2.5, 3.4],
        0.4,
        Config { max_step_height: STEP_HEIGHT, snap_distance: STEP_HEIGHT, ..Config::default() },
    )
    .unwrap();
    let mut trail = vec![c.position()];
    for i in &played {
        trail.push(c.step(*i, STEP_SECONDS, &library_map("course-run")).position);
    }
    assert_eq!(seamless.body.trail[..trail.len()], trail[..]);
    assert!(p.ghosts_done(s.playground.steps));
    // The race's scene text replays the same run: a script of it loads the same ghosts.
    let text = InputScript::from_inputs(&played).unwrap().to_string();
    let t = play("course-run", &format!("&inputs={text}&race=on&steps={done}"));
    for (a, b) in t.playground.play.ghosts.iter().zip(&s.playground.play.ghosts) {
        assert_eq!(a.body.trail, b.body.trail, "{:?}", a.strategy);
    }
    // Race off: the ghosts are gone.
    apply(&mut s, Command::Playground(PlaygroundCommand::SetRace(false)));
    assert!(!s.playground.play.racing() && !s.playground.options.race);
    // Nothing played yet: Enter has nothing to race.
    let mut u = play("course-shaft", "");
    update(&mut u, &Input { keys: vec![Key::Enter], ..Input::default() });
    assert!(!u.playground.play.racing());
}

#[test]
fn the_scene_text_round_trips_play() {
    for text in [
        "play=on&level=course-run",
        "playground=on&play=on&level=course-shaft&strategy=per-axis",
        "play=on&level=course-run&inputs=R*30,RJ*40,N*10,DJ,LJ*3&race=on&steps=120",
        "play=on&level=course-fall&gravity=off&ball=3.5,28.4,0.3",
    ] {
        let o = SceneOptions::from_fragment(text).unwrap();
        assert!(o.mode.flat_playground() && o.playground.play, "{text}");
        let written = o.to_fragment();
        assert!(written.contains("&playground=on") && written.contains("&play=on"), "{written}");
        assert_eq!(SceneOptions::from_fragment(&written).unwrap(), o, "{text} → {written}");
    }
    let o = SceneOptions::from_fragment("play=on&level=course-run&inputs=R*30,RJ*40").unwrap();
    assert_eq!(o.playground.inputs.to_string(), "R*30,RJ*40");
    assert!(!SceneOptions::from_fragment("playground=on&level=stairs").unwrap().to_fragment().contains("play="));
    // The state's scene is the loaded one (the live recording is not part of it).
    let mut s = play("course-run", "&inputs=R*10");
    frames(&mut s, 30, &[Key::Left], &[]);
    let back = crate::app::current_scene(&s).to_fragment();
    assert!(back.contains("&play=on&inputs=R*10"), "{back}");
    for (bad, key) in [
        ("play=maybe", "play"),
        ("play=on&playground=off", "play"),
        ("playground=on&inputs=R*3", "inputs"),
        ("play=on&inputs=R*0", "inputs"),
        ("play=on&inputs=Q*3", "inputs"),
        ("play=on&inputs=LR", "inputs"),
        ("play=on&inputs=JH*2", "inputs"),
        ("play=on&inputs=R*x", "inputs"),
        ("play=on&inputs=RN", "inputs"),
        ("play=on&level=course-9", "level"),
    ] {
        let e = SceneOptions::from_fragment(bad).unwrap_err();
        assert_eq!(e.field, key, "{bad}: {e}");
    }
    let e = SceneOptions::from_fragment("play=on&inputs=R*3,Z").unwrap_err();
    assert!(e.to_string().contains("\"Z\""), "{e}");
}

#[test]
fn scripts_write_every_recorded_run_exactly() {
    let i = |x: f32, p, h, d| Ctl { x, jump_pressed: p, jump_held: h, down: d };
    // A run as Play records it: presses where the jump starts being held.
    let run = vec![
        i(1.0, false, false, false),
        i(1.0, false, false, false),
        i(1.0, true, true, false),
        i(1.0, false, true, false),
        i(0.0, false, true, false),
        i(0.0, false, false, true),
        i(0.0, true, true, true),
        i(-1.0, false, false, false),
        i(-1.0, true, true, false),
    ];
    let s = InputScript::from_inputs(&run).unwrap();
    assert_eq!(s.to_string(), "R*2,RJ*2,J,D,DJ,L,LJ");
    assert_eq!(s.inputs(), run);
    assert_eq!(InputScript::parse(&s.to_string()).unwrap(), s);
    assert_eq!(s.steps(), run.len());
    assert_eq!(s.tokens()[1], Token { x: 1, jump: true, down: false, count: 2 });
    // The command line's language: any case, J pressed only where it starts being held.
    let t = InputScript::parse(" n*3 , r, rj*2, jr ").unwrap();
    assert_eq!(t.to_string(), "N*3,R,RJ*2,RJ");
    assert_eq!(InputScript::from_inputs(&t.inputs()).unwrap().to_string(), "N*3,R,RJ*3");
    assert_eq!(t.inputs().iter().filter(|i| i.jump_pressed).count(), 1);
    assert!(InputScript::parse("").unwrap().is_empty());
    // Too many tokens for a scene: no script (the run stays in the state).
    let zigzag: Vec<Ctl> = (0..200).map(|k| i(if k % 2 == 0 { 1.0 } else { -1.0 }, false, false, false)).collect();
    assert_eq!(InputScript::from_inputs(&zigzag), None);
}

#[test]
fn every_course_level_starts_standing_and_holds_what_it_promises() {
    let ids: Vec<&str> = course().map(|i| LEVELS[i].id).collect();
    assert_eq!(ids, ["course-run", "course-shaft", "course-fall", "course-ramps", "course-platforms"]);
    for i in course() {
        let l = &LEVELS[i];
        let m = l.map();
        let moving_one_way = l.movers.iter().any(|b| b.one_way);
        assert!(m.one_way_count() > 0 || moving_one_way, "{}: no one-way platform", l.id);
        assert_eq!(m.tile_map(), library_map(l.id), "{}", l.id);
        // The character stands where it starts: one step finds the ground, nothing moves.
        let mut c = Controller::new(
            [l.ball[0], l.ball[1]],
            l.ball[2],
            Config { max_step_height: STEP_HEIGHT, snap_distance: STEP_HEIGHT, ..Config::default() },
        )
        .unwrap();
        let r = c.step(Ctl::default(), STEP_SECONDS, &m.tile_map());
        let stands = crate::geom::controller::standing_height(l.ball[1] - l.ball[2], l.ball[2]);
        assert!(r.grounded && r.position == [l.ball[0], stands], "{}: {r:?}", l.id);
        assert!((stands - l.ball[1]).abs() < 1e-5, "{}", l.id);
    }
    // The long fall lands on the thin platform (one cell thick, top y = 6) from 22 cells up.
    let s = play("course-fall", "&inputs=R*150,N*200&steps=350");
    let p = &s.playground.play.player;
    assert!(p.controller.grounded() && (p.position()[1] - 6.4).abs() < 1e-3, "{:?}", p.position());
    assert!(p.trail.iter().map(|c| c[1]).fold(f32::MAX, f32::min) > 6.3);
    // The shaft: one cell wide; the character falls down it to the chamber's floor (top y = 3).
    let s = play("course-shaft", "&inputs=R*620,N*240&steps=860");
    let p = &s.playground.play.player;
    assert!(p.controller.grounded() && (p.position()[1] - 3.4).abs() < 1e-3, "{:?}", p.position());
    assert!(p.trail.iter().any(|c| (c[0] - 30.5).abs() < 0.11 && c[1] < 8.0), "never in the shaft");
}

#[test]
fn the_ceiling_and_the_step_events_are_reported_and_marked() {
    // Under the low ceiling of course 2 (x 8 … 23, 2 cells above the floor) a jump hits it.
    let s = play("course-shaft", "&inputs=R*150,RJ*15&steps=165");
    let p = &s.playground.play.player;
    let r = p.report.unwrap();
    assert!((8.4..22.6).contains(&r.position[0]), "{r:?}");
    assert!(r.on_ceiling && r.events.contains(crate::geom::controller::Event::HitCeiling), "{r:?}");
    let top = p.trail.iter().map(|c| c[1]).fold(f32::MIN, f32::max);
    assert!((13.6 - top).abs() < 1e-3, "the jump rose to {top}, not to the ceiling");
    // Running along course 1 walks up its three steps (one cell each: Play's step height) and down
    // the three on the other side of the plateau (the snap), each marked where it happened.
    let s = play("course-run", "&inputs=R*700&steps=700");
    let marks = &s.playground.play.player.marks;
    let at = |k: MarkKind| marks.iter().filter(|m| m.kind == k).map(|m| m.at).collect::<Vec<_>>();
    let (up, down) = (at(MarkKind::SteppedUp), at(MarkKind::SnappedDown));
    assert_eq!(up.iter().map(|p| p[1]).collect::<Vec<_>>(), [4.4, 5.4, 6.4], "{marks:?}");
    assert!(up.iter().zip([20.0, 22.0, 24.0]).all(|(p, x)| (p[0] - x).abs() < 0.4), "{up:?}");
    assert_eq!(down.iter().map(|p| p[1]).collect::<Vec<_>>(), [5.4, 4.4, 3.4], "{marks:?}");
    assert!(down.iter().zip([32.0, 34.0, 36.0]).all(|(p, x)| (p[0] - x).abs() < 0.5), "{down:?}");
    assert!(s.playground.play.player.trail.iter().all(|c| c[1] <= 6.4 + 1e-3), "it hopped instead of walking");
}

#[test]
fn falling_out_of_the_world_starts_again() {
    let mut s = play("course-run", "&ball=39.5,5,0.4");
    // Over the first pit's floor with no floor under it? The pits have floors: make a hole.
    apply(&mut s, Command::Playground(PlaygroundCommand::SetCell { col: 39, row: 0, solid: false }));
    apply(&mut s, Command::Playground(PlaygroundCommand::Restart));
    frames(&mut s, 120, &[], &[]);
    let p = &s.playground.play;
    assert!(p.player.position()[1] > 0.0, "{:?}", p.player.position());
    assert!(p.player.position()[0] == 39.5 && s.playground.steps < 120);
}

#[test]
fn the_camera_follows_smoothly_and_at_once_with_reduced_motion() {
    let mut s = play("course-run", "");
    let start = s.playground.play.camera;
    frames(&mut s, 40, &[Key::Right], &[]);
    let (cam, at) = (s.playground.play.camera, s.playground.play.player.position());
    assert!(cam[0] > start[0] && cam[0] < at[0], "camera {cam:?}, character {at:?}");
    // The view is the camera's window: the character is on the canvas.
    let p = s.view.to_screen(at);
    assert!(CANVAS.contains(p), "{p}");
    frames(&mut s, 120, &[], &[]);
    assert_eq!(s.playground.play.camera, s.playground.play.player.position(), "settled");
    assert!(!crate::app::animating(&s), "at rest: no frames needed");
    // Reduced motion: no smoothing; the keys work as ever.
    apply(&mut s, Command::Motion(crate::app::motion::MotionCommand::SetReducedMotion(true)));
    assert!(!s.playground.paused);
    frames(&mut s, 10, &[Key::Left], &[]);
    assert_eq!(s.playground.play.camera, s.playground.play.player.position());
    assert!(s.playground.play.player.position()[0] < at[0]);
    // The window keeps inside the map: at the start it shows the left wall, not beyond.
    let (lo, hi) = camera_window([0.0, 0.0], 64, 14, CANVAS);
    assert_eq!(lo[0], -0.5);
    assert!((hi[1] - lo[1] - VIEW_SPAN).abs() < 1e-4 && hi[0] - lo[0] > VIEW_SPAN);
    // A phone held upright: fewer cells, none smaller than MIN_CELL_PX.
    let narrow = ScreenRect { x: 0.0, y: 0.0, w: 210.0, h: 844.0 };
    let (lo, hi) = camera_window([2.5, 3.4], 64, 14, narrow);
    assert!((hi[0] - lo[0] - 210.0 / MIN_CELL_PX).abs() < 1e-3, "{lo:?} {hi:?}");
}

#[test]
fn reduced_motion_runs_a_race_to_its_end_at_once() {
    let mut s = State::new(SceneOptions::default());
    apply(&mut s, Command::Motion(crate::app::motion::MotionCommand::SetReducedMotion(true)));
    crate::app::load_scene_text(&mut s, "play=on&level=course-run&inputs=R*30,RJ*40,R*30&race=on").unwrap();
    let p = &s.playground.play;
    assert!(p.racing() && !s.playground.paused);
    assert!(p.ghosts.iter().all(|g| g.body.out || g.body.trail.len() == 100 + GHOST_TAIL as usize + 1));
    assert_eq!(p.player.position(), [2.5, 3.4], "the character waits for the keys");
}

#[test]
fn the_touch_pads_are_big_enough_and_press_like_keys() {
    // On a wide canvas, a phone's held sideways, and one beside the panel on a phone held upright:
    // at least 44 px, inside the canvas, never on top of each other.
    for canvas in
        [CANVAS, ScreenRect { x: 0.0, y: 0.0, w: 560.0, h: 390.0 }, ScreenRect { x: 0.0, y: 0.0, w: 210.0, h: 844.0 }]
    {
        let rects = pad_rects(canvas);
        for (pad, r) in rects {
            assert!(r.w >= PAD_MIN_PX && r.h >= PAD_MIN_PX && PAD_MIN_PX >= 44.0, "{pad:?} on {canvas:?}");
            assert!(canvas.contains(Vec2::new(r.x, r.y)) && canvas.contains(Vec2::new(r.x + r.w, r.y + r.h)));
        }
        for (i, (_, a)) in rects.iter().enumerate() {
            for (_, b) in &rects[i + 1..] {
                let apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
                assert!(apart, "pads overlap on {canvas:?}: {a:?} {b:?}");
            }
        }
    }
    assert_eq!(pad_rects(CANVAS)[0].1.w, PAD_PX, "full size where they fit");
    let rects = pad_rects(CANVAS);
    let centre = |p: Pad| rects.iter().find(|(q, _)| *q == p).unwrap().1.center();
    assert_eq!(pads_held(CANVAS, &[centre(Pad::Right), centre(Pad::Jump)]), [false, true, false, true]);
    assert_eq!(pad_keys([true, false, true, false]), [Key::Left, Key::Down]);
    // Two fingers, right and jump: the character runs right and jumps; a mouse press does too.
    let mut s = play("course-run", "");
    let touch = vec![centre(Pad::Right), centre(Pad::Jump)];
    update(&mut s, &Input { touches: touch.clone(), dt: FRAME, ..Input::default() });
    for _ in 0..10 {
        update(&mut s, &Input { touches: touch.clone(), dt: FRAME, ..Input::default() });
    }
    let p = s.playground.play.player.position();
    assert!(p[0] > 2.6 && p[1] > 3.5, "{p:?}");
    assert_eq!(s.playground.play.recording.iter().filter(|i| i.jump_pressed).count(), 1, "one press, one jump");
    let mut t = play("course-run", "");
    let at = centre(Pad::Left);
    for _ in 0..10 {
        update(&mut t, &Input { pointer: Some(at), down: true, dt: FRAME, ..Input::default() });
    }
    assert!(t.playground.play.player.position()[0] < 2.5);
    assert_eq!(t.playground.options.map, LEVELS[level_index("course-run").unwrap()].map(), "no cell painted");
}

#[test]
fn y_turns_play_on_and_off_and_levels_keep_it() {
    let mut s = State::new(SceneOptions::default());
    update(&mut s, &Input { keys: vec![Key::Y], ..Input::default() });
    assert!(s.mode.flat_playground() && s.playground.options.play);
    assert_eq!(s.playground.options.level, course().next());
    let shaft = level_index("course-shaft").unwrap();
    apply(&mut s, Command::Playground(PlaygroundCommand::LoadLevel(shaft)));
    assert!(s.playground.options.play && s.playground.play.player.position() == [2.5, 12.4]);
    update(&mut s, &Input { keys: vec![Key::Y], ..Input::default() });
    assert!(s.mode.flat_playground() && !s.playground.options.play);
    assert_eq!(s.playground.runners.len(), 1);
    // Within Play the level's strategy is the character's.
    update(&mut s, &Input { keys: vec![Key::Y], ..Input::default() });
    apply(&mut s, Command::Playground(PlaygroundCommand::SetStrategy(StrategyId::PerAxis)));
    assert_eq!(s.playground.play.player.controller.config().strategy, StrategyId::PerAxis);
}

/// Course 4's script, 120 Hz steps: run up the 30° ramp, over the plateau, off it past the 60°
/// face, up the kicker, jump from its top up through the one-way platform, run along it, jump onto
/// the goal ledge.
const RAMPS_SCRIPT: &str = "R*476,RJ*40,R*150,RJ*40,R*100";

#[test]
fn course_4_ramps_is_completed_by_a_script() {
    let s = play("course-ramps", &format!("&inputs={RAMPS_SCRIPT}&steps=806"));
    assert_eq!(s.playground.options.tilted.iter().count(), 3, "the level's rotated boxes are loaded");
    let p = &s.playground.play.player;
    // The goal: standing on the high ledge at the right end (cells 37..43, top y = 6).
    let end = p.position();
    assert!(p.controller.grounded() && end[0] > 37.4 && (end[1] - 6.4).abs() < 1e-4, "not on the goal: {end:?}");
    // Up the 30° ramp along its face (through its top corner (11, 5), normal (−sin 30°, cos 30°)):
    // touching it at every step across its middle, never in the air above it.
    let gap = |c: &[f32; 2]| (c[0] - 11.0) * -0.5 + (c[1] - 5.0) * 0.866_025_4 - 0.4;
    let on_ramp: Vec<&[f32; 2]> = p.trail.iter().filter(|c| (7.0..10.5).contains(&c[0]) && c[1] < 5.3).collect();
    assert!(on_ramp.len() > 50, "{}", on_ramp.len());
    assert!(on_ramp.iter().all(|c| gap(c).abs() < 1e-3), "left the ramp's face: {on_ramp:?}");
    // Up through the one-way platform (top y = 5) from below: the kicker is what makes it reachable.
    assert!(p.trail.iter().any(|c| (29.0..36.0).contains(&c[0]) && (c[1] - 5.4).abs() < 1e-4));
    // Without the jump from the kicker's top, the character stays on the floor: the goal is not
    // reached by running alone.
    let t = play("course-ramps", "&inputs=R*806&steps=806");
    assert!(t.playground.play.player.position()[1] < 2.5, "{:?}", t.playground.play.player.position());
}

#[test]
fn course_4_ramps_is_walkable_and_its_steep_face_is_not() {
    // The controller alone on the level's world: standing on the 30° ramp is ground (its face's
    // normal), on the 60° face it is not (it slides down to the floor).
    let l = &LEVELS[level_index("course-ramps").unwrap()];
    let map = l.map().tile_map();
    let obbs: Vec<_> = l.tilted.iter().map(level_obb).collect();
    let world = super::world_of(&map, &obbs);
    let config = Config { max_step_height: STEP_HEIGHT, snap_distance: STEP_HEIGHT, ..Config::default() };
    // On the ramp's face, 2 below its top corner (11, 5), touching it.
    let (t, n) = ([0.866_025_4f32, 0.5], [-0.5f32, 0.866_025_4]);
    let on =
        |p: [f32; 2], t: [f32; 2], n: [f32; 2], s: f32| [p[0] - s * t[0] + 0.4 * n[0], p[1] - s * t[1] + 0.4 * n[1]];
    let mut c = Controller::new(on([11.0, 5.0], t, n, 2.0), 0.4, config).unwrap();
    for _ in 0..240 {
        let r = c.step(Ctl::default(), STEP_SECONDS, &world);
        assert!(r.grounded && (r.ground_normal[0] + 0.5).abs() < 1e-4, "{r:?}");
    }
    // On the steep face, 1.5 down from the plateau's corner (18, 5): never grounded there.
    let (t, n) = ([0.5f32, -0.866_025_4], [0.866_025_4f32, 0.5]);
    let mut c = Controller::new(on([18.0, 5.0], t, n, -1.5), 0.4, config).unwrap();
    for _ in 0..240 {
        let r = c.step(Ctl::default(), STEP_SECONDS, &world);
        assert!(!r.grounded || r.ground_normal == [0.0, 1.0], "{r:?}");
    }
    assert!(c.grounded() && (c.position()[1] - 2.4).abs() < 1e-4, "not down on the floor: {:?}", c.position());
}

fn level_obb(b: &[f32; 5]) -> crate::geom::OrientedRect {
    crate::geom::OrientedRect::from_degrees([b[0], b[1]], [b[2], b[3]], b[4]).unwrap()
}

#[test]
fn course_5_carries_the_character_across_the_pit() {
    // Half a second running right from x = 7.5 takes it onto the platform (x 9 … 12 at the start,
    // moving right at 2 u/s), then it stands still: 2 s later it rides the platform over the pit,
    // standing on its top (y = 2 + r), the platform 5 further right (x 14 … 17).
    let s = play("course-platforms", "&inputs=R*60,N*240&steps=300");
    let p = &s.playground.play;
    let (at, b) = (p.player.position(), p.movers.rect(0));
    assert_eq!((b.min(), b.max()), ([14.0, 1.5], [17.0, 2.0]));
    assert!(p.player.controller.grounded() && at[1] == 2.4 && (14.0..=17.0).contains(&at[0]), "{at:?}");
    assert!(p.player.report.unwrap().events.contains(crate::geom::controller::Event::Carried));
    let text = crate::app::status::status_text(&s, &s.analysis());
    assert!(text.contains("The character rides a moving platform."), "{text}");
    // The platforms keep moving: the frame loop keeps drawing.
    assert!(!p.idle(s.playground.steps));
}

#[test]
fn course_5_drops_through_the_moving_one_way_platform() {
    // Placed on the one-way platform over the start (its top at 4, rising at 1 u/s): it rides it;
    // down + jump drops it through onto the floor (top 2), where it stands at y = 2.4.
    let s = play("course-platforms", "&ball=4,4.4,0.4&inputs=N*10&steps=10");
    let text = crate::app::status::status_text(&s, &s.analysis());
    assert!(text.contains("rides a moving one-way platform"), "{text}");
    let s = play("course-platforms", "&ball=4,4.4,0.4&inputs=N*10,DJ,N*200&steps=211");
    assert_eq!(s.playground.play.player.position(), [4.0, 2.4]);
    let text = crate::app::status::status_text(&s, &s.analysis());
    assert!(text.contains("The character stands on the ground at (4, 2.4)."), "{text}");
}

#[test]
fn every_level_builds_its_moving_boxes() {
    for (i, l) in LEVELS.iter().enumerate() {
        let o = PlaygroundOptions::level(i);
        assert_eq!(level_movers(&o).len(), l.movers.len(), "{}", l.id);
    }
    assert_eq!(level_movers(&PlaygroundOptions::level(level_index("course-platforms").unwrap())).len(), 3);
}
