//! The response case the still scene shows: which construction (outside, inside) the user asked
//! for, and keeping the scene in it.

use crate::app::scene::CaseMode;
use crate::app::state::State;
use crate::geom::{
    response::{response, PushCase},
    Circle, Rect,
};

/// Does the scene show this case's construction?
#[must_use]
pub fn in_case(circle: &Circle, aabb: &Rect, mode: CaseMode) -> bool {
    let case = response(circle, aabb).case;
    match mode {
        CaseMode::Auto => true,
        CaseMode::Outside => case == PushCase::Outside,
        CaseMode::Inside => case == PushCase::Inside,
    }
}

/// Selects a response case, moving the circle to a representative spot if the scene is not in
/// that case: overlapping the top-right corner from outside, or inside nearer the right face.
pub fn set_case(state: &mut State, mode: CaseMode) {
    state.case = mode;
    let (circle, aabb) = state.tested_pair();
    if in_case(&circle, &aabb, mode) {
        return;
    }
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let (w, h) = (hi[0] - lo[0], hi[1] - lo[1]);
    let mut r = state.circle.radius();
    if r <= 0.0 {
        r = (0.25 * w.min(h)).max(0.25 * w.max(h)).max(0.5);
    }
    let candidate = match mode {
        CaseMode::Auto => return,
        // Centre r/2 out from the corner along the diagonal: distance r/2 < r, overlapping.
        CaseMode::Outside => {
            let k = 0.5 * r * std::f32::consts::FRAC_1_SQRT_2;
            Circle::new([hi[0] + k, hi[1] + k], r)
        }
        // Centre at 75% across and 60% up: nearest face unique for most boxes.
        CaseMode::Inside => Circle::new([lo[0] + 0.75 * w, lo[1] + 0.6 * h], r),
    };
    // With the box turned, the spot is turned with it.
    let frame = state.box_frame();
    if let Ok(c) = candidate.and_then(|c| Circle::new(frame.map_or(c.center(), |f| f.turn(c.center())), r)) {
        state.circle = c;
    }
    if state.drag.is_none() {
        state.refit();
    }
}

/// After a manual change, a case the scene has left goes back to Auto, so the panel never claims a
/// construction that is not on the canvas.
pub fn leave_case_if_needed(state: &mut State) {
    let (circle, aabb) = state.tested_pair();
    if !in_case(&circle, &aabb, state.case) {
        state.case = CaseMode::Auto;
    }
}
