//! The box's frame: the still scene's box turned by an angle about its centre (`angle=`), and the
//! scene as the box sees it. Every answer comes from the library's rotated box
//! ([`OrientedRect`]): the circle is moved into the box's frame, where the box is the
//! aligned box `[−h, h]`, and every registry algorithm runs unchanged there.

use crate::geom::{contact::contact, response::response, Circle, Contact, OrientedRect, PushOut, Rect};

/// The Q / E step, degrees (Shift: [`FINE_STEP`]).
pub const ANGLE_STEP: f32 = 15.0;
/// Shift + Q / E, degrees.
pub const FINE_STEP: f32 = 1.0;

/// The box `aabb` turned by `degrees` about its centre, as the library's rotated box; `None` at 0
/// (the aligned box, today's scene bit for bit) or if the box's numbers overflow.
#[must_use]
pub fn oriented(aabb: &Rect, degrees: f32) -> Option<OrientedRect> {
    if degrees == 0.0 {
        return None;
    }
    OrientedRect::from_degrees(aabb.center(), aabb.half_extents(), degrees).ok()
}

/// The scene in the box's frame: the rotated box, the circle moved into its frame (`Rᵀ(c − b)`), the
/// box there (`[−h, h]`), and the aligned contact and response the registry's picture shows there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxFrame {
    pub obb: OrientedRect,
    /// The angle, degrees.
    pub degrees: f32,
    /// The circle in the box's frame.
    pub circle: Circle,
    /// The box in its own frame, `[−h, h]`: what every aligned algorithm sees.
    pub aabb: Rect,
    /// The aligned contact there: the clamp, the zone.
    pub contact: Contact<2>,
    /// The aligned response there.
    pub response: PushOut<2>,
}

impl BoxFrame {
    /// The scene `circle`, `aabb` with the box turned by `degrees`; `None` at 0.
    #[must_use]
    pub fn of(circle: &Circle, aabb: &Rect, degrees: f32) -> Option<BoxFrame> {
        let obb = oriented(aabb, degrees)?;
        let local = obb.local_ball(circle)?;
        let b = obb.local_aabb();
        Some(BoxFrame {
            obb,
            degrees,
            circle: local,
            aabb: b,
            contact: contact(&local, &b),
            response: response(&local, &b),
        })
    }

    /// A point of the unturned box's plane (the coordinates of `aabb`) where the turned box puts it:
    /// `b + R(p − b)`.
    #[must_use]
    pub fn turn(&self, p: [f32; 2]) -> [f32; 2] {
        let b = self.obb.center();
        self.obb.to_world([p[0] - b[0], p[1] - b[1]])
    }

    /// The inverse of [`turn`](Self::turn): a world point in the unturned box's coordinates,
    /// `b + Rᵀ(p − b)`.
    #[must_use]
    pub fn unturn(&self, p: [f32; 2]) -> [f32; 2] {
        let (b, u) = (self.obb.center(), self.obb.to_box_frame(p));
        [b[0] + u[0], b[1] + u[1]]
    }
}

/// The circle and the box an aligned algorithm is run on: the scene itself at angle 0, else the
/// circle moved into the box's frame and the box `[−h, h]`.
#[must_use]
pub fn tested_pair(circle: &Circle, aabb: &Rect, degrees: f32) -> (Circle, Rect) {
    BoxFrame::of(circle, aabb, degrees).map_or((*circle, *aabb), |f| (f.circle, f.aabb))
}

#[cfg(test)]
#[path = "frame_tests.rs"]
mod tests;
