//! The benchmark section of the side panel: Run quick / Run full / Cancel, a progress bar with the
//! cell being measured, and a bar chart of ns/test per algorithm, one colour per input set. The run
//! itself lives in [`crate::app::bench`]; the frame loop works on it between frames.

use super::widgets::remember;
use crate::app::bench::{BenchCommand, BenchState, Preset};
use crate::app::{Command, State};
use crate::bench::Results;
use crate::geom::algo::ALGORITHMS;
use egui::{Color32, RichText};
use egui_plot::{Bar, BarChart, Plot};

/// Where tests find the section's header and buttons (rectangles in egui's temporary memory).
pub const BENCH_HEADER: &str = "bench.header";
pub const RUN_QUICK_BUTTON: &str = "bench.run_quick";
pub const RUN_FULL_BUTTON: &str = "bench.run_full";
pub const CANCEL_BUTTON: &str = "bench.cancel";
pub const DIM_3D_BUTTON: &str = "bench.dim3";
/// Set (to the number of bars) after each pass that drew the chart.
pub const CHART_BARS: &str = "bench.chart_bars";

/// Colours of the input sets in plan order: cache-resident (blues), then large and random
/// (oranges), each from 10 % to 90 % hits.
const COLOURS: [Color32; 6] = [
    Color32::from_rgb(150, 200, 250),
    Color32::from_rgb(80, 150, 230),
    Color32::from_rgb(40, 90, 190),
    Color32::from_rgb(255, 200, 120),
    Color32::from_rgb(240, 140, 50),
    Color32::from_rgb(200, 80, 20),
];

/// The app plan's input sets (the same in both presets) with their colours.
fn sets() -> Vec<(String, Color32)> {
    let names = Preset::Quick.config().sets.into_iter().map(|s| s.name);
    names.zip(COLOURS.iter().cycle().copied()).collect()
}

/// The code path the batched kernels take in this build.
#[must_use]
pub fn code_path(results: Option<&Results>) -> String {
    let level = results.map_or_else(|| crate::geom::batch::level().as_str(), |r| r.level);
    if cfg!(target_arch = "wasm32") {
        format!("wasm ({level})")
    } else {
        level.to_string()
    }
}

/// The collapsing "Benchmark" section.
pub fn section(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let b = &state.bench;
    let shown = egui::CollapsingHeader::new(RichText::new("Benchmark").strong())
        .id_salt("bench")
        .default_open(false)
        .show(ui, |ui| body(ui, b, out));
    remember(ui, BENCH_HEADER, shown.header_response.rect);
}

fn body(ui: &mut egui::Ui, b: &BenchState, out: &mut Vec<Command>) {
    ui.label(
        RichText::new(
            "Times every algorithm on the inputs of the bench command (without its 1M-pair set), a slice per \
             frame, so the window keeps drawing. ns per test: shorter bars are faster.",
        )
        .small(),
    );
    ui.horizontal(|ui| {
        let idle = !b.is_running();
        for (preset, key, text, tip) in [
            (Preset::Quick, RUN_QUICK_BUTTON, "Run quick", "Few short samples: rough figures in seconds"),
            (Preset::Full, RUN_FULL_BUTTON, "Run full", "More samples, batched arrays beyond L2: steadier"),
        ] {
            let r = ui.add_enabled(idle, egui::Button::new(text)).on_hover_text(tip);
            remember(ui, key, r.rect);
            if r.clicked() {
                r.surrender_focus();
                out.push(Command::Bench(BenchCommand::Start(preset)));
            }
        }
        let r = ui.add_enabled(!idle, egui::Button::new("Cancel"));
        remember(ui, CANCEL_BUTTON, r.rect);
        if r.clicked() {
            r.surrender_focus();
            out.push(Command::Bench(BenchCommand::Cancel));
        }
    });
    if let (Some(p), Some(current)) = (b.progress(), b.current()) {
        let preset = b.preset.map_or("", Preset::label);
        ui.add(egui::ProgressBar::new(p as f32).text(format!("{preset} {:.0} % · {current}", 100.0 * p)));
    } else if let Some(preset) = b.preset {
        let how = if b.cancelled { "cancelled (partial results)" } else { "done" };
        ui.label(RichText::new(format!("Last run: {} · {how}", preset.label())).small().weak());
    }
    ui.label(RichText::new(format!("Code path: {}", code_path(b.results()))).small().weak());

    let Some(results) = b.results() else { return };
    if !results.errors.is_empty() {
        for e in &results.errors {
            ui.label(RichText::new(format!("✖ {e}")).small().color(Color32::from_rgb(240, 90, 80)));
        }
    }
    ui.horizontal(|ui| {
        ui.label("Show:");
        for d in [2, 3] {
            let r = ui.selectable_label(b.dim == d, format!("{d}D"));
            if d == 3 {
                remember(ui, DIM_3D_BUTTON, r.rect);
            }
            if r.clicked() && b.dim != d {
                out.push(Command::Bench(BenchCommand::ShowDim(d)));
            }
        }
    });
    chart(ui, results, b.dim);
    table(ui, results, b.dim);
    roofline(ui, results, b.dim);
    if results.bandwidth_gb_s.is_finite() {
        let best = results.batched.iter().filter(|k| k.dim == b.dim).map(|k| k.tests_per_s).fold(0.0, f64::max);
        ui.label(
            RichText::new(format!(
                "Batched kernels: best {:.2} × 10⁹ tests/s ({}D); ceiling (stream_read) beyond the caches {:.1} GB/s.",
                best / 1e9,
                b.dim,
                results.bandwidth_gb_s
            ))
            .small(),
        );
    }
}

/// ns/test of `algorithm` on `set` in `dim`, if measured.
fn ns(results: &Results, algorithm: &str, dim: usize, set: &str) -> Option<f64> {
    results.scalar.iter().find(|s| s.algorithm == algorithm && s.dim == dim && s.set == set).map(|s| s.ns_per_test)
}

/// Horizontal bars, one row per algorithm (registry order, top down), one bar per input set.
fn chart(ui: &mut egui::Ui, results: &Results, dim: usize) {
    let sets = sets();
    let width = 0.8 / sets.len().max(1) as f64;
    let mut drawn = 0usize;
    let charts: Vec<BarChart> = sets
        .iter()
        .enumerate()
        .map(|(k, (set, colour))| {
            let bars: Vec<Bar> = ALGORITHMS
                .iter()
                .enumerate()
                .filter_map(|(i, a)| {
                    let v = ns(results, a.id, dim, set)?;
                    // Row i is centred on -i; the sets stack top (first) to bottom (last).
                    let y = -(i as f64) + 0.4 - width * (k as f64 + 0.5);
                    Some(Bar::new(y, v).width(width * 0.9).name(format!("{} · {set}", a.id)))
                })
                .collect();
            drawn += bars.len();
            BarChart::new(bars).name(set).color(*colour).horizontal()
        })
        .collect();
    // The colour key above the chart (a legend inside it would hide the longest bars).
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        for (set, colour) in &sets {
            let (r, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
            ui.painter().rect_filled(r, 2.0, *colour);
            ui.label(RichText::new(set).small());
            ui.add_space(4.0);
        }
    });
    let height = (30.0 * ALGORITHMS.len() as f32).max(160.0);
    Plot::new("bench.chart")
        .height(height)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_y(false)
        .include_x(0.0)
        .include_y(0.5)
        .include_y(-(ALGORITHMS.len() as f64) + 0.5)
        // Labels closer together than egui_plot's default (60 points): the panel is narrow.
        .custom_x_axes(vec![egui_plot::AxisHints::new_x().label("ns/test").label_spacing(24.0..=40.0)])
        .y_axis_min_width(70.0)
        // A grid line (and a label) on every row.
        .y_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 1.0, 1.0]))
        .y_axis_formatter(|mark, _| {
            let i = -mark.value;
            if (i - i.round()).abs() < 1e-6 && i >= 0.0 {
                ALGORITHMS.get(i.round() as usize).map_or(String::new(), |a| a.id.to_string())
            } else {
                String::new()
            }
        })
        .show(ui, |plot| {
            for c in charts {
                plot.bar_chart(c);
            }
        });
    ui.ctx().data_mut(|d| d.insert_temp(egui::Id::new(CHART_BARS), drawn));
}

/// The roofline picture of `bench --plot`: log₁₀ tests/s against log₁₀ bytes read per pass, one solid
/// line per batched kernel (1 thread) and, dashed in its colour, its ceiling (`stream_read` over the
/// same arrays); grey vertical lines at the L1/L2/L3 sizes.
fn roofline(ui: &mut egui::Ui, results: &Results, dim: usize) {
    use egui_plot::{Line, LineStyle, VLine};
    let rows: Vec<_> = results.batched.iter().filter(|b| b.dim == dim && b.threads == 1 && b.bytes > 0).collect();
    if rows.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(format!("Batched kernels vs ceiling, {dim}D"))
        .id_salt("bench.roofline")
        .default_open(true)
        .show(ui, |ui| {
            // The key above the plot, as the bar chart's: a legend inside the plot covered its lines.
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                for k in crate::bench::Kernel::ALL {
                    let [r, g, b] = k.rgb();
                    let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 10.0), egui::Sense::hover());
                    ui.painter().hline(
                        rect.x_range(),
                        rect.center().y,
                        egui::Stroke::new(2.0, Color32::from_rgb(r, g, b)),
                    );
                    ui.label(RichText::new(k.as_str()).small());
                    ui.add_space(4.0);
                }
            });
            ui.label(RichText::new("solid: tests/s; dashed: its memory-read ceiling; grey: L1, L2, L3").small().weak());
            let pow10 = |v: f64| {
                let e = 10f64.powf(v);
                if e >= 1e9 {
                    format!("{:.1}G", e / 1e9)
                } else if e >= 1e6 {
                    format!("{:.0}M", e / 1e6)
                } else if e >= 1e3 {
                    format!("{:.0}k", e / 1e3)
                } else {
                    format!("{e:.0}")
                }
            };
            Plot::new("bench.roofline")
                .height(200.0)
                .allow_drag(false)
                .allow_zoom(false)
                .allow_scroll(false)
                .allow_boxed_zoom(false)
                .x_axis_formatter(move |m, _| format!("{}B", pow10(m.value)))
                .y_axis_formatter(move |m, _| pow10(m.value))
                .custom_x_axes(vec![egui_plot::AxisHints::new_x().label("bytes read").label_spacing(24.0..=40.0)])
                .show(ui, |plot| {
                    let c = &results.caches;
                    for (name, size) in [("L1", c.l1d), ("L2", c.l2), ("L3", c.l3)] {
                        plot.vline(VLine::new((size.max(1) as f64).log10()).name(name).color(Color32::GRAY));
                    }
                    for k in crate::bench::Kernel::ALL {
                        let ([r, g, b], kernel) = (k.rgb(), k.as_str());
                        let colour = Color32::from_rgb(r, g, b);
                        let mut pts: Vec<_> = rows.iter().filter(|b| b.kernel == kernel).collect();
                        pts.sort_by_key(|b| b.bytes);
                        let line = |f: &dyn Fn(&crate::bench::BatchedResult) -> f64| -> Vec<[f64; 2]> {
                            pts.iter().map(|b| [(b.bytes as f64).log10(), f(b).max(1.0).log10()]).collect()
                        };
                        plot.line(Line::new(line(&|b| b.tests_per_s)).name(kernel).color(colour).width(2.0));
                        plot.line(
                            Line::new(line(&|b| b.ceiling_tests_per_s))
                                .name(format!("{kernel} ceiling"))
                                .color(colour)
                                .style(LineStyle::dashed_loose()),
                        );
                    }
                });
        });
}

/// The same figures as numbers.
fn table(ui: &mut egui::Ui, results: &Results, dim: usize) {
    egui::CollapsingHeader::new(format!("Table: ns/test, {dim}D")).id_salt("bench.table").default_open(false).show(
        ui,
        |ui| {
            let sets = sets();
            egui::Grid::new("bench.grid").striped(true).spacing([8.0, 2.0]).show(ui, |ui| {
                ui.label("");
                for (set, c) in &sets {
                    ui.label(RichText::new(set).small().color(*c));
                }
                ui.end_row();
                for a in ALGORITHMS {
                    ui.label(RichText::new(a.id).small());
                    for (set, _) in &sets {
                        let t = ns(results, a.id, dim, set).map_or("·".to_string(), |v| format!("{v:.2}"));
                        ui.label(RichText::new(t).small().monospace());
                    }
                    ui.end_row();
                }
            });
        },
    );
}

#[cfg(test)]
#[path = "bench_tests.rs"]
mod tests;

#[cfg(test)]
mod roofline_tests {
    use super::*;
    use crate::bench::{BatchedResult, CacheSizes};

    #[test]
    fn the_roofline_plot_draws_kernels_and_ceilings_headless() {
        let mut r =
            Results { level: "avx512", caches: CacheSizes::FALLBACK, threads_available: 2, ..Results::default() };
        for (i, bytes) in [16usize << 10, 512 << 10, 8 << 20, 128 << 20].into_iter().enumerate() {
            for kernel in crate::bench::Kernel::ALL.map(|k| k.as_str()) {
                for threads in [1, 2] {
                    r.batched.push(BatchedResult {
                        kernel,
                        dim: 2,
                        n: bytes / 12,
                        tests_per_s: 6e9 / (i + 1) as f64,
                        bytes_per_test: 12,
                        sum_gb_s: 80.0,
                        percent_of_bandwidth: 90.0,
                        bytes,
                        cache_level: r.caches.level_of(bytes),
                        path: "avx512",
                        threads,
                        ceiling_gb_s: 80.0,
                        ceiling_tests_per_s: 80e9 / 12.0,
                        percent_of_ceiling: 90.0,
                        noise_percent: 1.0,
                        efficiency: 1.0 / threads as f64,
                    });
                }
            }
        }
        let ctx = egui::Context::default();
        for _ in 0..2 {
            let _ = ctx.run(egui::RawInput::default(), |ctx| {
                egui::CentralPanel::default().show(ctx, |ui| {
                    roofline(ui, &r, 2);
                    roofline(ui, &r, 3); // no 3D rows: nothing drawn, no panic
                });
            });
        }
    }
}
