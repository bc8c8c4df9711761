//! Entry point: dispatches to the window-free commands before any window code runs, otherwise
//! opens the interactive demo.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use circle_aabb_lab::cli::{Cli, Command};
    use clap::Parser;

    let cli = Cli::parse();
    match &cli.command {
        Some(Command::Query(args)) => std::process::exit(circle_aabb_lab::cli::query::run(args)),
        Some(Command::Move(args)) => std::process::exit(circle_aabb_lab::cli::run_move(args)),
        Some(Command::Bench(args)) => std::process::exit(circle_aabb_lab::cli::bench::run(args)),
        Some(Command::Soak(args)) => std::process::exit(circle_aabb_lab::cli::soak::run(args)),
        // A vector figure needs no window: written before any window code runs (and without `gui`).
        None if cli.gui.svg.is_some() => std::process::exit(circle_aabb_lab::cli::figure::run(&cli.gui)),
        None => run_gui(cli.gui),
    }
}

/// Opens the demo, or renders one frame to a PNG with `--screenshot`. Every argument is checked
/// before any window opens; a bad one is named and the exit status is 2.
#[cfg(all(not(target_arch = "wasm32"), feature = "gui"))]
fn run_gui(args: circle_aabb_lab::cli::GuiArgs) {
    use circle_aabb_lab::gui::{start, RunOptions};

    let fail = |msg: String| -> ! {
        eprintln!("error: {msg}");
        std::process::exit(2);
    };
    let scene = circle_aabb_lab::cli::scene_options(&args).unwrap_or_else(|e| fail(e));
    if let Some(path) = &args.screenshot {
        if path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() != Some("png") {
            fail(format!("--screenshot: {} must end in .png", path.display()));
        }
        if path.to_str().is_none() {
            fail(format!("--screenshot: {} is not valid UTF-8", path.display()));
        }
        // Fail now, not after the window opened, if the file cannot be written (and leave no
        // empty file behind if rendering fails later).
        let existed = path.exists();
        match std::fs::OpenOptions::new().append(true).create(true).open(path) {
            Ok(_) if !existed => {
                let _ = std::fs::remove_file(path);
            }
            Ok(_) => {}
            Err(e) => fail(format!("--screenshot: cannot write {}: {e}", path.display())),
        }
    }
    if let Some(t) = args.frame_stats {
        if !(t.is_finite() && t > 0.0 && t <= 3600.0) {
            fail(format!("--frame-stats: {t} is not a number of seconds in (0, 3600]"));
        }
    }
    // A value that is not UTF-8 arrives with replacement characters: refused, named, like any other.
    let env =
        std::env::var_os(circle_aabb_lab::app::status::REDUCED_MOTION_ENV).map(|v| v.to_string_lossy().into_owned());
    let reduced_motion = circle_aabb_lab::app::status::reduced_motion_setting(args.reduced_motion, env.as_deref())
        .unwrap_or_else(|e| fail(e));
    start(RunOptions { scene, screenshot: args.screenshot, reduced_motion, frame_stats: args.frame_stats });
}

#[cfg(all(not(target_arch = "wasm32"), not(feature = "gui")))]
fn run_gui(_args: circle_aabb_lab::cli::GuiArgs) {
    eprintln!(
        "error: this build has no graphics (built without the `gui` feature); try `circle-aabb-lab query --help`"
    );
    std::process::exit(2);
}

/// On the web: the demo with the default scene (the page may pass a URL fragment; see
/// `SceneOptions::from_fragment`).
#[cfg(all(target_arch = "wasm32", feature = "gui"))]
fn main() {
    let scene = scene_from_fragment(&quad_url::get_hash());
    circle_aabb_lab::gui::start(circle_aabb_lab::gui::RunOptions { scene, ..Default::default() });
}

/// The scene a URL fragment asks for (`#algorithm=fold&circle=1,2,3&box=0,0,4,2&case=inside`). Bad
/// parts never stop the page: each `key=value` is kept only if the fragment still parses with it, so an
/// unknown key or a bad value leaves that field at its default, silently.
#[cfg(all(target_arch = "wasm32", feature = "gui"))]
fn scene_from_fragment(fragment: &str) -> circle_aabb_lab::app::SceneOptions {
    use circle_aabb_lab::app::SceneOptions;
    let mut kept = String::new();
    for pair in fragment.trim_start_matches('#').split('&').filter(|p| !p.is_empty()) {
        let candidate = if kept.is_empty() { pair.to_string() } else { format!("{kept}&{pair}") };
        if SceneOptions::from_fragment(&candidate).is_ok() {
            kept = candidate;
        }
    }
    SceneOptions::from_fragment(&kept).unwrap_or_default()
}

#[cfg(all(target_arch = "wasm32", not(feature = "gui")))]
fn main() {}
