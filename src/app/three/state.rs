//! The 3D view's part of the app's state: the scene's 3D options and the drag in progress.

use super::camera::Camera;
use super::options::ThreeOptions;
use crate::geom::Sphere;
use glam::{Vec2, Vec3};

/// The 3D view's state: the scene part ([`ThreeOptions`]) and the drag in progress.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThreeState {
    pub options: ThreeOptions,
    pub drag: Option<Drag3>,
    /// The pointer is over the sphere (hover feedback).
    pub hover: bool,
    /// The pointer is near the box (within the turn ring): the ring is shown.
    pub near_ring: bool,
    /// The pointer is on the turn ring: a press takes it (hover feedback).
    pub on_ring: bool,
}

impl ThreeState {
    #[must_use]
    pub fn from_options(options: ThreeOptions) -> ThreeState {
        ThreeState { options, drag: None, hover: false, near_ring: false, on_ring: false }
    }

    /// The camera in effect: the scene's, or one framing the scene.
    #[must_use]
    pub fn camera(&self) -> Camera {
        let o = &self.options;
        o.camera.unwrap_or_else(|| Camera::fit(&o.sphere, &o.aabb, o.velocity, o.oriented().as_ref()))
    }
}

/// A drag in the 3D view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Drag3 {
    /// Orbiting: where the pointer was last frame.
    Orbit { last: Vec2 },
    /// Moving the sphere in the plane through its centre facing the camera: the plane's normal,
    /// the offset from the grab point to the centre, and the sphere before the drag (a second
    /// finger cancels the drag: it was a pinch).
    Sphere { normal: Vec3, offset: Vec3, plane_point: Vec3, start: Sphere },
    /// Turning the box by its ring: the pointer's angle about the ring's centre last frame, radians.
    Turn { last: f32 },
}
