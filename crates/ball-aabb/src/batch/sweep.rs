//! Many balls swept against one box: the time of impact of each, as [`sweep`](crate::sweep) gives
//! it, bit for bit.
//!
//! 2D runs the straight-line form of the sweep (`motion::toi_2d`: every decision a select), which
//! LLVM vectorises in the AVX-512 and AVX2 clones (`f64` lanes, with `vsqrtpd` and `vdivpd`). 3D
//! runs the scalar sweep lane by lane: its edge and corner regions solve different equations (a
//! capsule, three capsules at a vertex), which is branchy; it is correct and allocation-free, not
//! vectorised.

#![forbid(unsafe_code)]

use crate::motion::{sweep, toi_2d};
use crate::shape::{Aabb, Ball};

/// `toi[i]` for lanes `0..n` (every slice has at least `n`): the time of impact, or `+∞` when the
/// ball does not reach the box within the step, or the lane is not a valid ball and motion (a value
/// not finite, a negative radius). Returns the number of hits.
#[inline(always)]
pub(super) fn sweep_one_box_body<const D: usize>(
    aabb: &Aabb<D>,
    c: [&[f32]; D],
    r: &[f32],
    v: [&[f32]; D],
    toi: &mut [f32],
    n: usize,
) -> usize {
    let toi = &mut toi[..n];
    let r = &r[..n];
    if D == 2 {
        let lo = [aabb.min()[0] as f64, aabb.min()[1] as f64];
        let hi = [aabb.max()[0] as f64, aabb.max()[1] as f64];
        let (cx, cy, vx, vy) = (&c[0][..n], &c[1][..n], &v[0][..n], &v[1][..n]);
        let mut hits = 0;
        for i in 0..n {
            let (x, y, rad, a, b) = (cx[i], cy[i], r[i], vx[i], vy[i]);
            let valid = x.is_finite() & y.is_finite() & rad.is_finite() & (rad >= 0.0) & a.is_finite() & b.is_finite();
            let t = toi_2d([x as f64, y as f64], rad as f64, [a as f64, b as f64], lo, hi);
            let t = if valid { t as f32 } else { f32::INFINITY };
            toi[i] = t;
            hits += (t != f32::INFINITY) as usize;
        }
        return hits;
    }
    let mut hits = 0;
    for i in 0..n {
        let t = Ball::new(core::array::from_fn::<f32, D, _>(|k| c[k][i]), r[i])
            .ok()
            .and_then(|ball| sweep(&ball, core::array::from_fn(|k| v[k][i]), aabb))
            .map_or(f32::INFINITY, |h| h.t);
        toi[i] = t;
        hits += (t != f32::INFINITY) as usize;
    }
    hits
}
