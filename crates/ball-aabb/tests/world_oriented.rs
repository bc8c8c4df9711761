//! The world with rotated boxes: a ball on a tilted ramp made of an `OrientedRect`, in a list that mixes it
//! with an aligned floor, stepped thousands of times with ordinary decimal numbers. What must hold
//! is geometry, not a recorded answer: never inside a solid beyond the contact tolerance, no NaN,
//! down the slope and off it (never stuck) for the strategies that slide, and the ramp's face met
//! along its own normal.

use ball_aabb::world::{step, BoxList, Collider, Params, StrategyId, TileMap, WithOriented, World, STRATEGIES};
use ball_aabb::{Circle, OrientedRect, Rect};

/// The strategies that slide along what they meet (per-axis does not: see its own test).
const SLIDING: [StrategyId; 4] =
    [StrategyId::SweptSlide, StrategyId::PlaneSolver, StrategyId::Merged, StrategyId::SweptSlideSeamless];

const R: f32 = 0.37;
const DEG: f32 = 23.5;

/// A long floor with its top at y = 0, and a ramp 8.6 long and 1.1 thick tilted by 23.5°, its
/// lower half buried in the floor: its top face rises to the right from where it meets the floor.
fn scene() -> (Rect, OrientedRect) {
    let floor = Rect::new([-5000.0, -3.0], [60.0, 0.0]).unwrap();
    let ramp = OrientedRect::from_degrees([1.3, 0.2], [4.3, 0.55], DEG).unwrap();
    (floor, ramp)
}

/// The ramp's top face: its outward normal, and the point `s` along it from the face's middle.
fn face(ramp: &OrientedRect, s: f64) -> ([f64; 2], [f64; 2]) {
    let a = (DEG as f64).to_radians();
    let (t, n) = ([a.cos(), a.sin()], [-a.sin(), a.cos()]);
    let c = ramp.center().map(f64::from);
    let h = ramp.half_extents()[1] as f64;
    (n, [c[0] + h * n[0] + s * t[0], c[1] + h * n[1] + s * t[1]])
}

/// How deep the ball is in the deepest solid (0 when apart or touching).
fn depth(ball: &Circle, floor: &Rect, ramp: &OrientedRect) -> f32 {
    ball.contact(floor).penetration.max(ramp.contact(ball).penetration)
}

/// Steps `n` times; checks every step; returns the ball and velocity at the end and whether the
/// ramp was ever met.
fn run(id: StrategyId, world: &BoxList, start: [f32; 2], v0: [f32; 2], n: usize) -> (Circle, [f32; 2], bool) {
    let (floor, ramp) = scene();
    let params = Params::default().with_gravity([0.0, -0.0137]);
    let (mut ball, mut v) = (Circle::new(start, R).unwrap(), v0);
    let mut met_ramp = false;
    for i in 0..n {
        let s = step(id, &ball, v, world, &params);
        assert!(s.end.iter().chain(&s.velocity).all(|x| x.is_finite()), "{id:?} step {i}: not finite: {s:?}");
        ball = Circle::new(s.end, R).unwrap();
        v = s.velocity;
        let d = depth(&ball, &floor, &ramp);
        assert!(d <= params.slop, "{id:?} step {i}: {d} inside at {:?}", s.end);
        for k in s.contacts().iter().filter(|k| k.index == 1) {
            met_ramp = true;
            // A contact on the ramp's top face has that face's normal (a corner's would point elsewhere).
            let (n, _) = face(&ramp, 0.0);
            let along = k.normal[0] as f64 * n[0] + k.normal[1] as f64 * n[1];
            assert!(along > 0.0, "{id:?} step {i}: a ramp contact facing down the ramp: {k:?}");
        }
    }
    (ball, v, met_ramp)
}

fn world() -> BoxList {
    let (floor, ramp) = scene();
    BoxList::mixed(vec![Collider::Aligned(floor), Collider::Oriented(ramp)])
}

/// The centre of a ball touching the ramp's top face at `s` along it, sunk `sunk` into it.
fn on_ramp(s: f64, sunk: f64) -> [f32; 2] {
    let (_, ramp) = scene();
    let (n, q) = face(&ramp, s);
    let k = R as f64 - sunk;
    [(q[0] + k * n[0]) as f32, (q[1] + k * n[1]) as f32]
}

#[test]
fn a_ball_touching_the_ramp_slides_down_it_and_off_along_the_floor() {
    for id in SLIDING {
        let (ball, v, met) = run(id, &world(), on_ramp(2.9, 0.0), [0.0, 0.0], 3000);
        assert!(met, "{id:?}");
        // Down the slope, across the corner, then left along the frictionless floor for good.
        assert!(ball.center()[0] < -100.0 && v[0] < -0.05, "{id:?}: ended at {:?} with {v:?}", ball.center());
        assert!((ball.center()[1] - R).abs() <= 1e-4, "{id:?}: not resting on the floor: {:?}", ball.center());
    }
}

#[test]
fn the_slide_along_the_ramp_follows_its_face() {
    // Swept slide, a few steps from rest: each end lies on the line r above the face, and the
    // velocity points down along it (the component into the face removed by the slide).
    let (_, ramp) = scene();
    let (n, q) = face(&ramp, 0.0);
    let params = Params::default().with_gravity([0.0, -0.0137]);
    let w = world();
    let (mut ball, mut v) = (Circle::new(on_ramp(2.9, 0.0), R).unwrap(), [0.0f32, 0.0]);
    for i in 0..20 {
        let s = step(StrategyId::SweptSlide, &ball, v, &w, &params);
        let c = s.end.map(f64::from);
        let height = (c[0] - q[0]) * n[0] + (c[1] - q[1]) * n[1];
        assert!((height - R as f64).abs() < 1e-5, "step {i}: {height} from the face, not r");
        let into = s.velocity[0] as f64 * n[0] + s.velocity[1] as f64 * n[1];
        assert!(into.abs() < 1e-6 && s.velocity[0] < 0.0 && s.velocity[1] < 0.0, "step {i}: {:?}", s.velocity);
        (ball, v) = (Circle::new(s.end, R).unwrap(), s.velocity);
    }
}

#[test]
fn a_ball_sunk_into_the_ramp_is_pushed_out_along_its_normal_then_slides() {
    for id in SLIDING {
        let params = Params::default().with_gravity([0.0, -0.0137]);
        let start = on_ramp(2.9, 0.11);
        let s = step(id, &Circle::new(start, R).unwrap(), [0.0, 0.0], &world(), &params);
        // Out along the ramp's normal by the depth (the gravity step then slides along the face).
        let (n, _) = face(&scene().1, 0.0);
        let push = s.pushed_out.map(f64::from);
        let along = push[0] * n[0] + push[1] * n[1];
        assert!((along - 0.11).abs() < 1e-5 && (push[0] * n[1] - push[1] * n[0]).abs() < 1e-5, "{id:?}: {push:?}");
        let (ball, v, _) = run(id, &world(), start, [0.0, 0.0], 3000);
        assert!(ball.center()[0] < -100.0 && v[0] < -0.05, "{id:?}: ended at {:?} with {v:?}", ball.center());
    }
}

#[test]
fn a_ball_embedded_in_the_corner_comes_out_touching_both_and_climbs_and_returns() {
    // Where the ramp's face meets the floor: x where the face line crosses y = 0.
    let (n, q) = face(&scene().1, 0.0);
    let (t0, t1) = (n[1], -n[0]);
    let corner_x = q[0] - q[1] * t0 / t1;
    let start = [corner_x as f32, R * 0.5]; // in both the floor and the ramp
    for id in SLIDING {
        let params = Params::default().with_gravity([0.0, -0.0137]);
        let s = step(id, &Circle::new(start, R).unwrap(), [0.0, 0.0], &world(), &params);
        // The nearest free point touches both: r above the floor and r off the ramp's face.
        let c = s.end.map(f64::from);
        let off_face = (c[0] - q[0]) * n[0] + (c[1] - q[1]) * n[1];
        assert!((c[1] - R as f64).abs() < 1e-4 && (off_face - R as f64).abs() < 1e-4, "{id:?}: {c:?}, {off_face}");
        assert!(c[0] < corner_x, "{id:?}: {c:?}");
        // Then rolled right into the ramp: up the slope, back down, and away to the left.
        let (ball, v, met) = run(id, &world(), s.end, [0.09, 0.0], 4000);
        assert!(met, "{id:?}");
        assert!(ball.center()[0] < -50.0 && v[0] < 0.0, "{id:?}: ended at {:?} with {v:?}", ball.center());
    }
}

#[test]
fn discrete_strategies_stay_finite_and_out_of_the_ramp() {
    // The discrete strategies push out of the ramp in its frame: no NaN, never left inside beyond the
    // tolerance at the end of a step on this gentle scene.
    for id in [StrategyId::DiscreteInOrder, StrategyId::DiscreteDeepestFirst] {
        let (_, _, met) = run(id, &world(), on_ramp(2.9, 0.0), [0.0, 0.0], 2000);
        assert!(met, "{id:?}");
    }
}

#[test]
fn per_axis_lands_on_the_slope_and_stays_as_its_registry_entry_says() {
    assert!(StrategyId::PerAxis.info().oriented.contains("never slides along a tilted face"));
    let start = on_ramp(2.9, -0.5); // half a unit above the face
    let (ball, v, met) = run(StrategyId::PerAxis, &world(), start, [0.0, 0.0], 500);
    let (n, q) = face(&scene().1, 0.0);
    let c = ball.center().map(f64::from);
    let off_face = (c[0] - q[0]) * n[0] + (c[1] - q[1]) * n[1];
    assert!(met && (off_face - R as f64).abs() < 1e-4 && (c[0] - start[0] as f64).abs() < 1e-6, "{c:?} {v:?}");
}

#[test]
fn every_strategy_says_what_it_does_with_rotated_boxes() {
    for s in STRATEGIES {
        assert!(s.oriented.len() > 40, "{}", s.id);
    }
}

#[test]
fn a_tile_map_with_a_rotated_box_beside_it() {
    // The same ramp over a tile floor: the rotated box's index follows the map's cells.
    let map = TileMap::from_ascii("..........\n##########", 1.0).unwrap();
    let ramp = [OrientedRect::from_degrees([6.0, 1.0], [2.5, 0.3], -30.0).unwrap()];
    let w = WithOriented::new(&map, &ramp, 20);
    let q = Rect::new([5.5, 0.5], [6.5, 1.5]).unwrap();
    let mut seen = vec![];
    w.oriented(&q, |i, _| seen.push(i));
    assert_eq!(seen, [20]);
    assert!(!w.one_way(20));
    // A ball dropped on the ramp's high (left) end slides down it to the right, onto the tiles.
    let params = Params::default().with_gravity([0.0, -0.01]);
    let (mut ball, mut v) = (Circle::new([4.3, 3.0], 0.3).unwrap(), [0.0f32, 0.0]);
    for _ in 0..400 {
        let s = step(StrategyId::default(), &ball, v, &w, &params);
        assert!(ramp[0].contact(&ball).penetration <= 1e-4);
        (ball, v) = (Circle::new(s.end, 0.3).unwrap(), s.velocity);
    }
    assert!(ball.center()[0] > 9.0 || v[0] > 0.05, "{:?} {v:?}", ball.center());
}

/// The plane solver against a steep tilted face (58°, a wall, not a floor): a ball resting on it
/// slides down it under gravity, from many points along it, at 60 and 144 Hz. It once froze for
/// good: the remainder of a slide along the face, its normal rounded from the box's frame, went into
/// the face by a rounding-level amount, and `blocks` let that stop the cast at `t = 0` every pass.
#[test]
fn plane_solver_slides_down_a_58_degree_face_and_never_freezes() {
    let deg = 58.0f32;
    let a = (deg as f64).to_radians();
    let (t, n) = ([a.cos(), a.sin()], [-a.sin(), a.cos()]);
    let floor = Rect::new([-50.0, -3.0], [50.0, 0.0]).unwrap();
    // A face from the origin up to 7·t, the box 9 long and 1 thick below it.
    let c = [2.5 * t[0] - 0.5 * n[0], 2.5 * t[1] - 0.5 * n[1]].map(|x| x as f32);
    let wall = OrientedRect::from_degrees(c, [4.5, 0.5], deg).unwrap();
    let world = BoxList::mixed(vec![Collider::Aligned(floor), Collider::Oriented(wall)]);
    let mut frozen = Vec::new();
    for hz in [60.0f32, 144.0] {
        let params = Params::default().with_gravity([0.0, -30.0 / (hz * hz)]); // 30 u/s², per step
        for k in 0..40 {
            let s = 1.3 + 0.137 * k as f64;
            let start = [s * t[0] + R as f64 * n[0], s * t[1] + R as f64 * n[1]].map(|x| x as f32);
            let (mut ball, mut v) = (Circle::new(start, R).unwrap(), [0.0f32, 0.0]);
            let mut still = 0;
            for _ in 0..(3 * hz as usize) {
                let st = step(StrategyId::PlaneSolver, &ball, v, &world, &params);
                still = if st.end == ball.center() { still + 1 } else { 0 };
                ball = Circle::new(st.end, R).unwrap();
                v = st.velocity;
                if ball.center()[1] < R + 1e-3 || still > 10 {
                    break;
                }
            }
            if ball.center()[1] > R + 1e-3 {
                frozen.push((hz, s, ball.center()));
            }
        }
    }
    assert!(frozen.is_empty(), "stopped on the face (Hz, start along it, where): {frozen:?}");
}
