//! The still scene: a circle and a box at rest, the algorithms' verdicts and the response. Its
//! scene keys (`case=`, `angle=`), the response case it shows, and the box's frame when the box is
//! turned.

pub mod case;
pub mod frame;
pub mod options;
pub mod pointer;
pub mod turned;

pub use case::*;
pub use frame::*;
pub use options::*;
