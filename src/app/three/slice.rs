//! The slice plane's picture: the agreement map, the distance field or the zones, in the plane
//! through the sphere's centre. A turned box is sliced in its own frame ([`BoxFrame`]): the plane is
//! perpendicular to the box's axis, and the picture is the aligned one of the scene the box sees.

use super::analysis::tested3;
use super::frame::BoxFrame;
use super::options::{SlicePicture, ThreeOptions, IDENTITY};
use super::regions::region_kind;
use crate::app::teach::nice_spacing;
use crate::geom::algo::arvo::ArvoMode;
use crate::geom::{contact::contact, Sphere};

/// The slice plane's picture, in the plane through the centre perpendicular to `axis`: the
/// agreement map of the selected 3D test (the same map as the 2D overlay, computed by the same
/// [`agreement_map`](crate::teach::agreement::agreement_map), each cell a sphere centred there), the
/// distance field (the 2D overlay's colours, [`field_image`](crate::teach::field::field_image), of the
/// 3D signed distance) or the zones (the 27 regions, [`zone_tint`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SliceImage {
    /// The axis the plane is perpendicular to, and where it cuts it (the centre's coordinate).
    pub axis: usize,
    pub at: f32,
    /// The plane's two axes, in order: the grid's x and y.
    pub plane_axes: [usize; 2],
    /// What it shows.
    pub picture: SlicePicture,
    pub spec: crate::teach::GridSpec,
    /// RGBA, top row first (ready to upload).
    pub rgba: Vec<u8>,
    /// Cells per class, indexed like [`Class::ALL`](crate::teach::agreement::Class::ALL) (the
    /// agreement map; all zero for the other pictures).
    pub counts: [usize; 5],
}

/// A zone's tint in the slice's zones picture: inside orange, faces blue, edges teal, corners
/// violet; the centre's own region (`current`) in the 3D view's region yellow, stronger.
#[must_use]
pub fn zone_tint(zone: u32, current: u32) -> [u8; 4] {
    if zone == current {
        return [250, 210, 70, 150];
    }
    match region_kind(zone) {
        "inside" => [230, 140, 60, 95],
        "face" => [70, 130, 220, 80],
        "edge" => [60, 180, 170, 80],
        _ => [160, 100, 220, 80],
    }
}

/// The two axes of the plane perpendicular to `axis`.
#[must_use]
pub fn plane_axes(axis: usize) -> [usize; 2] {
    match axis {
        0 => [1, 2],
        1 => [0, 2],
        _ => [0, 1],
    }
}

/// The slice picture for the scene, when a slice is on: at most `max_cells` cells. In the box's frame:
/// `axis`, `at` and the grid are the box's own coordinates (the world's for an aligned box).
#[must_use]
pub fn slice_image(
    t: &ThreeOptions,
    algorithm: usize,
    as_published: bool,
    arvo: ArvoMode,
    max_cells: usize,
) -> Option<SliceImage> {
    use crate::geom::{Circle, Rect};
    use crate::teach::agreement::{agreement_map, Reference};
    let axis = t.slice?.min(2);
    let frame = BoxFrame::of(t);
    let local = ThreeOptions { sphere: frame.local_sphere, aabb: frame.local_box, rotation: IDENTITY, ..*t };
    let t = &local;
    let [u, v] = plane_axes(axis);
    let (c, r) = (t.sphere.center(), t.sphere.radius());
    let (lo, hi) = (t.aabb.min(), t.aabb.max());
    let margin = 1.15 * r + 0.1 * (hi[u] - lo[u]).max(hi[v] - lo[v]).max(0.5);
    let (glo, ghi) = ([lo[u] - margin, lo[v] - margin], [hi[u] + margin, hi[v] + margin]);
    let step = (ghi[0] - glo[0]).max(ghi[1] - glo[1]) / 200.0;
    let spec = crate::teach::GridSpec::covering(glo, ghi, step, max_cells)?;
    let rect = Rect::new([lo[u], lo[v]], [hi[u], hi[v]]).ok()?;
    let at = c[axis];
    // The sphere's circle in this plane, as seen by the plane's part of the box: r shrinks by the
    // distance to the box along the cut axis (zero when the plane crosses the box).
    let dw = (at - at.clamp(lo[axis], hi[axis])).abs();
    let r_eff = (r * r - dw * dw).max(0.0).sqrt();
    let picture = t.slice_picture;
    let image =
        |rgba: Vec<u8>, counts: [usize; 5]| SliceImage { axis, at, plane_axes: [u, v], picture, spec, rgba, counts };
    // The point of the plane under a grid cell's centre, in 3D.
    let point = |p: [f32; 2]| {
        let mut q = [0.0f32; 3];
        q[axis] = at;
        q[u] = p[0];
        q[v] = p[1];
        q
    };
    // Row-major, row 0 at the bottom, as the 2D overlay's grids; images are top row first.
    let rows_top_first = || (0..spec.rows).rev().flat_map(move |row| (0..spec.cols).map(move |col| (col, row)));
    match picture {
        SlicePicture::Agreement => {
            let test3 = tested3(algorithm, as_published, arvo);
            let lift = |p: [f32; 2]| Sphere::new(point(p), r).ok();
            let test = |circle: &Circle, _: &Rect| lift(circle.center()).is_some_and(|s| test3(&s, &t.aabb));
            let exact = |circle: &Circle, _: &Rect| {
                lift(circle.center()).is_some_and(|s| contact(&s, &t.aabb).state.is_overlap())
            };
            let map = agreement_map(&rect, r_eff, spec, &test, Reference::Other(&exact));
            Some(image(map.to_rgba(), map.counts))
        }
        SlicePicture::Distance => {
            use crate::teach::field::{field_image, FieldStyle};
            let d: Vec<f32> = (0..spec.rows)
                .flat_map(|row| (0..spec.cols).map(move |col| (col, row)))
                .map(|(col, row)| {
                    crate::geom::contact::signed_distance_f64(&point(spec.center(col, row)), &t.aabb) as f32
                })
                .collect();
            let spacing = nice_spacing(&rect);
            let style = FieldStyle { spacing, radius: r, line: 0.75 * spec.step };
            Some(image(field_image(&d, spec, &style), [0; 5]))
        }
        SlicePicture::Zones => {
            let current = crate::geom::contact::zone_of(&c, &t.aabb);
            let rgba = rows_top_first()
                .flat_map(|(col, row)| {
                    zone_tint(crate::geom::contact::zone_of(&point(spec.center(col, row)), &t.aabb), current)
                })
                .collect();
            Some(image(rgba, [0; 5]))
        }
    }
}
