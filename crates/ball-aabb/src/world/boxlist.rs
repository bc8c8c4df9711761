//! [`BoxList`]: a list of rectangles (aligned or rotated) with a sort-and-sweep broadphase.

#![forbid(unsafe_code)]

use alloc::vec::Vec;

use super::{meets, World};
use crate::oriented::{Collider, OrientedRect};
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
/// **Rotated boxes** ([`BoxList::mixed`]) are kept apart with their bounding rectangles and
/// tested one by one against each query's rectangle (`O(m)` for `m` rotated boxes: a level has a
/// handful of tilted walls and ramps, not thousands); [`World::oriented`] yields them.
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
    /// Per list position: the aligned box, or a rotated box's bounding rectangle.
    boxes: Vec<Rect>,
    /// The rotated boxes: `(list index, box, its bounding rectangle)`.
    rotated: Vec<(usize, OrientedRect, Rect)>,
    /// `(min.x, list index)` of the aligned boxes, sorted.
    order: Vec<(f32, usize)>,
    /// The widest box's width, in f64.
    widest: f64,
}

impl BoxList {
    /// Builds the broadphase over `boxes` (indices are positions in this vector).
    #[must_use]
    pub fn new(boxes: Vec<Rect>) -> Self {
        BoxList::build(boxes, Vec::new())
    }

    /// A list that mixes aligned and rotated boxes (indices are positions in this vector).
    ///
    /// ```
    /// use ball_aabb::world::{BoxList, World};
    /// use ball_aabb::{OrientedRect, Rect};
    /// let floor = Rect::new([-4.0, -1.0], [4.0, 0.0])?;
    /// let ramp = OrientedRect::from_degrees([1.0, 0.0], [2.0, 0.5], 20.0)?;
    /// let list = BoxList::mixed(vec![floor.into(), ramp.into()]);
    /// let (mut aligned, mut rotated) = (vec![], vec![]);
    /// let q = Rect::new([0.0, 0.0], [0.5, 0.5])?;
    /// list.candidates(&q, |i, _| aligned.push(i));
    /// list.oriented(&q, |i, _| rotated.push(i));
    /// assert_eq!((aligned, rotated), (vec![0], vec![1]));
    /// # Ok::<(), ball_aabb::ShapeError>(())
    /// ```
    ///
    /// A rotated box turned by an exact multiple of 90° (its axes exactly ±x and ±y) whose edges
    /// are exact in `f32` *is* an aligned box, and is listed as one: every strategy, the
    /// controller's flat foot, step-up and snap then treat it exactly as that [`Rect`].
    #[must_use]
    pub fn mixed(colliders: Vec<Collider<2>>) -> Self {
        let mut rotated = Vec::new();
        let boxes = colliders
            .iter()
            .enumerate()
            .map(|(i, c)| match c {
                Collider::Oriented(o) => as_aligned(o).unwrap_or_else(|| {
                    rotated.push((i, *o, o.bounding_aabb()));
                    o.bounding_aabb()
                }),
                Collider::Aligned(r) => *r,
            })
            .collect();
        BoxList::build(boxes, rotated)
    }

    fn build(boxes: Vec<Rect>, rotated: Vec<(usize, OrientedRect, Rect)>) -> Self {
        let is_rotated = |i: usize| rotated.iter().any(|r| r.0 == i);
        let mut order: Vec<(f32, usize)> =
            boxes.iter().enumerate().filter(|(i, _)| !is_rotated(*i)).map(|(i, b)| (b.min()[0], i)).collect();
        order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let widest =
            order.iter().map(|&(_, i)| boxes[i].max()[0] as f64 - boxes[i].min()[0] as f64).fold(0.0f64, f64::max);
        BoxList { boxes, rotated, order, widest }
    }

    /// The rotated boxes, with their list indices.
    pub fn rotated(&self) -> impl Iterator<Item = (usize, OrientedRect)> + '_ {
        self.rotated.iter().map(|&(i, o, _)| (i, o))
    }

    /// The boxes, in list order (a rotated box as its bounding rectangle).
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

    /// No box (aligned, or a rotated one's bounding rectangle) meets `bounds`.
    fn clear(&self, bounds: &Rect) -> bool {
        let mut any = false;
        self.candidates(bounds, |_, _| any = true);
        !any && !self.rotated.iter().any(|(_, _, b)| meets(b, bounds))
    }

    /// The rotated boxes whose bounding rectangle meets `bounds`, in list order.
    fn oriented(&self, bounds: &Rect, mut f: impl FnMut(usize, OrientedRect)) {
        for (i, o, b) in &self.rotated {
            if meets(b, bounds) {
                f(*i, *o);
            }
        }
    }
}

/// The aligned rectangle a rotated box is, when it is turned by an exact multiple of 90° and its
/// edges (centre ± the half extents along the world's axes) are exact in `f32`.
fn as_aligned(o: &OrientedRect) -> Option<Rect> {
    let ax = o.axes();
    if !ax.iter().flatten().all(|&x| x == 0.0 || x.abs() == 1.0) {
        return None;
    }
    let (c, h) = (o.center(), o.half64());
    let mut edges = [[0.0f32; 2]; 2];
    for k in 0..2 {
        let e = ax[0][k].abs() * h[0] + ax[1][k].abs() * h[1];
        for (n, x) in [c[k] as f64 - e, c[k] as f64 + e].into_iter().enumerate() {
            if f64::from(x as f32) != x {
                return None;
            }
            edges[n][k] = x as f32;
        }
    }
    Rect::new(edges[0], edges[1]).ok()
}
