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
//! # Modes
//!
//! The app shows one [`Mode`]: a 2D mode ([`Flat`]: the still scene, motion, the playground) or
//! the 3D view, which remembers the 2D mode `V` returns to. It is held once, in [`State::mode`]
//! and [`SceneOptions::mode`]; the scene text keeps its keys (`motion=on`, `playground=on`,
//! `view=3d`). Each mode with state of its own is a folder: [`motion`], [`playground`], [`three`],
//! each holding its options (its scene keys), its state and its commands; [`still`] holds the
//! still scene's key and the response case it shows.
//!
//! # Modules, and which uses which
//!
//! An arrow is "imports from". No file imports one that imports it, and none imports this one:
//! this file only declares the modules and re-exports what the rest of the crate uses.
//!
//! ```text
//!  one layer per line: each imports only from lines above it (in app)
//!  text, levels, view, palette, mode, bench, frame_stats    the scene text's shared parsers, …
//!  presentation          text                     text scale, panel, hint: the scene keys for a room
//!  layout                view                     side panel, bottom sheet or drawer, from the window's size
//!  placement             view                     the free corner for a caption (plain rects)
//!  gesture               view                     touch: pinch zoom and pan, long press, touch targets
//!  input                 view                     Key, Input, the controls table
//!  motion/options        text                     the motion mode's scene keys
//!  still/options         text                     the still scene's keys: the response case, the angle
//!  still/frame           geom                     the turned box's frame: the circle moved into it
//!  playground/script     text                     Play's inputs as scene text
//!  playground/options    text, levels, script     the playground's scene keys
//!  playground/play       options, script, input, view   Play: the character, its camera, pads, ghosts
//!  three/camera, three/options, three/state       the 3D view's camera and scene keys
//!  quiz                  input, view              the quiz: questions from a seed, answers, score (plain data)
//!  scene                 the options above, quiz  SceneOptions: the whole scene text, parse and format
//!  teach                 scene                    the teaching layer's data and pure functions
//!  three/analysis, three/regions, three/slice, three/views, three/commands, three/pointer
//!  motion, playground    their options            MotionState, PlaygroundState, their commands
//!  commands              the modes' commands      Command, the key maps
//!  embed                 commands, scene, input   embed=1: the toolbar's buttons, their commands, the link
//!  state                 scene, teach, motion, playground, three, mode, bench, view, embed, layout
//!  still/case, fit       state (fit: embed)       keeping the case shown; fitting the view
//!  still/pointer         state, still/case, commands   the 2D pointer: hit, grab, drag
//!  playground/pointer    state, input, playground      painting cells, the throw arrow's tip
//!  start                 state, still/case        State::new: where a state begins
//!  update                state, still, commands, the modes   every change to the state
//!  overlay               state, teach             the agreement map's image, the hover read-out
//!  status                state, update, motion, playground, three
//! ```
//!
//! - [`scene`]: the scene text. [`SceneOptions`] and every key's parse and format (`circle`, `box`,
//!   `algorithm`, `case`, `size`, `overlay`, `published`, `compare`, `arvo`, `tour`, and motion's
//!   `motion`, `velocity`, `response`, `restitution`, and the playground's `playground`, `level`, `map`,
//!   `strategy`, `race`, `ball`, `throw`, `gravity`, `steps`, `play`, `inputs`); a bad value is
//!   an [`OptionError`] naming its key. Knows nothing of the state.
//! - [`quiz`]: the quiz ("predict, then reveal", key `U`, `quiz=SEED`): questions drawn from a seed
//!   near the decisions that matter, their answers from the core, the answer given, score and streak.
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
//!   tunnellings; and its Play mode (`playground::play`): the ball as a character driven by the
//!   core's controller from the keys, the camera that follows it, the ghost race of its inputs.
//! - [`view`]: the world ↔ screen transform. [`palette`]: colours.
//! - [`state`]: [`State`], [`Analysis`], and reading the state back into a scene ([`current_scene`]).
//! - [`update`]: every change to the state: input ([`update()`]), commands ([`apply`]), and the one
//!   way a scene enters it ([`load_scene`], also behind [`load_scene_text`] and the lessons). The
//!   pointer's work is each mode's own (`still::pointer`, `playground::pointer`, `three::pointer`):
//!   update applies the commands they return.
//! - [`embed`]: the scene embedded in a course page (`embed=1`): the toolbar's buttons, where they
//!   are, what each asks for, and the full demo's scene text for its link.
//! - [`overlay`]: the teaching overlays' images and the read-out at the pointer (reads the state).
//! - [`status`]: what a screen reader hears: the scene's essentials as text, sent to the web page
//!   only when they change, the controls table as text, and the desktop's reduced-motion setting.

pub mod bench;
pub mod commands;
pub mod embed;
mod fit;
pub mod frame_stats;
pub mod gesture;
pub mod input;
pub mod layout;
pub mod levels;
pub mod mode;
pub mod motion;
pub mod overlay;
pub mod palette;
pub mod placement;
pub mod playground;
pub mod presentation;
pub mod quiz;
pub mod scene;
mod start;
pub mod state;
pub mod status;
pub mod still;
pub mod teach;
pub mod text;
pub mod three;
mod update;
pub mod view;

#[cfg(test)]
mod tests;

pub use mode::{Flat, Mode};
pub use scene::{CaseMode, MotionKind, MotionOptions, OptionError, PlaygroundOptions, SceneOptions};
pub use state::{current_scene, full_demo_fragment, teach_verdict, Analysis, Drag, Handle, State};
pub use update::{
    animating, apply, apply_motion, apply_playground, apply_teach, key_command, load_lesson, load_scene,
    load_scene_text, set_canvas, set_window, track_pointer, update, Command, Input, Key, CONTROLS,
};
pub use view::{ScreenRect, View};
