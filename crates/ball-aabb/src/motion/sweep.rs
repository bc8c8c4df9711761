//! The swept ball against one box: Ericson's ray-against-the-rounded-box test
//! (*Real-Time Collision Detection*, 2005, §5.5.7, `IntersectMovingSphereAABB`), with labelled steps.
//!
//! One body, generic over a [`Log`]: [`sweep`] runs it with a logger that compiles to nothing,
//! [`sweep_trace`] with one that records every step. Both therefore give the same answer on every
//! input, by construction (and `tests/motion.rs` checks it on 20 000 random cases per dimension).
//!
//! All arithmetic is `f64` on the `f32` inputs: differences and products of two `f32` values are
//! exact there, which makes the tangent cases (a graze along a face plane at exactly `r`) come out
//! exactly tangent instead of a rounding-dependent miss.

#![forbid(unsafe_code)]

use alloc::{format, string::String};
use core::hint::select_unpredictable;

use super::features::{clampf, entry_axis, hit_at, initial_hit};
use super::hit::{Hit, Hit64};
use super::log::{line, Log, NoLog};
use super::rounded::{capsule, first_root_sel};
use crate::shape::{Aabb, Ball};
use crate::trace::{axis_name, num_text, point_text, Focus, Trace, Tracer};

/// Compile-time guard: the rounded-box geometry below is written for 2D and 3D.
struct Dim<const D: usize>;
impl<const D: usize> Dim<D> {
    const SUPPORTED: () = assert!(D == 2 || D == 3, "sweep: only 2D (circle/rect) and 3D (sphere/box)");
}

/// The sweep in `f64`: centre `c`, radius `r`, displacement `v` (finite), box `[lo, hi]`.
#[inline(always)]
pub(crate) fn sweep_core<const D: usize, L: Log<D>>(
    c: [f64; D],
    r: f64,
    v: [f64; D],
    lo: [f64; D],
    hi: [f64; D],
    t_limit: f64,
    log: &mut L,
) -> Option<Hit64<D>> {
    #[allow(clippy::let_unit_value)]
    let () = Dim::<D>::SUPPORTED;

    // TraceStep 1: already touching or overlapping at t = 0? (The same f64 test as `contact`.)
    let mut s = c;
    let mut d2 = 0.0;
    for i in 0..D {
        s[i] = clampf(c[i], lo[i], hi[i]);
        let e = c[i] - s[i];
        d2 += e * e;
    }
    if d2 <= r * r {
        let h = initial_hit(c, s, d2, r, &lo, &hi);
        log.step(|| {
            let note = format!(
                "|c − s|² = {} ≤ r² = {}: touching or overlapping at t = 0, n = {}",
                num_text(d2 as f32),
                num_text((r * r) as f32),
                point_text(&h.normal.map(|x| x as f32))
            );
            (line::INITIAL, Focus::Point(s.map(|x| x as f32)), note)
        });
        return Some(h);
    }
    log.step(|| {
        let note = format!("|c − s|² = {} > r² = {}: apart at t = 0", num_text(d2 as f32), num_text((r * r) as f32));
        (line::INITIAL, Focus::Point(s.map(|x| x as f32)), note)
    });

    // TraceStep 2: the segment against E, the box grown by r (the rounded box's bounding box), slab by
    // slab. Distances to the planes are taken as exact differences first, then r is subtracted.
    log.step(|| (line::GROW, Focus::GrownBox(r as f32), format!("E = box grown by r = {}", num_text(r as f32))));
    // `t_limit` (1, or less when the caller already holds an earlier hit) only rejects early: a
    // segment entering E after it cannot hit before it.
    let (mut tmin, mut tmax) = (0.0f64, t_limit.min(1.0));
    // The axis through whose plane of E the segment enters (`D`: none, it starts inside every slab
    // of E that it crosses), and whether through the max side.
    let (mut enter, mut enter_upper) = (D, false);
    for i in 0..D {
        let below = lo[i] - c[i]; // > 0: centre below the slab
        let above = c[i] - hi[i]; // > 0: centre above the slab
        if v[i] == 0.0 {
            // Parallel to this slab: inside it for all t, or never. No division by zero.
            let inside = below <= r && above <= r;
            log.step(|| {
                let note = format!(
                    "{}: v = 0, c = {} {} E's slab",
                    axis_name(i),
                    num_text(c[i] as f32),
                    if inside { "inside" } else { "outside" }
                );
                (line::PARALLEL, Focus::Axis(i), note)
            });
            if !inside {
                return None;
            }
            continue;
        }
        // The times at E's lower and upper planes; entering is the earlier, leaving the later. For
        // v < 0 these are the v > 0 formulas with numerator and divisor negated: the same roundings.
        // Written as selects, not branches on the sign (random data: the branch would mispredict).
        let (t_lo, t_hi) = ((below - r) / v[i], (r - above) / v[i]);
        let upper = v[i] < 0.0;
        let (t_in, t_out) = if upper { (t_hi, t_lo) } else { (t_lo, t_hi) };
        let later = t_in > tmin;
        enter = if later { i } else { enter };
        enter_upper = if later { upper } else { enter_upper };
        tmin = if later { t_in } else { tmin };
        tmax = if t_out < tmax { t_out } else { tmax };
        log.step(|| {
            let note = format!(
                "{}: enters E's slab at t = {}, leaves at {}; [tmin, tmax] = [{}, {}]",
                axis_name(i),
                num_text(t_in as f32),
                num_text(t_out as f32),
                num_text(tmin as f32),
                num_text(tmax as f32)
            );
            (line::SLAB, Focus::Axis(i), note)
        });
        if L::ON && tmin > tmax {
            log.step(|| {
                (
                    line::MISS,
                    Focus::GrownBox(r as f32),
                    format!("tmin {} > tmax {}: misses E", num_text(tmin as f32), num_text(tmax as f32)),
                )
            });
            return None;
        }
    }
    if tmin > tmax {
        return None; // without a log, tested once: tmin only grows and tmax only shrinks
    }

    // TraceStep 3: the entry point p into E, and which region of the box it lies in: the number m of
    // axes on which it is outside the original box. The entering coordinate is set exactly on E's
    // plane; the others are held inside E's slab (they are, but for rounding).
    let mut p = [0.0; D];
    let mut corner = [0.0; D];
    let mut m = 0;
    let mut free_axis = 0;
    for i in 0..D {
        // Selects rather than branches: which axis entered, and the region, are random on random data.
        let outside;
        (p[i], corner[i], outside) = entry_axis(c[i], v[i], r, lo[i], hi[i], tmin, enter == i, enter_upper);
        m += outside as usize;
        free_axis = if outside { free_axis } else { i };
    }
    log.step(|| {
        let note = format!(
            "entry point p = {} at t = {}: outside the box on m = {} axes",
            point_text(&p.map(|x| x as f32)),
            num_text(tmin as f32),
            m
        );
        (line::REGION, Focus::Point(p.map(|x| x as f32)), note)
    });

    // TraceStep 4: the region decides the surface. A face region of E is the rounded box's flat face; in
    // an edge or corner region, past E's entry, the segment may still miss the rounded part.
    let face = m <= 1;
    if D == 2 {
        // 2D: the region, and whether the segment then misses the corner's circle or touches it
        // after t = 1, are random on random data. So the circle is solved whatever the region, the
        // time chosen by selects, and one comparison decides whether there is a hit (the caller
        // branches on that anyway). The same arithmetic as the branching form, so the same answers.
        // (The miss of E stays a branch before this: on sets with few hits most sweeps end there,
        // which is cheaper than the circle's square root and division on every one.)
        let mut w = [0.0; D];
        for i in 0..D {
            w[i] = c[i] - corner[i];
        }
        let (t_corner, some) = first_root_sel(&w, &v, r, D);
        if !face {
            log.step(|| {
                (
                    line::CORNER_2D,
                    Focus::Point(corner.map(|x| x as f32)),
                    String::from("corner region: the corner's circle"),
                )
            });
            log.step(|| {
                let k = corner.map(|x| x as f32);
                let note = if some {
                    format!("sphere at {}: first touch at t = {}", point_text(&k), num_text(t_corner as f32))
                } else {
                    format!("sphere at {}: missed (passes by at more than r, or moves away)", point_text(&k))
                };
                (line::SPHERE, Focus::Point(k), note)
            });
        }
        // The time: E's entry in a face region (≤ 1 once E is not missed), the circle's root in a
        // corner region (∞ when there is none). `select_unpredictable`: LLVM otherwise turns these
        // selects back into branches on `face`, and a test of several conditions into several
        // branches; so the whole verdict is one comparison (t is never NaN here).
        let t_corner = select_unpredictable(some, t_corner, f64::INFINITY);
        let t = select_unpredictable(face, tmin, t_corner);
        if t > 1.0 {
            log.step(|| (line::HIT, Focus::None, String::from("no touch within t ∈ [0, 1]")));
            return None;
        }
        if face & (enter == D) {
            // Started inside E in a face region: that is within r, which step 1 has ruled out; kept
            // total for safety.
            return Some(initial_hit(c, s, d2, r, &lo, &hi));
        }
        let mut at = [0.0; D];
        for i in 0..D {
            at[i] = select_unpredictable(face, p[i], c[i] + t * v[i]);
        }
        let h = hit_at(t, at, &lo, &hi, &v);
        if face {
            log.step(|| {
                (
                    line::FACE,
                    Focus::Point(h.point.map(|x| x as f32)),
                    format!("face region: hit at t = {}", num_text(t as f32)),
                )
            });
        }
        return finish(h, log);
    }
    if face {
        if enter == D {
            // Started inside E in a face region: within r, ruled out by step 1; kept total for safety.
            return Some(initial_hit(c, s, d2, r, &lo, &hi));
        }
        let h = hit_at(tmin, p, &lo, &hi, &v);
        log.step(|| {
            (
                line::FACE,
                Focus::Point(h.point.map(|x| x as f32)),
                format!("face region: hit at t = {}", num_text(tmin as f32)),
            )
        });
        return finish(h, log);
    }

    // 3D edge and corner regions: the rounded part. Past E's entry the segment may still miss it.
    let t = if m == 2 {
        log.step(|| {
            (
                line::EDGE,
                Focus::Axis(free_axis),
                format!("edge region: the capsule of the edge along {}", axis_name(free_axis)),
            )
        });
        capsule(&c, &v, r, free_axis, corner, (lo[free_axis], hi[free_axis]), log)
    } else {
        log.step(|| {
            (
                line::VERTEX,
                Focus::Point(corner.map(|x| x as f32)),
                String::from("vertex region: the three edges' capsules at this corner"),
            )
        });
        let mut best: Option<f64> = None;
        for k in 0..D {
            if let Some(t) = capsule(&c, &v, r, k, corner, (lo[k], hi[k]), log) {
                best = Some(best.map_or(t, |b: f64| b.min(t)));
            }
        }
        best
    };
    let Some(t) = t.filter(|&t| t <= 1.0) else {
        log.step(|| (line::HIT, Focus::None, String::from("no touch within t ∈ [0, 1]")));
        return None;
    };
    let mut at = [0.0; D];
    for i in 0..D {
        at[i] = c[i] + t * v[i];
    }
    finish(hit_at(t, at, &lo, &hi, &v), log)
}

#[inline(always)]
fn finish<const D: usize, L: Log<D>>(h: Hit64<D>, log: &mut L) -> Option<Hit64<D>> {
    log.step(|| {
        let note = format!(
            "hit at t = {}: centre {}, point {}, n = {} ({})",
            num_text(h.t as f32),
            point_text(&h.center.map(|x| x as f32)),
            point_text(&h.point.map(|x| x as f32)),
            point_text(&h.normal.map(|x| x as f32)),
            h.feature.as_str()
        );
        (line::HIT, Focus::Point(h.point.map(|x| x as f32)), note)
    });
    Some(h)
}

#[inline(always)]
fn widen<const D: usize>(x: [f32; D]) -> [f64; D] {
    x.map(|v| v as f64)
}

/// Where a ball moving by `velocity` first touches a box.
///
/// The centre moves along `c + t·velocity` for `t ∈ [0, 1]`; the answer is the smallest `t` at which
/// the distance from the centre to the box equals the radius (touching counts), with the centre
/// there, the point of the box it touches, the box's outward unit normal at that point and the
/// feature (face, edge, corner). `None` when the ball stays apart for the whole move, and when a
/// velocity component is NaN or infinite.
///
/// When the ball already touches or overlaps the box at `t = 0` the answer is a hit with `t = 0`
/// and `initial: true` **whatever the velocity** (moving away included: [`slide`](super::slide)
/// decides what a contact that does not oppose the motion means); its normal is the direction of
/// [`response`](crate::response::response())'s push (see [`Hit::normal`]).
///
/// Total: never panics, never returns NaN or an infinity on valid shapes and finite velocities,
/// never divides by a zero velocity component. See [`SWEEP`](super::SWEEP) for the method and the
/// edge cases.
///
/// # Example
/// ```
/// use ball_aabb::{sweep, Circle, Rect, motion::Feature};
/// let wall = Rect::new([10.0, -5.0], [11.0, 5.0])?;
/// let ball = Circle::new([0.0, 0.0], 1.0)?;
/// let hit = sweep(&ball, [20.0, 0.0], &wall).expect("it reaches the wall");
/// assert_eq!(hit.t, 0.45); // the centre stops at x = 9, one radius before the face
/// assert_eq!((hit.center, hit.point, hit.normal), ([9.0, 0.0], [10.0, 0.0], [-1.0, 0.0]));
/// assert_eq!(hit.feature, Feature::Face);
/// assert!(sweep(&ball, [5.0, 0.0], &wall).is_none()); // stops short
/// # Ok::<(), ball_aabb::ShapeError>(())
/// ```
#[inline]
#[must_use]
pub fn sweep<const D: usize>(ball: &Ball<D>, velocity: [f32; D], aabb: &Aabb<D>) -> Option<Hit<D>> {
    sweep_before(ball, velocity, aabb, 1.0)
}

/// [`sweep`] for a caller that already holds a hit at time `t_limit`: `None` as soon as the ball
/// surely cannot reach the box before then (it enters the box grown by `r` later; `t_limit` must
/// leave room for the rounding of a hit's `t`). Otherwise exactly [`sweep`]'s answer, which the
/// caller compares with its own.
#[inline]
pub(crate) fn sweep_before<const D: usize>(
    ball: &Ball<D>,
    velocity: [f32; D],
    aabb: &Aabb<D>,
    t_limit: f64,
) -> Option<Hit<D>> {
    if !velocity.iter().all(|x| x.is_finite()) {
        return None;
    }
    let (c, r) = (widen(ball.center()), ball.radius() as f64);
    sweep_core(c, r, widen(velocity), widen(aabb.min()), widen(aabb.max()), t_limit, &mut NoLog).map(|h| h.rounded())
}

/// [`sweep`], recording every step (to show or check how the answer came about; never on a hot path). The
/// answer is the same as [`sweep`]'s on every input: both run the same body. Each
/// [`TraceStep::line`](crate::algo::TraceStep::line) indexes [`SWEEP`](super::SWEEP)`.pseudocode`, and the
/// trace's `verdict` is whether there is a hit.
///
/// ```
/// use ball_aabb::{sweep, Circle, Rect, motion::{sweep_trace, SWEEP}};
/// let b = Rect::new([0.0, 0.0], [2.0, 2.0])?;
/// let ball = Circle::new([-3.0, 5.0], 1.0)?;
/// let (hit, trace) = sweep_trace(&ball, [6.0, -6.0], &b);
/// assert_eq!(hit, sweep(&ball, [6.0, -6.0], &b));
/// assert!(trace.verdict);
/// // It entered the grown box in the top-left corner region and solved for the corner's circle.
/// assert!(trace.lines_run().contains(&8));
/// assert!(SWEEP.pseudocode[8].contains("corner"));
/// # Ok::<(), ball_aabb::ShapeError>(())
/// ```
#[must_use]
pub fn sweep_trace<const D: usize>(ball: &Ball<D>, velocity: [f32; D], aabb: &Aabb<D>) -> (Option<Hit<D>>, Trace<D>) {
    let mut log = Tracer::new();
    if !velocity.iter().all(|x| x.is_finite()) {
        let t = log.finish(
            line::FINITE,
            false,
            format_args!("velocity {} is not finite: no answer", point_text(&velocity)),
        );
        return (None, t);
    }
    log.step(
        line::FINITE,
        Focus::None,
        format_args!(
            "c = {}, r = {}, v = {}",
            point_text(&ball.center()),
            num_text(ball.radius()),
            point_text(&velocity)
        ),
    );
    let (c, r) = (widen(ball.center()), ball.radius() as f64);
    let hit =
        sweep_core(c, r, widen(velocity), widen(aabb.min()), widen(aabb.max()), 1.0, &mut log).map(|h| h.rounded());
    let verdict = hit.is_some();
    let why = match &hit {
        Some(h) => format!("hit at t = {}{}", num_text(h.t), if h.initial { " (initial contact)" } else { "" }),
        None => String::from("no hit"),
    };
    (hit, log.finish(line::HIT, verdict, format_args!("{why}")))
}
