//! The distance field: the signed distance from every position to the box, drawn as bands with
//! iso-lines at a regular spacing, the zero line (the box outline) and the line at distance `r`
//! (where the circle's centre may go while touching) in bold.

use super::GridSpec;
use crate::geom::{signed_distance_f64, Rect};

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

/// The colour of one sample: outside in blues, inside in oranges, darker every other band, thin
/// iso-lines every `spacing`, bold lines at 0 and at `radius`.
#[must_use]
pub fn field_rgba(d: f32, style: &FieldStyle) -> [u8; 4] {
    let half = style.line * 0.5;
    if d.abs() <= style.line {
        return [255, 255, 255, 235]; // the box outline: bold
    }
    if (d - style.radius).abs() <= style.line {
        return [255, 220, 60, 235]; // the circle's distance: bold
    }
    let spacing = if style.spacing > 0.0 { style.spacing } else { 1.0 };
    let k = d / spacing;
    if (k - k.round()).abs() * spacing <= half {
        return if d > 0.0 { [150, 200, 255, 150] } else { [255, 190, 140, 150] };
    }
    let band = (k.floor() as i64).rem_euclid(2) == 0;
    match (d > 0.0, band) {
        (true, true) => [40, 90, 170, 60],
        (true, false) => [40, 90, 170, 35],
        (false, true) => [210, 110, 40, 80],
        (false, false) => [210, 110, 40, 50],
    }
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
}
