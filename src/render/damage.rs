//! Redrawing only the part of the canvas that changed, where the framebuffer keeps the last frame
//! (the web page asks WebGL for `preserveDrawingBuffer`; a desktop window promises nothing, so the
//! desktop always draws in full).
//!
//! Every canvas primitive — a mesh, a rectangle, a triangle, a run of text, an image, a scissored
//! clear — asks [`admit`] before it draws, with its bounds and a hash of what it draws. A frame is
//! first drawn in [`record`] mode, where nothing reaches the GPU and each primitive leaves an
//! [`Item`]; [`plan`] compares the items with the previous frame's:
//! - the same items in the same order: nothing to draw ([`Plan::Nothing`]);
//! - items that appeared or went away (a circle that moved is both): the union of their bounds is
//!   the damage, and the frame is drawn again inside it only ([`Plan::Regions`], [`clipped`]): the
//!   region is cleared, and every primitive that reaches into it is drawn, in order, under a scissor
//!   confined to it; primitives wholly outside it are not sent at all;
//! - anything else (the first frame, the same items in another order, damage over most of the
//!   canvas): [`Plan::Full`].
//!
//! Inside the region a pixel is drawn by the same primitives, in the same order, as a full frame
//! would draw it (a scissor does not change which pixels a triangle covers), and outside it nothing
//! that reaches a pixel changed, so the picture is the full frame's, pixel for pixel; the browser
//! test compares the two.
//!
//! On a software rasteriser the frame's cost is mostly its pixels: dragging the circle over the
//! distance field redraws the circle's neighbourhood, not the canvas.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// An axis-aligned box in logical pixels, `x0 ≤ x1`, `y0 ≤ y1` (y downwards).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

impl Bounds {
    /// Nothing: the union's identity.
    pub const EMPTY: Bounds =
        Bounds { x0: f32::INFINITY, y0: f32::INFINITY, x1: f32::NEG_INFINITY, y1: f32::NEG_INFINITY };

    #[must_use]
    pub fn new(x: f32, y: f32, w: f32, h: f32) -> Bounds {
        Bounds { x0: x.min(x + w), y0: y.min(y + h), x1: x.max(x + w), y1: y.max(y + h) }
    }

    /// The smallest box holding all `points` (EMPTY for none; non-finite points make it infinite).
    #[must_use]
    pub fn of_points(points: impl IntoIterator<Item = (f32, f32)>) -> Bounds {
        points.into_iter().fold(Bounds::EMPTY, |b, (x, y)| b.union(Bounds { x0: x, y0: y, x1: x, y1: y }))
    }

    #[must_use]
    pub fn union(self, o: Bounds) -> Bounds {
        Bounds { x0: self.x0.min(o.x0), y0: self.y0.min(o.y0), x1: self.x1.max(o.x1), y1: self.y1.max(o.y1) }
    }

    #[must_use]
    pub fn intersection(self, o: Bounds) -> Bounds {
        Bounds { x0: self.x0.max(o.x0), y0: self.y0.max(o.y0), x1: self.x1.min(o.x1), y1: self.y1.min(o.y1) }
    }

    #[must_use]
    pub fn is_empty(self) -> bool {
        !(self.x0 < self.x1 && self.y0 < self.y1)
    }

    /// Whether the two share any area (bounds that touch on an edge do not). NaN never intersects.
    #[must_use]
    pub fn intersects(self, o: Bounds) -> bool {
        !self.intersection(o).is_empty()
    }

    /// Grown by `m` on every side.
    #[must_use]
    pub fn padded(self, m: f32) -> Bounds {
        Bounds { x0: self.x0 - m, y0: self.y0 - m, x1: self.x1 + m, y1: self.y1 + m }
    }

    #[must_use]
    pub fn area(self) -> f32 {
        if self.is_empty() {
            0.0
        } else {
            (self.x1 - self.x0) * (self.y1 - self.y0)
        }
    }

    /// The whole pixels (of a framebuffer with `dpi` pixels per logical pixel) whose centres lie inside,
    /// the rasteriser's rule: two boxes that share an edge share no pixel and leave none out.
    #[must_use]
    pub fn pixels_inside(self, dpi: f32) -> Bounds {
        let edge = |v: f32| ((v * dpi - 0.5).ceil()) / dpi;
        Bounds { x0: edge(self.x0), y0: edge(self.y0), x1: edge(self.x1), y1: edge(self.y1) }
    }

    /// Grown outwards to whole pixels of a framebuffer with `dpi` pixels per logical pixel.
    #[must_use]
    pub fn to_whole_pixels(self, dpi: f32) -> Bounds {
        Bounds {
            x0: (self.x0 * dpi).floor() / dpi,
            y0: (self.y0 * dpi).floor() / dpi,
            x1: (self.x1 * dpi).ceil() / dpi,
            y1: (self.y1 * dpi).ceil() / dpi,
        }
    }
}

/// One primitive of a recorded frame: where it draws and a hash of what it draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Item {
    pub bounds: Bounds,
    pub hash: u64,
}

impl Item {
    /// A key equal for equal items (bounds compared bit for bit).
    fn key(&self) -> (u64, [u32; 4]) {
        let b = self.bounds;
        (self.hash, [b.x0.to_bits(), b.y0.to_bits(), b.x1.to_bits(), b.y1.to_bits()])
    }
}

/// What to draw this frame.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// The whole canvas.
    Full,
    /// Nothing: the framebuffer already shows this frame.
    Nothing,
    /// Only these regions (whole pixels, within the canvas, at most [`MAX_REGIONS`]), each drawn in
    /// its own pass.
    Regions(Vec<Bounds>),
}

/// Separate damaged regions drawn in separate passes (each pass sends the frame's primitives that
/// reach into it again); more are merged.
pub const MAX_REGIONS: usize = 3;

/// Damage over more than this share of the canvas is drawn in full (the scissored pass saves little
/// there, and a full frame is the simpler path).
pub const FULL_SHARE: f32 = 0.6;

/// Compares a frame's items with the previous frame's (`None`: no previous frame the framebuffer
/// still shows) and says what to draw. `canvas` is the canvas's bounds, `dpi` the framebuffer's
/// pixels per logical pixel: the region is grown by a pixel for antialiasing feathers and out to
/// whole pixels.
#[must_use]
pub fn plan(prev: Option<&[Item]>, now: &[Item], canvas: Bounds, dpi: f32) -> Plan {
    let Some(prev) = prev else { return Plan::Full };
    type Key = (u64, [u32; 4]);
    let count = |items: &[Item]| {
        let mut m: HashMap<Key, usize> = HashMap::with_capacity(items.len());
        for it in items {
            *m.entry(it.key()).or_default() += 1;
        }
        m
    };
    let (before, after) = (count(prev), count(now));
    let n = |m: &HashMap<Key, usize>, k: &Key| m.get(k).copied().unwrap_or(0);
    // Damage: items in one frame and not the other (identical items share their bounds, so which of
    // them went away does not matter).
    let damaged: Vec<Bounds> =
        prev.iter().chain(now).filter(|it| n(&before, &it.key()) != n(&after, &it.key())).map(|it| it.bounds).collect();
    // The items in both frames must keep their order, or the pixels where they overlap change.
    let common = |items: &[Item]| -> Vec<Key> {
        let mut seen: HashMap<Key, usize> = HashMap::new();
        items
            .iter()
            .map(Item::key)
            .filter(|k| {
                let s = seen.entry(*k).or_default();
                *s += 1;
                *s <= n(&before, k).min(n(&after, k))
            })
            .collect()
    };
    if common(prev) != common(now) {
        return Plan::Full;
    }
    if damaged.iter().any(|b| ![b.x0, b.y0, b.x1, b.y1].iter().all(|v| v.is_finite())) {
        return Plan::Full;
    }
    let whole = |b: Bounds| b.padded(1.0).intersection(canvas).to_whole_pixels(dpi).intersection(canvas);
    let regions = merge_regions(damaged.into_iter().map(whole).filter(|b| !b.is_empty()).collect());
    if regions.is_empty() {
        return Plan::Nothing;
    }
    if regions.iter().map(|r| r.area()).sum::<f32>() > FULL_SHARE * canvas.area() {
        return Plan::Full;
    }
    Plan::Regions(regions)
}

/// Merges boxes into at most [`MAX_REGIONS`] that hold them all: boxes that overlap (or touch) are
/// merged, then the pair whose union adds the least area, until few enough are left. Many boxes (a
/// scene that changed everywhere) are simply united.
#[must_use]
pub fn merge_regions(mut boxes: Vec<Bounds>) -> Vec<Bounds> {
    if boxes.len() > 64 {
        return vec![boxes.into_iter().fold(Bounds::EMPTY, Bounds::union)];
    }
    let touching = |a: Bounds, b: Bounds| a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;
    loop {
        let mut best: Option<(f32, usize, usize)> = None;
        for i in 0..boxes.len() {
            for j in i + 1..boxes.len() {
                let (a, b) = (boxes[i], boxes[j]);
                // What merging costs: the area the union adds to the two (nothing for touching boxes).
                let cost = if touching(a, b) { f32::NEG_INFINITY } else { a.union(b).area() - a.area() - b.area() };
                if best.is_none_or(|(c, _, _)| cost < c) {
                    best = Some((cost, i, j));
                }
            }
        }
        match best {
            Some((cost, i, j)) if cost == f32::NEG_INFINITY || boxes.len() > MAX_REGIONS => {
                let b = boxes.swap_remove(j);
                boxes[i] = boxes[i].union(b);
            }
            _ => return boxes,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    /// Everything draws.
    Draw,
    /// Nothing draws; every primitive leaves an item.
    Record,
    /// Only primitives reaching into the region draw.
    Clip(Bounds),
}

thread_local! {
    static MODE: Cell<Mode> = const { Cell::new(Mode::Draw) };
    static ITEMS: RefCell<Vec<Item>> = const { RefCell::new(Vec::new()) };
}

/// Asked by every canvas primitive before it draws: whether to draw now. `bounds` must hold every
/// pixel it touches; it is asked for only when recording or confined to a region, and `hash` only
/// when recording (a frame drawn in full, as on the desktop, computes neither).
pub fn admit(bounds: impl FnOnce() -> Bounds, hash: impl FnOnce() -> u64) -> bool {
    match MODE.with(Cell::get) {
        Mode::Draw => true,
        Mode::Record => {
            let item = Item { bounds: bounds(), hash: hash() };
            ITEMS.with(|i| i.borrow_mut().push(item));
            false
        }
        Mode::Clip(region) => bounds().intersects(region),
    }
}

/// The region primitives are confined to now, if any (a scissored clear intersects its own box
/// with it).
#[must_use]
pub fn clip_region() -> Option<Bounds> {
    match MODE.with(Cell::get) {
        Mode::Clip(r) => Some(r),
        _ => None,
    }
}

/// Runs `draw` without drawing anything, and returns the items its primitives left.
pub fn record(draw: impl FnOnce()) -> Vec<Item> {
    ITEMS.with(|i| i.borrow_mut().clear());
    let before = MODE.with(|m| m.replace(Mode::Record));
    draw();
    MODE.with(|m| m.set(before));
    ITEMS.with(|i| std::mem::take(&mut *i.borrow_mut()))
}

/// Runs `draw` with its primitives confined to `region`: those wholly outside are skipped, the rest
/// are drawn under a scissor (`scissor` sets it, `Some`, and lifts it, `None`).
pub fn clipped(region: Bounds, scissor: impl Fn(Option<Bounds>), draw: impl FnOnce()) {
    let before = MODE.with(|m| m.replace(Mode::Clip(region)));
    scissor(Some(region));
    draw();
    scissor(None);
    MODE.with(|m| m.set(before));
}

/// A hasher for the primitives' contents: 64-bit FNV-1a over 32-bit words (a frame hashes tens of
/// thousands of vertex fields, so a cryptographic-strength hash would cost more than it protects).
/// Deterministic within a run, which is all a comparison with the previous frame needs.
#[must_use]
pub fn hasher() -> Fnv {
    Fnv(0xcbf2_9ce4_8422_2325)
}

/// See [`hasher`].
pub struct Fnv(u64);

impl Fnv {
    fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(0x0000_0100_0000_01b3);
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(4);
        for c in &mut chunks {
            self.word(u64::from(u32::from_le_bytes([c[0], c[1], c[2], c[3]])));
        }
        for &b in chunks.remainder() {
            self.word(u64::from(b) | 0x1_0000_0000);
        }
        // The length, so that a prefix and the whole differ.
        self.word(bytes.len() as u64 | 0x2_0000_0000);
    }

    fn write_u32(&mut self, w: u32) {
        self.word(u64::from(w));
    }

    fn write_u16(&mut self, w: u16) {
        self.word(u64::from(w));
    }

    fn write_u8(&mut self, w: u8) {
        self.word(u64::from(w));
    }

    fn write_u64(&mut self, w: u64) {
        self.word(w & 0xffff_ffff);
        self.word(w >> 32);
    }

    fn write_usize(&mut self, w: usize) {
        self.write_u64(w as u64);
    }
}

/// Hashes floats by their bits (equal bits, equal pictures).
pub fn hash_floats(h: &mut impl Hasher, xs: &[f32]) {
    for x in xs {
        x.to_bits().hash(h);
    }
}

/// egui's shapes this pass, in the order they are painted, as items in logical pixels (`k` logical
/// pixels per egui point): for telling whether egui draws over the canvas (a combo box's list, a
/// tooltip), and what of the panel changed. Read at the end of the app's egui pass (shapes egui adds
/// after it, in its own end of pass, are debug output only).
#[must_use]
pub fn egui_items(ctx: &egui::Context, k: f32) -> Vec<Item> {
    let mut layers: Vec<egui::LayerId> = ctx.memory(|m| m.layer_ids().collect());
    for extra in [egui::LayerId::background(), egui::LayerId::debug()] {
        if !layers.contains(&extra) {
            layers.push(extra);
        }
    }
    let mut out = Vec::new();
    ctx.graphics(|g| {
        use egui::Order::{Background, Debug, Foreground, Middle, Tooltip};
        for order in [Background, Middle, Foreground, Tooltip, Debug] {
            for layer in layers.iter().filter(|l| l.order == order) {
                let Some(list) = g.get(*layer) else { continue };
                for clipped in list.all_entries() {
                    let r = clipped.shape.visual_bounding_rect().intersect(clipped.clip_rect);
                    if !r.is_positive() {
                        continue;
                    }
                    let mut h = hasher();
                    layer.hash(&mut h);
                    hash_floats(
                        &mut h,
                        &[
                            clipped.clip_rect.min.x,
                            clipped.clip_rect.min.y,
                            clipped.clip_rect.max.x,
                            clipped.clip_rect.max.y,
                        ],
                    );
                    hash_shape(&mut h, &clipped.shape);
                    // egui feathers its edges by about a pixel beyond the shape.
                    let b = Bounds { x0: r.min.x * k, y0: r.min.y * k, x1: r.max.x * k, y1: r.max.y * k }.padded(2.0);
                    out.push(Item { bounds: b, hash: h.finish() });
                }
            }
        }
    });
    out
}

/// Hashes what an egui shape draws. Text by its content, layout and colours (a galley's own `Debug`
/// lists every glyph: too slow for a frame); every other shape by its `Debug` text.
fn hash_shape(h: &mut Fnv, shape: &egui::Shape) {
    match shape {
        egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| hash_shape(h, s)),
        egui::Shape::Text(t) => {
            let job = &t.galley.job;
            job.text.hash(h);
            format!(
                "{:?}{:?}{:?}{:?}{:?}",
                job.sections, job.wrap, t.underline, t.fallback_color, t.override_text_color
            )
            .hash(h);
            let r = t.galley.rect;
            hash_floats(h, &[t.pos.x, t.pos.y, r.min.x, r.min.y, r.max.x, r.max.y, t.opacity_factor, t.angle]);
        }
        other => format!("{other:?}").hash(h),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CANVAS: Bounds = Bounds { x0: 0.0, y0: 0.0, x1: 900.0, y1: 800.0 };

    fn item(x: f32, y: f32, w: f32, h: f32, hash: u64) -> Item {
        Item { bounds: Bounds::new(x, y, w, h), hash }
    }

    #[test]
    fn the_first_frame_is_drawn_in_full() {
        assert_eq!(plan(None, &[item(0.0, 0.0, 10.0, 10.0, 1)], CANVAS, 1.0), Plan::Full);
    }

    #[test]
    fn an_unchanged_frame_draws_nothing() {
        let f = [item(0.0, 0.0, 900.0, 800.0, 1), item(10.0, 10.0, 5.0, 5.0, 2), item(10.0, 10.0, 5.0, 5.0, 2)];
        assert_eq!(plan(Some(&f), &f, CANVAS, 1.0), Plan::Nothing);
    }

    #[test]
    fn a_moved_shape_damages_where_it_was_and_where_it_is() {
        let back = item(0.0, 0.0, 900.0, 800.0, 1);
        let prev = [back, item(100.0, 100.0, 50.0, 50.0, 7)];
        let now = [back, item(120.0, 110.0, 50.0, 50.0, 7)];
        // The union of both, a pixel of margin, whole pixels.
        assert_eq!(
            plan(Some(&prev), &now, CANVAS, 1.0),
            Plan::Regions(vec![Bounds { x0: 99.0, y0: 99.0, x1: 171.0, y1: 161.0 }])
        );
        // At two pixels per logical pixel the region is still whole (physical) pixels.
        let now = [back, item(120.25, 110.0, 50.0, 50.0, 7)];
        let Plan::Regions(r) = plan(Some(&prev), &now, CANVAS, 2.0) else { panic!() };
        assert_eq!((r[0].x0, r[0].x1), (99.0, 171.5));
    }

    #[test]
    fn a_changed_colour_is_damage_even_in_the_same_place() {
        let prev = [item(10.0, 10.0, 20.0, 20.0, 1)];
        let now = [item(10.0, 10.0, 20.0, 20.0, 2)];
        assert_eq!(
            plan(Some(&prev), &now, CANVAS, 1.0),
            Plan::Regions(vec![Bounds { x0: 9.0, y0: 9.0, x1: 31.0, y1: 31.0 }])
        );
    }

    #[test]
    fn a_shape_that_appears_or_goes_away_is_damage() {
        let a = item(10.0, 10.0, 20.0, 20.0, 1);
        let b = item(300.0, 300.0, 10.0, 10.0, 2);
        let expect = Plan::Regions(vec![Bounds { x0: 299.0, y0: 299.0, x1: 311.0, y1: 311.0 }]);
        assert_eq!(plan(Some(&[a]), &[a, b], CANVAS, 1.0), expect);
        assert_eq!(plan(Some(&[a, b]), &[a], CANVAS, 1.0), expect);
        // One of two identical items going away is damage too.
        assert_eq!(plan(Some(&[a, b, b]), &[a, b], CANVAS, 1.0), expect);
    }

    #[test]
    fn the_same_items_in_another_order_are_drawn_in_full() {
        let a = item(10.0, 10.0, 20.0, 20.0, 1);
        let b = item(15.0, 15.0, 20.0, 20.0, 2);
        assert_eq!(plan(Some(&[a, b]), &[b, a], CANVAS, 1.0), Plan::Full);
        // A new item between unchanged ones keeps their order.
        let c = item(500.0, 500.0, 4.0, 4.0, 3);
        assert!(matches!(plan(Some(&[a, b]), &[a, c, b], CANVAS, 1.0), Plan::Regions(_)));
    }

    #[test]
    fn damage_over_most_of_the_canvas_is_a_full_frame() {
        let prev = [item(0.0, 0.0, 800.0, 700.0, 1)];
        let now = [item(0.0, 0.0, 800.0, 700.0, 2)];
        assert_eq!(plan(Some(&prev), &now, CANVAS, 1.0), Plan::Full);
        // Unbounded (a NaN or infinite vertex) too.
        let now = [item(0.0, 0.0, f32::INFINITY, 10.0, 2)];
        assert_eq!(plan(Some(&prev), &now, CANVAS, 1.0), Plan::Full);
    }

    #[test]
    fn damage_is_clipped_to_the_canvas() {
        let prev = [item(-50.0, -50.0, 60.0, 60.0, 1)];
        assert_eq!(
            plan(Some(&prev), &[], CANVAS, 1.0),
            Plan::Regions(vec![Bounds { x0: 0.0, y0: 0.0, x1: 11.0, y1: 11.0 }])
        );
        let off = [item(-50.0, -50.0, 10.0, 10.0, 1)];
        assert_eq!(plan(Some(&off), &[], CANVAS, 1.0), Plan::Nothing);
    }

    #[test]
    fn far_apart_changes_are_separate_regions_and_near_ones_one() {
        let prev = [item(10.0, 10.0, 20.0, 20.0, 1), item(700.0, 700.0, 20.0, 20.0, 2)];
        let now = [item(12.0, 10.0, 20.0, 20.0, 1), item(700.0, 700.0, 20.0, 20.0, 3)];
        let Plan::Regions(r) = plan(Some(&prev), &now, CANVAS, 1.0) else { panic!() };
        assert_eq!(
            r,
            [Bounds { x0: 9.0, y0: 9.0, x1: 33.0, y1: 31.0 }, Bounds { x0: 699.0, y0: 699.0, x1: 721.0, y1: 721.0 }]
        );
    }

    #[test]
    fn regions_are_merged_down_to_the_limit_cheapest_first() {
        let b = |x: f32, y: f32| Bounds::new(x, y, 10.0, 10.0);
        // Overlapping boxes always merge.
        assert_eq!(merge_regions(vec![b(0.0, 0.0), b(5.0, 5.0)]), [Bounds::new(0.0, 0.0, 15.0, 15.0)]);
        // Four apart: the two closest merge first.
        let merged = merge_regions(vec![b(0.0, 0.0), b(500.0, 0.0), b(0.0, 500.0), b(20.0, 0.0)]);
        assert_eq!(merged.len(), MAX_REGIONS);
        assert!(merged.contains(&Bounds::new(0.0, 0.0, 30.0, 10.0)), "{merged:?}");
        // Every box is inside some region.
        let many: Vec<Bounds> = (0..100).map(|i| b(i as f32 * 7.0, (i % 9) as f32 * 50.0)).collect();
        let merged = merge_regions(many.clone());
        assert!(merged.len() <= MAX_REGIONS);
        assert!(many.iter().all(|x| merged.iter().any(|r| r.union(*x) == *r)));
    }

    #[test]
    fn boxes_sharing_an_edge_share_no_pixel() {
        // A canvas 895.6 px wide and the panel right of it, at 1 and 1.5 pixels per logical pixel.
        for dpi in [1.0, 1.5] {
            let canvas = Bounds::new(0.0, 0.0, 895.6, 800.0).pixels_inside(dpi);
            let panel = Bounds::new(895.6, 0.0, 384.4, 800.0).pixels_inside(dpi);
            assert_eq!(canvas.x1, panel.x0);
            assert_eq!((canvas.x1 * dpi).fract(), 0.0);
        }
        // The pixel whose centre is on the edge belongs to the box right of it.
        assert_eq!(Bounds::new(0.0, 0.0, 10.5, 1.0).pixels_inside(1.0).x1, 10.0);
        assert_eq!(Bounds::new(0.0, 0.0, 10.6, 1.0).pixels_inside(1.0).x1, 11.0);
    }

    #[test]
    fn the_hash_tells_word_orders_and_lengths_apart() {
        let h = |f: &dyn Fn(&mut Fnv)| {
            let mut x = hasher();
            f(&mut x);
            x.finish()
        };
        assert_ne!(h(&|x| hash_floats(x, &[1.0, 2.0])), h(&|x| hash_floats(x, &[2.0, 1.0])));
        assert_ne!(h(&|x| "ab".hash(x)), h(&|x| "abc".hash(x)));
        assert_ne!(h(&|x| [1u16, 2].hash(x)), h(&|x| [1u16, 2, 0].hash(x)));
        assert_eq!(h(&|x| "same".hash(x)), h(&|x| "same".hash(x)));
    }

    #[test]
    fn recording_draws_nothing_and_clipping_admits_what_reaches_the_region() {
        let inside = Bounds::new(10.0, 10.0, 5.0, 5.0);
        let outside = Bounds::new(100.0, 100.0, 5.0, 5.0);
        let mut drawn = Vec::new();
        let items = record(|| {
            drawn.push(admit(|| inside, || 4));
            drawn.push(admit(|| outside, || 5));
        });
        assert_eq!(drawn, [false, false]);
        assert_eq!(items, [Item { bounds: inside, hash: 4 }, Item { bounds: outside, hash: 5 }]);
        let mut drawn = Vec::new();
        let scissors = RefCell::new(Vec::new());
        clipped(
            Bounds::new(0.0, 0.0, 50.0, 50.0),
            |s| scissors.borrow_mut().push(s),
            || {
                drawn.push(admit(|| inside, || unreachable!("no hash outside recording")));
                drawn.push(admit(|| outside, || 0));
                assert!(clip_region().is_some());
            },
        );
        assert_eq!(drawn, [true, false]);
        assert_eq!(scissors.into_inner(), [Some(Bounds::new(0.0, 0.0, 50.0, 50.0)), None]);
        // Back to drawing everything.
        assert!(admit(|| unreachable!("no bounds when drawing everything"), || 0) && clip_region().is_none());
    }
}
