//! Touch without a window: the gesture machine on its own (pinch factor about the centre, pan,
//! long-press timing), then through `update` (a drag cancelled by a second finger, the view zoomed
//! and reset, the 3D camera zoomed, the touch targets, the long press's hover read-out).

use crate::app::gesture::{step, Event, Gesture, ViewZoom, LONG_PRESS_SECONDS, TOUCH_GRAB_PX, ZOOM_RANGE};
use crate::app::status::status_text;
use crate::app::still::pointer::hit;
use crate::app::*;
use glam::Vec2;

const CANVAS: ScreenRect = ScreenRect { x: 0.0, y: 0.0, w: 1000.0, h: 800.0 };

fn state(text: &str) -> State {
    let mut s = State::new(SceneOptions::from_fragment(text).unwrap());
    update(&mut s, &Input { canvas: Some(CANVAS), ..Input::default() });
    s
}

/// One frame with `fingers` on the screen, as the frame loop builds it: the first finger is also
/// macroquad's simulated mouse (down while any finger is), `pressed` when it has just landed.
fn fingers(s: &mut State, fingers: &[Vec2], pressed: bool, dt: f32) {
    let first = fingers.first().copied();
    update(
        s,
        &Input {
            pointer: first.or(Some(Vec2::new(1.0, 1.0))),
            pressed,
            press: first.filter(|_| pressed),
            down: first.is_some(),
            touches: fingers.to_vec(),
            touch_input: Some(true),
            dt,
            ..Input::default()
        },
    );
}

fn near(a: Vec2, b: Vec2, eps: f32) -> bool {
    a.distance(b) < eps
}

// ---------------------------------------------------------------------------------------------
// The machine alone.

#[test]
fn two_fingers_spreading_pinch_by_the_ratio_of_their_distances_about_their_midpoint() {
    let mut g = Gesture::Idle;
    let (a, b) = (Vec2::new(400.0, 300.0), Vec2::new(500.0, 300.0));
    assert_eq!(step(&mut g, &[a], 0.016), Event::None);
    assert_eq!(step(&mut g, &[a, b], 0.016), Event::PinchStart);
    // 100 px apart → 250 px apart, about the same midpoint (450, 300).
    let (a2, b2) = (Vec2::new(325.0, 300.0), Vec2::new(575.0, 300.0));
    let Event::Pinch { factor, from, to } = step(&mut g, &[a2, b2], 0.016) else { panic!("no pinch: {g:?}") };
    assert!((factor - 2.5).abs() < 1e-6, "{factor}");
    assert!(near(from, Vec2::new(450.0, 300.0), 1e-4) && near(to, Vec2::new(450.0, 300.0), 1e-4), "{from} {to}");
    // Both fingers moving together: no zoom, the midpoint moves with them.
    let d = Vec2::new(30.0, -10.0);
    let Event::Pinch { factor, from, to } = step(&mut g, &[a2 + d, b2 + d], 0.016) else { panic!() };
    assert!((factor - 1.0).abs() < 1e-6 && near(to - from, d, 1e-4), "{factor} {from} {to}");
    // One finger lifts: nothing more until both have.
    assert_eq!(step(&mut g, &[a2], 0.016), Event::None);
    assert_eq!(g, Gesture::Done);
    assert_eq!(step(&mut g, &[], 0.016), Event::None);
    assert_eq!(g, Gesture::Idle);
}

#[test]
fn a_pinch_keeps_the_world_point_under_its_centre_and_scales_distances_from_it() {
    let fitted = View { origin: Vec2::new(300.0, 500.0), scale: 40.0 };
    let (c, size) = (Vec2::new(500.0, 400.0), Vec2::new(1000.0, 800.0));
    let p = Vec2::new(620.0, 250.0); // the pinch's centre, not the canvas's
    let z = ViewZoom::default().pinched(2.0, p, p, c, size);
    assert!((z.zoom - 2.0).abs() < 1e-6);
    let v = z.apply(fitted, c);
    assert!((v.scale - 80.0).abs() < 1e-4);
    for w in [[0.0, 0.0], [3.5, -1.0], [-7.0, 4.25]] {
        // Worked out here: a pinch by 2 about p sends s to p + 2·(s − p).
        let s = fitted.to_screen(w);
        let want = p + 2.0 * (s - p);
        assert!(near(v.to_screen(w), want, 1e-2), "{w:?}: {} vs {want}", v.to_screen(w));
    }
    // A pan: every point moves by the fingers' move; then a second pinch composes with the first.
    let d = Vec2::new(-45.0, 12.0);
    let panned = z.pinched(1.0, p, p + d, c, size).apply(fitted, c);
    assert!(near(panned.to_screen([1.0, 1.0]), v.to_screen([1.0, 1.0]) + d, 1e-2));
    // The zoom stays in its range; bad numbers change nothing.
    assert_eq!(z.pinched(1000.0, p, p, c, size).zoom, ZOOM_RANGE.1);
    assert_eq!(z.pinched(1e-6, p, p, c, size).zoom, ZOOM_RANGE.0);
    for bad in [f32::NAN, f32::INFINITY, 0.0, -2.0] {
        assert_eq!(z.pinched(bad, p, p, c, size), z);
    }
    assert_eq!(z.pinched(1.5, Vec2::NAN, p, c, size), z);
}

#[test]
fn a_long_press_begins_after_half_a_second_at_rest_and_not_after_a_move() {
    let dt = 0.125; // exact in binary: four frames are exactly LONG_PRESS_SECONDS
    assert_eq!(LONG_PRESS_SECONDS, 4.0 * dt);
    let p = Vec2::new(200.0, 200.0);
    let mut g = Gesture::Idle;
    assert_eq!(step(&mut g, &[p], dt), Event::None); // lands (the time starts now)
    for _ in 0..3 {
        assert_eq!(step(&mut g, &[p + Vec2::new(3.0, -2.0)], dt), Event::None); // a tremble is rest
    }
    assert!(matches!(g, Gesture::Press { long: false, moved: false, .. }));
    assert_eq!(step(&mut g, &[p], dt), Event::LongPress);
    assert!(matches!(g, Gesture::Press { long: true, .. }));
    assert_eq!(step(&mut g, &[p], dt), Event::None, "it begins once");
    assert_eq!(step(&mut g, &[], dt), Event::None);
    assert_eq!(g, Gesture::Idle, "it ends when the finger lifts");

    // A finger that wanders off before then is a drag: no long press, however long it then rests.
    let mut g = Gesture::Idle;
    step(&mut g, &[p], dt);
    step(&mut g, &[p + Vec2::new(11.0, 0.0)], dt);
    for _ in 0..20 {
        assert_eq!(step(&mut g, &[p + Vec2::new(11.0, 0.0)], dt), Event::None);
    }
}

// ---------------------------------------------------------------------------------------------
// Through update.

#[test]
fn a_second_finger_cancels_the_drag_and_leaves_the_circle_where_it_was() {
    let mut s = state("circle=-3,1,1&box=0,0,4,2");
    let before = s.circle;
    let c = s.view.to_screen(before.center());
    fingers(&mut s, &[c], true, 0.016);
    fingers(&mut s, &[c + Vec2::new(60.0, 0.0)], false, 0.016);
    assert_ne!(s.circle, before, "one finger drags the circle");
    assert!(s.drag.is_some());
    // The second finger lands: the drag is undone, and nothing the fingers do moves the circle.
    let second = Vec2::new(700.0, 500.0);
    fingers(&mut s, &[c + Vec2::new(60.0, 0.0), second], false, 0.016);
    assert_eq!(s.circle, before);
    assert!(s.drag.is_none());
    fingers(&mut s, &[c + Vec2::new(120.0, 40.0), second + Vec2::new(20.0, 0.0)], false, 0.016);
    fingers(&mut s, &[c + Vec2::new(140.0, 40.0)], false, 0.016); // one lifted, one left behind
    fingers(&mut s, &[c + Vec2::new(200.0, 90.0)], false, 0.016);
    assert_eq!(s.circle, before);
    assert!(s.drag.is_none());
    fingers(&mut s, &[], false, 0.016);
    // Every finger lifted: the next one drags again (the view was panned: find the circle anew).
    let c = s.view.to_screen(before.center());
    fingers(&mut s, &[c], true, 0.016);
    fingers(&mut s, &[c + Vec2::new(0.0, 40.0)], false, 0.016);
    fingers(&mut s, &[], false, 0.016);
    assert!(s.circle.center()[1] < before.center()[1], "{:?}", s.circle);
}

#[test]
fn a_pinch_zooms_the_2d_view_about_its_centre_and_r_resets_it() {
    let mut s = state("circle=-3,1,1&box=0,0,4,2");
    let fitted = s.view;
    let (a, b) = (Vec2::new(450.0, 400.0), Vec2::new(550.0, 400.0));
    let mid = 0.5 * (a + b);
    let under = fitted.to_world(mid);
    fingers(&mut s, &[a], true, 0.016);
    fingers(&mut s, &[a, b], false, 0.016);
    fingers(&mut s, &[a - Vec2::new(50.0, 0.0), b + Vec2::new(50.0, 0.0)], false, 0.016);
    assert!((s.view.scale / fitted.scale - 2.0).abs() < 1e-4, "{} vs {}", s.view.scale, fitted.scale);
    assert!(near(s.view.to_screen(under), mid, 1e-2), "the point under the pinch stays there");
    assert!(status_text(&s, &s.analysis()).contains("View zoomed 2×"), "{}", status_text(&s, &s.analysis()));
    // A two-finger pan moves the view with the fingers.
    let d = Vec2::new(0.0, 80.0);
    fingers(&mut s, &[a - Vec2::new(50.0, 0.0) + d, b + Vec2::new(50.0, 0.0) + d], false, 0.016);
    assert!(near(s.view.to_screen(under), mid + d, 1e-2));
    fingers(&mut s, &[], false, 0.016);
    // Nothing else refits it away (a frame, a key); R does.
    update(&mut s, &Input { keys: vec![Key::Digit(2)], ..Input::default() });
    assert!((s.view.scale / fitted.scale - 2.0).abs() < 1e-4);
    update(&mut s, &Input { keys: vec![Key::R], ..Input::default() });
    assert_eq!(s.view, fitted);
    assert!(!status_text(&s, &s.analysis()).contains("View zoomed"));
}

#[test]
fn a_pinch_zooms_the_3d_camera_and_one_finger_orbits() {
    let mut s = state("view=3d");
    let before = s.three.camera();
    // Near the canvas's top left, away from the sphere (which a finger would move instead).
    let (a, b) = (Vec2::new(160.0, 60.0), Vec2::new(360.0, 60.0));
    fingers(&mut s, &[a], true, 0.016);
    fingers(&mut s, &[a + Vec2::new(40.0, 0.0)], false, 0.016);
    let orbited = s.three.camera();
    assert_ne!(orbited.yaw, before.yaw, "one finger on empty space orbits");
    assert_eq!(orbited.distance, before.distance);
    fingers(&mut s, &[a, b], false, 0.016);
    fingers(&mut s, &[a - Vec2::new(100.0, 0.0), b + Vec2::new(100.0, 0.0)], false, 0.016);
    let zoomed = s.three.camera();
    assert!((zoomed.distance - orbited.distance / 2.0).abs() < 1e-3 * orbited.distance, "{zoomed:?}");
    assert_eq!(zoomed.yaw, orbited.yaw, "the pinch does not orbit");
}

#[test]
fn touch_targets_are_44_px_across_after_a_touch_and_the_mouse_keeps_its_own() {
    // Motion: a small circle (radius 0.05) and the velocity's tip far from it.
    let mut s = state("circle=-3,1,0.05&box=0,0,4,2&motion=on&velocity=2,0");
    let c = s.view.to_screen(s.circle.center());
    let r = s.circle.radius() * s.view.scale;
    assert!(r < 10.0, "the circle is small on screen: {r}");
    let near_centre = c + Vec2::new(0.0, TOUCH_GRAB_PX - 2.0);
    let tip = s.view.to_screen([-1.0, 1.0]);
    let near_tip = tip + Vec2::new(TOUCH_GRAB_PX - 2.0, 0.0);
    assert_eq!(hit(&s, near_centre), None);
    assert_eq!(hit(&s, near_tip), None);
    // A touch anywhere (here on empty space, far from both) makes every target a finger's size.
    fingers(&mut s, &[Vec2::new(900.0, 700.0)], true, 0.016);
    fingers(&mut s, &[], false, 0.016);
    assert!(s.touch.active);
    assert_eq!(hit(&s, near_centre), Some(Handle::CircleBody));
    assert_eq!(hit(&s, near_tip), Some(Handle::VelocityTip));
    assert_eq!(hit(&s, c + Vec2::new(0.0, TOUCH_GRAB_PX + 3.0)), None);
    // The mouse again: its own radius.
    update(&mut s, &Input { pointer: Some(Vec2::new(5.0, 5.0)), touch_input: Some(false), ..Input::default() });
    assert!(!s.touch.active);
    assert_eq!(hit(&s, near_centre), None);

    // The playground's throw arrow tip.
    let mut s = state("playground=on");
    let tip = s.view.to_screen(crate::app::playground::throw_tip(&s.playground.options));
    let near_tip = tip + Vec2::new(0.0, TOUCH_GRAB_PX - 2.0);
    assert_eq!(playground::pointer::throw_hit(&s, near_tip), None);
    s.touch.active = true;
    assert_eq!(playground::pointer::throw_hit(&s, near_tip), Some(Handle::ThrowTip));
}

#[test]
fn a_long_press_shows_the_hover_and_its_read_out_until_the_finger_lifts() {
    let mut s = state("circle=-3,1,1&box=0,0,4,2&overlay=distance");
    let p = s.view.to_screen([6.0, 1.0]); // right of the box, on nothing
    let dt = 0.125;
    fingers(&mut s, &[p], true, dt);
    for _ in 0..3 {
        fingers(&mut s, &[p], false, dt);
        track_pointer(&mut s, Some(p), false);
        assert!(animating(&s), "frames go on while the press's clock runs");
        assert!(overlay::hover(&s).is_none(), "a touch has no hover before the long press");
    }
    fingers(&mut s, &[p], false, dt);
    track_pointer(&mut s, Some(p), false);
    assert!(!animating(&s), "the long press has begun: no more frames needed");
    let h = overlay::hover(&s).expect("the read-out at the finger");
    assert!((h.distance - 2.0).abs() < 1e-3, "{h:?}");
    let text = status_text(&s, &s.analysis());
    assert!(text.contains("Long press at (6, 1): distance to the box 2."), "{text}");
    // On a handle: its grab outline (the hover) shows.
    let mut s2 = state("circle=-3,1,1&box=0,0,4,2&overlay=distance");
    let corner = s2.view.to_screen([4.0, 2.0]);
    fingers(&mut s2, &[corner], true, dt);
    for _ in 0..4 {
        fingers(&mut s2, &[corner], false, dt);
    }
    assert_eq!(s2.drag.map(|d| d.handle), Some(Handle::BoxCorner { upper: [true, true] }));
    assert!(s2.touch.long_press().is_some());
    // The finger lifts: the read-out goes, though the (simulated) mouse stays where it was.
    fingers(&mut s, &[], false, dt);
    track_pointer(&mut s, Some(p), false);
    assert!(overlay::hover(&s).is_none());
    assert_eq!(s.hover, None);
}

#[test]
fn the_mouse_hover_is_unchanged() {
    let mut s = state("circle=-3,1,1&box=0,0,4,2&overlay=distance");
    let p = s.view.to_screen([6.0, 1.0]);
    update(&mut s, &Input { pointer: Some(p), touch_input: Some(false), ..Input::default() });
    track_pointer(&mut s, Some(p), false);
    assert!(overlay::hover(&s).is_some());
    let c = s.view.to_screen(s.circle.center());
    update(&mut s, &Input { pointer: Some(c), touch_input: Some(false), ..Input::default() });
    assert_eq!(s.hover, Some(Handle::CircleBody));
    assert!(!animating(&s));
}
