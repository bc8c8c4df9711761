//! The demo's state as plain data, and everything that changes it.
//!
//! ```text
//!  macroquad input ──► Input (plain snapshot) ──► update(&mut State, &Input)
//!  egui panel ───────► Command ──────────────────► apply(&mut State, Command)
//!  State + Analysis ─► render (draws only) and ui (shows only, returns Commands)
//! ```
//!
//! Nothing here knows about macroquad or egui, so all of it is unit-tested without a window, and it
//! builds with `--no-default-features`. All geometry comes from [`crate::geom`]: this module only
//! decides *what* the scene is, never whether it overlaps.

pub mod bench;
pub mod options;
pub mod palette;
pub mod teach;
mod update;
pub mod view;

#[cfg(test)]
mod tests;

pub use options::{CaseMode, OptionError, SceneOptions};
pub use update::{apply, key_command, set_canvas, update, Command, Drag, Handle, Input, Key, CONTROLS};
pub use view::{ScreenRect, View};

use crate::geom::contact::face_distances;
use crate::geom::{contact, response, Circle, Contact, Rect, Response, ResponseCase, ALGORITHMS};

/// Everything the demo remembers between frames.
#[derive(Clone, Debug)]
pub struct State {
    pub circle: Circle,
    pub aabb: Rect,
    /// Index into [`ALGORITHMS`].
    pub algorithm: usize,
    /// The response case the user asked for; [`CaseMode::Auto`] follows the scene.
    pub case: CaseMode,
    /// Is the egui side panel shown?
    pub panel_visible: bool,
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
    /// The teaching layer: overlays, errata, tour (see [`teach`]).
    pub teach: teach::TeachState,
    /// The benchmark panel: the run in progress and the last results (see [`bench`]).
    pub bench: bench::BenchState,
}

impl State {
    /// A state showing the scene `options` describe, on a default canvas.
    #[must_use]
    pub fn new(options: SceneOptions) -> State {
        let canvas = ScreenRect { x: 0.0, y: 0.0, w: 800.0, h: 600.0 };
        let mut s = State {
            circle: options.circle,
            aabb: options.aabb,
            algorithm: options.algorithm,
            case: CaseMode::Auto,
            panel_visible: true,
            view: View::default(),
            canvas,
            hover: None,
            drag: None,
            initial: options,
            teach: teach::TeachState::from_options(&options),
            bench: bench::BenchState::default(),
        };
        update::set_case(&mut s, options.case);
        s.refit();
        s
    }

    /// The selected algorithm's registry entry.
    #[must_use]
    pub fn algorithm(&self) -> &'static crate::geom::Algorithm {
        &ALGORITHMS[self.algorithm.min(ALGORITHMS.len() - 1)]
    }

    /// Contact, response and every verdict for the current scene.
    #[must_use]
    pub fn analysis(&self) -> Analysis {
        let mut a = Analysis::of(&self.circle, &self.aabb, self.algorithm);
        // The selected algorithm as the teaching options say (as published, Arvo's mode); the same
        // as `overlap_2d` when they are off.
        a.verdict = teach::teach_verdict(self);
        a
    }

    /// Fits the view to the scene on the current canvas.
    pub fn refit(&mut self) {
        let (lo, hi) = view::scene_bounds(&self.circle, &self.aabb, &response(&self.circle, &self.aabb).push);
        self.view = View::fit(lo, hi, self.canvas);
    }
}

/// What the core says about the current scene: everything the canvas and the panel show.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub contact: Contact<2>,
    pub response: Response<2>,
    /// The selected algorithm's verdict.
    pub verdict: bool,
    /// The exact answer: touching or overlapping.
    pub exact: bool,
    /// Every algorithm's verdict, in registry order.
    pub verdicts: Vec<bool>,
    /// Distances from the centre to the faces `[[x-min, x-max], [y-min, y-max]]`, measured inwards.
    pub faces: [[f64; 2]; 2],
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
        }
    }

    /// Does the selected algorithm disagree with the exact answer?
    #[must_use]
    pub fn wrong(&self) -> bool {
        self.verdict != self.exact
    }

    /// The response case actually in effect.
    #[must_use]
    pub fn case(&self) -> ResponseCase {
        self.response.case
    }
}
