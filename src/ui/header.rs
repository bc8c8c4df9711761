//! The panel's header: the title, Reset, Hide panel and the 2D / 3D switch.

use super::three;
use super::widgets::remember;
use crate::app::{Command, State};
use egui::RichText;

/// Where tests find the Reset button (its rectangle is stored in egui's temporary memory after each pass).
pub const RESET_BUTTON: &str = "panel.reset";

/// The header.
pub fn header(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    ui.heading("circle-aabb-lab");
    ui.label(RichText::new("Circle vs box: every published overlap test, side by side.").small().weak());
    ui.horizontal(|ui| {
        let r = ui.button("Reset").on_hover_text("Back to the starting scene (R)");
        remember(ui, RESET_BUTTON, r.rect);
        if r.clicked() {
            r.surrender_focus();
            out.push(Command::Reset);
        }
        if ui.button("Hide panel").on_hover_text("H shows it again").clicked() {
            out.push(Command::TogglePanel);
        }
        ui.separator();
        three::view_switch(ui, state, out);
    });
}
