//! Antialiased shapes built from geometry, so the window needs no multisampling (which multiplies
//! the fill cost by 4 on software rasterisers such as SwiftShader and llvmpipe).
//!
//! Each edge that is not pixel-aligned gets a feather: a strip [`FEATHER`] pixels wide whose alpha
//! falls linearly from the shape's to zero. Lines are a core quad plus two feather strips; a disc
//! is a fan plus a feathered ring; a rim (circle outline) is an annulus feathered on both sides.
//! Circles take their segment count from their radius in pixels ([`segments_for_radius`]), so a rim
//! stays round at any zoom.
//!
//! The builders are plain data ([`Mesh`]); [`Mesh::draw`] hands the triangles to macroquad's
//! batcher with its white texture, so consecutive shapes share one draw call.

use macroquad::prelude::*;
use std::f32::consts::{PI, TAU};

/// Width of the alpha falloff at an edge, in pixels.
pub const FEATHER: f32 = 1.0;

/// How far from its centre line a line of width `w` reaches (its feather included).
#[must_use]
pub fn reach(w: f32) -> f32 {
    0.5 * (w.max(1.0) - FEATHER).max(0.0) + FEATHER
}

/// The largest distance, in pixels, between a circle and the polygon that draws it.
pub const MAX_SAGITTA: f32 = 0.2;

/// How many segments a circle of `r` pixels needs so that no chord lies more than
/// [`MAX_SAGITTA`] pixels inside the circle (at least 12, at most 1024).
#[must_use]
pub fn segments_for_radius(r: f32) -> usize {
    segments_within(r, MAX_SAGITTA)
}

/// How many segments a circle of `r` pixels needs so that no chord lies more than `sagitta`
/// pixels inside it (at least 12, at most 1024).
#[must_use]
pub fn segments_within(r: f32, sagitta: f32) -> usize {
    if !r.is_finite() || sagitta.is_nan() || sagitta <= 0.0 || r <= sagitta {
        return 12;
    }
    // A chord of angle θ lies r·(1 − cos(θ/2)) inside the circle.
    let half = (1.0 - sagitta / r).acos();
    ((PI / half).ceil() as usize).clamp(12, 1024)
}

/// Triangles with per-vertex colour, ready for macroquad's batcher.
#[derive(Clone, Debug, Default)]
pub struct Mesh {
    pub vertices: Vec<Vertex>,
    pub indices: Vec<u16>,
}

/// `x > 0`, false for NaN: the guard that keeps degenerate shapes out of the mesh.
fn positive(x: f32) -> bool {
    x > 0.0
}

fn with_alpha(c: Color, a: f32) -> Color {
    Color::new(c.r, c.g, c.b, a)
}

impl Mesh {
    pub(super) fn vertex(&mut self, p: Vec2, c: Color) -> u16 {
        self.vertex_phase(p, c, 0.0)
    }

    /// A vertex with a dash phase (see [`Mesh::dashed_line`]).
    fn vertex_phase(&mut self, p: Vec2, c: Color, phase: f32) -> u16 {
        let i = self.vertices.len() as u16;
        let mut v = Vertex::new(p.x, p.y, 0.0, 0.0, 0.0, c);
        v.normal.x = phase;
        self.vertices.push(v);
        i
    }

    pub(super) fn quad(&mut self, a: u16, b: u16, c: u16, d: u16) {
        self.indices.extend_from_slice(&[a, b, c, a, c, d]);
    }

    /// A straight line of width `w` from `a` to `b`, feathered along both long sides. Lines thinner
    /// than a pixel are drawn one pixel wide with their alpha scaled down.
    pub fn line(&mut self, a: Vec2, b: Vec2, w: f32, c: Color) {
        self.line_cut(a, b, w, f32::INFINITY, c, c);
    }

    /// [`Mesh::line`] in two colours split lengthwise: the part of its width at offsets below `cut`
    /// along the normal `(−d.y, d.x)/|d|` (for `d = b − a`) in `below`, the rest in `above`. A line
    /// that lies across the border of two differently tinted backgrounds takes each one's colour up
    /// to the border.
    pub fn line_cut(&mut self, a: Vec2, b: Vec2, w: f32, cut: f32, below: Color, above: Color) {
        self.line_phased(a, b, w, cut, (below, above), [0.0; 2]);
    }

    /// A dashed line as one strip: [`Mesh::line`] whose vertices carry the dash phase, 0 at `a` and
    /// `|b − a| / (2·dash)` at `b`, so that the 2D canvas's material (`flat`) draws it where the
    /// phase's fraction is under a half: dashes `dash` pixels long from `a`, gaps as long, the last
    /// one cut at `b` — the pixels of a line per dash, in six triangles instead of six per dash.
    pub fn dashed_line(&mut self, a: Vec2, b: Vec2, w: f32, c: Color, dash: f32) {
        self.dashed_line_cut(a, b, w, f32::INFINITY, (c, c), dash, 0.0);
    }

    /// [`Mesh::dashed_line`] in two colours split lengthwise at `cut` ([`Mesh::line_cut`]), its
    /// phase starting at `start` half-periods: a piece of a longer dashed line keeps its dashes in
    /// step with the rest.
    #[allow(clippy::too_many_arguments)]
    pub fn dashed_line_cut(
        &mut self,
        a: Vec2,
        b: Vec2,
        w: f32,
        cut: f32,
        colours: (Color, Color),
        dash: f32,
        start: f32,
    ) {
        if positive(dash) {
            self.line_phased(a, b, w, cut, colours, [start, start + a.distance(b) / (2.0 * dash)]);
        }
    }

    fn line_phased(&mut self, a: Vec2, b: Vec2, w: f32, cut: f32, (below, above): (Color, Color), phase: [f32; 2]) {
        let d = b - a;
        let len = d.length();
        if !positive(len) || !positive(w) {
            return;
        }
        let n = vec2(-d.y, d.x) / len;
        let outer = reach(w);
        let inner = outer - FEATHER;
        // The profile across the line: (offset along n, share of the alpha), with the cut added.
        // A core narrower than a fifth of a pixel (lines up to 1.2 px; none at all up to 1 px) is
        // left out: the two feathers meet at the centre. The alpha at any point changes by less than
        // the core's half-width, and a long line is two strips to rasterise instead of three (a
        // software rasteriser pays for every row of every strip of a tall thin line).
        // At most five points (four, and the cut), in a fixed array: this runs for every line and
        // dash of every frame, and allocates nothing.
        let mut points = [(0.0f32, 0.0f32); 5];
        let mut len = 0;
        let core: &[(f32, f32)] = if inner < 0.1 { &[(0.0, 1.0)] } else { &[(-inner, 1.0), (inner, 1.0)] };
        for &p in std::iter::once(&(-outer, 0.0)).chain(core).chain(std::iter::once(&(outer, 0.0))) {
            points[len] = p;
            len += 1;
        }
        if cut > -outer && cut < outer && !points[..len].iter().any(|p| p.0 == cut) {
            let k = points[..len].iter().position(|p| p.0 > cut).unwrap_or(len - 1);
            let ((o0, f0), (o1, f1)) = (points[k - 1], points[k]);
            let t = if o1 > o0 { (cut - o0) / (o1 - o0) } else { 0.0 };
            points.copy_within(k..len, k + 1);
            points[k] = (cut, f0 + t * (f1 - f0));
            len += 1;
        }
        let profile = &points[..len];
        // The strip ending at a point lies below the cut unless the point is above it; the strip
        // starting at it, unless the point is at or above it. A point at the cut has a vertex in
        // each colour; any other point one, shared by both strips.
        let colour = |c: Color, f: f32| with_alpha(c, c.a * w.min(1.0) * f);
        let side = |m: &mut Mesh, end: Vec2, phase: f32| -> [[u16; 2]; 5] {
            let mut out = [[0; 2]; 5];
            for (slot, &(o, f)) in out.iter_mut().zip(profile) {
                let p = end + n * o;
                let ending = m.vertex_phase(p, colour(if o > cut { above } else { below }, f), phase);
                let starting = if o == cut { m.vertex_phase(p, colour(above, f), phase) } else { ending };
                *slot = [ending, starting];
            }
            out
        };
        let s = side(self, a, phase[0]);
        let e = side(self, b, phase[1]);
        for k in 0..profile.len() - 1 {
            self.quad(s[k][1], s[k + 1][0], e[k + 1][0], e[k][1]);
        }
    }

    /// Closed rings of matching points (each the same length), neighbours joined point for point
    /// by quads, each ring's vertices in its colour: a band between two outlines, or an antialiased
    /// line along one (rings at its feathers' and core's offsets, the outer ones transparent).
    pub fn rings(&mut self, rings: &[(&[Vec2], Color)]) {
        let n = rings.first().map_or(0, |r| r.0.len());
        if n < 2 || rings.iter().any(|r| r.0.len() != n) {
            return;
        }
        let first: Vec<u16> = rings
            .iter()
            .map(|(points, c)| {
                let start = self.vertices.len() as u16;
                for p in *points {
                    self.vertex(*p, *c);
                }
                start
            })
            .collect();
        for pair in first.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            for i in 0..n as u16 {
                let j = (i + 1) % n as u16;
                self.quad(a + i, a + j, b + j, b + i);
            }
        }
    }

    /// A polyline through `points` (open), each segment as [`Mesh::line`].
    pub fn polyline(&mut self, points: &[Vec2], w: f32, c: Color) {
        for pair in points.windows(2) {
            self.line(pair[0], pair[1], w, c);
        }
    }

    /// A filled disc with a feathered edge.
    pub fn disc(&mut self, centre: Vec2, r: f32, c: Color) {
        if !positive(r) {
            return;
        }
        let n = segments_for_radius(r);
        let inner = (r - 0.5 * FEATHER).max(0.0);
        let outer = r + 0.5 * FEATHER;
        let clear = with_alpha(c, 0.0);
        let mid = self.vertex(centre, c);
        let first = self.vertices.len() as u16;
        for i in 0..n {
            let t = i as f32 / n as f32 * TAU;
            let u = vec2(t.cos(), t.sin());
            self.vertex(centre + u * inner, c);
            self.vertex(centre + u * outer, clear);
        }
        for i in 0..n as u16 {
            let j = (i + 1) % n as u16;
            let (a, b) = (first + 2 * i, first + 2 * j);
            self.indices.extend_from_slice(&[mid, a, b]);
            self.quad(a, a + 1, b + 1, b);
        }
    }

    /// A circle outline of width `w` centred on radius `r`, feathered inside and out.
    pub fn rim(&mut self, centre: Vec2, r: f32, w: f32, c: Color) {
        if !positive(r) || !positive(w) {
            return;
        }
        let n = segments_for_radius(r + 0.5 * w);
        let alpha = c.a * w.min(1.0);
        let half = 0.5 * (w.max(1.0) - FEATHER).max(0.0);
        let radii = [(r - half - FEATHER).max(0.0), (r - half).max(0.0), r + half, r + half + FEATHER];
        let (solid, clear) = (with_alpha(c, alpha), with_alpha(c, 0.0));
        let first = self.vertices.len() as u16;
        for i in 0..n {
            let t = i as f32 / n as f32 * TAU;
            let u = vec2(t.cos(), t.sin());
            for (k, rad) in radii.iter().enumerate() {
                self.vertex(centre + u * *rad, if k == 0 || k == 3 { clear } else { solid });
            }
        }
        for i in 0..n as u16 {
            let j = (i + 1) % n as u16;
            let (a, b) = (first + 4 * i, first + 4 * j);
            for k in 0..3 {
                self.quad(a + k, a + k + 1, b + k + 1, b + k);
            }
        }
    }

    /// A filled triangle (no feather: used for small arrow heads and tints).
    pub fn triangle(&mut self, a: Vec2, b: Vec2, c: Vec2, color: Color) {
        let i = [self.vertex(a, color), self.vertex(b, color), self.vertex(c, color)];
        self.indices.extend_from_slice(&i);
    }

    /// The triangles in pieces that each fit one `geometry` call of fewer than `max_vertices`
    /// vertices and `max_indices` indices (macroquad clamps a larger call, dropping the rest):
    /// the whole mesh when it fits, else whole triangles in order, each piece with its own
    /// compact vertex list.
    #[must_use]
    pub fn pieces(&self, max_vertices: usize, max_indices: usize) -> Vec<(Vec<Vertex>, Vec<u16>)> {
        if self.vertices.len() < max_vertices && self.indices.len() < max_indices {
            return vec![(self.vertices.clone(), self.indices.clone())];
        }
        let mut out = Vec::new();
        let mut local = vec![u16::MAX; self.vertices.len()];
        let (mut vs, mut is): (Vec<Vertex>, Vec<u16>) = (Vec::new(), Vec::new());
        for tri in self.indices.chunks_exact(3) {
            if vs.len() + 3 >= max_vertices || is.len() + 3 >= max_indices {
                out.push((std::mem::take(&mut vs), std::mem::take(&mut is)));
                local.fill(u16::MAX);
            }
            for &i in tri {
                let slot = &mut local[i as usize];
                if *slot == u16::MAX {
                    *slot = vs.len() as u16;
                    vs.push(self.vertices[i as usize]);
                }
                is.push(*slot);
            }
        }
        if !is.is_empty() {
            out.push((vs, is));
        }
        out
    }

    /// The box holding every vertex (so every pixel a triangle covers), for [`super::damage`].
    fn bounds(&self) -> super::damage::Bounds {
        super::damage::Bounds::of_points(self.vertices.iter().map(|v| (v.position.x, v.position.y))).padded(1.0)
    }

    /// A hash of what the mesh draws: its vertices (place, colour, texture coordinates, dash phase)
    /// and triangles.
    fn content_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = super::damage::hasher();
        for v in &self.vertices {
            let (p, uv, n) = (v.position, v.uv, v.normal);
            super::damage::hash_floats(&mut h, &[p.x, p.y, p.z, uv.x, uv.y, n.x]);
            v.color.hash(&mut h);
        }
        self.indices.hash(&mut h);
        h.finish()
    }

    /// Hands the triangles to macroquad's batcher (white texture: batched with the other shapes),
    /// in [`Mesh::pieces`] that fit one draw call each, and empties the mesh.
    pub fn draw(&mut self) {
        let admitted = !self.indices.is_empty() && super::damage::admit(|| self.bounds(), || self.content_hash());
        if admitted {
            // Redrawing a region only: a large mesh (the distance field's bands) sends only the
            // triangles that reach into it.
            if let Some(region) = super::damage::clip_region() {
                if self.indices.len() > 3 * 64 {
                    self.keep_triangles_reaching(region);
                }
            }
        }
        if admitted && !self.indices.is_empty() {
            let gl = unsafe { get_internal_gl() }.quad_gl;
            gl.texture(None);
            gl.draw_mode(DrawMode::Triangles);
            if self.vertices.len() < MAX_VERTICES && self.indices.len() < MAX_INDICES {
                gl.geometry(&self.vertices, &self.indices);
            } else {
                for (v, i) in self.pieces(MAX_VERTICES, MAX_INDICES) {
                    gl.geometry(&v, &i);
                }
            }
        }
        self.vertices.clear();
        self.indices.clear();
    }

    /// Drops the triangles wholly outside `region` (their box, grown by a pixel, misses it).
    fn keep_triangles_reaching(&mut self, region: super::damage::Bounds) {
        let v = &self.vertices;
        let reaches = |t: &[u16]| {
            let corners = t.iter().map(|&i| (v[i as usize].position.x, v[i as usize].position.y));
            super::damage::Bounds::of_points(corners).padded(1.0).intersects(region)
        };
        let mut kept = Vec::with_capacity(self.indices.len());
        for t in self.indices.chunks_exact(3).filter(|t| reaches(t)) {
            kept.extend_from_slice(t);
        }
        self.indices = kept;
    }
}

/// macroquad's limits for one `geometry` call (its `Conf` defaults, which the app keeps).
const MAX_VERTICES: usize = 10_000;
const MAX_INDICES: usize = 5_000;

thread_local! {
    /// The scratch mesh of the one-shape helpers below: its buffers keep their capacity, so a
    /// frame's hundreds of lines and dashes allocate nothing.
    static SCRATCH: std::cell::RefCell<Mesh> = std::cell::RefCell::new(Mesh::default());
}

/// Draws one shape through the scratch mesh.
fn draw_one(build: impl FnOnce(&mut Mesh)) {
    SCRATCH.with(|m| {
        let mut m = m.borrow_mut();
        build(&mut m);
        m.draw();
    });
}

/// An antialiased line (replaces macroquad's `draw_line`).
pub fn line(x1: f32, y1: f32, x2: f32, y2: f32, w: f32, c: Color) {
    draw_one(|m| m.line(vec2(x1, y1), vec2(x2, y2), w, c));
}

/// An antialiased line in two colours split lengthwise ([`Mesh::line_cut`]).
pub fn line_cut(p: Vec2, q: Vec2, w: f32, cut: f32, below: Color, above: Color) {
    draw_one(|m| m.line_cut(p, q, w, cut, below, above));
}

/// A dashed antialiased line in one strip, in two colours split lengthwise, its phase starting at
/// `start` ([`Mesh::dashed_line_cut`]; only for the 2D canvas's material).
pub fn dashed_line_cut(p: Vec2, q: Vec2, w: f32, cut: f32, colours: (Color, Color), dash: f32, start: f32) {
    draw_one(|m| m.dashed_line_cut(p, q, w, cut, colours, dash, start));
}

/// An antialiased filled circle (replaces macroquad's 20-sided `draw_circle`).
pub fn disc(x: f32, y: f32, r: f32, c: Color) {
    draw_one(|m| m.disc(vec2(x, y), r, c));
}

/// An antialiased circle outline (replaces macroquad's 30-sided `draw_circle_lines`).
pub fn rim(x: f32, y: f32, r: f32, w: f32, c: Color) {
    draw_one(|m| m.rim(vec2(x, y), r, w, c));
}

#[cfg(test)]
#[path = "aa_tests.rs"]
mod tests;
