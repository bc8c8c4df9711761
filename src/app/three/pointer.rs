//! The 3D view's pointer: orbit, drag the sphere, turn the box by its ring, zoom.

use super::camera::{ORBIT_DEG_PER_PX, ZOOM_FACTOR};
use super::commands::{apply, ThreeCommand};
use super::state::{Drag3, ThreeState};
use super::views::{layout, ray_plane, ray_sphere, turn_ring, ViewCamera, ViewKind};
use crate::app::input::Input;
use crate::app::view::ScreenRect;
use crate::geom::Sphere;
use glam::{Vec2, Vec3};

/// The 3D view's pointer: press on the sphere (orbit view) to drag it in the plane facing the
/// camera, on the ring round the box to turn the box about the line of sight, elsewhere to orbit;
/// the wheel zooms. `usable`: the point is on the canvas and not
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
            Drag3::Turn { last } => {
                if let Some(ring) = turn_ring(t, canvas) {
                    let now = ring.angle(p);
                    let d =
                        (now - last + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU) - std::f32::consts::PI;
                    apply(t, ThreeCommand::Turn { axis: ring.axis.to_array(), degrees: d.to_degrees() });
                    t.drag = Some(Drag3::Turn { last: now });
                }
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
    let ring = turn_ring(t, canvas);
    let at_ring = |p: Vec2| ring.filter(|_| usable(p) && orbit_rect.contains(p));
    let hovered = input.pointer.and_then(|p| at_ring(p).map(|r| (p, r)));
    t.on_ring = !t.hover && hovered.is_some_and(|(p, r)| r.on(p));
    t.near_ring = hovered.is_some_and(|(p, r)| r.on(p) || p.distance(r.centre) <= r.radius);
    if input.wheel != 0.0 && input.pointer.is_some_and(usable) {
        apply(t, ThreeCommand::Zoom(ZOOM_FACTOR.powf(-input.wheel.signum())));
    }
    if !input.pressed {
        return;
    }
    let Some(at) = input.press.or(input.pointer).filter(|&p| usable(p)) else { return };
    t.drag = Some(match (on_sphere(t, at), at_ring(at).filter(|r| r.on(at))) {
        (Some(hit), _) => {
            let cam = ViewCamera::of(ViewKind::Orbit, t);
            Drag3::Sphere {
                normal: (cam.eye - cam.target).normalize_or_zero(),
                offset: centre - hit,
                plane_point: hit,
                start: t.options.sphere,
            }
        }
        (None, Some(r)) => Drag3::Turn { last: r.angle(at) },
        (None, None) => Drag3::Orbit { last: input.pointer.unwrap_or(at) },
    });
    if !input.down {
        t.drag = None;
    }
}
