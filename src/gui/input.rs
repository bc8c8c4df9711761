//! The input the frame loop reads from macroquad: keys, where a press landed, and the cursor that
//! shows what the pointer would grab.

use crate::app::{self, Key};
use macroquad::prelude::*;

/// The keys pressed this frame that the scene knows. Tab and Esc are not among them: they are
/// egui's (focus through the panel, focus back to the canvas).
pub fn keys_pressed() -> Vec<Key> {
    let mut keys = Vec::new();
    for k in get_keys_pressed() {
        let key = match k {
            KeyCode::Key0 | KeyCode::Kp0 => Key::Digit(0),
            KeyCode::Key1 | KeyCode::Kp1 => Key::Digit(1),
            KeyCode::Key2 | KeyCode::Kp2 => Key::Digit(2),
            KeyCode::Key3 | KeyCode::Kp3 => Key::Digit(3),
            KeyCode::Key4 | KeyCode::Kp4 => Key::Digit(4),
            KeyCode::Key5 | KeyCode::Kp5 => Key::Digit(5),
            KeyCode::Key6 | KeyCode::Kp6 => Key::Digit(6),
            KeyCode::Key7 | KeyCode::Kp7 => Key::Digit(7),
            KeyCode::Key8 | KeyCode::Kp8 => Key::Digit(8),
            KeyCode::Key9 | KeyCode::Kp9 => Key::Digit(9),
            KeyCode::Space => Key::Space,
            KeyCode::Enter | KeyCode::KpEnter => Key::Enter,
            KeyCode::R => Key::R,
            KeyCode::H => Key::H,
            KeyCode::F => Key::F,
            KeyCode::C => Key::C,
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Equal | KeyCode::KpAdd => Key::Plus,
            KeyCode::Minus | KeyCode::KpSubtract => Key::Minus,
            KeyCode::LeftBracket => Key::LeftBracket,
            KeyCode::RightBracket => Key::RightBracket,
            KeyCode::PageUp => Key::PageUp,
            KeyCode::PageDown => Key::PageDown,
            KeyCode::N => Key::N,
            KeyCode::P => Key::P,
            KeyCode::T => Key::T,
            KeyCode::O => Key::O,
            KeyCode::M => Key::M,
            KeyCode::G => Key::G,
            KeyCode::S => Key::S,
            KeyCode::B => Key::B,
            KeyCode::L => Key::L,
            KeyCode::Y => Key::Y,
            KeyCode::Comma => Key::Comma,
            KeyCode::Period => Key::Period,
            KeyCode::A => Key::A,
            KeyCode::D => Key::D,
            KeyCode::W => Key::W,
            KeyCode::Q => Key::Q,
            KeyCode::E => Key::E,
            KeyCode::I => Key::I,
            KeyCode::K => Key::K,
            KeyCode::X => Key::X,
            KeyCode::V => Key::V,
            KeyCode::Z => Key::Z,
            KeyCode::U => Key::U,
            _ => continue,
        };
        keys.push(key);
    }
    keys
}

/// The keys held down that the playground reads: ← → ↑ ↓, A D W and Space (the playground runs
/// with ← → and A D; Play also jumps with Space, W or ↑ held, and ↓ is down).
pub fn keys_held() -> Vec<Key> {
    [
        (KeyCode::Left, Key::Left),
        (KeyCode::Right, Key::Right),
        (KeyCode::Up, Key::Up),
        (KeyCode::Down, Key::Down),
        (KeyCode::A, Key::A),
        (KeyCode::D, Key::D),
        (KeyCode::W, Key::W),
        (KeyCode::Space, Key::Space),
    ]
    .into_iter()
    .filter(|(code, _)| is_key_down(*code))
    .map(|(_, key)| key)
    .collect()
}

/// Where the fingers on the screen are now, in logical pixels (touches that ended are left out), in
/// the order of their ids (macroquad keeps them in a hash map): the same finger first every frame.
pub fn touch_points() -> Vec<Vec2> {
    let mut touches: Vec<_> =
        touches().into_iter().filter(|t| !matches!(t.phase, TouchPhase::Ended | TouchPhase::Cancelled)).collect();
    touches.sort_by_key(|t| t.id);
    touches.into_iter().map(|t| t.position / screen_dpi_scale()).collect()
}

/// The cursor that says what a drag of `handle` does.
pub fn cursor_for(handle: app::Handle) -> macroquad::miniquad::CursorIcon {
    use macroquad::miniquad::CursorIcon;
    match handle {
        app::Handle::CircleBody | app::Handle::BoxBody | app::Handle::TiltedBody { .. } => CursorIcon::Move,
        app::Handle::CircleRim
        | app::Handle::VelocityTip
        | app::Handle::ThrowTip
        | app::Handle::TiltedTurn { .. }
        | app::Handle::BoxRotate => CursorIcon::Crosshair,
        app::Handle::BoxEdge { axis: 0, .. } => CursorIcon::EWResize,
        app::Handle::BoxEdge { .. } => CursorIcon::NSResize,
        // Screen y is down: the bottom-left and top-right corners lie on the "/" diagonal.
        app::Handle::BoxCorner { upper } if upper[0] == upper[1] => CursorIcon::NESWResize,
        app::Handle::BoxCorner { .. } => CursorIcon::NWSEResize,
    }
}

/// Records where the primary button (or a touch) went down. When a press and the first moves
/// arrive in the same frame, `mouse_position()` is already past the grab point; the scene must
/// hit-test where the press happened.
pub struct PressTracker {
    id: usize,
    at: Option<Vec2>,
    shifted: bool,
    /// This frame's pointer events: from a touch (`Some(true)`) or a mouse (`Some(false)`).
    touch: Option<bool>,
    /// A mouse event not yet matched by the touch event macroquad sends right after the mouse
    /// event it makes of a touch.
    unmatched_mouse: Option<Vec2>,
}

impl PressTracker {
    pub fn new() -> Self {
        PressTracker {
            id: macroquad::input::utils::register_input_subscriber(),
            at: None,
            shifted: false,
            touch: None,
            unmatched_mouse: None,
        }
    }

    /// The press position of this frame, in logical pixels.
    pub fn poll(&mut self) -> Option<Vec2> {
        self.at = None;
        self.shifted = false;
        self.touch = None;
        macroquad::input::utils::repeat_all_miniquad_input(self, self.id);
        self.mouse_seen();
        self.at
    }

    /// What this frame's pointer events came from (see [`crate::app::Input::touch_input`]).
    pub fn touch_input(&self) -> Option<bool> {
        self.touch
    }

    /// A mouse event no touch event followed was a real mouse's. (macroquad turns each touch into a
    /// mouse event at the same point, then passes the touch on.)
    fn mouse_seen(&mut self) {
        if self.unmatched_mouse.take().is_some() {
            self.touch = Some(false);
        }
    }

    /// Whether a key went down with Shift held since the last [`PressTracker::poll`]: a quick
    /// Shift+→ can press and release Shift within one frame, when `is_key_down` no longer sees it.
    pub fn shifted(&self) -> bool {
        self.shifted
    }
}

impl macroquad::miniquad::EventHandler for PressTracker {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn mouse_motion_event(&mut self, x: f32, y: f32) {
        self.mouse_seen();
        self.unmatched_mouse = Some(vec2(x, y));
    }
    fn mouse_button_up_event(&mut self, _button: macroquad::miniquad::MouseButton, x: f32, y: f32) {
        self.mouse_seen();
        self.unmatched_mouse = Some(vec2(x, y));
    }
    fn mouse_button_down_event(&mut self, button: macroquad::miniquad::MouseButton, x: f32, y: f32) {
        self.mouse_seen();
        self.unmatched_mouse = Some(vec2(x, y));
        if button == macroquad::miniquad::MouseButton::Left && self.at.is_none() {
            self.at = Some(vec2(x, y) / screen_dpi_scale());
        }
    }
    fn key_down_event(
        &mut self,
        _key: macroquad::miniquad::KeyCode,
        mods: macroquad::miniquad::KeyMods,
        _repeat: bool,
    ) {
        self.shifted |= mods.shift;
    }
    fn touch_event(&mut self, phase: macroquad::miniquad::TouchPhase, _id: u64, x: f32, y: f32) {
        self.unmatched_mouse = None;
        self.touch = Some(true);
        if phase == macroquad::miniquad::TouchPhase::Started && self.at.is_none() {
            self.at = Some(vec2(x, y) / screen_dpi_scale());
        }
    }
}
