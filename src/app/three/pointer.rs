//! The 3D view's pointer: orbit, drag the sphere, zoom.

use super::camera::{ORBIT_DEG_PER_PX, ZOOM_FACTOR};
use super::commands::{apply, ThreeCommand};
use super::state::{Drag3, ThreeState};
use super::views::{layout, ray_plane, ray_sphere, ViewCamera, ViewKind};
use crate::app::input::Input;
use crate::app::view::ScreenRect;
use crate::geom::Sphere;
use glam::{Vec2, Vec3};

/// The 3D view's pointer: press on the sphere (orbit view) to drag it in the plane facing the
/// camera, press elsewhere to orbit; the wheel zooms. `usable`: the point is on the canvas and not
/// over the panel.
pub fn pointer(t: &mut ThreeState, input: &Input, canvas: ScreenRect) {
    let views = layout(canvas, t.options.four);
    let orbit_rect = views[0].1;
    let usable = |p: Vec2| !input.pointer_over_ui && canvas.contains(p);
    if let Some(drag) = t.drag {
        if !input.down {
            t.drag = None;
            return;
        }
        let Some(p) = input.pointer else { return };
        match drag {
            Drag3::Orbit { last } => {
                let d = p - last;
                apply(t, ThreeCommand::Orbit(-d.x * ORBIT_DEG_PER_PX, d.y * ORBIT_DEG_PER_PX));
                t.drag = Some(Drag3::Orbit { last: p });
            }
            Drag3::Sphere { normal, offset, plane_point, .. } => {
                let cam = ViewCamera::of(ViewKind::Orbit, t);
                let (o, dir) = cam.ray(p, orbit_rect);
                if let Some(hit) = ray_plane(o, dir, plane_point, normal) {
                    let c = hit + offset;
                    if let Ok(s) = Sphere::new(c.to_array(), t.options.sphere.radius()) {
                        t.options.sphere = s;
                    }
                }
            }
        }
        return;
    }
    let centre = Vec3::from(t.options.sphere.center());
    let on_sphere = |t: &ThreeState, p: Vec2| -> Option<Vec3> {
        if !orbit_rect.contains(p) {
            return None;
        }
        let cam = ViewCamera::of(ViewKind::Orbit, t);
        let (o, dir) = cam.ray(p, orbit_rect);
        ray_sphere(o, dir, centre, t.options.sphere.radius()).map(|s| o + s * dir)
    };
    t.hover = input.pointer.filter(|&p| usable(p)).and_then(|p| on_sphere(t, p)).is_some();
    if input.wheel != 0.0 && input.pointer.is_some_and(usable) {
        apply(t, ThreeCommand::Zoom(ZOOM_FACTOR.powf(-input.wheel.signum())));
    }
    if !input.pressed {
        return;
    }
    let Some(at) = input.press.or(input.pointer).filter(|&p| usable(p)) else { return };
    t.drag = Some(match on_sphere(t, at) {
        Some(hit) => {
            let cam = ViewCamera::of(ViewKind::Orbit, t);
            Drag3::Sphere {
                normal: (cam.eye - cam.target).normalize_or_zero(),
                offset: centre - hit,
                plane_point: hit,
                start: t.options.sphere,
            }
        }
        None => Drag3::Orbit { last: input.pointer.unwrap_or(at) },
    });
    if !input.down {
        t.drag = None;
    }
}
