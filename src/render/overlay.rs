//! The teaching layer on the canvas: the overlay image (agreement map or distance field) as a
//! texture, the trace's focus (axis slab, grown box, point, zone, face plane and chord), the hover
//! read-out and the lesson caption. Draws only: the images are computed in
//! [`crate::app::overlay::OverlayCache`]; this module uploads them when their generation changes.

use super::{aa, paint, typeset};
use super::{col, dashed_line, label, text, zone_rect, Sizes};
use crate::app::overlay::{hover, nice_spacing, visible_texels, OverlayCache};
use crate::app::palette::{self, Rgba};
use crate::app::teach::{uses_arvo_mode, LessonRef, Overlay};
use crate::app::State;
use crate::format::number;
use crate::geom::algo::{Focus, Trace};
use crate::geom::{signed_distance_f64, ALGORITHMS};
use crate::teach::agreement::Class;
use crate::teach::field::{band_layers, band_rgba, level_outline, LINE_INSIDE, LINE_OUTSIDE, RADIUS_LINE, ZERO_LINE};
use crate::teach::lessons::TOUR;
use crate::teach::GridSpec;
use macroquad::prelude::*;

/// Colour of the trace's focus on the canvas.
pub const FOCUS: Rgba = [90, 225, 235, 255];

/// A GPU texture for a picture made on the CPU and replaced now and then (the overlay, the 3D
/// slice): while the size stays, new pixels go into the same texture.
#[derive(Default)]
pub struct ImageTexture {
    tex: Option<Texture2D>,
    size: (u16, u16),
}

impl ImageTexture {
    /// Uploads a `cols` × `rows` RGBA image (top row first), sampled with `filter`; `None` (and
    /// nothing uploaded) when a side does not fit a texture's `u16`.
    pub fn upload(&mut self, cols: usize, rows: usize, rgba: &[u8], filter: FilterMode) -> Option<&Texture2D> {
        let (Ok(w), Ok(h)) = (u16::try_from(cols), u16::try_from(rows)) else { return None };
        match &self.tex {
            Some(t) if self.size == (w, h) => t.update_from_bytes(u32::from(w), u32::from(h), rgba),
            _ => {
                self.tex = Some(Texture2D::from_rgba8(w, h, rgba));
                self.size = (w, h);
            }
        }
        let t = self.tex.as_ref()?;
        t.set_filter(filter);
        Some(t)
    }

    /// The texture last uploaded.
    #[must_use]
    pub fn get(&self) -> Option<&Texture2D> {
        self.tex.as_ref()
    }
}

/// The overlay image on the GPU.
#[derive(Default)]
pub struct OverlayLayer {
    tex: ImageTexture,
    generation: u64,
    spec: Option<GridSpec>,
    /// The part of the image that is not transparent (`visible_texels`), in the pieces it is drawn in.
    pieces: Vec<TexelPiece>,
}

impl OverlayLayer {
    /// Uploads the cache's image if it changed since the last call.
    pub fn sync(&mut self, cache: &OverlayCache) {
        if cache.generation == self.generation {
            return;
        }
        self.generation = cache.generation;
        let Some(img) = &cache.image else {
            self.spec = None;
            return;
        };
        // Linear: the coarse grid's colours and iso-lines blend smoothly instead of stair-stepping.
        let shown = self.tex.upload(img.spec.cols, img.spec.rows, &img.rgba, FilterMode::Linear).is_some();
        self.spec = shown.then_some(img.spec);
        // Agreed separation is transparent, and most of the canvas: draw only the rest (a textured
        // pixel is the dearest kind on a software rasteriser), and of that, sample the image only
        // where its colours change. Two texels of margin keep the linear filter's edge as it was.
        self.pieces = visible_texels(&img.rgba, img.spec.cols, 2)
            .map(|visible| texel_pieces(&img.rgba, img.spec.cols, visible))
            .unwrap_or_default();
    }
}

/// The overlay: the distance field drawn as contours, or the agreement map's texture over the world
/// area it was computed for.
pub fn draw_overlay(state: &State, layer: &OverlayLayer, z: Sizes) {
    if state.teach.overlay == Overlay::Distance {
        draw_distance_field(state, z);
        return;
    }
    let (Some(tex), Some(spec)) = (layer.tex.get(), layer.spec) else {
        return;
    };
    let v = state.view;
    // Texel coordinates (u across, v down: image row 0 is the top one) to the screen.
    let origin = v.to_screen([spec.x0, spec.y0 + spec.rows as f32 * spec.step]);
    let s = spec.step * v.scale;
    let place = |p: &TexelPiece| (origin + vec2(p.u[0], p.v[0]) * s, vec2(p.u[1] - p.u[0], p.v[1] - p.v[0]) * s);
    for p in &layer.pieces {
        if let Some(fill) = p.fill {
            let (at, size) = place(p);
            paint::rectangle(at.x, at.y, size.x, size.y, col(fill));
        }
    }
    if layer.pieces.iter().all(|p| p.fill.is_some()) {
        return;
    }
    super::flat::textured(1, || {
        for p in layer.pieces.iter().filter(|p| p.fill.is_none()) {
            let (at, size) = place(p);
            let source = Rect::new(p.u[0], p.v[0], p.u[1] - p.u[0], p.v[1] - p.v[0]);
            paint::texture(tex, layer.generation, at.x, at.y, size, source);
        }
    });
}

/// A piece of an overlay image as drawn: a rectangle in texel coordinates (`u` across, `v` down; texel
/// `i`'s centre at `i + ½`), and the one colour the linear filter gives everywhere in it, or `None`:
/// the image, sampled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TexelPiece {
    pub u: [f32; 2],
    pub v: [f32; 2],
    pub fill: Option<[u8; 4]>,
}

/// Rows of filter cells per band of [`texel_pieces`]: taller bands are fewer rectangles, shorter
/// ones sample fewer pixels where the colours change.
const BAND_CELLS: usize = 16;

/// The part `visible` (`(c0, r0, cols, rows)`, as `visible_texels` gives it) of an RGBA image
/// `width` texels wide, in the pieces it is drawn in. Between the centres of four texels the linear
/// filter mixes those four (clamped at the image's edges): where all four are equal it gives their
/// colour, which is drawn as a plain rectangle — on a software rasteriser a sampled pixel costs about
/// 2.5 times a plain one — or nothing where transparent. The rest is sampled. In bands of
/// [`BAND_CELLS`] rows of those cells, each band's columns go by runs of the same kind; the pieces
/// tile the visible part, less its transparent runs.
#[must_use]
pub fn texel_pieces(rgba: &[u8], width: usize, visible: (usize, usize, usize, usize)) -> Vec<TexelPiece> {
    #[derive(Clone, Copy, PartialEq)]
    enum Kind {
        Clear,
        Fill([u8; 4]),
        Mixed,
    }
    let (c0, r0, cols, rows) = visible;
    let height = (rgba.len() / 4).checked_div(width).unwrap_or(0);
    if cols == 0 || rows == 0 || c0 + cols > width || r0 + rows > height {
        return Vec::new();
    }
    let texel = |i: usize, j: usize| -> [u8; 4] {
        let k = 4 * (j.min(height - 1) * width + i.min(width - 1));
        [rgba[k], rgba[k + 1], rgba[k + 2], rgba[k + 3]]
    };
    // Cell (i, j) lies between the centres of texels i − 1, i and j − 1, j: cell i spans u from i − ½
    // to i + ½, and the visible part, c0 to c0 + cols, meets cells c0 ..= c0 + cols (halves at its edges).
    let cell = |i: usize, j: usize| -> Kind {
        let (i0, j0) = (i.saturating_sub(1), j.saturating_sub(1));
        let t = texel(i0, j0);
        if [texel(i, j0), texel(i0, j), texel(i, j)].iter().all(|&x| x == t) {
            if t[3] == 0 {
                Kind::Clear
            } else {
                Kind::Fill(t)
            }
        } else {
            Kind::Mixed
        }
    };
    // Cell i spans u from i − ½ to i + ½, clipped to the visible part.
    let span = |first: usize, last: usize, lo: usize, n: usize| -> [f32; 2] {
        [(first as f32 - 0.5).max(lo as f32), (last as f32 + 0.5).min((lo + n) as f32)]
    };
    let mut out = Vec::new();
    let (i_range, j_range) = (c0..=c0 + cols, r0..=r0 + rows);
    let mut band_start = *j_range.start();
    while band_start <= *j_range.end() {
        let band_end = (band_start + BAND_CELLS - 1).min(*j_range.end());
        let column =
            |i: usize| (band_start..=band_end).map(|j| cell(i, j)).reduce(|a, b| if a == b { a } else { Kind::Mixed });
        let v = span(band_start, band_end, r0, rows);
        let mut run: Option<(usize, Kind)> = None;
        let mut close = |first: usize, last: usize, kind: Kind| {
            let fill = match kind {
                Kind::Clear => return,
                Kind::Fill(c) => Some(c),
                Kind::Mixed => None,
            };
            out.push(TexelPiece { u: span(first, last, c0, cols), v, fill });
        };
        for i in i_range.clone() {
            let kind = column(i).unwrap_or(Kind::Mixed);
            match run {
                Some((_, k)) if k == kind => {}
                Some((first, k)) => {
                    close(first, i - 1, k);
                    run = Some((i, kind));
                }
                None => run = Some((i, kind)),
            }
        }
        if let Some((first, k)) = run {
            close(first, *i_range.end(), k);
        }
        band_start = band_end + 1;
    }
    out.retain(|p| p.u[1] > p.u[0] && p.v[1] > p.v[0]);
    out
}

/// The distance field as geometry, exact at any zoom: the bands between iso-lines as strips between
/// the box's level outlines ([`level_outline`]: rounded outside, square inside), then antialiased
/// lines along the iso-lines, the circle's distance `r` and the box outline — the colours of
/// [`crate::teach::field`]. It replaced a texture sampled over the whole canvas, which was stair-stepped
/// where its cells were coarse and, on a software rasteriser, the costliest layer of the frame.
///
/// The lighter bands are not drawn: the canvas's background and zone colours already hold them
/// ([`field_base`], laid by the backdrop), and only the stronger bands are drawn, over them, in the
/// layer that makes their colour ([`band_layers`]) — half the fill of drawing every band.
fn draw_distance_field(state: &State, z: Sizes) {
    let Some(f) = FieldView::of(state) else {
        return;
    };
    let (v, aabb, scale) = (state.view, &state.aabb, f.scale);
    // Segments per corner arc for an outline at distance d: the circles' rule for a radius of d px.
    // A band's edges lie under the iso-lines, so they may be coarser (half a pixel off the arc).
    let arcs = |d: f32| (aa::segments_for_radius(d.max(0.0) * scale) / 4).max(1);
    let band_arcs = |d: f32| (aa::segments_within(d.max(0.0) * scale, 0.5) / 4).max(1);
    let screen =
        |d: f32, m: usize| -> Vec<Vec2> { level_outline(aabb, d, m).iter().map(|p| v.to_screen(*p)).collect() };
    let mut mesh = aa::Mesh::default();
    if let Some(bands) = &f.bands {
        draw_bands_and_iso_lines(&mut mesh, bands, z.line(1.5), &screen, &arcs, &band_arcs);
    }
    let bold = z.line(3.0);
    stroke(&mut mesh, state.circle.radius(), bold, col(RADIUS_LINE), &screen, &arcs, scale);
    stroke(&mut mesh, 0.0, bold, col(ZERO_LINE), &screen, &arcs, scale);
    mesh.draw();
}

/// What of the distance field the canvas shows: its view's pixels per unit, and its bands (none when
/// they would be closer than 2 px apart — a box far smaller than the view — and only the two bold
/// lines are drawn).
struct FieldView {
    scale: f32,
    bands: Option<Bands>,
}

impl FieldView {
    /// The field as `state` shows it: none unless the distance field is the overlay and the view is
    /// usable.
    fn of(state: &State) -> Option<FieldView> {
        let (c, v) = (state.canvas, state.view);
        let (aabb, scale) = (&state.aabb, v.scale);
        if state.teach.overlay != Overlay::Distance || scale.is_nan() || scale <= 0.0 {
            return None;
        }
        let spacing = nice_spacing(aabb);
        let half = aabb.half_extents();
        // The deepest point inside is at half the smaller side; the farthest visible one at a corner of the canvas.
        let d_min = -half[0].min(half[1]);
        let d_max = [(c.x, c.y), (c.x + c.w, c.y), (c.x, c.y + c.h), (c.x + c.w, c.y + c.h)]
            .into_iter()
            .map(|(x, y)| signed_distance_f64(&v.to_world(vec2(x, y)), aabb) as f32)
            .fold(d_min, f32::max);
        let (k_lo, k_hi) = ((d_min / spacing).floor() as i64, (d_max / spacing).floor() as i64);
        let bands =
            (spacing * scale >= 2.0 && k_hi - k_lo <= 2000).then_some(Bands { spacing, scale, k_lo, k_hi, d_min });
        Some(FieldView { scale, bands })
    }
}

/// The lighter bands' colours outside the box and inside it, which the canvas's background and zones
/// take under everything else when the distance field's bands are drawn ([`draw_distance_field`]
/// draws only the stronger ones over them); `None` when they are not.
#[must_use]
pub fn field_base(state: &State) -> Option<[Rgba; 2]> {
    FieldView::of(state)?.bands.map(|_| [band_layers(true).0, band_layers(false).0])
}

/// The bands `k_lo..=k_hi` of the field's `spacing` (band `k` from `k·spacing` to the next), the
/// deepest distance `d_min` inside the box, and the view's pixels per unit.
struct Bands {
    spacing: f32,
    scale: f32,
    k_lo: i64,
    k_hi: i64,
    d_min: f32,
}

/// The distance field's stronger bands (each boundary outline with its own arc count, joined to the
/// next by a zipper) in the layer over the lighter ones ([`band_layers`]), and its thin iso-lines,
/// `thin` px wide.
fn draw_bands_and_iso_lines(
    mesh: &mut aa::Mesh,
    b: &Bands,
    thin: f32,
    screen: &dyn Fn(f32, usize) -> Vec<Vec2>,
    arcs: &dyn Fn(f32) -> usize,
    band_arcs: &dyn Fn(f32) -> usize,
) {
    let Bands { spacing, scale, k_lo, k_hi, d_min } = *b;
    let mut inner = (k_lo as f32 * spacing, band_arcs(k_lo as f32 * spacing));
    let mut inner_pts = screen(inner.0, inner.1);
    for k in k_lo..=k_hi {
        let d = (k + 1) as f32 * spacing;
        let outer = (d, band_arcs(d));
        let outer_pts = screen(outer.0, outer.1);
        let mid = 0.5 * (inner.0 + d);
        let (lighter, extra) = band_layers(mid > 0.0);
        if band_rgba(mid, spacing) != lighter {
            zipper(mesh, &inner_pts, inner.1, &outer_pts, outer.1, col(extra));
        }
        (inner, inner_pts) = (outer, outer_pts);
        flush_if_large(mesh);
    }
    for k in k_lo..=k_hi {
        let d = k as f32 * spacing;
        if k != 0 && d > d_min {
            stroke(mesh, d, thin, col(if d > 0.0 { LINE_OUTSIDE } else { LINE_INSIDE }), screen, arcs, scale);
        }
    }
}

/// An antialiased line of width `w` px along the level outline at distance `d`: rings at the offsets
/// of a line's profile (transparent feathers, opaque core; no core for lines under 1.6 px, whose
/// profile is a tent), all with the arc count of the outermost.
fn stroke(
    mesh: &mut aa::Mesh,
    d: f32,
    w: f32,
    c: Color,
    screen: &dyn Fn(f32, usize) -> Vec<Vec2>,
    arcs: &dyn Fn(f32) -> usize,
    scale: f32,
) {
    let outer = aa::reach(w);
    let inner = outer - aa::FEATHER;
    let clear = Color { a: 0.0, ..c };
    let profile: &[(f32, Color)] = if inner < 0.3 {
        &[(-outer, clear), (0.0, c), (outer, clear)]
    } else {
        &[(-outer, clear), (-inner, c), (inner, c), (outer, clear)]
    };
    let m = arcs(d + outer / scale);
    let rings: Vec<(Vec<Vec2>, Color)> = profile.iter().map(|&(o, c)| (screen(d + o / scale, m), c)).collect();
    let refs: Vec<(&[Vec2], Color)> = rings.iter().map(|(p, c)| (p.as_slice(), *c)).collect();
    mesh.rings(&refs);
    flush_if_large(mesh);
}

/// Draws and empties the mesh once it nears the reach of its 16-bit indices.
fn flush_if_large(mesh: &mut aa::Mesh) {
    if mesh.vertices.len() > 30_000 {
        mesh.draw();
    }
}

/// The band between two level outlines ([`level_outline`], 4 corners of `ma + 1` and `mb + 1` points):
/// corner by corner, the two arcs joined by triangles in the order of their angles, and the straight
/// parts between corners by a quad.
fn zipper(mesh: &mut aa::Mesh, a: &[Vec2], ma: usize, b: &[Vec2], mb: usize, c: Color) {
    if a.len() != 4 * (ma + 1) || b.len() != 4 * (mb + 1) {
        return;
    }
    let ia: Vec<u16> = a.iter().map(|p| mesh.vertex(*p, c)).collect();
    let ib: Vec<u16> = b.iter().map(|p| mesh.vertex(*p, c)).collect();
    for k in 0..4 {
        let (sa, sb) = (k * (ma + 1), k * (mb + 1));
        let (mut i, mut j) = (0, 0);
        while i < ma || j < mb {
            // Advance along the arc whose next point comes first in angle.
            if j == mb || (i < ma && (i + 1) * mb <= (j + 1) * ma) {
                mesh.indices.extend_from_slice(&[ia[sa + i], ia[sa + i + 1], ib[sb + j]]);
                i += 1;
            } else {
                mesh.indices.extend_from_slice(&[ia[sa + i], ib[sb + j + 1], ib[sb + j]]);
                j += 1;
            }
        }
        // The straight part to the next corner.
        let (na, nb) = (((k + 1) % 4) * (ma + 1), ((k + 1) % 4) * (mb + 1));
        mesh.quad(ia[sa + ma], ia[na], ib[nb], ib[sb + mb]);
    }
}

/// Alpha of an axis slab's tint (the trace's focus colour, faintly).
pub const SLAB_ALPHA: u8 = 20;

/// The selected algorithm's trace for the current scene, when it is shown on the canvas. Made once
/// a frame: the backdrop takes its axis slabs from it, [`draw_trace_focus`] the rest.
#[must_use]
pub fn canvas_trace(state: &State) -> Option<Trace<2>> {
    state.teach.trace_on_canvas.then(|| (state.algorithm().trace_2d)(&state.circle, &state.aabb))
}

/// Which axis slabs the trace looks at (`Focus::Axis`).
#[must_use]
pub fn axis_slabs(trace: Option<&Trace<2>>) -> [bool; 2] {
    let on = |i: usize| trace.is_some_and(|t| t.steps.iter().any(|s| s.focus == Focus::Axis(i)));
    [on(0), on(1)]
}

/// What the selected algorithm's trace looked at, for the current scene.
pub fn draw_trace_focus(state: &State, trace: Option<&Trace<2>>, z: Sizes) {
    let Some(trace) = trace else { return };
    let (c, v) = (state.canvas, state.view);
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let focus = col(FOCUS);
    let w = z.line(2.5);
    let fs = z.font(14.0);
    let mut seen: Vec<&Focus<2>> = Vec::new();
    for step in &trace.steps {
        if seen.contains(&&step.focus) {
            continue;
        }
        seen.push(&step.focus);
        match &step.focus {
            Focus::None => {}
            // The slab min[i] ≤ p[i] ≤ max[i] across the canvas is part of the backdrop
            // (`axis_slabs`), laid before the shapes.
            Focus::Axis(_) => {}
            Focus::GrownBox(r) => {
                let (a, b) = (v.to_screen([lo[0] - r, lo[1] - r]), v.to_screen([hi[0] + r, hi[1] + r]));
                for (p, q) in [
                    (vec2(a.x, a.y), vec2(b.x, a.y)),
                    (vec2(b.x, a.y), vec2(b.x, b.y)),
                    (vec2(b.x, b.y), vec2(a.x, b.y)),
                    (vec2(a.x, b.y), vec2(a.x, a.y)),
                ] {
                    dashed_line(p, q, w, focus, 9.0 * z.k);
                }
                label("box grown by r", 0.5 * (a.x + b.x), b.y - 12.0 * z.k, fs, focus, true);
            }
            Focus::Point(p) => {
                let s = v.to_screen(*p);
                aa::rim(s.x, s.y, z.line(9.0), w, focus);
                let cs = v.to_screen(state.circle.center());
                dashed_line(cs, s, z.line(1.5), col(palette::alpha(FOCUS, 180)), 4.0 * z.k);
            }
            Focus::Zone(n) => {
                let r = zone_rect(state, n % 3, n / 3);
                paint::rectangle_lines(r.x, r.y, r.w, r.h, z.line(3.0), focus);
            }
            Focus::Plane { axis, upper, cut } => {
                // The face's line, extended across the canvas, and the circle's chord on it.
                let x = if *upper { hi[*axis] } else { lo[*axis] };
                let ctr = state.circle.center();
                let other = 1 - axis;
                let (p, q, a, b) = if *axis == 0 {
                    let s = v.to_screen([x, 0.0]).x;
                    (
                        vec2(s, c.y),
                        vec2(s, c.y + c.h),
                        v.to_screen([x, ctr[other] - cut]),
                        v.to_screen([x, ctr[other] + cut]),
                    )
                } else {
                    let s = v.to_screen([0.0, x]).y;
                    (
                        vec2(c.x, s),
                        vec2(c.x + c.w, s),
                        v.to_screen([ctr[other] - cut, x]),
                        v.to_screen([ctr[other] + cut, x]),
                    )
                };
                dashed_line(p, q, z.line(1.5), col(palette::alpha(FOCUS, 160)), 10.0 * z.k);
                if *cut > 0.0 {
                    aa::line(a.x, a.y, b.x, b.y, z.line(5.0), focus);
                }
            }
        }
    }
}

/// The distance (and, with the agreement map, the class) at the pointer.
pub fn draw_hover(state: &State, z: Sizes) {
    let Some(h) = hover(state) else { return };
    let s = state.view.to_screen(h.at);
    let mut msg = format!("d = {}", number(h.distance as f32));
    if let Some(class) = h.class {
        msg = format!("{msg} · {}", class.label());
    }
    aa::rim(s.x, s.y, z.line(4.0), z.line(1.5), WHITE);
    label(&msg, s.x, s.y - 20.0 * z.k, z.font(16.0), WHITE, true);
}

/// Splits `s` into lines no wider than `width` pixels at `size`.
fn wrap(s: &str, size: u16, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in s.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if !line.is_empty() && typeset::measure(&candidate, size).width > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The lesson caption at the top of the canvas, then the overlay's legend below it.
pub fn draw_captions(state: &State, z: Sizes) {
    // The legend in the top-right corner, the caption to its left (side by side, both readable).
    let legend_x = draw_overlay_legend(state, z);
    draw_caption(state, z, legend_x);
}

/// Lays out lines of text on a plate: (text, size, colour); returns the plate's height. Draws only
/// when `draw` is set (so the plate can be measured first).
fn plate_lines(lines: &[(String, u16, Color)], x: f32, y: f32, pad: f32, draw: bool) -> f32 {
    let mut cursor = y + pad;
    for (i, (t, size, colour)) in lines.iter().enumerate() {
        let size_f = f32::from(*size);
        cursor += if i == 0 { size_f } else { 1.35 * size_f };
        if draw {
            text(t, x + pad, cursor - 0.2 * size_f, *size, *colour);
        }
    }
    cursor + pad - y
}

/// The lesson on show, in large type at the top of the canvas (readable when projected), left of
/// `right_limit` when the overlay legend is there.
fn draw_caption(state: &State, z: Sizes, right_limit: Option<f32>) {
    let Some(which) = state.teach.lesson else { return };
    let Some(lesson) = which.lesson() else { return };
    let c = state.canvas;
    let (tf, bf) = (z.font(24.0), z.font(17.0));
    let margin = 12.0 * z.k;
    let (x, width) = match right_limit {
        Some(r) => (c.x + margin, (r - margin - (c.x + margin)).clamp(0.4 * c.w, 900.0 * z.k)),
        None => {
            let w = (0.86 * c.w).min(900.0 * z.k);
            (c.x + 0.5 * (c.w - w), w)
        }
    };
    let pad = 14.0 * z.k;
    let head = match which {
        LessonRef::Tour(i) => format!("Tour {}/{} — {}", i + 1, TOUR.len(), lesson.title),
        LessonRef::Erratum(_) => format!("Erratum — {}", lesson.title),
    };
    let mut lines = vec![(head, tf, col(palette::ZONE_HIGHLIGHT_TEXT))];
    // The lesson's text is said once: in the panel when it is shown, else here (projection mode).
    if !state.panel_visible {
        for l in wrap(lesson.text, bf, width - 2.0 * pad) {
            lines.push((l, bf, col(palette::TEXT)));
        }
    }
    if let LessonRef::Tour(_) = which {
        lines.push(("N next · P previous · T leave the tour".to_string(), z.font(14.0), col(palette::TICK_TEXT)));
    }
    // Only the title and the keys (the panel has the text): a card as wide as they are.
    let width = if state.panel_visible {
        let widest = lines.iter().map(|(t, size, _)| typeset::measure(t, *size).width).fold(0.0, f32::max);
        width.min(widest + 2.0 * pad)
    } else {
        width
    };
    let y = c.y + 62.0 * z.k;
    let h = plate_lines(&lines, x, y, pad, false);
    paint::rectangle(x, y, width, h, col(palette::alpha(palette::BACKGROUND, 225)));
    paint::rectangle_lines(x, y, width, h, z.line(2.0), col(palette::ZONE_HIGHLIGHT_TEXT));
    plate_lines(&lines, x, y, pad, true);
}

/// What the overlay shows, at the top right of the canvas: for the agreement map, the tested
/// variant, the reference and each class's colour and count; for the distance field, its colours.
/// Returns the plate's left edge.
fn draw_overlay_legend(state: &State, z: Sizes) -> Option<f32> {
    let t = &state.teach;
    let c = state.canvas;
    let fs = z.font(14.0);
    let pad = 10.0 * z.k;
    let sw = 12.0 * z.k;
    let (title, rows): (String, Vec<(Rgba, String)>) = match t.overlay {
        Overlay::None => return None,
        Overlay::Agreement => {
            let algo = state.algorithm();
            let variant = if uses_arvo_mode(state.algorithm, t.arvo) {
                format!("arvo ({})", t.arvo.label())
            } else if t.as_published && algo.as_published_2d.is_some() {
                format!("{} as published", algo.id)
            } else {
                algo.id.to_string()
            };
            let reference = t.compare.and_then(|b| ALGORITHMS.get(b)).map_or("exact", |b| b.id);
            let counts = t.overlay_info.filter(|i| i.overlay == Overlay::Agreement).and_then(|i| i.counts);
            let rows = Class::ALL
                .iter()
                .filter(|&&k| k != Class::AgreedSeparation)
                .map(|&k| {
                    let n = counts.map_or(String::new(), |n| format!("  {}", n[k.index()]));
                    let mut rgba = k.rgba();
                    rgba[3] = 255;
                    (rgba, format!("{}{n}", k.label()))
                })
                .collect();
            (format!("Agreement map: {variant} vs {reference}"), rows)
        }
        Overlay::Distance => (
            "Distance field (signed, to the box)".to_string(),
            vec![
                ([255, 255, 255, 255], "distance 0: the box".to_string()),
                ([255, 220, 60, 255], "distance r: centre touching".to_string()),
                ([80, 130, 220, 255], "outside, iso-lines".to_string()),
                ([220, 130, 60, 255], "inside, iso-lines".to_string()),
            ],
        ),
    };
    let mut width = typeset::measure(&title, fs).width;
    for (_, r) in &rows {
        width = width.max(sw + 8.0 * z.k + typeset::measure(r, fs).width);
    }
    let width = width + 2.0 * pad;
    let line_h = 1.45 * f32::from(fs);
    let h = 2.0 * pad + line_h * (rows.len() + 1) as f32;
    let x = c.x + c.w - width - 12.0 * z.k;
    let y = c.y + 8.0 * z.k;
    paint::rectangle(x, y, width, h, col(palette::alpha(palette::BACKGROUND, 215)));
    paint::rectangle_lines(x, y, width, h, z.line(1.0), col(palette::AXIS));
    let mut cy = y + pad + f32::from(fs);
    text(&title, x + pad, cy, fs, col(palette::TEXT));
    for (rgba, r) in &rows {
        cy += line_h;
        paint::rectangle(x + pad, cy - sw, sw, sw, col(*rgba));
        text(r, x + pad + sw + 8.0 * z.k, cy, fs, col(palette::TEXT));
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Rect;

    /// The linear filter of an RGBA image at texel coordinates (u, v), clamped at its edges, as floats.
    fn filtered(rgba: &[u8], width: usize, u: f32, v: f32) -> [f32; 4] {
        let height = rgba.len() / 4 / width;
        let (x, y) = (u - 0.5, v - 0.5);
        let (i, j) = (x.floor(), y.floor());
        let (fx, fy) = (x - i, y - j);
        let at = |i: f32, j: f32, k: usize| {
            let (i, j) = ((i.max(0.0) as usize).min(width - 1), (j.max(0.0) as usize).min(height - 1));
            f32::from(rgba[4 * (j * width + i) + k])
        };
        std::array::from_fn(|k| {
            let top = at(i, j, k) * (1.0 - fx) + at(i + 1.0, j, k) * fx;
            let bottom = at(i, j + 1.0, k) * (1.0 - fx) + at(i + 1.0, j + 1.0, k) * fx;
            top * (1.0 - fy) + bottom * fy
        })
    }

    #[test]
    fn the_pieces_of_an_overlay_image_are_plain_only_where_the_filter_gives_one_colour() {
        // A 120 × 90 image (several bands of cells): transparent, a blue disc, a red square across its
        // edge, one lone texel, and colour up to the image's right edge (clamped there).
        let (w, h) = (120usize, 90usize);
        let mut rgba = vec![0u8; 4 * w * h];
        for j in 0..h {
            for i in 0..w {
                let (x, y) = (i as f32 - 45.0, j as f32 - 42.0);
                let c: [u8; 4] = if (60..78).contains(&i) && (12..37).contains(&j) {
                    [220, 40, 40, 200]
                } else if x * x + y * y < 900.0 || i >= 108 {
                    [40, 90, 200, 120]
                } else if (i, j) == (90, 75) {
                    [255, 255, 255, 255]
                } else {
                    [0; 4]
                };
                rgba[4 * (j * w + i)..][..4].copy_from_slice(&c);
            }
        }
        let visible = crate::app::overlay::visible_texels(&rgba, w, 2).unwrap();
        let pieces = texel_pieces(&rgba, w, visible);
        let (c0, r0, cols, rows) = visible;
        assert!(pieces.iter().any(|p| p.fill == Some([40, 90, 200, 120])), "the disc's inside is plain");
        assert!(pieces.iter().any(|p| p.fill.is_none()), "its edge is sampled");
        // Every point of the visible part: in at most one piece; a plain one gives exactly the filter's
        // colour there; in none, the filter gives nothing (transparent).
        let steps = 3;
        for a in 0..cols * steps {
            for b in 0..rows * steps {
                let (u, v) = (c0 as f32 + (a as f32 + 0.5) / steps as f32, r0 as f32 + (b as f32 + 0.5) / steps as f32);
                let inside: Vec<&TexelPiece> =
                    pieces.iter().filter(|p| p.u[0] <= u && u < p.u[1] && p.v[0] <= v && v < p.v[1]).collect();
                assert!(inside.len() <= 1, "({u}, {v}) in {} pieces", inside.len());
                let f = filtered(&rgba, w, u, v);
                match inside.first().map(|p| p.fill) {
                    Some(Some(c)) => {
                        assert!((0..4).all(|k| (f[k] - f32::from(c[k])).abs() < 1e-3), "({u}, {v}): {f:?}, drawn {c:?}")
                    }
                    Some(None) => {}
                    None => assert!(f[3] < 1e-3, "({u}, {v}) not drawn, but the filter gives {f:?}"),
                }
            }
        }
        // Nothing outside the visible part, and no piece for an empty or mismatched one.
        assert!(pieces.iter().all(|p| p.u[0] >= c0 as f32
            && p.u[1] <= (c0 + cols) as f32
            && p.v[0] >= r0 as f32
            && p.v[1] <= (r0 + rows) as f32));
        assert!(texel_pieces(&rgba, w, (0, 0, 0, 5)).is_empty());
        assert!(texel_pieces(&rgba, w, (30, 0, 20, 5)).is_empty());
        assert!(texel_pieces(&[], 0, (0, 0, 1, 1)).is_empty());
    }

    fn polygon_area(p: &[Vec2]) -> f32 {
        0.5 * p.iter().zip(p.iter().cycle().skip(1)).map(|(a, b)| a.perp_dot(*b)).sum::<f32>().abs()
    }

    fn outline(b: &Rect, d: f32, m: usize) -> Vec<Vec2> {
        level_outline(b, d, m).iter().map(|p| vec2(p[0], p[1])).collect()
    }

    #[test]
    fn a_band_between_outlines_of_different_arc_counts_covers_exactly_the_area_between_them() {
        let b = Rect::new([-2.0, -1.0], [2.0, 1.5]).unwrap();
        for (d0, m0, d1, m1) in [(1.0, 3, 2.0, 7), (0.0, 1, 0.5, 5), (-0.5, 1, 0.0, 1), (2.0, 9, 3.0, 2)] {
            let (inner, outer) = (outline(&b, d0, m0), outline(&b, d1, m1));
            let mut mesh = aa::Mesh::default();
            zipper(&mut mesh, &inner, m0, &outer, m1, WHITE);
            let tris: f32 = mesh
                .indices
                .chunks_exact(3)
                .map(|t| {
                    let p = [t[0], t[1], t[2]]
                        .map(|i| vec2(mesh.vertices[i as usize].position.x, mesh.vertices[i as usize].position.y));
                    0.5 * (p[1] - p[0]).perp_dot(p[2] - p[0]).abs()
                })
                .sum();
            let between = polygon_area(&outer) - polygon_area(&inner);
            assert!((tris - between).abs() < 1e-3 * between, "{d0}..{d1}: triangles {tris}, band {between}");
        }
        // Outlines of the wrong length draw nothing.
        let mut mesh = aa::Mesh::default();
        zipper(&mut mesh, &outline(&b, 1.0, 3), 4, &outline(&b, 2.0, 3), 3, WHITE);
        assert!(mesh.indices.is_empty());
    }
}
