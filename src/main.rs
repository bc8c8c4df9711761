//! Entry point: dispatches to the window-free commands before any window code runs, otherwise
//! opens the interactive demo.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use circle_aabb_lab::cli::{Cli, Command};
    use clap::Parser;

    let cli = Cli::parse();
    match &cli.command {
        Some(Command::Query(args)) => std::process::exit(circle_aabb_lab::cli::query::run(args)),
        Some(Command::Bench(args)) => std::process::exit(circle_aabb_lab::cli::bench::run(args)),
        None => run_gui(cli.gui),
    }
}

#[cfg(all(not(target_arch = "wasm32"), feature = "gui"))]
fn run_gui(args: circle_aabb_lab::cli::GuiArgs) {
    let _ = args;
    eprintln!("the interactive demo is not built yet");
}

#[cfg(all(not(target_arch = "wasm32"), not(feature = "gui")))]
fn run_gui(_args: circle_aabb_lab::cli::GuiArgs) {
    eprintln!(
        "error: this build has no graphics (built without the `gui` feature); try `circle-aabb-lab query --help`"
    );
    std::process::exit(2);
}

#[cfg(target_arch = "wasm32")]
fn main() {}
