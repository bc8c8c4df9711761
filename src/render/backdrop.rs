//! The canvas's background: the nine zones cleared to their colours, and the colours a grid line
//! takes as it crosses them.

use super::canvas_zones::zone_rect;
use super::style::to_color;
use super::{flat, overlay};
use crate::app::palette::{self, Rgba};
use crate::app::{ScreenRect, State};
use macroquad::prelude::*;

/// The colour the frame loop clears the window to before drawing the scene (the canvas has no
/// background layer of its own).
#[must_use]
pub fn background() -> Color {
    to_color(palette::BACKGROUND)
}

/// The colour the frame loop clears the 2D canvas to for `state`: the window's background, with the
/// distance field's lighter outside band over it when the field's bands are drawn (the backdrop
/// holds them: [`overlay::field_base`]).
#[must_use]
pub fn canvas_background(state: &State) -> Color {
    to_color(if state.mode.flat_playground() { palette::BACKGROUND } else { base_under(overlay::field_base(state)) })
}

/// The canvas's clear colour under the distance field's lighter bands (`field`, outside and inside).
pub fn base_under(field: Option<[Rgba; 2]>) -> Rgba {
    field.map_or(palette::BACKGROUND, |[outside, _]| palette::over(palette::BACKGROUND, outside))
}

/// The canvas's background, laid zone by zone as opaque colours: the window's background with the
/// translucent layers that cover the whole zone already blended in — the centre's zone highlighted
/// and, with the trace on the canvas, the slabs its axis tests look at (the box's column and row,
/// faintly). Each tinted zone is one scissored clear ([`flat::clear_rect`]), because on a software
/// rasteriser blending canvas-sized translucent rectangles is costly. The grid lies over the zones,
/// each part in the colour the tints give it ([`Backdrop::tinted`]); the slabs lie under the shapes.
pub struct Backdrop {
    /// Zone `x + 3y` on the canvas (clipped; empty when off it).
    zones: [ScreenRect; 9],
    /// The translucent layers over each zone, in drawing order.
    tints: [Vec<Rgba>; 9],
    /// The distance field's lighter bands outside the box and inside it, when its bands are drawn
    /// ([`overlay::field_base`]): the top layer of every zone, over the grid and the zone lines.
    field: Option<[Rgba; 2]>,
    /// The colour the canvas is cleared to ([`canvas_background`]).
    base: Rgba,
    /// The box's left and right edges, top and bottom, on the screen.
    xs: [f32; 2],
    ys: [f32; 2],
}

impl Backdrop {
    pub fn new(state: &State, highlight: Option<u32>, slabs: [bool; 2]) -> Backdrop {
        let zones = std::array::from_fn(|n| zone_rect(state, n as u32 % 3, n as u32 / 3));
        let slab = palette::alpha(overlay::FOCUS, overlay::SLAB_ALPHA);
        let field = overlay::field_base(state);
        let tints = std::array::from_fn(|n| {
            let n = n as u32;
            let mut t = Vec::new();
            if highlight == Some(n) {
                t.push(palette::ZONE_HIGHLIGHT);
            }
            // The x slab is the box's column of zones (x = 1), the y slab its row (y = 1).
            if slabs[0] && n % 3 == 1 {
                t.push(slab);
            }
            if slabs[1] && n / 3 == 1 {
                t.push(slab);
            }
            // The box is zone 4: inside.
            if let Some(f) = field {
                t.push(f[usize::from(n == 4)]);
            }
            t
        });
        let (lo, hi) = (state.view.to_screen(state.aabb.min()), state.view.to_screen(state.aabb.max()));
        Backdrop { zones, tints, field, base: base_under(field), xs: [lo.x, hi.x], ys: [hi.y, lo.y] }
    }

    /// `colour` with the distance field's lighter band at screen point `p` over it (unchanged without
    /// the field): a line drawn under the field's bands.
    pub fn field_over(&self, p: Vec2, colour: Rgba) -> Rgba {
        match self.field {
            Some(f) => palette::over(colour, f[usize::from(self.column(p.x) == 1 && self.row(p.y) == 1)]),
            None => colour,
        }
    }

    /// `base` under zone `n`'s tints.
    fn tinted(&self, n: usize, base: Rgba) -> Rgba {
        self.tints[n].iter().fold(base, |c, &t| palette::over(c, t))
    }

    /// Clears each zone to its colour: every zone, or (`cleared`: the canvas was cleared to its
    /// background) those of another colour. A frame that redraws a region of the canvas clears the
    /// region this way, each pixel once (clears are confined to the region: [`flat::clear_rect`]).
    pub fn lay(&self, cleared: bool) {
        for (r, colour) in self.clears(cleared) {
            flat::clear_rect(r.x, r.y, r.w, r.h, to_color(colour));
        }
    }

    /// The zones [`Backdrop::lay`] clears, with their colours.
    fn clears(&self, cleared: bool) -> impl Iterator<Item = (ScreenRect, Rgba)> + '_ {
        let colours = (0..9).map(|n| self.tinted(n, palette::BACKGROUND));
        self.zones.iter().copied().zip(colours).filter(move |&(_, c)| !cleared || c != self.base)
    }

    /// The zone column of screen `x` (0 left of the box, 1 within, 2 right), by the rule the
    /// clears follow: a pixel whose centre is on an edge belongs to the zone right of it.
    fn column(&self, x: f32) -> usize {
        self.xs.iter().filter(|&&e| x >= e).count()
    }

    /// The zone row of screen `y` (2 above the box, 1 within, 0 below).
    fn row(&self, y: f32) -> usize {
        2 - self.ys.iter().filter(|&&e| y >= e).count()
    }

    /// A vertical line at screen `x` reaching `reach` pixels to each side, from the canvas's top to
    /// its bottom, in pieces: `base` under the tints of the zones it crosses, in two colours where a
    /// zone border runs under it.
    pub fn down_column(&self, x: f32, reach: f32, base: Rgba) -> Vec<Piece> {
        let (c0, c1) = (self.column(x - reach), self.column(x + reach));
        let border = if c0 == c1 { f32::INFINITY } else { self.xs[c0] };
        // Top of the screen first: zone row 2 (above the box), 1, 0.
        let pieces = [2, 1, 0].map(|zy| {
            let r = self.zones[3 * zy];
            let colours = (self.tinted(c0 + 3 * zy, base), self.tinted(c1 + 3 * zy, base));
            Piece { from: r.y, to: r.y + r.h, before: colours.0, after: colours.1, border }
        });
        merge_pieces(&pieces)
    }

    /// A horizontal line at screen `y` across the canvas, in pieces as [`Backdrop::down_column`].
    pub fn along_row(&self, y: f32, reach: f32, base: Rgba) -> Vec<Piece> {
        let (r0, r1) = (self.row(y - reach), self.row(y + reach));
        let border = if r0 == r1 { f32::INFINITY } else { self.ys[2 - r0] };
        let pieces = [0, 1, 2].map(|zx| {
            let r = self.zones[zx];
            let colours = (self.tinted(zx + 3 * r0, base), self.tinted(zx + 3 * r1, base));
            Piece { from: r.x, to: r.x + r.w, before: colours.0, after: colours.1, border }
        });
        merge_pieces(&pieces)
    }
}

/// A piece of a grid line, from `from` to `to` along it: `before` on the side of the border
/// across it with the smaller screen coordinate, `after` beyond it (the border is infinite when
/// the line lies within one zone).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Piece {
    pub from: f32,
    pub to: f32,
    pub before: Rgba,
    pub after: Rgba,
    pub border: f32,
}

/// Joins consecutive pieces of the same colours and drops empty ones.
fn merge_pieces(pieces: &[Piece]) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::with_capacity(pieces.len());
    for &p in pieces {
        if p.to <= p.from {
            continue;
        }
        match out.last_mut() {
            Some(last) if (last.before, last.after, last.to) == (p.before, p.after, p.from) => last.to = p.to,
            _ => out.push(p),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::teach::Overlay;
    use crate::app::{update, Input, SceneOptions};
    use crate::geom::{algo::ALGORITHMS, Circle};
    use crate::teach::field::band_layers;

    /// Box [−2, 2] × [−1, 1.5] on a 1000 × 800 canvas, the circle in zone 8 (above right).
    fn scene() -> State {
        let mut s = State::new(SceneOptions {
            circle: Circle::new([2.9, 2.3], 1.0).unwrap(),
            aabb: crate::geom::Rect::new([-2.0, -1.0], [2.0, 1.5]).unwrap(),
            algorithm: ALGORITHMS.iter().position(|a| a.id == "arvo").unwrap(),
            ..SceneOptions::default()
        });
        update(&mut s, &Input { canvas: Some(ScreenRect { x: 0.0, y: 0.0, w: 1000.0, h: 800.0 }), ..Input::default() });
        s
    }

    #[test]
    fn each_zone_takes_the_layers_that_covered_it_in_their_order() {
        let s = scene();
        // Arvo's trace tests each axis: both slabs.
        assert_eq!(overlay::axis_slabs(overlay::canvas_trace(&s).as_ref()), [true, true]);
        assert_eq!(overlay::axis_slabs(None), [false, false], "no trace on the canvas, no slabs");
        let b = Backdrop::new(&s, Some(8), [true, true]);
        let slab = palette::alpha(overlay::FOCUS, overlay::SLAB_ALPHA);
        assert_eq!(b.tints[8], vec![palette::ZONE_HIGHLIGHT]);
        assert_eq!(b.tints[4], vec![slab, slab], "the box's zone lies in both slabs");
        assert_eq!(b.tints[1], vec![slab]);
        assert_eq!(b.tints[3], vec![slab]);
        assert!(b.tints[0].is_empty() && b.tints[2].is_empty() && b.tints[6].is_empty());
        // The colour of a zone is its layers over the background, one after the other.
        let expected = palette::over(palette::over(palette::BACKGROUND, slab), slab);
        assert_eq!(b.tinted(4, palette::BACKGROUND), expected);
        // Motion mode: no layers at all.
        let plain = Backdrop::new(&s, None, [false; 2]);
        assert!(plain.tints.iter().all(Vec::is_empty));
    }

    #[test]
    fn with_the_distance_field_the_lighter_bands_are_every_zones_top_layer_and_the_canvas_background() {
        let mut s = scene();
        let without = Backdrop::new(&s, Some(8), [false; 2]);
        assert_eq!((without.field, without.base), (None, palette::BACKGROUND));
        s.teach.overlay = Overlay::Distance;
        let [outside, inside] = overlay::field_base(&s).expect("the field's bands are drawn in this view");
        assert_eq!([outside, inside], [band_layers(true).0, band_layers(false).0]);
        let b = Backdrop::new(&s, Some(8), [false; 2]);
        // Over the highlight in zone 8; the box, zone 4, takes the inside band.
        assert_eq!(b.tints[8], vec![palette::ZONE_HIGHLIGHT, outside]);
        assert_eq!(b.tints[4], vec![inside]);
        assert_eq!(b.tints[0], vec![outside]);
        // The canvas is cleared to the outside band over the background: zones of that colour need no
        // clear of their own; the box and the highlighted zone do.
        assert_eq!(b.base, palette::over(palette::BACKGROUND, outside));
        assert_eq!(canvas_background(&s), to_color(b.base));
        let own: Vec<ScreenRect> = b.clears(true).map(|(r, _)| r).collect();
        assert_eq!(own, vec![b.zones[4], b.zones[8]]);
        // Where the canvas was not cleared (a region redrawn), every zone is, each in its colour.
        let all: Vec<(ScreenRect, Rgba)> = b.clears(false).collect();
        assert_eq!(all.len(), 9);
        assert!(all.iter().enumerate().all(|(n, &(r, c))| r == b.zones[n] && c == b.tinted(n, palette::BACKGROUND)));
        // A line under the field takes the band of the side it lies on.
        let (lo, hi) = (s.view.to_screen(s.aabb.min()), s.view.to_screen(s.aabb.max()));
        let zone_line = palette::ZONE_LINE;
        assert_eq!(b.field_over(0.5 * (lo + hi), zone_line), palette::over(zone_line, inside));
        assert_eq!(b.field_over(vec2(lo.x - 5.0, 0.5 * (lo.y + hi.y)), zone_line), palette::over(zone_line, outside));
        assert_eq!(without.field_over(0.5 * (lo + hi), zone_line), zone_line);
        // Bands closer than 2 px apart (a view hundreds of times the box) are not drawn: no field in
        // the background either.
        s.view.scale = 0.01;
        assert_eq!(overlay::field_base(&s), None);
        assert_eq!(canvas_background(&s), background());
    }

    #[test]
    fn a_grid_line_takes_each_zones_colour_and_splits_where_a_border_runs_under_it() {
        let s = scene();
        let b = Backdrop::new(&s, Some(8), [true, true]);
        let (lo, hi) = (s.view.to_screen(s.aabb.min()), s.view.to_screen(s.aabb.max()));
        let g = palette::GRID;
        // A vertical line in the box's column, clear of its edges: three pieces down the canvas,
        // above, beside and below the box, in the x slab's colour and, beside the box, both slabs'.
        let x = 0.5 * (lo.x + hi.x);
        let p = b.down_column(x, 1.0, g);
        assert_eq!(p.len(), 3);
        assert_eq!((p[0].from, p[2].to), (0.0, 800.0));
        assert_eq!((p[0].to, p[1].to), (hi.y, lo.y));
        assert_eq!(p[0].before, b.tinted(7, g));
        assert_eq!(p[1].before, b.tinted(4, g));
        assert!(p.iter().all(|q| q.before == q.after && q.border.is_infinite()));
        // Left of the box: zones 6, 3, 0; only zone 3 (the y slab) is tinted, so two of the three
        // pieces differ and nothing merges.
        let p = b.down_column(lo.x - 50.0, 1.0, g);
        assert_eq!(p.iter().map(|q| q.before).collect::<Vec<_>>(), [g, b.tinted(3, g), g]);
        // On the box's right edge: the border runs under the line; left of it the box's column,
        // right of it zone 5 (y slab) beside the box and the highlighted zone 8 above it.
        let p = b.down_column(hi.x, 1.0, g);
        assert!(p.iter().all(|q| q.border == hi.x));
        assert_eq!((p[0].before, p[0].after), (b.tinted(7, g), b.tinted(8, g)));
        assert_eq!((p[1].before, p[1].after), (b.tinted(4, g), b.tinted(5, g)));
        // A horizontal line through the box's rows, and one on its top edge.
        let p = b.along_row(0.5 * (lo.y + hi.y), 1.0, g);
        assert_eq!(p.iter().map(|q| q.before).collect::<Vec<_>>(), [b.tinted(3, g), b.tinted(4, g), b.tinted(5, g)]);
        let p = b.along_row(hi.y, 1.0, g);
        assert!(p.iter().all(|q| q.border == hi.y));
        assert_eq!((p[2].before, p[2].after), (b.tinted(8, g), b.tinted(5, g)));
    }

    #[test]
    fn equal_neighbours_merge_and_empty_pieces_drop() {
        let c = palette::GRID;
        let piece = |from, to| Piece { from, to, before: c, after: c, border: f32::INFINITY };
        let merged = merge_pieces(&[piece(0.0, 10.0), piece(10.0, 10.0), piece(10.0, 30.0)]);
        assert_eq!(merged, vec![piece(0.0, 30.0)]);
        let other = Piece { before: palette::AXIS, ..piece(30.0, 40.0) };
        assert_eq!(merge_pieces(&[piece(0.0, 30.0), other]).len(), 2);
    }
}
