//! Strokes the painters share: dashed lines and circles, and arrows.

use super::{aa, flat, paint};
use macroquad::prelude::*;

pub fn dashed_line(a: Vec2, b: Vec2, w: f32, color: Color, dash: f32) {
    dashed_piece(a, b, w, (color, color), dash, 0.0);
}

/// A piece of a dashed line whose phase starts at `start` half-periods, in two colours split along its
/// centre line: `below` on the side opposite its normal `(−d.y, d.x)` (for `d = b − a`), `above` on
/// the normal's side.
pub fn dashed_piece(a: Vec2, b: Vec2, w: f32, (below, above): (Color, Color), dash: f32, start: f32) {
    let cut = if below == above { f32::INFINITY } else { 0.0 };
    if flat::dashes_in_shader() {
        aa::dashed_line_cut(a, b, w, cut, (below, above), dash, start);
        return;
    }
    // Elsewhere (the 3D view, or without the flat material): one line per dash, each from where the
    // phase passes a whole number to where it passes the next half.
    let len = a.distance(b);
    if len <= 0.0 || dash.is_nan() || dash <= 0.0 || !start.is_finite() {
        return;
    }
    let dir = (b - a) / len;
    // Dash k covers the phases [k, k + ½): the first from the whole number at or before `start`.
    let mut t = (start.floor() - start) * 2.0 * dash;
    while t < len {
        let (t0, t1) = (t.max(0.0), (t + dash).min(len));
        if t1 > t0 {
            aa::line_cut(a + dir * t0, a + dir * t1, w, cut, below, above);
        }
        t += 2.0 * dash;
    }
}

pub fn dashed_circle(centre: Vec2, r: f32, w: f32, color: Color, k: f32) {
    let n = ((r * std::f32::consts::TAU) / (8.0 * k)).clamp(12.0, 240.0) as usize;
    let n = n - n % 2;
    for i in (0..n).step_by(2) {
        let a0 = i as f32 / n as f32 * std::f32::consts::TAU;
        let a1 = (i + 1) as f32 / n as f32 * std::f32::consts::TAU;
        let p = centre + r * vec2(a0.cos(), a0.sin());
        let q = centre + r * vec2(a1.cos(), a1.sin());
        aa::line(p.x, p.y, q.x, q.y, w, color);
    }
}

pub fn arrow(from: Vec2, to: Vec2, w: f32, color: Color, head: f32) {
    let d = to - from;
    let len = d.length();
    if len < 1.0 {
        return;
    }
    let dir = d / len;
    let head = head.min(0.6 * len);
    let base = to - dir * head;
    aa::line(from.x, from.y, base.x, base.y, w, color);
    let n = vec2(-dir.y, dir.x) * head * 0.5;
    paint::triangle(to, base + n, base - n, color);
}
