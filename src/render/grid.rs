//! The world grid and its tick numbers.

use super::aa;
use super::backdrop::Backdrop;
use super::label::text;
use super::style::{to_color, Sizes};
use crate::app::palette;
use crate::app::State;
use macroquad::prelude::*;

/// World grid lines on a 1-2-5 step about 60 px apart, axes brighter, tick numbers on the left and
/// bottom edges. Drawn over the backdrop, each line in the colour it had under the zone's tints.
pub fn draw_grid(state: &State, sizes: Sizes, backdrop: &Backdrop) {
    let (c, v) = (state.canvas, state.view);
    let step = crate::format::nice_step(60.0 * sizes.scale / v.scale);
    let lo = v.to_world(vec2(c.x, c.y + c.h));
    let hi = v.to_world(vec2(c.x + c.w, c.y));
    let decimals = if step >= 1.0 { 0 } else { (-step.log10().floor()) as usize };
    let fs = sizes.font(13.0);
    let w = sizes.line(1.0);
    // Negative ticks with a typographic minus (−), as the panel writes them.
    let tick = |x: f32| format!("{:.*}", decimals, if x.abs() < step * 1e-3 { 0.0 } else { x }).replace('-', "−");

    let mut i = (lo[0] / step).ceil() as i64;
    while (i as f32) * step <= hi[0] && i < (lo[0] / step).ceil() as i64 + 400 {
        let x = i as f32 * step;
        let sx = v.to_screen([x, 0.0]).x;
        let color = if i == 0 { palette::AXIS } else { palette::GRID };
        for p in backdrop.down_column(sx, aa::reach(w), color) {
            // Drawn downwards, the normal points left: offsets below the border's are right of it.
            aa::line_cut(vec2(sx, p.from), vec2(sx, p.to), w, sx - p.border, to_color(p.after), to_color(p.before));
        }
        text(&tick(x), sx + 3.0, c.y + c.h - 5.0, fs, to_color(palette::TICK_TEXT));
        i += 1;
    }
    let mut j = (lo[1] / step).ceil() as i64;
    while (j as f32) * step <= hi[1] && j < (lo[1] / step).ceil() as i64 + 400 {
        let y = j as f32 * step;
        let sy = v.to_screen([0.0, y]).y;
        let color = if j == 0 { palette::AXIS } else { palette::GRID };
        for p in backdrop.along_row(sy, aa::reach(w), color) {
            // Drawn rightwards, the normal points down: offsets below the border's are above it.
            aa::line_cut(vec2(p.from, sy), vec2(p.to, sy), w, p.border - sy, to_color(p.before), to_color(p.after));
        }
        text(&tick(y), c.x + 4.0, sy - 3.0, fs, to_color(palette::TICK_TEXT));
        j += 1;
    }
}
