//! The nine-zone grid: the box's edges extended across the canvas, and each zone's number.

use super::backdrop::Backdrop;
use super::canvas_zones::zone_rect;
use super::label::text;
use super::strokes::dashed_piece;
use super::style::{to_color, Sizes};
use super::typeset;
use crate::app::palette;
use crate::app::State;
use macroquad::prelude::*;

/// The box's edges extended across the canvas, dashed: the nine-zone grid (its tints are the
/// [`Backdrop`]'s).
pub fn draw_zone_lines(state: &State, sizes: Sizes, backdrop: &Backdrop) {
    let (c, v) = (state.canvas, state.view);
    let lo = v.to_screen(state.aabb.min());
    let hi = v.to_screen(state.aabb.max());
    let w = sizes.line(1.2);
    let line = palette::alpha(palette::ZONE_LINE, 170);
    let dash = 7.0 * sizes.scale;
    // Each line in pieces: beyond the box, and along its edge, where the distance field's lighter bands
    // (under everything, [`Backdrop::field`]) differ on the two sides.
    let lines = [lo.x, hi.x].map(|x| [vec2(x, c.y), vec2(x, hi.y), vec2(x, lo.y), vec2(x, c.y + c.h)]);
    let rows = [lo.y, hi.y].map(|y| [vec2(c.x, y), vec2(lo.x, y), vec2(hi.x, y), vec2(c.x + c.w, y)]);
    for stops in lines.iter().chain(&rows) {
        let start = stops[0];
        for pair in stops.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let d = b - a;
            if d.length() <= 0.0 {
                continue;
            }
            let n = vec2(-d.y, d.x) / d.length();
            let mid = 0.5 * (a + b);
            let colours = (to_color(backdrop.field_over(mid - n, line)), to_color(backdrop.field_over(mid + n, line)));
            dashed_piece(a, b, w, colours, dash, start.distance(a) / (2.0 * dash));
        }
    }
}

/// Each zone's number, in the outer part of the zone's visible area (the box's own number, 4, in its
/// top-left corner so it does not sit on the construction), `highlight` (the centre's zone) as
/// "zone N". Drawn on top of the shapes.
/// Labels keep below `top` (screen y: the quiz's plate).
pub fn draw_zone_labels(state: &State, highlight: Option<u32>, top: f32, sizes: Sizes) {
    let fs = sizes.font(20.0);
    for zy in 0..3 {
        for zx in 0..3 {
            let mut r = zone_rect(state, zx, zy);
            if r.y < top {
                r.h = (r.y + r.h - top).max(0.0);
                r.y = top;
            }
            let n = zx + 3 * zy;
            let hl = Some(n) == highlight;
            let s = if hl { format!("zone {n}") } else { format!("{n}") };
            let m = typeset::measure(&s, fs);
            if r.w < m.width + 8.0 || r.h < m.height + 8.0 {
                continue;
            }
            let inset = 8.0 * sizes.scale;
            // Outer zones: two thirds of the way out from the box, where the shapes rarely are.
            let fx = [0.3, 0.5, 0.7][zx as usize];
            let fy = [0.7, 0.5, 0.3][zy as usize];
            let (x, y) = if n == 4 {
                (r.x + inset, r.y + inset + m.offset_y)
            } else {
                (r.x + fx * r.w - 0.5 * m.width, r.y + fy * r.h + 0.5 * m.height)
            };
            // Placed like the other labels: off the centre marker and the labels already drawn.
            let top = y - m.offset_y;
            let spot = typeset::place_label(vec2(x + 0.5 * m.width, top + 0.5 * m.height), m.width, m.height);
            let (x, y) = (spot.x, spot.y + m.offset_y);
            let colour = if hl { palette::ZONE_HIGHLIGHT_TEXT } else { palette::alpha(palette::ZONE_TEXT, 200) };
            text(&s, x, y, fs, to_color(colour));
        }
    }
}
