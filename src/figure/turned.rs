//! The still scene's layers with the box turned (`angle=`), as the canvas's `render::turned` draws
//! them: the zones, the zone lines and the zone numbers in the box's frame, turned with it and clipped
//! to the figure; the grown (rounded) box turned; the box as its real corners; and the box's-view
//! inset (`box-view`), the scene turned back so the box is aligned. Every place comes from
//! [`crate::app::still::turned`], the numbers from the [`BoxFrame`] (the library's rotated box).

use super::marks::{arrow, dashed_circle, ears_path};
use super::text::{measure, Labels};
use super::writer::{fill, num, paint, stroke, Svg};
use super::Figure;
use crate::app::palette::{self, alpha, Rgba};
use crate::app::still::pointer::rotation_knob;
use crate::app::still::turned::{
    box_label_fits, box_view_caption, box_view_sizes, box_view_title, turned_corners, turned_label_anchors,
    turned_zone, turned_zone_lines, BoxView,
};
use crate::app::still::BoxFrame;
use crate::geom::{response::PushCase, OrientedRect};
use glam::Vec2;

fn pt(v: Vec2) -> [f32; 2] {
    [v.x, v.y]
}

/// A shape filled in `inside` and outlined in `edge`, `w` px wide.
pub fn filled_outline(inside: Rgba, edge: Rgba, w: f32) -> String {
    format!("{} {} stroke-width=\"{}\"", paint("fill", inside), paint("stroke", edge), num(w))
}

/// The centre's zone, tinted: the turned zone clipped to the figure.
pub fn zone_tints(f: &Figure<'_>, svg: &mut Svg, fr: &BoxFrame) {
    svg.open("zone-tints", "");
    let poly: Vec<[f32; 2]> = turned_zone(f.state, fr, f.a.contact.zone).into_iter().map(pt).collect();
    if poly.len() >= 3 {
        svg.polygon(&poly, &format!("id=\"zone-highlight\" {}", fill(palette::ZONE_HIGHLIGHT)));
    }
    svg.close();
}

/// The turned box's edges extended across the figure, dashed.
pub fn zone_lines(f: &Figure<'_>, svg: &mut Svg, fr: &BoxFrame) {
    let sizes = f.sizes;
    let attrs = stroke(alpha(palette::ZONE_LINE, 170), sizes.line(1.2), Some(7.0 * sizes.scale));
    svg.open("zone-lines", &attrs);
    for (a, b) in turned_zone_lines(f.state, fr) {
        svg.element(&format!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            num(a.x),
            num(a.y),
            num(b.x),
            num(b.y)
        ));
    }
    svg.close();
}

/// The outline of the box `lo..hi` grown by `r` (screen radius `rs`), each point of the box's plane
/// put on the figure by `at`: four straight sides and four quarter arcs (a turn keeps circles round),
/// clockwise on the screen.
pub fn rounded_outline(at: impl Fn([f32; 2]) -> [f32; 2], lo: [f32; 2], hi: [f32; 2], r: f32, rs: f32) -> String {
    let p = |x: f32, y: f32| {
        let s = at([x, y]);
        format!("{},{}", num(s[0]), num(s[1]))
    };
    let a = |x: f32, y: f32| format!("A{rs},{rs} 0 0 1 {}", p(x, y), rs = num(rs));
    format!(
        "M{}L{}{}L{}{}L{}{}L{}{}Z",
        p(lo[0], hi[1] + r),
        p(hi[0], hi[1] + r),
        a(hi[0] + r, hi[1]),
        p(hi[0] + r, lo[1]),
        a(hi[0], lo[1] - r),
        p(lo[0], lo[1] - r),
        a(lo[0] - r, lo[1]),
        p(lo[0] - r, hi[1]),
        a(lo[0], hi[1] + r)
    )
}

/// Where the centre may be for the shapes to overlap, turned with the box; `planes_naive`'s ears too.
pub fn grown_box(f: &Figure<'_>, svg: &mut Svg, fr: &BoxFrame) {
    let (state, sizes) = (f.state, f.sizes);
    let r = state.circle.radius();
    let rs = r * state.view.scale;
    if rs < 2.0 {
        return;
    }
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let at = |p: [f32; 2]| f.at(fr.turn(p));
    let (w, dash) = (sizes.line(1.2), 4.0 * sizes.scale);
    svg.open("grown-box", "");
    if state.algorithm().id == "planes_naive" {
        let d = ears_path(lo, hi, r, rs, at);
        svg.path(&d, &format!("id=\"ears\" {}", fill(alpha(palette::WARNING, 60))));
        let square = [[lo[0] - r, lo[1] - r], [hi[0] + r, lo[1] - r], [hi[0] + r, hi[1] + r], [lo[0] - r, hi[1] + r]];
        svg.polygon(
            &square.map(at),
            &format!("id=\"square-box\" {}", stroke(alpha(palette::WARNING, 170), w, Some(dash))),
        );
    }
    let d = rounded_outline(at, lo, hi, r, rs);
    svg.path(&d, &format!("id=\"rounded-box\" {}", stroke(alpha(palette::ZONE_TEXT, 150), w, Some(dash))));
    svg.close();
}

/// A turned box as its four corners: fill, edges (`box-fill`, `box-edge`).
fn box_polygon(svg: &mut Svg, corners: &[[f32; 2]; 4], edge_w: f32) {
    svg.polygon(corners, &format!("id=\"box-fill\" {}", fill(palette::BOX_FILL)));
    svg.polygon(corners, &format!("id=\"box-edge\" {}", stroke(palette::BOX_EDGE, edge_w, None)));
}

/// The turned box: its real corners (a polygon), the corner marks, the rotation knob.
pub fn draw_box(f: &Figure<'_>, svg: &mut Svg, fr: &BoxFrame) {
    let sizes = f.sizes;
    let corners = turned_corners(f.state, fr).map(pt);
    svg.open("box", "class=\"turned\"");
    box_polygon(svg, &corners, sizes.line(2.0));
    svg.open("box-corners", &fill(palette::BOX_EDGE));
    for q in corners {
        svg.element(&format!("<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>", num(q[0]), num(q[1]), num(sizes.line(3.5))));
    }
    svg.close();
    if let Some((base, knob)) = rotation_knob(f.state) {
        knob_mark(svg, pt(base), pt(knob), f.sizes);
    }
    svg.close();
}

/// The rotation knob (the canvas's `draw_knob`, not active): a stalk, a round knob, a quarter arc.
fn knob_mark(svg: &mut Svg, base: [f32; 2], knob: [f32; 2], sizes: crate::app::view::Sizes) {
    let c = palette::BOX_EDGE;
    svg.open("rotation-knob", "");
    svg.line(base, knob, &stroke(c, sizes.line(1.5), None));
    let r = sizes.line(6.0);
    svg.circle(knob[0], knob[1], r, &filled_outline(palette::BACKGROUND, c, sizes.line(2.0)));
    let t = |k: f32| std::f32::consts::PI * (0.15 + 1.2 * k);
    let rr = 0.5 * r;
    let (a, b) = (t(0.0), t(1.0));
    svg.path(
        &format!(
            "M{},{}A{rr},{rr} 0 1 0 {},{}",
            num(knob[0] + rr * a.cos()),
            num(knob[1] - rr * a.sin()),
            num(knob[0] + rr * b.cos()),
            num(knob[1] - rr * b.sin()),
            rr = num(rr)
        ),
        &stroke(c, sizes.line(1.2), None),
    );
    svg.close();
}

/// Motion mode's turned box (the canvas's `motion::draw_turned_box`): fill and edges, no marks.
pub fn motion_box(f: &Figure<'_>, svg: &mut Svg, o: &OrientedRect) {
    let h = o.half_extents();
    let corners = [[h[0], h[1]], [-h[0], h[1]], [-h[0], -h[1]], [h[0], -h[1]]].map(|p| f.at(o.to_world(p)));
    svg.open("box", "class=\"turned\"");
    box_polygon(svg, &corners, f.sizes.line(2.0));
    svg.close();
}

/// Each zone's number at its anchor, turned with the box (the centre's as "zone N").
pub fn zone_labels(f: &Figure<'_>, svg: &mut Svg, fr: &BoxFrame, labels: &mut Labels) {
    let (state, sizes) = (f.state, f.sizes);
    let fs = sizes.font(20.0);
    svg.open("zone-labels", "");
    for (n, s) in (0..9u32).zip(turned_label_anchors(state, fr, sizes)) {
        let hl = n == f.a.contact.zone;
        let t = if hl { format!("zone {n}") } else { format!("{n}") };
        let m = measure(&t, fs);
        if !state.canvas.contains(s) || s.y - m.height < state.canvas.y {
            continue;
        }
        if n == 4 && !box_label_fits(state, m.height) {
            continue;
        }
        let spot = labels.place(s.x, s.y, m.width, m.height);
        let colour = if hl { palette::ZONE_HIGHLIGHT_TEXT } else { alpha(palette::ZONE_TEXT, 200) };
        svg.open(&format!("zone-{n}"), "");
        svg.text(spot.x, spot.y + m.offset_y, fs, colour, &t);
        svg.close();
    }
    svg.close();
}

/// The box's view (`box-view`): the scene turned back so the box is the aligned box `[−h, h]`, with
/// its zones, the circle at its local centre, the clamp and the push-out; titled with the angle.
pub fn box_view(f: &Figure<'_>, svg: &mut Svg, fr: &BoxFrame) {
    let sizes = box_view_sizes(f.sizes);
    let fs = sizes.font(14.0);
    let title = box_view_title(fr);
    let m = measure(&title, fs);
    let caption = box_view_caption(fr);
    let m2 = measure(&caption, fs);
    let Some(v) = BoxView::of(f.state.canvas, sizes, fr, m.height, (m2.width, m2.height)) else { return };
    let (r, pad) = (v.rect, v.pad);
    svg.open("box-view", "");
    svg.rect(
        r.x,
        r.y,
        r.w,
        r.h,
        &filled_outline(alpha(palette::BACKGROUND, 235), alpha(palette::ZONE_LINE, 220), sizes.line(1.5)),
    );
    svg.text(r.x + pad, r.y + pad + m.offset_y, fs, palette::TEXT, &title);
    let zone: Vec<[f32; 2]> = v.zone(fr).into_iter().map(pt).collect();
    if zone.len() >= 3 {
        svg.polygon(&zone, &format!("id=\"box-view-zone\" {}", fill(palette::ZONE_HIGHLIGHT)));
    }
    svg.open("box-view-zone-lines", &stroke(alpha(palette::ZONE_LINE, 170), sizes.line(1.0), Some(5.0 * sizes.scale)));
    for (a, b) in v.zone_lines(fr) {
        svg.line(pt(a), pt(b), "");
    }
    svg.close();
    let (lo, hi) = (v.at(fr.aabb.min()), v.at(fr.aabb.max()));
    svg.rect(
        lo.x,
        hi.y,
        hi.x - lo.x,
        lo.y - hi.y,
        &format!("id=\"box-view-box\" {}", filled_outline(palette::BOX_FILL, palette::BOX_EDGE, sizes.line(1.5))),
    );
    let (c, rad) = (fr.circle.center(), fr.circle.radius());
    let cs = pt(v.at(c));
    let colour: Rgba = palette::state(palette::shown_state(f.a.verdict, f.a.contact.state));
    svg.circle(
        cs[0],
        cs[1],
        rad * v.scale,
        &format!("id=\"box-view-circle\" {}", filled_outline(alpha(colour, 50), colour, sizes.line(1.8))),
    );
    let s = sizes.line(3.5);
    let cross = stroke(palette::TEXT, sizes.line(1.5), None);
    svg.line([cs[0] - s, cs[1]], [cs[0] + s, cs[1]], &cross);
    svg.line([cs[0], cs[1] - s], [cs[0], cs[1] + s], &cross);
    let k = fr.contact;
    if k.distance > 0.0 {
        let q = pt(v.at(k.closest));
        svg.line(cs, q, &stroke(palette::CLOSEST, sizes.line(1.5), Some(4.0 * sizes.scale)));
        svg.circle(q[0], q[1], sizes.line(4.0), &format!("id=\"box-view-closest\" {}", fill(palette::CLOSEST)));
    }
    let p = fr.response.push;
    if fr.response.case != PushCase::None && (p[0] != 0.0 || p[1] != 0.0) {
        let moved = pt(v.at([c[0] + p[0], c[1] + p[1]]));
        dashed_circle(svg, moved, rad * v.scale, sizes.line(1.2), alpha(palette::PUSH, 200), sizes.scale, "");
        svg.open("box-view-push", "");
        arrow(svg, cs, moved, sizes.line(2.0), palette::PUSH, 9.0 * sizes.scale);
        svg.close();
    }
    if v.caption {
        svg.text(r.x + pad, r.y + r.h - pad - m2.height + m2.offset_y, fs, alpha(palette::TEXT, 210), &caption);
    }
    svg.close();
}
