//! The questions of [`queries`](crate::Ball::overlaps) for a rotated box: overlap, contact,
//! push-out and sweep, each one the aligned answer in the box's frame, turned back.

#![forbid(unsafe_code)]
// Several arrays indexed in step: the loops read as the formulas (Rᵀ v, centre + R u).
#![allow(clippy::needless_range_loop)]

use super::OrientedBox;
use crate::contact::{Contact, ContactState};
use crate::math::sqrt;
use crate::motion::{sweep_core, Hit, Hit64, NoLog};
use crate::response::{sign_of, ulp_bits, Face, PushCase, PushOut};
use crate::shape::Ball;

/// The aligned clamp in the box's frame, in `f64`: closest point, offset, `|offset|²`, zone.
#[inline(always)]
fn clamp_local<const D: usize>(p: &[f64; D], h: &[f64; D]) -> ([f64; D], f64, u32) {
    let mut s = *p;
    let mut d2 = 0.0;
    let (mut zone, mut place) = (0u32, 1u32);
    for i in 0..D {
        s[i] = if p[i] < -h[i] {
            -h[i]
        } else if p[i] > h[i] {
            h[i]
        } else {
            p[i]
        };
        let e = p[i] - s[i];
        d2 += e * e;
        zone += (1 + (p[i] > h[i]) as u32 - (p[i] < -h[i]) as u32) * place;
        place *= 3;
    }
    (s, d2, zone)
}

/// The least-penetrated face of a point in `[−h, h]` and the distance to it (ties to the first of
/// x-min, x-max, y-min, …, as [`nearest_face`](crate::response::nearest_face)).
#[inline(always)]
fn nearest_face_local<const D: usize>(p: &[f64; D], h: &[f64; D]) -> (Face, f64) {
    let mut best = (Face { axis: 0, upper: false }, p[0] + h[0]);
    for i in 0..D {
        for (upper, d) in [(false, p[i] + h[i]), (true, h[i] - p[i])] {
            if d < best.1 {
                best = (Face { axis: i, upper }, d);
            }
        }
    }
    best
}

impl<const D: usize> OrientedBox<D> {
    /// Does the ball touch or overlap the rotated box? Touching counts.
    ///
    /// The centre is moved into the box's frame in `f64` and clamped to `[−h, h]` there; the squared
    /// distance is compared with `r²` in `f64` — the registry's `clamp` test, on the moved centre.
    /// The same verdict as [`OrientedBox::contact`]'s state.
    ///
    /// ```
    /// use ball_aabb::{Circle, OrientedRect};
    /// let diamond = OrientedRect::from_degrees([0.0, 0.0], [1.0, 1.0], 45.0)?; // corners at distance √2
    /// assert!(Circle::new([1.9, 0.0], 0.5)?.overlaps_oriented(&diamond)); // the corner (√2, 0)
    /// assert!(!Circle::new([1.2, 1.2], 0.5)?.overlaps_oriented(&diamond)); // face at 1, centre at 1.70
    /// # Ok::<(), ball_aabb::ShapeError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn overlaps(&self, ball: &Ball<D>) -> bool {
        let p = self.local_of(&ball.center());
        let (_, d2, _) = clamp_local(&p, &self.half64());
        let r = ball.radius() as f64;
        d2 <= r * r
    }

    /// Strict overlap (touching does not count): the centre strictly inside the box, or closer than
    /// `r` to it — the judge of the push-out contract, decided as [`OrientedBox::contact`] decides
    /// [`ContactState::Overlapping`].
    #[inline]
    #[must_use]
    pub fn overlaps_strictly(&self, ball: &Ball<D>) -> bool {
        self.overlapping_at(&ball.center(), ball.radius() as f64)
    }

    #[inline(always)]
    fn overlapping_at(&self, c: &[f32; D], r: f64) -> bool {
        let p = self.local_of(c);
        let h = self.half64();
        let (_, d2, _) = clamp_local(&p, &h);
        let inside = (0..D).all(|i| -h[i] < p[i] && p[i] < h[i]);
        d2 < r * r || inside
    }

    /// The closest point (world), signed distance, penetration, state and zone (in the box's frame):
    /// [`contact`](crate::contact::contact()) on the centre moved into the box's frame, the closest
    /// point turned back. The same [`Contact`] as for an aligned box; the centre as the box sees it
    /// is [`OrientedBox::to_box_frame`] of the centre (the value this contact was decided on, rounded),
    /// and the closest point there that point clamped to [`OrientedBox::local_aabb`].
    ///
    /// ```
    /// use ball_aabb::{Circle, OrientedRect, ContactState};
    /// let b = OrientedRect::from_degrees([0.0, 0.0], [2.0, 1.0], 180.0)?;
    /// let k = b.contact(&Circle::new([5.0, 5.0], 5.0)?); // 3-4-5 from the corner (2, 1)
    /// assert_eq!((k.closest, k.distance, k.state), ([2.0, 1.0], 5.0, ContactState::Touching));
    /// assert_eq!(k.zone, 0); // the box's own bottom-left zone
    /// assert_eq!(b.to_box_frame([5.0, 5.0]), [-5.0, -5.0]); // the centre as the box sees it
    /// # Ok::<(), ball_aabb::ShapeError>(())
    /// ```
    #[must_use]
    pub fn contact(&self, ball: &Ball<D>) -> Contact<D> {
        let p = self.local_of(&ball.center());
        let h = self.half64();
        let r = ball.radius() as f64;
        let (s, d2, zone) = clamp_local(&p, &h);
        let (distance, state) = if d2 > 0.0 {
            let state = match d2.partial_cmp(&(r * r)) {
                Some(core::cmp::Ordering::Less) => ContactState::Overlapping,
                Some(core::cmp::Ordering::Equal) => ContactState::Touching,
                _ => ContactState::Separated,
            };
            (sqrt(d2), state)
        } else {
            let (_, depth) = nearest_face_local(&p, &h);
            let d = -depth;
            (d, if d < r { ContactState::Overlapping } else { ContactState::Touching })
        };
        let penetration = if state == ContactState::Overlapping { (r - distance) as f32 } else { 0.0 };
        Contact { closest: self.world_point(&s).map(|x| x as f32), distance: distance as f32, penetration, state, zone }
    }

    /// The push-out: [`response`](crate::response::response())'s construction in the box's frame (outside:
    /// away from the closest point; inside: out through the least-penetrated face, ties to the box's
    /// own x-min, x-max, y-min, …), turned back to world coordinates and rounded to `f32`.
    ///
    /// # The push-out contract, in world coordinates
    /// As for the aligned box (see [`response`](mod@crate::response)'s module docs), the push is rounded
    /// outward, along the sign of each of its world components, by the few ulps it takes so that
    /// `ball.translated(push)` — the sum taken in `f32` — does **not** overlap the box as
    /// [`OrientedBox::overlaps_strictly`] judges it (the same `f64` frame change as every query
    /// here). A push that already leaves the ball touching is returned unchanged (exact cases stay
    /// exact: at multiples of 90° on dyadic inputs it is the aligned push, turned). The rounding
    /// steps double until the test passes, so the guarantee holds by construction wherever the sum
    /// does not overflow. `tests/oriented.rs` measures the gap it leaves on 10⁶ ordinary-decimal
    /// cases per dimension (random angles and quaternions, a tenth of the 2D ones at right angles):
    /// the widest is 3 ulps of the scene's largest coordinate in 2D and in 3D, as for the aligned
    /// box; the test asserts at most 8 (one more doubling round than the aligned box ever needs).
    ///
    /// ```
    /// use ball_aabb::{Circle, OrientedRect, response::PushCase};
    /// let b = OrientedRect::from_degrees([0.0, 0.0], [4.0, 4.0], 90.0)?;
    /// let r = b.response(&Circle::new([5.0, 0.0], 3.0)?);
    /// assert_eq!((r.case, r.push), (PushCase::Outside, [2.0, 0.0]));
    /// # Ok::<(), ball_aabb::ShapeError>(())
    /// ```
    #[must_use]
    pub fn response(&self, ball: &Ball<D>) -> PushOut<D> {
        let c = ball.center();
        let p = self.local_of(&c);
        let h = self.half64();
        let r = ball.radius() as f64;
        let (s, d2, _) = clamp_local(&p, &h);
        let mut u = [0.0f64; D];
        let (case, face, dir) = if d2 > 0.0 {
            let len = sqrt(d2);
            if len > r {
                return PushOut { case: PushCase::None, push: [0.0; D], face: None };
            }
            let scale = (r - len) / len;
            let mut e = [0.0f64; D];
            for i in 0..D {
                e[i] = p[i] - s[i];
                u[i] = e[i] * scale;
            }
            (PushCase::Outside, None, self.world_dir(&e))
        } else {
            let (face, depth) = nearest_face_local(&p, &h);
            let sign = if face.upper { 1.0 } else { -1.0 };
            u[face.axis] = sign * (depth + r);
            let mut n = [0.0f64; D];
            n[face.axis] = sign;
            (PushCase::Inside, Some(face), self.world_dir(&n))
        };
        let w = self.world_dir(&u);
        let push = w.map(|x| x as f32);
        let sign = dir.map(|x| sign_of(x as f32));
        PushOut { case, push: self.separate(c, r, push, sign), face }
    }

    /// The vector to add to the centre so that the ball just touches the rotated box (zero when
    /// apart): [`OrientedBox::response`]'s push.
    #[inline]
    #[must_use]
    pub fn push_out(&self, ball: &Ball<D>) -> [f32; D] {
        self.response(ball).push
    }

    /// The push-out contract's outward rounding (see [`OrientedBox::response`]): the aligned box's
    /// `separate`, with its step sizes, continued until the oriented test passes.
    fn separate(&self, c: [f32; D], r: f64, mut push: [f32; D], sign: [f32; D]) -> [f32; D] {
        if sign.iter().all(|&s| s == 0.0) {
            return push;
        }
        let floor = ulp_bits(r as f32);
        let mut stride = 0u32;
        // 2⁶⁰ ulps is far past any rounding: the loop ends long before, by the test.
        for _ in 0..60 {
            let mut at = [0.0f32; D];
            for i in 0..D {
                at[i] = c[i] + push[i];
            }
            if !self.overlapping_at(&at, r) {
                break;
            }
            for i in 0..D {
                let bits = ulp_bits(push[i]).max(ulp_bits(at[i])).max(floor).saturating_add(stride);
                let step = f32::from_bits(bits.min(0x7f00_0000));
                push[i] += sign[i] * step;
            }
            stride = stride.saturating_add(1 << 23);
        }
        push
    }

    /// Where a ball moving by `velocity` first touches the rotated box: [`sweep`](crate::sweep())'s
    /// body (Ericson's ray against the rounded box) on the centre and the velocity moved into the box's
    /// frame; the time of impact is the same in both frames, the centre is `c + t·v` in the world,
    /// the point and the normal are turned back. `None` when it stays apart, or when `velocity` is
    /// not finite. The feature (face, edge, corner) is the box's own.
    ///
    /// ```
    /// use ball_aabb::{Circle, OrientedRect, motion::Feature};
    /// // A long wall tilted by 45°, its upper face (normal (−1, 1)/√2) towards the ball: the centre
    /// // touches when it is 1 + r from the wall's middle line, at x = 2 − 2√2.
    /// let wall = OrientedRect::from_degrees([1.0, -1.0], [8.0, 1.0], 45.0)?;
    /// let ball = Circle::new([-4.0, 0.0], 1.0)?;
    /// let hit = wall.sweep(&ball, [8.0, 0.0]).expect("it reaches the wall");
    /// assert!((hit.t - (6.0 - 2.0 * 2f32.sqrt()) / 8.0).abs() < 1e-6);
    /// assert_eq!(hit.feature, Feature::Face);
    /// assert!((hit.normal[0] + 0.5f32.sqrt()).abs() < 1e-6 && (hit.normal[1] - 0.5f32.sqrt()).abs() < 1e-6);
    /// # Ok::<(), ball_aabb::ShapeError>(())
    /// ```
    #[must_use]
    pub fn sweep(&self, ball: &Ball<D>, velocity: [f32; D]) -> Option<Hit<D>> {
        if !velocity.iter().all(|x| x.is_finite()) {
            return None;
        }
        let c = ball.center().map(|x| x as f64);
        let v = velocity.map(|x| x as f64);
        self.sweep64(c, ball.radius() as f64, v).map(|(h, _)| h.rounded())
    }

    /// The sweep in `f64` from a world centre `c` along `v`: the world hit, and the local one
    /// (for [`blocks`](crate::motion::blocks), which needs the box's frame).
    pub(crate) fn sweep64(&self, c: [f64; D], r: f64, v: [f64; D]) -> Option<(Hit64<D>, Hit64<D>)> {
        let mut d = c;
        for j in 0..D {
            d[j] -= self.center[j] as f64;
        }
        let pc = self.local_dir(&d);
        let pv = self.local_dir(&v);
        let h = self.half64();
        let lo = h.map(|x| -x);
        let local = sweep_core(pc, r, pv, lo, h, 1.0, &mut NoLog)?;
        let mut center = c;
        if !local.initial {
            for j in 0..D {
                center[j] = c[j] + local.t * v[j];
            }
        }
        let world = Hit64 {
            t: local.t,
            center,
            point: self.world_point(&local.point),
            normal: self.world_dir(&local.normal),
            feature: local.feature,
            initial: local.initial,
            cone: local.cone,
        };
        Some((world, local))
    }
}

/// [`OrientedBox::sweep`] as a free function, in the argument order of [`sweep`](crate::sweep()).
#[inline]
#[must_use]
pub fn sweep_oriented<const D: usize>(ball: &Ball<D>, velocity: [f32; D], obb: &OrientedBox<D>) -> Option<Hit<D>> {
    obb.sweep(ball, velocity)
}

impl<const D: usize> Ball<D> {
    /// Does the ball touch or overlap the rotated box? See [`OrientedBox::overlaps`].
    #[inline]
    #[must_use]
    pub fn overlaps_oriented(&self, obb: &OrientedBox<D>) -> bool {
        obb.overlaps(self)
    }

    /// The contact with a rotated box: see [`OrientedBox::contact`].
    #[inline]
    #[must_use]
    pub fn contact_oriented(&self, obb: &OrientedBox<D>) -> Contact<D> {
        obb.contact(self)
    }

    /// The push out of a rotated box: see [`OrientedBox::response`].
    #[inline]
    #[must_use]
    pub fn push_out_oriented(&self, obb: &OrientedBox<D>) -> [f32; D] {
        obb.push_out(self)
    }
}
