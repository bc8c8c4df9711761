//! What the panel and the keys ask of the 3D view, and how each request changes its state.

use super::camera::{MOVE_STEP, ORBIT_KEY_DEG, ZOOM_FACTOR};
use super::options::{Grown, SlicePicture, SLICES};
use super::state::ThreeState;
use crate::app::input::Key;
use crate::app::text::{next_choice, VELOCITY_LIMIT};
use crate::geom::{response, Box3, Sphere};

/// What the panel and keys ask of the 3D view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ThreeCommand {
    /// 2D ↔ 3D.
    ToggleView,
    SetView(bool),
    /// Orbit by (yaw, pitch) degrees.
    Orbit(f32, f32),
    /// Camera distance × factor.
    Zoom(f32),
    /// Back to the camera framing the scene.
    FitCamera,
    /// Move the sphere by a world vector.
    MoveSphere([f32; 3]),
    SetSphere(Sphere),
    SetBox(Box3),
    /// Radius × factor.
    ScaleRadius(f32),
    /// Move the sphere by its push-out vector.
    ApplyResponse,
    ToggleFour,
    /// Off → x → y → z → off.
    CycleSlice,
    SetSlice(Option<usize>),
    /// Agreement map → distance field → zones; with no slice on, turns the z slice on first.
    CycleSlicePicture,
    SetSlicePicture(SlicePicture),
    ToggleXray,
    CycleGrown,
    SetGrown(Grown),
    /// The sphere's velocity for one move (`None`: no motion); a non-finite or too large
    /// component is ignored.
    SetVelocity(Option<[f32; 3]>),
}

/// The command a key stands for in the 3D view; `None`: the key's ordinary meaning.
#[must_use]
pub fn key_command(key: Key) -> Option<ThreeCommand> {
    let m = MOVE_STEP;
    Some(match key {
        Key::Left => ThreeCommand::Orbit(-ORBIT_KEY_DEG, 0.0),
        Key::Right => ThreeCommand::Orbit(ORBIT_KEY_DEG, 0.0),
        Key::Up => ThreeCommand::Orbit(0.0, ORBIT_KEY_DEG),
        Key::Down => ThreeCommand::Orbit(0.0, -ORBIT_KEY_DEG),
        Key::Plus => ThreeCommand::Zoom(1.0 / ZOOM_FACTOR),
        Key::Minus => ThreeCommand::Zoom(ZOOM_FACTOR),
        Key::A => ThreeCommand::MoveSphere([-m, 0.0, 0.0]),
        Key::D => ThreeCommand::MoveSphere([m, 0.0, 0.0]),
        Key::W => ThreeCommand::MoveSphere([0.0, m, 0.0]),
        Key::S => ThreeCommand::MoveSphere([0.0, -m, 0.0]),
        Key::E => ThreeCommand::MoveSphere([0.0, 0.0, m]),
        Key::Q => ThreeCommand::MoveSphere([0.0, 0.0, -m]),
        Key::Space | Key::Enter => ThreeCommand::ApplyResponse,
        Key::I => ThreeCommand::ToggleFour,
        Key::K => ThreeCommand::CycleSlice,
        Key::O => ThreeCommand::CycleSlicePicture,
        Key::X => ThreeCommand::ToggleXray,
        Key::G => ThreeCommand::CycleGrown,
        Key::V => ThreeCommand::ToggleView,
        _ => return None,
    })
}

/// Applies a command to the 3D state (the sphere and box only through the core's checked
/// constructors: no command makes an invalid shape).
pub fn apply(t: &mut ThreeState, cmd: ThreeCommand) {
    let cam = t.camera();
    let o = &mut t.options;
    match cmd {
        // The view switch is the app's mode (`apply`).
        ThreeCommand::ToggleView | ThreeCommand::SetView(_) => {}
        ThreeCommand::Orbit(dy, dp) => o.camera = Some(cam.orbited(dy, dp)),
        ThreeCommand::Zoom(f) => o.camera = Some(cam.zoomed(f)),
        ThreeCommand::FitCamera => o.camera = None,
        ThreeCommand::MoveSphere(d) => {
            if let Some(s) = o.sphere.translated(d) {
                o.sphere = s;
            }
        }
        ThreeCommand::SetSphere(s) => o.sphere = s,
        ThreeCommand::SetBox(b) => o.aabb = b,
        ThreeCommand::ScaleRadius(f) => {
            if let Ok(s) = Sphere::new(o.sphere.center(), o.sphere.radius() * f) {
                o.sphere = s;
            }
        }
        ThreeCommand::ApplyResponse => {
            if let Some(s) = o.sphere.translated(response(&o.sphere, &o.aabb).push) {
                o.sphere = s;
            }
        }
        ThreeCommand::ToggleFour => o.four = !o.four,
        ThreeCommand::CycleSlice => o.slice = next_choice(&SLICES, o.slice),
        ThreeCommand::SetSlice(s) => o.slice = s.filter(|&a| a < 3),
        ThreeCommand::CycleSlicePicture => match o.slice {
            None => o.slice = Some(2),
            Some(_) => o.slice_picture = o.slice_picture.next(),
        },
        ThreeCommand::SetSlicePicture(p) => o.slice_picture = p,
        ThreeCommand::ToggleXray => o.xray = !o.xray,
        ThreeCommand::CycleGrown => o.grown = o.grown.next(),
        ThreeCommand::SetGrown(g) => o.grown = g,
        ThreeCommand::SetVelocity(v) => {
            if v.is_none_or(|v| v.iter().all(|x| x.is_finite() && x.abs() <= VELOCITY_LIMIT)) {
                o.velocity = v;
            }
        }
    }
}
