//! Where the circle's centre may be for the shapes to overlap.

use super::strokes::dashed_line;
use super::style::{to_color, Sizes};
use super::{aa, paint};
use crate::app::palette;
use crate::app::State;
use macroquad::prelude::*;

/// Where the centre may be for the shapes to overlap: the box grown by r, with rounded corners
/// (thin dashed outline). With `planes_naive` selected, its square-cornered version too: the
/// corner patches it wrongly accepts are tinted in the warning colour.
pub fn draw_overlap_region(state: &State, sizes: Sizes) {
    use std::f32::consts::{FRAC_PI_2, PI};
    let view = state.view;
    // Drawn in the box's frame: turned with the box when it is turned.
    let frame = state.box_frame();
    let v = Turned { view, frame };
    let r = state.circle.radius();
    if r * view.scale < 2.0 {
        return;
    }
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let color = to_color(palette::alpha(palette::ZONE_TEXT, 150));
    let w = sizes.line(1.2);
    let dash = 4.0 * sizes.scale;
    // The four straight sides, each r out from a face.
    let sides = [
        ([lo[0], lo[1] - r], [hi[0], lo[1] - r]),
        ([lo[0], hi[1] + r], [hi[0], hi[1] + r]),
        ([lo[0] - r, lo[1]], [lo[0] - r, hi[1]]),
        ([hi[0] + r, lo[1]], [hi[0] + r, hi[1]]),
    ];
    for (p, q) in sides {
        dashed_line(v.to_screen(p), v.to_screen(q), w, color, dash);
    }
    // The four rounded corners; (corner, start angle, outward signs).
    let corners = [
        ([hi[0], hi[1]], 0.0, [1.0, 1.0]),
        ([lo[0], hi[1]], FRAC_PI_2, [-1.0, 1.0]),
        ([lo[0], lo[1]], PI, [-1.0, -1.0]),
        ([hi[0], lo[1]], 3.0 * FRAC_PI_2, [1.0, -1.0]),
    ];
    let naive = state.algorithm().id == "planes_naive";
    let n = 24;
    for (c, a0, sign) in corners {
        let arc: Vec<Vec2> = (0..=n)
            .map(|i| {
                let t = a0 + FRAC_PI_2 * i as f32 / n as f32;
                v.to_screen([c[0] + r * t.cos(), c[1] + r * t.sin()])
            })
            .collect();
        for (i, pair) in arc.windows(2).enumerate() {
            if i % 2 == 0 {
                aa::line(pair[0].x, pair[0].y, pair[1].x, pair[1].y, w, color);
            }
        }
        if naive {
            let far = v.to_screen([c[0] + sign[0] * r, c[1] + sign[1] * r]);
            let tint = to_color(palette::alpha(palette::WARNING, 60));
            for pair in arc.windows(2) {
                paint::triangle(far, pair[0], pair[1], tint);
            }
            let edge = to_color(palette::alpha(palette::WARNING, 170));
            dashed_line(arc[0], far, w, edge, dash);
            dashed_line(arc[n], far, w, edge, dash);
        }
    }
}

/// The view with the box's turn in front of it (the view itself when the box is aligned).
struct Turned {
    view: crate::app::View,
    frame: Option<crate::app::still::BoxFrame>,
}

impl Turned {
    fn to_screen(&self, p: [f32; 2]) -> Vec2 {
        self.view.to_screen(self.frame.map_or(p, |f| f.turn(p)))
    }
}
