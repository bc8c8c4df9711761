//! The box's frame: the scene as the turned box sees it, and the map back to the world. The box, its
//! 27 regions, the slice and the grown box are pictures of the box's own frame; the canvas draws them
//! there and turns them into the world with [`BoxFrame::point`].

use super::options::ThreeOptions;
use crate::geom::{Box3, OrientedBox3, Sphere};
use glam::{Mat3, Vec3};

/// The box's frame of a 3D scene: where its origin is, its axes in world coordinates, and the sphere
/// and box as seen in it. For an aligned box (no rotation) it is the world itself: origin 0, axes
/// the identity, the scene's own sphere and box, so every picture is as before (`point` is exact).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxFrame {
    /// The core's oriented box, when the box is turned.
    pub obb: Option<OrientedBox3>,
    /// The frame's origin in the world: the box's centre (turned), or 0 (aligned).
    pub origin: Vec3,
    /// The box's axes in world coordinates, as columns (`R`).
    pub axes: Mat3,
    /// The box in its own frame: `[−h, h]` (turned), or the scene's box (aligned).
    pub local_box: Box3,
    /// The sphere in the box's frame: its centre `Rᵀ(c − centre)` (the core's
    /// [`OrientedBox3::local_ball`]), or the scene's sphere (aligned).
    pub local_sphere: Sphere,
}

impl BoxFrame {
    /// The frame of the scene's box.
    #[must_use]
    pub fn of(o: &ThreeOptions) -> BoxFrame {
        let aligned =
            BoxFrame { obb: None, origin: Vec3::ZERO, axes: Mat3::IDENTITY, local_box: o.aabb, local_sphere: o.sphere };
        let Some(obb) = o.oriented() else { return aligned };
        let Some(local_sphere) = obb.local_ball(&o.sphere) else { return aligned };
        let a = obb.axes().map(|c| Vec3::new(c[0] as f32, c[1] as f32, c[2] as f32));
        BoxFrame {
            obb: Some(obb),
            origin: Vec3::from(obb.center()),
            axes: Mat3::from_cols(a[0], a[1], a[2]),
            local_box: obb.local_aabb(),
            local_sphere,
        }
    }

    /// Is the box turned?
    #[must_use]
    pub fn turned(&self) -> bool {
        self.obb.is_some()
    }

    /// A point of the box's frame in the world: `origin + R p`.
    #[must_use]
    pub fn point(&self, p: Vec3) -> Vec3 {
        self.origin + self.axes * p
    }

    /// A direction of the box's frame in the world: `R v`.
    #[must_use]
    pub fn dir(&self, v: Vec3) -> Vec3 {
        self.axes * v
    }
}
