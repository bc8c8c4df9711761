//! [`BoxList`]: a list of rectangles with a sort-and-sweep broadphase.

#![forbid(unsafe_code)]

use alloc::vec::Vec;

use super::World;
use crate::shape::Rect;

/// A list of solid rectangles (walls, platforms), with a one-axis sweep-and-prune broadphase.
///
/// The boxes are kept sorted by `min.x` (a stable sort: equal `min.x` keep the list order) next to
/// their list index, and the widest box's width `w` is remembered. A query for the rectangle
/// `[qx0, qx1] × [qy0, qy1]` binary-searches the window of boxes with `min.x ∈ [qx0 − w, qx1]` —
/// every box that can reach the query on x — and tests each of them exactly on both axes.
///
/// Cost: building `O(n log n)`; a query `O(log n + k)` where `k` is the number of boxes whose
/// `min.x` falls in the window (exactly the overlapping ones when boxes are narrow and spread along
/// x; up to `n` when one very wide box makes `w` large, or when everything is stacked in one
/// column). No allocation per query. Indices are the positions in the list given to
/// [`BoxList::new`].
///
/// ```
/// use ball_aabb::world::{BoxList, World};
/// use ball_aabb::Rect;
/// let list = BoxList::new(vec![Rect::new([5.0, 0.0], [6.0, 1.0])?, Rect::new([0.0, 0.0], [1.0, 1.0])?]);
/// let mut seen = vec![];
/// list.candidates(&Rect::new([0.5, 0.5], [2.0, 2.0])?, |i, _| seen.push(i));
/// assert_eq!(seen, [1]);
/// # Ok::<(), ball_aabb::ShapeError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct BoxList {
    boxes: Vec<Rect>,
    /// `(min.x, list index)`, sorted.
    order: Vec<(f32, usize)>,
    /// The widest box's width, in f64.
    widest: f64,
}

impl BoxList {
    /// Builds the broadphase over `boxes` (indices are positions in this vector).
    #[must_use]
    pub fn new(boxes: Vec<Rect>) -> Self {
        let mut order: Vec<(f32, usize)> = boxes.iter().enumerate().map(|(i, b)| (b.min()[0], i)).collect();
        order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let widest = boxes.iter().map(|b| b.max()[0] as f64 - b.min()[0] as f64).fold(0.0f64, f64::max);
        BoxList { boxes, order, widest }
    }

    /// The boxes, in list order.
    #[must_use]
    pub fn boxes(&self) -> &[Rect] {
        &self.boxes
    }
}

impl World for BoxList {
    fn any_one_way(&self) -> bool {
        false
    }

    /// Every box whose closed rectangle meets `bounds`, in order of `min.x` (then list index).
    fn candidates(&self, bounds: &Rect, mut f: impl FnMut(usize, Rect)) {
        let (lo, hi) = (bounds.min(), bounds.max());
        // Boxes starting left of lo.x − widest end before lo.x; the window may include a few more, the
        // exact test below removes them.
        let from = lo[0] as f64 - self.widest;
        let from = from - from.abs() * 1e-12; // a margin for the rounding of the subtraction
        let start = self.order.partition_point(|&(x, _)| (x as f64) < from);
        for &(x, i) in &self.order[start..] {
            if x > hi[0] {
                break;
            }
            let b = self.boxes[i];
            let (bl, bh) = (b.min(), b.max());
            if bh[0] >= lo[0] && bl[1] <= hi[1] && bh[1] >= lo[1] {
                f(i, b);
            }
        }
    }
}
