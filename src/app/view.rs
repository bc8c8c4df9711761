//! The world → screen transform. World y points up (as in the core's zone numbering); screen y
//! points down. Screen units are logical pixels (macroquad's, before the DPI scale).

use crate::geom::{Circle, Rect};
use glam::Vec2;

/// An axis-aligned rectangle on the screen, top-left corner and size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScreenRect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl ScreenRect {
    #[must_use]
    pub fn contains(&self, p: Vec2) -> bool {
        p.x >= self.x && p.x <= self.x + self.w && p.y >= self.y && p.y <= self.y + self.h
    }

    #[must_use]
    pub fn center(&self) -> Vec2 {
        Vec2::new(self.x + 0.5 * self.w, self.y + 0.5 * self.h)
    }
}

/// `screen = origin + (x·scale, −y·scale)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Where the world origin lands on the screen.
    pub origin: Vec2,
    /// Pixels per world unit.
    pub scale: f32,
}

impl Default for View {
    fn default() -> Self {
        View { origin: Vec2::new(400.0, 300.0), scale: 50.0 }
    }
}

/// Sizes that grow with the canvas, so the picture stays readable from 640×480 to 4K: the canvas's
/// (`render`) and the vector figure's (`figure`) one rule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sizes {
    /// Multiplier for text sizes and line widths.
    pub scale: f32,
    /// The presentation's text scale (key Z), on top of `scale` for text only.
    pub text: f32,
}

impl Sizes {
    /// The sizes for a canvas (text scale 1): the shorter side over 720, within 0.85..2.4.
    #[must_use]
    pub fn for_canvas(c: ScreenRect) -> Sizes {
        Sizes { scale: (c.w.min(c.h) / 720.0).clamp(0.85, 2.4), text: 1.0 }
    }
    /// A font size in logical (CSS) pixels: never below [`MIN_FONT_PX`], so a tick number on a phone's
    /// canvas stays readable (the glyphs are rasterised at the device scale: sharp at any scale).
    #[must_use]
    pub fn font(&self, base: f32) -> u16 {
        (base * self.scale * self.text).round().max(MIN_FONT_PX) as u16
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

/// The smallest text on the canvas, logical (CSS) pixels.
pub const MIN_FONT_PX: f32 = 12.0;

/// The side panel's width for a window of `width` points: 30 %, within 240..420, and never more
/// than 42 % of the window.
#[must_use]
pub fn panel_width(width: f32) -> f32 {
    (0.3 * width).clamp(240.0, 420.0).min(0.42 * width)
}

/// The panel's zoom (egui points per logical pixel, before the text scale) for a window `height`
/// logical pixels high: 1 up to ~900, growing to 2 on a 4K screen, so the panel keeps its share.
#[must_use]
pub fn zoom_for(height: f32) -> f32 {
    (height / 900.0).clamp(1.0, 2.0)
}

/// The canvas in a `w`×`h` window (logical pixels) at text scale `text`: the window left of the side
/// panel when it is shown (its width [`panel_width`] of the window in egui points, at the zoom
/// [`zoom_for`] × `text`), else the whole window. What egui leaves the scene (the frame loop reads it
/// from egui; `--svg` computes it here, so a figure has the screenshot's canvas).
#[must_use]
pub fn window_canvas(w: f32, h: f32, text: f32, panel: bool) -> ScreenRect {
    let ppp = zoom_for(h) * text;
    let panel_px = if panel { panel_width(w / ppp) * ppp } else { 0.0 };
    ScreenRect { x: 0.0, y: 0.0, w: (w - panel_px).max(0.0), h }
}

/// Margin kept free around the fitted region, in pixels (room for tick labels and the banner).
pub const MARGIN_PX: f32 = 48.0;

impl View {
    #[must_use]
    pub fn to_screen(&self, p: [f32; 2]) -> Vec2 {
        Vec2::new(self.origin.x + p[0] * self.scale, self.origin.y - p[1] * self.scale)
    }

    #[must_use]
    pub fn to_world(&self, s: Vec2) -> [f32; 2] {
        [(s.x - self.origin.x) / self.scale, (self.origin.y - s.y) / self.scale]
    }

    /// The view that shows the world rectangle `lo..hi` as large as possible, centred on `canvas`
    /// with [`MARGIN_PX`] around it.
    #[must_use]
    pub fn fit(lo: [f32; 2], hi: [f32; 2], canvas: ScreenRect) -> View {
        let w = (hi[0] - lo[0]).max(1e-6);
        let h = (hi[1] - lo[1]).max(1e-6);
        let margin = MARGIN_PX.min(0.2 * canvas.w.min(canvas.h));
        let avail_w = (canvas.w - 2.0 * margin).max(10.0);
        let avail_h = (canvas.h - 2.0 * margin).max(10.0);
        let scale = (avail_w / w).min(avail_h / h);
        let scale = if scale.is_finite() && scale > 0.0 { scale } else { 1.0 };
        let mid = [0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1])];
        let c = canvas.center();
        View { origin: Vec2::new(c.x - mid[0] * scale, c.y + mid[1] * scale), scale }
    }
}

/// The world region the view should show: the box with room around it for the outer zones, the
/// circle, and the circle where the push would put it.
#[must_use]
pub fn scene_bounds(circle: &Circle, aabb: &Rect, push: &[f32; 2]) -> ([f32; 2], [f32; 2]) {
    let (bmin, bmax) = (aabb.min(), aabb.max());
    let size = (bmax[0] - bmin[0]).max(bmax[1] - bmin[1]);
    let r = circle.radius();
    let pad = (0.45 * size).max(0.8 * r).max(1.0);
    let mut lo = [bmin[0] - pad, bmin[1] - pad];
    let mut hi = [bmax[0] + pad, bmax[1] + pad];
    let c = circle.center();
    for centre in [c, [c[0] + push[0], c[1] + push[1]]] {
        for i in 0..2 {
            lo[i] = lo[i].min(centre[i] - r - 0.1 * pad);
            hi[i] = hi[i].max(centre[i] + r + 0.1 * pad);
        }
    }
    (lo, hi)
}

/// The world region the motion mode shows: the box, the circle at its start and at each of `ends`
/// (the discrete end `c + v`, the continuation's end), with a margin in proportion to the scene
/// (so a scene at 10⁻⁴ or 10⁵ scale fills the canvas as one at 1 does).
#[must_use]
pub fn motion_bounds(circle: &Circle, aabb: &Rect, ends: &[[f32; 2]]) -> ([f32; 2], [f32; 2]) {
    let (mut lo, mut hi) = (aabb.min(), aabb.max());
    let r = circle.radius();
    for c in std::iter::once(circle.center()).chain(ends.iter().copied()) {
        for i in 0..2 {
            if c[i].is_finite() {
                lo[i] = lo[i].min(c[i] - r);
                hi[i] = hi[i].max(c[i] + r);
            }
        }
    }
    let size = (hi[0] - lo[0]).max(hi[1] - lo[1]);
    let pad = if size > 0.0 { 0.08 * size } else { 1.0 };
    ([lo[0] - pad, lo[1] - pad], [hi[0] + pad, hi[1] + pad])
}
