//! The rounded parts of the rounded box: where a segment first meets a corner's circle or sphere
//! ([`sphere`]) or an edge's capsule ([`capsule`]). The flat faces need no more than the slab test
//! in `sweep.rs`.

#![forbid(unsafe_code)]

use alloc::format;

use super::log::{line, Log};
use crate::math::sqrt;
use crate::trace::{axis_name, num_text, point_text, Focus};

/// First `t ≥ 0` at which `|w + t·u| = r`, over the axes selected by `skip` (all but `skip`; pass
/// `D` to use every axis): a circle/sphere (all axes) or an infinite cylinder (all but its axis).
/// `w` is the start relative to the centre (or the axis line). `None` when never within `r`.
///
/// The root is taken in the cancellation-free form `t = (|w|² − r²) / (−w·u + √disc)`, with the
/// discriminant written by Lagrange's identity as `|u|²r² − |w×u|²` and its first term summed as
/// `Σ (uᵢ·r)²`. For a ray parallel to a face at exactly distance `r` the cross product's terms are
/// `±r·uⱼ` (or cancel), so both terms are the same exact products (`f32` by `f32`, exact in `f64`)
/// squared and summed in the same order: the graze is exactly tangent (`disc = 0`), not a coin
/// toss. (Formed as `((u·u)·r)·r`, three roundings against one, the first term came out a hair
/// below the second for velocities with many significant bits, at any scale, and the graze was
/// missed: `tests/motion.rs`, `exact_face_grazes_touch_at_every_scale`.)
#[inline(always)]
pub(super) fn first_root<const D: usize>(w: &[f64; D], u: &[f64; D], r: f64, skip: usize) -> Option<f64> {
    let (t, some) = first_root_sel(w, u, r, skip);
    if some {
        Some(t)
    } else {
        None
    }
}

/// [`first_root`] without a branch: `(t, true)` for `Some(t)`, `(_, false)` for `None` (the `t`
/// then meaningless: a NaN, an infinity or a negative number).
#[inline(always)]
pub(super) fn first_root_sel<const D: usize>(w: &[f64; D], u: &[f64; D], r: f64, skip: usize) -> (f64, bool) {
    let (mut ar2, mut b, mut ww, mut cross2) = (0.0, 0.0, 0.0, 0.0);
    for i in 0..D {
        if i == skip {
            continue;
        }
        let ur = u[i] * r;
        ar2 += ur * ur;
        b += w[i] * u[i];
        ww += w[i] * w[i];
        for j in i + 1..D {
            if j == skip {
                continue;
            }
            let x = w[i] * u[j] - w[j] * u[i];
            cross2 += x * x;
        }
    }
    let cc = ww - r * r;
    // Already within r (cc ≤ 0: t = 0; the caller has ruled this out, except on a cylinder). Else
    // not approaching (b ≥ 0, which includes u = 0 on these axes), or passing by at more than r
    // (disc < 0): no root. All as selects; the root is computed either way (a NaN or a division by
    // zero when there is none, discarded).
    let disc = ar2 - cross2;
    let root = cc / (sqrt(disc) - b);
    let within = cc <= 0.0;
    (if within { 0.0 } else { root }, within | ((b < 0.0) & (disc >= 0.0)))
}

/// Segment `c + t·v` against the sphere of radius `r` at `corner`.
#[inline(always)]
pub(super) fn sphere<const D: usize, L: Log<D>>(
    c: &[f64; D],
    v: &[f64; D],
    r: f64,
    corner: &[f64; D],
    log: &mut L,
) -> Option<f64> {
    let mut w = [0.0; D];
    for i in 0..D {
        w[i] = c[i] - corner[i];
    }
    let t = first_root(&w, v, r, D);
    log.step(|| {
        let k = corner.map(|x| x as f32);
        let note = match t {
            Some(t) => format!("sphere at {}: first touch at t = {}", point_text(&k), num_text(t as f32)),
            None => format!("sphere at {}: missed (passes by at more than r, or moves away)", point_text(&k)),
        };
        (line::SPHERE, Focus::Point(k), note)
    });
    t
}

/// Segment `c + t·v` against the capsule of radius `r` around the box edge along `axis`, which
/// passes through `corner` (its other coordinates) and spans `[lo_k, hi_k]` on `axis`.
///
/// The capsule is the infinite cylinder cut at the edge's ends and capped by the ends' spheres; past
/// an end it is exactly that end's sphere. So: the entry into the infinite cylinder, if it lies
/// within the edge's span, is the answer; if it lies beyond an end, the answer is that end's sphere.
#[inline(always)]
pub(super) fn capsule<const D: usize, L: Log<D>>(
    c: &[f64; D],
    v: &[f64; D],
    r: f64,
    axis: usize,
    corner: [f64; D],
    (lo_k, hi_k): (f64, f64),
    log: &mut L,
) -> Option<f64> {
    let mut w = [0.0; D];
    for i in 0..D {
        w[i] = c[i] - corner[i];
    }
    let Some(t) = first_root(&w, v, r, axis) else {
        log.step(|| {
            (line::CAPSULE, Focus::Axis(axis), format!("edge along {}: the cylinder is missed", axis_name(axis)))
        });
        return None;
    };
    let along = c[axis] + t * v[axis];
    let end = if along < lo_k {
        lo_k
    } else if along > hi_k {
        hi_k
    } else {
        log.step(|| {
            let note = format!(
                "edge along {}: enters the cylinder at t = {}, within the edge",
                axis_name(axis),
                num_text(t as f32)
            );
            (line::CAPSULE, Focus::Axis(axis), note)
        });
        return Some(t);
    };
    log.step(|| {
        let note = format!(
            "edge along {}: cylinder entry beyond the edge's end ({} = {}): that end's sphere",
            axis_name(axis),
            axis_name(axis),
            num_text(end as f32)
        );
        (line::CAPSULE, Focus::Axis(axis), note)
    });
    let mut tip = corner;
    tip[axis] = end;
    sphere(c, v, r, &tip, log)
}
