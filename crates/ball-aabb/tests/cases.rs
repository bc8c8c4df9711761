//! Hand-picked cases, each named after what it shows. Expected verdicts are worked out by hand in
//! the comments (distances from small integers and Pythagorean triples).

use ball_aabb::{
    algo::{algorithm, ALGORITHMS},
    contact::contact,
    Box3, Circle, ContactState, Rect, Sphere,
};

fn circle(c: [f32; 2], r: f32) -> Circle {
    Circle::new(c, r).unwrap()
}
fn rect(lo: [f32; 2], hi: [f32; 2]) -> Rect {
    Rect::new(lo, hi).unwrap()
}
fn sphere(c: [f32; 3], r: f32) -> Sphere {
    Sphere::new(c, r).unwrap()
}
fn box3(lo: [f32; 3], hi: [f32; 3]) -> Box3 {
    Box3::new(lo, hi).unwrap()
}

/// Every algorithm that claims exactness in 2D must say `expected`.
fn exact_2d(c: &Circle, b: &Rect, expected: bool, what: &str) {
    for a in ALGORITHMS.iter().filter(|a| a.is_exact(2)) {
        assert_eq!((a.overlap_2d)(c, b), expected, "{what}: {} (2D) on {c:?} {b:?}", a.id);
    }
}

/// Every algorithm that claims exactness in 3D must say `expected`.
fn exact_3d(s: &Sphere, b: &Box3, expected: bool, what: &str) {
    for a in ALGORITHMS.iter().filter(|a| a.is_exact(3)) {
        assert_eq!((a.overlap_3d)(s, b), expected, "{what}: {} (3D) on {s:?} {b:?}", a.id);
    }
}

/// Box [0, 4] × [0, 2]. One centre per zone, with a radius that just touches (so it overlaps) and
/// one a little smaller (so it does not), except the inside zone.
#[test]
fn each_of_the_nine_zones() {
    let b = rect([0.0, 0.0], [4.0, 2.0]);
    // (zone, centre, distance to the box)
    let cases: [(u32, [f32; 2], f32); 9] = [
        (0, [-3.0, -4.0], 5.0),  // below-left of corner (0,0): 3-4-5
        (1, [2.0, -1.5], 1.5),   // below the bottom face
        (2, [8.0, -3.0], 5.0),   // below-right of corner (4,0): 4-3-5
        (3, [-0.5, 1.0], 0.5),   // left of the left face
        (4, [1.0, 1.0], 0.0),    // inside
        (5, [6.0, 0.5], 2.0),    // right of the right face
        (6, [-5.0, 14.0], 13.0), // above-left of corner (0,2): 5-12-13
        (7, [3.0, 9.0], 7.0),    // above the top face
        (8, [12.0, 17.0], 17.0), // above-right of corner (4,2): 8-15-17
    ];
    for (zone, c, dist) in cases {
        assert_eq!(contact(&circle(c, dist), &b).zone, zone, "zone of {c:?}");
        exact_2d(&circle(c, dist), &b, true, &format!("zone {zone}, touching"));
        if dist > 0.0 {
            exact_2d(&circle(c, dist - 0.25), &b, false, &format!("zone {zone}, just short"));
        } else {
            exact_2d(&circle(c, 0.0), &b, true, "inside with r = 0");
        }
    }
}

/// A sample of the 27 regions of the box [0,4]×[0,2]×[0,6]: the inside, faces, edges and corners.
#[test]
fn a_sample_of_the_27_regions_in_3d() {
    let b = box3([0.0, 0.0, 0.0], [4.0, 2.0, 6.0]);
    // (zone = x + 3y + 9z, centre, distance to the box)
    let cases: [(u32, [f32; 3], f32); 10] = [
        (13, [1.0, 1.0, 1.0], 0.0),   // inside
        (12, [-2.0, 1.0, 3.0], 2.0),  // face x-min
        (14, [7.0, 1.0, 3.0], 3.0),   // face x-max
        (10, [2.0, -1.0, 3.0], 1.0),  // face y-min
        (22, [2.0, 1.0, 10.0], 4.0),  // face z-max
        (1, [2.0, -3.0, -4.0], 5.0),  // edge y-min/z-min: 3-4-5
        (17, [9.0, 14.0, 3.0], 13.0), // edge x-max/y-max: 5-12-13
        (0, [-1.0, -2.0, -2.0], 3.0), // corner (0,0,0): 1-2-2-3
        (26, [6.0, 5.0, 12.0], 7.0),  // corner (4,2,6): 2-3-6-7
        (18, [-8.0, -4.0, 7.0], 9.0), // corner (0,0,6): 8-4-1-9
    ];
    for (zone, c, dist) in cases {
        assert_eq!(contact(&sphere(c, dist), &b).zone, zone, "zone of {c:?}");
        exact_3d(&sphere(c, dist), &b, true, &format!("region {zone}, touching"));
        if dist > 0.0 {
            exact_3d(&sphere(c, dist - 0.25), &b, false, &format!("region {zone}, just short"));
        }
    }
}

#[test]
fn tangency_on_a_face_counts_as_overlap() {
    let b = rect([-4.0, -1.0], [4.0, 1.0]);
    exact_2d(&circle([5.0, 0.5], 1.0), &b, true, "touching the right face");
    exact_2d(&circle([0.0, -3.0], 2.0), &b, true, "touching the bottom face");
    exact_2d(&circle([5.0, 0.5], 0.999), &b, false, "just short of the right face");
    let b3 = box3([-1.0, -1.0, -1.0], [1.0, 1.0, 1.0]);
    exact_3d(&sphere([0.5, 0.0, 3.0], 2.0), &b3, true, "touching the top face");
    exact_3d(&sphere([0.5, 0.0, 3.0], 1.999), &b3, false, "just short of the top face");
    assert_eq!(contact(&circle([5.0, 0.5], 1.0), &b).state, ContactState::Touching);
}

#[test]
fn tangency_at_a_corner_3_4_5() {
    let b = rect([0.0, 0.0], [2.0, 1.0]);
    // Corner (2, 1); the centre 3 right and 4 up: distance exactly 5.
    exact_2d(&circle([5.0, 5.0], 5.0), &b, true, "3-4-5 touching");
    exact_2d(&circle([5.0, 5.0], 4.999), &b, false, "3-4-5 short");
    // Scaled by 100: still exact in f32.
    exact_2d(&circle([302.0, 401.0], 500.0), &b, true, "300-400-500 touching");
    exact_2d(&circle([302.0, 401.0], 499.99), &b, false, "300-400-500 short");
    // Corner (0, 0) from below-left, the other way round: 4-3-5.
    exact_2d(&circle([-4.0, -3.0], 5.0), &b, true, "4-3-5 touching");
    // 3D corner with the quadruple 2-3-6-7.
    let b3 = box3([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    exact_3d(&sphere([3.0, 4.0, 7.0], 7.0), &b3, true, "2-3-6-7 touching");
    exact_3d(&sphere([3.0, 4.0, 7.0], 6.99), &b3, false, "2-3-6-7 short");
}

#[test]
fn degenerate_boxes_a_point_and_a_segment() {
    // A point box at (1, 1): the distance is the distance to that point.
    let point = rect([1.0, 1.0], [1.0, 1.0]);
    exact_2d(&circle([4.0, 5.0], 5.0), &point, true, "point box, 3-4-5 touching");
    exact_2d(&circle([4.0, 5.0], 4.99), &point, false, "point box, short");
    exact_2d(&circle([1.0, 1.0], 0.0), &point, true, "r = 0 on the point");
    // A horizontal segment from (0, 0) to (4, 0).
    let seg = rect([0.0, 0.0], [4.0, 0.0]);
    exact_2d(&circle([2.0, 3.0], 3.0), &seg, true, "segment, touching from above");
    exact_2d(&circle([2.0, -3.0], 2.9), &seg, false, "segment, short from below");
    exact_2d(&circle([7.0, 4.0], 5.0), &seg, true, "segment end, 3-4-5");
    exact_2d(&circle([2.0, 0.0], 0.0), &seg, true, "r = 0 on the segment");
    // 3D: a point box and a segment along z.
    let p3 = box3([1.0, 1.0, 1.0], [1.0, 1.0, 1.0]);
    exact_3d(&sphere([2.0, 3.0, 3.0], 3.0), &p3, true, "point box, 1-2-2-3");
    exact_3d(&sphere([2.0, 3.0, 3.0], 2.99), &p3, false, "point box, short");
    let s3 = box3([0.0, 0.0, -5.0], [0.0, 0.0, 5.0]);
    exact_3d(&sphere([3.0, 4.0, 2.0], 5.0), &s3, true, "z segment, 3-4-5 side");
    exact_3d(&sphere([3.0, 4.0, 2.0], 4.99), &s3, false, "z segment, short");
}

#[test]
fn radius_zero() {
    let b = rect([0.0, 0.0], [4.0, 2.0]);
    exact_2d(&circle([1.0, 1.0], 0.0), &b, true, "r = 0 inside");
    exact_2d(&circle([4.0, 1.0], 0.0), &b, true, "r = 0 on the right face");
    exact_2d(&circle([4.0, 2.0], 0.0), &b, true, "r = 0 on a corner");
    exact_2d(&circle([4.5, 1.0], 0.0), &b, false, "r = 0 outside");
    let b3 = box3([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    exact_3d(&sphere([1.0, 1.0, 1.0], 0.0), &b3, true, "r = 0 on a corner");
    exact_3d(&sphere([1.0, 0.5, 1.5], 0.0), &b3, false, "r = 0 outside");
    // Every algorithm, flawed ones included, agrees at r = 0: the grown box is the box itself.
    for a in ALGORITHMS {
        assert!(!(a.overlap_2d)(&circle([4.5, 2.5], 0.0), &b), "{}", a.id);
        assert!((a.overlap_2d)(&circle([0.0, 0.0], 0.0), &b), "{}", a.id);
    }
}

#[test]
fn centre_on_the_boundary() {
    let b = rect([-2.0, -2.0], [2.0, 2.0]);
    for c in [[2.0, 0.0], [-2.0, 1.0], [0.0, 2.0], [1.5, -2.0], [2.0, 2.0], [-2.0, -2.0]] {
        exact_2d(&circle(c, 1.0), &b, true, "centre on the boundary");
        exact_2d(&circle(c, 0.0), &b, true, "centre on the boundary, r = 0");
    }
    let b3 = box3([-2.0, -2.0, -2.0], [2.0, 2.0, 2.0]);
    for c in [[2.0, 0.0, 0.0], [2.0, 2.0, 0.5], [-2.0, -2.0, -2.0]] {
        exact_3d(&sphere(c, 0.0), &b3, true, "centre on the boundary, r = 0");
    }
}

/// The naive face-plane test grows the box by r with square corners: in the corner region of
/// [-1,1]², the centre (1.8, 1.8) is 0.8·√2 ≈ 1.131 from the corner, more than r = 1, yet it is
/// inside every face plane grown by 1.
#[test]
fn planes_naive_false_positive_in_a_2d_corner() {
    let naive = algorithm("planes_naive").unwrap();
    let b = rect([-1.0, -1.0], [1.0, 1.0]);
    let c = circle([1.8, 1.8], 1.0);
    assert!((naive.overlap_2d)(&c, &b), "the flaw: naive says overlap");
    exact_2d(&c, &b, false, "the truth: separated");
    assert_eq!(contact(&c, &b).state, ContactState::Separated);
    // Near a face it is right: (1.8, 0.5) is 0.8 away.
    assert!((naive.overlap_2d)(&circle([1.8, 0.5], 1.0), &b));
    assert!(!(naive.overlap_2d)(&circle([2.1, 0.5], 1.0), &b));
}

#[test]
fn planes_naive_false_positive_in_a_3d_corner_and_edge() {
    let naive = algorithm("planes_naive").unwrap();
    let b = box3([-1.0, -1.0, -1.0], [1.0, 1.0, 1.0]);
    // Corner: 0.65·√3 ≈ 1.126 > 1.
    let corner = sphere([1.65, 1.65, 1.65], 1.0);
    assert!((naive.overlap_3d)(&corner, &b));
    exact_3d(&corner, &b, false, "corner");
    // Edge: 0.8·√2 ≈ 1.131 > 1, z in the slab.
    let edge = sphere([1.8, 1.8, 0.0], 1.0);
    assert!((naive.overlap_3d)(&edge, &b));
    exact_3d(&edge, &b, false, "edge");
}

/// Holden's corrected face-plane test, in 3D, at his own counter-example: box [-1,1]³, r = 1,
/// centre (1.65, 1.65, 1.65). The cut of the x-max plane has radius √(1 − 0.65²) ≈ 0.760 and the
/// projected centre is 0.65 outside the y and z planes: "reaches" — but the true distance is
/// 0.65·√3 ≈ 1.126 > 1.
#[test]
fn planes_3d_false_positive_at_a_corner() {
    let planes = algorithm("planes").unwrap();
    assert!(!planes.is_exact(3));
    let b = box3([-1.0, -1.0, -1.0], [1.0, 1.0, 1.0]);
    let s = sphere([1.65, 1.65, 1.65], 1.0);
    assert!((planes.overlap_3d)(&s, &b), "planes over-reports at the corner");
    exact_3d(&s, &b, false, "corner counter-example");
    assert!((contact(&s, &b).distance - 0.65 * 3f32.sqrt()).abs() < 1e-5);
}

/// An edge region: centre (1.8, 1.8, 1.0), on the plane of the z-max face, 0.8·√2 ≈ 1.131 from the
/// edge x = y = 1. The z-max plane cuts the sphere in a disc of radius 1 (d = 0), and the projected
/// centre is only 0.8 outside the x and y planes: "reaches", although the face's corner is 1.131 away.
#[test]
fn planes_3d_false_positive_at_an_edge() {
    let planes = algorithm("planes").unwrap();
    let b = box3([-1.0, -1.0, -1.0], [1.0, 1.0, 1.0]);
    let s = sphere([1.8, 1.8, 1.0], 1.0);
    assert!((planes.overlap_3d)(&s, &b), "planes over-reports at the edge");
    exact_3d(&s, &b, false, "edge counter-example");
    assert_eq!(contact(&s, &b).zone, 2 + 3 * 2 + 9); // x above, y above, z within: an edge region
                                                     // At mid-edge (z = 0) the z planes are 1 away, their cut is a point: no false positive there.
    assert!(!(planes.overlap_3d)(&sphere([1.8, 1.8, 0.0], 1.0), &b));
}

/// In 2D the same test is exact: the "disc" is a chord and the face a segment.
#[test]
fn planes_is_exact_in_2d() {
    let planes = algorithm("planes").unwrap();
    assert!(planes.is_exact(2));
    let b = rect([-1.0, -1.0], [1.0, 1.0]);
    assert!(!(planes.overlap_2d)(&circle([1.8, 1.8], 1.0), &b), "corner: 1.131 > 1");
    assert!(!(planes.overlap_2d)(&circle([1.65, 1.65], 0.919), &b), "corner: 0.919 < 0.65·√2");
    assert!((planes.overlap_2d)(&circle([1.65, 1.65], 0.92), &b), "corner: 0.92 > 0.65·√2 ≈ 0.9192");
    // 3-4-5 at the corner (1, 1): touching, and one unit short.
    assert!((planes.overlap_2d)(&circle([4.0, 5.0], 5.0), &b));
    assert!(!(planes.overlap_2d)(&circle([4.0, 5.0], 4.0), &b));
}

/// The branch-free form as published: `if (e <= r) return false`. Written here as the post gives
/// it, to show the sign error: it rejects every overlapping case (in fact it can never return true:
/// passing every axis needs e > r, and then d ≥ e² > r²).
fn branchless_as_published<const D: usize>(c: [f32; D], r: f32, lo: [f32; D], hi: [f32; D]) -> bool {
    let mut d = 0.0f32;
    for i in 0..D {
        let e = (lo[i] - c[i]).max(0.0) + (c[i] - hi[i]).max(0.0);
        if e <= r {
            return false;
        }
        d += e * e;
    }
    d <= r * r
}

#[test]
fn published_branchless_early_out_never_reports_overlap() {
    use crate::common::*;
    let ours = algorithm("branchless").unwrap();
    let mut rng = Seeded::new(0xE44);
    let mut overlapping = 0;
    for k in 0..20_000 {
        let case = match k % 3 {
            0 => random_int_case::<3>(&mut rng),
            1 => tangent_int_case::<3>(&mut rng, 0),
            _ => boundary_int_case::<3>(&mut rng),
        };
        let c = case.c.map(|v| v as f32);
        let (lo, hi) = (case.lo.map(|v| v as f32), case.hi.map(|v| v as f32));
        let published = branchless_as_published(c, case.r as f32, lo, hi);
        assert!(!published, "the published form never says overlap: {case:?}");
        if case.overlaps() {
            overlapping += 1;
            assert!((ours.overlap_3d)(&case.ball(), &case.aabb()), "the crate's branchless must: {case:?}");
        }
        let c2 = IntCase::new([case.c[0], case.c[1]], case.r, [case.lo[0], case.lo[1]], [case.hi[0], case.hi[1]]);
        assert!(!branchless_as_published([c[0], c[1]], case.r as f32, [lo[0], lo[1]], [hi[0], hi[1]]));
        assert_eq!((ours.overlap_2d)(&c2.ball(), &c2.aabb()), c2.overlaps(), "{c2:?}");
    }
    assert!(overlapping > 5000, "the sweep must contain many overlapping cases, got {overlapping}");
    // The plainest overlap of all: the centre inside the box.
    assert!(!branchless_as_published([0.0, 0.0], 1.0, [-1.0, -1.0], [1.0, 1.0]));
    assert!((ours.overlap_2d)(&circle([0.0, 0.0], 1.0), &rect([-1.0, -1.0], [1.0, 1.0])));
}

/// The registry's literal published variants behave exactly as their errata say: the branch-free
/// form never reports an overlap (and is the same function as the one written above), the strict
/// `<` forms of the fold and the clamp are exact except that touching does not count.
#[test]
fn registry_published_variants_match_their_errata() {
    use crate::common::*;
    let mut rng = Seeded::new(0x9B);
    let mut touching = 0;
    for k in 0..12_000 {
        let case = match k % 3 {
            0 => random_int_case::<3>(&mut rng),
            1 => tangent_int_case::<3>(&mut rng, 0),
            _ => boundary_int_case::<3>(&mut rng),
        };
        touching += (case.dist2() == case.r * case.r) as usize;
        let c2 = IntCase::new([case.c[0], case.c[1]], case.r, [case.lo[0], case.lo[1]], [case.hi[0], case.hi[1]]);
        for a in ALGORITHMS {
            let published: [(Option<bool>, bool, bool); 2] = [
                (a.as_published_2d.map(|f| f(&c2.ball(), &c2.aabb())), c2.overlaps(), c2.dist2() < c2.r * c2.r),
                (
                    a.as_published_3d.map(|f| f(&case.ball(), &case.aabb())),
                    case.overlaps(),
                    case.dist2() < case.r * case.r,
                ),
            ];
            for (dim, (p, inclusive, strict)) in published.into_iter().enumerate() {
                let Some(p) = p else { continue };
                let expected = match a.id {
                    "branchless" => false,
                    "fold" | "clamp" => strict,
                    other => panic!("published variant of {other} has no expectation in this test yet"),
                };
                assert_eq!(p, expected, "{} as published, {}D, on {case:?} (exact: {inclusive})", a.id, dim + 2);
            }
        }
        let bp = algorithm("branchless").unwrap().as_published_3d.expect("the branch-free erratum is in the registry");
        let c = case.c.map(|v| v as f32);
        assert_eq!(
            bp(&case.ball(), &case.aabb()),
            branchless_as_published(c, case.r as f32, case.lo.map(|v| v as f32), case.hi.map(|v| v as f32))
        );
    }
    assert!(touching > 3000, "the sweep must contain touching cases, where strict and inclusive differ");
}
