//! `embed=1` without a window: the key's round trip, the hidden panel, the toolbar's buttons doing
//! what they say (pressed as a pointer would press them), and the full demo's link.

use crate::app::embed::{buttons, Button, BUTTON_PX, STRIP_PX};
use crate::app::*;
use crate::geom::Circle;
use glam::Vec2;

/// The iframe the docs suggest: 480 × 320.
const FRAME: ScreenRect = ScreenRect { x: 0.0, y: 0.0, w: 480.0, h: 320.0 };

fn embedded(text: &str) -> State {
    let o = SceneOptions::from_fragment(text).unwrap();
    let mut s = State::new(o);
    update(&mut s, &Input { canvas: Some(FRAME), ..Input::default() });
    s
}

fn rect_of(s: &State, b: Button) -> ScreenRect {
    s.embed_buttons().into_iter().find(|(x, _)| *x == b).map(|(_, r)| r).unwrap_or_else(|| panic!("no {b:?} button"))
}

/// A tap: pressed and released at `p` over two frames, as a touch arrives (as mouse events).
fn tap(s: &mut State, p: Vec2) {
    update(s, &Input { pointer: Some(p), pressed: true, press: Some(p), down: true, ..Input::default() });
    update(s, &Input { pointer: Some(p), ..Input::default() });
}

fn tap_button(s: &mut State, b: Button) {
    let p = rect_of(s, b).center();
    tap(s, p);
}

#[test]
fn embed_round_trips_in_the_scene_text() {
    for text in ["embed=1", "embed=1&tour=3", "embed=on&motion=on&velocity=6,-1", "playground=on&race=on&embed=1"] {
        let o = SceneOptions::from_fragment(text).unwrap();
        assert!(o.presentation.embed, "{text}");
        let written = o.to_fragment();
        assert!(written.split('&').any(|p| p == "embed=1"), "{text} → {written}");
        assert_eq!(SceneOptions::from_fragment(&written), Ok(o), "{text} → {written}");
        // The state writes it back too (the URL fragment the page keeps).
        let s = embedded(text);
        assert_eq!(current_scene(&s).to_fragment(), written, "{text}");
    }
    assert!(!SceneOptions::from_fragment("embed=0").unwrap().presentation.embed);
    assert!(!SceneOptions::default().to_fragment().contains("embed"));
    assert_eq!(SceneOptions::from_fragment("embed=maybe").unwrap_err().field, "embed");
}

#[test]
fn embedded_hides_the_panel_and_h_does_not_bring_it_back() {
    let mut s = embedded("embed=1");
    assert!(!s.panel_visible);
    assert!(!s.hint_visible, "no first-screen hint in a frame");
    update(&mut s, &Input { keys: vec![Key::H], ..Input::default() });
    assert!(!s.panel_visible, "H keeps the panel hidden when embedded");
    apply(&mut s, Command::TogglePanel);
    assert!(!s.panel_visible);
    // Not embedded, H works as ever.
    let mut full = State::new(SceneOptions::default());
    update(&mut full, &Input { keys: vec![Key::H], ..Input::default() });
    assert!(!full.panel_visible);
    assert!(full.embed_buttons().is_empty(), "no toolbar in the full demo");
}

#[test]
fn the_toolbar_has_play_and_step_only_where_something_moves() {
    let still = embedded("embed=1&tour=2");
    let kinds = |s: &State| s.embed_buttons().into_iter().map(|(b, _)| b).collect::<Vec<_>>();
    assert_eq!(kinds(&still), [Button::Reset, Button::FullDemo]);
    let all = [Button::Reset, Button::PlayPause, Button::Step, Button::FullDemo];
    assert_eq!(kinds(&embedded("embed=1&motion=on&velocity=6,-1")), all);
    assert_eq!(kinds(&embedded("embed=1&playground=on&race=on")), all);
    assert_eq!(kinds(&embedded("embed=1&play=on")), all);
    assert_eq!(kinds(&embedded("embed=1&view=3d")), [Button::Reset, Button::FullDemo]);
}

#[test]
fn the_buttons_are_touch_sized_apart_and_inside_a_480_by_320_frame() {
    let rects: Vec<ScreenRect> = buttons(FRAME, true).into_iter().map(|(_, r)| r).collect();
    for (i, r) in rects.iter().enumerate() {
        assert!(r.w >= BUTTON_PX && r.h >= BUTTON_PX && BUTTON_PX >= 44.0, "{r:?}");
        assert!(r.x >= 0.0 && r.y >= 0.0 && r.x + r.w <= FRAME.w && r.y + r.h <= FRAME.h, "{r:?}");
        assert!(r.x >= FRAME.w - STRIP_PX, "in the right-hand strip: {r:?}");
        for q in &rects[i + 1..] {
            assert!(placement::overlap_area(*r, *q) == 0.0, "{r:?} {q:?}");
        }
    }
    // Clear of Play's touch pads (the bottom corners).
    for (_, pad) in playground::play::pad_rects(FRAME) {
        for r in &rects {
            assert_eq!(placement::overlap_area(*r, pad), 0.0, "{r:?} over a pad {pad:?}");
        }
    }
}

#[test]
fn the_scene_is_fitted_left_of_the_toolbar() {
    for text in ["embed=1", "embed=1&tour=3", "embed=1&motion=on&velocity=6,-1"] {
        let s = embedded(text);
        let bounds = s.view.to_screen([s.circle.center()[0] + s.circle.radius(), 0.0]).x;
        let box_right = s.view.to_screen(s.aabb.max()).x;
        let left_of_toolbar = FRAME.w - STRIP_PX;
        assert!(bounds <= left_of_toolbar && box_right <= left_of_toolbar, "{text}: {bounds} {box_right}");
    }
}

#[test]
fn reset_returns_to_the_embedded_scene_not_the_default() {
    let home = SceneOptions::from_fragment("embed=1&tour=3").unwrap();
    let mut s = embedded("embed=1&tour=3");
    // Move away: the tour's next step, then the circle somewhere else.
    update(&mut s, &Input { keys: vec![Key::N], ..Input::default() });
    assert_eq!(s.teach.tour(), Some(still(3)));
    apply(&mut s, Command::SetCircle(Circle::new([9.0, 9.0], 0.5).unwrap()));
    tap_button(&mut s, Button::Reset);
    assert_eq!(s.teach.tour(), Some(still(2)), "back on step 3");
    assert_eq!((s.circle, s.aabb, s.algorithm), (home.circle, home.aabb, home.algorithm));
    assert_ne!(s.circle, SceneOptions::default().circle);
    assert!(s.embed.is_some() && !s.panel_visible, "still embedded");
    // R does the same.
    apply(&mut s, Command::SetCircle(Circle::new([9.0, 9.0], 0.5).unwrap()));
    update(&mut s, &Input { keys: vec![Key::R], ..Input::default() });
    assert_eq!(s.circle, home.circle);
}

#[test]
fn a_press_on_a_button_is_not_the_scenes() {
    // The circle under the Reset button: a tap on the button does not grab it, nor does the drag
    // that goes on from there.
    let mut s = embedded("embed=1");
    let r = rect_of(&s, Button::Reset).center();
    let under = s.view.to_world(r);
    apply(&mut s, Command::SetCircle(Circle::new(under, 2.0).unwrap()));
    let before = s.circle;
    let p = r;
    update(&mut s, &Input { pointer: Some(p), pressed: true, press: Some(p), down: true, ..Input::default() });
    update(&mut s, &Input { pointer: Some(p - Vec2::new(100.0, 0.0)), down: true, ..Input::default() });
    assert!(s.drag.is_none(), "no drag starts on a button");
    update(&mut s, &Input { pointer: Some(p - Vec2::new(100.0, 0.0)), ..Input::default() });
    // The press was Reset's: the embedded scene, not the circle dragged.
    assert_ne!(s.circle, before);
    assert_eq!(s.circle, SceneOptions::default().circle);
}

#[test]
fn the_circle_still_drags_when_embedded() {
    let mut s = embedded("embed=1");
    let from = s.view.to_screen(s.circle.center());
    let to = from + Vec2::new(-60.0, 30.0);
    update(&mut s, &Input { pointer: Some(from), pressed: true, press: Some(from), down: true, ..Input::default() });
    update(&mut s, &Input { pointer: Some(to), down: true, ..Input::default() });
    update(&mut s, &Input { pointer: Some(to), ..Input::default() });
    assert_ne!(s.circle.center(), SceneOptions::default().circle.center());
}

#[test]
fn play_and_step_drive_motion_and_the_playground() {
    let mut s = embedded("embed=1&motion=on&velocity=6,-1");
    assert!(!s.embed_playing());
    tap_button(&mut s, Button::PlayPause);
    assert!(s.motion.playback.playing && s.embed_playing());
    tap_button(&mut s, Button::PlayPause);
    assert!(!s.motion.playback.playing);
    let p0 = s.motion.playback.progress;
    tap_button(&mut s, Button::Step);
    assert!(s.motion.playback.progress > p0, "step moves on: {p0} → {}", s.motion.playback.progress);

    let mut g = embedded("embed=1&playground=on&race=on");
    assert!(!g.playground.paused);
    tap_button(&mut g, Button::PlayPause);
    assert!(g.playground.paused, "pause");
    let steps = g.playground.steps;
    tap_button(&mut g, Button::Step);
    assert_eq!(g.playground.steps, steps + 1, "one fixed step");
    tap_button(&mut g, Button::PlayPause);
    assert!(!g.playground.paused, "play again");
}

#[test]
fn the_link_is_the_same_scene_without_embed() {
    let mut s = embedded("embed=1&tour=3");
    let link = full_demo_fragment(&s);
    assert!(!link.contains("embed"), "{link}");
    let mut expected = current_scene(&s);
    expected.presentation.embed = false;
    let opened = SceneOptions::from_fragment(&link).unwrap();
    assert_eq!(opened, expected);
    assert!(opened.presentation.panel, "the full demo shows its panel");
    assert_eq!(opened.tour, Some(still(2)));
    assert!(State::new(opened).panel_visible);
    // It follows the scene on show, and a tap on the button asks for it (the desktop's frame loop
    // prints it; on the web the page's link lies over the button) without changing the scene.
    apply(&mut s, Command::SetCircle(Circle::new([5.0, 0.5], 0.75).unwrap()));
    assert!(full_demo_fragment(&s).contains("circle=5,0.5,0.75"), "{}", full_demo_fragment(&s));
    let before = current_scene(&s);
    tap_button(&mut s, Button::FullDemo);
    assert!(s.embed.unwrap().link_pressed);
    assert_eq!(current_scene(&s), before);
    // `panel=off` given with the embedding is kept for the full demo.
    let off = embedded("embed=1&panel=off");
    assert!(full_demo_fragment(&off).contains("panel=off"));
}

#[test]
fn loading_a_scene_text_sets_or_ends_the_embedding() {
    let mut s = State::new(SceneOptions::default());
    load_scene_text(&mut s, "embed=1&tour=2").unwrap();
    assert!(s.embed.is_some() && !s.panel_visible);
    assert_eq!(s.embed.unwrap().home.tour, Some(still(1)));
    load_scene_text(&mut s, "tour=2").unwrap();
    assert!(s.embed.is_none() && s.panel_visible);
}

/// Still step `index` (counted from 0, as the state holds it).
fn still(index: usize) -> crate::teach::lessons::TourStep {
    crate::teach::lessons::TourStep { chapter: 0, step: index }
}
