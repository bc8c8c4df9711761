//! The canvas's units: macroquad colours from the palette's bytes, and sizes that grow with the canvas.

use crate::app::palette::Rgba;
use macroquad::prelude::*;

/// The palette's `[r, g, b, a]` bytes as a macroquad colour.
#[must_use]
pub fn to_color(c: Rgba) -> Color {
    Color::from_rgba(c[0], c[1], c[2], c[3])
}

pub use crate::app::view::Sizes;
