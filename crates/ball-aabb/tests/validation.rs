//! Validation: every bad field gives a `ShapeError` naming it.

use ball_aabb::{Aabb, Ball, Box3, Circle, Rect, ShapeError, Sphere};

const BAD: [f32; 3] = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY];

#[test]
fn each_centre_coordinate_must_be_finite() {
    for bad in BAD {
        for (i, name) in ["center.x", "center.y", "center.z"].iter().enumerate() {
            let mut c = [1.0f32; 3];
            c[i] = bad;
            let err = Sphere::new(c, 1.0).unwrap_err();
            assert_eq!(err.field(), *name, "{err:?}");
            assert!(matches!(err, ShapeError::NotFinite { .. }));
            assert!(err.to_string().contains(name), "message names the field: {err}");
            if i < 2 {
                assert_eq!(Circle::new([c[0], c[1]], 1.0).unwrap_err().field(), *name);
            }
        }
    }
}

#[test]
fn radius_must_be_finite_and_not_negative() {
    for bad in BAD {
        let err = Circle::new([0.0, 0.0], bad).unwrap_err();
        assert_eq!(err.field(), "radius");
        assert!(matches!(err, ShapeError::NotFinite { .. }), "{err:?}");
        assert!(err.to_string().contains("radius"));
    }
    for neg in [-1.0, -1e-30, -f32::MIN_POSITIVE] {
        let err = Sphere::new([0.0, 0.0, 0.0], neg).unwrap_err();
        assert_eq!(err, ShapeError::NegativeRadius { value: neg });
        assert_eq!(err.field(), "radius");
        assert!(err.to_string().contains("radius"));
    }
    // Zero (either sign) is a valid radius: a point.
    assert!(Circle::new([0.0, 0.0], 0.0).is_ok());
    assert!(Circle::new([0.0, 0.0], -0.0).is_ok());
}

#[test]
fn box_corners_must_be_finite() {
    for bad in BAD {
        for corner in ["min", "max"] {
            for (i, axis) in ["x", "y", "z"].iter().enumerate() {
                let (mut lo, mut hi) = ([0.0f32; 3], [1.0f32; 3]);
                if corner == "min" {
                    lo[i] = bad;
                } else {
                    hi[i] = bad;
                }
                let err = Box3::new(lo, hi).unwrap_err();
                let name = format!("{corner}.{axis}");
                assert_eq!(err.field(), name, "{err:?}");
                assert!(matches!(err, ShapeError::NotFinite { .. }), "{err:?}");
                assert!(err.to_string().contains(&name), "{err}");
            }
        }
    }
}

#[test]
fn inverted_box_names_the_axis() {
    for (i, axis) in ["x", "y", "z"].into_iter().enumerate() {
        let (lo, mut hi) = ([0.0f32; 3], [1.0f32; 3]);
        hi[i] = -1.0;
        let err = Box3::new(lo, hi).unwrap_err();
        assert_eq!(err, ShapeError::Inverted { axis, min: 0.0, max: -1.0 });
        assert!(err.to_string().contains(&format!("min.{axis}")) && err.to_string().contains(&format!("max.{axis}")));
        if i < 2 {
            assert_eq!(Rect::new([lo[0], lo[1]], [hi[0], hi[1]]).unwrap_err().field(), format!("min.{axis}"));
        }
    }
    // min = max is a valid (degenerate) box.
    assert!(Aabb::<3>::new([1.0, 2.0, 3.0], [1.0, 2.0, 3.0]).is_ok());
}

#[test]
fn translated_refuses_to_leave_the_finite_numbers() {
    let b = Ball::<2>::new([3e38, 0.0], 1.0).unwrap();
    assert_eq!(b.translated([3e38, 0.0]), None);
    assert_eq!(b.translated([1.0, 2.0]).map(|m| m.center()), Some([3e38 + 1.0, 2.0]));
    let r = Rect::new([0.0, 0.0], [1.0, 1.0]).unwrap();
    assert_eq!(r.translated([f32::NAN, 0.0]), None);
    assert_eq!(r.translated([1.0, 1.0]).map(|m| (m.min(), m.max())), Some(([1.0, 1.0], [2.0, 2.0])));
}
