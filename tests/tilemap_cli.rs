//! Tile maps at the command line: `move --map/--cell/--gravity/--strategy/--trace`, end to end
//! through the binary, on the example maps in `docs/maps/`.
//!
//! Every expected number is worked out by hand in the comment next to it (the inputs are small
//! dyadic rationals, so the swept strategies' results are exact in f32), or is a property that must
//! hold; never taken from the code under test.

use crate::support::{floats, scratch_dir};
use serde_json::Value;

/// An example map's path.
fn map(name: &str) -> String {
    format!("{}/docs/maps/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `move` with the arguments; returns (exit code, stdout lines parsed as JSON, raw stdout, stderr).
fn run(args: &[&str]) -> (i32, Vec<Value>, String, String) {
    crate::support::run(&[&["move"], args].concat(), None)
}

/// A successful run: its lines (the trace, then the object).
fn ok(args: &[&str]) -> Vec<Value> {
    let (code, lines, raw, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert!(err.is_empty(), "{err}");
    assert!(!raw.contains("null") && !["-0.0,", "-0.0]"].iter().any(|z| raw.contains(z)), "{raw}");
    lines
}

/// A refused run: exit 2, nothing on stdout, one line on stderr; returns that line.
fn refused(args: &[&str]) -> String {
    let (code, _, raw, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {raw} {err}");
    assert!(raw.is_empty(), "{args:?}: stdout {raw:?}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err.trim_end().to_string()
}

/// The step lines of a `--trace` run: every line but the last, numbered 0, 1, …
fn trace(lines: &[Value], steps: usize) -> &[Value] {
    assert_eq!(lines.len(), steps + 1, "steps + 1 lines");
    for (k, l) in lines[..steps].iter().enumerate() {
        assert_eq!(l["step"], k, "{l}");
        for key in ["position", "velocity", "hits", "bump", "tunnelled"] {
            assert!(l.get(key).is_some(), "{key} missing in {l}");
        }
    }
    assert!(lines[steps].get("start").is_some(), "the last line is the object: {}", lines[steps]);
    &lines[..steps]
}

// ---------------------------------------------------------------------------------------------
// The flush floor: docs/maps/flush-floor.txt, 64 unit tiles in row 0 (y ∈ [0, 1]) under 3 empty rows.

/// A ball of radius 0.5 resting on the floor (centre y = 1 + 0.5 = 1.5), rolling at 0.125 per step
/// with gravity −0.25 per step, 400 steps, default strategy. By hand: each step the velocity is
/// (0.125, −0.25); the floor's top face (normal (0, 1)) stops the downward part at t = 0 under the
/// centre, the slide leaves (0.125, 0), which moves the ball 0.125 along the floor. So after step k:
/// position (0.5 + 0.125·(k + 1), 1.5), velocity (0.125, 0), one hit: normal (0, 1), point
/// (0.5 + 0.125·k, 1) in row 0, no bump. After 400 steps: (0.5 + 50, 1.5) = (50.5, 1.5). Every
/// number is a multiple of 1/8 below 64: exact in f32, so compared with ==. Rolling left from
/// (63.5, 1.5) the same way ends at 63.5 − 50 = 13.5.
#[test]
fn tilemap_flush_floor_rolls_exactly_with_the_default() {
    let floor = map("flush-floor.txt");
    for (x0, vx) in [(0.5f64, 0.125f64), (63.5, -0.125)] {
        let (c, v) = (format!("{x0},1.5,0.5"), format!("{vx},0"));
        let lines = ok(&[
            "--circle",
            &c,
            "--velocity",
            &v,
            "--map",
            &floor,
            "--gravity",
            "0,-0.25",
            "--steps",
            "400",
            "--trace",
        ]);
        for (k, l) in trace(&lines, 400).iter().enumerate() {
            let x = x0 + vx * (k + 1) as f64;
            assert_eq!(floats(&l["position"]), [x, 1.5], "step {k}");
            assert_eq!(floats(&l["velocity"]), [vx, 0.0], "step {k}");
            assert_eq!((l["bump"].as_bool(), l["tunnelled"].as_bool()), (Some(false), Some(false)), "step {k}");
            let hits = l["hits"].as_array().unwrap();
            assert_eq!(hits.len(), 1, "step {k}: {l}");
            let point = floats(&hits[0]["point"]);
            assert_eq!(point, [x0 + vx * k as f64, 1.0], "step {k}");
            assert_eq!(floats(&hits[0]["normal"]), [0.0, 1.0], "step {k}");
            let cell = floats(&hits[0]["cell"]);
            assert!(cell[1] == 0.0 && cell[0] <= point[0] && point[0] <= cell[0] + 1.0, "step {k}: {cell:?}");
        }
        let last = &lines[400];
        assert_eq!(last["strategy"], "swept-slide-seamless");
        assert_eq!(floats(&last["start"]), [x0, 1.5]);
        assert_eq!(floats(&last["end"]), [x0 + 50.0 * vx / 0.125, 1.5]);
        assert_eq!(floats(&last["remaining"]), [vx, 0.0]);
        assert_eq!((last["bumps"].as_u64(), last["tunnelled"].as_u64()), (Some(0), Some(0)));
        assert_eq!(last["hits"].as_array().unwrap().len(), 400);
    }
}

/// The same roll to the left with `discrete-in-order`, from (32.5, 1.5). Step 0 by hand: the ball
/// moves by (−1/8, −1/4) to (32.375, 1.25), sunk 1/4 into the floor. The cells are pushed out of in
/// row order, left to right, so cell (31, 0) comes first: its corner (32, 1) is at (0.375, 0.25) from the centre,
/// |·|² = 0.203125 < 0.25 = r²: overlapping. The push is along n = (0.375, 0.25)/|·| = (3, 2)/√13 —
/// against the motion (n.x > 0, v.x < 0) from a cell under the centre (top 1 ≤ 1.25): a bump. The
/// velocity loses its part into n: u·n = (−3/8 − 1/2)/√13 = −7/(8√13); u − (u·n)·n =
/// (−1/8 + 21/104, −1/4 + 14/104) = (1/13, −3/26). The centre goes to the corner + n/2 =
/// (32 + 3/(2√13), 1 + 1/√13) ≈ (32.41603, 1.27735), still 0.22265 into cell (32, 0)'s top, pushed up
/// to y = 1.5 with normal (0, 1), which removes the −3/26: velocity (1/13, 0). The ghost bump turned
/// the ball around. Rolling right from then on, the seams' pushes go with the motion (no bump by the
/// definition) but still change its speed: after 80 steps (x stays below 64, on the floor) it is no
/// longer 1/13. The default strategy on the same scene never bumps (the test above).
#[test]
fn tilemap_discrete_in_order_bumps_on_the_flush_floor() {
    let floor = map("flush-floor.txt");
    let args = [
        "--circle",
        "32.5,1.5,0.5",
        "--velocity",
        "-0.125,0",
        "--map",
        &floor,
        "--gravity",
        "0,-0.25",
        "--steps",
        "80",
        "--strategy",
        "discrete-in-order",
        "--trace",
    ];
    let lines = ok(&args);
    let steps = trace(&lines, 80);
    let first = &steps[0];
    assert_eq!(first["bump"], true, "{first}");
    let s13 = 13f64.sqrt();
    let close = |got: Vec<f64>, want: [f64; 2]| {
        assert!(got.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-5), "{got:?} vs {want:?}");
    };
    let hits = first["hits"].as_array().unwrap();
    assert_eq!(hits.len(), 2, "{first}");
    assert_eq!(floats(&hits[0]["cell"]), [31.0, 0.0]);
    assert_eq!(floats(&hits[0]["point"]), [32.0, 1.0]);
    close(floats(&hits[0]["normal"]), [3.0 / s13, 2.0 / s13]);
    assert_eq!(floats(&hits[1]["cell"]), [32.0, 0.0]);
    assert_eq!(floats(&hits[1]["normal"]), [0.0, 1.0]);
    close(floats(&first["position"]), [32.0 + 1.5 / s13, 1.5]);
    close(floats(&first["velocity"]), [1.0 / 13.0, 0.0]);
    let bumps = steps.iter().filter(|l| l["bump"] == true).count();
    assert_eq!(lines[80]["bumps"].as_u64(), Some(bumps as u64));
    assert!(bumps >= 1);
    assert!(steps.iter().all(|l| floats(&l["position"])[1] == 1.5 && floats(&l["position"])[0] < 64.0));
    assert!((floats(&lines[80]["remaining"])[0] - 1.0 / 13.0).abs() > 0.01, "{}", lines[80]);
}

// ---------------------------------------------------------------------------------------------
// A fast fall onto one cell: docs/maps/one-cell-platform.txt, 12 × 8, the only solid cell (5, 3) on
// the 5th line from the top (row 8 − 5 = 3), covering [5, 6] × [3, 4].

/// Ball r = 0.5 at (5.5, 260.5), velocity (0, −1023.875), gravity (0, −0.125). Step 0 moves by
/// (0, −1024) — a thousand times the ball's size. The default strategy: the ball touches the top
/// y = 4 when its centre is at 4.5, 256 below the start: t = 256/1024 = 0.25; it lands on (5.5, 4.5)
/// and the slide leaves (0, 0). Every later step tries (0, −0.125), blocked at t = 0: it stays.
/// `discrete-in-order` only looks where the ball ends: (5.5, 260.5 − 1024) = (5.5, −763.5), clear of
/// everything, tunnelled; then (0, −1024.125) and (0, −1024.25): y = −1787.625, then −2811.875.
#[test]
fn tilemap_fast_fall_lands_on_one_cell_with_the_default_and_tunnels_discretely() {
    let platform = map("one-cell-platform.txt");
    let base = ["--circle", "5.5,260.5,0.5", "--velocity", "0,-1023.875", "--gravity", "0,-0.125", "--map", &platform];
    let mut args = base.to_vec();
    args.extend(["--steps", "50", "--trace"]);
    let lines = ok(&args);
    let steps = trace(&lines, 50);
    let hit = &steps[0]["hits"][0];
    assert_eq!((floats(&hit["cell"]), hit["t"].as_f64()), (vec![5.0, 3.0], Some(0.25)));
    assert_eq!(floats(&hit["point"]), [5.5, 4.0]);
    for l in steps {
        assert_eq!(floats(&l["position"]), [5.5, 4.5], "{l}");
        assert_eq!(floats(&l["velocity"]), [0.0, 0.0], "{l}");
        assert_eq!(l["tunnelled"], false);
    }
    assert_eq!(floats(&lines[50]["end"]), [5.5, 4.5]);
    assert_eq!(floats(&lines[50]["remaining"]), [0.0, 0.0]);

    let mut args = base.to_vec();
    args.extend(["--steps", "3", "--strategy", "discrete-in-order", "--trace"]);
    let lines = ok(&args);
    let steps = trace(&lines, 3);
    let ys: Vec<f64> = steps.iter().map(|l| floats(&l["position"])[1]).collect();
    assert_eq!(ys, [-763.5, -1787.625, -2811.875]);
    assert_eq!(steps.iter().map(|l| l["tunnelled"] == true).collect::<Vec<_>>(), [true, false, false]);
    assert!(steps.iter().all(|l| l["hits"].as_array().unwrap().is_empty()));
    assert_eq!(floats(&lines[3]["remaining"]), [0.0, -1024.25]);
    assert_eq!(lines[3]["tunnelled"].as_u64(), Some(1));
}

/// `--cell 2` scales the map: cell (5, 3) covers [10, 12] × [6, 8]. A ball r = 0.5 at (11, 264.5)
/// falling by 1024 in one step lands at y = 8.5, 256 below: t = 0.25, end (11, 8.5).
#[test]
fn tilemap_cell_scales_the_map() {
    let platform = map("one-cell-platform.txt");
    let lines =
        ok(&["--circle", "11,264.5,0.5", "--velocity", "0,-1024", "--map", &platform, "--cell", "2", "--steps", "4"]);
    assert_eq!(lines.len(), 1);
    assert_eq!(floats(&lines[0]["end"]), [11.0, 8.5]);
    assert_eq!(floats(&lines[0]["hits"][0]["cell"]), [5.0, 3.0]);
    assert_eq!(lines[0]["hits"][0]["t"].as_f64(), Some(0.25));
}

/// docs/maps/inner-corner.txt: floor row 0 (y ∈ [0, 1]), wall column 7 (x ∈ [7, 8]) in rows 1–3. A
/// ball r = 0.5 at (4.5, 2.5) moving (4, −4): the floor stops it when y = 1.5, 1 down: t = 1/4, at
/// (5.5, 1.5), point (5.5, 1) in cell (5, 0); the slide keeps (4, 0) for the remaining 3/4; the wall's
/// face x = 7 stops it at x = 6.5, 1 further: t = 1/4 + 1/4 = 1/2, point (7, 1.5) in cell (7, 1),
/// normal (−1, 0); nothing of the velocity is left.
#[test]
fn tilemap_inner_corner_names_the_cells() {
    let lines = ok(&["--circle", "4.5,2.5,0.5", "--velocity", "4,-4", "--map", &map("inner-corner.txt")]);
    let o = &lines[0];
    assert_eq!(floats(&o["end"]), [6.5, 1.5]);
    assert_eq!(floats(&o["remaining"]), [0.0, 0.0]);
    let hits = o["hits"].as_array().unwrap();
    assert_eq!(hits.len(), 2);
    assert_eq!((floats(&hits[0]["cell"]), hits[0]["t"].as_f64()), (vec![5.0, 0.0], Some(0.25)));
    assert_eq!(floats(&hits[0]["normal"]), [0.0, 1.0]);
    assert_eq!((floats(&hits[1]["cell"]), hits[1]["t"].as_f64()), (vec![7.0, 1.0], Some(0.5)));
    assert_eq!((floats(&hits[1]["point"]), floats(&hits[1]["normal"])), (vec![7.0, 1.5], vec![-1.0, 0.0]));
}

// ---------------------------------------------------------------------------------------------
// The trace, strategies, box lists.

/// `--trace` prints steps + 1 lines, each one JSON object; the trace's last position and velocity are
/// the object's end and remaining. With `--boxes` (a box list world) hits name the box. By hand: a
/// ball r = 1 at (0, 1.5) with velocity (1, 0) and gravity (0, −1) over the floor box [−1000, 1000] ×
/// [−1, 0]: step 0 moves by (1, −1) and meets the floor (centre y = 1) half way: t = 0.5, at
/// (0.5, 1); then slides with (1, 0) for the other half: (1, 1). Each later step's (1, −1) is stopped
/// at t = 0 and slides 1 to the right: after n steps (n, 1).
#[test]
fn tilemap_trace_prints_steps_plus_one_lines() {
    for n in [1usize, 7, 120] {
        let steps = n.to_string();
        let lines = ok(&[
            "--circle",
            "0,1.5,1",
            "--velocity",
            "1,0",
            "--gravity",
            "0,-1",
            "--boxes",
            "-1000,-1,1000,0",
            "--steps",
            &steps,
            "--trace",
        ]);
        let trace = trace(&lines, n);
        let last = &lines[n];
        assert_eq!(trace[n - 1]["position"], last["end"]);
        assert_eq!(trace[n - 1]["velocity"], last["remaining"]);
        let first_hit = &trace[0]["hits"][0];
        assert_eq!(first_hit["box"], 0);
        assert_eq!(first_hit["t"].as_f64(), Some(0.5));
        assert_eq!(floats(&trace[0]["position"]), [1.0, 1.0]);
        assert_eq!(floats(&last["end"]), [n as f64, 1.0]);
    }
}

/// The seven strategies, listed here by hand from the issue: each is accepted; an unknown one is
/// refused with all of them listed.
const IDS: [&str; 7] = [
    "discrete-in-order",
    "discrete-deepest-first",
    "swept-slide",
    "per-axis",
    "plane-solver",
    "merged",
    "swept-slide-seamless",
];

#[test]
fn tilemap_strategies_are_accepted_and_an_unknown_one_lists_them() {
    let floor = map("flush-floor.txt");
    for id in IDS {
        let lines = ok(&["--circle", "0.5,1.5,0.5", "--velocity", "0.125,0", "--map", &floor, "--strategy", id]);
        assert_eq!(lines[0]["strategy"], id);
    }
    let err = refused(&["--circle", "0,0,1", "--velocity", "1,0", "--boxes", "", "--strategy", "ghost-free"]);
    assert!(err.contains("--strategy") && err.contains("\"ghost-free\""), "{err}");
    for id in IDS {
        assert!(err.contains(id), "{id} missing: {err}");
    }
}

// ---------------------------------------------------------------------------------------------
// Refusals.

/// Each bad map names the file's line and column (1-based, as an editor shows them).
#[test]
fn tilemap_bad_maps_name_line_and_column() {
    let dir = scratch_dir("circle-aabb-lab-tilemap");
    let cases: [(&str, &[u8], &str); 8] = [
        // Line 2 has 2 cells where line 1 has 4: column 3 is missing.
        ("short.txt", b"....\n..\n", ":2:3: "),
        // Line 2 has 4 cells: the map is 4 wide, and line 1 ends before its column 3.
        ("long.txt", b"..\n....\n", ":1:3: "),
        (
            "unknown.txt",
            b"....\n..x.\n",
            ":2:3: unknown character 'x' (expected '#' solid, '-' one-way, '.' or ' ' empty)",
        ),
        // A space is an empty cell; a tab is not.
        ("tab.txt", b"#.#\n# #\n#\t#\n", ":3:2: unknown character '\\t'"),
        ("empty.txt", b"", ":1:1: "),
        ("blank.txt", b"\n\n\n", ":1:1: "),
        // An empty line inside the map is a row of 0 cells: column 1.
        ("gap.txt", b"..\n\n..\n", ":2:1: "),
        // 0xFF is never UTF-8: line 2, after one character.
        ("binary.txt", b"..\n.\xff\n", ":2:2: "),
    ];
    for (name, text, want) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let p = path.to_str().unwrap();
        let err = refused(&["--circle", "0,5,0.5", "--velocity", "1,0", "--map", p]);
        assert!(err.starts_with("error: --map: "), "{err}");
        assert!(err.contains(&format!("{p}{want}")), "{name}: {err}");
    }
    // A file that cannot be read at all has no line to name; the message names the file.
    let missing = dir.join("missing.txt");
    let err = refused(&["--circle", "0,5,0.5", "--velocity", "1,0", "--map", missing.to_str().unwrap()]);
    assert!(err.contains("--map: cannot read") && err.contains("missing.txt"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn tilemap_other_refusals_name_the_field() {
    let floor = map("flush-floor.txt");
    let cases: [(&[&str], &str); 9] = [
        (&["--sphere", "0,0,0,1", "--velocity", "1,0,0", "--map", &floor], "--map: a map is 2D only"),
        (&["--sphere", "0,0,0,1", "--velocity", "1,0,0", "--boxes", "", "--gravity", "0,-1"], "--gravity:"),
        (&["--sphere", "0,0,0,1", "--velocity", "1,0,0", "--boxes", "", "--trace"], "--trace:"),
        (&["--circle", "0,5,1", "--velocity", "1,0", "--map", &floor, "--boxes", ""], "--map: give --map or --boxes"),
        (&["--circle", "0,5,1", "--velocity", "1,0", "--boxes", "", "--cell", "2"], "--cell: only with --map"),
        (&["--circle", "0,5,1", "--velocity", "1,0", "--map", &floor, "--cell", "0"], "--cell: must be"),
        (&["--circle", "0,5,1", "--velocity", "1,0", "--map", &floor, "--cell", "x"], "--cell: \"x\""),
        (&["--circle", "0,5,1", "--velocity", "1,0", "--boxes", "", "--gravity", "0,nan"], "--gravity: gravity.y"),
        (
            &["--circle", "0,5,1", "--velocity", "1,0", "--boxes", "", "--gravity", "0,-1e30", "--steps", "1000000"],
            "--gravity: the motion leaves the f32 range",
        ),
    ];
    for (args, want) in cases {
        let err = refused(args);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

/// Without the new flags `move` prints what it always did: the docs' first example, byte for byte.
#[test]
fn tilemap_plain_move_is_unchanged() {
    let (code, _, raw, _) = run(&["--circle", "0,3,1", "--velocity", "4,-4", "--boxes", "-10,-1,10,0; 4,-1,5,10"]);
    assert_eq!(code, 0);
    assert_eq!(
        raw,
        "{\"start\":[0.0,3.0],\"end\":[3.0,1.0],\"hits\":[{\"box\":0,\"step\":0,\"t\":0.5,\"center\":[2.0,1.0],\
         \"point\":[2.0,0.0],\"normal\":[0.0,1.0],\"feature\":\"face\"},{\"box\":1,\"step\":0,\"t\":0.75,\
         \"center\":[3.0,1.0],\"point\":[4.0,1.0],\"normal\":[-1.0,0.0],\"feature\":\"face\"}],\
         \"remaining\":[0.0,0.0]}\n"
    );
}

// ---------------------------------------------------------------------------------------------
// One-way platforms: docs/maps/one-way.txt, a floor (row 0, top y = 1) and a one-way platform
// `----` in row 3 (x ∈ [2, 6], y ∈ [3, 4]).

/// A ball of radius 0.5 on the floor at (4, 1.5), launched up at 0.75 a step under gravity
/// −0.0625 a step (1/16): it rises through the platform from below (no contact there: one-way
/// cells block only a ball coming from above), peaks at 1.5 + (0.6875 + 0.625 + … + 0.0625)
/// = 1.5 + 4.125 = 5.625 after 11 steps, falls, and lands on the platform's top: centre
/// y = 4 + 0.5 = 4.5, velocity 0 — with every strategy.
#[test]
fn tilemap_one_way_platform_lets_the_ball_up_and_holds_it_from_above() {
    let one_way = map("one-way.txt");
    for id in [
        "swept-slide-seamless",
        "swept-slide",
        "merged",
        "per-axis",
        "plane-solver",
        "discrete-deepest-first",
        "discrete-in-order",
    ] {
        let lines = ok(&[
            "--circle",
            "4,1.5,0.5",
            "--velocity",
            "0,0.75",
            "--map",
            &one_way,
            "--gravity",
            "0,-0.0625",
            "--steps",
            "60",
            "--strategy",
            id,
            "--trace",
        ]);
        let steps = trace(&lines, 60);
        let ys: Vec<f64> = steps.iter().map(|l| floats(&l["position"])[1]).collect();
        // Up through the platform: steps inside its rows (centre within r of y ∈ [3, 4]) hit nothing.
        let rising = steps.iter().zip(&ys).take(11).filter(|(_, &y)| (2.5..=4.5).contains(&y));
        for (l, _) in rising {
            assert_eq!(l["hits"].as_array().map(Vec::len), Some(0), "{id}: {l}");
        }
        assert_eq!(ys[10], 5.625, "{id}: the peak");
        let end = &lines[60];
        assert_eq!(floats(&end["end"]), vec![4.0, 4.5], "{id}: {end}");
        assert_eq!(floats(&end["remaining"]), vec![0.0, 0.0], "{id}: {end}");
    }
}
