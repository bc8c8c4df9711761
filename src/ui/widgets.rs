//! Small widgets and helpers the panel's sections share.

use crate::app::palette::Rgba;
use egui::{Color32, RichText};

pub use crate::format::{number as num, vector as vec_text};

/// The palette's `[r, g, b, a]` bytes as an egui colour.
#[must_use]
pub fn c32(c: Rgba) -> Color32 {
    Color32::from_rgba_unmultiplied(c[0], c[1], c[2], c[3])
}

/// Stores a widget's rectangle in egui's temporary memory under `key`, where tests find it.
pub fn remember(ui: &egui::Ui, key: &str, rect: egui::Rect) {
    ui.ctx().data_mut(|d| d.insert_temp(egui::Id::new(key), rect));
}

/// A DragValue on a copy named `name` for screen readers (the grid's label beside it is not its
/// name to egui); returns the new value when the user changed it.
pub fn edit(
    ui: &mut egui::Ui,
    name: &str,
    value: f32,
    range: std::ops::RangeInclusive<f32>,
    speed: f64,
) -> Option<f32> {
    let mut v = value;
    // A value already outside the range (a scene text at 10⁵ scale) is left alone until edited:
    // clamping it would be an edit nobody made.
    let r =
        ui.add(egui::DragValue::new(&mut v).speed(speed).range(range).clamp_existing_to_range(false).max_decimals(3));
    r.widget_info(|| {
        let mut info = egui::WidgetInfo::drag_value(ui.is_enabled(), value as f64);
        info.label = Some(name.to_string());
        info
    });
    (r.changed() && v.is_finite() && v != value).then_some(v)
}

/// Names a slider for screen readers whichever of its parts has the focus: egui names the slider
/// by its text, but not the number field beside it that Tab also reaches.
pub fn name_slider(response: &egui::Response, enabled: bool, name: &str, value: f64) {
    response.widget_info(|| egui::WidgetInfo::slider(enabled, value, name));
}

/// The names of a point's coordinates, for [`edit`]: `"{what} x"`, `"{what} y"`, `"{what} z"`.
#[must_use]
pub fn axis_name(what: &str, axis: usize) -> String {
    format!("{what} {}", ["x", "y", "z"][axis.min(2)])
}

/// The largest coordinate or size the panel's number fields accept.
pub const LIMIT: f32 = 1.0e4;

/// One row of a read-out grid: the name, then the value in monospace (in a colour, if given).
pub fn row(ui: &mut egui::Ui, name: &str, value: String, color: Option<Rgba>) {
    ui.label(name);
    let t = RichText::new(value).monospace();
    ui.label(match color {
        Some(c) => t.color(c32(c)),
        None => t,
    });
    ui.end_row();
}
