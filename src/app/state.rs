//! What the demo remembers between frames ([`State`]) and what the core says about it
//! ([`Analysis`]), and the two ways to read it: [`Analysis`] for the canvas and the panel,
//! [`current_scene`] for the scene text. Nothing here changes the state: a state begins in
//! `start` ([`State::new`]) and changes in `update`, both of which import this file, never the
//! other way.

use super::bench::BenchState;
use super::embed::{self, Button, Embed};
use super::gesture::{TouchState, ViewZoom};
use super::layout::{Layout, LayoutKind};
use super::mode::Mode;
use super::motion::{MotionAnalysis, MotionState};
use super::playground::PlaygroundState;
use super::presentation::{Presentation, TextScale};
use super::quiz::QuizState;
use super::scene::{CaseMode, SceneOptions};
use super::still::frame::BoxFrame;
use super::teach::{tested, TeachState};
use super::three::{Analysis3, Sweep3, ThreeState};
use super::view::{ScreenRect, View};
use crate::geom::contact::face_distances;
use crate::geom::{
    algo::ALGORITHMS,
    contact::contact,
    response::{response, PushCase},
    Circle, Contact, PushOut, Rect,
};

/// Everything the demo remembers between frames.
#[derive(Clone, Debug)]
pub struct State {
    /// What the app shows: one 2D mode, or the 3D view (see [`Mode`]).
    pub mode: Mode,
    pub circle: Circle,
    pub aabb: Rect,
    /// The still scene's box turned about its centre by this many degrees, counter-clockwise, in
    /// (−180, 180] (`angle=`, Q / E, the rotation handle); 0 is the aligned box.
    pub angle: f32,
    /// Index into [`ALGORITHMS`].
    pub algorithm: usize,
    /// The response case the user asked for; [`CaseMode::Auto`] follows the scene.
    pub case: CaseMode,
    /// Is the egui side panel shown? (The wide layout's; the sheet and the drawer are always there.)
    pub panel_visible: bool,
    /// Side panel, bottom sheet or drawer, chosen from the window's size (see [`super::layout`]).
    pub layout: Layout,
    /// Text scale of the canvas and the panel (key Z, `text=`).
    pub text_scale: TextScale,
    /// The first-screen hint is shown (until the first drag or key).
    pub hint_visible: bool,
    /// Is the frame-time readout (key F) shown?
    pub frame_stats_visible: bool,
    /// The keys go to the panel (Tab gave a widget the keyboard focus; Esc gives them back): the
    /// canvas says so, since the scene's keys do nothing meanwhile.
    pub keys_in_panel: bool,
    /// World → screen transform, refitted to the canvas whenever nothing is being dragged.
    pub view: View,
    /// The part of the window the scene is drawn in (logical pixels).
    pub canvas: ScreenRect,
    /// What the pointer is over (hover feedback).
    pub hover: Option<Handle>,
    /// The drag in progress, if any.
    pub drag: Option<Drag>,
    /// The scene that Reset returns to.
    pub initial: SceneOptions,
    /// The teaching layer: overlays, errata, tour (see [`teach`](super::teach)).
    pub teach: TeachState,
    /// The benchmark panel: the run in progress and the last results (see [`bench`](super::bench)).
    pub bench: BenchState,
    /// The motion mode: velocity, response, playback (see [`motion`](super::motion)).
    pub motion: MotionState,
    /// The playground: a tile map, a ball, the strategies' race (see [`playground`](super::playground)).
    pub playground: PlaygroundState,
    /// The 3D view: sphere, box, camera, view switches (see [`three`](super::three)).
    pub three: ThreeState,
    /// Embedded in a course page (`embed=1`): the scene as embedded and the toolbar's press (see
    /// [the `embed` module](super::embed)); `None` in the full demo.
    pub embed: Option<Embed>,
    /// The quiz, while it is on (key U, `quiz=`; see [`quiz`](super::quiz)).
    pub quiz: Option<QuizState>,
    /// The seed key U starts a quiz with: one more than the last quiz's.
    pub next_quiz_seed: u64,
    /// The fingers' gesture and whether the last input was a touch (see [`gesture`](super::gesture)).
    pub touch: TouchState,
    /// The user's zoom and pan on top of the fitted 2D view (pinch, two-finger pan); reset with the
    /// scene (R, a scene loaded, another mode).
    pub view_zoom: ViewZoom,
}

impl State {
    /// The selected algorithm's registry entry.
    #[must_use]
    pub fn algorithm(&self) -> &'static crate::geom::algo::Algorithm {
        &ALGORITHMS[self.algorithm.min(ALGORITHMS.len() - 1)]
    }

    /// The box's frame when the still scene's box is turned (motion, the playground and the 3D
    /// view keep the aligned box): `None` at angle 0.
    #[must_use]
    pub fn box_frame(&self) -> Option<BoxFrame> {
        if self.mode != Mode::Flat(super::mode::Flat::Still) {
            return None;
        }
        BoxFrame::of(&self.circle, &self.aabb, self.angle)
    }

    /// The circle and the box the aligned algorithms are run on: the scene, or, with the box
    /// turned, the circle moved into the box's frame and the box `[−h, h]` ([`tested_pair`](Self::tested_pair)).
    #[must_use]
    pub fn tested_pair(&self) -> (Circle, Rect) {
        self.box_frame().map_or((self.circle, self.aabb), |f| (f.circle, f.aabb))
    }

    /// Contact, response and every verdict for the current scene.
    #[must_use]
    pub fn analysis(&self) -> Analysis {
        let mut a = match self.box_frame() {
            Some(f) => Analysis::of_frame(&self.circle, f, self.algorithm),
            None => Analysis::of(&self.circle, &self.aabb, self.algorithm),
        };
        // The selected algorithm as the teaching options say (as published, Arvo's mode); the same
        // as `overlap_2d` when they are off.
        a.verdict = teach_verdict(self);
        a.motion = self.motion_analysis();
        a
    }

    /// Contact, response and every verdict for the 3D scene.
    #[must_use]
    pub fn analysis3(&self) -> Analysis3 {
        let t = &self.three.options;
        let obb = t.oriented();
        let (algorithm, teach) = (self.algorithm, &self.teach);
        let mut a = Analysis3::of(&t.sphere, &t.aabb, obb.as_ref(), algorithm, teach.as_published, teach.arvo);
        a.sweep = t.velocity.map(|v| Sweep3::of(&t.sphere, v, &t.aabb, obb.as_ref()));
        a
    }

    /// "H: show panel" on the canvas: the wide layout's panel is hidden (the sheet and the drawer are
    /// always there; embedded, the toolbar stands there).
    #[must_use]
    pub fn panel_hint_shown(&self) -> bool {
        !self.panel_visible && self.embed.is_none() && self.layout.kind == LayoutKind::Wide
    }

    /// Is a panel drawn beside or below the canvas, on the panel's background: the side panel when
    /// shown, the bottom sheet always (collapsed, its bar). Not embedded (the toolbar is on the canvas).
    #[must_use]
    pub fn panel_drawn(&self) -> bool {
        self.embed.is_none() && (self.panel_visible || self.layout.kind != LayoutKind::Wide)
    }

    /// Does the panel carry the lesson's text (else the canvas's caption does)? The side panel when
    /// shown; the sheet and the drawer always (the text is a tap away, the small canvas keeps the scene).
    #[must_use]
    pub fn panel_has_lesson(&self) -> bool {
        self.panel_visible || self.layout.kind != LayoutKind::Wide
    }

    /// The embedded scene's toolbar: its buttons and where each is (none when not embedded).
    #[must_use]
    pub fn embed_buttons(&self) -> Vec<(Button, ScreenRect)> {
        match self.embed {
            Some(_) => embed::buttons(self.canvas, embed::moves(self.mode)),
            None => Vec::new(),
        }
    }

    /// Is what the toolbar's Play / Pause drives moving now (it then shows Pause)?
    #[must_use]
    pub fn embed_playing(&self) -> bool {
        if self.mode.flat_playground() {
            !self.playground.paused
        } else {
            self.motion.playback.playing
        }
    }

    /// The sweep, the discrete test at `c + v` and the continuation, when motion mode is on.
    #[must_use]
    pub fn motion_analysis(&self) -> Option<MotionAnalysis> {
        self.mode.flat_motion().then(|| MotionAnalysis::of(&self.circle, &self.aabb, &self.motion))
    }
}

impl super::view::Sizes {
    /// The sizes for the state's canvas and its text scale.
    #[must_use]
    pub fn for_state(state: &State) -> super::view::Sizes {
        super::view::Sizes { text: state.text_scale.factor(), ..super::view::Sizes::for_canvas(state.canvas) }
    }
}

/// A part of the scene that the pointer can grab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handle {
    CircleBody,
    CircleRim,
    BoxBody,
    /// A corner: `upper[i]` says whether it is on the max side of axis `i`.
    BoxCorner {
        upper: [bool; 2],
    },
    /// An edge (face): the axis it is perpendicular to, and which side.
    BoxEdge {
        axis: usize,
        upper: bool,
    },
    /// The still scene: the box's rotation knob (drag it round the box's centre to turn the box).
    BoxRotate,
    /// Motion mode: the tip of the velocity arrow (the centre at `c + v`).
    VelocityTip,
    /// Playground: the tip of the throw arrow.
    ThrowTip,
    /// Playground: rotated box `index`, moved (the drag's `start_value` is its centre when grabbed).
    TiltedBody {
        index: usize,
    },
    /// Playground: rotated box `index`'s turning handle (its angle follows the pointer round its centre).
    TiltedTurn {
        index: usize,
    },
}

/// A drag in progress: what was grabbed, and the scene when it was grabbed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drag {
    pub handle: Handle,
    pub start_pointer: [f32; 2],
    pub start_circle: Circle,
    pub start_box: Rect,
    /// The dragged value when grabbed, which the drag adds the pointer's travel to: the velocity
    /// (the velocity arrow's tip), the throw (the throw arrow's tip), or a rotated box's centre.
    pub start_value: [f32; 2],
}

/// What the core says about the current scene: everything the canvas and the panel show.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub contact: Contact<2>,
    pub response: PushOut<2>,
    /// The selected algorithm's verdict.
    pub verdict: bool,
    /// The exact answer: touching or overlapping.
    pub exact: bool,
    /// Every algorithm's verdict, in registry order.
    pub verdicts: Vec<bool>,
    /// Distances from the centre to the faces `[[x-min, x-max], [y-min, y-max]]`, measured inwards.
    pub faces: [[f64; 2]; 2],
    /// The motion mode's sweep and continuation (when it is on).
    pub motion: Option<MotionAnalysis>,
    /// The box's frame, when the box is turned: `contact` and `response` are then the rotated box's
    /// (world closest point and push, the zone in the box's frame), `verdicts` and `faces` the
    /// aligned ones on the circle moved into the box's frame.
    pub frame: Option<BoxFrame>,
}

impl Analysis {
    /// Runs the core on one scene.
    #[must_use]
    pub fn of(circle: &Circle, aabb: &Rect, algorithm: usize) -> Analysis {
        let contact = contact(circle, aabb);
        let verdicts: Vec<bool> = ALGORITHMS.iter().map(|a| (a.overlap_2d)(circle, aabb)).collect();
        Analysis {
            contact,
            response: response(circle, aabb),
            verdict: verdicts[algorithm.min(ALGORITHMS.len() - 1)],
            exact: contact.state.is_overlap(),
            verdicts,
            faces: face_distances(&circle.center(), aabb),
            motion: None,
            frame: None,
        }
    }

    /// Runs the core on a scene whose box is turned: the rotated box's contact and push-out in
    /// world coordinates (from [`OrientedRect`](crate::geom::OrientedRect)), and every registry algorithm unchanged
    /// on the circle moved into the box's frame.
    #[must_use]
    pub fn of_frame(circle: &Circle, frame: BoxFrame, algorithm: usize) -> Analysis {
        let (local, b) = (frame.circle, frame.aabb);
        let k = frame.obb.contact(circle);
        let r = frame.obb.response(circle);
        let verdicts: Vec<bool> = ALGORITHMS.iter().map(|a| (a.overlap_2d)(&local, &b)).collect();
        let contact = Contact {
            closest: k.closest,
            distance: k.distance,
            penetration: k.penetration,
            state: k.state,
            zone: k.zone,
        };
        Analysis {
            contact,
            response: PushOut { case: r.case, push: r.push, face: r.face },
            verdict: verdicts[algorithm.min(ALGORITHMS.len() - 1)],
            exact: contact.state.is_overlap(),
            verdicts,
            faces: face_distances(&local.center(), &b),
            motion: None,
            frame: Some(frame),
        }
    }

    /// How far apart the shapes are, in ulps of the scene's largest number, when they are separated
    /// by no more than a few: where the push-out contract leaves a pushed circle (it rounds outward
    /// so that the circle never overlaps after the move in `f32`). `None` otherwise.
    #[must_use]
    pub fn rounding_gap(circle: &Circle, aabb: &Rect) -> Option<u32> {
        let c = circle.center();
        let gap = crate::geom::contact::signed_distance_f64(&c, aabb) - circle.radius() as f64;
        let m =
            (0..2).fold(circle.radius(), |m, i| m.max(c[i].abs()).max(aabb.min()[i].abs()).max(aabb.max()[i].abs()));
        let ulp = f32::from_bits(m.to_bits() + 1) as f64 - m as f64;
        let n = (gap / ulp).ceil();
        (gap > 0.0 && n <= 8.0).then_some(n as u32)
    }

    /// Does the selected algorithm disagree with the exact answer?
    #[must_use]
    pub fn wrong(&self) -> bool {
        self.verdict != self.exact
    }

    /// The response case actually in effect.
    #[must_use]
    pub fn case(&self) -> PushCase {
        self.response.case
    }
}

/// The verdict of the test the teaching options select, for the current scene.
#[must_use]
pub fn teach_verdict(state: &State) -> bool {
    let (circle, aabb) = state.tested_pair();
    tested(state.algorithm, state.teach.as_published, state.teach.arvo)(&circle, &aabb)
}

/// The current scene as options (for "copy scene" and the URL fragment).
#[must_use]
pub fn current_scene(state: &State) -> SceneOptions {
    SceneOptions {
        mode: state.mode,
        circle: state.circle,
        aabb: state.aabb,
        angle: state.angle,
        algorithm: state.algorithm,
        case: state.case,
        size: None,
        overlay: state.teach.overlay,
        as_published: state.teach.as_published,
        compare: state.teach.compare,
        arvo: state.teach.arvo,
        tour: state.teach.tour(),
        motion: state.motion.options,
        playground: state.playground.options,
        three: state.three.options,
        // The hint is the scene's as loaded: dismissing it does not change the link. Embedded, the
        // panel is hidden whatever the text said, and the text's `panel=` is kept for the full demo.
        presentation: Presentation {
            text: state.text_scale,
            panel: state.embed.map_or(state.panel_visible, |e| e.home.presentation.panel),
            hint: state.initial.presentation.hint,
            embed: state.embed.is_some(),
        },
        quiz: state.quiz.map(|q| q.key()),
    }
}

/// The scene text of the full demo on the scene on show (the embedded toolbar's link): the same
/// scene without `embed`.
#[must_use]
pub fn full_demo_fragment(state: &State) -> String {
    embed::full_demo_fragment(&current_scene(state))
}
