//! Where the nine zones around the box lie on the screen.

use crate::app::{ScreenRect, State};

/// The screen rectangle of zone `(zx, zy)` (0 below/left, 1 within, 2 above/right), clipped to the canvas.
pub fn zone_rect(state: &State, zx: u32, zy: u32) -> ScreenRect {
    let (c, v) = (state.canvas, state.view);
    let lo = v.to_screen(state.aabb.min());
    let hi = v.to_screen(state.aabb.max());
    let clamp_x = |x: f32| x.clamp(c.x, c.x + c.w);
    let clamp_y = |y: f32| y.clamp(c.y, c.y + c.h);
    let (x0, x1) = match zx {
        0 => (c.x, clamp_x(lo.x)),
        1 => (clamp_x(lo.x), clamp_x(hi.x)),
        _ => (clamp_x(hi.x), c.x + c.w),
    };
    // Screen y grows downwards: zone row 0 (below the box) is at the bottom.
    let (y0, y1) = match zy {
        0 => (clamp_y(lo.y), c.y + c.h),
        1 => (clamp_y(hi.y), clamp_y(lo.y)),
        _ => (c.y, clamp_y(hi.y)),
    };
    ScreenRect { x: x0, y: y0, w: (x1 - x0).max(0.0), h: (y1 - y0).max(0.0) }
}
