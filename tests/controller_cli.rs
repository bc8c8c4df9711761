//! The character controller at the command line: `move --controller --input SCRIPT`, end to end
//! through the binary, on `docs/maps/jump-through.txt` (10 × 6 cells of 1: the floor, row 0, top y = 1;
//! a one-way platform, cells 3–6 of row 2, covering [3, 7] × [2, 3], top y = 3).
//!
//! Expected numbers are hand arithmetic written next to them (dyadic where compared exactly), or
//! properties; never taken from the output.

use crate::support::{bin, floats};
use serde_json::Value;

fn one_way_map() -> String {
    format!("{}/docs/maps/jump-through.txt", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `move --controller --map jump-through.txt ARGS`; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let map = one_way_map();
    let out = bin().args(["move", "--controller", "--map", &map]).args(args).output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

/// A `--json` run: its lines (the trace, then the object).
fn json(args: &[&str]) -> Vec<Value> {
    let (code, out, err) = run(&[args, &["--json"]].concat());
    assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
    assert!(!out.contains("null"), "{out}");
    crate::support::json_lines(&out)
}

/// A refused run: exit 2, nothing on stdout, one line on stderr; returns that line.
fn refused(args: &[&str]) -> String {
    let out = bin().args(args).output().unwrap();
    let (stdout, stderr) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stdout} {stderr}");
    assert!(stdout.is_empty() && stderr.lines().count() == 1, "{args:?}: {stdout:?} {stderr:?}");
    stderr.trim_end().to_string()
}

/// Up through the one-way platform and onto it. A ball of radius 0.5 stands on the floor under the
/// platform (centre (4.5, 1.5)); `N,J*30,N*40`: one step to find the ground, the jump held 30 steps
/// (at 12 u/s with 30 u/s² a held jump rises 2.4 u in 0.4 s, 24 steps at 60 Hz: its feet reach
/// about 1 + 2.4 = 3.4, above the platform's top 3), then nothing. It passes up through the
/// platform — no step reports a ceiling — and comes down on top: centre 3 + 0.5 = 3.5 exactly,
/// grounded, normal (0, 1). Events over the run: landed twice (the first step, the platform),
/// jumped and left the ground once.
#[test]
fn controller_cli_jumps_up_through_a_one_way_platform_and_lands_on_it() {
    let lines = json(&["--circle", "4.5,1.5,0.5", "--input", "N,J*30,N*40", "--trace"]);
    assert_eq!(lines.len(), 71 + 1);
    let (trace, end) = (&lines[..71], &lines[71]);
    for (k, l) in trace.iter().enumerate() {
        assert_eq!(l["step"], k);
        assert_eq!(l["on_ceiling"], false, "{l}");
    }
    assert_eq!(trace[1]["input"], "J");
    assert_eq!(trace[1]["events"], serde_json::json!(["left-ground", "jumped"]));
    let feet = |l: &Value| floats(&l["position"])[1] - 0.5;
    assert!(trace.iter().any(|l| feet(l) > 3.2), "the feet rose above the top");
    let land = trace.iter().rposition(|l| l["events"].as_array().unwrap().iter().any(|e| e == "landed")).unwrap();
    assert!(land > 24, "on the way down");
    assert_eq!(floats(&trace[land]["position"]), [4.5, 3.5]);
    assert_eq!(end["controller"], true);
    assert_eq!((end["steps"].as_u64(), end["grounded"].as_bool()), (Some(71), Some(true)));
    assert_eq!(floats(&end["start"]), [4.5, 1.5]);
    assert_eq!(floats(&end["end"]), [4.5, 3.5]);
    assert_eq!(floats(&end["velocity"]), [0.0, 0.0]);
    assert_eq!(floats(&end["ground_normal"]), [0.0, 1.0]);
    let events = &end["events"];
    // One landing: the spawn standing on the floor is none.
    assert_eq!((events["landed"].as_u64(), events["jumped"].as_u64()), (Some(1), Some(1)));
    assert_eq!((events["left-ground"].as_u64(), events["hit-ceiling"].as_u64()), (Some(1), Some(0)));
}

/// Down + jump on the platform drops through it: standing on it (centre (4.5, 3.5)), `N,DJ,N*60`:
/// a drop event, no jump, and it lands on the floor (centre 1 + 0.5 = 1.5).
#[test]
fn controller_cli_drops_through_with_down_and_jump() {
    let lines = json(&["--circle", "4.5,3.5,0.5", "--input", "N,DJ,N*60"]);
    let end = &lines[0];
    assert_eq!(floats(&end["end"]), [4.5, 1.5]);
    assert_eq!(end["grounded"], true);
    let events = &end["events"];
    assert_eq!((events["dropped-through"].as_u64(), events["jumped"].as_u64()), (Some(1), Some(0)));
    assert_eq!(events["landed"].as_u64(), Some(1), "on the floor; the spawn on the platform is no landing");
}

/// Text: one line per step with `--trace`, then the summary. Running right from (1.5, 1.5) for 10
/// steps toward 6 u/s: spawned standing, it is on the ground from its first step, so it
/// accelerates at the ground's 60 u/s²: 1, 2, …, 6 (each 60·(1/60) rounds to 1 in f32). The summary ends with velocity (6, 0), grounded, and no
/// event: a spawn standing on the floor is no landing.
#[test]
fn controller_cli_text_lines() {
    let (code, out, err) = run(&["--circle", "1.5,1.5,0.5", "--input", "R*10", "--trace"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 11, "{out}");
    for (k, l) in lines[..10].iter().enumerate() {
        assert!(l.starts_with(&format!("step {k} R: position (")) && l.contains(" grounded"), "{l}");
    }
    // Spawned standing on the floor: no landing, then or after.
    assert!(lines[0].ends_with(" grounded"), "{}", lines[0]);
    assert!(lines[0].contains("velocity (1, 0)") && lines[1].contains("velocity (2, 0)"), "{out}");
    assert!(lines[5].contains("velocity (6, 0)") && lines[4].contains("velocity (5, 0)"), "{out}");
    let end = lines[10];
    assert!(end.starts_with("end after 10 steps (0.1667 s): position ("), "{end}");
    assert!(end.ends_with("velocity (6, 0) grounded; events: none"), "{end}");
    // Without --trace: the summary alone.
    let (_, out, _) = run(&["--circle", "1.5,1.5,0.5", "--input", "R*10"]);
    assert_eq!(out.lines().collect::<Vec<_>>(), [end]);
}

/// A bad script or flag is refused naming it, exit 2, nothing on stdout.
#[test]
fn controller_cli_refuses_bad_scripts_and_flags() {
    let map = one_way_map();
    let base = ["move", "--controller", "--map", &map, "--circle", "4.5,1.5,0.5"];
    let with = |extra: &[&str]| refused(&[&base[..], extra].concat());
    assert_eq!(
        with(&["--input", "R*30,J,X*2"]),
        "error: --input: token 3 \"X*2\": unknown key 'X' (keys: R right, L left, N none, J jump, D down)"
    );
    assert!(with(&["--input", "R*0"]).starts_with("error: --input: token 1 \"R*0\": the repeat count \"0\""));
    assert!(with(&["--input", "N,RL"]).starts_with("error: --input: token 2 \"RL\": 'R' and 'L' together"));
    assert!(with(&["--input", "R,,N"]).starts_with("error: --input: token 2 \"\": no key"));
    assert!(with(&["--input", "R", "--dt", "0"]).starts_with("error: --dt: must be in (0, 1] seconds"));
    assert!(with(&["--input", "R", "--dt", "x"]).starts_with("error: --dt: \"x\" is not a number"));
    assert!(with(&["--input", "R", "--steps", "3"]).starts_with("error: --steps: not with --controller"));
    assert!(with(&["--input", "R", "--strategy", "nope"]).starts_with("error: --strategy: \"nope\" is not a strategy"));
    assert!(with(&[]).starts_with("error: --controller needs --input SCRIPT"));
    let e = refused(&["move", "--controller", "--circle", "1,1,0.5", "--input", "R"]);
    assert_eq!(e, "error: --controller needs --map FILE (or --boxes)");
    let e = refused(&["move", "--circle", "1,1,0.5", "--velocity", "1,0", "--boxes", "", "--input", "R"]);
    assert_eq!(e, "error: --input: only with --controller");
}

/// A level with moving boxes (`docs/maps/platforms.txt`, Course 5 of the demo: `mover` lines after
/// the map). From x = 7.5 on the floor (top 2), half a second right takes the character onto the
/// platform at the pit's edge (x 9 … 12, moving right at 2 u/s), then it stands still and is
/// carried: after 2.5 s the platform spans x 14 … 17, and the character stands on it (y = 2.4),
/// `carried` in most steps and never `left-ground` or `landed` once on it.
#[test]
fn a_level_with_moving_boxes_carries_the_character() {
    let map = format!("{}/docs/maps/platforms.txt", env!("CARGO_MANIFEST_DIR"));
    let out = bin()
        .args(["move", "--controller", "--circle", "7.5,2.4,0.4", "--map", &map, "--input", "R*30,N*120", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = crate::support::json_lines(&String::from_utf8(out.stdout).unwrap()).pop().unwrap();
    let end = floats(&v["end"]);
    assert!(v["grounded"].as_bool().unwrap() && end[1] == 2.4 && (14.0..=17.0).contains(&end[0]), "{v}");
    assert!(v["events"]["carried"].as_u64().unwrap() > 100, "{v}");
    assert_eq!(v["events"]["landed"].as_u64(), Some(0), "{v}");
}

/// A bad `mover` line names the file, its line and column and the field; the plain ball step
/// (`move` without `--controller`) refuses a level with moving boxes, saying who reads them.
#[test]
fn a_bad_mover_line_names_its_line_column_and_field() {
    let dir = std::env::temp_dir().join(format!("movers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (line, want) in [
        ("mover 0,1,1,1.5 fast 0,0 1,0", ":3:17: the speed: \"fast\" is not a number > 0"),
        ("mover 0,1,1 2 0,0", ":3:7: the box X0,Y0,X1,Y1: \"0,1,1\" is not 4 finite numbers"),
        ("mover 0,1,1,1.5 2", ":3:18: the offsets DX,DY missing"),
        ("mover 0,1,1,1.5 2 0,0 x,1", ":3:23: an offset DX,DY: \"x,1\""),
    ] {
        let path = dir.join("level.txt");
        std::fs::write(&path, format!("#..#\n####\n{line}\n")).unwrap();
        let p = path.to_str().unwrap();
        let e = refused(&["move", "--controller", "--circle", "1.5,1.4,0.4", "--map", p, "--input", "N*3"]);
        assert!(e.contains(&format!("{p}{want}")), "{line}: {e}");
    }
    let map = format!("{}/docs/maps/platforms.txt", env!("CARGO_MANIFEST_DIR"));
    let e = refused(&["move", "--circle", "1.5,1.4,0.4", "--map", &map, "--velocity", "1,0"]);
    assert!(e.contains("platforms.txt:13:1: moving boxes ('mover' lines) are read by `move --controller` only"), "{e}");
}
