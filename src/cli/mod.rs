//! The command line: argument definitions (clap) and the window-free commands.
//! `query`, `move`, `bench` and `soak` never touch graphics, so they run on a machine with no display.

pub mod bench;
pub mod controller;
pub mod figure;
pub mod motion;
pub mod query;
pub mod soak;
pub mod swarm;

use clap::{Args, Parser, Subcommand};

/// Circle/sphere vs AABB overlap tests: the interactive demo, and commands for scripts.
///
/// Without a subcommand, opens the interactive demo (or renders one frame with --screenshot).
#[derive(Parser, Debug)]
#[command(name = "circle-aabb-lab", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub gui: GuiArgs,
}

/// Options of the interactive demo.
#[derive(Args, Debug, Default, Clone)]
pub struct GuiArgs {
    /// Render one frame (panel included) to this PNG file and exit. Needs a display (Xvfb will do).
    #[arg(long, value_name = "OUT.png")]
    pub screenshot: Option<std::path::PathBuf>,
    /// Write the 2D scene as a vector figure (SVG 1.1) to this file and exit: no window, no display.
    /// Takes the scene arguments --screenshot takes (--size gives the window whose canvas it draws,
    /// so positions match the screenshot's pixels).
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<std::path::PathBuf>,
    /// Run the demo this many seconds (no input), print the frame-time readout's figures (key F)
    /// to stdout and exit: what `scripts/test-desktop.sh` records. Needs a display.
    #[arg(long, value_name = "SECONDS")]
    pub frame_stats: Option<f32>,
    /// Initial circle: centre and radius.
    #[arg(long, value_name = "CX,CY,R", allow_hyphen_values = true)]
    pub circle: Option<String>,
    /// Initial box: min and max corners; 6 numbers (MINX,MINY,MINZ,MAXX,MAXY,MAXZ) give the 3D box.
    #[arg(long = "box", value_name = "MINX,MINY,MAXX,MAXY", allow_hyphen_values = true)]
    pub aabb: Option<String>,
    /// Selected algorithm id (arvo, qri, qrf, branchless, fold, zones, clamp, planes, planes_naive).
    #[arg(long, value_name = "ID")]
    pub algorithm: Option<String>,
    /// Response case: auto, outside or inside.
    #[arg(long = "case", value_name = "auto|outside|inside")]
    pub case: Option<String>,
    /// Window size for --screenshot.
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,
    /// The whole scene as text, as "copy scene" and the web page's URL fragment give it, e.g.
    /// 'algorithm=planes_naive&circle=3.2,2.7,1.5&box=-2,-1,2,1.5&overlay=agreement'. Keys: circle,
    /// box, algorithm, case, overlay (none|agreement|distance), published (0|1), compare (an id),
    /// arvo (solid-solid|solid-hollow|hollow-solid|hollow-hollow), tour (CHAPTER:STEP, e.g. motion:2;
    /// chapters still, motion, tiles, 3d, game; a bare N is still:N). --circle, --box,
    /// --algorithm and --case given as well override it. Motion keys: motion (on|off), velocity (VX,VY),
    /// response (slide|bounce), restitution (0..1). 3D keys: view (2d|3d), sphere (CX,CY,CZ,R), box3 (6
    /// numbers), camera (YAW,PITCH,DISTANCE,TX,TY,TZ), views (1|4), slice (x|y|z|off), xray (on|off),
    /// grown (off|rounded|square|both), velocity3 (VX,VY,VZ|off).
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    pub scene: Option<String>,
    /// Opens the demo in motion mode with this velocity: the swept circle, its time of impact and the
    /// slide or bounce after it. With --sphere, three numbers: the swept sphere in the 3D view.
    #[arg(long, value_name = "VX,VY[,VZ]", allow_hyphen_values = true)]
    pub velocity: Option<String>,
    /// Start with reduced motion on: no animation unless asked (motion mode's Play jumps to the end,
    /// the playground waits paused for G, the panel does not animate). The environment variable
    /// CIRCLE_AABB_LAB_REDUCED_MOTION=1 does the same; the panel's switch turns it off again.
    #[arg(long)]
    pub reduced_motion: bool,
    /// Opens the 3D view with this sphere (centre and radius); --box then takes 6 numbers.
    #[arg(long, value_name = "CX,CY,CZ,R", allow_hyphen_values = true)]
    pub sphere: Option<String>,
    /// The view to open: 2d (circle against rectangle) or 3d (sphere against box).
    #[arg(long, value_name = "2d|3d")]
    pub view: Option<String>,
}

/// The scene the demo's arguments describe: `--scene`, then `--circle`, `--box`, `--algorithm`,
/// `--case`, `--size`, `--sphere`, `--view` and `--velocity` over it. A bad value is an error naming
/// its argument (`--scene: …`, `--circle: …`). A picture (`--screenshot`, `--svg`) of a scene given on
/// the command line shows that scene, not the newcomer's hint (unless the scene text asks for it
/// with `hint=on`); the default scene's picture shows it.
pub fn scene_options(args: &GuiArgs) -> Result<crate::app::SceneOptions, String> {
    use crate::app::SceneOptions;
    let base = match args.scene.as_deref() {
        Some(text) => SceneOptions::from_fragment(text).map_err(|e| format!("--scene: {e}"))?,
        None => SceneOptions::default(),
    };
    let mut scene = base
        .with_args(
            args.circle.as_deref(),
            args.aabb.as_deref(),
            args.algorithm.as_deref(),
            args.case.as_deref(),
            args.size.as_deref(),
        )
        .and_then(|o| o.with_3d(args.sphere.as_deref(), args.view.as_deref(), args.aabb.as_deref()))
        .and_then(|o| o.with_velocity(args.velocity.as_deref()))
        .map_err(|e| format!("--{e}"))?;
    let explicit = args.scene.is_some()
        || args.circle.is_some()
        || args.aabb.is_some()
        || args.algorithm.is_some()
        || args.case.is_some()
        || args.sphere.is_some()
        || args.view.is_some()
        || args.velocity.is_some();
    let picture = args.screenshot.is_some() || args.svg.is_some();
    if picture && explicit && !args.scene.as_deref().is_some_and(|t| t.contains("hint=")) {
        scene.presentation.hint = false;
    }
    Ok(scene)
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Test one circle/sphere against one box (optionally swept by a velocity), or many from CSV; print JSON lines.
    #[command(long_about = query::LONG_ABOUT)]
    Query(query::QueryArgs),
    /// Move a circle/sphere through several boxes (slide or bounce, N steps) and print JSON.
    #[command(long_about = motion::LONG_ABOUT)]
    // Boxed: its many optional flags make it the largest variant by far (clippy::large_enum_variant).
    Move(Box<motion::MoveArgs>),
    /// Measure every algorithm, the contact + push-out and the batched kernels; print a table or JSON.
    #[command(long_about = bench::LONG_ABOUT)]
    Bench(bench::BenchArgs),
    /// Soak the world step: seeded maps and awkward places, every step checked; counts per invariant.
    #[command(long_about = soak::LONG_ABOUT)]
    Soak(soak::SoakArgs),
}

/// A checked request's output on stdout (exit status 0), or its error on stderr with nothing on
/// stdout (exit status 2: bad arguments).
fn print_or_refuse<R>(
    request: Result<R, String>,
    write: impl FnOnce(R, &mut std::io::BufWriter<std::io::StdoutLock<'static>>) -> std::io::Result<()>,
) -> i32 {
    use std::io::Write as _;
    match request {
        Ok(request) => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            let _ = write(request, &mut out).and_then(|()| out.flush());
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}

/// Runs `move`: the character controller with `--controller`, the balls' swarm with `--balls`,
/// the plain move or the tile-map stepper otherwise. (Chosen here, so that `controller`, which reads `move`'s arguments, and
/// `motion` do not import each other.)
pub fn run_move(args: &motion::MoveArgs) -> i32 {
    let swarm_only = [
        ("--radius", args.radius.is_some()),
        ("--speed", args.speed.is_some()),
        ("--seed", args.seed.is_some()),
        ("--threads", args.threads.is_some()),
    ];
    if args.balls.is_some() {
        print_or_refuse(swarm::request_from_args(args), |r, out| r.run_to(out))
    } else if let Some((flag, _)) = swarm_only.iter().find(|(_, on)| *on) {
        eprintln!("error: {flag}: only with --balls N");
        2
    } else if args.controller {
        print_or_refuse(controller::request_from_args(args), |r, out| r.run_to(out))
    } else {
        print_or_refuse(motion::request_from_args(args), |r, out| r.run_to(out))
    }
}
