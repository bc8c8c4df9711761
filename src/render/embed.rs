//! The embedded scene's toolbar (`embed=1`): a column of buttons at the canvas's top right, where
//! `app::embed` lays them out. Each is a plate with an icon drawn as shapes (no glyph needed):
//! Reset ↻, Play ▶ / Pause ❚❚, Step ▶|, and the full demo's "open in a new tab" ↗.

use super::style::to_color;
use super::{aa, paint};
use crate::app::embed::Button;
use crate::app::palette;
use crate::app::State;
use macroquad::prelude::*;

/// Draws the toolbar, when the scene is embedded.
pub fn draw_toolbar(state: &State) {
    let playing = state.embed_playing();
    let plate = to_color(palette::alpha(palette::BACKGROUND, 225));
    let edge = to_color(palette::HINT_TEXT);
    let ink = to_color(palette::TEXT);
    for (button, r) in state.embed_buttons() {
        paint::rectangle(r.x, r.y, r.w, r.h, plate);
        paint::rectangle_lines(r.x, r.y, r.w, r.h, 1.5, edge);
        let c = vec2(r.x + 0.5 * r.w, r.y + 0.5 * r.h);
        let u = 0.22 * r.w;
        match button {
            Button::Reset => reset_icon(c, u, ink),
            Button::PlayPause if playing => {
                paint::rectangle(c.x - 0.8 * u, c.y - u, 0.55 * u, 2.0 * u, ink);
                paint::rectangle(c.x + 0.25 * u, c.y - u, 0.55 * u, 2.0 * u, ink);
            }
            Button::PlayPause => {
                paint::triangle(vec2(c.x - 0.7 * u, c.y - u), vec2(c.x - 0.7 * u, c.y + u), vec2(c.x + u, c.y), ink);
            }
            Button::Step => {
                paint::triangle(vec2(c.x - u, c.y - u), vec2(c.x - u, c.y + u), vec2(c.x + 0.5 * u, c.y), ink);
                paint::rectangle(c.x + 0.5 * u, c.y - u, 0.45 * u, 2.0 * u, ink);
            }
            Button::FullDemo => open_icon(c, u, ink),
        }
    }
}

/// ↻: three quarters of a circle and an arrowhead at its end.
fn reset_icon(c: Vec2, u: f32, ink: Color) {
    let r = 0.85 * u;
    let at = |a: f32| vec2(c.x + r * a.cos(), c.y - r * a.sin());
    let (start, end) = (0.35_f32, 0.35 + 1.5 * std::f32::consts::PI);
    let n = 14;
    for i in 0..n {
        let (a, b) = (start + (end - start) * i as f32 / n as f32, start + (end - start) * (i + 1) as f32 / n as f32);
        let (p, q) = (at(a), at(b));
        aa::line(p.x, p.y, q.x, q.y, 2.2, ink);
    }
    // The arrowhead at the start, pointing along the arc's direction there (counter-clockwise on
    // screen: the arc runs from `end` back to `start`).
    let tip = at(start);
    let along = vec2(start.sin(), start.cos()); // d/da of `at`, reversed, normalised
    let side = vec2(start.cos(), -start.sin());
    let s = 0.55 * u;
    paint::triangle(tip + along * s, tip + side * s, tip - side * s, ink);
}

/// ↗ out of a box: the box's outline open at the top right, an arrow from its middle to that corner.
fn open_icon(c: Vec2, u: f32, ink: Color) {
    let (x0, y0, x1, y1) = (c.x - u, c.y - u, c.x + u, c.y + u);
    let w = 2.0;
    aa::line(x0, y0 + 0.1 * u, x0, y1, w, ink);
    aa::line(x0, y1, x1 - 0.1 * u, y1, w, ink);
    aa::line(x1 - 0.1 * u, y1, x1 - 0.1 * u, c.y + 0.2 * u, w, ink);
    aa::line(x0, y0 + 0.1 * u, c.x - 0.2 * u, y0 + 0.1 * u, w, ink);
    let tip = vec2(x1 + 0.3 * u, y0 - 0.3 * u);
    aa::line(c.x - 0.1 * u, c.y + 0.1 * u, tip.x - 0.3 * u, tip.y + 0.3 * u, w, ink);
    let s = 0.75 * u;
    paint::triangle(tip, tip + vec2(-s, 0.0), tip + vec2(0.0, s), ink);
}
