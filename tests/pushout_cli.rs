//! The push-out at the command line: `move --map` with `--outside` and `--prefer`, on issue 35's
//! two reproducers (docs/maps/thick-floor.txt, docs/maps/corridor.txt), end to end through the
//! binary. Expected positions are worked out by hand next to each case.

use crate::support::floats;
use serde_json::Value;

fn map(name: &str) -> String {
    format!("{}/docs/maps/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> (i32, Vec<Value>, String, String) {
    crate::support::run(&[&["move"], args].concat(), None)
}

/// The final object of a successful run.
fn end(args: &[&str]) -> [f64; 2] {
    let (code, lines, _, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    let v = floats(&lines.last().expect("a line")["end"]);
    [v[0], v[1]]
}

/// A refused run: exit 2, one line on stderr; returns it.
fn refused(args: &[&str]) -> String {
    let (code, _, raw, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {raw} {err}");
    assert!(raw.is_empty() && err.lines().count() == 1 && !err.contains("panicked"), "{err}");
    err.trim_end().to_string()
}

/// A character (r = 0.41) spawned at the middle of a floor three rows thick at the bottom of the
/// map (top y = 3): by default on top, y = 3 + 0.41; with `--outside empty --prefer none` (the old
/// rule) down under the level, y = −0.41. One step, no velocity, no gravity.
#[test]
fn a_character_in_a_thick_floor_comes_out_on_top_from_the_cli() {
    let m = map("thick-floor.txt");
    let base = ["--map", m.as_str(), "--circle", "3.5,1.5,0.41", "--velocity", "0,0", "--steps", "1"];
    assert_eq!(end(&base), [3.5, 3.41]);
    assert_eq!(end(&[&base[..], &["--prefer", "up", "--outside", "solid"]].concat()), [3.5, 3.41]);
    assert_eq!(end(&[&base[..], &["--outside", "empty", "--prefer", "none"]].concat()), [3.5, -0.41]);
    assert_eq!(end(&[&base[..], &["--outside", "empty", "--prefer", "down"]].concat()), [3.5, -0.41]);
    // The outside solid alone keeps it in the map, whatever the rule.
    assert_eq!(end(&[&base[..], &["--prefer", "down"]].concat()), [3.5, 3.41]);
}

/// A ball of radius 0.5 one cell low, in the bottom wall of a corridor one cell high (y ∈ [1, 2]):
/// by default into the corridor, y = 1.5; the old rule sent it out under the map, y = −0.5.
#[test]
fn a_big_ball_in_a_corridor_stays_in_it_from_the_cli() {
    let m = map("corridor.txt");
    let base = ["--map", m.as_str(), "--circle", "4.5,0.5,0.5", "--velocity", "0,0", "--steps", "1"];
    assert_eq!(end(&base), [4.5, 1.5]);
    assert_eq!(end(&[&base[..], &["--outside", "empty", "--prefer", "none"]].concat()), [4.5, -0.5]);
}

/// Bad values name the flag and list the choices; the flags need a map (or the tile stepper).
#[test]
fn bad_push_out_flags_are_refused_naming_the_flag() {
    let m = map("corridor.txt");
    let base = ["--map", m.as_str(), "--circle", "4.5,1.5,0.5", "--velocity", "0,0"];
    let e = refused(&[&base[..], &["--prefer", "sideways"]].concat());
    assert!(e.contains("--prefer") && e.contains("up, down, none"), "{e}");
    let e = refused(&[&base[..], &["--outside", "lava"]].concat());
    assert!(e.contains("--outside") && e.contains("empty, solid"), "{e}");
    let e = refused(&["--boxes", "0,0,1,1", "--circle", "0.5,0.5,0.2", "--velocity", "0,0", "--outside", "solid"]);
    assert!(e.contains("--outside: only with --map"), "{e}");
    let e =
        refused(&["--controller", "--map", m.as_str(), "--circle", "4.5,1.5,0.5", "--input", "R", "--prefer", "up"]);
    assert!(e.contains("--prefer: not with --controller"), "{e}");
}
