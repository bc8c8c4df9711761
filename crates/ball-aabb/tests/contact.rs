//! Contact: closest point, signed distance, state and zone, against the reference and by hand.

use crate::common::*;
use ball_aabb::{
    contact::{closest_point, contact, signed_distance_f64, zone_of},
    Box3, Circle, ContactState, Rect, Sphere,
};
use std::cmp::Ordering;

/// Inward distances to every face, computed here: `[c − min, max − c]` per axis.
fn min_face_distance<const D: usize>(case: &IntCase<D>) -> i64 {
    (0..D).flat_map(|i| [case.c[i] - case.lo[i], case.hi[i] - case.c[i]]).min().unwrap()
}

fn check_contact<const D: usize>(case: &IntCase<D>) {
    let k = contact(&case.ball(), &case.aabb());
    // Closest point: the centre clamped, per axis.
    for i in 0..D {
        let s = case.c[i].clamp(case.lo[i], case.hi[i]);
        assert_eq!(k.closest[i], s as f32, "closest[{i}] of {case:?}");
    }
    // Signed distance.
    let d2 = case.dist2();
    if d2 > 0 {
        let exact = (d2 as f64).sqrt() as f32;
        assert_eq!(k.distance, exact, "outside distance of {case:?}");
    } else {
        let inward = min_face_distance(case);
        assert_eq!(k.distance, -(inward as f32), "inside distance of {case:?}");
        if inward == 0 {
            assert_eq!(k.distance, 0.0, "on the boundary");
        }
    }
    // ContactState: from the exact comparison of dist² with r² (inside: signed distance with r).
    let expected = if d2 > 0 {
        match d2.cmp(&(case.r * case.r)) {
            Ordering::Less => ContactState::Overlapping,
            Ordering::Equal => ContactState::Touching,
            Ordering::Greater => ContactState::Separated,
        }
    } else if -min_face_distance(case) < case.r {
        ContactState::Overlapping
    } else {
        ContactState::Touching // only r = 0 with the centre on the boundary
    };
    assert_eq!(k.state, expected, "{case:?}");
    assert_eq!(k.state.is_overlap(), case.overlaps());
    assert_eq!(k.state == ContactState::Touching, case.cmp() == Ordering::Equal, "{case:?}");
    // Penetration: r − distance when overlapping, else 0.
    if k.state == ContactState::Overlapping {
        assert!((k.penetration - (case.r as f32 - k.distance)).abs() <= 1e-3, "{case:?} {k:?}");
        assert!(k.penetration > 0.0);
    } else {
        assert_eq!(k.penetration, 0.0);
    }
    // Zone.
    assert_eq!(k.zone, case.zone(), "{case:?}");
    assert_eq!(zone_of(&case.c.map(|v| v as f32), &case.aabb()), case.zone());
}

#[test]
fn contact_matches_reference_over_sweeps() {
    let mut rng = Seeded::new(0xC0);
    for _ in 0..20_000 {
        check_contact(&random_int_case::<2>(&mut rng));
        check_contact(&random_int_case::<3>(&mut rng));
        let delta = rng.int(-1, 1);
        check_contact(&tangent_int_case::<2>(&mut rng, delta));
        check_contact(&tangent_int_case::<3>(&mut rng, delta));
        check_contact(&boundary_int_case::<2>(&mut rng));
        check_contact(&boundary_int_case::<3>(&mut rng));
    }
}

#[test]
fn zone_numbering_in_2d_is_x_plus_3y() {
    let b = Rect::new([0.0, 0.0], [1.0, 1.0]).unwrap();
    let coords = [-1.0, 0.5, 2.0]; // below, within, above
    for (yz, &y) in coords.iter().enumerate() {
        for (xz, &x) in coords.iter().enumerate() {
            assert_eq!(zone_of(&[x, y], &b) as usize, xz + 3 * yz, "({x}, {y})");
        }
    }
    // y grows upwards: zone 7 is above the box, zone 1 below it.
    assert_eq!(zone_of(&[0.5, 5.0], &b), 7);
    assert_eq!(zone_of(&[0.5, -5.0], &b), 1);
    // On the boundary is within.
    assert_eq!(zone_of(&[1.0, 0.0], &b), 4);
}

#[test]
fn zone_numbering_in_3d_is_x_plus_3y_plus_9z() {
    let b = Box3::new([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]).unwrap();
    let coords = [-1.0, 0.5, 2.0];
    for (zz, &z) in coords.iter().enumerate() {
        for (yz, &y) in coords.iter().enumerate() {
            for (xz, &x) in coords.iter().enumerate() {
                assert_eq!(zone_of(&[x, y, z], &b) as usize, xz + 3 * yz + 9 * zz, "({x}, {y}, {z})");
            }
        }
    }
}

#[test]
fn closest_point_and_signed_distance_by_hand() {
    let b = Rect::new([0.0, 0.0], [4.0, 2.0]).unwrap();
    assert_eq!(closest_point(&[7.0, 6.0], &b), [4.0, 2.0]);
    assert_eq!(closest_point(&[2.0, -3.0], &b), [2.0, 0.0]);
    assert_eq!(closest_point(&[1.0, 1.5], &b), [1.0, 1.5]);
    assert_eq!(signed_distance_f64(&[7.0, 6.0], &b), 5.0); // 3-4-5 from the corner
    assert_eq!(signed_distance_f64(&[1.0, 1.5], &b), -0.5); // 0.5 below the top face
    assert_eq!(signed_distance_f64(&[3.0, 1.0], &b), -1.0); // 1 from the right face and from top/bottom
    assert_eq!(signed_distance_f64(&[4.0, 1.0], &b), 0.0); // on the boundary
    let k = contact(&Circle::new([1.0, 1.5], 0.5).unwrap(), &b);
    assert_eq!((k.distance, k.state), (-0.5, ContactState::Overlapping));
    let k = contact(&Circle::new([4.0, 1.0], 0.0).unwrap(), &b);
    assert_eq!((k.distance, k.state, k.penetration), (0.0, ContactState::Touching, 0.0));
    let k = contact(&Circle::new([4.0, 1.0], 0.25).unwrap(), &b);
    assert_eq!((k.state, k.penetration), (ContactState::Overlapping, 0.25));
    let k = contact(&Circle::new([7.0, 6.0], 4.5).unwrap(), &b);
    assert_eq!((k.distance, k.state, k.zone), (5.0, ContactState::Separated, 8));
    let s = Sphere::new([3.0, 4.0, 7.0], 7.0).unwrap();
    let k = contact(&s, &Box3::new([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]).unwrap());
    assert_eq!((k.closest, k.distance, k.state, k.zone), ([1.0, 1.0, 1.0], 7.0, ContactState::Touching, 26));
}

/// General floats: the contact state agrees with the `f64` reference wherever the reference is
/// clear of tangency by more than the rounding of the inputs' conversion (the contact works in `f64`
/// on the same `f32` inputs, so it should agree everywhere but at exact ties).
#[test]
fn contact_state_matches_f64_reference_on_general_floats() {
    let mut rng = Seeded::new(0xC1);
    for _ in 0..50_000 {
        let case = near_tangent_float_case::<3>(&mut rng);
        let k = contact(&case.ball(), &case.aabb());
        let dist = case.dist();
        let r = case.r as f64;
        let gap = (dist - r).abs();
        if gap > 1e-12 * r.max(dist) {
            assert_eq!(k.state.is_overlap(), dist <= r, "{case:?}: dist {dist}, r {r}");
        }
        assert!(!k.distance.is_nan() && !k.penetration.is_nan());
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    #[test]
    fn prop_contact_2d(case in int_case::<2>()) { check_contact(&case); }

    #[test]
    fn prop_contact_3d(case in int_case::<3>()) { check_contact(&case); }

    #[test]
    fn prop_contact_tangent_3d(case in tangent_case::<3>()) { check_contact(&case); }
}
