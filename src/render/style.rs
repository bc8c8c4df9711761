//! The canvas's units: macroquad colours from the palette's bytes, and sizes that grow with the canvas.

use crate::app::palette::Rgba;
use crate::app::{ScreenRect, State};
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
    /// The presentation's text scale (key Z), on top of `scale` for text only.
    pub text: f32,
}

impl Sizes {
    #[must_use]
    pub fn for_canvas(c: ScreenRect) -> Sizes {
        Sizes { scale: (c.w.min(c.h) / 720.0).clamp(0.85, 2.4), text: 1.0 }
    }
    /// The sizes for the state's canvas and its text scale.
    #[must_use]
    pub fn for_state(state: &State) -> Sizes {
        Sizes { text: state.text_scale.factor(), ..Sizes::for_canvas(state.canvas) }
    }
    #[must_use]
    pub fn font(&self, base: f32) -> u16 {
        (base * self.scale * self.text).round().max(8.0) as u16
    }
    /// A length that belongs to text (a plate's padding, a line's spacing): grows with the text scale.
    #[must_use]
    pub fn text_gap(&self, base: f32) -> f32 {
        base * self.scale * self.text
    }
    #[must_use]
    pub fn line(&self, base: f32) -> f32 {
        base * self.scale
    }
}
