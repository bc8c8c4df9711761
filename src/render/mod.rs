//! The canvas: the only module that calls macroquad's `draw_*`. It reads the state and the core's
//! analysis and draws them; it changes nothing.
//!
//! Layers, back to front: world grid with ticks, the nine-zone grid (box edges extended, zone
//! numbers, the centre's zone highlighted), the box, the response construction (closest point and
//! distance, or the four face distances), the push arrow and the ghost circle, the circle in the
//! colour of the selected algorithm's verdict, then the status line, the warning banner and the legend.
//! In motion mode the still test's construction gives way to the sweep's picture ([`motion`]); the
//! playground replaces the whole picture with its tile map and race ([`playground`]).

use crate::app::palette::{self, Rgba};
use crate::app::{Analysis, Handle, ScreenRect, State};
use crate::format::number;
use crate::geom::ResponseCase;
use macroquad::prelude::*;

pub mod aa;
pub mod damage;
pub mod flat;
pub mod motion;
pub mod overlay;
pub mod paint;
pub mod playground;
pub mod three;
pub mod typeset;

fn col(c: Rgba) -> Color {
    Color::from_rgba(c[0], c[1], c[2], c[3])
}

/// Sizes that grow with the canvas, so the picture stays readable from 640×480 to 4K.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    /// Multiplier for text sizes and line widths.
    pub k: f32,
}

impl Sizes {
    #[must_use]
    pub fn for_canvas(c: ScreenRect) -> Sizes {
        Sizes { k: (c.w.min(c.h) / 720.0).clamp(0.85, 2.4) }
    }
    fn font(&self, base: f32) -> u16 {
        (base * self.k).round().max(8.0) as u16
    }
    fn line(&self, base: f32) -> f32 {
        base * self.k
    }
}

fn text(s: &str, x: f32, y: f32, size: u16, color: Color) -> TextDimensions {
    typeset::queue(s, x, y, size, color)
}

/// Text centred near `(x, y)`, over a dark rounded plate so it stays legible on any layer; moved to
/// a nearby free spot when that would cover the circle's centre marker or another label.
fn label(s: &str, x: f32, y: f32, size: u16, color: Color, plate: bool) {
    let m = typeset::measure(s, size);
    let pad = 0.25 * size as f32;
    let (w, h) = (m.width + 2.0 * pad, m.height + 1.2 * pad);
    let spot = typeset::place_label(vec2(x, y), w, h);
    let (cx, cy) = (spot.x + 0.5 * w, spot.y + 0.5 * h);
    let (tx, ty) = (cx - 0.5 * m.width, cy + 0.5 * m.height);
    if plate {
        paint::rectangle(tx - pad, ty - m.offset_y - pad * 0.6, w, h, col(palette::alpha(palette::BACKGROUND, 200)));
    }
    text(s, tx, ty, size, color);
}

/// A number for a label: up to 3 decimals, no trailing zeros (the panel's and the status line's
/// format).

/// The colour the frame loop clears the window to before drawing the scene (the canvas has no
/// background layer of its own).
#[must_use]
pub fn background() -> Color {
    col(palette::BACKGROUND)
}

/// The colour the frame loop clears the 2D canvas to for `state`: the window's background, with the
/// distance field's lighter outside band over it when the field's bands are drawn (the backdrop
/// holds them: [`overlay::field_base`]).
#[must_use]
pub fn canvas_background(state: &State) -> Color {
    col(if state.mode.playground() { palette::BACKGROUND } else { base_under(overlay::field_base(state)) })
}

/// The canvas's clear colour under the distance field's lighter bands (`field`, outside and inside).
fn base_under(field: Option<[Rgba; 2]>) -> Rgba {
    field.map_or(palette::BACKGROUND, |[outside, _]| palette::over(palette::BACKGROUND, outside))
}

/// Draws the whole canvas with the teaching layer: the overlay image under the shapes, the trace's
/// focus over them, the hover read-out and the lesson caption on top (see [`overlay`]). `cleared`: the
/// canvas was cleared to [`canvas_background`]; else the zones under everything cover all of it (or
/// of the region being redrawn), each pixel once.
pub fn draw_scene(state: &State, a: &Analysis, layer: &overlay::OverlayLayer, cleared: bool) {
    // Shapes without the default material's texture lookup (text and images switch back for their draws).
    flat::begin();
    draw_scene_layers(state, a, layer, cleared);
    flat::end();
}

fn draw_scene_layers(state: &State, a: &Analysis, layer: &overlay::OverlayLayer, cleared: bool) {
    let c = state.canvas;
    let z = Sizes::for_canvas(c);
    if state.mode.playground() {
        playground::draw_playground(state, z);
        return;
    }
    // No background rectangle: the frame loop clears the whole window to the background colour
    // (a clear costs next to nothing; a canvas-sized quad is a full layer of blended fill).
    // Labels keep off the circle's centre marker (and, in placement order, off each other).
    let centre = state.view.to_screen(state.circle.center());
    let s = z.line(7.0);
    typeset::begin_labels(&[Rect::new(centre.x - s, centre.y - s, 2.0 * s, 2.0 * s)]);
    // The still test's picture highlights the centre's zone and, with the trace on the canvas,
    // the axis slabs it tests; motion mode shows neither.
    let trace = if a.motion.is_none() { overlay::canvas_trace(state) } else { None };
    let backdrop = if a.motion.is_none() {
        Backdrop::new(state, Some(a.contact.zone), overlay::axis_slabs(trace.as_ref()))
    } else {
        Backdrop::new(state, None, [false; 2])
    };
    backdrop.lay(cleared);
    draw_grid(state, z, &backdrop);
    if a.motion.is_none() {
        draw_zone_lines(state, z, &backdrop);
    }
    overlay::draw_overlay(state, layer, z);
    draw_overlap_region(state, z);
    if let Some(m) = &a.motion {
        // Motion mode: the sweep's picture instead of the still test's construction.
        draw_box(state, z);
        motion::draw_motion(state, m, z);
        draw_circle_shape(state, a, z);
        motion::draw_motion_status(state, m, z);
    } else {
        draw_box(state, z);
        draw_circle_shape(state, a, z);
        draw_construction(state, a, z);
        overlay::draw_trace_focus(state, trace.as_ref(), z);
        draw_zone_labels(state, a, z);
        // The status line's warning banner goes over the labels: their text first.
        typeset::flush();
        draw_status(state, a, z);
        draw_legend(state, z);
    }
    typeset::flush();
    overlay::draw_hover(state, z);
    typeset::flush();
    overlay::draw_captions(state, z);
    typeset::flush();
}

/// The frame-time readout (key F) at the bottom left of the canvas, on a plate.
pub fn draw_frame_stats(state: &State, line: &str) {
    let c = state.canvas;
    let z = Sizes::for_canvas(c);
    let fs = z.font(14.0);
    let m = typeset::measure(line, fs);
    let pad = 6.0 * z.k;
    let (x, y) = (c.x + 40.0 * z.k, c.y + c.h - 48.0 * z.k);
    paint::rectangle(
        x - pad,
        y - m.offset_y - pad,
        m.width + 2.0 * pad,
        m.height + 2.0 * pad,
        col(palette::alpha(palette::BACKGROUND, 230)),
    );
    text(line, x, y, fs, col(palette::TEXT));
    typeset::flush();
}

/// World grid lines on a 1-2-5 step about 60 px apart, axes brighter, tick numbers on the left and
/// bottom edges. Drawn over the backdrop, each line in the colour it had under the zone's tints.
fn draw_grid(state: &State, z: Sizes, backdrop: &Backdrop) {
    let (c, v) = (state.canvas, state.view);
    let step = crate::format::nice_step(60.0 * z.k / v.scale);
    let lo = v.to_world(vec2(c.x, c.y + c.h));
    let hi = v.to_world(vec2(c.x + c.w, c.y));
    let decimals = if step >= 1.0 { 0 } else { (-step.log10().floor()) as usize };
    let fs = z.font(13.0);
    let w = z.line(1.0);
    // Negative ticks with a typographic minus (−), as the panel writes them.
    let tick = |x: f32| format!("{:.*}", decimals, if x.abs() < step * 1e-3 { 0.0 } else { x }).replace('-', "−");

    let mut i = (lo[0] / step).ceil() as i64;
    while (i as f32) * step <= hi[0] && i < (lo[0] / step).ceil() as i64 + 400 {
        let x = i as f32 * step;
        let sx = v.to_screen([x, 0.0]).x;
        let color = if i == 0 { palette::AXIS } else { palette::GRID };
        for p in backdrop.down_column(sx, aa::reach(w), color) {
            // Drawn downwards, the normal points left: offsets below the border's are right of it.
            aa::line_cut(vec2(sx, p.from), vec2(sx, p.to), w, sx - p.border, col(p.after), col(p.before));
        }
        text(&tick(x), sx + 3.0, c.y + c.h - 5.0, fs, col(palette::TICK_TEXT));
        i += 1;
    }
    let mut j = (lo[1] / step).ceil() as i64;
    while (j as f32) * step <= hi[1] && j < (lo[1] / step).ceil() as i64 + 400 {
        let y = j as f32 * step;
        let sy = v.to_screen([0.0, y]).y;
        let color = if j == 0 { palette::AXIS } else { palette::GRID };
        for p in backdrop.along_row(sy, aa::reach(w), color) {
            // Drawn rightwards, the normal points down: offsets below the border's are above it.
            aa::line_cut(vec2(p.from, sy), vec2(p.to, sy), w, p.border - sy, col(p.before), col(p.after));
        }
        text(&tick(y), c.x + 4.0, sy - 3.0, fs, col(palette::TICK_TEXT));
        j += 1;
    }
}

/// The canvas's background, laid zone by zone as opaque colours: the window's background with the
/// translucent layers that cover the whole zone already blended in — the centre's zone highlighted
/// and, with the trace on the canvas, the slabs its axis tests look at (the box's column and row,
/// faintly). Each tinted zone is one scissored clear ([`flat::clear_rect`]): on a software
/// rasteriser these canvas-sized translucent rectangles were a tenth of a frame. The grid, which lay
/// under them, is drawn after, each part in the colour the tints gave it ([`Backdrop::tinted`]);
/// the slabs, which lay over the shapes, now lie under them.
struct Backdrop {
    /// Zone `x + 3y` on the canvas (clipped; empty when off it).
    zones: [ScreenRect; 9],
    /// The translucent layers over each zone, in drawing order.
    tints: [Vec<Rgba>; 9],
    /// The distance field's lighter bands outside the box and inside it, when its bands are drawn
    /// ([`overlay::field_base`]): the top layer of every zone, over the grid and the zone lines.
    field: Option<[Rgba; 2]>,
    /// The colour the canvas is cleared to ([`canvas_background`]).
    base: Rgba,
    /// The box's left and right edges, top and bottom, on the screen.
    xs: [f32; 2],
    ys: [f32; 2],
}

impl Backdrop {
    fn new(state: &State, highlight: Option<u32>, slabs: [bool; 2]) -> Backdrop {
        let zones = std::array::from_fn(|n| zone_rect(state, n as u32 % 3, n as u32 / 3));
        let slab = palette::alpha(overlay::FOCUS, overlay::SLAB_ALPHA);
        let field = overlay::field_base(state);
        let tints = std::array::from_fn(|n| {
            let n = n as u32;
            let mut t = Vec::new();
            if highlight == Some(n) {
                t.push(palette::ZONE_HIGHLIGHT);
            }
            // The x slab is the box's column of zones (x = 1), the y slab its row (y = 1).
            if slabs[0] && n % 3 == 1 {
                t.push(slab);
            }
            if slabs[1] && n / 3 == 1 {
                t.push(slab);
            }
            // The box is zone 4: inside.
            if let Some(f) = field {
                t.push(f[usize::from(n == 4)]);
            }
            t
        });
        let (lo, hi) = (state.view.to_screen(state.aabb.min()), state.view.to_screen(state.aabb.max()));
        Backdrop { zones, tints, field, base: base_under(field), xs: [lo.x, hi.x], ys: [hi.y, lo.y] }
    }

    /// `colour` with the distance field's lighter band at screen point `p` over it (unchanged without
    /// the field): a line drawn under the field's bands.
    fn field_over(&self, p: Vec2, colour: Rgba) -> Rgba {
        match self.field {
            Some(f) => palette::over(colour, f[usize::from(self.column(p.x) == 1 && self.row(p.y) == 1)]),
            None => colour,
        }
    }

    /// `base` under zone `n`'s tints.
    fn tinted(&self, n: usize, base: Rgba) -> Rgba {
        self.tints[n].iter().fold(base, |c, &t| palette::over(c, t))
    }

    /// Clears each zone to its colour: every zone, or (`cleared`: the canvas was cleared to its
    /// background) those of another colour. A frame that redraws a region of the canvas clears the
    /// region this way, each pixel once (clears are confined to the region: [`flat::clear_rect`]).
    fn lay(&self, cleared: bool) {
        for (r, colour) in self.clears(cleared) {
            flat::clear_rect(r.x, r.y, r.w, r.h, col(colour));
        }
    }

    /// The zones [`Backdrop::lay`] clears, with their colours.
    fn clears(&self, cleared: bool) -> impl Iterator<Item = (ScreenRect, Rgba)> + '_ {
        let colours = (0..9).map(|n| self.tinted(n, palette::BACKGROUND));
        self.zones.iter().copied().zip(colours).filter(move |&(_, c)| !cleared || c != self.base)
    }

    /// The zone column of screen `x` (0 left of the box, 1 within, 2 right), by the rule the
    /// clears follow: a pixel whose centre is on an edge belongs to the zone right of it.
    fn column(&self, x: f32) -> usize {
        self.xs.iter().filter(|&&e| x >= e).count()
    }

    /// The zone row of screen `y` (2 above the box, 1 within, 0 below).
    fn row(&self, y: f32) -> usize {
        2 - self.ys.iter().filter(|&&e| y >= e).count()
    }

    /// A vertical line at screen `x` reaching `reach` pixels to each side, from the canvas's top to
    /// its bottom, in pieces: `base` under the tints of the zones it crosses, in two colours where a
    /// zone border runs under it.
    fn down_column(&self, x: f32, reach: f32, base: Rgba) -> Vec<Piece> {
        let (c0, c1) = (self.column(x - reach), self.column(x + reach));
        let border = if c0 == c1 { f32::INFINITY } else { self.xs[c0] };
        // Top of the screen first: zone row 2 (above the box), 1, 0.
        let pieces = [2, 1, 0].map(|zy| {
            let r = self.zones[3 * zy];
            let colours = (self.tinted(c0 + 3 * zy, base), self.tinted(c1 + 3 * zy, base));
            Piece { from: r.y, to: r.y + r.h, before: colours.0, after: colours.1, border }
        });
        merge_pieces(&pieces)
    }

    /// A horizontal line at screen `y` across the canvas, in pieces as [`Backdrop::down_column`].
    fn along_row(&self, y: f32, reach: f32, base: Rgba) -> Vec<Piece> {
        let (r0, r1) = (self.row(y - reach), self.row(y + reach));
        let border = if r0 == r1 { f32::INFINITY } else { self.ys[2 - r0] };
        let pieces = [0, 1, 2].map(|zx| {
            let r = self.zones[zx];
            let colours = (self.tinted(zx + 3 * r0, base), self.tinted(zx + 3 * r1, base));
            Piece { from: r.x, to: r.x + r.w, before: colours.0, after: colours.1, border }
        });
        merge_pieces(&pieces)
    }
}

/// A piece of a grid line, from `from` to `to` along it: `before` on the side of the border
/// across it with the smaller screen coordinate, `after` beyond it (the border is infinite when
/// the line lies within one zone).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Piece {
    from: f32,
    to: f32,
    before: Rgba,
    after: Rgba,
    border: f32,
}

/// Joins consecutive pieces of the same colours and drops empty ones.
fn merge_pieces(pieces: &[Piece]) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::with_capacity(pieces.len());
    for &p in pieces {
        if p.to <= p.from {
            continue;
        }
        match out.last_mut() {
            Some(last) if (last.before, last.after, last.to) == (p.before, p.after, p.from) => last.to = p.to,
            _ => out.push(p),
        }
    }
    out
}

/// The screen rectangle of zone `(zx, zy)` (0 below/left, 1 within, 2 above/right), clipped to the canvas.
fn zone_rect(state: &State, zx: u32, zy: u32) -> ScreenRect {
    let (c, v) = (state.canvas, state.view);
    let lo = v.to_screen(state.aabb.min());
    let hi = v.to_screen(state.aabb.max());
    let clamp_x = |x: f32| x.clamp(c.x, c.x + c.w);
    let clamp_y = |y: f32| y.clamp(c.y, c.y + c.h);
    let (x0, x1) = match zx {
        0 => (c.x, clamp_x(lo.x)),
        1 => (clamp_x(lo.x), clamp_x(hi.x)),
        _ => (clamp_x(hi.x), c.x + c.w),
    };
    // Screen y grows downwards: zone row 0 (below the box) is at the bottom.
    let (y0, y1) = match zy {
        0 => (clamp_y(lo.y), c.y + c.h),
        1 => (clamp_y(hi.y), clamp_y(lo.y)),
        _ => (c.y, clamp_y(hi.y)),
    };
    ScreenRect { x: x0, y: y0, w: (x1 - x0).max(0.0), h: (y1 - y0).max(0.0) }
}

/// The box's edges extended across the canvas, dashed: the nine-zone grid (its tints are the
/// [`Backdrop`]'s).
fn draw_zone_lines(state: &State, z: Sizes, backdrop: &Backdrop) {
    let (c, v) = (state.canvas, state.view);
    let lo = v.to_screen(state.aabb.min());
    let hi = v.to_screen(state.aabb.max());
    let w = z.line(1.2);
    let line = palette::alpha(palette::ZONE_LINE, 170);
    let dash = 7.0 * z.k;
    // Each line in pieces: beyond the box, and along its edge, where the distance field's lighter bands
    // (under everything, [`Backdrop::field`]) differ on the two sides.
    let lines = [lo.x, hi.x].map(|x| [vec2(x, c.y), vec2(x, hi.y), vec2(x, lo.y), vec2(x, c.y + c.h)]);
    let rows = [lo.y, hi.y].map(|y| [vec2(c.x, y), vec2(lo.x, y), vec2(hi.x, y), vec2(c.x + c.w, y)]);
    for stops in lines.iter().chain(&rows) {
        let start = stops[0];
        for pair in stops.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let d = b - a;
            if d.length() <= 0.0 {
                continue;
            }
            let n = vec2(-d.y, d.x) / d.length();
            let mid = 0.5 * (a + b);
            let colours = (col(backdrop.field_over(mid - n, line)), col(backdrop.field_over(mid + n, line)));
            dashed_piece(a, b, w, colours, dash, start.distance(a) / (2.0 * dash));
        }
    }
}

/// Each zone's number, in the outer part of the zone's visible area (the box's own number, 4, in its
/// top-left corner so it does not sit on the construction). Drawn on top of the shapes.
fn draw_zone_labels(state: &State, a: &Analysis, z: Sizes) {
    let fs = z.font(20.0);
    for zy in 0..3 {
        for zx in 0..3 {
            let r = zone_rect(state, zx, zy);
            let n = zx + 3 * zy;
            let hl = n == a.contact.zone;
            let s = if hl { format!("zone {n}") } else { format!("{n}") };
            let m = typeset::measure(&s, fs);
            if r.w < m.width + 8.0 || r.h < m.height + 8.0 {
                continue;
            }
            let inset = 8.0 * z.k;
            // Outer zones: two thirds of the way out from the box, where the shapes rarely are.
            let fx = [0.3, 0.5, 0.7][zx as usize];
            let fy = [0.7, 0.5, 0.3][zy as usize];
            let (x, y) = if n == 4 {
                (r.x + inset, r.y + inset + m.offset_y)
            } else {
                (r.x + fx * r.w - 0.5 * m.width, r.y + fy * r.h + 0.5 * m.height)
            };
            // Placed like the other labels: off the centre marker and the labels already drawn.
            let top = y - m.offset_y;
            let spot = typeset::place_label(vec2(x + 0.5 * m.width, top + 0.5 * m.height), m.width, m.height);
            let (x, y) = (spot.x, spot.y + m.offset_y);
            let colour = if hl { palette::ZONE_HIGHLIGHT_TEXT } else { palette::alpha(palette::ZONE_TEXT, 200) };
            text(&s, x, y, fs, col(colour));
        }
    }
}

fn dashed_line(a: Vec2, b: Vec2, w: f32, color: Color, dash: f32) {
    dashed_piece(a, b, w, (color, color), dash, 0.0);
}

/// A piece of a dashed line whose phase starts at `start` half-periods, in two colours split along its
/// centre line: `below` on the side opposite its normal `(−d.y, d.x)` (for `d = b − a`), `above` on
/// the normal's side.
fn dashed_piece(a: Vec2, b: Vec2, w: f32, (below, above): (Color, Color), dash: f32, start: f32) {
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

fn dashed_circle(centre: Vec2, r: f32, w: f32, color: Color, k: f32) {
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

/// Where the centre may be for the shapes to overlap: the box grown by r, with rounded corners
/// (thin dashed outline). With `planes_naive` selected, its square-cornered version too: the
/// corner patches it wrongly accepts are tinted in the warning colour.
fn draw_overlap_region(state: &State, z: Sizes) {
    use std::f32::consts::{FRAC_PI_2, PI};
    let v = state.view;
    let r = state.circle.radius();
    if r * v.scale < 2.0 {
        return;
    }
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let color = col(palette::alpha(palette::ZONE_TEXT, 150));
    let w = z.line(1.2);
    let dash = 4.0 * z.k;
    // The four straight sides, each r out from a face.
    let sides = [
        ([lo[0], lo[1] - r], [hi[0], lo[1] - r]),
        ([lo[0], hi[1] + r], [hi[0], hi[1] + r]),
        ([lo[0] - r, lo[1]], [lo[0] - r, hi[1]]),
        ([hi[0] + r, lo[1]], [hi[0] + r, hi[1]]),
    ];
    for (p, q) in sides {
        dashed_line(v.to_screen(p), v.to_screen(q), w, color, dash);
    }
    // The four rounded corners; (corner, start angle, outward signs).
    let corners = [
        ([hi[0], hi[1]], 0.0, [1.0, 1.0]),
        ([lo[0], hi[1]], FRAC_PI_2, [-1.0, 1.0]),
        ([lo[0], lo[1]], PI, [-1.0, -1.0]),
        ([hi[0], lo[1]], 3.0 * FRAC_PI_2, [1.0, -1.0]),
    ];
    let naive = state.algorithm().id == "planes_naive";
    let n = 24;
    for (c, a0, sign) in corners {
        let arc: Vec<Vec2> = (0..=n)
            .map(|i| {
                let t = a0 + FRAC_PI_2 * i as f32 / n as f32;
                v.to_screen([c[0] + r * t.cos(), c[1] + r * t.sin()])
            })
            .collect();
        for (i, pair) in arc.windows(2).enumerate() {
            if i % 2 == 0 {
                aa::line(pair[0].x, pair[0].y, pair[1].x, pair[1].y, w, color);
            }
        }
        if naive {
            let far = v.to_screen([c[0] + sign[0] * r, c[1] + sign[1] * r]);
            let tint = col(palette::alpha(palette::WARNING, 60));
            for pair in arc.windows(2) {
                paint::triangle(far, pair[0], pair[1], tint);
            }
            let edge = col(palette::alpha(palette::WARNING, 170));
            dashed_line(arc[0], far, w, edge, dash);
            dashed_line(arc[n], far, w, edge, dash);
        }
    }
}

fn draw_box(state: &State, z: Sizes) {
    let v = state.view;
    let lo = v.to_screen(state.aabb.min());
    let hi = v.to_screen(state.aabb.max());
    let (x, y, w, h) = (lo.x, hi.y, hi.x - lo.x, lo.y - hi.y);
    let active = state.drag.map(|d| d.handle).or(state.hover);
    let fill = if active == Some(Handle::BoxBody) { palette::alpha(palette::BOX_FILL, 100) } else { palette::BOX_FILL };
    paint::rectangle(x, y, w, h, col(fill));
    let edge_w = z.line(2.0);
    paint::rectangle_lines(x, y, w, h, edge_w, col(palette::BOX_EDGE));
    if active == Some(Handle::BoxBody) {
        paint::rectangle_lines(x - 1.0, y - 1.0, w + 2.0, h + 2.0, edge_w, col(palette::HOVER));
    }
    if let Some(Handle::BoxEdge { axis, upper }) = active {
        let (p, q) = match (axis, upper) {
            (0, false) => (vec2(lo.x, lo.y), vec2(lo.x, hi.y)),
            (0, true) => (vec2(hi.x, lo.y), vec2(hi.x, hi.y)),
            (_, false) => (vec2(lo.x, lo.y), vec2(hi.x, lo.y)),
            (_, true) => (vec2(lo.x, hi.y), vec2(hi.x, hi.y)),
        };
        aa::line(p.x, p.y, q.x, q.y, z.line(4.0), col(palette::HOVER));
    }
    // Corner handles; the active one larger and white.
    for upper in [[false, false], [true, false], [false, true], [true, true]] {
        let q = vec2(if upper[0] { hi.x } else { lo.x }, if upper[1] { hi.y } else { lo.y });
        let on = active == Some(Handle::BoxCorner { upper });
        let s = z.line(if on { 6.0 } else { 3.5 });
        paint::rectangle(q.x - s, q.y - s, 2.0 * s, 2.0 * s, col(if on { palette::HOVER } else { palette::BOX_EDGE }));
    }
}

fn arrow(from: Vec2, to: Vec2, w: f32, color: Color, head: f32) {
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

/// Closest point and distance (centre outside), or the four face distances (centre inside); then
/// the push arrow and the ghost of the pushed circle.
fn draw_construction(state: &State, a: &Analysis, z: Sizes) {
    let v = state.view;
    let centre = state.circle.center();
    let cs = v.to_screen(centre);
    let fs = z.font(15.0);
    let inside = a.contact.distance <= 0.0;

    if !inside {
        let s = v.to_screen(a.contact.closest);
        dashed_line(cs, s, z.line(2.0), col(palette::CLOSEST), 5.0 * z.k);
        aa::disc(s.x, s.y, z.line(5.0), col(palette::CLOSEST));
        aa::rim(s.x, s.y, z.line(5.0), z.line(1.5), col(palette::BACKGROUND));
        let mid = 0.5 * (cs + s);
        let d = s - cs;
        let n = if d.length() > 0.0 { vec2(-d.y, d.x).normalize() } else { vec2(0.0, -1.0) };
        let n = if n.y > 0.0 { -n } else { n };
        label(
            &format!("d = {}", number(a.contact.distance)),
            mid.x + n.x * 16.0 * z.k,
            mid.y + n.y * 16.0 * z.k,
            fs,
            col(palette::CLOSEST),
            true,
        );
    } else {
        // The four face distances, measured from the centre; the least one is the push direction.
        let (lo, hi) = (state.aabb.min(), state.aabb.max());
        let least = a.response.face;
        for axis in 0..2 {
            for (k, upper) in [false, true].into_iter().enumerate() {
                let mut target = centre;
                target[axis] = if upper { hi[axis] } else { lo[axis] };
                // Drawn as dimension lines a little off the centre, so the push arrow (which runs
                // along the least one) does not hide them.
                let shift = if axis == 0 { vec2(0.0, 9.0 * z.k) } else { vec2(-9.0 * z.k, 0.0) };
                let cs = cs + shift;
                let t = v.to_screen(target) + shift;
                let is_least = least.is_some_and(|f| f.axis == axis && f.upper == upper);
                let (color, w) = if is_least {
                    (palette::FACE_LEAST, z.line(3.0))
                } else {
                    (palette::alpha(palette::FACE, 200), z.line(1.5))
                };
                aa::line(cs.x, cs.y, t.x, t.y, w, col(color));
                aa::disc(t.x, t.y, z.line(3.0), col(color));
                let mid = 0.5 * (cs + t);
                let off = if axis == 0 { vec2(0.0, 14.0 * z.k) } else { vec2(-24.0 * z.k, 0.0) };
                let d = a.faces[axis][k];
                label(
                    &number(d as f32),
                    mid.x + off.x,
                    mid.y + off.y,
                    if is_least { fs + 2 } else { fs - 1 },
                    col(color),
                    true,
                );
            }
        }
    }

    // Push-out arrow and the ghost of the pushed circle.
    if a.response.case != ResponseCase::None {
        let p = a.response.push;
        if p[0] != 0.0 || p[1] != 0.0 {
            let moved = [centre[0] + p[0], centre[1] + p[1]];
            let ms = v.to_screen(moved);
            let r = state.circle.radius() * v.scale;
            dashed_circle(ms, r, z.line(1.8), col(palette::alpha(palette::PUSH, 220)), z.k);
            aa::disc(ms.x, ms.y, z.line(2.5), col(palette::PUSH));
            arrow(cs, ms, z.line(3.0), col(palette::PUSH), 14.0 * z.k);
            let len = (p[0] * p[0] + p[1] * p[1]).sqrt();
            label(&format!("push {}", number(len)), ms.x, ms.y - 16.0 * z.k, fs, col(palette::PUSH), true);
        }
    }
}

fn draw_circle_shape(state: &State, a: &Analysis, z: Sizes) {
    let v = state.view;
    let cs = v.to_screen(state.circle.center());
    let r = state.circle.radius() * v.scale;
    let shown = palette::shown_state(a.verdict, a.contact.state);
    let color = palette::state(shown);
    let active = state.drag.map(|d| d.handle).or(state.hover);
    let fill_a = if active == Some(Handle::CircleBody) { 95 } else { 60 };
    aa::disc(cs.x, cs.y, r, col(palette::alpha(color, fill_a)));
    let rim_w = if active == Some(Handle::CircleRim) { z.line(4.5) } else { z.line(2.5) };
    let rim_c = if active == Some(Handle::CircleRim) { palette::HOVER } else { color };
    aa::rim(cs.x, cs.y, r, rim_w, col(rim_c));
    if active == Some(Handle::CircleBody) {
        aa::rim(cs.x, cs.y, r + z.line(2.5), z.line(1.5), col(palette::HOVER));
    }
    // Centre cross.
    let s = z.line(5.0);
    aa::line(cs.x - s, cs.y, cs.x + s, cs.y, z.line(2.0), col(palette::TEXT));
    aa::line(cs.x, cs.y - s, cs.x, cs.y + s, z.line(2.0), col(palette::TEXT));
}

/// Top of the canvas: the selected algorithm's verdict and the exact answer; a red banner when they
/// disagree.
fn draw_status(state: &State, a: &Analysis, z: Sizes) {
    let c = state.canvas;
    let algo = state.algorithm();
    let fs = z.font(17.0);
    let pad = 10.0 * z.k;
    let verdict = if a.verdict { "overlap" } else { "no overlap" };
    let line1 = format!("{}: {}", algo.name, verdict);
    let shown = palette::shown_state(a.verdict, a.contact.state);
    let m = text(&line1, c.x + pad + 40.0 * z.k, c.y + pad + fs as f32 * 0.8, fs, col(palette::state(shown)));
    let line2 =
        format!("exact: {}   zone {}   case: {}", a.contact.state.as_str(), a.contact.zone, a.response.case.as_str());
    let y2 = c.y + pad + fs as f32 * 0.8 + m.height + 8.0 * z.k;
    text(&line2, c.x + pad + 40.0 * z.k, y2, z.font(14.0), col(palette::state(a.contact.state)));

    if a.wrong() {
        let kind = if a.verdict { "false positive" } else { "false negative" };
        let msg = format!(
            "WRONG: {} says {}, but the circle is {} ({kind})",
            algo.id,
            if a.verdict { "overlap" } else { "no overlap" },
            a.contact.state.as_str()
        );
        banner(c, z, &msg, WRONG_BANNER_ALPHA);
    }
    if !state.panel_visible {
        panel_hint(c, z, pad);
    }
}

/// The red banner near the bottom of the canvas that says the selected test is wrong (2D and 3D,
/// fill alpha 230) or that a move tunnelled (motion mode, opaque).
fn banner(c: ScreenRect, z: Sizes, msg: &str, fill_alpha: u8) {
    let bfs = z.font(18.0);
    let mm = typeset::measure(msg, bfs);
    let w = (mm.width + 24.0 * z.k).min(c.w - 8.0);
    let x = c.x + 0.5 * (c.w - w);
    let y = c.y + c.h - 60.0 * z.k - mm.height;
    paint::rectangle(x, y, w, mm.height + 18.0 * z.k, col(palette::alpha(palette::WARNING, fill_alpha)));
    paint::rectangle_lines(x, y, w, mm.height + 18.0 * z.k, z.line(2.0), col(palette::TEXT));
    text(msg, x + 12.0 * z.k, y + 9.0 * z.k + mm.offset_y, bfs, WHITE);
}

/// The wrong-test banner's fill alpha: the scene shows through a little.
const WRONG_BANNER_ALPHA: u8 = 230;

/// "H: show panel" in the canvas's top-right corner, when the panel is hidden.
fn panel_hint(c: ScreenRect, z: Sizes, pad: f32) {
    let hint = "H: show panel";
    let hf = z.font(14.0);
    let mm = typeset::measure(hint, hf);
    text(hint, c.x + c.w - mm.width - pad, c.y + pad + mm.offset_y, hf, col(palette::TICK_TEXT));
}

fn draw_legend(state: &State, z: Sizes) {
    let c = state.canvas;
    let fs = z.font(13.0);
    let items: [(&str, Rgba); 6] = [
        ("separated", palette::SEPARATED),
        ("touching", palette::TOUCHING),
        ("overlapping", palette::OVERLAPPING),
        ("closest point", palette::CLOSEST),
        ("push-out", palette::PUSH),
        ("least face", palette::FACE_LEAST),
    ];
    legend_row(c, z, fs, &items, 60.0, 24.0);
}

/// Colour swatches with their names in one row, right-aligned at the canvas's bottom (`bottom` × k up);
/// nothing when the row would leave less than `margin` × k free on its left (the panel's legend says the same).
fn legend_row(c: ScreenRect, z: Sizes, fs: u16, items: &[(&str, Rgba)], margin: f32, bottom: f32) {
    let sw = 10.0 * z.k;
    let gap = 14.0 * z.k;
    let total: f32 = items.iter().map(|(s, _)| typeset::measure(s, fs).width + sw + 6.0 * z.k + gap).sum();
    if total > c.w - margin * z.k {
        return;
    }
    let mut x = c.x + c.w - total;
    let y = c.y + c.h - bottom * z.k;
    for &(s, colour) in items {
        paint::rectangle(x, y - sw, sw, sw, col(colour));
        let m = text(s, x + sw + 6.0 * z.k, y, fs, col(palette::TEXT));
        x += sw + 6.0 * z.k + m.width + gap;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::teach::Overlay;
    use crate::app::{update, Input, SceneOptions};
    use crate::geom::{Circle, ALGORITHMS};
    use crate::teach::field::band_layers;

    /// Box [−2, 2] × [−1, 1.5] on a 1000 × 800 canvas, the circle in zone 8 (above right).
    fn scene() -> State {
        let mut s = State::new(SceneOptions {
            circle: Circle::new([2.9, 2.3], 1.0).unwrap(),
            aabb: crate::geom::Rect::new([-2.0, -1.0], [2.0, 1.5]).unwrap(),
            algorithm: ALGORITHMS.iter().position(|a| a.id == "arvo").unwrap(),
            ..SceneOptions::default()
        });
        update(&mut s, &Input { canvas: Some(ScreenRect { x: 0.0, y: 0.0, w: 1000.0, h: 800.0 }), ..Input::default() });
        s
    }

    #[test]
    fn each_zone_takes_the_layers_that_covered_it_in_their_order() {
        let s = scene();
        // Arvo's trace tests each axis: both slabs.
        assert_eq!(overlay::axis_slabs(overlay::canvas_trace(&s).as_ref()), [true, true]);
        assert_eq!(overlay::axis_slabs(None), [false, false], "no trace on the canvas, no slabs");
        let b = Backdrop::new(&s, Some(8), [true, true]);
        let slab = palette::alpha(overlay::FOCUS, overlay::SLAB_ALPHA);
        assert_eq!(b.tints[8], vec![palette::ZONE_HIGHLIGHT]);
        assert_eq!(b.tints[4], vec![slab, slab], "the box's zone lies in both slabs");
        assert_eq!(b.tints[1], vec![slab]);
        assert_eq!(b.tints[3], vec![slab]);
        assert!(b.tints[0].is_empty() && b.tints[2].is_empty() && b.tints[6].is_empty());
        // The colour of a zone is its layers over the background, one after the other.
        let expected = palette::over(palette::over(palette::BACKGROUND, slab), slab);
        assert_eq!(b.tinted(4, palette::BACKGROUND), expected);
        // Motion mode: no layers at all.
        let plain = Backdrop::new(&s, None, [false; 2]);
        assert!(plain.tints.iter().all(Vec::is_empty));
    }

    #[test]
    fn with_the_distance_field_the_lighter_bands_are_every_zones_top_layer_and_the_canvas_background() {
        let mut s = scene();
        let without = Backdrop::new(&s, Some(8), [false; 2]);
        assert_eq!((without.field, without.base), (None, palette::BACKGROUND));
        s.teach.overlay = Overlay::Distance;
        let [outside, inside] = overlay::field_base(&s).expect("the field's bands are drawn in this view");
        assert_eq!([outside, inside], [band_layers(true).0, band_layers(false).0]);
        let b = Backdrop::new(&s, Some(8), [false; 2]);
        // Over the highlight in zone 8; the box, zone 4, takes the inside band.
        assert_eq!(b.tints[8], vec![palette::ZONE_HIGHLIGHT, outside]);
        assert_eq!(b.tints[4], vec![inside]);
        assert_eq!(b.tints[0], vec![outside]);
        // The canvas is cleared to the outside band over the background: zones of that colour need no
        // clear of their own; the box and the highlighted zone do.
        assert_eq!(b.base, palette::over(palette::BACKGROUND, outside));
        assert_eq!(canvas_background(&s), col(b.base));
        let own: Vec<ScreenRect> = b.clears(true).map(|(r, _)| r).collect();
        assert_eq!(own, vec![b.zones[4], b.zones[8]]);
        // Where the canvas was not cleared (a region redrawn), every zone is, each in its colour.
        let all: Vec<(ScreenRect, Rgba)> = b.clears(false).collect();
        assert_eq!(all.len(), 9);
        assert!(all.iter().enumerate().all(|(n, &(r, c))| r == b.zones[n] && c == b.tinted(n, palette::BACKGROUND)));
        // A line under the field takes the band of the side it lies on.
        let (lo, hi) = (s.view.to_screen(s.aabb.min()), s.view.to_screen(s.aabb.max()));
        let z = palette::ZONE_LINE;
        assert_eq!(b.field_over(0.5 * (lo + hi), z), palette::over(z, inside));
        assert_eq!(b.field_over(vec2(lo.x - 5.0, 0.5 * (lo.y + hi.y)), z), palette::over(z, outside));
        assert_eq!(without.field_over(0.5 * (lo + hi), z), z);
        // Bands closer than 2 px apart (a view hundreds of times the box) are not drawn: no field in
        // the background either.
        s.view.scale = 0.01;
        assert_eq!(overlay::field_base(&s), None);
        assert_eq!(canvas_background(&s), background());
    }

    #[test]
    fn a_grid_line_takes_each_zones_colour_and_splits_where_a_border_runs_under_it() {
        let s = scene();
        let b = Backdrop::new(&s, Some(8), [true, true]);
        let (lo, hi) = (s.view.to_screen(s.aabb.min()), s.view.to_screen(s.aabb.max()));
        let g = palette::GRID;
        // A vertical line in the box's column, clear of its edges: three pieces down the canvas,
        // above, beside and below the box, in the x slab's colour and, beside the box, both slabs'.
        let x = 0.5 * (lo.x + hi.x);
        let p = b.down_column(x, 1.0, g);
        assert_eq!(p.len(), 3);
        assert_eq!((p[0].from, p[2].to), (0.0, 800.0));
        assert_eq!((p[0].to, p[1].to), (hi.y, lo.y));
        assert_eq!(p[0].before, b.tinted(7, g));
        assert_eq!(p[1].before, b.tinted(4, g));
        assert!(p.iter().all(|q| q.before == q.after && q.border.is_infinite()));
        // Left of the box: zones 6, 3, 0; only zone 3 (the y slab) is tinted, so two of the three
        // pieces differ and nothing merges.
        let p = b.down_column(lo.x - 50.0, 1.0, g);
        assert_eq!(p.iter().map(|q| q.before).collect::<Vec<_>>(), [g, b.tinted(3, g), g]);
        // On the box's right edge: the border runs under the line; left of it the box's column,
        // right of it zone 5 (y slab) beside the box and the highlighted zone 8 above it.
        let p = b.down_column(hi.x, 1.0, g);
        assert!(p.iter().all(|q| q.border == hi.x));
        assert_eq!((p[0].before, p[0].after), (b.tinted(7, g), b.tinted(8, g)));
        assert_eq!((p[1].before, p[1].after), (b.tinted(4, g), b.tinted(5, g)));
        // A horizontal line through the box's rows, and one on its top edge.
        let p = b.along_row(0.5 * (lo.y + hi.y), 1.0, g);
        assert_eq!(p.iter().map(|q| q.before).collect::<Vec<_>>(), [b.tinted(3, g), b.tinted(4, g), b.tinted(5, g)]);
        let p = b.along_row(hi.y, 1.0, g);
        assert!(p.iter().all(|q| q.border == hi.y));
        assert_eq!((p[2].before, p[2].after), (b.tinted(8, g), b.tinted(5, g)));
    }

    #[test]
    fn equal_neighbours_merge_and_empty_pieces_drop() {
        let c = palette::GRID;
        let piece = |from, to| Piece { from, to, before: c, after: c, border: f32::INFINITY };
        let merged = merge_pieces(&[piece(0.0, 10.0), piece(10.0, 10.0), piece(10.0, 30.0)]);
        assert_eq!(merged, vec![piece(0.0, 30.0)]);
        let other = Piece { before: palette::AXIS, ..piece(30.0, 40.0) };
        assert_eq!(merge_pieces(&[piece(0.0, 30.0), other]).len(), 2);
    }
}
