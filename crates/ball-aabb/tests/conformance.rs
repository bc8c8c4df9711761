//! The character controller against the reports game developers file about controllers: each test
//! is named after the report (or the classic complaint) it comes from, sets up that scene, and checks
//! an outcome worked out here by hand — heights from `v²/2g`, frame counts from the timers' seconds,
//! positions from the geometry — never read off the controller. Run alone with
//! `cargo test -p ball-aabb --test conformance`; docs/controller.md lists them as a table.
//!
//! The defaults throughout (unless a test says otherwise): gravity 30 u/s², run 6 u/s (ground
//! acceleration 60, air 30), jump 12 u/s (a held jump peaks `12²/(2·30) = 2.4` above its start),
//! jump cut 0.5, snap and step height 0.5 u, coyote time and jump buffer 0.1 s, a ball of radius 0.4.

use ball_aabb::controller::{standing_height, Config, Controller, Event, Input, Report};
use ball_aabb::oriented::Collider;
use ball_aabb::world::{BoxList, Layered, Mover, Movers, Path, TileMap, WithOriented, World};
use ball_aabb::{OrientedRect, Rect};

const HZ60: f32 = 1.0 / 60.0;
const R: f32 = 0.4;
const NONE: Input = Input { x: 0.0, jump_pressed: false, jump_held: false, down: false };
const RIGHT: Input = Input { x: 1.0, ..NONE };
const LEFT: Input = Input { x: -1.0, ..NONE };
const JUMP: Input = Input { jump_pressed: true, jump_held: true, ..NONE };
const HOLD: Input = Input { jump_held: true, ..NONE };

/// A level from rows written top to bottom (`#` solid, `-` one-way, `.` empty).
fn level(rows: &[&str], cell: f32) -> TileMap {
    TileMap::from_ascii(&rows.join("\n"), cell).expect("a valid level")
}

/// The centre's height of a ball of radius `r` standing on a top at `top`.
fn on(top: f32, r: f32) -> f32 {
    standing_height(top, r)
}

fn spawn(x: f32, y: f32) -> Controller {
    Controller::new([x, y], R, Config::default()).expect("valid")
}

fn run(c: &mut Controller, input: Input, dt: f32, world: &impl World, n: usize) -> Vec<Report> {
    (0..n).map(|_| c.step(input, dt, world)).collect()
}

fn count(reports: &[Report], e: Event) -> usize {
    reports.iter().filter(|r| r.events.contains(e)).count()
}

fn first(reports: &[Report], e: Event) -> Option<usize> {
    reports.iter().position(|r| r.events.contains(e))
}

fn apex(reports: &[Report]) -> f32 {
    reports.iter().map(|r| r.position[1]).fold(f32::MIN, f32::max)
}

/// A flat unit-cell floor (top y = 1) `w` cells wide with `h` empty rows above it.
fn floor(w: usize, h: usize) -> TileMap {
    let air = ".".repeat(w);
    let mut rows: Vec<&str> = vec![&air; h];
    let ground = "#".repeat(w);
    rows.push(&ground);
    level(&rows, 1.0)
}

// ---------------------------------------------------------------------------------------------
// One-way platforms (rapier #502: "one-way platforms for the character controller").

/// rapier #502: a held jump from the floor (feet at 1) under a one-way platform whose top is 3 rises
/// 2.4 (feet up to 3.4, above the top), so it passes up through the platform and lands on it:
/// centre `on(3, r)`, one `Jumped`, one `Landed`, and it is never stopped on the way up.
#[test]
fn rapier_502_jumps_up_through_a_one_way_platform_and_stands_on_it() {
    let map = level(&["..........", "...----...", "..........", "##########"], 1.0);
    let mut c = spawn(5.0, on(1.0, R));
    let mut reps = vec![c.step(JUMP, HZ60, &map)];
    reps.extend(run(&mut c, HOLD, HZ60, &map, 90));
    assert_eq!((count(&reps, Event::Jumped), count(&reps, Event::Landed)), (1, 1));
    assert_eq!(count(&reps, Event::HitCeiling), 0, "the platform does not stop it from below");
    assert!(c.grounded() && c.position() == [5.0, on(3.0, R)], "{:?}", c.position());
}

/// rapier #502: down + jump on a one-way platform drops through it onto the floor below.
#[test]
fn rapier_502_drops_down_through_a_one_way_platform() {
    let map = level(&["..........", "...----...", "..........", "##########"], 1.0);
    let mut c = spawn(5.0, on(3.0, R));
    let r = c.step(Input { down: true, ..JUMP }, HZ60, &map);
    assert!(r.events.contains(Event::DroppedThrough) && !r.events.contains(Event::Jumped), "{r:?}");
    let reps = run(&mut c, NONE, HZ60, &map, 60);
    assert_eq!(count(&reps, Event::Landed), 1);
    assert!(c.grounded() && c.position() == [5.0, on(1.0, R)], "{:?}", c.position());
}

// ---------------------------------------------------------------------------------------------
// Stairs (Godot proposals #2751: "stair stepping for CharacterBody").

/// Half-unit stairs: cells of 0.5, three risers of one cell (0.5 u, the default step height)
/// at x = 3, 5 and 7. Running right climbs each without a jump: three `SteppedUp`, grounded on
/// every frame, never stopped, on the top step (`on(2, r)`) at the end.
fn stairs() -> TileMap {
    level(
        &[
            "....................",
            "..............######",
            "..........##########",
            "......##############",
            "####################",
        ],
        0.5,
    )
}

#[test]
fn godot_proposal_2751_walks_up_stairs_without_jumping() {
    let map = stairs();
    let mut c = spawn(1.0, on(0.5, R));
    let reps = run(&mut c, RIGHT, HZ60, &map, 80);
    assert_eq!(count(&reps, Event::SteppedUp), 3);
    assert!(reps.iter().all(|r| r.grounded), "grounded on every frame");
    // Moving right every frame once up to speed (6 frames at 60 u/s²).
    assert!(reps.windows(2).skip(6).all(|w| w[1].position[0] > w[0].position[0]), "never stopped");
    assert_eq!(c.position()[1], on(2.0, R));
}

/// The same stairs walked down: glued to them (three `SnappedDown`, never in the air).
#[test]
fn godot_proposal_2751_walks_down_stairs_glued_to_them() {
    let map = stairs();
    let mut c = spawn(9.0, on(2.0, R));
    let reps = run(&mut c, LEFT, HZ60, &map, 80);
    assert_eq!((count(&reps, Event::SnappedDown), count(&reps, Event::LeftGround)), (3, 0));
    assert!(reps.iter().all(|r| r.grounded));
    assert_eq!(c.position()[1], on(0.5, R));
}

/// A ledge one unit high on a unit-cell level is not a stair (above the 0.5 step height): the
/// character stops against it, touching it (`x = 10 − r`), on the wall, its speed toward it gone.
#[test]
fn a_unit_ledge_is_a_wall_to_walk_into() {
    let map =
        level(&["....................", "....................", "..........##########", "####################"], 1.0);
    let mut c = spawn(5.0, on(1.0, R));
    let reps = run(&mut c, RIGHT, HZ60, &map, 120);
    assert_eq!(count(&reps, Event::SteppedUp), 0);
    let last = reps.last().unwrap();
    assert_eq!(last.position, [10.0 - R, on(1.0, R)]);
    assert!(last.on_wall && last.wall_normal == [-1.0, 0.0] && last.velocity == [0.0, 0.0], "{last:?}");
}

// ---------------------------------------------------------------------------------------------
// Walls and seams.

/// Box2D #1032 ("character climbs walls made of stacked boxes"): a wall three cells high made of
/// separate stacked cells, run into for two seconds: the seams between its cells never lift the
/// character — its height stays `on(1, r)` on every frame, it stays at `10 − r`.
#[test]
fn box2d_1032_does_not_climb_a_wall_of_stacked_boxes() {
    let map = level(
        &[
            "....................",
            "..........#.........",
            "..........#.........",
            "..........#.........",
            "####################",
        ],
        1.0,
    );
    let mut c = spawn(5.0, on(1.0, R));
    let reps = run(&mut c, RIGHT, HZ60, &map, 120);
    assert!(reps.iter().all(|r| r.position[1] == on(1.0, R) && r.grounded), "never lifted");
    assert_eq!(reps.last().unwrap().position[0], 10.0 - R);
}

/// Seam bumps (the "internal edges" every tile engine meets): a floor of 400 flush tiles of
/// 0.7 u, run across both ways for 50 s with r = 0.33 and a run speed of 5.3: one height all the
/// way (`on(0.7, r)`), no event ever, the run speed exactly once up to speed.
#[test]
fn seams_between_flush_floor_tiles_never_bump() {
    let ground = "#".repeat(400);
    let air = ".".repeat(400);
    let map = level(&[&air, &air, &ground], 0.7);
    let (r, y) = (0.33, on(0.7, 0.33));
    let mut c = Controller::new([3.1, y], r, Config { run_speed: 5.3, ..Config::default() }).unwrap();
    for k in 0..3000 {
        let input = if k < 1500 { RIGHT } else { LEFT };
        let rep = c.step(input, HZ60, &map);
        assert!(rep.position[1] == y && rep.grounded && rep.events.is_empty(), "frame {k}: {rep:?}");
        if (20..1500).contains(&k) {
            assert_eq!(rep.velocity, [5.3, 0.0], "frame {k}");
        }
    }
}

/// Sliding along a ceiling: a held jump running right under a ceiling whose underside is 3 (the
/// head reaches it 1.2 up, below the 2.4 apex): one `HitCeiling`, the rise stopped, and the run
/// goes on at full speed through it — the ceiling takes the vertical speed only; it lands at its
/// starting height.
#[test]
fn a_jump_into_a_ceiling_slides_along_it_and_keeps_running() {
    let map = level(
        &[
            "########################################",
            "........................................",
            "........................................",
            "########################################",
        ],
        1.0,
    );
    let mut c = spawn(2.0, on(1.0, R));
    let mut reps = run(&mut c, RIGHT, HZ60, &map, 10);
    reps.push(c.step(Input { x: 1.0, ..JUMP }, HZ60, &map));
    reps.extend(run(&mut c, Input { x: 1.0, ..HOLD }, HZ60, &map, 60));
    let hit = first(&reps, Event::HitCeiling).expect("it bumps its head");
    assert_eq!(count(&reps, Event::HitCeiling), 1);
    assert_eq!(reps[hit].position[1], 3.0 - R, "touching the ceiling");
    assert!(reps[hit].velocity[1] <= 0.0);
    assert!(reps[10..].iter().all(|r| r.velocity[0] == 6.0), "the run is never slowed");
    assert_eq!((count(&reps, Event::Landed), c.position()[1]), (1, on(1.0, R)));
}

// ---------------------------------------------------------------------------------------------
// Ledges, coyote time and the jump buffer (Celeste's grace times, counted in seconds).

/// A ledge one unit deep (deeper than the 0.5 snap): walked off in a fall — `LeftGround` once, each
/// frame's drop larger than the last, no `SnappedDown` — landing √(2/30) ≈ 0.258 s later (15 or 16
/// frames at 60 Hz).
#[test]
fn walking_off_a_ledge_is_a_fall_in_an_arc() {
    let map = level(&["....................", "##########..........", "####################"], 1.0);
    let mut c = spawn(5.5, on(2.0, R));
    let reps = run(&mut c, RIGHT, HZ60, &map, 120);
    assert_eq!((count(&reps, Event::LeftGround), count(&reps, Event::SnappedDown)), (1, 0));
    let (left, landed) = (first(&reps, Event::LeftGround).unwrap(), first(&reps, Event::Landed).unwrap());
    assert!((15..=16).contains(&(landed - left)), "{}", landed - left);
    let ys: Vec<f32> = reps[left - 1..landed].iter().map(|r| r.position[1]).collect();
    assert!(ys.windows(3).all(|w| w[1] - w[2] > w[0] - w[1]), "accelerating down: {ys:?}");
}

/// Runs off a ledge over a deep pit; returns the controller right after the step that left the
/// ground, and the map.
fn off_a_ledge(dt: f32) -> (Controller, TileMap) {
    let map = level(&[&".".repeat(40), &".".repeat(40), &format!("{}{}", "#".repeat(10), ".".repeat(30))], 1.0);
    let mut c = spawn(8.0, on(1.0, R));
    for _ in 0..(2.0 / dt) as usize {
        if c.step(RIGHT, dt, &map).events.contains(Event::LeftGround) {
            return (c, map);
        }
    }
    panic!("it never left the ground");
}

/// Coyote time at its window's edge, counted in seconds: 0.1 s is 6 steps after the one that left
/// the ground at 60 Hz, 3 at 30 Hz, 24 at 240 Hz. A jump pressed on the last of them still jumps;
/// on the step after, it does not.
#[test]
fn coyote_time_is_a_tenth_of_a_second_at_30_60_and_240_hz() {
    for (hz, steps) in [(30.0f32, 3), (60.0, 6), (240.0, 24)] {
        for (wait, jumps) in [(steps, true), (steps + 1, false)] {
            let (mut c, map) = off_a_ledge(1.0 / hz);
            run(&mut c, RIGHT, 1.0 / hz, &map, wait - 1);
            let r = c.step(Input { x: 1.0, ..JUMP }, 1.0 / hz, &map);
            assert_eq!(r.events.contains(Event::Jumped), jumps, "{hz} Hz, pressed {wait} steps after leaving: {r:?}");
        }
    }
}

/// The jump buffer at its window's edge: a fall from 3 units onto a floor lands on some step L
/// (found first with no press); the first step that starts on the ground, where a jump can happen,
/// is L + 1. A jump pressed 0.1 s of steps before that (6 at 60 Hz, 24 at 240 Hz) happens there;
/// one pressed a step earlier does not (it has expired), and the character stays on the floor.
#[test]
fn the_jump_buffer_is_a_tenth_of_a_second_at_60_and_240_hz() {
    let map = floor(10, 6);
    for (hz, steps) in [(60.0f32, 6), (240.0, 24)] {
        let dt = 1.0 / hz;
        let start = spawn(5.0, 4.4);
        let landing = first(&run(&mut start.clone(), NONE, dt, &map, 1000), Event::Landed).expect("lands");
        let can = landing + 1;
        for (early, jumps) in [(steps, true), (steps + 1, false)] {
            let mut c = start.clone();
            run(&mut c, NONE, dt, &map, can - early);
            let mut reps = vec![c.step(JUMP, dt, &map)];
            reps.extend(run(&mut c, HOLD, dt, &map, early));
            assert_eq!(first(&reps, Event::Landed), Some(early - 1), "{hz} Hz: lands on step L");
            assert_eq!(first(&reps, Event::Jumped), jumps.then_some(early), "{hz} Hz: pressed {early} steps early");
        }
    }
}

/// The very first step of a character spawned standing is a step on the ground: a jump pressed on
/// it happens at once (rising 12·dt − 15·dt² in it), as it would on any later step.
#[test]
fn a_jump_on_the_first_frame_after_spawning_happens() {
    let map = floor(10, 6);
    let mut c = spawn(5.0, on(1.0, R));
    let r = c.step(JUMP, HZ60, &map);
    assert!(r.events.contains(Event::Jumped) && !r.grounded, "{r:?}");
    assert!((r.position[1] - on(1.0, R) - (12.0 * HZ60 - 15.0 * HZ60 * HZ60)).abs() < 1e-5, "{r:?}");
}

/// Falling onto a one-way platform from above lands on it (it is solid from above): centre
/// `on(3, r)`, one `Landed`.
#[test]
fn a_fall_onto_a_one_way_platform_lands_on_it() {
    let map = level(&["..........", "..........", "..........", "...----...", "..........", "##########"], 1.0);
    let mut c = spawn(5.0, 5.5);
    let reps = run(&mut c, NONE, HZ60, &map, 90);
    assert_eq!(count(&reps, Event::Landed), 1);
    assert_eq!(c.position(), [5.0, on(3.0, R)]);
}

/// A floor a tenth of a unit thick, fallen onto at the terminal speed (20 u/s) with 20 frames a
/// second: a unit a step, ten times the floor's thickness — the swept move lands on it, never
/// through it.
#[test]
fn a_fast_fall_does_not_tunnel_through_a_thin_floor() {
    let mut rows = vec![".".repeat(100); 200];
    rows[150] = "#".repeat(100); // cells of 0.1: the floor's top at y = 5, its underside at 4.9
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let map = level(&rows, 0.1);
    let mut c = spawn(5.0, 19.0);
    let reps = run(&mut c, NONE, 0.05, &map, 60);
    assert_eq!(count(&reps, Event::Landed), 1);
    assert!(reps.iter().any(|r| r.velocity[1] == -20.0), "reached the terminal speed");
    assert_eq!(c.position(), [5.0, on(5.0, R)]);
}

// ---------------------------------------------------------------------------------------------
// The same jump at every frame rate.

/// A held jump peaks `v²/2g = 2.4` above its start; sampled at the steps of any rate, within 1 %
/// (the peak falls between steps at 144 Hz: `12t − 15t²` at t = 57/144 is 2.39983).
fn jump_apex(dt: impl Fn(usize) -> f32) -> f32 {
    let map = floor(10, 8);
    let mut c = spawn(5.0, on(1.0, R));
    let mut reps = vec![c.step(JUMP, dt(0), &map)];
    for k in 1..2000 {
        reps.push(c.step(HOLD, dt(k), &map));
        if reps.last().unwrap().events.contains(Event::Landed) {
            break;
        }
    }
    assert_eq!(count(&reps, Event::Landed), 1, "it lands");
    apex(&reps) - on(1.0, R)
}

#[test]
fn the_jump_height_is_the_same_at_30_60_144_and_240_hz() {
    for hz in [30.0f32, 60.0, 144.0, 240.0] {
        let rise = jump_apex(|_| 1.0 / hz);
        assert!((rise - 2.4).abs() <= 0.024, "{hz} Hz: {rise}");
    }
}

#[test]
fn the_jump_height_holds_with_a_varying_frame_time() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 40) as f32 / (1u64 << 24) as f32
    };
    let dts: Vec<f32> = (0..2000).map(|_| 1.0 / (30.0 + 210.0 * next())).collect();
    let rise = jump_apex(|k| dts[k]);
    assert!((rise - 2.4).abs() <= 0.024, "{rise}");
}

/// Variable jump height: released after 6 steps (0.1 s) of a jump at 60 Hz, the vertical speed is
/// `12 − 30·0.1 = 9` and the cut halves it to 4.5: the rise is `12·0.1 − 15·0.01 = 1.05` plus
/// `4.5²/60 = 0.3375`, 1.3875 in all (sampled at steps: within 1 %).
#[test]
fn releasing_the_jump_early_cuts_it() {
    let map = floor(10, 8);
    let mut c = spawn(5.0, on(1.0, R));
    let mut reps = vec![c.step(JUMP, HZ60, &map)];
    reps.extend(run(&mut c, HOLD, HZ60, &map, 5));
    reps.extend(run(&mut c, NONE, HZ60, &map, 120));
    let rise = apex(&reps) - on(1.0, R);
    assert!((rise - 1.3875).abs() <= 0.014, "{rise}");
}

// ---------------------------------------------------------------------------------------------
// Frames that are not ordinary.

/// `dt = 0`: nothing moves, nothing happens, nothing becomes NaN — standing, running or in the air.
#[test]
fn a_zero_frame_time_changes_nothing() {
    let map = floor(10, 6);
    for (start, input) in [(on(1.0, R), NONE), (on(1.0, R), RIGHT), (4.0, RIGHT)] {
        let mut c = spawn(5.0, start);
        c.step(input, HZ60, &map); // moving (or falling) already
        let before = (c.position(), c.velocity(), c.grounded());
        let r = c.step(input, 0.0, &map);
        assert_eq!((r.position, r.velocity, r.grounded), before, "{r:?}");
        assert!(r.events.is_empty(), "{r:?}");
    }
}

/// A half-second frame (a stalled game): a jump pressed in it still leaves the ground — the
/// rise over 0.5 s is `12·0.5 − 15·0.25 = 2.25` — and the character comes back down onto the
/// floor in the frames after, never through it.
#[test]
fn a_jump_in_a_half_second_frame_leaves_the_ground() {
    let map = floor(10, 8);
    let mut c = spawn(5.0, on(1.0, R));
    let r = c.step(JUMP, 0.5, &map);
    assert!(r.events.contains(Event::Jumped) && !r.grounded, "{r:?}");
    assert!((r.position[1] - (on(1.0, R) + 2.25)).abs() < 1e-3, "{r:?}");
    let reps = run(&mut c, HOLD, 0.5, &map, 4);
    assert_eq!(count(&reps, Event::Landed), 1);
    assert_eq!(c.position()[1], on(1.0, R));
}

// ---------------------------------------------------------------------------------------------
// Spawning and configuration.

/// Spawned in the middle of a floor three rows thick: the nearest free places up (to `on(3, r)`)
/// and down (under the floor, outside the map: solid by default) are equally far, and the tie goes
/// up, against gravity: the character stands on the floor after its first step, `PushedOut`.
#[test]
fn spawning_inside_rock_comes_out_on_top() {
    let map = level(&["..........", "..........", "##########", "##########", "##########"], 1.0);
    let mut c = spawn(5.0, 1.5);
    let r = c.step(NONE, HZ60, &map);
    assert!(r.events.contains(Event::PushedOut), "{r:?}");
    assert!(r.pushed_out[0] == 0.0 && (r.pushed_out[1] - 1.9).abs() < 1e-5, "up by 3 − 1.5 + r: {r:?}");
    let reps = run(&mut c, NONE, HZ60, &map, 30);
    assert!(reps.iter().all(|r| r.grounded && r.position == [5.0, on(3.0, R)]), "{:?}", reps.last());
}

/// A character spawned standing on the floor has landed nowhere: no `Landed` on its first frame.
#[test]
fn spawning_on_the_floor_is_not_a_landing() {
    let map = floor(10, 4);
    let mut c = spawn(5.0, on(1.0, R));
    let r = c.step(NONE, HZ60, &map);
    assert!(r.grounded && r.events.is_empty(), "{r:?}");
}

/// A configuration that cannot work is refused at once, naming the field: NaN gravity (which
/// would freeze the character), a negative run speed (which would turn the controls around).
#[test]
fn a_broken_config_is_refused_naming_its_field() {
    for (field, config) in [
        ("gravity", Config { gravity: f32::NAN, ..Config::default() }),
        ("run_speed", Config { run_speed: -6.0, ..Config::default() }),
    ] {
        let e = Controller::new([0.0, 0.0], R, config).expect_err(field);
        assert!(e.to_string().contains(field), "{e}");
    }
}

// ---------------------------------------------------------------------------------------------
// Ramps and rotated boxes.

/// A ramp: a long box turned by `degrees`, sunk in a unit-cell floor so that its upper face rises
/// from the floor's top at (4, 1): that face's lower corner, local `(−h.x, h.y)`, is put there, so
/// the centre is `(4, 1) + h.x·x' − h.y·y'` with `x' = (cos, sin)`, `y' = (−sin, cos)`.
struct RampLevel {
    map: TileMap,
    ramp: [OrientedRect; 1],
}

impl RampLevel {
    /// A unit-cell floor (top y = 1) with [`ramp`]`(degrees)` on it.
    fn new(degrees: f32) -> Self {
        RampLevel { map: floor(20, 8), ramp: [ramp(degrees)] }
    }

    fn world(&self) -> WithOriented<'_, TileMap> {
        WithOriented::new(&self.map, &self.ramp, 1000)
    }
}

fn ramp(degrees: f32) -> OrientedRect {
    let (s, c) = (degrees as f64).to_radians().sin_cos();
    let half = [4.0f64, 0.5];
    let centre = [4.0 + half[0] * c + half[1] * s, 1.0 + half[0] * s - half[1] * c];
    OrientedRect::from_degrees([centre[0] as f32, centre[1] as f32], [4.0, 0.5], degrees).expect("valid")
}

/// A 45° ramp is the steepest walkable slope (Godot's `floor_max_angle` and Rapier's
/// `max_slope_climb_angle` default, inclusive): the character runs up it, standing on its face
/// (ground normal `(−sin 45°, cos 45°)`), and climbs more than a unit.
#[test]
fn a_45_degree_ramp_is_walked_up() {
    let level = RampLevel::new(45.0);
    let world = level.world();
    let mut c = spawn(2.0, on(1.0, R));
    let reps = run(&mut c, RIGHT, HZ60, &world, 50);
    let last = reps.last().unwrap();
    assert!(last.grounded && last.position[1] > on(1.0, R) + 1.0, "{last:?}");
    let n = last.ground_normal;
    assert!((n[0] + 0.70710677).abs() < 1e-5 && (n[1] - 0.70710677).abs() < 1e-5, "{n:?}");
}

/// A 46° ramp is a wall: the character runs into it and does not get up it (its centre never
/// rises above the foot of the face by more than its radius).
#[test]
fn a_46_degree_ramp_is_a_wall() {
    let level = RampLevel::new(46.0);
    let world = level.world();
    let mut c = spawn(2.0, on(1.0, R));
    let reps = run(&mut c, RIGHT, HZ60, &world, 120);
    assert!(apex(&reps) < on(1.0, R) + R, "{}", apex(&reps));
    assert!(reps.last().unwrap().position[0] < 4.5);
}

/// Standing still on a 30° ramp: the character stays put (no gravity on the ground, no slide),
/// 10 s of frames, not an ulp of drift.
#[test]
fn standing_on_a_30_degree_ramp_does_not_drift() {
    let level = RampLevel::new(30.0);
    let world = level.world();
    let mut c = spawn(2.0, on(1.0, R));
    run(&mut c, RIGHT, HZ60, &world, 40);
    run(&mut c, NONE, HZ60, &world, 30); // come to a stop
    let rest = c.position();
    assert!(c.grounded() && rest[1] > on(1.0, R) + 0.5, "on the ramp: {rest:?}");
    let reps = run(&mut c, NONE, HZ60, &world, 600);
    assert!(reps.iter().all(|r| r.position == rest && r.grounded), "{:?}", reps.last());
}

/// The first report against step-up (issue 36): a step 0.25 high written as a turned box of 0°
/// is the aligned box it is, so it is stepped up exactly as the aligned box: the same reports,
/// frame for frame, with one `SteppedUp`, ending on its top (`on(0.25, r)`).
#[test]
fn a_step_as_a_zero_degree_rotated_box_is_stepped_up_like_an_aligned_one() {
    let ground = Rect::new([-10.0, -1.0], [30.0, 0.0]).unwrap();
    let step = Rect::new([5.0, 0.0], [30.0, 0.25]).unwrap();
    let turned = OrientedRect::from_degrees(step.center(), step.half_extents(), 0.0).unwrap();
    let aligned = BoxList::new(vec![ground, step]);
    let mixed = BoxList::mixed(vec![Collider::Aligned(ground), Collider::Oriented(turned)]);
    let mut a = spawn(2.0, on(0.0, R));
    let mut b = a.clone();
    let ra = run(&mut a, RIGHT, HZ60, &aligned, 90);
    let rb = run(&mut b, RIGHT, HZ60, &mixed, 90);
    assert_eq!(ra, rb);
    assert_eq!(count(&ra, Event::SteppedUp), 1);
    assert_eq!(a.position()[1], on(0.25, R));
}

// ---------------------------------------------------------------------------------------------
// Faults a soak of the controller finds (issue 36): contacts must never add speed.

/// Falling onto the corner of a block where the corner's normal is steeper than the walkable
/// slope (a wall): the contact may only take speed away, so no step ends faster than the one before
/// plus what gravity adds in it (`g·dt`), whatever the offset from the corner.
#[test]
fn a_steep_corner_landed_on_adds_no_speed() {
    let map = level(
        &[
            "....................",
            "....................",
            "....................",
            "..........##########",
            "####################",
        ],
        1.0,
    );
    let g = Config::default().gravity;
    for k in 0..400 {
        // Centres from just left of the corner (10, 2) outward: normals from vertical to flat.
        let x = 10.0 - 0.001 * k as f32;
        let mut c = spawn(x, 4.0);
        let mut speed = 0.0f32;
        for frame in 0..60 {
            let r = c.step(NONE, HZ60, &map);
            let now = r.velocity[0].hypot(r.velocity[1]);
            assert!(now <= speed + g * HZ60 + 1e-4, "x0 {x}, frame {frame}: {speed} → {now}, {r:?}");
            speed = now;
        }
        assert!(c.grounded(), "x0 {x}: not stuck on the corner: {:?}", c.position());
    }
}

/// A step-up whose way up meets a corner above (a ceiling block over the ledge's edge, at heights
/// and offsets from touching the head on the step to well clear of it): at a slow run (0.5 u/s,
/// 1/120 u a frame) no frame carries the character sideways by more than its run step.
#[test]
fn a_step_up_under_a_corner_carries_nothing_sideways() {
    let run_speed = 0.5;
    let config = Config { run_speed, run_accel: f32::INFINITY, ..Config::default() };
    let ground = Rect::new([-10.0, -1.0], [30.0, 0.0]).unwrap();
    let step = Rect::new([5.0, 0.0], [30.0, 0.5]).unwrap();
    let (mut stepped, mut blocked) = (0, 0);
    for i in 0..24 {
        for j in 0..30 {
            let (left, under) = (4.5 + 0.04 * i as f32, 0.85 + 0.025 * j as f32);
            let ceiling = Rect::new([left, under], [30.0, under + 2.0]).unwrap();
            let world = BoxList::new(vec![ground, step, ceiling]);
            let mut c = Controller::new([4.0, on(0.0, R)], R, config).unwrap();
            let mut x = c.position()[0];
            let mut up = false;
            for frame in 0..150 {
                let r = c.step(RIGHT, HZ60, &world);
                let dx = r.position[0] - x;
                assert!(
                    dx <= run_speed * HZ60 * 1.001 + 1e-5,
                    "ceiling {left}, {under}; frame {frame}: dx {dx}, {r:?}"
                );
                x = r.position[0];
                up |= r.events.contains(Event::SteppedUp);
            }
            (stepped, blocked) = (stepped + up as usize, blocked + !up as usize);
        }
    }
    // Both kinds happen: ceilings high enough to step up under, and ones that stop the climb.
    assert!(stepped > 50 && blocked > 50, "{stepped} stepped up, {blocked} blocked");
}

/// The flat foot (a box character's support, kept for the ball): a gap no wider than the
/// character (one cell, r = 0.5) is run over at one height, grounded throughout.
#[test]
fn a_gap_no_wider_than_the_character_is_run_over() {
    let map = level(&["....................", "##########.#########", "##########.#########"], 1.0);
    let mut c = Controller::new([7.5, 2.5], 0.5, Config::default()).unwrap();
    let reps = run(&mut c, RIGHT, HZ60, &map, 90);
    assert!(reps.iter().all(|r| r.grounded && r.position[1] == 2.5), "one height");
    assert!(c.position()[0] > 12.0);
}

/// A head bump under a low ceiling (a corridor one cell high, r = 0.3: the head 0.4 under the
/// ceiling): `HitCeiling` on the step the head reaches it, touching it (`y = 2 − r`), then it falls
/// back and lands where it started.
#[test]
fn a_head_bump_under_a_low_ceiling_falls_back() {
    let map = level(&["##########", "..........", "##########"], 1.0); // floor top 1, ceiling 2
    let mut c = Controller::new([5.0, on(1.0, 0.3)], 0.3, Config::default()).unwrap();
    let mut reps = vec![c.step(JUMP, HZ60, &map)];
    reps.extend(run(&mut c, HOLD, HZ60, &map, 60));
    let hit = first(&reps, Event::HitCeiling).expect("the head bumps");
    assert_eq!(reps[hit].position[1], 2.0 - 0.3);
    assert_eq!(count(&reps, Event::Landed), 1);
    assert_eq!(c.position(), [5.0, on(1.0, 0.3)]);
}

// ---------------------------------------------------------------------------------------------
// Moving platforms (rapier #747, Godot #49497 / PR #111145, Godot #9399) and crushing (s&box #4531):
// the boxes move first in a frame, then the character steps (see `Movers`).

/// One frame: the moving boxes advance by `dt`, then the character steps through the level and
/// them as one world.
fn frame(c: &mut Controller, movers: &mut Movers, map: &TileMap, input: Input, dt: f32) -> Report {
    movers.advance(dt);
    c.step(input, dt, &Layered::new(map, movers))
}

fn frames(c: &mut Controller, movers: &mut Movers, map: &TileMap, input: Input, dt: f32, n: usize) -> Vec<Report> {
    (0..n).map(|_| frame(c, movers, map, input, dt)).collect()
}

fn rect(lo: [f32; 2], hi: [f32; 2]) -> Rect {
    Rect::new(lo, hi).unwrap()
}

/// rapier #747 ("moving platforms for the character controller"): a platform 4 wide moving right
/// at 2 u/s carries a character standing still on it: after 1 s (60 frames) it has moved 2 with it
/// (x 4 → 6), at the platform's standing height every frame, grounded and `Carried` every frame.
#[test]
fn rapier_747_a_platform_moving_sideways_carries_its_rider() {
    let map = floor(30, 8);
    let mut movers = Movers::new(vec![Mover::new(rect([2.0, 4.0], [6.0, 4.5]), Path::Velocity([2.0, 0.0]))]).unwrap();
    let mut c = spawn(4.0, on(4.5, R));
    let reps = frames(&mut c, &mut movers, &map, NONE, HZ60, 60);
    assert!(reps.iter().all(|r| r.grounded && r.position[1] == on(4.5, R)), "on the platform throughout");
    assert_eq!(count(&reps, Event::Carried), 60);
    assert!((c.position()[0] - 6.0).abs() < 1e-5, "{:?}", c.position());
}

/// rapier #747: a lift (a platform going up 3 and back down at 1.5 u/s: 2 s each way) carries its
/// rider up and down glued to it: grounded every frame, never `LeftGround` or `Landed`, its centre
/// at the lift's top + r every frame, up to `on(4.5)` and back to `on(1.5)` after 4 s.
#[test]
fn rapier_747_a_lift_carries_its_rider_up_and_down() {
    let map = floor(12, 8);
    let lift =
        Mover::new(rect([3.0, 1.0], [5.0, 1.5]), Path::PingPong { points: vec![[0.0, 0.0], [0.0, 3.0]], speed: 1.5 });
    let mut movers = Movers::new(vec![lift]).unwrap();
    let mut c = spawn(4.0, on(1.5, R));
    let mut highest = 0.0f32;
    for _ in 0..240 {
        let r = frame(&mut c, &mut movers, &map, NONE, HZ60);
        let top = movers.rect(0).max()[1];
        assert!(r.grounded && r.position[1] == on(top, R), "{r:?} on a top at {top}");
        assert!(!r.events.contains(Event::LeftGround) && !r.events.contains(Event::Landed));
        highest = highest.max(r.position[1]);
    }
    assert!((highest - on(4.5, R)).abs() < 1e-5 && (c.position()[1] - on(1.5, R)).abs() < 1e-5);
    assert!((c.position()[0] - 4.0).abs() < 1e-6);
}

/// Godot #9399 ("rider falls through a one-way platform moving up"): the same lift as a one-way
/// platform: its rider is carried up (not left behind inside it and dropped), the same as on the
/// solid lift.
#[test]
fn godot_9399_a_one_way_lift_moving_up_keeps_its_rider() {
    let map = floor(12, 8);
    let lift =
        Mover::new(rect([3.0, 1.0], [5.0, 1.5]), Path::PingPong { points: vec![[0.0, 0.0], [0.0, 3.0]], speed: 1.5 })
            .one_way();
    let mut movers = Movers::new(vec![lift]).unwrap();
    let mut c = spawn(4.0, on(1.5, R));
    let reps = frames(&mut c, &mut movers, &map, NONE, HZ60, 120);
    assert!(reps.iter().all(|r| r.grounded), "never falls through");
    assert!((c.position()[1] - on(4.5, R)).abs() < 1e-5, "{:?}", c.position());
}

/// Godot #9399, the other way in: a one-way platform rising at 3 u/s under a character whose
/// feet are 0.02 above its top: in the first frame the top rises 0.05, past the feet. The
/// character is caught (it lands on the platform, `Landed` in that frame) and is then carried
/// up: after 1 s it stands on the top, 3 higher.
#[test]
fn godot_9399_a_rising_one_way_platform_catches_a_character_above_it() {
    let map = floor(12, 10);
    let platform = Mover::new(rect([2.0, 2.0], [6.0, 2.5]), Path::Velocity([0.0, 3.0])).one_way();
    let mut movers = Movers::new(vec![platform]).unwrap();
    let mut c = spawn(4.0, 2.5 + 0.02 + R);
    let reps = frames(&mut c, &mut movers, &map, NONE, HZ60, 60);
    assert_eq!(first(&reps, Event::Landed), Some(0));
    assert!(reps.iter().all(|r| r.grounded), "caught, then carried");
    assert!((c.position()[1] - on(5.5, R)).abs() < 1e-5, "{:?}", c.position());
}

/// Godot #49497 and PR #111145 (stacked riders): a platform riding on a platform — the lower one
/// moving right at 1 u/s, the upper one going up 1 on it at 1 u/s — carries its rider by both:
/// after 1 s the rider is 1 to the right and 1 higher, standing on the upper platform's top (to
/// the rounding of 60 `f32` additions of a carry near 1/60: 10⁻⁴).
#[test]
fn godot_49497_a_platform_on_a_platform_carries_by_both() {
    let map = floor(20, 10);
    let base = Mover::new(rect([0.0, 2.0], [8.0, 2.5]), Path::Velocity([1.0, 0.0]));
    let upper =
        Mover::new(rect([3.0, 2.5], [5.0, 3.0]), Path::PingPong { points: vec![[0.0, 0.0], [0.0, 1.0]], speed: 1.0 })
            .riding(0);
    let mut movers = Movers::new(vec![base, upper]).unwrap();
    let mut c = spawn(4.0, on(3.0, R));
    let reps = frames(&mut c, &mut movers, &map, NONE, HZ60, 60);
    assert!(reps.iter().all(|r| r.grounded && r.events.contains(Event::Carried)));
    assert!((c.position()[0] - 5.0).abs() < 1e-4 && (c.position()[1] - on(4.0, R)).abs() < 1e-5, "{:?}", c.position());
}

/// A moving wall pushes the character: a block 2 high moving right at 3 u/s meets a character
/// standing in the open; from then on the character is pushed ahead of it, each frame touching the
/// block's face (x = face + r within the tolerance), `PushedOut`, never `Crushed`.
#[test]
fn a_moving_wall_pushes_the_character_ahead_of_it() {
    let map = floor(40, 8);
    let pusher = Mover::new(rect([1.0, 1.0], [2.0, 3.0]), Path::Velocity([3.0, 0.0]));
    let mut movers = Movers::new(vec![pusher]).unwrap();
    let mut c = spawn(5.0, on(1.0, R));
    let reps = frames(&mut c, &mut movers, &map, NONE, HZ60, 120);
    assert_eq!(count(&reps, Event::Crushed), 0);
    let met = first(&reps, Event::PushedOut).expect("the wall reaches the character");
    // The face starts at 2 and moves 0.05 a frame; it reaches the ball's left side (4.6) in frame 52.
    assert_eq!(met, 52);
    for r in &reps[met..] {
        assert!(r.grounded && r.position[1] == on(1.0, R));
    }
    let face = movers.rect(0).max()[0];
    assert!((c.position()[0] - (face + R)).abs() < 1e-4, "{:?} against a face at {face}", c.position());
}

/// s&box #4531 ("player clips through when crushed between a moving object and a wall"): a block
/// moving right at 3 u/s pushes a character into a wall at x = 10 (the character's centre there is
/// 9.6). The first frame the block's face passes 10 − 2r = 9.2 (frame 125: face 9.25) there is no
/// room: `Crushed`, once. The outcome (the nearest free position, the block keeping to its path):
/// squeezed out behind the block, whose back is then at 8.25 — the character stands at 8.25 − r,
/// on the floor (up on top of the block, 2.0 away, is farther than behind it, 1.75).
#[test]
fn s_box_4531_crushed_between_a_moving_box_and_a_wall() {
    let mut rows = vec!["..........#.."; 6];
    rows.push("#############");
    let map = level(&rows, 1.0);
    let pusher =
        Mover::new(rect([2.0, 1.0], [3.0, 3.0]), Path::PingPong { points: vec![[0.0, 0.0], [6.5, 0.0]], speed: 3.0 });
    let mut movers = Movers::new(vec![pusher]).unwrap();
    let mut c = spawn(8.0, on(1.0, R));
    let reps = frames(&mut c, &mut movers, &map, NONE, HZ60, 126);
    assert_eq!(count(&reps, Event::Crushed), 1);
    assert_eq!(first(&reps, Event::Crushed), Some(124), "frame 125, the 125th");
    assert!((reps[123].position[0] - 9.6).abs() < 1e-4, "against the wall before: {:?}", reps[123]);
    let out = reps[124];
    assert!((out.position[0] - (8.25 - R)).abs() < 1e-4 && out.position[1] == on(1.0, R), "{out:?}");
}

/// One world of layers (the first complaint): a half-tile step as a box beside a tile
/// floor (a tile map has whole cells only) is stepped up like a tile ledge: one `SteppedUp`, then
/// standing on it at `on(1.25)`.
#[test]
fn a_half_tile_step_as_a_box_over_a_tile_floor_is_stepped_up() {
    let map = floor(20, 4);
    let step = BoxList::new(vec![rect([8.0, 1.0], [20.0, 1.25])]);
    let world = Layered::new(&map, &step);
    let mut c = spawn(5.0, on(1.0, R));
    let reps = run(&mut c, RIGHT, HZ60, &world, 60);
    assert_eq!(count(&reps, Event::SteppedUp), 1);
    assert!(c.grounded() && c.position()[1] == on(1.25, R) && c.position()[0] > 9.0, "{:?}", c.position());
}

/// rapier #502 with Godot #9399's moving platform: down + jump on a one-way platform that is rising
/// (1 u/s) drops through it — the platform's top has moved since the character landed, and the
/// drop is through the top where it is now — onto the floor below (top 1), standing at `on(1)`.
#[test]
fn down_and_jump_drops_through_a_moving_one_way_platform() {
    let map = floor(12, 8);
    let platform =
        Mover::new(rect([2.0, 3.5], [6.0, 4.0]), Path::PingPong { points: vec![[0.0, 0.0], [0.0, 2.0]], speed: 1.0 })
            .one_way();
    let mut movers = Movers::new(vec![platform]).unwrap();
    let mut c = spawn(4.0, on(4.0, R));
    let riding = frames(&mut c, &mut movers, &map, NONE, HZ60, 10);
    assert!(riding.iter().all(|r| r.grounded && r.events.contains(Event::Carried)));
    let drop = Input { down: true, ..JUMP };
    let mut reps = vec![frame(&mut c, &mut movers, &map, drop, HZ60)];
    reps.extend(frames(&mut c, &mut movers, &map, NONE, HZ60, 90));
    assert_eq!((count(&reps, Event::DroppedThrough), count(&reps, Event::Jumped)), (1, 0));
    assert_eq!(count(&reps, Event::Landed), 1);
    assert_eq!(c.position(), [4.0, on(1.0, R)]);
}
