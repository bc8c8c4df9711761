//! The compare section: every algorithm's verdict for the scene.

use super::algorithm::{verdict_text, Verdicts};
use super::widgets::c32;
use crate::app::palette::{self};
use crate::app::{Command, State};
use crate::geom::algo::ALGORITHMS;
use egui::RichText;

/// The compare section.
pub fn compare_section(ui: &mut egui::Ui, state: &State, a: &Verdicts<'_>, out: &mut Vec<Command>) {
    ui.label(RichText::new(if a.dim == 3 { "Compare all (3D)" } else { "Compare all" }).strong());
    let wrong = a.verdicts.iter().filter(|&&v| v != a.exact()).count();
    ui.label(
        RichText::new(if wrong == 0 {
            "Every algorithm agrees with the exact answer.".to_string()
        } else {
            format!("{wrong} algorithm(s) disagree with the exact answer ({}).", a.state.as_str())
        })
        .small(),
    );
    // The grid's cells never wrap (a wrapped "1 arvo" reads "1 / arv / o"): egui's rule for grids.
    ui.style_mut().wrap_mode = None;
    egui::Grid::new("compare").num_columns(3).striped(true).spacing([12.0, 4.0]).show(ui, |ui| {
        for (i, (al, &v)) in ALGORITHMS.iter().zip(a.verdicts).enumerate() {
            if ui.selectable_label(i == state.algorithm, format!("{} {}", i + 1, al.id)).clicked() {
                out.push(Command::SelectAlgorithm(i));
            }
            let shown = palette::shown_state(v, a.state);
            ui.label(RichText::new(verdict_text(v)).color(c32(palette::state(shown))));
            if v != a.exact() {
                ui.label(RichText::new("✖ disagrees").strong().color(c32(palette::WARNING)));
            } else {
                ui.label(RichText::new("✔").color(c32(palette::SEPARATED)));
            }
            ui.end_row();
        }
    });
}
