//! Collision response: after the push the ball touches the box; no shorter push along the same line
//! does; the inside case leaves through the least-penetrated face; nothing is ever NaN.

use crate::common::*;
use ball_aabb::{
    contact::contact,
    response::{contact_response, nearest_face, response, Face, PushCase},
    Aabb, Ball, Box3, Circle, Rect, Sphere,
};

/// Distance from `p` (f64) to the box, computed here.
fn dist_f64<const D: usize>(p: [f64; D], aabb: &Aabb<D>) -> f64 {
    let (lo, hi) = (aabb.min(), aabb.max());
    let mut s = 0.0;
    for i in 0..D {
        let e = if p[i] < lo[i] as f64 {
            lo[i] as f64 - p[i]
        } else if p[i] > hi[i] as f64 {
            p[i] - hi[i] as f64
        } else {
            0.0
        };
        s += e * e;
    }
    s.sqrt()
}

/// The largest magnitude among the inputs and the moved centre.
fn scale<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>, push: &[f32; D]) -> f32 {
    let (c, lo, hi) = (ball.center(), aabb.min(), aabb.max());
    let mut m = ball.radius();
    for (i, p) in push.iter().enumerate() {
        m = m.max(c[i].abs()).max(lo[i].abs()).max(hi[i].abs()).max((c[i] + p).abs());
    }
    m
}

/// The face the documented rule picks, computed here: least inward distance, ties to the first of
/// x-min, x-max, y-min, y-max, z-min, z-max.
fn expected_face<const D: usize>(c: [f32; D], aabb: &Aabb<D>) -> (Face, f64) {
    let mut best: Option<(Face, f64)> = None;
    for (axis, &ci) in c.iter().enumerate() {
        for upper in [false, true] {
            let d = if upper { aabb.max()[axis] as f64 - ci as f64 } else { ci as f64 - aabb.min()[axis] as f64 };
            if best.is_none_or(|(_, b)| d < b) {
                best = Some((Face { axis, upper }, d));
            }
        }
    }
    best.unwrap()
}

/// Checks every property of the response for one case. The centre is moved in `f32` (as a program
/// would, through `translated`), so "touching" allows the rounding of that addition: a few ulps of
/// the largest magnitude involved.
fn check_response<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) {
    let resp = response(ball, aabb);
    // The fused branch-free form promises the same values as the two plain functions.
    assert_eq!(contact_response(ball, aabb), (contact(ball, aabb), resp), "contact_response on {ball:?} {aabb:?}");
    let c = ball.center();
    let r = ball.radius() as f64;
    assert!(resp.push.iter().all(|p| p.is_finite()), "push not finite: {resp:?} for {ball:?} {aabb:?}");
    let d0 = dist_f64(c.map(|v| v as f64), aabb);
    let inside = (0..D).all(|i| aabb.min()[i] <= c[i] && c[i] <= aabb.max()[i]);
    // The push-out contract never steps by less than the smallest normal f32 (no subnormal arithmetic).
    let tol = 4.0 * ulp(scale(ball, aabb, &resp.push)).max(f32::MIN_POSITIVE as f64);
    if !inside && d0 > r {
        assert_eq!(resp.case, PushCase::None, "{ball:?} {aabb:?}");
        assert!(resp.push.iter().all(|&p| p == 0.0));
        assert_eq!(resp.face, None);
        return;
    }
    // After the push the ball touches the box.
    let moved = ball.translated(resp.push).expect("moved ball is valid");
    let after = dist_f64(moved.center().map(|v| v as f64), aabb);
    assert!(
        (after - r).abs() <= tol,
        "{:?}: after the push distance {after} vs r {r} (tol {tol}) for {ball:?} {aabb:?}",
        resp.case
    );
    if inside {
        assert_eq!(resp.case, PushCase::Inside, "{ball:?} {aabb:?}");
        let (face, depth) = expected_face(c, aabb);
        assert_eq!(resp.face, Some(face), "least-penetrated face for {ball:?} {aabb:?}");
        assert_eq!(nearest_face(&c, aabb), (face, depth));
        for (i, &ci) in c.iter().enumerate() {
            if i == face.axis {
                // depth + r, rounded to f32 — or up to three ulps further out, where the rounded
                // sum c + push would have fallen short (the push-out contract).
                let amount = (depth + r) as f32;
                let (got, want) = (resp.push[i].abs(), amount);
                assert_eq!(resp.push[i].is_sign_positive(), face.upper, "{ball:?} {aabb:?}");
                let slack = 3.0 * ulp(want.max((ci + resp.push[i]).abs())) as f32;
                assert!(want <= got && got <= want + slack, "push {got} vs {want} for {ball:?} {aabb:?}");
            } else {
                assert_eq!(resp.push[i], 0.0);
            }
        }
    } else {
        assert_eq!(resp.case, PushCase::Outside, "{ball:?} {aabb:?}");
        assert_eq!(resp.face, None);
        // Along c − s (s the clamped centre), outwards.
        let v: Vec<f64> = (0..D).map(|i| c[i] as f64 - (c[i].clamp(aabb.min()[i], aabb.max()[i])) as f64).collect();
        let p: Vec<f64> = resp.push.iter().map(|&x| x as f64).collect();
        let (vn, pn) = (norm(&v), norm(&p));
        assert!((pn - (r - d0)).abs() <= tol, "push length {pn} vs r − d = {}", r - d0);
        if pn > 0.0 {
            // Along c − s, up to the push-out contract's outward rounding (a few ulps per axis).
            let along = v.iter().zip(&p).map(|(a, b)| a * b).sum::<f64>() / vn;
            let across = (pn * pn - along * along).max(0.0).sqrt();
            assert!(along > 0.0 && across <= 1e-6 * pn + tol, "push not along c − s: {across} off, {ball:?} {aabb:?}");
        }
        // No shorter push works: 99% of it leaves them overlapping by 1% of the push (when that is
        // larger than the rounding), evaluated in f64.
        if 0.01 * pn > 4.0 * tol {
            let short: [f64; D] = std::array::from_fn(|i| c[i] as f64 + 0.99 * p[i]);
            assert!(dist_f64(short, aabb) < r, "a 99% push already separates: {ball:?} {aabb:?}");
        }
    }
}

fn norm(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

#[test]
fn push_leaves_the_ball_touching_over_integer_sweeps() {
    let mut rng = Seeded::new(0x9E5);
    for _ in 0..20_000 {
        for case in
            [random_int_case::<2>(&mut rng), tangent_int_case::<2>(&mut rng, 2), boundary_int_case::<2>(&mut rng)]
        {
            check_response(&case.ball(), &case.aabb());
        }
        for case in
            [random_int_case::<3>(&mut rng), tangent_int_case::<3>(&mut rng, 3), boundary_int_case::<3>(&mut rng)]
        {
            check_response(&case.ball(), &case.aabb());
        }
    }
}

#[test]
fn push_leaves_the_ball_touching_over_float_sweeps() {
    let mut rng = Seeded::new(0x9E6);
    for _ in 0..30_000 {
        let mut case = near_tangent_float_case::<3>(&mut rng);
        // Make it overlap by a random fraction of its radius (or keep it near tangency).
        if rng.coin() {
            case.r = (case.r as f64 * (1.0 + rng.unit())) as f32;
        }
        check_response(&case.ball(), &case.aabb());
        let case2 = FloatCase {
            c: [case.c[0], case.c[1]],
            r: case.r,
            lo: [case.lo[0], case.lo[1]],
            hi: [case.hi[0], case.hi[1]],
        };
        check_response(&case2.ball(), &case2.aabb());
    }
}

#[test]
fn outside_case_by_hand() {
    let b = Rect::new([0.0, 0.0], [2.0, 1.0]).unwrap();
    // Corner (2, 1); centre 3 right and 4 up (distance 5); r = 10: pushed 5 further along (3, 4)/5.
    let resp = response(&Circle::new([5.0, 5.0], 10.0).unwrap(), &b);
    assert_eq!(resp.case, PushCase::Outside);
    assert_eq!(resp.push, [3.0, 4.0]);
    // Exactly touching: outside, push zero.
    let resp = response(&Circle::new([5.0, 5.0], 5.0).unwrap(), &b);
    assert_eq!((resp.case, resp.push), (PushCase::Outside, [0.0, 0.0]));
    // Separated: none, push zero.
    let resp = response(&Circle::new([5.0, 5.0], 4.0).unwrap(), &b);
    assert_eq!((resp.case, resp.push, resp.face), (PushCase::None, [0.0, 0.0], None));
}

#[test]
fn inside_case_takes_the_least_penetrated_face() {
    let b = Rect::new([0.0, 0.0], [10.0, 4.0]).unwrap();
    // Distances: x-min 7, x-max 3, y-min 3.5, y-max 0.5 → y-max, pushed up by 0.5 + 1.
    let resp = response(&Circle::new([7.0, 3.5], 1.0).unwrap(), &b);
    assert_eq!(resp.face, Some(Face { axis: 1, upper: true }));
    assert_eq!(resp.push, [0.0, 1.5]);
    // x-min 1, others larger → pushed left by 1 + 2.
    let resp = response(&Circle::new([1.0, 2.0], 2.0).unwrap(), &b);
    assert_eq!((resp.face, resp.push), (Some(Face { axis: 0, upper: false }), [-3.0, 0.0]));
    // 3D: z-min is nearest (0.25).
    let b3 = Box3::new([0.0, 0.0, 0.0], [4.0, 4.0, 4.0]).unwrap();
    let resp = response(&Sphere::new([2.0, 1.0, 0.25], 0.5).unwrap(), &b3);
    assert_eq!((resp.face, resp.push), (Some(Face { axis: 2, upper: false }), [0.0, 0.0, -0.75]));
}

/// Ties go to the first of x-min, x-max, y-min, y-max, z-min, z-max.
#[test]
fn inside_ties_follow_the_documented_order() {
    let sq = Rect::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    // The centre of a square: all four at 2 → x-min.
    let resp = response(&Circle::new([2.0, 2.0], 1.0).unwrap(), &sq);
    assert_eq!((resp.face, resp.push), (Some(Face { axis: 0, upper: false }), [-3.0, 0.0]));
    // x-max and y-max both 1 → x-max.
    let resp = response(&Circle::new([3.0, 3.0], 1.0).unwrap(), &sq);
    assert_eq!((resp.face, resp.push), (Some(Face { axis: 0, upper: true }), [2.0, 0.0]));
    // x-min and x-max at 5, y-min and y-max at 2 → y-min.
    let tall = Rect::new([0.0, 0.0], [10.0, 4.0]).unwrap();
    let resp = response(&Circle::new([5.0, 2.0], 1.0).unwrap(), &tall);
    assert_eq!((resp.face, resp.push), (Some(Face { axis: 1, upper: false }), [0.0, -3.0]));
    // 3D cube centre: x-min; y-max and z-min tie → y-max.
    let cube = Box3::new([0.0, 0.0, 0.0], [4.0, 4.0, 4.0]).unwrap();
    let resp = response(&Sphere::new([2.0, 2.0, 2.0], 1.0).unwrap(), &cube);
    assert_eq!(resp.face, Some(Face { axis: 0, upper: false }));
    let resp = response(&Sphere::new([2.0, 3.0, 1.0], 1.0).unwrap(), &cube);
    assert_eq!((resp.face, resp.push), (Some(Face { axis: 1, upper: true }), [0.0, 2.0, 0.0]));
}

/// The places where a careless formula divides by zero: the centre on the boundary, on a corner,
/// in a point box; r = 0; huge and tiny coordinates.
#[test]
fn never_nan_at_the_singular_places() {
    let sq = Rect::new([0.0, 0.0], [4.0, 4.0]).unwrap();
    let circles = [
        ([4.0, 2.0], 1.0), // on a face
        ([4.0, 4.0], 1.0), // on a corner
        ([0.0, 0.0], 0.0), // on a corner, r = 0
        ([2.0, 2.0], 0.0), // inside, r = 0
        ([5.0, 2.0], 0.0), // outside, r = 0
        ([5.0, 2.0], 1.0), // outside, touching
    ];
    for (c, r) in circles {
        let ball = Circle::new(c, r).unwrap();
        check_response(&ball, &sq);
        let resp = response(&ball, &sq);
        assert!(resp.push.iter().all(|p| !p.is_nan()));
        let k = contact(&ball, &sq);
        assert!(!k.distance.is_nan() && !k.penetration.is_nan() && k.closest.iter().all(|v| !v.is_nan()));
    }
    // On the boundary the inside rule applies: pushed out through that face by r.
    let resp = response(&Circle::new([4.0, 2.0], 1.0).unwrap(), &sq);
    assert_eq!((resp.case, resp.push), (PushCase::Inside, [1.0, 0.0]));
    // A point box with the centre on it: all faces at 0 → x-min.
    let point = Rect::new([1.0, 1.0], [1.0, 1.0]).unwrap();
    let resp = response(&Circle::new([1.0, 1.0], 2.0).unwrap(), &point);
    assert_eq!((resp.case, resp.push), (PushCase::Inside, [-2.0, 0.0]));
    check_response(&Circle::new([1.0, 1.0], 2.0).unwrap(), &point);
    check_response(&Circle::new([1.0, 1.0], 0.0).unwrap(), &point);
    check_response(&Circle::new([2.0, 1.0], 2.0).unwrap(), &point);
    let p3 = Box3::new([1.0, 1.0, 1.0], [1.0, 1.0, 1.0]).unwrap();
    check_response(&Sphere::new([1.0, 1.0, 1.0], 3.0).unwrap(), &p3);
    check_response(&Sphere::new([1.0, 2.0, 1.0], 3.0).unwrap(), &p3);
    // Huge and tiny.
    for s in [1e30f32, 1e-30, 3e-38, 1e18, 1e-18] {
        let b = Rect::new([-s, -s], [s, s]).unwrap();
        for (c, r) in
            [([0.0, 0.0], s), ([s, s], s), ([3.0 * s, 0.0], 2.5 * s), ([1.5 * s, 1.5 * s], s), ([s, 0.5 * s], 0.0)]
        {
            let ball = Circle::new(c, r).unwrap();
            check_response(&ball, &b);
            let k = contact(&ball, &b);
            assert!(!k.distance.is_nan() && k.distance.is_finite(), "{k:?}");
        }
        let b3 = Box3::new([-s, -s, -s], [s, s, s]).unwrap();
        for (c, r) in [([0.0, 0.0, 0.0], s), ([s, s, s], s), ([1.5 * s, 1.5 * s, 1.5 * s], s)] {
            check_response(&Sphere::new(c, r).unwrap(), &b3);
        }
    }
    // The outside case with 1e30 by hand: 2e30 right of the box, r = 2.5e30 → pushed 0.5e30.
    let b = Rect::new([-1e30, -1e30], [1e30, 1e30]).unwrap();
    let resp = response(&Circle::new([3e30, 0.0], 2.5e30).unwrap(), &b);
    assert_eq!(resp.case, PushCase::Outside);
    assert!((resp.push[0] / 0.5e30 - 1.0).abs() < 1e-6 && resp.push[1] == 0.0, "{resp:?}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    #[test]
    fn prop_response_2d(case in int_case::<2>()) { check_response(&case.ball(), &case.aabb()); }

    #[test]
    fn prop_response_3d(case in int_case::<3>()) { check_response(&case.ball(), &case.aabb()); }

    #[test]
    fn prop_response_tangent_2d(case in tangent_case::<2>()) { check_response(&case.ball(), &case.aabb()); }
}
