//! The tour's chapters: every step parses, loads its mode, and its scene shows what its text says
//! (where a computation can tell).

use super::*;
use crate::app::motion::{MotionAnalysis, MotionState};
use crate::app::playground::play::MarkKind;
use crate::app::playground::Runner;
use crate::app::{SceneOptions, State};
use crate::geom::world::StrategyId;
use crate::geom::{algo::ALGORITHMS, contact::contact, motion::Feature, ContactState};

fn scene_of(t: TourStep) -> SceneOptions {
    let l = t.lesson().unwrap();
    SceneOptions::from_fragment(l.scene).unwrap_or_else(|e| panic!("{t}: {e}"))
}

fn step(chapter: &str, n: usize) -> TourStep {
    TourStep::parse(&format!("{chapter}:{n}")).unwrap()
}

/// The state a link to the step gives (the playground simulated its `steps=`).
fn loaded(t: TourStep) -> State {
    let mut s = State::new(SceneOptions::default());
    crate::app::load_scene_text(&mut s, &format!("tour={t}")).unwrap_or_else(|e| panic!("{t}: {e}"));
    s
}

#[test]
fn the_chapter_ids_are_the_fixed_ones_and_every_step_parses_and_loads_its_mode() {
    let ids: Vec<&str> = CHAPTERS.iter().map(|c| c.id).collect();
    assert_eq!(ids, ["still", "motion", "tiles", "3d", "game"]);
    let mut titles = std::collections::BTreeSet::new();
    for t in TourStep::all() {
        let l = t.lesson().unwrap();
        assert!(titles.insert(l.title), "{t}: the title {:?} is another step's too", l.title);
        let sentences = l.text.matches(". ").count() + 1;
        assert!((2..=4).contains(&sentences), "{t}: two or three sentences, not {sentences}");
        assert_eq!(TourStep::parse(&t.to_string()), Ok(t), "{t} reads back");
        let o = scene_of(t);
        let m = o.mode;
        let ok = match CHAPTERS[t.chapter].id {
            "still" => !m.is_three() && !m.flat_motion() && !m.flat_playground(),
            "motion" => !m.is_three() && m.flat_motion(),
            // Many boxes: the playground, or Play's ghost race (every strategy on one run).
            "tiles" => !m.is_three() && m.flat_playground() && (!o.playground.play || o.playground.race),
            "3d" => m.is_three(),
            "game" => !m.is_three() && m.flat_playground() && o.playground.play,
            other => panic!("chapter {other}"),
        };
        assert!(ok, "{t}: the scene's mode is {m:?}");
        // Loading the step (as the tour and a link do) shows that mode and the step's text.
        let s = loaded(t);
        assert_eq!(s.mode, m, "{t}");
        assert_eq!(s.teach.tour(), Some(t), "{t}");
    }
}

// ---- motion ----------------------------------------------------------------------------------

fn motion_of(t: TourStep) -> MotionAnalysis {
    let o = scene_of(t);
    MotionAnalysis::of(&o.circle, &o.aabb, &MotionState::from_options(o.motion))
}

#[test]
fn motion_1_the_discrete_test_tunnels_and_the_sweep_hits_at_t_0_369() {
    let m = motion_of(step("motion", 1));
    assert_eq!(m.end_state, ContactState::Separated, "c + v is clear of the wall");
    let hit = m.hit.expect("the sweep hits");
    assert!(!hit.initial && (hit.t - 0.369).abs() < 0.0005, "t = {}", hit.t);
    assert!(m.tunnelled());
}

#[test]
fn motion_2_the_ray_enters_the_rounded_box_on_a_corner() {
    let t = step("motion", 2);
    let (o, m) = (scene_of(t), motion_of(t));
    let hit = m.hit.expect("the sweep hits");
    assert_eq!(hit.feature, Feature::Corner);
    // The centre then is r from the box's corner, along n.
    let (c, p, r) = (hit.center, hit.point, o.circle.radius());
    assert!(
        (o.aabb.min()[0] == p[0] || o.aabb.max()[0] == p[0]) && (o.aabb.min()[1] == p[1] || o.aabb.max()[1] == p[1])
    );
    assert!(((c[0] - p[0]).hypot(c[1] - p[1]) - r).abs() < 1e-4);
    assert!((hit.normal[0] - (c[0] - p[0]) / r).abs() < 1e-4 && (hit.normal[1] - (c[1] - p[1]) / r).abs() < 1e-4);
}

#[test]
fn motion_3_a_touching_start_is_a_hit_at_t_0_and_the_slide_goes_on_to_the_end() {
    let t = step("motion", 3);
    let (o, m) = (scene_of(t), motion_of(t));
    assert_eq!(m.start_state, ContactState::Touching);
    let hit = m.hit.expect("an initial hit");
    assert!(hit.initial && hit.t == 0.0 && hit.feature == Feature::Face && hit.normal == [0.0, 1.0]);
    let v = o.motion.velocity;
    let c = o.circle.center();
    assert_eq!(m.motion.end, [c[0] + v[0], c[1] + v[1]], "not blocked: the whole move");
}

#[test]
fn motion_4_slide_and_bounce_share_the_impact_and_part_after_it() {
    use crate::app::motion::MotionKind;
    let t = step("motion", 4);
    let o = scene_of(t);
    assert_eq!((o.motion.response, o.motion.restitution), (MotionKind::Bounce, 0.8));
    let bounce = motion_of(t);
    let mut slide_options = o.motion;
    slide_options.response = MotionKind::Slide;
    let slide = MotionAnalysis::of(&o.circle, &o.aabb, &MotionState::from_options(slide_options));
    let hit = bounce.hit.expect("a hit");
    assert_eq!(slide.hit, bounce.hit, "the same impact");
    assert!((hit.t - 0.3).abs() < 1e-5 && hit.normal == [0.0, 1.0], "t = 0.3 on the top face: {hit:?}");
    let v = o.motion.velocity;
    assert_eq!(slide.motion.velocity, [v[0], 0.0], "a slide drops the normal part");
    assert!((bounce.motion.velocity[1] - 0.8 * -v[1]).abs() < 1e-5, "{:?}", bounce.motion.velocity);
    assert_ne!(slide.motion.end, bounce.motion.end);
}

#[test]
fn motion_5_the_slide_runs_along_the_tilted_face_and_ends_outside_the_wall() {
    use crate::geom::Circle;
    let t = step("motion", 5);
    let (o, m) = (scene_of(t), motion_of(t));
    assert_eq!(o.motion.angle, 30.0);
    let wall = m.target.turned().expect("the box is turned");
    let hit = m.hit.expect("the throw reaches the wall");
    assert!(!hit.initial && hit.t > 0.2 && hit.t < 0.6 && hit.feature == Feature::Face, "{hit:?}");
    // The face hit is the upper one: its normal (−sin 30°, cos 30°) in the world.
    let (s, c) = (0.5f32, 0.75f32.sqrt());
    assert!((hit.normal[0] + s).abs() < 1e-5 && (hit.normal[1] - c).abs() < 1e-5, "{:?}", hit.normal);
    // After the impact the centre moves parallel to the face (cos 30°, sin 30°), down the slope,
    // a long way (more than 2 units), and not along v.
    let from = hit.center;
    let end = m.motion.end;
    let d = [end[0] - from[0], end[1] - from[1]];
    let len = d[0].hypot(d[1]);
    assert!(len > 2.0, "slid {len}");
    let cross = (d[0] * s - d[1] * c) / len; // sin of the angle between d and the face direction
    assert!(cross.abs() < 1e-5, "the slide leaves the face's direction by {cross}");
    assert!(d[0] < 0.0 && d[1] < 0.0, "down the slope: {d:?}");
    // The velocity after it: along the face (no part along n), down the slope.
    let w = m.motion.velocity;
    assert!((w[0] * -s + w[1] * c).abs() < 1e-5 && w[0] * c + w[1] * s < 0.0, "{w:?}");
    // It ends touching the wall's face, never inside it: the oriented contact says so.
    let ball = Circle::new(end, o.circle.radius()).unwrap();
    assert!(!wall.overlaps_strictly(&ball), "the slide's end is inside the wall");
    assert!(wall.contact(&ball).distance - o.circle.radius() < 1e-4, "and it rests on the face");
    // The discrete end c + v is inside the wall (no tunnelling here: the lesson is the slide).
    assert!(!m.tunnelled());
}

// ---- tiles -----------------------------------------------------------------------------------

fn runner(s: &State, id: StrategyId) -> &Runner {
    s.playground.runners.iter().find(|r| r.strategy == id).unwrap_or_else(|| panic!("no {id:?} runner"))
}

#[test]
fn tiles_1_on_the_flush_floor_discrete_in_order_bumps_and_the_default_does_not() {
    let s = loaded(step("tiles", 1));
    assert!(s.playground.options.race && s.playground.runners.len() > 2);
    let naive = runner(&s, StrategyId::DiscreteInOrder);
    assert!(naive.bumps.iter().any(|b| b.lost > 0.0), "red bumps and loses speed");
    let best = runner(&s, StrategyId::default());
    assert!(best.bumps.is_empty());
}

#[test]
fn tiles_2_down_the_stairs_in_order_runs_ahead_and_deepest_first_stays_with_the_swept_ones() {
    let s = loaded(step("tiles", 2));
    let x = |id| runner(&s, id).ball.center()[0];
    let (in_order, deepest, swept) =
        (x(StrategyId::DiscreteInOrder), x(StrategyId::DiscreteDeepestFirst), x(StrategyId::SweptSlideSeamless));
    assert!(in_order > swept + 2.0, "in order runs ahead: {in_order} against {swept}");
    assert!((deepest - swept).abs() < 0.1, "deepest first with the swept ones: {deepest} against {swept}");
}

#[test]
fn tiles_3_per_axis_alone_stops_at_the_foot_of_the_ramp() {
    let s = loaded(step("tiles", 3));
    let ghosts = &s.playground.play.ghosts;
    assert_eq!(ghosts.len(), 7);
    let per_axis = ghosts.iter().find(|g| g.strategy == StrategyId::PerAxis).unwrap();
    assert!(per_axis.count(MarkKind::Stuck) > 0, "per-axis stuck");
    let at = |g: &crate::app::playground::play::Ghost| g.body.position();
    // The ramp's face starts at x ≈ 5.8 on the floor (y = 2.4 for this ball) and rises 30°.
    assert!(at(per_axis)[0] < 6.5 && (at(per_axis)[1] - 2.4).abs() < 0.05, "at the foot: {:?}", at(per_axis));
    for g in ghosts.iter().filter(|g| g.strategy != StrategyId::PerAxis) {
        assert_eq!(g.count(MarkKind::Stuck), 0, "{:?}", g.strategy);
        let (x, y) = (at(g)[0], at(g)[1]);
        assert!(x > 7.0 && y > 2.4 + 0.5, "{:?} is not on its way up: {:?}", g.strategy, at(g));
    }
}

#[test]
fn tiles_4_without_internal_edges_the_sunk_ball_keeps_its_speed() {
    let s = loaded(step("tiles", 4));
    assert_eq!(s.playground.runners.len(), 1);
    let r = runner(&s, StrategyId::SweptSlideSeamless);
    assert!(r.bumps.is_empty() && r.tunnels.is_empty());
    let speed = crate::app::playground::speed(r.velocity);
    assert!((speed - 14.0).abs() < 1e-3, "14 units/s: {speed}");
}

// ---- 3d --------------------------------------------------------------------------------------

#[test]
fn three_1_the_centre_s_region_is_an_edge_s_numbered_x_3y_9z() {
    let s = loaded(step("3d", 1));
    let a = s.analysis3();
    let c = s.three.options.sphere.center();
    let side = |i: usize| {
        if c[i] < -1.0 {
            0
        } else if c[i] > 1.0 {
            2
        } else {
            1
        }
    };
    assert_eq!(a.contact.zone, side(0) + 3 * side(1) + 9 * side(2));
    assert_eq!(a.contact.zone, 23, "the text names region 23");
    assert_eq!(crate::app::three::region_kind(a.contact.zone), "edge");
    assert!(crate::app::three::region_name(a.contact.zone).contains("(+x, +z)"));
}

#[test]
fn three_2_the_face_plane_test_says_overlap_for_a_sphere_1_126_from_the_corner() {
    let s = loaded(step("3d", 2));
    let a = s.analysis3();
    assert_eq!(ALGORITHMS[s.algorithm].id, "planes");
    assert_eq!(a.contact.state, ContactState::Separated);
    assert!((a.contact.distance - 1.126).abs() < 0.0005, "{}", a.contact.distance);
    assert!(a.verdict && !a.exact, "a false positive (the red banner)");
}

#[test]
fn three_3_the_centre_is_in_a_square_wedge_outside_the_rounded_box() {
    use crate::app::three::options::Grown;
    let s = loaded(step("3d", 3));
    assert_eq!(s.three.options.grown, Grown::Both);
    let (c, r) = (s.three.options.sphere.center(), s.three.options.sphere.radius());
    let (lo, hi) = (s.three.options.aabb.min(), s.three.options.aabb.max());
    assert!((0..3).all(|i| c[i] >= lo[i] - r && c[i] <= hi[i] + r), "inside the square grown box");
    assert!(contact(&s.three.options.sphere, &s.three.options.aabb).distance > r, "outside the rounded one");
    assert!(s.analysis3().verdict, "the square test accepts it");
}

#[test]
fn three_4_turned_45_degrees_the_centre_is_in_a_corner_region_of_the_box_s_own_frame() {
    let s = loaded(step("3d", 4));
    let o = &s.three.options;
    let a = s.analysis3();
    // The rotation: 45° about z, by hand (cos 22.5°, 0, 0, sin 22.5°).
    let half = 22.5f64.to_radians();
    let q = o.rotation.map(f64::from);
    assert!((q[0] - half.cos()).abs() < 1e-7 && q[1] == 0.0 && q[2] == 0.0 && (q[3] - half.sin()).abs() < 1e-7);
    // The centre in the box's frame, Rᵀ(c − centre) with the box centred at 0: (x cos + y sin,
    // −x sin + y cos, z) for 45°.
    let c = o.sphere.center().map(f64::from);
    let (cs, sn) = (45f64.to_radians().cos(), 45f64.to_radians().sin());
    let p = [c[0] * cs + c[1] * sn, -c[0] * sn + c[1] * cs, c[2]];
    assert!((p[0] - 1.13).abs() < 0.005 && (p[1] + 1.13).abs() < 0.005 && p[2] == 1.3f32 as f64, "{p:?}");
    let side = |x: f64| {
        if x < -1.0 {
            0
        } else if x > 1.0 {
            2
        } else {
            1
        }
    };
    let zone = side(p[0]) + 3 * side(p[1]) + 9 * side(p[2]);
    assert_eq!((zone, a.contact.zone), (20, 20), "the text names region 20");
    assert_eq!(crate::app::three::region_name(a.contact.zone), "corner (+x, −y, +z)");
    // Aligned, the same centre is beside the edge (+x, +z): region 23, as the text says.
    assert_eq!(crate::geom::contact::zone_of(&o.sphere.center(), &o.aabb), 23);
    // The distance to the corner (1, −1, 1) of the box's frame, and the closest point turned back.
    let e = [p[0] - 1.0, p[1] + 1.0, p[2] - 1.0];
    let d = (e[0] * e[0] + e[1] * e[1] + e[2] * e[2]).sqrt();
    assert!((f64::from(a.contact.distance) - d).abs() < 1e-5, "{} vs {d}", a.contact.distance);
    let corner = [cs + sn, sn - cs, 1.0]; // R (1, −1, 1)
    for (&got, want) in a.contact.closest.iter().zip(corner) {
        assert!((f64::from(got) - want).abs() < 1e-5, "{:?}", a.contact.closest);
    }
    assert_eq!(a.contact.state, ContactState::Overlapping, "d = {d} < r = 0.5");
    assert_eq!(a.local_center.map(|l| l.map(f64::from)).map(|l| (l[0] - p[0]).abs() < 1e-5), Some(true));
    assert!(a.verdict && a.exact, "zones, run in the box's frame, agrees");
}

// ---- game ------------------------------------------------------------------------------------

#[test]
fn game_1_standing_still_the_character_is_grounded_with_the_normal_up() {
    let s = loaded(step("game", 1));
    let who = &s.playground.play.player;
    let report = who.report.expect("it has stepped");
    assert!(report.grounded && report.ground_normal == [0.0, 1.0] && who.at_rest(), "{report:?}");
    assert_eq!(report.pushed_out, [0.0, 0.0], "nothing pushes it");
    // And it stays: ten more steps, the same place.
    let before = who.position();
    let mut s = s;
    for _ in 0..10 {
        crate::app::playground::single_step(&mut s.playground);
    }
    assert_eq!(s.playground.play.player.position(), before);
}

#[test]
fn game_2_running_down_the_steps_the_controller_snaps_and_stays_grounded() {
    let s = loaded(step("game", 2));
    let who = &s.playground.play.player;
    assert!(who.marks.iter().any(|m| m.kind == MarkKind::SnappedDown), "snap marks");
    assert!(who.marks.iter().filter(|m| m.kind == MarkKind::SnappedDown).count() >= 3, "one down each step");
    assert!(who.report.expect("it has stepped").grounded && who.position()[0] > 36.0, "{:?}", who.position());
}

#[test]
fn game_3_the_character_stands_on_a_one_way_platform_it_jumped_up_through() {
    let s = loaded(step("game", 3));
    let who = &s.playground.play.player;
    assert!(who.at_rest());
    let c = who.position();
    let r = who.controller.radius();
    let (col, row) = (c[0].floor() as usize, (c[1] - r - 0.5).floor() as usize);
    assert!(s.playground.options.map.is_one_way(col, row), "on a one-way cell: {c:?}");
    // It came from below: the trail passes under the platform's top, at the start.
    assert!(who.trail[0][1] < c[1] - 1.0, "started below: {:?}", who.trail[0]);
}

// ---- the docs --------------------------------------------------------------------------------

/// A chapter as docs/teaching.md lists it: id, title, and its steps (number, title, link's `tour=`).
type Listed = (String, String, Vec<(usize, String, String)>);

#[test]
fn docs_teaching_lists_every_step_of_every_chapter_and_no_other() {
    // docs/teaching.md, "The tour, in chapters": a heading "### `id` — Title" per chapter, then a row
    // "| N | [Step title](../index.html#tour=id:N) | …" per step.
    let doc = include_str!("../../docs/teaching.md");
    let mut listed: Vec<Listed> = Vec::new();
    for line in doc.lines() {
        if let Some(rest) = line.strip_prefix("### `") {
            let (id, title) = rest.split_once("` — ").expect("### `id` — Title");
            listed.push((id.to_string(), title.trim().to_string(), Vec::new()));
        } else if let (Some(row), Some(chapter)) = (line.strip_prefix("| "), listed.last_mut()) {
            let Some((n, rest)) = row.split_once(" | [") else { continue };
            let Ok(n) = n.parse::<usize>() else { continue };
            let (title, rest) = rest.split_once("](../index.html#tour=").expect("a step's link");
            let link = rest.split_once(')').expect("the link's end").0;
            chapter.2.push((n, title.to_string(), link.to_string()));
        }
    }
    let want: Vec<Listed> = CHAPTERS
        .iter()
        .map(|c| {
            let steps =
                c.steps.iter().enumerate().map(|(i, l)| (i + 1, l.title.to_string(), format!("{}:{}", c.id, i + 1)));
            (c.id.to_string(), c.title.to_string(), steps.collect())
        })
        .collect();
    assert_eq!(listed, want, "docs/teaching.md's chapters and steps are not the code's");
    // Every tour link anywhere in the page (the lesson plan's too) names a step that exists.
    for (i, _) in doc.match_indices("#tour=") {
        let rest = &doc[i + 6..];
        let end = rest.find([')', '`', ' ', '&']).unwrap_or(rest.len());
        assert!(TourStep::parse(&rest[..end]).is_ok(), "docs/teaching.md links to tour={}", &rest[..end]);
    }
}
