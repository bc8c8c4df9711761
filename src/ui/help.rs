//! The controls, listed.

use super::widgets::remember;
use crate::app::CONTROLS;
use egui::RichText;

/// The id under which the tests find the section's header (the panel's last widget).
pub const HELP_HEADER: &str = "help.header";

/// The help section.
pub fn help(ui: &mut egui::Ui) {
    let shown = egui::CollapsingHeader::new("Help: controls").id_salt("help").default_open(false).show(ui, |ui| {
        egui::Grid::new("controls").num_columns(2).spacing([12.0, 3.0]).show(ui, |ui| {
            for (keys, what) in CONTROLS {
                ui.label(RichText::new(*keys).strong());
                ui.label(*what);
                ui.end_row();
            }
        });
        ui.label(
            RichText::new(
                "The circle is coloured by the selected algorithm's verdict; a red banner on the canvas says \
                 when it disagrees with the exact answer. Zones are numbered x + 3y, 0 at the bottom left.",
            )
            .small(),
        );
    });
    remember(ui, HELP_HEADER, shown.header_response.rect);
    ui.ctx().data_mut(|d| d.insert_temp(egui::Id::new(HELP_HEADER), shown.header_response.id));
}
