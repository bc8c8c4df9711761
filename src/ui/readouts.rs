//! The readouts: the exact contact, zone, distances and response as numbers.

use super::widgets::{num, row, vec_text};
use crate::app::palette::{self};
use crate::app::Analysis;
use crate::format::face_distances;
use crate::geom::shape::AXES;
use egui::RichText;

/// The readouts section.
pub fn readouts(ui: &mut egui::Ui, a: &Analysis) {
    ui.label(RichText::new("Readouts").strong());
    let k = &a.contact;
    egui::Grid::new("readouts").num_columns(2).spacing([12.0, 3.0]).striped(true).show(ui, |ui| {
        row(ui, "state (exact)", k.state.as_str().into(), Some(palette::state(k.state)));
        row(ui, "zone", format!("{} (x {}, y {})", k.zone, k.zone % 3, k.zone / 3), Some(palette::ZONE_HIGHLIGHT_TEXT));
        row(ui, "closest point", vec_text(k.closest), Some(palette::CLOSEST));
        row(ui, "signed distance", num(k.distance), None);
        row(ui, "penetration", num(k.penetration), None);
        row(ui, "response case", a.response.case.as_str().into(), None);
        row(ui, "push vector", vec_text(a.response.push), Some(palette::PUSH));
        if let Some(f) = a.response.face {
            let name = format!("{}.{}", if f.upper { "max" } else { "min" }, AXES[f.axis]);
            row(ui, "nearest face", name, Some(palette::FACE_LEAST));
        }
        // One row an axis, each distance after its face's name (negative: outside that face).
        for (axis, f) in AXES.iter().zip(a.faces) {
            row(ui, "face distances", face_distances(axis, f[0] as f32, f[1] as f32), None);
        }
    });
}
