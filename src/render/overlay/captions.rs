//! Text of the teaching layer: the hover read-out, the lesson caption and the overlay's legend.

use crate::app::overlay::hover;
use crate::app::palette::{self, Rgba};
use crate::app::teach::{uses_arvo_mode, LessonRef, Overlay};
use crate::app::State;
use crate::format::number;
use crate::geom::ALGORITHMS;
use crate::render::label::{label, text};
use crate::render::style::{to_color, Sizes};
use crate::render::{aa, paint, typeset};
use crate::teach::agreement::Class;
use crate::teach::lessons::TOUR;
use macroquad::prelude::*;

/// The distance (and, with the agreement map, the class) at the pointer.
pub fn draw_hover(state: &State, sizes: Sizes) {
    let Some(h) = hover(state) else { return };
    let s = state.view.to_screen(h.at);
    let mut msg = format!("d = {}", number(h.distance as f32));
    if let Some(class) = h.class {
        msg = format!("{msg} · {}", class.label());
    }
    aa::rim(s.x, s.y, sizes.line(4.0), sizes.line(1.5), WHITE);
    label(&msg, s.x, s.y - 20.0 * sizes.scale, sizes.font(16.0), WHITE, true);
}

/// Splits `s` into lines no wider than `width` pixels at `size`.
fn wrap(s: &str, size: u16, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in s.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if !line.is_empty() && typeset::measure(&candidate, size).width > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The lesson caption at the top of the canvas, then the overlay's legend below it.
pub fn draw_captions(state: &State, sizes: Sizes) {
    // The legend in the top-right corner, the caption to its left (side by side, both readable).
    let legend_x = draw_overlay_legend(state, sizes);
    draw_caption(state, sizes, legend_x);
}

/// Lays out lines of text on a plate: (text, size, colour); returns the plate's height. Draws only
/// when `draw` is set (so the plate can be measured first).
fn plate_lines(lines: &[(String, u16, Color)], x: f32, y: f32, pad: f32, draw: bool) -> f32 {
    let mut cursor = y + pad;
    for (i, (t, size, colour)) in lines.iter().enumerate() {
        let size_f = f32::from(*size);
        cursor += if i == 0 { size_f } else { 1.35 * size_f };
        if draw {
            text(t, x + pad, cursor - 0.2 * size_f, *size, *colour);
        }
    }
    cursor + pad - y
}

/// The lesson on show, in large type at the top of the canvas (readable when projected), left of
/// `right_limit` when the overlay legend is there.
fn draw_caption(state: &State, sizes: Sizes, right_limit: Option<f32>) {
    let Some(which) = state.teach.lesson else { return };
    let Some(lesson) = which.lesson() else { return };
    let c = state.canvas;
    let (tf, bf) = (sizes.font(24.0), sizes.font(17.0));
    let margin = 12.0 * sizes.scale;
    let (x, width) = match right_limit {
        Some(r) => (c.x + margin, (r - margin - (c.x + margin)).clamp(0.4 * c.w, 900.0 * sizes.scale)),
        None => {
            let w = (0.86 * c.w).min(900.0 * sizes.scale);
            (c.x + 0.5 * (c.w - w), w)
        }
    };
    let pad = 14.0 * sizes.scale;
    let head = match which {
        LessonRef::Tour(i) => format!("Tour {}/{} — {}", i + 1, TOUR.len(), lesson.title),
        LessonRef::Erratum(_) => format!("Erratum — {}", lesson.title),
    };
    let mut lines = vec![(head, tf, to_color(palette::ZONE_HIGHLIGHT_TEXT))];
    // The lesson's text is said once: in the panel when it is shown, else here (projection mode).
    if !state.panel_visible {
        for l in wrap(lesson.text, bf, width - 2.0 * pad) {
            lines.push((l, bf, to_color(palette::TEXT)));
        }
    }
    if let LessonRef::Tour(_) = which {
        lines.push((
            "N next · P previous · T leave the tour".to_string(),
            sizes.font(14.0),
            to_color(palette::TICK_TEXT),
        ));
    }
    // Only the title and the keys (the panel has the text): a card as wide as they are.
    let width = if state.panel_visible {
        let widest = lines.iter().map(|(t, size, _)| typeset::measure(t, *size).width).fold(0.0, f32::max);
        width.min(widest + 2.0 * pad)
    } else {
        width
    };
    let y = c.y + 62.0 * sizes.scale;
    let h = plate_lines(&lines, x, y, pad, false);
    paint::rectangle(x, y, width, h, to_color(palette::alpha(palette::BACKGROUND, 225)));
    paint::rectangle_lines(x, y, width, h, sizes.line(2.0), to_color(palette::ZONE_HIGHLIGHT_TEXT));
    plate_lines(&lines, x, y, pad, true);
}

/// What the overlay shows, at the top right of the canvas: for the agreement map, the tested
/// variant, the reference and each class's colour and count; for the distance field, its colours.
/// Returns the plate's left edge.
fn draw_overlay_legend(state: &State, sizes: Sizes) -> Option<f32> {
    let t = &state.teach;
    let c = state.canvas;
    let fs = sizes.font(14.0);
    let pad = 10.0 * sizes.scale;
    let sw = 12.0 * sizes.scale;
    let (title, rows): (String, Vec<(Rgba, String)>) = match t.overlay {
        Overlay::None => return None,
        Overlay::Agreement => {
            let algo = state.algorithm();
            let variant = if uses_arvo_mode(state.algorithm, t.arvo) {
                format!("arvo ({})", t.arvo.label())
            } else if t.as_published && algo.as_published_2d.is_some() {
                format!("{} as published", algo.id)
            } else {
                algo.id.to_string()
            };
            let reference = t.compare.and_then(|b| ALGORITHMS.get(b)).map_or("exact", |b| b.id);
            let counts = t.overlay_info.filter(|i| i.overlay == Overlay::Agreement).and_then(|i| i.counts);
            let rows = Class::ALL
                .iter()
                .filter(|&&k| k != Class::AgreedSeparation)
                .map(|&k| {
                    let n = counts.map_or(String::new(), |n| format!("  {}", n[k.index()]));
                    let mut rgba = k.rgba();
                    rgba[3] = 255;
                    (rgba, format!("{}{n}", k.label()))
                })
                .collect();
            (format!("Agreement map: {variant} vs {reference}"), rows)
        }
        Overlay::Distance => (
            "Distance field (signed, to the box)".to_string(),
            vec![
                ([255, 255, 255, 255], "distance 0: the box".to_string()),
                ([255, 220, 60, 255], "distance r: centre touching".to_string()),
                ([80, 130, 220, 255], "outside, iso-lines".to_string()),
                ([220, 130, 60, 255], "inside, iso-lines".to_string()),
            ],
        ),
    };
    let mut width = typeset::measure(&title, fs).width;
    for (_, r) in &rows {
        width = width.max(sw + 8.0 * sizes.scale + typeset::measure(r, fs).width);
    }
    let width = width + 2.0 * pad;
    let line_h = 1.45 * f32::from(fs);
    let h = 2.0 * pad + line_h * (rows.len() + 1) as f32;
    let x = c.x + c.w - width - 12.0 * sizes.scale;
    let y = c.y + 8.0 * sizes.scale;
    paint::rectangle(x, y, width, h, to_color(palette::alpha(palette::BACKGROUND, 215)));
    paint::rectangle_lines(x, y, width, h, sizes.line(1.0), to_color(palette::AXIS));
    let mut cy = y + pad + f32::from(fs);
    text(&title, x + pad, cy, fs, to_color(palette::TEXT));
    for (rgba, r) in &rows {
        cy += line_h;
        paint::rectangle(x + pad, cy - sw, sw, sw, to_color(*rgba));
        text(r, x + pad + sw + 8.0 * sizes.scale, cy, fs, to_color(palette::TEXT));
    }
    Some(x)
}
