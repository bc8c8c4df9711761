//! One frame of input as plain values: the keys the app reacts to ([`Key`]), the pointer, the
//! wheel and the frame's `dt` ([`Input`]), and the controls table the panel and the README show.
//! The frame loop fills these in from the platform; everything else reads them.

use super::view::ScreenRect;
use glam::Vec2;

/// Pointer tolerance for rims, edges and corners, in pixels.
pub const GRAB_PX: f32 = 9.0;
/// Radius change per wheel notch (multiplicative).
pub const WHEEL_FACTOR: f32 = 1.1;

/// The keys the scene reacts to (the frame loop maps the platform's key codes onto these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// `0`..`9` (`0` answers a quiz's zone question; elsewhere it does nothing).
    Digit(u8),
    Space,
    Enter,
    R,
    H,
    C,
    Left,
    Right,
    Up,
    Down,
    /// `+` / `=`.
    Plus,
    /// `-`.
    Minus,
    /// `[` / `]`: the box narrower / wider (with Shift: lower / taller).
    LeftBracket,
    RightBracket,
    PageUp,
    PageDown,
    /// Teaching layer: next / previous tour step, tour on/off, cycle the overlay.
    N,
    P,
    T,
    O,
    /// The frame-time readout on/off.
    F,
    /// Motion mode: on/off, play/pause, step, slide/bounce.
    M,
    G,
    S,
    B,
    /// Playground on/off.
    L,
    /// The playground's Play mode on/off.
    Y,
    /// The playground's time scale: `,` slower, `.` faster.
    Comma,
    Period,
    /// The 3D view: move the sphere (A/D x, W/S y, Q/E z), four views (I), slice axis (K) and picture (O),
    /// x-ray, 2D ↔ 3D.
    A,
    D,
    W,
    Q,
    E,
    I,
    K,
    X,
    V,
    /// Text scale 1×, 1.5×, 2× (canvas and panel).
    Z,
    /// The quiz on or off.
    U,
}

/// The keyboard controls, for the panel's help and the README: (keys, what they do).
pub const CONTROLS: &[(&str, &str)] = &[
    ("drag circle", "move the circle"),
    ("drag circle rim", "change the radius"),
    ("mouse wheel / + −", "change the radius"),
    ("drag box", "move the box"),
    ("drag box corner / edge", "resize the box (it never turns inside out)"),
    ("1 … 9", "pick an algorithm"),
    ("Page Up / Page Down", "previous / next algorithm"),
    ("Space / Enter", "apply the response (push the circle out)"),
    ("C", "cycle the response case: Auto, Outside, Inside in turn"),
    ("arrow keys", "nudge the circle by 0.1"),
    ("Shift + arrow keys", "move the box by 0.1"),
    ("[ / ]", "the box narrower / wider by 0.2 (about its centre; never thinner than 0.1)"),
    ("Shift + [ / ]", "the box lower / taller by 0.2"),
    ("pinch / two-finger drag", "touch: zoom / pan the view (2D; R fits it again)"),
    ("long press", "touch: what hovering shows (the grab outline, the read-out), until the finger lifts"),
    ("Q / E", "turn the box by 15° counter-clockwise / clockwise about its centre (still scene)"),
    ("Shift + Q / E", "turn the box by 1°"),
    ("drag the knob above the box", "turn the box (whole degrees); its angle is also a field in the panel"),
    ("R", "reset the scene"),
    ("H", "hide or show this panel"),
    ("Tab / Shift + Tab", "move the keyboard focus through the panel's buttons, switches and fields"),
    ("Enter / Space (panel focus)", "press the focused button or switch (the scene does not see the key)"),
    ("Z", "text size for a room: 1×, 1.5×, 2× (canvas and panel)"),
    ("Esc", "give the keys back to the canvas (the panel's focus ring goes away)"),
    ("T", "start or leave the guided tour (in 2D and 3D)"),
    ("N / P", "next / previous tour step; from a chapter's last step on to the next chapter (P: back)"),
    ("O", "cycle the overlay: none, agreement map, distance field"),
    ("M", "motion mode on or off"),
    ("drag the arrow's tip", "motion: set the velocity (the centre goes from c to c + v)"),
    ("G", "motion: play / pause the animation along the move"),
    ("S", "motion: step: start → impact → end"),
    ("B", "motion: slide or bounce after the impact"),
    ("L", "playground on or off (a tile map, a ball, the strategies' race)"),
    ("left drag / right drag", "playground: paint / erase cells (Shift + left drag erases too)"),
    ("drag the arrow's tip", "playground: set the throw (the race starts again)"),
    ("← → (held), ↑ / Space", "playground: run left / right, jump"),
    ("G / S / R", "playground: pause or resume / one fixed step / throw again (Play: start the level again)"),
    (", / .", "playground: slower / faster (0.1×, 0.25×, 0.5×, 1×, 2×; a lesson starts at 0.25×)"),
    ("Y", "Play mode on or off: the ball is a character on a course of levels"),
    ("← → or A D (held)", "Play: run left / right"),
    ("Space / W / ↑", "Play: jump (held longer, higher)"),
    ("↓ + jump", "Play: drop down through a one-way platform"),
    ("Enter", "Play: race the run just played: every strategy replays its inputs as a ghost"),
    ("touch pads: left, right, down, jump", "Play: run, drop, jump on a touch screen (the canvas's bottom corners)"),
    ("V", "2D view ↔ 3D view (sphere against box)"),
    ("3D: drag empty space / the sphere", "3D: orbit the camera / move the sphere in the plane facing you"),
    ("3D: wheel, + −, arrow keys", "3D: zoom; orbit"),
    ("3D: pinch", "3D: zoom (touch; one finger orbits or moves the sphere, as a mouse drag does)"),
    ("3D: A D / W S / Q E", "3D: move the sphere along x / y / z by 0.1"),
    ("3D: Shift + arrow keys", "3D: turn the box 15° about the screen's vertical (← →) or horizontal (↑ ↓) axis"),
    ("3D: drag the ring round the box", "3D: turn the box about the line of sight"),
    ("U", "quiz on or off: predict, then reveal (a new set of questions each time)"),
    ("quiz: 0 … 8 / Y N / 1 … 4", "quiz: answer: the zone / overlap yes or no / the wrong test"),
    ("quiz: click, or arrow keys + Enter", "quiz: answer where the moving circle first touches the box"),
    ("quiz: Enter / N", "quiz: the next question"),
    ("3D: I, K, O, X, G", "3D: four views; slice axis; what the slice shows (agreement map, distance field, zones); x-ray; grown box (off, rounded, square, both)"),
];

/// One frame of input, in logical screen pixels.
#[derive(Clone, Debug, Default)]
pub struct Input {
    /// The area the scene is drawn in (the window minus the panel).
    pub canvas: Option<ScreenRect>,
    /// Pointer (mouse or first touch) position, if it is in the window.
    pub pointer: Option<Vec2>,
    /// The primary button (or a touch) went down this frame.
    pub pressed: bool,
    /// Where it went down, when known. Several events can arrive in one frame: the press, then
    /// moves, so `pointer` may already be past the point that was grabbed.
    pub press: Option<Vec2>,
    /// The primary button (or touch) is held.
    pub down: bool,
    /// Wheel movement in notches, positive away from the user (grow).
    pub wheel: f32,
    /// Keys pressed this frame.
    pub keys: Vec<Key>,
    /// egui wants the pointer (it is over the panel, or egui is dragging): the scene must ignore it.
    pub pointer_over_ui: bool,
    /// egui has keyboard focus (a panel widget was reached with Tab, or a number is being typed):
    /// the scene must ignore keys, which are the focused widget's (Space and Enter press it).
    pub keyboard_taken: bool,
    /// Seconds since the last frame (advances the motion animation and the playground; 0 in
    /// screenshot mode).
    pub dt: f32,
    /// Keys held down this frame (the playground's run left / right; Play's run, jump and down:
    /// ← → ↑ ↓, A D W, Space).
    pub held: Vec<Key>,
    /// Where the touches on the screen are now (Play's touch pads; several at once).
    pub touches: Vec<Vec2>,
    /// The secondary (right) button is held: the playground erases.
    pub secondary_down: bool,
    /// Shift is held: the playground's left drag erases.
    pub erase_modifier: bool,
    /// Shift is held: the arrows and `[` `]` act on the box, not the circle (still and motion).
    pub shift: bool,
    /// What this frame's pointer events came from: `Some(true)` a touch, `Some(false)` a mouse,
    /// `None` no pointer event (the last kind is kept: touch targets, long press as hover).
    pub touch_input: Option<bool>,
}
