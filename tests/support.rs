//! What the integration tests share: the binary run with no display, its output read as JSON lines,
//! number arrays out of JSON, a scratch folder per process, and the one `bench --quick --json` run
//! that every benchmark test reads (the engine runs once per test binary, not once per test).

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The app's binary with no display in its environment: the commands never open a window, so they
/// must work with no display at all.
pub fn bin() -> Command {
    let mut cmd = Command::cargo_bin("circle-aabb-lab").unwrap();
    cmd.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    cmd
}

/// Stdout read as one JSON object per line.
pub fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not one JSON object per line: {l:?}: {e}")))
        .collect()
}

/// Runs the binary (`stdin` fed in when given); returns (exit code, stdout lines parsed as JSON,
/// raw stdout, stderr).
pub fn run(args: &[&str], stdin: Option<&str>) -> (i32, Vec<Value>, String, String) {
    let mut cmd = bin();
    cmd.args(args);
    if let Some(s) = stdin {
        cmd.write_stdin(s);
    }
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    (out.status.code().unwrap_or(-1), json_lines(&stdout), stdout, String::from_utf8(out.stderr).unwrap())
}

/// The stdout of `circle-aabb-lab ARGS --help`.
pub fn help(args: &[&str]) -> String {
    let out = bin().args(args).arg("--help").output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A JSON array of numbers.
pub fn floats(v: &Value) -> Vec<f64> {
    v.as_array().unwrap_or_else(|| panic!("not an array: {v}")).iter().map(|x| x.as_f64().unwrap()).collect()
}

/// A fresh folder in the system's temporary folder, named after `name` and this process.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What `bench --quick --json --plot FILE.svg` printed and drew.
pub struct BenchQuick {
    /// The one JSON object on stdout.
    pub json: Value,
    /// The SVG file's text.
    pub svg: String,
}

/// `bench --quick --json --plot FILE.svg`, run the first time it is asked for and shared after
/// that; the run must succeed (exit 0: every hit count right). The binary is this profile's, or the
/// one `BENCH_QUICK_BIN` names: `scripts/check.sh` points it at the release build, where the quick
/// run takes about a minute instead of ten in a debug build.
pub fn bench_quick() -> &'static BenchQuick {
    static RUN: OnceLock<BenchQuick> = OnceLock::new();
    RUN.get_or_init(|| {
        let svg = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-ceiling.svg");
        let _ = std::fs::remove_file(&svg);
        let mut bench = match std::env::var_os("BENCH_QUICK_BIN") {
            Some(bin) => Command::new(bin),
            None => Command::cargo_bin("circle-aabb-lab").unwrap(),
        };
        let out = bench.args(["bench", "--quick", "--json", "--plot"]).arg(&svg).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let json = serde_json::from_slice(&out.stdout).unwrap();
        BenchQuick { json, svg: std::fs::read_to_string(&svg).unwrap() }
    })
}
