//! Touch gestures as plain data: the fingers on the screen, frame by frame, become a one-finger
//! press (which the ordinary pointer code drags with, and which turns into a long press after
//! [`LONG_PRESS_SECONDS`] without moving), or a two-finger pinch that zooms and pans the view
//! ([`ViewZoom`]: the fitted view times the user's zoom about the pinch's centre).
//!
//! ```text
//!  fingers:   0 ──► Idle        1 ──► Press (held, moved?) ──0.5 s still──► long press (the hover)
//!                                │ a second finger
//!             2 ──► Pinch (a, b) ◄┘  each frame: zoom by |a′b′| / |ab| about the midpoint, pan with it
//!             then, until every finger has lifted: Done (one finger left does nothing)
//! ```
//!
//! [`step`] is the whole machine: fingers in, one [`Event`] out. The caller (`update`) applies the
//! event: cancels a drag when a second finger lands, zooms the 2D view, zooms the 3D camera.

use super::view::View;
use glam::Vec2;

/// How long a finger rests (moving less than [`LONG_PRESS_SLOP_PX`]) before the press shows what
/// hovering shows with a mouse.
pub const LONG_PRESS_SECONDS: f32 = 0.5;
/// How far a finger may wander and still be resting, logical (CSS) pixels.
pub const LONG_PRESS_SLOP_PX: f32 = 10.0;
/// A touch target's radius: 22 CSS px, a target 44 px across (what Apple's and Google's guidelines
/// ask for), used for the handles when the last input was a touch.
pub const TOUCH_GRAB_PX: f32 = 22.0;
/// The user's zoom on top of the fitted view stays within these factors.
pub const ZOOM_RANGE: (f32, f32) = (0.25, 8.0);

/// The user's zoom and pan on top of the fitted view, about the canvas's centre `c`:
/// `screen′ = c + zoom·(screen − c) + pan`. The identity (zoom 1, pan 0) is the fitted view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewZoom {
    pub zoom: f32,
    pub pan: Vec2,
}

impl Default for ViewZoom {
    fn default() -> Self {
        ViewZoom { zoom: 1.0, pan: Vec2::ZERO }
    }
}

impl ViewZoom {
    /// Is this the fitted view itself?
    #[must_use]
    pub fn is_identity(&self) -> bool {
        *self == ViewZoom::default()
    }

    /// The fitted view `v` zoomed and panned, about the canvas centre `c`.
    #[must_use]
    pub fn apply(&self, v: View, c: Vec2) -> View {
        View { origin: c + self.zoom * (v.origin - c) + self.pan, scale: v.scale * self.zoom }
    }

    /// The pinch of one frame: what was under the screen point `from` moves to `to`, and the view
    /// grows by `factor` about it (the zoom kept within [`ZOOM_RANGE`]; the pan within a canvas
    /// size `size` of the centre, times the zoom, so the scene cannot be lost). Bad numbers change
    /// nothing.
    #[must_use]
    pub fn pinched(self, factor: f32, from: Vec2, to: Vec2, c: Vec2, size: Vec2) -> ViewZoom {
        if !(factor.is_finite() && factor > 0.0 && from.is_finite() && to.is_finite()) {
            return self;
        }
        let zoom = (self.zoom * factor).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
        let f = zoom / self.zoom;
        // s″ = f·(s′ − from) + to with s′ = c + z·(s − c) + pan.
        let pan = f * (c + self.pan - from) + to - c;
        let limit = size * zoom.max(1.0);
        ViewZoom { zoom, pan: pan.clamp(-limit, limit) }
    }
}

/// What the fingers are doing.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Gesture {
    /// No finger on the screen.
    #[default]
    Idle,
    /// One finger: where it landed, where it is, how long it has rested, whether it has wandered
    /// off (then it is a drag, never a long press) and whether the long press is showing.
    Press { start: Vec2, at: Vec2, held: f32, moved: bool, long: bool },
    /// Two fingers (the first two, in the order of their ids): where they were last frame.
    Pinch { a: Vec2, b: Vec2 },
    /// After a pinch, until every finger has lifted: a finger left behind does nothing.
    Done,
}

/// What a frame's fingers did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event {
    None,
    /// A second finger landed: the drag in progress (if any) is cancelled, the scene left as it was
    /// before it.
    PinchStart,
    /// Two fingers moved: zoom by `factor` about `to`, the point under `from` moved to `to`.
    Pinch {
        factor: f32,
        from: Vec2,
        to: Vec2,
    },
    /// The one finger has rested [`LONG_PRESS_SECONDS`]: the long press begins.
    LongPress,
}

/// Touch as the app remembers it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TouchState {
    pub gesture: Gesture,
    /// The last pointer input was a touch: the handles' hit radius is [`TOUCH_GRAB_PX`], and the
    /// hover shows only during a long press.
    pub active: bool,
}

impl TouchState {
    /// Where the long press is, while it shows.
    #[must_use]
    pub fn long_press(&self) -> Option<Vec2> {
        match self.gesture {
            Gesture::Press { at, long: true, .. } => Some(at),
            _ => None,
        }
    }

    /// Two fingers are (or were, with some still down) pinching: the scene's pointer input waits.
    #[must_use]
    pub fn pinching(&self) -> bool {
        matches!(self.gesture, Gesture::Pinch { .. } | Gesture::Done)
    }

    /// A finger rests and the long press has not begun: frames must go on for its clock to run.
    #[must_use]
    pub fn waiting(&self) -> bool {
        matches!(self.gesture, Gesture::Press { moved: false, long: false, .. })
    }

    /// The hit radius of the handles, logical pixels: the mouse's `mouse_px`, or a touch target's.
    #[must_use]
    pub fn grab_px(&self, mouse_px: f32) -> f32 {
        if self.active {
            TOUCH_GRAB_PX.max(mouse_px)
        } else {
            mouse_px
        }
    }
}

/// One frame of the machine: `fingers` are where the fingers are now (in the order of their ids),
/// `dt` the seconds since the last frame.
pub fn step(g: &mut Gesture, fingers: &[Vec2], dt: f32) -> Event {
    match (fingers, *g) {
        ([], _) => {
            *g = Gesture::Idle;
            Event::None
        }
        ([a, b, ..], Gesture::Pinch { a: a0, b: b0 }) => {
            *g = Gesture::Pinch { a: *a, b: *b };
            let (d0, d1) = (a0.distance(b0), a.distance(*b));
            // Fingers on top of each other say nothing about a zoom.
            let factor = if d0 >= 1.0 && d1 >= 1.0 { d1 / d0 } else { 1.0 };
            Event::Pinch { factor, from: 0.5 * (a0 + b0), to: 0.5 * (*a + *b) }
        }
        ([a, b, ..], _) => {
            *g = Gesture::Pinch { a: *a, b: *b };
            Event::PinchStart
        }
        ([_], Gesture::Pinch { .. } | Gesture::Done) => {
            *g = Gesture::Done;
            Event::None
        }
        ([p], Gesture::Idle) => {
            *g = Gesture::Press { start: *p, at: *p, held: 0.0, moved: false, long: false };
            Event::None
        }
        ([p], Gesture::Press { start, held, moved, long, .. }) => {
            let moved = moved || p.distance(start) > LONG_PRESS_SLOP_PX;
            let held = if moved { held } else { held + dt.max(0.0) };
            let begins = !moved && !long && held >= LONG_PRESS_SECONDS;
            *g = Gesture::Press { start, at: *p, held, moved, long: (long || begins) && !moved };
            if begins {
                Event::LongPress
            } else {
                Event::None
            }
        }
    }
}

#[cfg(test)]
#[path = "gesture_tests.rs"]
mod tests;
