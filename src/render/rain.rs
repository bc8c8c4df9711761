//! The rain of balls on the canvas ([`crate::app::playground::rain`]): the level and every ball
//! splatted on the CPU into one RGBA image the size of the canvas in physical pixels, uploaded into
//! one texture each frame (`Texture2D::update_from_bytes`, through [`ImageTexture`]) and drawn as one
//! textured quad, so the drawing is one draw call whatever the number of balls.
//!
//! Why an image and not a mesh of quads: a million balls are a million quads, 4 million vertices
//! of 24 bytes (96 MB a frame through macroquad's batcher, which also splits them into draw calls of
//! at most 10,000 vertices); the image is 4 bytes a pixel whatever the count (4 MB at 1280 × 800),
//! and a ball a pixel or two across on screen is a pixel or a small disc of pixels anyway. The level
//! is drawn into a second image once (again when the canvas, the view or the map changes) and copied
//! under the balls each frame. Then the status lines (count, strategy, step and draw times, cost per
//! ball-step, tunnelled and overlapping balls) as text over a plate.
//!
//! [`RainLayer::sync`] makes and uploads the picture and returns its time (the rain's draw time,
//! with the quad's own call, in the frame loop); [`draw_rain`] draws the quad.

use super::label::text;
use super::overlay::ImageTexture;
use super::paint;
use super::style::{to_color, Sizes};
use crate::app::palette::{self, alpha, over, Rgba};
use crate::app::playground::rain::{self, RainState};
use crate::app::State;
use crate::format::number;
use crate::geom::world::Tile;
use macroquad::prelude::*;

/// The largest disc a ball is drawn as, in physical pixels of radius (a closer view draws it no larger).
const MAX_STAMP_RADIUS: f32 = 6.0;

/// What the level's picture was drawn for: image size, view (origin, scale), the map's generation.
#[derive(Clone, Copy, Debug, PartialEq)]
struct BackgroundKey {
    w: usize,
    h: usize,
    view: [f32; 4],
    map: u64,
}

/// Where the world lands in the image: pixel `(a + x·k, b − y·k)`.
#[derive(Clone, Copy, Debug)]
struct Mapping {
    a: f32,
    b: f32,
    k: f32,
}

/// The rain's picture: the level (made when it changes), the frame's image, and its texture.
#[derive(Default)]
pub struct RainLayer {
    tex: ImageTexture,
    background: Vec<u8>,
    pixels: Vec<u8>,
    key: Option<BackgroundKey>,
    size: (usize, usize),
    /// Counts the uploads (the quad's damage hash: a new picture in the same place).
    version: u64,
}

impl RainLayer {
    /// Makes this frame's picture and uploads it, when the rain is on screen; returns the time it
    /// took, milliseconds, by `clock` (seconds).
    pub fn sync(&mut self, state: &State, clock: fn() -> f64) -> Option<f32> {
        let r = state.playground.rain.as_ref().filter(|_| state.mode.flat_playground())?;
        let t0 = clock();
        let dpi = screen_dpi_scale();
        let c = state.canvas;
        let (w, h) = ((c.w * dpi).round().max(1.0) as usize, (c.h * dpi).round().max(1.0) as usize);
        let v = state.view;
        let m = Mapping { a: (v.origin.x - c.x) * dpi, b: (v.origin.y - c.y) * dpi, k: v.scale * dpi };
        let key = BackgroundKey { w, h, view: [v.origin.x, v.origin.y, v.scale, dpi], map: r.map_generation };
        if self.key != Some(key) {
            self.background = level_picture(r, w, h, m);
            self.key = Some(key);
        }
        self.pixels.clear();
        self.pixels.extend_from_slice(&self.background);
        splat(&mut self.pixels, w, h, m, r);
        self.tex.upload(w, h, &self.pixels, FilterMode::Nearest)?;
        self.size = (w, h);
        self.version = self.version.wrapping_add(1);
        Some((1000.0 * (clock() - t0)) as f32)
    }
}

/// The level: the canvas's background, the map's area a shade lighter, solid cells filled, one-way
/// cells as a slab at their top (as the playground draws them).
fn level_picture(r: &RainState, w: usize, h: usize, m: Mapping) -> Vec<u8> {
    let mut px = Vec::with_capacity(w * h * 4);
    for _ in 0..w * h {
        px.extend_from_slice(&palette::BACKGROUND);
    }
    let map = &r.swarm.map;
    let (cols, rows) = (map.width(), map.height());
    let mut fill = |x0: f32, y0: f32, x1: f32, y1: f32, colour: Rgba| {
        let clamp = |v: f32, n: usize| (v.round().max(0.0) as usize).min(n);
        let (x0, x1, y0, y1) = (clamp(x0, w), clamp(x1, w), clamp(y0, h), clamp(y1, h));
        for y in y0..y1 {
            for p in px[(y * w + x0) * 4..(y * w + x1) * 4].chunks_exact_mut(4) {
                p.copy_from_slice(&colour);
            }
        }
    };
    let area = over(palette::BACKGROUND, alpha(palette::GRID, 90));
    fill(m.a, m.b - rows as f32 * m.k, m.a + cols as f32 * m.k, m.b, area);
    for row in 0..rows {
        for col in 0..cols {
            let (x0, x1) = (m.a + col as f32 * m.k, m.a + (col + 1) as f32 * m.k);
            let (top, bottom) = (m.b - (row + 1) as f32 * m.k, m.b - row as f32 * m.k);
            match map.tile(col, row) {
                Tile::Solid => fill(x0, top, x1, bottom, palette::CELL),
                Tile::OneWay => fill(x0, top, x1, top + (0.25 * m.k).max(1.0), palette::SEAM),
                _ => {}
            }
        }
    }
    px
}

/// Every ball into `px` (`w × h` RGBA): one pixel where a ball is less than a pixel across, else a
/// disc of its radius (at most [`MAX_STAMP_RADIUS`]).
fn splat(px: &mut [u8], w: usize, h: usize, m: Mapping, r: &RainState) {
    let s = &r.swarm;
    let colour = palette::RAIN_BALL;
    let radius = (s.radius * m.k).min(MAX_STAMP_RADIUS);
    let (wf, hf) = (w as f32, h as f32);
    if radius < 1.0 {
        for (&x, &y) in s.x.iter().zip(&s.y) {
            let (sx, sy) = (m.a + x * m.k, m.b - y * m.k);
            if sx >= 0.0 && sy >= 0.0 && sx < wf && sy < hf {
                let o = (sy as usize * w + sx as usize) * 4;
                px[o..o + 4].copy_from_slice(&colour);
            }
        }
        return;
    }
    let reach = radius.ceil() as i32;
    let stamp: Vec<(i32, i32)> = (-reach..=reach)
        .flat_map(|dy| (-reach..=reach).map(move |dx| (dx, dy)))
        .filter(|&(dx, dy)| ((dx * dx + dy * dy) as f32) <= radius * radius)
        .collect();
    let (wi, hi) = (w as i32, h as i32);
    for (&x, &y) in s.x.iter().zip(&s.y) {
        let (sx, sy) = (m.a + x * m.k, m.b - y * m.k);
        if !(sx > -radius - 1.0 && sy > -radius - 1.0 && sx < wf + radius + 1.0 && sy < hf + radius + 1.0) {
            continue;
        }
        let (cx, cy) = (sx as i32, sy as i32);
        for &(dx, dy) in &stamp {
            let (qx, qy) = (cx + dx, cy + dy);
            if qx >= 0 && qy >= 0 && qx < wi && qy < hi {
                let o = (qy as usize * w + qx as usize) * 4;
                px[o..o + 4].copy_from_slice(&colour);
            }
        }
    }
}

/// The rain: the picture [`RainLayer::sync`] made, one quad over the canvas.
pub fn draw_rain(state: &State, layer: &RainLayer) {
    if state.playground.rain.is_none() || !state.mode.flat_playground() {
        return;
    }
    let Some(tex) = layer.tex.get() else { return };
    let c = state.canvas;
    let (w, h) = layer.size;
    let source = Rect::new(0.0, 0.0, w as f32, h as f32);
    super::flat::textured(1, || paint::texture(tex, layer.version, c.x, c.y, vec2(c.w, c.h), source));
}

/// The rain's status lines, top left over a plate: what falls, the step's and the drawing's times,
/// the cost per ball-step, tunnelled and overlapping balls.
pub fn draw_rain_status(state: &State, sizes: Sizes) {
    let Some(r) = &state.playground.rain else { return };
    let (c, p) = (state.canvas, &state.playground);
    let lines = status_lines(r, p.options.speed, p.paused);
    let fs = sizes.font(15.0);
    let lh = fs as f32 * 1.3;
    let pad = 10.0 * sizes.scale;
    let width = lines.iter().map(|l| super::typeset::measure(l, fs).width).fold(0.0, f32::max);
    let plate = to_color(alpha(palette::BACKGROUND, 215));
    paint::rectangle(c.x + pad - 4.0, c.y + pad - 2.0, width + 8.0, lh * lines.len() as f32 + 6.0, plate);
    for (i, l) in lines.iter().enumerate() {
        let colour = if i == 0 { palette::TEXT } else { palette::TICK_TEXT };
        text(l, c.x + pad, c.y + pad + fs as f32 * 0.8 + i as f32 * lh, fs, to_color(colour));
    }
}

/// The status lines' text.
fn status_lines(r: &RainState, speed: f32, paused: bool) -> [String; 3] {
    let s = r.stats();
    let ms = |v: Option<f32>| v.map_or_else(|| "–".to_string(), |v| format!("{v:.2} ms"));
    let threads = if rain::threads() == 1 { "one thread".to_string() } else { "every core".to_string() };
    [
        format!(
            "Rain: {} balls, {}, {}, step {}{}{}",
            s.balls,
            r.swarm.strategy.as_str(),
            threads,
            s.steps,
            if (speed - 1.0).abs() > 1e-6 { format!(", speed {}×", number(speed)) } else { String::new() },
            if paused { ", paused" } else { "" },
        ),
        format!(
            "step {} · {} per ball-step · draw {}",
            ms(s.step_ms),
            s.ns_per_ball_step.map_or_else(|| "–".to_string(), |v| format!("{v:.1} ns")),
            ms(s.draw_ms)
        ),
        format!(
            "tunnelled {} (last step), {} in all · overlapping {} · pushed out {}",
            s.tunnelled,
            s.tunnelled_total,
            s.overlapping.map_or_else(|| "–".to_string(), |n| n.to_string()),
            s.pushed_out
        ),
    ]
}
