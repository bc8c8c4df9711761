//! The colour legend at the canvas's bottom right.

use super::label::text;
use super::shapes::{centre_hatch, verdict_outline};
use super::style::{to_color, Sizes};
use super::{paint, typeset};
use crate::app::palette::{self, Rgba};
use crate::app::{ScreenRect, State};
use macroquad::prelude::vec2;

/// The 2D view's legend: the three contact states (each with its outline cue, as on the circle)
/// and the construction's colours.
pub fn draw_legend(state: &State, sizes: Sizes) {
    let c = state.canvas;
    let fs = sizes.font(13.0);
    legend_row(c, sizes, fs, &palette::LEGEND, 60.0, 24.0);
}

/// The swatch of a legend colour: a small circle in the verdict's outline cue for the three
/// verdict colours, a square for the rest.
fn swatch(x: f32, y: f32, sw: f32, colour: Rgba, sizes: Sizes) {
    let cue = [
        (palette::SEPARATED, palette::Cue::Solid),
        (palette::TOUCHING, palette::Cue::Double),
        (palette::OVERLAPPING, palette::Cue::Dashed),
    ]
    .iter()
    .find(|(c, _)| *c == colour)
    .map(|&(_, cue)| cue);
    match cue {
        Some(cue) => {
            let r = 0.7 * sw;
            let cs = vec2(x + 0.5 * sw, y - 0.5 * sw);
            verdict_outline(cs, r, sizes.line(1.6), to_color(colour), cue, Sizes { scale: 0.4 * sizes.scale, ..sizes });
            if cue == palette::Cue::Dashed {
                centre_hatch(cs, 0.45 * r, sizes.line(1.3), to_color(colour));
            }
        }
        None => paint::rectangle(x, y - sw, sw, sw, to_color(colour)),
    }
}

/// Colour swatches with their names in one row, right-aligned at the canvas's bottom (`bottom` × k up);
/// nothing when the row would leave less than `margin` × k free on its left (the panel's legend says the same).
pub fn legend_row(c: ScreenRect, sizes: Sizes, fs: u16, items: &[(&str, Rgba)], margin: f32, bottom: f32) {
    let sw = 12.0 * sizes.scale;
    let gap = 14.0 * sizes.scale;
    let total: f32 = items.iter().map(|(s, _)| typeset::measure(s, fs).width + sw + 9.0 * sizes.scale + gap).sum();
    if total > c.w - margin * sizes.scale {
        return;
    }
    let mut x = c.x + c.w - total;
    let y = c.y + c.h - bottom * sizes.scale;
    for &(s, colour) in items {
        swatch(x, y, sw, colour, sizes);
        let m = text(s, x + sw + 9.0 * sizes.scale, y, fs, to_color(palette::TEXT));
        x += sw + 9.0 * sizes.scale + m.width + gap;
    }
}
