//! The questions a game asks of one ball and one box, as methods of [`Ball`]: does it touch
//! ([`Ball::overlaps`]), how far and where ([`Ball::contact`]), and how to push it out
//! ([`Ball::push_out`]). Each one hands over to the function that answers it, so the shapes
//! themselves stay plain data below every algorithm.

#![forbid(unsafe_code)]

use crate::algo::clamp::Clamp;
use crate::contact::{contact, Contact};
use crate::overlap::OverlapTest as _;
use crate::response::response;
use crate::shape::{Aabb, Ball};

impl<const D: usize> Ball<D> {
    /// Does the ball touch or overlap the box? Touching counts.
    ///
    /// This is the registry's `clamp` test (the fastest exact one: clamp the centre to the box,
    /// compare the squared distance with `r²` in `f32`), inlined. Exact when the `f32` arithmetic is
    /// (integers, halves, ...); on general floats it can differ from [`Ball::contact`]'s `f64` state
    /// only right at tangency, within a few ulps.
    ///
    /// ```
    /// use ball_aabb::{Circle, Rect};
    /// let b = Rect::new([0.0, 0.0], [4.0, 2.0]).unwrap();
    /// assert!(Circle::new([5.0, 1.0], 1.0).unwrap().overlaps(&b)); // touching the right face
    /// assert!(!Circle::new([5.0, 3.0], 1.0).unwrap().overlaps(&b)); // √2 from the corner
    /// ```
    #[inline]
    #[must_use]
    pub fn overlaps(&self, aabb: &Aabb<D>) -> bool {
        Clamp::overlap(self, aabb)
    }

    /// The closest point of the box, the signed distance, the penetration and the zone: see
    /// [`contact`](crate::contact::contact()).
    #[inline]
    #[must_use]
    pub fn contact(&self, aabb: &Aabb<D>) -> Contact<D> {
        contact(self, aabb)
    }

    /// The vector to add to the centre so that the ball just touches the box (zero when they are
    /// apart): see [`response`](crate::response::response()) for the outside and inside cases. Added in `f32`,
    /// it never leaves the ball overlapping (the push-out contract, same page).
    ///
    /// ```
    /// use ball_aabb::{Circle, Rect, ContactState};
    /// let floor = Rect::new([-10.0, -1.0], [10.0, 0.0]).unwrap();
    /// let sunk = Circle::new([3.0, 0.25], 1.0).unwrap();
    /// assert_eq!(sunk.push_out(&floor), [0.0, 0.75]);
    /// // Ordinary decimals: the sum rounds, the push is rounded outward to make up for it.
    /// let ball = Circle::new([1.62, 1.9], 0.84).unwrap();
    /// let wall = Rect::new([-2.0, -1.0], [2.0, 1.5]).unwrap();
    /// let moved = ball.translated(ball.push_out(&wall)).unwrap();
    /// assert_ne!(moved.contact(&wall).state, ContactState::Overlapping);
    /// ```
    #[inline]
    #[must_use]
    pub fn push_out(&self, aabb: &Aabb<D>) -> [f32; D] {
        response(self, aabb).push
    }
}
