//! A scene embedded in a course page (`embed=1`): the canvas alone, no panel, with a small toolbar
//! on its right edge — Reset, Play / Pause and Step where something moves (motion mode, the
//! playground and its race, Play), and "open the full demo". All of it is plain data: which
//! buttons show and where ([`buttons`]), what each asks for ([`command`]), where the link goes
//! ([`full_demo_fragment`]); the canvas draws what this says (`render::embed`), and `update` hands
//! the toolbar the pointer first ([`Embed::take_pointer`]). The state reads it through
//! `State::embed_buttons` and `full_demo_fragment`.
//!
//! The toolbar is a column of [`BUTTON_PX`]-square buttons (44 px: a finger's target) at the top
//! right, and the view is fitted left of it ([`fit_canvas`]), so it never covers the scene. What the
//! embedded scene keeps: every drag and key of its mode, except `H` (the panel stays hidden: an
//! iframe of 480 × 320 has no room for it; the full demo has it). Reset (the button and `R`)
//! returns to the scene as embedded ([`Embed::home`]), whatever `N`, `P` or a drag did since.
//!
//! The "full demo" button: on the web the page puts a real link (`<a target="_blank">`) over it, so
//! the browser opens the full demo in a new tab on a click or a tap (`page::set_embed_link`); on the
//! desktop a press sets [`Embed::link_pressed`] and the frame loop prints the scene text.

use super::commands::Command;
use super::input::Input;
use super::mode::Mode;
use super::motion::MotionCommand;
use super::playground::PlaygroundCommand;
use super::scene::SceneOptions;
use super::view::ScreenRect;

/// The embedded scene's part of the state (`State::embed`, `None` when not embedded).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Embed {
    /// The scene as embedded: what Reset returns to.
    pub home: SceneOptions,
    /// A press began on a toolbar button and is still down: the scene does not see it (no drag
    /// starts, the playground paints nothing) until it is released.
    pub holding: bool,
    /// The "full demo" button was pressed on the canvas (the desktop; on the web the page's link
    /// lies over it): the frame loop hands it on, then clears it.
    pub link_pressed: bool,
}

impl Embed {
    /// The embedding of `home`, if its text says `embed=1`.
    #[must_use]
    pub fn of(home: &SceneOptions) -> Option<Embed> {
        home.presentation.embed.then_some(Embed { home: *home, holding: false, link_pressed: false })
    }
}

/// A toolbar button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// Back to the scene as embedded.
    Reset,
    /// Play or pause what moves (motion's animation, the playground's clock).
    PlayPause,
    /// One step on (motion: start → impact → end; the playground: one fixed step).
    Step,
    /// Open the full demo on the same scene, in a new tab.
    FullDemo,
}

impl Button {
    /// What the button does, in words (the page's link label, the tests).
    #[must_use]
    pub fn label(self, playing: bool) -> &'static str {
        match self {
            Button::Reset => "Reset the scene",
            Button::PlayPause if playing => "Pause",
            Button::PlayPause => "Play",
            Button::Step => "Step",
            Button::FullDemo => "Open the full demo in a new tab",
        }
    }
}

/// A button's side, logical (CSS) pixels: a touch target.
pub const BUTTON_PX: f32 = 44.0;
/// Between two buttons.
pub const GAP_PX: f32 = 6.0;
/// From the canvas's edges.
pub const EDGE_PX: f32 = 8.0;
/// The strip on the right of the canvas the toolbar stands in.
pub const STRIP_PX: f32 = BUTTON_PX + 2.0 * EDGE_PX;

/// Does the scene move by itself, so that Play / Pause and Step mean something? Motion mode, the
/// playground (its ball, its race) and Play; not the still scene, nor the 3D view.
#[must_use]
pub fn moves(mode: Mode) -> bool {
    !mode.is_three() && (mode.flat_motion() || mode.flat_playground())
}

/// The toolbar's buttons, top to bottom, and where each is on `canvas`: Reset, then Play / Pause
/// and Step when the scene [`moves`], then the link.
#[must_use]
pub fn buttons(canvas: ScreenRect, moves: bool) -> Vec<(Button, ScreenRect)> {
    let list: &[Button] = if moves {
        &[Button::Reset, Button::PlayPause, Button::Step, Button::FullDemo]
    } else {
        &[Button::Reset, Button::FullDemo]
    };
    let x = canvas.x + canvas.w - EDGE_PX - BUTTON_PX;
    list.iter()
        .enumerate()
        .map(|(i, &b)| {
            let y = canvas.y + EDGE_PX + i as f32 * (BUTTON_PX + GAP_PX);
            (b, ScreenRect { x, y, w: BUTTON_PX, h: BUTTON_PX })
        })
        .collect()
}

/// What a button asks for (`playground`: the playground is the mode, else motion); `None` for the
/// link, which the page (or the frame loop) opens.
#[must_use]
pub fn command(button: Button, playground: bool) -> Option<Command> {
    Some(match button {
        Button::Reset => Command::Reset,
        Button::PlayPause if playground => Command::Playground(PlaygroundCommand::PauseResume),
        Button::PlayPause => Command::Motion(MotionCommand::PlayPause),
        Button::Step if playground => Command::Playground(PlaygroundCommand::Step),
        Button::Step => Command::Motion(MotionCommand::Step),
        Button::FullDemo => return None,
    })
}

impl Embed {
    /// The toolbar's share of a frame's pointer, the toolbar being `buttons`. `Some(command)` when
    /// the toolbar takes it: a press on a button (its [`command`]; `None` for the link, which sets
    /// [`Embed::link_pressed`]), or a press still held since; `None` when the pointer is the scene's.
    pub fn take_pointer(
        &mut self,
        buttons: &[(Button, ScreenRect)],
        input: &Input,
        playground: bool,
    ) -> Option<Option<Command>> {
        let at = input.press.or(input.pointer).filter(|_| input.pressed && !input.pointer_over_ui);
        if let Some(b) = at.and_then(|p| buttons.iter().find(|(_, r)| r.contains(p)).map(|(b, _)| *b)) {
            self.holding = input.down;
            self.link_pressed |= b == Button::FullDemo;
            return Some(command(b, playground));
        }
        if self.holding {
            self.holding = input.down;
            return Some(None);
        }
        None
    }
}

/// The part of `canvas` the view is fitted to: left of the toolbar's strip when `embedded` (the
/// scene is never under a button; never less than half the canvas), else the whole canvas.
#[must_use]
pub fn fit_canvas(canvas: ScreenRect, embedded: bool) -> ScreenRect {
    if embedded {
        ScreenRect { w: (canvas.w - STRIP_PX).max(0.5 * canvas.w), ..canvas }
    } else {
        canvas
    }
}

/// The scene text of the full demo on `scene` (the scene on show): the same scene without `embed`.
#[must_use]
pub fn full_demo_fragment(scene: &SceneOptions) -> String {
    let mut o = *scene;
    o.presentation.embed = false;
    o.to_fragment()
}

#[cfg(test)]
#[path = "embed_tests.rs"]
mod tests;
