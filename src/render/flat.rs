//! Shapes without a texture. macroquad draws every shape with its default material, which samples a
//! 1×1 white texture at each pixel and multiplies: the picture is the vertex colour, but on a software
//! rasteriser (SwiftShader in a browser without a GPU, llvmpipe under Xvfb) the sampling is most of a
//! pixel's cost (docs/performance.md, "Render cost"). This material has the
//! default's vertex shader and blending and writes the vertex colour, so the pixels are the same.
//!
//! The 2D canvas draws its shapes with it ([`begin`] … [`end`]); text and the overlay image sample
//! textures, and switch back for their draws with [`textured`].
//!
//! A dashed straight line is one strip whose vertices carry the dash phase (in the vertex's spare
//! `normal.x`, which macroquad leaves at 0), cut into dashes by the fragment shader: a few triangles
//! instead of six per dash ([`dashes_in_shader`]).
//!
//! An opaque axis-aligned rectangle costs nothing at all when it is a scissored clear
//! ([`clear_rect`]): the panel's background is one (egui no longer fills it).

use macroquad::miniquad::{BlendFactor, BlendState, BlendValue, Equation};
use macroquad::prelude::*;
use std::cell::{Cell, RefCell};

const VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color0;
attribute vec4 normal;

varying lowp vec4 color;
varying highp float dash;

uniform mat4 Model;
uniform mat4 Projection;

void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
    dash = normal.x;
}"#;

const FRAGMENT: &str = r#"#version 100
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying lowp vec4 color;
varying highp float dash;

void main() {
    // The dash phase (the vertex's normal.x, 0 for every shape but a dashed line): a dashed line is
    // one strip, drawn where the phase's fraction is under a half.
    gl_FragColor = color * step(fract(dash), 0.5 - 1e-6);
}"#;

thread_local! {
    /// Loaded once; `None` if the shader did not compile (then shapes keep the default material).
    static MATERIAL: RefCell<Option<Option<Material>>> = const { RefCell::new(None) };
    /// Between [`begin`] and [`end`].
    static ON: Cell<bool> = const { Cell::new(false) };
    /// Draw batches counted since the last [`take_batches`].
    static BATCHES: Cell<u32> = const { Cell::new(0) };
}

fn with_material(f: impl FnOnce(&Material)) {
    MATERIAL.with(|m| {
        let mut m = m.borrow_mut();
        let loaded = m.get_or_insert_with(|| {
            let blend = BlendState::new(
                Equation::Add,
                BlendFactor::Value(BlendValue::SourceAlpha),
                BlendFactor::OneMinusValue(BlendValue::SourceAlpha),
            );
            let params = MaterialParams {
                pipeline_params: PipelineParams { color_blend: Some(blend), ..Default::default() },
                ..Default::default()
            };
            load_material(ShaderSource::Glsl { vertex: VERTEX, fragment: FRAGMENT }, params)
                .map_err(|e| eprintln!("warning: the flat shape material did not load ({e}); shapes stay textured"))
                .ok()
        });
        if let Some(material) = loaded {
            f(material);
        }
    });
}

/// Are shapes drawn with this material now, so that a dash phase in the vertices cuts dashes?
#[must_use]
pub fn dashes_in_shader() -> bool {
    ON.with(Cell::get) && MATERIAL.with(|m| matches!(*m.borrow(), Some(Some(_))))
}

/// Shapes from here on are drawn without a texture.
pub fn begin() {
    with_material(gl_use_material);
    ON.with(|on| on.set(true));
}

/// Back to macroquad's default material.
pub fn end() {
    gl_use_default_material();
    ON.with(|on| on.set(false));
}

/// An estimate of the draw batches the canvas issued since the last call (and resets it): each
/// switch to textured drawing (text, an image) costs a batch per texture it uses plus the shape
/// batch it interrupted. The browser test counts the real WebGL draw calls.
pub fn take_batches() -> u32 {
    BATCHES.with(|b| b.replace(0))
}

/// Runs `draw` (text, an image) with the default, textured material, and returns to flat shapes if
/// they were on. `textures` is how many textures `draw` uses: each is a draw batch, and so is the
/// shape batch it interrupts (counted for the frame-time readout, [`take_batches`]).
pub fn textured(textures: u32, draw: impl FnOnce()) {
    BATCHES.with(|b| b.set(b.get() + textures + 1));
    let on = ON.with(Cell::get);
    if on {
        gl_use_default_material();
    }
    draw();
    if on {
        with_material(gl_use_material);
    }
}

/// The pixel rows or columns a quad from `a` to `b` covers (those whose centre `i + 0.5` lies in
/// `[a, b)`, the rasteriser's rule), as `(first, count)`.
#[must_use]
pub fn pixel_span(a: f32, b: f32) -> (i32, i32) {
    let first = (a - 0.5).ceil();
    let end = (b - 0.5).ceil();
    if !(first.is_finite() && end.is_finite()) || end <= first {
        return (first.max(0.0) as i32, 0);
    }
    (first as i32, (end - first) as i32)
}

/// The scissor box (GL window coordinates: origin at the bottom left, physical pixels) that covers
/// the same pixels as a rectangle drawn at `x, y, w, h` (physical pixels, y downwards) on a
/// framebuffer `height` pixels tall; `None` when it covers no pixel.
#[must_use]
pub fn scissor_box(x: f32, y: f32, w: f32, h: f32, height: f32) -> Option<(i32, i32, i32, i32)> {
    let (x0, cols) = pixel_span(x, x + w);
    let (y0, rows) = pixel_span(y, y + h);
    let bottom = (height.round() as i32) - (y0 + rows);
    (cols > 0 && rows > 0).then_some((x0, bottom, cols, rows))
}

/// Fills `x, y, w, h` (logical pixels) with the opaque `color` by a scissored clear of the
/// framebuffer: the pixels a rectangle drawn there would cover, with none of a drawn rectangle's
/// fill cost (on a software rasteriser, filling a window-tall panel is a large share of a frame).
/// What was queued before is drawn first, so the clear lands in drawing order.
pub fn clear_rect(x: f32, y: f32, w: f32, h: f32, color: Color) {
    use super::damage::{self, Bounds};
    use macroquad::miniquad::window;
    let mut b = Bounds::new(x, y, w, h);
    let hash = || {
        let mut hs = damage::hasher();
        damage::hash_floats(&mut hs, &[x, y, w, h, color.r, color.g, color.b, color.a]);
        std::hash::Hasher::finish(&hs)
    };
    if !damage::admit(|| b, hash) {
        return;
    }
    // Confined to the region being redrawn, if any: its edges are whole pixels, so the clear keeps
    // the pixels it would clear there.
    if let Some(region) = damage::clip_region() {
        b = b.intersection(region);
    }
    let (x, y, w, h) = (b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0);
    let dpi = window::dpi_scale();
    let (_, height) = window::screen_size();
    let Some((sx, sy, sw, sh)) = scissor_box(x * dpi, y * dpi, w * dpi, h * dpi, height) else { return };
    // SAFETY: macroquad's context exists (we are inside its frame loop) and only this thread draws.
    // After `flush` the default framebuffer is bound with the scissor test off (miniquad ends each pass
    // so); the clear is confined to the box, and the scissor test is switched off again, which is the
    // state miniquad's next pass expects (it sets its own scissor when it applies a pipeline).
    unsafe {
        use macroquad::miniquad::gl;
        get_internal_gl().flush();
        gl::glEnable(gl::GL_SCISSOR_TEST);
        gl::glScissor(sx, sy, sw, sh);
        gl::glClearColor(color.r, color.g, color.b, color.a);
        gl::glClear(gl::GL_COLOR_BUFFER_BIT);
        gl::glDisable(gl::GL_SCISSOR_TEST);
    }
}

/// macroquad clears the whole window (to black) at the start of every frame, before the app's code
/// runs. Where the framebuffer keeps the last frame for the app to draw over
/// ([`super::damage`]), the frame ends with this: what is queued is drawn, then the scissor test is
/// left on with an empty box, so that clear touches no pixel. The next frame calls
/// [`end_keep_frame`] before it draws anything.
pub fn keep_frame() {
    // SAFETY: inside macroquad's frame loop, on its thread. miniquad switches the scissor test on
    // for each of its draws and off after each (with its own box), so leaving it on between frames
    // affects only the clear macroquad makes before its first pass.
    unsafe {
        use macroquad::miniquad::gl;
        get_internal_gl().flush();
        gl::glEnable(gl::GL_SCISSOR_TEST);
        gl::glScissor(0, 0, 0, 0);
    }
}

/// Switches off the scissor test [`keep_frame`] left on, so the frame's own clears reach their pixels.
pub fn end_keep_frame() {
    // SAFETY: as in `keep_frame`.
    unsafe {
        use macroquad::miniquad::gl;
        gl::glDisable(gl::GL_SCISSOR_TEST);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_take_the_pixels_whose_centres_are_inside() {
        // Whole-pixel edges: exactly those pixels.
        assert_eq!(pixel_span(896.0, 1280.0), (896, 384));
        // A centre on the left edge is in, on the right edge out.
        assert_eq!(pixel_span(10.5, 12.5), (10, 2));
        assert_eq!(pixel_span(10.6, 12.4), (11, 1));
        // Too thin to reach a centre: nothing.
        assert_eq!(pixel_span(10.6, 10.9), (11, 0));
        assert_eq!(pixel_span(5.0, 2.0).1, 0);
        assert_eq!(pixel_span(f32::NAN, 2.0).1, 0);
    }

    #[test]
    fn scissor_boxes_count_rows_from_the_bottom() {
        // The right-hand panel of a 1280×800 window.
        assert_eq!(scissor_box(896.0, 0.0, 384.0, 800.0, 800.0), Some((896, 0, 384, 800)));
        // A box 10 px from the top, 20 px tall: rows 10..30 from the top are 770..790 from the bottom.
        assert_eq!(scissor_box(0.0, 10.0, 5.0, 20.0, 800.0), Some((0, 770, 5, 20)));
        assert_eq!(scissor_box(0.0, 10.0, 0.2, 20.0, 800.0), None);
    }
}
