//! The status line's text and when it is sent, the shortcuts' text, and the reduced-motion setting,
//! without a window. Expected numbers are worked out by hand in the comments.

use super::*;
use crate::app::motion::MotionCommand;
use crate::app::playground::PlaygroundCommand;
use crate::app::{apply, load_scene_text, update, Command, Drag, Handle, Input, Key, SceneOptions};

fn state(text: &str) -> State {
    let mut s = State::new(SceneOptions::default());
    load_scene_text(&mut s, text).expect("scene parses");
    s
}

fn text(s: &State) -> String {
    status_text(s, &s.analysis())
}

fn algorithm_named(id: &str) -> (usize, &'static str) {
    let i = ALGORITHMS.iter().position(|a| a.id == id).expect("registered");
    (i + 1, ALGORITHMS[i].name)
}

#[test]
fn separated_scene_names_algorithm_verdict_state_zone_and_no_response() {
    // Centre (-3, 1) left of the box 0..4 × 0..2, radius 1: distance 3, separated, zone x 0 y 1 = 3.
    // Arvo's trace: d = 0, then per axis a line (x: add the squared excess; y: within), the compare: 5.
    let s = state("algorithm=arvo&circle=-3,1,1&box=0,0,4,2");
    let (n, name) = algorithm_named("arvo");
    assert_eq!(
        text(&s),
        format!(
            "Still scene. Algorithm {n} of {}, {name}, says no overlap: right, the exact state is separated. \
             Circle centre (-3, 1), radius 1, distance to the box 3; box (0, 0) to (4, 2). \
             Centre in zone 3, left of the box (a face zone). Response: none, nothing to push. \
             Trace: 5 steps, no overlap.",
            ALGORITHMS.len()
        )
    );
}

#[test]
fn corner_overlap_reads_the_push_out() {
    // Centre (4.5, 2.5), corner (4, 2): distance √0.5 = 0.7071 < r = 1, overlapping, zone 8. Push
    // along (1, 1)/√2 by 1 − 0.7071 = 0.2929: (0.2071, 0.2071).
    let t = text(&state("algorithm=clamp&circle=4.5,2.5,1&box=0,0,4,2"));
    assert!(t.contains("says overlap: right, the exact state is overlapping."), "{t}");
    assert!(t.contains("Centre in zone 8, above and right of the box (a corner zone)."), "{t}");
    assert!(t.contains("Response: outside, push-out (0.207, 0.207)."), "{t}");
}

#[test]
fn inside_names_the_face_it_pushes_through() {
    // Centre (3.5, 1) in the box 0..4 × 0..2, radius 0.25: nearest face x max at 0.5 (y faces at 1),
    // push 0.5 + 0.25 = 0.75 along +x; zone 4.
    let t = text(&state("algorithm=clamp&circle=3.5,1,0.25&box=0,0,4,2"));
    assert!(t.contains("Centre in zone 4, inside the box."), "{t}");
    assert!(t.contains("Response: inside, push-out (0.75, 0) through the max x face."), "{t}");
}

#[test]
fn a_wrong_verdict_says_which_way() {
    // Centre (4.9, 2.9), r 1: 1.27 from the corner (4, 2), separated, but inside the box grown by r
    // (x ≤ 5, y ≤ 3), where planes_naive says overlap.
    let t = text(&state("algorithm=planes_naive&circle=4.9,2.9,1&box=0,0,4,2"));
    assert!(t.contains("says overlap: wrong (false positive), the exact state is separated."), "{t}");
}

#[test]
fn motion_mode_reads_the_sweep_and_the_tunnelling() {
    // Radius 0.5 from x = −3 towards the wall at x = −0.1 with v = (6.5, 0): touches at x = −0.6, after
    // 2.4 / 6.5 = 0.369 of the move; c + v = (3.5, 0) is past the wall (separated): tunnelled. The
    // slide loses all of v (it is along the normal): the end is the impact point (−0.6, 0).
    let t = text(&state("circle=-3,0,0.5&box=-0.1,-2,0.1,2&motion=on&velocity=6.5,0&response=slide"));
    assert!(t.starts_with("Motion mode. "), "{t}");
    assert!(t.contains("Velocity (6.5, 0). Sweep: hit at t = 0.369 (face)."), "{t}");
    assert!(t.contains("Discrete test at c + v: separated, tunnelled"), "{t}");
    assert!(t.contains("Slide end (-0.6, 0)."), "{t}");
    assert!(!t.contains("zone"), "motion mode hides the still construction: {t}");
    assert!(!t.contains("turned"), "{t}");
}

#[test]
fn motion_mode_names_a_turned_box_s_angle() {
    let t = text(&state("circle=1,3,0.5&box=-5,-0.5,5,0.5&motion=on&velocity=-3,-5&response=slide&angle=30"));
    assert!(t.starts_with("Motion mode. "), "{t}");
    assert!(t.contains("Box turned 30°. Velocity (-3, -5). Sweep: hit at t = 0.388 (face)."), "{t}");
}

#[test]
fn playground_reads_level_race_and_whether_it_runs() {
    let mut s = state("playground=on&level=flush-floor&race=on");
    let t = text(&s);
    assert!(t.starts_with("Playground: level Flush floor, race of "), "{t}");
    assert!(t.contains(", running."), "{t}");
    apply(&mut s, Command::Playground(PlaygroundCommand::PauseResume));
    assert!(text(&s).contains(", paused (G runs it)."), "{}", text(&s));
}

#[test]
fn play_says_where_the_character_stands_once_it_is_at_rest() {
    let mut s = state("play=on&level=course-run");
    update(&mut s, &Input { dt: 1.0 / 60.0, ..Input::default() });
    let t = text(&s);
    assert!(t.starts_with("Play: level Course 1: run and jump, strategy "), "{t}");
    assert!(t.contains("The character stands on the ground at (2.5, 3.4)."), "{t}");
    // Moving: no numbers that change every frame.
    update(&mut s, &Input { held: vec![Key::Right], dt: 1.0 / 60.0, ..Input::default() });
    let moving = text(&s);
    assert!(moving.contains("The character is moving."), "{moving}");
    update(&mut s, &Input { held: vec![Key::Right], dt: 1.0 / 60.0, ..Input::default() });
    assert_eq!(text(&s), moving);
    // Up through the one-way platform and onto it: where it stands, and what.
    let s = state("play=on&level=course-run&inputs=R*30,RJ*40,R*30,N*40&steps=140");
    let t = text(&s);
    let x = s.playground.play.player.position()[0];
    assert!(t.contains(&format!("stands on a one-way platform at ({}, 5.4)", crate::format::number(x))), "{t}");
    // A race says when it is done and who bumped, stuck or tunnelled.
    let s = state("play=on&level=course-run&inputs=R*30&race=on");
    assert!(text(&s).contains("Ghost race of 7 strategies, running."), "{}", text(&s));
    let s = state("play=on&level=course-run&inputs=R*30&race=on&steps=200");
    assert!(text(&s).contains("Ghost race of 7 strategies, done"), "{}", text(&s));
}

#[test]
fn tour_step_and_reduced_motion_are_said() {
    let mut s = state("algorithm=arvo&circle=-3,1,1&box=0,0,4,2");
    assert!(!text(&s).contains("Reduced motion"));
    apply(&mut s, Command::Motion(MotionCommand::SetReducedMotion(true)));
    assert!(text(&s).ends_with(" Reduced motion on."), "{}", text(&s));
    update(&mut s, &Input { keys: vec![Key::T], ..Input::default() });
    let t = text(&s);
    let first = crate::teach::lessons::TOUR[0].title;
    let n = crate::teach::lessons::TOUR.len();
    assert!(t.contains(&format!("Tour: The still scene, step 1 of {n}: {first}.")), "{t}");
}

#[test]
fn status_line_sends_only_changes_and_nothing_mid_drag() {
    let mut s = state("algorithm=arvo&circle=-3,1,1&box=0,0,4,2");
    let mut line = StatusLine::default();
    let first = line.next(&s, &s.analysis()).expect("the first text is sent");
    // Frames with nothing new: nothing sent.
    for _ in 0..5 {
        update(&mut s, &Input { dt: 0.016, ..Input::default() });
        assert_eq!(line.next(&s, &s.analysis()), None);
    }
    // A key that changes the scene: sent once.
    update(&mut s, &Input { keys: vec![Key::Digit(2)], ..Input::default() });
    let second = line.next(&s, &s.analysis()).expect("a new algorithm is sent");
    assert_ne!(first, second);
    assert_eq!(line.next(&s, &s.analysis()), None);
    // During a drag the text waits; when the drag ends, the result is sent.
    s.drag = Some(Drag {
        handle: Handle::CircleBody,
        start_pointer: [-3.0, 1.0],
        start_circle: s.circle,
        start_box: s.aabb,
        start_value: [0.0, 0.0],
    });
    apply(&mut s, Command::Nudge([2.5, 0.0]));
    assert_eq!(line.next(&s, &s.analysis()), None);
    s.drag = None;
    let third = line.next(&s, &s.analysis()).expect("sent after the drag");
    assert!(third.contains("overlapping"), "centre (-0.5, 1), r 1: half a radius into the box: {third}");
}

#[test]
fn a_playing_animation_does_not_rewrite_the_status() {
    let mut s = state("circle=-3,2.5,0.6&box=-2,-1,2,1&motion=on&velocity=4,-3&response=slide");
    let mut line = StatusLine::default();
    assert!(line.next(&s, &s.analysis()).is_some());
    apply(&mut s, Command::Motion(MotionCommand::PlayPause));
    for _ in 0..10 {
        update(&mut s, &Input { dt: 0.05, ..Input::default() });
        assert!(s.motion.playback.playing);
        assert_eq!(line.next(&s, &s.analysis()), None);
    }
}

#[test]
fn shortcuts_text_reads_back_as_the_controls_table() {
    for (keys, what) in CONTROLS {
        assert!(!keys.contains(['\t', '\n']) && !what.contains(['\t', '\n']), "{keys}: {what}");
    }
    let t = shortcuts_text();
    assert_eq!(parse_shortcuts(&t), CONTROLS.to_vec());
    assert_eq!(t.lines().count(), CONTROLS.len());
}

#[test]
fn reduced_motion_setting_from_flag_and_environment() {
    assert_eq!(reduced_motion_setting(false, None), Ok(false));
    assert_eq!(reduced_motion_setting(true, None), Ok(true));
    for on in ["1", "on", "TRUE", " yes "] {
        assert_eq!(reduced_motion_setting(false, Some(on)), Ok(true), "{on}");
    }
    for off in ["", "0", "off", "False", "no"] {
        assert_eq!(reduced_motion_setting(false, Some(off)), Ok(false), "{off}");
        assert_eq!(reduced_motion_setting(true, Some(off)), Ok(true), "the flag wins: {off}");
    }
    let e = reduced_motion_setting(true, Some("sometimes")).unwrap_err();
    assert!(e.starts_with(REDUCED_MOTION_ENV) && e.contains("\"sometimes\""), "{e}");
}

#[test]
fn reduced_motion_holds_the_playground_until_asked() {
    let flush = "playground=on&level=flush-floor&race=on";
    // Off: a loaded playground runs.
    let mut s = state(flush);
    assert!(!s.playground.paused);
    // Turning the setting on pauses a running playground.
    apply(&mut s, Command::Motion(MotionCommand::SetReducedMotion(true)));
    assert!(s.playground.paused);
    let steps = s.playground.steps;
    update(&mut s, &Input { dt: 0.1, ..Input::default() });
    assert_eq!(s.playground.steps, steps, "paused: no step");
    // G asks for it: it runs.
    update(&mut s, &Input { keys: vec![Key::G], dt: 0.1, ..Input::default() });
    assert!(!s.playground.paused && s.playground.steps > steps);
    // Loading a playground scene, resetting, and switching the playground on: paused each time.
    load_scene_text(&mut s, flush).unwrap();
    assert!(s.playground.paused && s.motion.reduced_motion);
    update(&mut s, &Input { keys: vec![Key::G], ..Input::default() });
    apply(&mut s, Command::Reset);
    assert!(s.playground.paused);
    load_scene_text(&mut s, "circle=-3,1,1&box=0,0,4,2").unwrap();
    update(&mut s, &Input { keys: vec![Key::L], ..Input::default() });
    assert!(s.mode.flat_playground() && s.playground.paused);
    // Without the setting, a running playground switched off and on again runs on.
    apply(&mut s, Command::Motion(MotionCommand::SetReducedMotion(false)));
    update(&mut s, &Input { keys: vec![Key::G], ..Input::default() });
    assert!(!s.playground.paused);
    update(&mut s, &Input { keys: vec![Key::L], ..Input::default() });
    update(&mut s, &Input { keys: vec![Key::L], ..Input::default() });
    assert!(s.mode.flat_playground() && !s.playground.paused);
    // With it, the same switch holds it.
    apply(&mut s, Command::Motion(MotionCommand::SetReducedMotion(true)));
    update(&mut s, &Input { keys: vec![Key::G], ..Input::default() });
    update(&mut s, &Input { keys: vec![Key::L], ..Input::default() });
    update(&mut s, &Input { keys: vec![Key::L], ..Input::default() });
    assert!(s.mode.flat_playground() && s.playground.paused);
}

#[test]
fn the_3d_view_has_its_own_status_line() {
    // The face-plane counter-example: centre (1.65, 1.65, 1.65), r = 1, box ±1. The closest point is
    // the corner (1, 1, 1), 0.65·√3 ≈ 1.126 away: separated; `planes` says overlap (false positive).
    // Region x 2 + 3·2 + 9·2 = 26, the (+x, +y, +z) corner; nothing to push.
    let s = state("algorithm=planes&view=3d&sphere=1.65,1.65,1.65,1&box3=-1,-1,-1,1,1,1");
    let (n, name) = algorithm_named("planes");
    let t = status_text_3d(&s, &s.analysis3());
    assert_eq!(
        t,
        format!(
            "3D view, sphere against box. Algorithm {n} of 9, {name}, says overlap: wrong (false positive), \
             the exact state is separated. Centre in region 26, corner (+x, +y, +z). Sphere centre (1.65, 1.65, \
             1.65), radius 1, distance to the box 1.126; box (-1, -1, -1) to (1, 1, 1). Response: none, nothing to push."
        )
    );
    // Inside: centre (0, 0.5, 0), r = 0.25: the nearest face is max y, 0.5 away; the push is
    // 0.5 + 0.25 = 0.75 along +y. Region 1 + 3 + 9 = 13, inside.
    let s = state("algorithm=clamp&view=3d&sphere=0,0.5,0,0.25&box3=-1,-1,-1,1,1,1");
    let t = status_text_3d(&s, &s.analysis3());
    assert!(t.contains("says overlap: right, the exact state is overlapping"), "{t}");
    assert!(t.contains("Centre in region 13, inside."), "{t}");
    assert!(t.contains("Response: inside, push-out (0, 0.75, 0) through the max y face."), "{t}");
    // Sent once, not again while nothing changes.
    let mut line = StatusLine::default();
    assert_eq!(line.next_3d(&s, &s.analysis3()), Some(t));
    assert_eq!(line.next_3d(&s, &s.analysis3()), None);
}

#[test]
fn the_distance_is_signed_and_reads_inside_the_box_negative() {
    // Centre (3.5, 1) in the box 0..4 × 0..2: the nearest face is x max, 0.5 away: distance −0.5.
    let t = text(&state("algorithm=clamp&circle=3.5,1,0.25&box=0,0,4,2"));
    assert!(t.contains("Circle centre (3.5, 1), radius 0.25, distance to the box -0.5; box (0, 0) to (4, 2)."), "{t}");
    // Outside a corner: (4.5, 2.5) is √0.5 = 0.707 from (4, 2).
    let t = text(&state("algorithm=clamp&circle=4.5,2.5,1&box=0,0,4,2"));
    assert!(t.contains("radius 1, distance to the box 0.707;"), "{t}");
}

#[test]
fn the_trace_line_follows_the_selected_algorithm_and_its_verdict() {
    let apart = text(&state("algorithm=clamp&circle=-3,1,1&box=0,0,4,2"));
    let over = text(&state("algorithm=clamp&circle=3,1,1&box=0,0,4,2"));
    assert!(apart.contains(", no overlap.") && apart.contains("Trace: "), "{apart}");
    assert!(over.contains("step") && over.contains(", overlap."), "{over}");
    // Erratum 1, as published: the trace listed is the corrected code's, and the sentence says so.
    let mut s = state("algorithm=arvo&circle=-3,1,1&box=0,0,4,2");
    apply(&mut s, Command::Teach(crate::app::teach::TeachCommand::LoadErratum(0)));
    let t = text(&s);
    assert!(t.contains("says no overlap: wrong (false negative)"), "{t}");
    assert!(t.contains(", overlap (the corrected code's; the variant tested says no overlap)."), "{t}");
    // Motion mode speaks of the sweep instead.
    let moving = text(&state("circle=-3,0,0.5&box=-0.1,-2,0.1,2&motion=on&velocity=6.5,0"));
    assert!(!moving.contains("Trace:"), "{moving}");
}

#[test]
fn the_overlay_is_named_and_the_agreement_map_counted() {
    use crate::app::teach::{Overlay, OverlayInfo, TeachCommand};
    let mut s = state("algorithm=arvo&circle=-3,1,1&box=0,0,4,2");
    assert!(!text(&s).contains("Overlay"), "no overlay, no words: {}", text(&s));
    apply(&mut s, Command::Teach(TeachCommand::SetOverlay(Overlay::Distance)));
    assert!(text(&s).contains("Overlay: distance field."), "{}", text(&s));
    apply(&mut s, Command::Teach(TeachCommand::SetOverlay(Overlay::Agreement)));
    // Before its image exists the map is named without counts; the counts come with the image.
    assert!(text(&s).contains("Overlay: agreement map."), "{}", text(&s));
    let info = |coarse| OverlayInfo {
        overlay: Overlay::Agreement,
        cost_ms: 1.0,
        cols: 10,
        rows: 5,
        coarse,
        counts: Some([20, 25, 0, 3, 2]),
    };
    s.teach.overlay_info = Some(info(false));
    let t = text(&s);
    assert!(
        t.contains(
            "Overlay: agreement map of 50 centres: 20 agreed overlap, 25 agreed separation, 0 false positive, \
             3 false negative, 2 touching."
        ),
        "{t}"
    );
    // A coarse image (mid-drag) is not counted aloud.
    s.teach.overlay_info = Some(info(true));
    assert!(text(&s).contains("Overlay: agreement map."), "{}", text(&s));
}

#[test]
fn the_lesson_text_is_whole_and_sent_once_per_lesson() {
    use crate::app::teach::TeachCommand;
    use crate::teach::lessons::{ERRATA, TOUR};
    let mut s = state("algorithm=arvo&circle=-3,1,1&box=0,0,4,2");
    let mut line = StatusLine::default();
    assert_eq!(lesson_text(&s), "");
    assert_eq!(line.next_lesson(&s).as_deref(), Some(""), "the page starts with an empty lesson region");
    assert_eq!(line.next_lesson(&s), None);
    apply(&mut s, Command::Teach(TeachCommand::ToggleTour));
    apply(&mut s, Command::Teach(TeachCommand::TourNext));
    let t = line.next_lesson(&s).expect("a new lesson is sent");
    assert!(t.starts_with(&format!("Tour: The still scene, step 2 of {}: Clamping. ", TOUR.len())), "{t}");
    assert!(t.ends_with(TOUR[1].text), "the step's whole text: {t}");
    // The scene changes, the lesson does not: nothing new for the lesson region.
    apply(&mut s, Command::Nudge([0.1, 0.0]));
    assert_eq!(line.next_lesson(&s), None);
    apply(&mut s, Command::Teach(TeachCommand::LoadErratum(0)));
    let t = line.next_lesson(&s).expect("the erratum is sent");
    assert_eq!(t, format!("Erratum: {}. {}", ERRATA[0].title, ERRATA[0].text));
    apply(&mut s, Command::Teach(TeachCommand::CloseLesson));
    assert_eq!(line.next_lesson(&s).as_deref(), Some(""), "closing the lesson empties the region");
}
