//! The teaching layer's plain data and pure functions. [`TeachState`] (part of the app's state)
//! says which overlay is on (agreement map or distance field), whether the selected algorithm is
//! tested as published, compare mode, Arvo's mode and the lesson on show (an erratum or a tour
//! step); [`TeachCommand`] is what the panel asks for. The panel returns the commands (wrapped in
//! [`Command::Teach`](super::Command::Teach)), [`apply_teach`](super::apply_teach)
//! applies them, [`overlay`](super::overlay) computes the images the renderer uploads and draws.
//!
//! Nothing here reads or changes the app's [`State`](super::State), so the state can hold a
//! [`TeachState`] without this module depending on it. The scene text's teaching keys (`overlay=`,
//! `published=`, `compare=`, `arvo=`, `tour=`) are parsed and written in [`scene`](super::scene).

use super::scene::SceneOptions;
pub use super::scene::OVERLAYS;
use super::still::frame::BoxFrame;
use crate::geom::algo::arvo::overlap_mode;
pub use crate::geom::algo::arvo::ArvoMode;
use crate::geom::algo::Trace;
use crate::geom::{algo::ALGORITHMS, Circle, Rect};
pub use crate::teach::lessons::Overlay;
pub use crate::teach::lessons::TourStep;
use crate::teach::lessons::{Lesson, ERRATA};

/// Display label of an overlay.
#[must_use]
pub fn overlay_label(o: Overlay) -> &'static str {
    match o {
        Overlay::None => "None",
        Overlay::Agreement => "Agreement map",
        Overlay::Distance => "Distance field",
    }
}

// ---------------------------------------------------------------------------------------------
// State and commands.

/// A lesson on show: an erratum or a tour step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonRef {
    Erratum(usize),
    Tour(TourStep),
}

impl LessonRef {
    #[must_use]
    pub fn lesson(self) -> Option<&'static Lesson> {
        match self {
            LessonRef::Erratum(i) => ERRATA.get(i),
            LessonRef::Tour(t) => t.lesson(),
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
    /// Cells per class (agreement map only), indexed like [`Class::ALL`](crate::teach::agreement::Class::ALL).
    pub counts: Option<[usize; 5]>,
}

/// The teaching layer's part of [`State`](super::State).
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
            lesson: o.tour.filter(|t| t.lesson().is_some()).map(LessonRef::Tour),
            trace_on_canvas: true,
            pointer: None,
            overlay_info: None,
        }
    }

    /// The tour step on show, if any.
    #[must_use]
    pub fn tour(&self) -> Option<TourStep> {
        match self.lesson {
            Some(LessonRef::Tour(t)) => Some(t),
            _ => None,
        }
    }
}

/// What the teaching panel (or a key) asks for.
// A scene (with its playground map, a fixed 64 × 32 bitset) makes `LoadScene` large; commands are a few
// values a frame, copied once: kept `Copy` and unboxed on purpose.
#[allow(clippy::large_enum_variant)]
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
    /// The next step; at a chapter's last, the next chapter's first (the tour's last stays).
    TourNext,
    /// The previous step; at a chapter's first, the previous chapter's last (`still:1` stays).
    TourPrev,
    /// Go to a chapter's first step (the panel's chapter picker), index into
    /// [`CHAPTERS`](crate::teach::lessons::CHAPTERS).
    TourChapter(usize),
    /// Hide the lesson text.
    CloseLesson,
    /// Load a whole scene (parsed from scene text by the caller).
    LoadScene(SceneOptions),
    ToggleTraceOnCanvas,
}

// ---------------------------------------------------------------------------------------------
// The test the overlay and the panel use.

/// Iso-line spacing for the distance field: about a quarter of the box's smaller side, on a 1-2-5 step.
#[must_use]
pub fn nice_spacing(aabb: &Rect) -> f32 {
    let (lo, hi) = (aabb.min(), aabb.max());
    crate::format::nice_step((0.25 * (hi[0] - lo[0]).min(hi[1] - lo[1])).max(0.05))
}

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
pub fn trace_lines<const D: usize>(pseudocode: &[&'static str], trace: &Trace<D>) -> Vec<TraceLine> {
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

/// The trace's first step when the box is turned: the frame change, with its numbers (`R^T`: the
/// panel's monospace font has no superscript T). The
/// algorithm's own steps follow, run unchanged on the circle it gives and the box `[−h, h]`.
#[must_use]
pub fn frame_change_line(frame: &BoxFrame, circle: &Circle) -> TraceLine {
    use crate::format::number as n;
    let (c, b, l, h) = (circle.center(), frame.obb.center(), frame.circle.center(), frame.obb.half_extents());
    TraceLine {
        text: "local = R^T (c − b)    // the circle into the box's frame (R^T turns back by θ)",
        run: true,
        notes: vec![format!(
            "θ = {}°: c = ({}, {}), b = ({}, {}) → local = ({}, {}); the box there is [−h, h], h = ({}, {})",
            n(frame.degrees),
            n(c[0]),
            n(c[1]),
            n(b[0]),
            n(b[1]),
            n(l[0]),
            n(l[1]),
            n(h[0]),
            n(h[1])
        )],
    }
}

#[cfg(test)]
#[path = "teach_tests.rs"]
mod tests;
