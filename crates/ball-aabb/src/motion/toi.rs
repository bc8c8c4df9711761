//! The time of impact alone of a 2D sweep, as straight-line code for the batched sweep.

#![forbid(unsafe_code)]

use super::features::{clampf, entry_axis};
use super::rounded::first_root_sel;

/// The time of impact alone of a 2D [`sweep`] (`f64`, `+∞` for no hit), as straight-line code:
/// every branch of `sweep_core` that decides `t` taken as a select, nothing returned early, so that
/// a loop over many balls vectorises (the batched sweep, [`crate::batch::sweep_one_box`]). The same
/// operations in the same order as `sweep_core`, so the same `t` bit for bit (the batch tests
/// compare them on every code path). Inputs valid as [`Ball`] and [`Aabb`] make them.
#[inline(always)]
pub(crate) fn toi_2d(c: [f64; 2], r: f64, v: [f64; 2], lo: [f64; 2], hi: [f64; 2]) -> f64 {
    const D: usize = 2;
    // TraceStep 1: touching or overlapping at t = 0.
    let mut d2 = 0.0;
    for i in 0..D {
        let e = c[i] - clampf(c[i], lo[i], hi[i]);
        d2 += e * e;
    }
    let initial = d2 <= r * r;
    // TraceStep 2: the slabs of E (a parallel axis outside its slab: no hit).
    let (mut tmin, mut tmax) = (0.0f64, 1.0f64);
    let (mut enter, mut enter_upper, mut parallel_miss) = (D, false, false);
    for i in 0..D {
        let below = lo[i] - c[i];
        let above = c[i] - hi[i];
        let parallel = v[i] == 0.0;
        parallel_miss |= parallel & !((below <= r) & (above <= r));
        let (t_lo, t_hi) = ((below - r) / v[i], (r - above) / v[i]);
        let upper = v[i] < 0.0;
        let (t_in, t_out) = if upper { (t_hi, t_lo) } else { (t_lo, t_hi) };
        let later = !parallel & (t_in > tmin);
        enter = if later { i } else { enter };
        enter_upper = if later { upper } else { enter_upper };
        tmin = if later { t_in } else { tmin };
        tmax = if !parallel & (t_out < tmax) { t_out } else { tmax };
    }
    // TraceStep 3: the region of E's entry point.
    let mut corner = [0.0; D];
    let mut m = 0;
    for i in 0..D {
        let outside;
        (_, corner[i], outside) = entry_axis(c[i], v[i], r, lo[i], hi[i], tmin, enter == i, enter_upper);
        m += outside as usize;
    }
    // TraceStep 4: a face region's entry, or the corner's circle.
    let face = m <= 1;
    let mut w = [0.0; D];
    for i in 0..D {
        w[i] = c[i] - corner[i];
    }
    let (t_corner, some) = first_root_sel(&w, &v, r, D);
    let t_corner = if some { t_corner } else { f64::INFINITY };
    let t = if face { tmin } else { t_corner };
    // The verdict, in `sweep_core`'s order: touching at 0; a miss of E; past the step; started
    // inside E in a face region (within r: a touch at 0, kept total as there).
    let miss = parallel_miss | (tmin > tmax) | (t > 1.0);
    let t = if face & (enter == D) { 0.0 } else { t };
    if initial {
        0.0
    } else if miss {
        f64::INFINITY
    } else {
        t
    }
}
