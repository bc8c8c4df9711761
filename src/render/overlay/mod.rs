//! The teaching layer on the canvas: the overlay image (agreement map or distance field) as a
//! texture, the trace's focus (axis slab, grown box, point, zone, face plane and chord), the hover
//! read-out and the lesson caption. Draws only: the images are computed in
//! [`crate::app::overlay::OverlayCache`]; this module uploads them when their generation changes.

mod captions;
mod field;
mod focus;
mod image;
mod texels;

pub use captions::{draw_captions, draw_hover, draw_mode_caption};
pub use field::field_base;
pub use focus::{axis_slabs, canvas_trace, draw_trace_focus, FOCUS, SLAB_ALPHA};
pub use image::{draw_overlay, ImageTexture, OverlayLayer};
pub use texels::{texel_pieces, TexelPiece};
