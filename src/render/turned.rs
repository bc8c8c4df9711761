//! The turned box (`angle=`): its nine zones, the zone lines and the zone numbers drawn in the box's
//! frame, turned with it; and the box's-view inset, the same scene turned back so the box is
//! aligned, where the clamp happens exactly as before. Draws only: every number comes from the
//! [`BoxFrame`] and the [`Analysis`] (the library's rotated box), every place from
//! [`crate::app::still::turned`] (which the vector figure draws from too).

use super::label::text;
use super::strokes::{arrow, dashed_circle, dashed_line};
use super::style::{to_color, Sizes};
use super::{aa, paint, typeset};
use crate::app::palette;
use crate::app::still::turned::{
    box_label_fits, box_view_caption, box_view_sizes, box_view_title, turned_corners, turned_label_anchors,
    turned_zone, turned_zone_lines, BoxView,
};
use crate::app::still::BoxFrame;
use crate::app::{Analysis, State};
use crate::geom::response::PushCase;
use macroquad::prelude::*;

/// A convex polygon filled as a fan of triangles.
fn fill(poly: &[Vec2], colour: Color) {
    for i in 1..poly.len().saturating_sub(1) {
        paint::triangle(poly[0], poly[i], poly[i + 1], colour);
    }
}

/// The turned box's zone grid on the canvas: the centre's zone (`highlight`) tinted and the box's
/// edges extended, dashed, both turned with the box and clipped to the canvas.
pub fn draw_turned_zones(state: &State, f: &BoxFrame, highlight: Option<u32>, sizes: Sizes) {
    if let Some(n) = highlight {
        fill(&turned_zone(state, f, n), to_color(palette::ZONE_HIGHLIGHT));
    }
    let colour = to_color(palette::alpha(palette::ZONE_LINE, 170));
    let (w, dash) = (sizes.line(1.2), 7.0 * sizes.scale);
    for (a, b) in turned_zone_lines(state, f) {
        dashed_line(a, b, w, colour, dash);
    }
}

/// Each zone's number, turned with the box: outer zones a little out from the box along its own
/// axes, the box's own 4 inside its top-left corner; `highlight` as "zone N". Kept below `top`.
pub fn draw_turned_labels(state: &State, f: &BoxFrame, highlight: Option<u32>, top: f32, sizes: Sizes) {
    let fs = sizes.font(20.0);
    for (n, s) in (0..9u32).zip(turned_label_anchors(state, f, sizes)) {
        let hl = Some(n) == highlight;
        let t = if hl { format!("zone {n}") } else { format!("{n}") };
        let m = typeset::measure(&t, fs);
        if !state.canvas.contains(s) || s.y - m.height < top {
            continue;
        }
        if n == 4 && !box_label_fits(state, m.height) {
            continue;
        }
        let spot = typeset::place_label(s, m.width, m.height);
        let colour = if hl { palette::ZONE_HIGHLIGHT_TEXT } else { palette::alpha(palette::ZONE_TEXT, 200) };
        text(&t, spot.x, spot.y + m.offset_y, fs, to_color(colour));
    }
}

/// The turned box: fill, edges and corner marks (the aligned box's look, turned).
pub fn draw_turned_box(state: &State, f: &BoxFrame, active: bool, sizes: Sizes) {
    let corners = turned_corners(state, f);
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

/// The box's view: the scene turned back so the box is the aligned box `[−h, h]` (the numbers every
/// registry algorithm sees), with its nine zones, the circle at its local centre, the clamp (closest
/// point) and the push-out, exactly the aligned picture; titled with the angle.
pub fn draw_box_view(state: &State, a: &Analysis, f: &BoxFrame, sizes: Sizes) {
    let sizes = box_view_sizes(sizes);
    let fs = sizes.font(14.0);
    let title = box_view_title(f);
    let m = typeset::measure(&title, fs);
    let caption = box_view_caption(f);
    let m2 = typeset::measure(&caption, fs);
    let Some(v) = BoxView::of(state.canvas, sizes, f, m.height, (m2.width, m2.height)) else { return };
    let (r, pad) = (v.rect, v.pad);
    paint::rectangle(r.x, r.y, r.w, r.h, to_color(palette::alpha(palette::BACKGROUND, 235)));
    paint::rectangle_lines(r.x, r.y, r.w, r.h, sizes.line(1.5), to_color(palette::alpha(palette::ZONE_LINE, 220)));
    text(&title, r.x + pad, r.y + pad + m.offset_y, fs, to_color(palette::TEXT));
    // The centre's zone, then the zone lines, both clipped to the picture.
    fill(&v.zone(f), to_color(palette::ZONE_HIGHLIGHT));
    let line_c = to_color(palette::alpha(palette::ZONE_LINE, 170));
    for (p, q) in v.zone_lines(f) {
        dashed_line(p, q, sizes.line(1.0), line_c, 5.0 * sizes.scale);
    }
    let (b, circle, k) = (f.aabb, f.circle, f.contact);
    let (c, rad) = (circle.center(), circle.radius());
    let scale = v.scale;
    // The aligned box.
    let (bl, tr) = (v.at(b.min()), v.at(b.max()));
    paint::rectangle(bl.x, tr.y, tr.x - bl.x, bl.y - tr.y, to_color(palette::BOX_FILL));
    paint::rectangle_lines(bl.x, tr.y, tr.x - bl.x, bl.y - tr.y, sizes.line(1.5), to_color(palette::BOX_EDGE));
    // The circle at its local centre, in the verdict's colour.
    let cs = v.at(c);
    let shown = palette::shown_state(a.verdict, a.contact.state);
    let colour = palette::state(shown);
    aa::disc(cs.x, cs.y, rad * scale, to_color(palette::alpha(colour, 50)));
    aa::rim(cs.x, cs.y, rad * scale, sizes.line(1.8), to_color(colour));
    let s = sizes.line(3.5);
    aa::line(cs.x - s, cs.y, cs.x + s, cs.y, sizes.line(1.5), to_color(palette::TEXT));
    aa::line(cs.x, cs.y - s, cs.x, cs.y + s, sizes.line(1.5), to_color(palette::TEXT));
    // The clamp: the centre clamped to [−h, h], the closest point.
    if k.distance > 0.0 {
        let q = v.at(k.closest);
        dashed_line(cs, q, sizes.line(1.5), to_color(palette::CLOSEST), 4.0 * sizes.scale);
        aa::disc(q.x, q.y, sizes.line(4.0), to_color(palette::CLOSEST));
    }
    // The push-out, the aligned construction.
    let p = f.response.push;
    if f.response.case != PushCase::None && (p[0] != 0.0 || p[1] != 0.0) {
        let moved = v.at([c[0] + p[0], c[1] + p[1]]);
        dashed_circle(moved, rad * scale, sizes.line(1.2), to_color(palette::alpha(palette::PUSH, 200)), sizes.scale);
        arrow(cs, moved, sizes.line(2.0), to_color(palette::PUSH), 9.0 * sizes.scale);
    }
    if !v.caption {
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
