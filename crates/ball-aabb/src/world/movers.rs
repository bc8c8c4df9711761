//! [`Movers`]: moving boxes (platforms, lifts, crushers) — kinematic rectangles that follow a path
//! in time, carry what stands on them and push what is in their way.

#![forbid(unsafe_code)]

use alloc::vec::Vec;
use core::fmt;

use super::{meets, World};
use crate::math::sqrt;
use crate::shape::Rect;

/// How a moving box moves: its offset from where it was built, as a function of the time since
/// (seconds), so the same path is followed at every frame rate.
#[derive(Clone, Debug, PartialEq)]
pub enum Path {
    /// A constant velocity, units a second.
    Velocity([f32; 2]),
    /// Through the offsets `points` (the first is usually `[0, 0]`, where the box was built) and
    /// back, at `speed` units a second, forever: a lift, a platform going to and fro.
    PingPong {
        /// The offsets to pass through, in order.
        points: Vec<[f32; 2]>,
        /// Units a second along the path (`> 0`).
        speed: f32,
    },
    /// Through the offsets `points`, then straight back to the first, at `speed` units a second.
    Loop {
        /// The offsets to pass through, in order.
        points: Vec<[f32; 2]>,
        /// Units a second along the path (`> 0`).
        speed: f32,
    },
}

impl Path {
    /// The offset at time `t` (seconds), in `f64`.
    fn at(&self, t: f64) -> [f64; 2] {
        let (points, speed, closed) = match self {
            Path::Velocity(v) => return [v[0] as f64 * t, v[1] as f64 * t],
            Path::PingPong { points, speed } => (points, *speed as f64, false),
            Path::Loop { points, speed } => (points, *speed as f64, true),
        };
        let p = |k: usize| {
            let q = points[k % points.len()];
            [q[0] as f64, q[1] as f64]
        };
        let segments = if closed { points.len() } else { points.len() - 1 };
        let len = |k: usize| {
            let (a, b) = (p(k), p(k + 1));
            sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]))
        };
        let total: f64 = (0..segments).map(len).sum();
        if total == 0.0 {
            return p(0);
        }
        let period = if closed { total } else { 2.0 * total };
        let mut s = t * speed;
        s -= period * libm_floor(s / period);
        if !closed && s > total {
            s = period - s;
        }
        for k in 0..segments {
            let l = len(k);
            if s <= l || k + 1 == segments {
                let f = if l > 0.0 { (s / l).min(1.0) } else { 0.0 };
                let (a, b) = (p(k), p(k + 1));
                return [a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1])];
            }
            s -= l;
        }
        p(0)
    }

    /// The first problem with the path, as a field name and a description.
    fn check(&self) -> Option<(&'static str, &'static str)> {
        match self {
            Path::Velocity(v) => (!v.iter().all(|x| x.is_finite())).then_some(("velocity", "not finite")),
            Path::PingPong { points, speed } | Path::Loop { points, speed } => {
                if points.is_empty() {
                    Some(("points", "empty"))
                } else if !points.iter().flatten().all(|x| x.is_finite()) {
                    Some(("points", "not finite"))
                } else if !(speed.is_finite() && *speed > 0.0) {
                    Some(("speed", "not finite and positive"))
                } else {
                    None
                }
            }
        }
    }
}

/// `floor(x)` for a finite `x` (no `std` here).
fn libm_floor(x: f64) -> f64 {
    let t = x as i64 as f64;
    if t > x {
        t - 1.0
    } else {
        t
    }
}

/// One moving box: a rectangle (where it is at time 0), its [`Path`], whether it is a one-way
/// platform, and the moving box it rides on, if any (its path is then relative to that one's).
#[derive(Clone, Debug, PartialEq)]
pub struct Mover {
    rect: Rect,
    path: Path,
    one_way: bool,
    parent: Option<usize>,
}

impl Mover {
    /// A solid box at `rect` at time 0, moving along `path`.
    #[must_use]
    pub fn new(rect: Rect, path: Path) -> Self {
        Mover { rect, path, one_way: false, parent: None }
    }

    /// The same box as a one-way platform (see [`World::one_way`]).
    #[must_use]
    pub fn one_way(mut self) -> Self {
        self.one_way = true;
        self
    }

    /// The same box riding on moving box `parent` (an earlier one in the list): its path is added
    /// to that box's.
    #[must_use]
    pub fn riding(mut self, parent: usize) -> Self {
        self.parent = Some(parent);
        self
    }
}

/// Why a list of moving boxes was refused: the box's position in the list and the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoverError {
    /// The box's position in the list.
    pub mover: usize,
    /// The field: `velocity`, `points`, `speed` or `parent`.
    pub field: &'static str,
    /// What is wrong with it.
    pub problem: &'static str,
}

impl fmt::Display for MoverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "moving box {}: {} is {}", self.mover, self.field, self.problem)
    }
}

impl core::error::Error for MoverError {}

/// Moving boxes, as a world ([`World`]; beside a level: [`Layered`](super::Layered)).
///
/// [`Movers::advance`] moves every box to where its path puts it after `dt` more seconds (a box
/// riding on another first takes that one's offset) and remembers what each box's edges moved by:
/// [`World::carry`] then tells a character standing on one how far it was carried. **Order in a
/// frame: the boxes move first, then the characters step** (`movers.advance(dt)`, then
/// `character.step(input, dt, &world)`): a character standing on a box is carried by the box's
/// move before its own; a box that moved into a character pushes it out (the world step's
/// push-out); a character with no room to be pushed into is **crushed** (see
/// [`Event::Crushed`](crate::controller::Event::Crushed)). The boxes are kinematic: nothing a
/// character does changes their path.
///
/// A level has a handful of moving boxes: queries test them one by one (`O(n)`), no broadphase.
/// Balls stepped by [`step`](super::step) are pushed by them but not carried (the world step has
/// no friction).
///
/// ```
/// use ball_aabb::world::{Mover, Movers, Path, World};
/// use ball_aabb::Rect;
/// // A lift one unit wide going up 3 units and back, at 1 unit a second.
/// let lift = Mover::new(Rect::new([0.0, 0.0], [1.0, 0.25])?, Path::PingPong { points: vec![[0.0, 0.0], [0.0, 3.0]], speed: 1.0 });
/// let mut movers = Movers::new(vec![lift])?;
/// movers.advance(0.5);
/// assert_eq!((movers.rect(0).max()[1], movers.carry(0)), (0.75, Some([0.0, 0.5])));
/// movers.advance(3.0); // up to 3, then 0.5 back down
/// assert_eq!(movers.rect(0).min()[1], 2.5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Movers {
    movers: Vec<Mover>,
    /// Seconds since time 0.
    time: f64,
    /// Each box now.
    now: Vec<Rect>,
    /// What each box's left edge and top moved by in the last [`Movers::advance`].
    carry: Vec<[f32; 2]>,
    one_way_count: usize,
}

impl Movers {
    /// The boxes at time 0. Fails, naming the box and the field, on a path that is not finite, has
    /// no point or a speed that is not positive, or a box riding on one that does not come before it.
    pub fn new(movers: Vec<Mover>) -> Result<Self, MoverError> {
        for (i, m) in movers.iter().enumerate() {
            if let Some((field, problem)) = m.path.check() {
                return Err(MoverError { mover: i, field, problem });
            }
            if m.parent.is_some_and(|p| p >= i) {
                return Err(MoverError { mover: i, field: "parent", problem: "not an earlier box in the list" });
            }
        }
        let one_way_count = movers.iter().filter(|m| m.one_way).count();
        let mut out = Movers { now: Vec::new(), carry: Vec::new(), movers, time: 0.0, one_way_count };
        out.now = out.rects_at(0.0);
        out.carry = alloc::vec![[0.0; 2]; out.movers.len()];
        Ok(out)
    }

    /// Moves every box to where it is `dt` seconds later (`dt` not finite or negative: nothing
    /// moves). What each box's edges moved by is its [`World::carry`] until the next call.
    pub fn advance(&mut self, dt: f32) {
        if !(dt.is_finite() && dt >= 0.0) {
            return;
        }
        self.time += dt as f64;
        let next = self.rects_at(self.time);
        for (i, (old, new)) in self.now.iter().zip(&next).enumerate() {
            self.carry[i] = [new.min()[0] - old.min()[0], new.max()[1] - old.max()[1]];
        }
        self.now = next;
    }

    /// Every box at time `t`: its rectangle moved by its offset (a rider's offset added to its
    /// parent's), rounded to `f32` once.
    fn rects_at(&self, t: f64) -> Vec<Rect> {
        let mut offsets: Vec<[f64; 2]> = Vec::with_capacity(self.movers.len());
        for m in &self.movers {
            let mut o = m.path.at(t);
            if let Some(p) = m.parent {
                o = [o[0] + offsets[p][0], o[1] + offsets[p][1]];
            }
            offsets.push(o);
        }
        self.movers
            .iter()
            .zip(&offsets)
            .map(|(m, o)| {
                let shift = |x: f32, k: usize| (x as f64 + o[k]) as f32;
                let (lo, hi) = (m.rect.min(), m.rect.max());
                Rect::new([shift(lo[0], 0), shift(lo[1], 1)], [shift(hi[0], 0), shift(hi[1], 1)]).unwrap_or(m.rect)
            })
            .collect()
    }

    /// How many boxes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.movers.len()
    }

    /// No box at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.movers.is_empty()
    }

    /// Box `i` now.
    ///
    /// # Panics
    /// When `i` is not below [`Movers::len`].
    #[must_use]
    pub fn rect(&self, i: usize) -> Rect {
        self.now[i]
    }

    /// Seconds since time 0.
    #[must_use]
    pub fn time(&self) -> f64 {
        self.time
    }

    /// What box `i`'s left edge and top moved by in the last [`Movers::advance`] (`None` past the
    /// end): the same as [`World::carry`].
    #[must_use]
    pub fn carry(&self, i: usize) -> Option<[f32; 2]> {
        self.carry.get(i).copied()
    }
}

impl World for Movers {
    fn candidates(&self, bounds: &Rect, mut f: impl FnMut(usize, Rect)) {
        for (i, b) in self.now.iter().enumerate() {
            if meets(b, bounds) {
                f(i, *b);
            }
        }
    }

    fn one_way(&self, index: usize) -> bool {
        self.movers.get(index).is_some_and(|m| m.one_way)
    }

    fn any_one_way(&self) -> bool {
        self.one_way_count > 0
    }

    fn clear(&self, bounds: &Rect) -> bool {
        !self.now.iter().any(|b| meets(b, bounds))
    }

    fn carry(&self, index: usize) -> Option<[f32; 2]> {
        Movers::carry(self, index)
    }

    fn any_moving(&self) -> bool {
        !self.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn paths_are_functions_of_time() {
        let pp = Path::PingPong { points: vec![[0.0, 0.0], [4.0, 0.0], [4.0, 3.0]], speed: 2.0 };
        // Length 7: out in 3.5 s, back in 3.5 s.
        assert_eq!(pp.at(1.0), [2.0, 0.0]);
        assert_eq!(pp.at(3.0), [4.0, 2.0]);
        assert_eq!(pp.at(4.0), [4.0, 2.0]); // on the way back
        assert_eq!(pp.at(7.0), [0.0, 0.0]);
        assert_eq!(pp.at(8.0), [2.0, 0.0]);
        let lp = Path::Loop { points: vec![[0.0, 0.0], [3.0, 0.0], [3.0, 4.0]], speed: 1.0 };
        // Length 3 + 4 + 5 = 12, then again.
        assert_eq!(lp.at(3.0), [3.0, 0.0]);
        assert_eq!(lp.at(9.5), [1.5, 2.0]);
        assert_eq!(lp.at(12.0), [0.0, 0.0]);
        assert_eq!(Path::Velocity([1.0, -2.0]).at(0.5), [0.5, -1.0]);
        assert_eq!(Path::PingPong { points: vec![[1.0, 1.0]], speed: 1.0 }.at(5.0), [1.0, 1.0]);
    }

    #[test]
    fn bad_paths_name_the_box_and_the_field() {
        let r = Rect::new([0.0, 0.0], [1.0, 1.0]).unwrap();
        let still = Mover::new(r, Path::Velocity([0.0, 0.0]));
        let bad = [
            (Mover::new(r, Path::Velocity([f32::NAN, 0.0])), "velocity"),
            (Mover::new(r, Path::Loop { points: vec![], speed: 1.0 }), "points"),
            (Mover::new(r, Path::PingPong { points: vec![[0.0, f32::INFINITY]], speed: 1.0 }), "points"),
            (Mover::new(r, Path::PingPong { points: vec![[0.0, 0.0]], speed: 0.0 }), "speed"),
            (Mover::new(r, Path::Velocity([0.0, 0.0])).riding(1), "parent"),
        ];
        for (m, field) in bad {
            let e = Movers::new(vec![still.clone(), m]).unwrap_err();
            assert_eq!((e.mover, e.field), (1, field), "{e}");
        }
    }

    #[test]
    fn a_rider_box_adds_its_parents_path_and_carries_the_sum() {
        let r = Rect::new([0.0, 0.0], [2.0, 0.5]).unwrap();
        let base = Mover::new(r, Path::Velocity([1.0, 0.0]));
        let top = Mover::new(Rect::new([0.5, 0.5], [1.5, 1.0]).unwrap(), Path::Velocity([0.0, 0.5])).riding(0);
        let mut m = Movers::new(vec![base, top]).unwrap();
        m.advance(0.5);
        assert_eq!(m.rect(1).min(), [1.0, 0.75]);
        assert_eq!(m.carry(1), Some([0.5, 0.25]));
        assert_eq!(m.carry(0), Some([0.5, 0.0]));
        m.advance(f32::NAN);
        assert_eq!(m.time(), 0.5);
    }
}
