//! macroquad's shape and image calls as the 2D canvas uses them, each asking [`damage::admit`]
//! first (with the pixels it may touch and a hash of what it draws), so a frame can be recorded
//! without drawing and redrawn inside a region only. The 2D canvas calls these, never macroquad's
//! `draw_rectangle`, `draw_rectangle_lines`, `draw_triangle` or `draw_texture_ex` directly.

use super::damage::{self, Bounds};
use macroquad::prelude::*;
use std::hash::{Hash, Hasher};

fn hash_of(kind: u8, floats: &[f32], color: Color) -> u64 {
    let mut h = damage::hasher();
    kind.hash(&mut h);
    damage::hash_floats(&mut h, floats);
    damage::hash_floats(&mut h, &[color.r, color.g, color.b, color.a]);
    h.finish()
}

/// A filled rectangle.
pub fn rectangle(x: f32, y: f32, w: f32, h: f32, color: Color) {
    if damage::admit(|| Bounds::new(x, y, w, h).padded(1.0), || hash_of(0, &[x, y, w, h], color)) {
        draw_rectangle(x, y, w, h, color);
    }
}

/// A rectangle's outline, `thickness` wide inside its edges.
pub fn rectangle_lines(x: f32, y: f32, w: f32, h: f32, thickness: f32, color: Color) {
    let b = || Bounds::new(x, y, w, h).padded(thickness.abs() + 1.0);
    if damage::admit(b, || hash_of(1, &[x, y, w, h, thickness], color)) {
        draw_rectangle_lines(x, y, w, h, thickness, color);
    }
}

/// A filled triangle.
pub fn triangle(a: Vec2, b: Vec2, c: Vec2, color: Color) {
    let bounds = || Bounds::of_points([(a.x, a.y), (b.x, b.y), (c.x, c.y)]).padded(1.0);
    if damage::admit(bounds, || hash_of(2, &[a.x, a.y, b.x, b.y, c.x, c.y], color)) {
        draw_triangle(a, b, c, color);
    }
}

/// Part of an image (`source`, in texels) drawn over `x, y, size`. `version` tells the image's
/// contents apart (the overlay layer's upload generation): a new image in the same place is damage.
pub fn texture(tex: &Texture2D, version: u64, x: f32, y: f32, size: Vec2, source: Rect) {
    let hash = || {
        let mut h = damage::hasher();
        version.hash(&mut h);
        damage::hash_floats(&mut h, &[x, y, size.x, size.y, source.x, source.y, source.w, source.h]);
        h.finish()
    };
    if damage::admit(|| Bounds::new(x, y, size.x, size.y).padded(1.0), hash) {
        draw_texture_ex(
            tex,
            x,
            y,
            WHITE,
            DrawTextureParams { dest_size: Some(size), source: Some(source), ..Default::default() },
        );
    }
}
