//! The 2D scene as a vector figure (SVG 1.1), for slides and lecture notes: `--svg FILE`. No window:
//! the state is built as the screenshot builds it, on the canvas the screenshot's window of the
//! same `--size` leaves beside the panel ([`crate::app::view::window_canvas`]), so the figure's user
//! units are the screenshot's pixels and every shape sits where the screenshot has it.
//!
//! The figure draws what the canvas draws, layer by layer in the canvas's order and in the palette's
//! colours ([`crate::app::palette`], the same constants), each part a group with an id a teacher can
//! find and edit: `background`, `grid`, `zone-tints`, `zone-lines`, `overlay` (the distance field's
//! bands and level lines, or the agreement map's regions), `grown-box` (where the centre may be for
//! the shapes to overlap; `planes_naive`'s square ears), `box`, `motion` (the rounded box, the swept
//! capsule, the discrete end, the continuation, the velocity arrow, the impact ghost), `circle` (its
//! verdict's colour and outline cue), `construction` (`closest-point`, `distance`, `face-distances`,
//! `push`), `trace-focus`, `zone-labels`, `status` and `legend`. Not drawn: the hover read-out, the
//! lesson caption, the first hint, the drag handles' highlight (a figure has no pointer). The 3D view
//! and the playground have no figure yet: refused ([`FigureError`], exit 2). A turned box (`angle=`
//! not 0, still or motion mode) is drawn as the canvas draws it: in the still scene the zones, their
//! numbers and the grown box in the box's frame, the box as its real corners and the `box-view` inset;
//! in motion mode the turned box and its rounded box. Under an overlay it is refused (exit 2 naming
//! `angle`).

mod marks;
mod motion;
mod overlay;
mod still;
pub mod text;
mod turned;
pub mod writer;

use crate::app::view::{window_canvas, Sizes};
use crate::app::{current_scene, Analysis, Input, SceneOptions, ScreenRect, State};

/// The window size a picture gets without `--size` (the demo's window).
pub const DEFAULT_SIZE: (u32, u32) = (1280, 800);

/// A scene the figure cannot draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FigureError {
    /// The 3D view (`view=3d`, `--sphere`).
    ThreeD,
    /// The playground (`playground=on`).
    Playground,
    /// A turned box (`angle=` other than 0) under an overlay (`overlay=distance`, `overlay=agreement`).
    TurnedOverlay,
}

impl std::fmt::Display for FigureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FigureError::ThreeD => f.write_str("the 3D view has no vector figure yet: use --screenshot for it"),
            FigureError::Playground => f.write_str("the playground has no vector figure yet: use --screenshot for it"),
            FigureError::TurnedOverlay => f.write_str(
                "angle: a turned box under an overlay has no vector figure yet: use --screenshot for it (or angle=0, \
                 or overlay=none)",
            ),
        }
    }
}

/// The canvas a picture of `scene` has: its window (`--size`, else [`DEFAULT_SIZE`]) less the panel.
#[must_use]
pub fn canvas_for(scene: &SceneOptions) -> ScreenRect {
    let (w, h) = scene.size.unwrap_or(DEFAULT_SIZE);
    window_canvas(w as f32, h as f32, scene.presentation.text.factor(), scene.presentation.panel)
}

/// The state a picture of `scene` shows: as the screenshot's first frame makes it (a still input on
/// the canvas: no pointer, no keys, no time).
#[must_use]
pub fn state_for(scene: SceneOptions) -> State {
    let canvas = canvas_for(&scene);
    let mut state = State::new(scene);
    crate::app::update(&mut state, &Input { canvas: Some(canvas), ..Input::default() });
    state
}

/// What every layer reads: the state, the core's answers, the sizes.
struct Figure<'a> {
    state: &'a State,
    a: Analysis,
    sizes: Sizes,
}

impl Figure<'_> {
    /// A world point on the figure.
    fn at(&self, p: [f32; 2]) -> [f32; 2] {
        let s = self.state.view.to_screen(p);
        [s.x, s.y]
    }
}

/// The figure of the state's 2D scene, as an SVG document.
pub fn svg(state: &State) -> Result<String, FigureError> {
    if state.mode.is_three() {
        return Err(FigureError::ThreeD);
    }
    if state.mode.flat_playground() {
        return Err(FigureError::Playground);
    }
    let turned = state.box_frame().is_some() || (state.mode.flat_motion() && state.motion.options.angle != 0.0);
    if turned && state.teach.overlay != crate::app::teach::Overlay::None {
        return Err(FigureError::TurnedOverlay);
    }
    let f = Figure { state, a: state.analysis(), sizes: Sizes::for_state(state) };
    let c = state.canvas;
    let scene = current_scene(state).to_fragment();
    let title = format!("circle-aabb-lab: {}", still::title(&f));
    let desc = format!(
        "The 2D scene circle-aabb-lab --svg drew ({} × {} px, the --screenshot canvas of the same --size). \
         Scene: {scene}",
        c.w, c.h
    );
    let mut svg = writer::Svg::new(c.w, c.h, &title, &desc, text::FONT_FAMILY);
    still::draw(&f, &mut svg);
    Ok(svg.finish())
}
