//! The character controller on rotated boxes: a ramp made of an `OrientedRect` half buried in an aligned
//! floor, stepped thousands of frames at 60 and 144 Hz with ordinary decimal numbers (not dyadic).
//! What must hold is behaviour, not a recorded answer: a walkable face is ground (grounded, a
//! jump leaves it, the run follows it up and down without leaving it, standing still does not
//! drift), a steep face is a wall (slid down, never stood on), and in every sliding strategy no
//! NaN, never inside a solid beyond the slop, never stuck.

use ball_aabb::controller::{Config, Controller, Event, Input, Report};
use ball_aabb::world::{BoxList, Collider, StrategyId, STRATEGIES};
use ball_aabb::{Circle, OrientedRect, Rect};

const R: f32 = 0.4;
const RATES: [f32; 2] = [60.0, 144.0];

/// A floor with its top at y = 0 between walls at x = −10 and x = 12, and a ramp tilted by `deg`,
/// 8 long and 1 thick, its lower part in the floor: its top face rises to the right from the
/// origin (where it meets the floor) to `6·(cos, sin)`.
fn scene(deg: f32) -> Vec<Collider<2>> {
    let a = deg.to_radians();
    let (t, n) = ([a.cos(), a.sin()], [-a.sin(), a.cos()]);
    let c = [2.0 * t[0] - 0.5 * n[0], 2.0 * t[1] - 0.5 * n[1]];
    vec![
        Collider::Aligned(Rect::new([-11.0, -3.0], [13.0, 0.0]).unwrap()),
        Collider::Aligned(Rect::new([-11.0, 0.0], [-10.0, 9.0]).unwrap()),
        Collider::Aligned(Rect::new([12.0, 0.0], [13.0, 9.0]).unwrap()),
        Collider::Oriented(OrientedRect::from_degrees(c, [4.0, 0.5], deg).unwrap()),
    ]
}

/// The ramp's top face: its unit tangent (up the ramp) and outward normal.
fn frame(deg: f32) -> ([f32; 2], [f32; 2]) {
    let a = deg.to_radians();
    ([a.cos(), a.sin()], [-a.sin(), a.cos()])
}

/// The centre of a ball touching the ramp's top face `s` along it from the foot, sunk `sunk`.
fn on_face(deg: f32, s: f32, sunk: f32) -> [f32; 2] {
    let (t, n) = frame(deg);
    [s * t[0] + (R - sunk) * n[0], s * t[1] + (R - sunk) * n[1]]
}

/// The centre of a ball touching both the floor and the face, in the corner where they meet, sunk
/// `sunk` into both.
fn in_corner(deg: f32, sunk: f32) -> [f32; 2] {
    let a = deg.to_radians();
    let k = R - sunk;
    [k * (a.cos() - 1.0) / a.sin(), k]
}

/// How deep a ball at `p` is in the deepest solid of `world` (0 when apart or touching).
fn depth(world: &[Collider<2>], p: [f32; 2]) -> f32 {
    let ball = Circle::new(p, R).unwrap();
    world
        .iter()
        .map(|c| match c {
            Collider::Aligned(b) => ball.contact(b).penetration,
            Collider::Oriented(o) => o.contact(&ball).penetration,
        })
        .fold(0.0, f32::max)
}

/// The signed distance from the ramp face's line to the centre, minus `r` (0: touching it).
fn gap_to_face(deg: f32, p: [f32; 2]) -> f32 {
    let (_, n) = frame(deg);
    p[0] * n[0] + p[1] * n[1] - R
}

fn controller(p: [f32; 2], strategy: StrategyId) -> Controller {
    Controller::new(p, R, Config { strategy, ..Config::default() }).unwrap()
}

fn steps(c: &mut Controller, world: &BoxList, input: Input, hz: f32, n: usize) -> Vec<Report> {
    (0..n).map(|_| c.step(input, 1.0 / hz, world)).collect()
}

#[test]
fn standing_on_a_30_degree_ramp_is_grounded_on_its_face_and_does_not_drift() {
    let world = BoxList::mixed(scene(30.0));
    let (_, n) = frame(30.0);
    for hz in RATES {
        let mut c = controller(on_face(30.0, 3.0, 0.0), StrategyId::default());
        let first = c.step(Input::default(), 1.0 / hz, &world);
        assert!(first.grounded, "{hz} Hz: {first:?}");
        let g = first.ground_normal;
        assert!((g[0] - n[0]).abs() < 1e-5 && (g[1] - n[1]).abs() < 1e-5, "{hz} Hz: ground normal {g:?}");
        // The first step (from the air: gravity's one frame) slides it by a hair; then not at all.
        let settled = c.position();
        for (i, r) in steps(&mut c, &world, Input::default(), hz, 3000).iter().enumerate() {
            assert!(r.grounded && r.position == settled, "{hz} Hz frame {i}: drifted to {r:?} from {settled:?}");
        }
        let first_slide = (0..2).map(|k| (settled[k] - on_face(30.0, 3.0, 0.0)[k]).powi(2)).sum::<f32>().sqrt();
        assert!(first_slide < 0.005, "{hz} Hz: the landing frame slid {first_slide}");
    }
}

#[test]
fn walking_up_and_down_a_30_degree_ramp_follows_its_face_and_stays_grounded() {
    let world = BoxList::mixed(scene(30.0));
    for hz in RATES {
        let mut c = controller(on_face(30.0, 0.5, 0.0), StrategyId::default());
        c.step(Input::default(), 1.0 / hz, &world);
        // Up: every frame on the ground, touching the face, higher each frame, until near its top.
        let mut last = c.position();
        let mut frames = 0;
        while c.position()[0] < 4.5 {
            let r = c.step(Input::run(1.0), 1.0 / hz, &world);
            frames += 1;
            assert!(r.grounded && !r.on_wall, "{hz} Hz up, frame {frames}: {r:?}");
            assert!(gap_to_face(30.0, r.position).abs() < 2e-4, "{hz} Hz up: left the face: {r:?}");
            assert!(r.position[1] > last[1] && r.position[0] > last[0], "{hz} Hz up: {r:?} after {last:?}");
            last = r.position;
            assert!(frames < 2 * hz as usize, "{hz} Hz: not up the ramp in 2 s");
        }
        // Down: no frame in the air (the snap and the tangent keep it on the face), onto the floor.
        let mut frames = 0;
        while c.position()[0] > -2.0 {
            let r = c.step(Input::run(-1.0), 1.0 / hz, &world);
            frames += 1;
            assert!(r.grounded, "{hz} Hz down, frame {frames}: bounced off: {r:?}");
            assert!(!r.events.contains(Event::LeftGround), "{hz} Hz down: {r:?}");
            assert!(frames < 2 * hz as usize, "{hz} Hz: not down the ramp in 2 s");
        }
        assert_eq!(c.position()[1], ball_aabb::controller::standing_height(0.0, R), "{hz} Hz: on the floor");
    }
}

#[test]
fn a_jump_leaves_a_30_degree_ramp() {
    let world = BoxList::mixed(scene(30.0));
    for hz in RATES {
        let mut c = controller(on_face(30.0, 3.0, 0.0), StrategyId::default());
        steps(&mut c, &world, Input::default(), hz, 5);
        let y0 = c.position()[1];
        let jump = Input { jump_pressed: true, jump_held: true, ..Input::default() };
        let r = c.step(jump, 1.0 / hz, &world);
        assert!(r.events.contains(Event::Jumped) && !r.grounded, "{hz} Hz: {r:?}");
        let held = Input { jump_held: true, ..Input::default() };
        let peak = steps(&mut c, &world, held, hz, hz as usize / 4).iter().map(|r| r.position[1]).fold(y0, f32::max);
        assert!(peak > y0 + 1.5, "{hz} Hz: rose only {}", peak - y0);
    }
}

#[test]
fn a_60_degree_face_is_a_wall_slid_down_never_stood_on() {
    let world = BoxList::mixed(scene(60.0));
    for hz in RATES {
        for input in [0.0, 1.0] {
            let mut c = controller(on_face(60.0, 3.0, 0.0), StrategyId::default());
            let mut on_wall = false;
            for (i, r) in steps(&mut c, &world, Input::run(input), hz, 2 * hz as usize).iter().enumerate() {
                // Grounded only on the floor (its normal straight up), never on the face.
                assert!(!r.grounded || r.ground_normal == [0.0, 1.0], "{hz} Hz x {input}, frame {i}: {r:?}");
                on_wall |= r.on_wall;
            }
            assert!(on_wall, "{hz} Hz x {input}: never against the face as a wall");
            // Slid down to the corner where it meets the floor.
            let p = c.position();
            assert!(c.grounded() && p[1] < 0.401 && p[0] < 0.0, "{hz} Hz x {input}: {p:?}");
        }
    }
}

/// The strategies that slide along a rotated box (per-axis stops at a tilted face and the two
/// discrete ones only push out: see each one's `oriented` text in [`STRATEGIES`]).
const SLIDING: [StrategyId; 4] =
    [StrategyId::SweptSlide, StrategyId::Merged, StrategyId::SweptSlideSeamless, StrategyId::PlaneSolver];

fn sliding() -> [StrategyId; 4] {
    for id in SLIDING {
        assert!(STRATEGIES.iter().any(|s| s.kind == id), "{id:?}");
    }
    SLIDING
}

#[test]
fn soak_every_sliding_strategy_from_awkward_starts_on_a_30_degree_ramp() {
    const DEG: f32 = 30.0;
    const FRAMES: usize = 3000;
    let colliders = scene(DEG);
    let world = BoxList::mixed(colliders.clone());
    let starts = [
        ("on the face", on_face(DEG, 3.0, 0.0)),
        ("low on the face", on_face(DEG, 0.7, 0.0)),
        ("sunk 0.05 in the face", on_face(DEG, 2.0, 0.05)),
        ("a hair above the face", on_face(DEG, 4.1, -0.003)),
        ("at the top corner", on_face(DEG, 6.0, 0.0)),
        ("in the corner", in_corner(DEG, 0.0)),
        ("sunk 0.05 in the corner", in_corner(DEG, 0.05)),
        ("on the floor by the foot", [-0.6, 0.4]),
        ("sunk 0.1 in the floor", [-1.3, 0.3]),
        ("in the air above the face", on_face(DEG, 2.5, -1.2)),
    ];
    let (mut total, mut deepest, mut drift, mut still, mut still_on_ramp) = (0usize, 0.0f32, 0.0f32, 0usize, 0usize);
    for id in sliding() {
        for hz in RATES {
            let dt = 1.0 / hz;
            // Half a second right, half still, half left, half still, over and over.
            let seg = (hz / 2.0) as usize;
            for (name, p) in starts {
                let mut c = controller(p, id);
                let (mut seg_start, mut still_at) = (c.position(), None);
                for i in 0..FRAMES {
                    let phase = (i / seg) % 4;
                    let x = [1.0, 0.0, -1.0, 0.0][phase];
                    let r = c.step(Input::run(x), dt, &world);
                    total += 1;
                    assert!(
                        r.position.iter().chain(&r.velocity).all(|v| v.is_finite()),
                        "{id:?} {hz} {name} {i}: {r:?}"
                    );
                    let d = depth(&colliders, r.position);
                    deepest = deepest.max(d);
                    assert!(d <= Config::default().slop, "{id:?} {hz} Hz {name} frame {i}: {d} deep at {r:?}");
                    if i % seg == seg - 1 {
                        // The end of a segment: a walk made progress (half a second at up to 6 u/s).
                        if x != 0.0 {
                            let moved = (r.position[0] - seg_start[0]) * x;
                            assert!(moved > 1.0, "{id:?} {hz} Hz {name} frame {i}: stuck, moved {moved}");
                        }
                        seg_start = r.position;
                    }
                    // Standing still on the ground, once stopped: it stays where it is.
                    if x == 0.0 && r.grounded && r.velocity == [0.0; 2] && i % seg > seg / 4 {
                        let at = *still_at.get_or_insert(r.position);
                        still += 1;
                        still_on_ramp += (r.ground_normal[0] != 0.0) as usize;
                        let moved = ((r.position[0] - at[0]).powi(2) + (r.position[1] - at[1]).powi(2)).sqrt();
                        drift = drift.max(moved);
                    } else {
                        still_at = None;
                    }
                }
            }
        }
    }
    eprintln!("soak: {total} steps, deepest {deepest}, standing drift {drift} over {still} standing steps ({still_on_ramp} on the ramp)");
    assert_eq!(total, 4 * 2 * 10 * FRAMES);
    assert!(
        still > total / 4 && still_on_ramp > total / 10,
        "standing measured on {still} ({still_on_ramp}) steps only"
    );
    assert!(drift <= 1e-6, "standing still drifted {drift}");
}

#[test]
fn a_max_slope_of_65_degrees_makes_the_60_degree_face_ground() {
    let world = BoxList::mixed(scene(60.0));
    let config = Config::default().with_max_slope_degrees(65.0).unwrap();
    assert!((config.floor_min_normal_y - 65f32.to_radians().cos()).abs() < 1e-7);
    for hz in RATES {
        let mut c = Controller::new(on_face(60.0, 3.0, 0.0), R, config).unwrap();
        let start = c.step(Input::default(), 1.0 / hz, &world).position;
        for (i, r) in steps(&mut c, &world, Input::default(), hz, hz as usize).iter().enumerate() {
            assert!(r.grounded && r.position == start, "{hz} Hz frame {i}: {r:?}");
            assert!((r.ground_normal[1] - 0.5).abs() < 1e-6, "{hz} Hz: {r:?}");
        }
        // And walked up (the run follows the face: 1.73 up for each 1 across).
        let r = steps(&mut c, &world, Input::run(1.0), hz, hz as usize / 4);
        let end = r.last().unwrap().position;
        assert!(r.iter().all(|r| r.grounded) && end[1] > start[1] + 1.0, "{hz} Hz: {end:?} from {start:?}");
    }
}

#[test]
fn the_max_slope_builder_refuses_what_is_not_an_angle_below_90_naming_the_field() {
    for bad in [f32::NAN, f32::INFINITY, -1.0, 90.0, 135.0] {
        let e = Config::default().with_max_slope_degrees(bad).unwrap_err();
        assert_eq!(e.field(), "max_slope_degrees", "{bad}");
        assert!(e.to_string().starts_with("max_slope_degrees must be"), "{e}");
    }
    assert_eq!(Config::default().with_max_slope_degrees(0.0).unwrap().floor_min_normal_y, 1.0);
    assert_eq!(Config::default().with_max_slope_degrees(45.0).unwrap(), Config::default(), "45° is the default");
}

/// Issue 36: a step 0.25 high written as a 0° (or 90°) rotated box is the aligned box: the
/// character steps up it as it does the `Rect` (it was blocked at x = 4.6 on the box's corner,
/// the flat foot not seeing a rotated top), frame for frame. A 30° box stays rotated.
#[test]
fn a_quarter_turned_step_is_an_aligned_step() {
    let floor = Rect::new([-10.0, 0.0], [20.0, 1.0]).unwrap();
    let step = Rect::new([5.0, 1.0], [20.0, 1.25]).unwrap();
    let turned = [
        OrientedRect::from_degrees([12.5, 1.125], [7.5, 0.125], 0.0).unwrap(),
        OrientedRect::from_degrees([12.5, 1.125], [0.125, 7.5], 90.0).unwrap(),
        OrientedRect::from_degrees([12.5, 1.125], [7.5, 0.125], 180.0).unwrap(),
    ];
    let run = Input { x: 1.0, jump_pressed: false, jump_held: false, down: false };
    let play = |world: &BoxList| {
        let mut c = Controller::new([2.0, 1.4], 0.4, Config::default()).unwrap();
        (0..120).map(|_| c.step(run, 1.0 / 60.0, world)).collect::<Vec<Report>>()
    };
    let want = play(&BoxList::new(vec![floor, step]));
    assert_eq!(want.iter().filter(|r| r.events.contains(Event::SteppedUp)).count(), 1);
    for o in turned {
        let world = BoxList::mixed(vec![Collider::Aligned(floor), Collider::Oriented(o)]);
        assert_eq!(world.rotated().count(), 0, "{o:?} is listed as aligned");
        assert_eq!(play(&world), want, "{o:?}");
    }
    let tilted = OrientedRect::from_degrees([12.5, 1.125], [7.5, 0.125], 30.0).unwrap();
    assert_eq!(BoxList::mixed(vec![Collider::Oriented(tilted)]).rotated().count(), 1);
}
