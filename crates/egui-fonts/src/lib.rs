//! egui 0.31's four default fonts, as crates.io's `epaint_default_fonts` 0.31.1 has them, except that
//! the two symbol fonts keep only the characters circle-aabb-lab and egui's widgets write, and the two
//! text fonts keep every character with the same outlines and metrics but none of what egui's rasteriser
//! never reads (hinting, layout tables, glyph names). See `scripts/subset-fonts.py`, which made them, and
//! README.md.

/// Hack, the monospace face: every character, without hinting.
pub const HACK_REGULAR: &[u8] = include_bytes!("../fonts/Hack-Regular.ttf");

/// Noto Emoji, black and white: only the characters a literal in this app or in egui asks for.
pub const NOTO_EMOJI_REGULAR: &[u8] = include_bytes!("../fonts/NotoEmoji-Regular.ttf");

/// Ubuntu Light, the proportional face: every character, without hinting (named "Ubuntu Light
/// derivative circle-aabb-lab", as its licence asks of a modified version).
pub const UBUNTU_LIGHT: &[u8] = include_bytes!("../fonts/Ubuntu-Light.ttf");

/// emoji-icon-font: only the characters a literal in this app or in egui asks for.
pub const EMOJI_ICON: &[u8] = include_bytes!("../fonts/emoji-icon-font.ttf");
