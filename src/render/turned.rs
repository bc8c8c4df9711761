//! The turned box (`angle=`): its nine zones, the zone lines and the zone numbers drawn in the box's
//! frame, turned with it; and the box's-view inset, the same scene turned back so the box is
//! aligned, where the clamp happens exactly as before. Draws only: every number comes from the
//! [`BoxFrame`] and the [`Analysis`] (the library's rotated box).

use super::label::text;
use super::strokes::{arrow, dashed_circle, dashed_line};
use super::style::{to_color, Sizes};
use super::{aa, paint, typeset};
use crate::app::palette;
use crate::app::still::BoxFrame;
use crate::app::{Analysis, ScreenRect, State};
use crate::format::number;
use crate::geom::ResponseCase;
use macroquad::prelude::*;

/// A point of the unturned box's plane on the screen, turned with the box.
fn turned(state: &State, f: &BoxFrame, p: [f32; 2]) -> Vec2 {
    state.view.to_screen(f.turn(p))
}

/// The polygon `poly` clipped to the rectangle `r` (Sutherland–Hodgman).
fn clip_polygon(poly: &[Vec2], r: ScreenRect) -> Vec<Vec2> {
    let mut out = poly.to_vec();
    // Each edge as a signed distance, inside when ≥ 0.
    type Side = fn(Vec2, ScreenRect) -> f32;
    let edges: [Side; 4] = [|p, r| p.x - r.x, |p, r| r.x + r.w - p.x, |p, r| p.y - r.y, |p, r| r.y + r.h - p.y];
    for side in edges {
        let input = std::mem::take(&mut out);
        for (i, &a) in input.iter().enumerate() {
            let b = input[(i + 1) % input.len()];
            let (da, db) = (side(a, r), side(b, r));
            if da >= 0.0 {
                out.push(a);
            }
            if (da >= 0.0) != (db >= 0.0) {
                out.push(a + (b - a) * (da / (da - db)));
            }
        }
        if out.is_empty() {
            break;
        }
    }
    out
}

/// The segment `a`–`b` clipped to `r` (a polygon of two points, clipped), if any of it is inside.
fn clip_segment(a: Vec2, b: Vec2, r: ScreenRect) -> Option<(Vec2, Vec2)> {
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    let d = b - a;
    for (p, q) in [(-d.x, a.x - r.x), (d.x, r.x + r.w - a.x), (-d.y, a.y - r.y), (d.y, r.y + r.h - a.y)] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t0 < t1).then(|| (a + d * t0, a + d * t1))
}

/// A convex polygon filled as a fan of triangles.
fn fill(poly: &[Vec2], colour: Color) {
    for i in 1..poly.len().saturating_sub(1) {
        paint::triangle(poly[0], poly[i], poly[i + 1], colour);
    }
}

/// The corners of zone `n` (`x + 3y`) in the unturned box's plane, reaching `far` beyond the box.
fn zone_corners(lo: [f32; 2], hi: [f32; 2], n: u32, far: f32) -> [[f32; 2]; 4] {
    let span = |k: u32, axis: usize| match k {
        0 => (lo[axis] - far, lo[axis]),
        1 => (lo[axis], hi[axis]),
        _ => (hi[axis], hi[axis] + far),
    };
    let ((x0, x1), (y0, y1)) = (span(n % 3, 0), span(n / 3, 1));
    [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
}

/// The turned box's zone grid on the canvas: the centre's zone (`highlight`) tinted and the box's
/// edges extended, dashed, both turned with the box and clipped to the canvas.
pub fn draw_turned_zones(state: &State, f: &BoxFrame, highlight: Option<u32>, sizes: Sizes) {
    let c = state.canvas;
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    // Far enough to cross any canvas: its diagonal, in world units, twice.
    let far = 2.0 * (c.w + c.h) / state.view.scale.max(1e-6);
    if let Some(n) = highlight {
        let poly: Vec<Vec2> = zone_corners(lo, hi, n, far).iter().map(|&p| turned(state, f, p)).collect();
        fill(&clip_polygon(&poly, c), to_color(palette::ZONE_HIGHLIGHT));
    }
    let colour = to_color(palette::alpha(palette::ZONE_LINE, 170));
    let (w, dash) = (sizes.line(1.2), 7.0 * sizes.scale);
    let lines = [
        ([lo[0], lo[1] - far], [lo[0], hi[1] + far]),
        ([hi[0], lo[1] - far], [hi[0], hi[1] + far]),
        ([lo[0] - far, lo[1]], [hi[0] + far, lo[1]]),
        ([lo[0] - far, hi[1]], [hi[0] + far, hi[1]]),
    ];
    for (p, q) in lines {
        if let Some((a, b)) = clip_segment(turned(state, f, p), turned(state, f, q), c) {
            dashed_line(a, b, w, colour, dash);
        }
    }
}

/// Each zone's number, turned with the box: outer zones a little out from the box along its own
/// axes, the box's own 4 inside its top-left corner; `highlight` as "zone N". Kept below `top`.
pub fn draw_turned_labels(state: &State, f: &BoxFrame, highlight: Option<u32>, top: f32, sizes: Sizes) {
    let fs = sizes.font(20.0);
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let out = 56.0 * sizes.scale / state.view.scale.max(1e-6);
    let inset = 16.0 * sizes.scale / state.view.scale.max(1e-6);
    let mid = state.aabb.center();
    for n in 0..9u32 {
        let at = |k: u32, axis: usize| match k {
            0 => lo[axis] - out,
            1 => mid[axis],
            _ => hi[axis] + out,
        };
        let p = if n == 4 { [lo[0] + inset, hi[1] - inset] } else { [at(n % 3, 0), at(n / 3, 1)] };
        let s = turned(state, f, p);
        let hl = Some(n) == highlight;
        let t = if hl { format!("zone {n}") } else { format!("{n}") };
        let m = typeset::measure(&t, fs);
        if !state.canvas.contains(s) || s.y - m.height < top {
            continue;
        }
        if n == 4 && (hi[0] - lo[0]).min(hi[1] - lo[1]) * state.view.scale < 2.0 * m.height + 16.0 {
            continue;
        }
        let spot = typeset::place_label(s, m.width, m.height);
        let colour = if hl { palette::ZONE_HIGHLIGHT_TEXT } else { palette::alpha(palette::ZONE_TEXT, 200) };
        text(&t, spot.x, spot.y + m.offset_y, fs, to_color(colour));
    }
}

/// The turned box: fill, edges and corner marks (the aligned box's look, turned).
pub fn draw_turned_box(state: &State, f: &BoxFrame, active: bool, sizes: Sizes) {
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let corners = [[lo[0], lo[1]], [hi[0], lo[1]], [hi[0], hi[1]], [lo[0], hi[1]]].map(|p| turned(state, f, p));
    let fill_c = if active { palette::alpha(palette::BOX_FILL, 100) } else { palette::BOX_FILL };
    fill(&corners, to_color(fill_c));
    let edge = to_color(if active { palette::HOVER } else { palette::BOX_EDGE });
    for i in 0..4 {
        let (a, b) = (corners[i], corners[(i + 1) % 4]);
        aa::line(a.x, a.y, b.x, b.y, sizes.line(2.0), edge);
    }
    for q in corners {
        aa::disc(q.x, q.y, sizes.line(3.5), to_color(palette::BOX_EDGE));
    }
}

/// The rotation knob: a short stalk out from the box's top edge and a round knob (the active one
/// larger and white); drawn when the box is turned, or when the pointer is on the box or the knob.
pub fn draw_knob(base: Vec2, knob: Vec2, active: bool, sizes: Sizes) {
    let c = to_color(if active { palette::HOVER } else { palette::BOX_EDGE });
    aa::line(base.x, base.y, knob.x, knob.y, sizes.line(1.5), c);
    let r = sizes.line(if active { 8.0 } else { 6.0 });
    aa::disc(knob.x, knob.y, r, to_color(palette::BACKGROUND));
    aa::rim(knob.x, knob.y, r, sizes.line(2.0), c);
    // A quarter arc inside: "turn me".
    let n = 8;
    for i in 0..n {
        let t = |k: usize| std::f32::consts::PI * (0.15 + 1.2 * k as f32 / n as f32);
        let (a, b) = (t(i), t(i + 1));
        let rr = 0.5 * r;
        aa::line(
            knob.x + rr * a.cos(),
            knob.y - rr * a.sin(),
            knob.x + rr * b.cos(),
            knob.y - rr * b.sin(),
            sizes.line(1.2),
            c,
        );
    }
}

/// Where the box's-view inset goes on `canvas`: the bottom-left corner, above the legend's row,
/// about a quarter of the canvas's width (200 to 320 px, growing with the text scale up to 1.25×, at
/// most 45 % of the canvas), 3 : 4 high.
#[must_use]
pub fn inset_rect(canvas: ScreenRect, sizes: Sizes) -> ScreenRect {
    let w = ((0.26 * canvas.w).clamp(200.0, 320.0) * sizes.text.clamp(1.0, 1.25)).min(0.45 * canvas.w).max(0.0);
    let h = (0.75 * w).min(0.45 * canvas.h);
    let m = 12.0 * sizes.scale;
    ScreenRect { x: canvas.x + m, y: canvas.y + canvas.h - h - m - sizes.text_gap(34.0), w, h }
}

/// The box's view: the scene turned back so the box is the aligned box `[−h, h]` (the numbers every
/// registry algorithm sees), with its nine zones, the circle at its local centre, the clamp (closest
/// point) and the push-out, exactly the aligned picture; titled with the angle.
pub fn draw_box_view(state: &State, a: &Analysis, f: &BoxFrame, sizes: Sizes) {
    // Its text grows with the room's text scale only up to 1.25×, so the inset stays small.
    let sizes = Sizes { text: sizes.text.min(1.25), ..sizes };
    let r = inset_rect(state.canvas, sizes);
    if r.w < 120.0 || r.h < 90.0 {
        return;
    }
    paint::rectangle(r.x, r.y, r.w, r.h, to_color(palette::alpha(palette::BACKGROUND, 235)));
    paint::rectangle_lines(r.x, r.y, r.w, r.h, sizes.line(1.5), to_color(palette::alpha(palette::ZONE_LINE, 220)));
    let fs = sizes.font(14.0);
    let title = format!("box's view: turned back by {}°", number(f.degrees));
    let m = typeset::measure(&title, fs);
    let pad = 8.0 * sizes.scale;
    text(&title, r.x + pad, r.y + pad + m.offset_y, fs, to_color(palette::TEXT));
    // The picture below the title: the box and the circle, fitted with a margin.
    // The caption's row at the bottom, when it fits.
    let l = f.circle.center();
    let caption = format!("zone {}  local c = ({}, {})", f.contact.zone, number(l[0]), number(l[1]));
    let m2 = typeset::measure(&caption, fs);
    let row = if m2.width + 2.0 * pad <= r.w { m2.height + pad } else { 0.0 };
    let pic = ScreenRect {
        x: r.x + pad,
        y: r.y + 2.0 * pad + m.height,
        w: r.w - 2.0 * pad,
        h: r.h - 3.0 * pad - m.height - row,
    };
    let (b, circle, k) = (f.aabb, f.circle, f.contact);
    let (c, rad) = (circle.center(), circle.radius());
    let (lo, hi) = (b.min(), b.max());
    let wlo = [lo[0].min(c[0] - rad), lo[1].min(c[1] - rad)];
    let whi = [hi[0].max(c[0] + rad), hi[1].max(c[1] + rad)];
    let span = [(whi[0] - wlo[0]).max(1e-3), (whi[1] - wlo[1]).max(1e-3)];
    let scale = (0.84 * pic.w / span[0]).min(0.84 * pic.h / span[1]);
    let mid = [0.5 * (wlo[0] + whi[0]), 0.5 * (wlo[1] + whi[1])];
    let at = |p: [f32; 2]| {
        vec2(pic.x + 0.5 * pic.w + (p[0] - mid[0]) * scale, pic.y + 0.5 * pic.h - (p[1] - mid[1]) * scale)
    };
    // The centre's zone, then the zone lines, both clipped to the picture.
    let far = 4.0 * (pic.w + pic.h) / scale.max(1e-6);
    let zone: Vec<Vec2> = zone_corners(lo, hi, k.zone, far).iter().map(|&p| at(p)).collect();
    fill(&clip_polygon(&zone, pic), to_color(palette::ZONE_HIGHLIGHT));
    let line_c = to_color(palette::alpha(palette::ZONE_LINE, 170));
    for (p, q) in [
        ([lo[0], lo[1] - far], [lo[0], hi[1] + far]),
        ([hi[0], lo[1] - far], [hi[0], hi[1] + far]),
        ([lo[0] - far, lo[1]], [hi[0] + far, lo[1]]),
        ([lo[0] - far, hi[1]], [hi[0] + far, hi[1]]),
    ] {
        if let Some((p, q)) = clip_segment(at(p), at(q), pic) {
            dashed_line(p, q, sizes.line(1.0), line_c, 5.0 * sizes.scale);
        }
    }
    // The aligned box.
    let (bl, tr) = (at(lo), at(hi));
    paint::rectangle(bl.x, tr.y, tr.x - bl.x, bl.y - tr.y, to_color(palette::BOX_FILL));
    paint::rectangle_lines(bl.x, tr.y, tr.x - bl.x, bl.y - tr.y, sizes.line(1.5), to_color(palette::BOX_EDGE));
    // The circle at its local centre, in the verdict's colour.
    let cs = at(c);
    let shown = palette::shown_state(a.verdict, a.contact.state);
    let colour = palette::state(shown);
    aa::disc(cs.x, cs.y, rad * scale, to_color(palette::alpha(colour, 50)));
    aa::rim(cs.x, cs.y, rad * scale, sizes.line(1.8), to_color(colour));
    let s = sizes.line(3.5);
    aa::line(cs.x - s, cs.y, cs.x + s, cs.y, sizes.line(1.5), to_color(palette::TEXT));
    aa::line(cs.x, cs.y - s, cs.x, cs.y + s, sizes.line(1.5), to_color(palette::TEXT));
    // The clamp: the centre clamped to [−h, h], the closest point.
    if k.distance > 0.0 {
        let q = at(k.closest);
        dashed_line(cs, q, sizes.line(1.5), to_color(palette::CLOSEST), 4.0 * sizes.scale);
        aa::disc(q.x, q.y, sizes.line(4.0), to_color(palette::CLOSEST));
    }
    // The push-out, the aligned construction.
    let p = f.response.push;
    if f.response.case != ResponseCase::None && (p[0] != 0.0 || p[1] != 0.0) {
        let moved = at([c[0] + p[0], c[1] + p[1]]);
        dashed_circle(moved, rad * scale, sizes.line(1.2), to_color(palette::alpha(palette::PUSH, 200)), sizes.scale);
        arrow(cs, moved, sizes.line(2.0), to_color(palette::PUSH), 9.0 * sizes.scale);
    }
    if row == 0.0 {
        return;
    }
    text(
        &caption,
        r.x + pad,
        r.y + r.h - pad - m2.height + m2.offset_y,
        fs,
        to_color(palette::alpha(palette::TEXT, 210)),
    );
}
