//! The canvas's units: macroquad colours from the palette's bytes, and sizes that grow with the canvas.

use crate::app::palette::Rgba;
use crate::app::ScreenRect;
use macroquad::prelude::*;

/// The palette's `[r, g, b, a]` bytes as a macroquad colour.
#[must_use]
pub fn to_color(c: Rgba) -> Color {
    Color::from_rgba(c[0], c[1], c[2], c[3])
}

/// Sizes that grow with the canvas, so the picture stays readable from 640×480 to 4K.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    /// Multiplier for text sizes and line widths.
    pub scale: f32,
}

impl Sizes {
    #[must_use]
    pub fn for_canvas(c: ScreenRect) -> Sizes {
        Sizes { scale: (c.w.min(c.h) / 720.0).clamp(0.85, 2.4) }
    }
    #[must_use]
    pub fn font(&self, base: f32) -> u16 {
        (base * self.scale).round().max(8.0) as u16
    }
    #[must_use]
    pub fn line(&self, base: f32) -> f32 {
        base * self.scale
    }
}
