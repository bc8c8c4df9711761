//! The scene text: the one place that knows it. A scene is [`SceneOptions`]; its text is the
//! `--scene` string, the URL fragment and the panel's Copy/Load text
//! (`algorithm=fold&circle=1,2,3&box=-2,-1,2,1&case=inside&overlay=agreement&…`), and the
//! command line's `--circle 1,2,3 --box …` strings are the same keys one at a time. Every key's
//! parse and format is here: [`SceneOptions::from_fragment`] reads a text, [`SceneOptions::to_fragment`]
//! writes one, and both go through the same checks ([`crate::format::parse_numbers`] and the core's
//! checked constructors), so a bad value is refused with the name of its key and never reaches the
//! scene.
//!
//! This module knows nothing of [`State`](super::State): the state is built from a scene by
//! [`State::new`](super::State::new) and [`load_scene`](super::load_scene), and read
//! back into one by [`current_scene`](super::current_scene).

use super::levels::LEVELS;
use super::mode::{Flat, Mode};
pub use super::motion::options::{parse_restitution, parse_velocity, MotionKind, MotionOptions};
pub use super::playground::options::{
    parse_ball, parse_inputs, parse_level, parse_map, parse_speed, parse_steps, parse_strategy, parse_throw,
    parse_tilted, PlaygroundOptions, Tilted, MAX_STEPS, THROW_LIMIT,
};
use super::presentation::{self, Presentation};
pub use super::quiz::QuizKey;
pub use super::still::options::CaseMode;
pub use super::text::{next_choice, parse_choice, parse_flag, parse_vector, OptionError, VELOCITY_LIMIT};
use super::three::options::{self as three, ThreeOptions};
use crate::format::parse_numbers;
use crate::geom::algo::arvo::ArvoMode;
use crate::geom::{
    algo::{algorithm_ids, ALGORITHMS},
    Circle, Rect,
};
use crate::teach::lessons::{Overlay, TourStep};
use std::fmt;

/// The scene the demo starts with (and returns to on Reset).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneOptions {
    /// What the app shows (`motion=on`, `playground=on`, `view=3d`).
    pub mode: Mode,
    pub circle: Circle,
    pub aabb: Rect,
    /// The still scene's box turned about its centre, degrees counter-clockwise in (−180, 180]
    /// (`angle=`; 0, the aligned box, is not written).
    pub angle: f32,
    /// Index into [`ALGORITHMS`].
    pub algorithm: usize,
    pub case: CaseMode,
    /// Window size in logical pixels (`--size`), if given.
    pub size: Option<(u32, u32)>,
    /// Teaching layer (see [`super::teach`]): the overlay on the canvas (`overlay=`).
    pub overlay: Overlay,
    /// Test the selected algorithm as its source prints it (`published=1`).
    pub as_published: bool,
    /// Compare mode: the agreement map's reference algorithm instead of the exact answer (`compare=`).
    pub compare: Option<usize>,
    /// Arvo's mode, used when Arvo is the tested algorithm (`arvo=solid-solid|solid-hollow|…`).
    pub arvo: ArvoMode,
    /// The guided tour's step shown with the scene (`tour=chapter:step`, the step counted from 1 in
    /// the text; `tour=N` is `still:N`).
    pub tour: Option<TourStep>,
    /// Motion mode: velocity, response, restitution, the box's angle (`motion=`, `velocity=`, `response=`,
    /// `restitution=`, `angle=`).
    pub motion: MotionOptions,
    /// The playground (`playground=`, `level=`, `map=`, `strategy=`, `race=`, `ball=`, `throw=`,
    /// `gravity=`, `steps=`, and Play's `play=`, `inputs=`).
    pub playground: PlaygroundOptions,
    /// The 3D view (`view=`, `sphere=`, `box3=`, `camera=`, `views=`, `slice=`, `slicemap=`, `xray=`, `grown=`,
    /// `velocity3=`).
    pub three: ThreeOptions,
    /// For a room: text scale, panel shown, the first-screen hint (`text=`, `panel=`, `hint=`).
    pub presentation: Presentation,
    /// The quiz and its question (`quiz=SEED` or `quiz=SEED:N`): see [`super::quiz`].
    pub quiz: Option<QuizKey>,
}

/// Smallest and largest accepted `--size` side.
pub const SIZE_RANGE: (u32, u32) = (200, 8192);

impl Default for SceneOptions {
    /// One point, made at once: a circle right of the box (zone 5), near but apart from it. What
    /// shows is its nearest point on the box and the distance, 1.6 against r = 1; dragging it in
    /// turns it overlapping, with the push-out (the hint says "drag the circle").
    fn default() -> Self {
        SceneOptions {
            mode: Mode::default(),
            circle: Circle::new([3.6, 0.4], 1.0).expect("valid default circle"),
            aabb: Rect::new([-2.0, -1.0], [2.0, 1.5]).expect("valid default box"),
            angle: 0.0,
            algorithm: 0,
            case: CaseMode::Auto,
            size: None,
            overlay: Overlay::None,
            as_published: false,
            compare: None,
            arvo: ArvoMode::SolidBoxSolidBall,
            tour: None,
            motion: MotionOptions::default(),
            playground: PlaygroundOptions::default(),
            three: ThreeOptions::default(),
            presentation: Presentation::default(),
            quiz: None,
        }
    }
}

impl SceneOptions {
    /// Builds the options from the command line's strings; `None` keeps the default.
    /// Every field is checked, and the first bad one is named in the error.
    pub fn from_args(
        circle: Option<&str>,
        aabb: Option<&str>,
        algorithm: Option<&str>,
        case: Option<&str>,
        size: Option<&str>,
    ) -> Result<SceneOptions, OptionError> {
        SceneOptions::default().with_args(circle, aabb, algorithm, case, size)
    }

    /// These options with the given command-line strings applied on top (`--scene` then `--circle` …).
    pub fn with_args(
        self,
        circle: Option<&str>,
        aabb: Option<&str>,
        algorithm: Option<&str>,
        case: Option<&str>,
        size: Option<&str>,
    ) -> Result<SceneOptions, OptionError> {
        let mut o = self;
        if let Some(t) = circle {
            o.circle = parse_circle(t)?;
        }
        if let Some(t) = aabb {
            if three::arity(t) == 6 {
                if circle.is_some() {
                    return Err(OptionError {
                        field: "box",
                        message: format!("{t:?} has 6 numbers (a 3D box) but a circle was given: use --sphere CX,CY,CZ,R, or give MINX,MINY,MAXX,MAXY"),
                    });
                }
                o.three.aabb = three::parse_box3("box", t)?;
                o.mode = o.mode.with_three(true);
            } else {
                o.aabb = parse_box(t).map_err(|mut e| {
                    if three::arity(t) != 4 {
                        e.message.push_str(" (or 6 for a 3D box: minx,miny,minz,maxx,maxy,maxz)");
                    }
                    e
                })?;
            }
        }
        if let Some(t) = algorithm {
            o.algorithm = parse_algorithm(t)?;
        }
        if let Some(t) = case {
            o.case = CaseMode::parse(t)?;
        }
        if let Some(t) = size {
            o.size = Some(parse_size(t)?);
        }
        Ok(o)
    }

    /// These options with `--velocity VX,VY` applied (it also turns motion mode on); three numbers
    /// `VX,VY,VZ` are the 3D sphere's velocity (`velocity3=`) instead, when the 3D view is on (apply
    /// [`with_3d`](Self::with_3d) first).
    pub fn with_velocity(self, velocity: Option<&str>) -> Result<SceneOptions, OptionError> {
        let mut o = self;
        if let Some(t) = velocity.filter(|t| three::arity(t) == 3) {
            if !o.mode.is_three() {
                return Err(OptionError {
                    field: "velocity",
                    message: format!("{t:?}: three numbers are a 3D velocity; the 3D view is not on (--sphere)"),
                });
            }
            o.three.velocity = three::parse_velocity3(t).map_err(|e| OptionError { field: "velocity", ..e })?;
        } else if let Some(t) = velocity {
            o.motion.velocity = parse_velocity(t)?;
            // The playground, when on, stays the 2D mode (it always took precedence).
            if !o.mode.flat_playground() {
                o.mode = o.mode.with_flat(Flat::Motion, true);
            }
        }
        Ok(o)
    }

    /// These options with `--sphere CX,CY,CZ,R` and `--view 2d|3d` applied; `aabb` is the `--box`
    /// text, which must then have 6 numbers. A sphere turns the 3D view on (unless `--view 2d`).
    pub fn with_3d(
        self,
        sphere: Option<&str>,
        view: Option<&str>,
        aabb: Option<&str>,
    ) -> Result<SceneOptions, OptionError> {
        let mut o = self;
        if let Some(t) = sphere {
            if let Some(b) = aabb.filter(|b| three::arity(b) != 6) {
                return Err(OptionError {
                    field: "box",
                    message: format!(
                        "{b:?} has {} numbers, but a sphere needs a 3D box: MINX,MINY,MINZ,MAXX,MAXY,MAXZ",
                        three::arity(b)
                    ),
                });
            }
            o.three.sphere = three::parse_sphere(t)?;
            o.mode = o.mode.with_three(true);
        }
        if let Some(t) = view {
            o.mode = o.mode.with_three(three::parse_view(t)?);
        }
        Ok(o)
    }

    /// Builds the options from a URL fragment such as `#algorithm=fold&circle=1,2,3&case=inside`
    /// (the leading `#` is optional; `%2C` is accepted for a comma). Keys: `circle`, `box`,
    /// `algorithm`, `case`, `size`, and the teaching layer's `overlay`, `published`, `compare`, `arvo`,
    /// `tour`, the motion mode's `motion`, `velocity`, `response`, `restitution`, `angle`, the playground's
    /// `playground`, `level`, `map`, `strategy`, `race`, `ball`, `throw`, `gravity`, `steps`, `play`
    /// (on: the playground in Play mode), `inputs`, `speed`, `obb` (repeatable), `rain` (the rain of balls), and the 3D view's keys. An unknown key or a bad
    /// value is an error naming it.
    ///
    /// `tour=motion:2` shows that tour step *with its own scene* (`tour=N` is `still:N`): the step's
    /// scene text (its mode, shapes, algorithm, case, overlay and "as published" setting) comes first,
    /// and every other key of the same text then overrides it, as a later key overrides an earlier
    /// one. So `#tour=motion:2` is that step as the tour shows it, and the scene text the app writes
    /// back (see [`to_fragment`](Self::to_fragment)) reproduces what is on screen.
    pub fn from_fragment(fragment: &str) -> Result<SceneOptions, OptionError> {
        let fragment = fragment.trim().trim_start_matches('#');
        if let Some(key) = quiz_in(fragment)? {
            // The question's scene, with only the presentation keys of the text (a quiz link shows
            // the question as asked, whatever else the text says).
            let kept: Vec<&str> = fragment
                .split('&')
                .filter(|p| {
                    matches!(p.split('=').next().map(str::trim), Some("text" | "panel" | "hint" | "embed" | "size"))
                })
                .collect();
            let question = super::quiz::generate(key.seed, key.question);
            let merged = format!("{}&{}", super::quiz::scene_text(&question), kept.join("&"));
            let mut o = Self::parse_fragment(&merged)?;
            o.quiz = Some(key);
            return Ok(o);
        }
        if let Some(step) = tour_in(fragment)? {
            let Some(lesson) = step.lesson() else { return Self::parse_fragment(fragment) };
            let rest: Vec<&str> =
                fragment.split('&').filter(|p| p.split('=').next().map(str::trim) != Some("tour")).collect();
            let merged = format!(
                "{}&overlay={}&published={}&{}",
                lesson.scene,
                overlay_id(lesson.overlay),
                if lesson.as_published { "on" } else { "off" },
                rest.join("&")
            );
            let mut o = Self::parse_fragment(&merged)?;
            o.tour = Some(step);
            return Ok(o);
        }
        Self::parse_fragment(fragment)
    }

    /// [`SceneOptions::from_fragment`] without the tour step's scene underneath.
    fn parse_fragment(fragment: &str) -> Result<SceneOptions, OptionError> {
        let (mut circle, mut aabb, mut algorithm, mut case, mut size) = (None, None, None, None, None);
        let (mut overlay, mut published, mut compare, mut arvo, mut tour) = (None, None, None, None, None);
        let (mut motion, mut velocity, mut response, mut restitution) = (None, None, None, None);
        let (mut playground, mut level, mut map, mut strat, mut race) = (None, None, None, None, None);
        let (mut ball, mut throw, mut gravity, mut steps) = (None, None, None, None);
        let (mut play, mut inputs, mut speed, mut angle) = (None, None, None, None);
        let mut rain = None;
        let mut three_keys: Vec<(&str, String)> = Vec::new();
        let mut obbs: Vec<String> = Vec::new();
        let mut sphere_given = false;
        let mut presentation_keys: Vec<(&str, String)> = Vec::new();
        for pair in fragment.split('&').filter(|p| !p.trim().is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = value.replace("%2C", ",").replace("%2c", ",").replace("%20", "");
            let slot = match key.trim() {
                "circle" => &mut circle,
                "box" => &mut aabb,
                "algorithm" | "algo" => &mut algorithm,
                "case" => &mut case,
                "angle" => &mut angle,
                "size" => &mut size,
                "overlay" => &mut overlay,
                "published" => &mut published,
                "compare" => &mut compare,
                "arvo" => &mut arvo,
                "tour" => &mut tour,
                "motion" => &mut motion,
                "velocity" => &mut velocity,
                "response" => &mut response,
                "restitution" => &mut restitution,
                "playground" => &mut playground,
                "level" => &mut level,
                "map" => &mut map,
                "strategy" => &mut strat,
                "race" => &mut race,
                "ball" => &mut ball,
                "throw" => &mut throw,
                "gravity" => &mut gravity,
                "steps" => &mut steps,
                "play" => &mut play,
                "inputs" => &mut inputs,
                "speed" => &mut speed,
                "rain" => &mut rain,
                "obb" => {
                    obbs.push(value);
                    continue;
                }
                k @ ("view" | "sphere" | "box3" | "camera" | "views" | "slice" | "slicemap" | "xray" | "grown"
                | "velocity3" | "rotation") => {
                    sphere_given |= k == "sphere";
                    three_keys.push((k, value));
                    continue;
                }
                // Read first, by `from_fragment`.
                "quiz" => continue,
                k @ ("text" | "panel" | "hint" | "embed") => {
                    presentation_keys.push((k, value));
                    continue;
                }
                other => {
                    return Err(OptionError {
                        field: "fragment",
                        message: format!(
                            "unknown key {other:?} (known: circle, box, angle, algorithm, case, size, overlay, \
                             published, compare, arvo, tour, motion, velocity, response, restitution, \
                             playground, level, map, strategy, race, ball, throw, gravity, steps, play, \
                             inputs, speed, obb, rain, quiz, {}, {})",
                            three::KEYS,
                            presentation::KEYS
                        ),
                    })
                }
            };
            *slot = Some(value);
        }
        let mut o = SceneOptions::from_args(
            circle.as_deref(),
            aabb.as_deref(),
            algorithm.as_deref(),
            case.as_deref(),
            size.as_deref(),
        )?;
        // A 4-number box beside a sphere and no box3 is a mistake (a 6-number one is the 3D box, taken
        // above; with box3 given, a 4-number box is the 2D scene's, as the scene text writes it).
        if sphere_given && !three_keys.iter().any(|(k, _)| *k == "box3") {
            if let Some(b) = aabb.as_deref().filter(|b| three::arity(b) != 6) {
                return Err(OptionError {
                    field: "box",
                    message: format!(
                        "{b:?} has {} numbers, but a sphere needs a 3D box (box3= or 6 numbers)",
                        three::arity(b)
                    ),
                });
            }
        }
        let mut three_on = o.mode.is_three();
        for (k, v) in &three_keys {
            o.three.set_key(&mut three_on, k, v)?;
        }
        for (k, v) in &presentation_keys {
            o.presentation.set_key(k, v)?;
        }
        if let Some(t) = angle {
            o.angle = super::still::options::parse_angle(&t)?;
        }
        if let Some(t) = overlay {
            o.overlay = parse_overlay(&t)?;
        }
        if let Some(t) = published {
            o.as_published = parse_flag("published", &t)?;
        }
        if let Some(t) = compare {
            o.compare = parse_compare(&t)?;
        }
        if let Some(t) = arvo {
            o.arvo = parse_arvo(&t)?;
        }
        if let Some(t) = tour {
            o.tour = parse_tour(&t)?;
        }
        let motion_on = motion.map(|t| parse_flag("motion", &t)).transpose()?.unwrap_or(false);
        if let Some(t) = velocity {
            o.motion.velocity = parse_velocity(&t)?;
        }
        if let Some(t) = response {
            o.motion.response = MotionKind::parse(&t)?;
        }
        if let Some(t) = restitution {
            o.motion.restitution = parse_restitution(&t)?;
        }
        // One box, one angle: motion mode turns the same box (see `sync_angle` in update.rs).
        o.motion.angle = o.angle;
        // The playground: a level first (its map, ball and throw), then what overrides it.
        let p = &mut o.playground;
        if let Some(t) = level {
            *p = PlaygroundOptions::level(parse_level(&t)?);
        }
        if let Some(t) = map {
            p.map = parse_map(&t)?;
            p.level = p.level.filter(|&i| LEVELS[i].map() == p.map);
        }
        let playground_flag = playground.map(|t| parse_flag("playground", &t)).transpose()?;
        // Play is the playground's mode: `play=on` turns the playground on (and cannot go with
        // `playground=off`).
        p.play = play.map(|t| parse_flag("play", &t)).transpose()?.unwrap_or(false);
        if p.play && playground_flag == Some(false) {
            return Err(OptionError {
                field: "play",
                message: "play=on is the playground's Play mode: it cannot go with playground=off".to_string(),
            });
        }
        // The rain of balls is a playground scene: `rain=N` turns the playground on (not with
        // `playground=off`, Play or a race).
        if let Some(t) = rain {
            let n = super::playground::rain::parse_rain(&t)?;
            let clash = if playground_flag == Some(false) {
                Some("playground=off")
            } else if p.play {
                Some("play=on")
            } else if race.as_deref().map(|r| parse_flag("race", r)).transpose()? == Some(true) {
                Some("race=on")
            } else {
                None
            };
            if let Some(c) = clash {
                return Err(OptionError {
                    field: "rain",
                    message: format!("the rain of balls is a playground scene of one strategy: it cannot go with {c}"),
                });
            }
            p.rain = Some(n);
            // Real time unless told (a lesson level starts slowed down).
            if speed.is_none() {
                p.speed = 1.0;
            }
        }
        let playground_on = playground_flag.unwrap_or(false) || p.play || p.rain.is_some();
        if let Some(t) = inputs {
            if !p.play {
                return Err(OptionError {
                    field: "inputs",
                    message: "the inputs are the Play mode's: give play=on with them".to_string(),
                });
            }
            p.inputs = parse_inputs(&t)?;
        }
        if let Some(t) = strat {
            p.strategy = parse_strategy(&t)?;
        }
        if let Some(t) = race {
            p.race = parse_flag("race", &t)?;
        }
        if let Some(t) = ball {
            p.ball = parse_ball(&t)?;
        }
        if let Some(t) = throw {
            p.throw = parse_throw(&t)?;
        }
        if let Some(t) = gravity {
            p.gravity = parse_flag("gravity", &t)?;
        }
        if let Some(t) = steps {
            p.steps = parse_steps(&t)?;
        }
        if let Some(t) = speed {
            p.speed = parse_speed(&t)?;
        }
        // Rotated boxes: given at all, they replace the level's own (an empty `obb=` clears them).
        if !obbs.is_empty() {
            p.tilted = Tilted::EMPTY;
            for t in &obbs {
                parse_tilted(t, &mut p.tilted)?;
            }
        }
        // One 2D mode: the playground before motion, as the app always gave it precedence.
        let flat = if playground_on {
            Flat::Playground
        } else if motion_on {
            Flat::Motion
        } else {
            Flat::Still
        };
        o.mode = if three_on { Mode::Three(flat) } else { Mode::Flat(flat) };
        Ok(o)
    }

    /// The fragment that describes this scene (the inverse of [`SceneOptions::from_fragment`]).
    /// The teaching keys are written only when they differ from the default, to keep it short.
    ///
    /// With a tour step, the step's scene lies under the text when it is read again, so a key the
    /// step sets and the text leaves out (being the default) is spelt out (`race=off`, `play=off`,
    /// …). Should the text still not give back this scene (a key without a spelling for its
    /// default), it is written without the tour step: the scene then loads as it is, the caption
    /// off, rather than as something else.
    #[must_use]
    pub fn to_fragment(&self) -> String {
        let Some(step) = self.tour.filter(|t| t.lesson().is_some()) else { return self.plain_fragment() };
        let lesson = step.lesson().map_or("", |l| l.scene);
        let mut s = self.plain_fragment();
        let written: Vec<String> =
            s.split('&').filter_map(|p| p.split_once('=')).map(|(k, _)| k.trim().to_string()).collect();
        for key in lesson.split('&').filter_map(|p| p.split_once('=')).map(|(k, _)| k.trim()) {
            if !written.iter().any(|w| w == key) {
                if let Some(default) = default_text(key) {
                    s.push_str(&format!("&{key}={default}"));
                }
            }
        }
        s.push_str(&format!("&tour={step}"));
        let same = |o: SceneOptions| SceneOptions { size: self.size, ..o } == *self;
        if SceneOptions::from_fragment(&s).is_ok_and(same) {
            s
        } else {
            SceneOptions { tour: None, ..*self }.plain_fragment()
        }
    }

    /// [`to_fragment`](Self::to_fragment) without the tour step's keys spelt out.
    fn plain_fragment(&self) -> String {
        let mut s = self.shapes_fragment();
        s.push_str(&self.teach_fragment());
        s.push_str(&self.motion_fragment());
        s.push_str(&self.playground_fragment());
        s.push_str(&self.three.to_fragment(self.mode.is_three()));
        s.push_str(&self.presentation.to_fragment());
        if let Some(k) = self.quiz {
            s.push_str(&format!("&quiz={}", k.to_text()));
        }
        s
    }

    /// The playground keys, only when they differ from the default: on/off, the level (or the
    /// painted map), the strategy, and the ball, throw, race, gravity and steps when they are not
    /// the level's defaults.
    fn playground_fragment(&self) -> String {
        let p = &self.playground;
        let on = self.mode.flat_playground();
        if *p == PlaygroundOptions::default() && !on {
            return String::new();
        }
        let mut s = format!("&playground={}", if on { "on" } else { "off" });
        let base = match p.level {
            Some(i) if LEVELS[i].map() == p.map => {
                s.push_str(&format!("&level={}", LEVELS[i].id));
                PlaygroundOptions::level(i)
            }
            _ => {
                s.push_str(&format!("&map={}", p.map.to_compact()));
                PlaygroundOptions::default()
            }
        };
        s.push_str(&format!("&strategy={}", p.strategy.as_str()));
        if p.ball != base.ball {
            let c = p.ball.center();
            s.push_str(&format!("&ball={},{},{}", c[0], c[1], p.ball.radius()));
        }
        if p.throw != base.throw {
            s.push_str(&format!("&throw={},{}", p.throw[0], p.throw[1]));
        }
        if p.race {
            s.push_str("&race=on");
        }
        if !p.gravity {
            s.push_str("&gravity=off");
        }
        if p.steps > 0 {
            s.push_str(&format!("&steps={}", p.steps));
        }
        if p.speed != base.speed {
            s.push_str(&format!("&speed={}", p.speed));
        }
        if p.tilted != base.tilted {
            s.push_str(&format!("&obb={}", p.tilted.to_text()));
        }
        if let (Some(n), true) = (p.rain, on) {
            s.push_str(&format!("&rain={n}"));
        }
        // Play is written with the playground on (off, the scene is the playground's map alone).
        if p.play && on {
            s.push_str("&play=on");
            if !p.inputs.is_empty() {
                s.push_str(&format!("&inputs={}", p.inputs));
            }
        }
        s
    }

    /// The motion keys, only when motion mode is on or they differ from the default
    /// (`&motion=on&velocity=…&response=…&restitution=…`; the box's angle is the shapes' `angle=`).
    fn motion_fragment(&self) -> String {
        let m = &self.motion;
        let on = self.mode.flat_motion();
        if *m == MotionOptions::default() && !on {
            return String::new();
        }
        let mut s = format!(
            "&motion={}&velocity={},{}&response={}",
            if on { "on" } else { "off" },
            m.velocity[0],
            m.velocity[1],
            m.response.as_str()
        );
        if m.response == MotionKind::Bounce || m.restitution != MotionOptions::default().restitution {
            s.push_str(&format!("&restitution={}", m.restitution));
        }
        s
    }

    fn shapes_fragment(&self) -> String {
        let (c, lo, hi) = (self.circle.center(), self.aabb.min(), self.aabb.max());
        format!(
            "algorithm={}&circle={},{},{}&box={},{},{},{}&case={}",
            ALGORITHMS[self.algorithm.min(ALGORITHMS.len() - 1)].id,
            c[0],
            c[1],
            self.circle.radius(),
            lo[0],
            lo[1],
            hi[0],
            hi[1],
            self.case.as_str()
        ) + &if self.angle != 0.0 { format!("&angle={}", self.angle) } else { String::new() }
    }

    /// The teaching keys of a scene text, each only when it is not the default (`&overlay=…&…`).
    #[must_use]
    fn teach_fragment(&self) -> String {
        let mut s = String::new();
        // With a tour step the step's scene is underneath (see `from_fragment`): its overlay and "as
        // published" setting are not the defaults, so both are spelt out.
        let touring = self.tour.is_some_and(|t| t.lesson().is_some());
        if self.overlay != Overlay::None || touring {
            s.push_str(&format!("&overlay={}", overlay_id(self.overlay)));
        }
        if self.as_published || touring {
            s.push_str(&format!("&published={}", u8::from(self.as_published)));
        }
        if let Some(b) = self.compare.filter(|&b| b < ALGORITHMS.len()) {
            s.push_str(&format!("&compare={}", ALGORITHMS[b].id));
        }
        if self.arvo != ArvoMode::SolidBoxSolidBall {
            s.push_str(&format!("&arvo={}", arvo_id(self.arvo)));
        }
        s
    }
}

/// The text of a key's default value, for the keys a scene text leaves out when they are the default
/// and a tour step may set (see [`SceneOptions::to_fragment`]); `None`: a key that is always written
/// when it matters, or has no one default.
fn default_text(key: &str) -> Option<&'static str> {
    Some(match key {
        "overlay" | "compare" => "none",
        "published" | "motion" | "playground" | "race" | "play" | "xray" | "grown" | "slice" => "off",
        "gravity" => "on",
        "steps" | "angle" => "0",
        "view" => "2d",
        "views" => "1",
        "arvo" => "solid-solid",
        _ => return None,
    })
}

fn shape_error(field: &'static str, e: impl fmt::Display) -> OptionError {
    OptionError { field, message: e.to_string() }
}

/// `cx,cy,r` → a checked circle.
pub fn parse_circle(text: &str) -> Result<Circle, OptionError> {
    let v = parse_numbers(text, Some(&["cx", "cy", "r"])).map_err(|e| shape_error("circle", e))?;
    Circle::new([v[0], v[1]], v[2]).map_err(|e| shape_error("circle", e))
}

/// `minx,miny,maxx,maxy` → a checked box.
pub fn parse_box(text: &str) -> Result<Rect, OptionError> {
    let v = parse_numbers(text, Some(&["minx", "miny", "maxx", "maxy"])).map_err(|e| shape_error("box", e))?;
    Rect::new([v[0], v[1]], [v[2], v[3]]).map_err(|e| shape_error("box", e))
}

/// An algorithm id → its index in the registry.
pub fn parse_algorithm(text: &str) -> Result<usize, OptionError> {
    let t = text.trim();
    ALGORITHMS.iter().position(|a| a.id == t).ok_or_else(|| OptionError {
        field: "algorithm",
        message: format!("unknown id {t:?} (known: {})", algorithm_ids()),
    })
}

/// `WxH` → a window size within [`SIZE_RANGE`].
pub fn parse_size(text: &str) -> Result<(u32, u32), OptionError> {
    let bad = |m: String| OptionError { field: "size", message: m };
    let (w, h) = text
        .trim()
        .split_once(['x', 'X'])
        .ok_or_else(|| bad(format!("{text:?} is not WIDTHxHEIGHT, e.g. 1280x800")))?;
    let parse =
        |s: &str, name: &str| s.trim().parse::<u32>().map_err(|_| bad(format!("{name} {s:?} is not a whole number")));
    let (w, h) = (parse(w, "width")?, parse(h, "height")?);
    for (v, name) in [(w, "width"), (h, "height")] {
        if v < SIZE_RANGE.0 || v > SIZE_RANGE.1 {
            return Err(bad(format!("{name} {v} is outside {}..={}", SIZE_RANGE.0, SIZE_RANGE.1)));
        }
    }
    Ok((w, h))
}

/// The scene-text id of an overlay.
#[must_use]
pub fn overlay_id(o: Overlay) -> &'static str {
    match o {
        Overlay::None => "none",
        Overlay::Agreement => "agreement",
        Overlay::Distance => "distance",
    }
}

/// All overlays, in cycling order.
pub const OVERLAYS: [Overlay; 3] = [Overlay::None, Overlay::Agreement, Overlay::Distance];

/// `none`, `agreement` or `distance`.
pub fn parse_overlay(text: &str) -> Result<Overlay, OptionError> {
    parse_choice("overlay", text, &OVERLAYS, overlay_id)
}

/// An algorithm id for compare mode, or `none`.
pub fn parse_compare(text: &str) -> Result<Option<usize>, OptionError> {
    let t = text.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    parse_algorithm(t)
        .map(Some)
        .map_err(|e| OptionError { field: "compare", message: format!("{} (or none)", e.message) })
}

/// The scene-text id of one of Arvo's modes: box first, then ball.
#[must_use]
pub fn arvo_id(m: ArvoMode) -> &'static str {
    match m {
        ArvoMode::SolidBoxSolidBall => "solid-solid",
        ArvoMode::SolidBoxHollowBall => "solid-hollow",
        ArvoMode::HollowBoxSolidBall => "hollow-solid",
        ArvoMode::HollowBoxHollowBall => "hollow-hollow",
    }
}

/// `solid-solid`, `solid-hollow`, `hollow-solid` or `hollow-hollow` (box, then ball).
pub fn parse_arvo(text: &str) -> Result<ArvoMode, OptionError> {
    parse_choice("arvo", text, &ArvoMode::ALL, arvo_id)
        .map_err(|e| OptionError { message: e.message + " (box-ball)", ..e })
}

/// The quiz a scene text names (`quiz=SEED` or `quiz=SEED:N`, the last one if several), if any.
fn quiz_in(fragment: &str) -> Result<Option<QuizKey>, OptionError> {
    let value = fragment.split('&').filter_map(|p| p.split_once('=')).rfind(|(k, _)| k.trim() == "quiz");
    value.map_or(Ok(None), |(_, v)| parse_quiz(v))
}

/// `SEED`, `SEED:N` (question N, from 1) or `off` → the quiz's place, refused naming `quiz`.
pub fn parse_quiz(text: &str) -> Result<Option<QuizKey>, OptionError> {
    QuizKey::parse(text).map_err(|message| OptionError { field: "quiz", message })
}

/// The tour step a scene text names (`tour=…`, the last one if several), if any.
fn tour_in(fragment: &str) -> Result<Option<TourStep>, OptionError> {
    let value = fragment.split('&').filter_map(|p| p.split_once('=')).rfind(|(k, _)| k.trim() == "tour");
    value.map_or(Ok(None), |(_, v)| parse_tour(v))
}

/// A tour step, `chapter:step` with the step counted from 1 as the panel shows it (`motion:2`; a bare
/// `N` is `still:N`), or `none`.
pub fn parse_tour(text: &str) -> Result<Option<TourStep>, OptionError> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    TourStep::parse(t).map(Some).map_err(|message| OptionError { field: "tour", message })
}
