//! The plane solver (`plane-solver`): the contact planes within reach gathered, and the velocity
//! projected onto all of them at once by Gauss–Seidel passes, the move then swept.

#![forbid(unsafe_code)]

use super::{
    blocks, clip_all, closest_oriented, dot, first_hit, grazed_face, internal, narrow, swept_bounds, wide, Boxes, Ctx,
    Record, MAX_PLANES, SOLVER_ITERATIONS, SOLVER_PASSES,
};
use crate::contact::closest_point;
use crate::math::sqrt;
use crate::response::response;
use crate::shape::{Circle, Rect};
use crate::world::{World, MAX_CONTACTS};

#[derive(Clone, Copy)]
struct Plane {
    index: usize,
    normal: [f64; 2],
    /// Separation at zero displacement: `distance − r` (negative when overlapping).
    offset: f64,
    push: f64,
    point: [f32; 2],
    rect: Rect,
}

/// The planes of the boxes within `r + tol` of `p` (Box2D's mover collects those within its
/// margin): normal from the closest point, offset `distance − r` (0 within the tolerance); a centre
/// on or inside a box takes the push-out's direction and depth. One-way boxes give a plane only on
/// their top, to a ball that started above; internal edges (as `swept-slide-seamless` filters them)
/// give none.
fn gather<W: World>(world: &W, ctx: &Ctx, p: [f32; 2], r: f32, v: [f32; 2], planes: &mut [Plane; MAX_PLANES]) -> usize {
    let rr = r as f64;
    let reach = rr + ctx.tol as f64;
    let mut count = 0;
    let Ok(here) = Circle::new(p, r) else { return 0 };
    let Some(bounds) = swept_bounds(wide(p), [0.0; 2], reach) else { return 0 };
    world.candidates(&bounds, |i, b| {
        let q = closest_point(&p, &b);
        let w = [p[0] as f64 - q[0] as f64, p[1] as f64 - q[1] as f64];
        let dist = sqrt(dot(w, w));
        if dist > reach || count == MAX_PLANES {
            return;
        }
        let (normal, offset) = if dist > 0.0 {
            // Within the tolerance of touching is touching: the solver neither closes a gap that
            // small nor opens an overlap that small (which would move a resting ball off its height).
            // A corner grazed along one of its faces (see `snap_graze`) is that face's plane.
            let (normal, gap) = match grazed_face(p, q, &b, r, v).filter(|_| w[0] != 0.0 && w[1] != 0.0) {
                Some(i) => {
                    let mut n = [0.0; 2];
                    n[i] = w[i].signum();
                    (n, w[i].abs() - rr)
                }
                None => ([w[0] / dist, w[1] / dist], dist - rr),
            };
            (normal, if gap.abs() <= ctx.tol as f64 { 0.0 } else { gap })
        } else {
            let res = response(&here, &b);
            let len = sqrt(res.push.iter().map(|&x| x as f64 * x as f64).sum::<f64>());
            if len == 0.0 {
                return;
            }
            ([res.push[0] as f64 / len, res.push[1] as f64 / len], -len)
        };
        if world.one_way(i) && !ctx.one_way_blocks(&b, q, narrow(normal)) {
            return;
        }
        // A corner or face shared with another solid box is not a plane of the solid region: with
        // the tolerance, the next flush tile's corner would tilt a rolling ball's path (a ghost bump).
        if dist > 0.0 && internal(world, ctx, i, &b, q, narrow(normal)) {
            return;
        }
        planes[count] = Plane { index: i, normal, offset, push: 0.0, point: q, rect: b };
        count += 1;
    });
    // Rotated boxes give a plane the same way, from their closest point (no internal-edge filter).
    world.oriented(&bounds, |i, o| {
        let (q, e, dist) = closest_oriented(&o, p);
        if dist > reach || count == MAX_PLANES {
            return;
        }
        let (normal, offset) = if dist > 0.0 {
            let gap = dist - rr;
            ([e[0] / dist, e[1] / dist], if gap.abs() <= ctx.tol as f64 { 0.0 } else { gap })
        } else {
            let push = o.push_out(&here);
            let len = sqrt(push.iter().map(|&x| x as f64 * x as f64).sum::<f64>());
            if len == 0.0 {
                return;
            }
            ([push[0] as f64 / len, push[1] as f64 / len], -len)
        };
        planes[count] = Plane { index: i, normal, offset, push: 0.0, point: narrow(q), rect: o.bounding_aabb() };
        count += 1;
    });
    count
}

pub(super) fn plane_solver<W: World, R: Record>(step: &mut R, ball: &Circle, v: [f32; 2], world: &W, ctx: &Ctx) {
    let r = ball.radius();
    let rr = r as f64;
    let target = [ball.center()[0] as f64 + v[0] as f64, ball.center()[1] as f64 + v[1] as f64];
    let mut p = ball.center();
    let empty = Plane {
        index: 0,
        normal: [0.0; 2],
        offset: 0.0,
        push: 0.0,
        point: [0.0; 2],
        rect: Rect::new([0.0; 2], [0.0; 2]).expect("rect"),
    };
    let mut planes = [empty; MAX_PLANES];
    let mut count = 0;
    let first = step.stored();
    for _ in 0..SOLVER_PASSES {
        // Gather the planes of every box touching or overlapping the ball where it is now.
        count = gather(world, ctx, p, r, v, &mut planes);
        let Ok(here) = Circle::new(p, r) else { break };
        // Solve for the displacement closest to the target that satisfies every plane (b2SolvePlanes).
        let mut delta = [target[0] - p[0] as f64, target[1] - p[1] as f64];
        let scale = sqrt(dot(delta, delta)) + rr;
        for _ in 0..SOLVER_ITERATIONS {
            let mut total = 0.0;
            for pl in planes[..count].iter_mut() {
                let sep = dot(pl.normal, delta) + pl.offset;
                let old = pl.push;
                pl.push = (old - sep).max(0.0);
                let push = pl.push - old;
                delta = [delta[0] + push * pl.normal[0], delta[1] + push * pl.normal[1]];
                total += push.abs();
            }
            if total <= 1e-12 * scale {
                break;
            }
        }
        // Cast along the solved displacement: move as far as nothing blocks it.
        let cast = first_hit(world, ctx, Boxes::Seamless, &here, delta, |h, b| blocks(h, delta, b, r));
        let Some((i, h, b)) = cast else {
            p = narrow([p[0] as f64 + delta[0], p[1] as f64 + delta[1]]);
            break;
        };
        step.record(i, &b.bounding_aabb(), h.center, h.point, h.normal, h.t);
        p = h.center;
    }
    // Clip the velocity against the planes that pushed (b2ClipVector), and against every contact
    // the casts met: no surface keeps more velocity into it than the step began with.
    let mut u = wide(v);
    let cast_normals: ([[f32; 2]; MAX_CONTACTS], usize) = {
        let mut out = [[0.0f32; 2]; MAX_CONTACTS];
        let mut n = 0;
        for (o, k) in out.iter_mut().zip(step.normals().skip(first)) {
            *o = k;
            n += 1;
        }
        (out, n)
    };
    for pl in &planes[..count] {
        if pl.push > 0.0 {
            step.record(pl.index, &pl.rect, p, pl.point, narrow(pl.normal), 1.0);
        }
    }
    let pushed = planes[..count].iter().filter(|pl| pl.push > 0.0).map(|pl| narrow(pl.normal));
    clip_all(&mut u, pushed.chain(cast_normals.0[..cast_normals.1].iter().copied()));
    step.set_end(p);
    step.set_velocity(narrow(u));
}
