//! The playground's pointer: painting and erasing cells, the throw arrow's tip, and the rotated
//! boxes (drag one to move it, its handle to turn it). It changes the map and the stroke directly
//! and returns the throw or the box as a [`PlaygroundCommand`] for the caller to apply.

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
            let tilted = &state.playground.options.tilted;
            match drag.handle {
                Handle::TiltedBody { index } => {
                    let mut b = *tilted.iter().nth(index)?;
                    b.center = [0, 1].map(|i| drag.start_value[i] + w[i] - drag.start_pointer[i]);
                    return Some(PlaygroundCommand::SetTilted { index, tilted: b });
                }
                Handle::TiltedTurn { index } => {
                    let mut b = *tilted.iter().nth(index)?;
                    let (dx, dy) = (w[0] - b.center[0], w[1] - b.center[1]);
                    if dx != 0.0 || dy != 0.0 {
                        // Whole degrees: a turn the scene text writes back short.
                        b.degrees = dy.atan2(dx).to_degrees().round();
                    }
                    return Some(PlaygroundCommand::SetTilted { index, tilted: b });
                }
                _ => {}
            }
            let k = 1.0 / super::ARROW_SECONDS;
            let v = [
                drag.start_value[0] + (w[0] - drag.start_pointer[0]) * k,
                drag.start_value[1] + (w[1] - drag.start_pointer[1]) * k,
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
        state.hover =
            input.pointer.filter(|&q| usable(q)).and_then(|q| throw_hit(state, q).or_else(|| tilted_hit(state, q)));
        return None;
    };
    let grabbed = if input.pressed { throw_hit(state, at).or_else(|| tilted_hit(state, at)) } else { None };
    if let Some(handle) = grabbed {
        let start_value = match handle {
            Handle::TiltedBody { index } | Handle::TiltedTurn { index } => {
                state.playground.options.tilted.iter().nth(index).map_or([0.0; 2], |b| b.center)
            }
            _ => state.playground.options.throw,
        };
        state.drag = Some(Drag {
            handle,
            start_pointer: world(at),
            start_circle: state.circle,
            start_box: state.aabb,
            start_value,
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

/// Is the screen point on a rotated box's turning handle, or inside one (the last drawn first)?
pub fn tilted_hit(state: &State, p: Vec2) -> Option<Handle> {
    let tilted = &state.playground.options.tilted;
    let w = state.view.to_world(p);
    let all: Vec<&super::TiltedBox> = tilted.iter().collect();
    for (index, b) in all.into_iter().enumerate().rev() {
        if p.distance(state.view.to_screen(b.turn_handle())) <= GRAB_PX * 1.5 {
            return Some(Handle::TiltedTurn { index });
        }
        if b.contains(w) {
            return Some(Handle::TiltedBody { index });
        }
    }
    None
}
