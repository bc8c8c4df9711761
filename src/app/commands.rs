//! What the panel and the keys ask for: [`Command`], one variant per wish (each mode's own
//! commands inside it), and the key maps. Applied by [`apply`](super::apply)(crate::app::apply).

use super::bench::BenchCommand;
use super::input::Key;
use super::layout::LayoutCommand;
use super::motion::MotionCommand;
use super::playground::PlaygroundCommand;
use super::quiz::QuizCommand;
use super::scene::CaseMode;
use super::still::frame::{ANGLE_STEP, FINE_STEP};
use super::teach::TeachCommand;
use super::three::commands::ThreeCommand;
use crate::geom::{Circle, Rect};

/// Something the panel (or a key) asks for. Applied by [`apply`](super::apply).
// A scene (with its playground map, a fixed 64 × 32 bitset) makes `LoadScene` large; commands are a few
// values a frame, copied once: kept `Copy` and unboxed on purpose.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Command {
    SelectAlgorithm(usize),
    NextAlgorithm,
    PrevAlgorithm,
    SetCase(CaseMode),
    CycleCase,
    ApplyResponse,
    Reset,
    TogglePanel,
    /// Text scale 1×, 1.5×, 2× in turn (key Z).
    CycleTextScale,
    /// Show or hide the frame-time readout (key F).
    ToggleFrameStats,
    SetCircle(Circle),
    SetBox(Rect),
    /// Move the circle by this world vector.
    Nudge([f32; 2]),
    /// Multiply the radius by this factor.
    ScaleRadius(f32),
    /// Move the box by this world vector.
    MoveBox([f32; 2]),
    /// Turn the still scene's box about its centre by this many degrees (counter-clockwise; Q / E).
    RotateBox(f32),
    /// Set the still scene's box angle, degrees (the panel's field).
    SetAngle(f32),
    /// Grow the box along `axis` by `by` (negative: shrink), about its centre; it never gets thinner
    /// than [`BOX_MIN_SIZE`] this way (nor turns inside out).
    ResizeBox {
        axis: usize,
        by: f32,
    },
    /// The teaching layer's commands (see [`super::teach`]).
    Teach(TeachCommand),
    /// The benchmark panel's commands (see [`super::bench`]).
    Bench(BenchCommand),
    /// The motion mode's commands (see [`super::motion`]).
    Motion(MotionCommand),
    /// The playground's commands (see [`super::playground`]).
    Playground(PlaygroundCommand),
    /// The 3D view's commands (see [`super::three`]).
    Three(ThreeCommand),
    /// The quiz's commands (see [`super::quiz`]).
    Quiz(QuizCommand),
    /// The bottom sheet's height, the drawer open or shut (see [`super::layout`]).
    Layout(LayoutCommand),
}

pub use super::input::{GRAB_PX, WHEEL_FACTOR};
/// Arrow-key nudge, world units.
pub const NUDGE: f32 = 0.1;
/// `[` / `]`: how much the box's width (height with Shift) changes, world units.
pub const BOX_STEP: f32 = 0.2;
/// The thinnest the box keys make the box (a drag can make it thinner; the keys then leave it so).
pub const BOX_MIN_SIZE: f32 = 0.1;

/// The command a key stands for.
#[must_use]
pub fn key_command(key: Key) -> Option<Command> {
    Some(match key {
        Key::Digit(d) if (1..=9).contains(&d) => Command::SelectAlgorithm(d as usize - 1),
        Key::Digit(_) => return None,
        Key::Space | Key::Enter => Command::ApplyResponse,
        Key::R => Command::Reset,
        Key::H => Command::TogglePanel,
        Key::F => Command::ToggleFrameStats,
        Key::Z => Command::CycleTextScale,
        Key::C => Command::CycleCase,
        Key::Left => Command::Nudge([-NUDGE, 0.0]),
        Key::Right => Command::Nudge([NUDGE, 0.0]),
        Key::Up => Command::Nudge([0.0, NUDGE]),
        Key::Down => Command::Nudge([0.0, -NUDGE]),
        Key::Plus => Command::ScaleRadius(WHEEL_FACTOR),
        Key::Minus => Command::ScaleRadius(1.0 / WHEEL_FACTOR),
        Key::LeftBracket => Command::ResizeBox { axis: 0, by: -BOX_STEP },
        Key::RightBracket => Command::ResizeBox { axis: 0, by: BOX_STEP },
        Key::PageUp => Command::PrevAlgorithm,
        Key::PageDown => Command::NextAlgorithm,
        Key::N => Command::Teach(TeachCommand::TourNext),
        Key::P => Command::Teach(TeachCommand::TourPrev),
        Key::T => Command::Teach(TeachCommand::ToggleTour),
        Key::O => Command::Teach(TeachCommand::CycleOverlay),
        Key::M => Command::Motion(MotionCommand::Toggle),
        Key::G => Command::Motion(MotionCommand::PlayPause),
        Key::S => Command::Motion(MotionCommand::Step),
        Key::B => Command::Motion(MotionCommand::CycleResponse),
        Key::L => Command::Playground(PlaygroundCommand::Toggle),
        Key::Y => Command::Playground(PlaygroundCommand::TogglePlay),
        Key::V => Command::Three(ThreeCommand::ToggleView),
        Key::U => Command::Quiz(QuizCommand::Toggle),
        Key::Q => Command::RotateBox(ANGLE_STEP),
        Key::E => Command::RotateBox(-ANGLE_STEP),
        Key::A | Key::D | Key::W | Key::I | Key::K | Key::X | Key::Comma | Key::Period => return None,
    })
}

/// The command a key pressed with Shift stands for in the still scene and motion mode: the arrows
/// move the box by [`NUDGE`], `[` / `]` make it lower / taller; `None`: the key's ordinary meaning
/// ([`key_command`]).
///
/// Why this scheme: the arrows already move the circle, so the same keys with Shift move the other
/// shape; `[` `]` are a pair side by side (smaller, larger) that no other mode uses, and Shift turns
/// width into height as it turns the circle into the box.
#[must_use]
pub fn shifted_key(key: Key) -> Option<Command> {
    Some(match key {
        Key::Left => Command::MoveBox([-NUDGE, 0.0]),
        Key::Right => Command::MoveBox([NUDGE, 0.0]),
        Key::Up => Command::MoveBox([0.0, NUDGE]),
        Key::Down => Command::MoveBox([0.0, -NUDGE]),
        Key::LeftBracket => Command::ResizeBox { axis: 1, by: -BOX_STEP },
        Key::RightBracket => Command::ResizeBox { axis: 1, by: BOX_STEP },
        Key::Q => Command::RotateBox(FINE_STEP),
        Key::E => Command::RotateBox(-FINE_STEP),
        _ => return None,
    })
}

/// Degrees Q and E turn the box by in motion mode.
pub const TURN_STEP: f32 = 15.0;

/// The command a key stands for in motion mode: Q turns the box by [`TURN_STEP`] counter-clockwise,
/// E clockwise; `None`: the key's ordinary meaning ([`key_command`]).
#[must_use]
pub fn motion_key(key: Key) -> Option<Option<Command>> {
    match key {
        Key::Q => Some(Some(Command::Motion(MotionCommand::Turn(TURN_STEP)))),
        Key::E => Some(Some(Command::Motion(MotionCommand::Turn(-TURN_STEP)))),
        _ => None,
    }
}

/// The command a key stands for in the playground's Play mode: Space, W and ↑ jump, Enter races
/// the run as ghosts, the arrows and A D are held (run, down), G, S and R as in the playground;
/// `None`: the key's ordinary meaning ([`key_command`]).
#[must_use]
pub fn play_key(key: Key) -> Option<Option<Command>> {
    let c = |p| Some(Some(Command::Playground(p)));
    match key {
        Key::Up | Key::Space | Key::W => c(PlaygroundCommand::Jump),
        Key::Enter => c(PlaygroundCommand::RaceGhosts),
        Key::A | Key::D => Some(None),
        k => playground_key(k),
    }
}

/// The command a key stands for in the playground, where the arrows, Space, G, S, R, `,` and `.`
/// drive the ball and the clock; `None`: the key's ordinary meaning ([`key_command`]).
#[must_use]
pub fn playground_key(key: Key) -> Option<Option<Command>> {
    let c = |p| Some(Some(Command::Playground(p)));
    match key {
        Key::Up | Key::Space => c(PlaygroundCommand::Jump),
        Key::G => c(PlaygroundCommand::PauseResume),
        Key::S => c(PlaygroundCommand::Step),
        Key::R => c(PlaygroundCommand::Restart),
        Key::Comma => c(PlaygroundCommand::Slower),
        Key::Period => c(PlaygroundCommand::Faster),
        // Held keys: read from `Input::held`, not pressed ones.
        Key::Left | Key::Right | Key::Down | Key::Enter => Some(None),
        // No box in the playground to resize.
        Key::LeftBracket | Key::RightBracket => Some(None),
        _ => None,
    }
}
