//! `soak` at the command line: its arguments (each bad one refused with exit 2, naming the flag),
//! the JSON report's shape and exit status, and a reproducer line replayed to the same finding.
//! The checks themselves are tested in `crates/world-soak/tests/`.

use serde_json::Value;

/// Runs `soak` with the arguments; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let (code, _, out, err) = crate::support::run(&[&["soak"], args].concat(), None);
    (code, out, err)
}

#[test]
fn bad_arguments_are_refused_naming_the_flag() {
    for (args, flag) in [
        (&["--steps", "0"][..], "--steps"),
        (&["--steps", "many"], "--steps"),
        (&["--seed", "-1"], "--seed"),
        (&["--strategy", "sideways"], "--strategy"),
        (&["--keep", "x"], "--keep"),
        (&["--threads", "0"], "--threads"),
        (&["--run", "1.5"], "--run"),
        (&["--replay", "strategy=merged cell=1"], "--replay"),
        (&["--replay", "strategy=merged bogus=1"], "--replay"),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.starts_with(&format!("error: {flag}")), "{args:?}: {err}");
    }
}

#[test]
fn a_report_counts_every_check_and_its_reproducers_replay() {
    let (code, out, err) = run(&["--steps", "20000", "--strategy", "plane-solver", "--threads", "2", "--json"]);
    let report: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"));
    let s = &report["strategies"][0];
    assert_eq!((s["strategy"].as_str(), s["steps"].as_u64()), (Some("plane-solver"), Some(20000)));
    let counts = s["violations"].as_object().unwrap();
    assert_eq!(counts.len(), 12);
    let total: u64 = counts.values().filter_map(Value::as_u64).sum();
    assert_eq!(report["violations"].as_u64(), Some(total));
    assert_eq!(code, i32::from(total > 0), "{err}");
    let kinds: u64 = s["kinds"].as_object().unwrap().values().filter_map(Value::as_u64).sum();
    assert_eq!(kinds, 20000);
    // The plane solver is a lesson: in 20,000 steps it breaks something; each kept case replays.
    let first = s["first"].as_array().unwrap();
    assert!(!first.is_empty());
    for v in first.iter().take(4) {
        let (code, out, err) = run(&["--replay", v["repro"].as_str().unwrap(), "--json"]);
        assert_eq!(code, 1, "{err}");
        let replay: Value = serde_json::from_str(out.trim()).unwrap();
        let found =
            replay["steps"].as_array().unwrap().iter().flat_map(|st| st["violations"].as_array().unwrap().clone());
        let check = v["check"].as_str().unwrap();
        assert!(found.into_iter().any(|x| x["check"] == check), "{check} does not replay: {}", v["repro"]);
    }
}
