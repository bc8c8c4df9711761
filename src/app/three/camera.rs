//! The orbit camera the scene text carries (`camera=`), its limits, and the bounds it frames.

use crate::app::text::OptionError;
use crate::format::parse_numbers;
use crate::geom::{response::response, Box3, OrientedBox3, Sphere};
use glam::Vec3;

/// The orbit camera: it looks at `target` from `distance` away, `yaw` degrees around +z from +x and
/// `pitch` degrees above the xy plane (z is up; the top view is the 2D picture's x-y plane).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
    pub target: [f32; 3],
}

/// The camera's vertical field of view, degrees (macroquad's default).
pub const FOV_DEG: f32 = 45.0;
/// Pitch is kept within ±this many degrees (never straight up or down: the up vector stays valid).
pub const PITCH_LIMIT: f32 = 89.0;
/// Camera distance limits.
pub const DISTANCE_RANGE: (f32, f32) = (0.2, 1.0e5);
/// Degrees of orbit per pixel of drag.
pub const ORBIT_DEG_PER_PX: f32 = 0.4;
/// Degrees of orbit per arrow key.
pub const ORBIT_KEY_DEG: f32 = 10.0;
/// Zoom factor per wheel notch or `+` / `−`.
pub const ZOOM_FACTOR: f32 = 1.15;
/// Sphere move per key (W/S, A/D, Q/E), world units.
pub const MOVE_STEP: f32 = 0.1;

impl Camera {
    /// The camera that frames the sphere, the box (turned as `obb`, when it is) and the move by
    /// `velocity` (if any) from the default direction.
    #[must_use]
    pub fn fit(sphere: &Sphere, aabb: &Box3, velocity: Option<[f32; 3]>, obb: Option<&OrientedBox3>) -> Camera {
        let (lo, hi) = bounds(sphere, aabb, velocity, obb);
        let target = [0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1]), 0.5 * (lo[2] + hi[2])];
        let half = Vec3::from(hi) - Vec3::from(lo);
        let radius = (0.5 * half.length()).max(0.5);
        let distance = (radius / (0.5 * FOV_DEG.to_radians()).sin() * 1.05).clamp(DISTANCE_RANGE.0, DISTANCE_RANGE.1);
        Camera { yaw: -58.0, pitch: 24.0, distance, target }
    }

    /// Where the eye is.
    #[must_use]
    pub fn eye(&self) -> Vec3 {
        let (y, p) = (self.yaw.to_radians(), self.pitch.to_radians());
        Vec3::from(self.target) + self.distance * Vec3::new(p.cos() * y.cos(), p.cos() * y.sin(), p.sin())
    }

    /// Orbits by the given degrees (pitch clamped to ±[`PITCH_LIMIT`], yaw kept in −180..180).
    #[must_use]
    pub fn orbited(self, dyaw: f32, dpitch: f32) -> Camera {
        if !(dyaw.is_finite() && dpitch.is_finite()) {
            return self;
        }
        let yaw = (self.yaw + dyaw + 180.0).rem_euclid(360.0) - 180.0;
        Camera { yaw, pitch: (self.pitch + dpitch).clamp(-PITCH_LIMIT, PITCH_LIMIT), ..self }
    }

    /// Moves the eye `factor` times as far from the target (within [`DISTANCE_RANGE`]).
    #[must_use]
    pub fn zoomed(self, factor: f32) -> Camera {
        if !(factor.is_finite() && factor > 0.0) {
            return self;
        }
        Camera { distance: (self.distance * factor).clamp(DISTANCE_RANGE.0, DISTANCE_RANGE.1), ..self }
    }

    /// `yaw,pitch,distance,tx,ty,tz` (`camera=`): finite, distance within [`DISTANCE_RANGE`], pitch
    /// within ±[`PITCH_LIMIT`].
    pub fn parse(text: &str) -> Result<Camera, OptionError> {
        let bad = |m: String| OptionError { field: "camera", message: m };
        let v = parse_numbers(text, Some(&["yaw", "pitch", "distance", "tx", "ty", "tz"]))
            .map_err(|e| bad(e.to_string()))?;
        if let Some(x) = v.iter().find(|x| !x.is_finite()) {
            return Err(bad(format!("{x} is not a finite number")));
        }
        if !(-PITCH_LIMIT..=PITCH_LIMIT).contains(&v[1]) {
            return Err(bad(format!("pitch {} is not within ±{PITCH_LIMIT}", v[1])));
        }
        if !(DISTANCE_RANGE.0..=DISTANCE_RANGE.1).contains(&v[2]) {
            return Err(bad(format!("distance {} is not in {}..={}", v[2], DISTANCE_RANGE.0, DISTANCE_RANGE.1)));
        }
        Ok(Camera { yaw: v[0], pitch: v[1], distance: v[2], target: [v[3], v[4], v[5]] })
    }

    /// The scene text of [`Camera::parse`].
    #[must_use]
    pub fn to_text(&self) -> String {
        let t = self.target;
        format!("{},{},{},{},{},{}", self.yaw, self.pitch, self.distance, t[0], t[1], t[2])
    }
}

/// The smallest axis-aligned bounds holding the sphere, the box grown by r, the pushed-out sphere and
/// the sphere at the end of the move by `velocity` (if any). A turned box (`obb`) counts by its
/// aligned bound ([`OrientedBox3::bounding_aabb`]) and its own push-out.
#[must_use]
pub fn bounds(
    sphere: &Sphere,
    aabb: &Box3,
    velocity: Option<[f32; 3]>,
    obb: Option<&OrientedBox3>,
) -> ([f32; 3], [f32; 3]) {
    let (c, r) = (sphere.center(), sphere.radius());
    let (bound, push) = match obb {
        Some(b) => (b.bounding_aabb(), b.push_out(sphere)),
        None => (*aabb, response(sphere, aabb).push),
    };
    let aabb = &bound;
    let v = velocity.unwrap_or([0.0; 3]);
    let (mut lo, mut hi) = (aabb.min(), aabb.max());
    let (blo, bhi) = (aabb.min(), aabb.max());
    for i in 0..3 {
        let ends = [c[i] + push[i] - r, c[i] + push[i] + r, c[i] + v[i] - r, c[i] + v[i] + r];
        for x in [c[i] - r, c[i] + r, blo[i] - r, bhi[i] + r].into_iter().chain(ends) {
            if x.is_finite() {
                lo[i] = lo[i].min(x);
                hi[i] = hi[i].max(x);
            }
        }
    }
    (lo, hi)
}
