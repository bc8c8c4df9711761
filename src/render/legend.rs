//! The colour legend at the canvas's bottom right.

use super::label::text;
use super::style::{to_color, Sizes};
use super::{paint, typeset};
use crate::app::palette::{self, Rgba};
use crate::app::{ScreenRect, State};

/// The 2D view's legend: the three contact states and the construction's colours.
pub fn draw_legend(state: &State, sizes: Sizes) {
    let c = state.canvas;
    let fs = sizes.font(13.0);
    let items: [(&str, Rgba); 6] = [
        ("separated", palette::SEPARATED),
        ("touching", palette::TOUCHING),
        ("overlapping", palette::OVERLAPPING),
        ("closest point", palette::CLOSEST),
        ("push-out", palette::PUSH),
        ("least face", palette::FACE_LEAST),
    ];
    legend_row(c, sizes, fs, &items, 60.0, 24.0);
}

/// Colour swatches with their names in one row, right-aligned at the canvas's bottom (`bottom` × k up);
/// nothing when the row would leave less than `margin` × k free on its left (the panel's legend says the same).
pub fn legend_row(c: ScreenRect, sizes: Sizes, fs: u16, items: &[(&str, Rgba)], margin: f32, bottom: f32) {
    let sw = 10.0 * sizes.scale;
    let gap = 14.0 * sizes.scale;
    let total: f32 = items.iter().map(|(s, _)| typeset::measure(s, fs).width + sw + 6.0 * sizes.scale + gap).sum();
    if total > c.w - margin * sizes.scale {
        return;
    }
    let mut x = c.x + c.w - total;
    let y = c.y + c.h - bottom * sizes.scale;
    for &(s, colour) in items {
        paint::rectangle(x, y - sw, sw, sw, to_color(colour));
        let m = text(s, x + sw + 6.0 * sizes.scale, y, fs, to_color(palette::TEXT));
        x += sw + 6.0 * sizes.scale + m.width + gap;
    }
}
