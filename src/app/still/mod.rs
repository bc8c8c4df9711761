//! The still scene: a circle and a box at rest, the algorithms' verdicts and the response. Its
//! scene key (`case=`) and the response case it shows.

pub mod case;
pub mod options;
pub mod pointer;

pub use case::*;
pub use options::*;
