//! The figure's layers for the still scene (and the parts motion mode shares), in the canvas's
//! order (`render::scene`): background, grid, zone tints and lines, overlay, grown box, box, circle,
//! construction, trace focus, zone labels, status, legend.

use super::marks::{arrow, banner, dashed_circle, ears_path};
use super::text::{measure, Labels};
use super::writer::{fill, num, rounded_rect_path, stroke, Svg};
use super::{motion, overlay, turned, Figure};
use crate::app::palette::{self, alpha, Rgba};
use crate::app::ScreenRect;
use crate::format::number;
use crate::geom::algo::{Focus, Trace};
use crate::geom::response::PushCase;

/// The figure's one-line title: the algorithm, its verdict and the exact answer.
pub fn title(f: &Figure<'_>) -> String {
    let verdict = if f.a.verdict { "overlap" } else { "no overlap" };
    match &f.a.motion {
        Some(m) => format!(
            "{} moving by v = ({}, {}); sweep: {}",
            f.state.algorithm().name,
            number(m.velocity[0]),
            number(m.velocity[1]),
            m.sweep_words()
        ),
        None => format!("{}: {verdict}; exact: {}", f.state.algorithm().name, f.a.contact.state.as_str()),
    }
}

/// Every layer, back to front.
pub fn draw(f: &Figure<'_>, svg: &mut Svg) {
    let (state, sizes) = (f.state, f.sizes);
    let still = f.a.motion.is_none();
    let cs = f.at(state.circle.center());
    let s = sizes.line(7.0);
    let mut labels = Labels::new(&[ScreenRect { x: cs[0] - s, y: cs[1] - s, w: 2.0 * s, h: 2.0 * s }]);
    // With the box turned (`frame`), the zones are drawn in its frame and the trace's axis slabs
    // (aligned with the world) are left out, as on the canvas; the overlays are refused before.
    let frame = f.a.frame;
    let trace = (still && frame.is_none() && state.teach.trace_on_canvas)
        .then(|| (state.algorithm().trace_2d)(&state.circle, &state.aabb));
    let slabs = axis_slabs(trace.as_ref());
    let field = overlay::field_base(f);
    background(f, svg);
    grid(f, svg);
    match &frame {
        Some(fr) => {
            turned::zone_tints(f, svg, fr);
            turned::zone_lines(f, svg, fr);
        }
        None => {
            zone_tints(f, svg, if still { Some(f.a.contact.zone) } else { None }, slabs);
            if still {
                zone_lines(f, svg);
            }
        }
    }
    if let Some(bands) = field {
        field_base_tints(f, svg, bands);
    }
    overlay::draw(f, svg);
    // A turned motion box's rounded outline is the motion layer's (turned with it).
    let turned_motion = f.a.motion.as_ref().and_then(|m| m.target.turned());
    match (&frame, turned_motion) {
        (Some(fr), _) => turned::grown_box(f, svg, fr),
        (None, None) => grown_box(f, svg),
        (None, Some(_)) => {}
    }
    match (&frame, &turned_motion) {
        (Some(fr), _) => turned::draw_box(f, svg, fr),
        (None, Some(o)) => turned::motion_box(f, svg, o),
        (None, None) => draw_box(f, svg),
    }
    if let Some(m) = &f.a.motion {
        motion::draw(f, m, svg, &mut labels);
        circle(f, svg);
        motion::status(f, m, svg);
    } else {
        circle(f, svg);
        construction(f, svg, &mut labels);
        trace_focus(f, svg, trace.as_ref(), &mut labels);
        match &frame {
            Some(fr) => turned::zone_labels(f, svg, fr, &mut labels),
            None => zone_labels(f, svg, &mut labels),
        }
        status(f, svg);
        legend(f, svg);
        if let Some(fr) = &frame {
            turned::box_view(f, svg, fr);
        }
    }
}

/// Which axis slabs the trace looks at (the canvas's `overlay::axis_slabs`).
fn axis_slabs(trace: Option<&Trace<2>>) -> [bool; 2] {
    let on = |i: usize| trace.is_some_and(|t| t.steps.iter().any(|s| s.focus == Focus::Axis(i)));
    [on(0), on(1)]
}

/// The screen rectangle of zone `(zx, zy)`, clipped to the canvas (the canvas's `zone_rect`).
pub fn zone_rect(f: &Figure<'_>, zx: u32, zy: u32) -> ScreenRect {
    let c = f.state.canvas;
    let (lo, hi) = (f.at(f.state.aabb.min()), f.at(f.state.aabb.max()));
    let cx = |x: f32| x.clamp(c.x, c.x + c.w);
    let cy = |y: f32| y.clamp(c.y, c.y + c.h);
    let (x0, x1) = match zx {
        0 => (c.x, cx(lo[0])),
        1 => (cx(lo[0]), cx(hi[0])),
        _ => (cx(hi[0]), c.x + c.w),
    };
    let (y0, y1) = match zy {
        0 => (cy(lo[1]), c.y + c.h),
        1 => (cy(hi[1]), cy(lo[1])),
        _ => (c.y, cy(hi[1])),
    };
    ScreenRect { x: x0, y: y0, w: (x1 - x0).max(0.0), h: (y1 - y0).max(0.0) }
}

fn background(f: &Figure<'_>, svg: &mut Svg) {
    let c = f.state.canvas;
    svg.open("background", "");
    svg.rect(c.x, c.y, c.w, c.h, &fill(palette::BACKGROUND));
    svg.close();
}

/// World grid lines on the canvas's 1-2-5 step (about 60 px apart), the axes brighter, tick numbers
/// along the left and bottom edges.
fn grid(f: &Figure<'_>, svg: &mut Svg) {
    let (c, v, sizes) = (f.state.canvas, f.state.view, f.sizes);
    let step = crate::format::nice_step(60.0 * sizes.scale / v.scale);
    let lo = v.to_world(glam::Vec2::new(c.x, c.y + c.h));
    let hi = v.to_world(glam::Vec2::new(c.x + c.w, c.y));
    let decimals = if step >= 1.0 { 0 } else { (-step.log10().floor()) as usize };
    let fs = sizes.font(13.0);
    let w = sizes.line(1.0);
    let tick = |x: f32| format!("{:.*}", decimals, if x.abs() < step * 1e-3 { 0.0 } else { x }).replace('-', "−");
    svg.open("grid", "");
    let mut ticks = Vec::new();
    let i0 = (lo[0] / step).ceil() as i64;
    let mut i = i0;
    while (i as f32) * step <= hi[0] && i < i0 + 400 {
        let x = i as f32 * step;
        let sx = f.at([x, 0.0])[0];
        let colour = if i == 0 { palette::AXIS } else { palette::GRID };
        svg.line([sx, c.y], [sx, c.y + c.h], &stroke(colour, w, None));
        ticks.push((tick(x), sx + 3.0, c.y + c.h - 5.0));
        i += 1;
    }
    let j0 = (lo[1] / step).ceil() as i64;
    let mut j = j0;
    while (j as f32) * step <= hi[1] && j < j0 + 400 {
        let y = j as f32 * step;
        let sy = f.at([0.0, y])[1];
        let colour = if j == 0 { palette::AXIS } else { palette::GRID };
        svg.line([c.x, sy], [c.x + c.w, sy], &stroke(colour, w, None));
        ticks.push((tick(y), c.x + 4.0, sy - 3.0));
        j += 1;
    }
    svg.open("ticks", "");
    for (t, x, y) in ticks {
        svg.text(x, y, fs, palette::TICK_TEXT, &t);
    }
    svg.close();
    svg.close();
}

/// The translucent layers over whole zones: the centre's zone highlighted, and with the trace on the
/// canvas the slabs its axis tests look at (the box's column and row, faintly).
fn zone_tints(f: &Figure<'_>, svg: &mut Svg, highlight: Option<u32>, slabs: [bool; 2]) {
    svg.open("zone-tints", "");
    if let Some(n) = highlight {
        let r = zone_rect(f, n % 3, n / 3);
        svg.rect(r.x, r.y, r.w, r.h, &format!("id=\"zone-highlight\" {}", fill(palette::ZONE_HIGHLIGHT)));
    }
    let slab = alpha(palette::FOCUS, palette::SLAB_ALPHA);
    if slabs[0] {
        let (a, b, c) = (zone_rect(f, 1, 0), zone_rect(f, 1, 1), zone_rect(f, 1, 2));
        svg.rect(c.x, c.y, c.w, c.h + b.h + a.h, &format!("id=\"slab-x\" {}", fill(slab)));
    }
    if slabs[1] {
        let (a, b, c) = (zone_rect(f, 0, 1), zone_rect(f, 1, 1), zone_rect(f, 2, 1));
        svg.rect(a.x, a.y, a.w + b.w + c.w, b.h, &format!("id=\"slab-y\" {}", fill(slab)));
    }
    svg.close();
}

/// The distance field's lighter bands: the top layer of every zone, outside the box and inside it.
fn field_base_tints(f: &Figure<'_>, svg: &mut Svg, [outside, inside]: [Rgba; 2]) {
    let c = f.state.canvas;
    let b = zone_rect(f, 1, 1);
    svg.open("field-base", "");
    let d = format!("{}{}", rounded_rect_path(c.x, c.y, c.w, c.h, 0.0), rounded_rect_path(b.x, b.y, b.w, b.h, 0.0));
    svg.path(&d, &format!("fill-rule=\"evenodd\" {}", fill(outside)));
    svg.rect(b.x, b.y, b.w, b.h, &fill(inside));
    svg.close();
}

/// The box's edges extended across the canvas, dashed: the nine-zone grid.
fn zone_lines(f: &Figure<'_>, svg: &mut Svg) {
    let (c, sizes) = (f.state.canvas, f.sizes);
    let (lo, hi) = (f.at(f.state.aabb.min()), f.at(f.state.aabb.max()));
    let attrs = stroke(alpha(palette::ZONE_LINE, 170), sizes.line(1.2), Some(7.0 * sizes.scale));
    svg.open("zone-lines", &attrs);
    for x in [lo[0], hi[0]] {
        svg.element(&format!(
            "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\"/>",
            num(c.y),
            num(c.y + c.h),
            x = num(x)
        ));
    }
    for y in [lo[1], hi[1]] {
        svg.element(&format!(
            "<line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>",
            num(c.x),
            num(c.x + c.w),
            y = num(y)
        ));
    }
    svg.close();
}

/// Where the centre may be for the shapes to overlap: the box grown by r with rounded corners, a thin
/// dashed outline; with `planes_naive`, the square corners it wrongly accepts tinted in the warning
/// colour (its "ears").
fn grown_box(f: &Figure<'_>, svg: &mut Svg) {
    let (state, sizes) = (f.state, f.sizes);
    let (v, r) = (state.view, state.circle.radius());
    let rs = r * v.scale;
    if rs < 2.0 {
        return;
    }
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let (a, b) = (f.at([lo[0] - r, hi[1] + r]), f.at([hi[0] + r, lo[1] - r]));
    let (w, dash) = (sizes.line(1.2), 4.0 * sizes.scale);
    svg.open("grown-box", "");
    if state.algorithm().id == "planes_naive" {
        // The four ears: each corner's square of side r less its quarter disc.
        let d = ears_path(lo, hi, r, rs, |p| f.at(p));
        svg.path(&d, &format!("id=\"ears\" {}", fill(alpha(palette::WARNING, 60))));
        svg.rect(
            a[0],
            a[1],
            b[0] - a[0],
            b[1] - a[1],
            &format!("id=\"square-box\" {}", stroke(alpha(palette::WARNING, 170), w, Some(dash))),
        );
    }
    let d = rounded_rect_path(a[0], a[1], b[0] - a[0], b[1] - a[1], rs);
    svg.path(&d, &format!("id=\"rounded-box\" {}", stroke(alpha(palette::ZONE_TEXT, 150), w, Some(dash))));
    svg.close();
}

/// The box: its fill, its edges and the corner handles.
pub fn draw_box(f: &Figure<'_>, svg: &mut Svg) {
    let (lo, hi) = (f.at(f.state.aabb.min()), f.at(f.state.aabb.max()));
    let (x, y, w, h) = (lo[0], hi[1], hi[0] - lo[0], lo[1] - hi[1]);
    svg.open("box", "");
    svg.rect(x, y, w, h, &format!("id=\"box-fill\" {}", fill(palette::BOX_FILL)));
    svg.rect(x, y, w, h, &format!("id=\"box-edge\" {}", stroke(palette::BOX_EDGE, f.sizes.line(2.0), None)));
    let s = f.sizes.line(3.5);
    svg.open("box-corners", &fill(palette::BOX_EDGE));
    for (qx, qy) in [(lo[0], lo[1]), (hi[0], lo[1]), (lo[0], hi[1]), (hi[0], hi[1])] {
        svg.element(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            num(qx - s),
            num(qy - s),
            num(2.0 * s),
            num(2.0 * s)
        ));
    }
    svg.close();
    svg.close();
}

/// The verdict's outline cue (the canvas's `verdict_outline`): solid, doubled or dashed.
pub fn verdict_outline(
    svg: &mut Svg,
    c: [f32; 2],
    r: f32,
    w: f32,
    (colour, cue): (Rgba, palette::Cue),
    k: f32,
    ids: bool,
) {
    let id = |name: &str| if ids { format!("id=\"{name}\" ") } else { String::new() };
    match cue {
        palette::Cue::Solid => svg.circle(c[0], c[1], r, &format!("{}{}", id("outline"), stroke(colour, w, None))),
        palette::Cue::Double => {
            svg.circle(c[0], c[1], r, &format!("{}{}", id("outline"), stroke(colour, w, None)));
            let inner = (r - w - 2.5 * k).max(0.5 * r);
            svg.circle(c[0], c[1], inner, &format!("{}{}", id("outline-inner"), stroke(colour, 0.6 * w, None)));
        }
        palette::Cue::Dashed => {
            // The canvas's dashed circle with k = 0.6·scale.
            let n = ((r * std::f32::consts::TAU) / (8.0 * 0.6 * k.max(0.5))).clamp(12.0, 240.0) as usize;
            let n = (n - n % 2).max(2);
            let dash = std::f32::consts::TAU * r / n as f32;
            svg.circle(c[0], c[1], r, &format!("{}{}", id("outline"), stroke(colour, 1.3 * w, Some(dash))));
        }
    }
}

/// The × over an overlapping circle's centre.
fn centre_hatch(svg: &mut Svg, c: [f32; 2], s: f32, w: f32, colour: Rgba, id: &str) {
    let d = std::f32::consts::FRAC_1_SQRT_2 * s;
    let attrs = stroke(colour, w, None);
    svg.open(id, &attrs);
    svg.element(&format!(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
        num(c[0] - d),
        num(c[1] - d),
        num(c[0] + d),
        num(c[1] + d)
    ));
    svg.element(&format!(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
        num(c[0] - d),
        num(c[1] + d),
        num(c[0] + d),
        num(c[1] - d)
    ));
    svg.close();
}

/// The circle in the colour of the selected algorithm's verdict, with its outline cue and centre cross.
fn circle(f: &Figure<'_>, svg: &mut Svg) {
    let (state, sizes) = (f.state, f.sizes);
    let cs = f.at(state.circle.center());
    let r = state.circle.radius() * state.view.scale;
    let shown = palette::shown_state(f.a.verdict, f.a.contact.state);
    let colour = palette::state(shown);
    let cue = palette::cue(shown);
    let cue_name = match cue {
        palette::Cue::Solid => "solid",
        palette::Cue::Double => "double",
        palette::Cue::Dashed => "dashed",
    };
    svg.open("circle", &format!("class=\"{} {cue_name}\"", shown.as_str()));
    svg.circle(cs[0], cs[1], r, &format!("id=\"circle-fill\" {}", fill(alpha(colour, 60))));
    verdict_outline(svg, cs, r, sizes.line(2.5), (colour, cue), sizes.scale, true);
    let s = sizes.line(5.0);
    svg.open("centre", &stroke(palette::TEXT, sizes.line(2.0), None));
    svg.element(&format!(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
        num(cs[0] - s),
        num(cs[1]),
        num(cs[0] + s),
        num(cs[1])
    ));
    svg.element(&format!(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
        num(cs[0]),
        num(cs[1] - s),
        num(cs[0]),
        num(cs[1] + s)
    ));
    svg.close();
    if cue == palette::Cue::Dashed {
        centre_hatch(svg, cs, sizes.line(9.0), sizes.line(2.0), colour, "hatch");
    }
    svg.close();
}

/// Closest point and distance (centre outside) or the four face distances (centre inside); then
/// the push arrow and the ghost of the pushed circle.
fn construction(f: &Figure<'_>, svg: &mut Svg, labels: &mut Labels) {
    let (state, sizes, a) = (f.state, f.sizes, &f.a);
    let centre = state.circle.center();
    let cs = f.at(centre);
    let fs = sizes.font(15.0);
    svg.open("construction", "");
    if a.contact.distance > 0.0 {
        let s = f.at(a.contact.closest);
        svg.open("distance", "");
        svg.line(cs, s, &stroke(palette::CLOSEST, sizes.line(2.0), Some(5.0 * sizes.scale)));
        let mid = [0.5 * (cs[0] + s[0]), 0.5 * (cs[1] + s[1])];
        let d = [s[0] - cs[0], s[1] - cs[1]];
        let len = d[0].hypot(d[1]);
        let n = if len > 0.0 { [-d[1] / len, d[0] / len] } else { [0.0, -1.0] };
        let n = if n[1] > 0.0 { [-n[0], -n[1]] } else { n };
        let text = format!("d = {}", number(a.contact.distance));
        let k = 16.0 * sizes.scale;
        labels.label(svg, "distance-label", &text, [mid[0] + n[0] * k, mid[1] + n[1] * k], fs, palette::CLOSEST);
        svg.close();
        svg.circle(
            s[0],
            s[1],
            sizes.line(5.0),
            &format!(
                "id=\"closest-point\" {} {} stroke-width=\"{}\"",
                super::writer::paint("fill", palette::CLOSEST),
                super::writer::paint("stroke", palette::BACKGROUND),
                num(sizes.line(1.5))
            ),
        );
    } else {
        let (lo, hi) = (state.aabb.min(), state.aabb.max());
        let least = a.response.face;
        // With the box turned, measured along its own axes: the centre in the unturned box's
        // coordinates, each face point turned back (the canvas's construction).
        let frame = a.frame;
        let centre = frame.map_or(centre, |fr| fr.unturn(centre));
        let on_figure = |p: [f32; 2]| f.at(frame.map_or(p, |fr| fr.turn(p)));
        svg.open("face-distances", "");
        for axis in 0..2 {
            for (k, upper) in [false, true].into_iter().enumerate() {
                let mut target = centre;
                target[axis] = if upper { hi[axis] } else { lo[axis] };
                let shift = if axis == 0 { [0.0, 9.0 * sizes.scale] } else { [-9.0 * sizes.scale, 0.0] };
                let from = [cs[0] + shift[0], cs[1] + shift[1]];
                let t = on_figure(target);
                let t = [t[0] + shift[0], t[1] + shift[1]];
                let is_least = least.is_some_and(|fc| fc.axis == axis && fc.upper == upper);
                let (colour, w) = if is_least {
                    (palette::FACE_LEAST, sizes.line(3.0))
                } else {
                    (alpha(palette::FACE, 200), sizes.line(1.5))
                };
                let name = format!("face-{}-{}", ["x", "y"][axis], if upper { "max" } else { "min" });
                svg.open(&name, "");
                svg.line(from, t, &stroke(colour, w, None));
                svg.circle(t[0], t[1], sizes.line(3.0), &fill(colour));
                let mid = [0.5 * (from[0] + t[0]), 0.5 * (from[1] + t[1])];
                let off = if axis == 0 { [0.0, 14.0 * sizes.scale] } else { [-24.0 * sizes.scale, 0.0] };
                let size = if is_least { fs + 2 } else { fs - 1 };
                labels.label(
                    svg,
                    &format!("{name}-label"),
                    &number(a.faces[axis][k] as f32),
                    [mid[0] + off[0], mid[1] + off[1]],
                    size,
                    colour,
                );
                svg.close();
            }
        }
        svg.close();
    }
    if a.response.case != PushCase::None {
        let p = a.response.push;
        if p[0] != 0.0 || p[1] != 0.0 {
            let ms = f.at([centre[0] + p[0], centre[1] + p[1]]);
            let r = state.circle.radius() * state.view.scale;
            svg.open("push", "");
            dashed_circle(svg, ms, r, sizes.line(1.8), alpha(palette::PUSH, 220), sizes.scale, "pushed-circle");
            svg.circle(ms[0], ms[1], sizes.line(2.5), &fill(palette::PUSH));
            svg.open("push-arrow", "");
            arrow(svg, cs, ms, sizes.line(3.0), palette::PUSH, 14.0 * sizes.scale);
            svg.close();
            let len = p[0].hypot(p[1]);
            labels.label(
                svg,
                "push-label",
                &format!("push {}", number(len)),
                [ms[0], ms[1] - 16.0 * sizes.scale],
                fs,
                palette::PUSH,
            );
            svg.close();
        }
    }
    svg.close();
}

/// What the selected algorithm's trace looked at (the canvas's `draw_trace_focus`).
fn trace_focus(f: &Figure<'_>, svg: &mut Svg, trace: Option<&Trace<2>>, labels: &mut Labels) {
    let Some(trace) = trace else { return };
    let (state, sizes) = (f.state, f.sizes);
    let c = state.canvas;
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let focus = palette::FOCUS;
    let w = sizes.line(2.5);
    let fs = sizes.font(14.0);
    let mut seen: Vec<&Focus<2>> = Vec::new();
    svg.open("trace-focus", "");
    for step in &trace.steps {
        if seen.contains(&&step.focus) {
            continue;
        }
        seen.push(&step.focus);
        match &step.focus {
            Focus::None | Focus::Axis(_) => {}
            Focus::GrownBox(r) => {
                let (a, b) = (f.at([lo[0] - r, lo[1] - r]), f.at([hi[0] + r, hi[1] + r]));
                svg.open("trace-grown-box", "");
                svg.rect(
                    a[0].min(b[0]),
                    a[1].min(b[1]),
                    (b[0] - a[0]).abs(),
                    (b[1] - a[1]).abs(),
                    &stroke(focus, w, Some(9.0 * sizes.scale)),
                );
                labels.label(
                    svg,
                    "trace-grown-box-label",
                    "box grown by r",
                    [0.5 * (a[0] + b[0]), b[1] - 12.0 * sizes.scale],
                    fs,
                    focus,
                );
                svg.close();
            }
            Focus::Point(p) => {
                let s = f.at(*p);
                let cs = f.at(state.circle.center());
                svg.open("trace-point", "");
                svg.circle(s[0], s[1], sizes.line(9.0), &stroke(focus, w, None));
                svg.line(cs, s, &stroke(alpha(focus, 180), sizes.line(1.5), Some(4.0 * sizes.scale)));
                svg.close();
            }
            Focus::Zone(n) => {
                let r = zone_rect(f, n % 3, n / 3);
                svg.rect(r.x, r.y, r.w, r.h, &format!("id=\"trace-zone\" {}", stroke(focus, sizes.line(3.0), None)));
            }
            Focus::Plane { axis, upper, cut } => {
                let x = if *upper { hi[*axis] } else { lo[*axis] };
                let ctr = state.circle.center();
                let other = 1 - axis;
                let (p, q, a, b) = if *axis == 0 {
                    let s = f.at([x, 0.0])[0];
                    ([s, c.y], [s, c.y + c.h], f.at([x, ctr[other] - cut]), f.at([x, ctr[other] + cut]))
                } else {
                    let s = f.at([0.0, x])[1];
                    ([c.x, s], [c.x + c.w, s], f.at([ctr[other] - cut, x]), f.at([ctr[other] + cut, x]))
                };
                svg.open(&format!("trace-plane-{}-{}", ["x", "y"][*axis], if *upper { "max" } else { "min" }), "");
                svg.line(p, q, &stroke(alpha(focus, 160), sizes.line(1.5), Some(10.0 * sizes.scale)));
                if *cut > 0.0 {
                    svg.line(a, b, &stroke(focus, sizes.line(5.0), None));
                }
                svg.close();
            }
        }
    }
    svg.close();
}

/// Each zone's number, in the outer part of its visible area (the box's own in its top-left corner);
/// the centre's zone as "zone N".
fn zone_labels(f: &Figure<'_>, svg: &mut Svg, labels: &mut Labels) {
    let sizes = f.sizes;
    let fs = sizes.font(20.0);
    svg.open("zone-labels", "");
    for zy in 0..3 {
        for zx in 0..3 {
            let r = zone_rect(f, zx, zy);
            let n = zx + 3 * zy;
            let hl = n == f.a.contact.zone;
            let s = if hl { format!("zone {n}") } else { format!("{n}") };
            let m = measure(&s, fs);
            if r.w < m.width + 8.0 || r.h < m.height + 8.0 {
                continue;
            }
            let inset = 8.0 * sizes.scale;
            let fx = [0.3, 0.5, 0.7][zx as usize];
            let fy = [0.7, 0.5, 0.3][zy as usize];
            let (x, y) = if n == 4 {
                (r.x + inset, r.y + inset + m.offset_y)
            } else {
                (r.x + fx * r.w - 0.5 * m.width, r.y + fy * r.h + 0.5 * m.height)
            };
            let top = y - m.offset_y;
            let spot = labels.place(x + 0.5 * m.width, top + 0.5 * m.height, m.width, m.height);
            let colour = if hl { palette::ZONE_HIGHLIGHT_TEXT } else { alpha(palette::ZONE_TEXT, 200) };
            svg.open(&format!("zone-{n}"), "");
            svg.text(spot.x, spot.y + m.offset_y, fs, colour, &s);
            svg.close();
        }
    }
    svg.close();
}

/// Top of the canvas: the selected algorithm's verdict and the exact answer; the red banner when
/// they disagree.
fn status(f: &Figure<'_>, svg: &mut Svg) {
    let (state, sizes, a) = (f.state, f.sizes, &f.a);
    let c = state.canvas;
    let algo = state.algorithm();
    let fs = sizes.font(17.0);
    let pad = 10.0 * sizes.scale;
    let verdict = if a.verdict { "overlap" } else { "no overlap" };
    let line1 = format!("{}: {}", algo.name, verdict);
    let shown = palette::shown_state(a.verdict, a.contact.state);
    let x = c.x + pad + 40.0 * sizes.scale;
    let y1 = c.y + pad + f32::from(fs) * 0.8;
    let exact = match crate::app::Analysis::rounding_gap(&state.circle, &state.aabb) {
        Some(n) => format!("separated by {n} ulp{} (a push rounds outward)", if n == 1 { "" } else { "s" }),
        None => a.contact.state.as_str().to_string(),
    };
    let line2 = format!("exact: {exact}   zone {}   case: {}", a.contact.zone, a.response.case.as_str());
    let y2 = y1 + measure(&line1, fs).height + 8.0 * sizes.scale;
    svg.open("status", "");
    svg.text(x, y1, fs, palette::state(shown), &line1);
    svg.text(x, y2, sizes.font(14.0), palette::state(a.contact.state), &line2);
    if a.wrong() {
        let kind = if a.verdict { "false positive" } else { "false negative" };
        let msg =
            format!("WRONG: {} says {}, but the circle is {} ({kind})", algo.id, verdict, a.contact.state.as_str());
        banner(f, svg, &msg, 230);
    }
    svg.close();
}

/// The colour legend at the canvas's bottom right: the verdicts (each with its outline cue) and the
/// construction's colours; nothing when the canvas is too narrow for it.
fn legend(f: &Figure<'_>, svg: &mut Svg) {
    let (c, sizes) = (f.state.canvas, f.sizes);
    let fs = sizes.font(13.0);
    let sw = 12.0 * sizes.scale;
    let gap = 14.0 * sizes.scale;
    let items = &palette::LEGEND;
    let total: f32 = items.iter().map(|(s, _)| measure(s, fs).width + sw + 9.0 * sizes.scale + gap).sum();
    if total > c.w - 60.0 * sizes.scale {
        return;
    }
    let mut x = c.x + c.w - total;
    let y = c.y + c.h - 24.0 * sizes.scale;
    svg.open("legend", "");
    for &(s, colour) in items {
        svg.open(&format!("legend-{}", s.replace(' ', "-")), "");
        let cue = [
            (palette::SEPARATED, palette::Cue::Solid),
            (palette::TOUCHING, palette::Cue::Double),
            (palette::OVERLAPPING, palette::Cue::Dashed),
        ]
        .iter()
        .find(|(c, _)| *c == colour)
        .map(|&(_, cue)| cue);
        match cue {
            Some(cue) => {
                let r = 0.7 * sw;
                let cs = [x + 0.5 * sw, y - 0.5 * sw];
                verdict_outline(svg, cs, r, sizes.line(1.6), (colour, cue), 0.4 * sizes.scale, false);
                if cue == palette::Cue::Dashed {
                    centre_hatch(svg, cs, 0.45 * r, sizes.line(1.3), colour, "legend-hatch");
                }
            }
            None => svg.rect(x, y - sw, sw, sw, &fill(colour)),
        }
        svg.text(x + sw + 9.0 * sizes.scale, y, fs, palette::TEXT, s);
        x += sw + 9.0 * sizes.scale + measure(s, fs).width + gap;
        svg.close();
    }
    svg.close();
}
