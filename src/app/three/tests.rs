//! The 3D view's state, scene text and input, without a window.

use super::*;
use crate::app::view::ScreenRect;
use crate::app::{apply, current_scene, update, Command, Input, Key, SceneOptions, State};
use crate::geom::algo::arvo::ArvoMode;
use crate::geom::{algo::ALGORITHMS, motion::Feature};
use glam::{Vec2, Vec3};

fn canvas() -> ScreenRect {
    ScreenRect { x: 0.0, y: 0.0, w: 1000.0, h: 800.0 }
}

fn state(text: &str) -> State {
    let mut s = State::new(SceneOptions::from_fragment(text).unwrap());
    update(&mut s, &Input { canvas: Some(canvas()), ..Input::default() });
    s
}

fn keys(s: &mut State, keys: &[Key]) {
    update(s, &Input { keys: keys.to_vec(), ..Input::default() });
}

#[test]
fn the_scene_text_carries_the_3d_view_and_its_camera_both_ways() {
    let text = "algorithm=planes&view=3d&sphere=1.65,1.65,1.65,1&box3=-1,-1,-1,1,1,1\
                &camera=30,20,9.5,0.5,0,-0.25&views=4&slice=y&slicemap=zones&xray=on&grown=square";
    let o = SceneOptions::from_fragment(text).unwrap();
    let t = o.three;
    assert!(o.mode.is_three() && t.four && t.xray);
    assert_eq!(t.sphere.center(), [1.65, 1.65, 1.65]);
    assert_eq!(t.aabb.max(), [1.0, 1.0, 1.0]);
    assert_eq!(t.camera, Some(Camera { yaw: 30.0, pitch: 20.0, distance: 9.5, target: [0.5, 0.0, -0.25] }));
    assert_eq!((t.slice, t.slice_picture, t.grown), (Some(1), SlicePicture::Zones, Grown::Square));
    let back = SceneOptions::from_fragment(&o.to_fragment()).unwrap();
    assert_eq!(back, o);
    // The state reads back the same scene, and after an orbit the camera it writes is the new one.
    let mut s = State::new(o);
    assert_eq!(current_scene(&s), o);
    apply(&mut s, Command::Three(ThreeCommand::Orbit(15.0, 0.0)));
    let again = SceneOptions::from_fragment(&current_scene(&s).to_fragment()).unwrap();
    assert_eq!(again.three.camera.unwrap().yaw, 45.0);
    assert_eq!(again.three.sphere, o.three.sphere);
}

#[test]
fn a_2d_scene_text_has_no_3d_keys_and_a_6_number_box_opens_3d() {
    let o = SceneOptions::default();
    assert!(!o.to_fragment().contains("view="), "{}", o.to_fragment());
    let o = SceneOptions::from_fragment("box=-1,-1,-1,1,1,1").unwrap();
    assert!(o.mode.is_three());
    assert_eq!(o.three.aabb.min(), [-1.0, -1.0, -1.0]);
    assert_eq!(o.aabb, SceneOptions::default().aabb, "the 2D box is untouched");
    // view=2d keeps the 3D scene but shows 2D.
    let o = SceneOptions::from_fragment("sphere=0,0,5,1&view=2d").unwrap();
    assert!(!o.mode.is_three());
    assert_eq!(o.three.sphere.center(), [0.0, 0.0, 5.0]);
}

#[test]
fn bad_3d_arguments_are_refused_naming_the_field() {
    let cli = |sphere: Option<&str>, aabb: Option<&str>, circle: Option<&str>, view: Option<&str>| {
        SceneOptions::default()
            .with_args(circle, aabb, None, None, None)
            .and_then(|o| o.with_3d(sphere, view, aabb))
            .map_err(|e| e.field)
    };
    assert_eq!(cli(Some("1,2,3"), None, None, None).unwrap_err(), "sphere", "wrong arity");
    assert_eq!(cli(Some("1,2,NaN,1"), None, None, None).unwrap_err(), "sphere", "NaN");
    assert_eq!(cli(Some("0,0,0,-1"), None, None, None).unwrap_err(), "sphere", "negative radius");
    assert_eq!(cli(Some("0,0,0,1"), Some("-1,-1,1,1"), None, None).unwrap_err(), "box", "4-number box");
    assert_eq!(cli(None, Some("-1,-1,-1,1,1,1"), Some("0,0,1"), None).unwrap_err(), "box", "6-number box, circle");
    assert_eq!(cli(None, Some("-1,-1,-1,1,1"), None, None).unwrap_err(), "box", "5 numbers");
    assert_eq!(cli(None, Some("1,-1,-1,-1,1,1"), None, None).unwrap_err(), "box", "min > max");
    assert_eq!(cli(None, None, None, Some("4d")).unwrap_err(), "view");
    let ok = cli(Some("1.65,1.65,1.65,1"), Some("-1,-1,-1,1,1,1"), None, None).unwrap();
    assert!(ok.mode.is_three());
    for (text, field) in [
        ("camera=1,2,3", "camera"),
        ("camera=0,95,5,0,0,0", "camera"),
        ("camera=0,10,0,0,0,0", "camera"),
        ("camera=0,10,5,inf,0,0", "camera"),
        ("slice=w", "slice"),
        ("slicemap=contours", "slicemap"),
        ("grown=round", "grown"),
        ("views=3", "views"),
        ("xray=maybe", "xray"),
        ("box3=0,0,0,1,1", "box3"),
        ("sphere=0,0,0,1&box=-1,-1,1,1", "box"),
    ] {
        assert_eq!(SceneOptions::from_fragment(text).unwrap_err().field, field, "{text}");
    }
}

#[test]
fn the_face_plane_counter_example_is_wrong_for_planes_only() {
    let s = state(PLANES_COUNTER_EXAMPLE);
    let a = s.analysis3();
    assert!(!a.exact, "1.126 from the box with r = 1");
    assert!((a.contact.distance - 1.1258).abs() < 1e-3, "{}", a.contact.distance);
    assert!(a.verdict && a.wrong(), "planes says overlap");
    for (alg, v) in ALGORITHMS.iter().zip(&a.verdicts) {
        assert_eq!(*v, alg.id == "planes" || alg.id == "planes_naive", "{}", alg.id);
    }
    assert_eq!(a.contact.zone, 26);
    assert_eq!(region_name(a.contact.zone), "corner (+x, +y, +z)");
}

#[test]
fn regions_are_named_by_how_many_axes_the_centre_is_outside_on() {
    assert_eq!(region_name(13), "inside");
    assert_eq!(region_name(14), "face (+x)");
    assert_eq!(region_name(4), "face (−z)");
    assert_eq!(region_name(2 + 3 * 2 + 9), "edge (+x, +y)");
    assert_eq!(region_name(0), "corner (−x, −y, −z)");
    let kinds: Vec<&str> = (0..27).map(region_kind).collect();
    assert_eq!(kinds.iter().filter(|k| **k == "face").count(), 6);
    assert_eq!(kinds.iter().filter(|k| **k == "edge").count(), 12);
    assert_eq!(kinds.iter().filter(|k| **k == "corner").count(), 8);
}

#[test]
fn keys_orbit_zoom_move_the_sphere_and_switch_the_views() {
    let mut s = state("view=3d&sphere=3,0,0,1&box3=-1,-1,-1,1,1,1");
    let cam0 = s.three.camera();
    keys(&mut s, &[Key::Right, Key::Up, Key::Plus]);
    let cam = s.three.camera();
    assert_eq!(cam.yaw, cam0.yaw + ORBIT_KEY_DEG);
    assert_eq!(cam.pitch, cam0.pitch + ORBIT_KEY_DEG);
    assert!((cam.distance - cam0.distance / ZOOM_FACTOR).abs() < 1e-4);
    keys(&mut s, &[Key::A, Key::W, Key::E, Key::E]);
    let c = s.three.options.sphere.center();
    assert!((c[0] - 2.9).abs() < 1e-6 && (c[1] - 0.1).abs() < 1e-6 && (c[2] - 0.2).abs() < 1e-6, "{c:?}");
    keys(&mut s, &[Key::I, Key::K, Key::K, Key::X, Key::G, Key::G]);
    let o = s.three.options;
    assert!(o.four && o.xray);
    assert_eq!((o.slice, o.grown), (Some(1), Grown::Square));
    // Pitch stops short of the pole.
    for _ in 0..20 {
        keys(&mut s, &[Key::Up]);
    }
    assert_eq!(s.three.camera().pitch, PITCH_LIMIT);
    // R returns to the starting scene, camera included; V goes back to 2D.
    keys(&mut s, &[Key::R]);
    assert_eq!(s.three.options, s.initial.three);
    keys(&mut s, &[Key::V]);
    assert!(!s.mode.is_three());
    keys(&mut s, &[Key::V]);
    assert!(s.mode.is_three());
}

#[test]
fn space_applies_the_push_out_in_3d() {
    let mut s = state("view=3d&sphere=1.5,0.2,0.1,1&box3=-1,-1,-1,1,1,1");
    assert!(s.analysis3().exact);
    keys(&mut s, &[Key::Space]);
    let c = s.three.options.sphere.center();
    assert!((c[0] - 2.0).abs() < 1e-6, "{c:?}");
    assert_eq!(s.analysis3().contact.state, crate::geom::ContactState::Touching);
}

#[test]
fn projecting_a_point_and_casting_a_ray_through_it_agree() {
    let s = state("view=3d&sphere=2,1,0.5,1&box3=-1,-1,-1,1,1,1&camera=20,30,8,0,0,0");
    for kind in [ViewKind::Orbit, ViewKind::Top, ViewKind::Front, ViewKind::Side] {
        let cam = ViewCamera::of(kind, &s.three);
        let p = Vec3::new(0.7, -0.4, 0.9);
        let at = cam.project(p, canvas()).unwrap();
        let (o, d) = cam.ray(at, canvas());
        let off = (p - o) - (p - o).dot(d) * d;
        assert!(off.length() < 1e-3, "{kind:?}: {off:?}");
    }
    // The top view is the 2D picture: x to the right, y up.
    let top = ViewCamera::of(ViewKind::Top, &s.three);
    let a = top.project(Vec3::ZERO, canvas()).unwrap();
    let b = top.project(Vec3::new(1.0, 1.0, 0.0), canvas()).unwrap();
    assert!(b.x > a.x && b.y < a.y);
}

#[test]
fn dragging_empty_space_orbits_and_dragging_the_sphere_moves_it_in_the_facing_plane() {
    let mut s = state("view=3d&sphere=2,1,0.5,1&box3=-1,-1,-1,1,1,1&camera=20,30,12,0,0,0");
    let press = |s: &mut State, from: Vec2, to: Vec2| {
        update(s, &Input { pointer: Some(from), pressed: true, down: true, ..Input::default() });
        update(s, &Input { pointer: Some(to), down: true, ..Input::default() });
        update(s, &Input { pointer: Some(to), ..Input::default() });
    };
    // Empty space (a corner of the canvas): orbit by the drag.
    let yaw0 = s.three.camera().yaw;
    press(&mut s, Vec2::new(20.0, 20.0), Vec2::new(70.0, 20.0));
    assert!((s.three.camera().yaw - (yaw0 - 50.0 * ORBIT_DEG_PER_PX)).abs() < 1e-3);
    assert!(s.three.drag.is_none());
    // The sphere's centre on screen: the sphere follows, staying in the plane facing the camera.
    let cam = ViewCamera::of(ViewKind::Orbit, &s.three);
    let c0 = Vec3::from(s.three.options.sphere.center());
    let at = cam.project(c0, canvas()).unwrap();
    let target_world = c0 + Vec3::new(0.0, 0.0, 0.8);
    let to = cam.project(target_world, canvas()).unwrap();
    let yaw = s.three.camera().yaw;
    press(&mut s, at, to);
    assert_eq!(s.three.camera().yaw, yaw, "no orbit while dragging the sphere");
    let c1 = Vec3::from(s.three.options.sphere.center());
    let n = (cam.eye - cam.target).normalize();
    assert!((c1 - c0).dot(n).abs() < 1e-3, "stays in the facing plane");
    assert!(c1.z > c0.z + 0.5, "{c0:?} → {c1:?}");
    // The wheel zooms.
    let d = s.three.camera().distance;
    update(&mut s, &Input { pointer: Some(Vec2::new(30.0, 30.0)), wheel: 1.0, ..Input::default() });
    assert!(s.three.camera().distance < d);
}

#[test]
fn four_views_split_the_canvas_into_quadrants() {
    let l = layout(canvas(), true);
    assert_eq!(l.len(), 4);
    // A strip under them is kept for the WRONG banner and the legend, which cover no view.
    let band = four_view_band(canvas());
    assert!(band >= 80.0, "{band}");
    let h = ((canvas().h - band) * 0.5).floor();
    assert_eq!(l[0], (ViewKind::Orbit, ScreenRect { x: 0.0, y: 0.0, w: 500.0, h }));
    assert_eq!(l[3], (ViewKind::Side, ScreenRect { x: 500.0, y: h, w: 500.0, h }));
    assert!(l.iter().all(|(_, r)| r.y + r.h <= canvas().h - band));
    assert_eq!(layout(canvas(), false), vec![(ViewKind::Orbit, canvas())]);
}

#[test]
fn the_slice_through_the_counter_example_shows_planes_false_positives_and_clamp_none() {
    use crate::teach::agreement::Class;
    let o = SceneOptions::from_fragment(&format!("{PLANES_COUNTER_EXAMPLE}&slice=z")).unwrap();
    let planes = ALGORITHMS.iter().position(|a| a.id == "planes").unwrap();
    let clamp = ALGORITHMS.iter().position(|a| a.id == "clamp").unwrap();
    let img = slice_image(&o.three, planes, false, ArvoMode::SolidBoxSolidBall, 40_000).unwrap();
    assert_eq!((img.axis, img.at, img.plane_axes), (2, 1.65, [0, 1]));
    assert_eq!(img.rgba.len(), img.spec.len() * 4);
    assert!(img.counts[Class::FalsePositive.index()] > 0, "the wedge near the corner");
    assert_eq!(img.counts[Class::FalseNegative.index()], 0);
    let img = slice_image(&o.three, clamp, false, ArvoMode::SolidBoxSolidBall, 40_000).unwrap();
    assert_eq!(img.counts[Class::FalsePositive.index()] + img.counts[Class::FalseNegative.index()], 0);
    assert!(img.counts[Class::AgreedOverlap.index()] > 0);
    let off = SceneOptions::from_fragment(PLANES_COUNTER_EXAMPLE).unwrap();
    assert!(slice_image(&off.three, clamp, false, ArvoMode::SolidBoxSolidBall, 40_000).is_none());
}

#[test]
fn f_is_the_frame_time_readout_in_3d_too_and_i_the_four_views() {
    let mut s = State::new(SceneOptions::from_fragment("view=3d&sphere=0,0,3,1&box3=-1,-1,-1,1,1,1").unwrap());
    let (four, stats) = (s.three.options.four, s.frame_stats_visible);
    update(&mut s, &Input { keys: vec![Key::F], ..Input::default() });
    assert_eq!((s.three.options.four, s.frame_stats_visible), (four, !stats));
    update(&mut s, &Input { keys: vec![Key::I], ..Input::default() });
    assert_eq!((s.three.options.four, s.frame_stats_visible), (!four, !stats));
}

fn close3(a: [f32; 3], b: [f32; 3]) -> bool {
    a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-5)
}

#[test]
fn the_sweep_in_3d_finds_the_face_the_edge_and_the_tunnelling() {
    // r = 1 from x = -5 by 10 along x against the box ±1: the centre is 1 from the -x face at x = -2,
    // after 3 of the 10 units: t = 0.3, the -x face, normal (-1, 0, 0). It ends at x = 5, 4 past the
    // box: a discrete test there sees nothing (tunnelling).
    let s = state("box3=-1,-1,-1,1,1,1&sphere=-5,0,0,1&velocity3=10,0,0");
    let w = s.analysis3().sweep.expect("a velocity, so a sweep");
    let h = w.hit.expect("it hits");
    assert!((h.t - 0.3).abs() < 1e-6, "{}", h.t);
    assert!(close3(h.center, [-2.0, 0.0, 0.0]), "{:?}", h.center);
    assert!(close3(h.normal, [-1.0, 0.0, 0.0]), "{:?}", h.normal);
    assert_eq!((h.feature, h.initial), (Feature::Face, false));
    assert!(close3(w.end, [5.0, 0.0, 0.0]) && !w.end_overlap && w.tunnelled());
    // From (3, 3, 0) by (-4, -4, 0): the centre stays on x = y, 1 from the edge x = y = 1 when
    // √2 (x - 1) = 1, x = 1 + 1/√2; t = (3 - x)/4 = 0.32322. It ends at (-1, -1, 0), overlapping:
    // no tunnelling.
    let s = state("box3=-1,-1,-1,1,1,1&sphere=3,3,0,1&velocity3=-4,-4,0");
    let w = s.analysis3().sweep.unwrap();
    let h = w.hit.unwrap();
    let x = 1.0 + std::f32::consts::FRAC_1_SQRT_2;
    assert!((h.t - (3.0 - x) / 4.0).abs() < 1e-5, "{}", h.t);
    assert!(close3(h.center, [x, x, 0.0]), "{:?}", h.center);
    let n = std::f32::consts::FRAC_1_SQRT_2;
    assert!(close3(h.normal, [n, n, 0.0]), "{:?}", h.normal);
    assert_eq!(h.feature, Feature::Edge);
    assert!(w.end_overlap && !w.tunnelled());
    // Along z from x = -5: it never comes within 1 of the box.
    let s = state("box3=-1,-1,-1,1,1,1&sphere=-5,0,0,1&velocity3=0,0,10");
    let w = s.analysis3().sweep.unwrap();
    assert!(w.hit.is_none() && !w.tunnelled());
    // No velocity, no sweep.
    assert!(state(PLANES_COUNTER_EXAMPLE).analysis3().sweep.is_none());
}

#[test]
fn the_3d_velocity_goes_through_the_scene_text_and_the_command_line() {
    let o = SceneOptions::from_fragment("sphere=-5,0.5,0.25,1&box3=-1,-1,-1,1,1,1&velocity3=10,-0.5,0.125").unwrap();
    assert_eq!(o.three.velocity, Some([10.0, -0.5, 0.125]));
    let text = o.to_fragment();
    assert!(text.contains("velocity3=10,-0.5,0.125"), "{text}");
    assert_eq!(SceneOptions::from_fragment(&text).unwrap(), o);
    let off = SceneOptions::from_fragment("sphere=-5,0.5,0.25,1&velocity3=off").unwrap();
    assert_eq!(off.three.velocity, None);
    assert!(!off.to_fragment().contains("velocity3"), "{}", off.to_fragment());
    for bad in ["velocity3=1,2", "velocity3=1,NaN,2", "velocity3=1,2,1e9"] {
        assert_eq!(SceneOptions::from_fragment(bad).unwrap_err().field, "velocity3", "{bad}");
    }
    // --velocity with three numbers sets the 3D velocity in the 3D view (the 2D motion mode stays as
    // it was), and is refused in 2D.
    let three = SceneOptions::default().with_3d(Some("-5,0,0,1"), None, None).unwrap();
    let o = three.with_velocity(Some("1,2,3")).unwrap();
    assert_eq!(o.three.velocity, Some([1.0, 2.0, 3.0]));
    assert_eq!(o.motion, SceneOptions::default().motion);
    assert_eq!(three.with_velocity(Some("1,NaN,3")).unwrap_err().field, "velocity");
    assert_eq!(SceneOptions::default().with_velocity(Some("1,2,3")).unwrap_err().field, "velocity");
    let o = SceneOptions::default().with_velocity(Some("1,2")).unwrap();
    assert!(o.mode.flat_motion() && o.three.velocity.is_none());
}

#[test]
fn c_does_not_touch_the_hidden_2d_circle_in_3d() {
    let mut s = state("view=3d&sphere=3,0,0,1&box3=-1,-1,-1,1,1,1");
    let (circle, case, three) = (s.circle, s.case, s.three.options);
    keys(&mut s, &[Key::C]);
    assert_eq!((s.circle, s.case, s.three.options), (circle, case, three));
    // In 2D it still cycles the case.
    keys(&mut s, &[Key::V]);
    keys(&mut s, &[Key::C]);
    assert_ne!(s.case, case);
}

/// The pixel of a slice image under the plane point `p` (image rows are top first).
fn slice_pixel(img: &SliceImage, p: [f32; 2]) -> [u8; 4] {
    let (col, row) = img.spec.cell_at(p).expect("inside the slice's grid");
    let i = 4 * ((img.spec.rows - 1 - row) * img.spec.cols + col);
    img.rgba[i..i + 4].try_into().unwrap()
}

#[test]
fn o_turns_the_slice_on_then_cycles_what_it_shows_and_the_scene_text_keeps_it() {
    let mut s = state("view=3d&sphere=0.5,0.2,0.1,0.6&box3=-1.5,-1,-1,1.5,1,1");
    assert_eq!(s.three.options.slice, None);
    keys(&mut s, &[Key::O]);
    assert_eq!((s.three.options.slice, s.three.options.slice_picture), (Some(2), SlicePicture::Agreement));
    let mut seen = vec![];
    for _ in 0..3 {
        keys(&mut s, &[Key::O]);
        seen.push(s.three.options.slice_picture);
    }
    assert_eq!(seen, [SlicePicture::Distance, SlicePicture::Zones, SlicePicture::Agreement]);
    keys(&mut s, &[Key::O]);
    let text = current_scene(&s).to_fragment();
    assert!(text.contains("slicemap=distance"), "{text}");
    assert_eq!(SceneOptions::from_fragment(&text).unwrap().three.slice_picture, SlicePicture::Distance);
    // In 2D, O is still the overlay key and leaves the 3D slice alone.
    keys(&mut s, &[Key::V]);
    assert!(!s.mode.is_three());
    keys(&mut s, &[Key::O]);
    assert_eq!(s.three.options.slice_picture, SlicePicture::Distance);
}

#[test]
fn the_distance_slice_is_inside_coloured_within_the_box_outlined_at_its_cut_and_empty_of_it_above() {
    let base = "view=3d&sphere=0.5,0.2,0.1,0.6&box3=-1.5,-1,-1,1.5,1,1&slice=z&slicemap=distance";
    let o = SceneOptions::from_fragment(base).unwrap();
    let img = slice_image(&o.three, 0, false, ArvoMode::SolidBoxSolidBall, 40_000).unwrap();
    assert_eq!(img.picture, SlicePicture::Distance);
    let inside = slice_pixel(&img, [0.0, 0.0]);
    let outside = slice_pixel(&img, [2.2, 0.0]);
    assert!(inside[0] > inside[2], "inside in oranges: {inside:?}");
    assert!(outside[2] > outside[0], "outside in blues: {outside:?}");
    // The box's cut (distance 0) is the bold white line, on each side.
    for p in [[1.5, 0.0], [-1.5, 0.0], [0.0, 1.0], [0.0, -1.0]] {
        assert_eq!(slice_pixel(&img, p), [255, 255, 255, 235], "{p:?}");
    }
    // The line at r = 0.6 runs 0.6 outside a face.
    assert_eq!(slice_pixel(&img, [2.1, 0.0]), [255, 220, 60, 235]);
    // A plane 0.5 above the box: nothing of it is inside or on the box, and the bold r line
    // (0.6 in 3D) is a rounded ring 0.33 out in the plane, not at the face.
    let above = SceneOptions::from_fragment(&base.replace("0.5,0.2,0.1,0.6", "0.5,0.2,1.5,0.6")).unwrap();
    let img = slice_image(&above.three, 0, false, ArvoMode::SolidBoxSolidBall, 40_000).unwrap();
    assert!(img.rgba.chunks(4).all(|p| p[2] >= p[0] || p == [255, 220, 60, 235]), "only outside colours");
    assert_ne!(slice_pixel(&img, [2.1, 0.0]), [255, 220, 60, 235]);
    assert_eq!(slice_pixel(&img, [1.5 + (0.36f32 - 0.25).sqrt(), 0.0]), [255, 220, 60, 235]);
}

#[test]
fn the_zones_slice_shows_the_regions_the_plane_crosses_with_the_centres_own_brighter() {
    let base = "view=3d&sphere=0.5,0.2,0.1,0.6&box3=-1.5,-1,-1,1.5,1,1&slice=z&slicemap=zones";
    let o = SceneOptions::from_fragment(base).unwrap();
    let img = slice_image(&o.three, 0, false, ArvoMode::SolidBoxSolidBall, 40_000).unwrap();
    let distinct = |img: &SliceImage| {
        let mut v: Vec<[u8; 4]> = img.rgba.chunks(4).map(|p| p.try_into().unwrap()).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    // Through the box's middle: inside (the centre's region: yellow), 4 faces, 4 edges.
    assert_eq!(slice_pixel(&img, [0.5, 0.2]), zone_tint(13, 13));
    assert_eq!(slice_pixel(&img, [2.0, 0.0]), zone_tint(14, 13), "the +x face region");
    assert_eq!(slice_pixel(&img, [2.0, 1.5]), zone_tint(17, 13), "the +x+y edge region");
    assert_eq!(distinct(&img).len(), 3, "inside, face, edge");
    // Above the box, the centre in the +z face region: the plane crosses that face's region (the
    // centre's, yellow), 4 edges and 4 corners, and nothing inside.
    let above = SceneOptions::from_fragment(&base.replace("0.5,0.2,0.1,0.6", "0.5,0.2,1.5,0.6")).unwrap();
    let img = slice_image(&above.three, 0, false, ArvoMode::SolidBoxSolidBall, 40_000).unwrap();
    assert_eq!(slice_pixel(&img, [0.0, 0.0]), zone_tint(22, 22));
    assert_eq!(slice_pixel(&img, [2.0, 1.5]), zone_tint(26, 22), "a corner region");
    assert_eq!(distinct(&img).len(), 3, "face, edge, corner");
    assert!(!distinct(&img).contains(&zone_tint(13, 22)), "nothing inside");
}

// ---- the turned box (issue 24) ---------------------------------------------------------------

/// 45° about z, `[w, x, y, z]`.
const Z45: [f32; 4] = [0.923_879_5, 0.0, 0.0, 0.382_683_43];

fn close4(a: [f32; 4], b: [f32; 4], tol: f32) -> bool {
    a.iter().zip(&b).all(|(x, y)| (x - y).abs() < tol)
}

#[test]
fn the_scene_text_carries_the_box_rotation_both_ways_and_refuses_a_bad_one() {
    let text = "view=3d&sphere=1.5,0,0,0.3&box3=-1,-1,-1,1,1,1&rotation=0.9238795,0,0,0.38268343";
    let o = SceneOptions::from_fragment(text).unwrap();
    assert_eq!(o.three.rotation, Z45);
    let written = o.to_fragment();
    assert!(written.contains("&rotation=0.9238795,0,0,0.38268343"), "{written}");
    assert_eq!(SceneOptions::from_fragment(&written).unwrap(), o);
    // The state writes back the same rotation.
    assert_eq!(current_scene(&State::new(o)).three.rotation, Z45);
    // No rotation, no key: the identity is the default and is not written.
    let plain = SceneOptions::from_fragment("view=3d&sphere=1.5,0,0,0.3&box3=-1,-1,-1,1,1,1").unwrap();
    assert_eq!(plain.three.rotation, IDENTITY);
    assert!(!plain.to_fragment().contains("rotation"), "{}", plain.to_fragment());
    // A zero, scaled, short or non-finite quaternion is refused naming `rotation`.
    for bad in ["0,0,0,0", "2,0,0,0", "1,0,0", "1,NaN,0,0", "inf,0,0,0", "0.5,0.5,0.5"] {
        let e = SceneOptions::from_fragment(&format!("view=3d&rotation={bad}")).unwrap_err();
        assert_eq!(e.field, "rotation", "{bad}: {e:?}");
    }
    // A quaternion of length 1 within the core's tolerance is kept as given.
    let o = SceneOptions::from_fragment("view=3d&rotation=0,0.6,0.8,0.0001").unwrap();
    assert_eq!(o.three.rotation, [0.0, 0.6, 0.8, 0.0001]);
}

#[test]
fn the_identity_is_the_aligned_box_with_the_same_answers() {
    let aligned = state("view=3d&sphere=2.6,2,0.6,1.4&box3=-2,-1,-1,2,1.5,1");
    let identity = state("view=3d&sphere=2.6,2,0.6,1.4&box3=-2,-1,-1,2,1.5,1&rotation=1,0,0,0");
    assert_eq!(identity.three.options.oriented(), None);
    let (a, b) = (aligned.analysis3(), identity.analysis3());
    assert_eq!((a.contact, a.response, a.verdicts, a.local_center), (b.contact, b.response, b.verdicts, None));
    // A half turn about z is a turn: the box is oriented (its answers from the core's OrientedBox3).
    let half = state("view=3d&sphere=2.6,2,0.6,1.4&box3=-2,-1,-1,2,1.5,1&rotation=0,0,0,1");
    assert!(half.three.options.oriented().is_some());
}

#[test]
fn a_turned_box_puts_the_same_world_centre_in_another_region_of_its_own_frame() {
    // Centre (1.5, 0, 0), r = 0.3, box ±1. Aligned: beside the face +x (region 2 + 3 + 9 = 14).
    let aligned = state("view=3d&sphere=1.5,0,0,0.3&box3=-1,-1,-1,1,1,1");
    assert_eq!(aligned.analysis3().contact.zone, 14);
    // Turned 45° about z: in the box's frame the centre is (1.5 cos 45°, −1.5 sin 45°, 0) =
    // (1.06, −1.06, 0), beside the edge (+x, −y): region 2 + 0 + 9 = 11. The closest point is that
    // edge, at (√2, 0, 0) in the world, 1.5 − √2 from the centre; the push is along +x.
    let s = state("view=3d&sphere=1.5,0,0,0.3&box3=-1,-1,-1,1,1,1&rotation=0.9238795,0,0,0.38268343");
    let a = s.analysis3();
    assert_eq!(a.contact.zone, 11);
    assert_eq!(region_name(11), "edge (+x, −y)");
    let l = a.local_center.expect("the box is turned");
    let h = 1.5 * std::f32::consts::FRAC_1_SQRT_2;
    assert!(close3(l, [h, -h, 0.0]), "{l:?}");
    let root2 = std::f32::consts::SQRT_2;
    assert!(close3(a.contact.closest, [root2, 0.0, 0.0]), "{:?}", a.contact.closest);
    assert!((a.contact.distance - (1.5 - root2)).abs() < 1e-5);
    assert!(a.exact && a.verdicts.iter().all(|&v| v), "every algorithm, in the box's frame, says overlap");
    let push = a.response.push;
    assert!((push[0] - (0.3 - (1.5 - root2))).abs() < 1e-5 && push[1].abs() < 1e-5 && push[2].abs() < 1e-6, "{push:?}");
    // Space applies the oriented push: the sphere then no longer overlaps the turned box, and is
    // apart from it by at most a few ulps (the core's push-out contract).
    let mut s = s;
    keys(&mut s, &[Key::Space]);
    let b = s.three.options.oriented().unwrap();
    let sphere = s.three.options.sphere;
    assert!(!b.overlaps_strictly(&sphere));
    assert!((b.contact(&sphere).distance - 0.3).abs() < 1e-6, "{}", b.contact(&sphere).distance);
}

/// The orbit camera's screen up, from its yaw and pitch alone: z with its part along the line of
/// sight taken out.
fn screen_up(cam: &Camera) -> Vec3 {
    let (y, p) = (cam.yaw.to_radians(), cam.pitch.to_radians());
    let to_eye = Vec3::new(p.cos() * y.cos(), p.cos() * y.sin(), p.sin());
    (Vec3::Z - Vec3::Z.dot(to_eye) * to_eye).normalize()
}

#[test]
fn shift_arrows_turn_the_box_15_degrees_about_the_screen_s_axes() {
    let mut s = state("view=3d&sphere=0,3,0,0.5&box3=-1,-1,-1,1,1,1&camera=-58,24,9,0,0,0");
    let cam = s.three.camera();
    let shift = |s: &mut State, k: Key| update(s, &Input { keys: vec![k], shift: true, ..Input::default() });
    shift(&mut s, Key::Right);
    let up = screen_up(&cam);
    let want = glam::Quat::from_axis_angle(up, 15f32.to_radians());
    assert!(close4(s.three.options.rotation, [want.w, want.x, want.y, want.z], 1e-6), "{:?}", s.three.options.rotation);
    assert_eq!(s.three.camera(), cam, "the camera did not orbit");
    // Shift + ← turns it back; Shift + ↓ then tips it about the screen's horizontal axis
    // (right = forward × z, positive: the top comes towards the eye).
    shift(&mut s, Key::Left);
    assert!(close4(s.three.options.rotation, IDENTITY, 1e-6), "{:?}", s.three.options.rotation);
    shift(&mut s, Key::Down);
    let (y, p) = (cam.yaw.to_radians(), cam.pitch.to_radians());
    let to_eye = Vec3::new(p.cos() * y.cos(), p.cos() * y.sin(), p.sin());
    let right = (-to_eye).cross(Vec3::Z).normalize();
    let b = s.three.options.oriented().unwrap();
    let top = Vec3::new(b.axes()[2][0] as f32, b.axes()[2][1] as f32, b.axes()[2][2] as f32);
    let want = glam::Quat::from_axis_angle(right, 15f32.to_radians()) * Vec3::Z;
    assert!(close3(top.to_array(), want.to_array()), "{top} vs {want}");
    assert!(top.dot(to_eye) > 0.0, "the box's top leans towards the eye");
    // Without Shift the arrows still orbit, and Shift + A still moves the sphere.
    keys(&mut s, &[Key::Right]);
    assert_eq!(s.three.camera().yaw, cam.yaw + 10.0);
    let c = s.three.options.sphere.center();
    shift(&mut s, Key::A);
    assert!(close3(s.three.options.sphere.center(), [c[0] - 0.1, c[1], c[2]]));
}

#[test]
fn dragging_the_ring_a_quarter_turn_turns_the_box_90_degrees_about_the_line_of_sight() {
    let mut s = state("view=3d&sphere=0,3,0,0.5&box3=-1,-1,-1,1,1,1&camera=-58,24,9,0,0,0");
    let cam = s.three.camera();
    let ring = turn_ring(&s.three, canvas()).expect("the box is in view");
    // The ring clears the box: every corner projects inside it.
    assert!(ring.radius > RING_MARGIN_PX);
    let at = |deg: f32| {
        let t = deg.to_radians();
        ring.centre + ring.radius * Vec2::new(t.cos(), -t.sin())
    };
    // Hovering the ring is shown; pressing on it takes it (no orbit).
    update(&mut s, &Input { canvas: Some(canvas()), pointer: Some(at(200.0)), ..Input::default() });
    assert!(s.three.on_ring && s.three.near_ring);
    let press = Input {
        canvas: Some(canvas()),
        pointer: Some(at(200.0)),
        pressed: true,
        press: Some(at(200.0)),
        down: true,
        ..Input::default()
    };
    update(&mut s, &press);
    assert!(matches!(s.three.drag, Some(Drag3::Turn { .. })), "{:?}", s.three.drag);
    update(&mut s, &Input { canvas: Some(canvas()), pointer: Some(at(290.0)), down: true, ..Input::default() });
    update(&mut s, &Input { canvas: Some(canvas()), pointer: Some(at(290.0)), ..Input::default() });
    assert_eq!(s.three.drag, None);
    assert_eq!(s.three.camera(), cam, "the camera did not orbit");
    // A quarter turn counter-clockwise on screen: +90° about the axis towards the eye.
    let axis = (cam.eye() - Vec3::ZERO).normalize();
    let want = glam::Quat::from_axis_angle(axis, 90f32.to_radians());
    assert!(close4(s.three.options.rotation, [want.w, want.x, want.y, want.z], 1e-4), "{:?}", s.three.options.rotation);
    // A press away from the ring and the sphere still orbits.
    let far = ring.centre + Vec2::new(0.0, ring.radius + 60.0);
    update(
        &mut s,
        &Input {
            canvas: Some(canvas()),
            pointer: Some(far),
            pressed: true,
            press: Some(far),
            down: true,
            ..Input::default()
        },
    );
    assert!(matches!(s.three.drag, Some(Drag3::Orbit { .. })));
}

#[test]
fn the_panel_s_angles_and_the_quaternion_agree() {
    let q = from_euler_degrees(30.0, -20.0, 10.0);
    let [yaw, pitch, roll] = euler_degrees(q);
    assert!((yaw - 30.0).abs() < 1e-3 && (pitch + 20.0).abs() < 1e-3 && (roll - 10.0).abs() < 1e-3);
    // Yaw alone is a turn about z: 45° is Z45.
    assert!(close4(from_euler_degrees(45.0, 0.0, 0.0), Z45, 1e-6));
    let mut s = state("view=3d&sphere=1.5,0,0,0.3&box3=-1,-1,-1,1,1,1");
    apply(&mut s, Command::Three(ThreeCommand::SetRotation(Z45)));
    assert_eq!(s.three.options.rotation, Z45);
    // A quaternion that is no rotation is ignored.
    apply(&mut s, Command::Three(ThreeCommand::SetRotation([0.0; 4])));
    apply(&mut s, Command::Three(ThreeCommand::SetRotation([f32::NAN, 0.0, 0.0, 1.0])));
    assert_eq!(s.three.options.rotation, Z45);
}

#[test]
fn the_slice_of_a_turned_box_is_cut_in_its_frame() {
    // The z slice's zones picture: the cell under the centre is the centre's region in the box's
    // frame (11, the edge (+x, −y)), drawn in the region yellow.
    let o = SceneOptions::from_fragment(
        "view=3d&sphere=1.5,0,0,0.3&box3=-1,-1,-1,1,1,1&rotation=0.9238795,0,0,0.38268343&slice=z&slicemap=zones",
    )
    .unwrap();
    let img = slice_image(&o.three, 0, false, ArvoMode::SolidBoxSolidBall, 40_000).unwrap();
    let h = 1.5 * std::f32::consts::FRAC_1_SQRT_2;
    assert_eq!((img.axis, img.plane_axes), (2, [0, 1]));
    assert!(img.at.abs() < 1e-6);
    let (col, row) = (((h - img.spec.x0) / img.spec.step) as usize, ((-h - img.spec.y0) / img.spec.step) as usize);
    let i = ((img.spec.rows - 1 - row) * img.spec.cols + col) * 4;
    assert_eq!(img.rgba[i..i + 4], zone_tint(11, 11));
}
