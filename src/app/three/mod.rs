//! The 3D view: a sphere against a box, seen through an orbit camera, with four views, a slice
//! plane, x-ray and the grown box. Nothing here draws; every geometric answer comes from
//! [`crate::geom`] through [`Analysis3`].
//!
//! ```text
//!  file        holds                                                    imports (in three)
//!  camera      the orbit camera the scene text carries, its limits      —
//!  options     ThreeOptions: the 3D scene keys, parse and format        camera
//!  frame       BoxFrame: the scene in the turned box's frame, and back  options
//!  state       ThreeState: the options and the drag in progress         camera, options
//!  commands    ThreeCommand, the key map, apply                         camera, options, state
//!  views       the four views' layout, their cameras, picking rays      camera, state
//!  pointer     orbit, drag the sphere, turn the box (ring), zoom        camera, commands, state, views
//!  analysis    Analysis3 and Sweep3: what the core says                 —
//!  regions     the 27 regions' kinds and names                          —
//!  slice       the slice plane's picture                                analysis, frame, options, regions
//! ```

pub mod analysis;
pub mod camera;
pub mod commands;
pub mod frame;
pub mod options;
pub mod pointer;
pub mod regions;
pub mod slice;
pub mod state;
pub mod views;

pub use analysis::*;
pub use camera::*;
pub use commands::*;
pub use frame::*;
pub use options::*;
pub use pointer::*;
pub use regions::*;
pub use slice::*;
pub use state::*;
pub use views::*;

#[cfg(test)]
mod tests;
