//! An overlay image cut into the pieces it is drawn in: plain rectangles where the filter gives one
//! colour, sampled texture elsewhere.

use macroquad::prelude::*;

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
/// colour, which is drawn as a plain rectangle — on a software rasteriser a sampled pixel costs
/// several times a plain one — or nothing where transparent. The rest is sampled. In bands of
/// `BAND_CELLS` rows of those cells, each band's columns go by runs of the same kind; the pieces
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
