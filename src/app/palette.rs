//! The colours shared by the canvas and the panel (RGBA, 0–255), so the panel's legend matches
//! what is drawn.

use crate::geom::ContactState;

pub type Rgba = [u8; 4];

pub const BACKGROUND: Rgba = [24, 26, 32, 255];
pub const GRID: Rgba = [44, 48, 58, 255];
pub const AXIS: Rgba = [78, 84, 100, 255];
pub const TICK_TEXT: Rgba = [130, 138, 156, 255];
pub const ZONE_LINE: Rgba = [96, 112, 150, 255];
pub const ZONE_TEXT: Rgba = [120, 132, 160, 255];
pub const ZONE_HIGHLIGHT: Rgba = [240, 200, 80, 34];
pub const ZONE_HIGHLIGHT_TEXT: Rgba = [255, 228, 160, 255];
pub const BOX_FILL: Rgba = [120, 95, 230, 60];
pub const BOX_EDGE: Rgba = [148, 118, 243, 255];
pub const HOVER: Rgba = [255, 255, 255, 255];
/// The verdicts: sky blue, yellow and vermillion (after Okabe & Ito's palette for colour-blind
/// readers), told apart under deuteranopia, protanopia and tritanopia (the test in
/// `palette_tests.rs`), and each drawn with its own outline too (see [`Cue`]).
pub const SEPARATED: Rgba = [70, 205, 255, 255];
pub const TOUCHING: Rgba = [255, 211, 75, 255];
pub const OVERLAPPING: Rgba = [230, 80, 20, 255];
pub const CLOSEST: Rgba = [235, 235, 245, 255];
pub const PUSH: Rgba = [203, 94, 160, 255];
pub const FACE: Rgba = [150, 160, 185, 255];
pub const FACE_LEAST: Rgba = [17, 151, 94, 255];
pub const WARNING: Rgba = [255, 90, 70, 255];
pub const TEXT: Rgba = [225, 228, 236, 255];
/// Hints and key reminders on the canvas ("drag the circle · T for the tour", "H: show panel"):
/// light enough for WCAG AA (4.5:1) on their plate even over the brightest part of the scene.
pub const HINT_TEXT: Rgba = [200, 206, 220, 255];
/// The keyboard focus: the ring round the panel's focused widget and the canvas's "Keys: panel"
/// plate. Amber, ~9:1 against the panel's background, and unlike any verdict colour.
pub const FOCUS_RING: Rgba = [255, 196, 0, 255];
/// The alpha of the plates under captions (the tour's) and under hints: the scene shows through
/// a little, never enough to bring text below 4.5:1 (tested).
pub const CAPTION_PLATE_ALPHA: u8 = 240;
pub const HINT_PLATE_ALPHA: u8 = 240;
/// Motion mode: the velocity arrow and its handle.
pub const VELOCITY: Rgba = [120, 220, 255, 255];
/// Motion mode: the swept capsule (drawn translucent).
pub const SWEPT: Rgba = [120, 220, 255, 255];
/// Motion mode: the rounded box the centre is cast against (drawn lightly).
pub const ROUNDED_BOX: Rgba = BOX_EDGE;
/// Motion mode: the ghost circle at the time of impact, its contact point and normal.
pub const IMPACT: Rgba = [255, 214, 90, 255];
/// Motion mode: the continuation (slide or bounce) and its end circle.
pub const CONTINUATION: Rgba = [200, 120, 255, 255];

/// The teaching layer: the colour of the trace's focus on the canvas (what the selected algorithm's
/// trace looked at), and the alpha of an axis slab's tint (that colour, faintly).
pub const FOCUS: Rgba = [150, 235, 110, 255];
pub const SLAB_ALPHA: u8 = 20;

/// The colour of a contact state.
#[must_use]
pub fn state(s: ContactState) -> Rgba {
    match s {
        ContactState::Separated => SEPARATED,
        ContactState::Touching => TOUCHING,
        ContactState::Overlapping => OVERLAPPING,
    }
}

/// The state the canvas shows for an algorithm's verdict: its yes/no refined by the exact contact
/// (a "yes" on a touching scene is drawn as touching).
#[must_use]
pub fn shown_state(verdict: bool, exact: ContactState) -> ContactState {
    match (verdict, exact) {
        (false, _) => ContactState::Separated,
        (true, ContactState::Touching) => ContactState::Touching,
        (true, _) => ContactState::Overlapping,
    }
}

/// The 2D canvas's legend, in drawing order: the verdicts and the construction's colours. The
/// panel's legend starts with the same six.
pub const LEGEND: [(&str, Rgba); 6] = [
    ("separated", SEPARATED),
    ("touching", TOUCHING),
    ("overlapping", OVERLAPPING),
    ("closest point", CLOSEST),
    ("push-out", PUSH),
    ("least face", FACE_LEAST),
];

/// The verdict's second cue, for a reader who cannot tell the colours apart (or a greyscale
/// projector): how the circle's outline is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// Separated: one plain solid outline.
    Solid,
    /// Touching: a doubled outline (a second, thin ring just inside).
    Double,
    /// Overlapping: a dashed outline and a hatch (×) over the centre.
    Dashed,
}

/// The outline cue of a contact state.
#[must_use]
pub fn cue(s: ContactState) -> Cue {
    match s {
        ContactState::Separated => Cue::Solid,
        ContactState::Touching => Cue::Double,
        ContactState::Overlapping => Cue::Dashed,
    }
}

/// The same colour with another alpha.
#[must_use]
pub fn alpha(c: Rgba, a: u8) -> Rgba {
    [c[0], c[1], c[2], a]
}

/// `layer` blended over `base` as the GPU blends a translucent shape over what is drawn
/// (`layer·a + base·(1 − a)` per channel); the result keeps `base`'s alpha. Lets an opaque
/// background be laid in one go with its translucent tints already applied.
#[must_use]
pub fn over(base: Rgba, layer: Rgba) -> Rgba {
    let a = f32::from(layer[3]) / 255.0;
    let mix = |b: u8, l: u8| (f32::from(l) * a + f32::from(b) * (1.0 - a)).round() as u8;
    [mix(base[0], layer[0]), mix(base[1], layer[1]), mix(base[2], layer[2]), base[3]]
}

/// Playground: a solid cell, the light line of the seams between flush cells, the map's border.
pub const CELL: Rgba = [86, 98, 124, 255];
pub const SEAM: Rgba = [120, 134, 164, 255];
pub const MAP_BORDER: Rgba = [60, 66, 80, 255];
/// The rain of balls: every ball (one colour, found nowhere else on the canvas: the desktop test
/// counts its pixels).
pub const RAIN_BALL: Rgba = [255, 176, 46, 255];
/// Playground: the throw arrow and its handle.
pub const THROW: Rgba = [235, 235, 245, 255];
/// Play: the character (filled) and its trail.
pub const CHARACTER: Rgba = [245, 245, 250, 255];
/// Play's HUD: the contact normals, each also labelled (ground, wall, ceiling), so colour is not the
/// only cue.
pub const GROUND_NORMAL: Rgba = [80, 200, 120, 255];
pub const WALL_NORMAL: Rgba = [255, 160, 60, 255];
pub const CEILING_NORMAL: Rgba = [200, 120, 255, 255];
/// Play's event marks: a snap down (a triangle pointing down, "snap") and a step up (pointing up,
/// "step up").
pub const SNAP_MARK: Rgba = [120, 220, 255, 255];
pub const STEP_MARK: Rgba = [250, 214, 90, 255];
/// Play's touch pads.
pub const PAD: Rgba = [235, 235, 245, 255];
/// Playground race: one colour per strategy, in registry order (`world::STRATEGIES`).
pub const STRATEGY: [Rgba; 7] = [
    [255, 90, 70, 255],   // discrete-in-order: red
    [255, 160, 60, 255],  // discrete-deepest-first: orange
    [250, 214, 90, 255],  // swept-slide: yellow
    [200, 120, 255, 255], // per-axis: violet
    [90, 170, 255, 255],  // plane-solver: blue
    [120, 220, 255, 255], // merged: cyan
    [80, 200, 120, 255],  // swept-slide-seamless: green
];

/// The race colour of the strategy at registry index `i`.
#[must_use]
pub fn race_colour(i: usize) -> Rgba {
    STRATEGY[i % STRATEGY.len()]
}

#[cfg(test)]
#[path = "palette_tests.rs"]
mod cvd_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn over_blends_like_the_gpu_and_keeps_the_base_alpha() {
        assert_eq!(over(BACKGROUND, [200, 100, 0, 0]), BACKGROUND);
        assert_eq!(over(BACKGROUND, [200, 100, 0, 255]), [200, 100, 0, 255]);
        // 34/255 of the zone highlight over the background: 24 + (240 − 24)·34/255 = 52.8.
        assert_eq!(over(BACKGROUND, ZONE_HIGHLIGHT), [53, 49, 38, 255]);
        assert_eq!(over([10, 10, 10, 7], [110, 210, 60, 51])[3], 7);
        assert_eq!(over([10, 10, 10, 7], [110, 210, 60, 51])[..3], [30, 50, 20]);
    }
}
