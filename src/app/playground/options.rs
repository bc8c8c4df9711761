//! The playground's part of the scene text: the level or painted map, the strategy, the race, the
//! ball, the throw, gravity, the steps run on loading, and the Play mode (`play=on`) with its
//! inputs (`inputs=`), the time scale (`speed=`), the rain of balls (`rain=N`) (`playground=on` is the app's [`Mode`](crate::app::Mode)).

use super::script::InputScript;
use crate::app::levels::{level_ids, level_index, Level, PlayMap, LEVELS};
use crate::app::text::{parse_vector, OptionError};
use crate::format::parse_numbers;
use crate::geom::world::{strategy, StrategyId, STRATEGIES};
use crate::geom::{Circle, OrientedRect};

/// The playground's part of a scene: `level=stairs` (or `map=24./…/24#`), `obb=CX,CY,HX,HY,DEG`
/// (rotated boxes, `;`-separated or the key repeated),
/// `strategy=ID`, `race=on`, `ball=X,Y,R`, `throw=VX,VY` (units per second), `gravity=off`,
/// `steps=N` (simulate N fixed steps on loading: what screenshot mode draws), `speed=K` (the time scale).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlaygroundOptions {
    /// The built-in level the map is, if it is one unchanged (index into [`LEVELS`]).
    pub level: Option<usize>,
    pub map: PlayMap,
    pub strategy: StrategyId,
    /// Every strategy at once, from the same throw.
    pub race: bool,
    /// Where the ball starts.
    pub ball: Circle,
    /// The velocity it starts with, world units per second.
    pub throw: [f32; 2],
    pub gravity: bool,
    /// Fixed steps simulated when the scene is loaded.
    pub steps: u32,
    /// The Play mode: the ball is a character driven by the core's controller (`play=on`).
    pub play: bool,
    /// Play: the inputs the character follows from the start, which a race replays (`inputs=`).
    pub inputs: InputScript,
    /// Simulated seconds per real second (`speed=`, [`MIN_SPEED`] ..= [`MAX_SPEED`]; the keys `,`
    /// and `.` step through [`SPEEDS`]). A lesson level starts at [`LESSON_SPEED`], so a class sees
    /// the race happen; Play's course at 1×, since the player drives it.
    pub speed: f32,
    /// Rotated boxes beside the tile map (`obb=`): tilted walls, ramps, rotated platforms.
    pub tilted: Tilted,
    /// The rain of balls (`rain=N`, see [`super::rain`]): this many balls through the rain's own
    /// level instead of the map and its ball.
    pub rain: Option<u32>,
}

impl PlaygroundOptions {
    /// The options of a built-in level (off, default strategy, no race).
    #[must_use]
    pub fn level(i: usize) -> PlaygroundOptions {
        let l = &LEVELS[i.min(LEVELS.len() - 1)];
        PlaygroundOptions {
            level: Some(i.min(LEVELS.len() - 1)),
            map: l.map(),
            strategy: StrategyId::default(),
            race: false,
            ball: Circle::new([l.ball[0], l.ball[1]], l.ball[2]).expect("built-in levels have valid balls"),
            throw: l.throw,
            gravity: true,
            steps: 0,
            play: false,
            inputs: InputScript::EMPTY,
            speed: if l.play { 1.0 } else { LESSON_SPEED },
            tilted: level_tilted(l),
            rain: None,
        }
    }
}

/// A level's rotated boxes (every built-in one is valid: tested). Here rather than on [`Level`]:
/// the levels are plain data the playground reads, and import nothing of it.
fn level_tilted(l: &Level) -> Tilted {
    let mut t = Tilted::EMPTY;
    for b in l.tilted {
        if let Ok(b) = TiltedBox::new([b[0], b[1]], [b[2], b[3]], b[4]) {
            t.push(b);
        }
    }
    t
}

impl Default for PlaygroundOptions {
    fn default() -> Self {
        PlaygroundOptions::level(0)
    }
}

/// The speed a lesson level starts at: a quarter of real time, so the flush floor's race (2.5 s
/// measured) takes 10 s on the screen, slow enough to follow each ball.
pub const LESSON_SPEED: f32 = 0.25;
/// The speeds the keys `,` (slower) and `.` (faster) step through.
pub const SPEEDS: [f32; 5] = [0.1, 0.25, 0.5, 1.0, 2.0];
/// The accepted range of `speed=` (and of the panel's slider).
pub const MIN_SPEED: f32 = 0.05;
pub const MAX_SPEED: f32 = 2.0;

/// The next speed of [`SPEEDS`] above (`faster`) or below `now`; `now` itself at either end.
#[must_use]
pub fn next_speed(now: f32, faster: bool) -> f32 {
    let found = if faster {
        SPEEDS.iter().copied().find(|&k| k > now * 1.001)
    } else {
        SPEEDS.iter().rev().copied().find(|&k| k < now * 0.999)
    };
    found.unwrap_or(now)
}

/// A time scale (`speed=`): a number in [`MIN_SPEED`] ..= [`MAX_SPEED`], with or without a
/// trailing `x` (`0.25`, `0.25x`).
pub fn parse_speed(text: &str) -> Result<f32, OptionError> {
    let t = text.trim();
    let n = t.strip_suffix(['x', 'X']).unwrap_or(t).trim();
    match n.parse::<f32>() {
        Ok(k) if (MIN_SPEED..=MAX_SPEED).contains(&k) => Ok(k),
        _ => Err(OptionError {
            field: "speed",
            message: format!("{text:?} is not a time scale {MIN_SPEED}..={MAX_SPEED} (simulated seconds per second)"),
        }),
    }
}

/// Largest accepted `steps=` (a minute at 120 steps a second).
pub const MAX_STEPS: u32 = 7200;
/// Largest accepted throw component, units per second.
pub const THROW_LIMIT: f32 = 1000.0;

/// A strategy id → the strategy (`strategy=`).
pub fn parse_strategy(text: &str) -> Result<StrategyId, OptionError> {
    let t = text.trim();
    strategy(t).map(|s| s.kind).ok_or_else(|| OptionError {
        field: "strategy",
        message: format!(
            "unknown id {t:?} (known: {})",
            STRATEGIES.iter().map(|s| s.id).collect::<Vec<_>>().join(", ")
        ),
    })
}

/// `vx,vy` → a throw within ±[`THROW_LIMIT`] units per second (`throw=`).
pub fn parse_throw(text: &str) -> Result<[f32; 2], OptionError> {
    parse_vector("throw", text, THROW_LIMIT)
}

/// A whole number of fixed steps, `0..=MAX_STEPS` (`steps=`).
pub fn parse_steps(text: &str) -> Result<u32, OptionError> {
    match text.trim().parse::<u32>() {
        Ok(n) if n <= MAX_STEPS => Ok(n),
        _ => Err(OptionError { field: "steps", message: format!("{text:?} is not a whole number 0..={MAX_STEPS}") }),
    }
}

/// A level id (`level=`).
pub fn parse_level(text: &str) -> Result<usize, OptionError> {
    let t = text.trim();
    level_index(t)
        .ok_or_else(|| OptionError { field: "level", message: format!("unknown level {t:?} (known: {})", level_ids()) })
}

/// A map's scene text (`map=`, see [`PlayMap::parse`]).
pub fn parse_map(text: &str) -> Result<PlayMap, OptionError> {
    PlayMap::parse(text).map_err(|m| OptionError { field: "map", message: m })
}

/// `x,y,r` → the playground ball (`ball=`): a checked circle with a radius in `0.05..=4`.
pub fn parse_ball(text: &str) -> Result<Circle, OptionError> {
    let v = parse_numbers(text, Some(&["x", "y", "r"]))
        .map_err(|e| OptionError { field: "ball", message: e.to_string() })?;
    if !(0.05..=4.0).contains(&v[2]) {
        return Err(OptionError { field: "ball", message: format!("r {} is not in 0.05..=4", v[2]) });
    }
    Circle::new([v[0], v[1]], v[2]).map_err(|e| OptionError { field: "ball", message: e.to_string() })
}

/// A Play mode script (`inputs=`, see [`InputScript::parse`]).
pub fn parse_inputs(text: &str) -> Result<InputScript, OptionError> {
    InputScript::parse(text)
}

/// The most rotated boxes a playground scene holds (`obb=`).
pub const MAX_TILTED: usize = 8;

/// One rotated box of the playground, as the scene text gives it: centre, half extents (world
/// units), angle in degrees (counter-clockwise). Always a valid [`OrientedRect`]: built by [`TiltedBox::new`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TiltedBox {
    pub center: [f32; 2],
    pub half: [f32; 2],
    pub degrees: f32,
}

impl TiltedBox {
    /// A checked box: finite numbers, half extents in `0.05..=40`, the angle within ±360°.
    pub fn new(center: [f32; 2], half: [f32; 2], degrees: f32) -> Result<TiltedBox, OptionError> {
        let bad = |m: String| OptionError { field: "obb", message: m };
        for (x, name) in center.iter().chain(&half).chain([&degrees]).zip(["cx", "cy", "hx", "hy", "deg"]) {
            if !x.is_finite() {
                return Err(bad(format!("{name} {x} is not a finite number")));
            }
        }
        if center.iter().any(|c| c.abs() > 1000.0) {
            return Err(bad(format!("centre {center:?} is not within ±1000")));
        }
        if half.iter().any(|h| !(0.05..=40.0).contains(h)) {
            return Err(bad(format!("half extents {half:?} are not in 0.05..=40")));
        }
        if degrees.abs() > 360.0 {
            return Err(bad(format!("deg {degrees} is not within ±360")));
        }
        TiltedBox { center, half, degrees }.obb().map_err(|e| bad(e.to_string()))?;
        Ok(TiltedBox { center, half, degrees })
    }

    /// The core's rotated box.
    pub fn obb(&self) -> Result<OrientedRect, crate::geom::ShapeError> {
        OrientedRect::from_degrees(self.center, self.half, self.degrees)
    }

    /// Where its turning handle is (world): half a unit beyond the middle of its own +x face.
    #[must_use]
    pub fn turn_handle(&self) -> [f32; 2] {
        let a = self.degrees.to_radians();
        let d = self.half[0] + 0.5;
        [self.center[0] + d * a.cos(), self.center[1] + d * a.sin()]
    }

    /// Does it contain the world point `w` (in its own frame, within its half extents)?
    #[must_use]
    pub fn contains(&self, w: [f32; 2]) -> bool {
        let a = self.degrees.to_radians();
        let (dx, dy) = (w[0] - self.center[0], w[1] - self.center[1]);
        let (u, v) = (dx * a.cos() + dy * a.sin(), -dx * a.sin() + dy * a.cos());
        u.abs() <= self.half[0] && v.abs() <= self.half[1]
    }

    /// Its scene text, `cx,cy,hx,hy,deg`.
    #[must_use]
    pub fn to_text(&self) -> String {
        format!("{},{},{},{},{}", self.center[0], self.center[1], self.half[0], self.half[1], self.degrees)
    }
}

/// The playground's rotated boxes (`obb=`; at most [`MAX_TILTED`]), beside the tile map. Plain
/// data, `Copy` like the rest of the options.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tilted {
    boxes: [Option<TiltedBox>; MAX_TILTED],
}

impl Tilted {
    pub const EMPTY: Tilted = Tilted { boxes: [None; MAX_TILTED] };

    /// The boxes, in order.
    pub fn iter(&self) -> impl Iterator<Item = &TiltedBox> + '_ {
        self.boxes.iter().flatten()
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.boxes[0].is_none()
    }

    /// Adds a box at the end; false when full.
    pub fn push(&mut self, b: TiltedBox) -> bool {
        let n = self.len();
        if n == MAX_TILTED {
            return false;
        }
        self.boxes[n] = Some(b);
        true
    }

    /// Box `i`, to change it.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut TiltedBox> {
        self.boxes.get_mut(i).and_then(Option::as_mut)
    }

    /// Removes box `i` (the later ones move up).
    pub fn remove(&mut self, i: usize) {
        let n = self.len();
        if i < n {
            self.boxes.copy_within(i + 1..n, i);
            self.boxes[n - 1] = None;
        }
    }

    /// The core's boxes, for the world step.
    #[must_use]
    pub fn obbs(&self) -> Vec<OrientedRect> {
        self.iter().filter_map(|b| b.obb().ok()).collect()
    }

    /// The scene text: each box's `cx,cy,hx,hy,deg`, `;`-separated.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.iter().map(TiltedBox::to_text).collect::<Vec<_>>().join(";")
    }
}

/// `cx,cy,hx,hy,deg[;cx,cy,hx,hy,deg…]` → the rotated boxes (`obb=`, repeatable: each `obb=` adds
/// its boxes; an empty value is none). Errors name the field `obb` and the number at fault.
pub fn parse_tilted(text: &str, into: &mut Tilted) -> Result<(), OptionError> {
    for one in text.split(';').map(str::trim).filter(|t| !t.is_empty()) {
        let v = parse_numbers(one, Some(&["cx", "cy", "hx", "hy", "deg"]))
            .map_err(|e| OptionError { field: "obb", message: e.to_string() })?;
        let b = TiltedBox::new([v[0], v[1]], [v[2], v[3]], v[4])?;
        if !into.push(b) {
            return Err(OptionError { field: "obb", message: format!("more than {MAX_TILTED} rotated boxes") });
        }
    }
    Ok(())
}
