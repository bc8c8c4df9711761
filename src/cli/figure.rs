//! `--svg FILE`: the 2D scene as a vector figure, written with no window (see [`crate::figure`]).

use super::{scene_options, GuiArgs};

/// Writes the figure the arguments describe. Every argument is checked before anything is written:
/// a bad one is named and the status is 2, and no file is left behind; so is a file that cannot be
/// written. Returns the exit status.
pub fn run(args: &GuiArgs) -> i32 {
    match write(args) {
        Ok(()) => 0,
        Err(msg) => {
            eprintln!("error: {msg}");
            2
        }
    }
}

fn write(args: &GuiArgs) -> Result<(), String> {
    let Some(path) = &args.svg else { return Err("--svg: no file given".to_string()) };
    if path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() != Some("svg") {
        return Err(format!("--svg: {} must end in .svg", path.display()));
    }
    if args.screenshot.is_some() {
        return Err("--svg: give --screenshot in a run of its own (one picture a run)".to_string());
    }
    if args.frame_stats.is_some() {
        return Err("--svg: --frame-stats needs the window; --svg runs without one".to_string());
    }
    let scene = scene_options(args)?;
    let state = crate::figure::state_for(scene);
    let text = crate::figure::svg(&state).map_err(|e| format!("--svg: {e}"))?;
    std::fs::write(path, text).map_err(|e| format!("--svg: cannot write {}: {e}", path.display()))
}
