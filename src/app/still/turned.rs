//! The turned box's picture as plain data: where the zones, the zone lines and the zone numbers go
//! when they are drawn in the box's frame, and where the box's-view inset goes and how its picture is
//! fitted. The canvas (`render::turned`) and the vector figure (`figure::turned`) both draw from
//! these numbers, so the two cannot drift apart. No drawing here.

use super::frame::BoxFrame;
use crate::app::view::{ScreenRect, Sizes};
use crate::app::State;
use crate::format::number;
use glam::{vec2, Vec2};

/// The polygon `poly` clipped to the rectangle `r` (Sutherland–Hodgman).
#[must_use]
pub fn clip_polygon(poly: &[Vec2], r: ScreenRect) -> Vec<Vec2> {
    let mut out = poly.to_vec();
    // Each edge as a signed distance, inside when ≥ 0.
    type Side = fn(Vec2, ScreenRect) -> f32;
    let edges: [Side; 4] = [|p, r| p.x - r.x, |p, r| r.x + r.w - p.x, |p, r| p.y - r.y, |p, r| r.y + r.h - p.y];
    for side in edges {
        let input = std::mem::take(&mut out);
        for (i, &a) in input.iter().enumerate() {
            let b = input[(i + 1) % input.len()];
            let (da, db) = (side(a, r), side(b, r));
            if da >= 0.0 {
                out.push(a);
            }
            if (da >= 0.0) != (db >= 0.0) {
                out.push(a + (b - a) * (da / (da - db)));
            }
        }
        if out.is_empty() {
            break;
        }
    }
    out
}

/// The segment `a`–`b` clipped to `r` (Liang–Barsky), if any of it is inside.
#[must_use]
pub fn clip_segment(a: Vec2, b: Vec2, r: ScreenRect) -> Option<(Vec2, Vec2)> {
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    let d = b - a;
    for (p, q) in [(-d.x, a.x - r.x), (d.x, r.x + r.w - a.x), (-d.y, a.y - r.y), (d.y, r.y + r.h - a.y)] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t0 < t1).then(|| (a + d * t0, a + d * t1))
}

/// The corners of zone `n` (`x + 3y`) of the box `lo..hi`, reaching `far` beyond the box.
#[must_use]
pub fn zone_corners(lo: [f32; 2], hi: [f32; 2], n: u32, far: f32) -> [[f32; 2]; 4] {
    let span = |k: u32, axis: usize| match k {
        0 => (lo[axis] - far, lo[axis]),
        1 => (lo[axis], hi[axis]),
        _ => (hi[axis], hi[axis] + far),
    };
    let ((x0, x1), (y0, y1)) = (span(n % 3, 0), span(n / 3, 1));
    [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
}

/// The box `lo..hi`'s four edges extended by `far` both ways: the nine-zone grid's lines.
#[must_use]
pub fn zone_edge_lines(lo: [f32; 2], hi: [f32; 2], far: f32) -> [([f32; 2], [f32; 2]); 4] {
    [
        ([lo[0], lo[1] - far], [lo[0], hi[1] + far]),
        ([hi[0], lo[1] - far], [hi[0], hi[1] + far]),
        ([lo[0] - far, lo[1]], [hi[0] + far, lo[1]]),
        ([lo[0] - far, hi[1]], [hi[0] + far, hi[1]]),
    ]
}

/// A point of the unturned box's plane on the screen, turned with the box.
#[must_use]
pub fn turned(state: &State, f: &BoxFrame, p: [f32; 2]) -> Vec2 {
    state.view.to_screen(f.turn(p))
}

/// Far enough (world units) to cross any canvas: its diagonal, twice.
fn canvas_far(state: &State) -> f32 {
    2.0 * (state.canvas.w + state.canvas.h) / state.view.scale.max(1e-6)
}

/// Zone `n` of the turned box on the screen, clipped to the canvas (a convex polygon, maybe empty).
#[must_use]
pub fn turned_zone(state: &State, f: &BoxFrame, n: u32) -> Vec<Vec2> {
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let poly: Vec<Vec2> = zone_corners(lo, hi, n, canvas_far(state)).iter().map(|&p| turned(state, f, p)).collect();
    clip_polygon(&poly, state.canvas)
}

/// The turned box's edges extended across the canvas, clipped to it (on the screen).
#[must_use]
pub fn turned_zone_lines(state: &State, f: &BoxFrame) -> Vec<(Vec2, Vec2)> {
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    zone_edge_lines(lo, hi, canvas_far(state))
        .into_iter()
        .filter_map(|(p, q)| clip_segment(turned(state, f, p), turned(state, f, q), state.canvas))
        .collect()
}

/// Where each zone's number is anchored on the screen (index `n`), turned with the box: the outer
/// zones 56 px out from the box along its own axes, the box's own 4 16 px inside its top-left corner.
#[must_use]
pub fn turned_label_anchors(state: &State, f: &BoxFrame, sizes: Sizes) -> [Vec2; 9] {
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    let out = 56.0 * sizes.scale / state.view.scale.max(1e-6);
    let inset = 16.0 * sizes.scale / state.view.scale.max(1e-6);
    let mid = state.aabb.center();
    std::array::from_fn(|n| {
        let n = n as u32;
        let at = |k: u32, axis: usize| match k {
            0 => lo[axis] - out,
            1 => mid[axis],
            _ => hi[axis] + out,
        };
        let p = if n == 4 { [lo[0] + inset, hi[1] - inset] } else { [at(n % 3, 0), at(n / 3, 1)] };
        turned(state, f, p)
    })
}

/// Whether the box's own number (4) has room inside it, for a label `text_h` high.
#[must_use]
pub fn box_label_fits(state: &State, text_h: f32) -> bool {
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    (hi[0] - lo[0]).min(hi[1] - lo[1]) * state.view.scale >= 2.0 * text_h + 16.0
}

/// The turned box's corners on the screen, counter-clockwise in the world from the lower left.
#[must_use]
pub fn turned_corners(state: &State, f: &BoxFrame) -> [Vec2; 4] {
    let (lo, hi) = (state.aabb.min(), state.aabb.max());
    [[lo[0], lo[1]], [hi[0], lo[1]], [hi[0], hi[1]], [lo[0], hi[1]]].map(|p| turned(state, f, p))
}

/// Where the box's-view inset goes on `canvas`: the bottom-left corner, above the legend's row,
/// about a quarter of the canvas's width (200 to 320 px, growing with the text scale up to 1.25×, at
/// most 45 % of the canvas), 3 : 4 high.
#[must_use]
pub fn inset_rect(canvas: ScreenRect, sizes: Sizes) -> ScreenRect {
    let w = ((0.26 * canvas.w).clamp(200.0, 320.0) * sizes.text.clamp(1.0, 1.25)).min(0.45 * canvas.w).max(0.0);
    let h = (0.75 * w).min(0.45 * canvas.h);
    let m = 12.0 * sizes.scale;
    ScreenRect { x: canvas.x + m, y: canvas.y + canvas.h - h - m - sizes.text_gap(34.0), w, h }
}

/// The inset's sizes: its text grows with the room's text scale only up to 1.25×, so it stays small.
#[must_use]
pub fn box_view_sizes(sizes: Sizes) -> Sizes {
    Sizes { text: sizes.text.min(1.25), ..sizes }
}

/// The inset's title: "box's view: turned back by A°".
#[must_use]
pub fn box_view_title(f: &BoxFrame) -> String {
    format!("box's view: turned back by {}°", number(f.degrees))
}

/// The inset's caption: the zone and the circle's centre in the box's frame.
#[must_use]
pub fn box_view_caption(f: &BoxFrame) -> String {
    let l = f.circle.center();
    format!("zone {}  local c = ({}, {})", f.contact.zone, number(l[0]), number(l[1]))
}

/// The box's-view inset laid out: its rectangle, the padding, the picture's rectangle (below the
/// title, above the caption's row) and the fit of the box and the circle in the box's frame into it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxView {
    /// The whole inset.
    pub rect: ScreenRect,
    /// The padding inside it, px.
    pub pad: f32,
    /// The picture's rectangle.
    pub pic: ScreenRect,
    /// Whether the caption's row is shown (it fits the inset's width).
    pub caption: bool,
    /// Pixels per unit of the box's frame.
    pub scale: f32,
    /// The box's-frame point at the picture's centre.
    pub mid: [f32; 2],
}

impl BoxView {
    /// The inset on `canvas` with `sizes` (already [`box_view_sizes`]); `title_h` the title's height,
    /// `caption` the caption's (width, height). `None` when the inset is too small to draw.
    #[must_use]
    pub fn of(canvas: ScreenRect, sizes: Sizes, f: &BoxFrame, title_h: f32, caption: (f32, f32)) -> Option<BoxView> {
        let r = inset_rect(canvas, sizes);
        if r.w < 120.0 || r.h < 90.0 {
            return None;
        }
        let pad = 8.0 * sizes.scale;
        let shown = caption.0 + 2.0 * pad <= r.w;
        let row = if shown { caption.1 + pad } else { 0.0 };
        let pic = ScreenRect {
            x: r.x + pad,
            y: r.y + 2.0 * pad + title_h,
            w: r.w - 2.0 * pad,
            h: r.h - 3.0 * pad - title_h - row,
        };
        // The box and the circle in the box's frame, fitted with a margin.
        let (c, rad) = (f.circle.center(), f.circle.radius());
        let (lo, hi) = (f.aabb.min(), f.aabb.max());
        let wlo = [lo[0].min(c[0] - rad), lo[1].min(c[1] - rad)];
        let whi = [hi[0].max(c[0] + rad), hi[1].max(c[1] + rad)];
        let span = [(whi[0] - wlo[0]).max(1e-3), (whi[1] - wlo[1]).max(1e-3)];
        let scale = (0.84 * pic.w / span[0]).min(0.84 * pic.h / span[1]);
        let mid = [0.5 * (wlo[0] + whi[0]), 0.5 * (wlo[1] + whi[1])];
        Some(BoxView { rect: r, pad, pic, caption: shown, scale, mid })
    }

    /// A point of the box's frame in the picture (y up).
    #[must_use]
    pub fn at(&self, p: [f32; 2]) -> Vec2 {
        let pic = self.pic;
        vec2(
            pic.x + 0.5 * pic.w + (p[0] - self.mid[0]) * self.scale,
            pic.y + 0.5 * pic.h - (p[1] - self.mid[1]) * self.scale,
        )
    }

    /// The centre's zone in the picture, clipped to it.
    #[must_use]
    pub fn zone(&self, f: &BoxFrame) -> Vec<Vec2> {
        let (lo, hi) = (f.aabb.min(), f.aabb.max());
        let poly: Vec<Vec2> = zone_corners(lo, hi, f.contact.zone, self.far()).iter().map(|&p| self.at(p)).collect();
        clip_polygon(&poly, self.pic)
    }

    /// The zone lines in the picture, clipped to it.
    #[must_use]
    pub fn zone_lines(&self, f: &BoxFrame) -> Vec<(Vec2, Vec2)> {
        let (lo, hi) = (f.aabb.min(), f.aabb.max());
        zone_edge_lines(lo, hi, self.far())
            .into_iter()
            .filter_map(|(p, q)| clip_segment(self.at(p), self.at(q), self.pic))
            .collect()
    }

    fn far(&self) -> f32 {
        4.0 * (self.pic.w + self.pic.h) / self.scale.max(1e-6)
    }
}
