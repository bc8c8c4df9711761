//! The panel, run headless on a bare `egui::Context` (no window, no GPU).

use super::*;
use crate::app::{apply, SceneOptions};

fn input(events: Vec<egui::Event>) -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
        events,
        ..Default::default()
    }
}

/// Runs one pass; returns the commands and whether egui then wants the pointer.
fn pass(ctx: &egui::Context, state: &State, events: Vec<egui::Event>) -> (Vec<Command>, bool) {
    let (cmds, wants, _) = pass_canvas(ctx, state, events);
    (cmds, wants)
}

/// Like [`pass`], also returning the area left for the canvas (read inside the pass, as the frame loop does).
fn pass_canvas(ctx: &egui::Context, state: &State, events: Vec<egui::Event>) -> (Vec<Command>, bool, egui::Rect) {
    let a = state.analysis();
    let mut cmds = Vec::new();
    let mut canvas = egui::Rect::NOTHING;
    let _ = ctx.run(input(events), |ctx| {
        cmds = panel(ctx, state, &a);
        canvas = ctx.available_rect();
    });
    (cmds, ctx.wants_pointer_input() || ctx.is_pointer_over_area(), canvas)
}

fn click_at(p: egui::Pos2) -> Vec<Vec<egui::Event>> {
    let button = |pressed| egui::Event::PointerButton {
        pos: p,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Default::default(),
    };
    vec![vec![egui::Event::PointerMoved(p)], vec![button(true)], vec![button(false)]]
}

#[test]
fn panel_runs_for_frames_without_commands_when_untouched() {
    let ctx = egui::Context::default();
    style(&ctx);
    let state = State::new(SceneOptions::default());
    let mut canvas = egui::Rect::NOTHING;
    for _ in 0..4 {
        let (cmds, _, c) = pass_canvas(&ctx, &state, vec![]);
        assert!(cmds.is_empty(), "{cmds:?}");
        canvas = c;
    }
    // The panel takes the right-hand side; the rest is the canvas.
    assert!(canvas.width() < 1280.0 - 200.0 && canvas.min.x == 0.0, "{canvas:?}");
}

#[test]
fn pointer_over_the_panel_is_egui_s_and_over_the_canvas_is_not() {
    let ctx = egui::Context::default();
    let state = State::new(SceneOptions::default());
    pass(&ctx, &state, vec![]);
    let (_, over_panel) = pass(&ctx, &state, vec![egui::Event::PointerMoved(egui::pos2(1250.0, 400.0))]);
    assert!(over_panel);
    let (_, over_canvas) = pass(&ctx, &state, vec![egui::Event::PointerMoved(egui::pos2(200.0, 400.0))]);
    assert!(!over_canvas);
}

#[test]
fn clicking_reset_and_apply_returns_their_commands() {
    let ctx = egui::Context::default();
    // Overlapping the box's corner: Apply is enabled.
    let circle = crate::geom::Circle::new([2.9, 2.3], 1.8).unwrap();
    let state = State::new(SceneOptions { circle, ..SceneOptions::default() });
    pass(&ctx, &state, vec![]);
    for (key, want) in [(RESET_BUTTON, Command::Reset), (APPLY_BUTTON, Command::ApplyResponse)] {
        let rect: egui::Rect = ctx.data(|d| d.get_temp(egui::Id::new(key))).expect("button rect recorded");
        let mut got = Vec::new();
        for events in click_at(rect.center()) {
            got.extend(pass(&ctx, &state, events).0);
        }
        assert_eq!(got, vec![want], "{key}");
    }
}

#[test]
fn choosing_an_algorithm_by_command_changes_what_the_panel_shows() {
    let ctx = egui::Context::default();
    let mut state = State::new(SceneOptions::default());
    pass(&ctx, &state, vec![]);
    let naive = ALGORITHMS.iter().position(|a| a.id == "planes_naive").unwrap();
    apply(&mut state, Command::SelectAlgorithm(naive));
    assert_eq!(state.algorithm().id, "planes_naive");
    for _ in 0..2 {
        let (cmds, _) = pass(&ctx, &state, vec![]);
        assert!(cmds.is_empty());
    }
    // An out-of-range index is ignored.
    apply(&mut state, Command::SelectAlgorithm(ALGORITHMS.len()));
    assert_eq!(state.algorithm().id, "planes_naive");
}

#[test]
fn a_hidden_panel_leaves_the_whole_window_to_the_canvas() {
    let ctx = egui::Context::default();
    let mut state = State::new(SceneOptions::default());
    apply(&mut state, Command::TogglePanel);
    let (_, _, canvas) = pass_canvas(&ctx, &state, vec![]);
    assert_eq!(canvas.width(), 1280.0);
}

#[test]
fn scrolling_the_panel_moves_its_content_up() {
    let ctx = egui::Context::default();
    let state = State::new(SceneOptions::default());
    let a = state.analysis();
    let reset_y = |ctx: &egui::Context| -> f32 {
        ctx.data(|d| d.get_temp::<egui::Rect>(egui::Id::new(RESET_BUTTON))).expect("reset rect").min.y
    };
    let _ = ctx.run(input(vec![]), |ctx| {
        panel_scrolled(ctx, &state, &a, 0.0);
    });
    let before = reset_y(&ctx);
    for _ in 0..3 {
        let _ = ctx.run(input(vec![]), |ctx| {
            panel_scrolled(ctx, &state, &a, 100.0);
        });
    }
    let _ = ctx.run(input(vec![]), |ctx| {
        panel_scrolled(ctx, &state, &a, 0.0);
    });
    let after = reset_y(&ctx);
    assert!(after < before - 150.0, "reset button at {before} then {after}");
}

#[test]
fn the_panels_fonts_draw_the_arrows_and_set_symbols_that_egui_alone_shows_as_boxes() {
    let drawn = |defs: egui::FontDefinitions| {
        let ctx = egui::Context::default();
        ctx.set_fonts(defs);
        let _ = ctx.run(input(vec![]), |_| {});
        let body = egui::FontId::proportional(15.0);
        ctx.fonts(|f| "→∈⇒‖".chars().filter(|&c| f.has_glyph(&body, c)).count())
    };
    assert_eq!(drawn(fonts()), 4);
    assert_eq!(drawn(egui::FontDefinitions::default()), 0);
}

#[test]
fn the_canvas_egui_leaves_is_the_one_the_figure_computes() {
    // `--svg` draws on `app::view::window_canvas` (no egui there); the screenshot on what egui leaves.
    // Windows of several sizes, at the zoom and text scale the frame loop asks for.
    for (w, h, text) in [(1280.0, 800.0, 1.0), (800.0, 600.0, 1.0), (1920.0, 1080.0, 1.0), (1280.0, 800.0, 1.5)] {
        let ppp = crate::app::view::zoom_for(h) * text;
        let ctx = egui::Context::default();
        style(&ctx);
        let state = State::new(SceneOptions::default());
        let mut canvas = egui::Rect::NOTHING;
        for _ in 0..3 {
            let raw = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w / ppp, h / ppp))),
                ..Default::default()
            };
            ctx.set_pixels_per_point(ppp);
            let _ = ctx.run(raw, |ctx| {
                let _ = panel(ctx, &state, &state.analysis());
                canvas = ctx.available_rect();
            });
        }
        let expected = crate::app::view::window_canvas(w, h, text, true);
        let got = (canvas.width() * ppp, canvas.height() * ppp);
        assert!(
            (got.0 - expected.w).abs() < 0.5 && (got.1 - expected.h).abs() < 0.5 && canvas.min.x == 0.0,
            "{w}x{h} at text {text}: egui leaves {got:?}, the figure computes {expected:?}"
        );
        assert_eq!(crate::app::view::window_canvas(w, h, text, false).w, w, "no panel: the whole window");
    }
}
