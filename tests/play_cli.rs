//! The demo's Play mode and `move --controller` speak one script language: a run written as Play's
//! scene text (`inputs=`) replays at the command line, on the level's map with the playground's
//! step of 1/120 s, to the same place, bit for bit. (Where no ledge is climbed: Play's step height
//! is one cell, the command line's the controller's default, half a unit.)

use crate::support::bin;
use circle_aabb_lab::app::levels::{level_index, LEVELS};
use circle_aabb_lab::app::playground::STEP_SECONDS;
use circle_aabb_lab::app::{SceneOptions, State};

#[test]
fn a_play_run_replays_at_the_command_line() {
    let level = &LEVELS[level_index("course-run").unwrap()];
    let ascii: String = level.ascii.lines().map(|l| format!("{}\n", l.trim())).collect();
    let path = std::env::temp_dir().join(format!("play-cli-{}-course-run.txt", std::process::id()));
    std::fs::write(&path, ascii).unwrap();
    // Up through the one-way platform, onto it, run on, stop, drop through it (down + jump), stand.
    for script in ["R*30,RJ*40,R*30,N*40,DJ,N*60", "L*20,R*10,RJ*5,N*30,RJ*45,N*100"] {
        let steps = circle_aabb_lab::app::playground::script::InputScript::parse(script).unwrap().steps();
        let scene = format!("play=on&level=course-run&inputs={script}&steps={steps}");
        let s = State::new(SceneOptions::from_fragment(&scene).unwrap());
        let end = s.playground.play.player.position();
        let (x, y, r) = (level.ball[0], level.ball[1], level.ball[2]);
        let out = bin()
            .args(["move", "--controller", "--json", "--map"])
            .arg(&path)
            .args(["--circle", &format!("{x},{y},{r}"), "--dt", &STEP_SECONDS.to_string(), "--input", script])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        let cli: Vec<f32> = last["end"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap() as f32).collect();
        assert_eq!(cli, end, "{script}: the command line ends at {cli:?}, Play at {end:?}");
        assert_eq!(last["steps"].as_u64(), Some(steps as u64), "{script}");
    }
    std::fs::remove_file(&path).ok();
}
