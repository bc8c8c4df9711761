//! Text on the canvas: the panel's typeface (egui's bundled Ubuntu Light, with Hack for the few
//! glyphs it lacks, such as →), rasterised at the screen's pixel density, drawn in batches, and
//! labels placed so they cover neither the circle's centre marker nor each other.
//!
//! Text is queued and drawn at [`flush`]: shapes and text use different textures, so drawing them
//! interleaved would cost one draw call per switch (the grid's tick numbers alone are dozens).

use crate::app::ScreenRect;
use macroquad::prelude::*;
use std::cell::RefCell;
use std::mem::ManuallyDrop;

/// Characters Ubuntu Light has no glyph for (checked against its `cmap` table): drawn in Hack.
pub const FALLBACK_CHARS: &[char] = &['→', '←', '↑', '↓', '‖', '⇒'];

struct Fonts {
    main: Font,
    fallback: Font,
}

struct Queued {
    s: String,
    x: f32,
    y: f32,
    size: u16,
    color: Color,
    /// Its size, measured when queued.
    dims: TextDimensions,
}

impl Queued {
    /// A box holding every pixel of the text: its measured extent with half the font size to spare
    /// on every side (glyphs overhang their advance, and descenders their measured height).
    fn bounds(&self) -> super::damage::Bounds {
        let d = self.dims;
        let pad = 0.5 * f32::from(self.size) + 2.0;
        let (x, y) = (self.x.round(), self.y.round());
        super::damage::Bounds::new(x, y - d.offset_y, d.width, d.height.max(d.offset_y)).padded(pad)
    }

    fn content_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = super::damage::hasher();
        self.s.hash(&mut h);
        self.size.hash(&mut h);
        let c = self.color;
        super::damage::hash_floats(&mut h, &[self.x, self.y, c.r, c.g, c.b, c.a]);
        h.finish()
    }
}

thread_local! {
    // Never dropped: a font's atlas is a GPU texture, and thread-local destructors run after the
    // window (and its GL context) are gone.
    static FONTS: ManuallyDrop<RefCell<Option<Fonts>>> = const { ManuallyDrop::new(RefCell::new(None)) };
    static QUEUE: RefCell<Vec<Queued>> = const { RefCell::new(Vec::new()) };
    static PLACED: RefCell<Vec<Rect>> = const { RefCell::new(Vec::new()) };
}

/// Loads the panel's fonts into macroquad, once (call after the window exists). Without it the
/// canvas falls back to macroquad's built-in font.
pub fn init() {
    let defs = egui::FontDefinitions::default();
    let load = |name: &str| defs.font_data.get(name).and_then(|d| load_ttf_font_from_bytes(&d.font).ok());
    if let (Some(mut main), Some(mut fallback)) = (load("Ubuntu-Light"), load("Hack")) {
        // Glyphs are rasterised at the drawn size and drawn at whole pixels (see `flush`): nearest
        // sampling shows them as rasterised. Linear sampling also picked up the edges of the
        // neighbouring glyphs in the atlas, whose packing order macroquad does not keep from run to
        // run — screenshots of the same scene then differed in a few hundred text pixels.
        main.set_filter(FilterMode::Nearest);
        fallback.set_filter(FilterMode::Nearest);
        FONTS.with(|f| *f.borrow_mut() = Some(Fonts { main, fallback }));
    }
}

/// Splits `s` into runs of (uses the fallback font, text).
#[must_use]
pub fn runs(s: &str) -> Vec<(bool, &str)> {
    let mut out: Vec<(bool, &str)> = Vec::new();
    let mut start = 0;
    let mut current: Option<bool> = None;
    for (i, ch) in s.char_indices() {
        let fb = FALLBACK_CHARS.contains(&ch);
        match current {
            Some(c) if c != fb => {
                out.push((c, &s[start..i]));
                start = i;
                current = Some(fb);
            }
            None => current = Some(fb),
            _ => {}
        }
    }
    if let Some(c) = current {
        out.push((c, &s[start..]));
    }
    out
}

/// Rasterise at physical pixels (sharp on high-DPI screens), lay out in logical ones.
fn physical(size: u16) -> (u16, f32) {
    let dpi = screen_dpi_scale().max(1.0);
    ((f32::from(size) * dpi).round() as u16, 1.0 / dpi)
}

fn with_runs<R>(s: &str, size: u16, mut each: impl FnMut(Option<&Font>, &str, u16, f32) -> R) -> Vec<R> {
    let (px, scale) = physical(size);
    FONTS.with(|f| {
        let fonts = f.borrow();
        runs(s)
            .into_iter()
            .map(|(fb, run)| {
                let font = fonts.as_ref().map(|f| if fb { &f.fallback } else { &f.main });
                each(font, run, px, scale)
            })
            .collect()
    })
}

/// The size of `s` at `size` logical pixels.
#[must_use]
pub fn measure(s: &str, size: u16) -> TextDimensions {
    let parts = with_runs(s, size, |font, run, px, scale| measure_text(run, font, px, scale));
    let mut d = TextDimensions { width: 0.0, height: 0.0, offset_y: 0.0 };
    for p in parts {
        d.width += p.width;
        d.height = d.height.max(p.height);
        d.offset_y = d.offset_y.max(p.offset_y);
    }
    d
}

/// Queues `s` with its baseline's left end at `(x, y)`; returns its size.
pub fn queue(s: &str, x: f32, y: f32, size: u16, color: Color) -> TextDimensions {
    let dims = measure(s, size);
    QUEUE.with(|q| q.borrow_mut().push(Queued { s: s.to_string(), x, y, size, color, dims }));
    dims
}

/// Draws the queued text (one draw call per font used) and empties the queue.
pub fn flush() {
    let mut items = QUEUE.with(|q| std::mem::take(&mut *q.borrow_mut()));
    // Each run of text is a primitive for the damage tracking: what it says, where, how.
    items.retain(|t| super::damage::admit(|| t.bounds(), || t.content_hash()));
    if items.is_empty() {
        return;
    }
    // One font, or two when a glyph needs the fallback font.
    let fallback = items.iter().any(|t| t.s.chars().any(|c| FALLBACK_CHARS.contains(&c)));
    super::flat::textured(1 + u32::from(fallback), || {
        for t in items {
            let mut x = t.x.round();
            let color = t.color;
            let y = t.y.round();
            with_runs(&t.s, t.size, |font, run, px, scale| {
                let d = draw_text_ex(
                    run,
                    x,
                    y,
                    TextParams { font, font_size: px, font_scale: scale, color, ..Default::default() },
                );
                x = (x + d.width).round();
            });
        }
    });
}

/// Starts a frame's label placement: `keep_clear` (e.g. the circle's centre marker) is never covered.
pub fn begin_labels(keep_clear: &[Rect]) {
    PLACED.with(|p| {
        let mut p = p.borrow_mut();
        p.clear();
        p.extend_from_slice(keep_clear);
    });
}

/// Places a `w`×`h` box near `anchor` (its preferred centre) off every box in `taken`: the rule of
/// [`crate::app::placement::near`].
#[must_use]
pub fn place(anchor: Vec2, w: f32, h: f32, taken: &[Rect]) -> Rect {
    let taken: Vec<ScreenRect> = taken.iter().map(|t| ScreenRect { x: t.x, y: t.y, w: t.w, h: t.h }).collect();
    let r = crate::app::placement::near(anchor.x, anchor.y, w, h, &taken);
    Rect::new(r.x, r.y, r.w, r.h)
}

/// Places a box as [`place`] does against the labels placed so far this frame, and records it.
pub fn place_label(anchor: Vec2, w: f32, h: f32) -> Rect {
    PLACED.with(|p| {
        let mut p = p.borrow_mut();
        let r = place(anchor, w, h, &p);
        p.push(r);
        r
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_split_where_the_font_changes() {
        assert_eq!(runs("a → b"), vec![(false, "a "), (true, "→"), (false, " b")]);
        assert_eq!(runs("‖c − s‖² ≤ r²"), vec![(true, "‖"), (false, "c − s"), (true, "‖"), (false, "² ≤ r²")]);
        assert_eq!(runs(""), Vec::<(bool, &str)>::new());
        assert_eq!(runs("√2 · x"), vec![(false, "√2 · x")]);
    }

    #[test]
    fn a_free_anchor_is_kept() {
        let r = place(vec2(100.0, 100.0), 40.0, 10.0, &[Rect::new(0.0, 0.0, 10.0, 10.0)]);
        assert_eq!(r, Rect::new(80.0, 95.0, 40.0, 10.0));
    }

    #[test]
    fn a_label_moves_off_the_centre_marker_and_off_another_label() {
        let marker = Rect::new(95.0, 95.0, 10.0, 10.0);
        let first = place(vec2(100.0, 100.0), 40.0, 10.0, &[marker]);
        assert!(!first.overlaps(&marker), "{first:?}");
        // Above the anchor is the first free candidate.
        assert!(first.y + first.h <= 95.0);
        let second = place(vec2(100.0, 100.0), 40.0, 10.0, &[marker, first]);
        assert!(!second.overlaps(&marker) && !second.overlaps(&first), "{second:?}");
    }

    #[test]
    fn when_everything_is_taken_the_anchor_wins() {
        let wall = Rect::new(-1000.0, -1000.0, 2000.0, 2000.0);
        assert_eq!(place(vec2(0.0, 0.0), 20.0, 10.0, &[wall]), Rect::new(-10.0, -5.0, 20.0, 10.0));
    }
}
