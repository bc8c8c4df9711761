//! The pointer over the 2D scene: what is under it ([`hit`]) and what a drag does to the circle, the
//! box and motion's velocity tip.

use super::case::leave_case_if_needed;
use super::frame::BoxFrame;
use super::options::normal_angle;
use crate::app::commands::Command;
use crate::app::input::{Input, GRAB_PX, WHEEL_FACTOR};
use crate::app::mode::{Flat, Mode};
use crate::app::motion::{MotionBox, MotionCommand};
use crate::app::state::{Drag, Handle, State};
use crate::geom::{Circle, Rect};
use glam::Vec2;

/// The pointer over the 2D scene (still and motion): hover, grabbing and dragging the circle, its rim,
/// the box's body, edges and corners, and motion's velocity tip; the wheel scales the radius. What
/// is not a plain change of the shapes is returned as a [`Command`] for the caller to apply.
pub fn pointer(state: &mut State, input: &Input) -> Option<Command> {
    // A drag in progress follows the pointer wherever it goes, over the panel included.
    if let Some(drag) = state.drag {
        if !input.down {
            state.drag = None;
            state.hover = input.pointer.and_then(|p| hit(state, p));
            leave_case_if_needed(state);
            return None;
        }
        return input.pointer.and_then(|p| drag_to(state, &drag, state.view.to_world(p)));
    }

    let usable = |p: Vec2| !input.pointer_over_ui && state.canvas.contains(p);

    if input.pressed {
        // Grab what is under the press, then follow the pointer to where it is now.
        if let Some(at) = input.press.or(input.pointer).filter(|&p| usable(p)) {
            if let Some(handle) = hit(state, at) {
                let drag = Drag {
                    handle,
                    start_pointer: state.view.to_world(at),
                    start_circle: state.circle,
                    start_box: state.aabb,
                    start_value: state.motion.options.velocity,
                };
                state.drag = Some(drag);
                state.hover = Some(handle);
                let command =
                    input.pointer.filter(|_| input.down).and_then(|p| drag_to(state, &drag, state.view.to_world(p)));
                if !input.down {
                    // Pressed and released within one frame: a click, nothing to drag.
                    state.drag = None;
                }
                return command;
            }
        }
    }

    let Some(p) = input.pointer.filter(|&p| usable(p)) else {
        state.hover = None;
        return None;
    };
    state.hover = hit(state, p);

    if input.wheel != 0.0 {
        // One step per frame whatever the platform's wheel units (desktop notches, web pixels).
        let factor = if input.wheel > 0.0 { WHEEL_FACTOR } else { 1.0 / WHEEL_FACTOR };
        return Some(Command::ScaleRadius(factor));
    }
    None
}

/// What is under the screen point `p`, most specific first: the circle's rim, the circle, the box's
/// corners, its edges, its body. After a touch, every handle is a touch target (at least
/// [`TOUCH_GRAB_PX`](crate::app::gesture::TOUCH_GRAB_PX) round the point it marks: the circle's
/// centre, a corner, the velocity's tip; an edge's band as wide, up to a third of the box); the
/// handles drawn stay as small.
#[must_use]
pub fn hit(state: &State, p: Vec2) -> Option<Handle> {
    let v = &state.view;
    let g = state.touch.grab_px(GRAB_PX);
    let c = v.to_screen(state.circle.center());
    if state.mode.flat_motion() {
        let w = state.motion.options.velocity;
        let centre = state.circle.center();
        let tip = v.to_screen([centre[0] + w[0], centre[1] + w[1]]);
        if p.distance(tip) <= g.max(GRAB_PX * 1.5) {
            return Some(Handle::VelocityTip);
        }
    }
    let r = state.circle.radius() * v.scale;
    let d = p.distance(c);
    let knob = rotation_knob(state).filter(|&(_, k)| p.distance(k) <= KNOB_GRAB_PX);
    // Keep the body grabbable on a small circle: the rim band shrinks with it.
    let rim = g.min(0.35 * r.max(1.0)).max(3.0);
    if (d - r).abs() <= rim && r > 2.0 * rim {
        return Some(Handle::CircleRim);
    }
    let body = if state.touch.active { g } else { rim };
    if d <= r.max(body) {
        return Some(Handle::CircleBody);
    }
    // Motion mode's turned box: its body only (its corners and edges are not where the aligned
    // box's handles would be; `[` `]` resize it).
    if let Some(o) =
        state.mode.flat_motion().then(|| MotionBox::of(&state.aabb, state.motion.options.angle).turned()).flatten()
    {
        let (l, h) = (o.to_box_frame(v.to_world(p)), o.half_extents());
        return (l[0].abs() <= h[0] && l[1].abs() <= h[1]).then_some(Handle::BoxBody);
    }
    if knob.is_some() {
        return Some(Handle::BoxRotate);
    }
    // With the box turned, its corners, edges and body are hit in its own frame (turned back about
    // its centre; the view keeps distances, so the grab sizes stay).
    let p = state.box_frame().map_or(p, |f| v.to_screen(f.unturn(v.to_world(p))));
    let lo = v.to_screen(state.aabb.min()); // bottom-left on screen
    let hi = v.to_screen(state.aabb.max()); // top-right on screen
    for upper in [[false, false], [true, false], [false, true], [true, true]] {
        let q = Vec2::new(if upper[0] { hi.x } else { lo.x }, if upper[1] { hi.y } else { lo.y });
        if p.distance(q) <= g.max(GRAB_PX * 1.3) {
            return Some(Handle::BoxCorner { upper });
        }
    }
    // An edge's band: a touch target's, but never so wide that the body cannot be grabbed.
    let e = g.min(((hi.x - lo.x).min(lo.y - hi.y) / 3.0).max(GRAB_PX));
    let within_x = p.x >= lo.x - e && p.x <= hi.x + e;
    let within_y = p.y >= hi.y - e && p.y <= lo.y + e;
    if within_y && (p.x - lo.x).abs() <= e {
        return Some(Handle::BoxEdge { axis: 0, upper: false });
    }
    if within_y && (p.x - hi.x).abs() <= e {
        return Some(Handle::BoxEdge { axis: 0, upper: true });
    }
    if within_x && (p.y - lo.y).abs() <= e {
        return Some(Handle::BoxEdge { axis: 1, upper: false });
    }
    if within_x && (p.y - hi.y).abs() <= e {
        return Some(Handle::BoxEdge { axis: 1, upper: true });
    }
    if p.x > lo.x && p.x < hi.x && p.y > hi.y && p.y < lo.y {
        return Some(Handle::BoxBody);
    }
    None
}

/// Moves what `drag` holds to the world point `w`; the velocity tip's change comes back as a command.
fn drag_to(state: &mut State, drag: &Drag, w: [f32; 2]) -> Option<Command> {
    let delta = [w[0] - drag.start_pointer[0], w[1] - drag.start_pointer[1]];
    let mut command = None;
    match drag.handle {
        Handle::CircleBody => {
            if let Some(c) = drag.start_circle.translated(delta) {
                state.circle = c;
            }
        }
        Handle::CircleRim => {
            // Keep the grab offset: the rim follows the pointer without jumping to it.
            let c = drag.start_circle.center();
            let dist = |p: [f32; 2]| Vec2::new(p[0] - c[0], p[1] - c[1]).length();
            let r = (drag.start_circle.radius() + dist(w) - dist(drag.start_pointer)).max(0.0);
            if let Ok(c) = Circle::new(c, r) {
                state.circle = c;
            }
        }
        Handle::BoxBody => {
            if let Some(b) = drag.start_box.translated(delta) {
                state.aabb = b;
            }
        }
        Handle::BoxCorner { upper } => {
            let (frame, w) = resize_frame(state, drag, w);
            let (mut lo, mut hi) = (drag.start_box.min(), drag.start_box.max());
            for axis in 0..2 {
                move_side(&mut lo, &mut hi, axis, upper[axis], w[axis]);
            }
            if let Ok(b) = Rect::new(lo, hi) {
                state.aabb = keep_turned(frame, b);
            }
        }
        Handle::BoxEdge { axis, upper } => {
            let (frame, w) = resize_frame(state, drag, w);
            let (mut lo, mut hi) = (drag.start_box.min(), drag.start_box.max());
            move_side(&mut lo, &mut hi, axis, upper, w[axis]);
            if let Ok(b) = Rect::new(lo, hi) {
                state.aabb = keep_turned(frame, b);
            }
        }
        Handle::BoxRotate => {
            // The knob points along the box's own +y: the angle is the pointer's direction from
            // the centre less a quarter turn, in whole degrees.
            let b = state.aabb.center();
            let (dx, dy) = (w[0] - b[0], w[1] - b[1]);
            if dx != 0.0 || dy != 0.0 {
                state.angle = normal_angle((dy.atan2(dx).to_degrees() - 90.0).round());
            }
        }
        Handle::ThrowTip | Handle::TiltedBody { .. } | Handle::TiltedTurn { .. } => {}
        Handle::VelocityTip => {
            // The tip follows the pointer, keeping the grab offset.
            let v = [drag.start_value[0] + delta[0], drag.start_value[1] + delta[1]];
            command = Some(Command::Motion(MotionCommand::SetVelocity(v)));
        }
    }
    leave_case_if_needed(state);
    command
}

/// Where the rotation knob is on the screen, `(base, knob)`: out from the middle of the box's top
/// edge (its own +y side) by [`KNOB_PX`], turned with the box. Only in the still scene.
#[must_use]
pub fn rotation_knob(state: &State) -> Option<(Vec2, Vec2)> {
    if state.mode != Mode::Flat(Flat::Still) || state.quiz.is_some() {
        return None;
    }
    let v = &state.view;
    let b = state.aabb.center();
    let top = state.aabb.max()[1];
    let out = top + KNOB_PX / v.scale.max(1e-6);
    let turn = |p: [f32; 2]| BoxFrame::of(&state.circle, &state.aabb, state.angle).map_or(p, |f| f.turn(p));
    Some((v.to_screen(turn([b[0], top])), v.to_screen(turn([b[0], out]))))
}

/// How far the rotation knob stands out from the box's top edge, screen pixels.
pub const KNOB_PX: f32 = 30.0;
/// The knob's grab radius, screen pixels (generous: a finger finds it).
pub const KNOB_GRAB_PX: f32 = 2.0 * GRAB_PX;

/// A resize of a turned box: its frame when grabbed and the pointer in the unturned box's
/// coordinates (the pointer itself when the box is aligned).
fn resize_frame(state: &State, drag: &Drag, w: [f32; 2]) -> (Option<BoxFrame>, [f32; 2]) {
    let frame = (state.mode == Mode::Flat(Flat::Still))
        .then(|| BoxFrame::of(&drag.start_circle, &drag.start_box, state.angle))
        .flatten();
    (frame, frame.map_or(w, |f| f.unturn(w)))
}

/// The resized box `b` (in the grabbed box's unturned coordinates) placed so that, turned about
/// its own centre, it lies where the grabbed box's frame puts it: the sides not dragged stay still.
fn keep_turned(frame: Option<BoxFrame>, b: Rect) -> Rect {
    let Some(f) = frame else { return b };
    let (c, t) = (b.center(), f.turn(b.center()));
    b.translated([t[0] - c[0], t[1] - c[1]]).unwrap_or(b)
}

/// Moves one side of a box to `to`, clamped at the opposite side: the box can shrink to a segment
/// but never turn inside out.
fn move_side(lo: &mut [f32; 2], hi: &mut [f32; 2], axis: usize, upper: bool, to: f32) {
    if upper {
        hi[axis] = to.max(lo[axis]);
    } else {
        lo[axis] = to.min(hi[axis]);
    }
}
