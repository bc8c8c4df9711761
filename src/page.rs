//! The bridge to the web page's accessibility plugin (`web/a11y.js`, served beside `index.html`): the
//! status line, the keyboard shortcuts list, the reduced-motion preference, the embedded scene's
//! "full demo" link, the layout's rectangles (a test hook), and a wake-up call for the frame loop. The plugin adds these
//! functions to the wasm module's imports, the way quad-url's JS does; strings cross as a pointer
//! and a length into the wasm memory (UTF-8), numbers as `i32`. No wasm-bindgen.
//!
//! On the desktop every function is a no-op ([`AVAILABLE`] is false): the frame loop calls them
//! unconditionally, and does the work of building the texts only when there is a page.

/// Is there a page to talk to (the wasm build)?
pub const AVAILABLE: bool = cfg!(target_arch = "wasm32");

#[cfg(target_arch = "wasm32")]
mod ffi {
    extern "C" {
        pub fn a11y_set_status(ptr: *const u8, len: usize);
        pub fn a11y_set_lesson(ptr: *const u8, len: usize);
        pub fn a11y_set_focus(ptr: *const u8, len: usize);
        pub fn a11y_set_shortcuts(ptr: *const u8, len: usize);
        pub fn a11y_prefers_reduced_motion() -> i32;
        pub fn a11y_set_reduced_motion(on: i32);
        pub fn a11y_canvas_keeps_frames() -> i32;
        pub fn a11y_clip_scissor(x: i32, y: i32, w: i32, h: i32);
        pub fn a11y_set_layout(ptr: *const u8, len: usize);
        pub fn a11y_set_embed_link(ptr: *const u8, len: usize, x: f32, y: f32, w: f32, h: f32);
    }

    /// The plugin checks that the JS and the Rust side agree: macroquad's loader calls
    /// `<name>_crate_version` for every registered plugin (`name: "circle_aabb_lab_a11y"`).
    #[no_mangle]
    pub extern "C" fn circle_aabb_lab_a11y_crate_version() -> u32 {
        6
    }

    /// The page asks for a frame: the app draws only on input or while something moves
    /// (macroquad's blocking event loop), so a change the page sees first (the browser's
    /// reduced-motion preference) would otherwise wait for the next input.
    #[no_mangle]
    pub extern "C" fn circle_aabb_lab_wake() {
        macroquad::miniquad::window::schedule_update();
    }
}

/// Passes `text` to one of the plugin's string functions.
#[cfg(target_arch = "wasm32")]
fn send(f: unsafe extern "C" fn(*const u8, usize), text: &str) {
    // SAFETY: the plugin reads `len` bytes at `ptr` from the wasm memory during the call and keeps
    // no reference to them; `text` outlives the call.
    unsafe { f(text.as_ptr(), text.len()) }
}

/// Replaces the text of the page's `aria-live` status line.
pub fn set_status(text: &str) {
    #[cfg(target_arch = "wasm32")]
    send(ffi::a11y_set_status, text);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = text;
}

/// Replaces the text of the page's lesson region (`a11y-lesson`, its own `aria-live` region): the
/// tour step's or the erratum's whole text, or nothing.
pub fn set_lesson(text: &str) {
    #[cfg(target_arch = "wasm32")]
    send(ffi::a11y_set_lesson, text);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = text;
}

/// Replaces the text of the page's focus region (`a11y-focus`): which panel widget the keyboard is
/// on, or that the keys are the canvas's again.
pub fn set_focus(text: &str) {
    #[cfg(target_arch = "wasm32")]
    send(ffi::a11y_set_focus, text);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = text;
}

/// Fills the page's keyboard shortcuts list from `text` (see `app::status::shortcuts_text`: one
/// row a line, keys and what they do separated by a tab).
pub fn set_shortcuts(text: &str) {
    #[cfg(target_arch = "wasm32")]
    send(ffi::a11y_set_shortcuts, text);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = text;
}

/// Tells the page the layout and its widgets' rectangles (CSS px), a small JSON object
/// (`app::layout::report`): the page keeps it parsed in `window.__layout` for the browser test.
pub fn set_layout(json: &str) {
    #[cfg(target_arch = "wasm32")]
    send(ffi::a11y_set_layout, json);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = json;
}

/// The browser's `prefers-reduced-motion: reduce`, as it is now (`None` on the desktop).
#[must_use]
pub fn prefers_reduced_motion() -> Option<bool> {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: a call with no arguments into the plugin, which returns 0 or 1.
    return Some(unsafe { ffi::a11y_prefers_reduced_motion() } != 0);
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// Tells the page the app's reduced-motion setting (the plugin writes it to the page as
/// `data-reduced-motion="on|off"` on the `<html>` element).
pub fn report_reduced_motion(on: bool) {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: a call with one integer argument into the plugin.
    unsafe {
        ffi::a11y_set_reduced_motion(i32::from(on));
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = on;
}

/// Whether the canvas keeps the last frame until it is drawn over (WebGL's `preserveDrawingBuffer`,
/// which `index.html` asks for unless its address has `?full-frames`): then a frame may redraw only
/// what changed ([`crate::render::damage`]). Never on the desktop, whose window promises nothing.
#[must_use]
pub fn canvas_keeps_frames() -> bool {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: a call with no arguments into the plugin, which returns 0 or 1.
    return unsafe { ffi::a11y_canvas_keeps_frames() } != 0;
    #[cfg(not(target_arch = "wasm32"))]
    false
}

/// The embedded scene's "full demo" link (`embed=1`): the page puts a real link (`<a id="embed-link"
/// target="_blank">`) over the toolbar's button at `rect` (logical pixels, x, y, w, h), to the page's
/// own address with `fragment` as its `#fragment`; `None` removes it. The browser then opens the full
/// demo in a new tab on a click, a tap or Enter, as any link (no pop-up blocker in the way), and a
/// screen reader finds it. Only with a page ([`AVAILABLE`]).
pub fn set_embed_link(link: Option<(&str, [f32; 4])>) {
    #[cfg(target_arch = "wasm32")]
    {
        let (text, [x, y, w, h]) = link.unwrap_or(("", [0.0, 0.0, -1.0, -1.0]));
        // SAFETY: the plugin reads `len` bytes at `ptr` from the wasm memory during the call and keeps
        // no reference to them; `text` outlives the call.
        unsafe { ffi::a11y_set_embed_link(text.as_ptr(), text.len(), x, y, w, h) }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = link;
}

/// Confines every scissor box set from now on to `clip` (GL window coordinates: x, y from the bottom
/// left, width, height, physical pixels), or lifts that (`None`). Only with a page ([`AVAILABLE`]).
pub fn clip_scissor(clip: Option<(i32, i32, i32, i32)>) {
    #[cfg(target_arch = "wasm32")]
    {
        // The plugin takes a negative width for "none".
        let (x, y, w, h) = clip.map_or((0, 0, -1, -1), |(x, y, w, h)| (x, y, w.max(0), h.max(0)));
        // SAFETY: a call with four integer arguments into the plugin.
        unsafe { ffi::a11y_clip_scissor(x, y, w, h) }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = clip;
}
