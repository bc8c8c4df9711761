//! The 3D view: the sphere against the box with macroquad's 3D camera, in one orbit view or four
//! (orbit, top, front, side). Draws only: the cameras come from [`crate::app::three::ViewCamera`],
//! every answer from [`Analysis3`].
//!
//! Per view, back to front: a floor grid under the box; the box's faces shaded by their normal
//! (translucent in x-ray) and its edges; the region the centre is in as a tinted block beside the
//! box; the slice plane's agreement map; the grown box (rounded: lit, translucent; square: red
//! translucent with its edges); the ghost sphere where the push-out puts it (wires); the sphere in
//! the verdict's colour, shaded. Then, over all of it in screen space (so they show through the box
//! and the sphere): the centre, the closest point, the line between them and the push-out arrow, and
//! the labels, the status lines, the warning banner and the legend.
//!
//! A turned box: the box, its region, the slice and the grown boxes are drawn in the box's frame
//! ([`BoxFrame`]) and turned into the world point by point; the floor, the sphere, the sweep and the
//! annotations are the world's. The orbit view has a ring round the box (its turn handle), shown
//! while the box is turned, the pointer is near it, or it is being dragged.

use super::label::{label, text};
use super::strokes::{arrow, dashed_line};
use super::style::{to_color, Sizes};
use super::three_status::{draw_legend, draw_status, ROUNDED};
use crate::app::palette::{self, Rgba};
use crate::app::three::{
    layout, region_sides, slice_image, turn_ring, Analysis3, BoxFrame, Drag3, SliceImage, SlicePicture, Sweep3,
    ViewCamera, ViewKind,
};
use crate::app::{ScreenRect, State};
use crate::format::number;
use macroquad::prelude::*;

/// Where the light comes from (towards the light), in world space: above, front right.
const LIGHT: Vec3 = Vec3::new(0.45, -0.55, 0.70);

/// The slice image on the GPU, recomputed when its inputs change.
#[derive(Default)]
pub struct ThreeLayer {
    key: Option<SliceKey>,
    slice: Option<SliceImage>,
    tex: super::overlay::ImageTexture,
    /// The texture holds `slice`'s picture.
    uploaded: bool,
}

type SliceKey = (crate::app::three::ThreeOptions, usize, bool, crate::geom::algo::arvo::ArvoMode);

impl ThreeLayer {
    /// Recomputes the slice picture if the scene, the algorithm or the teaching options changed.
    pub fn sync(&mut self, state: &State) {
        let mut o = state.three.options;
        o.camera = None;
        o.four = false;
        o.xray = false;
        o.grown = crate::app::three::Grown::Off;
        let key = (o, state.algorithm, state.teach.as_published, state.teach.arvo);
        if self.key == Some(key) {
            return;
        }
        self.key = Some(key);
        self.slice = slice_image(&o, state.algorithm, state.teach.as_published, state.teach.arvo, 40_000);
        self.uploaded = self.slice.as_ref().is_some_and(|s| {
            // The distance field's iso-lines are smooth when sampled linearly (as the 2D overlay's);
            // the agreement map's and the zones' cells are meant to be seen.
            let filter = if s.picture == SlicePicture::Distance { FilterMode::Linear } else { FilterMode::Nearest };
            self.tex.upload(s.spec.cols, s.spec.rows, &s.rgba, filter).is_some()
        });
    }
}

fn v3(a: [f32; 3]) -> Vec3 {
    Vec3::from(a)
}

/// A colour scaled by a light factor (alpha kept).
fn shade(c: Rgba, k: f32, a: u8) -> Color {
    let f = |x: u8| ((x as f32) * k).clamp(0.0, 255.0) as u8;
    Color::from_rgba(f(c[0]), f(c[1]), f(c[2]), a)
}

fn light(n: Vec3) -> f32 {
    0.42 + 0.58 * n.dot(LIGHT.normalize()).max(0.0)
}

/// The macroquad camera of one view, drawing into `rect` (logical pixels) of the window.
fn camera3d(cam: &ViewCamera, rect: ScreenRect) -> Camera3D {
    let dpi = screen_dpi_scale();
    let sh = screen_height();
    let viewport = (
        (rect.x * dpi).round() as i32,
        ((sh - rect.y - rect.h) * dpi).round() as i32,
        (rect.w * dpi).round() as i32,
        (rect.h * dpi).round() as i32,
    );
    Camera3D {
        position: cam.eye,
        target: cam.target,
        up: cam.up,
        fovy: cam.ortho_height.unwrap_or(crate::app::three::FOV_DEG.to_radians()),
        aspect: Some(rect.w / rect.h.max(1.0)),
        projection: if cam.ortho_height.is_some() { Projection::Orthographics } else { Projection::Perspective },
        viewport: Some(viewport),
        ..Default::default()
    }
}

/// Is a surface with this normal at this point facing the camera?
fn facing(cam: &ViewCamera, p: Vec3, n: Vec3) -> bool {
    let to_eye = if cam.ortho_height.is_some() {
        (cam.eye - cam.target).normalize_or_zero()
    } else {
        (cam.eye - p).normalize_or_zero()
    };
    n.dot(to_eye) > 0.0
}

/// A triangle mesh from a grid of points and normals (`rows × cols`, row-major), only the
/// triangles facing the camera (no back faces: translucent surfaces blend once), lit by [`LIGHT`].
fn draw_grid_mesh(cam: &ViewCamera, rows: usize, cols: usize, pts: &[Vec3], normals: &[Vec3], c: Rgba, alpha: u8) {
    let mut vertices = Vec::new();
    let mut indices: Vec<u16> = Vec::new();
    let flush = |vertices: &mut Vec<Vertex>, indices: &mut Vec<u16>| {
        if !indices.is_empty() {
            draw_mesh(&Mesh { vertices: std::mem::take(vertices), indices: std::mem::take(indices), texture: None });
        }
    };
    for i in 0..rows - 1 {
        for j in 0..cols - 1 {
            let ids = [i * cols + j, i * cols + j + 1, (i + 1) * cols + j + 1, (i + 1) * cols + j];
            let centre = ids.iter().map(|&k| pts[k]).sum::<Vec3>() / 4.0;
            let n = ids.iter().map(|&k| normals[k]).sum::<Vec3>().normalize_or_zero();
            if !facing(cam, centre, n) {
                continue;
            }
            if vertices.len() + 4 > u16::MAX as usize {
                flush(&mut vertices, &mut indices);
            }
            let base = vertices.len() as u16;
            for &k in &ids {
                vertices.push(Vertex::new2(pts[k], Vec2::ZERO, shade(c, light(normals[k]), alpha)));
            }
            indices.extend_from_slice(&[base, base + 1, base + 2, base, base + 2, base + 3]);
        }
    }
    flush(&mut vertices, &mut indices);
}

/// The box `lo..hi` grown by `r` with rounded edges and corners (the Minkowski sum with a ball), as
/// a grid of points and normals: a sphere's directions with each sign change doubled, every point
/// at `corner(sign(n)) + r n`, so the doubled rows and columns become the flat side faces and the
/// edge cylinders. The top and bottom faces (where the poles sit) are drawn apart.
fn rounded_box(lo: Vec3, hi: Vec3, r: f32, k: usize) -> (usize, usize, Vec<Vec3>, Vec<Vec3>) {
    use std::f32::consts::{FRAC_PI_2, PI};
    // Longitude in four quadrants, latitude in two halves, each sampled end to end.
    let mut lon: Vec<(f32, usize)> = (0..4)
        .flat_map(|q| (0..=k).map(move |s| (q as f32 * FRAC_PI_2 + FRAC_PI_2 * s as f32 / k as f32, q)))
        .collect();
    // Close the ring: the strip from the last quadrant back to the first is the +x face.
    lon.push((0.0, 0));
    let lat: Vec<(f32, bool)> = (0..2)
        .flat_map(|h| (0..=k).map(move |s| (-FRAC_PI_2 + PI * 0.5 * (h as f32 + s as f32 / k as f32), h == 1)))
        .collect();
    let (mut pts, mut normals) = (Vec::new(), Vec::new());
    for &(th, top) in &lat {
        for &(ph, q) in &lon {
            let n = Vec3::new(th.cos() * ph.cos(), th.cos() * ph.sin(), th.sin());
            let (px, py) = (matches!(q, 0 | 3), matches!(q, 0 | 1));
            let corner =
                Vec3::new(if px { hi.x } else { lo.x }, if py { hi.y } else { lo.y }, if top { hi.z } else { lo.z });
            pts.push(corner + r * n);
            normals.push(n);
        }
    }
    (lat.len(), lon.len(), pts, normals)
}

/// A lit sphere.
fn draw_lit_sphere(cam: &ViewCamera, centre: Vec3, r: f32, c: Rgba, alpha: u8) {
    let (rows, cols, pts, normals) = rounded_box(centre, centre, r, 10);
    draw_grid_mesh(cam, rows, cols, &pts, &normals, c, alpha);
}

/// The verdict's second cue on the sphere, as the 2D circle's outline: nothing when separated,
/// three great circles when touching, a dark wire cage (a hatch) when overlapping.
fn draw_sphere_cue(centre: Vec3, r: f32, cue: palette::Cue) {
    match cue {
        palette::Cue::Solid => {}
        palette::Cue::Double => {
            let colour = to_color(palette::TEXT);
            let n = 48;
            for axis in 0..3 {
                let (a, b) = ((axis + 1) % 3, (axis + 2) % 3);
                let at = |i: usize| {
                    let t = i as f32 / n as f32 * std::f32::consts::TAU;
                    let mut p = centre;
                    p[a] += 1.01 * r * t.cos();
                    p[b] += 1.01 * r * t.sin();
                    p
                };
                for i in 0..n {
                    draw_line_3d(at(i), at(i + 1), colour);
                }
            }
        }
        palette::Cue::Dashed => {
            draw_sphere_wires(centre, 1.01 * r, None, to_color(palette::alpha(palette::BACKGROUND, 170)))
        }
    }
}

/// The six faces of a box given in the box's frame `f`, each shaded by its normal; only the faces
/// facing the camera.
fn draw_box_faces(cam: &ViewCamera, f: &BoxFrame, lo: Vec3, hi: Vec3, c: Rgba, alpha: u8) {
    let d = hi - lo;
    for axis in 0..3 {
        for upper in [false, true] {
            let mut n = Vec3::ZERO;
            n[axis] = if upper { 1.0 } else { -1.0 };
            let mut offset = lo;
            if upper {
                offset[axis] = hi[axis];
            }
            let (a, b) = ((axis + 1) % 3, (axis + 2) % 3);
            let (mut e1, mut e2) = (Vec3::ZERO, Vec3::ZERO);
            e1[a] = d[a];
            e2[b] = d[b];
            let (offset, e1, e2, n) = (f.point(offset), f.dir(e1), f.dir(e2), f.dir(n));
            if !facing(cam, offset + 0.5 * (e1 + e2), n) {
                continue;
            }
            draw_affine_parallelogram(offset, e1, e2, None, shade(c, light(n), alpha));
        }
    }
}

/// The twelve edges of a box given in the box's frame `f`.
fn draw_box_edges(f: &BoxFrame, lo: Vec3, hi: Vec3, c: Color) {
    if !f.turned() {
        draw_cube_wires(0.5 * (lo + hi), hi - lo, c);
        return;
    }
    let corner = |k: usize| {
        let pick = |bit: usize, i: usize| if k & bit != 0 { hi[i] } else { lo[i] };
        f.point(Vec3::new(pick(1, 0), pick(2, 1), pick(4, 2)))
    };
    for k in 0..8 {
        for bit in [1, 2, 4] {
            if k & bit == 0 {
                draw_line_3d(corner(k), corner(k | bit), c);
            }
        }
    }
}

/// A translucent block given in the box's frame `f`: every face, flat (as `draw_cube`), and its edges.
fn draw_block(f: &BoxFrame, lo: Vec3, hi: Vec3, fill: Color, edges: Color) {
    if !f.turned() {
        draw_cube(0.5 * (lo + hi), hi - lo, None, fill);
        draw_cube_wires(0.5 * (lo + hi), hi - lo, edges);
        return;
    }
    let d = hi - lo;
    for axis in 0..3 {
        let (a, b) = ((axis + 1) % 3, (axis + 2) % 3);
        let (mut e1, mut e2) = (Vec3::ZERO, Vec3::ZERO);
        e1[a] = d[a];
        e2[b] = d[b];
        for at in [lo[axis], hi[axis]] {
            let mut offset = lo;
            offset[axis] = at;
            draw_affine_parallelogram(f.point(offset), f.dir(e1), f.dir(e2), None, fill);
        }
    }
    draw_box_edges(f, lo, hi, edges);
}

/// The region the centre is in, as a block beside the box reaching `reach` out of it (nothing when
/// the centre is inside).
fn region_block(zone: u32, lo: Vec3, hi: Vec3, reach: f32) -> Option<(Vec3, Vec3)> {
    if zone == 13 {
        return None;
    }
    let (mut a, mut b) = (lo, hi);
    for (i, side) in region_sides(zone).into_iter().enumerate() {
        match side {
            0 => (a[i], b[i]) = (lo[i] - reach, lo[i]),
            2 => (a[i], b[i]) = (hi[i], hi[i] + reach),
            _ => {}
        }
    }
    Some((a, b))
}

/// The floor: grid lines on the plane just under the scene.
fn draw_floor(lo: Vec3, hi: Vec3) {
    let step = crate::format::nice_step((hi.x - lo.x).max(hi.y - lo.y) / 8.0);
    let z = lo.z;
    let (x0, x1) = ((lo.x / step).floor() * step, (hi.x / step).ceil() * step);
    let (y0, y1) = ((lo.y / step).floor() * step, (hi.y / step).ceil() * step);
    let c = to_color(palette::GRID);
    let mut x = x0;
    while x <= x1 + 1e-3 {
        draw_line_3d(Vec3::new(x, y0, z), Vec3::new(x, y1, z), c);
        x += step;
    }
    let mut y = y0;
    while y <= y1 + 1e-3 {
        draw_line_3d(Vec3::new(x0, y, z), Vec3::new(x1, y, z), c);
        y += step;
    }
}

/// One view's 3D pass (camera set by the caller).
fn draw_world(state: &State, a: &Analysis3, cam: &ViewCamera, layer: &ThreeLayer) {
    let o = &state.three.options;
    // The box's frame: the box, its region, the slice and the grown boxes are drawn in it.
    let f = BoxFrame::of(o);
    let (lo, hi) = (v3(f.local_box.min()), v3(f.local_box.max()));
    let (c, r) = (v3(o.sphere.center()), o.sphere.radius());
    let cl = v3(f.local_sphere.center());
    let (blo, bhi) = crate::app::three::bounds(&o.sphere, &o.aabb, o.velocity, o.oriented().as_ref());
    let pad = 0.15 * (v3(bhi) - v3(blo)).length();
    draw_floor(v3(blo) - Vec3::splat(pad), v3(bhi) + Vec3::splat(pad));

    // The box, solid (in x-ray it is drawn last, translucent, so what is inside shows).
    if !o.xray {
        draw_box_faces(cam, &f, lo, hi, palette::BOX_EDGE, 255);
    }
    draw_box_edges(&f, lo, hi, to_color(palette::TEXT));

    // The ghost sphere where the push-out puts it.
    let push = v3(a.response.push);
    if push.length() > 0.0 {
        draw_sphere_wires(c + push, r, None, to_color(palette::alpha(palette::PUSH, 90)));
    }

    if let Some(w) = &a.sweep {
        draw_swept(w, r);
    }

    // The slice plane and its picture.
    if let (Some(s), Some(tex), true) = (&layer.slice, layer.tex.get(), layer.uploaded) {
        let [u, v] = s.plane_axes;
        let mut origin = Vec3::ZERO;
        origin[s.axis] = s.at;
        origin[u] = s.spec.x0;
        origin[v] = s.spec.y0 + s.spec.rows as f32 * s.spec.step;
        let (mut e1, mut e2) = (Vec3::ZERO, Vec3::ZERO);
        e1[u] = s.spec.cols as f32 * s.spec.step;
        e2[v] = -(s.spec.rows as f32) * s.spec.step;
        let (origin, e1, e2) = (f.point(origin), f.dir(e1), f.dir(e2));
        draw_affine_parallelogram(origin, e1, e2, None, to_color(palette::alpha(palette::GRID, 120)));
        draw_affine_parallelogram(origin, e1, e2, Some(tex), WHITE);
        // The box's cut and the sphere's circle in the plane.
        let mut corners = [Vec3::ZERO; 4];
        for (k, (cu, cv)) in [(lo[u], lo[v]), (hi[u], lo[v]), (hi[u], hi[v]), (lo[u], hi[v])].into_iter().enumerate() {
            corners[k][s.axis] = s.at;
            corners[k][u] = cu;
            corners[k][v] = cv;
        }
        for k in 0..4 {
            draw_line_3d(f.point(corners[k]), f.point(corners[(k + 1) % 4]), to_color(palette::ZONE_LINE));
        }
        let n = 64;
        let ring = |t: f32| {
            let mut p = cl;
            p[u] += r * t.cos();
            p[v] += r * t.sin();
            f.point(p)
        };
        for k in 0..n {
            let t = std::f32::consts::TAU / n as f32;
            draw_line_3d(ring(t * k as f32), ring(t * (k + 1) as f32), to_color(palette::TEXT));
        }
    }

    // The region the centre is in.
    if let Some((ra, rb)) = region_block(a.contact.zone, lo, hi, r.max(0.05 * (hi - lo).max_element())) {
        let fill = to_color(palette::alpha(palette::ZONE_HIGHLIGHT_TEXT, 46));
        draw_block(&f, ra, rb, fill, to_color(palette::alpha(palette::ZONE_HIGHLIGHT_TEXT, 200)));
    }

    // The grown box: rounded (the true overlap region of the centre) and square (a face-plane test's).
    if o.grown.rounded() {
        let (rows, cols, mut pts, mut normals) = rounded_box(lo, hi, r, 8);
        if f.turned() {
            pts.iter_mut().for_each(|p| *p = f.point(*p));
            normals.iter_mut().for_each(|n| *n = f.dir(*n));
        }
        let alpha = if o.grown.square() { 170 } else { 90 };
        draw_grid_mesh(cam, rows, cols, &pts, &normals, ROUNDED, alpha);
        for (zc, nz) in [(lo.z - r, -1.0), (hi.z + r, 1.0)] {
            let n = f.dir(Vec3::new(0.0, 0.0, nz));
            let offset = f.point(Vec3::new(lo.x, lo.y, zc));
            if facing(cam, offset, n) {
                let (e1, e2) = (f.dir(Vec3::new(hi.x - lo.x, 0.0, 0.0)), f.dir(Vec3::new(0.0, hi.y - lo.y, 0.0)));
                draw_affine_parallelogram(offset, e1, e2, None, shade(ROUNDED, light(n), alpha));
            }
        }
    }
    // Drawn after the rounded one (whose flat faces it would hide), a hair larger so the shared
    // faces do not fight in the depth buffer: its corners and edges stick out as red wedges.
    if o.grown.square() {
        let g = Vec3::splat(r * 1.004 + 1e-4);
        draw_box_faces(cam, &f, lo - g, hi + g, palette::WARNING, 55);
        draw_box_edges(&f, lo - g, hi + g, to_color(palette::alpha(palette::WARNING, 230)));
    }
    // The sphere, in the colour of the selected algorithm's verdict, drawn after the grown boxes and
    // the region block and translucent while they are shown: its centre sits in one of their
    // wedges, which an opaque sphere drawn first would hide (the depth buffer rejects what is
    // behind it).
    let shown = palette::shown_state(a.verdict, a.contact.state);
    let sphere_alpha = if o.xray || o.grown.square() || o.grown.rounded() { 110 } else { 205 };
    draw_lit_sphere(cam, c, r, palette::state(shown), sphere_alpha);
    draw_sphere_cue(c, r, palette::cue(shown));
    if o.xray {
        draw_box_faces(cam, &f, lo, hi, palette::BOX_EDGE, 80);
    }
}

/// The swept capsule (wire rings at both ends joined by lines along the velocity), the sphere at the
/// end of the move, and the ghost at impact.
fn draw_swept(w: &Sweep3, r: f32) {
    let (c, v) = (v3(w.start), v3(w.velocity));
    let swept = to_color(palette::alpha(palette::SWEPT, 110));
    if v.length() > 0.0 && r > 0.0 {
        let d = v.normalize();
        let e1 = d.any_orthonormal_vector();
        let e2 = d.cross(e1);
        let n = 24;
        let ring = |k: usize| {
            let t = std::f32::consts::TAU * k as f32 / n as f32;
            r * (t.cos() * e1 + t.sin() * e2)
        };
        for k in 0..n {
            let (a, b) = (ring(k), ring(k + 1));
            draw_line_3d(c + a, c + b, swept);
            draw_line_3d(c + v + a, c + v + b, swept);
            if k % 3 == 0 {
                draw_line_3d(c + a, c + v + a, swept);
            }
        }
    } else if v.length() > 0.0 {
        draw_line_3d(c, c + v, swept);
    }
    draw_sphere_wires(c + v, r, None, swept);
    if let Some(h) = &w.hit {
        draw_sphere_wires(v3(h.center), r, None, to_color(palette::alpha(palette::IMPACT, 170)));
    }
}

/// Screen-space annotations of the sweep: the velocity arrow, the impact point and its normal.
fn draw_sweep_annotations(w: &Sweep3, r: f32, p: &dyn Fn(Vec3) -> Option<Vec2>, sizes: Sizes, labels: bool) {
    let (c, v) = (v3(w.start), v3(w.velocity));
    let lw = sizes.line(2.0);
    if let (Some(pc), Some(pe)) = (p(c), p(c + v)) {
        arrow(pc, pe, lw, to_color(palette::VELOCITY), 12.0 * sizes.scale);
        if labels {
            let end = if w.end_overlap { "c + v: overlap" } else { "c + v: no overlap" };
            label(end, pe.x, pe.y + 18.0 * sizes.scale, sizes.font(13.0), to_color(palette::VELOCITY), true);
        }
    }
    if let Some(h) = &w.hit {
        let (q, n) = (v3(h.point), v3(h.normal));
        let len = if r > 0.0 { r } else { 0.1 * v.length().max(1.0) };
        if let (Some(pq), Some(pn)) = (p(q), p(q + n * len)) {
            arrow(pq, pn, lw, to_color(palette::IMPACT), 10.0 * sizes.scale);
            draw_circle(pq.x, pq.y, 5.0 * sizes.scale, to_color(palette::IMPACT));
            draw_circle_lines(pq.x, pq.y, 5.0 * sizes.scale, 1.5, to_color(palette::BACKGROUND));
        }
        if let (true, Some(ph)) = (labels, p(v3(h.center))) {
            let t = format!("impact t = {} ({})", number(h.t), h.feature.as_str());
            label(&t, ph.x, ph.y - 20.0 * sizes.scale, sizes.font(13.0), to_color(palette::IMPACT), true);
        }
    }
}

/// Screen-space annotations of one view: centre, closest point, the line between, the push arrow.
fn draw_annotations(state: &State, a: &Analysis3, cam: &ViewCamera, rect: ScreenRect, sizes: Sizes, labels: bool) {
    let o = &state.three.options;
    let p = |w: Vec3| cam.project(w, rect);
    let c = v3(o.sphere.center());
    let s = v3(a.contact.closest);
    let push = v3(a.response.push);
    let w = sizes.line(2.5);
    if let (Some(pc), Some(ps)) = (p(c), p(s)) {
        if (c - s).length() > 0.0 {
            dashed_line(pc, ps, w * 0.8, to_color(palette::CLOSEST), 8.0 * sizes.scale);
        }
        if push.length() > 0.0 {
            if let Some(pe) = p(c + push) {
                arrow(pc, pe, w, to_color(palette::PUSH), 12.0 * sizes.scale);
                if labels {
                    label(
                        &format!("push {}", number(push.length())),
                        pe.x + 34.0 * sizes.scale,
                        pe.y - 14.0 * sizes.scale,
                        sizes.font(14.0),
                        to_color(palette::PUSH),
                        true,
                    );
                }
            }
        }
        draw_circle(ps.x, ps.y, 5.5 * sizes.scale, to_color(palette::CLOSEST));
        draw_circle_lines(ps.x, ps.y, 5.5 * sizes.scale, 1.5, to_color(palette::BACKGROUND));
        // The centre, on top of everything (it is inside the sphere): a dot with a dark rim.
        draw_circle(pc.x, pc.y, 5.0 * sizes.scale, to_color(palette::TEXT));
        draw_circle_lines(pc.x, pc.y, 5.0 * sizes.scale, 1.5, to_color(palette::BACKGROUND));
        if labels {
            label("closest point", ps.x, ps.y + 18.0 * sizes.scale, sizes.font(13.0), to_color(palette::CLOSEST), true);
        }
    }
    if let Some(w) = &a.sweep {
        draw_sweep_annotations(w, o.sphere.radius(), &p, sizes, labels);
    }
    if o.grown.square() && labels {
        // The square grown box's corner beside the centre: where the false-positive wedge is (in the
        // box's frame).
        let f = BoxFrame::of(o);
        let (lo, hi, r, c) =
            (v3(f.local_box.min()), v3(f.local_box.max()), o.sphere.radius(), v3(f.local_sphere.center()));
        let corner = Vec3::new(
            if c.x >= 0.5 * (lo.x + hi.x) { hi.x + r } else { lo.x - r },
            if c.y >= 0.5 * (lo.y + hi.y) { hi.y + r } else { lo.y - r },
            if c.z >= 0.5 * (lo.z + hi.z) { hi.z + r } else { lo.z - r },
        );
        if let Some(pk) = p(f.point(corner)) {
            label(
                "square corner: planes says yes",
                pk.x,
                pk.y - 12.0 * sizes.scale,
                sizes.font(12.0),
                to_color(palette::WARNING),
                true,
            );
        }
    }
}

/// The turn ring round the box (orbit view): shown while the box is turned, the pointer is near the
/// box, or the ring is dragged; brighter under the pointer or while dragged. The knob marks where
/// the box's own x axis points.
fn draw_turn_ring(state: &State, sizes: Sizes) {
    let t = &state.three;
    let dragging = matches!(t.drag, Some(Drag3::Turn { .. }));
    let turned = t.options.oriented().is_some();
    if !(turned || t.near_ring || dragging) {
        return;
    }
    let Some(ring) = turn_ring(t, state.canvas) else { return };
    let hot = dragging || t.on_ring;
    let colour = to_color(palette::alpha(
        if hot { palette::HOVER } else { palette::ZONE_HIGHLIGHT_TEXT },
        if hot { 230 } else { 120 },
    ));
    let w = sizes.line(if hot { 2.5 } else { 1.5 });
    draw_poly_lines(ring.centre.x, ring.centre.y, 96, ring.radius, 0.0, w, colour);
    draw_circle(ring.knob.x, ring.knob.y, 7.0 * sizes.scale, colour);
    draw_circle_lines(ring.knob.x, ring.knob.y, 7.0 * sizes.scale, 1.5, to_color(palette::BACKGROUND));
}

/// Draws the 3D canvas: every view, its annotations, then the status, banner and legend.
pub fn draw_three(state: &State, a: &Analysis3, layer: &ThreeLayer) {
    let canvas = state.canvas;
    let sizes = Sizes::for_state(state);
    let views: Vec<_> = layout(canvas, state.three.options.four)
        .into_iter()
        .map(|(kind, rect)| (kind, rect, ViewCamera::of(kind, &state.three)))
        .collect();
    // No background rectangle: the frame loop clears the window to the background colour, and a
    // canvas-sized quad would be a full layer of blended fill (docs/performance.md, "Render cost").
    for (_, rect, cam) in &views {
        set_camera(&camera3d(cam, *rect));
        draw_world(state, a, cam, layer);
    }
    set_default_camera();
    super::typeset::begin_labels(&[]);
    for (kind, rect, cam) in &views {
        let view_sizes = if views.len() > 1 { Sizes { scale: sizes.scale * 0.8, ..sizes } } else { sizes };
        draw_annotations(state, a, cam, *rect, view_sizes, *kind == ViewKind::Orbit);
        if *kind == ViewKind::Orbit {
            draw_turn_ring(state, view_sizes);
        }
        if views.len() > 1 {
            draw_rectangle_lines(rect.x, rect.y, rect.w, rect.h, 1.0, to_color(palette::AXIS));
            let fs = view_sizes.font(13.0);
            let m = super::typeset::measure(kind.label(), fs);
            text(
                kind.label(),
                rect.x + rect.w - m.width - 8.0,
                rect.y + rect.h - 8.0,
                fs,
                to_color(palette::TICK_TEXT),
            );
        }
    }
    // The annotations' text first: the status line's banner goes over it.
    super::typeset::flush();
    draw_status(state, a, sizes, &layer.slice);
    draw_legend(state, sizes);
    super::typeset::flush();
    super::overlay::draw_mode_caption(state, sizes);
    super::typeset::flush();
    super::embed::draw_toolbar(state);
}
