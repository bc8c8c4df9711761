//! What the selected algorithm's trace looked at, drawn over the shapes.

use crate::app::palette;
use crate::app::State;
use crate::geom::algo::{Focus, Trace};
use crate::render::canvas_zones::zone_rect;
use crate::render::label::label;
use crate::render::strokes::dashed_line;
use crate::render::style::{to_color, Sizes};
use crate::render::{aa, paint};
use macroquad::prelude::*;

pub use crate::app::palette::{FOCUS, SLAB_ALPHA};

/// The selected algorithm's trace for the current scene, when it is shown on the canvas. Made once
/// a frame: the backdrop takes its axis slabs from it, [`draw_trace_focus`] the rest.
#[must_use]
pub fn canvas_trace(state: &State) -> Option<Trace<2>> {
    state.teach.trace_on_canvas.then(|| (state.algorithm().trace_2d)(&state.circle, &state.aabb))
}

/// Which axis slabs the trace looks at (`Focus::Axis`).
#[must_use]
pub fn axis_slabs(trace: Option<&Trace<2>>) -> [bool; 2] {
    let on = |i: usize| trace.is_some_and(|t| t.steps.iter().any(|s| s.focus == Focus::Axis(i)));
    [on(0), on(1)]
}

/// What the selected algorithm's trace looked at, for the current scene.
pub fn draw_trace_focus(state: &State, trace: Option<&Trace<2>>, sizes: Sizes) {
    let Some(trace) = trace else { return };
    let (c, v) = (state.canvas, state.view);
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let focus = to_color(FOCUS);
    let w = sizes.line(2.5);
    let fs = sizes.font(14.0);
    let mut seen: Vec<&Focus<2>> = Vec::new();
    for step in &trace.steps {
        if seen.contains(&&step.focus) {
            continue;
        }
        seen.push(&step.focus);
        match &step.focus {
            Focus::None => {}
            // The slab min[i] ≤ p[i] ≤ max[i] across the canvas is part of the backdrop
            // (`axis_slabs`), laid before the shapes.
            Focus::Axis(_) => {}
            Focus::GrownBox(r) => {
                let (a, b) = (v.to_screen([lo[0] - r, lo[1] - r]), v.to_screen([hi[0] + r, hi[1] + r]));
                for (p, q) in [
                    (vec2(a.x, a.y), vec2(b.x, a.y)),
                    (vec2(b.x, a.y), vec2(b.x, b.y)),
                    (vec2(b.x, b.y), vec2(a.x, b.y)),
                    (vec2(a.x, b.y), vec2(a.x, a.y)),
                ] {
                    dashed_line(p, q, w, focus, 9.0 * sizes.scale);
                }
                label("box grown by r", 0.5 * (a.x + b.x), b.y - 12.0 * sizes.scale, fs, focus, true);
            }
            Focus::Point(p) => {
                let s = v.to_screen(*p);
                aa::rim(s.x, s.y, sizes.line(9.0), w, focus);
                let cs = v.to_screen(state.circle.center());
                dashed_line(cs, s, sizes.line(1.5), to_color(palette::alpha(FOCUS, 180)), 4.0 * sizes.scale);
            }
            Focus::Zone(n) => {
                let r = zone_rect(state, n % 3, n / 3);
                paint::rectangle_lines(r.x, r.y, r.w, r.h, sizes.line(3.0), focus);
            }
            Focus::Plane { axis, upper, cut } => {
                // The face's line, extended across the canvas, and the circle's chord on it.
                let x = if *upper { hi[*axis] } else { lo[*axis] };
                let ctr = state.circle.center();
                let other = 1 - axis;
                let (p, q, a, b) = if *axis == 0 {
                    let s = v.to_screen([x, 0.0]).x;
                    (
                        vec2(s, c.y),
                        vec2(s, c.y + c.h),
                        v.to_screen([x, ctr[other] - cut]),
                        v.to_screen([x, ctr[other] + cut]),
                    )
                } else {
                    let s = v.to_screen([0.0, x]).y;
                    (
                        vec2(c.x, s),
                        vec2(c.x + c.w, s),
                        v.to_screen([ctr[other] - cut, x]),
                        v.to_screen([ctr[other] + cut, x]),
                    )
                };
                dashed_line(p, q, sizes.line(1.5), to_color(palette::alpha(FOCUS, 160)), 10.0 * sizes.scale);
                if *cut > 0.0 {
                    aa::line(a.x, a.y, b.x, b.y, sizes.line(5.0), focus);
                }
            }
        }
    }
}
