//! The teaching layer's state and commands: which overlay is on (agreement map or distance field),
//! the "as published" toggle, compare mode, Arvo's mode, the errata and the guided tour, the scene
//! text, and the overlay cache. Plain data, no window: the panel returns [`TeachCommand`]s (wrapped
//! in [`Command::Teach`](super::Command::Teach)), [`apply_teach`] applies them, the renderer only
//! uploads and draws the images computed here.
//!
//! ```text
//!  scene text ──from_fragment──► SceneOptions ──load_scene──► State (+ TeachState)
//!  State ──current_scene──► SceneOptions ──to_fragment──► "copy scene", URL fragment
//!  State ──OverlayCache::refresh (only when its key changed)──► RGBA image ──► texture (render)
//! ```

use super::options::OptionError;
use super::{CaseMode, SceneOptions, State};
use crate::geom::algo::arvo::overlap_mode;
pub use crate::geom::algo::arvo::ArvoMode;
use crate::geom::{signed_distance_f64, Circle, Rect, Trace, ALGORITHMS};
use crate::teach::agreement::{agreement_map, classify, Class, Reference};
use crate::teach::field::{distance_grid, field_image, FieldStyle};
pub use crate::teach::lessons::Overlay;
use crate::teach::lessons::{Lesson, ERRATA, TOUR};
use crate::teach::GridSpec;

// ---------------------------------------------------------------------------------------------
// Scene-text keys of the teaching layer.

/// The scene-text id of an overlay.
#[must_use]
pub fn overlay_id(o: Overlay) -> &'static str {
    match o {
        Overlay::None => "none",
        Overlay::Agreement => "agreement",
        Overlay::Distance => "distance",
    }
}

/// Display label of an overlay.
#[must_use]
pub fn overlay_label(o: Overlay) -> &'static str {
    match o {
        Overlay::None => "None",
        Overlay::Agreement => "Agreement map",
        Overlay::Distance => "Distance field",
    }
}

/// All overlays, in cycling order.
pub const OVERLAYS: [Overlay; 3] = [Overlay::None, Overlay::Agreement, Overlay::Distance];

/// `none`, `agreement` or `distance`.
pub fn parse_overlay(text: &str) -> Result<Overlay, OptionError> {
    let t = text.trim().to_ascii_lowercase();
    OVERLAYS.into_iter().find(|&o| overlay_id(o) == t).ok_or_else(|| OptionError {
        field: "overlay",
        message: format!("{text:?} is not one of none, agreement, distance"),
    })
}

/// `1`/`true`/`yes`/`on` or `0`/`false`/`no`/`off`.
pub fn parse_flag(field: &'static str, text: &str) -> Result<bool, OptionError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(OptionError { field, message: format!("{text:?} is not 1 or 0 (true or false)") }),
    }
}

/// An algorithm id for compare mode, or `none`.
pub fn parse_compare(text: &str) -> Result<Option<usize>, OptionError> {
    let t = text.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    super::options::parse_algorithm(t)
        .map(Some)
        .map_err(|e| OptionError { field: "compare", message: format!("{} (or none)", e.message) })
}

/// The scene-text id of one of Arvo's modes: box first, then ball.
#[must_use]
pub fn arvo_id(m: ArvoMode) -> &'static str {
    match m {
        ArvoMode::SolidBoxSolidBall => "solid-solid",
        ArvoMode::SolidBoxHollowBall => "solid-hollow",
        ArvoMode::HollowBoxSolidBall => "hollow-solid",
        ArvoMode::HollowBoxHollowBall => "hollow-hollow",
    }
}

/// `solid-solid`, `solid-hollow`, `hollow-solid` or `hollow-hollow` (box, then ball).
pub fn parse_arvo(text: &str) -> Result<ArvoMode, OptionError> {
    let t = text.trim().to_ascii_lowercase();
    ArvoMode::ALL.into_iter().find(|&m| arvo_id(m) == t).ok_or_else(|| OptionError {
        field: "arvo",
        message: format!("{text:?} is not one of solid-solid, solid-hollow, hollow-solid, hollow-hollow (box-ball)"),
    })
}

/// A tour step, counted from 1 as the panel shows it → an index into [`TOUR`].
pub fn parse_tour(text: &str) -> Result<Option<usize>, OptionError> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    match t.parse::<usize>() {
        Ok(n) if (1..=TOUR.len()).contains(&n) => Ok(Some(n - 1)),
        _ => Err(OptionError { field: "tour", message: format!("{t:?} is not a step 1..={} (or none)", TOUR.len()) }),
    }
}

/// The teaching keys of a scene text, each only when it is not the default (`&overlay=…&…`).
#[must_use]
pub fn fragment_suffix(o: &SceneOptions) -> String {
    let mut s = String::new();
    if o.overlay != Overlay::None {
        s.push_str(&format!("&overlay={}", overlay_id(o.overlay)));
    }
    if o.as_published {
        s.push_str("&published=1");
    }
    if let Some(b) = o.compare.filter(|&b| b < ALGORITHMS.len()) {
        s.push_str(&format!("&compare={}", ALGORITHMS[b].id));
    }
    if o.arvo != ArvoMode::SolidBoxSolidBall {
        s.push_str(&format!("&arvo={}", arvo_id(o.arvo)));
    }
    if let Some(t) = o.tour.filter(|&t| t < TOUR.len()) {
        s.push_str(&format!("&tour={}", t + 1));
    }
    s
}

// ---------------------------------------------------------------------------------------------
// State and commands.

/// A lesson on show: an erratum or a tour step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonRef {
    Erratum(usize),
    Tour(usize),
}

impl LessonRef {
    #[must_use]
    pub fn lesson(self) -> Option<&'static Lesson> {
        match self {
            LessonRef::Erratum(i) => ERRATA.get(i),
            LessonRef::Tour(i) => TOUR.get(i),
        }
    }
}

/// The overlay's latest cost and counts, for the panel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OverlayInfo {
    pub overlay: Overlay,
    /// Time to compute the last image, milliseconds.
    pub cost_ms: f64,
    pub cols: usize,
    pub rows: usize,
    /// Reduced resolution (computed during a drag).
    pub coarse: bool,
    /// Cells per class (agreement map only), indexed like [`Class::ALL`].
    pub counts: Option<[usize; 5]>,
}

/// The teaching layer's part of [`State`].
#[derive(Clone, Debug, PartialEq)]
pub struct TeachState {
    pub overlay: Overlay,
    pub as_published: bool,
    /// Compare mode: algorithm B (the reference) for the selected algorithm A.
    pub compare: Option<usize>,
    pub arvo: ArvoMode,
    /// The lesson whose title and text are on show (an erratum or the tour's current step).
    pub lesson: Option<LessonRef>,
    /// Draw the trace's focus (slab, grown box, corner, zone, face plane) on the canvas.
    pub trace_on_canvas: bool,
    /// Pointer in world units when it is over the canvas (hover read-outs).
    pub pointer: Option<[f32; 2]>,
    /// Filled in by the frame loop after each overlay refresh.
    pub overlay_info: Option<OverlayInfo>,
}

impl TeachState {
    #[must_use]
    pub fn from_options(o: &SceneOptions) -> TeachState {
        TeachState {
            overlay: o.overlay,
            as_published: o.as_published,
            compare: o.compare.filter(|&b| b < ALGORITHMS.len()),
            arvo: o.arvo,
            lesson: o.tour.filter(|&t| t < TOUR.len()).map(LessonRef::Tour),
            trace_on_canvas: true,
            pointer: None,
            overlay_info: None,
        }
    }

    /// The tour step on show, if any.
    #[must_use]
    pub fn tour(&self) -> Option<usize> {
        match self.lesson {
            Some(LessonRef::Tour(i)) => Some(i),
            _ => None,
        }
    }
}

/// What the teaching panel (or a key) asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TeachCommand {
    SetOverlay(Overlay),
    /// None → agreement map → distance field → none.
    CycleOverlay,
    SetPublished(bool),
    SetCompare(Option<usize>),
    SetArvo(ArvoMode),
    /// Load an erratum's scene, overlay and "as published" setting.
    LoadErratum(usize),
    /// Start the tour at its first step, or leave it.
    ToggleTour,
    TourNext,
    TourPrev,
    /// Hide the lesson text.
    CloseLesson,
    /// Load a whole scene (parsed from scene text by the caller).
    LoadScene(SceneOptions),
    ToggleTraceOnCanvas,
}

/// Applies a teaching command.
pub fn apply_teach(state: &mut State, cmd: TeachCommand) {
    let n = ALGORITHMS.len();
    match cmd {
        TeachCommand::SetOverlay(o) => state.teach.overlay = o,
        TeachCommand::CycleOverlay => {
            let i = OVERLAYS.iter().position(|&o| o == state.teach.overlay).unwrap_or(0);
            state.teach.overlay = OVERLAYS[(i + 1) % OVERLAYS.len()];
        }
        TeachCommand::SetPublished(p) => state.teach.as_published = p,
        TeachCommand::SetCompare(b) => state.teach.compare = b.filter(|&b| b < n),
        TeachCommand::SetArvo(m) => state.teach.arvo = m,
        TeachCommand::LoadErratum(i) => load_lesson(state, LessonRef::Erratum(i)),
        TeachCommand::ToggleTour => match state.teach.tour() {
            Some(_) => state.teach.lesson = None,
            None => load_lesson(state, LessonRef::Tour(0)),
        },
        TeachCommand::TourNext => {
            let next = state.teach.tour().map_or(0, |i| (i + 1).min(TOUR.len() - 1));
            if state.teach.tour() != Some(next) {
                load_lesson(state, LessonRef::Tour(next));
            }
        }
        TeachCommand::TourPrev => {
            let prev = state.teach.tour().map_or(0, |i| i.saturating_sub(1));
            if state.teach.tour() != Some(prev) {
                load_lesson(state, LessonRef::Tour(prev));
            }
        }
        TeachCommand::CloseLesson => state.teach.lesson = None,
        TeachCommand::LoadScene(o) => load_scene(state, &o),
        TeachCommand::ToggleTraceOnCanvas => state.teach.trace_on_canvas = !state.teach.trace_on_canvas,
    }
}

/// Loads a lesson's scene with its overlay and "as published" setting, and shows its text. A lesson
/// whose scene text does not parse changes nothing (the lesson tests make sure none does).
pub fn load_lesson(state: &mut State, which: LessonRef) {
    let Some(lesson) = which.lesson() else { return };
    let Ok(mut o) = SceneOptions::from_fragment(lesson.scene) else { return };
    o.overlay = lesson.overlay;
    o.as_published = lesson.as_published;
    o.tour = None;
    load_scene(state, &o);
    state.teach.lesson = Some(which);
}

/// Replaces the whole scene (shapes, algorithm, case, teaching options); it also becomes the scene
/// that Reset returns to. The window size is not part of a scene and stays as it is.
pub fn load_scene(state: &mut State, o: &SceneOptions) {
    state.drag = None;
    state.circle = o.circle;
    state.aabb = o.aabb;
    state.algorithm = o.algorithm.min(ALGORITHMS.len() - 1);
    state.case = CaseMode::Auto;
    super::update::set_case(state, o.case);
    let keep = (state.teach.trace_on_canvas, state.teach.pointer, state.teach.overlay_info);
    state.teach = TeachState::from_options(o);
    (state.teach.trace_on_canvas, state.teach.pointer, state.teach.overlay_info) = keep;
    state.initial = SceneOptions { size: state.initial.size, ..*o };
    state.refit();
}

/// Parses a scene text and loads it. On a bad text the scene stays exactly as it was and the error
/// names the bad key.
pub fn load_scene_text(state: &mut State, text: &str) -> Result<(), OptionError> {
    let o = SceneOptions::from_fragment(text)?;
    load_scene(state, &o);
    Ok(())
}

/// The current scene as options (for "copy scene" and the URL fragment).
#[must_use]
pub fn current_scene(state: &State) -> SceneOptions {
    SceneOptions {
        circle: state.circle,
        aabb: state.aabb,
        algorithm: state.algorithm,
        case: state.case,
        size: None,
        overlay: state.teach.overlay,
        as_published: state.teach.as_published,
        compare: state.teach.compare,
        arvo: state.teach.arvo,
        tour: state.teach.tour(),
    }
}

/// Remembers where the pointer is over the canvas (world units), for the hover read-outs.
pub fn track_pointer(state: &mut State, pointer: Option<glam::Vec2>, over_ui: bool) {
    state.teach.pointer = pointer.filter(|&p| !over_ui && state.canvas.contains(p)).map(|p| state.view.to_world(p));
}

// ---------------------------------------------------------------------------------------------
// The test the overlay and the panel use.

/// Does the test use Arvo's non-default mode? (Only when Arvo is the tested algorithm.)
#[must_use]
pub fn uses_arvo_mode(algorithm: usize, mode: ArvoMode) -> bool {
    ALGORITHMS.get(algorithm).is_some_and(|a| a.id == "arvo") && mode != ArvoMode::SolidBoxSolidBall
}

/// The selected algorithm's test as the teaching options say: Arvo's mode when Arvo is selected,
/// else the published variant when "as published" is on and one exists, else the plain test.
pub fn tested(algorithm: usize, as_published: bool, arvo: ArvoMode) -> impl Fn(&Circle, &Rect) -> bool {
    let a = &ALGORITHMS[algorithm.min(ALGORITHMS.len() - 1)];
    let mode = uses_arvo_mode(algorithm, arvo).then_some(arvo);
    move |c: &Circle, r: &Rect| match mode {
        Some(m) => overlap_mode(c, r, m),
        None if as_published => a.published_2d(c, r),
        None => (a.overlap_2d)(c, r),
    }
}

/// The verdict of the test the teaching options select, for the current scene.
#[must_use]
pub fn teach_verdict(state: &State) -> bool {
    tested(state.algorithm, state.teach.as_published, state.teach.arvo)(&state.circle, &state.aabb)
}

/// One line of the pseudocode with what the trace says about it.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceLine {
    pub text: &'static str,
    /// The line ran for the current scene.
    pub run: bool,
    /// The notes of the steps recorded on this line, in order.
    pub notes: Vec<String>,
}

/// Pairs each pseudocode line with the trace: which lines ran, and their values.
#[must_use]
pub fn trace_lines(pseudocode: &[&'static str], trace: &Trace<2>) -> Vec<TraceLine> {
    let run = trace.lines_run();
    pseudocode
        .iter()
        .enumerate()
        .map(|(i, &text)| TraceLine {
            text,
            run: run.contains(&i),
            notes: trace.steps.iter().filter(|s| s.line == i).map(|s| s.note.clone()).collect(),
        })
        .collect()
}

/// What the pointer is over, for the hover read-out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hover {
    pub at: [f32; 2],
    /// Signed distance from the point to the box.
    pub distance: f64,
    /// With the agreement map on: the class of a circle of the current radius centred here.
    pub class: Option<Class>,
}

/// The read-out at the pointer, when an overlay is on and the pointer is over the canvas.
#[must_use]
pub fn hover(state: &State) -> Option<Hover> {
    let at = state.teach.pointer?;
    if state.teach.overlay == Overlay::None || state.drag.is_some() {
        return None;
    }
    let distance = signed_distance_f64(&at, &state.aabb);
    let class = (state.teach.overlay == Overlay::Agreement)
        .then(|| {
            let c = Circle::new(at, state.circle.radius()).ok()?;
            let test = tested(state.algorithm, state.teach.as_published, state.teach.arvo);
            let r = f64::from(state.circle.radius());
            let exact = distance <= r;
            let reference = match state.teach.compare {
                Some(b) => (ALGORITHMS[b].overlap_2d)(&c, &state.aabb),
                None => exact,
            };
            Some(classify(test(&c, &state.aabb), reference, exact && distance == r))
        })
        .flatten();
    Some(Hover { at, distance, class })
}

// ---------------------------------------------------------------------------------------------
// The overlay image and its cache.

/// Pixels per cell at full resolution and while dragging.
pub const FULL_CELL_PX: f32 = 2.0;
pub const COARSE_CELL_PX: f32 = 6.0;
/// Cell budgets (the step grows on very large canvases). The web build (size-optimised) gets a
/// smaller full-resolution budget: the panel showed 8 ms for 180 000 cells on the desktop, but
/// 46–51 ms for 100 000–180 000 cells in headless Chromium (SwiftShader, busy 2-core machine).
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
        if t.overlay == Overlay::None {
            return None;
        }
        let (c, v) = (state.canvas, state.view);
        let lo = v.to_world(glam::Vec2::new(c.x, c.y + c.h));
        let hi = v.to_world(glam::Vec2::new(c.x + c.w, c.y));
        let agreement = t.overlay == Overlay::Agreement;
        Some(OverlayKey {
            overlay: t.overlay,
            aabb: state.aabb,
            radius: state.circle.radius(),
            // The distance field does not depend on the algorithm.
            algorithm: if agreement { state.algorithm } else { 0 },
            as_published: agreement && t.as_published,
            compare: if agreement { t.compare } else { None },
            arvo: if agreement { t.arvo } else { ArvoMode::SolidBoxSolidBall },
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

/// Computes the overlay image for a key, at full or reduced resolution.
#[must_use]
pub fn compute_overlay(key: &OverlayKey, coarse: bool) -> Option<OverlayImage> {
    let (px, max) = if coarse { (COARSE_CELL_PX, COARSE_MAX_CELLS) } else { (FULL_CELL_PX, FULL_MAX_CELLS) };
    let step = px / key.scale.max(1e-6);
    let spec = GridSpec::covering(key.lo, key.hi, step, max)?;
    match key.overlay {
        Overlay::None => None,
        Overlay::Agreement => {
            let test = tested(key.algorithm, key.as_published, key.arvo);
            let map = match key.compare.and_then(|b| ALGORITHMS.get(b)) {
                Some(b) => agreement_map(&key.aabb, key.radius, spec, &test, Reference::Other(&b.overlap_2d)),
                None => agreement_map(&key.aabb, key.radius, spec, &test, Reference::Exact),
            };
            Some(OverlayImage { overlay: key.overlay, spec, rgba: map.to_rgba(), counts: Some(map.counts) })
        }
        Overlay::Distance => {
            let d = distance_grid(&key.aabb, spec);
            let style = FieldStyle { spacing: nice_spacing(&key.aabb), radius: key.radius, line: 0.75 * spec.step };
            Some(OverlayImage { overlay: key.overlay, spec, rgba: field_image(&d, spec, &style), counts: None })
        }
    }
}

/// Iso-line spacing for the distance field: about a quarter of the box's smaller side, on a 1-2-5 step.
#[must_use]
pub fn nice_spacing(aabb: &Rect) -> f32 {
    let (lo, hi) = (aabb.min(), aabb.max());
    let raw = (0.25 * (hi[0] - lo[0]).min(hi[1] - lo[1])).max(0.05);
    let p = 10f32.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * p).find(|&s| s >= raw).unwrap_or(10.0 * p)
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

#[cfg(test)]
#[path = "teach_tests.rs"]
mod tests;
