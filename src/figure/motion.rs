//! The motion scene's layer (the canvas's `render::motion`): the rounded box the centre is cast
//! against, the swept capsule from `c` to `c + v`, the circle where a discrete test looks, the
//! continuation, the velocity arrow, the impact ghost with its contact point and normal, and the
//! status lines. A figure is a still: the playback's moving circle is not drawn.

use super::marks::{arrow, banner, dashed_circle};
use super::text::{measure, Labels};
use super::writer::{fill, num, paint, rounded_rect_path, stroke, Svg};
use super::Figure;
use crate::app::motion::MotionAnalysis;
use crate::app::palette::{self, alpha};
use crate::format::number;

/// The whole motion layer, under the circle.
pub fn draw(f: &Figure<'_>, m: &MotionAnalysis, svg: &mut Svg, labels: &mut Labels) {
    svg.open("motion", "");
    rounded_box(f, m, svg);
    swept_capsule(f, m, svg);
    discrete_end(f, m, svg, labels);
    continuation(f, m, svg, labels);
    velocity(f, m, svg, labels);
    impact(f, m, svg, labels);
    svg.close();
}

/// The box grown by r with rounded corners, lightly filled.
fn rounded_box(f: &Figure<'_>, m: &MotionAnalysis, svg: &mut Svg) {
    let (lo, hi, r) = (f.state.aabb.min(), f.state.aabb.max(), f.state.circle.radius());
    if let Some(o) = m.target.turned() {
        // Turned: its faces moved out by r and joined by quarter arcs, in the box's frame turned back
        // by the library (`OrientedRect::to_world`); lightly filled and thinly outlined, as the canvas has it.
        let h = o.half_extents();
        let d = super::turned::rounded_outline(|p| f.at(o.to_world(p)), [-h[0], -h[1]], h, r, r * f.state.view.scale);
        let look = super::turned::filled_outline(
            alpha(palette::ROUNDED_BOX, 26),
            alpha(palette::ZONE_TEXT, 150),
            f.sizes.line(1.2),
        );
        svg.path(&d, &format!("id=\"rounded-box-fill\" {look}"));
        return;
    }
    let (a, b) = (f.at([lo[0] - r, hi[1] + r]), f.at([hi[0] + r, lo[1] - r]));
    let d = rounded_rect_path(a[0], a[1], b[0] - a[0], b[1] - a[1], r * f.state.view.scale);
    svg.path(&d, &format!("id=\"rounded-box-fill\" {}", fill(alpha(palette::ROUNDED_BOX, 26))));
}

/// The capsule the circle sweeps from `c` to `c + v`: a translucent fill between its two dashed sides
/// (its round ends are the circle and the discrete end's circle).
fn swept_capsule(f: &Figure<'_>, m: &MotionAnalysis, svg: &mut Svg) {
    let (a, b) = (f.at(m.start), f.at(m.end));
    let r = f.state.circle.radius() * f.state.view.scale;
    let d = [b[0] - a[0], b[1] - a[1]];
    let len = d[0].hypot(d[1]);
    if len <= 0.5 {
        return;
    }
    let n = [-d[1] / len * r, d[0] / len * r];
    let sizes = f.sizes;
    svg.open("swept", "");
    svg.polygon(
        &[
            [a[0] + n[0], a[1] + n[1]],
            [b[0] + n[0], b[1] + n[1]],
            [b[0] - n[0], b[1] - n[1]],
            [a[0] - n[0], a[1] - n[1]],
        ],
        &format!("id=\"swept-fill\" {}", fill(alpha(palette::SWEPT, 30))),
    );
    let edge = stroke(alpha(palette::SWEPT, 130), sizes.line(1.3), Some(6.0 * sizes.scale));
    for s in [1.0, -1.0] {
        svg.line([a[0] + s * n[0], a[1] + s * n[1]], [b[0] + s * n[0], b[1] + s * n[1]], &edge);
    }
    svg.close();
}

/// The circle where a discrete test looks (`c + v`), dashed, in that test's colour; a TUNNELLED mark
/// when it says separated although the sweep hit.
fn discrete_end(f: &Figure<'_>, m: &MotionAnalysis, svg: &mut Svg, labels: &mut Labels) {
    let sizes = f.sizes;
    let e = f.at(m.end);
    let r = f.state.circle.radius() * f.state.view.scale;
    let colour = palette::state(m.end_state);
    svg.open("discrete-end", "");
    dashed_circle(svg, e, r.max(sizes.line(3.0)), sizes.line(2.0), alpha(colour, 230), sizes.scale, "");
    let below = e[1] + r + 14.0 * sizes.scale;
    labels.label(
        svg,
        "discrete-end-label",
        &format!("c + v: {}", m.end_state.as_str()),
        [e[0], below],
        sizes.font(14.0),
        colour,
    );
    if m.tunnelled() {
        let bf = sizes.font(22.0);
        let y = e[1] - r - 20.0 * sizes.scale;
        let s = "TUNNELLED";
        let mm = measure(s, bf);
        let pad = 8.0 * sizes.scale;
        svg.open("tunnelled", "");
        svg.rect(
            e[0] - 0.5 * mm.width - pad,
            y - 0.5 * mm.height - pad,
            mm.width + 2.0 * pad,
            mm.height + 2.0 * pad,
            &fill(palette::WARNING),
        );
        svg.text(e[0] - 0.5 * mm.width, y + 0.5 * mm.height, bf, [255, 255, 255, 255], s);
        let k = 0.5 * r.max(8.0);
        let cross = stroke(palette::WARNING, sizes.line(3.0), None);
        svg.line([e[0] - k, e[1] - k], [e[0] + k, e[1] + k], &cross);
        svg.line([e[0] - k, e[1] + k], [e[0] + k, e[1] - k], &cross);
        svg.close();
    }
    svg.close();
}

/// The continuation after the impact: the path through every contact to the end, and the circle there.
fn continuation(f: &Figure<'_>, m: &MotionAnalysis, svg: &mut Svg, labels: &mut Labels) {
    if m.motion.hits().is_empty() {
        return;
    }
    let sizes = f.sizes;
    let colour = palette::CONTINUATION;
    let path: Vec<[f32; 2]> = m.path().iter().map(|&(_, p)| f.at(p)).collect();
    svg.open("continuation", "");
    for w in path.windows(2).skip(1) {
        svg.line(w[0], w[1], &stroke(colour, sizes.line(3.0), None));
    }
    let e = *path.last().unwrap_or(&f.at(m.motion.end));
    if path.len() >= 3 {
        arrow(svg, path[path.len() - 2], e, sizes.line(3.0), colour, 14.0 * sizes.scale);
    }
    let r = f.state.circle.radius() * f.state.view.scale;
    svg.circle(e[0], e[1], r, &fill(alpha(colour, 40)));
    svg.circle(e[0], e[1], r.max(sizes.line(3.0)), &stroke(colour, sizes.line(2.5), None));
    let kind = f.state.motion.options.response.as_str();
    labels.label(
        svg,
        "continuation-label",
        &format!("{kind} end"),
        [e[0], e[1] - r - 14.0 * sizes.scale],
        sizes.font(14.0),
        colour,
    );
    svg.close();
}

/// The velocity arrow from the centre to `c + v`, with its handle ring at the tip and its label.
fn velocity(f: &Figure<'_>, m: &MotionAnalysis, svg: &mut Svg, labels: &mut Labels) {
    let sizes = f.sizes;
    let (a, b) = (f.at(m.start), f.at(m.end));
    let colour = palette::VELOCITY;
    svg.open("velocity", "");
    arrow(svg, a, b, sizes.line(3.0), colour, 16.0 * sizes.scale);
    svg.circle(b[0], b[1], sizes.line(6.0), &stroke(colour, sizes.line(2.0), None));
    let text = format!("v = ({}, {})", number(m.velocity[0]), number(m.velocity[1]));
    let at = [0.5 * (a[0] + b[0]), 0.5 * (a[1] + b[1]) - 16.0 * sizes.scale];
    labels.label(svg, "velocity-label", &text, at, sizes.font(14.0), colour);
    svg.close();
}

/// The ghost circle at the time of impact, the contact point on the box and the normal there.
fn impact(f: &Figure<'_>, m: &MotionAnalysis, svg: &mut Svg, labels: &mut Labels) {
    let Some(h) = m.hit else { return };
    let sizes = f.sizes;
    let c = f.at(h.center);
    let r = f.state.circle.radius() * f.state.view.scale;
    let colour = palette::IMPACT;
    svg.open("impact", "");
    dashed_circle(svg, c, r.max(sizes.line(3.0)), sizes.line(2.2), colour, sizes.scale, "impact-ghost");
    svg.circle(c[0], c[1], sizes.line(3.0), &fill(colour));
    let p = f.at(h.point);
    let len = 48.0 * sizes.scale;
    let n = [h.normal[0], -h.normal[1]];
    svg.open("impact-normal", "");
    arrow(svg, p, [p[0] + n[0] * len, p[1] + n[1] * len], sizes.line(2.5), palette::TEXT, 10.0 * sizes.scale);
    svg.close();
    svg.circle(
        p[0],
        p[1],
        sizes.line(5.0),
        &format!(
            "id=\"impact-point\" {} {} stroke-width=\"{}\"",
            paint("fill", colour),
            paint("stroke", palette::BACKGROUND),
            num(sizes.line(1.5))
        ),
    );
    let what = match (h.initial, m.start_state) {
        (true, crate::geom::ContactState::Overlapping) => "t = 0 (already overlapping)".to_string(),
        (true, _) => "t = 0 (touching at the start)".to_string(),
        _ => format!("t = {}", number(h.t)),
    };
    let at = [c[0], c[1] + r + 16.0 * sizes.scale];
    labels.label(svg, "impact-label", &format!("impact {what}, {}", h.feature.as_str()), at, sizes.font(14.0), colour);
    let tip = [p[0] + n[0] * (len + 14.0 * sizes.scale), p[1] + n[1] * (len + 14.0 * sizes.scale)];
    labels.label(svg, "normal-label", "n", tip, sizes.font(14.0), palette::TEXT);
    svg.close();
}

/// The status lines at the top: the sweep's answer and the discrete test's; the banner when the move
/// tunnelled.
pub fn status(f: &Figure<'_>, m: &MotionAnalysis, svg: &mut Svg) {
    let (c, sizes) = (f.state.canvas, f.sizes);
    let fs = sizes.font(17.0);
    let pad = 10.0 * sizes.scale;
    let x = c.x + pad + 40.0 * sizes.scale;
    let line1 = format!("Sweep: {}", m.sweep_words());
    let colour = if m.hit.is_some() { palette::IMPACT } else { palette::SEPARATED };
    let y1 = c.y + pad + f32::from(fs) * 0.8;
    let line2 = format!(
        "discrete test at c + v: {}   {} end: ({}, {})",
        m.end_state.as_str(),
        f.state.motion.options.response.as_str(),
        number(m.motion.end[0]),
        number(m.motion.end[1])
    );
    let y2 = y1 + measure(&line1, fs).height + 8.0 * sizes.scale;
    let c2 = if m.tunnelled() { palette::WARNING } else { palette::state(m.end_state) };
    svg.open("status", "");
    svg.text(x, y1, fs, colour, &line1);
    svg.text(x, y2, sizes.font(14.0), c2, &line2);
    if m.tunnelled() {
        banner(f, svg, "TUNNELLED: the sweep hit, but the discrete test at c + v says separated", 255);
    }
    svg.close();
}
