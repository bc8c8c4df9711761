//! The playground's Play section: the switch, the course's levels, the character's strategy (the
//! playground's selector, with its explanation), start again, pause / step, the ghost race (race
//! this run, stop) and its table (each strategy's bumps, sticks and tunnellings, where its ghost
//! ended), and the keys. Like the rest of the panel it only reads the state and returns
//! [`Command`]s.

use super::widgets::{c32, remember};
use crate::app::levels::{course, LEVELS};
use crate::app::palette;
use crate::app::playground::play::MarkKind;
use crate::app::playground::{strategy_index, PlaygroundCommand};
use crate::app::{Command, State};
use crate::format::vector;
use egui::RichText;

/// Ids under which the tests find Play's widgets (egui temporary memory).
pub const PLAY_SWITCH: &str = "play.switch";
pub const RACE_BUTTON: &str = "play.race";
pub const AGAIN_BUTTON: &str = "play.again";
/// `"play.level.{i}"` for level `i`'s button.
pub const PLAY_LEVEL_BUTTON: &str = "play.level";
/// The ghost table: the number of rows it shows (`usize`).
pub const GHOST_ROWS: &str = "play.ghosts.rows";

fn cmd(out: &mut Vec<Command>, c: PlaygroundCommand) {
    out.push(Command::Playground(c));
}

/// The Play switch (shown in the playground section).
pub fn switch(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let mut on = state.playground.options.play;
    let r = ui
        .checkbox(&mut on, "Play: be the ball  (Y)")
        .on_hover_text("The ball becomes your character, driven by the core's character controller");
    remember(ui, PLAY_SWITCH, r.rect);
    if r.changed() {
        cmd(out, PlaygroundCommand::TogglePlay);
    }
}

/// Play's part of the panel (while Play is on).
pub fn section(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let p = &state.playground;
    ui.horizontal_wrapped(|ui| {
        ui.label("course");
        for i in course() {
            let l = &LEVELS[i];
            let r = ui.selectable_label(p.options.level == Some(i), l.name).on_hover_text(l.note);
            remember(ui, &format!("{PLAY_LEVEL_BUTTON}.{i}"), r.rect);
            if r.clicked() {
                cmd(out, PlaygroundCommand::LoadLevel(i));
            }
        }
    });
    if let Some(l) = p.options.level.and_then(|i| LEVELS.get(i)) {
        ui.label(RichText::new(l.note).small());
    }
    ui.label(
        RichText::new(
            "← → or A D run; Space, W or ↑ jumps (hold it for a higher jump); ↓ + jump drops through a \
             one-way platform. On a touch screen: the pads in the canvas's bottom corners.",
        )
        .small()
        .weak(),
    );
    ui.horizontal_wrapped(|ui| {
        let r = ui.button("⏮ Start again  (R)");
        remember(ui, AGAIN_BUTTON, r.rect);
        if r.clicked() {
            r.surrender_focus();
            cmd(out, PlaygroundCommand::Restart);
        }
        let r = ui.button(if p.paused { "▶ Resume  (G)" } else { "⏸ Pause  (G)" });
        if r.clicked() {
            r.surrender_focus();
            cmd(out, PlaygroundCommand::PauseResume);
        }
        if ui.button("Step  (S)").on_hover_text("one fixed step (1/120 s), paused").clicked() {
            cmd(out, PlaygroundCommand::Step);
        }
    });
    ui.separator();
    ui.label(RichText::new("Ghost race").strong());
    ui.label(
        RichText::new(
            "Replays the inputs of the run you just played with every world strategy, one ghost each, \
             while you start again: on the same run, which of them bump on a seam, stick, or tunnel?",
        )
        .small(),
    );
    ui.horizontal(|ui| {
        let r = ui.button("Race this run  (Enter)");
        remember(ui, RACE_BUTTON, r.rect);
        if r.clicked() {
            r.surrender_focus();
            cmd(out, PlaygroundCommand::RaceGhosts);
        }
        if p.play.racing() && ui.button("Stop the race").clicked() {
            cmd(out, PlaygroundCommand::SetRace(false));
        }
    });
    ghost_table(ui, state);
}

fn ghost_table(ui: &mut egui::Ui, state: &State) {
    let p = &state.playground;
    let ghosts = &p.play.ghosts;
    ui.ctx().data_mut(|d| d.insert_temp(egui::Id::new(GHOST_ROWS), ghosts.len()));
    if ghosts.is_empty() {
        ui.label(RichText::new("No race yet: play a run, then press Enter.").small().weak());
        return;
    }
    let done = if p.play.ghosts_done(p.steps) { "done" } else { "running" };
    ui.label(RichText::new(format!("{} steps replayed ({done})", p.play.race_inputs.len())).small().weak());
    egui::Grid::new("play.ghosts").num_columns(5).spacing([6.0, 3.0]).striped(true).show(ui, |ui| {
        for h in ["strategy", "bump", "stuck", "tunnel", "ends at"] {
            ui.label(RichText::new(h).small());
        }
        ui.end_row();
        for g in ghosts {
            let colour = c32(palette::race_colour(strategy_index(g.strategy)));
            ui.label(RichText::new(g.strategy.as_str()).monospace().small().color(colour));
            for k in [MarkKind::Bump, MarkKind::Stuck, MarkKind::Tunnelled] {
                let n = g.count(k);
                let t = RichText::new(n.to_string()).monospace();
                ui.label(if n > 0 { t.color(c32(palette::WARNING)) } else { t });
            }
            let end = if g.body.out { "fell out".to_string() } else { vector(g.body.position()) };
            ui.label(RichText::new(end).monospace().small());
            ui.end_row();
        }
    });
}

#[cfg(test)]
#[path = "play_tests.rs"]
mod tests;
