//! The canvas: the only module that calls macroquad's `draw_*`. It reads the state and the core's
//! analysis and draws them; it changes nothing.
//!
//! Layers, back to front: world grid with ticks, the nine-zone grid (box edges extended, zone
//! numbers, the centre's zone highlighted), the box, the response construction (closest point and
//! distance, or the four face distances), the push arrow and the ghost circle, the circle in the
//! colour of the selected algorithm's verdict, then the status line, the warning banner and the legend.
//! In motion mode the still test's construction gives way to the sweep's picture ([`motion`]); the
//! playground replaces the whole picture with its tile map and race ([`playground`]), and its Play
//! mode draws the character, its HUD, the ghosts and the touch pads over the map (`play`). With the
//! still scene's box turned (`angle=`), the zones, their numbers and the box are drawn in its frame
//! and the box's-view inset shows the scene turned back (`turned`). A quiz
//! question (`quiz`) is drawn without anything that answers it, and its lines go over the top.

pub mod aa;
mod backdrop;
mod canvas_zones;
mod construction;
pub mod damage;
mod embed;
pub mod flat;
mod grid;
mod label;
mod legend;
pub mod motion;
mod overlap_region;
pub mod overlay;
pub mod paint;
mod play;
pub mod playground;
mod quiz;
pub mod rain;
mod scene;
mod shapes;
mod status;
mod strokes;
mod style;
pub mod three;
mod three_status;
mod turned;
pub mod typeset;
mod zones;

pub use backdrop::{background, canvas_background};
pub use scene::draw_scene;
pub use status::{draw_frame_stats, draw_keys_tag};
pub use style::Sizes;
