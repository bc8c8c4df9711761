//! The controller's probes of the world: the character's moves through the world step, where its
//! feet stand ([`Ctx::probe`]: the flat-foot support and the snap down), and climbing a ledge
//! ([`Ctx::step_up`]).

#![forbid(unsafe_code)]

use super::passable::Passable;
use super::Config;
use crate::contact::closest_point;
use crate::math::sqrt;
use crate::shape::{Circle, Rect};
use crate::world::{self, Params, Step, World};

/// Straight up: the normal of every box top.
pub(super) const UP: [f32; 2] = [0.0, 1.0];

/// The centre's height for a ball of radius `r` standing on a top at `top`: the lowest `f32` whose
/// ball does not reach below `top` (`y − r ≥ top` in exact arithmetic). That is `top + r` rounded
/// up where rounding to nearest would sink the ball by a fraction of an ulp — which the sweep, exact
/// on the `f32` inputs, would see: at the next real corner at the floor's height (a gap's far side,
/// a ledge's edge) the sunk ball hits it head-on, with a normal tilted by ~10⁻⁴, and is nudged up.
///
/// ```
/// use ball_aabb::controller::standing_height;
/// assert_eq!(standing_height(2.0, 0.4), 2.4); // 2.4f32 − 0.4f32 ≥ 2 exactly
/// let y = standing_height(1.0, 0.4); // 1.4f32 − 0.4f32 = 1 − 3·10⁻⁸: one ulp up
/// assert!(y > 1.4 && (y as f64) - (0.4f32 as f64) >= 1.0);
/// ```
#[must_use]
pub fn standing_height(top: f32, r: f32) -> f32 {
    let mut y = top + r;
    for _ in 0..4 {
        if !y.is_finite() || y as f64 - r as f64 >= top as f64 {
            break;
        }
        y = y.next_up();
    }
    y
}

/// Where the character stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Ground {
    /// The centre's height standing there.
    pub center_y: f32,
    /// The ground normal: [`UP`] on a box top, tilted on a box corner.
    pub normal: [f32; 2],
    /// The height of the box top (or corner) it stands on.
    pub top: f32,
    /// Every box it stands on is one-way (so down + jump drops through).
    pub one_way_only: bool,
    /// A rotated box holds it up (a ramp's face): the run follows the ground's tangent.
    pub tilted: bool,
    /// A moving box it stands on (see [`World::carry`]): it carries the character next step.
    pub carrier: Option<usize>,
}

/// The highest exposed box top under the feet ([`Ctx::flat_top`]): its height, whether every box
/// with that top is one-way, and a moving box among them.
#[derive(Clone, Copy, Debug, PartialEq)]
struct FlatTop {
    top: f32,
    one_way_only: bool,
    carrier: Option<usize>,
}

/// What one step's probes share: the world, the tunables, the ball's radius, the platform being
/// dropped through.
pub(super) struct Ctx<'a, W> {
    pub world: &'a W,
    pub config: &'a Config,
    pub params: Params,
    pub radius: f32,
    pub drop_top: Option<f32>,
    /// The moving box carrying the character, left out of the carry's move.
    pub except: Option<usize>,
}

impl<W: World> Ctx<'_, W> {
    /// The contact tolerance at `center` (see [`Params::tolerance`]).
    pub fn tol(&self, center: [f32; 2]) -> f32 {
        self.params.tolerance(center, self.radius)
    }

    /// The world as a move starting at `center` sees it (one-way boxes above the feet left out).
    fn passable(&self, center: [f32; 2]) -> Passable<'_, W> {
        Passable::new(self.world, center[1] - self.radius, self.tol(center), self.drop_top, self.except)
    }

    /// One world step of the ball at `center` by `d` (no gravity: the controller applied it).
    pub fn move_ball(&self, center: [f32; 2], d: [f32; 2]) -> Step {
        let ball = Circle::new(center, self.radius).unwrap_or_else(|_| Circle::new([0.0; 2], 0.0).expect("zero ball"));
        world::step(self.config.strategy, &ball, d, &self.passable(center), &self.params)
    }

    /// The highest exposed box top under the ball's width `[cx − r, cx + r]` (touching ends count
    /// when `closed`) between `max_drop + tol` below the feet and `tol` above them; and whether every
    /// box with that top is one-way. A top is exposed when no other box covers it (stacked wall
    /// tiles have none but the highest).
    fn flat_top(&self, center: [f32; 2], max_drop: f32, closed: bool, tol: f32) -> Option<FlatTop> {
        let (cx, r) = (center[0], self.radius);
        let feet = center[1] - r;
        let (lo, hi) = (feet - max_drop - tol, feet + tol);
        let query = Rect::new([cx - r, lo], [cx + r, hi]).ok()?;
        let pass = self.passable(center);
        let mut best: Option<FlatTop> = None;
        pass.candidates(&query, |i, b| {
            let (top, x0, x1) = (b.max()[1], b.min()[0], b.max()[0]);
            let under = if closed { x0 <= cx + r && x1 >= cx - r } else { x0 < cx + r && x1 > cx - r };
            if top < lo || top > hi || !under || best.is_some_and(|f| top < f.top) {
                return;
            }
            if pass.solid_beyond([cx.clamp(x0, x1), top], 1, true, i) {
                return; // covered by the box above it
            }
            let one_way = self.world.one_way(i);
            let moving = self.world.carry(i).map(|_| i);
            best = Some(match best {
                Some(f) if f.top == top => {
                    FlatTop { one_way_only: f.one_way_only && one_way, carrier: f.carrier.or(moving), ..f }
                }
                _ => FlatTop { top, one_way_only: one_way, carrier: moving },
            });
        });
        best
    }

    /// The ground the ball at `center` rests on by touch, from the boxes within `r + tol` of the
    /// centre, each with its outward normal `n = (c − q)/|c − q|` from its closest point `q`:
    ///
    /// - the normals pointing up (`n.y > 0`) sum to a direction that counts as ground: a box
    ///   corner the ball sits on (the ground normal is that sum, normalised);
    /// - or the ball is **wedged**: some of those normals lean right (`n.x ≥ 0`) and some left
    ///   (`n.x ≤ 0`), none pointing down (`n.y ≥ 0`), one at least pointing up — so "up" lies between
    ///   them and together they hold the ball against gravity, though each alone is too steep (a
    ///   gap a little narrower than the ball; a corner with a wall beside it). Counted as ground, so
    ///   the character can jump out instead of being stuck in the air.
    ///
    /// Rotated boxes take part the same way, their closest point and offset computed in the box's
    /// frame: the face of a ramp tilted by less than the floor's max angle is ground, its normal the
    /// face's; a steeper face is a wall.
    fn touching(&self, center: [f32; 2], tol: f32) -> Option<Ground> {
        let r = self.radius as f64;
        let reach = self.radius + tol;
        let query = Rect::new([center[0] - reach, center[1] - reach], [center[0] + reach, center[1] + reach]).ok()?;
        let pass = self.passable(center);
        let (mut sum, mut top, mut one_way_only) = ([0.0f64; 2], f32::MIN, true);
        let (mut up, mut right, mut left, mut tilted) = (false, false, false, false);
        let mut carrier = None;
        // One contact: `q` the closest point, `w` from it to the centre; `one_way` for a one-way box's
        // top (rotated boxes are always solid), `turned` for a rotated box, `moving` a moving box.
        let mut touch = |q_y: f32, w: [f64; 2], one_way: bool, turned: bool, moving: Option<usize>| {
            let dist = sqrt(w[0] * w[0] + w[1] * w[1]);
            if dist == 0.0 || dist > r + tol as f64 || w[1] < 0.0 {
                return;
            }
            (right, left) = (right || w[0] >= 0.0, left || w[0] <= 0.0);
            if w[1] > 0.0 {
                (sum[0], sum[1]) = (sum[0] + w[0] / dist, sum[1] + w[1] / dist);
                top = top.max(q_y);
                one_way_only &= one_way;
                up = true;
                tilted |= turned;
                carrier = carrier.or(moving);
            }
        };
        pass.candidates(&query, |i, b| {
            let q = closest_point(&center, &b);
            let w = [center[0] as f64 - q[0] as f64, center[1] as f64 - q[1] as f64];
            touch(q[1], w, self.world.one_way(i), false, self.world.carry(i).map(|_| i));
        });
        pass.oriented(&query, |_, o| {
            let (q, w) = o.closest_and_offset(&center);
            touch(q[1] as f32, w, false, true, None);
        });
        let len = sqrt(sum[0] * sum[0] + sum[1] * sum[1]);
        if !up || len == 0.0 {
            return None;
        }
        let normal = [(sum[0] / len) as f32, (sum[1] / len) as f32];
        let wedged = right && left;
        (normal[1] >= self.config.floor_min_normal_y || wedged).then_some(Ground {
            center_y: center[1],
            normal,
            top,
            one_way_only,
            tilted,
            carrier,
        })
    }

    /// Where the character at `center` stands, looking down at most `max_drop`:
    ///
    /// 1. **flat foot**: the highest exposed box top under the ball's width, within the tolerance of
    ///    its feet: it stands there (the centre is put at [`standing_height`], so a run along a floor
    ///    keeps one height exactly);
    /// 2. **touch**: else the boxes it touches hold it up (a corner, a wedge: see
    ///    [`Ctx::touching`]);
    /// 3. **snap** (`max_drop > 0`): else the ball is swept down by `max_drop`; if it can descend to
    ///    the highest such top within `max_drop` (the sweep's first contact, if any, is at or below
    ///    that height), it stands on it; else where the sweep first touches, if what it touches
    ///    there holds it up;
    /// 4. else nothing.
    pub fn probe(&self, center: [f32; 2], max_drop: f32, closed: bool) -> Option<Ground> {
        let r = self.radius;
        let tol = self.tol(center);
        let feet = center[1] - r;
        let flat = self.flat_top(center, max_drop, closed, tol);
        let on_top = |f: FlatTop| Ground {
            center_y: standing_height(f.top, r),
            normal: UP,
            top: f.top,
            one_way_only: f.one_way_only,
            tilted: false,
            carrier: f.carrier,
        };
        if let Some(f) = flat.filter(|f| f.top >= feet - tol) {
            return Some(on_top(f));
        }
        if let Some(g) = self.touching(center, tol) {
            return Some(g);
        }
        if max_drop <= 0.0 {
            return None;
        }
        let s = self.move_ball(center, [0.0, -max_drop]);
        let first = s.contacts().first().copied();
        if let Some(f) = flat {
            if first.is_none_or(|c| c.center[1] <= f.top + r + tol) {
                return Some(on_top(f));
            }
        }
        let at = first?.center;
        self.touching(at, self.tol(at))
    }

    /// Rapier's autostep for a ball on the ground at `start` whose horizontal move by `dx` was
    /// blocked at `blocked_x`: move up by at most `max_step_height`, across by `dx`, then down onto
    /// ground ([`Ctx::probe`]) higher than the feet were but at most `max_step_height` higher.
    /// Taken only when it gets further than the blocked move did. Returns the new centre and the
    /// ground there.
    pub fn step_up(&self, start: [f32; 2], dx: f32, blocked_x: f32) -> Option<([f32; 2], Ground)> {
        let h = self.config.max_step_height;
        if h == 0.0 || dx == 0.0 {
            return None;
        }
        let tol = self.tol(start);
        let feet = start[1] - self.radius;
        let up = self.move_ball(start, [0.0, h]);
        let rise = up.end[1] - start[1];
        if rise <= tol || up.end[0] != start[0] {
            // A ceiling right above; or a corner above turned the way up sideways, which would
            // carry the character along it on top of the run's step: no room to climb there.
            return None;
        }
        let across = self.move_ball(up.end, [dx, 0.0]);
        let ahead = |x: f32| (x - start[0]) * dx.signum();
        if ahead(across.end[0]) <= ahead(blocked_x) + tol {
            return None; // blocked up there too: a wall, not a ledge
        }
        let ground = self.probe(across.end, rise + tol, true)?;
        let climbed = ground.top - feet;
        (climbed > tol && climbed <= h + tol).then_some(([across.end[0], ground.center_y], ground))
    }
}
