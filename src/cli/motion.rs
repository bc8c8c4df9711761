//! `circle-aabb-lab move`: a ball moved through several boxes with the core's slide or bounce, one
//! move per step like a frame loop, printed as one JSON object.

use crate::format::{parse_numbers, NumbersError};
use crate::geom::motion::{move_ball, Reaction};
use crate::geom::oriented::{move_mixed, Collider};
use crate::geom::world::{self, BoxList, MapError, Mover, Params, Path, StrategyId, TileMap, World, STRATEGIES};
use crate::geom::{shape::AXES, Aabb, Ball, Circle, Hit, Motion, OrientedBox3, OrientedRect, Rect, ShapeError};
use crate::report::Rotation;
use crate::report::{num, nums};
use clap::Args;
use serde_json::{json, Value};
use std::io::Write;

pub const LONG_ABOUT: &str = "\
Move a circle/sphere through several boxes (slide along them, or bounce off them) and print one JSON object.

  circle-aabb-lab move --circle CX,CY,R --velocity VX,VY --boxes \"MINX,MINY,MAXX,MAXY;...\"
  circle-aabb-lab move --sphere CX,CY,CZ,R --velocity VX,VY,VZ --boxes @FILE
  circle-aabb-lab move ... --steps N --response slide|bounce --restitution E

Each step moves the centre by the current velocity (one frame): the ball stops at the first box it
touches, then slides along it (the velocity loses its component into the normal) or bounces (the
normal component is reflected and scaled by the restitution E), and goes on for the rest of the step.
The velocity a step ends with is the next step's velocity.

--boxes takes boxes separated by ';' (4 numbers each in 2D, 6 in 3D), or @FILE: one box a line,
blank lines and lines starting with # skipped. Boxes are numbered from 0 in the order given.

Rotated boxes: --angle DEG (2D) turns every box about its own centre by DEG degrees
counter-clockwise, --rotation W,X,Y,Z (3D) by that unit quaternion; each is swept in its own frame
(the ball slides along a tilted face). The object gains angle or rotation. Not with the tile-map
stepper's flags. A NaN angle or a zero quaternion is refused naming the field (exit 2).

The object: start (the centre), end (the centre after the last step), hits (every contact that
blocked the motion, in order; a contact whose normal does not oppose the velocity, like a floor under
a ball rolling along it, does not block and is not listed. Each: box (its index), step (from 0), t
(the time of the hit within its step, in [0, 1]), center (the centre at the hit), point (the contact
point on the box), normal (the box's outward unit normal there), feature (face|edge|corner)),
remaining (the velocity after the last step: the next step's velocity).

Tile maps, gravity, strategies (2D only; --map, --strategy, --gravity or --trace select this stepper):

  circle-aabb-lab move --circle CX,CY,R --velocity VX,VY --map FILE [--cell S] [--gravity GX,GY]
      [--strategy ID] [--trace] [--steps N] [--response slide|bounce --restitution E]

Each step adds the gravity to the velocity, then moves the ball with the resolution strategy (the
core's world::step); the outgoing velocity is the next step's. --map FILE: one row a line, the top
line is the highest row, '#' solid, '.' empty; cell (col, row) covers [col, col+1] x [row, row+1]
times --cell S (default 1), rows counted from the bottom line. --map and --boxes are exclusive;
without --map the --boxes are the world (a list of boxes). --strategy: one of discrete-in-order,
discrete-deepest-first, swept-slide, per-axis, plane-solver, merged, swept-slide-seamless (the
default). The object gains strategy, bumps and tunnelled (how many steps bumped / tunnelled); each
hit is {cell: [col, row]} on a map or {box: i} in a list, with step, t, center, point, normal.
--trace prints one line per step first: {step, position, velocity, hits, bump, tunnelled}.

The character controller (2D only; --controller selects it):

  circle-aabb-lab move --controller --circle CX,CY,R --map FILE --input SCRIPT [--dt SECONDS]
      [--cell S] [--velocity VX,VY] [--strategy ID] [--trace] [--json]

The library's character controller (ball_aabb::controller, default Config: gravity 30 u/s², run
6 u/s, jump 12 u/s, snap 1 u, step up 0.5 u, coyote time and jump buffer 0.1 s) moves the ball, one
step of --dt seconds (default 1/60) per script step; --velocity is the starting velocity in u/s.
The map may hold one-way cells, '-'. SCRIPT: comma-separated steps, each a combination of the keys
R (run right), L (run left), J (jump: held; pressed on the first step it is held, so J,N,J is two
jumps and J*20 one long one), D (down; D with J on one-way cells drops through them), or N alone
(no key), with *COUNT to repeat the step: \"R*30,RJ*12,R*20,N*10\". Prints, per step with --trace,
position, velocity, grounded (or in the air), wall / ceiling contact and the step's events (landed,
left-ground, hit-ceiling, stepped-up, snapped-down, jumped, dropped-through, pushed-out), then a
summary line: the end position and velocity, grounded, and how many times each event happened.
--json prints the same as JSON lines: {step, input, position, velocity, grounded, ground_normal,
on_wall, on_ceiling, events} per step, then {controller, strategy, steps, dt, start, end, velocity,
grounded, ground_normal, on_wall, on_ceiling, last_events, events: {name: count}}. A bad script is
refused naming the token: --input: token 3 \"X*2\": unknown key 'X'.

Many balls at once (--balls selects it):

  circle-aabb-lab move --map FILE --balls N --radius R [--speed S] [--seed SEED] [--steps K]
      [--strategy ID] [--threads T] [--gravity GX,GY] [--cell S]

N balls of radius R at random free places of the map (seeded by SEED, default 0; clear of every
solid and one-way cell), each with a random direction and a speed up to S cells a step (default 1),
stepped K times (default 1) all at once by the batched world step, on T threads (1, the default:
this thread; 0: every core). Prints one JSON line: balls, steps, ball_steps, strategy, threads, map
([width, height]), radius, speed, seed, ns_per_ball_step (the steps' wall time over the ball-steps),
tunnelled, pushed_out and hit (ball-steps with that outcome, over all steps), fast_share (the share of
ball-steps that took the free-space path), overlapping (balls overlapping a solid cell by more than
the contact tolerance after the last step, checked in f64). N = 0, a radius that is not a finite
number > 0, or a map with no free place for the balls is refused naming the flag (exit 2).

Exit status: 0, or 2 for bad arguments (the message names the field; nothing is printed on stdout).";

/// The largest `--steps` accepted.
pub const MAX_STEPS: u64 = 1_000_000;

#[derive(Args, Debug)]
pub struct MoveArgs {
    /// A circle: centre and radius.
    #[arg(long, value_name = "CX,CY,R", allow_hyphen_values = true, conflicts_with = "sphere")]
    pub circle: Option<String>,
    /// A sphere: centre and radius.
    #[arg(long, value_name = "CX,CY,CZ,R", allow_hyphen_values = true)]
    pub sphere: Option<String>,
    /// The velocity per step: VX,VY with --circle, VX,VY,VZ with --sphere.
    #[arg(long, value_name = "VX,VY[,VZ]", allow_hyphen_values = true)]
    pub velocity: Option<String>,
    /// The boxes: "MINX,MINY,MAXX,MAXY;..." (6 numbers each with --sphere), or @FILE with one box a line.
    #[arg(long, value_name = "BOXES|@FILE", allow_hyphen_values = true)]
    pub boxes: Option<String>,
    /// How many times to apply the velocity (frames); each step starts with the velocity the last one
    /// ended with. Default 1.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub steps: Option<String>,
    /// What a hit does: slide (default) or bounce.
    #[arg(long, value_name = "slide|bounce")]
    pub response: Option<String>,
    /// The restitution of --response bounce, in [0, 1] (1: elastic, 0: the normal speed is lost). Default 1.
    #[arg(long, value_name = "E", allow_hyphen_values = true)]
    pub restitution: Option<String>,
    /// A tile map instead of --boxes: ASCII, one row a line, the top line highest, '#' solid, '.' empty
    /// (2D only).
    #[arg(long, value_name = "FILE")]
    pub map: Option<String>,
    /// The cell size of --map. Default 1.
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub cell: Option<String>,
    /// Added to the velocity before each step (the change of velocity per step). Default 0,0.
    #[arg(long, value_name = "GX,GY", allow_hyphen_values = true)]
    pub gravity: Option<String>,
    /// The resolution strategy (default swept-slide-seamless); see the long help for the list.
    #[arg(long, value_name = "ID")]
    pub strategy: Option<String>,
    /// What lies beyond the --map's edges for the push-out of an embedded ball: solid (default: a
    /// ball is never pushed out of the map) or empty.
    #[arg(long, value_name = "solid|empty")]
    pub outside: Option<String>,
    /// The push-out's tie rule, where several nearest free positions tie: up (default), down or none.
    #[arg(long, value_name = "up|down|none")]
    pub prefer: Option<String>,
    /// Print one line per step before the summary (position, velocity, hits, bump, tunnelled; with
    /// --controller: position, velocity, grounded, events).
    #[arg(long)]
    pub trace: bool,
    /// Drive the library's character controller through --map (or --boxes) with --input SCRIPT:
    /// --circle is the character's start and radius, velocities are in units per second.
    #[arg(long)]
    pub controller: bool,
    /// The input script of --controller: comma-separated steps, each keys R (right), L (left),
    /// J (jump, held), D (down) combined, or N (none), with *COUNT to repeat: "R*30,RJ*10,R*20,N*10".
    #[arg(long, value_name = "SCRIPT", allow_hyphen_values = true)]
    pub input: Option<String>,
    /// The time step of --controller, seconds. Default 1/60.
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true)]
    pub dt: Option<String>,
    /// With --controller: JSON lines (the trace, then one object) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Many balls (with --map): N balls of --radius at random free places, random directions and speeds
    /// up to --speed cells a step, stepped --steps times by the batched step; prints one JSON line.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub balls: Option<String>,
    /// The radius of every ball of --balls.
    #[arg(long, value_name = "R", allow_hyphen_values = true)]
    pub radius: Option<String>,
    /// The largest speed of --balls, cells a step. Default 1.
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub speed: Option<String>,
    /// The seed of --balls' places and velocities. Default 0.
    #[arg(long, value_name = "SEED", allow_hyphen_values = true)]
    pub seed: Option<String>,
    /// The threads of --balls' step: 1 (default) this thread, 0 every core (rayon's default), T a pool of T.
    #[arg(long, value_name = "T", allow_hyphen_values = true)]
    pub threads: Option<String>,
    /// 2D: turn every box of --boxes about its own centre by DEG degrees (counter-clockwise).
    #[arg(long, value_name = "DEG", allow_hyphen_values = true, conflicts_with = "rotation")]
    pub angle: Option<String>,
    /// 3D: turn every box of --boxes about its own centre by the unit quaternion W,X,Y,Z.
    #[arg(long, value_name = "W,X,Y,Z", allow_hyphen_values = true)]
    pub rotation: Option<String>,
}

/// A checked `move` request, in 2D or 3D.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveRequest {
    /// A circle among rectangles.
    D2(Request<2>),
    /// A sphere among boxes.
    D3(Request<3>),
    /// A circle in a tile map or a box list, stepped by `world::step` (--map, --strategy, --gravity,
    /// --trace).
    Tiles(TilesRequest),
}

/// What the ball moves through in a [`TilesRequest`].
#[derive(Clone, Debug, PartialEq)]
pub enum Solids {
    /// `--map`: hits name the cell `[col, row]`.
    Map(TileMap),
    /// `--boxes`: hits name the box's index.
    Boxes(BoxList),
}

/// A checked `move` through `world::step`.
#[derive(Clone, Debug, PartialEq)]
pub struct TilesRequest {
    pub ball: Circle,
    pub velocity: [f32; 2],
    pub solids: Solids,
    pub steps: u64,
    pub strategy: StrategyId,
    pub params: Params,
    pub trace: bool,
}

/// The checked arguments of one dimension.
#[derive(Clone, Debug, PartialEq)]
pub struct Request<const D: usize> {
    pub ball: Ball<D>,
    pub velocity: [f32; D],
    pub boxes: Vec<Aabb<D>>,
    pub steps: u64,
    pub reaction: Reaction,
    /// `--angle` / `--rotation`: every box turned about its centre (then `colliders` holds them).
    pub rotation: Option<Rotation>,
    pub colliders: Vec<Collider<D>>,
}

fn ball_field_names(d: usize) -> &'static [&'static str] {
    if d == 2 {
        &["CX", "CY", "R"]
    } else {
        &["CX", "CY", "CZ", "R"]
    }
}

/// Reads and checks every argument; the error is one line naming the flag and the field.
pub fn request_from_args(args: &MoveArgs) -> Result<MoveRequest, String> {
    let controller_only = [("--input", args.input.is_some()), ("--dt", args.dt.is_some()), ("--json", args.json)];
    if let Some((f, _)) = controller_only.iter().find(|(_, on)| *on) {
        return Err(format!("{f}: only with --controller"));
    }
    let (flag, text, d) = match (&args.circle, &args.sphere) {
        (Some(c), None) => ("--circle", c, 2),
        (None, Some(s)) => ("--sphere", s, 3),
        (Some(_), Some(_)) => return Err("give --circle or --sphere, not both".into()),
        (None, None) => return Err("give --circle CX,CY,R or --sphere CX,CY,CZ,R".into()),
    };
    // The tile-map stepper (world::step) is 2D only.
    let tiles_flag = [
        ("--map", args.map.is_some()),
        ("--strategy", args.strategy.is_some()),
        ("--gravity", args.gravity.is_some()),
        ("--trace", args.trace),
        ("--prefer", args.prefer.is_some()),
        ("--outside", args.outside.is_some()),
    ]
    .into_iter()
    .find_map(|(f, on)| on.then_some(f));
    if let (3, Some(f)) = (d, tiles_flag) {
        let what = if f == "--map" { "a map is 2D only" } else { "the tile-map stepper is 2D only" };
        return Err(format!("{f}: {what}: use --circle CX,CY,R, not --sphere"));
    }
    if args.cell.is_some() && args.map.is_none() {
        return Err("--cell: only with --map".into());
    }
    let ball = parse_numbers(text, Some(ball_field_names(d))).map_err(|e| format!("{flag}: {e}"))?;
    let shape = |e: ShapeError| format!("{flag}: {e}");
    match d {
        2 => Ball::new([ball[0], ball[1]], ball[2]).map(drop),
        _ => Ball::new([ball[0], ball[1], ball[2]], ball[3]).map(drop),
    }
    .map_err(shape)?;
    let velocity_text = args.velocity.as_deref().ok_or_else(|| format!("{flag} needs --velocity"))?;
    let velocity_names: &[&str] = if d == 2 { &["VX", "VY"] } else { &["VX", "VY", "VZ"] };
    let velocity = parse_numbers(velocity_text, Some(velocity_names)).map_err(|e| match e {
        NumbersError::Count { expected, got } => {
            format!("--velocity: expected {expected} (the dimension of {flag}), got {got} value(s)")
        }
        e => format!("--velocity: {e}"),
    })?;
    for (i, v) in velocity.iter().enumerate() {
        if !v.is_finite() {
            return Err(format!("--velocity: velocity.{} must be a finite number, got {v}", AXES[i]));
        }
    }
    let boxes = match (&args.map, args.boxes.as_deref()) {
        (Some(_), Some(_)) => return Err("--map: give --map or --boxes, not both".into()),
        (Some(_), None) => Vec::new(),
        (None, Some(text)) => parse_boxes(text, d)?,
        (None, None) => return Err("--boxes is required (\"\" for none)".into()),
    };
    let steps = match args.steps.as_deref() {
        None => 1,
        Some(s) => match s.trim().parse::<u64>() {
            Ok(0) => return Err("--steps: must be at least 1, got 0".into()),
            Ok(n) if n > MAX_STEPS => return Err(format!("--steps: at most {MAX_STEPS}, got {n}")),
            Ok(n) => n,
            Err(_) => return Err(format!("--steps: {s:?} is not a whole number >= 1")),
        },
    };
    let reaction = match args.response.as_deref().map(str::trim) {
        None | Some("slide") => {
            if args.restitution.is_some() {
                return Err("--restitution: only with --response bounce".into());
            }
            Reaction::Slide
        }
        Some("bounce") => {
            let e = match args.restitution.as_deref() {
                None => 1.0,
                Some(s) => match s.trim().parse::<f32>() {
                    Ok(e) if (0.0..=1.0).contains(&e) => e,
                    Ok(e) => return Err(format!("--restitution: must be in [0, 1], got {e}")),
                    Err(_) => return Err(format!("--restitution: {s:?} is not a number")),
                },
            };
            Reaction::Bounce { restitution: e }
        }
        Some(other) => return Err(format!("--response: {other:?} is not slide or bounce")),
    };
    // Neither slide nor bounce (restitution <= 1) makes the velocity longer, so no centre on the way is
    // further than |c| + steps·|v| from the origin on any axis: keep that within f32.
    let speed = velocity.iter().map(|&v| f64::from(v) * f64::from(v)).sum::<f64>().sqrt();
    for i in 0..d {
        if f64::from(ball[i]).abs() + steps as f64 * speed > f64::from(f32::MAX) / 2.0 {
            return Err(format!(
                "--velocity: the motion leaves the f32 range (centre.{} {} + {steps} step(s) of speed {speed})",
                AXES[i], ball[i]
            ));
        }
    }
    let rotation =
        super::query::rotation_from_args(args.angle.as_deref(), args.rotation.as_deref(), d).map_err(|e| e.0)?;
    if let (Some(_), Some(f)) = (&rotation, tiles_flag) {
        let flag = if d == 2 { "--angle" } else { "--rotation" };
        return Err(format!("{flag}: rotated boxes move with --boxes and the core's slide or bounce, not with {f}"));
    }
    if tiles_flag.is_some() {
        let gravity = match args.gravity.as_deref() {
            None => [0.0, 0.0],
            Some(text) => {
                let g = parse_numbers(text, Some(&["GX", "GY"])).map_err(|e| format!("--gravity: {e}"))?;
                for (i, x) in g.iter().enumerate() {
                    if !x.is_finite() {
                        return Err(format!("--gravity: gravity.{} must be a finite number, got {x}", AXES[i]));
                    }
                }
                [g[0], g[1]]
            }
        };
        // With gravity the speed of step k is at most |v| + k·|g|: the centre stays within
        // |c| + steps·|v| + |g|·steps·(steps + 1)/2.
        let g = f64::from(gravity[0]).hypot(f64::from(gravity[1]));
        let n = steps as f64;
        for i in 0..2 {
            if f64::from(ball[i]).abs() + n * speed + g * n * (n + 1.0) / 2.0 > f64::from(f32::MAX) / 2.0 {
                return Err(format!(
                    "--gravity: the motion leaves the f32 range (centre.{} {} + {steps} step(s) of speed {speed} \
                     gaining {g:e} a step)",
                    AXES[i], ball[i]
                ));
            }
        }
        let strategy = match args.strategy.as_deref().map(str::trim) {
            None => StrategyId::default(),
            Some(id) => world::strategy(id).map(|s| s.kind).ok_or_else(|| {
                let ids: Vec<&str> = STRATEGIES.iter().map(|s| s.id).collect();
                format!("--strategy: {id:?} is not a strategy; one of: {}", ids.join(", "))
            })?,
        };
        let prefer = match args.prefer.as_deref().map(str::trim) {
            None => world::Prefer::default(),
            Some(id) => world::Prefer::from_id(id).ok_or_else(|| {
                let ids: Vec<&str> = world::Prefer::ALL.iter().map(|(_, s)| *s).collect();
                format!("--prefer: {id:?} is not a tie rule; one of: {}", ids.join(", "))
            })?,
        };
        let outside = match args.outside.as_deref().map(str::trim) {
            None => world::Outside::default(),
            Some(_) if args.map.is_none() => return Err("--outside: only with --map".into()),
            Some(id) => world::Outside::from_id(id).ok_or_else(|| {
                let ids: Vec<&str> = world::Outside::ALL.iter().map(|(_, s)| *s).collect();
                format!("--outside: {id:?} is not a choice; one of: {}", ids.join(", "))
            })?,
        };
        let solids = match &args.map {
            Some(path) => Solids::Map(load_map(path, cell_of(args)?)?.with_outside(outside)),
            None => Solids::Boxes(BoxList::new(
                boxes.iter().map(|b| Rect::new([b[0], b[1]], [b[2], b[3]]).expect("checked")).collect(),
            )),
        };
        return Ok(MoveRequest::Tiles(TilesRequest {
            ball: Circle::new([ball[0], ball[1]], ball[2]).map_err(shape)?,
            velocity: [velocity[0], velocity[1]],
            solids,
            steps,
            strategy,
            params: Params {
                gravity,
                restitution: match reaction {
                    Reaction::Slide => 0.0,
                    Reaction::Bounce { restitution: e } => e,
                },
                ..Params::default()
            }
            .with_prefer(prefer),
            trace: args.trace,
        }));
    }
    let flag = if d == 2 { "--angle" } else { "--rotation" };
    Ok(match d {
        2 => {
            let boxes: Vec<Rect> =
                boxes.iter().map(|b| Aabb::new([b[0], b[1]], [b[2], b[3]]).expect("checked")).collect();
            let colliders = match &rotation {
                None => Vec::new(),
                Some(rot) => boxes
                    .iter()
                    .map(|b| rot.obb2(b).map(Collider::from))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| format!("{flag}: {e}"))?,
            };
            if let (Some(Rotation::Degrees(a)), true) = (&rotation, boxes.is_empty()) {
                OrientedRect::from_degrees([0.0, 0.0], [0.0, 0.0], *a).map_err(|e| format!("{flag}: {e}"))?;
            }
            MoveRequest::D2(Request {
                ball: Ball::new([ball[0], ball[1]], ball[2]).map_err(shape)?,
                velocity: [velocity[0], velocity[1]],
                boxes,
                steps,
                reaction,
                rotation,
                colliders,
            })
        }
        _ => {
            let boxes: Vec<Aabb<3>> =
                boxes.iter().map(|b| Aabb::new([b[0], b[1], b[2]], [b[3], b[4], b[5]]).expect("checked")).collect();
            let colliders = match &rotation {
                None => Vec::new(),
                Some(rot) => boxes
                    .iter()
                    .map(|b| rot.obb3(b).map(Collider::from))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| format!("{flag}: {e}"))?,
            };
            if let (Some(Rotation::Quat(q)), true) = (&rotation, boxes.is_empty()) {
                OrientedBox3::new([0.0; 3], [0.0; 3], *q).map_err(|e| format!("{flag}: {e}"))?;
            }
            MoveRequest::D3(Request {
                ball: Ball::new([ball[0], ball[1], ball[2]], ball[3]).map_err(shape)?,
                velocity: [velocity[0], velocity[1], velocity[2]],
                boxes,
                steps,
                reaction,
                rotation,
                colliders,
            })
        }
    })
}

/// The cell size of `--map`: `--cell`, default 1.
pub(super) fn cell_of(args: &MoveArgs) -> Result<f32, String> {
    match args.cell.as_deref() {
        None => Ok(1.0),
        Some(s) => match s.trim().parse::<f32>() {
            Ok(c) if c.is_finite() && c > 0.0 => Ok(c),
            Ok(c) => Err(format!("--cell: must be a finite number > 0, got {c}")),
            Err(_) => Err(format!("--cell: {s:?} is not a number")),
        },
    }
}

/// The boxes of `--boxes`: inline (`;`-separated) or `@FILE` (one a line, `#` comments). Each box is
/// checked here (finite, not inside out); the error names it as `boxes[i]` (and the file's line).
pub(super) fn parse_boxes(text: &str, d: usize) -> Result<Vec<Vec<f32>>, String> {
    let (pieces, file): (Vec<(Option<usize>, String)>, Option<&str>) = if let Some(path) = text.strip_prefix('@') {
        let content = std::fs::read_to_string(path).map_err(|e| format!("--boxes: cannot read {path}: {e}"))?;
        let lines = content
            .lines()
            .enumerate()
            .map(|(i, l)| (Some(i + 1), l.trim().to_string()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect();
        (lines, Some(path))
    } else {
        (text.split(';').map(|p| (None, p.trim().to_string())).filter(|(_, p)| !p.is_empty()).collect(), None)
    };
    let names: &[&str] = if d == 2 {
        &["min.x", "min.y", "max.x", "max.y"]
    } else {
        &["min.x", "min.y", "min.z", "max.x", "max.y", "max.z"]
    };
    let mut boxes = Vec::with_capacity(pieces.len());
    for (i, (line, piece)) in pieces.iter().enumerate() {
        let at = match (file, line) {
            (Some(path), Some(n)) => format!("--boxes: {path} line {n}: boxes[{i}]"),
            _ => format!("--boxes: boxes[{i}]"),
        };
        let n = piece.split(',').count();
        if n != names.len() {
            let (kind, with) = if d == 2 {
                ("MINX,MINY,MAXX,MAXY", "--circle")
            } else {
                ("MINX,MINY,MINZ,MAXX,MAXY,MAXZ", "--sphere")
            };
            return Err(format!(
                "{at}: expected {} numbers {kind} (a {d}D box, for {with}), got {n} value(s)",
                names.len()
            ));
        }
        let v = parse_numbers(piece, Some(names)).map_err(|e| match e {
            NumbersError::NotANumber { field, text } => format!("{at}.{field}: {text:?} is not a number"),
            e => format!("{at}: {e}"),
        })?;
        for (k, x) in v.iter().enumerate() {
            if !x.is_finite() {
                return Err(format!("{at}.{} must be a finite number, got {x}", names[k]));
            }
        }
        for a in 0..d {
            if v[a] > v[a + d] {
                let axis = AXES[a];
                return Err(format!(
                    "{at}.min.{axis} ({}) is greater than max.{axis} ({}): the box is inside out",
                    v[a],
                    v[a + d]
                ));
            }
        }
        boxes.push(v);
    }
    Ok(boxes)
}

/// Reads and parses `--map FILE`. Every error names the file's line and column (1-based), except a
/// file that cannot be read at all. Moving boxes (`mover` lines) are refused here: only
/// `--controller` reads them ([`load_level`]).
pub(super) fn load_map(path: &str, cell: f32) -> Result<TileMap, String> {
    let (map, movers) = load_level(path, cell)?;
    match movers.first() {
        Some((line, _)) => {
            Err(format!("--map: {path}:{line}:1: moving boxes ('mover' lines) are read by `move --controller` only"))
        }
        None => Ok(map),
    }
}

/// Reads `--map FILE` as a level: the map's rows, then any number of **moving boxes**, one a line
/// (docs/cli.md): `mover X0,Y0,X1,Y1 SPEED DX,DY DX,DY … [one-way]` — the box at time 0, its speed
/// (units a second) and the offsets it goes through and back (the first is usually `0,0`).
/// Returns the map and each box with its line number. Errors name the line, the column and the field.
pub(super) fn load_level(path: &str, cell: f32) -> Result<(TileMap, Vec<(usize, Mover)>), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("--map: cannot read {path}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let good = std::str::from_utf8(&e.as_bytes()[..e.utf8_error().valid_up_to()]).unwrap_or("");
        let line = good.matches('\n').count() + 1;
        let column = good.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        format!("--map: {path}:{line}:{column}: not UTF-8 text (expected '#', '-', '.' or ' ')")
    })?;
    let lines: Vec<&str> = text.split('\n').collect();
    let first = lines.iter().position(|l| l.trim_start().starts_with("mover")).unwrap_or(lines.len());
    let mut movers = Vec::new();
    for (k, l) in lines.iter().enumerate().skip(first) {
        if l.trim().is_empty() {
            continue;
        }
        movers.push((
            k + 1,
            parse_mover(l.trim_end_matches('\r')).map_err(|(col, e)| format!("--map: {path}:{}:{col}: {e}", k + 1))?,
        ));
    }
    let text = lines[..first].join("\n");
    let map = TileMap::from_ascii(&text, cell).map_err(|e| match e {
        MapError::Empty => format!("--map: {path}:1:1: the map is empty (expected rows of '#' solid, '-' one-way, '.' or ' ' empty)"),
        MapError::Ragged { line, column, expected, found } => format!(
            "--map: {path}:{line}:{column}: a row of {found} cells, the map is {expected} wide (its widest row; a row may end in spaces, not before the width)"
        ),
        MapError::UnknownChar { line, column, found } => {
            format!("--map: {path}:{line}:{column}: unknown character {found:?} (expected '#' solid, '-' one-way, '.' or ' ' empty)")
        }
        MapError::BadCell { .. } => format!("--cell: {cell}: must be finite and > 0"),
        MapError::TooLarge { width, height } => {
            format!("--cell: {cell}: a {width} × {height} map of this cell size does not fit in f32 coordinates")
        }
        e @ (MapError::BadOrigin { .. } | MapError::NoCells { .. }) => format!("--map: {path}: {e}"),
    })?;
    Ok((map, movers))
}

/// One `mover` line: `mover X0,Y0,X1,Y1 SPEED DX,DY DX,DY … [one-way]`; an error gives the column
/// (1-based) of the word at fault and what it should be.
fn parse_mover(line: &str) -> Result<Mover, (usize, String)> {
    let mut words = Vec::new();
    let mut col = 0;
    for w in line.split(' ') {
        if !w.is_empty() {
            words.push((col + 1, w));
        }
        col += w.chars().count() + 1;
    }
    let end = line.chars().count() + 1;
    let word = |k: usize, what: &str| words.get(k).copied().ok_or((end, format!("{what} missing")));
    let numbers = |(c, w): (usize, &str), n: usize, what: &str| -> Result<Vec<f32>, (usize, String)> {
        let v: Vec<f32> = w
            .split(',')
            .map(|x| x.trim().parse::<f32>())
            .collect::<Result<_, _>>()
            .map_err(|_| (c, format!("{what}: {w:?} is not {n} numbers separated by commas")))?;
        if v.len() != n || !v.iter().all(|x| x.is_finite()) {
            return Err((c, format!("{what}: {w:?} is not {n} finite numbers separated by commas")));
        }
        Ok(v)
    };
    let rect = numbers(word(1, "the box X0,Y0,X1,Y1")?, 4, "the box X0,Y0,X1,Y1")?;
    let r = Rect::new([rect[0], rect[1]], [rect[2], rect[3]])
        .map_err(|e| (words[1].0, format!("the box X0,Y0,X1,Y1: {e}")))?;
    let sw = word(2, "the speed")?;
    let speed: f32 =
        sw.1.parse()
            .ok()
            .filter(|v: &f32| v.is_finite() && *v > 0.0)
            .ok_or((sw.0, format!("the speed: {:?} is not a number > 0", sw.1)))?;
    let mut points = Vec::new();
    let mut one_way = false;
    for &(c, w) in &words[3..] {
        if w == "one-way" {
            one_way = true;
        } else {
            let p = numbers((c, w), 2, "an offset DX,DY")?;
            points.push([p[0], p[1]]);
        }
    }
    if points.is_empty() {
        return Err((end, "the offsets DX,DY missing (at least one, e.g. 0,0 13,0)".into()));
    }
    let m = Mover::new(r, Path::PingPong { points, speed });
    Ok(if one_way { m.one_way() } else { m })
}

impl TilesRequest {
    /// Runs the steps through `world::step`, writing the trace lines (with `--trace`) and the object.
    pub fn run_to(&self, out: &mut impl Write) -> std::io::Result<()> {
        match &self.solids {
            Solids::Map(map) => {
                let w = map.width();
                self.run_in(map, |i| ("cell", json!([i % w, i / w])), out)
            }
            Solids::Boxes(list) => self.run_in(list, |i| ("box", json!(i)), out),
        }
    }

    fn run_in<W: World>(
        &self,
        world: &W,
        name: impl Fn(usize) -> (&'static str, Value),
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        let contact = |c: &Hit<2>, step: Option<u64>| {
            let mut m = serde_json::Map::new();
            let (key, id) = name(c.index);
            m.insert(key.into(), id);
            if let Some(k) = step {
                m.insert("step".into(), json!(k));
            }
            m.insert("t".into(), num(c.t));
            m.insert("center".into(), nums(&c.center));
            m.insert("point".into(), nums(&c.point));
            m.insert("normal".into(), nums(&c.normal));
            Value::Object(m)
        };
        let radius = self.ball.radius();
        let (mut ball, mut velocity) = (self.ball, self.velocity);
        let (mut hits, mut bumps, mut tunnelled) = (Vec::new(), 0u64, 0u64);
        for k in 0..self.steps {
            let s = world::step(self.strategy, &ball, velocity, world, &self.params);
            if self.trace {
                let line = json!({
                    "step": k,
                    "position": nums(&s.end),
                    "velocity": nums(&s.velocity),
                    "hits": s.contacts().iter().map(|c| contact(c, None)).collect::<Vec<_>>(),
                    "bump": s.bump,
                    "tunnelled": s.tunnelled,
                });
                writeln!(out, "{line}")?;
            }
            hits.extend(s.contacts().iter().map(|c| contact(c, Some(k))));
            bumps += u64::from(s.bump);
            tunnelled += u64::from(s.tunnelled);
            // The range check in `request_from_args` keeps every end finite; if not, the ball stays.
            ball = Circle::new(s.end, radius).unwrap_or(ball);
            velocity = s.velocity;
        }
        let object = json!({
            "strategy": self.strategy.as_str(),
            "start": nums(&self.ball.center()),
            "end": nums(&ball.center()),
            "hits": hits,
            "remaining": nums(&velocity),
            "bumps": bumps,
            "tunnelled": tunnelled,
        });
        writeln!(out, "{object}")
    }
}

impl<const D: usize> Request<D> {
    /// Runs the steps; returns the JSON object.
    #[must_use]
    pub fn run(&self) -> Value {
        let radius = self.ball.radius();
        let mut ball = self.ball;
        let mut velocity = self.velocity;
        let mut hits = Vec::new();
        for step in 0..self.steps {
            let m: Motion<D> = match (self.reaction, self.rotation.is_some()) {
                (reaction, false) => move_ball(&ball, velocity, &self.boxes, reaction),
                (reaction, true) => move_mixed(&ball, velocity, &self.colliders, reaction),
            };
            for h in m.hits() {
                hits.push(json!({
                    "box": h.index,
                    "step": step,
                    "t": num(h.t),
                    "center": nums(&h.center),
                    "point": nums(&h.point),
                    "normal": nums(&h.normal),
                    "feature": h.feature.as_str(),
                }));
            }
            // The range check in `request_from_args` keeps every end finite.
            ball = Ball::new(m.end, radius).unwrap_or(ball);
            velocity = m.velocity;
        }
        let mut out = json!({
            "start": nums(&self.ball.center()),
            "end": nums(&ball.center()),
            "hits": hits,
            "remaining": nums(&velocity),
        });
        match self.rotation {
            Some(Rotation::Degrees(a)) => out["angle"] = num(a),
            Some(Rotation::Quat(q)) => out["rotation"] = nums(&q),
            None => {}
        }
        out
    }
}

impl MoveRequest {
    /// Runs the steps; writes the JSON lines (the trace, with `--trace`, then the object).
    pub fn run_to(&self, out: &mut impl Write) -> std::io::Result<()> {
        match self {
            MoveRequest::D2(r) => writeln!(out, "{}", r.run()),
            MoveRequest::D3(r) => writeln!(out, "{}", r.run()),
            MoveRequest::Tiles(r) => r.run_to(out),
        }
    }
}
