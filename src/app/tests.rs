//! update(state, input) and apply(state, command), without a window.

use super::still::in_case;
use super::still::pointer::hit;
use super::*;
use crate::geom::{algo::ALGORITHMS, contact::contact, response::PushCase, Circle, ContactState, Rect};
use glam::Vec2;

fn scene(circle: ([f32; 2], f32), lo: [f32; 2], hi: [f32; 2]) -> State {
    let mut s = State::new(SceneOptions {
        circle: Circle::new(circle.0, circle.1).unwrap(),
        aabb: Rect::new(lo, hi).unwrap(),
        ..SceneOptions::default()
    });
    update(&mut s, &Input { canvas: Some(ScreenRect { x: 0.0, y: 0.0, w: 1000.0, h: 800.0 }), ..Input::default() });
    s
}

fn screen(s: &State, w: [f32; 2]) -> Vec2 {
    s.view.to_screen(w)
}

/// Press at `from`, move in steps to `to`, release there.
fn drag(s: &mut State, from: Vec2, to: Vec2) {
    update(s, &Input { pointer: Some(from), ..Input::default() });
    update(s, &Input { pointer: Some(from), pressed: true, down: true, ..Input::default() });
    for k in 1..=4 {
        let p = from + (to - from) * (k as f32 / 4.0);
        update(s, &Input { pointer: Some(p), down: true, ..Input::default() });
    }
    update(s, &Input { pointer: Some(to), ..Input::default() });
}

fn close(a: [f32; 2], b: [f32; 2], eps: f32) -> bool {
    (a[0] - b[0]).abs() < eps && (a[1] - b[1]).abs() < eps
}

#[test]
fn dragging_the_circle_body_moves_it_by_the_pointer_delta() {
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    let from = screen(&s, [6.0, 0.3]);
    let to = from + Vec2::new(-2.0 * s.view.scale, -s.view.scale); // (−2, +1) in world units (screen y is down)
    drag(&mut s, from, to);
    assert!(close(s.circle.center(), [4.0, 1.0], 1e-3), "{:?}", s.circle.center());
    assert_eq!(s.circle.radius(), 1.0);
    assert!(s.drag.is_none(), "release ends the drag");
}

#[test]
fn dragging_the_rim_sets_the_radius_to_the_pointer_distance() {
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    let rim = screen(&s, [7.0, 0.0]);
    assert_eq!(hit(&s, rim), Some(Handle::CircleRim));
    let to = rim + Vec2::new(s.view.scale * 1.5, 0.0);
    drag(&mut s, rim, to);
    assert!((s.circle.radius() - 2.5).abs() < 1e-3, "{}", s.circle.radius());
    assert!(close(s.circle.center(), [6.0, 0.0], 1e-6), "centre unchanged");
}

#[test]
fn wheel_scales_the_radius_and_is_ignored_over_the_panel() {
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    let p = Vec2::new(10.0, 10.0);
    update(&mut s, &Input { pointer: Some(p), wheel: 1.0, ..Input::default() });
    assert!((s.circle.radius() - 1.1).abs() < 1e-5);
    update(&mut s, &Input { pointer: Some(p), wheel: -120.0, ..Input::default() });
    assert!((s.circle.radius() - 1.0).abs() < 1e-5, "one step per frame whatever the units");
    update(&mut s, &Input { pointer: Some(p), wheel: 1.0, pointer_over_ui: true, ..Input::default() });
    assert!((s.circle.radius() - 1.0).abs() < 1e-5, "the panel's wheel never reaches the scene");
}

#[test]
fn dragging_the_box_body_moves_it() {
    let mut s = scene(([8.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    let from = screen(&s, [0.0, 0.0]);
    assert_eq!(hit(&s, from), Some(Handle::BoxBody));
    let to = from + Vec2::new(s.view.scale, 0.0);
    drag(&mut s, from, to);
    assert!(close(s.aabb.min(), [-1.0, -1.0], 1e-3) && close(s.aabb.max(), [3.0, 1.0], 1e-3), "{:?}", s.aabb);
}

#[test]
fn corner_resize_moves_one_corner_and_never_inverts() {
    let mut s = scene(([8.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    let corner = screen(&s, [2.0, 1.0]);
    assert_eq!(hit(&s, corner), Some(Handle::BoxCorner { upper: [true, true] }));
    let to = screen(&s, [3.0, 2.0]);
    drag(&mut s, corner, to);
    assert!(close(s.aabb.min(), [-2.0, -1.0], 1e-6) && close(s.aabb.max(), [3.0, 2.0], 1e-3), "{:?}", s.aabb);

    // Pull the top-right corner far past the bottom-left one: the box collapses to a point, no further.
    let corner = screen(&s, [3.0, 2.0]);
    let to = screen(&s, [-9.0, -9.0]);
    drag(&mut s, corner, to);
    let (lo, hi) = (s.aabb.min(), s.aabb.max());
    assert!(lo[0] <= hi[0] && lo[1] <= hi[1], "{:?}", s.aabb);
    assert!(close(hi, [-2.0, -1.0], 1e-6), "{:?}", s.aabb);
}

#[test]
fn edge_resize_moves_one_side_and_never_inverts() {
    let mut s = scene(([8.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    let left = screen(&s, [-2.0, 0.3]);
    assert_eq!(hit(&s, left), Some(Handle::BoxEdge { axis: 0, upper: false }));
    let to = screen(&s, [-3.0, 0.9]);
    drag(&mut s, left, to);
    assert!(close(s.aabb.min(), [-3.0, -1.0], 1e-3) && close(s.aabb.max(), [2.0, 1.0], 1e-6), "{:?}", s.aabb);
    let bottom = screen(&s, [0.0, -1.0]);
    assert_eq!(hit(&s, bottom), Some(Handle::BoxEdge { axis: 1, upper: false }));
    let to = screen(&s, [0.0, 50.0]);
    drag(&mut s, bottom, to);
    assert_eq!(s.aabb.min()[1], s.aabb.max()[1], "bottom stops at the top");
    assert!(s.aabb.min()[1] <= s.aabb.max()[1]);
}

#[test]
fn hover_reports_what_would_be_dragged_and_nothing_over_the_panel() {
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    let p = screen(&s, [6.0, 0.0]);
    update(&mut s, &Input { pointer: Some(p), ..Input::default() });
    assert_eq!(s.hover, Some(Handle::CircleBody));
    update(&mut s, &Input { pointer: Some(p), pointer_over_ui: true, ..Input::default() });
    assert_eq!(s.hover, None);
}

#[test]
fn a_press_over_the_panel_starts_no_drag() {
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    let p = screen(&s, [6.0, 0.0]);
    let before = s.circle;
    update(&mut s, &Input { pointer: Some(p), pressed: true, down: true, pointer_over_ui: true, ..Input::default() });
    update(&mut s, &Input { pointer: Some(p + Vec2::new(80.0, 0.0)), down: true, ..Input::default() });
    assert!(s.drag.is_none());
    assert_eq!(s.circle, before);
}

#[test]
fn keys_are_ignored_while_egui_has_the_keyboard() {
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    update(&mut s, &Input { keys: vec![Key::Digit(3), Key::H], keyboard_taken: true, ..Input::default() });
    assert_eq!(s.algorithm, 0);
    assert!(s.panel_visible);
    assert!(s.keys_in_panel, "the canvas says where the keys went");
    update(&mut s, &Input { keys: vec![Key::Digit(3), Key::H], ..Input::default() });
    assert_eq!(s.algorithm, 2);
    assert!(!s.panel_visible);
    assert!(!s.keys_in_panel);
}

#[test]
fn every_digit_picks_the_matching_registry_entry() {
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    for (i, _) in ALGORITHMS.iter().enumerate().take(9) {
        update(&mut s, &Input { keys: vec![Key::Digit(i as u8 + 1)], ..Input::default() });
        assert_eq!(s.algorithm, i);
    }
    update(&mut s, &Input { keys: vec![Key::PageDown], ..Input::default() });
    assert_eq!(s.algorithm, (ALGORITHMS.len().min(9)) % ALGORITHMS.len());
}

#[test]
fn switching_case_moves_the_circle_into_that_case() {
    let mut s = scene(([8.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    apply(&mut s, Command::SetCase(CaseMode::Inside));
    assert_eq!(s.analysis().response.case, PushCase::Inside);
    apply(&mut s, Command::SetCase(CaseMode::Outside));
    let a = s.analysis();
    assert_eq!(a.response.case, PushCase::Outside);
    assert_eq!(a.contact.state, ContactState::Overlapping, "a push to show");
    // Already in the case: the circle stays where it is.
    let before = s.circle;
    apply(&mut s, Command::SetCase(CaseMode::Outside));
    assert_eq!(s.circle, before);
    // C cycles Auto → Outside → Inside → Auto.
    apply(&mut s, Command::SetCase(CaseMode::Auto));
    for want in [CaseMode::Outside, CaseMode::Inside, CaseMode::Auto] {
        update(&mut s, &Input { keys: vec![Key::C], ..Input::default() });
        assert_eq!(s.case, want);
        assert!(in_case(&s.circle, &s.aabb, want));
    }
}

#[test]
fn a_zero_radius_circle_can_still_be_put_in_the_outside_case() {
    let mut s = scene(([8.0, 0.0], 0.0), [-2.0, -1.0], [2.0, 1.0]);
    apply(&mut s, Command::SetCase(CaseMode::Outside));
    assert_eq!(s.analysis().response.case, PushCase::Outside);
}

#[test]
fn leaving_the_chosen_case_by_hand_returns_to_auto() {
    let mut s = scene(([8.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    apply(&mut s, Command::SetCase(CaseMode::Inside));
    apply(&mut s, Command::Nudge([20.0, 0.0]));
    assert_eq!(s.case, CaseMode::Auto);
}

#[test]
fn apply_response_leaves_the_circle_touching_outside_and_inside() {
    // Inside, nearest the right face (1 away): pushed right by 1 + r, exactly representable.
    let mut s = scene(([3.0, 2.0], 0.5), [0.0, 0.0], [4.0, 4.0]);
    update(&mut s, &Input { keys: vec![Key::Space], ..Input::default() });
    assert_eq!(s.circle.center(), [4.5, 2.0]);
    assert_eq!(contact(&s.circle, &s.aabb).state, ContactState::Touching);
    // Outside, overlapping a corner along the diagonal.
    let mut s = scene(([4.3, 4.4], 1.0), [0.0, 0.0], [4.0, 4.0]);
    assert_eq!(s.analysis().contact.state, ContactState::Overlapping);
    apply(&mut s, Command::ApplyResponse);
    let k = contact(&s.circle, &s.aabb);
    assert!((k.distance - 1.0).abs() < 1e-5, "{k:?}");
    assert_ne!(k.state, ContactState::Overlapping, "{k:?}");
}

/// The push-out contract in the app: applying the response to ordinary decimal scenes (the old tour
/// steps 3 and 4, the default scene) never leaves the circle overlapping, and where rounding
/// keeps it off exact touching the gap is a few ulps, which the status line names.
#[test]
fn apply_response_never_leaves_an_overlap_with_ordinary_numbers() {
    for (c, r) in [([2.9, 2.2], 1.4), ([1.2, 0.6], 0.8), ([3.0, 2.5], 1.8), ([-2.31, 1.77], 0.93)] {
        let mut s = scene((c, r), [-2.0, -1.0], [2.0, 1.5]);
        assert_eq!(contact(&s.circle, &s.aabb).state, ContactState::Overlapping);
        apply(&mut s, Command::ApplyResponse);
        let k = contact(&s.circle, &s.aabb);
        assert_ne!(k.state, ContactState::Overlapping, "{c:?} r {r}: {k:?}");
        let gap = Analysis::rounding_gap(&s.circle, &s.aabb);
        assert!(k.state == ContactState::Touching || matches!(gap, Some(1..=8)), "{c:?}: {k:?} gap {gap:?}");
    }
    // A separated scene is not called a rounding gap.
    let s = scene(([5.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.5]);
    assert_eq!(Analysis::rounding_gap(&s.circle, &s.aabb), None);
}

#[test]
fn reset_restores_the_initial_scene() {
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    let init = (s.circle, s.aabb);
    apply(&mut s, Command::Nudge([1.0, 1.0]));
    apply(&mut s, Command::SelectAlgorithm(4));
    update(&mut s, &Input { keys: vec![Key::R], ..Input::default() });
    assert_eq!((s.circle, s.aabb, s.algorithm), (init.0, init.1, 0));
}

#[test]
fn the_view_keeps_the_scene_inside_the_canvas_at_any_size() {
    for (w, h) in [(640.0, 480.0), (1280.0, 800.0), (3840.0, 2160.0), (300.0, 900.0)] {
        let mut s = scene(([3.0, 2.5], 1.6), [-2.0, -1.0], [2.0, 1.5]);
        let canvas = ScreenRect { x: 20.0, y: 0.0, w, h };
        update(&mut s, &Input { canvas: Some(canvas), ..Input::default() });
        let c = s.circle.center();
        for p in [[c[0] + 1.6, c[1] + 1.6], [c[0] - 1.6, c[1] - 1.6], [-2.0, -1.0], [2.0, 1.5]] {
            assert!(canvas.contains(s.view.to_screen(p)), "{w}x{h}: {p:?} off canvas");
        }
        // y up: a larger world y is higher on the screen.
        assert!(s.view.to_screen([0.0, 1.0]).y < s.view.to_screen([0.0, 0.0]).y);
    }
}

#[test]
fn analysis_marks_planes_naive_wrong_in_the_corner_region() {
    let naive = ALGORITHMS.iter().position(|a| a.id == "planes_naive").unwrap();
    // Centre 0.9·√2·r... from the corner diagonal: inside the square-cornered grown box, outside the circle.
    let c = Circle::new([2.0 + 0.8, 1.0 + 0.8], 1.0).unwrap(); // distance 1.131 > 1
    let b = Rect::new([-2.0, -1.0], [2.0, 1.0]).unwrap();
    let a = Analysis::of(&c, &b, naive);
    assert!(a.verdict && !a.exact && a.wrong());
    let exact = Analysis::of(&c, &b, 0);
    assert!(!exact.wrong());
}

#[test]
fn options_parse_from_arguments_and_name_the_bad_field() {
    let o = SceneOptions::from_args(Some("1,2,3"), Some("-1,-1,1,1"), Some("fold"), Some("Inside"), Some("640x480"))
        .unwrap();
    assert_eq!(o.circle, Circle::new([1.0, 2.0], 3.0).unwrap());
    assert_eq!(o.aabb, Rect::new([-1.0, -1.0], [1.0, 1.0]).unwrap());
    assert_eq!(ALGORITHMS[o.algorithm].id, "fold");
    assert_eq!(o.case, CaseMode::Inside);
    assert_eq!(o.size, Some((640, 480)));
    assert_eq!(SceneOptions::from_args(None, None, None, None, None).unwrap(), SceneOptions::default());

    let field = |r: Result<SceneOptions, OptionError>| r.unwrap_err().field;
    assert_eq!(field(SceneOptions::from_args(Some("1,2"), None, None, None, None)), "circle");
    assert_eq!(field(SceneOptions::from_args(Some("1,2,-3"), None, None, None, None)), "circle");
    assert_eq!(field(SceneOptions::from_args(Some("1,x,3"), None, None, None, None)), "circle");
    assert_eq!(field(SceneOptions::from_args(None, Some("1,1,0,0"), None, None, None)), "box");
    assert_eq!(field(SceneOptions::from_args(None, Some("0,0,NaN,1"), None, None, None)), "box");
    assert_eq!(field(SceneOptions::from_args(None, None, Some("nope"), None, None)), "algorithm");
    assert_eq!(field(SceneOptions::from_args(None, None, None, Some("sideways"), None)), "case");
    assert_eq!(field(SceneOptions::from_args(None, None, None, None, Some("640"))), "size");
    assert_eq!(field(SceneOptions::from_args(None, None, None, None, Some("10x10"))), "size");
    let msg = SceneOptions::from_args(None, Some("0,3,1,2"), None, None, None).unwrap_err().to_string();
    assert!(msg.starts_with("box:") && msg.contains("inside out"), "{msg}");
}

#[test]
fn options_parse_from_a_url_fragment_and_round_trip() {
    let o = SceneOptions::from_fragment("#algorithm=planes_naive&circle=2.8,1.8,1&box=-2,-1,2,1&case=outside").unwrap();
    assert_eq!(ALGORITHMS[o.algorithm].id, "planes_naive");
    assert_eq!(o.circle, Circle::new([2.8, 1.8], 1.0).unwrap());
    assert_eq!(o.case, CaseMode::Outside);
    assert_eq!(SceneOptions::from_fragment(&o.to_fragment()).unwrap(), o);
    assert_eq!(SceneOptions::from_fragment("circle=1%2C2%2C3").unwrap().circle, Circle::new([1.0, 2.0], 3.0).unwrap());
    assert_eq!(SceneOptions::from_fragment("").unwrap(), SceneOptions::default());
    assert_eq!(SceneOptions::from_fragment("#").unwrap(), SceneOptions::default());
    assert_eq!(SceneOptions::from_fragment("zoom=3").unwrap_err().field, "fragment");
    assert_eq!(SceneOptions::from_fragment("box=1,2").unwrap_err().field, "box");
}

#[test]
fn a_case_option_puts_the_initial_scene_in_that_case() {
    let o = SceneOptions::from_args(Some("9,9,1"), None, None, Some("inside"), None).unwrap();
    let s = State::new(o);
    assert_eq!(s.analysis().response.case, PushCase::Inside);
    assert_eq!(s.case, CaseMode::Inside);
}

#[test]
fn a_press_and_moves_in_one_frame_grab_what_was_under_the_press() {
    // The press lands on the box's corner; by the end of the frame the pointer is inside the box.
    let mut s = scene(([8.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    let corner = screen(&s, [-2.0, -1.0]);
    let now = screen(&s, [-1.0, 0.0]);
    update(&mut s, &Input { pointer: Some(now), press: Some(corner), pressed: true, down: true, ..Input::default() });
    assert_eq!(s.drag.map(|d| d.handle), Some(Handle::BoxCorner { upper: [false, false] }));
    assert!(close(s.aabb.min(), [-1.0, 0.0], 1e-3) && close(s.aabb.max(), [2.0, 1.0], 1e-6), "{:?}", s.aabb);
}

#[test]
fn a_rim_grabbed_slightly_inside_does_not_jump_to_the_pointer() {
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    let grab = screen(&s, [7.0, 0.0]) - Vec2::new(5.0, 0.0); // 5 px inside the rim
    assert_eq!(hit(&s, grab), Some(Handle::CircleRim));
    let to = grab + Vec2::new(s.view.scale, 0.0); // one world unit outwards
    drag(&mut s, grab, to);
    assert!((s.circle.radius() - 2.0).abs() < 1e-3, "{}", s.circle.radius());
    // Dragging the rim onto the centre shrinks the circle to (about) radius 0.
    let rim = screen(&s, [8.0, 0.0]);
    let to = screen(&s, [6.0, 0.0]);
    drag(&mut s, rim, to);
    assert!(s.circle.radius() < 1e-4, "{}", s.circle.radius());
}

#[test]
fn key_f_toggles_the_frame_time_readout() {
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    assert!(!s.frame_stats_visible);
    update(&mut s, &Input { keys: vec![Key::F], keyboard_taken: true, ..Input::default() });
    assert!(!s.frame_stats_visible, "a text field has the keyboard");
    update(&mut s, &Input { keys: vec![Key::F], ..Input::default() });
    assert!(s.frame_stats_visible);
    update(&mut s, &Input { keys: vec![Key::F], ..Input::default() });
    assert!(!s.frame_stats_visible);
}

/// Presses `key` for one frame of `dt` seconds.
fn press(s: &mut State, key: Key, dt: f32) {
    update(s, &Input { keys: vec![key], dt, ..Input::default() });
}

#[test]
fn a_still_scene_asks_for_no_frames_and_each_animation_asks_until_it_ends() {
    let mut s = State::new(SceneOptions::default());
    assert!(!animating(&s), "the default scene is still");
    // The frame-time readout: its figures are about consecutive frames.
    press(&mut s, Key::F, 0.0);
    assert!(animating(&s));
    press(&mut s, Key::F, 0.0);
    assert!(!animating(&s));
    // Motion mode alone is still; Play animates until the move's end, then stops asking.
    press(&mut s, Key::M, 0.0);
    assert!(!animating(&s));
    press(&mut s, Key::G, 0.0);
    assert!(animating(&s));
    let mut frames = 0;
    while animating(&s) && frames < 1000 {
        update(&mut s, &Input { dt: 1.0 / 60.0, ..Input::default() });
        frames += 1;
    }
    let expected = (motion::PLAY_SECONDS * 60.0) as i32;
    assert!((frames - expected).abs() <= 2, "played {frames} frames, expected about {expected}");
    // The playground runs until paused.
    press(&mut s, Key::M, 0.0);
    press(&mut s, Key::L, 0.0);
    assert!(s.mode.flat_playground() && animating(&s));
    press(&mut s, Key::G, 1.0 / 60.0);
    assert!(s.playground.paused && !animating(&s));
}

#[test]
fn space_and_arrows_on_a_focused_panel_widget_leave_the_scene_alone() {
    // A button reached with Tab has egui's focus: Space presses it, the arrows move the focus; the
    // scene must not also push the circle out or nudge it.
    let mut s = scene(([1.5, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    let (c, b) = (s.circle, s.aabb);
    let keys = vec![Key::Space, Key::Enter, Key::Left, Key::Up, Key::LeftBracket];
    update(&mut s, &Input { keys: keys.clone(), shift: true, keyboard_taken: true, ..Input::default() });
    update(&mut s, &Input { keys, keyboard_taken: true, ..Input::default() });
    assert_eq!((s.circle, s.aabb), (c, b));
}

#[test]
fn shift_arrows_move_the_box_and_brackets_resize_it_about_its_centre() {
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    let press = |s: &mut State, k: Key, shift: bool| update(s, &Input { keys: vec![k], shift, ..Input::default() });
    press(&mut s, Key::Right, true);
    press(&mut s, Key::Up, true);
    assert_eq!((s.aabb.min(), s.aabb.max()), ([-1.9, -0.9], [2.1, 1.1]));
    assert_eq!(s.circle.center(), [6.0, 0.0], "Shift + arrows leave the circle where it is");
    press(&mut s, Key::Left, false);
    assert_eq!(s.circle.center(), [5.9, 0.0], "plain arrows still nudge the circle");
    // [ narrower by 0.2, ] wider; with Shift the height. The centre (0.1, 0.1) stays.
    press(&mut s, Key::LeftBracket, false);
    let (lo, hi) = (s.aabb.min(), s.aabb.max());
    assert!((hi[0] - lo[0] - 3.8).abs() < 1e-5 && (hi[1] - lo[1] - 2.0).abs() < 1e-5, "{lo:?} {hi:?}");
    press(&mut s, Key::RightBracket, true);
    let (lo, hi) = (s.aabb.min(), s.aabb.max());
    assert!((hi[1] - lo[1] - 2.2).abs() < 1e-5 && (0.5 * (lo[1] + hi[1]) - 0.1).abs() < 1e-5, "{lo:?} {hi:?}");
    assert!((0.5 * (lo[0] + hi[0]) - 0.1).abs() < 1e-5, "{lo:?} {hi:?}");
}

#[test]
fn the_box_keys_never_turn_it_inside_out() {
    let mut s = scene(([6.0, 0.0], 1.0), [-0.3, -1.0], [0.3, 1.0]);
    for _ in 0..10 {
        update(&mut s, &Input { keys: vec![Key::LeftBracket], ..Input::default() });
    }
    let (lo, hi) = (s.aabb.min(), s.aabb.max());
    assert!((hi[0] - lo[0] - commands::BOX_MIN_SIZE).abs() < 1e-6, "stops at the minimum: {lo:?} {hi:?}");
    // A box a drag made thinner than that is left as it is, not widened by a key that narrows.
    let thin = Rect::new([0.0, 0.0], [0.02, 1.0]).unwrap();
    assert_eq!(update::resized(&thin, 0, -0.2), Some(thin));
    assert_eq!(update::resized(&thin, 2, 0.2), None, "no third axis in 2D");
}

#[test]
fn tab_no_longer_hides_the_panel_h_does() {
    // Tab moves egui's focus through the panel (the platform does not hand it to the scene at all);
    // H is the one key that hides the panel.
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    assert!(CONTROLS.iter().all(|(k, what)| !(k.contains("Tab") && what.contains("hide"))));
    assert!(CONTROLS.iter().any(|(k, what)| *k == "H" && what.contains("hide")));
    update(&mut s, &Input { keys: vec![Key::H], ..Input::default() });
    assert!(!s.panel_visible);
}

#[test]
fn the_box_keys_do_nothing_in_the_playground_and_the_3d_view() {
    for text in ["playground=on&level=flush-floor", "view=3d"] {
        let mut s = State::new(SceneOptions::default());
        load_scene_text(&mut s, text).unwrap();
        let b = s.aabb;
        for shift in [false, true] {
            update(&mut s, &Input { keys: vec![Key::LeftBracket, Key::RightBracket], shift, ..Input::default() });
        }
        assert_eq!(s.aabb, b, "{text}");
    }
}

#[test]
fn the_docs_list_the_keyboard_keys_the_help_table_lists() {
    // docs/demo.md's controls table and CONTROLS (the panel's help, the page's shortcuts) name the
    // same keyboard-only controls, and neither says Tab hides the panel any more.
    let demo = include_str!("../../docs/demo.md");
    let table = &demo[demo.find("## Controls").unwrap()..];
    let table = &table[table.find("| Input").unwrap()..];
    let table = &table[..table.find("\n\n").unwrap_or(table.len())];
    for (doc, help) in [
        ("| `Shift` + arrow keys | move the box", "Shift + arrow keys"),
        ("| `[` / `]` | the box narrower / wider", "[ / ]"),
        ("| `Shift` + `[` / `]` | the box lower / taller", "Shift + [ / ]"),
        ("| `H` | hide / show the panel |", "H"),
        ("| `Tab` / `Shift` + `Tab` | move the keyboard focus", "Tab / Shift + Tab"),
        ("| `Esc` | give the keys back to the canvas |", "Esc"),
        ("| `Q` / `E` | turn the box by 15°", "Q / E"),
        ("| `Shift` + `Q` / `E` | turn the box by 1°", "Shift + Q / E"),
    ] {
        assert!(table.contains(doc), "docs/demo.md's controls lack {doc:?}");
        assert!(CONTROLS.iter().any(|(k, _)| *k == help), "CONTROLS lacks {help:?}");
    }
    assert!(!table.contains("`H` / `Tab`"), "Tab no longer hides the panel");
    // The 3D view's own table (in its section) and CONTROLS name the box's turn.
    for (doc, help) in [
        ("| `Shift` + `←` / `→`, `Shift` + `↑` / `↓` | turn the box 15°", "3D: Shift + arrow keys"),
        ("| drag the ring round the box | turn the box about the line of sight", "3D: drag the ring round the box"),
    ] {
        assert!(demo.contains(doc), "docs/demo.md's 3D controls lack {doc:?}");
        assert!(CONTROLS.iter().any(|(k, _)| *k == help), "CONTROLS lacks {help:?}");
    }
}

// ---- presentation: text scale, panel, the first hint ------------------------------------------

#[test]
fn z_cycles_the_text_scale_and_the_scene_text_keeps_it() {
    use super::presentation::TextScale;
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    assert_eq!(s.text_scale, TextScale::One);
    assert!(!current_scene(&s).to_fragment().contains("text="));
    let z = || Input { keys: vec![Key::Z], ..Input::default() };
    update(&mut s, &z());
    assert_eq!(s.text_scale, TextScale::OneAndHalf);
    update(&mut s, &z());
    assert_eq!(s.text_scale, TextScale::Two);
    let text = current_scene(&s).to_fragment();
    assert!(text.ends_with("&text=2"), "{text}");
    // Reset keeps the room's setting; a third Z goes back to 1×.
    apply(&mut s, Command::Reset);
    assert_eq!(s.text_scale, TextScale::Two);
    update(&mut s, &z());
    assert_eq!(s.text_scale, TextScale::One);
    assert!(CONTROLS.iter().any(|(k, _)| *k == "Z"));
}

#[test]
fn a_scene_text_sets_text_scale_and_panel_but_a_lesson_keeps_them() {
    use super::presentation::TextScale;
    let mut s = State::new(SceneOptions::from_fragment("circle=0,0,1&text=1.5&panel=off").unwrap());
    assert_eq!((s.text_scale, s.panel_visible), (TextScale::OneAndHalf, false));
    assert!(current_scene(&s).to_fragment().ends_with("&text=1.5&panel=off"));
    // A tour step (a lesson's scene has no presentation keys) leaves the room's settings alone.
    load_lesson(&mut s, crate::app::teach::LessonRef::Tour(crate::teach::lessons::TourStep { chapter: 0, step: 6 }));
    assert_eq!((s.text_scale, s.panel_visible), (TextScale::OneAndHalf, false));
    load_scene_text(&mut s, "circle=0,0,1&text=2").unwrap();
    assert_eq!((s.text_scale, s.panel_visible), (TextScale::Two, true));
    let e = SceneOptions::from_fragment("text=3").unwrap_err();
    assert_eq!(e.field, "text");
    assert!(load_scene_text(&mut s, "text=huge").is_err());
    assert_eq!(s.text_scale, TextScale::Two, "a refused text changes nothing");
}

#[test]
fn the_first_hint_goes_at_the_first_press_or_key_and_hint_off_never_shows_it() {
    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    assert!(s.hint_visible);
    // Moving the pointer over the canvas is not using it.
    update(&mut s, &Input { pointer: Some(Vec2::new(100.0, 100.0)), ..Input::default() });
    assert!(s.hint_visible);
    let c = screen(&s, [6.0, 0.0]);
    drag(&mut s, c, c + Vec2::new(30.0, 0.0));
    assert!(!s.hint_visible);
    // Dismissing it does not write hint=off into the link.
    assert!(!current_scene(&s).to_fragment().contains("hint"));

    let mut s = scene(([6.0, 0.0], 1.0), [-2.0, -1.0], [2.0, 1.0]);
    update(&mut s, &Input { keys: vec![Key::Right], ..Input::default() });
    assert!(!s.hint_visible);

    let s = State::new(SceneOptions::from_fragment("hint=off").unwrap());
    assert!(!s.hint_visible);
    assert!(current_scene(&s).to_fragment().ends_with("&hint=off"));
}
