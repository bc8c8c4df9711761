//! The benchmark section, run headless on a bare `egui::Context`.

use super::*;
use crate::app::bench as app_bench;
use crate::app::{apply, SceneOptions};
use crate::bench::{BenchConfig, ScalarResult, SetSpec};
use crate::ui::headless::{click, pass, rect};
use crate::ui::style;

fn ctx() -> egui::Context {
    let ctx = egui::Context::default();
    style(&ctx);
    ctx
}

/// A state with the benchmark section open.
fn opened(ctx: &egui::Context, state: &State) {
    pass(ctx, state, vec![]);
    pass(ctx, state, vec![]);
    assert!(click(ctx, state, BENCH_HEADER).is_empty());
}

fn bars(ctx: &egui::Context) -> usize {
    ctx.data(|d| d.get_temp(egui::Id::new(CHART_BARS))).expect("chart drawn")
}

/// Hand-made results: every algorithm on every app set in 2D, a single 3D cell.
fn results() -> Results {
    let mut r = Results { level: "portable", bandwidth_gb_s: 10.0, ..Results::default() };
    for (k, spec) in app_bench::Preset::Quick.config().sets.iter().enumerate() {
        for (i, a) in ALGORITHMS.iter().enumerate() {
            r.scalar.push(ScalarResult {
                algorithm: a.id,
                dim: 2,
                set: spec.name.clone(),
                n: spec.n,
                ns_per_test: 1.0 + i as f64 + 0.1 * k as f64,
                hits: 0,
                exact_hits: 0,
            });
        }
    }
    r.scalar.push(ScalarResult { dim: 3, ..r.scalar[0].clone() });
    r
}

#[test]
fn run_quick_starts_a_run_and_cancel_stops_it() {
    let ctx = ctx();
    let mut state = State::new(SceneOptions::default());
    opened(&ctx, &state);
    assert!(ctx.data(|d| d.get_temp::<usize>(egui::Id::new(CHART_BARS))).is_none(), "no chart before a run");
    let cmds = click(&ctx, &state, RUN_QUICK_BUTTON);
    assert_eq!(cmds, vec![Command::Bench(BenchCommand::Start(Preset::Quick))]);
    assert!(click(&ctx, &state, CANCEL_BUTTON).is_empty(), "Cancel is disabled with no run");
    for c in cmds {
        apply(&mut state, c);
    }
    assert!(state.bench.is_running());
    pass(&ctx, &state, vec![]);
    assert!(click(&ctx, &state, RUN_FULL_BUTTON).is_empty(), "Run is disabled during a run");
    let cmds = click(&ctx, &state, CANCEL_BUTTON);
    assert_eq!(cmds, vec![Command::Bench(BenchCommand::Cancel)]);
    for c in cmds {
        apply(&mut state, c);
    }
    assert!(!state.bench.is_running() && state.bench.cancelled);
    assert_eq!(click(&ctx, &state, RUN_FULL_BUTTON), vec![Command::Bench(BenchCommand::Start(Preset::Full))]);
}

#[test]
fn the_chart_draws_a_bar_per_measured_cell_and_toggles_to_3d() {
    let ctx = ctx();
    let mut state = State::new(SceneOptions::default());
    state.bench.last = Some(results());
    state.bench.preset = Some(Preset::Quick);
    opened(&ctx, &state);
    pass(&ctx, &state, vec![]);
    assert_eq!(bars(&ctx), ALGORITHMS.len() * 6);
    let cmds = click(&ctx, &state, DIM_3D_BUTTON);
    assert_eq!(cmds, vec![Command::Bench(BenchCommand::ShowDim(3))]);
    for c in cmds {
        apply(&mut state, c);
    }
    pass(&ctx, &state, vec![]);
    assert_eq!(bars(&ctx), 1, "3D: the one 3D cell");
    // Hovering over the chart (bar tooltips) does not panic either.
    let r = rect(&ctx, BENCH_HEADER);
    for y in (0..40).map(|k| r.max.y + 10.0 * k as f32) {
        pass(&ctx, &state, vec![egui::Event::PointerMoved(egui::pos2(r.center().x + 60.0, y))]);
    }
}

#[test]
fn a_real_run_stepped_between_passes_renders_throughout() {
    let ctx = ctx();
    let mut state = State::new(SceneOptions::default());
    state.bench.clock = || {
        thread_local!(static NOW: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) });
        NOW.with(|n| {
            n.set(n.get() + 1e-6);
            n.get()
        })
    };
    opened(&ctx, &state);
    let config = BenchConfig {
        sets: vec![SetSpec::new("small", 256, 50, 1)],
        dims: vec![2],
        samples: 3,
        tests_per_sample: 20_000,
        batched_sizes: vec![],
        pairs_max: 0,
    };
    app_bench::start_with(&mut state.bench, Preset::Quick, config);
    let mut passes = 0;
    while state.bench.is_running() {
        app_bench::step(&mut state.bench, 0.0);
        assert!(pass(&ctx, &state, vec![]).is_empty());
        passes += 1;
        assert!(passes < 10_000);
    }
    assert!(passes > 1, "{passes}");
    let r = state.bench.results().expect("results");
    assert_eq!(r.scalar.len(), ALGORITHMS.len());
    pass(&ctx, &state, vec![]);
    // One bar per algorithm: the one set ("small-50") is one of the chart's.
    assert_eq!(bars(&ctx), ALGORITHMS.len());
}
