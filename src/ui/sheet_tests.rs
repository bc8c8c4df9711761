//! The bottom sheet and the drawer, run headless on a bare `egui::Context` at a phone's size.

use super::sheet::layout_rects;
use super::*;
use crate::app::layout::{Layout, LayoutCommand, SheetHeight, BAR_PT};
use crate::app::{apply, SceneOptions};

/// One pass at `w` × `h` points with these events: the commands, the canvas egui left, the rectangles.
fn pass(ctx: &egui::Context, state: &State, w: f32, h: f32, events: Vec<egui::Event>) -> (Vec<Command>, egui::Rect) {
    let a = state.analysis();
    let (mut cmds, mut canvas) = (Vec::new(), egui::Rect::NOTHING);
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h))),
        events,
        ..Default::default()
    };
    let _ = ctx.run(input, |ctx| {
        cmds = panel(ctx, state, &a);
        canvas = ctx.available_rect();
    });
    (cmds, canvas)
}

fn rect(ctx: &egui::Context, name: &str) -> egui::Rect {
    layout_rects(ctx).into_iter().find(|(k, _)| *k == name).unwrap_or_else(|| panic!("no {name}")).1
}

fn tap(ctx: &egui::Context, state: &State, w: f32, h: f32, p: egui::Pos2) -> Vec<Command> {
    let button = |pressed| egui::Event::PointerButton {
        pos: p,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Default::default(),
    };
    let mut out = Vec::new();
    for events in [vec![egui::Event::PointerMoved(p)], vec![button(true)], vec![button(false)]] {
        out.extend(pass(ctx, state, w, h, events).0);
    }
    out
}

fn phone(kind_w: f32, kind_h: f32) -> (egui::Context, State) {
    let ctx = egui::Context::default();
    style(&ctx);
    let mut state = State::new(SceneOptions::default());
    crate::app::set_window(&mut state, kind_w, kind_h);
    (ctx, state)
}

#[test]
fn the_collapsed_sheet_is_one_bar_under_a_full_width_canvas() {
    let (ctx, mut state) = phone(390.0, 844.0);
    for _ in 0..3 {
        pass(&ctx, &state, 390.0, 844.0, vec![]);
    }
    let (cmds, canvas) = pass(&ctx, &state, 390.0, 844.0, vec![]);
    assert!(cmds.is_empty(), "{cmds:?}");
    let sheet = rect(&ctx, "panel");
    assert_eq!((sheet.height(), sheet.width(), sheet.max.y), (BAR_PT, 390.0, 844.0));
    assert_eq!((canvas.min.x, canvas.min.y, canvas.width()), (0.0, 0.0, 390.0));
    assert!(canvas.height() >= 0.6 * 844.0, "{canvas:?}");
    for name in ["handle", "sheet_button"] {
        let r = rect(&ctx, name);
        assert!(sheet.contains_rect(r) && r.height() >= 44.0, "{name}: {r:?} in {sheet:?}");
    }
    // A tap on the handle pulls it half way; then the sections are in it, inside its width.
    let handle = rect(&ctx, "handle").center();
    let cmds = tap(&ctx, &state, 390.0, 844.0, handle);
    assert_eq!(cmds, vec![Command::Layout(LayoutCommand::SetSheet(SheetHeight::Half))]);
    apply(&mut state, cmds[0]);
    for _ in 0..3 {
        pass(&ctx, &state, 390.0, 844.0, vec![]);
    }
    let sheet = rect(&ctx, "panel");
    assert_eq!(sheet.height(), 422.0);
    let (content, scroll) = (rect(&ctx, "content"), rect(&ctx, "scroll"));
    assert!(content.width() <= scroll.width() + 0.5, "the sections fit: {content:?} in {scroll:?}");
    // ▲: full height; then ▼ collapses.
    let cmds = tap(&ctx, &state, 390.0, 844.0, rect(&ctx, "sheet_button").center());
    assert_eq!(cmds, vec![Command::Layout(LayoutCommand::SetSheet(SheetHeight::Full))]);
    // H collapses it (the sheet is never hidden).
    apply(&mut state, Command::TogglePanel);
    assert_eq!((state.layout.sheet, state.panel_visible), (SheetHeight::Collapsed, true));
}

#[test]
fn the_drawer_opens_over_the_canvas_and_shuts() {
    let (ctx, mut state) = phone(844.0, 390.0);
    pass(&ctx, &state, 844.0, 390.0, vec![]);
    let (_, canvas) = pass(&ctx, &state, 844.0, 390.0, vec![]);
    assert_eq!(canvas.size(), egui::vec2(844.0, 390.0), "the canvas has the whole window");
    let menu = rect(&ctx, "menu");
    assert!(menu.width() >= 44.0 && menu.max.x <= 844.0 && menu.min.y >= 0.0, "{menu:?}");
    let cmds = tap(&ctx, &state, 844.0, 390.0, menu.center());
    assert_eq!(cmds, vec![Command::Layout(LayoutCommand::SetDrawer(true))]);
    apply(&mut state, cmds[0]);
    pass(&ctx, &state, 844.0, 390.0, vec![]);
    let (_, canvas) = pass(&ctx, &state, 844.0, 390.0, vec![]);
    assert_eq!(canvas.size(), egui::vec2(844.0, 390.0), "over the canvas, not beside it");
    let drawer = rect(&ctx, "panel");
    assert!(drawer.width() < 0.5 * 844.0 && drawer.max.x == 844.0, "{drawer:?}");
    let content = rect(&ctx, "content");
    assert!(content.max.x <= drawer.max.x + 0.5, "{content:?} in {drawer:?}");
    let cmds = tap(&ctx, &state, 844.0, 390.0, rect(&ctx, "close").center());
    assert!(cmds.contains(&Command::Layout(LayoutCommand::SetDrawer(false))), "{cmds:?}");
    // One tap on the canvas beside it shuts it too.
    let cmds = tap(&ctx, &state, 844.0, 390.0, egui::pos2(100.0, 200.0));
    assert!(cmds.contains(&Command::Layout(LayoutCommand::SetDrawer(false))), "{cmds:?}");
}

#[test]
fn the_wide_panel_wraps_inside_its_width() {
    for w in [1000.0, 1280.0, 1920.0] {
        let ctx = egui::Context::default();
        style(&ctx);
        let state = State::new(SceneOptions::default());
        assert_eq!(state.layout, Layout::default());
        for _ in 0..3 {
            pass(&ctx, &state, w, 800.0, vec![]);
        }
        let panel = rect(&ctx, "panel");
        let content = rect(&ctx, "content");
        assert!(panel.max.x <= w && content.max.x <= panel.max.x + 0.5, "{w}: {content:?} in {panel:?}");
    }
}
