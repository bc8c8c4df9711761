//! The algorithm section: the selected test, its verdict and its source.

use super::teach;
use super::widgets::c32;
use crate::app::palette::{self};
use crate::app::{Command, State};
use crate::geom::algo::ALGORITHMS;
use egui::RichText;

/// How a verdict reads in the panel.
pub fn verdict_text(v: bool) -> &'static str {
    if v {
        "overlap"
    } else {
        "no overlap"
    }
}

/// The verdicts the algorithm and compare sections show: the selected test's, the exact state and
/// every algorithm's, in 2D or 3D.
pub struct Verdicts<'a> {
    pub verdict: bool,
    pub state: crate::geom::ContactState,
    pub verdicts: &'a [bool],
    pub dim: usize,
}

impl Verdicts<'_> {
    pub fn exact(&self) -> bool {
        self.state.is_overlap()
    }
}

/// The algorithm section.
pub fn algorithm_section(ui: &mut egui::Ui, state: &State, a: &Verdicts<'_>, out: &mut Vec<Command>) {
    let algo = state.algorithm();
    ui.label(RichText::new("Algorithm").strong());
    let chosen = format!("{}  {}", state.algorithm + 1, algo.name);
    let combo = egui::ComboBox::from_id_salt("algorithm")
        .selected_text(chosen.clone())
        .width(ui.available_width() - 8.0)
        .truncate()
        .show_ui(ui, |ui| {
            for (i, al) in ALGORITHMS.iter().enumerate() {
                let text = format!("{}  {}{}", i + 1, al.name, if al.is_exact(a.dim) { "" } else { "  (inexact)" });
                if ui.selectable_label(i == state.algorithm, text).clicked() && i != state.algorithm {
                    out.push(Command::SelectAlgorithm(i));
                }
            }
        });
    super::focus::name_combo(&combo.response, ui.is_enabled(), "Algorithm", &chosen);

    let shown = palette::shown_state(a.verdict, a.state);
    ui.horizontal_wrapped(|ui| {
        ui.label("Verdict:");
        ui.label(RichText::new(verdict_text(a.verdict)).strong().color(c32(palette::state(shown))));
        ui.label(RichText::new(format!("· exact: {}", a.state.as_str())).weak());
        if a.verdict != a.exact() {
            let kind = if a.verdict { "false positive" } else { "false negative" };
            ui.label(RichText::new(format!("✖ wrong ({kind})")).strong().color(c32(palette::WARNING)));
        } else {
            ui.label(RichText::new("✔ right").color(c32(palette::SEPARATED)));
        }
    });
    ui.label(RichText::new(algo.explanation).small());
    ui.label(RichText::new(format!("Source: {}", algo.source)).small().italics().weak());
    egui::CollapsingHeader::new("Pseudocode, traced live").id_salt("pseudocode").default_open(true).show(ui, |ui| {
        teach::trace_view(ui, state);
    });
    if !algo.tangency.is_empty() {
        ui.label(RichText::new(format!("Touching: {}", algo.tangency)).small().weak());
    }
}
