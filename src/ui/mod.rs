//! The egui side panel. It reads the state and the core's analysis and returns [`Command`]s; it
//! never changes the state itself, so it can be run headless on a bare `egui::Context` in tests.

pub mod bench;
#[cfg(test)]
mod headless;
pub mod motion;
pub mod playground;
pub mod teach;
#[cfg(test)]
mod tests;
pub mod three;
#[cfg(test)]
mod three_tests;

use crate::app::palette::{self, Rgba};
use crate::app::{Analysis, CaseMode, Command, State, CONTROLS};
use crate::geom::{Circle, Rect, ResponseCase, ALGORITHMS, AXES};
use egui::{Color32, RichText};

fn c32(c: Rgba) -> Color32 {
    Color32::from_rgba_unmultiplied(c[0], c[1], c[2], c[3])
}

/// Where tests find the panel's main buttons: their rectangles are stored in egui's temporary
/// memory under these ids after each pass.
pub const RESET_BUTTON: &str = "panel.reset";
pub const APPLY_BUTTON: &str = "panel.apply";

/// The panel's background. The frame loop paints it (a scissored clear, `render::flat::clear_rect`)
/// and egui's side panel is left unfilled: on a software rasteriser egui's fill, a textured quad the
/// height of the window, was a sixth of a frame.
pub const PANEL_FILL: Color32 = Color32::from_rgb(32, 35, 43);

/// egui's fonts with Hack last in the proportional family. Ubuntu Light has no arrows or set symbols
/// (→ ∈ ⇒ ‖), nor do the symbol fonts egui falls back to, so a label with one showed egui's ◻ box.
/// Hack has them. (The symbol fonts hold only what the sources write: see `crates/egui-fonts`.)
#[must_use]
pub fn fonts() -> egui::FontDefinitions {
    let mut defs = egui::FontDefinitions::default();
    defs.families.entry(egui::FontFamily::Proportional).or_default().push("Hack".to_owned());
    defs
}

/// Fonts, font sizes and spacing for a panel that stays readable on a projector.
pub fn style(ctx: &egui::Context) {
    use egui::{FontFamily, FontId, TextStyle};
    ctx.set_fonts(fonts());
    ctx.style_mut(|s| {
        s.text_styles = [
            (TextStyle::Heading, FontId::new(21.0, FontFamily::Proportional)),
            (TextStyle::Body, FontId::new(15.0, FontFamily::Proportional)),
            (TextStyle::Button, FontId::new(15.0, FontFamily::Proportional)),
            (TextStyle::Small, FontId::new(12.5, FontFamily::Proportional)),
            (TextStyle::Monospace, FontId::new(13.5, FontFamily::Monospace)),
        ]
        .into();
        s.spacing.item_spacing = egui::vec2(8.0, 6.0);
        s.spacing.button_padding = egui::vec2(8.0, 4.0);
        s.visuals = egui::Visuals::dark();
        s.visuals.panel_fill = PANEL_FILL;
        s.visuals.extreme_bg_color = Color32::from_rgb(22, 24, 30);
    });
}

/// The side panel's width for a window of `width` points: 30 %, within 240..420, and never more
/// than 42 % of the window.
#[must_use]
pub fn panel_width(width: f32) -> f32 {
    (0.3 * width).clamp(240.0, 420.0).min(0.42 * width)
}

/// Runs the panel for one pass. Returns what the user asked for.
pub fn panel(ctx: &egui::Context, state: &State, a: &Analysis) -> Vec<Command> {
    panel_scrolled(ctx, state, a, 0.0)
}

/// [`panel`], scrolling its content by `scroll` points (positive: content moves up, as when the
/// wheel turns towards the user). egui-macroquad hands egui only 1/90 of a desktop wheel notch,
/// so the frame loop scrolls the panel itself.
pub fn panel_scrolled(ctx: &egui::Context, state: &State, a: &Analysis, scroll: f32) -> Vec<Command> {
    let mut out = Vec::new();
    if !state.panel_visible {
        return out;
    }
    let width = panel_width(ctx.screen_rect().width());
    // A fixed share of the window: the layout (and every screenshot) depends only on the window size.
    // Unfilled: the frame loop paints the background (see [`PANEL_FILL`]).
    let frame = egui::Frame::side_top_panel(&ctx.style()).fill(Color32::TRANSPARENT);
    egui::SidePanel::right("panel").resizable(false).exact_width(width).frame(frame).show(ctx, |ui| {
        let offset_id = egui::Id::new("panel.scroll_offset");
        let mut area = egui::ScrollArea::vertical().id_salt("panel.scroll").auto_shrink([false, false]);
        if scroll != 0.0 {
            let current = ui.ctx().data(|d| d.get_temp::<f32>(offset_id)).unwrap_or(0.0);
            area = area.vertical_scroll_offset((current + scroll).max(0.0));
        }
        let shown = area.show(ui, |ui| {
            ui.add_space(6.0);
            header(ui, state, &mut out);
            ui.separator();
            teach::lesson_card(ui, state, &mut out);
            // The playground leads the panel when it is on; off, its switch waits further down.
            if state.mode.playground() {
                playground::section(ui, state, &mut out);
            }
            if state.mode.is_three() {
                // The 3D view: the same sections, fed by the 3D analysis.
                three::erratum(ui, &mut out);
                ui.separator();
                let a3 = state.analysis3();
                let v = Verdicts { verdict: a3.verdict, state: a3.contact.state, verdicts: &a3.verdicts, dim: 3 };
                algorithm_section(ui, state, &v, &mut out);
                ui.separator();
                compare_section(ui, state, &v, &mut out);
                ui.separator();
                three::section(ui, state, &a3, &mut out);
                ui.separator();
                teach::section(ui, state, &mut out);
                ui.separator();
                legend(ui);
                ui.separator();
                help(ui);
                ui.add_space(12.0);
                return;
            }
            motion::section(ui, state, &mut out);
            ui.separator();
            let v = Verdicts { verdict: a.verdict, state: a.contact.state, verdicts: &a.verdicts, dim: 2 };
            algorithm_section(ui, state, &v, &mut out);
            ui.separator();
            compare_section(ui, state, &v, &mut out);
            ui.separator();
            response_section(ui, state, a, &mut out);
            ui.separator();
            if !state.mode.playground() {
                playground::section(ui, state, &mut out);
                ui.separator();
            }
            teach::section(ui, state, &mut out);
            ui.separator();
            scene_section(ui, state, &mut out);
            ui.separator();
            readouts(ui, a);
            ui.separator();
            bench::section(ui, state, &mut out);
            ui.separator();
            legend(ui);
            ui.separator();
            help(ui);
            ui.add_space(12.0);
        });
        ui.ctx().data_mut(|d| d.insert_temp(offset_id, shown.state.offset.y));
    });
    out
}

fn remember(ui: &egui::Ui, key: &str, rect: egui::Rect) {
    ui.ctx().data_mut(|d| d.insert_temp(egui::Id::new(key), rect));
}

fn header(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    ui.heading("circle-aabb-lab");
    ui.label(RichText::new("Circle vs box: every published overlap test, side by side.").small().weak());
    ui.horizontal(|ui| {
        let r = ui.button("Reset").on_hover_text("Back to the starting scene (R)");
        remember(ui, RESET_BUTTON, r.rect);
        if r.clicked() {
            r.surrender_focus();
            out.push(Command::Reset);
        }
        if ui.button("Hide panel").on_hover_text("H or Tab shows it again").clicked() {
            out.push(Command::TogglePanel);
        }
        ui.separator();
        three::view_switch(ui, state, out);
    });
}

fn verdict_text(v: bool) -> &'static str {
    if v {
        "overlap"
    } else {
        "no overlap"
    }
}

/// The verdicts the algorithm and compare sections show: the selected test's, the exact state and
/// every algorithm's, in 2D or 3D.
struct Verdicts<'a> {
    verdict: bool,
    state: crate::geom::State,
    verdicts: &'a [bool],
    dim: usize,
}

impl Verdicts<'_> {
    fn exact(&self) -> bool {
        self.state.is_overlap()
    }
}

fn algorithm_section(ui: &mut egui::Ui, state: &State, a: &Verdicts<'_>, out: &mut Vec<Command>) {
    let algo = state.algorithm();
    ui.label(RichText::new("Algorithm").strong());
    egui::ComboBox::from_id_salt("algorithm")
        .selected_text(format!("{}  {}", state.algorithm + 1, algo.name))
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

fn compare_section(ui: &mut egui::Ui, state: &State, a: &Verdicts<'_>, out: &mut Vec<Command>) {
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

fn response_section(ui: &mut egui::Ui, state: &State, a: &Analysis, out: &mut Vec<Command>) {
    ui.label(RichText::new("Response").strong());
    ui.horizontal(|ui| {
        ui.label("Case:");
        for mode in CaseMode::ALL {
            if ui.selectable_label(state.case == mode, mode.label()).clicked() && state.case != mode {
                out.push(Command::SetCase(mode));
            }
        }
    });
    let what = match a.response.case {
        ResponseCase::None => "Separated: nothing to push.",
        ResponseCase::Outside => "Outside: push along centre − closest point, by r − distance.",
        ResponseCase::Inside => "Inside: push out through the nearest face, by its distance + r.",
    };
    ui.label(RichText::new(what).small());
    let enabled = a.response.case != ResponseCase::None;
    let r = ui.add_enabled(enabled, egui::Button::new("Apply response  (Space)"));
    remember(ui, APPLY_BUTTON, r.rect);
    if r.clicked() {
        r.surrender_focus();
        out.push(Command::ApplyResponse);
    }
}

/// A DragValue on a copy; returns the new value when the user changed it.
fn edit(ui: &mut egui::Ui, value: f32, range: std::ops::RangeInclusive<f32>, speed: f64) -> Option<f32> {
    let mut v = value;
    // A value already outside the range (a scene text at 10⁵ scale) is left alone until edited:
    // clamping it would be an edit nobody made.
    let r =
        ui.add(egui::DragValue::new(&mut v).speed(speed).range(range).clamp_existing_to_range(false).max_decimals(3));
    (r.changed() && v.is_finite() && v != value).then_some(v)
}

const LIMIT: f32 = 1.0e4;

fn scene_section(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    ui.label(RichText::new("Scene").strong());
    let c = state.circle.center();
    let r = state.circle.radius();
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    egui::Grid::new("scene").num_columns(3).spacing([10.0, 4.0]).show(ui, |ui| {
        ui.label("circle centre");
        let mut centre = c;
        let mut changed = false;
        for v in centre.iter_mut() {
            if let Some(n) = edit(ui, *v, -LIMIT..=LIMIT, 0.02) {
                *v = n;
                changed = true;
            }
        }
        ui.end_row();
        ui.label("radius");
        let mut radius = r;
        if let Some(n) = edit(ui, r, 0.0..=LIMIT, 0.02) {
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
            if let Some(n) = edit(ui, lo[i], -LIMIT..=hi[i], 0.02) {
                nlo[i] = n;
                changed = true;
            }
        }
        ui.end_row();
        ui.label("box max");
        for i in 0..2 {
            if let Some(n) = edit(ui, hi[i], lo[i]..=LIMIT, 0.02) {
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
    });
}

use crate::format::{number as num, vector as vec_text};

/// One row of a read-out grid: the name, then the value in monospace (in a colour, if given).
fn row(ui: &mut egui::Ui, name: &str, value: String, color: Option<Rgba>) {
    ui.label(name);
    let t = RichText::new(value).monospace();
    ui.label(match color {
        Some(c) => t.color(c32(c)),
        None => t,
    });
    ui.end_row();
}

fn readouts(ui: &mut egui::Ui, a: &Analysis) {
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
        let f = a.faces;
        row(
            ui,
            "face distances",
            format!(
                "x−{} x+{} y−{} y+{}",
                num(f[0][0] as f32),
                num(f[0][1] as f32),
                num(f[1][0] as f32),
                num(f[1][1] as f32)
            ),
            None,
        );
    });
}

fn legend(ui: &mut egui::Ui) {
    ui.label(RichText::new("Legend").strong());
    let items: [(&str, Rgba); 9] = [
        ("separated", palette::SEPARATED),
        ("touching", palette::TOUCHING),
        ("overlapping", palette::OVERLAPPING),
        ("closest point, distance", palette::CLOSEST),
        ("push-out, ghost circle", palette::PUSH),
        ("least face distance (inside)", palette::FACE_LEAST),
        ("zone of the centre", palette::ZONE_HIGHLIGHT_TEXT),
        ("overlap region of the centre (dashed: box grown by r)", palette::ZONE_TEXT),
        ("planes_naive's false-positive corners", palette::WARNING),
    ];
    ui.horizontal_wrapped(|ui| {
        for (name, c) in items {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, c32(c));
            ui.label(RichText::new(name).small());
            ui.add_space(6.0);
        }
    });
}

fn help(ui: &mut egui::Ui) {
    egui::CollapsingHeader::new("Help: controls").id_salt("help").default_open(false).show(ui, |ui| {
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
}
