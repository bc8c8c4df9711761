//! The motion panel: the switch, the velocity, the box's angle (Q / E), slide or bounce and the
//! restitution, Play / Step, the sweep's read-outs (t, feature, normal, initial contact, the discrete
//! test at `c + v`, the continuation's end; in world coordinates, the box's angle beside them), the sweep's pseudocode traced live (the same listing as the overlap tests')
//! and the gallery of presets. Like the rest of the panel it only reads the state and returns
//! [`Command`]s.

use super::teach::trace_listing;
use super::widgets::{axis_name, edit, num, remember, row, vec_text};
use crate::app::motion::{MotionAnalysis, MotionCommand, PRESETS};
use crate::app::palette;
use crate::app::teach::trace_lines;
use crate::app::{Command, MotionKind, State};
use crate::geom::motion::SWEEP;
use egui::RichText;

/// Ids under which the tests find the motion buttons' rectangles (egui temporary memory).
pub const MOTION_SWITCH: &str = "motion.switch";
pub const PLAY_BUTTON: &str = "motion.play";
pub const STEP_BUTTON: &str = "motion.step";
/// `"motion.preset.{i}"` for preset `i`'s button.
pub const PRESET_BUTTON: &str = "motion.preset";

fn cmd(out: &mut Vec<Command>, c: MotionCommand) {
    out.push(Command::Motion(c));
}

/// The whole motion section.
pub fn section(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    // Its rows' hints wrap inside the side panel too (at 960 px they ran off its edge); the read-out
    // grid keeps egui's extend rule (see `readouts`).
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    ui.horizontal(|ui| {
        ui.label(RichText::new("Motion").strong());
        let mut on = state.mode.flat_motion();
        let r = ui.checkbox(&mut on, "swept circle  (M)");
        remember(ui, MOTION_SWITCH, r.rect);
        if r.changed() {
            cmd(out, MotionCommand::Toggle);
        }
    });
    let Some(a) = state.motion_analysis() else {
        ui.label(
            RichText::new("M: move the circle by a velocity and find where it first touches the box (the sweep).")
                .small()
                .weak(),
        );
        return;
    };
    controls(ui, state, out);
    readouts(ui, &a, state.motion.options.angle);
    egui::CollapsingHeader::new("Sweep: pseudocode, traced live").id_salt("motion.trace").default_open(true).show(
        ui,
        |ui| {
            ui.label(RichText::new(SWEEP.name).strong());
            trace_listing(ui, &trace_lines(SWEEP.pseudocode, &a.trace));
            ui.label(RichText::new(format!("Trace: {} step(s)", a.trace.steps.len())).small());
            ui.label(RichText::new(SWEEP.explanation).small());
            ui.label(RichText::new(format!("Source: {}", SWEEP.source)).small().italics().weak());
        },
    );
    // In a scope: the controls and the trace above change with the scene; the presets keep their ids.
    ui.scope(|ui| gallery(ui, state, out));
}

fn controls(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let m = &state.motion;
    let o = m.options;
    ui.horizontal(|ui| {
        ui.label("velocity");
        let mut v = o.velocity;
        let mut changed = false;
        for (i, x) in v.iter_mut().enumerate() {
            if let Some(n) = edit(ui, &axis_name("velocity", i), *x, -1.0e7..=1.0e7, 0.02) {
                *x = n;
                changed = true;
            }
        }
        if changed {
            cmd(out, MotionCommand::SetVelocity(v));
        }
        ui.label(RichText::new("drag the arrow's tip").small().weak());
    });
    ui.horizontal(|ui| {
        ui.label("box angle °");
        if let Some(a) = edit(ui, "box angle in degrees", o.angle, -180.0..=180.0, 1.0) {
            cmd(out, MotionCommand::SetAngle(a));
        }
        ui.label(RichText::new("Q / E: ±15°, counter-clockwise first").small().weak());
    });
    ui.horizontal(|ui| {
        ui.label("after impact:");
        for k in MotionKind::ALL {
            if ui.selectable_label(o.response == k, k.as_str()).clicked() && o.response != k {
                cmd(out, MotionCommand::SetResponse(k));
            }
        }
        ui.label(RichText::new("(B)").small().weak());
    });
    // Only for a bounce. Not a disabled slider otherwise: its number field (a DragValue) takes egui's
    // Tab focus even when disabled, then drops it, and Tab would never get past it.
    if o.response == MotionKind::Bounce {
        let mut e = o.restitution;
        // Tabbing off its number field reports a change of the same value: no command for that.
        let r = ui.add(egui::Slider::new(&mut e, 0.0..=1.0).text("restitution"));
        super::widgets::name_slider(&r, ui.is_enabled(), "restitution", e as f64);
        if r.changed() && e != o.restitution {
            cmd(out, MotionCommand::SetRestitution(e));
        }
    } else {
        ui.label(RichText::new(format!("restitution {} (bounce only)", o.restitution)).weak());
    }
    ui.horizontal_wrapped(|ui| {
        let p = m.playback;
        let play = if p.playing { "⏸ Pause  (G)" } else { "▶ Play  (G)" };
        let r = ui.button(play);
        remember(ui, PLAY_BUTTON, r.rect);
        if r.clicked() {
            r.surrender_focus();
            cmd(out, MotionCommand::PlayPause);
        }
        let r = ui.button("Step  (S)").on_hover_text("start → impact → end");
        remember(ui, STEP_BUTTON, r.rect);
        if r.clicked() {
            r.surrender_focus();
            cmd(out, MotionCommand::Step);
        }
        if ui.button("⏮").on_hover_text("back to the start").clicked() {
            cmd(out, MotionCommand::Rewind);
        }
        let mut looping = p.looping;
        if ui.checkbox(&mut looping, "loop").changed() {
            cmd(out, MotionCommand::SetLooping(looping));
        }
    });
    let mut reduced = m.reduced_motion;
    let r = ui.checkbox(&mut reduced, "Reduced motion (no animation unless asked)").on_hover_text(
        "Play jumps to the end, the playground waits paused until G, the panel does not animate. \
         On from the browser's prefers-reduced-motion, --reduced-motion or CIRCLE_AABB_LAB_REDUCED_MOTION=1.",
    );
    if r.changed() {
        cmd(out, MotionCommand::SetReducedMotion(reduced));
    }
}

fn readouts(ui: &mut egui::Ui, a: &MotionAnalysis, angle: f32) {
    if a.target.turned().is_some() {
        ui.label(
            RichText::new(format!(
                "Box turned {}° about its centre. Every number below is in world coordinates; the normal \
                 is the turned face's (or corner's) normal in the world. The sweep's trace runs in the box's frame.",
                num(angle)
            ))
            .small(),
        );
    }
    ui.style_mut().wrap_mode = None;
    egui::Grid::new("motion.readouts").num_columns(2).spacing([12.0, 3.0]).striped(true).show(ui, |ui| {
        if a.target.turned().is_some() {
            row(ui, "box angle", format!("{}°", num(angle)), None);
        }
        match a.hit {
            Some(h) => {
                row(ui, "t of impact", num(h.t), Some(palette::IMPACT));
                row(ui, "feature hit", h.feature.as_str().into(), Some(palette::IMPACT));
                let normal = if a.target.turned().is_some() { "normal (world)" } else { "normal" };
                row(ui, normal, vec_text(h.normal), None);
                row(ui, "contact point", vec_text(h.point), Some(palette::IMPACT));
                row(ui, "centre at impact", vec_text(h.center), None);
                row(ui, "initial contact", if h.initial { "yes (t = 0)" } else { "no" }.into(), None);
            }
            None => row(ui, "sweep", "no hit in t ∈ [0, 1]".into(), Some(palette::SEPARATED)),
        }
        row(ui, "end state (c + v)", a.end_state.as_str().into(), Some(palette::state(a.end_state)));
        if a.tunnelled() {
            row(ui, "TUNNELLED", "yes".into(), Some(palette::WARNING));
        }
        row(ui, "continuation end", vec_text(a.motion.end), Some(palette::CONTINUATION));
        row(ui, "velocity after", vec_text(a.motion.velocity), None);
    });
}

fn gallery(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    egui::CollapsingHeader::new(format!("Gallery: the sweep's edge cases ({})", PRESETS.len()))
        .id_salt("motion.gallery")
        .default_open(true)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (i, p) in PRESETS.iter().enumerate() {
                    let r = ui.selectable_label(state.motion.preset == Some(i), p.name).on_hover_text(p.note);
                    remember(ui, &format!("{PRESET_BUTTON}.{i}"), r.rect);
                    if r.clicked() {
                        cmd(out, MotionCommand::LoadPreset(i));
                    }
                }
            });
            if let Some(p) = state.motion.preset.and_then(|i| PRESETS.get(i)) {
                ui.label(RichText::new(p.note).small());
            }
        });
}

#[cfg(test)]
#[path = "motion_tests.rs"]
mod tests;
