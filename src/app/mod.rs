//! The demo's state as plain data, and everything that changes it.
//!
//! ```text
//!  macroquad input ──► Input (plain snapshot) ──► update(&mut State, &Input)
//!  egui panel ───────► Command ──────────────────► apply(&mut State, Command)
//!  scene text ──SceneOptions::from_fragment──► SceneOptions ──load_scene──► State
//!  State ──current_scene──► SceneOptions ──to_fragment──► scene text ("copy scene", URL fragment)
//!  State + Analysis ─► render (draws only) and ui (shows only, returns Commands)
//! ```
//!
//! Nothing here knows about macroquad or egui, so all of it is unit-tested without a window, and it
//! builds with `--no-default-features`. All geometry comes from [`crate::geom`]: this module only
//! decides *what* the scene is, never whether it overlaps.
//!
//! # Modules, and which uses which
//!
//! An arrow is "imports from". No module imports one that imports it, and none imports this one:
//! this file only declares the modules and re-exports what the rest of the crate uses.
//!
//! ```text
//!  module    imports from (in app)      one layer per line: each imports only from lines above it
//!  levels    —                          the playground's maps: PlayMap, its scene text, LEVELS
//!  scene     levels                     the scene text: SceneOptions, parse and format
//!  palette   —
//!  view      —
//!  bench     —
//!  teach     scene
//!  motion    scene                      the motion mode: MotionState, presets, sweep analysis, playback
//!  playground levels, scene            the playground: PlaygroundState, fixed steps, the race
//!  state     scene, teach, bench, view, motion, playground
//!  update    scene, teach, bench, view, state, motion, playground
//!  overlay   teach, state
//!  status    state, update, motion, playground
//!  three     scene, teach, view          the 3D view: ThreeState, camera, Analysis3 (state and update use it)
//! ```
//!
//! - [`scene`]: the scene text. [`SceneOptions`] and every key's parse and format (`circle`, `box`,
//!   `algorithm`, `case`, `size`, `overlay`, `published`, `compare`, `arvo`, `tour`, and motion's
//!   `motion`, `velocity`, `response`, `restitution`, and the playground's `playground`, `level`, `map`,
//!   `strategy`, `race`, `ball`, `throw`, `gravity`, `steps`); a bad value is
//!   an [`OptionError`] naming its key. Knows nothing of the state.
//! - [`teach`]: the teaching layer's data ([`teach::TeachState`], [`teach::TeachCommand`]) and the
//!   pure functions the overlay and the panel share (the tested variant, the pseudocode trace).
//! - [`bench`](mod@bench): the benchmark panel's state, commands and stepping.
//! - [`motion`]: the motion mode's data ([`motion::MotionState`], [`motion::MotionCommand`], the
//!   gallery [`motion::PRESETS`]) and the pure functions the canvas and the panel share (the sweep,
//!   the discrete test at `c + v`, the continuation, the animation's progress by a given `dt`).
//! - [`levels`]: the playground's tile maps ([`levels::PlayMap`], `Copy`, with its run-length scene
//!   text) and the built-in [`levels::LEVELS`].
//! - [`playground`]: the playground mode's data ([`playground::PlaygroundState`],
//!   [`playground::PlaygroundCommand`]): painting, the ball stepped by the core's `world::step` in
//!   fixed 120 Hz steps from the frame's `dt`, and the race of every strategy with its bumps and
//!   tunnellings.
//! - [`view`]: the world ↔ screen transform. [`palette`]: colours.
//! - [`state`]: [`State`], [`Analysis`], and reading the state back into a scene ([`current_scene`]).
//! - [`update`]: every change to the state: input ([`update()`]), commands ([`apply`]), and the one
//!   way a scene enters it ([`load_scene`], also behind [`load_scene_text`] and the lessons).
//! - [`overlay`]: the teaching overlays' images and the read-out at the pointer (reads the state).
//! - [`status`]: what a screen reader hears: the scene's essentials as text, sent to the web page
//!   only when they change, the controls table as text, and the desktop's reduced-motion setting.

pub mod bench;
pub mod frame_stats;
pub mod input;
pub mod levels;
pub mod mode;
pub mod motion;
pub mod overlay;
pub mod palette;
pub mod playground;
pub mod scene;
pub mod state;
pub mod status;
pub mod teach;
pub mod text;
pub mod three;
mod update;
pub mod view;

#[cfg(test)]
mod tests;

pub use mode::{Flat, Mode};
pub use scene::{CaseMode, MotionKind, MotionOptions, OptionError, PlaygroundOptions, SceneOptions};
pub use state::{current_scene, teach_verdict, Analysis, Drag, Handle, State};
pub use update::{
    animating, apply, apply_motion, apply_playground, apply_teach, key_command, load_lesson, load_scene,
    load_scene_text, set_canvas, track_pointer, update, Command, Input, Key, CONTROLS,
};
pub use view::{ScreenRect, View};
