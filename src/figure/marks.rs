//! The marks the still and motion layers share, drawn as the canvas draws them: a dashed circle,
//! an arrow, the red banner near the canvas's bottom.

use super::text::measure;
use super::writer::{fill, num, paint, stroke, Svg};
use super::Figure;
use crate::app::palette::{self, alpha, Rgba};

/// A dashed circle as the canvas draws it (`strokes::dashed_circle`): as many dashes as gaps, about
/// `8·k` px each.
pub fn dashed_circle(svg: &mut Svg, c: [f32; 2], r: f32, w: f32, colour: Rgba, k: f32, id: &str) {
    let n = ((r * std::f32::consts::TAU) / (8.0 * k)).clamp(12.0, 240.0) as usize;
    let n = (n - n % 2).max(2);
    let dash = std::f32::consts::TAU * r / n as f32;
    let mut attrs = stroke(colour, w, Some(dash));
    if !id.is_empty() {
        attrs = format!("id=\"{id}\" {attrs}");
    }
    // The dashes start at angle 0 (the circle's right), as the canvas's do.
    svg.circle(c[0], c[1], r, &attrs);
}

/// An arrow as the canvas draws it: a line to the head's base and a filled head.
pub fn arrow(svg: &mut Svg, from: [f32; 2], to: [f32; 2], w: f32, colour: Rgba, head: f32) {
    let d = [to[0] - from[0], to[1] - from[1]];
    let len = d[0].hypot(d[1]);
    if len < 1.0 {
        return;
    }
    let dir = [d[0] / len, d[1] / len];
    let head = head.min(0.6 * len);
    let base = [to[0] - dir[0] * head, to[1] - dir[1] * head];
    svg.line(from, base, &format!("{} stroke-linecap=\"butt\"", stroke(colour, w, None)));
    let n = [-dir[1] * head * 0.5, dir[0] * head * 0.5];
    svg.polygon(&[to, [base[0] + n[0], base[1] + n[1]], [base[0] - n[0], base[1] - n[1]]], &fill(colour));
}

/// The red banner near the bottom of the canvas (a wrong verdict, a tunnelled move).
pub fn banner(f: &Figure<'_>, svg: &mut Svg, msg: &str, fill_alpha: u8) {
    let (c, sizes) = (f.state.canvas, f.sizes);
    let bfs = sizes.font(18.0);
    let mm = measure(msg, bfs);
    let w = (mm.width + 24.0 * sizes.scale).min(c.w - 8.0);
    let x = c.x + 0.5 * (c.w - w);
    let y = c.y + c.h - 60.0 * sizes.scale - mm.height;
    let h = mm.height + 18.0 * sizes.scale;
    svg.open("banner", "");
    svg.rect(
        x,
        y,
        w,
        h,
        &format!(
            "{} {} stroke-width=\"{}\"",
            paint("fill", alpha(palette::WARNING, fill_alpha)),
            paint("stroke", palette::TEXT),
            num(sizes.line(2.0))
        ),
    );
    svg.text(x + 12.0 * sizes.scale, y + 9.0 * sizes.scale + mm.offset_y, bfs, [255, 255, 255, 255], msg);
    svg.close();
}

/// `planes_naive`'s four "ears" as one SVG path: each corner's square of side `r` less its quarter
/// disc, corners `lo`, `hi` in the box's own coordinates, `at` placing a point in the figure (the
/// aligned box's, or turned with the box), `rs` the radius in figure pixels.
pub fn ears_path(lo: [f32; 2], hi: [f32; 2], r: f32, rs: f32, at: impl Fn([f32; 2]) -> [f32; 2]) -> String {
    let mut d = String::new();
    for (corner, sign) in [
        ([hi[0], hi[1]], [1.0, 1.0]),
        ([lo[0], hi[1]], [-1.0, 1.0]),
        ([lo[0], lo[1]], [-1.0, -1.0]),
        ([hi[0], lo[1]], [1.0, -1.0]),
    ] {
        let p = at([corner[0] + sign[0] * r, corner[1]]);
        let far = at([corner[0] + sign[0] * r, corner[1] + sign[1] * r]);
        let q = at([corner[0], corner[1] + sign[1] * r]);
        // From p (beside the corner) to the far corner, on to q, then back along the arc about k.
        let sweep = u8::from(sign[0] * sign[1] > 0.0);
        d.push_str(&format!(
            "M{},{}L{},{}L{},{}A{rs},{rs} 0 0 {sweep} {},{}Z",
            num(p[0]),
            num(p[1]),
            num(far[0]),
            num(far[1]),
            num(q[0]),
            num(q[1]),
            num(p[0]),
            num(p[1]),
            rs = num(rs)
        ));
    }
    d
}
