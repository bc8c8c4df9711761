//! The character controller: runs, steps down and up, jumps (held and cut), coyote time, the jump
//! buffer, one-way platforms (up through, drop through) and ceilings, on small ASCII levels.
//! Expected heights are hand arithmetic written next to the case (dyadic numbers where a value is
//! compared exactly), or properties (never ungrounded, one height throughout); never copied from
//! the output.

use ball_aabb::controller::{Config, Controller, Event, Input, Report};
use ball_aabb::world::TileMap;

const DT: f32 = 1.0 / 60.0;

/// A level from rows, top line highest.
fn level(rows: &[&str], cell: f32) -> TileMap {
    TileMap::from_ascii(&rows.join("\n"), cell).unwrap()
}

/// `n` steps with the same input; the reports.
fn steps(c: &mut Controller, input: Input, dt: f32, world: &TileMap, n: usize) -> Vec<Report> {
    (0..n).map(|_| c.step(input, dt, world)).collect()
}

/// The first report holding `e`, by index.
fn first(reports: &[Report], e: Event) -> Option<usize> {
    reports.iter().position(|r| r.events.contains(e))
}

/// The centre height of a ball of radius `r` standing on a top at `top`: the lowest f32 whose ball
/// reaches down to the top and not below it in exact arithmetic (`top + r` in f32, one ulp up when
/// rounding to nearest would sink the ball a fraction of an ulp into the top).
fn on(top: f32, r: f32) -> f32 {
    let mut y = top + r;
    while (y as f64) - (r as f64) < top as f64 {
        y = y.next_up();
    }
    y
}

fn count(reports: &[Report], e: Event) -> usize {
    reports.iter().filter(|r| r.events.contains(e)).count()
}

const RIGHT: Input = Input { x: 1.0, jump_pressed: false, jump_held: false, down: false };
const LEFT: Input = Input { x: -1.0, jump_pressed: false, jump_held: false, down: false };
const NONE: Input = Input { x: 0.0, jump_pressed: false, jump_held: false, down: false };
const JUMP: Input = Input { x: 0.0, jump_pressed: true, jump_held: true, down: false };
const HOLD: Input = Input { x: 0.0, jump_pressed: false, jump_held: true, down: false };

// ---------------------------------------------------------------------------------------------
// Running on the ground.

/// A flush floor of 400 tiles of 0.7 (not dyadic), a ball of radius 0.33 at 60 Hz running at
/// 5.3 u/s: 3,000 frames right, then 3,000 left. The floor's top is the f32 nearest 0.7 and the
/// centre starts at `top + r` in f32: every frame must keep exactly that height, stay grounded with
/// the normal (0, 1), touch no wall, and (after the first frame, which finds the ground) report no
/// event. Once up to speed the velocity is exactly (±5.3, 0): acceleration stops at the asked speed.
/// 3,000 frames at 5.3/60 are 265 u, within the floor's 280 u.
#[test]
fn controller_runs_on_a_flush_floor_at_one_height() {
    let row: String = "#".repeat(400);
    let map = level(&[&".".repeat(400), &".".repeat(400), &row], 0.7);
    let top = 0.7f32;
    let (r, x0) = (0.33f32, 3.1f32);
    let y = on(top, r);
    let cfg = Config { run_speed: 5.3, ..Config::default() };
    let mut c = Controller::new([x0, y], r, cfg).unwrap();
    let mut last_x = x0;
    for (k, input) in (0..6000).map(|k| (k, if k < 3000 { RIGHT } else { LEFT })) {
        let rep = c.step(input, DT, &map);
        assert_eq!(rep.position[1], y, "frame {k}: {rep:?}");
        assert!(rep.grounded && rep.ground_normal == [0.0, 1.0], "frame {k}: {rep:?}");
        assert!(!rep.on_wall && !rep.on_ceiling, "frame {k}: {rep:?}");
        // Spawned standing: no event at all, frame 0 included (no Landed for a spawn).
        assert_eq!(rep.events.iter().collect::<Vec<_>>(), [], "frame {k}");
        // Moving the way it is asked, once the turn (at 60 u/s², 10.6 u/s of change: 11 frames) is over.
        if (20..3000).contains(&k) {
            assert!(rep.position[0] > last_x && rep.velocity == [5.3, 0.0], "frame {k}: {rep:?}");
        }
        if k >= 3020 {
            assert!(rep.position[0] < last_x && rep.velocity == [-5.3, 0.0], "frame {k}: {rep:?}");
        }
        last_x = rep.position[0];
    }
}

/// Running down a step half a unit high (cells of 0.5, r = 0.4, the default snap distance 0.5):
/// the upper floor (top y = 1) ends at x = 5, the lower one (top y = 0.5) goes on. The character
/// stands on the flat foot while any of its width is over the upper floor (x − 0.4 ≤ 5), then the
/// snap takes it straight down by the step: centre from on(1, 0.4) to on(0.5, 0.4), in one frame,
/// with a snap event and never in the air — a stair is walked down, glued to it.
#[test]
fn controller_walks_down_a_half_unit_step() {
    let map = level(&["....................", "##########..........", "####################"], 0.5);
    let mut c = Controller::new([2.5, on(1.0, 0.4)], 0.4, Config::default()).unwrap();
    let reps = steps(&mut c, RIGHT, DT, &map, 60); // 6 u at most: still on the map (10 u wide)
    let air: Vec<_> = reps.iter().enumerate().filter(|(_, r)| !r.grounded).take(3).collect();
    assert!(air.is_empty(), "never in the air: {air:?}");
    assert_eq!((count(&reps, Event::SnappedDown), count(&reps, Event::LeftGround)), (1, 0));
    assert_eq!(count(&reps, Event::Landed), 0, "spawned standing: never a landing");
    let k = first(&reps, Event::SnappedDown).unwrap();
    let (before, after) = (reps[k - 1].position, reps[k].position);
    assert_eq!((before[1], after[1]), (on(1.0, 0.4), on(0.5, 0.4)));
    assert!(before[0] - 0.4 <= 5.0 && after[0] - 0.4 > 5.0, "{before:?} → {after:?}");
    assert!(reps[..k].iter().all(|r| r.position[1] == on(1.0, 0.4)));
    assert!(reps[k..].iter().all(|r| r.position[1] == on(0.5, 0.4)));
}

/// Walking off a ledge one whole unit high (a unit-cell level, r = 0.4, the defaults): deeper than
/// the snap distance (0.5), so it is a fall, not a teleport. Once the flat foot is past the edge
/// (x − 0.4 > 10) the character leaves the ground (`LeftGround`, once), falls in an arc — each
/// frame's drop larger than the last, the running speed kept — and lands on the lower floor
/// (`Landed`, once) after √(2·1/30) ≈ 0.258 s, 15 or 16 frames at 60 Hz, about 6 · 0.258 ≈ 1.55
/// further right. Never a `SnappedDown`. And a jump pressed 3 frames after leaving the ground
/// (0.05 s, within the 0.1 s coyote time) still jumps off that ledge.
#[test]
fn controller_walks_off_a_one_unit_ledge_in_an_arc() {
    let map = level(&["....................", "##########..........", "####################"], 1.0);
    let mut c = Controller::new([5.5, on(2.0, 0.4)], 0.4, Config::default()).unwrap();
    let reps = steps(&mut c, RIGHT, DT, &map, 120);
    assert_eq!(count(&reps, Event::SnappedDown), 0, "never a snap down a whole unit");
    assert_eq!((count(&reps, Event::LeftGround), count(&reps, Event::Landed)), (1, 1));
    let (left, landed) = (first(&reps, Event::LeftGround).unwrap(), first(&reps, Event::Landed).unwrap());
    assert!(reps[left].position[0] - 0.4 > 10.0 && reps[left - 1].position[0] - 0.4 <= 10.0);
    assert!((15..=16).contains(&(landed - left)), "{} frames in the air", landed - left);
    let air: Vec<f32> = reps[left - 1..=landed].iter().map(|r| r.position[1]).collect();
    let drops: Vec<f32> = air.windows(2).map(|w| w[0] - w[1]).collect();
    assert!(drops[..drops.len() - 1].windows(2).all(|d| d[1] > d[0]), "an arc: {drops:?}");
    assert!(drops.iter().all(|&d| d < 0.3), "no frame teleports: {drops:?}");
    assert!(reps[left..landed].iter().all(|r| !r.grounded && r.velocity[0] == 6.0));
    assert_eq!(reps[landed].position[1], on(1.0, 0.4));
    // At the run speed all the way: 0.1 a frame.
    let dx = reps[landed].position[0] - reps[left - 1].position[0];
    assert!((dx - 0.1 * (landed - left + 1) as f32).abs() < 1e-4, "{dx}");

    // Coyote: the same run, a jump 3 frames after leaving the ground.
    let mut c = Controller::new([5.5, on(2.0, 0.4)], 0.4, Config::default()).unwrap();
    steps(&mut c, RIGHT, DT, &map, left + 1);
    steps(&mut c, RIGHT, DT, &map, 2);
    let jump = Input { jump_pressed: true, jump_held: true, ..RIGHT };
    let rep = c.step(jump, DT, &map);
    assert!(rep.events.contains(Event::Jumped) && rep.velocity[1] > 0.0, "{rep:?}");
}

/// Over a one-cell gap (a pit) with a ball of radius 0.5, exactly half a cell: its flat foot
/// always has a floor under some of its width (touching ends count), so it crosses at one height
/// (1 + 0.5), grounded throughout, and no snap is needed. The same pit with the snap off and a
/// ball of radius 0.4 (narrower than the gap) drops in: it leaves the ground.
#[test]
fn controller_runs_over_a_one_cell_gap() {
    let map = level(&["....................", "##########.#########", "##########.#########"], 1.0);
    let mut c = Controller::new([7.5, 2.5], 0.5, Config::default()).unwrap();
    let reps = steps(&mut c, RIGHT, DT, &map, 120);
    assert!(reps.iter().all(|r| r.grounded && r.position[1] == 2.5), "one height, never in the air");
    assert!(reps.last().unwrap().position[0] > 12.0, "it crossed");
    assert_eq!(count(&reps, Event::SnappedDown), 0);

    let cfg = Config { snap_distance: 0.0, run_speed: 1.0, ..Config::default() };
    let mut c = Controller::new([9.0, 2.4], 0.4, cfg).unwrap();
    let reps = steps(&mut c, RIGHT, DT, &map, 120);
    assert_eq!(count(&reps, Event::LeftGround), 1, "over the gap's middle it has nothing under it");
}

/// Walking up a ledge one cell high (cell 0.5, so 0.5 u, the default max step height) with a ball
/// of radius 0.4: one step-up event, grounded every frame, from centre 0.5 + 0.4 to 1.0 + 0.4,
/// never blocked. A ledge two cells high (1 u) is a wall: no step-up, the character stops against
/// it (centre at the wall's x − r = 5 − 0.4 = 4.6), its speed toward it removed.
#[test]
fn controller_steps_up_a_ledge_but_not_a_wall() {
    let map = level(
        &["..............................", "..........####################", "##############################"],
        0.5,
    );
    let mut c = Controller::new([1.0, 0.9], 0.4, Config::default()).unwrap();
    let reps = steps(&mut c, RIGHT, DT, &map, 120);
    assert!(reps.iter().all(|r| r.grounded && !r.on_wall), "never in the air, never blocked");
    assert_eq!(count(&reps, Event::SteppedUp), 1);
    let k = first(&reps, Event::SteppedUp).unwrap();
    assert_eq!((reps[k - 1].position[1], reps[k].position[1]), (on(0.5, 0.4), on(1.0, 0.4)));
    assert!(reps[k..].iter().all(|r| r.position[1] == on(1.0, 0.4)));
    assert!(reps.last().unwrap().position[0] > 8.0);

    let wall = level(
        &[
            "..............................",
            "..........####################",
            "..........####################",
            "##############################",
        ],
        0.5,
    );
    let mut c = Controller::new([1.0, 0.9], 0.4, Config::default()).unwrap();
    let reps = steps(&mut c, RIGHT, DT, &wall, 120);
    assert_eq!(count(&reps, Event::SteppedUp), 0);
    let last = reps.last().unwrap();
    assert!(last.on_wall && last.wall_normal == [-1.0, 0.0], "{last:?}");
    assert!((last.position[0] - 4.6).abs() < 1e-5 && last.position[1] == on(0.5, 0.4), "{last:?}");
    assert!(last.velocity[0] < 1.5, "the wall takes the speed: {last:?}"); // 1 u/s from one frame's accel
    assert!(reps.iter().all(|r| r.grounded));
}

// ---------------------------------------------------------------------------------------------
// Jumps.

/// A ball of radius 0.5 on a floor (centre y0 = 1.5), dt = 1/64, gravity 32, jump speed 8, cut 0.5:
/// every number dyadic, so heights compare exactly. Each step in the air: v ← v − 32/64 = v − 0.5,
/// and y rises by the mean of the old and new v over the step (gravity integrated exactly), the
/// jump's own step included: (8 + 7.5)/2/64 = 7.75/64. Held: the parabola 8t − 16t², whose apex
/// t = 1/4 is step 16: rise 1. Tapped (held for the jump's step only): 7.75/64, then v = 7.5 is cut
/// to 3.75 and falls to 3.25 (rise 3.5/64), then 3.25 → 2.75 … 0.25 → −0.25 (rises 3, 2.5, 2, 1.5,
/// 1, 0.5, 0 /64): peak 21.75/64 = 0.33984375. Both come back down to exactly 1.5 and land.
#[test]
fn controller_jump_height_depends_on_how_long_it_is_held() {
    let map = level(&["....", "....", "....", "####"], 1.0);
    let cfg = Config { gravity: 32.0, jump_speed: 8.0, jump_cut: 0.5, ..Config::default() };
    let dt = 1.0 / 64.0;
    for (held_steps, rise) in [(40, 1.0f32), (1, 0.33984375)] {
        let mut c = Controller::new([2.0, 1.5], 0.5, cfg).unwrap();
        assert!(c.step(NONE, dt, &map).grounded);
        let mut reps = vec![c.step(JUMP, dt, &map)];
        reps.extend((1..80).map(|k| c.step(if k < held_steps { HOLD } else { NONE }, dt, &map)));
        assert!(reps[0].events.contains(Event::Jumped) && reps[0].events.contains(Event::LeftGround));
        assert_eq!(reps[0].position[1], 1.5 + 7.75 / 64.0);
        let peak = reps.iter().map(|r| r.position[1]).fold(f32::MIN, f32::max);
        assert_eq!(peak, 1.5 + rise, "held {held_steps}");
        let land = first(&reps, Event::Landed).expect("it lands");
        assert_eq!(reps[land].position[1], 1.5);
        assert!(reps[land..].iter().all(|r| r.grounded && r.velocity == [0.0, 0.0]));
    }
}

/// Coyote time (0.1 s at 60 Hz): a ball runs off a ledge over a deep pit with the snap off, and
/// leaves the ground at frame k. A jump pressed 3 frames later (0.05 s) still happens; one pressed
/// 9 frames later (0.15 s) does not, and the ball goes on falling.
#[test]
fn controller_coyote_jump_within_the_window_only() {
    let map = level(&[&".".repeat(30), &".".repeat(30), &format!("{}{}", "#".repeat(10), ".".repeat(20))], 1.0);
    let cfg = Config { snap_distance: 0.0, ..Config::default() };
    let mut c = Controller::new([8.0, 1.4], 0.4, cfg).unwrap();
    let mut left = None;
    for _ in 0..60 {
        let rep = c.step(RIGHT, DT, &map);
        if rep.events.contains(Event::LeftGround) {
            left = Some(rep);
            break;
        }
    }
    let left = left.expect("it runs off the ledge");
    assert!(left.position[0] - 0.4 > 10.0, "the whole width past the edge: {left:?}");
    for (wait, allowed) in [(3, true), (9, false)] {
        let mut k = c.clone();
        for _ in 1..wait {
            assert!(!k.step(RIGHT, DT, &map).events.contains(Event::Jumped));
        }
        let rep = k.step(Input { jump_pressed: true, jump_held: true, ..RIGHT }, DT, &map);
        assert_eq!(rep.events.contains(Event::Jumped), allowed, "{wait} frames late: {rep:?}");
        assert_eq!(rep.velocity[1] > 0.0, allowed, "{rep:?}");
    }
}

/// The jump buffer (0.1 s at 60 Hz): a ball falls onto the floor and lands at frame L (found by a
/// run without jumping). Jump pressed at L − 2 (then held): on the step after landing, 3 steps after
/// the press (0.05 s), the jump happens. Pressed at L − 8 (9 steps, 0.15 s, before): nothing.
#[test]
fn controller_buffered_jump_fires_on_landing() {
    let map = level(&["....", "....", "....", "....", "....", "####"], 1.0);
    let start = || Controller::new([2.0, 4.0], 0.4, Config::default()).unwrap();
    let reps = steps(&mut start(), NONE, DT, &map, 120);
    let land = first(&reps, Event::Landed).unwrap();
    assert!(land > 10 && reps[land].position[1] == on(1.0, 0.4), "falls 2.6 u, lands: frame {land}");
    for (early, fires) in [(2, true), (8, false)] {
        let mut c = start();
        let mut reps = Vec::new();
        for k in 0..land + 3 {
            let input = if k < land - early { NONE } else { Input { jump_pressed: k == land - early, ..HOLD } };
            reps.push(c.step(input, DT, &map));
        }
        assert!(reps[land].events.contains(Event::Landed) && !reps[land].events.contains(Event::Jumped));
        assert_eq!(reps[land + 1].events.contains(Event::Jumped), fires, "pressed {early} frames before");
        assert_eq!(count(&reps, Event::Jumped), usize::from(fires));
    }
}

// ---------------------------------------------------------------------------------------------
// One-way platforms and ceilings.

/// A one-way platform (row 3, top y = 4) above the floor (top 1): a ball of radius 0.4 jumps
/// straight up from under it with jump speed 15 (v²/2g = 225/60 = 3.75 u: its feet rise from 1 to
/// about 4.7, above the top). It passes up through the platform (no ceiling) and lands on it, on
/// top (centre on(4, 0.4)), grounded. Down alone does nothing; down + jump drops through it, and it
/// lands on the floor again (centre on(1, 0.4)).
#[test]
fn controller_one_way_platform_up_through_and_drop_through() {
    let map = level(&["........", "........", "........", "..----..", "........", "........", "########"], 1.0);
    let cfg = Config { jump_speed: 15.0, ..Config::default() };
    let mut c = Controller::new([4.0, 1.4], 0.4, cfg).unwrap();
    c.step(NONE, DT, &map);
    let mut reps = vec![c.step(JUMP, DT, &map)];
    reps.extend(steps(&mut c, HOLD, DT, &map, 90));
    assert!(reps.iter().all(|r| !r.on_ceiling), "the platform does not stop it from below");
    let land = first(&reps, Event::Landed).expect("lands");
    let peak = reps.iter().map(|r| r.position[1]).fold(f32::MIN, f32::max);
    assert!(peak - 0.4 > 4.0, "its feet cleared the top: peak {peak}");
    assert_eq!(reps[land].position[1], on(4.0, 0.4));
    assert!(reps[land..].iter().all(|r| r.grounded && r.position[1] == on(4.0, 0.4)));

    let down = Input { down: true, ..NONE };
    assert!(steps(&mut c, down, DT, &map, 30).iter().all(|r| r.grounded && r.position[1] == on(4.0, 0.4)));
    let rep = c.step(Input { down: true, jump_pressed: true, jump_held: true, x: 0.0 }, DT, &map);
    assert!(rep.events.contains(Event::DroppedThrough) && !rep.events.contains(Event::Jumped), "{rep:?}");
    assert!(!rep.grounded && rep.velocity[1] < 0.0, "{rep:?}");
    let reps = steps(&mut c, NONE, DT, &map, 90);
    let land = first(&reps, Event::Landed).expect("lands on the floor");
    assert_eq!(reps[land].position[1], on(1.0, 0.4));
    assert_eq!(count(&reps, Event::Landed), 1);
}

/// Down + jump on solid ground is a jump (nothing to drop through).
#[test]
fn controller_down_jump_on_solid_ground_jumps() {
    let map = level(&["....", "....", "....", "####"], 1.0);
    let mut c = Controller::new([2.0, 1.4], 0.4, Config::default()).unwrap();
    c.step(NONE, DT, &map);
    let rep = c.step(Input { down: true, ..JUMP }, DT, &map);
    assert!(rep.events.contains(Event::Jumped) && !rep.events.contains(Event::DroppedThrough));
}

/// A ceiling 1.5 u above the floor (cell 0.5: floor top 0.5, ceiling bottom 2.0) and a ball of
/// radius 0.4 (centre ≈ 0.9): its head is at 1.3, 0.7 below the ceiling, and a default jump rises
/// 2.4. The step that reaches the ceiling reports it (event and flag), the vertical speed is 0
/// after it (the jump is over: it falls back and lands at on(0.5, 0.4) ≈ 0.9).
#[test]
fn controller_hits_the_ceiling() {
    let map = level(&["########", "........", "........", "........", "########"], 0.5);
    let mut c = Controller::new([2.0, 0.9], 0.4, Config::default()).unwrap();
    c.step(NONE, DT, &map);
    let mut reps = vec![c.step(JUMP, DT, &map)];
    reps.extend(steps(&mut c, HOLD, DT, &map, 60));
    let hit = first(&reps, Event::HitCeiling).expect("hits the ceiling");
    assert_eq!(count(&reps, Event::HitCeiling), 1);
    assert!(reps[hit].on_ceiling && reps[hit].velocity[1] == 0.0, "{:?}", reps[hit]);
    assert!((reps[hit].position[1] - (2.0 - 0.4)).abs() < 1e-5, "head at the ceiling: {:?}", reps[hit]);
    assert!(reps[hit + 1].velocity[1] < 0.0, "falls after");
    let land = first(&reps, Event::Landed).expect("lands");
    assert!(land > hit && reps[land].position[1] == on(0.5, 0.4));
}

/// A ball wedged between a block's corner and a wall (found by the soak below: it stayed frozen
/// in the air, unable to jump). Block A covers [2, 3] × [1, 2], wall B [4, 5] × [1, 4]; the gap
/// from A's corner (3, 2) to B's face x = 4 is 1, narrower than the ball (r = 0.55). Falling along
/// the wall (centre x = 4 − 0.55 = 3.45) it meets the corner when (x − 3)² + (y − 2)² = 0.55²:
/// y = 2 + √(0.3025 − 0.2025) = 2.3162; there the corner's normal (0.45, 0.316)/0.55 = (0.818,
/// 0.575) is too steep to stand on and the wall's (−1, 0) holds no weight, but together they hold
/// the ball: it counts as standing (ground normal the corner's), and it can jump out.
#[test]
fn controller_wedged_between_a_corner_and_a_wall_can_jump() {
    let map = level(&["......", "......", "....#.", "....#.", "..#.#.", "######"], 1.0);
    let mut c = Controller::new([3.449, 5.0], 0.55, Config::default()).unwrap();
    let reps = steps(&mut c, NONE, DT, &map, 60);
    let land = first(&reps, Event::Landed).expect("it comes to rest");
    let rest = reps[land];
    assert!((rest.position[0] - 3.45).abs() < 1e-3 && (rest.position[1] - 2.3162).abs() < 1e-3, "{rest:?}");
    assert!(reps[land..].iter().all(|r| r.grounded && r.position == rest.position));
    assert!(rest.ground_normal[1] < 0.6 && rest.ground_normal[0] > 0.8, "too steep alone: {rest:?}");
    let rep = c.step(JUMP, DT, &map);
    assert!(rep.events.contains(Event::Jumped) && rep.velocity[1] > 0.0, "{rep:?}");
}

// ---------------------------------------------------------------------------------------------
// The API: glam's Vec2 in and out, bad numbers, dt.

/// A `Vec2` goes in as it is and the results convert back with `Vec2::from`; a NaN position is
/// refused naming the field; a `dt` of 0, negative or NaN changes nothing.
#[test]
fn controller_takes_glam_and_refuses_bad_numbers() {
    use macroquad::math::Vec2;
    let map = level(&["....", "####"], 1.0);
    let mut c = Controller::new(Vec2::new(2.0, 1.4), 0.4, Config::default()).unwrap();
    c.set_velocity(Vec2::new(1.0, 0.0));
    let rep = c.step(NONE, DT, &map);
    assert!(Vec2::from(rep.position).y == on(1.0, 0.4) && rep.grounded);
    assert_eq!(Controller::new([f32::NAN, 0.0], 0.4, Config::default()).unwrap_err().field(), "center.x");
    let before = c.clone();
    for dt in [0.0, -1.0, f32::NAN, f32::INFINITY] {
        let rep = c.step(RIGHT, dt, &map);
        assert!(rep.events.is_empty() && c == before, "dt {dt}");
    }
}

// ---------------------------------------------------------------------------------------------
// A seeded soak.

use crate::world::Rng;

/// The deepest the ball overlaps any solid cell (brute force over the cells near it).
fn overlap(map: &TileMap, c: [f32; 2], r: f32) -> f32 {
    let ball = ball_aabb::Circle::new(c, r).unwrap();
    let reach = |x: f32| ((x / map.cell()).floor().max(0.0) as usize).min(usize::MAX / 2);
    let (c0, c1) = (reach(c[0] - r).saturating_sub(1), reach(c[0] + r) + 1);
    let (r0, r1) = (reach(c[1] - r).saturating_sub(1), reach(c[1] + r) + 1);
    let mut worst = 0.0f32;
    for row in r0..=r1.min(map.height() - 1) {
        for col in c0..=c1.min(map.width() - 1) {
            if map.is_solid(col, row) {
                worst = worst.max(ball.contact(&map.cell_rect(col, row)).penetration);
            }
        }
    }
    worst
}

/// 300 random levels (24 × 16 cells of 1, 0.5, 0.7 or 0.3, a floor, up to 60 random solid and
/// one-way cells), radii from 0.2 to 0.8 cells, 600 frames each of random input held for a
/// quarter second. After every step: the position is finite; the ball overlaps no solid cell by
/// more than the slop; it is never frozen in the air (the same position three steps running while
/// not grounded: a ball wedged between two corners must count as standing); it never stands still
/// on the ground while asked to run, unless a wall or ceiling blocks it. Run: 180,000 steps.
#[test]
fn controller_soak_random_levels() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let (w, h) = (24, 16);
    let mut steps = 0;
    for trial in 0..300 {
        let cell = [1.0f32, 0.5, 0.7, 0.3][rng.below(4)];
        let mut map = TileMap::new(w, h, cell, [0.0, 0.0]).unwrap();
        for col in 0..w {
            map.set(col, 0, true);
        }
        for _ in 0..rng.below(60) {
            let tile = if rng.below(4) == 0 { ball_aabb::world::Tile::OneWay } else { ball_aabb::world::Tile::Solid };
            map.set_tile(rng.below(w), rng.below(h), tile);
        }
        let r = cell * (0.2 + 0.6 * rng.unit());
        let free = (0..100).map(|_| (rng.below(w), 1 + rng.below(h - 1))).find(|&(c, row)| {
            let p = [(c as f32 + 0.5) * cell, (row as f32 + 0.5) * cell];
            map.tile(c, row) == ball_aabb::world::Tile::Empty && overlap(&map, p, r) == 0.0
        });
        let Some((c, row)) = free else { continue };
        let cfg = Config {
            run_speed: 6.0 * cell,
            jump_speed: 12.0 * cell.sqrt(),
            gravity: 30.0 * cell,
            snap_distance: cell,
            max_step_height: 0.5 * cell,
            ..Config::default()
        };
        let mut ctl = Controller::new([(c as f32 + 0.5) * cell, (row as f32 + 0.5) * cell], r, cfg).unwrap();
        let (mut input, mut still, mut frozen) = (NONE, 0, 0);
        for k in 0..600 {
            if k % 15 == 0 {
                let x = [-1.0, 0.0, 1.0, 0.5][rng.below(4)];
                input =
                    Input { x, jump_pressed: rng.below(3) == 0, jump_held: rng.below(2) == 0, down: rng.below(4) == 0 };
            } else {
                input.jump_pressed = false;
            }
            let before = ctl.position();
            let rep = ctl.step(input, DT, &map);
            steps += 1;
            let at = format!("trial {trial} step {k}: {rep:?}");
            assert!(rep.position.iter().all(|x| x.is_finite()), "{at}");
            assert!(overlap(&map, rep.position, r) <= 1e-4, "{at}");
            let unmoved = rep.position == before;
            frozen = if unmoved && !rep.grounded { frozen + 1 } else { 0 };
            assert!(frozen < 3, "frozen in the air: {at}");
            let blocked = rep.on_wall || rep.on_ceiling;
            still = if unmoved && rep.grounded && input.x != 0.0 && !blocked { still + 1 } else { 0 };
            assert!(still < 10, "stuck on the ground: {at}");
        }
    }
    assert!(steps > 150_000, "{steps} steps");
}

/// Issue 36: a `Config` is checked, every field named. A NaN gravity used to freeze the character
/// silently and a negative run speed to turn the controls around; now `Controller::new` and
/// `set_config` refuse them (and every other bad value), and a refused `set_config` changes nothing.
#[test]
fn a_bad_config_is_refused_naming_its_field() {
    use ball_aabb::controller::ControllerError;
    let d = Config::default();
    let bad: [(&str, Config); 17] = [
        ("gravity", Config { gravity: f32::NAN, ..d }),
        ("gravity", Config { gravity: -30.0, ..d }),
        ("run_speed", Config { run_speed: -6.0, ..d }),
        ("run_speed", Config { run_speed: f32::INFINITY, ..d }),
        ("run_accel", Config { run_accel: f32::NAN, ..d }),
        ("air_accel", Config { air_accel: -1.0, ..d }),
        ("jump_speed", Config { jump_speed: -12.0, ..d }),
        ("jump_cut", Config { jump_cut: 1.5, ..d }),
        ("max_fall_speed", Config { max_fall_speed: -20.0, ..d }),
        ("floor_min_normal_y", Config { floor_min_normal_y: 0.0, ..d }),
        ("floor_min_normal_y", Config { floor_min_normal_y: 1.01, ..d }),
        ("snap_distance", Config { snap_distance: f32::NAN, ..d }),
        ("max_step_height", Config { max_step_height: -0.5, ..d }),
        ("coyote_time", Config { coyote_time: -0.1, ..d }),
        ("jump_buffer_time", Config { jump_buffer_time: f32::INFINITY, ..d }),
        ("slop", Config { slop: -1e-4, ..d }),
        ("slop", Config { slop: f32::NAN, ..d }),
    ];
    let mut c = Controller::new([1.5, 1.4], 0.4, d).unwrap();
    for (field, config) in bad {
        assert_eq!(config.validate().unwrap_err().field(), field, "{config:?}");
        let e = Controller::new([1.5, 1.4], 0.4, config).unwrap_err();
        assert!(matches!(e, ControllerError::Config(_)) && e.field() == field, "{e}");
        assert!(e.to_string().starts_with(field), "{e}");
        assert_eq!(c.set_config(config).unwrap_err().field(), field);
        assert_eq!(*c.config(), d, "a refused config changes nothing");
    }
    // The edges of each range are accepted: no limits, instant acceleration, no cut, vertical-only floors.
    let edges = Config {
        gravity: 0.0,
        run_accel: f32::INFINITY,
        air_accel: f32::INFINITY,
        max_fall_speed: f32::INFINITY,
        jump_cut: 1.0,
        floor_min_normal_y: 1.0,
        snap_distance: 0.0,
        max_step_height: 0.0,
        coyote_time: 0.0,
        jump_buffer_time: 0.0,
        slop: 0.0,
        ..d
    };
    assert!(c.set_config(edges).is_ok() && *c.config() == edges);
}

/// Issue 36: coyote time and the jump buffer are counted in seconds, the window's last step
/// included: 0.1 s is 3 steps at 30 Hz, 6 at 60 Hz, 14 at 144 Hz (15/144 s is past it), 24 at
/// 240 Hz. The coyote step: a character runs off a ledge six cells above the floor (beyond the
/// snap) and presses jump `a` steps after the first step that ends in the air; the buffer: a
/// character falling onto the floor presses jump `a` steps before the step after it lands (the
/// first it can jump in).
#[test]
fn coyote_and_buffer_windows_count_seconds_at_every_rate() {
    let ledge = TileMap::from_ascii(
        "..........\n......####\n......####\n......####\n......####\n......####\n......####\n##########",
        1.0,
    )
    .unwrap();
    let run = |jump: bool| Input { x: -1.0, jump_pressed: jump, jump_held: jump, down: false };
    let fall = |jump: bool| Input { x: 0.0, jump_pressed: jump, jump_held: jump, down: false };
    for hz in [30u32, 60, 144, 240] {
        let dt = 1.0 / hz as f32;
        let window = (0.1 * hz as f64 + 1e-6).floor() as usize;
        // Coyote: the first step that ends in the air, then a press `a` steps later.
        let start = || Controller::new([8.5, 7.4], 0.4, Config::default()).unwrap();
        let mut c = start();
        let left = (0..10 * hz as usize).find(|_| !c.step(run(false), dt, &ledge).grounded).expect("runs off");
        for a in 1..=window + 2 {
            let mut c = start();
            let mut jumped = false;
            for k in 0..=left + a {
                let r = c.step(run(k == left + a), dt, &ledge);
                jumped |= r.events.contains(Event::Jumped);
            }
            assert_eq!(jumped, a <= window, "coyote at {hz} Hz, {a} steps after leaving ({window} allowed)");
        }
        // Buffer: the step it lands in, then a press `a` steps before the step after it.
        let start = || Controller::new([2.5, 4.4], 0.4, Config::default()).unwrap();
        let mut c = start();
        let landed = (0..10 * hz as usize).find(|_| c.step(fall(false), dt, &ledge).grounded).expect("lands");
        for a in 1..=window + 2 {
            let Some(press) = (landed + 1).checked_sub(a) else { continue };
            let mut c = start();
            let mut jumped = false;
            for k in 0..=landed + 1 {
                let r = c.step(fall(k == press), dt, &ledge);
                jumped |= k == landed + 1 && r.events.contains(Event::Jumped);
            }
            assert_eq!(jumped, a <= window, "buffer at {hz} Hz, pressed {a} steps before ({window} allowed)");
        }
    }
}

/// Issue 36: the same jump at every frame rate. A held jump with the defaults (12 u/s, 30 u/s²)
/// peaks at v²/2g = 2.4 above the floor by hand; the frames sample that parabola, so the highest
/// frame is at most g·dt²/8 lower (0.0042 at 30 Hz). Measured at 30, 60, 144 and 240 Hz and with a
/// dt drawn at random from 1/240 … 1/30 every frame: within 1 % of 2.4 each. A 0.5 s frame (a
/// stall) still leaves the ground: its end is on the same parabola, 12·0.5 − 15·0.25 = 2.25 up.
#[test]
fn a_full_jump_peaks_at_the_same_height_at_every_frame_rate() {
    let map = level(&["........", "........", "........", "........", "########"], 1.0);
    let apex = 12.0f32 * 12.0 / (2.0 * 30.0);
    let mut seed = 0x36_u64;
    let mut random_dt = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        1.0 / (30.0 + 210.0 * ((seed >> 40) as f32 / (1u64 << 24) as f32))
    };
    for hz in [Some(30.0f32), Some(60.0), Some(144.0), Some(240.0), None] {
        let mut dt = || hz.map_or_else(&mut random_dt, |h| 1.0 / h);
        let mut c = Controller::new([3.5, 1.4], 0.4, Config::default()).unwrap();
        assert!(c.step(NONE, dt(), &map).grounded);
        let mut peak = f32::MIN;
        for k in 0..400 {
            let r = c.step(if k == 0 { JUMP } else { HOLD }, dt(), &map);
            peak = peak.max(r.position[1] - 1.4);
        }
        assert!((peak - apex).abs() <= 0.01 * apex, "{hz:?} Hz: peak {peak}, by hand {apex}");
    }
    let mut c = Controller::new([3.5, 1.4], 0.4, Config::default()).unwrap();
    assert!(c.step(NONE, 1.0 / 60.0, &map).grounded);
    let r = c.step(JUMP, 0.5, &map);
    assert!(r.events.contains(Event::Jumped) && !r.grounded, "{r:?}");
    assert!((r.position[1] - (1.4 + 2.25)).abs() < 1e-5, "{r:?}");
}

/// Issue 36: a character spawned standing (feet on the floor) reports no `Landed` on its first
/// step; one spawned a little above the floor falls and does land; so does one put back in the air
/// by `set_position` and dropped.
#[test]
fn spawning_standing_is_no_landing() {
    let map = level(&["........", "........", "........", "########"], 1.0);
    let mut c = Controller::new([2.5, 1.4], 0.4, Config::default()).unwrap();
    let r = c.step(NONE, 1.0 / 60.0, &map);
    assert!(r.grounded && !r.events.contains(Event::Landed) && (r.position[1] - 1.4).abs() < 1e-6, "{r:?}");
    let mut c = Controller::new([2.5, 2.4], 0.4, Config::default()).unwrap();
    let reps = steps(&mut c, NONE, 1.0 / 60.0, &map, 60);
    assert_eq!(count(&reps, Event::Landed), 1, "a fall of one unit lands once");
    assert!(!reps[0].events.contains(Event::Landed) && reps.last().unwrap().grounded);
    c.set_position([5.5, 2.9]).unwrap();
    let reps = steps(&mut c, NONE, 1.0 / 60.0, &map, 60);
    assert_eq!(count(&reps, Event::Landed), 1, "put in the air, it lands again");
}

/// A game loop on levels with moving platforms, played the way a game plays them: random levels
/// (a walled room of unit cells with pillars), three random moving boxes (a platform going to and
/// fro, a lift, one more of either, some one-way, thicknesses 0.25 … 1, speeds 0.5 … 3 u/s), the
/// character spawned in awkward places (standing on a platform, sunk into one, against a wall),
/// random inputs in segments, at 30, 60, 144 or 240 Hz or a random frame time each frame; 48
/// levels × 2,000 frames. Every frame: a finite position and velocity; inside the room; overlapping
/// no box, static or moving, by more than 10⁻³ unless the frame reports `Crushed`; and no move
/// longer than the run and the fastest box allow, except a frame that pushed it out.
#[test]
fn a_game_loop_with_moving_platforms_holds() {
    use ball_aabb::world::{Layered, Mover, Movers, Path, World};
    use ball_aabb::{Circle, Rect};
    let mut rng = crate::world::Rng(0x3636_0001);
    let (w, h) = (40usize, 14usize);
    let (mut frames, mut carried, mut crushed, mut pushed) = (0usize, 0usize, 0usize, 0usize);
    for level_no in 0..48 {
        let mut map = TileMap::new(w, h, 1.0, [0.0, 0.0]).unwrap();
        for col in 0..w {
            map.set(col, 0, true);
            map.set(col, h - 1, true);
        }
        for row in 0..h {
            map.set(0, row, true);
            map.set(w - 1, row, true);
        }
        for _ in 0..4 {
            let (col, tall) = (3 + rng.below(w - 6), 1 + rng.below(3));
            for row in 1..=tall {
                map.set(col, row, true);
            }
        }
        let mut specs = Vec::new();
        for k in 0..3 {
            let (x, y) = (2.0 + rng.below(w - 14) as f32, 2.0 + rng.below(h - 6) as f32 * 0.75);
            let (len, thick) = (1.5 + rng.below(4) as f32, [0.25f32, 0.5, 1.0][rng.below(3)]);
            let speed = 0.5 + rng.below(6) as f32 * 0.5;
            let vertical = k == 1 || rng.below(3) == 0;
            let reach = 1.0 + rng.below(6) as f32;
            let to = if vertical { [0.0, reach.min(h as f32 - 3.0 - y)] } else { [reach, 0.0] };
            let m = Mover::new(
                Rect::new([x, y], [x + len, y + thick]).unwrap(),
                Path::PingPong { points: vec![[0.0, 0.0], to], speed },
            );
            specs.push(if rng.below(3) == 0 { m.one_way() } else { m });
        }
        let mut movers = Movers::new(specs).unwrap();
        let r = [0.3f32, 0.4, 0.45][rng.below(3)];
        let top = movers.rect(0);
        let spawn = match level_no % 3 {
            0 => [(top.min()[0] + top.max()[0]) / 2.0, top.max()[1] + r], // standing on platform 0
            1 => [(top.min()[0] + top.max()[0]) / 2.0, top.max()[1] + r - 0.1], // sunk into it
            _ => [1.0 + r, 1.0 + r],                                      // against the left wall
        };
        let mut c = Controller::new(spawn, r, Config::default()).unwrap();
        let fixed = [1.0 / 30.0, 1.0 / 60.0, 1.0 / 144.0, 1.0 / 240.0, 0.0][rng.below(5)];
        let mut input = Input::default();
        let fastest = 3.0f32;
        for frame in 0..2000 {
            if frame % 40 == 0 {
                let x = [-1.0, 0.0, 1.0][rng.below(3)];
                let jump = rng.below(3) == 0;
                input = Input { x, jump_pressed: jump, jump_held: jump, down: rng.below(6) == 0 };
            } else {
                input.jump_pressed = false;
            }
            let dt = if fixed > 0.0 { fixed } else { 1.0 / (30.0 + rng.below(211) as f32) };
            let before = c.position();
            movers.advance(dt);
            let world = Layered::new(&map, &movers);
            let rep = c.step(input, dt, &world);
            frames += 1;
            let p = rep.position;
            let at = |what: &str| format!("level {level_no} frame {frame} {what}: {rep:?}");
            assert!(p.iter().chain(rep.velocity.iter()).all(|x| x.is_finite()), "{}", at("not finite"));
            assert!(
                p[0] > 1.0 && p[0] < (w - 1) as f32 && p[1] > 1.0 && p[1] < (h - 1) as f32,
                "{}",
                at("left the room")
            );
            carried += usize::from(rep.events.contains(Event::Carried));
            pushed += usize::from(rep.events.contains(Event::PushedOut));
            if rep.events.contains(Event::Crushed) {
                crushed += 1;
                continue;
            }
            let ball = Circle::new(p, r).unwrap();
            let around = Rect::new([p[0] - 1.5, p[1] - 1.5], [p[0] + 1.5, p[1] + 1.5]).unwrap();
            world.candidates(&around, |i, b| {
                let depth = ball.contact(&b).penetration;
                let one_way = world.one_way(i);
                assert!(one_way || depth <= 1e-3, "{} (box {i} {b:?}, depth {depth})", at("sunk"));
            });
            if !rep.events.contains(Event::PushedOut) && !rep.events.contains(Event::SteppedUp) {
                let moved = ((p[0] - before[0]).powi(2) + (p[1] - before[1]).powi(2)).sqrt();
                let most = (6.0 + fastest) * dt + 20.0 * dt + 1e-3; // run + a box's carry + the fall speed limit
                assert!(moved <= most, "{} (moved {moved} > {most})", at("too far"));
            }
        }
    }
    eprintln!("moving platforms: {frames} frames, carried {carried}, pushed out {pushed}, crushed {crushed}");
    assert!(carried > 1000 && pushed > 10, "the loop must ride and be pushed: carried {carried}, pushed {pushed}");
}
