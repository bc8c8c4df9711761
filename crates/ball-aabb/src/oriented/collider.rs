//! A list that mixes aligned and rotated boxes, and the slide through it.

#![forbid(unsafe_code)]

use super::OrientedBox;
use crate::motion::{blocks, move_through, Hit64, Motion, Obstacle, Reaction};
use crate::shape::{Aabb, Ball};

/// A solid the ball can meet: an aligned box or a rotated one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Collider<const D: usize> {
    /// An axis-aligned box.
    Aligned(Aabb<D>),
    /// A rotated box.
    Oriented(OrientedBox<D>),
}

impl<const D: usize> From<Aabb<D>> for Collider<D> {
    fn from(b: Aabb<D>) -> Self {
        Collider::Aligned(b)
    }
}

impl<const D: usize> From<OrientedBox<D>> for Collider<D> {
    fn from(b: OrientedBox<D>) -> Self {
        Collider::Oriented(b)
    }
}

impl<const D: usize> Collider<D> {
    /// Does the ball touch or overlap it? (Touching counts.)
    #[must_use]
    pub fn overlaps(&self, ball: &Ball<D>) -> bool {
        match self {
            Collider::Aligned(b) => ball.overlaps(b),
            Collider::Oriented(o) => o.overlaps(ball),
        }
    }

    /// The push out of it (see [`Ball::push_out`] and [`OrientedBox::push_out`]).
    #[must_use]
    pub fn push_out(&self, ball: &Ball<D>) -> [f32; D] {
        match self {
            Collider::Aligned(b) => ball.push_out(b),
            Collider::Oriented(o) => o.push_out(ball),
        }
    }

    /// The smallest aligned box holding it.
    #[must_use]
    pub fn bounding_aabb(&self) -> Aabb<D> {
        match self {
            Collider::Aligned(b) => *b,
            Collider::Oriented(o) => o.bounding_aabb(),
        }
    }
}

impl<const D: usize> Obstacle<D> for OrientedBox<D> {
    #[inline]
    fn blocking_hit(&self, p: [f64; D], r: f64, d: [f64; D]) -> Option<Hit64<D>> {
        let (world, local) = self.sweep64(p, r, d)?;
        // Whether the motion goes into the box is a question about directions, asked in the box's
        // frame (where the faces a radius-0 ball lies on are the aligned box's).
        let h = self.half64();
        let lo = h.map(|x| -x);
        blocks(&local, &self.local_dir(&d), &lo, &h).then_some(world)
    }
}

impl<const D: usize> Obstacle<D> for Collider<D> {
    #[inline]
    fn blocking_hit(&self, p: [f64; D], r: f64, d: [f64; D]) -> Option<Hit64<D>> {
        match self {
            Collider::Aligned(b) => b.blocking_hit(p, r, d),
            Collider::Oriented(o) => o.blocking_hit(p, r, d),
        }
    }
}

/// [`move_ball`](crate::motion::move_ball) through a list that mixes aligned and rotated boxes: the same
/// loop (sweep everything, stop at the earliest blocking contact, respond, go on), with each rotated
/// box swept in its own frame.
#[must_use]
pub fn move_mixed<const D: usize>(
    ball: &Ball<D>,
    velocity: [f32; D],
    colliders: &[Collider<D>],
    response: Reaction,
) -> Motion<D> {
    move_through(ball, velocity, colliders, response)
}

/// [`slide`](crate::slide) through aligned and rotated boxes: the slide along a tilted face.
///
/// Like [`slide`](crate::slide), it stops motion into a box and does not push out of one. Along a
/// tilted face the end, rounded to `f32`, may lie inside by an ulp; a game loop that chains slides
/// frame after frame ends each frame with [`OrientedRect::push_out`](crate::OrientedRect::push_out) when the ball is
/// strictly inside (as `world::step`'s strategies do), or those ulps add up.
///
/// ```
/// use ball_aabb::{oriented::{slide_mixed, Collider}, Circle, OrientedRect, Rect};
/// // A floor, and a ramp tilted by 45° standing on it further right.
/// let floor = Rect::new([-10.0, -1.0], [10.0, 0.0])?;
/// let ramp = OrientedRect::from_degrees([4.0, 0.0], [2.0, 2.0], 45.0)?;
/// let ball = Circle::new([0.0, 0.5], 0.5)?;
/// let m = slide_mixed(&ball, [4.0, 0.0], &[floor.into(), ramp.into()]);
/// let hit = m.hits().iter().find(|h| h.index == 1).expect("it meets the ramp");
/// let s = 0.5f32.sqrt();
/// assert!((hit.normal[0] + s).abs() < 1e-6 && (hit.normal[1] - s).abs() < 1e-6);
/// // After the hit it slides up along the ramp's face: it rises as much as it advances.
/// assert!((m.velocity[0] - m.velocity[1]).abs() < 1e-5 && m.velocity[1] > 0.0);
/// # Ok::<(), ball_aabb::ShapeError>(())
/// ```
#[must_use]
pub fn slide_mixed<const D: usize>(ball: &Ball<D>, velocity: [f32; D], colliders: &[Collider<D>]) -> Motion<D> {
    move_mixed(ball, velocity, colliders, Reaction::Slide)
}

/// [`bounce`](crate::bounce) through aligned and rotated boxes.
#[must_use]
pub fn bounce_mixed<const D: usize>(
    ball: &Ball<D>,
    velocity: [f32; D],
    colliders: &[Collider<D>],
    restitution: f32,
) -> Motion<D> {
    move_mixed(ball, velocity, colliders, Reaction::Bounce { restitution })
}
