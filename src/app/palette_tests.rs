//! The palette seen by readers with the common colour-vision deficiencies: every pair of legend
//! colours must stay apart under a simulation of each.
//!
//! The simulation is Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
//! Simulation of Color Vision Deficiency", IEEE TVCG 15(6), at severity 1.0 (dichromacy), applied
//! to linear RGB; the difference is CIE76 ΔE*ab (Euclidean in CIELAB, D65). ΔE 20 is a little
//! more than the gap between the old palette's separated green and overlapping red under
//! deuteranopia (ΔE 17.0: "about 17 apart" in issue 26), which a class could not tell apart.

use super::*;

/// Machado et al. 2009, severity 1.0, rows of the matrix applied to linear RGB.
const DEUTERANOPIA: [[f64; 3]; 3] =
    [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]];
const PROTANOPIA: [[f64; 3]; 3] =
    [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]];
const TRITANOPIA: [[f64; 3]; 3] =
    [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]];
const NORMAL: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

const VISIONS: [(&str, [[f64; 3]; 3]); 4] =
    [("normal", NORMAL), ("deuteranopia", DEUTERANOPIA), ("protanopia", PROTANOPIA), ("tritanopia", TRITANOPIA)];

/// The least ΔE76 between two legend colours under every simulated vision.
const MIN_DELTA_E: f64 = 20.0;

fn linear(c: u8) -> f64 {
    let c = f64::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// CIELAB (D65) of a linear-RGB colour.
fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
    let x = 0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b;
    let z = 0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b;
    let f = |t: f64| if t > 216.0 / 24389.0 { t.cbrt() } else { (24389.0 / 27.0 * t + 16.0) / 116.0 };
    let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The colour as a reader with the given vision sees it, in CIELAB.
fn seen(c: Rgba, m: &[[f64; 3]; 3]) -> [f64; 3] {
    let l = [linear(c[0]), linear(c[1]), linear(c[2])];
    let row = |i: usize| (m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]).clamp(0.0, 1.0);
    lab([row(0), row(1), row(2)])
}

fn delta_e76(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The closest pair of `colours` under each vision: (vision, ΔE, name, name).
fn closest_pairs(colours: &[(&'static str, Rgba)]) -> Vec<(&'static str, f64, &'static str, &'static str)> {
    VISIONS
        .iter()
        .map(|(vision, m)| {
            let mut worst = (*vision, f64::INFINITY, "", "");
            for (i, a) in colours.iter().enumerate() {
                for b in &colours[i + 1..] {
                    let d = delta_e76(seen(a.1, m), seen(b.1, m));
                    if d < worst.1 {
                        worst = (*vision, d, a.0, b.0);
                    }
                }
            }
            worst
        })
        .collect()
}

/// The legend's colours and the box's edge, which the circle is always seen against.
fn legend_and_box() -> Vec<(&'static str, Rgba)> {
    let mut v = LEGEND.to_vec();
    v.push(("box edge", BOX_EDGE));
    v
}

#[test]
fn the_simulation_reproduces_the_issues_figure_for_the_old_palette() {
    // Issue 26: the old separated and overlapping colours "about 17 apart" under deuteranopia.
    let d = delta_e76(seen([80, 200, 120, 255], &DEUTERANOPIA), seen([240, 80, 80, 255], &DEUTERANOPIA));
    assert!((d - 17.0).abs() < 0.5, "ΔE {d}");
    // The old "touching" and "least face" yellows: 11 apart, the same yellow to a deuteranope.
    let d = delta_e76(seen([250, 190, 40, 255], &DEUTERANOPIA), seen([255, 160, 60, 255], &DEUTERANOPIA));
    assert!(d < MIN_DELTA_E, "ΔE {d}");
}

#[test]
fn every_pair_of_legend_colours_stays_apart_under_each_colour_vision_deficiency() {
    for (vision, d, a, b) in closest_pairs(&legend_and_box()) {
        assert!(d >= MIN_DELTA_E, "{vision}: {a} and {b} are only ΔE {d:.1} apart (need {MIN_DELTA_E})");
    }
}

#[test]
fn the_three_verdicts_also_differ_in_their_outline() {
    let cues = [cue(ContactState::Separated), cue(ContactState::Touching), cue(ContactState::Overlapping)];
    assert_ne!(cues[0], cues[1]);
    assert_ne!(cues[1], cues[2]);
    assert_ne!(cues[0], cues[2]);
}

/// WCAG 2's relative luminance and contrast ratio.
fn luminance(c: Rgba) -> f64 {
    0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2])
}

fn contrast(a: Rgba, b: Rgba) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[test]
fn contrast_ratio_matches_wcag() {
    assert!((contrast([255, 255, 255, 255], [0, 0, 0, 255]) - 21.0).abs() < 1e-9);
    assert!((contrast([118, 118, 118, 255], [255, 255, 255, 255]) - 4.54).abs() < 0.01);
}

#[test]
fn hint_and_caption_texts_reach_wcag_aa_contrast_on_their_backgrounds() {
    // The worst a plate can sit on: the brightest thing on the canvas (white), seen through it.
    let plates = [("caption plate", CAPTION_PLATE_ALPHA), ("hint plate", HINT_PLATE_ALPHA)];
    let texts = [
        ("hint", HINT_TEXT),
        ("caption keys", HINT_TEXT),
        ("caption title", ZONE_HIGHLIGHT_TEXT),
        ("caption text", TEXT),
    ];
    for (plate, a) in plates {
        let bg = over([255, 255, 255, 255], alpha(BACKGROUND, a));
        for (name, c) in texts {
            let k = contrast(c, bg);
            assert!(k >= 4.5, "{name} on the {plate} over white: {k:.2}:1");
        }
    }
    // Straight on the background (no plate): the tick labels and zone numbers.
    for (name, c) in [("tick labels", TICK_TEXT), ("zone numbers", ZONE_TEXT), ("hint", HINT_TEXT)] {
        let k = contrast(c, BACKGROUND);
        assert!(k >= 4.5, "{name} on the background: {k:.2}:1");
    }
}
