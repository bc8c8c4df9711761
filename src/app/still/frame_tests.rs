//! The turned box in the app's state: `angle=`, Q / E, the knob, the zone in the box's frame.

use crate::app::still::pointer::{hit, rotation_knob};
use crate::app::teach::frame_change_line;
use crate::app::{apply, status, update, Command, Handle, Input, Key, SceneOptions, ScreenRect, State};
use crate::geom::{algo::ALGORITHMS, Circle, ContactState, Rect};
use glam::Vec2;

/// The tour step's scene: a circle above the box, in zone 7 of the world's axes.
fn scene(angle: f32) -> State {
    let mut s = State::new(SceneOptions {
        circle: Circle::new([1.3, 3.2], 1.2).unwrap(),
        aabb: Rect::new([-2.0, -1.0], [2.0, 1.5]).unwrap(),
        angle,
        ..SceneOptions::default()
    });
    update(&mut s, &Input { canvas: Some(ScreenRect { x: 0.0, y: 0.0, w: 1000.0, h: 800.0 }), ..Input::default() });
    s
}

#[test]
fn angle_parses_round_trips_and_is_refused_naming_angle() {
    let o = SceneOptions::from_fragment("circle=1.3,3.2,1.2&angle=30").unwrap();
    assert_eq!(o.angle, 30.0);
    let text = o.to_fragment();
    assert!(text.contains("&angle=30"), "{text}");
    assert_eq!(SceneOptions::from_fragment(&text).unwrap(), o);
    // Turned into (−180, 180]; a fraction survives the round trip exactly.
    assert_eq!(SceneOptions::from_fragment("angle=390").unwrap().angle, 30.0);
    assert_eq!(SceneOptions::from_fragment("angle=-180").unwrap().angle, 180.0);
    let o = SceneOptions::from_fragment("angle=-37.3").unwrap();
    assert_eq!(SceneOptions::from_fragment(&o.to_fragment()).unwrap().angle, -37.3);
    // 0 is the default and is not written: today's scene text, unchanged.
    assert!(!SceneOptions::default().to_fragment().contains("angle"));
    assert!(!SceneOptions::from_fragment("angle=360").unwrap().to_fragment().contains("angle"));
    for bad in ["nan", "inf", "-inf", "", "30deg", "thirty"] {
        let e = SceneOptions::from_fragment(&format!("angle={bad}")).unwrap_err();
        assert_eq!(e.field, "angle", "{bad:?}: {e:?}");
    }
}

#[test]
fn at_angle_zero_nothing_changes() {
    let s = scene(0.0);
    assert!(s.box_frame().is_none());
    let a = s.analysis();
    let b = crate::app::Analysis::of(&s.circle, &s.aabb, s.algorithm);
    assert_eq!((a.contact, a.response, a.verdicts.clone(), a.faces), (b.contact, b.response, b.verdicts, b.faces));
    assert!(a.frame.is_none());
    assert_eq!(a.contact.zone, 7, "above the box");
}

#[test]
fn the_zone_is_the_box_frames_and_every_algorithm_runs_on_the_moved_circle() {
    let s = scene(30.0);
    let a = s.analysis();
    let f = a.frame.expect("turned");
    // World (1.3, 3.2) is above the aligned box (zone 7); in the box's frame, turned by 30°, it is
    // Rᵀ(c − b) = (2.60, 1.90), past both half extents (2, 1.25): the corner zone 8.
    let l = f.circle.center();
    assert!((l[0] - 2.6008).abs() < 1e-3 && (l[1] - 1.9047).abs() < 1e-3, "{l:?}");
    assert_eq!(a.contact.zone, 8);
    assert_eq!(f.aabb, Rect::new([-2.0, -1.25], [2.0, 1.25]).unwrap());
    // Distance to the corner: |(0.601, 0.655)| = 0.889 < r = 1.2: overlapping, pushed from outside.
    assert_eq!(a.contact.state, ContactState::Overlapping);
    assert!((a.contact.distance - 0.889).abs() < 1e-3, "{}", a.contact.distance);
    // The closest point is the turned corner, in world coordinates: b + R(2, 1.25).
    let (c, sn) = (30f32.to_radians().cos(), 30f32.to_radians().sin());
    let corner = [2.0 * c - 1.25 * sn, 0.25 + 2.0 * sn + 1.25 * c];
    assert!((a.contact.closest[0] - corner[0]).abs() < 1e-4 && (a.contact.closest[1] - corner[1]).abs() < 1e-4);
    // Every registry algorithm gives its verdict on the moved circle and [−h, h].
    for (i, alg) in ALGORITHMS.iter().enumerate() {
        assert_eq!(a.verdicts[i], (alg.overlap_2d)(&f.circle, &f.aabb), "{}", alg.id);
    }
    assert!(a.exact && a.verdict);
    // Applying the push leaves the circle touching the turned box, not in it.
    let mut s = s;
    apply(&mut s, Command::ApplyResponse);
    // (the push-out contract: touching, or apart by a few ulps).
    assert!(!f.obb.overlaps_strictly(&s.circle), "{:?}", s.circle);
    assert!((f.obb.contact(&s.circle).distance - 1.2).abs() < 1e-5);
    // The status line says the angle and the zone.
    let t = status::status_text(&s, &scene(30.0).analysis());
    assert!(t.contains("turned by 30 degrees") && t.contains("zone 8"), "{t}");
}

#[test]
fn q_and_e_turn_by_fifteen_degrees_and_shift_by_one() {
    let mut s = scene(0.0);
    let press = |s: &mut State, k: Key, shift: bool| update(s, &Input { keys: vec![k], shift, ..Input::default() });
    press(&mut s, Key::Q, false);
    assert_eq!(s.angle, 15.0);
    press(&mut s, Key::E, false);
    press(&mut s, Key::E, false);
    assert_eq!(s.angle, -15.0);
    press(&mut s, Key::Q, true);
    assert_eq!(s.angle, -14.0);
    for _ in 0..13 {
        press(&mut s, Key::Q, false);
    }
    assert_eq!(s.angle, -14.0 + 195.0 - 360.0, "kept in (−180, 180]");
    assert!(crate::app::current_scene(&s).to_fragment().contains("&angle=-179"));
    apply(&mut s, Command::Reset);
    assert_eq!(s.angle, 0.0);
}

#[test]
fn dragging_the_knob_sets_the_angle_to_the_pointers_direction() {
    let mut s = scene(0.0);
    s.circle = Circle::new([9.0, -6.0], 0.5).unwrap();
    update(&mut s, &Input::default()); // refit the view to the scene
    let (_, knob) = rotation_knob(&s).expect("still scene");
    // Above the middle of the top edge, 30 px out.
    let top = s.view.to_screen([0.0, 1.5]);
    assert!((knob - (top - Vec2::new(0.0, 30.0))).length() < 1e-3, "{knob:?} {top:?}");
    assert_eq!(hit(&s, knob + Vec2::new(10.0, 5.0)), Some(Handle::BoxRotate), "a generous grab");
    // Drag it to the upper left of the centre (0, 0.25): 135° from +x, so the box turns by 45°.
    let to = s.view.to_screen([-3.0, 3.25]);
    update(&mut s, &Input { pointer: Some(knob), pressed: true, down: true, ..Input::default() });
    for k in 1..=4 {
        let p = knob + (to - knob) * (k as f32 / 4.0);
        update(&mut s, &Input { pointer: Some(p), down: true, ..Input::default() });
    }
    update(&mut s, &Input { pointer: Some(to), ..Input::default() });
    assert_eq!(s.angle, 45.0);
    // The knob has turned with the box: it now stands out to the upper left.
    let (_, knob) = rotation_knob(&s).unwrap();
    let b = s.view.to_screen([0.0, 0.25]);
    assert!(knob.x < b.x && knob.y < b.y, "{knob:?} {b:?}");
}

#[test]
fn a_turned_boxs_corners_are_hit_and_dragged_in_its_frame() {
    let mut s = scene(90.0);
    s.circle = Circle::new([9.0, -6.0], 0.5).unwrap();
    update(&mut s, &Input::default()); // refit the view to the scene
                                       // A quarter turn about (0, 0.25): the corner (2, 1.5) of the unturned box is at (−1.25, 2.25).
    let corner = s.view.to_screen([-1.25, 2.25]);
    assert_eq!(hit(&s, corner), Some(Handle::BoxCorner { upper: [true, true] }));
    // Where the unturned box's corner is, there is nothing now.
    assert_eq!(hit(&s, s.view.to_screen([2.0, 1.5])), None);
    // Drag that corner 1 further up in the world (1 along the box's own +x): the box is 1 wider
    // and its opposite corner (−2, −1) → world (1.25, −1.75) stays where it was.
    let f = s.box_frame().unwrap();
    let opposite = f.turn([-2.0, -1.0]);
    let to = s.view.to_screen([-1.25, 3.25]);
    update(&mut s, &Input { pointer: Some(corner), pressed: true, down: true, ..Input::default() });
    update(&mut s, &Input { pointer: Some(to), down: true, ..Input::default() });
    update(&mut s, &Input { pointer: Some(to), ..Input::default() });
    let size = [s.aabb.max()[0] - s.aabb.min()[0], s.aabb.max()[1] - s.aabb.min()[1]];
    assert!((size[0] - 5.0).abs() < 1e-3 && (size[1] - 2.5).abs() < 1e-3, "{:?}", s.aabb);
    let g = s.box_frame().unwrap();
    let now = g.turn(s.aabb.min());
    assert!((now[0] - opposite[0]).abs() < 1e-3 && (now[1] - opposite[1]).abs() < 1e-3, "{now:?} {opposite:?}");
}

#[test]
fn the_trace_starts_with_the_frame_change_and_its_numbers() {
    let s = scene(30.0);
    let f = s.box_frame().unwrap();
    let line = frame_change_line(&f, &s.circle);
    assert!(line.text.starts_with("local = R^T (c − b)"), "{}", line.text);
    let note = &line.notes[0];
    for part in ["θ = 30°", "c = (1.3, 3.2)", "b = (0, 0.25)", "local = (2.601, 1.905)", "h = (2, 1.25)"] {
        assert!(note.contains(part), "{note:?} lacks {part:?}");
    }
    // The panel's field and the keys go through the same commands.
    let mut s = s;
    apply(&mut s, Command::SetAngle(-200.0));
    assert_eq!(s.angle, 160.0);
}

#[test]
fn the_tour_step_shows_a_turned_box_with_the_circle_in_a_corner_zone() {
    let o = SceneOptions::from_fragment("tour=still:8").unwrap();
    assert_eq!(o.angle, 30.0);
    let mut s = State::new(o);
    crate::app::load_scene(&mut s, &o);
    let a = s.analysis();
    assert_eq!(a.contact.zone, 8);
    // The scene text with the step writes the angle back, and going back to 0 is kept too.
    let back = SceneOptions::from_fragment(&o.to_fragment()).unwrap();
    assert_eq!(back, o);
    let zero = SceneOptions { angle: 0.0, ..o };
    assert_eq!(SceneOptions::from_fragment(&zero.to_fragment()).unwrap().angle, 0.0);
}
