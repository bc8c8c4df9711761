//! The egui side panel. It reads the state and the core's analysis and returns [`Command`]s; it
//! never changes the state itself, so it can be run headless on a bare `egui::Context` in tests.

mod algorithm;
pub mod bench;
mod compare;
mod focus;
mod header;
#[cfg(test)]
mod headless;
pub(crate) mod help;
mod legend;
pub mod motion;
pub mod play;
pub mod playground;
pub mod quiz;
mod readouts;
mod response;
mod scene;
mod sheet;
#[cfg(test)]
mod sheet_tests;
pub mod teach;
#[cfg(test)]
mod tests;
pub mod three;
#[cfg(test)]
mod three_tests;
mod widgets;

use crate::app::layout::LayoutKind;
use crate::app::{Analysis, Command, State};
// The headless tests read the registry through `super::*`.
#[cfg(test)]
use crate::geom::algo::ALGORITHMS;
use algorithm::{algorithm_section, Verdicts};
use compare::compare_section;
use egui::Color32;
use header::header;
use help::help;
use legend::legend;
use readouts::readouts;
use response::response_section;
use scene::scene_section;

pub use focus::{focus_announcement, FOCUS_RING};
pub use header::{RESET_BUTTON, TOUR_START_BUTTON};
pub use response::APPLY_BUTTON;
pub use sheet::layout_rects;

/// The panel's background. The frame loop paints it (a scissored clear, `render::flat::clear_rect`)
/// and egui's side panel is left unfilled: on a software rasteriser egui's fill, a textured quad the
/// height of the window, is a large share of a frame.
pub const PANEL_FILL: Color32 = Color32::from_rgb(32, 35, 43);

/// egui's fonts with Hack last in the proportional family. Ubuntu Light has no arrows or set symbols
/// (→ ∈ ⇒ ‖), nor do the symbol fonts egui falls back to, so a label with one showed egui's ◻ box.
/// Hack has them. (The symbol fonts hold only what the sources write: see `crates/egui-fonts`.)
#[must_use]
pub fn fonts() -> egui::FontDefinitions {
    let mut defs = egui::FontDefinitions::default();
    defs.families.entry(egui::FontFamily::Proportional).or_default().push("Hack".to_owned());
    defs
}

/// Fonts, font sizes and spacing for a panel that stays readable on a projector.
pub fn style(ctx: &egui::Context) {
    use egui::{FontFamily, FontId, TextStyle};
    ctx.set_fonts(fonts());
    ctx.style_mut(|s| {
        s.text_styles = [
            (TextStyle::Heading, FontId::new(21.0, FontFamily::Proportional)),
            (TextStyle::Body, FontId::new(15.0, FontFamily::Proportional)),
            (TextStyle::Button, FontId::new(15.0, FontFamily::Proportional)),
            (TextStyle::Small, FontId::new(12.5, FontFamily::Proportional)),
            (TextStyle::Monospace, FontId::new(13.5, FontFamily::Monospace)),
        ]
        .into();
        s.spacing.item_spacing = egui::vec2(8.0, 6.0);
        s.spacing.button_padding = egui::vec2(8.0, 4.0);
        s.visuals = egui::Visuals::dark();
        s.visuals.panel_fill = PANEL_FILL;
        s.visuals.extreme_bg_color = Color32::from_rgb(22, 24, 30);
    });
}

pub use crate::app::view::panel_width;

/// Runs the panel for one pass. Returns what the user asked for.
pub fn panel(ctx: &egui::Context, state: &State, a: &Analysis) -> Vec<Command> {
    panel_scrolled(ctx, state, a, 0.0)
}

/// [`panel`], scrolling its content by `scroll` points (positive: content moves up, as when the
/// wheel turns towards the user). egui-macroquad hands egui only 1/90 of a desktop wheel notch,
/// so the frame loop scrolls the panel itself. The layout (`state.layout`) says where the panel
/// goes: the side panel, the bottom sheet or the drawer (`src/ui/sheet.rs`); its widgets' rectangles are
/// left for [`layout_rects`].
pub fn panel_scrolled(ctx: &egui::Context, state: &State, a: &Analysis, scroll: f32) -> Vec<Command> {
    let mut out = Vec::new();
    sheet::clear_rects(ctx);
    // Embedded: the canvas alone, with its toolbar.
    if state.embed.is_some() {
        return out;
    }
    match state.layout.kind {
        LayoutKind::Sheet => sheet::sheet(ctx, state, a, scroll, &mut out),
        LayoutKind::Drawer => sheet::drawer(ctx, state, a, scroll, &mut out),
        LayoutKind::Wide if state.panel_visible => side_panel(ctx, state, a, scroll, &mut out),
        LayoutKind::Wide => {}
    }
    out
}

/// The wide layout's side panel.
fn side_panel(ctx: &egui::Context, state: &State, a: &Analysis, scroll: f32, out: &mut Vec<Command>) {
    let width = panel_width(ctx.screen_rect().width());
    // A fixed share of the window: the layout (and every screenshot) depends only on the window size.
    // Unfilled: the frame loop paints the background (see [`PANEL_FILL`]).
    let frame = egui::Frame::side_top_panel(&ctx.style()).fill(Color32::TRANSPARENT);
    let shown = egui::SidePanel::right("panel").resizable(false).exact_width(width).frame(frame).show(ctx, |ui| {
        scrolled_body(ui, state, a, scroll, out);
    });
    sheet::remember_rect(ctx, "panel", shown.response.rect);
}

/// The panel's sections in a vertical scroll area (the side panel's, the sheet's, the drawer's).
/// Every line is wrapped or elided inside the width it has: nothing runs off the panel.
fn scrolled_body(ui: &mut egui::Ui, state: &State, a: &Analysis, scroll: f32, out: &mut Vec<Command>) {
    let ctx = ui.ctx().clone();
    // On a phone every line wraps (the sheet and the drawer are narrow); the side panel keeps egui's rule
    // (wrap in columns, extend in rows and grids: its read-out grids' labels would break mid-word), and
    // the teach section wraps everywhere (src/ui/teach.rs).
    if state.layout.kind != LayoutKind::Wide {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    }
    let offset_id = egui::Id::new("panel.scroll_offset");
    // In a pass where Tab moves the focus the area does not scroll by drag or bar: egui registers both
    // as focusable widgets (the drag area before the content, the bar after), so Tab would stop on
    // the whole panel and on its scroll bar, where Enter does nothing.
    let tabbing = ctx.input(|i| i.key_pressed(egui::Key::Tab));
    let mut area =
        egui::ScrollArea::vertical().id_salt("panel.scroll").auto_shrink([false, false]).enable_scrolling(!tabbing);
    if scroll != 0.0 {
        let current = ctx.data(|d| d.get_temp::<f32>(offset_id)).unwrap_or(0.0);
        area = area.vertical_scroll_offset((current + scroll).max(0.0));
    }
    let shown = area.show(ui, |ui| body(ui, state, a, out));
    // What the sections took beside what they had: the browser test checks that nothing is wider.
    let content = egui::Rect::from_min_size(shown.inner_rect.min, shown.content_size);
    sheet::remember_rect(&ctx, "content", content);
    sheet::remember_rect(&ctx, "scroll", shown.inner_rect);
    ctx.data_mut(|d| d.insert_temp(offset_id, shown.state.offset.y));
    // Shift+Tab can still land on the scroll bar (egui goes back to the last widget it saw, the bar, a
    // pass earlier): hand the focus on to the panel's last widget, the help's header.
    let bar = shown.id.with(1usize);
    if ctx.memory(|m| m.focused()) == Some(bar) {
        if let Some(last) = ctx.data(|d| d.get_temp::<egui::Id>(egui::Id::new(help::HELP_HEADER))) {
            ctx.memory_mut(|m| m.request_focus(last));
        }
    }
}

/// The panel's sections, top to bottom.
fn body(ui: &mut egui::Ui, state: &State, a: &Analysis, out: &mut Vec<Command>) {
    // Each section in a scope of its own: a scope takes one of the panel's automatic ids whatever is
    // inside it, so a section that grows or shrinks (a lesson card shown, motion turned on) leaves
    // the ids of the widgets after it alone, and egui's keyboard focus stays where it was.
    ui.add_space(6.0);
    // A quiz takes the whole panel: nothing else on it may tell the answer.
    if let Some(q) = &state.quiz {
        ui.scope(|ui| quiz::section(ui, state, q, out));
        ui.separator();
        ui.scope(help);
        focus::show_focus(ui);
        return;
    }
    ui.scope(|ui| header(ui, state, out));
    ui.separator();
    ui.scope(|ui| teach::lesson_card(ui, state, out));
    // The playground leads the panel when it is on; off, its switch waits further down.
    if state.mode.flat_playground() {
        ui.scope(|ui| playground::section(ui, state, out));
    }
    if state.mode.is_three() {
        // The 3D view: the same sections, fed by the 3D analysis.
        ui.scope(|ui| three::erratum(ui, out));
        ui.separator();
        let a3 = state.analysis3();
        let v = Verdicts { verdict: a3.verdict, state: a3.contact.state, verdicts: &a3.verdicts, dim: 3 };
        ui.scope(|ui| algorithm_section(ui, state, &v, out));
        ui.separator();
        ui.scope(|ui| compare_section(ui, state, &v, out));
        ui.separator();
        ui.scope(|ui| three::section(ui, state, &a3, out));
        ui.separator();
        ui.scope(|ui| teach::section(ui, state, out));
        ui.separator();
        ui.scope(legend);
        ui.separator();
        ui.scope(help);
        ui.add_space(12.0);
        focus::show_focus(ui);
        return;
    }
    ui.scope(|ui| motion::section(ui, state, out));
    ui.separator();
    let v = Verdicts { verdict: a.verdict, state: a.contact.state, verdicts: &a.verdicts, dim: 2 };
    ui.scope(|ui| algorithm_section(ui, state, &v, out));
    ui.separator();
    ui.scope(|ui| compare_section(ui, state, &v, out));
    ui.separator();
    ui.scope(|ui| response_section(ui, state, a, out));
    ui.separator();
    if !state.mode.flat_playground() {
        ui.scope(|ui| playground::section(ui, state, out));
        ui.separator();
    }
    ui.scope(|ui| teach::section(ui, state, out));
    ui.separator();
    ui.scope(|ui| scene_section(ui, state, out));
    ui.separator();
    ui.scope(|ui| readouts(ui, a));
    ui.separator();
    ui.scope(|ui| bench::section(ui, state, out));
    ui.separator();
    ui.scope(legend);
    ui.separator();
    ui.scope(help);
    ui.add_space(12.0);
    focus::show_focus(ui);
}
