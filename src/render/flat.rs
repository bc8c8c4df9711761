//! Shapes without a texture. macroquad draws every shape with its default material, which samples a
//! 1×1 white texture at each pixel and multiplies: the picture is the vertex colour, but on a software
//! rasteriser (SwiftShader in a browser without a GPU, llvmpipe under Xvfb) the sampling is most of a
//! pixel's cost — a raw WebGL page measured 15 ns per blended pixel with a linear-filtered texture
//! against 6.7 ns with the colour alone (docs/performance.md, "Render cost"). This material has the
//! default's vertex shader and blending and writes the vertex colour, so the pixels are the same.
//!
//! The 2D canvas draws its shapes with it ([`begin`] … [`end`]); text and the overlay image sample
//! textures, and switch back for their draws with [`textured`].

use macroquad::miniquad::{BlendFactor, BlendState, BlendValue, Equation};
use macroquad::prelude::*;
use std::cell::{Cell, RefCell};

const VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color0;

varying lowp vec4 color;

uniform mat4 Model;
uniform mat4 Projection;

void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
}"#;

const FRAGMENT: &str = r#"#version 100
varying lowp vec4 color;

void main() {
    gl_FragColor = color;
}"#;

thread_local! {
    /// Loaded once; `None` if the shader did not compile (then shapes keep the default material).
    static MATERIAL: RefCell<Option<Option<Material>>> = const { RefCell::new(None) };
    /// Between [`begin`] and [`end`].
    static ON: Cell<bool> = const { Cell::new(false) };
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

/// Runs `draw` (text, an image) with the default, textured material, and returns to flat shapes if
/// they were on. `textures` is how many textures `draw` uses: each is a draw batch, and so is the
/// shape batch it interrupts (counted for the frame-time readout, [`super::typeset::take_batches`]).
pub fn textured(textures: u32, draw: impl FnOnce()) {
    super::typeset::count_batches(textures + 1);
    let on = ON.with(Cell::get);
    if on {
        gl_use_default_material();
    }
    draw();
    if on {
        with_material(gl_use_material);
    }
}
