//! The motion mode's state changes, without a window: the velocity handle, the gallery, play and
//! step with given `dt`s, the scene text's motion keys.

use super::*;
use crate::app::{
    apply, current_scene, load_scene_text, update, Command, Handle, Input, Key, MotionKind, SceneOptions, State,
};
use crate::geom::{motion::Feature, ContactState};

fn motion_state(text: &str) -> State {
    let mut s = State::new(SceneOptions::default());
    load_scene_text(&mut s, text).expect("scene parses");
    s
}

fn analysis(s: &State) -> MotionAnalysis {
    s.motion_analysis().expect("motion mode on")
}

#[test]
fn every_preset_parses_loads_and_reads_back_the_same() {
    for (i, p) in PRESETS.iter().enumerate() {
        let o = SceneOptions::from_fragment(p.scene).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert!(o.mode.flat_motion(), "{}", p.id);
        let mut s = State::new(SceneOptions::default());
        apply(&mut s, Command::Motion(MotionCommand::LoadPreset(i)));
        assert_eq!(s.motion.preset, Some(i));
        assert_eq!(current_scene(&s).motion, o.motion, "{}", p.id);
        let a = analysis(&s);
        assert!(a.motion.end.iter().all(|x| x.is_finite()), "{}: {:?}", p.id, a.motion.end);
        assert_eq!(preset_index(p.id), Some(i));
    }
    // Out of range: nothing happens.
    let mut s = State::new(SceneOptions::default());
    apply(&mut s, Command::Motion(MotionCommand::LoadPreset(PRESETS.len())));
    assert!(!s.mode.flat_motion());
}

#[test]
fn the_presets_show_what_they_say() {
    let get = |id: &str| analysis(&motion_state(PRESETS[preset_index(id).unwrap()].scene));
    let t = get("tunnelling");
    assert!(t.tunnelled() && t.end_state == ContactState::Separated);
    assert_eq!(t.hit.map(|h| h.feature), Some(Feature::Face));
    let s = get("slide");
    let h = s.hit.unwrap();
    assert!((h.t - 0.3).abs() < 1e-6 && h.normal == [0.0, 1.0], "{h:?}");
    assert!(!s.tunnelled());
    assert!((s.motion.end[0] - 1.0).abs() < 1e-5 && (s.motion.end[1] - 1.6).abs() < 1e-5, "{:?}", s.motion.end);
    assert!(get("bounce").motion.end[1] > 1.6);
    assert!(get("touching").hit.unwrap().initial);
    assert!(get("overlapping").hit.unwrap().initial);
    assert!(get("zero").hit.is_none());
    assert_eq!(get("corner-graze").hit.map(|h| h.feature), Some(Feature::Corner));
    assert_eq!(get("point").hit.map(|h| h.feature), Some(Feature::Corner));
    assert!(get("huge").tunnelled() && get("ray").hit.is_some() && get("segment").hit.is_some());
    assert_eq!(get("tiny").hit.map(|h| h.normal), Some([0.0, 1.0]));
    assert_eq!(get("parallel").hit.map(|h| h.normal), Some([0.0, 1.0]));
}

#[test]
fn dragging_the_velocity_tip_sets_the_velocity() {
    let mut s = motion_state("circle=0,0,1&box=3,-1,4,1&motion=on&velocity=2,0");
    let tip = s.view.to_screen([2.0, 0.0]);
    let press = Input { pointer: Some(tip), pressed: true, press: Some(tip), down: true, ..Input::default() };
    update(&mut s, &press);
    assert_eq!(s.drag.map(|d| d.handle), Some(Handle::VelocityTip));
    let to = s.view.to_screen([2.0, 1.5]);
    update(&mut s, &Input { pointer: Some(to), down: true, ..Input::default() });
    let v = s.motion.options.velocity;
    assert!((v[0] - 2.0).abs() < 1e-4 && (v[1] - 1.5).abs() < 1e-4, "{v:?}");
    update(&mut s, &Input { pointer: Some(to), ..Input::default() });
    assert!(s.drag.is_none());
    // With motion mode off the tip is not a handle (the point is empty canvas).
    let mut off = motion_state("circle=0,0,1&box=3,-1,4,1&motion=off&velocity=2,0");
    let tip = off.view.to_screen([2.0, 0.0]);
    update(&mut off, &Input { pointer: Some(tip), pressed: true, press: Some(tip), down: true, ..Input::default() });
    assert_eq!(off.drag, None);
}

#[test]
fn play_advances_with_dt_and_stops_at_the_end_or_loops() {
    let mut s = motion_state(PRESETS[preset_index("slide").unwrap()].scene);
    update(&mut s, &Input { dt: 1.0, ..Input::default() }); // not playing: nothing moves
    assert_eq!(s.motion.playback.progress, 0.0);
    update(&mut s, &Input { keys: vec![Key::G], ..Input::default() });
    assert!(s.motion.playback.playing);
    for _ in 0..5 {
        update(&mut s, &Input { dt: 0.05 * PLAY_SECONDS, ..Input::default() });
    }
    assert!((s.motion.playback.progress - 0.25).abs() < 1e-6);
    // Halfway to the impact (t = 0.3 of the move is at 0.3): past it, on the slide.
    let p = analysis(&s).position_at(s.motion.playback.progress);
    assert!((p[1] - 1.6).abs() < 1e-4 || p[1] > 1.6);
    for _ in 0..40 {
        update(&mut s, &Input { dt: 0.1, ..Input::default() });
    }
    assert_eq!((s.motion.playback.progress, s.motion.playback.playing), (1.0, false));
    assert_eq!(analysis(&s).position_at(1.0), analysis(&s).motion.end);
    // Looping: it wraps instead of stopping.
    apply(&mut s, Command::Motion(MotionCommand::SetLooping(true)));
    apply(&mut s, Command::Motion(MotionCommand::PlayPause));
    for _ in 0..30 {
        update(&mut s, &Input { dt: 0.1, ..Input::default() });
    }
    assert!(s.motion.playback.playing && s.motion.playback.progress < 1.0);
    // A huge or non-finite dt never jumps more than a quarter second.
    apply(&mut s, Command::Motion(MotionCommand::Rewind));
    apply(&mut s, Command::Motion(MotionCommand::PlayPause));
    update(&mut s, &Input { dt: f32::NAN, ..Input::default() });
    update(&mut s, &Input { dt: 100.0, ..Input::default() });
    assert!((s.motion.playback.progress - 0.25 / PLAY_SECONDS).abs() < 1e-6);
}

#[test]
fn reduced_motion_jumps_to_the_end_without_animating() {
    let mut s = motion_state(PRESETS[0].scene);
    apply(&mut s, Command::Motion(MotionCommand::SetReducedMotion(true)));
    apply(&mut s, Command::Motion(MotionCommand::PlayPause));
    update(&mut s, &Input { dt: 0.016, ..Input::default() });
    assert_eq!((s.motion.playback.progress, s.motion.playback.playing), (1.0, false));
    // It survives loading another scene.
    load_scene_text(&mut s, PRESETS[1].scene).unwrap();
    assert!(s.motion.reduced_motion);
}

#[test]
fn step_goes_start_impact_end_start() {
    let mut s = motion_state(PRESETS[preset_index("slide").unwrap()].scene);
    let mut seen = Vec::new();
    for _ in 0..4 {
        update(&mut s, &Input { keys: vec![Key::S], ..Input::default() });
        seen.push(s.motion.playback.progress);
    }
    let want = [0.3, 1.0, 0.0, 0.3];
    assert!(seen.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-6), "{seen:?}");
}

#[test]
fn changing_the_motion_rewinds_and_keys_toggle_and_cycle() {
    let mut s = motion_state(PRESETS[preset_index("slide").unwrap()].scene);
    apply(&mut s, Command::Motion(MotionCommand::Step));
    apply(&mut s, Command::Motion(MotionCommand::SetVelocity([1.0, -1.0])));
    assert_eq!(s.motion.playback.progress, 0.0);
    assert_eq!(s.motion.preset, None);
    apply(&mut s, Command::Motion(MotionCommand::SetVelocity([f32::NAN, 0.0])));
    assert_eq!(s.motion.options.velocity, [1.0, -1.0]);
    update(&mut s, &Input { keys: vec![Key::B], ..Input::default() });
    assert_eq!(s.motion.options.response, MotionKind::Bounce);
    apply(&mut s, Command::Motion(MotionCommand::SetRestitution(7.0)));
    assert_eq!(s.motion.options.restitution, 1.0);
    update(&mut s, &Input { keys: vec![Key::M], ..Input::default() });
    assert!(!s.mode.flat_motion() && s.motion_analysis().is_none());
    // Reset returns to the loaded scene's motion.
    apply(&mut s, Command::Reset);
    assert!(s.mode.flat_motion());
    assert_eq!(s.motion.options.velocity, [4.0, -3.0]);
}

#[test]
fn scene_text_round_trips_the_motion_keys() {
    let text = "circle=-3,2.5,0.6&box=-2,-1,2,1&motion=on&velocity=4,-3&response=bounce&restitution=0.25";
    let s = motion_state(text);
    let written = current_scene(&s).to_fragment();
    assert!(written.contains("motion=on&velocity=4,-3&response=bounce&restitution=0.25"), "{written}");
    assert_eq!(SceneOptions::from_fragment(&written).unwrap(), current_scene(&s));
    // The default scene writes no motion keys at all.
    assert!(!SceneOptions::default().to_fragment().contains("motion"));
    // --velocity turns motion mode on.
    let o = SceneOptions::default().with_velocity(Some("1.5,-2")).unwrap();
    assert!(o.mode.flat_motion() && o.motion.velocity == [1.5, -2.0]);
}

#[test]
fn bad_motion_keys_are_refused_naming_the_key() {
    for (text, key) in [
        ("motion=maybe", "motion"),
        ("velocity=1", "velocity"),
        ("velocity=1,nan", "velocity"),
        ("velocity=1,inf", "velocity"),
        ("velocity=1e30,0", "velocity"),
        ("velocity=a,b", "velocity"),
        ("response=stick", "response"),
        ("restitution=1.5", "restitution"),
        ("restitution=-0.1", "restitution"),
        ("restitution=nan", "restitution"),
    ] {
        let mut s = motion_state(PRESETS[0].scene);
        let before = current_scene(&s);
        let e = load_scene_text(&mut s, text).expect_err(text);
        assert_eq!(e.field, key, "{text}: {e}");
        assert_eq!(current_scene(&s), before, "{text}: a refused text changed the scene");
    }
    assert_eq!(SceneOptions::default().with_velocity(Some("1,2,3")).unwrap_err().field, "velocity");
}

#[test]
fn stages_and_positions_follow_the_path() {
    let s = motion_state(PRESETS[preset_index("bounce").unwrap()].scene);
    let a = analysis(&s);
    let st = a.stages();
    assert!(st.len() == 3 && (st[1] - 0.3).abs() < 1e-6, "{st:?}");
    let h = a.hit.unwrap();
    let p = a.position_at(0.3);
    assert!((p[0] - h.center[0]).abs() < 1e-5 && (p[1] - h.center[1]).abs() < 1e-5);
    assert_eq!(a.position_at(0.0), a.start);
    // No hit: two stages, a straight line.
    let s = motion_state("circle=0,5,1&box=-1,-1,1,1&motion=on&velocity=2,0");
    let a = analysis(&s);
    assert_eq!(a.stages(), vec![0.0, 1.0]);
    assert_eq!(a.position_at(0.5), [1.0, 5.0]);
}

#[test]
fn m_on_an_overlapping_scene_starts_separated_with_a_velocity_that_hits() {
    // The still mode's former default circle overlaps the box's corner by 0.596.
    let mut s = State::new(SceneOptions::from_fragment("circle=2.9,2.3,1.8&box=-2,-1,2,1.5").unwrap());
    assert_eq!(crate::geom::contact::contact(&s.circle, &s.aabb).state, ContactState::Overlapping);
    update(&mut s, &Input { keys: vec![Key::M], ..Input::default() });
    assert!(s.mode.flat_motion());
    let k = crate::geom::contact::contact(&s.circle, &s.aabb);
    assert_eq!(k.state, ContactState::Separated);
    assert_eq!(s.circle.radius(), 1.8);
    // Clear by the radius (the larger margin here): the centre is 2r from the corner.
    assert!((k.distance - 2.0 * s.circle.radius()).abs() < 1e-4, "{}", k.distance);
    let a = analysis(&s);
    let h = a.hit.expect("the start's velocity hits");
    assert!(!h.initial && h.t > 0.0 && h.t < 1.0, "{h:?}");
    assert!(a.sweep_words().starts_with("hit at t = "), "{}", a.sweep_words());
    // A separated start is left alone; leaving and entering again changes nothing.
    let before = (s.circle, s.motion.options.velocity);
    update(&mut s, &Input { keys: vec![Key::M], ..Input::default() });
    update(&mut s, &Input { keys: vec![Key::M], ..Input::default() });
    assert_eq!((s.circle, s.motion.options.velocity), before);
    // From inside the box: out through the nearest face; a velocity that misses is aimed at the box.
    let inside = Circle::new([0.0, 0.9], 0.3).unwrap();
    let aabb = Rect::new([-2.0, -1.0], [2.0, 1.0]).unwrap();
    let (c, v) = separated_start(&inside, &aabb, 0.0, [5.0, 0.0]).unwrap();
    assert_eq!(c.center()[0], 0.0);
    assert!(c.center()[1] > 1.0 + 0.3, "{:?}", c.center());
    assert!(crate::geom::sweep(&c, v, &aabb).is_some_and(|h| !h.initial), "{v:?}");
    assert_eq!(separated_start(&c, &aabb, 0.0, v), None);
}

#[test]
fn an_overlapping_start_is_not_called_touching_and_the_discrete_ghost_goes_on() {
    let s = motion_state(PRESETS[preset_index("overlapping").unwrap()].scene);
    let w = analysis(&s).sweep_words();
    assert!(w.starts_with("already overlapping at t = 0 (sunk "), "{w}");
    let s = motion_state(PRESETS[preset_index("touching").unwrap()].scene);
    assert!(analysis(&s).sweep_words().starts_with("touching at t = 0"));
    // The tunnelling shot: the swept ball stops at the wall, the ball moved without a sweep goes
    // through it to c + v.
    let s = motion_state(PRESETS[preset_index("tunnelling").unwrap()].scene);
    let a = analysis(&s);
    assert!(a.tunnelled());
    assert_eq!(a.discrete_position_at(1.0), a.end);
    assert!(a.discrete_position_at(1.0)[0] > 0.1 + 0.5, "beyond the wall");
    assert!(a.position_at(1.0)[0] < -0.1, "the swept ball stays before the wall");
    assert_eq!(a.discrete_position_at(0.5), [-3.0 + 0.5 * 6.5, 0.0]);
}

// ---- the turned box (angle=) ------------------------------------------------------------------

#[test]
fn angle_round_trips_is_refused_naming_angle_and_zero_is_left_out() {
    let text = "circle=1,3,0.5&box=-5,-0.5,5,0.5&motion=on&velocity=-3,-5&response=slide&angle=27.5";
    let o = SceneOptions::from_fragment(text).unwrap();
    assert_eq!(o.motion.angle, 27.5);
    let back = o.to_fragment();
    assert!(back.contains("&angle=27.5"), "{back}");
    assert_eq!(SceneOptions::from_fragment(&back).unwrap(), o);
    // At 0 the key is not written: the scene texts of today stay as they were.
    let flat = SceneOptions::from_fragment("motion=on&angle=0").unwrap();
    assert!(!flat.to_fragment().contains("angle"), "{}", flat.to_fragment());
    for bad in ["nan", "inf", "abc", "", "1,2"] {
        let e = SceneOptions::from_fragment(&format!("motion=on&angle={bad}")).unwrap_err();
        assert_eq!(e.field, "angle", "{bad}: {e}");
    }
    // Any finite angle is brought into (-180, 180], as in the still scene: one box, one angle.
    assert_eq!(SceneOptions::from_fragment("angle=-360").unwrap().motion.angle, 0.0);
    assert_eq!(SceneOptions::from_fragment("motion=on&angle=390").unwrap().motion.angle, 30.0);
}

#[test]
fn q_and_e_turn_the_box_by_15_degrees_in_motion_mode_only() {
    let mut s = motion_state("circle=1,3,0.5&box=-5,-0.5,5,0.5&motion=on&velocity=-3,-5");
    let press = |s: &mut State, k: Key| update(s, &Input { keys: vec![k], ..Input::default() });
    press(&mut s, Key::Q);
    assert_eq!(s.motion.options.angle, 15.0);
    press(&mut s, Key::Q);
    assert_eq!(s.motion.options.angle, 30.0);
    assert!(current_scene(&s).to_fragment().contains("&angle=30"));
    let a = analysis(&s);
    assert!(a.target.turned().is_some());
    for _ in 0..3 {
        press(&mut s, Key::E);
    }
    assert_eq!(s.motion.options.angle, -15.0);
    // Round the circle: 24 turns of Q come back to where they began, inside (−180, 180].
    for _ in 0..24 {
        press(&mut s, Key::Q);
        assert!(s.motion.options.angle > -180.0 && s.motion.options.angle <= 180.0);
    }
    assert_eq!(s.motion.options.angle, -15.0);
    press(&mut s, Key::E);
    assert_eq!(s.motion.options.angle, -30.0);
}

#[test]
fn at_angle_zero_the_analysis_is_the_aligned_one_and_at_90_the_permuted_box_s() {
    // Angle 0 is the aligned box itself: today's answers, bit for bit.
    for p in PRESETS {
        let o = SceneOptions::from_fragment(p.scene).unwrap();
        let a = MotionAnalysis::of(&o.circle, &o.aabb, &MotionState::from_options(o.motion));
        assert_eq!(a.target, MotionBox::Aligned(o.aabb));
        assert_eq!(a.hit, crate::geom::sweep(&o.circle, o.motion.velocity, &o.aabb), "{}", p.id);
        let m = MotionState::from_options(o.motion);
        let aligned = crate::geom::motion::move_ball(&o.circle, o.motion.velocity, &[o.aabb], m.response());
        assert_eq!(a.motion.end, aligned.end, "{}", p.id);
    }
    // A quarter turn of a 4 × 2 box about (0, 0) is the 2 × 4 box: exact on these numbers.
    let o = SceneOptions::from_fragment("circle=-4,0.5,0.5&box=-2,-1,2,1&motion=on&velocity=6,0&angle=90").unwrap();
    let turned = MotionAnalysis::of(&o.circle, &o.aabb, &MotionState::from_options(o.motion));
    let upright = Rect::new([-1.0, -2.0], [1.0, 2.0]).unwrap();
    let hit = turned.hit.expect("hits the upright box");
    assert_eq!(Some(hit), crate::geom::sweep(&o.circle, o.motion.velocity, &upright));
    assert!((hit.t - 2.5 / 6.0).abs() < 1e-7, "{}", hit.t);
    assert_eq!((hit.center, hit.normal), ([-1.5, 0.5], [-1.0, 0.0]));
    assert_eq!(turned.end_state, ContactState::Separated);
    // The trace ran in the box's frame and came to the same time of impact.
    assert!(!turned.trace.steps.is_empty());
}

#[test]
fn entering_motion_mode_with_a_turned_box_starts_clear_of_the_turned_box() {
    // The circle overlaps the tilted wall where the aligned box would not be.
    let mut s = State::new(SceneOptions::from_fragment("circle=3.5,2.2,0.5&box=-5,-0.5,5,0.5&angle=30").unwrap());
    assert!(!s.mode.flat_motion());
    apply(&mut s, Command::Motion(MotionCommand::Toggle));
    let a = analysis(&s);
    assert_eq!(a.start_state, ContactState::Separated, "{:?}", s.circle);
    let h = a.hit.expect("a velocity that hits the turned box");
    assert!(!h.initial, "{h:?}");
}

/// A game loop on the motion mode's slide: a ball pressed against a long tilted wall and driven
/// along it, one motion step a frame (the continuation's end is the next frame's start), with
/// ordinary decimal numbers. From a touching start and from an embedded one (pushed out first, as a
/// game would, with the library's push-out): never inside the wall, never stuck, never NaN.
///
/// The slide stops motion *into* a box but does not push out of one (its documented contract): a
/// slide end rounded to f32 may lie inside a tilted face by an ulp, and chained frame after frame
/// those ulps add up (3e-4 deep after 3500 frames here when nothing pushes out). So each frame ends,
/// as a game's would, with the library's push-out when the end is strictly inside.
#[test]
fn sliding_along_a_tilted_wall_for_thousands_of_frames_never_sinks_sticks_or_goes_nan() {
    const FRAMES: usize = 4000;
    let r = 0.35f32;
    for &(angle, embed) in &[(27.5f32, 0.0f32), (27.5, 0.12), (20.0, 0.0), (33.3, 0.05), (-17.25, 0.0), (-41.0, 0.2)] {
        // A wall 600 long and 0.8 thick, centred at an ordinary point.
        let text =
            format!("circle=0,0,{r}&box=-287.7,-4.5,312.3,-3.7&motion=on&velocity=0,0&response=slide&angle={angle}");
        let o = SceneOptions::from_fragment(&text).unwrap();
        let wall = MotionBox::of(&o.aabb, angle).turned().expect("turned");
        let h = wall.half_extents();
        // The face's direction (the box's x axis) and its outward normal (its y axis), in the world.
        let ax = wall.axes();
        let (t, n) = ([ax[0][0] as f32, ax[0][1] as f32], [ax[1][0] as f32, ax[1][1] as f32]);
        // Start on the upper face, near its left end, touching or sunk by `embed`.
        let mut ball = Circle::new(wall.to_world([-250.3, h[1] + r - embed]), r).unwrap();
        assert!(embed == 0.0 || wall.overlaps_strictly(&ball));
        if wall.overlaps_strictly(&ball) {
            ball = ball.translated(wall.push_out(&ball)).unwrap();
        }
        // Each frame: 0.061 along the face and 0.023 into it (a push against the wall, like gravity).
        let v = [0.061 * t[0] - 0.023 * n[0], 0.061 * t[1] - 0.023 * n[1]];
        let mut m = MotionState::from_options(MotionOptions { velocity: v, angle, ..o.motion });
        m.options.response = MotionKind::Slide;
        let along = |c: [f32; 2]| wall.to_box_frame(c)[0];
        let start = along(ball.center());
        let mut last = start;
        let (mut worst, mut strict) = (0.0f32, 0usize);
        for frame in 0..FRAMES {
            let a = MotionAnalysis::of(&ball, &o.aabb, &m);
            let end = a.motion.end;
            assert!(end.iter().all(|x| x.is_finite()), "{angle}° frame {frame}: {end:?}");
            ball = Circle::new(end, r).unwrap();
            if wall.overlaps_strictly(&ball) {
                ball = ball.translated(wall.push_out(&ball)).unwrap();
            }
            let depth = wall.contact(&ball).penetration;
            worst = worst.max(depth);
            // Inside by rounding only: at most 2 ulps of the scene's coordinates (~300 here). The
            // library's slide end is not pushed-out-rounded as push_out is: it may end strictly inside
            // by that much (counted and printed; see the report of the rotmotion branch).
            let ulp = f32::EPSILON * 320.0;
            assert!(depth <= 8.0 * ulp, "{angle}° embed {embed}: {depth} inside the wall at frame {frame}");
            strict += usize::from(wall.overlaps_strictly(&ball));
            let k = wall.contact(&ball);
            assert!(k.distance - r < 1e-3, "{angle}°: left the face at frame {frame} ({})", k.distance);
            let x = along(end);
            assert!(x - last > 0.5 * 0.061, "{angle}° embed {embed}: stuck at frame {frame} ({last} → {x})");
            last = x;
        }
        eprintln!("{angle}° embed {embed}: {strict} of {FRAMES} frames end strictly inside, by at most {worst}");
        let travelled = last - start;
        assert!((travelled - 0.061 * FRAMES as f32).abs() < 0.02 * 0.061 * FRAMES as f32, "{angle}°: {travelled}");
    }
}
