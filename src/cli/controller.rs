//! `circle-aabb-lab move --controller`: the library's character controller
//! (`ball_aabb::controller`) driven through a tile map (or a box list) by an input script, one
//! step per script step, printed as text or JSON.

use super::motion::{self, MoveArgs, Solids, MAX_STEPS};
use crate::app::playground::script::{parse_runs, KEY_LIST};
use crate::format::parse_numbers;
use crate::geom::controller::{Config, Controller, Event, Input, Report};
use crate::geom::world::{self, BoxList, Layer, Layered, Movers, STRATEGIES};
use crate::geom::{Circle, Rect};
use crate::report::{num, nums};
use serde_json::{json, Map};
use std::fmt::Write as _;
use std::io::Write;

/// The default `--dt`: one frame at 60 Hz.
pub const DEFAULT_DT: f32 = 1.0 / 60.0;

/// The keys held during one step of the script.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Keys {
    /// `R`: run right.
    pub right: bool,
    /// `L`: run left.
    pub left: bool,
    /// `J`: jump held (pressed on the first step it is held).
    pub jump: bool,
    /// `D`: down held.
    pub down: bool,
}

impl Keys {
    /// The controller's input for these keys, `previous` being the last step's keys (a jump is
    /// pressed when J is held now and was not then).
    #[must_use]
    pub fn input(self, previous: Keys) -> Input {
        let x = f32::from(i8::from(self.right) - i8::from(self.left));
        Input { x, jump_pressed: self.jump && !previous.jump, jump_held: self.jump, down: self.down }
    }
}

/// One step of a script: its keys and the token it came from (as written, trimmed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptStep {
    pub keys: Keys,
    pub token: String,
}

/// Parses an input script (the app's [`parse_runs`]: `"R*30,RJ,R*20,N*10"`, any case) into its
/// steps, at most [`MAX_STEPS`] in all. The error names the token (from 1) and what is wrong with it.
pub fn parse_script(text: &str) -> Result<Vec<ScriptStep>, String> {
    let runs = parse_runs(text, MAX_STEPS)?;
    if runs.is_empty() {
        return Err(format!("token 1 {:?}: no key (use N for a step with no key; keys: {KEY_LIST})", text.trim()));
    }
    let mut steps = Vec::new();
    for run in runs {
        if steps.len() as u64 + run.count > MAX_STEPS {
            return Err(format!("{}: the script is longer than {MAX_STEPS} steps", run.at));
        }
        let t = run.token;
        let keys = Keys { right: t.x > 0, left: t.x < 0, jump: t.jump, down: t.down };
        let step = ScriptStep { keys, token: run.keys };
        steps.extend(std::iter::repeat_n(step, run.count as usize));
    }
    Ok(steps)
}

/// A checked `move --controller` request.
#[derive(Clone, Debug, PartialEq)]
pub struct ControllerRequest {
    pub ball: Circle,
    /// The starting velocity, u/s.
    pub velocity: [f32; 2],
    pub solids: Solids,
    /// The level's moving boxes (`mover` lines of `--map`): they move first in every step.
    pub movers: Movers,
    pub script: Vec<ScriptStep>,
    pub dt: f32,
    pub config: Config,
    pub trace: bool,
    pub json: bool,
}

/// Reads and checks the arguments of `move --controller`; the error names the flag.
pub fn request_from_args(args: &MoveArgs) -> Result<ControllerRequest, String> {
    if args.sphere.is_some() {
        return Err("--controller: the character controller is 2D only: use --circle CX,CY,R".into());
    }
    let refused = [
        ("--steps", args.steps.is_some(), "the script's length is the number of steps"),
        ("--gravity", args.gravity.is_some(), "the controller's gravity is its own (30 u/s², down)"),
        ("--response", args.response.is_some(), "the controller always slides"),
        ("--restitution", args.restitution.is_some(), "the controller always slides"),
        ("--prefer", args.prefer.is_some(), "the controller's push-out ties go up, its default"),
        ("--outside", args.outside.is_some(), "the controller's map keeps its default outside, solid"),
    ];
    if let Some((flag, _, why)) = refused.iter().find(|(_, on, _)| *on) {
        return Err(format!("{flag}: not with --controller ({why})"));
    }
    let text =
        args.circle.as_deref().ok_or("--controller needs --circle CX,CY,R (the character's start and radius)")?;
    let c = parse_numbers(text, Some(&["CX", "CY", "R"])).map_err(|e| format!("--circle: {e}"))?;
    let ball = Circle::new([c[0], c[1]], c[2]).map_err(|e| format!("--circle: {e}"))?;
    let velocity = match args.velocity.as_deref() {
        None => [0.0, 0.0],
        Some(text) => {
            let v = parse_numbers(text, Some(&["VX", "VY"])).map_err(|e| format!("--velocity: {e}"))?;
            if let Some(i) = v.iter().position(|x| !x.is_finite()) {
                return Err(format!("--velocity: velocity.{} must be a finite number, got {}", ["x", "y"][i], v[i]));
            }
            [v[0], v[1]]
        }
    };
    let script_text = args.input.as_deref().ok_or("--controller needs --input SCRIPT (e.g. \"R*30,J,R*20,N*10\")")?;
    let script = parse_script(script_text).map_err(|e| format!("--input: {e}"))?;
    let dt = match args.dt.as_deref() {
        None => DEFAULT_DT,
        Some(s) => match s.trim().parse::<f32>() {
            Ok(dt) if dt > 0.0 && dt <= 1.0 => dt,
            Ok(dt) => return Err(format!("--dt: must be in (0, 1] seconds, got {dt}")),
            Err(_) => return Err(format!("--dt: {s:?} is not a number")),
        },
    };
    let mut config = Config::default();
    if let Some(id) = args.strategy.as_deref().map(str::trim) {
        config.strategy = world::strategy(id).map(|s| s.kind).ok_or_else(|| {
            let ids: Vec<&str> = STRATEGIES.iter().map(|s| s.id).collect();
            format!("--strategy: {id:?} is not a strategy; one of: {}", ids.join(", "))
        })?;
    }
    // Every speed is bounded (run, jump, fall): the centre stays within |c| + steps·dt·60 u.
    let reach = script.len() as f64 * f64::from(dt) * 60.0;
    if let Some(i) = (0..2).find(|&i| f64::from(c[i]).abs() + reach > f64::from(f32::MAX) / 2.0) {
        return Err(format!("--circle: centre.{} {} is too far out for {} steps", ["x", "y"][i], c[i], script.len()));
    }
    let mut movers = Vec::new();
    let solids = match (&args.map, args.boxes.as_deref()) {
        (Some(_), Some(_)) => return Err("--map: give --map or --boxes, not both".into()),
        (Some(path), None) => {
            let (map, level_movers) = motion::load_level(path, motion::cell_of(args)?)?;
            movers = level_movers.into_iter().map(|(_, m)| m).collect();
            Solids::Map(map)
        }
        (None, Some(text)) => Solids::Boxes(BoxList::new(
            motion::parse_boxes(text, 2)?
                .iter()
                .map(|b| Rect::new([b[0], b[1]], [b[2], b[3]]).expect("checked"))
                .collect(),
        )),
        (None, None) => return Err("--controller needs --map FILE (or --boxes)".into()),
    };
    let movers = Movers::new(movers).map_err(|e| format!("--map: {e}"))?;
    Ok(ControllerRequest { ball, velocity, solids, movers, script, dt, config, trace: args.trace, json: args.json })
}

/// How a point reads in the text output: `(x, y)`, each the shortest decimal that reads back as
/// the same `f32`, `-0` as `0`.
fn point(p: [f32; 2]) -> String {
    let f = |x: f32| if x == 0.0 { 0.0 } else { x };
    format!("({}, {})", f(p[0]), f(p[1]))
}

/// The events' names, comma-separated.
fn event_names(r: &Report) -> String {
    r.events.iter().map(Event::as_str).collect::<Vec<_>>().join(", ")
}

impl ControllerRequest {
    /// Runs the script, writing the trace lines (with `--trace`) and the summary.
    pub fn run_to(&self, out: &mut impl Write) -> std::io::Result<()> {
        match &self.solids {
            Solids::Map(map) => self.run_in(map, out),
            Solids::Boxes(list) => self.run_in(list, out),
        }
    }

    /// The steps through `level` and the moving boxes over it (moved first in every step).
    fn run_in<W: Layer>(&self, level: &W, out: &mut impl Write) -> std::io::Result<()> {
        let mut movers = self.movers.clone();
        let mut ctl = Controller::new(self.ball.center(), self.ball.radius(), self.config).expect("checked ball");
        ctl.set_velocity(self.velocity);
        let mut counts = [0u64; Event::ALL.len()];
        let mut previous = Keys::default();
        let mut last: Option<Report> = None;
        for (k, step) in self.script.iter().enumerate() {
            movers.advance(self.dt);
            let r = ctl.step(step.keys.input(previous), self.dt, &Layered::new(level, &movers));
            previous = step.keys;
            for (i, e) in Event::ALL.iter().enumerate() {
                counts[i] += u64::from(r.events.contains(*e));
            }
            if self.trace {
                if self.json {
                    let line = json!({
                        "step": k,
                        "input": step.token,
                        "position": nums(&r.position),
                        "velocity": nums(&r.velocity),
                        "grounded": r.grounded,
                        "ground_normal": nums(&r.ground_normal),
                        "on_wall": r.on_wall,
                        "on_ceiling": r.on_ceiling,
                        "events": r.events.iter().map(Event::as_str).collect::<Vec<_>>(),
                    });
                    writeln!(out, "{line}")?;
                } else {
                    let mut line = format!(
                        "step {k} {}: position {} velocity {} {}",
                        step.token,
                        point(r.position),
                        point(r.velocity),
                        if r.grounded { "grounded" } else { "in the air" }
                    );
                    if r.on_wall {
                        line.push_str(", on a wall");
                    }
                    if r.on_ceiling {
                        line.push_str(", on a ceiling");
                    }
                    if !r.events.is_empty() {
                        let _ = write!(line, "; {}", event_names(&r));
                    }
                    writeln!(out, "{line}")?;
                }
            }
            last = Some(r);
        }
        let end = last.expect("a script has at least one step");
        let seconds = self.script.len() as f64 * f64::from(self.dt);
        if self.json {
            let mut events = Map::new();
            for (e, n) in Event::ALL.iter().zip(counts) {
                events.insert(e.as_str().into(), json!(n));
            }
            let object = json!({
                "controller": true,
                "strategy": self.config.strategy.as_str(),
                "steps": self.script.len(),
                "dt": num(self.dt),
                "start": nums(&self.ball.center()),
                "end": nums(&end.position),
                "velocity": nums(&end.velocity),
                "grounded": end.grounded,
                "ground_normal": nums(&end.ground_normal),
                "on_wall": end.on_wall,
                "on_ceiling": end.on_ceiling,
                "last_events": end.events.iter().map(Event::as_str).collect::<Vec<_>>(),
                "events": events,
            });
            writeln!(out, "{object}")
        } else {
            let counted: Vec<String> =
                Event::ALL.iter().zip(counts).filter(|(_, n)| *n > 0).map(|(e, n)| format!("{e} ×{n}")).collect();
            writeln!(
                out,
                "end after {} steps ({seconds:.4} s): position {} velocity {} {}; events: {}",
                self.script.len(),
                point(end.position),
                point(end.velocity),
                if end.grounded { "grounded" } else { "in the air" },
                if counted.is_empty() { "none".to_string() } else { counted.join(", ") }
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(r: bool, l: bool, j: bool, d: bool) -> Keys {
        Keys { right: r, left: l, jump: j, down: d }
    }

    #[test]
    fn scripts_expand_and_name_the_bad_token() {
        let s = parse_script("R*3, rj ,N*2,D").unwrap();
        let got: Vec<(Keys, &str)> = s.iter().map(|s| (s.keys, s.token.as_str())).collect();
        let r = keys(true, false, false, false);
        assert_eq!(got.len(), 7);
        assert_eq!(&got[..4], &[(r, "R"), (r, "R"), (r, "R"), (keys(true, false, true, false), "RJ")]);
        assert_eq!(got[6], (keys(false, false, false, true), "D"));
        for (text, err) in [
            ("R*30,J,X*2", "token 3 \"X*2\": unknown key 'X'"),
            ("R,RL", "token 2 \"RL\": 'R' and 'L' together"),
            ("R*0", "token 1 \"R*0\": the repeat count \"0\""),
            ("R*x", "token 1 \"R*x\": the repeat count \"x\""),
            ("R,,N", "token 2 \"\": no key"),
            ("", "token 1 \"\": no key"),
            ("NJ", "token 1 \"NJ\": 'N' (no key) cannot be combined"),
            ("JJ", "token 1 \"JJ\": key 'J' twice"),
            ("R*999999,R*2", "token 2 \"R*2\": the script is longer than 1000000 steps"),
        ] {
            let e = parse_script(text).unwrap_err();
            assert!(e.starts_with(err), "{text:?}: {e}");
        }
    }

    #[test]
    fn a_held_jump_is_pressed_once() {
        let j = keys(false, false, true, false);
        let n = Keys::default();
        assert!(j.input(n).jump_pressed && j.input(n).jump_held);
        assert!(!j.input(j).jump_pressed && j.input(j).jump_held);
        assert_eq!(
            keys(false, true, false, true).input(n),
            Input { x: -1.0, jump_pressed: false, jump_held: false, down: true }
        );
    }
}
