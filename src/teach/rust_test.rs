//! "Copy as Rust test": the current scene as a unit test that pins every algorithm's verdict (the
//! corrected and, where it differs, the published form) and the exact contact state.
//!
//! Numbers are written with Rust's shortest round-trip formatting (`{:?}` of `f32`), so the test
//! rebuilds exactly the scene on screen, tangent cases included.

use crate::geom::{algo::ALGORITHMS, contact::contact, Circle, Rect};

/// A `#[test]` function (as Rust source) asserting the contact state of `circle` against `aabb` and
/// every registry algorithm's verdict. `scene` is the scene text, quoted in a comment so the test can
/// be opened in the demo again.
#[must_use]
pub fn rust_test(circle: &Circle, aabb: &Rect, scene: &str) -> String {
    let c = circle.center();
    let (lo, hi) = (aabb.min(), aabb.max());
    let state = contact(circle, aabb).state;
    let mut s = String::new();
    s.push_str("#[test]\n");
    s.push_str(&format!("fn {}() {{\n", test_name(circle, aabb)));
    s.push_str(&format!("    // circle-aabb-lab --scene '{}'\n", scene.replace('\n', " ")));
    s.push_str("    use circle_aabb_lab::geom::{algo::algorithm, contact::contact, Circle, ContactState, Rect};\n");
    s.push_str(&format!("    let circle = Circle::new([{:?}, {:?}], {:?}).unwrap();\n", c[0], c[1], circle.radius()));
    s.push_str(&format!(
        "    let aabb = Rect::new([{:?}, {:?}], [{:?}, {:?}]).unwrap();\n",
        lo[0], lo[1], hi[0], hi[1]
    ));
    s.push_str(&format!("    assert_eq!(contact(&circle, &aabb).state, ContactState::{state:?});\n"));
    s.push_str("    // (algorithm, verdict, verdict as published)\n");
    s.push_str("    let expected = [\n");
    for a in ALGORITHMS {
        s.push_str(&format!(
            "        ({:?}, {}, {}),\n",
            a.id,
            (a.overlap_2d)(circle, aabb),
            a.published_2d(circle, aabb)
        ));
    }
    s.push_str("    ];\n");
    s.push_str("    for (id, overlap, published) in expected {\n");
    s.push_str("        let a = algorithm(id).unwrap();\n");
    s.push_str("        assert_eq!((a.overlap_2d)(&circle, &aabb), overlap, \"{id}\");\n");
    s.push_str("        assert_eq!(a.published_2d(&circle, &aabb), published, \"{id} as published\");\n");
    s.push_str("    }\n");
    s.push_str("}\n");
    s
}

/// `scene_c2_9_2_3_r1_8_box_m2_m1_2_1_5`: the numbers, `m` for minus, `_` for the point.
fn test_name(circle: &Circle, aabb: &Rect) -> String {
    let part = |x: f32| {
        let t = format!("{x:?}");
        let t = t.strip_suffix(".0").unwrap_or(&t).replace('-', "m").replace(['.', '+'], "_");
        t.chars().filter(|ch| ch.is_ascii_alphanumeric() || *ch == '_').collect::<String>()
    };
    let c = circle.center();
    let (lo, hi) = (aabb.min(), aabb.max());
    format!(
        "scene_c{}_{}_r{}_box_{}_{}_{}_{}",
        part(c[0]),
        part(c[1]),
        part(circle.radius()),
        part(lo[0]),
        part(lo[1]),
        part(hi[0]),
        part(hi[1])
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emitted_test_holds_the_scene_s_numbers_and_verdicts() {
        let circle = Circle::new([3.2, 2.7], 1.5).unwrap();
        let aabb = Rect::new([-2.0, -1.0], [2.0, 1.5]).unwrap();
        let t = rust_test(&circle, &aabb, "algorithm=planes_naive&circle=3.2,2.7,1.5&box=-2,-1,2,1.5");
        assert!(t.starts_with("#[test]\nfn scene_c3_2_2_7_r1_5_box_m2_m1_2_1_5() {"), "{t}");
        assert!(t.contains("Circle::new([3.2, 2.7], 1.5)"), "{t}");
        assert!(t.contains("Rect::new([-2.0, -1.0], [2.0, 1.5])"), "{t}");
        // Distance from (3.2, 2.7) to the corner (2, 1.5) is 1.2·√2 ≈ 1.697 > 1.5: separated.
        assert!(t.contains("ContactState::Separated"), "{t}");
        // planes_naive's square ear says overlap there; the exact ones say no.
        assert!(t.contains("(\"planes_naive\", true, true)"), "{t}");
        assert!(t.contains("(\"clamp\", false, false)"), "{t}");
        assert_eq!(t.matches("\n        (\"").count(), ALGORITHMS.len());
        assert!(t.contains("--scene 'algorithm=planes_naive"));
        // Balanced braces: it is one function.
        assert_eq!(t.matches('{').count(), t.matches('}').count());
    }

    #[test]
    fn published_verdicts_differ_where_the_source_does() {
        // Touching the corner (2, 1.5) exactly (3-4-5): the strict published fold says no.
        let circle = Circle::new([5.0, 5.5], 5.0).unwrap();
        let aabb = Rect::new([-2.0, -1.0], [2.0, 1.5]).unwrap();
        let t = rust_test(&circle, &aabb, "");
        assert!(t.contains("ContactState::Touching"), "{t}");
        assert!(t.contains("(\"fold\", true, false)"), "{t}");
    }

    #[test]
    fn names_are_identifiers_for_any_numbers() {
        let circle = Circle::new([-0.001, 1e-7], 12345.5).unwrap();
        let aabb = Rect::new([-1e20, 0.0], [3.0, 4.25]).unwrap();
        let name = test_name(&circle, &aabb);
        assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'), "{name}");
        assert!(name.starts_with("scene_cm0_001_"), "{name}");
    }
}
