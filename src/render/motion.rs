//! The motion mode's layer (drawn only when it is on): the rounded box the centre is cast against
//! (lightly), the swept capsule from `c` to `c + v`, the velocity arrow with its handle, the circle
//! where a discrete test would look (`c + v`, coloured by what that test says, with a TUNNELLED mark
//! when it says separated although the sweep hit), the ghost circle at the time of impact with its
//! contact point and normal, the continuation (slide or bounce) and its end circle, the animated
//! circle at the playback's progress, and the status lines. It draws; it changes nothing.

use super::label::{label, text};
use super::strokes::{arrow, dashed_circle, dashed_line};
use super::style::{to_color, Sizes};
use super::{aa, paint, typeset};
use crate::app::motion::MotionAnalysis;
use crate::app::palette::{self, alpha};
use crate::app::{Handle, State};
use crate::format::number;
use crate::geom::OrientedRect;
use macroquad::prelude::*;

/// Draws the whole motion layer.
pub fn draw_motion(state: &State, m: &MotionAnalysis, sizes: Sizes) {
    match m.target.turned() {
        Some(o) => draw_turned_rounded_box(state, &o, sizes),
        None => draw_rounded_box(state),
    }
    draw_swept_capsule(state, m, sizes);
    draw_discrete_end(state, m, sizes);
    draw_continuation(state, m, sizes);
    draw_velocity(state, m, sizes);
    draw_impact(state, m, sizes);
    draw_playhead(state, m, sizes);
}

/// The box grown by r with rounded corners: a light fill, so the box itself stays readable.
fn draw_rounded_box(state: &State) {
    let v = state.view;
    let r = state.circle.radius();
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let fill = to_color(alpha(palette::ROUNDED_BOX, 26));
    let a = v.to_screen([lo[0] - r, hi[1]]);
    let b = v.to_screen([hi[0] + r, lo[1]]);
    paint::rectangle(a.x, a.y, b.x - a.x, b.y - a.y, fill);
    for (y0, y1) in [(hi[1], hi[1] + r), (lo[1] - r, lo[1])] {
        let a = v.to_screen([lo[0], y1]);
        let b = v.to_screen([hi[0], y0]);
        paint::rectangle(a.x, a.y, b.x - a.x, b.y - a.y, fill);
    }
    let rs = r * v.scale;
    for c in [[lo[0], lo[1]], [hi[0], lo[1]], [lo[0], hi[1]], [hi[0], hi[1]]] {
        let s = v.to_screen(c);
        // A quarter disc outside the corner: the full disc minus what the rectangles already cover
        // would double the alpha, so draw the quarter as a fan of triangles.
        let out = [if c[0] == hi[0] { 1.0 } else { -1.0 }, if c[1] == hi[1] { -1.0 } else { 1.0 }];
        let n = 16;
        for i in 0..n {
            let t0 = std::f32::consts::FRAC_PI_2 * i as f32 / n as f32;
            let t1 = std::f32::consts::FRAC_PI_2 * (i + 1) as f32 / n as f32;
            let p = s + rs * vec2(out[0] * t0.cos(), out[1] * t0.sin());
            let q = s + rs * vec2(out[0] * t1.cos(), out[1] * t1.sin());
            paint::triangle(s, p, q, fill);
        }
    }
}

/// The outline of the turned box grown by r (its four faces moved out by r, joined by quarter
/// circles), in world coordinates: the box's frame's points turned back by the library
/// ([`OrientedRect::to_world`]).
fn turned_rounded_outline(o: &OrientedRect, r: f32) -> Vec<[f32; 2]> {
    let h = o.half_extents();
    let n = 12;
    let mut out = Vec::with_capacity(4 * (n + 1));
    // Counter-clockwise from the (+x, +y) corner's arc, each arc a quarter turn.
    for (k, s) in [[1.0f32, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]].into_iter().enumerate() {
        for i in 0..=n {
            let t = std::f32::consts::FRAC_PI_2 * (k as f32 + i as f32 / n as f32);
            out.push(o.to_world([s[0] * h[0] + r * t.cos(), s[1] * h[1] + r * t.sin()]));
        }
    }
    out
}

/// The turned box grown by r: a light fill (a fan from the centre: the shape is convex, every pixel
/// covered once) and a thin outline.
fn draw_turned_rounded_box(state: &State, o: &OrientedRect, sizes: Sizes) {
    let v = state.view;
    let ring: Vec<Vec2> =
        turned_rounded_outline(o, state.circle.radius()).into_iter().map(|p| v.to_screen(p)).collect();
    let c = v.to_screen(o.center());
    let fill = to_color(alpha(palette::ROUNDED_BOX, 26));
    for i in 0..ring.len() {
        paint::triangle(c, ring[i], ring[(i + 1) % ring.len()], fill);
    }
    let edge = to_color(alpha(palette::ZONE_TEXT, 150));
    for i in 0..ring.len() {
        let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
        aa::line(a.x, a.y, b.x, b.y, sizes.line(1.2), edge);
    }
}

/// The turned box (motion mode with an angle): its fill, its four edges, its centre; the body
/// highlighted while hovered or dragged. It is only moved here (its corners and edges are the
/// aligned box's handles; `[` `]` resize it).
pub fn draw_turned_box(state: &State, o: &OrientedRect, sizes: Sizes) {
    let v = state.view;
    let h = o.half_extents();
    let q: Vec<Vec2> = [[h[0], h[1]], [-h[0], h[1]], [-h[0], -h[1]], [h[0], -h[1]]]
        .into_iter()
        .map(|p| v.to_screen(o.to_world(p)))
        .collect();
    let active = state.drag.map(|d| d.handle).or(state.hover) == Some(Handle::BoxBody);
    let fill = if active { alpha(palette::BOX_FILL, 100) } else { palette::BOX_FILL };
    paint::triangle(q[0], q[1], q[2], to_color(fill));
    paint::triangle(q[0], q[2], q[3], to_color(fill));
    let edge = to_color(if active { palette::HOVER } else { palette::BOX_EDGE });
    for i in 0..4 {
        let (a, b) = (q[i], q[(i + 1) % 4]);
        aa::line(a.x, a.y, b.x, b.y, sizes.line(2.0), edge);
    }
}

/// The capsule the circle sweeps from `c` to `c + v`: its two side lines and a translucent fill.
fn draw_swept_capsule(state: &State, m: &MotionAnalysis, sizes: Sizes) {
    let v = state.view;
    let (a, b) = (v.to_screen(m.start), v.to_screen(m.end));
    let r = state.circle.radius() * v.scale;
    let d = b - a;
    let fill = to_color(alpha(palette::SWEPT, 30));
    if d.length() > 0.5 {
        let n = vec2(-d.y, d.x).normalize() * r;
        paint::triangle(a + n, b + n, b - n, fill);
        paint::triangle(a + n, b - n, a - n, fill);
        let edge = to_color(alpha(palette::SWEPT, 130));
        for s in [n, -n] {
            dashed_line(a + s, b + s, sizes.line(1.3), edge, 6.0 * sizes.scale);
        }
    }
}

/// The circle where a discrete test looks (`c + v`), dashed, coloured by that test's answer; a
/// TUNNELLED mark when it says separated although the sweep hit.
fn draw_discrete_end(state: &State, m: &MotionAnalysis, sizes: Sizes) {
    let v = state.view;
    let e = v.to_screen(m.end);
    let r = state.circle.radius() * v.scale;
    let colour = palette::state(m.end_state);
    dashed_circle(e, r.max(sizes.line(3.0)), sizes.line(2.0), to_color(alpha(colour, 230)), sizes.scale);
    let fs = sizes.font(14.0);
    let below = e.y + r + 14.0 * sizes.scale;
    label(&format!("c + v: {}", m.end_state.as_str()), e.x, below, fs, to_color(colour), true);
    if m.tunnelled() {
        let bf = sizes.font(22.0);
        let y = e.y - r - 20.0 * sizes.scale;
        let s = "TUNNELLED";
        let mm = typeset::measure(s, bf);
        let pad = 8.0 * sizes.scale;
        paint::rectangle(
            e.x - 0.5 * mm.width - pad,
            y - 0.5 * mm.height - pad,
            mm.width + 2.0 * pad,
            mm.height + 2.0 * pad,
            to_color(palette::WARNING),
        );
        text(s, e.x - 0.5 * mm.width, y + 0.5 * mm.height, bf, WHITE);
        // A cross through the discrete end: a frame-by-frame test would put the ball here.
        let k = 0.5 * r.max(8.0);
        for (p, q) in [(vec2(-k, -k), vec2(k, k)), (vec2(-k, k), vec2(k, -k))] {
            aa::line(e.x + p.x, e.y + p.y, e.x + q.x, e.y + q.y, sizes.line(3.0), to_color(palette::WARNING));
        }
    }
}

/// The continuation after the impact: the path through every contact to the end, and the circle there.
fn draw_continuation(state: &State, m: &MotionAnalysis, sizes: Sizes) {
    if m.motion.hits().is_empty() {
        return;
    }
    let v = state.view;
    let colour = to_color(palette::CONTINUATION);
    let path: Vec<Vec2> = m.path().iter().map(|&(_, p)| v.to_screen(p)).collect();
    for w in path.windows(2).skip(1) {
        aa::line(w[0].x, w[0].y, w[1].x, w[1].y, sizes.line(3.0), colour);
    }
    let e = *path.last().unwrap_or(&v.to_screen(m.motion.end));
    if let (Some(&from), true) = (path.get(path.len().saturating_sub(2)), path.len() >= 3) {
        arrow(from, e, sizes.line(3.0), colour, 14.0 * sizes.scale);
    }
    let r = state.circle.radius() * v.scale;
    aa::disc(e.x, e.y, r, to_color(alpha(palette::CONTINUATION, 40)));
    aa::rim(e.x, e.y, r.max(sizes.line(3.0)), sizes.line(2.5), colour);
    let kind = state.motion.options.response.as_str();
    label(&format!("{kind} end"), e.x, e.y - r - 14.0 * sizes.scale, sizes.font(14.0), colour, true);
}

/// The ghost circle at the time of impact, the contact point on the box and the normal there.
fn draw_impact(state: &State, m: &MotionAnalysis, sizes: Sizes) {
    let Some(h) = m.hit else { return };
    let v = state.view;
    let c = v.to_screen(h.center);
    let r = state.circle.radius() * v.scale;
    let colour = to_color(palette::IMPACT);
    dashed_circle(c, r.max(sizes.line(3.0)), sizes.line(2.2), colour, sizes.scale);
    aa::disc(c.x, c.y, sizes.line(3.0), colour);
    let p = v.to_screen(h.point);
    let len = 48.0 * sizes.scale;
    let n = vec2(h.normal[0], -h.normal[1]);
    arrow(p, p + n * len, sizes.line(2.5), to_color(palette::TEXT), 10.0 * sizes.scale);
    aa::disc(p.x, p.y, sizes.line(5.0), colour);
    aa::rim(p.x, p.y, sizes.line(5.0), sizes.line(1.5), to_color(palette::BACKGROUND));
    let what = match (h.initial, m.start_state) {
        (true, crate::geom::ContactState::Overlapping) => "t = 0 (already overlapping)".to_string(),
        (true, _) => "t = 0 (touching at the start)".to_string(),
        _ => format!("t = {}", number(h.t)),
    };
    let at = c + vec2(0.0, r + 16.0 * sizes.scale);
    label(&format!("impact {what}, {}", h.feature.as_str()), at.x, at.y, sizes.font(14.0), colour, true);
    let tip = p + n * (len + 14.0 * sizes.scale);
    label("n", tip.x, tip.y, sizes.font(14.0), to_color(palette::TEXT), true);
}

/// The velocity arrow from the centre, with its handle at the tip (hover and drag highlighted).
fn draw_velocity(state: &State, m: &MotionAnalysis, sizes: Sizes) {
    let v = state.view;
    let (a, b) = (v.to_screen(m.start), v.to_screen(m.end));
    let colour = to_color(palette::VELOCITY);
    arrow(a, b, sizes.line(3.0), colour, 16.0 * sizes.scale);
    let active = state.drag.map(|d| d.handle).or(state.hover) == Some(Handle::VelocityTip);
    let text = format!("v = ({}, {})", number(m.velocity[0]), number(m.velocity[1]));
    tip_handle(b, 0.5 * (a + b), &text, colour, active, sizes);
}

/// The grab handle at an arrow's tip (larger and white while hovered or dragged), with a label over
/// `at`. Motion's velocity arrow and the playground's throw arrow use it.
pub fn tip_handle(tip: Vec2, at: Vec2, text: &str, colour: Color, active: bool, sizes: Sizes) {
    let s = sizes.line(if active { 8.0 } else { 6.0 });
    aa::rim(tip.x, tip.y, s, sizes.line(2.0), if active { to_color(palette::HOVER) } else { colour });
    label(text, at.x, at.y - 16.0 * sizes.scale, sizes.font(14.0), colour, true);
}

/// The circle where the animation is (Play / Step), when it has left the start; and beside it,
/// when the sweep stops or turns it, a second ghost: the ball moved without a sweep, straight on
/// along `v` (through a thin wall), dashed and labelled.
fn draw_playhead(state: &State, m: &MotionAnalysis, sizes: Sizes) {
    let progress = state.motion.playback.progress;
    if progress <= 0.0 {
        return;
    }
    let v = state.view;
    let r = state.circle.radius() * v.scale;
    let d = v.to_screen(m.discrete_position_at(progress));
    let p = v.to_screen(m.position_at(progress));
    if m.hit.is_some() && d.distance(p) > 1.0 {
        let colour = if m.tunnelled() { palette::WARNING } else { palette::state(m.end_state) };
        aa::disc(d.x, d.y, r, to_color(alpha(colour, 45)));
        dashed_circle(d, r.max(sizes.line(3.0)), sizes.line(2.5), to_color(colour), sizes.scale);
        let what = if m.tunnelled() { "no sweep: goes through" } else { "no sweep" };
        label(what, d.x, d.y + r + 14.0 * sizes.scale, sizes.font(14.0), to_color(colour), true);
        label("swept", p.x, p.y - r - 14.0 * sizes.scale, sizes.font(14.0), to_color(palette::TEXT), true);
    }
    aa::disc(p.x, p.y, r, to_color(alpha(palette::TEXT, 70)));
    aa::rim(p.x, p.y, r.max(sizes.line(3.0)), sizes.line(3.0), to_color(palette::TEXT));
}

/// The status lines at the top of the canvas in motion mode: the sweep's answer and the discrete test's.
pub fn draw_motion_status(state: &State, m: &MotionAnalysis, sizes: Sizes) {
    let c = state.canvas;
    let fs = sizes.font(17.0);
    let pad = 10.0 * sizes.scale;
    let x = c.x + pad + 40.0 * sizes.scale;
    let line1 = format!("Sweep: {}", m.sweep_words());
    let colour = if m.hit.is_some() { palette::IMPACT } else { palette::SEPARATED };
    let mm = text(&line1, x, c.y + pad + fs as f32 * 0.8, fs, to_color(colour));
    let line2 = format!(
        "discrete test at c + v: {}   {} end: ({}, {})",
        m.end_state.as_str(),
        state.motion.options.response.as_str(),
        number(m.motion.end[0]),
        number(m.motion.end[1])
    );
    let y2 = c.y + pad + fs as f32 * 0.8 + mm.height + 8.0 * sizes.scale;
    let c2 = if m.tunnelled() { palette::WARNING } else { palette::state(m.end_state) };
    text(&line2, x, y2, sizes.font(14.0), to_color(c2));
    if m.tunnelled() {
        let msg = "TUNNELLED: the sweep hit, but the discrete test at c + v says separated";
        super::status::banner(c, sizes, msg, 255);
    }
}
