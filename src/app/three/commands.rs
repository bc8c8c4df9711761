//! What the panel and the keys ask of the 3D view, and how each request changes its state.

use super::camera::{MOVE_STEP, ORBIT_KEY_DEG, ZOOM_FACTOR};
use super::options::{checked_rotation, Grown, SlicePicture, SLICES};
use super::state::ThreeState;
use crate::app::input::Key;
use crate::app::text::{next_choice, VELOCITY_LIMIT};
use crate::geom::{response::response, Box3, Sphere};
use glam::{Quat, Vec3};

/// Degrees the box turns per Shift + arrow key.
pub const TURN_KEY_DEG: f32 = 15.0;

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
    /// Turn the box about its centre by `degrees` about the world direction `axis` (right-handed;
    /// the ring handle turns it about the line of sight). A zero or non-finite axis is ignored.
    Turn {
        axis: [f32; 3],
        degrees: f32,
    },
    /// Turn the box about the orbit view's vertical screen axis (the first angle: positive turns its
    /// near side to the right) and then its horizontal one (positive tips its top towards you), in
    /// degrees (Shift + arrow keys).
    TurnOnScreen(f32, f32),
    /// The box's rotation, a unit quaternion `[w, x, y, z]` (one that is not is ignored).
    SetRotation([f32; 4]),
}

/// The command a key pressed with Shift stands for in the 3D view: Shift + arrows turn the box.
#[must_use]
pub fn shifted_key_command(key: Key) -> Option<ThreeCommand> {
    let d = TURN_KEY_DEG;
    Some(match key {
        Key::Left => ThreeCommand::TurnOnScreen(-d, 0.0),
        Key::Right => ThreeCommand::TurnOnScreen(d, 0.0),
        Key::Up => ThreeCommand::TurnOnScreen(0.0, -d),
        Key::Down => ThreeCommand::TurnOnScreen(0.0, d),
        _ => return None,
    })
}

/// `[w, x, y, z]` → glam's quaternion.
#[must_use]
pub fn quat(q: [f32; 4]) -> Quat {
    Quat::from_xyzw(q[1], q[2], q[3], q[0])
}

/// The rotation `q` turned further by `degrees` about the world direction `axis`: `turn · q`,
/// normalised; `q` itself when the axis or the angle is not usable.
#[must_use]
pub fn turned(q: [f32; 4], axis: Vec3, degrees: f32) -> [f32; 4] {
    let axis = axis.normalize_or_zero();
    if axis == Vec3::ZERO || !degrees.is_finite() {
        return q;
    }
    let t = (Quat::from_axis_angle(axis, degrees.to_radians()) * quat(q)).normalize();
    let out = [t.w, t.x, t.y, t.z];
    if out.iter().all(|x| x.is_finite()) {
        out
    } else {
        q
    }
}

/// The rotation as yaw, pitch and roll in degrees: about z, then the turned y, then the turned x
/// (`q = z(yaw) · y(pitch) · x(roll)`, the panel's three angle fields).
#[must_use]
pub fn euler_degrees(q: [f32; 4]) -> [f32; 3] {
    let (yaw, pitch, roll) = quat(q).normalize().to_euler(glam::EulerRot::ZYX);
    [yaw.to_degrees(), pitch.to_degrees(), roll.to_degrees()]
}

/// The unit quaternion `[w, x, y, z]` of yaw, pitch and roll in degrees (see [`euler_degrees`]).
#[must_use]
pub fn from_euler_degrees(yaw: f32, pitch: f32, roll: f32) -> [f32; 4] {
    let q = Quat::from_euler(glam::EulerRot::ZYX, yaw.to_radians(), pitch.to_radians(), roll.to_radians());
    [q.w, q.x, q.y, q.z]
}

/// The orbit camera's screen axes in the world: right and up (perpendicular to the line of sight).
#[must_use]
pub fn screen_axes(cam: &super::camera::Camera) -> (Vec3, Vec3) {
    let forward = (Vec3::from(cam.target) - cam.eye()).normalize_or_zero();
    let right = forward.cross(Vec3::Z).try_normalize().unwrap_or(Vec3::X);
    (right, right.cross(forward))
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
            let push = match o.oriented() {
                Some(b) => b.push_out(&o.sphere),
                None => response(&o.sphere, &o.aabb).push,
            };
            if let Some(s) = o.sphere.translated(push) {
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
        ThreeCommand::Turn { axis, degrees } => o.rotation = turned(o.rotation, Vec3::from(axis), degrees),
        ThreeCommand::TurnOnScreen(across, tip) => {
            let (right, up) = screen_axes(&cam);
            o.rotation = turned(turned(o.rotation, up, across), right, tip);
        }
        ThreeCommand::SetRotation(q) => {
            if let Ok(q) = checked_rotation(q) {
                o.rotation = q;
            }
        }
    }
}
