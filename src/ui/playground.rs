//! The playground panel: the switch, the levels, the brush, the strategy (with its explanation,
//! source and pseudocode from the core's registry: one source of truth), the race switch, gravity,
//! pause / step / restart / time scale, the throw, and for every runner its bumps, tunnellings and
//! speed lost, with a plot of speed over time per strategy (egui_plot). Like the rest of the panel
//! it only reads the state and returns [`Command`]s.

use super::widgets::{axis_name, c32, edit, num, remember};
use crate::app::levels::LEVELS;
use crate::app::palette;
use crate::app::playground::{
    rain, strategy_index, Brush, PlaygroundCommand, TiltedBox, MAX_SPEED, MIN_SPEED, STEP_SECONDS,
};
use crate::app::{Command, State};
use crate::geom::world::STRATEGIES;
use egui::RichText;

/// Ids under which the tests find the playground's widgets (egui temporary memory).
pub const PLAYGROUND_SWITCH: &str = "playground.switch";
pub const RACE_SWITCH: &str = "playground.race";
pub const PAUSE_BUTTON: &str = "playground.pause";
pub const STEP_BUTTON: &str = "playground.step";
/// `"playground.level.{i}"` for level `i`'s button.
pub const LEVEL_BUTTON: &str = "playground.level";
/// The speed plot's rectangle; and the number of lines it drew (`usize`).
pub const SPEED_PLOT: &str = "playground.plot";
pub const SPEED_LINES: &str = "playground.plot.lines";
/// The bump list: the number of strategies it lists (`usize`).
pub const BUMP_ROWS: &str = "playground.bumps.rows";
/// The "add tilted wall" button.
pub const ADD_TILTED: &str = "playground.tilted.add";
/// The rain of balls' switch and its slider of the number of balls.
pub const RAIN_SWITCH: &str = "playground.rain";
pub const RAIN_SLIDER: &str = "playground.rain.balls";

fn cmd(out: &mut Vec<Command>, c: PlaygroundCommand) {
    out.push(Command::Playground(c));
}

/// The whole playground section.
pub fn section(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        ui.label(RichText::new("Playground").strong());
        let mut on = state.mode.flat_playground();
        let r = ui
            .checkbox(&mut on, "tile map & race  (L)")
            .on_hover_text("A ball in a tile map, and every resolution strategy racing the same throw");
        remember(ui, PLAYGROUND_SWITCH, r.rect);
        if r.changed() {
            cmd(out, PlaygroundCommand::Toggle);
        }
    });
    if !state.mode.flat_playground() {
        return;
    }
    super::play::switch(ui, state, out);
    rain(ui, state, out);
    ui.separator();
    if state.playground.rain.is_some() {
        rain_controls(ui, state, out);
        strategy(ui, state, out);
        ui.separator();
        return;
    }
    if state.playground.options.play {
        super::play::section(ui, state, out);
        strategy(ui, state, out);
        ui.separator();
        return;
    }
    levels(ui, state, out);
    controls(ui, state, out);
    strategy(ui, state, out);
    race_table(ui, state);
    speed_plot(ui, state);
    ui.separator();
}

/// The rain of balls: its switch and, while it is on, the number of balls (a logarithmic slider,
/// 10 … 10⁶ on the desktop, … 10⁵ in the browser).
fn rain(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let p = &state.playground;
    let mut on = p.rain.is_some();
    let r = ui
        .checkbox(&mut on, "Rain of balls")
        .on_hover_text("Many balls falling through a level, stepped together with the chosen strategy");
    remember(ui, RAIN_SWITCH, r.rect);
    if r.changed() {
        cmd(out, PlaygroundCommand::SetRain(on.then_some(rain::DEFAULT_BALLS)));
    }
    if let Some(n) = p.options.rain.filter(|_| p.rain.is_some()) {
        let mut k = n;
        let slider = egui::Slider::new(&mut k, rain::MIN_BALLS..=rain::MAX_BALLS).logarithmic(true).text("balls");
        let r = ui.add(slider);
        super::widgets::name_slider(&r, ui.is_enabled(), "balls", k as f64);
        remember(ui, RAIN_SLIDER, r.rect);
        if r.changed() {
            cmd(out, PlaygroundCommand::SetRain(Some(k)));
        }
    }
}

/// The rain's clock buttons, gravity, and its figures (the canvas shows them too).
fn rain_controls(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let p = &state.playground;
    ui.horizontal_wrapped(|ui| {
        let r = ui.button(if p.paused { "▶ Resume  (G)" } else { "⏸ Pause  (G)" });
        remember(ui, PAUSE_BUTTON, r.rect);
        if r.clicked() {
            r.surrender_focus();
            cmd(out, PlaygroundCommand::PauseResume);
        }
        let r = ui.button("Step  (S)").on_hover_text("one fixed step (1/120 s), paused");
        remember(ui, STEP_BUTTON, r.rect);
        if r.clicked() {
            r.surrender_focus();
            cmd(out, PlaygroundCommand::Step);
        }
        if ui.button("⏮ Again  (R)").on_hover_text("scatter the balls again").clicked() {
            cmd(out, PlaygroundCommand::Restart);
        }
        let mut g = p.options.gravity;
        if ui.checkbox(&mut g, "gravity").changed() {
            cmd(out, PlaygroundCommand::SetGravity(g));
        }
    });
    if let Some(r) = &p.rain {
        ui.label(RichText::new(rain::summary(&r.stats()).replace(" · ", "\n")).small().monospace());
    }
}

fn levels(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let p = &state.playground;
    ui.horizontal_wrapped(|ui| {
        ui.label("level");
        for (i, l) in LEVELS.iter().enumerate().filter(|(_, l)| !l.play) {
            let r = ui.selectable_label(p.options.level == Some(i), l.name).on_hover_text(l.note);
            remember(ui, &format!("{LEVEL_BUTTON}.{i}"), r.rect);
            if r.clicked() {
                cmd(out, PlaygroundCommand::LoadLevel(i));
            }
        }
    });
    if let Some(l) = p.options.level.and_then(|i| LEVELS.get(i)) {
        ui.label(RichText::new(l.note).small());
    }
    ui.horizontal(|ui| {
        ui.label("left drag");
        for (b, name) in [(Brush::Paint, "paints"), (Brush::Erase, "erases")] {
            if ui.selectable_label(p.brush == b, name).clicked() && p.brush != b {
                cmd(out, PlaygroundCommand::SetBrush(b));
            }
        }
        if ui.button("Clear").on_hover_text("empty every cell").clicked() {
            cmd(out, PlaygroundCommand::Clear);
        }
    });
    ui.label(RichText::new("Right drag or Shift + drag erases. Drag the arrow's tip to throw.").small().weak());
    tilted(ui, state, out);
}

/// The rotated boxes: add one, and for each its angle (a drag value) and a remove button.
fn tilted(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let t = &state.playground.options.tilted;
    ui.horizontal_wrapped(|ui| {
        let r = ui
            .add_enabled(t.len() < crate::app::playground::MAX_TILTED, egui::Button::new("add tilted wall"))
            .on_hover_text("a rotated box: drag it to move it, its handle to turn it");
        remember(ui, ADD_TILTED, r.rect);
        if r.clicked() {
            cmd(out, PlaygroundCommand::AddTilted);
        }
    });
    for (index, b) in t.iter().enumerate() {
        ui.horizontal(|ui| {
            let mut deg = b.degrees;
            ui.label(format!("box {}", index + 1));
            if ui.add(egui::DragValue::new(&mut deg).range(-360.0..=360.0).suffix("°")).changed() {
                cmd(out, PlaygroundCommand::SetTilted { index, tilted: TiltedBox { degrees: deg, ..*b } });
            }
            if ui.small_button("×").on_hover_text("remove it").clicked() {
                cmd(out, PlaygroundCommand::RemoveTilted(index));
            }
        });
    }
}

fn controls(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let p = &state.playground;
    ui.horizontal_wrapped(|ui| {
        let r = ui.button(if p.paused { "▶ Resume  (G)" } else { "⏸ Pause  (G)" });
        remember(ui, PAUSE_BUTTON, r.rect);
        if r.clicked() {
            r.surrender_focus();
            cmd(out, PlaygroundCommand::PauseResume);
        }
        let r = ui.button("Step  (S)").on_hover_text("one fixed step (1/120 s), paused");
        remember(ui, STEP_BUTTON, r.rect);
        if r.clicked() {
            r.surrender_focus();
            cmd(out, PlaygroundCommand::Step);
        }
        if ui.button("⏮ Throw again  (R)").clicked() {
            cmd(out, PlaygroundCommand::Restart);
        }
    });
    let mut k = p.options.speed;
    let slider = egui::Slider::new(&mut k, MIN_SPEED..=MAX_SPEED).logarithmic(true).text("speed  (, .)");
    let r = ui.add(slider).on_hover_text("simulated seconds per second: , slower, . faster");
    super::widgets::name_slider(&r, ui.is_enabled(), "speed  (, .)", k as f64);
    if r.changed() {
        cmd(out, PlaygroundCommand::SetTimeScale(k));
    }
    ui.horizontal(|ui| {
        let mut g = p.options.gravity;
        if ui.checkbox(&mut g, "gravity").changed() {
            cmd(out, PlaygroundCommand::SetGravity(g));
        }
        let mut race = p.options.race;
        let r = ui.checkbox(&mut race, "race every strategy");
        remember(ui, RACE_SWITCH, r.rect);
        if r.changed() {
            cmd(out, PlaygroundCommand::SetRace(race));
        }
    });
    ui.horizontal(|ui| {
        ui.label("throw /s");
        let mut v = p.options.throw;
        let mut changed = false;
        for (i, x) in v.iter_mut().enumerate() {
            if let Some(n) = edit(ui, &axis_name("throw per second", i), *x, -1000.0..=1000.0, 0.1) {
                *x = n;
                changed = true;
            }
        }
        if changed {
            cmd(out, PlaygroundCommand::SetThrow(v));
        }
    });
    ui.label(
        RichText::new(format!(
            "t = {} s, {} fixed steps of 1/120 s{}",
            num(p.time()),
            p.steps,
            if p.options.race { "" } else { "; ← → run, ↑ or Space jumps" }
        ))
        .small()
        .weak(),
    );
}

fn strategy(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let p = &state.playground;
    let s = p.options.strategy.info();
    ui.horizontal(|ui| {
        let name = if p.options.race && !p.options.play { "explain" } else { "strategy" };
        ui.label(name);
        let combo = egui::ComboBox::from_id_salt("playground.strategy")
            .selected_text(s.id)
            .width(ui.available_width() - 8.0)
            .show_ui(ui, |ui| {
                for (i, e) in STRATEGIES.iter().enumerate() {
                    let t = RichText::new(e.id).color(c32(palette::race_colour(i)));
                    if ui.selectable_label(e.kind == s.kind, t).clicked() && e.kind != s.kind {
                        cmd(out, PlaygroundCommand::SetStrategy(e.kind));
                    }
                }
            });
        let name = if name == "explain" { "Strategy to explain" } else { "Strategy" };
        super::focus::name_combo(&combo.response, ui.is_enabled(), name, s.id);
    });
    // A short header: a CollapsingHeader's title does not wrap and would widen the whole panel.
    egui::CollapsingHeader::new("How it works").id_salt("playground.explain").default_open(true).show(ui, |ui| {
        ui.label(RichText::new(s.name).strong());
        ui.label(RichText::new(s.explanation).small());
        ui.label(RichText::new(format!("Source: {}", s.source)).small().italics().weak());
        for (i, line) in s.pseudocode.iter().enumerate() {
            ui.add(egui::Label::new(RichText::new(format!("{:>2} {line}", i + 1)).monospace().small()).wrap());
        }
        ui.label(RichText::new(if s.swept { "swept: cannot tunnel" } else { "discrete: can tunnel" }).small().weak());
        ui.label(RichText::new(format!("Rotated boxes: {}", s.oriented)).small().weak());
    });
}

fn race_table(ui: &mut egui::Ui, state: &State) {
    let p = &state.playground;
    // Narrow columns: the table must fit the narrowest panel (240 points).
    egui::Grid::new("playground.race").num_columns(4).spacing([6.0, 3.0]).striped(true).show(ui, |ui| {
        ui.label(RichText::new("strategy").small());
        ui.label(RichText::new("bumps").small());
        ui.label(RichText::new("tunnels").small());
        let lost_head = match p.measure_steps() {
            Some(n) => format!("lost /s, {} s", num(n as f32 * STEP_SECONDS)),
            None => "lost /s".to_string(),
        };
        ui.label(RichText::new(lost_head).small()).on_hover_text(
            "speed lost since the throw (negative: gained); a level's measurement window ends while the balls are still on the floor",
        );
        ui.end_row();
        for r in &p.runners {
            let colour = c32(palette::race_colour(strategy_index(r.strategy)));
            ui.label(RichText::new(r.strategy.as_str()).monospace().small().color(colour));
            ui.label(RichText::new(r.bumps.len().to_string()).monospace());
            let t = RichText::new(r.tunnels.len().to_string()).monospace();
            ui.label(if r.tunnels.is_empty() { t } else { t.color(c32(palette::WARNING)) });
            let lost = p.speed_lost(r);
            let t = RichText::new(num(lost)).monospace();
            ui.label(if lost.abs() > 1e-3 { t.color(c32(palette::TOUCHING)) } else { t });
            ui.end_row();
        }
    });
    bump_list(ui, state);
}

/// The speed each strategy lost at each bump (a seam, mostly), where it happened: the numbers
/// behind the plot's dips.
fn bump_list(ui: &mut egui::Ui, state: &State) {
    let bumped: Vec<_> = state.playground.runners.iter().filter(|r| !r.bumps.is_empty()).collect();
    let title = format!("Speed lost at each bump ({})", bumped.iter().map(|r| r.bumps.len()).sum::<usize>());
    ui.ctx().data_mut(|d| d.insert_temp(egui::Id::new(BUMP_ROWS), bumped.len()));
    egui::CollapsingHeader::new(RichText::new(title).small()).id_salt("playground.bumps").show(ui, |ui| {
        if bumped.is_empty() {
            ui.label(RichText::new("No bumps: every runner kept its speed at the seams.").small().weak());
        }
        for r in bumped {
            let colour = c32(palette::race_colour(strategy_index(r.strategy)));
            ui.label(RichText::new(r.strategy.as_str()).monospace().small().color(colour));
            let shown = r.bumps.iter().take(MAX_BUMPS_LISTED);
            let line = shown.map(|b| format!("x {} → −{}/s", num(b.at[0]), num(b.lost))).collect::<Vec<_>>().join(", ");
            let more = r.bumps.len().saturating_sub(MAX_BUMPS_LISTED);
            let line = if more > 0 { format!("{line}, … {more} more") } else { line };
            ui.label(RichText::new(line).small());
        }
    });
}

/// Bumps listed per strategy; the rest are counted.
const MAX_BUMPS_LISTED: usize = 8;

fn speed_plot(ui: &mut egui::Ui, state: &State) {
    use egui_plot::{Line, Plot, PlotPoints};
    let p = &state.playground;
    ui.label(RichText::new("Speed over time (units/s): a dip is speed lost at a seam").small());
    let mut drawn = 0usize;
    let r = Plot::new("playground.speed")
        .height(150.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .include_y(0.0)
        .include_x(0.0)
        .custom_x_axes(vec![egui_plot::AxisHints::new_x().label("s").label_spacing(24.0..=40.0)])
        .show(ui, |plot| {
            for r in &p.runners {
                // At most ~600 points a line.
                let n = (r.speeds.len() / 600).max(1);
                let pts: PlotPoints = r
                    .speeds
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| i % n == 0 || i + 1 == r.speeds.len())
                    .map(|(i, &v)| [i as f64 * f64::from(STEP_SECONDS), f64::from(v)])
                    .collect();
                let colour = c32(palette::race_colour(strategy_index(r.strategy)));
                plot.line(Line::new(pts).name(r.strategy.as_str()).color(colour).width(1.5));
                drawn += 1;
            }
        });
    remember(ui, SPEED_PLOT, r.response.rect);
    ui.ctx().data_mut(|d| d.insert_temp(egui::Id::new(SPEED_LINES), drawn));
}

#[cfg(test)]
#[path = "playground_tests.rs"]
mod tests;
