//! The teaching layer's window-free parts: the agreement map and the distance field (grids of
//! classified positions, turned into RGBA images the renderer only uploads), and the lessons
//! (errata and the guided tour) as plain data.

pub mod agreement;
pub mod field;
pub mod lessons;
pub mod rust_test;

/// A grid of sample positions over the world: cell `(col, row)` has its centre at
/// `(x0 + (col + ½)·step, y0 + (row + ½)·step)`; row 0 is the bottom row (y grows upwards).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridSpec {
    pub x0: f32,
    pub y0: f32,
    pub step: f32,
    pub cols: usize,
    pub rows: usize,
}

impl GridSpec {
    /// A grid covering the world rectangle `lo..hi` with cells of about `step` world units, at most
    /// `max_cells` cells in all (the step grows to respect it). `None` for an empty rectangle.
    #[must_use]
    pub fn covering(lo: [f32; 2], hi: [f32; 2], step: f32, max_cells: usize) -> Option<GridSpec> {
        let (w, h) = (hi[0] - lo[0], hi[1] - lo[1]);
        if !(w > 0.0 && h > 0.0 && step > 0.0 && w.is_finite() && h.is_finite()) || max_cells == 0 {
            return None;
        }
        let min_step = ((w * h) / max_cells as f32).sqrt();
        let step = step.max(min_step);
        let cols = ((w / step).ceil() as usize).clamp(1, max_cells);
        let rows = ((h / step).ceil() as usize).clamp(1, (max_cells / cols).max(1));
        Some(GridSpec { x0: lo[0], y0: lo[1], step, cols, rows })
    }

    /// The world position of a cell's centre.
    #[must_use]
    pub fn center(&self, col: usize, row: usize) -> [f32; 2] {
        [self.x0 + (col as f32 + 0.5) * self.step, self.y0 + (row as f32 + 0.5) * self.step]
    }

    /// The cell containing a world point, if any.
    #[must_use]
    pub fn cell_at(&self, p: [f32; 2]) -> Option<(usize, usize)> {
        let (fx, fy) = ((p[0] - self.x0) / self.step, (p[1] - self.y0) / self.step);
        if fx < 0.0 || fy < 0.0 || !fx.is_finite() || !fy.is_finite() {
            return None;
        }
        let (c, r) = (fx as usize, fy as usize);
        (c < self.cols && r < self.rows).then_some((c, r))
    }

    /// Number of cells.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cols * self.rows
    }

    /// True when the grid has no cell.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
