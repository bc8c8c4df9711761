//! The overlay image on the GPU, and the overlay drawn from it.

use super::field::draw_distance_field;
use super::texels::{texel_pieces, TexelPiece};
use crate::app::overlay::{visible_texels, OverlayCache};
use crate::app::teach::Overlay;
use crate::app::State;
use crate::render::style::{to_color, Sizes};
use crate::render::{flat, paint};
use crate::teach::GridSpec;
use macroquad::prelude::*;

/// A GPU texture for a picture made on the CPU and replaced now and then (the overlay, the 3D
/// slice): while the size stays, new pixels go into the same texture.
#[derive(Default)]
pub struct ImageTexture {
    tex: Option<Texture2D>,
    size: (u16, u16),
}

impl ImageTexture {
    /// Uploads a `cols` × `rows` RGBA image (top row first), sampled with `filter`; `None` (and
    /// nothing uploaded) when a side does not fit a texture's `u16`.
    pub fn upload(&mut self, cols: usize, rows: usize, rgba: &[u8], filter: FilterMode) -> Option<&Texture2D> {
        let (Ok(w), Ok(h)) = (u16::try_from(cols), u16::try_from(rows)) else { return None };
        match &self.tex {
            Some(t) if self.size == (w, h) => t.update_from_bytes(u32::from(w), u32::from(h), rgba),
            _ => {
                self.tex = Some(Texture2D::from_rgba8(w, h, rgba));
                self.size = (w, h);
            }
        }
        let t = self.tex.as_ref()?;
        t.set_filter(filter);
        Some(t)
    }

    /// The texture last uploaded.
    #[must_use]
    pub fn get(&self) -> Option<&Texture2D> {
        self.tex.as_ref()
    }
}

/// The overlay image on the GPU.
#[derive(Default)]
pub struct OverlayLayer {
    tex: ImageTexture,
    generation: u64,
    spec: Option<GridSpec>,
    /// The part of the image that is not transparent (`visible_texels`), in the pieces it is drawn in.
    pieces: Vec<TexelPiece>,
}

impl OverlayLayer {
    /// Uploads the cache's image if it changed since the last call.
    pub fn sync(&mut self, cache: &OverlayCache) {
        if cache.generation == self.generation {
            return;
        }
        self.generation = cache.generation;
        let Some(img) = &cache.image else {
            self.spec = None;
            return;
        };
        // Linear: the coarse grid's colours and iso-lines blend smoothly instead of stair-stepping.
        let shown = self.tex.upload(img.spec.cols, img.spec.rows, &img.rgba, FilterMode::Linear).is_some();
        self.spec = shown.then_some(img.spec);
        // Agreed separation is transparent, and most of the canvas: draw only the rest (a textured
        // pixel is the dearest kind on a software rasteriser), and of that, sample the image only
        // where its colours change. Two texels of margin keep the linear filter's edge as it was.
        self.pieces = visible_texels(&img.rgba, img.spec.cols, 2)
            .map(|visible| texel_pieces(&img.rgba, img.spec.cols, visible))
            .unwrap_or_default();
    }
}

/// The overlay: the distance field drawn as contours, or the agreement map's texture over the world
/// area it was computed for.
pub fn draw_overlay(state: &State, layer: &OverlayLayer, sizes: Sizes) {
    if state.teach.overlay == Overlay::Distance {
        draw_distance_field(state, sizes);
        return;
    }
    let (Some(tex), Some(spec)) = (layer.tex.get(), layer.spec) else {
        return;
    };
    let v = state.view;
    // Texel coordinates (u across, v down: image row 0 is the top one) to the screen.
    let origin = v.to_screen([spec.x0, spec.y0 + spec.rows as f32 * spec.step]);
    let s = spec.step * v.scale;
    let place = |p: &TexelPiece| (origin + vec2(p.u[0], p.v[0]) * s, vec2(p.u[1] - p.u[0], p.v[1] - p.v[0]) * s);
    for p in &layer.pieces {
        if let Some(fill) = p.fill {
            let (at, size) = place(p);
            paint::rectangle(at.x, at.y, size.x, size.y, to_color(fill));
        }
    }
    if layer.pieces.iter().all(|p| p.fill.is_some()) {
        return;
    }
    flat::textured(1, || {
        for p in layer.pieces.iter().filter(|p| p.fill.is_none()) {
            let (at, size) = place(p);
            let source = Rect::new(p.u[0], p.v[0], p.u[1] - p.u[0], p.v[1] - p.v[0]);
            paint::texture(tex, layer.generation, at.x, at.y, size, source);
        }
    });
}
