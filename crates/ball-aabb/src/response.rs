//! Collision response: the vector to add to the ball's centre so that it just touches the box,
//! treating the box as immovable.
//!
//! ```text
//!  outside case                      inside case
//!     c ●                         ┌──────────────┐
//!        ╲  push = (c−s)/|c−s|    │  c ● → → → → │→ push along the least-penetrated
//!         ╲        ·(r − |c−s|)   │              │  face by (distance to it + r)
//!   ───────● s                    └──────────────┘
//! ```
//!
//! # Tie rule (inside case)
//! When several faces are equally near, the first in the order x-min, x-max, y-min, y-max, z-min,
//! z-max wins (so the centre of a square box is pushed out through its left face). The post this
//! comes from breaks ties the other way (towards max, and towards y), through
//! `abs(a) < abs(b) ? a : b`; any fixed rule is valid, this one is documented and tested.
//!
//! # Robustness
//! The outside formula divides by `|c − s|`; it is only used when the centre is *strictly* outside,
//! where `|c − s| > 0` (computed in `f64`, where differences of `f32` values cannot vanish). A centre
//! on the boundary takes the inside case. Nothing here divides by zero or yields NaN.
//!
//! # The push-out contract
//! The push is exact in real numbers, but a caller adds it to the centre in `f32`, and the rounded
//! sum can land an ulp inside the ball's reach: a third of random overlapping cases did, before this
//! contract. So the push is rounded *outward*, along its own direction, by the few ulps it takes:
//!
//! - **never overlapping**: for every valid ball and box, `ball.translated(push)` is touching or
//!   separated, as [`contact`](crate::contact::contact()) judges it (property-tested on 10⁷ random `f32`
//!   cases in 2D and 3D, with coordinates that are not exactly representable);
//! - **exact stays exact**: when the rounded push already leaves the ball touching (e.g. every case
//!   with small dyadic numbers), it is returned unchanged, and the ball ends up touching;
//! - **a bounded gap**: otherwise each pushed axis moves outward by at most three ulps of the
//!   largest of `|push|`, `|centre + push|` and `r` (one round, and a second where the sum rounds
//!   back down), so the ball ends up separated by at most a few ulps of the scene's largest coordinate
//!   (tested: under 4 ulps; the widest seen in 10⁷ random cases in 2D and in 3D is under 3).
//!
//! Where the sum overflows `f32` (coordinates near `f32::MAX`) there is no such promise; the push is
//! still never NaN for finite inputs.

#![forbid(unsafe_code)]

use super::contact::{closest_point, face_distances, Contact, ContactState};
use crate::shape::{Aabb, Ball};

/// Which construction produced the push.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum PushCase {
    /// Separated: nothing to do.
    None,
    /// Centre strictly outside the box, within `r` of it: push along `c − s`.
    Outside,
    /// Centre inside the box or on its boundary: push out through the least-penetrated face.
    Inside,
}

impl PushCase {
    /// The lower-case name, as serialised and shown.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            PushCase::None => "none",
            PushCase::Outside => "outside",
            PushCase::Inside => "inside",
        }
    }
}

/// A face of the box: the axis and which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Face {
    /// 0 = x, 1 = y, 2 = z.
    pub axis: usize,
    /// `false`: the min face (outward normal −axis); `true`: the max face.
    pub upper: bool,
}

/// The collision response for one ball against one box.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(serialize = "[f32; D]: serde::Serialize", deserialize = "[f32; D]: serde::Deserialize<'de>"))
)]
pub struct PushOut<const D: usize> {
    /// Which construction gave the push.
    pub case: PushCase,
    /// Add this to the centre so the ball just touches the box. Zero when separated.
    pub push: [f32; D],
    /// Inside case: the least-penetrated face, which gives the push direction.
    pub face: Option<Face>,
}

/// The least-penetrated face of the box for a point inside it, and the distance to it.
/// Ties: first in the order x-min, x-max, y-min, y-max, z-min, z-max.
#[must_use]
pub fn nearest_face<const D: usize>(p: &[f32; D], aabb: &Aabb<D>) -> (Face, f64) {
    let faces = face_distances(p, aabb);
    let mut best = (Face { axis: 0, upper: false }, faces[0][0]);
    for (axis, pair) in faces.iter().enumerate() {
        for (k, &d) in pair.iter().enumerate() {
            if d < best.1 {
                best = (Face { axis, upper: k == 1 }, d);
            }
        }
    }
    best
}

/// The push-out vector for `ball` against `aabb`: after `ball.translated(push)` the ball touches the
/// box or is separated from it by a few ulps, never overlapping (see the [module](self) docs).
///
/// # Example
/// ```
/// use ball_aabb::{Circle, Rect, response::{response, PushCase}};
/// let b = Rect::new([0.0, 0.0], [4.0, 4.0]).unwrap();
/// // Outside, 1 unit right of the box with r = 3: pushed 2 further right.
/// let out = response(&Circle::new([5.0, 2.0], 3.0).unwrap(), &b);
/// assert_eq!((out.case, out.push), (PushCase::Outside, [2.0, 0.0]));
/// // Inside, nearest the top face (1 away): pushed up by 1 + r.
/// let ins = response(&Circle::new([2.0, 3.0], 0.5).unwrap(), &b);
/// assert_eq!((ins.case, ins.push), (PushCase::Inside, [0.0, 1.5]));
/// ```
#[must_use]
pub fn response<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> PushOut<D> {
    let c = ball.center();
    let r = ball.radius() as f64;
    let s = closest_point(&c, aabb);
    let mut v = [0.0f64; D];
    for i in 0..D {
        v[i] = c[i] as f64 - s[i] as f64;
    }
    let len = crate::math::sqrt(v.iter().map(|x| x * x).sum::<f64>());
    let mut push = [0.0f32; D];
    if len > 0.0 {
        // Strictly outside.
        if len > r {
            return PushOut { case: PushCase::None, push, face: None };
        }
        let scale = (r - len) / len;
        let mut sign = [0.0f32; D];
        for i in 0..D {
            push[i] = (v[i] * scale) as f32;
            sign[i] = sign_of(v[i] as f32);
        }
        let push = separate::<D, f64>(c, r, aabb.min(), aabb.max(), push, sign);
        PushOut { case: PushCase::Outside, push, face: None }
    } else {
        // Inside or on the boundary: out through the least-penetrated face.
        let (face, depth) = nearest_face(&c, aabb);
        let amount = depth + r;
        push[face.axis] = if face.upper { amount as f32 } else { -amount as f32 };
        let mut sign = [0.0f32; D];
        sign[face.axis] = if face.upper { 1.0 } else { -1.0 };
        let push = separate::<D, f64>(c, r, aabb.min(), aabb.max(), push, sign);
        PushOut { case: PushCase::Inside, push, face: Some(face) }
    }
}

/// [`contact`](crate::contact::contact()) and [`response`](response()) in one pass, without data-dependent branches:
/// the fast path for many pairs (a physics step, the benchmarks).
///
/// Returns exactly what the two functions return — the same `f64` arithmetic in the same order,
/// every value bit for bit — but computes the outside and the inside cases side by side and selects,
/// so random data costs no branch mispredictions. Values of the case not taken are discarded (one of
/// them may be an `inf`/NaN from `0/0` when the centre is on the boundary; it is never selected).
///
/// ```
/// use ball_aabb::{Circle, Rect, contact::contact, response::{contact_response, response}};
/// let b = Rect::new([0.0, 0.0], [4.0, 4.0]).unwrap();
/// for c in [Circle::new([5.0, 2.0], 3.0).unwrap(), Circle::new([2.0, 3.0], 0.5).unwrap()] {
///     assert_eq!(contact_response(&c, &b), (contact(&c, &b), response(&c, &b)));
/// }
/// ```
#[inline]
#[must_use]
pub fn contact_response<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> (Contact<D>, PushOut<D>) {
    let p = contact_response_parts::<D, f64>(ball.center(), ball.radius(), aabb.min(), aabb.max());
    let state = if p.overlapping {
        ContactState::Overlapping
    } else if p.touching {
        ContactState::Touching
    } else {
        ContactState::Separated
    };
    let contact = Contact { closest: p.closest, distance: p.distance, penetration: p.penetration, state, zone: p.zone };
    let case = if !p.outside {
        PushCase::Inside
    } else if p.pushed_out {
        PushCase::Outside
    } else {
        PushCase::None
    };
    let face = if p.outside { None } else { Some(Face { axis: p.face_index / 2, upper: p.face_index % 2 == 1 }) };
    (contact, PushOut { case, push: p.push, face })
}

/// The outputs of [`contact_response`] as plain numbers and flags (no enums, no `Option`), so that
/// a loop over many pairs can be vectorised (see `batch::contact_push_pairs`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Parts<const D: usize> {
    pub closest: [f32; D],
    pub distance: f32,
    pub penetration: f32,
    pub overlapping: bool,
    /// Touching and not overlapping.
    pub touching: bool,
    pub zone: u32,
    /// Centre strictly outside the box.
    pub outside: bool,
    /// Outside and within reach: the `Outside` response case.
    pub pushed_out: bool,
    pub push: [f32; D],
    /// Nearest face for the inside case: `2·axis + upper`.
    pub face_index: usize,
}

/// The floating-point type [`contact_response_parts`] computes in: `f64` for [`contact_response`]
/// (exact state, bit-identical to [`contact`](super::contact()) + [`response`]), `f32` for the fast
/// batched path (`batch::contact_push_pairs_f32`).
pub(crate) trait Real:
    Copy
    + PartialOrd
    + core::ops::Add<Output = Self>
    + core::ops::Sub<Output = Self>
    + core::ops::Mul<Output = Self>
    + core::ops::Div<Output = Self>
    + core::ops::Neg<Output = Self>
{
    const ZERO: Self;
    const INFINITY: Self;
    /// [`separate`]'s first outward step in this precision: 2^this ulps.
    const FIRST_STRIDE: u32;
    fn of(x: f32) -> Self;
    fn to_f32(self) -> f32;
    fn sqrt(self) -> Self;
}

impl Real for f64 {
    const ZERO: Self = 0.0;
    const INFINITY: Self = f64::INFINITY;
    const FIRST_STRIDE: u32 = 0;
    #[inline(always)]
    fn of(x: f32) -> Self {
        x as f64
    }
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self as f32
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        crate::math::sqrt(self)
    }
}

impl Real for f32 {
    const ZERO: Self = 0.0;
    const INFINITY: Self = f32::INFINITY;
    const FIRST_STRIDE: u32 = 1;
    #[inline(always)]
    fn of(x: f32) -> Self {
        x
    }
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        crate::math::sqrtf(self)
    }
}

/// The branch-free body of [`contact_response`] on raw coordinates (valid shapes assumed), computed
/// in `F` (`f64` for the exact public functions, `f32` for the fast batched path).
#[inline(always)]
pub(crate) fn contact_response_parts<const D: usize, F: Real>(
    c: [f32; D],
    r: f32,
    lo: [f32; D],
    hi: [f32; D],
) -> Parts<D> {
    let r = F::of(r);
    // Step 1, per axis: the closest point (as `f32::clamp` does it), the offset from it, the zone, and
    // the nearest face for the inside case (ties to the first, as in `nearest_face`).
    let mut closest = c;
    let mut v = [F::ZERO; D];
    let mut zone = 0u32;
    let mut place = 1u32;
    let mut depth = F::INFINITY;
    let mut face_index = 0usize;
    for i in 0..D {
        let t = if c[i] < lo[i] { lo[i] } else { c[i] };
        closest[i] = if t > hi[i] { hi[i] } else { t };
        v[i] = F::of(c[i]) - F::of(closest[i]);
        zone += (1 + (c[i] > hi[i]) as u32 - (c[i] < lo[i]) as u32) * place;
        place *= 3;
        let below = F::of(c[i]) - F::of(lo[i]);
        let above = F::of(hi[i]) - F::of(c[i]);
        face_index = if below < depth { 2 * i } else { face_index };
        depth = if below < depth { below } else { depth };
        face_index = if above < depth { 2 * i + 1 } else { face_index };
        depth = if above < depth { above } else { depth };
    }
    let mut d2 = F::ZERO;
    for x in v {
        d2 = d2 + x * x;
    }
    // Step 2: outside (d2 > 0) or inside/on the boundary, both computed, one selected.
    let outside = d2 > F::ZERO;
    let len = d2.sqrt();
    let distance = if outside { len } else { -depth };
    let overlapping = if outside { d2 < r * r } else { -depth < r };
    let touching = !overlapping & (!outside | (d2 == r * r));
    let penetration = select_f32(overlapping, (r - distance).to_f32(), 0.0);
    // Step 3: the push. Outside: along v, scaled; inside: out through the nearest face.
    let pushed_out = outside & (len <= r);
    let scale = (r - len) / len;
    let amount = (depth + r).to_f32();
    let inside_push = select_f32(face_index % 2 == 1, amount, -amount);
    let inside_sign = select_f32(face_index % 2 == 1, 1.0, -1.0);
    let mut push = [0.0f32; D];
    let mut sign = [0.0f32; D];
    for i in 0..D {
        let out = (v[i] * scale).to_f32();
        let ins = select_f32(i == face_index / 2, inside_push, 0.0);
        push[i] = select_f32(pushed_out, out, select_f32(!outside, ins, 0.0));
        let ins_sign = select_f32(i == face_index / 2, inside_sign, 0.0);
        sign[i] = select_f32(pushed_out, sign_of(v[i].to_f32()), select_f32(!outside, ins_sign, 0.0));
    }
    // Step 4: the contract — `c + push`, rounded to `f32` as the caller adds it, must not overlap.
    let push = separate::<D, F>(c, r, lo, hi, push, sign);
    Parts {
        closest,
        distance: distance.to_f32(),
        penetration,
        overlapping,
        touching,
        zone,
        outside,
        pushed_out,
        push,
        face_index,
    }
}

/// How many times [`separate`] may round a push outward, each round twice as far as the one before.
/// The first round moves the pushed centre by at least the rounding that can have left it short
/// (half an ulp of the push plus half an ulp of the sum), and the second covers the sum rounding
/// back down, when the push was computed in `f64`: 1 + 2 ulps. `f32` arithmetic (the fast batched
/// path) can leave it several ulps short; it starts at 2 ulps (2 + 4), and stays at two rounds
/// because more stop LLVM from vectorising the loop (half the speed).
const SEPARATE_ROUNDS: usize = 2;

/// The push-out contract: returns `push`, rounded outward (along `sign`, per axis −1, 0 or +1) by
/// the few ulps it takes so that the centre `c + push`, added in `f32` as a caller does, is touching
/// or separated — judged as [`contact`](super::contact()) judges it when `F` is `f64`. A push that
/// already leaves the ball touching is returned unchanged, so exact cases stay exact.
///
/// Branch-free (a fixed number of rounds, selects), so the batched loops still vectorise.
#[inline(always)]
pub(crate) fn separate<const D: usize, F: Real>(
    c: [f32; D],
    r: F,
    lo: [f32; D],
    hi: [f32; D],
    mut push: [f32; D],
    sign: [f32; D],
) -> [f32; D] {
    // The decision compares squares on the scale of r, so where r dwarfs the coordinates (a big
    // ball, a small box near the origin) an ulp of r is the unit that moves it.
    let floor = ulp_bits(r.to_f32());
    let mut stride = F::FIRST_STRIDE << 23;
    for _ in 0..SEPARATE_ROUNDS {
        let mut at = [0.0f32; D];
        for i in 0..D {
            at[i] = c[i] + push[i];
        }
        let still = overlaps_at::<D, F>(&at, r, &lo, &hi);
        for i in 0..D {
            let step = f32::from_bits(ulp_bits(push[i]).max(ulp_bits(at[i])).max(floor) + stride);
            // `sign` is 0 on an axis the push does not move along: that axis stays put.
            push[i] += sign[i] * select_f32(still, step, 0.0);
        }
        stride += 1 << 23;
    }
    push
}

/// Whether a ball of radius `r` centred at `p` overlaps the box (touching does not count), decided
/// as [`contact`](super::contact()) decides it when `F` is `f64`.
#[inline(always)]
fn overlaps_at<const D: usize, F: Real>(p: &[f32; D], r: F, lo: &[f32; D], hi: &[f32; D]) -> bool {
    let mut d2 = F::ZERO;
    let mut outside_slabs = 0u32;
    for i in 0..D {
        let t = if p[i] < lo[i] { lo[i] } else { p[i] };
        let t = if t > hi[i] { hi[i] } else { t };
        let d = F::of(p[i]) - F::of(t);
        d2 = d2 + d * d;
        outside_slabs += (p[i] <= lo[i]) as u32 + (p[i] >= hi[i]) as u32;
    }
    // Counted, not and-ed: LLVM turns a chain of `&` on comparisons into jumps.
    (d2 < r * r) | (outside_slabs == 0)
}

/// The bits of the gap between `|x|` and the next `f32` away from zero, for a normal `x`; never
/// below the smallest normal number (`x` subnormal or zero), so that no arithmetic here touches a
/// subnormal, which costs a hundred cycles on x86. Integer operations only: a power of two is its
/// exponent field, and doubling it adds `1 << 23`.
#[inline(always)]
pub(crate) fn ulp_bits(x: f32) -> u32 {
    (x.to_bits() & 0x7f80_0000).max(24 << 23) - (23 << 23)
}

/// −1, 0 or +1 (0 for ±0), without a branch.
#[inline(always)]
pub(crate) fn sign_of(x: f32) -> f32 {
    select_f32(x > 0.0, 1.0, 0.0) - select_f32(x < 0.0, 1.0, 0.0)
}

/// `if cond { a } else { b }` on the bits, so that it stays a mask and not a jump (a float select on an
/// integer condition is otherwise often compiled as a branch).
#[inline(always)]
fn select_f32(cond: bool, a: f32, b: f32) -> f32 {
    let m = 0u32.wrapping_sub(cond as u32);
    f32::from_bits((a.to_bits() & m) | (b.to_bits() & !m))
}
