//! The playground's pointer: painting and erasing cells, and the throw arrow's tip. It changes the
//! map and the stroke directly and returns the throw as a [`PlaygroundCommand`] for the caller to apply.

use super::{Brush, PlaygroundCommand};
use crate::app::input::{Input, GRAB_PX};
use crate::app::state::{Drag, Handle, State};
use glam::Vec2;

/// The playground's pointer: a drag of the throw arrow's tip sets the throw; any other press on
/// the map starts a stroke that paints (left button) or erases (right button, Shift, or the erase
/// brush) every cell the pointer passes over until it is released.
pub fn pointer(state: &mut State, input: &Input) -> Option<PlaygroundCommand> {
    let world = |p: Vec2| state.view.to_world(p);
    if let Some(drag) = state.drag {
        if !input.down {
            state.drag = None;
        } else if let Some(p) = input.pointer {
            let w = world(p);
            let k = 1.0 / super::ARROW_SECONDS;
            let v = [
                drag.start_velocity[0] + (w[0] - drag.start_pointer[0]) * k,
                drag.start_velocity[1] + (w[1] - drag.start_pointer[1]) * k,
            ];
            return Some(PlaygroundCommand::SetThrow(v));
        }
        return None;
    }
    let usable = |p: Vec2| !input.pointer_over_ui && state.canvas.contains(p);
    let p = &mut state.playground;
    if let Some(solid) = p.stroke {
        let still = if solid { input.down && !input.erase_modifier } else { input.down || input.secondary_down };
        if !still {
            p.stroke = None;
        } else if let Some(at) = input.pointer.filter(|&q| usable(q)) {
            super::paint(&mut state.playground, world(at), solid);
        }
        return None;
    }
    let press = input.press.or(input.pointer).filter(|&q| usable(q));
    let Some(at) = press.filter(|_| input.pressed || input.secondary_down || input.down) else {
        state.hover = input.pointer.filter(|&q| usable(q)).and_then(|q| throw_hit(state, q));
        return None;
    };
    if input.pressed && throw_hit(state, at).is_some() {
        state.drag = Some(Drag {
            handle: Handle::ThrowTip,
            start_pointer: world(at),
            start_circle: state.circle,
            start_box: state.aabb,
            start_velocity: state.playground.options.throw,
        });
        return None;
    }
    if !(input.pressed || input.secondary_down) {
        return None;
    }
    let p = &mut state.playground;
    let solid = !(input.secondary_down || input.erase_modifier || p.brush == Brush::Erase);
    p.stroke = Some(solid);
    super::paint(p, world(at), solid);
    if let Some(now) = input.pointer.filter(|&q| usable(q)) {
        super::paint(&mut state.playground, world(now), solid);
    }
    if !(input.down || input.secondary_down) {
        state.playground.stroke = None;
    }
    None
}

/// Is the screen point on the throw arrow's tip? (After a touch: within a touch target's radius.)
pub fn throw_hit(state: &State, p: Vec2) -> Option<Handle> {
    let tip = state.view.to_screen(super::throw_tip(&state.playground.options));
    (p.distance(tip) <= state.touch.grab_px(GRAB_PX * 1.5)).then_some(Handle::ThrowTip)
}
