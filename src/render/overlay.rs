//! The teaching layer on the canvas: the overlay image (agreement map or distance field) as a
//! texture, the trace's focus (axis slab, grown box, point, zone, face plane and chord), the hover
//! read-out and the lesson caption. Draws only: the images are computed in
//! [`crate::app::teach::OverlayCache`]; this module uploads them when their generation changes.

use super::{col, dashed_line, label, text, zone_rect, Sizes};
use crate::app::palette::{self, Rgba};
use crate::app::teach::{hover, LessonRef, OverlayCache};
use crate::app::State;
use crate::geom::{Focus, AXES};
use crate::teach::lessons::TOUR;
use crate::teach::GridSpec;
use macroquad::prelude::*;

/// Colour of the trace's focus on the canvas.
pub const FOCUS: Rgba = [90, 225, 235, 255];

/// The overlay image on the GPU. One texture, re-used while the grid keeps its size.
#[derive(Default)]
pub struct OverlayLayer {
    tex: Option<Texture2D>,
    size: (u16, u16),
    generation: u64,
    spec: Option<GridSpec>,
}

impl OverlayLayer {
    /// Uploads the cache's image if it changed since the last call.
    pub fn sync(&mut self, cache: &OverlayCache) {
        if cache.generation == self.generation {
            return;
        }
        self.generation = cache.generation;
        let Some(img) = &cache.image else {
            self.spec = None;
            return;
        };
        let (Ok(w), Ok(h)) = (u16::try_from(img.spec.cols), u16::try_from(img.spec.rows)) else {
            self.spec = None;
            return;
        };
        match &self.tex {
            Some(t) if self.size == (w, h) => t.update_from_bytes(u32::from(w), u32::from(h), &img.rgba),
            _ => {
                let t = Texture2D::from_rgba8(w, h, &img.rgba);
                t.set_filter(FilterMode::Nearest);
                self.tex = Some(t);
                self.size = (w, h);
            }
        }
        self.spec = Some(img.spec);
    }
}

/// The overlay texture over the world area it was computed for.
pub fn draw_overlay(state: &State, layer: &OverlayLayer) {
    let (Some(tex), Some(spec)) = (&layer.tex, layer.spec) else { return };
    let v = state.view;
    let top_left = v.to_screen([spec.x0, spec.y0 + spec.rows as f32 * spec.step]);
    let size = vec2(spec.cols as f32, spec.rows as f32) * spec.step * v.scale;
    draw_texture_ex(
        tex,
        top_left.x,
        top_left.y,
        WHITE,
        DrawTextureParams { dest_size: Some(size), ..Default::default() },
    );
}

/// What the selected algorithm's trace looked at, for the current scene.
pub fn draw_trace_focus(state: &State, z: Sizes) {
    if !state.teach.trace_on_canvas {
        return;
    }
    let algo = state.algorithm();
    let trace = (algo.trace_2d)(&state.circle, &state.aabb);
    let (c, v) = (state.canvas, state.view);
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let focus = col(FOCUS);
    let faint = col(palette::alpha(FOCUS, 28));
    let w = z.line(2.5);
    let fs = z.font(14.0);
    let mut seen: Vec<&Focus<2>> = Vec::new();
    for step in &trace.steps {
        if seen.contains(&&step.focus) {
            continue;
        }
        seen.push(&step.focus);
        match &step.focus {
            Focus::None => {}
            Focus::Axis(i) => {
                // The slab min[i] ≤ p[i] ≤ max[i], across the canvas.
                let (a, b) = (v.to_screen(lo), v.to_screen(hi));
                if *i == 0 {
                    draw_rectangle(a.x, c.y, b.x - a.x, c.h, faint);
                    label(&format!("{} slab", AXES[0]), 0.5 * (a.x + b.x), c.y + c.h - 40.0 * z.k, fs, focus, true);
                } else {
                    draw_rectangle(c.x, b.y, c.w, a.y - b.y, faint);
                    label(&format!("{} slab", AXES[1]), c.x + c.w - 50.0 * z.k, 0.5 * (a.y + b.y), fs, focus, true);
                }
            }
            Focus::GrownBox(r) => {
                let (a, b) = (v.to_screen([lo[0] - r, lo[1] - r]), v.to_screen([hi[0] + r, hi[1] + r]));
                for (p, q) in [
                    (vec2(a.x, a.y), vec2(b.x, a.y)),
                    (vec2(b.x, a.y), vec2(b.x, b.y)),
                    (vec2(b.x, b.y), vec2(a.x, b.y)),
                    (vec2(a.x, b.y), vec2(a.x, a.y)),
                ] {
                    dashed_line(p, q, w, focus, 9.0 * z.k);
                }
                label("box grown by r", 0.5 * (a.x + b.x), b.y - 12.0 * z.k, fs, focus, true);
            }
            Focus::Point(p) => {
                let s = v.to_screen(*p);
                draw_circle_lines(s.x, s.y, z.line(9.0), w, focus);
                let cs = v.to_screen(state.circle.center());
                dashed_line(cs, s, z.line(1.5), col(palette::alpha(FOCUS, 180)), 4.0 * z.k);
            }
            Focus::Zone(n) => {
                let r = zone_rect(state, n % 3, n / 3);
                draw_rectangle_lines(r.x, r.y, r.w, r.h, z.line(3.0), focus);
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
                dashed_line(p, q, z.line(1.5), col(palette::alpha(FOCUS, 160)), 10.0 * z.k);
                if *cut > 0.0 {
                    draw_line(a.x, a.y, b.x, b.y, z.line(5.0), focus);
                }
            }
        }
    }
}

/// The distance (and, with the agreement map, the class) at the pointer.
pub fn draw_hover(state: &State, z: Sizes) {
    let Some(h) = hover(state) else { return };
    let s = state.view.to_screen(h.at);
    let mut msg = format!("d = {}", super::fmt_num(h.distance as f32));
    if let Some(class) = h.class {
        msg = format!("{msg} · {}", class.label());
    }
    draw_circle_lines(s.x, s.y, z.line(4.0), z.line(1.5), WHITE);
    label(&msg, s.x, s.y - 20.0 * z.k, z.font(16.0), WHITE, true);
}

/// Splits `s` into lines no wider than `width` pixels at `size`.
fn wrap(s: &str, size: u16, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in s.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if !line.is_empty() && measure_text(&candidate, None, size, 1.0).width > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The lesson on show, in large type at the top of the canvas (readable when projected).
pub fn draw_caption(state: &State, z: Sizes) {
    let Some(which) = state.teach.lesson else { return };
    let Some(lesson) = which.lesson() else { return };
    let c = state.canvas;
    let (tf, bf) = (z.font(24.0), z.font(17.0));
    let width = (0.86 * c.w).min(900.0 * z.k);
    let pad = 14.0 * z.k;
    let head = match which {
        LessonRef::Tour(i) => format!("Tour {}/{} · {}", i + 1, TOUR.len(), lesson.title),
        LessonRef::Erratum(_) => format!("Erratum · {}", lesson.title),
    };
    let lines = wrap(lesson.text, bf, width - 2.0 * pad);
    let hint = match which {
        LessonRef::Tour(_) => "N next · P previous · T leave the tour",
        LessonRef::Erratum(_) => "",
    };
    let line_h = 1.3 * bf as f32;
    let head_h = 1.4 * tf as f32;
    let hint_h = if hint.is_empty() { 0.0 } else { line_h };
    let h = 2.0 * pad + head_h + lines.len() as f32 * line_h + hint_h;
    let x = c.x + 0.5 * (c.w - width);
    let y = c.y + 62.0 * z.k;
    draw_rectangle(x, y, width, h, col(palette::alpha(palette::BACKGROUND, 225)));
    draw_rectangle_lines(x, y, width, h, z.line(2.0), col(palette::ZONE_HIGHLIGHT_TEXT));
    let mut ty = y + pad + tf as f32;
    text(&head, x + pad, ty, tf, col(palette::ZONE_HIGHLIGHT_TEXT));
    ty += head_h - 0.2 * tf as f32;
    for l in &lines {
        ty += line_h;
        text(l, x + pad, ty - 0.3 * bf as f32, bf, col(palette::TEXT));
    }
    if !hint.is_empty() {
        ty += line_h;
        text(hint, x + pad, ty - 0.3 * bf as f32, z.font(13.0), col(palette::TICK_TEXT));
    }
}
