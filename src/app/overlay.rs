//! The teaching overlays' image and the read-out at the pointer: the agreement map over the part of
//! the world the canvas shows, recomputed only when what it depends on ([`OverlayKey`]) changes, at
//! reduced resolution while something is being dragged. The renderer only uploads and draws the
//! image computed here. The distance field needs no image: the renderer draws it as contours, exact
//! at any zoom (`render::overlay`).
//!
//! ```text
//!  State ──OverlayKey::of──► key ──OverlayCache::refresh (only when the key changed)──► RGBA image ──► texture (render)
//!  State ──hover──► distance and class at the pointer (panel)
//! ```

use super::state::State;
use super::still::frame::oriented;
pub use super::teach::nice_spacing;
use super::teach::{tested, ArvoMode, Overlay, OverlayInfo};
use crate::geom::{algo::ALGORITHMS, contact::signed_distance_f64, Circle, Rect};
use crate::teach::agreement::{agreement_map, agreement_map_turned, classify, AgreementMap, Class, Reference};
use crate::teach::GridSpec;

/// What the pointer is over, for the hover read-out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hover {
    pub at: [f32; 2],
    /// Signed distance from the point to the box.
    pub distance: f64,
    /// With the agreement map on: the class of a circle of the current radius centred here.
    pub class: Option<Class>,
}

/// The read-out at the pointer, when an overlay is on and the pointer is over the canvas (not
/// while dragging, except under a resting finger's long press, which may rest on a handle).
#[must_use]
pub fn hover(state: &State) -> Option<Hover> {
    let at = state.teach.pointer?;
    let dragging = state.drag.is_some() && state.touch.long_press().is_none();
    if state.teach.overlay == Overlay::None || dragging {
        return None;
    }
    // With the box turned, the pointer's spot is moved into the box's frame, where the box is
    // [−h, h]: every test below runs unchanged there.
    let (here, aabb) = state.box_frame().map_or((at, state.aabb), |f| (f.obb.to_box_frame(at), f.aabb));
    let distance = signed_distance_f64(&here, &aabb);
    let class = (state.teach.overlay == Overlay::Agreement)
        .then(|| {
            let c = Circle::new(here, state.circle.radius()).ok()?;
            let test = tested(state.algorithm, state.teach.as_published, state.teach.arvo);
            let r = f64::from(state.circle.radius());
            let exact = distance <= r;
            let reference = match state.teach.compare {
                Some(b) => (ALGORITHMS[b].overlap_2d)(&c, &aabb),
                None => exact,
            };
            Some(classify(test(&c, &aabb), reference, exact && distance == r))
        })
        .flatten();
    Some(Hover { at, distance, class })
}

// ---------------------------------------------------------------------------------------------
// The overlay image and its cache.

/// Pixels per cell at full resolution and while dragging.
pub const FULL_CELL_PX: f32 = 2.0;
pub const COARSE_CELL_PX: f32 = 6.0;
/// Cell budgets (the step grows on very large canvases). The web build gets a smaller
/// full-resolution budget: the map costs several times more there than on the desktop, and a drag
/// must stay smooth.
#[cfg(not(target_arch = "wasm32"))]
pub const FULL_MAX_CELLS: usize = 400_000;
#[cfg(target_arch = "wasm32")]
pub const FULL_MAX_CELLS: usize = 100_000;
pub const COARSE_MAX_CELLS: usize = 40_000;

/// Everything an overlay image depends on. The image is recomputed only when this changes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OverlayKey {
    pub overlay: Overlay,
    pub aabb: Rect,
    /// The still scene's box angle, degrees (0: aligned; else the map is made in the box's frame).
    pub angle: f32,
    pub radius: f32,
    pub algorithm: usize,
    pub as_published: bool,
    pub compare: Option<usize>,
    pub arvo: ArvoMode,
    /// The world area shown on the canvas, and pixels per world unit.
    pub lo: [f32; 2],
    pub hi: [f32; 2],
    pub scale: f32,
}

impl OverlayKey {
    /// The key for the state's overlay; `None` when no overlay is on.
    #[must_use]
    pub fn of(state: &State) -> Option<OverlayKey> {
        let t = &state.teach;
        // Only the agreement map is an image (the distance field is drawn as contours).
        if t.overlay != Overlay::Agreement {
            return None;
        }
        let (c, v) = (state.canvas, state.view);
        let lo = v.to_world(glam::Vec2::new(c.x, c.y + c.h));
        let hi = v.to_world(glam::Vec2::new(c.x + c.w, c.y));
        Some(OverlayKey {
            overlay: t.overlay,
            aabb: state.aabb,
            angle: state.box_frame().map_or(0.0, |f| f.degrees),
            radius: state.circle.radius(),
            algorithm: state.algorithm,
            as_published: t.as_published,
            compare: t.compare,
            arvo: t.arvo,
            lo,
            hi,
            scale: v.scale,
        })
    }
}

/// An overlay rendered to an RGBA image, top row first, covering `spec`.
#[derive(Clone, Debug, PartialEq)]
pub struct OverlayImage {
    pub overlay: Overlay,
    pub spec: GridSpec,
    pub rgba: Vec<u8>,
    pub counts: Option<[usize; 5]>,
}

/// The texels of an RGBA image (`cols` wide, top row first) worth drawing: the smallest rectangle
/// `(col, row, cols, rows)` holding every texel that is not fully transparent, grown by `margin` texels
/// (within the image) so that a linearly filtered draw of it covers the same pixels as a draw of the
/// whole image. `None` when every texel is transparent.
#[must_use]
pub fn visible_texels(rgba: &[u8], cols: usize, margin: usize) -> Option<(usize, usize, usize, usize)> {
    if cols == 0 {
        return None;
    }
    let rows = rgba.len() / 4 / cols;
    let (mut c0, mut r0, mut c1, mut r1) = (usize::MAX, usize::MAX, 0, 0);
    for (i, px) in rgba.chunks_exact(4).enumerate() {
        if px[3] != 0 {
            let (c, r) = (i % cols, i / cols);
            (c0, r0, c1, r1) = (c0.min(c), r0.min(r), c1.max(c), r1.max(r));
        }
    }
    if c0 == usize::MAX {
        return None;
    }
    let (c0, r0) = (c0.saturating_sub(margin), r0.saturating_sub(margin));
    let (c1, r1) = ((c1 + margin).min(cols - 1), (r1 + margin).min(rows - 1));
    Some((c0, r0, c1 - c0 + 1, r1 - r0 + 1))
}

/// The agreement map for a key, at full or reduced resolution, on the grid the image is made of;
/// `None` unless the key's overlay is the agreement map.
#[must_use]
pub fn agreement_for(key: &OverlayKey, coarse: bool) -> Option<AgreementMap> {
    if key.overlay != Overlay::Agreement {
        return None;
    }
    let (px, max) = if coarse { (COARSE_CELL_PX, COARSE_MAX_CELLS) } else { (FULL_CELL_PX, FULL_MAX_CELLS) };
    let step = px / key.scale.max(1e-6);
    let spec = GridSpec::covering(key.lo, key.hi, step, max)?;
    let test = tested(key.algorithm, key.as_published, key.arvo);
    let reference = match key.compare.and_then(|b| ALGORITHMS.get(b)) {
        Some(b) => Reference::Other(&b.overlap_2d),
        None => Reference::Exact,
    };
    if let Some(obb) = oriented(&key.aabb, key.angle) {
        return Some(agreement_map_turned(&obb, key.radius, spec, &test, reference));
    }
    Some(match key.compare.and_then(|b| ALGORITHMS.get(b)) {
        Some(b) => agreement_map(&key.aabb, key.radius, spec, &test, Reference::Other(&b.overlap_2d)),
        None => agreement_map(&key.aabb, key.radius, spec, &test, Reference::Exact),
    })
}

/// Computes the overlay image for a key, at full or reduced resolution.
#[must_use]
pub fn compute_overlay(key: &OverlayKey, coarse: bool) -> Option<OverlayImage> {
    // The distance field is drawn as contours, without an image.
    let map = agreement_for(key, coarse)?;
    Some(OverlayImage { overlay: key.overlay, spec: map.spec, rgba: map.to_rgba(), counts: Some(map.counts) })
}

/// The overlay image, recomputed only when its [`OverlayKey`] changes: at reduced resolution while
/// something is being dragged, at full resolution once the pointer lets go.
#[derive(Clone, Debug, Default)]
pub struct OverlayCache {
    key: Option<OverlayKey>,
    coarse: bool,
    pub image: Option<OverlayImage>,
    /// Bumped whenever `image` changes (the renderer re-uploads its texture then).
    pub generation: u64,
    /// Milliseconds the last computation took.
    pub cost_ms: f64,
    /// How many images were computed (for tests and the panel).
    pub computed: u64,
}

impl OverlayCache {
    /// Brings the image up to date with the state. `clock` returns seconds (macroquad's `get_time`,
    /// which works on the desktop and on the web). Returns true when the image changed.
    pub fn refresh(&mut self, state: &State, clock: &mut dyn FnMut() -> f64) -> bool {
        let Some(key) = OverlayKey::of(state) else {
            let had = self.image.is_some();
            self.key = None;
            self.image = None;
            if had {
                self.generation += 1;
            }
            return had;
        };
        let dragging = state.drag.is_some();
        if self.key == Some(key) && (!self.coarse || dragging) {
            return false;
        }
        let t0 = clock();
        self.image = compute_overlay(&key, dragging);
        self.cost_ms = (clock() - t0) * 1000.0;
        self.key = Some(key);
        self.coarse = dragging;
        self.generation += 1;
        self.computed += 1;
        true
    }

    /// The summary the panel shows.
    #[must_use]
    pub fn info(&self) -> Option<OverlayInfo> {
        let img = self.image.as_ref()?;
        Some(OverlayInfo {
            overlay: img.overlay,
            cost_ms: self.cost_ms,
            cols: img.spec.cols,
            rows: img.spec.rows,
            coarse: self.coarse,
            counts: img.counts,
        })
    }
}
