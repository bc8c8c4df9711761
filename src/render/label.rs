//! Text on the canvas as the 2D painters place it: plain runs, and labels on plates that keep clear
//! of the circle's centre marker and of each other.

use super::style::to_color;
use super::{paint, typeset};
use crate::app::palette;
use macroquad::prelude::*;

/// Queues `s` with its baseline's left end at `(x, y)` (drawn at the next [`typeset::flush`]); returns its size.
pub fn text(s: &str, x: f32, y: f32, size: u16, color: Color) -> TextDimensions {
    typeset::queue(s, x, y, size, color)
}

/// Text centred near `(x, y)`, over a dark rounded plate so it stays legible on any layer; moved to
/// a nearby free spot when that would cover the circle's centre marker or another label.
pub fn label(s: &str, x: f32, y: f32, size: u16, color: Color, plate: bool) {
    let m = typeset::measure(s, size);
    let pad = 0.25 * size as f32;
    let (w, h) = (m.width + 2.0 * pad, m.height + 1.2 * pad);
    let spot = typeset::place_label(vec2(x, y), w, h);
    let (cx, cy) = (spot.x + 0.5 * w, spot.y + 0.5 * h);
    let (tx, ty) = (cx - 0.5 * m.width, cy + 0.5 * m.height);
    if plate {
        paint::rectangle(
            tx - pad,
            ty - m.offset_y - pad * 0.6,
            w,
            h,
            to_color(palette::alpha(palette::BACKGROUND, 200)),
        );
    }
    text(s, tx, ty, size, color);
}
