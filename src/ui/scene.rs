//! The scene section: the circle's and the box's numbers, editable.

use super::widgets::{axis_name, edit, LIMIT};
use crate::app::{Command, Flat, Mode, State};
use crate::geom::{Circle, Rect};
use egui::RichText;

/// The scene section.
pub fn scene_section(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    ui.label(RichText::new("Scene").strong());
    let c = state.circle.center();
    let r = state.circle.radius();
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    egui::Grid::new("scene").num_columns(3).spacing([10.0, 4.0]).show(ui, |ui| {
        ui.label("circle centre");
        let mut centre = c;
        let mut changed = false;
        for (i, v) in centre.iter_mut().enumerate() {
            if let Some(n) = edit(ui, &axis_name("circle centre", i), *v, -LIMIT..=LIMIT, 0.02) {
                *v = n;
                changed = true;
            }
        }
        ui.end_row();
        ui.label("radius");
        let mut radius = r;
        if let Some(n) = edit(ui, "radius", r, 0.0..=LIMIT, 0.02) {
            radius = n;
            changed = true;
        }
        ui.end_row();
        if changed {
            // The checked constructor is the last word: an invalid edit changes nothing.
            if let Ok(circle) = Circle::new(centre, radius) {
                out.push(Command::SetCircle(circle));
            }
        }

        let (mut nlo, mut nhi) = (lo, hi);
        let mut changed = false;
        ui.label("box min");
        for i in 0..2 {
            // min never above max: the range stops there.
            if let Some(n) = edit(ui, &axis_name("box min", i), lo[i], -LIMIT..=hi[i], 0.02) {
                nlo[i] = n;
                changed = true;
            }
        }
        ui.end_row();
        ui.label("box max");
        for i in 0..2 {
            if let Some(n) = edit(ui, &axis_name("box max", i), hi[i], lo[i]..=LIMIT, 0.02) {
                nhi[i] = n;
                changed = true;
            }
        }
        ui.end_row();
        if changed {
            if let Ok(b) = Rect::new(nlo, nhi) {
                out.push(Command::SetBox(b));
            }
        }
        // The box turned about its centre (still scene; Q / E, the knob above the box).
        if state.mode == Mode::Flat(Flat::Still) {
            ui.label("angle °");
            if let Some(a) = edit(ui, "box angle in degrees", state.angle, -180.0..=180.0, 1.0) {
                out.push(Command::SetAngle(a));
            }
            ui.end_row();
        }
    });
}
