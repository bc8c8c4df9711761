//! [`Layered`]: one world made of two, each keeping its own broadphase — a tile map with a list of
//! boxes (aligned and rotated) over it, and moving boxes ([`Movers`](super::Movers)) over both.

#![forbid(unsafe_code)]

use super::{BoxList, Escape, Movers, TileMap, WithOriented, World};
use crate::oriented::OrientedRect;
use crate::shape::Rect;

/// A world whose boxes have indices `0 .. index_count()`: what [`Layered`] needs to number the
/// boxes of the layer above after those of the layer below.
pub trait Layer: World {
    /// One past the largest index the world reports (a tile map's `width · height`, a list's
    /// length).
    fn index_count(&self) -> usize;
}

impl Layer for TileMap {
    fn index_count(&self) -> usize {
        self.width() * self.height()
    }
}

impl Layer for BoxList {
    fn index_count(&self) -> usize {
        self.boxes().len()
    }
}

impl Layer for Movers {
    fn index_count(&self) -> usize {
        self.len()
    }
}

impl<W: World> Layer for WithOriented<'_, W> {
    fn index_count(&self) -> usize {
        self.first_index + self.oriented.len()
    }
}

impl<A: Layer, B: Layer> Layer for Layered<'_, A, B> {
    fn index_count(&self) -> usize {
        self.first + self.above.index_count()
    }
}

/// Two worlds as one: every box of `below` with its own index, every box of `above` with its
/// index plus `below.index_count()`. Each layer answers with its own broadphase (a tile map's grid
/// walk, a [`BoxList`]'s sort and sweep, the few [`Movers`] one by one), and every strategy, the
/// batched step and the character controller take the result like any world: the swept resolvers
/// see one list of candidates (ties in time go to the lower index, the layer below first), the
/// seamless filter finds a seam between a tile and a box of another layer as between two tiles,
/// and the controller's flat foot, step-up and snap stand on a box top of any layer alike. Layers
/// stack: `Layered::new(&Layered::new(&map, &boxes), &movers)`.
///
/// The push-out's shortcut for a ball deep inside the layer below ([`World::axis_escape`]) is
/// that layer's: the boxes above only take free space away, so the nearest non-solid point of
/// the layer below is still a lower bound, and a face's projection is the answer only when the
/// whole world finds it free (else the push-out searches from that distance on).
///
/// ```
/// use ball_aabb::world::{step, BoxList, Layered, Params, StrategyId, TileMap};
/// use ball_aabb::{Circle, Rect};
/// // A floor of tiles, and a half-tile step as a box (a tile map only has whole cells).
/// let map = TileMap::from_ascii("..........\n##########", 1.0)?;
/// let step_box = BoxList::new(vec![Rect::new([5.0, 1.0], [10.0, 1.5])?]);
/// let world = Layered::new(&map, &step_box);
/// let s = step(StrategyId::default(), &Circle::new([3.0, 1.25], 0.25)?, [4.0, 0.0], &world, &Params::default());
/// assert_eq!(s.end, [4.75, 1.25]); // stopped by the step (index 20: the first after the 20 cells)
/// assert_eq!(s.contacts()[0].index, 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Layered<'a, A, B> {
    below: &'a A,
    above: &'a B,
    first: usize,
}

impl<'a, A: Layer, B: Layer> Layered<'a, A, B> {
    /// `above` over `below`; `above`'s indices start at `below.index_count()`.
    #[must_use]
    pub fn new(below: &'a A, above: &'a B) -> Self {
        Layered { below, above, first: below.index_count() }
    }

    /// The index of the layer above's box `index` in this world.
    #[must_use]
    pub fn above_index(&self, index: usize) -> usize {
        self.first + index
    }
}

impl<A: Layer, B: Layer> Layered<'_, A, B> {
    /// Which layer box `index` belongs to, and its index there: `Ok` below, `Err` above.
    #[inline]
    fn split(&self, index: usize) -> Result<usize, usize> {
        if index < self.first {
            Ok(index)
        } else {
            Err(index - self.first)
        }
    }
}

impl<A: Layer, B: Layer> World for Layered<'_, A, B> {
    fn candidates(&self, bounds: &Rect, mut f: impl FnMut(usize, Rect)) {
        self.below.candidates(bounds, &mut f);
        self.above.candidates(bounds, |i, b| f(self.first + i, b));
    }

    /// Each layer walks in its own order and stops on its own: a `false` in the layer below ends
    /// that layer's walk, and the layer above's walk starts from its nearest box. Ranks: the layer
    /// below's, then the layer above's plus `index_count()` of the layer below (a rank is never
    /// larger than the index count: a cell's index, or a visit count).
    fn candidates_along(&self, bounds: &Rect, d: [f32; 2], mut f: impl FnMut(usize, usize, Rect) -> bool) {
        self.below.candidates_along(bounds, d, &mut f);
        self.above.candidates_along(bounds, d, |i, rank, b| f(self.first + i, self.first + rank, b));
    }

    fn merged_candidates(&self, bounds: &Rect, mut f: impl FnMut(usize, Rect)) {
        self.below.merged_candidates(bounds, &mut f);
        self.above.merged_candidates(bounds, |i, b| f(self.first + i, b));
    }

    fn solid_beyond(&self, point: [f32; 2], axis: usize, positive: bool, except: usize) -> bool {
        let (below, above) = match self.split(except) {
            Ok(i) => (i, usize::MAX),
            Err(i) => (usize::MAX, i),
        };
        self.below.solid_beyond(point, axis, positive, below) || self.above.solid_beyond(point, axis, positive, above)
    }

    fn one_way(&self, index: usize) -> bool {
        match self.split(index) {
            Ok(i) => self.below.one_way(i),
            Err(i) => self.above.one_way(i),
        }
    }

    fn any_one_way(&self) -> bool {
        self.below.any_one_way() || self.above.any_one_way()
    }

    fn oriented(&self, bounds: &Rect, mut f: impl FnMut(usize, OrientedRect)) {
        self.below.oriented(bounds, &mut f);
        self.above.oriented(bounds, |i, o| f(self.first + i, o));
    }

    /// The layer below's region, else the one above's.
    fn push_out_region(&self) -> Option<Rect> {
        self.below.push_out_region().or_else(|| self.above.push_out_region())
    }

    fn push_out_candidates(&self, bounds: &Rect, mut f: impl FnMut(usize, Rect)) {
        self.below.push_out_candidates(bounds, &mut f);
        self.above.push_out_candidates(bounds, |i, b| f(self.first + i, b));
    }

    /// The layer below's (see the type's docs for why that stays a certificate).
    fn axis_escape(&self, c: [f32; 2]) -> Option<Escape> {
        self.below.axis_escape(c)
    }

    fn clear(&self, bounds: &Rect) -> bool {
        self.below.clear(bounds) && self.above.clear(bounds)
    }

    fn any_moving(&self) -> bool {
        self.below.any_moving() || self.above.any_moving()
    }

    fn carry(&self, index: usize) -> Option<[f32; 2]> {
        match self.split(index) {
            Ok(i) => self.below.carry(i),
            Err(i) => self.above.carry(i),
        }
    }
}
