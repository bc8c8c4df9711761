//! The response construction: how far the circle is from the box, and where it is pushed.

use super::aa;
use super::label::label;
use super::strokes::{arrow, dashed_circle, dashed_line};
use super::style::{to_color, Sizes};
use crate::app::palette;
use crate::app::{Analysis, State};
use crate::format::number;
use crate::geom::response::PushCase;
use macroquad::prelude::*;

/// Closest point and distance (centre outside), or the four face distances (centre inside); then
/// the push arrow and the ghost of the pushed circle.
pub fn draw_construction(state: &State, a: &Analysis, sizes: Sizes) {
    let v = state.view;
    let centre = state.circle.center();
    let cs = v.to_screen(centre);
    let fs = sizes.font(15.0);
    let inside = a.contact.distance <= 0.0;

    if !inside {
        let s = v.to_screen(a.contact.closest);
        dashed_line(cs, s, sizes.line(2.0), to_color(palette::CLOSEST), 5.0 * sizes.scale);
        aa::disc(s.x, s.y, sizes.line(5.0), to_color(palette::CLOSEST));
        aa::rim(s.x, s.y, sizes.line(5.0), sizes.line(1.5), to_color(palette::BACKGROUND));
        let mid = 0.5 * (cs + s);
        let d = s - cs;
        let n = if d.length() > 0.0 { vec2(-d.y, d.x).normalize() } else { vec2(0.0, -1.0) };
        let n = if n.y > 0.0 { -n } else { n };
        label(
            &format!("d = {}", number(a.contact.distance)),
            mid.x + n.x * 16.0 * sizes.scale,
            mid.y + n.y * 16.0 * sizes.scale,
            fs,
            to_color(palette::CLOSEST),
            true,
        );
    } else {
        // The four face distances, measured from the centre; the least one is the push direction.
        let (lo, hi) = (state.aabb.min(), state.aabb.max());
        let least = a.response.face;
        // With the box turned, measured along its own axes: the centre in the unturned box's
        // coordinates, each face point turned back.
        let frame = state.box_frame();
        let centre = frame.map_or(centre, |f| f.unturn(centre));
        let on_screen = |p: [f32; 2]| v.to_screen(frame.map_or(p, |f| f.turn(p)));
        for axis in 0..2 {
            for (k, upper) in [false, true].into_iter().enumerate() {
                let mut target = centre;
                target[axis] = if upper { hi[axis] } else { lo[axis] };
                // Drawn as dimension lines a little off the centre, so the push arrow (which runs
                // along the least one) does not hide them.
                let shift = if axis == 0 { vec2(0.0, 9.0 * sizes.scale) } else { vec2(-9.0 * sizes.scale, 0.0) };
                let cs = cs + shift;
                let t = on_screen(target) + shift;
                let is_least = least.is_some_and(|f| f.axis == axis && f.upper == upper);
                let (color, w) = if is_least {
                    (palette::FACE_LEAST, sizes.line(3.0))
                } else {
                    (palette::alpha(palette::FACE, 200), sizes.line(1.5))
                };
                aa::line(cs.x, cs.y, t.x, t.y, w, to_color(color));
                aa::disc(t.x, t.y, sizes.line(3.0), to_color(color));
                let mid = 0.5 * (cs + t);
                let off = if axis == 0 { vec2(0.0, 14.0 * sizes.scale) } else { vec2(-24.0 * sizes.scale, 0.0) };
                let d = a.faces[axis][k];
                label(
                    &number(d as f32),
                    mid.x + off.x,
                    mid.y + off.y,
                    if is_least { fs + 2 } else { fs - 1 },
                    to_color(color),
                    true,
                );
            }
        }
    }

    // Push-out arrow and the ghost of the pushed circle.
    if a.response.case != PushCase::None {
        let p = a.response.push;
        if p[0] != 0.0 || p[1] != 0.0 {
            let moved = [centre[0] + p[0], centre[1] + p[1]];
            let ms = v.to_screen(moved);
            let r = state.circle.radius() * v.scale;
            dashed_circle(ms, r, sizes.line(1.8), to_color(palette::alpha(palette::PUSH, 220)), sizes.scale);
            aa::disc(ms.x, ms.y, sizes.line(2.5), to_color(palette::PUSH));
            arrow(cs, ms, sizes.line(3.0), to_color(palette::PUSH), 14.0 * sizes.scale);
            let len = (p[0] * p[0] + p[1] * p[1]).sqrt();
            label(&format!("push {}", number(len)), ms.x, ms.y - 16.0 * sizes.scale, fs, to_color(palette::PUSH), true);
        }
    }
}
