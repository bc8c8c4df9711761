//! The panel's header: the title, Reset, Hide panel, the tour and the 2D / 3D switch.

use super::three;
use super::widgets::remember;
use crate::app::teach::TeachCommand;
use crate::app::{Command, State};
use crate::teach::lessons::{TourStep, CHAPTERS};
use egui::RichText;

/// Where tests find the Reset button (its rectangle is stored in egui's temporary memory after each pass).
pub const RESET_BUTTON: &str = "panel.reset";
/// Where tests find the tour's Start / Leave button.
pub const TOUR_START_BUTTON: &str = "panel.tour";

/// The header.
pub fn header(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    ui.heading("circle-aabb-lab");
    ui.label(RichText::new("Circle vs box: every published overlap test, side by side.").small().weak());
    ui.horizontal_wrapped(|ui| {
        let r = ui.button("Reset").on_hover_text("Back to the starting scene (R)");
        remember(ui, RESET_BUTTON, r.rect);
        if r.clicked() {
            r.surrender_focus();
            out.push(Command::Reset);
        }
        if ui.button("Hide panel").on_hover_text("H shows it again").clicked() {
            out.push(Command::TogglePanel);
        }
        // The guided tour, where a newcomer looks first.
        let (label, hover) = if state.teach.tour().is_some() {
            ("Leave tour", "Back to the free scene (T)".to_string())
        } else {
            (
                "▶ Tour",
                format!(
                    "The guided tour: {} chapters, {} steps through the tests and their pitfalls (T; N / P step)",
                    CHAPTERS.len(),
                    TourStep::all().count()
                ),
            )
        };
        let r = ui.button(RichText::new(label).strong()).on_hover_text(hover);
        remember(ui, TOUR_START_BUTTON, r.rect);
        if r.clicked() {
            r.surrender_focus();
            out.push(Command::Teach(TeachCommand::ToggleTour));
        }
        ui.separator();
        three::view_switch(ui, state, out);
    });
}
