//! The panel on a phone or a tablet ([`crate::app::layout`]): the bottom sheet (portrait) and the
//! drawer (a landscape phone), each holding the same sections as the side panel; and the widgets'
//! rectangles the browser test reads ([`layout_rects`]).
//!
//! The sheet's bar is always there: a handle (tap: open half / collapse; drag up or down: a step)
//! and one line with the verdict and the exact state, and a ▲ / ▼ button. The drawer is a ≡ button
//! at the top right until opened; open, it lies over the canvas's right side, and its × button or a
//! tap on the canvas beside it shuts it.

use super::widgets::c32;
use super::{scrolled_body, PANEL_FILL};
use crate::app::layout::{self, LayoutCommand, SheetHeight, BAR_PT, DRAG_STEP_PT, TARGET_PT};
use crate::app::{palette, Analysis, Command, State};
use egui::{Align2, Color32, FontId, Rect, Sense};

const RECTS: &str = "layout.rects";

/// Forgets the last pass's rectangles (each pass records those it shows).
pub fn clear_rects(ctx: &egui::Context) {
    ctx.data_mut(|d| d.insert_temp::<Vec<(&'static str, Rect)>>(egui::Id::new(RECTS), Vec::new()));
}

/// Records a widget's rectangle (egui points) under `name` for [`layout_rects`].
pub fn remember_rect(ctx: &egui::Context, name: &'static str, rect: Rect) {
    ctx.data_mut(|d| d.get_temp_mut_or_default::<Vec<(&'static str, Rect)>>(egui::Id::new(RECTS)).push((name, rect)));
}

/// The rectangles of the layout's widgets this pass (egui points): the panel / sheet / drawer, its
/// scroll area and content, the handle, the sheet's button, the drawer's open and close buttons.
#[must_use]
pub fn layout_rects(ctx: &egui::Context) -> Vec<(&'static str, Rect)> {
    ctx.data(|d| d.get_temp::<Vec<(&'static str, Rect)>>(egui::Id::new(RECTS))).unwrap_or_default()
}

/// The one line the collapsed bar shows: the verdict and the exact state (none in a quiz: the panel
/// must not tell the answer), and its colour.
fn bar_line(state: &State, a: &Analysis) -> (String, Color32) {
    if state.quiz.is_some() {
        return ("Quiz: ▲ to answer".to_string(), c32(palette::TEXT));
    }
    if state.mode.flat_playground() {
        return ("Playground: ▲ for the level and strategies".to_string(), c32(palette::TEXT));
    }
    let (verdict, exact) = if state.mode.is_three() {
        let a3 = state.analysis3();
        (a3.verdict, a3.contact.state)
    } else {
        (a.verdict, a.contact.state)
    };
    let says = if verdict { "overlap" } else { "no overlap" };
    let colour = c32(palette::state(palette::shown_state(verdict, exact)));
    (format!("{}: {says} · exact: {}", state.algorithm().id, exact.as_str()), colour)
}

/// The bottom sheet.
pub fn sheet(ctx: &egui::Context, state: &State, a: &Analysis, scroll: f32, out: &mut Vec<Command>) {
    let height = layout::sheet_height(ctx.screen_rect().height(), state.layout.sheet);
    let frame = egui::Frame::side_top_panel(&ctx.style()).fill(Color32::TRANSPARENT).inner_margin(egui::Margin {
        left: 8,
        right: 8,
        top: 0,
        bottom: 0,
    });
    let shown =
        egui::TopBottomPanel::bottom("sheet").resizable(false).exact_height(height).frame(frame).show(ctx, |ui| {
            bar(ui, state, a, out);
            if state.layout.sheet != SheetHeight::Collapsed {
                scrolled_body(ui, state, a, scroll, out);
            }
        });
    remember_rect(ctx, "panel", shown.response.rect);
}

/// The sheet's bar: the handle (the whole bar but its button) and the ▲ / ▼ button.
fn bar(ui: &mut egui::Ui, state: &State, a: &Analysis, out: &mut Vec<Command>) {
    let ctx = ui.ctx().clone();
    let (bar, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), BAR_PT), Sense::hover());
    let button = Rect::from_min_size(
        egui::pos2(bar.max.x - TARGET_PT, bar.max.y - TARGET_PT - 2.0),
        egui::vec2(TARGET_PT, TARGET_PT),
    );
    let handle = Rect::from_min_max(bar.min, egui::pos2(button.min.x - 4.0, bar.max.y));
    let sheet = state.layout.sheet;
    let set = |out: &mut Vec<Command>, h| out.push(Command::Layout(LayoutCommand::SetSheet(h)));

    // The handle: a tap opens half way or collapses; a drag moves a step up or down.
    let r = ui.interact(handle, egui::Id::new("sheet.handle"), Sense::click_and_drag());
    let start_id = egui::Id::new("sheet.drag_start");
    if r.drag_started() {
        if let Some(p) = r.interact_pointer_pos() {
            ctx.data_mut(|d| d.insert_temp(start_id, p.y));
        }
    }
    if r.drag_stopped() {
        let start = ctx.data(|d| d.get_temp::<f32>(start_id));
        let end = r.interact_pointer_pos().or_else(|| ctx.input(|i| i.pointer.latest_pos())).map(|p| p.y);
        if let (Some(s), Some(e)) = (start, end) {
            if e - s <= -DRAG_STEP_PT {
                set(out, sheet.up());
            } else if e - s >= DRAG_STEP_PT {
                set(out, sheet.down());
            }
        }
    } else if r.clicked() {
        set(out, if sheet == SheetHeight::Collapsed { SheetHeight::Half } else { SheetHeight::Collapsed });
    }
    remember_rect(&ctx, "handle", handle);

    let painter = ui.painter();
    let grip = Rect::from_center_size(egui::pos2(bar.center().x, bar.min.y + 8.0), egui::vec2(40.0, 5.0));
    painter.rect_filled(grip, 2.5, Color32::from_gray(if r.hovered() { 190 } else { 130 }));
    let (line, colour) = bar_line(state, a);
    let text_rect = Rect::from_min_max(egui::pos2(handle.min.x + 4.0, bar.min.y + 16.0), handle.max);
    let font = FontId::proportional(15.0);
    let galley = ctx.fonts(|f| {
        let mut job = egui::text::LayoutJob::simple_singleline(line, font, colour);
        job.wrap = egui::text::TextWrapping::truncate_at_width(text_rect.width());
        f.layout_job(job)
    });
    let at = Align2::LEFT_CENTER.align_size_within_rect(galley.size(), text_rect).min;
    painter.galley(at, galley, colour);

    // The button: up a step, or (full) down to the bar.
    let (label, hover, to) = if sheet == SheetHeight::Full {
        ("▼", "Collapse the panel to its bar (H)", SheetHeight::Collapsed)
    } else {
        ("▲", "Pull the panel up (H)", sheet.up())
    };
    let b = ui.put(button, egui::Button::new(egui::RichText::new(label).size(18.0))).on_hover_text(hover);
    if b.clicked() {
        set(out, to);
    }
    remember_rect(&ctx, "sheet_button", button);
}

/// The drawer: the ≡ button over the canvas's top right, or the drawer itself over its right side.
pub fn drawer(ctx: &egui::Context, state: &State, a: &Analysis, scroll: f32, out: &mut Vec<Command>) {
    let screen = ctx.screen_rect();
    let set = |out: &mut Vec<Command>, open| out.push(Command::Layout(LayoutCommand::SetDrawer(open)));
    if !state.layout.drawer_open {
        let at = egui::pos2(screen.max.x - TARGET_PT - 8.0, screen.min.y + 8.0);
        egui::Area::new(egui::Id::new("drawer.open")).fixed_pos(at).order(egui::Order::Foreground).show(ctx, |ui| {
            let b = egui::Button::new(egui::RichText::new("≡").size(24.0))
                .min_size(egui::vec2(TARGET_PT, TARGET_PT))
                .fill(PANEL_FILL);
            let r = ui.add(b).on_hover_text("Open the panel (H)");
            if r.clicked() {
                set(out, true);
            }
            remember_rect(ctx, "menu", r.rect);
        });
        return;
    }
    let width = layout::drawer_width(screen.width());
    let rect = Rect::from_min_max(egui::pos2(screen.max.x - width, screen.min.y), screen.max);
    // A tap on the canvas beside the drawer shuts it.
    let tapped_beside = ctx.input(|i| {
        i.pointer.any_pressed() && i.pointer.press_origin().is_some_and(|p| !rect.contains(p) && screen.contains(p))
    });
    if tapped_beside {
        set(out, false);
    }
    egui::Area::new(egui::Id::new("drawer")).fixed_pos(rect.min).order(egui::Order::Foreground).show(ctx, |ui| {
        egui::Frame::new().fill(PANEL_FILL).inner_margin(egui::Margin::symmetric(8, 4)).show(ui, |ui| {
            let inner = egui::vec2(width - 16.0, screen.height() - 8.0);
            ui.set_min_size(inner);
            ui.set_max_size(inner);
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new("Panel").strong());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let b = egui::Button::new(egui::RichText::new("×").size(22.0))
                        .min_size(egui::vec2(TARGET_PT, TARGET_PT));
                    let r = ui.add(b).on_hover_text("Shut the panel (H)");
                    if r.clicked() {
                        set(out, false);
                    }
                    remember_rect(ctx, "close", r.rect);
                });
            });
            scrolled_body(ui, state, a, scroll, out);
        });
    });
    remember_rect(ctx, "panel", rect);
}
