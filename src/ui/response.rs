//! The response section: how the circle is pushed out, and the button that applies it.

use super::widgets::remember;
use crate::app::{Analysis, CaseMode, Command, State};
use crate::geom::response::PushCase;
use egui::RichText;

/// Where tests find the Apply button (its rectangle is stored in egui's temporary memory after each pass).
pub const APPLY_BUTTON: &str = "panel.apply";

/// The response section.
pub fn response_section(ui: &mut egui::Ui, state: &State, a: &Analysis, out: &mut Vec<Command>) {
    ui.label(RichText::new("Response").strong());
    ui.horizontal(|ui| {
        ui.label("Case:");
        for mode in CaseMode::ALL {
            if ui.selectable_label(state.case == mode, mode.label()).clicked() && state.case != mode {
                out.push(Command::SetCase(mode));
            }
        }
    });
    let what = match a.response.case {
        PushCase::None => "Separated: nothing to push.",
        PushCase::Outside => "Outside: push along centre − closest point, by r − distance.",
        PushCase::Inside => "Inside: push out through the nearest face, by its distance + r.",
    };
    ui.label(RichText::new(what).small());
    let enabled = a.response.case != PushCase::None;
    let r = ui.add_enabled(enabled, egui::Button::new("Apply response  (Space)"));
    remember(ui, APPLY_BUTTON, r.rect);
    if r.clicked() {
        r.surrender_focus();
        out.push(Command::ApplyResponse);
    }
}
