//! `query --angle/--rotation` and `move --angle/--rotation` end to end: rotated boxes at right angles
//! agree exactly with the aligned box turned by hand; bad rotations are refused naming the field
//! (exit 2), and a bad CSV row does not stop the batch.

use crate::support::{floats, run};
use serde_json::Value;

/// The aligned query's answer for the same circle against `box` (the rotated box, turned by hand).
fn aligned(circle: &str, aabb: &str) -> Value {
    let (code, out, _, err) = run(&["query", "--circle", circle, "--box", aabb], None);
    assert_eq!(code, 0, "{err}");
    out[0].clone()
}

#[test]
fn a_quarter_turn_gives_exactly_the_aligned_answers_on_the_turned_box() {
    // The box [-2, 2] × [-1, 1] turned by 90° about its centre (0, 0) is [-1, 1] × [-2, 2];
    // turned by 90° about (1, 0.5) the box [-1, -1.5, 3, 2.5] (centre (1, 0.5), half (2, 2)) is itself.
    let cases = [
        ("2,1.5,1", "-2,-1,2,1", "-1,-2,1,2"),
        ("3,3,1.5", "-2,-1,2,1", "-1,-2,1,2"),
        ("0.5,1,1", "-2,-1,2,1", "-1,-2,1,2"),
        ("-0.25,-3,0.75", "-2,-1,2,1", "-1,-2,1,2"),
        ("4,-2,5", "0,0,4,2", "1,-1,3,3"),
    ];
    for (circle, aabb, turned) in cases {
        for deg in ["90", "-270", "450"] {
            let (code, out, _, err) = run(&["query", "--circle", circle, "--box", aabb, "--angle", deg], None);
            assert_eq!(code, 0, "{err}");
            let (o, want) = (&out[0], aligned(circle, turned));
            for key in ["closest", "distance", "penetration", "state"] {
                assert_eq!(o[key], want[key], "{key}: {circle} {aabb} at {deg}°: {o}");
            }
            assert_eq!(o["response"]["push"], want["response"]["push"], "{circle} {aabb} at {deg}°");
            assert_eq!(o["response"]["after"]["state"], want["response"]["after"]["state"]);
            assert_eq!(o["disagree"], want["disagree"]);
            assert_eq!(o["frame"]["angle"].as_f64(), Some(deg.parse().unwrap()));
        }
    }
    // The frame: the centre in the box's coordinates, and the zone there.
    let (_, out, _, _) = run(&["query", "--circle", "2,1.5,1", "--box", "-2,-1,2,1", "--angle", "90"], None);
    assert_eq!(floats(&out[0]["frame"]["local_center"]), [1.5, -2.0]);
    assert_eq!(out[0]["frame"]["zone"], 1); // below the box's own bottom face
    assert_eq!(out[0]["zone"], 1);
    assert_eq!(floats(&out[0]["closest"]), [1.0, 1.5]);
}

#[test]
fn a_quaternion_half_turn_about_z_gives_the_aligned_answers() {
    // 180° about z: (w, x, y, z) = (0, 0, 0, 1); the box [0, 4] × [0, 2] × [0, 2] about its centre
    // (2, 1, 1) is itself, and the corner nearest (5, 3, 3) is still (4, 2, 2) — seen from the box as
    // its own (0, 0, 2) corner.
    let (code, out, _, err) =
        run(&["query", "--sphere", "5,3,3,2", "--box", "0,0,0,4,2,2", "--rotation", "0,0,0,1"], None);
    assert_eq!(code, 0, "{err}");
    let (_, want, _, _) = run(&["query", "--sphere", "5,3,3,2", "--box", "0,0,0,4,2,2"], None);
    for key in ["closest", "distance", "state", "zone"] {
        assert_eq!(out[0][key] == want[0][key], key != "zone", "{key}: {} vs {}", out[0], want[0]);
    }
    assert_eq!(out[0]["frame"]["zone"], 18); // x below, y below, z above in the box's frame
    assert_eq!(floats(&out[0]["frame"]["local_center"]), [-3.0, -2.0, 2.0]);
    // A quarter turn given as f32 √½ is snapped to an exact quarter turn.
    let (_, out, _, _) = run(
        &["query", "--sphere", "0,3,0,1", "--box", "-2,-1,-1,2,1,1", "--rotation", "0.70710677,0,0,0.70710677"],
        None,
    );
    assert_eq!(out[0]["distance"].as_f64(), Some(1.0));
    assert_eq!(out[0]["state"], "touching");
}

#[test]
fn bad_rotations_are_refused_naming_the_field() {
    let cases: [(&[&str], &str); 6] = [
        (&["query", "--circle", "0,0,1", "--box", "0,0,1,1", "--angle", "nan"], "angle"),
        (&["query", "--circle", "0,0,1", "--box", "0,0,1,1", "--angle", "ten"], "DEG"),
        (&["query", "--sphere", "0,0,0,1", "--box", "0,0,0,1,1,1", "--rotation", "0,0,0,0"], "rotation"),
        (&["query", "--sphere", "0,0,0,1", "--box", "0,0,0,1,1,1", "--rotation", "1,0,nan,0"], "rotation.y"),
        (&["query", "--circle", "0,0,1", "--box", "2,0,1,1", "--angle", "30"], "min.x"),
        (&["move", "--circle", "0,0,1", "--velocity", "1,0", "--boxes", "2,0,3,1", "--angle", "inf"], "angle"),
    ];
    for (args, field) in cases {
        let (code, out, _, err) = run(args, None);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(field), "{args:?}: {err}");
    }
    // --angle is 2D, --rotation 3D.
    let (code, _, _, err) = run(&["query", "--sphere", "0,0,0,1", "--box", "0,0,0,1,1,1", "--angle", "30"], None);
    assert_eq!(code, 2);
    assert!(err.contains("--angle"), "{err}");
}

#[test]
fn csv_rows_take_the_rotation_as_extra_columns_and_bad_rows_do_not_stop_the_batch() {
    let input = "\
2,1.5,1,-2,-1,2,1,90
0,0,1,-1,-1,1,1,nan
0,0,3,1,-1,-1,-1,1,1,1,0,0,0,0
5,3,3,2,0,0,0,4,2,2,0,0,0,1
angle,cx,cy,r,minx,miny,maxx,maxy,vx,vy
90,-4,0,1,-2,-1,2,1,8,0
";
    let (code, out, _, _) = run(&["query", "--csv", "-"], Some(input));
    assert_eq!(code, 1, "two bad rows");
    assert_eq!(out.len(), 5);
    assert_eq!((out[0]["line"].as_u64(), out[0]["state"].as_str()), (Some(1), Some("touching")));
    assert!(out[1]["error"].as_str().unwrap().contains("angle"), "{}", out[1]);
    assert!(out[2]["error"].as_str().unwrap().contains("rotation"), "{}", out[2]);
    assert_eq!(out[3]["frame"]["zone"], 18);
    // The header row: a 2D swept case with an angle. The box stands 2 wide after the quarter turn:
    // the circle (r = 1) touches its face x = −1 when the centre reaches x = −2, at t = 2/8.
    assert_eq!(out[4]["line"], 6);
    assert_eq!(out[4]["sweep"]["t"].as_f64(), Some(0.25));
    assert_eq!(floats(&out[4]["sweep"]["normal"]), [-1.0, 0.0]);
}

#[test]
fn move_slides_along_a_tilted_wall() {
    // A wall 1 thick turned by −30°: its left face leans right, normal (−cos 30°, sin 30°).
    let (code, out, _, err) = run(
        &["move", "--circle", "0,0,0.5", "--velocity", "10,0", "--boxes", "4.5,-10,5.5,10", "--angle", "-30"],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let o = &out[0];
    assert_eq!(o["angle"].as_f64(), Some(-30.0));
    let hits = o["hits"].as_array().unwrap();
    assert_eq!(hits.len(), 1);
    let n = floats(&hits[0]["normal"]);
    assert!((n[0] + 0.75f64.sqrt()).abs() < 1e-6 && (n[1] - 0.5).abs() < 1e-6, "{n:?}");
    // What is left of the velocity runs along the face: up and to the right, (2.5, 4.33).
    let v = floats(&o["remaining"]);
    assert!((v[0] - 2.5).abs() < 1e-5 && (v[1] - 10.0 * 0.75f64.sqrt() * 0.5).abs() < 1e-5, "{v:?}");
    assert!((v[0] * n[0] + v[1] * n[1]).abs() < 1e-5);
    // The tile-map stepper does not take rotated boxes.
    let (code, _, _, err) = run(
        &[
            "move",
            "--circle",
            "0,0,0.5",
            "--velocity",
            "1,0",
            "--boxes",
            "2,0,3,1",
            "--angle",
            "10",
            "--strategy",
            "swept-slide",
        ],
        None,
    );
    assert_eq!(code, 2);
    assert!(err.contains("--angle"), "{err}");
}
