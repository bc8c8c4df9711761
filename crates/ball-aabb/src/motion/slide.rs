//! Moving a ball through several boxes: sweep, stop at the first blocking contact, slide along it or
//! bounce off it, go on with the rest of the move — a bounded number of times, without allocating.

#![forbid(unsafe_code)]

use super::hit::{saturating_f32, Hit, Hit64};
use super::log::NoLog;
use super::sweep::sweep_core;
use crate::shape::{Aabb, Ball};

/// The most contacts one call of [`move_ball`] handles. Each iteration sweeps what is left of the
/// move against every box and stops at the first contact that blocks it.
///
/// When the iterations run out before the move is done (a ball wedged between boxes whose normals
/// keep turning it back), the ball **stays where the last contact left it**, [`Motion::velocity`] is
/// the velocity after that contact's response (kept, not zeroed: the next frame tries again from a
/// position that does not penetrate), and [`Motion::unused`] tells how much of the move was not made.
pub const MAX_ITERATIONS: usize = 8;

/// A contact with `v·n` above `-BLOCK_TOLERANCE·|v|` is treated as tangent: it does not block. After
/// a slide along a curved edge or corner the velocity is tangent up to rounding (~1e-16), and the
/// next contact's normal is recomputed from a rounded centre; without this margin that noise would
/// spend iterations on zero-length stops.
const BLOCK_TOLERANCE: f64 = 1e-9;

/// What to do with the velocity at a blocking contact.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Reaction {
    /// Remove the velocity's component into the normal: `v ← v − min(v·n, 0)·n`.
    Slide,
    /// Reflect it, scaled by the restitution: `v ← v − (1 + e)·min(v·n, 0)·n`. `e = 0` is
    /// [`Reaction::Slide`], `e = 1` a perfect mirror. `e` is clamped to `[0, 1]`, NaN counts as 0.
    Bounce {
        /// The restitution `e`.
        restitution: f32,
    },
}

/// The result of [`move_ball`]: where the ball went, what it hit, and the velocity it leaves with.
/// The hits are stored inline (at most [`MAX_ITERATIONS`]): a call allocates nothing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Motion<const D: usize> {
    /// The centre at the start.
    pub start: [f32; D],
    /// The centre at the end.
    pub end: [f32; D],
    /// The velocity to carry into the next frame: the input velocity after every contact's response
    /// (zero after a head-on stop with [`Reaction::Slide`]; unchanged when nothing was hit).
    pub velocity: [f32; D],
    hits: [Hit<D>; MAX_ITERATIONS],
    len: usize,
    unused: f32,
}

impl<const D: usize> Motion<D> {
    /// Every blocking contact, in order (`t` non-decreasing).
    #[must_use]
    pub fn hits(&self) -> &[Hit<D>] {
        &self.hits[..self.len]
    }

    /// The fraction of the move not made because [`MAX_ITERATIONS`] ran out (0 normally).
    #[must_use]
    pub fn unused(&self) -> f32 {
        self.unused
    }

    /// Was the whole move made (the iterations did not run out)?
    #[must_use]
    pub fn completed(&self) -> bool {
        self.unused == 0.0
    }
}

#[cfg(feature = "serde")]
impl<const D: usize> serde::Serialize for Motion<D>
where
    [f32; D]: serde::Serialize,
{
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let mut st = s.serialize_struct("Motion", 5)?;
        st.serialize_field("start", &self.start)?;
        st.serialize_field("end", &self.end)?;
        st.serialize_field("velocity", &self.velocity)?;
        st.serialize_field("hits", self.hits())?;
        st.serialize_field("unused", &self.unused)?;
        st.end()
    }
}

/// Moves a ball by `velocity` through `boxes`, sliding along what it hits.
///
/// [`move_ball`] with [`Reaction::Slide`]: at each blocking contact the velocity loses its component
/// into the normal and the rest of the move continues along the surface.
///
/// ```
/// use ball_aabb::{slide, Circle, Rect};
/// // A floor of three unit tiles, flush, and a ball resting on it moving right and down.
/// let tiles: Vec<Rect> = (0..3).map(|i| Rect::new([i as f32, -1.0], [i as f32 + 1.0, 0.0]).unwrap()).collect();
/// let ball = Circle::new([0.5, 0.5], 0.5)?;
/// let m = slide(&ball, [2.0, -1.0], &tiles);
/// assert_eq!(m.end, [2.5, 0.5]); // rolled across the seams, on top of the floor
/// assert_eq!(m.velocity, [2.0, 0.0]); // the downward part was removed
/// assert_eq!(m.hits().len(), 1); // once, at t = 0, on tile 0
/// assert_eq!((m.hits()[0].index, m.hits()[0].t, m.hits()[0].normal), (0, 0.0, [0.0, 1.0]));
/// # Ok::<(), ball_aabb::ShapeError>(())
/// ```
#[must_use]
pub fn slide<const D: usize>(ball: &Ball<D>, velocity: [f32; D], boxes: &[Aabb<D>]) -> Motion<D> {
    move_ball(ball, velocity, boxes, Reaction::Slide)
}

/// Moves a ball by `velocity` through `boxes`, bouncing off what it hits with the given restitution
/// (clamped to `[0, 1]`): [`move_ball`] with [`Reaction::Bounce`].
///
/// ```
/// use ball_aabb::{bounce, Circle, Rect};
/// let wall = Rect::new([10.0, -5.0], [11.0, 5.0])?;
/// let ball = Circle::new([0.0, 0.0], 1.0)?;
/// // It reaches x = 9 after 0.45 of the move and comes back for the remaining 0.55 at full speed.
/// let m = bounce(&ball, [20.0, 0.0], &[wall], 1.0);
/// assert_eq!((m.end, m.velocity), ([-2.0, 0.0], [-20.0, 0.0]));
/// assert_eq!(m.hits()[0].t, 0.45);
/// // Half the speed back: 9 − 0.55·10.
/// assert_eq!(bounce(&ball, [20.0, 0.0], &[wall], 0.5).end, [3.5, 0.0]);
/// # Ok::<(), ball_aabb::ShapeError>(())
/// ```
#[must_use]
pub fn bounce<const D: usize>(ball: &Ball<D>, velocity: [f32; D], boxes: &[Aabb<D>], restitution: f32) -> Motion<D> {
    move_ball(ball, velocity, boxes, Reaction::Bounce { restitution })
}

/// Does this contact stop a motion along `d`?
///
/// Normally when the motion goes into the normal: `d·n < 0` (beyond a tiny tolerance). On the flat
/// and rounded surfaces of a ball of radius `r > 0` the normal is unique and this is exact: a contact
/// with `d·n ≥ 0` (moving away, or along the surface — a ball resting on a floor and rolling) leaves
/// the ball outside the rounded box's interior, so it does not block.
///
/// A radius-0 ball on the box's boundary meets a cone of normals at an edge or corner (the reported
/// normal is one of them). There it blocks only when the motion goes into the box through *every*
/// face the point lies on (for a face of no thickness: crosses it) — so a point rolling along a floor
/// of flush tiles is not stopped by the next tile's corner, which it only grazes.
#[inline]
pub(crate) fn blocks<const D: usize>(h: &Hit64<D>, d: &[f64; D], lo: &[f64; D], hi: &[f64; D]) -> bool {
    let speed = crate::math::sqrt(d.iter().map(|x| x * x).sum::<f64>());
    let tol = BLOCK_TOLERANCE * speed;
    if h.cone {
        let mut any = false;
        for i in 0..D {
            let p = h.point[i];
            let (on_lo, on_hi) = (p == lo[i], p == hi[i]);
            let enters = match (on_lo, on_hi) {
                (true, true) => d[i].abs() > tol,
                (true, false) => d[i] > tol,
                (false, true) => d[i] < -tol,
                (false, false) => continue,
            };
            if !enters {
                return false;
            }
            any = true;
        }
        return any;
    }
    let dn: f64 = (0..D).map(|i| d[i] * h.normal[i]).sum();
    dn < -tol
}

/// Moves a ball by `velocity` (the displacement of the whole move, e.g. one frame's) through
/// `boxes`, responding to each blocking contact as `response` says.
///
/// Up to [`MAX_ITERATIONS`] times: sweep what is left of the move against every box (brute force;
/// see [`sweep`](super::sweep())), take the earliest blocking contact (ties: the lowest index), move
/// the centre there, change the velocity (slide: `v ← v − min(v·n, 0)·n`; bounce:
/// `v ← v − (1 + e)·min(v·n, 0)·n`) and continue with the remaining fraction of the move at the new
/// velocity. The boxes do not move.
///
/// A contact does **not** block when the motion does not go into it (`v·n ≥ 0`, see the module
/// docs): that box is skipped for that iteration. (For a radius-0 ball on an edge or corner of a
/// box, where the normal is not unique, it blocks only when the motion goes into the box through
/// every face the point lies on; a face of no thickness blocks when crossed.) This is what lets a
/// ball resting on a floor roll
/// along it, across the seams of flush tiles, and leave a wall it touches.
///
/// The slide does not push a ball out of a box it starts inside: it stops motion *into* boxes.
///
/// Non-finite `velocity`: no motion (`end = start`), zero velocity, no hits. Coordinates beyond the
/// range of `f32` saturate at `±f32::MAX`.
///
/// ```
/// use ball_aabb::{motion::Reaction, Circle, Rect, motion::move_ball};
/// // An inner corner: a floor and a wall standing on it. A ball dropping diagonally ends in it.
/// let floor = Rect::new([-10.0, -1.0], [10.0, 0.0])?;
/// let wall = Rect::new([2.0, 0.0], [3.0, 10.0])?;
/// let ball = Circle::new([0.0, 3.0], 0.5)?;
/// let m = move_ball(&ball, [4.0, -4.0], &[floor, wall], Reaction::Slide);
/// assert_eq!(m.end, [1.5, 0.5]);
/// assert_eq!(m.velocity, [0.0, 0.0]);
/// let order: Vec<usize> = m.hits().iter().map(|h| h.index).collect();
/// assert_eq!(order, [1, 0]); // the wall at t = 0.375, then the floor at t = 0.625
/// assert_eq!((m.hits()[0].t, m.hits()[1].t), (0.375, 0.625));
/// # Ok::<(), ball_aabb::ShapeError>(())
/// ```
#[must_use]
pub fn move_ball<const D: usize>(
    ball: &Ball<D>,
    velocity: [f32; D],
    boxes: &[Aabb<D>],
    response: Reaction,
) -> Motion<D> {
    move_through(ball, velocity, boxes, response)
}

/// Something a moving ball can be stopped by: an aligned box, an oriented one, either.
pub(crate) trait Obstacle<const D: usize> {
    /// The sweep of a ball at `p` with radius `r` moved by `d`, in `f64`, when its hit blocks the
    /// motion (see [`blocks`]); `None` otherwise.
    fn blocking_hit(&self, p: [f64; D], r: f64, d: [f64; D]) -> Option<Hit64<D>>;
}

impl<const D: usize> Obstacle<D> for Aabb<D> {
    #[inline]
    fn blocking_hit(&self, p: [f64; D], r: f64, d: [f64; D]) -> Option<Hit64<D>> {
        let (lo, hi) = (self.min().map(|x| x as f64), self.max().map(|x| x as f64));
        let h = sweep_core(p, r, d, lo, hi, 1.0, &mut NoLog)?;
        blocks(&h, &d, &lo, &hi).then_some(h)
    }
}

/// [`move_ball`]'s body for any kind of obstacle (aligned boxes, or the mixed list of
/// [`slide_mixed`](crate::oriented::slide_mixed)).
pub(crate) fn move_through<const D: usize, T: Obstacle<D>>(
    ball: &Ball<D>,
    velocity: [f32; D],
    boxes: &[T],
    response: Reaction,
) -> Motion<D> {
    let start = ball.center();
    let mut motion =
        Motion { start, end: start, velocity: [0.0; D], hits: [Hit::EMPTY; MAX_ITERATIONS], len: 0, unused: 0.0 };
    if !velocity.iter().all(|x| x.is_finite()) {
        return motion;
    }
    let e = match response {
        Reaction::Slide => 0.0,
        Reaction::Bounce { restitution } if restitution > 0.0 => (restitution as f64).min(1.0),
        Reaction::Bounce { .. } => 0.0,
    };
    let r = ball.radius() as f64;
    let mut p = start.map(|x| x as f64);
    let mut u = velocity.map(|x| x as f64);
    let mut time = 0.0f64; // fraction of the move done
    for _ in 0..MAX_ITERATIONS {
        let rest = 1.0 - time;
        if u.iter().all(|&x| x == 0.0) {
            time = 1.0; // nothing left to move
            break;
        }
        let d = u.map(|x| x * rest);
        // The earliest blocking contact among all boxes (ties: the lowest index).
        let mut best: Option<(usize, Hit64<D>)> = None;
        for (index, b) in boxes.iter().enumerate() {
            let Some(h) = b.blocking_hit(p, r, d) else { continue };
            if best.as_ref().is_some_and(|(_, bh)| h.t >= bh.t) {
                continue;
            }
            best = Some((index, h));
        }
        let Some((index, h)) = best else {
            for i in 0..D {
                p[i] += d[i];
            }
            time = 1.0;
            break;
        };
        p = h.center;
        time += rest * h.t;
        motion.hits[motion.len] = Hit {
            index,
            t: time as f32,
            center: p.map(saturating_f32),
            point: h.point.map(saturating_f32),
            normal: h.normal.map(|x| x as f32),
            feature: h.feature,
            initial: h.initial,
        };
        motion.len += 1;
        let un: f64 = (0..D).map(|i| u[i] * h.normal[i]).sum();
        if un < 0.0 {
            for (ui, ni) in u.iter_mut().zip(h.normal) {
                *ui -= (1.0 + e) * un * ni;
            }
        }
    }
    motion.end = p.map(saturating_f32);
    motion.velocity = u.map(saturating_f32);
    motion.unused = (1.0 - time).max(0.0) as f32;
    motion
}
