//! The box and the circle, with their drag handles.

use super::strokes::dashed_circle;
use super::style::{to_color, Sizes};
use super::{aa, paint, turned};
use crate::app::palette;
use crate::app::still::pointer::rotation_knob;
use crate::app::{Analysis, Handle, State};
use macroquad::prelude::*;

/// The box: fill, edges and corner handles; the hovered or dragged part highlighted.
pub fn draw_box(state: &State, sizes: Sizes) {
    let active = state.drag.map(|d| d.handle).or(state.hover);
    let frame = state.box_frame();
    match &frame {
        Some(f) => turned::draw_turned_box(state, f, active.is_some_and(is_box_handle), sizes),
        None => draw_aligned_box(state, sizes),
    }
    // The rotation knob: always on a turned box; on the aligned one while the pointer is on the box
    // (so an untouched scene looks as it always did).
    if let Some((base, knob)) = rotation_knob(state) {
        if frame.is_some() || active.is_some_and(|h| is_box_handle(h) || h == Handle::BoxRotate) {
            turned::draw_knob(base, knob, active == Some(Handle::BoxRotate), sizes);
        }
    }
}

fn is_box_handle(h: Handle) -> bool {
    matches!(h, Handle::BoxBody | Handle::BoxCorner { .. } | Handle::BoxEdge { .. })
}

/// The aligned box: fill, edges and corner handles; the hovered or dragged part highlighted.
fn draw_aligned_box(state: &State, sizes: Sizes) {
    let v = state.view;
    let lo = v.to_screen(state.aabb.min());
    let hi = v.to_screen(state.aabb.max());
    let (x, y, w, h) = (lo.x, hi.y, hi.x - lo.x, lo.y - hi.y);
    let active = state.drag.map(|d| d.handle).or(state.hover);
    let fill = if active == Some(Handle::BoxBody) { palette::alpha(palette::BOX_FILL, 100) } else { palette::BOX_FILL };
    paint::rectangle(x, y, w, h, to_color(fill));
    let edge_w = sizes.line(2.0);
    paint::rectangle_lines(x, y, w, h, edge_w, to_color(palette::BOX_EDGE));
    if active == Some(Handle::BoxBody) {
        paint::rectangle_lines(x - 1.0, y - 1.0, w + 2.0, h + 2.0, edge_w, to_color(palette::HOVER));
    }
    if let Some(Handle::BoxEdge { axis, upper }) = active {
        let (p, q) = match (axis, upper) {
            (0, false) => (vec2(lo.x, lo.y), vec2(lo.x, hi.y)),
            (0, true) => (vec2(hi.x, lo.y), vec2(hi.x, hi.y)),
            (_, false) => (vec2(lo.x, lo.y), vec2(hi.x, lo.y)),
            (_, true) => (vec2(lo.x, hi.y), vec2(hi.x, hi.y)),
        };
        aa::line(p.x, p.y, q.x, q.y, sizes.line(4.0), to_color(palette::HOVER));
    }
    // Corner handles; the active one larger and white.
    for upper in [[false, false], [true, false], [false, true], [true, true]] {
        let q = vec2(if upper[0] { hi.x } else { lo.x }, if upper[1] { hi.y } else { lo.y });
        let on = active == Some(Handle::BoxCorner { upper });
        let s = sizes.line(if on { 6.0 } else { 3.5 });
        paint::rectangle(
            q.x - s,
            q.y - s,
            2.0 * s,
            2.0 * s,
            to_color(if on { palette::HOVER } else { palette::BOX_EDGE }),
        );
    }
}

/// The circle in the colour of the selected algorithm's verdict, with its centre cross; the
/// hovered or dragged part highlighted.
pub fn draw_circle_shape(state: &State, a: &Analysis, sizes: Sizes) {
    let v = state.view;
    let cs = v.to_screen(state.circle.center());
    let r = state.circle.radius() * v.scale;
    let shown = palette::shown_state(a.verdict, a.contact.state);
    let color = palette::state(shown);
    let active = state.drag.map(|d| d.handle).or(state.hover);
    let fill_a = if active == Some(Handle::CircleBody) { 95 } else { 60 };
    aa::disc(cs.x, cs.y, r, to_color(palette::alpha(color, fill_a)));
    let rim_w = if active == Some(Handle::CircleRim) { sizes.line(4.5) } else { sizes.line(2.5) };
    let rim_c = if active == Some(Handle::CircleRim) { palette::HOVER } else { color };
    verdict_outline(cs, r, rim_w, to_color(rim_c), palette::cue(shown), sizes);
    if active == Some(Handle::CircleBody) {
        aa::rim(cs.x, cs.y, r + sizes.line(2.5), sizes.line(1.5), to_color(palette::HOVER));
    }
    // Centre cross.
    let s = sizes.line(5.0);
    aa::line(cs.x - s, cs.y, cs.x + s, cs.y, sizes.line(2.0), to_color(palette::TEXT));
    aa::line(cs.x, cs.y - s, cs.x, cs.y + s, sizes.line(2.0), to_color(palette::TEXT));
    if palette::cue(shown) == palette::Cue::Dashed {
        centre_hatch(cs, sizes.line(9.0), sizes.line(2.0), to_color(color));
    }
}

/// The circle's outline in its verdict's cue, so the verdict reads without colour: solid
/// (separated), doubled (touching) or dashed (overlapping). The legend draws the same.
pub fn verdict_outline(cs: Vec2, r: f32, w: f32, colour: Color, cue: palette::Cue, sizes: Sizes) {
    match cue {
        palette::Cue::Solid => aa::rim(cs.x, cs.y, r, w, colour),
        palette::Cue::Double => {
            aa::rim(cs.x, cs.y, r, w, colour);
            let inner = (r - w - sizes.line(2.5)).max(0.5 * r);
            aa::rim(cs.x, cs.y, inner, 0.6 * w, colour);
        }
        palette::Cue::Dashed => dashed_circle(cs, r, 1.3 * w, colour, 0.6 * sizes.scale.max(0.5)),
    }
}

/// The overlapping circle's mark: a × over its centre cross.
pub fn centre_hatch(cs: Vec2, s: f32, w: f32, colour: Color) {
    let d = std::f32::consts::FRAC_1_SQRT_2 * s;
    aa::line(cs.x - d, cs.y - d, cs.x + d, cs.y + d, w, colour);
    aa::line(cs.x - d, cs.y + d, cs.x + d, cs.y - d, w, colour);
}
