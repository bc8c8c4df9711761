//! [`Passable`]: the world as one move of the character sees it — one-way boxes it is not standing
//! above, the ones it is dropping through, and the moving box carrying it, left out.

#![forbid(unsafe_code)]

use crate::shape::Rect;
use crate::world::World;

/// A view of `world` for one move that starts with the character's feet (its lowest point) at
/// `feet`: a one-way box counts only when its top is at or below the feet, within `tol`, and it is
/// not being dropped through (its top within `tol` of `drop_top`). Solid boxes count, but the box
/// `except` (the moving box a rider is carried by: it moves with it, not into it).
///
/// The world step applies the same rule to one-way boxes on its own (see [`World::one_way`]); the
/// controller filters them here as well, so that its ground probes (which look at box tops, not at
/// contacts) agree with the step, and so that dropping through a platform is one condition more.
pub(super) struct Passable<'w, W> {
    world: &'w W,
    feet: f32,
    tol: f32,
    drop_top: Option<f32>,
    except: Option<usize>,
}

impl<'w, W: World> Passable<'w, W> {
    pub(super) fn new(world: &'w W, feet: f32, tol: f32, drop_top: Option<f32>, except: Option<usize>) -> Self {
        Passable { world, feet, tol, drop_top, except }
    }

    /// Does box `index` (`rect`) count for this move?
    #[inline]
    pub(super) fn counts(&self, index: usize, rect: &Rect) -> bool {
        if self.except == Some(index) {
            return false;
        }
        if !self.world.one_way(index) {
            return true;
        }
        let top = rect.max()[1];
        let above = top <= self.feet + self.tol;
        let dropping = self.drop_top.is_some_and(|d| (top - d).abs() <= self.tol);
        above && !dropping
    }
}

impl<W: World> World for Passable<'_, W> {
    fn candidates(&self, bounds: &Rect, mut f: impl FnMut(usize, Rect)) {
        self.world.candidates(bounds, |i, b| {
            if self.counts(i, &b) {
                f(i, b);
            }
        });
    }

    fn candidates_along(&self, bounds: &Rect, d: [f32; 2], mut f: impl FnMut(usize, usize, Rect) -> bool) {
        self.world.candidates_along(bounds, d, |i, rank, b| if self.counts(i, &b) { f(i, rank, b) } else { true });
    }

    fn merged_candidates(&self, bounds: &Rect, mut f: impl FnMut(usize, Rect)) {
        self.world.merged_candidates(bounds, |i, b| {
            if self.counts(i, &b) {
                f(i, b);
            }
        });
    }

    /// The world's own (its fast path): one-way boxes never count there, so the ones left out here
    /// change nothing; with a box left out, by query (the world's own would count it).
    fn solid_beyond(&self, point: [f32; 2], axis: usize, positive: bool, except: usize) -> bool {
        match self.except {
            None => self.world.solid_beyond(point, axis, positive, except),
            Some(_) => crate::world::solid_beyond_by_query(self, point, axis, positive, except),
        }
    }

    fn one_way(&self, index: usize) -> bool {
        self.world.one_way(index)
    }

    fn any_one_way(&self) -> bool {
        self.world.any_one_way()
    }

    fn carry(&self, index: usize) -> Option<[f32; 2]> {
        self.world.carry(index)
    }

    fn any_moving(&self) -> bool {
        self.world.any_moving()
    }

    /// Rotated boxes are always solid: all of them count (but the one left out).
    fn oriented(&self, bounds: &Rect, mut f: impl FnMut(usize, crate::oriented::OrientedRect)) {
        self.world.oriented(bounds, |i, o| {
            if self.except != Some(i) {
                f(i, o);
            }
        });
    }
}
