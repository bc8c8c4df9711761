//! The figure's text: measured with the canvas's own typeface (egui's Ubuntu Light, Hack for the
//! arrows it lacks; the font files of `crates/egui-fonts`), and labels on plates placed as the canvas
//! places them (off the centre marker and off each other: [`crate::app::placement::near`]).

use super::writer::{fill, Svg};
use crate::app::palette::{self, Rgba};
use crate::app::placement::near;
use crate::app::ScreenRect;
use std::sync::OnceLock;

/// The font-family list the figure's text asks for: the canvas's face first.
pub const FONT_FAMILY: &str = "Ubuntu, 'Ubuntu Light', 'DejaVu Sans', sans-serif";

/// Characters Ubuntu Light has no glyph for: measured in Hack, as the canvas draws them
/// (`render::typeset::FALLBACK_CHARS`).
const FALLBACK_CHARS: &[char] = &['→', '←', '↑', '↓', '‖', '⇒'];

/// The size of a run of text, as the canvas measures it: `width` the advance, `offset_y` how far the
/// tallest glyph rises above the baseline, `height` from the deepest glyph's bottom to that top.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    pub width: f32,
    pub height: f32,
    pub offset_y: f32,
}

struct Faces {
    main: ttf_parser::Face<'static>,
    fallback: ttf_parser::Face<'static>,
}

fn faces() -> Option<&'static Faces> {
    static FACES: OnceLock<Option<Faces>> = OnceLock::new();
    FACES
        .get_or_init(|| {
            let main = ttf_parser::Face::parse(epaint_default_fonts::UBUNTU_LIGHT, 0).ok()?;
            let fallback = ttf_parser::Face::parse(epaint_default_fonts::HACK_REGULAR, 0).ok()?;
            Some(Faces { main, fallback })
        })
        .as_ref()
}

/// The size of `s` at `size` px.
#[must_use]
pub fn measure(s: &str, size: u16) -> Metrics {
    let px = f32::from(size);
    let Some(f) = faces() else {
        // No font (cannot happen: the files are compiled in): an average advance of half the size.
        return Metrics { width: 0.5 * px * s.chars().count() as f32, height: 0.9 * px, offset_y: 0.72 * px };
    };
    let (mut width, mut top, mut bottom) = (0.0f32, 0.0f32, 0.0f32);
    for ch in s.chars() {
        let face = if FALLBACK_CHARS.contains(&ch) { &f.fallback } else { &f.main };
        let k = px / f32::from(face.units_per_em());
        let Some(g) = face.glyph_index(ch) else {
            width += 0.5 * px;
            continue;
        };
        width += f32::from(face.glyph_hor_advance(g).unwrap_or(0)) * k;
        if let Some(b) = face.glyph_bounding_box(g) {
            top = top.max(f32::from(b.y_max) * k);
            bottom = bottom.min(f32::from(b.y_min) * k);
        }
    }
    Metrics { width, height: top - bottom, offset_y: top }
}

/// The labels placed so far: each new one keeps off them and off what the figure keeps clear.
pub struct Labels {
    taken: Vec<ScreenRect>,
}

impl Labels {
    /// Starts placing labels; `keep_clear` (the circle's centre marker) is never covered.
    #[must_use]
    pub fn new(keep_clear: &[ScreenRect]) -> Labels {
        Labels { taken: keep_clear.to_vec() }
    }

    /// A box of `w`×`h` near the preferred centre `(x, y)`, recorded as taken.
    pub fn place(&mut self, x: f32, y: f32, w: f32, h: f32) -> ScreenRect {
        let r = near(x, y, w, h, &self.taken);
        self.taken.push(r);
        r
    }

    /// Text centred near `(x, y)` on a dark plate (the canvas's `label`), as a group of its own: the
    /// plate and the text.
    pub fn label(&mut self, svg: &mut Svg, id: &str, s: &str, at: [f32; 2], size: u16, colour: Rgba) {
        let m = measure(s, size);
        let pad = 0.25 * f32::from(size);
        let (w, h) = (m.width + 2.0 * pad, m.height + 1.2 * pad);
        let spot = self.place(at[0], at[1], w, h);
        let (cx, cy) = (spot.x + 0.5 * w, spot.y + 0.5 * h);
        let (tx, ty) = (cx - 0.5 * m.width, cy + 0.5 * m.height);
        svg.open(id, "");
        svg.rect(tx - pad, ty - m.offset_y - pad * 0.6, w, h, &fill(palette::alpha(palette::BACKGROUND, 200)));
        svg.text(tx, ty, size, colour, s);
        svg.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_measured_with_the_canvas_face() {
        let a = measure("zone 8", 20);
        // Ubuntu Light: about half an em a character, digits and lower case under the cap height.
        assert!(a.width > 40.0 && a.width < 80.0, "{a:?}");
        assert!(a.offset_y > 10.0 && a.offset_y < 20.0, "{a:?}");
        assert!(measure("zone 88", 20).width > a.width);
        assert_eq!(measure("", 20).width, 0.0);
        // The arrow is Hack's, which has it.
        assert!(measure("→", 20).width > 5.0);
    }
}
