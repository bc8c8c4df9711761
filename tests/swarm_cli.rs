//! Many balls at the command line: `move --map FILE --balls N --radius R ...`, end to end through
//! the binary. The expected values are arithmetic (ball_steps = N·K), properties of the strategies
//! (a swept one never tunnels and leaves nothing overlapping; a discrete one tunnels through thin
//! walls at speed) or what a ball at rest in open space does (nothing); never taken from the code
//! under test.

use crate::support::scratch_dir;
use serde_json::Value;

/// A map file written from `rows` (top row first); returns its path.
fn map_file(name: &str, rows: &[String]) -> String {
    let path = scratch_dir("swarm-cli").join(name);
    std::fs::write(&path, rows.join("\n")).unwrap();
    path.to_string_lossy().into_owned()
}

/// A `w × h` room: a solid frame, and with `walls` a solid column every 4 cells (gaps every 6 rows).
fn room(w: usize, h: usize, walls: bool) -> Vec<String> {
    (0..h)
        .map(|row| {
            (0..w)
                .map(|col| {
                    let frame = row == 0 || row == h - 1 || col == 0 || col == w - 1;
                    let wall = walls && col % 4 == 0 && row % 6 != 3;
                    if frame || wall {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}

/// Runs `move` with the arguments: (exit code, stdout lines as JSON, stdout, stderr).
fn run(args: &[&str]) -> (i32, Vec<Value>, String, String) {
    crate::support::run(&[&["move"], args].concat(), None)
}

/// A successful run's one JSON line.
fn ok(args: &[&str]) -> Value {
    let (code, lines, raw, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert!(err.is_empty(), "{err}");
    assert_eq!(lines.len(), 1, "{raw}");
    let v = lines[0].clone();
    for key in [
        "ball_steps",
        "ns_per_ball_step",
        "tunnelled",
        "overlapping",
        "pushed_out",
        "strategy",
        "threads",
        "fast_share",
    ] {
        assert!(v.get(key).is_some(), "{key} missing in {v}");
    }
    v
}

/// A refused run: exit 2, nothing on stdout, one line on stderr naming `flag`.
fn refused(args: &[&str], flag: &str) {
    let (code, _, raw, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {raw} {err}");
    assert!(raw.is_empty(), "{args:?}: stdout {raw:?}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.starts_with(&format!("error: {flag}")), "{args:?}: {err:?} should name {flag}");
}

#[test]
fn swept_balls_neither_tunnel_nor_stay_overlapping_and_threads_agree() {
    let map = map_file("walls.txt", &room(64, 48, true));
    let args = |threads: &'static str| {
        ok(&[
            "--map",
            &map,
            "--balls",
            "3000",
            "--radius",
            "0.3",
            "--speed",
            "2",
            "--seed",
            "5",
            "--steps",
            "20",
            "--threads",
            threads,
            "--gravity",
            "0,-0.05",
        ])
    };
    let one = args("1");
    assert_eq!(one["ball_steps"], 3000 * 20);
    assert_eq!((one["balls"].as_u64(), one["steps"].as_u64()), (Some(3000), Some(20)));
    assert_eq!((one["tunnelled"].as_u64(), one["overlapping"].as_u64()), (Some(0), Some(0)), "{one}");
    assert_eq!(one["strategy"], "swept-slide-seamless");
    assert!(one["hit"].as_u64().unwrap() > 0, "balls falling in a walled room hit something: {one}");
    assert!(one["ns_per_ball_step"].as_f64().unwrap() > 0.0);
    // Each ball's step is its own: any thread count gives the same outcome counts.
    let two = args("2");
    for key in ["tunnelled", "pushed_out", "hit", "overlapping", "ball_steps"] {
        assert_eq!(one[key], two[key], "{key}: {one} vs {two}");
    }
    assert_eq!(two["threads"], 2);
}

#[test]
fn discrete_balls_tunnel_through_thin_walls() {
    // Walls one cell thick every 4 cells; balls of radius 0.2 at up to 5 cells a step: a discrete
    // strategy moves many of them straight through a wall (the sweep would have stopped them).
    let map = map_file("thin.txt", &room(64, 48, true));
    let v = ok(&[
        "--map",
        &map,
        "--balls",
        "2000",
        "--radius",
        "0.2",
        "--speed",
        "5",
        "--steps",
        "10",
        "--strategy",
        "discrete-in-order",
    ]);
    assert_eq!(v["strategy"], "discrete-in-order");
    assert!(v["tunnelled"].as_u64().unwrap() > 0, "{v}");
    let swept = ok(&[
        "--map",
        &map,
        "--balls",
        "2000",
        "--radius",
        "0.2",
        "--speed",
        "5",
        "--steps",
        "10",
        "--strategy",
        "swept-slide",
    ]);
    assert_eq!((swept["tunnelled"].as_u64(), swept["overlapping"].as_u64()), (Some(0), Some(0)), "{swept}");
}

#[test]
fn balls_at_rest_in_open_space_touch_nothing_and_a_seed_repeats() {
    // Speed 0, no gravity: no ball moves, and each was placed clear of every cell.
    let map = map_file("open.txt", &room(32, 32, false));
    let v = ok(&["--map", &map, "--balls", "500", "--radius", "0.45", "--speed", "0", "--steps", "3", "--seed", "9"]);
    assert_eq!(
        (v["hit"].as_u64(), v["pushed_out"].as_u64(), v["overlapping"].as_u64()),
        (Some(0), Some(0), Some(0)),
        "{v}"
    );
    assert_eq!(v["ball_steps"], 1500);
    let a = ok(&["--map", &map, "--balls", "400", "--radius", "0.3", "--speed", "3", "--steps", "5", "--seed", "77"]);
    let b = ok(&["--map", &map, "--balls", "400", "--radius", "0.3", "--speed", "3", "--steps", "5", "--seed", "77"]);
    assert_eq!((&a["hit"], &a["pushed_out"]), (&b["hit"], &b["pushed_out"]));
}

#[test]
fn bad_swarm_flags_are_named() {
    let map = map_file("refused.txt", &room(16, 16, false));
    let full = map_file("full.txt", &["####".to_string(), "####".to_string()]);
    let base = |extra: &[&'static str]| -> Vec<String> {
        let mut v: Vec<String> =
            ["--map", &map, "--balls", "10", "--radius", "0.3"].iter().map(|s| s.to_string()).collect();
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let call = |args: Vec<String>, flag: &str| refused(&args.iter().map(String::as_str).collect::<Vec<_>>(), flag);
    call(vec!["--map".into(), map.clone(), "--balls".into(), "0".into(), "--radius".into(), "0.3".into()], "--balls");
    call(vec!["--map".into(), map.clone(), "--balls".into(), "ten".into(), "--radius".into(), "0.3".into()], "--balls");
    for r in ["0", "-1", "NaN", "inf", "x"] {
        call(vec!["--map".into(), map.clone(), "--balls".into(), "10".into(), "--radius".into(), r.into()], "--radius");
    }
    call(vec!["--map".into(), map.clone(), "--balls".into(), "10".into()], "--balls needs --radius");
    call(vec!["--balls".into(), "10".into(), "--radius".into(), "0.3".into()], "--balls needs --map");
    call(vec!["--map".into(), full, "--balls".into(), "3".into(), "--radius".into(), "0.3".into()], "--map");
    // A ball too big for the room's 14 × 14 free cells.
    call(vec!["--map".into(), map.clone(), "--balls".into(), "3".into(), "--radius".into(), "8".into()], "--map");
    call(base(&["--speed", "-1"]), "--speed");
    call(base(&["--speed", "NaN"]), "--speed");
    call(base(&["--threads", "two"]), "--threads");
    call(base(&["--steps", "0"]), "--steps");
    call(base(&["--strategy", "fast"]), "--strategy");
    call(base(&["--gravity", "0,NaN"]), "--gravity");
    call(base(&["--circle", "1,1,0.5"]), "--circle");
    call(base(&["--seed", "-3"]), "--seed");
    // The swarm's own flags without --balls.
    refused(&["--circle", "1,1,0.5", "--velocity", "1,0", "--boxes", "", "--radius", "0.3"], "--radius");
    refused(&["--circle", "1,1,0.5", "--velocity", "1,0", "--boxes", "", "--threads", "2"], "--threads");
}
