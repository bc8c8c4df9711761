//! Rotated boxes against parry2d/parry3d (`Cuboid` with a rotation), 200 000 random cases per
//! dimension: the overlap verdict (`intersection_test` of a `Ball` and the `Cuboid`), the signed
//! distance from the centre to the box (`distance_to_point`, negated inside) and the closest point
//! (`project_point`). Every disagreement is counted and must be explained: parry works in `f32`
//! (its frame change rounds each coordinate to `f32`, an error of about 10⁻⁷ of the scene's scale),
//! so a verdict may differ only where the exact distance is within that of `r` (tangency within
//! rounding), and distances and points agree within 1e-5 of the scene's scale.

use crate::common::*;
use ball_aabb::{Ball, ContactState, OrientedBox3, OrientedRect};

const CASES: usize = 200_000;
/// The relative tolerance of the comparison (of the scene's scale).
const REL: f64 = 1e-5;

#[derive(Default, Debug)]
struct Tally {
    overlaps: usize,
    verdicts_differ: usize,
    /// Of those, how many lie within the tolerance of tangency (all must).
    verdicts_at_tangency: usize,
    worst_distance: f64,
    worst_point: f64,
    /// Distances not within 1e-5 relative to the distance itself (only near 0, where parry's
    /// absolute f32 error dominates): counted, explained by the scene-scale bound.
    distance_rel_to_itself: usize,
}

fn report(d: usize, t: &Tally) {
    eprintln!(
        "parry {d}D: {CASES} cases (an eighth at tangency), {} overlapping; verdicts differ {} (within {REL:e}·scale of tangency: {}); \
         widest distance error {:.2e}·scale, widest closest-point error {:.2e}·scale; \
         {} distances beyond 1e-5 of themselves (all within 1e-5·scale of 0)",
        t.overlaps, t.verdicts_differ, t.verdicts_at_tangency, t.worst_distance, t.worst_point, t.distance_rel_to_itself
    );
}

#[allow(clippy::too_many_arguments)]
fn check(
    t: &mut Tally,
    ours_overlap: bool,
    state: ContactState,
    ours_d: f64,
    theirs_overlap: bool,
    theirs_d: f64,
    r: f64,
    scale: f64,
) {
    assert_eq!(ours_overlap, state.is_overlap());
    t.overlaps += ours_overlap as usize;
    if ours_overlap != theirs_overlap {
        t.verdicts_differ += 1;
        assert!(
            (ours_d - r).abs() <= REL * scale,
            "verdict differs away from tangency: d {ours_d} r {r} scale {scale}"
        );
        t.verdicts_at_tangency += 1;
    }
    let e = (ours_d - theirs_d).abs() / scale;
    assert!(e <= REL, "distance {ours_d} vs parry {theirs_d} (scale {scale})");
    t.worst_distance = t.worst_distance.max(e);
    if (ours_d - theirs_d).abs() > REL * ours_d.abs() {
        t.distance_rel_to_itself += 1;
    }
}

#[test]
fn rotated_rectangles_agree_with_parry2d() {
    use parry2d::math::{Pose, Vector};
    use parry2d::query::{intersection_test, PointQuery};
    use parry2d::shape::{Ball as PBall, Cuboid};
    let mut g = Seeded::new(0x0bb9a2);
    let mut t = Tally::default();
    for _ in 0..CASES {
        let unit = *g.pick(&[0.05f32, 1.0, 20.0, 300.0]);
        let center = [g.range(-4.0, 4.0) * unit, g.range(-4.0, 4.0) * unit];
        let half = [g.range(0.05, 3.0) * unit, g.range(0.05, 3.0) * unit];
        let angle = g.range(-3.2, 3.2);
        let c = [center[0] + g.range(-5.0, 5.0) * unit, center[1] + g.range(-5.0, 5.0) * unit];
        let mut r = g.range(0.0, 2.5) * unit;
        let o = OrientedRect::new(center, half, angle).unwrap();
        // An eighth of the cases at tangency: r is the distance from the centre, rounded to f32.
        let d0 = o.contact(&Ball::new(c, 0.0).unwrap()).distance;
        if g.below(8) == 0 && d0 > 0.0 {
            r = d0;
        }
        let ball = Ball::new(c, r).unwrap();
        let k = o.contact(&ball);

        let iso = Pose::new(Vector::new(center[0], center[1]), angle);
        let cuboid = Cuboid::new(Vector::new(half[0], half[1]));
        let hit =
            intersection_test(&Pose::translation(c[0], c[1]), &PBall::new(r), &iso, &cuboid).unwrap().intersecting;
        let p = Vector::new(c[0], c[1]);
        let proj = cuboid.project_point(&iso, p, false);
        let dist = cuboid.distance_to_point(&iso, p, false) as f64;
        let inside = cuboid.contains_point(&iso, p);
        // (parry already returns the distance negated for a point inside a non-solid shape.)
        let theirs_d = if inside { -dist.abs() } else { dist };
        let scale = [center[0], center[1], c[0], c[1], half[0], half[1], r]
            .iter()
            .fold(unit as f64, |m, x| m.max(x.abs() as f64));
        check(&mut t, o.overlaps(&ball), k.state, k.distance as f64, hit, theirs_d, r as f64, scale);
        // The closest point: outside, parry's projection; inside, ours is the centre itself.
        if !inside {
            let e = (0..2).map(|i| (k.closest[i] as f64 - proj.point[i] as f64).abs()).fold(0.0, f64::max) / scale;
            assert!(e <= REL, "closest {:?} vs parry {:?}", k.closest, proj.point);
            t.worst_point = t.worst_point.max(e);
        }
    }
    report(2, &t);
    assert!(t.overlaps > CASES / 5 && t.overlaps < CASES * 4 / 5);
}

#[test]
fn rotated_boxes_agree_with_parry3d() {
    use parry3d::math::{Pose, Rotation, Vector};
    use parry3d::query::{intersection_test, PointQuery};
    use parry3d::shape::{Ball as PBall, Cuboid};
    let mut g = Seeded::new(0x0bb9a3);
    let mut t = Tally::default();
    for _ in 0..CASES {
        let unit = *g.pick(&[0.05f32, 1.0, 20.0, 300.0]);
        let center: [f32; 3] = core::array::from_fn(|_| g.range(-4.0, 4.0) * unit);
        let half: [f32; 3] = core::array::from_fn(|_| g.range(0.05, 3.0) * unit);
        let q = loop {
            let q: [f32; 4] = core::array::from_fn(|_| g.range(-1.0, 1.0));
            let n = q.iter().map(|x| (*x as f64).powi(2)).sum::<f64>().sqrt();
            if n > 0.1 {
                break q.map(|x| (x as f64 / n) as f32);
            }
        };
        let c: [f32; 3] = core::array::from_fn(|i| center[i] + g.range(-5.0, 5.0) * unit);
        let mut r = g.range(0.0, 2.5) * unit;
        let o = OrientedBox3::new(center, half, q).unwrap();
        let d0 = o.contact(&Ball::new(c, 0.0).unwrap()).distance;
        if g.below(8) == 0 && d0 > 0.0 {
            r = d0;
        }
        let ball = Ball::new(c, r).unwrap();
        let k = o.contact(&ball);

        // Ours is (w, x, y, z); glam's quaternion is built (x, y, z, w).
        let rot = Rotation::from_xyzw(q[1], q[2], q[3], q[0]).normalize();
        let iso = Pose::from_parts(Vector::new(center[0], center[1], center[2]), rot);
        let cuboid = Cuboid::new(Vector::new(half[0], half[1], half[2]));
        let hit = intersection_test(&Pose::translation(c[0], c[1], c[2]), &PBall::new(r), &iso, &cuboid)
            .unwrap()
            .intersecting;
        let p = Vector::new(c[0], c[1], c[2]);
        let proj = cuboid.project_point(&iso, p, false);
        let dist = cuboid.distance_to_point(&iso, p, false) as f64;
        let inside = cuboid.contains_point(&iso, p);
        // (parry already returns the distance negated for a point inside a non-solid shape.)
        let theirs_d = if inside { -dist.abs() } else { dist };
        let scale = center.iter().chain(&c).chain(&half).chain([&r]).fold(unit as f64, |m, x| m.max(x.abs() as f64));
        check(&mut t, o.overlaps(&ball), k.state, k.distance as f64, hit, theirs_d, r as f64, scale);
        if !inside {
            let e = (0..3).map(|i| (k.closest[i] as f64 - proj.point[i] as f64).abs()).fold(0.0, f64::max) / scale;
            assert!(e <= REL, "closest {:?} vs parry {:?}", k.closest, proj.point);
            t.worst_point = t.worst_point.max(e);
        }
    }
    report(3, &t);
    assert!(t.overlaps > CASES / 10 && t.overlaps < CASES * 9 / 10);
}
