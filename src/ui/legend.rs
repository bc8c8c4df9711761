//! The colour legend.

use super::widgets::c32;
use crate::app::palette::{self, Rgba};
use egui::RichText;

/// The legend section.
pub fn legend(ui: &mut egui::Ui) {
    ui.label(RichText::new("Legend").strong());
    let items: [(&str, Rgba); 9] = [
        ("separated: solid outline", palette::SEPARATED),
        ("touching: double outline", palette::TOUCHING),
        ("overlapping: dashed outline, × on the centre", palette::OVERLAPPING),
        ("closest point, distance", palette::CLOSEST),
        ("push-out, ghost circle", palette::PUSH),
        ("least face distance (inside)", palette::FACE_LEAST),
        ("zone of the centre", palette::ZONE_HIGHLIGHT_TEXT),
        ("overlap region of the centre (dashed: box grown by r)", palette::ZONE_TEXT),
        ("planes_naive's false-positive corners", palette::WARNING),
    ];
    // No space added after an item: egui's wrapping puts the item spacing between items but not at a
    // row's end, while an added space after a label that filled its row ran past the panel's edge.
    ui.horizontal_wrapped(|ui| {
        for (name, c) in items {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, c32(c));
            ui.label(RichText::new(name).small());
        }
    });
}
