//! The distance field as geometry: its bands and iso-lines around the box.

use crate::app::overlay::nice_spacing;
use crate::app::palette::Rgba;
use crate::app::teach::Overlay;
use crate::app::State;
use crate::geom::contact::signed_distance_f64;
use crate::render::aa;
use crate::render::style::{to_color, Sizes};
use crate::teach::field::{band_layers, band_rgba, level_outline, LINE_INSIDE, LINE_OUTSIDE, RADIUS_LINE, ZERO_LINE};
use macroquad::prelude::*;

/// The distance field as geometry, exact at any zoom: the bands between iso-lines as strips between
/// the box's level outlines ([`level_outline`]: rounded outside, square inside), then antialiased
/// lines along the iso-lines, the circle's distance `r` and the box outline — the colours of
/// [`crate::teach::field`]. Geometry rather than a texture sampled over the whole canvas: a texture is
/// stair-stepped where its cells are coarse and, on a software rasteriser, costly to sample.
///
/// The lighter bands are not drawn: the canvas's background and zone colours already hold them
/// ([`field_base`], laid by the backdrop), and only the stronger bands are drawn, over them, in the
/// layer that makes their colour ([`band_layers`]) — half the fill of drawing every band.
pub fn draw_distance_field(state: &State, sizes: Sizes) {
    let Some(f) = FieldView::of(state) else {
        return;
    };
    let (v, aabb, scale) = (state.view, &state.aabb, f.scale);
    // Segments per corner arc for an outline at distance d: the circles' rule for a radius of d px.
    // A band's edges lie under the iso-lines, so they may be coarser (half a pixel off the arc).
    let arcs = |d: f32| (aa::segments_for_radius(d.max(0.0) * scale) / 4).max(1);
    let band_arcs = |d: f32| (aa::segments_within(d.max(0.0) * scale, 0.5) / 4).max(1);
    // Outlines of the box's distance: in its frame, turned with it when it is turned.
    let frame = state.box_frame();
    let turn = |p: [f32; 2]| frame.map_or(p, |f| f.turn(p));
    let screen =
        |d: f32, m: usize| -> Vec<Vec2> { level_outline(aabb, d, m).iter().map(|p| v.to_screen(turn(*p))).collect() };
    let mut mesh = aa::Mesh::default();
    if let Some(bands) = &f.bands {
        draw_bands_and_iso_lines(&mut mesh, bands, sizes.line(1.5), &screen, &arcs, &band_arcs);
    }
    let bold = sizes.line(3.0);
    stroke(&mut mesh, state.circle.radius(), bold, to_color(RADIUS_LINE), &screen, &arcs, scale);
    stroke(&mut mesh, 0.0, bold, to_color(ZERO_LINE), &screen, &arcs, scale);
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
/// take under everything else when the distance field's bands are drawn (`draw_distance_field`
/// draws only the stronger ones over them); `None` when they are not.
#[must_use]
pub fn field_base(state: &State) -> Option<[Rgba; 2]> {
    // The bands are laid zone by zone in the world's axes: not under a turned box.
    if state.box_frame().is_some() {
        return None;
    }
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
            zipper(mesh, &inner_pts, inner.1, &outer_pts, outer.1, to_color(extra));
        }
        (inner, inner_pts) = (outer, outer_pts);
        flush_if_large(mesh);
    }
    for k in k_lo..=k_hi {
        let d = k as f32 * spacing;
        if k != 0 && d > d_min {
            stroke(mesh, d, thin, to_color(if d > 0.0 { LINE_OUTSIDE } else { LINE_INSIDE }), screen, arcs, scale);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Rect;

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
