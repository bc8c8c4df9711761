//! The four views: where each goes on the canvas, its camera's matrices, and picking rays.

use super::camera::{bounds, FOV_DEG};
use super::frame::BoxFrame;
use super::state::ThreeState;
use crate::app::view::ScreenRect;
use glam::{Mat4, Vec2, Vec3, Vec4};

/// One of the four views.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewKind {
    /// The orbit camera (perspective).
    Orbit,
    /// Looking down −z: x right, y up (the 2D picture).
    Top,
    /// Looking along +y: x right, z up.
    Front,
    /// Looking along −x: y right, z up.
    Side,
}

impl ViewKind {
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            ViewKind::Orbit => "orbit (drag to turn)",
            ViewKind::Top => "top (x right, y up)",
            ViewKind::Front => "front (x right, z up)",
            ViewKind::Side => "side (y right, z up)",
        }
    }
}

/// The strip kept free under the four views for the WRONG banner and the legend, pixels: 92 px at
/// the canvas's text scale (the rule of the canvas's `Sizes`: the shorter side over 720, within
/// 0.85 … 2.4), so the banner covers none of the views.
#[must_use]
pub fn four_view_band(canvas: ScreenRect) -> f32 {
    (92.0 * (canvas.w.min(canvas.h) / 720.0).clamp(0.85, 2.4)).min(0.25 * canvas.h).floor()
}

/// Where each view goes on the canvas: the whole canvas for the orbit view alone, or a 2 × 2 grid
/// (orbit top left, top view top right, front bottom left, side bottom right) above the strip for
/// the banner and the legend ([`four_view_band`]).
#[must_use]
pub fn layout(canvas: ScreenRect, four: bool) -> Vec<(ViewKind, ScreenRect)> {
    if !four {
        return vec![(ViewKind::Orbit, canvas)];
    }
    let band = four_view_band(canvas);
    let (w, h) = ((canvas.w * 0.5).floor(), ((canvas.h - band) * 0.5).floor());
    let at = |i: f32, j: f32| ScreenRect { x: canvas.x + i * w, y: canvas.y + j * h, w, h };
    vec![
        (ViewKind::Orbit, at(0.0, 0.0)),
        (ViewKind::Top, at(1.0, 0.0)),
        (ViewKind::Front, at(0.0, 1.0)),
        (ViewKind::Side, at(1.0, 1.0)),
    ]
}

/// A camera ready to draw with: eye, target, up, and the projection (perspective with a vertical
/// field of view, or orthographic with a visible height).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewCamera {
    pub eye: Vec3,
    pub target: Vec3,
    pub up: Vec3,
    /// `None`: perspective with [`FOV_DEG`]; `Some(h)`: orthographic, `h` world units high.
    pub ortho_height: Option<f32>,
}

/// Near and far planes (macroquad's defaults).
pub const Z_NEAR: f32 = 0.01;
pub const Z_FAR: f32 = 10000.0;

impl ViewCamera {
    /// The camera of one view of the scene.
    #[must_use]
    pub fn of(kind: ViewKind, t: &ThreeState) -> ViewCamera {
        let cam = t.camera();
        let target = Vec3::from(cam.target);
        let o = &t.options;
        let (lo, hi) = bounds(&o.sphere, &o.aabb, o.velocity, o.oriented().as_ref());
        let size = Vec3::from(hi) - Vec3::from(lo);
        let centre = 0.5 * (Vec3::from(hi) + Vec3::from(lo));
        let far = 2.0 * size.length().max(1.0);
        // The orthographic views frame the scene's bounds with a margin, whatever the orbit camera does.
        // The quadrants are about as wide as tall (a wide canvas split in four): fit the width as if
        // they were square, so a long move is not cut off at the sides.
        let fit = |w: f32, h: f32| Some(1.25 * h.max(w).max(1e-3));
        match kind {
            ViewKind::Orbit => ViewCamera { eye: cam.eye(), target, up: Vec3::Z, ortho_height: None },
            ViewKind::Top => ViewCamera {
                eye: centre + far * Vec3::Z,
                target: centre,
                up: Vec3::Y,
                ortho_height: fit(size.x, size.y),
            },
            ViewKind::Front => ViewCamera {
                eye: centre - far * Vec3::Y,
                target: centre,
                up: Vec3::Z,
                ortho_height: fit(size.x, size.z),
            },
            ViewKind::Side => ViewCamera {
                eye: centre + far * Vec3::X,
                target: centre,
                up: Vec3::Z,
                ortho_height: fit(size.y, size.z),
            },
        }
    }

    /// World → clip space for a viewport of this aspect ratio (as macroquad's `Camera3D` computes it).
    #[must_use]
    pub fn matrix(&self, aspect: f32) -> Mat4 {
        let view = Mat4::look_at_rh(self.eye, self.target, self.up);
        match self.ortho_height {
            None => Mat4::perspective_rh_gl(FOV_DEG.to_radians(), aspect, Z_NEAR, Z_FAR) * view,
            Some(h) => {
                let (top, right) = (0.5 * h, 0.5 * h * aspect);
                Mat4::orthographic_rh_gl(-right, right, -top, top, Z_NEAR, Z_FAR) * view
            }
        }
    }

    /// A world point → a screen point in `rect` (logical pixels), if it is in front of the camera.
    #[must_use]
    pub fn project(&self, p: Vec3, rect: ScreenRect) -> Option<Vec2> {
        let clip = self.matrix(rect.w / rect.h.max(1.0)) * p.extend(1.0);
        if clip.w <= 1e-6 {
            return None;
        }
        let ndc = clip.truncate() / clip.w;
        Some(Vec2::new(rect.x + (ndc.x + 1.0) * 0.5 * rect.w, rect.y + (1.0 - ndc.y) * 0.5 * rect.h))
    }

    /// The ray through a screen point in `rect`: origin and unit direction.
    #[must_use]
    pub fn ray(&self, s: Vec2, rect: ScreenRect) -> (Vec3, Vec3) {
        let inv = self.matrix(rect.w / rect.h.max(1.0)).inverse();
        let nx = 2.0 * (s.x - rect.x) / rect.w.max(1.0) - 1.0;
        let ny = 1.0 - 2.0 * (s.y - rect.y) / rect.h.max(1.0);
        let unproject = |z: f32| {
            let v: Vec4 = inv * Vec4::new(nx, ny, z, 1.0);
            v.truncate() / v.w
        };
        let (a, b) = (unproject(-1.0), unproject(1.0));
        (a, (b - a).normalize_or_zero())
    }
}

/// Where a ray first meets a sphere (`t ≥ 0`), if it does.
#[must_use]
pub fn ray_sphere(origin: Vec3, dir: Vec3, centre: Vec3, r: f32) -> Option<f32> {
    let oc = origin - centre;
    let b = oc.dot(dir);
    let c = oc.length_squared() - r * r;
    let disc = b * b - c;
    if disc < 0.0 {
        return None;
    }
    let t = -b - disc.sqrt();
    let t = if t >= 0.0 { t } else { -b + disc.sqrt() };
    (t >= 0.0).then_some(t)
}

/// Where a ray meets a plane, if it does (not parallel, in front).
#[must_use]
pub fn ray_plane(origin: Vec3, dir: Vec3, point: Vec3, normal: Vec3) -> Option<Vec3> {
    let d = dir.dot(normal);
    if d.abs() < 1e-6 {
        return None;
    }
    let t = (point - origin).dot(normal) / d;
    (t >= 0.0).then(|| origin + t * dir)
}

/// The ring handle round the box in the orbit view: drag along it to turn the box about the line of
/// sight (as a knob turns). Screen space, logical pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TurnRing {
    /// The box's centre on screen.
    pub centre: Vec2,
    /// Clear of the box's corners by [`RING_MARGIN_PX`].
    pub radius: f32,
    /// Where the box's own x axis points on screen (its y or z axis when x points at the eye), on
    /// the ring: the knob turns with the box.
    pub knob: Vec2,
    /// The axis a drag turns the box about: from the box's centre towards the eye (a turn
    /// counter-clockwise on screen is a positive turn about it).
    pub axis: Vec3,
}

/// How far outside the box's corners the ring runs, pixels.
pub const RING_MARGIN_PX: f32 = 18.0;
/// How far from the ring a press still takes it, pixels (a finger's half width).
pub const RING_GRAB_PX: f32 = 14.0;

impl TurnRing {
    /// Is a screen point on the ring (within [`RING_GRAB_PX`])?
    #[must_use]
    pub fn on(&self, p: Vec2) -> bool {
        (p.distance(self.centre) - self.radius).abs() <= RING_GRAB_PX
    }

    /// The angle of a screen point about the centre, radians, counter-clockwise on screen.
    #[must_use]
    pub fn angle(&self, p: Vec2) -> f32 {
        (self.centre.y - p.y).atan2(p.x - self.centre.x)
    }
}

/// The ring handle of the orbit view, if the box's centre and corners are in front of the camera.
#[must_use]
pub fn turn_ring(t: &ThreeState, canvas: ScreenRect) -> Option<TurnRing> {
    let rect = layout(canvas, t.options.four)[0].1;
    let cam = ViewCamera::of(ViewKind::Orbit, t);
    let frame = BoxFrame::of(&t.options);
    let (lo, hi) = (Vec3::from(frame.local_box.min()), Vec3::from(frame.local_box.max()));
    let mid = frame.point(0.5 * (lo + hi));
    let centre = cam.project(mid, rect)?;
    let mut radius = 0.0f32;
    for k in 0..8 {
        let pick = |bit: usize, i: usize| if k & bit != 0 { hi[i] } else { lo[i] };
        let corner = Vec3::new(pick(1, 0), pick(2, 1), pick(4, 2));
        radius = radius.max(cam.project(frame.point(corner), rect)?.distance(centre));
    }
    let radius = radius + RING_MARGIN_PX;
    let reach = (hi - lo).max_element().max(1e-3);
    let knob = [Vec3::X, Vec3::Y, Vec3::Z]
        .into_iter()
        .find_map(|e| {
            let d = cam.project(mid + reach * frame.dir(e), rect)? - centre;
            (d.length() > 2.0).then(|| d.normalize())
        })
        .unwrap_or(Vec2::new(0.0, -1.0));
    let axis = if cam.ortho_height.is_some() { cam.eye - cam.target } else { cam.eye - mid };
    Some(TurnRing { centre, radius, knob: centre + radius * knob, axis: axis.normalize_or_zero() })
}
