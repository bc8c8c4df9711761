//! Running the panel headless in tests: one pass on a bare `egui::Context` (no window, no GPU) on a
//! screen tall enough for the whole panel (no scrolling), and a click on a widget whose rectangle the
//! panel recorded (see [`remember`](super::remember)).

use crate::app::{Command, State};
use crate::ui::panel;

/// A 1280-wide screen, tall enough that every section, open, is on it.
pub fn input(events: Vec<egui::Event>) -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 8000.0))),
        events,
        ..Default::default()
    }
}

/// One pass of the panel with these events: the commands it returned, and the text egui was asked
/// to copy.
pub fn pass_copying(ctx: &egui::Context, state: &State, events: Vec<egui::Event>) -> (Vec<Command>, Vec<String>) {
    let a = state.analysis();
    let mut cmds = Vec::new();
    let out = ctx.run(input(events), |ctx| cmds = panel(ctx, state, &a));
    let copied = out
        .platform_output
        .commands
        .into_iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t),
            _ => None,
        })
        .collect();
    (cmds, copied)
}

/// One pass of the panel with these events; the commands it returned.
pub fn pass(ctx: &egui::Context, state: &State, events: Vec<egui::Event>) -> Vec<Command> {
    pass_copying(ctx, state, events).0
}

/// The rectangle the panel recorded under `key` in its last pass.
pub fn rect(ctx: &egui::Context, key: &str) -> egui::Rect {
    ctx.data(|d| d.get_temp(egui::Id::new(key))).unwrap_or_else(|| panic!("{key}: no rect recorded"))
}

/// Moves to the widget recorded under `key`, presses, releases, and runs one more pass: the
/// commands and the copied text of those passes.
pub fn click_copying(ctx: &egui::Context, state: &State, key: &str) -> (Vec<Command>, Vec<String>) {
    let p = rect(ctx, key).center();
    let button = |pressed| egui::Event::PointerButton {
        pos: p,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Default::default(),
    };
    let (mut cmds, mut copied) = (Vec::new(), Vec::new());
    for events in [vec![egui::Event::PointerMoved(p)], vec![button(true)], vec![button(false)], vec![]] {
        let (c, t) = pass_copying(ctx, state, events);
        cmds.extend(c);
        copied.extend(t);
    }
    (cmds, copied)
}

/// [`click_copying`], the commands only.
pub fn click(ctx: &egui::Context, state: &State, key: &str) -> Vec<Command> {
    click_copying(ctx, state, key).0
}
