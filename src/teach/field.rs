//! The distance field: the signed distance from every position to the box, drawn as bands with
//! iso-lines at a regular spacing, the zero line (the box outline) and the line at distance `r`
//! (where the circle's centre may go while touching) in bold.

use super::GridSpec;
use crate::geom::{contact::signed_distance_f64, Rect};

/// Signed distances at every cell centre, row-major, row 0 at the bottom.
#[must_use]
pub fn distance_grid(aabb: &Rect, spec: GridSpec) -> Vec<f32> {
    let mut out = Vec::with_capacity(spec.len());
    for row in 0..spec.rows {
        for col in 0..spec.cols {
            out.push(signed_distance_f64(&spec.center(col, row), aabb) as f32);
        }
    }
    out
}

/// How a signed distance is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FieldStyle {
    /// Distance between iso-lines, in world units.
    pub spacing: f32,
    /// The circle's radius: its iso-line is drawn bold.
    pub radius: f32,
    /// Width of a thin line, in world units (about one cell).
    pub line: f32,
}

/// The field's colours (RGBA; translucent over the canvas): the box outline (distance 0) and the
/// circle's distance `r` in bold, thin iso-lines outside and inside, and the bands between them,
/// darker every other band.
pub const ZERO_LINE: [u8; 4] = [255, 255, 255, 235];
pub const RADIUS_LINE: [u8; 4] = [255, 220, 60, 235];
pub const LINE_OUTSIDE: [u8; 4] = [150, 200, 255, 150];
pub const LINE_INSIDE: [u8; 4] = [255, 190, 140, 150];

/// The colour of the band a signed distance `d` lies in: band `k` holds `k·spacing ≤ d <
/// (k + 1)·spacing`; blue outside, orange inside, even bands stronger.
#[must_use]
pub fn band_rgba(d: f32, spacing: f32) -> [u8; 4] {
    let spacing = if spacing > 0.0 { spacing } else { 1.0 };
    let even = ((d / spacing).floor() as i64).rem_euclid(2) == 0;
    match (d > 0.0, even) {
        (true, true) => [40, 90, 170, 60],
        (true, false) => [40, 90, 170, 35],
        (false, true) => [210, 110, 40, 80],
        (false, false) => [210, 110, 40, 50],
    }
}

/// The bands in two layers for one side of the box (outside, or inside): `base`, the lighter bands'
/// colour, under the whole side, and `extra`, drawn over `base` where a stronger band lies. Over any
/// background the two give the stronger band's colour: `extra` has the bands' hue and the alpha
/// `(αₛ − α_b) / (1 − α_b)` that brings `base`'s `α_b` up to the stronger one's `αₛ` (to within the
/// rounding of 8-bit blending). A canvas can then take `base` in its background and zone colours, and
/// draw only every other band.
#[must_use]
pub fn band_layers(outside: bool) -> ([u8; 4], [u8; 4]) {
    // Band 1 and band −1 are the lighter ones outside and inside; bands 0 and −2 the stronger ones.
    let (light, strong) =
        if outside { (band_rgba(1.5, 1.0), band_rgba(0.5, 1.0)) } else { (band_rgba(-0.5, 1.0), band_rgba(-1.5, 1.0)) };
    let (a, b) = (f32::from(light[3]), f32::from(strong[3]));
    let extra = (255.0 * (b - a) / (255.0 - a)).round() as u8;
    (light, [strong[0], strong[1], strong[2], extra])
}

/// The colour of one sample: outside in blues, inside in oranges, darker every other band, thin
/// iso-lines every `spacing`, bold lines at 0 and at `radius`.
#[must_use]
pub fn field_rgba(d: f32, style: &FieldStyle) -> [u8; 4] {
    let half = style.line * 0.5;
    if d.abs() <= style.line {
        return ZERO_LINE;
    }
    if (d - style.radius).abs() <= style.line {
        return RADIUS_LINE;
    }
    let spacing = if style.spacing > 0.0 { style.spacing } else { 1.0 };
    let k = d / spacing;
    if (k - k.round()).abs() * spacing <= half {
        return if d > 0.0 { LINE_OUTSIDE } else { LINE_INSIDE };
    }
    band_rgba(d, spacing)
}

/// The points at signed distance `d` from the box, as a closed polyline of `4·(m + 1)` points
/// (`m ≥ 1`), corner by corner counter-clockwise from the top right one: for `d > 0` the box grown by
/// `d` with rounded corners, each corner an arc of `m` segments around the box's corner; for `d ≤ 0`
/// the box shrunk by `|d|`, each corner's `m + 1` points on one spot, and no further than the box's
/// centre (past half the smaller side the shape is a segment, then a point). Outlines with the same
/// `m` match point for point (the same corner, the same angle), so the region between two of them
/// is a strip of quads between matching points, and a line along one is such a strip too.
#[must_use]
pub fn level_outline(aabb: &Rect, d: f32, m: usize) -> Vec<[f32; 2]> {
    let m = m.max(1);
    let (lo, hi, c) = (aabb.min(), aabb.max(), aabb.center());
    // Each corner, the direction (signs) out of the box there, and the angle its arc starts at.
    let corners = [
        ([hi[0], hi[1]], [1.0, 1.0]),
        ([lo[0], hi[1]], [-1.0, 1.0]),
        ([lo[0], lo[1]], [-1.0, -1.0]),
        ([hi[0], lo[1]], [1.0, -1.0]),
    ];
    let mut out = Vec::with_capacity(4 * (m + 1));
    for (k, (corner, sign)) in corners.into_iter().enumerate() {
        if d > 0.0 {
            let start = k as f32 * std::f32::consts::FRAC_PI_2;
            for i in 0..=m {
                let t = start + i as f32 / m as f32 * std::f32::consts::FRAC_PI_2;
                out.push([corner[0] + d * t.cos(), corner[1] + d * t.sin()]);
            }
        } else {
            // Inwards by |d| on each axis, stopping at the centre.
            let inward = |i: usize| {
                let p = corner[i] + sign[i] * d;
                if sign[i] > 0.0 {
                    p.max(c[i])
                } else {
                    p.min(c[i])
                }
            };
            out.extend(std::iter::repeat_n([inward(0), inward(1)], m + 1));
        }
    }
    out
}

/// The field as an RGBA image, top row first.
#[must_use]
pub fn field_image(distances: &[f32], spec: GridSpec, style: &FieldStyle) -> Vec<u8> {
    let mut out = Vec::with_capacity(spec.len() * 4);
    for row in (0..spec.rows).rev() {
        for col in 0..spec.cols {
            let d = distances.get(row * spec.cols + col).copied().unwrap_or(f32::INFINITY);
            out.extend_from_slice(&field_rgba(d, style));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_are_signed_and_exact_at_known_points() {
        let b = Rect::new([0.0, 0.0], [4.0, 2.0]).unwrap();
        let spec = GridSpec { x0: -4.0, y0: -4.0, step: 1.0, cols: 12, rows: 10 };
        let d = distance_grid(&b, spec);
        let at = |x: f32, y: f32| {
            let (c, r) = spec.cell_at([x, y]).unwrap();
            d[r * spec.cols + c]
        };
        assert_eq!(at(1.5, 0.5), -0.5); // inside, 0.5 from the bottom face
        assert_eq!(at(6.5, 1.5), 2.5); // right of the box
        assert_eq!(at(7.5, 5.5), (3.5_f64.hypot(3.5)) as f32); // beyond the top-right corner
    }

    #[test]
    fn every_outline_point_lies_at_its_distance_and_outlines_match_point_for_point() {
        let b = Rect::new([-2.0, -1.0], [2.0, 1.5]).unwrap();
        for d in [3.0_f32, 1.25, 0.4, 0.0, -0.3, -1.0, -1.25] {
            let o = level_outline(&b, d, 6);
            assert_eq!(o.len(), 28);
            for p in &o {
                let got = signed_distance_f64(p, &b) as f32;
                assert!((got - d).abs() < 1e-5, "d {d}: {p:?} is at {got}");
            }
        }
        // Outside: the top-right corner's arc runs from the right face's top end to the top face's
        // right end.
        let o = level_outline(&b, 0.5, 4);
        assert_eq!((o[0], o[4]), ([2.5, 1.5], [2.0, 2.0]));
        // Past half the smaller side (1.25) the inner outline is the centre segment, then the centre.
        let o = level_outline(&b, -1.25, 1);
        assert!(o.iter().all(|p| (p[1] - 0.25).abs() < 1e-6 && p[0].abs() <= 0.75 + 1e-6));
        assert!(level_outline(&b, -9.0, 1).iter().all(|p| *p == [0.0, 0.25]));
        // m = 0 is taken as 1.
        assert_eq!(level_outline(&b, 1.0, 0).len(), 8);
    }

    #[test]
    fn bands_alternate_and_the_sample_colours_use_them() {
        assert_eq!(band_rgba(0.5, 1.0), [40, 90, 170, 60]);
        assert_eq!(band_rgba(1.5, 1.0), [40, 90, 170, 35]);
        assert_eq!(band_rgba(-0.5, 1.0), [210, 110, 40, 50]);
        assert_eq!(band_rgba(-1.5, 1.0), [210, 110, 40, 80]);
        let s = FieldStyle { spacing: 1.0, radius: 2.5, line: 0.05 };
        assert_eq!(field_rgba(1.5, &s), band_rgba(1.5, 1.0));
        assert_eq!(field_rgba(-1.0, &s), LINE_INSIDE);
    }

    #[test]
    fn the_zero_line_and_the_radius_line_are_bold_and_sides_differ() {
        let s = FieldStyle { spacing: 1.0, radius: 2.5, line: 0.05 };
        assert_eq!(field_rgba(0.01, &s), [255, 255, 255, 235]);
        assert_eq!(field_rgba(2.52, &s), [255, 220, 60, 235]);
        let (out, inside) = (field_rgba(0.4, &s), field_rgba(-0.4, &s));
        assert_ne!(out, inside);
        assert!(out[2] > out[0] && inside[0] > inside[2], "outside blue, inside orange");
        // An iso-line at 1.0 is drawn, the band just beside it is not a line.
        assert_ne!(field_rgba(1.0, &s), field_rgba(1.2, &s));
    }

    #[test]
    fn the_lighter_band_under_a_side_and_the_extra_layer_over_it_give_the_stronger_band() {
        use crate::app::palette::over;
        for outside in [true, false] {
            let (base, extra) = band_layers(outside);
            let d = if outside { 1.0 } else { -1.0 };
            // The lighter and the stronger band of that side, by the field's own rule.
            let (light, strong) = (band_rgba(d + 0.5, 1.0), band_rgba(d - 0.5, 1.0));
            assert_eq!(base, light);
            assert!(strong[3] > light[3] && extra[..3] == strong[..3]);
            for bg in [[24, 26, 32, 255], [0, 0, 0, 255], [255, 255, 255, 255], [60, 120, 200, 255], [200, 40, 40, 255]]
            {
                let (two, one) = (over(over(bg, base), extra), over(bg, strong));
                for k in 0..3 {
                    assert!(two[k].abs_diff(one[k]) <= 1, "outside {outside}, bg {bg:?}: {two:?} against {one:?}");
                }
            }
        }
    }
}
