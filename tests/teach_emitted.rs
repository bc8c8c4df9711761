//! "Copy as Rust test" (src/teach/rust_test.rs): one emitted test pasted here verbatim, so it is
//! compiled and run like any test. The scene is `planes_naive`'s top-right ear: the centre (3.2, 2.7)
//! is 1.2·√2 ≈ 1.697 from the corner (2, 1.5), more than r = 1.5, so only planes_naive says overlap.

// ---- emitted by the demo's "copy as Rust test" button, unedited ----
#[test]
fn scene_c3_2_2_7_r1_5_box_m2_m1_2_1_5() {
    // circle-aabb-lab --scene 'algorithm=planes_naive&circle=3.2,2.7,1.5&box=-2,-1,2,1.5'
    use circle_aabb_lab::geom::{algo::algorithm, contact::contact, Circle, ContactState, Rect};
    let circle = Circle::new([3.2, 2.7], 1.5).unwrap();
    let aabb = Rect::new([-2.0, -1.0], [2.0, 1.5]).unwrap();
    assert_eq!(contact(&circle, &aabb).state, ContactState::Separated);
    // (algorithm, verdict, verdict as published)
    let expected = [
        ("arvo", false, false),
        ("qri", false, false),
        ("qrf", false, false),
        ("branchless", false, false),
        ("fold", false, false),
        ("zones", false, false),
        ("clamp", false, false),
        ("planes", false, false),
        ("planes_naive", true, true),
    ];
    for (id, overlap, published) in expected {
        let a = algorithm(id).unwrap();
        assert_eq!((a.overlap_2d)(&circle, &aabb), overlap, "{id}");
        assert_eq!(a.published_2d(&circle, &aabb), published, "{id} as published");
    }
}
// ---- end of emitted text ----

#[test]
fn the_emitter_still_writes_the_test_above() {
    use circle_aabb_lab::geom::{Circle, Rect};
    let c = Circle::new([3.2, 2.7], 1.5).unwrap();
    let b = Rect::new([-2.0, -1.0], [2.0, 1.5]).unwrap();
    let emitted = circle_aabb_lab::teach::rust_test::rust_test(
        &c,
        &b,
        "algorithm=planes_naive&circle=3.2,2.7,1.5&box=-2,-1,2,1.5",
    );
    let this_file = include_str!("teach_emitted.rs");
    assert!(this_file.contains(&emitted), "the emitter's output changed: paste the new text above\n{emitted}");
}
