//! Where a caption or a legend goes on the canvas: the candidate place (four corners, top, bottom)
//! that covers least of what the scene is about (the circle, the box, the grown box or a marked
//! region), each given as a screen rectangle. Plain rectangles in, a rectangle out: the canvas
//! code measures the plate and draws it where this says.

use super::view::ScreenRect;

/// The candidate places, in order of preference when two cover the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    TopLeft,
    TopRight,
    Top,
    BottomLeft,
    BottomRight,
    Bottom,
}

impl Place {
    pub const ALL: [Place; 6] =
        [Place::TopLeft, Place::TopRight, Place::Top, Place::BottomLeft, Place::BottomRight, Place::Bottom];

    /// The plate of `w` × `h` at this place in `canvas`, `margin` in from its edges (a plate larger
    /// than the canvas keeps its top-left corner in it).
    #[must_use]
    pub fn rect(self, canvas: ScreenRect, w: f32, h: f32, margin: f32) -> ScreenRect {
        let left = canvas.x + margin;
        let right = (canvas.x + canvas.w - margin - w).max(left);
        let centre = (canvas.x + 0.5 * (canvas.w - w)).max(left);
        let top = canvas.y + margin;
        let bottom = (canvas.y + canvas.h - margin - h).max(top);
        let (x, y) = match self {
            Place::TopLeft => (left, top),
            Place::TopRight => (right, top),
            Place::Top => (centre, top),
            Place::BottomLeft => (left, bottom),
            Place::BottomRight => (right, bottom),
            Place::Bottom => (centre, bottom),
        };
        ScreenRect { x, y, w, h }
    }
}

/// The area two rectangles share.
#[must_use]
pub fn overlap_area(a: ScreenRect, b: ScreenRect) -> f32 {
    let w = (a.x + a.w).min(b.x + b.w) - a.x.max(b.x);
    let h = (a.y + a.h).min(b.y + b.h) - a.y.max(b.y);
    w.max(0.0) * h.max(0.0)
}

/// The place among `candidates` whose plate covers least of `avoid`, weighted: each entry is a
/// rectangle and how much covering it costs per pixel (the circle's centre more than the box's
/// far side). Ties go to the earlier candidate. Returns the place, the plate's rectangle and what
/// it covers (the weighted area: 0 when it is free).
#[must_use]
pub fn choose(
    canvas: ScreenRect,
    w: f32,
    h: f32,
    margin: f32,
    candidates: &[Place],
    avoid: &[(ScreenRect, f32)],
) -> (Place, ScreenRect, f32) {
    let mut best = (Place::TopLeft, Place::TopLeft.rect(canvas, w, h, margin), f32::INFINITY);
    for &p in candidates {
        let r = p.rect(canvas, w, h, margin);
        let c = covered(r, avoid);
        if c < best.2 {
            best = (p, r, c);
        }
    }
    best
}

/// How much of `avoid` the plate `r` covers, each rectangle's area weighted.
#[must_use]
pub fn covered(r: ScreenRect, avoid: &[(ScreenRect, f32)]) -> f32 {
    avoid.iter().map(|&(a, weight)| weight * overlap_area(r, a)).sum()
}

/// Places a `w`×`h` box near `(x, y)` (its preferred centre): the first of a few candidate centres
/// (the anchor, then above, below, right, left, then further out) whose box meets none of `taken`
/// (touching counts as meeting); the anchor itself when every candidate is taken. How the canvas
/// (`render::typeset::place`) and the figure (`figure`) keep a label off the centre marker and off
/// the labels placed before it.
#[must_use]
pub fn near(x: f32, y: f32, w: f32, h: f32, taken: &[ScreenRect]) -> ScreenRect {
    let (dx, dy) = (0.5 * w + 0.5 * h, 1.1 * h);
    let offsets = [
        (0.0, 0.0),
        (0.0, -dy),
        (0.0, dy),
        (dx, 0.0),
        (-dx, 0.0),
        (0.0, -2.0 * dy),
        (0.0, 2.0 * dy),
        (2.0 * dx, 0.0),
        (-2.0 * dx, 0.0),
    ];
    let boxed = |(ox, oy): (f32, f32)| ScreenRect { x: x + ox - 0.5 * w, y: y + oy - 0.5 * h, w, h };
    let meets =
        |a: &ScreenRect, b: &ScreenRect| a.x <= b.x + b.w && a.x + a.w >= b.x && a.y <= b.y + b.h && a.y + a.h >= b.y;
    offsets.iter().map(|&o| boxed(o)).find(|r| !taken.iter().any(|t| meets(t, r))).unwrap_or(boxed((0.0, 0.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CANVAS: ScreenRect = ScreenRect { x: 0.0, y: 0.0, w: 1000.0, h: 600.0 };

    fn rect(x: f32, y: f32, w: f32, h: f32) -> ScreenRect {
        ScreenRect { x, y, w, h }
    }

    #[test]
    fn places_sit_in_the_corners_and_edges() {
        let r = Place::BottomRight.rect(CANVAS, 200.0, 100.0, 10.0);
        assert_eq!((r.x, r.y), (790.0, 490.0));
        let r = Place::Top.rect(CANVAS, 200.0, 100.0, 10.0);
        assert_eq!((r.x, r.y), (400.0, 10.0));
        // Wider than the canvas: kept at its left edge.
        let r = Place::TopRight.rect(CANVAS, 2000.0, 100.0, 10.0);
        assert_eq!(r.x, 10.0);
    }

    #[test]
    fn overlap_area_of_apart_touching_and_nested_rects() {
        assert_eq!(overlap_area(rect(0.0, 0.0, 10.0, 10.0), rect(20.0, 0.0, 5.0, 5.0)), 0.0);
        assert_eq!(overlap_area(rect(0.0, 0.0, 10.0, 10.0), rect(10.0, 0.0, 5.0, 5.0)), 0.0);
        assert_eq!(overlap_area(rect(0.0, 0.0, 10.0, 10.0), rect(5.0, 5.0, 10.0, 10.0)), 25.0);
        assert_eq!(overlap_area(rect(0.0, 0.0, 10.0, 10.0), rect(2.0, 2.0, 2.0, 3.0)), 6.0);
    }

    #[test]
    fn a_circle_in_the_top_left_sends_the_caption_elsewhere() {
        let circle = rect(20.0, 20.0, 300.0, 300.0);
        let (p, r, cost) = choose(CANVAS, 400.0, 150.0, 10.0, &Place::ALL, &[(circle, 1.0)]);
        assert_eq!(cost, 0.0);
        assert_eq!(overlap_area(r, circle), 0.0);
        assert_eq!(p, Place::TopRight, "the first free candidate after TopLeft");
    }

    #[test]
    fn the_least_covered_place_wins_when_none_is_free() {
        // The scene fills the top and the left; the bottom right is the least covered.
        let top = rect(0.0, 0.0, 1000.0, 300.0);
        let left = rect(0.0, 0.0, 500.0, 600.0);
        let (p, _, cost) = choose(CANVAS, 400.0, 350.0, 10.0, &Place::ALL, &[(top, 1.0), (left, 1.0)]);
        assert_eq!(p, Place::BottomRight);
        // Its plate (590..990 × 240..590) still covers the top one's last 60 rows.
        assert_eq!(cost, 400.0 * 60.0);
    }

    #[test]
    fn weights_trade_a_box_edge_for_the_circle_centre() {
        // Top right covers a little of the circle's centre mark, bottom right much of the box: the
        // centre weighs 100 per pixel, so the box is covered instead.
        let centre = rect(850.0, 100.0, 20.0, 20.0);
        let boxr = rect(900.0, 500.0, 100.0, 100.0);
        let (p, _, _) =
            choose(CANVAS, 300.0, 150.0, 10.0, &[Place::TopRight, Place::BottomRight], &[(centre, 100.0), (boxr, 1.0)]);
        assert_eq!(p, Place::BottomRight);
        let (p, _, _) =
            choose(CANVAS, 300.0, 150.0, 10.0, &[Place::TopRight, Place::BottomRight], &[(centre, 1.0), (boxr, 1.0)]);
        assert_eq!(p, Place::TopRight);
    }
}
