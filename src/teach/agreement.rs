//! The agreement map: every possible position of the circle's centre, for the current box and
//! radius, coloured by an algorithm's verdict against a reference (the exact answer, or another
//! algorithm in compare mode).
//!
//! A correct algorithm shows only agreed overlap (the Minkowski rounded box) and agreed separation;
//! `planes_naive` shows four square "ears" of false positives at the corners; the published branch-free
//! form shows the whole rounded box as false negatives.

use super::GridSpec;
use crate::geom::batch::{grid_mask_2d, mask_bit, mask_words};
use crate::geom::{Circle, ContactState, OrientedRect, Rect};

/// How one position is classified.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Both say overlap.
    AgreedOverlap,
    /// Both say separated.
    AgreedSeparation,
    /// The algorithm says overlap, the reference does not.
    FalsePositive,
    /// The algorithm says separated, the reference says overlap.
    FalseNegative,
    /// Exactly touching (against the exact reference), and the algorithm agrees.
    Touching,
}

impl Class {
    /// All classes, in legend order.
    pub const ALL: [Class; 5] =
        [Class::AgreedOverlap, Class::AgreedSeparation, Class::FalsePositive, Class::FalseNegative, Class::Touching];

    /// Legend text.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Class::AgreedOverlap => "agreed overlap",
            Class::AgreedSeparation => "agreed separation",
            Class::FalsePositive => "false positive",
            Class::FalseNegative => "false negative",
            Class::Touching => "touching",
        }
    }

    /// Overlay colour (RGBA, translucent).
    #[must_use]
    pub fn rgba(self) -> [u8; 4] {
        match self {
            Class::AgreedOverlap => [70, 150, 230, 70],
            Class::AgreedSeparation => [0, 0, 0, 0],
            Class::FalsePositive => [240, 60, 40, 170],
            Class::FalseNegative => [250, 200, 30, 170],
            Class::Touching => [255, 255, 255, 200],
        }
    }

    /// Index into [`Class::ALL`].
    #[must_use]
    pub fn index(self) -> usize {
        Class::ALL.iter().position(|&c| c == self).unwrap_or(0)
    }
}

/// Classifies one verdict against a reference verdict.
#[must_use]
pub fn classify(verdict: bool, reference: bool, touching: bool) -> Class {
    match (verdict, reference) {
        (true, true) if touching => Class::Touching,
        (true, true) => Class::AgreedOverlap,
        (false, false) => Class::AgreedSeparation,
        (true, false) => Class::FalsePositive,
        (false, true) => Class::FalseNegative,
    }
}

/// What the verdicts are compared with.
#[derive(Clone, Copy)]
pub enum Reference<'a> {
    /// The exact answer (distance ≤ r), computed with the batched one-box kernel.
    Exact,
    /// Another test (compare mode: algorithm A as the reference for algorithm B).
    Other(&'a dyn Fn(&Circle, &Rect) -> bool),
}

/// A classified grid.
#[derive(Clone, Debug, PartialEq)]
pub struct AgreementMap {
    pub spec: GridSpec,
    /// Row-major, row 0 at the bottom.
    pub cells: Vec<Class>,
    /// How many cells fall in each class, indexed like [`Class::ALL`].
    pub counts: [usize; 5],
}

impl AgreementMap {
    /// The class at a world point, if the point is on the grid.
    #[must_use]
    pub fn at(&self, p: [f32; 2]) -> Option<Class> {
        self.spec.cell_at(p).map(|(c, r)| self.cells[r * self.spec.cols + c])
    }

    /// Number of disagreeing cells (false positives + false negatives).
    #[must_use]
    pub fn disagreements(&self) -> usize {
        self.counts[Class::FalsePositive.index()] + self.counts[Class::FalseNegative.index()]
    }

    /// The map as an RGBA image, top row first (ready to upload as a texture).
    #[must_use]
    pub fn to_rgba(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.cells.len() * 4);
        for row in (0..self.spec.rows).rev() {
            for col in 0..self.spec.cols {
                out.extend_from_slice(&self.cells[row * self.spec.cols + col].rgba());
            }
        }
        out
    }
}

/// Classifies every cell centre of `spec` as a circle of radius `r` against `aabb`: `test`'s verdict
/// against `reference`.
#[must_use]
pub fn agreement_map(
    aabb: &Rect,
    r: f32,
    spec: GridSpec,
    test: &dyn Fn(&Circle, &Rect) -> bool,
    reference: Reference<'_>,
) -> AgreementMap {
    let r = if r.is_finite() && r >= 0.0 { r } else { 0.0 };
    let xs: Vec<f32> = (0..spec.cols).map(|c| spec.center(c, 0)[0]).collect();
    let ys: Vec<f32> = (0..spec.rows).map(|row| spec.center(0, row)[1]).collect();
    // The exact answer for the whole grid in one batched pass (also used for touching).
    let per_row = mask_words(xs.len());
    let mut exact = vec![0u64; per_row * ys.len()];
    grid_mask_2d(aabb, r, &xs, &ys, &mut exact);
    let (lo, hi) = (aabb.min(), aabb.max());
    let mut cells = Vec::with_capacity(spec.len());
    let mut counts = [0usize; 5];
    for (row, &y) in ys.iter().enumerate() {
        for (col, &x) in xs.iter().enumerate() {
            let Ok(circle) = Circle::new([x, y], r) else {
                cells.push(Class::AgreedSeparation);
                continue;
            };
            let exact_here = mask_bit(&exact, row * 64 * per_row + col);
            let reference_here = match reference {
                Reference::Exact => exact_here,
                Reference::Other(f) => f(&circle, aabb),
            };
            let touching = exact_here && {
                let ex = x - x.clamp(lo[0], hi[0]);
                let ey = y - y.clamp(lo[1], hi[1]);
                ex * ex + ey * ey == r * r
            };
            let class = classify(test(&circle, aabb), reference_here, touching);
            counts[class.index()] += 1;
            cells.push(class);
        }
    }
    AgreementMap { spec, cells, counts }
}

/// [`agreement_map`] around a turned box: every cell centre moved into the box's frame
/// ([`OrientedBox::local_ball`](crate::geom::OrientedBox::local_ball)) and classified there against
/// the box `[−h, h]`, `test` and the reference run unchanged; the exact answer is the rotated box's
/// own ([`OrientedRect::contact`](crate::geom::OrientedRect)). The image lies in the world, so it turns with the box.
#[must_use]
pub fn agreement_map_turned(
    obb: &OrientedRect,
    r: f32,
    spec: GridSpec,
    test: &dyn Fn(&Circle, &Rect) -> bool,
    reference: Reference<'_>,
) -> AgreementMap {
    let r = if r.is_finite() && r >= 0.0 { r } else { 0.0 };
    let b = obb.local_aabb();
    let mut cells = Vec::with_capacity(spec.len());
    let mut counts = [0usize; 5];
    for row in 0..spec.rows {
        for col in 0..spec.cols {
            let local = Circle::new(spec.center(col, row), r).ok().and_then(|c| Some((c, obb.local_ball(&c)?)));
            let Some((circle, local)) = local else {
                cells.push(Class::AgreedSeparation);
                continue;
            };
            let state = obb.contact(&circle).state;
            let reference_here = match reference {
                Reference::Exact => state.is_overlap(),
                Reference::Other(f) => f(&local, &b),
            };
            let class = classify(test(&local, &b), reference_here, state == ContactState::Touching);
            counts[class.index()] += 1;
            cells.push(class);
        }
    }
    AgreementMap { spec, cells, counts }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::algo::algorithm;

    fn grid() -> GridSpec {
        // Cells of 0.25 with centres on multiples of 0.125 — exact in f32.
        GridSpec { x0: -6.0, y0: -6.0, step: 0.25, cols: 48, rows: 48 }
    }

    fn rect() -> Rect {
        Rect::new([-2.0, -1.0], [2.0, 1.0]).unwrap()
    }

    #[test]
    fn exact_algorithms_agree_everywhere() {
        for id in ["arvo", "qri", "qrf", "branchless", "fold", "zones", "clamp", "planes"] {
            let a = algorithm(id).unwrap();
            let map = agreement_map(&rect(), 1.5, grid(), &a.overlap_2d, Reference::Exact);
            assert_eq!(map.disagreements(), 0, "{id}");
            assert!(map.counts[Class::AgreedOverlap.index()] > 100, "{id}: the rounded box must show");
        }
    }

    #[test]
    fn planes_naive_has_false_positives_only_in_the_corner_ears() {
        let a = algorithm("planes_naive").unwrap();
        let map = agreement_map(&rect(), 1.5, grid(), &a.overlap_2d, Reference::Exact);
        assert_eq!(map.counts[Class::FalseNegative.index()], 0);
        assert!(map.counts[Class::FalsePositive.index()] > 0);
        // A point in the top-right ear: 1.25 beyond the corner on both axes (distance 1.77 > 1.5).
        assert_eq!(map.at([3.25, 2.25]), Some(Class::FalsePositive));
        // Beside a face, the naive test is right.
        assert_eq!(map.at([3.1, 0.1]), Some(Class::AgreedOverlap));
        assert_eq!(map.at([0.1, 3.1]), Some(Class::AgreedSeparation));
        // Every false positive lies in a corner region, farther than r from the box.
        for row in 0..map.spec.rows {
            for col in 0..map.spec.cols {
                if map.cells[row * map.spec.cols + col] == Class::FalsePositive {
                    let [x, y] = map.spec.center(col, row);
                    assert!(x.abs() > 2.0 && y.abs() > 1.0, "({x}, {y}) is not in a corner zone");
                }
            }
        }
    }

    #[test]
    fn published_branchless_is_all_false_negatives() {
        let a = algorithm("branchless").unwrap();
        let published = a.as_published_2d.unwrap();
        let map = agreement_map(&rect(), 1.5, grid(), &published, Reference::Exact);
        assert_eq!(map.counts[Class::AgreedOverlap.index()], 0);
        assert!(map.counts[Class::FalseNegative.index()] > 100);
        assert_eq!(map.at([0.1, 0.1]), Some(Class::FalseNegative));
    }

    #[test]
    fn touching_cells_are_found_on_the_lattice() {
        // The centre (3.125, 0.125) is exactly 1.125 right of the box's right face (x = 2).
        let a = algorithm("clamp").unwrap();
        let map = agreement_map(&rect(), 1.125, grid(), &a.overlap_2d, Reference::Exact);
        assert_eq!(map.at([3.125, 0.125]), Some(Class::Touching));
        assert!(map.counts[Class::Touching.index()] > 0);
    }

    #[test]
    fn compare_mode_uses_the_other_algorithm_as_reference() {
        let naive = algorithm("planes_naive").unwrap();
        let qrf = algorithm("qrf").unwrap();
        // planes_naive as the reference for itself: no disagreement at all.
        let same = agreement_map(&rect(), 1.5, grid(), &naive.overlap_2d, Reference::Other(&naive.overlap_2d));
        assert_eq!(same.disagreements(), 0);
        // qrf against planes_naive: qrf's "false negatives" are exactly the ears.
        let map = agreement_map(&rect(), 1.5, grid(), &qrf.overlap_2d, Reference::Other(&naive.overlap_2d));
        assert_eq!(map.at([3.25, 2.25]), Some(Class::FalseNegative));
        assert_eq!(map.counts[Class::FalsePositive.index()], 0);
    }

    #[test]
    fn image_has_one_pixel_per_cell_top_row_first() {
        let a = algorithm("planes_naive").unwrap();
        let map = agreement_map(&rect(), 1.5, grid(), &a.overlap_2d, Reference::Exact);
        let img = map.to_rgba();
        assert_eq!(img.len(), 48 * 48 * 4);
        // The top-left pixel is the cell at (-5.875, 5.875): far away, transparent.
        assert_eq!(&img[0..4], &Class::AgreedSeparation.rgba());
    }
}
