//! Text of the teaching layer: the hover read-out, the lesson caption, the overlay's legend and the
//! first-screen hint, each placed where it covers least of the scene.

use crate::app::overlay::hover;
use crate::app::palette::{self, Rgba};
use crate::app::placement::{choose, Place};
use crate::app::teach::{uses_arvo_mode, LessonRef, Overlay};
use crate::app::{ScreenRect, State};
use crate::format::number;
use crate::geom::algo::ALGORITHMS;
use crate::render::label::{label, text};
use crate::render::style::{to_color, Sizes};
use crate::render::{aa, paint, typeset};
use crate::teach::agreement::Class;
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

/// A line of a plate: its text, size and colour.
type Line = (String, u16, Color);

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

/// The overlay's legend and the lesson caption, each where it covers least of the scene: the
/// legend first, then the caption clear of it too (see `scene_obstacles`).
pub fn draw_captions(state: &State, sizes: Sizes) {
    let mut avoid = scene_obstacles(state, sizes);
    if let Some(legend) = draw_overlay_legend(state, sizes, &avoid) {
        avoid.push((legend, 1000.0));
    }
    draw_caption(state, sizes, &avoid);
    if state.hint_visible && state.teach.lesson.is_none() {
        draw_first_hint(state, sizes, &avoid);
    }
}

/// The lesson caption over the canvases that are not the still scene's (the playground, Play, the
/// 3D view), where it covers least of their status lines (top left), legend (top right), the middle
/// of the canvas (the 3D scene's subject) and, in the playground, the balls.
pub fn draw_mode_caption(state: &State, sizes: Sizes) {
    if state.teach.lesson.is_none() {
        return;
    }
    let c = state.canvas;
    let mut avoid = vec![
        (ScreenRect { x: c.x, y: c.y, w: 0.5 * c.w, h: sizes.text_gap(130.0) }, 2.0),
        (ScreenRect { x: c.x + 0.25 * c.w, y: c.y + 0.25 * c.h, w: 0.5 * c.w, h: 0.5 * c.h }, 1.0),
    ];
    if state.mode.is_three() {
        // The red banner and the legend along the bottom.
        avoid.push((ScreenRect { x: c.x, y: c.y + c.h - sizes.text_gap(90.0), w: c.w, h: sizes.text_gap(90.0) }, 4.0));
    } else {
        // The race's legend, top right.
        avoid.push((ScreenRect { x: c.x + 0.62 * c.w, y: c.y, w: 0.38 * c.w, h: sizes.text_gap(200.0) }, 1.5));
    }
    if state.mode.flat_playground() && state.playground.options.play {
        // The touch pads in the bottom corners (two side by side in each).
        let side = sizes.text_gap(2.0 * 78.0);
        for x in [c.x, c.x + c.w - side] {
            avoid.push((ScreenRect { x, y: c.y + c.h - side / 2.0, w: side, h: side / 2.0 }, 10.0));
        }
    }
    if state.mode.flat_playground() && !state.mode.is_three() {
        let p = &state.playground;
        let balls: Vec<([f32; 2], f32)> = if p.options.play {
            vec![(p.play.player.position(), p.play.player.controller.radius())]
        } else {
            p.runners.iter().map(|r| (r.ball.center(), r.ball.radius())).collect()
        };
        for (at, r) in balls {
            let s = state.view.to_screen(at);
            let half = (r * state.view.scale).max(sizes.line(12.0)) * 2.0;
            avoid.push((ScreenRect { x: s.x - half, y: s.y - half, w: 2.0 * half, h: 2.0 * half }, 50.0));
        }
    }
    draw_caption(state, sizes, &avoid);
}

/// The first-screen hint on a plate, where it covers least of the scene.
fn draw_first_hint(state: &State, sizes: Sizes, avoid: &[(ScreenRect, f32)]) {
    let fs = sizes.font(17.0);
    let hint = crate::app::layout::first_hint(state.layout.kind);
    let m = typeset::measure(hint, fs);
    let pad = sizes.text_gap(9.0);
    let (w, h) = (m.width + 2.0 * pad, m.height + 2.0 * pad);
    let places = [Place::Bottom, Place::Top, Place::BottomLeft, Place::TopRight, Place::BottomRight, Place::TopLeft];
    let (_, r, _) = choose(state.canvas, w, h, sizes.text_gap(52.0), &places, avoid);
    paint::rectangle(r.x, r.y, r.w, r.h, to_color(palette::alpha(palette::BACKGROUND, palette::HINT_PLATE_ALPHA)));
    paint::rectangle_lines(r.x, r.y, r.w, r.h, sizes.line(1.5), to_color(palette::HINT_TEXT));
    text(hint, r.x + pad, r.y + pad + m.offset_y, fs, to_color(palette::HINT_TEXT));
}

/// What a caption should not cover, as screen rectangles with a cost per pixel covered: the
/// circle's centre mark (most), the circle, the box, the box grown by r (the overlap region and
/// its corners, what many lessons point at), the status lines at the top left and the legend row
/// at the bottom right.
pub fn scene_obstacles(state: &State, sizes: Sizes) -> Vec<(ScreenRect, f32)> {
    let v = state.view;
    let c = state.canvas;
    let square = |p: Vec2, half: f32| ScreenRect { x: p.x - half, y: p.y - half, w: 2.0 * half, h: 2.0 * half };
    let between =
        |a: Vec2, b: Vec2| ScreenRect { x: a.x.min(b.x), y: a.y.min(b.y), w: (a.x - b.x).abs(), h: (a.y - b.y).abs() };
    let centre = v.to_screen(state.circle.center());
    let r = state.circle.radius() * v.scale;
    // A turned box: the aligned box around it.
    let frame = state.box_frame();
    let bounds = frame.map_or(state.aabb, |f| f.obb.bounding_aabb());
    let (lo, hi) = (bounds.min(), bounds.max());
    let rr = state.circle.radius();
    let mut avoid = vec![
        // The circle is what every lesson is about: covering it costs more than covering the whole
        // box (a wide caption over the box's far side is better than one over the circle).
        (square(centre, sizes.line(12.0)), 200.0),
        (square(centre, r), 12.0),
        (between(v.to_screen(lo), v.to_screen(hi)), 2.0),
        (between(v.to_screen([lo[0] - rr, lo[1] - rr]), v.to_screen([hi[0] + rr, hi[1] + rr])), 1.0),
        (ScreenRect { x: c.x, y: c.y, w: 0.45 * c.w, h: sizes.text_gap(62.0) }, 2.0),
        (
            ScreenRect {
                x: c.x + 0.3 * c.w,
                y: c.y + c.h - sizes.text_gap(44.0),
                w: 0.7 * c.w,
                h: sizes.text_gap(44.0),
            },
            0.5,
        ),
    ];
    // The red banner that says the selected test is wrong, or that the move tunnelled (see
    // `render::status::banner`).
    let tunnelled = state.mode.flat_motion() && state.analysis().motion.as_ref().is_some_and(|m| m.tunnelled());
    if tunnelled || (!state.mode.flat_motion() && state.analysis().wrong()) {
        let h = sizes.text_gap(24.0) + 18.0 * sizes.scale;
        let y = c.y + c.h - 60.0 * sizes.scale - sizes.text_gap(24.0);
        avoid.push((ScreenRect { x: c.x + 0.05 * c.w, y, w: 0.9 * c.w, h }, 3.0));
    }
    // The box's-view inset of a turned box: a caption never covers it.
    if frame.is_some() {
        let inset = crate::app::still::turned::box_view_sizes(sizes);
        avoid.push((crate::app::still::turned::inset_rect(c, inset), 300.0));
    }
    // The embedded scene's toolbar: never covered.
    for (_, r) in state.embed_buttons() {
        avoid.push((r, 1000.0));
    }
    if state.mode.flat_motion() {
        let m = state.motion.options.velocity;
        let end = v.to_screen([state.circle.center()[0] + m[0], state.circle.center()[1] + m[1]]);
        avoid.push((square(end, r), 2.0));
        avoid.push((between(centre, end), 1.0));
    }
    // The quiz's plate across the top: nothing goes over it.
    if state.quiz.is_some() {
        let free = crate::app::quiz::below_plate(c, state.text_scale.factor());
        avoid.push((ScreenRect { h: free.y - c.y, ..c }, 1000.0));
    }
    avoid
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

/// The lesson on show, in large type (readable when projected), on a plate where it covers least
/// of `avoid`: as wide as the canvas allows when that is free, narrower in a corner when not.
fn draw_caption(state: &State, sizes: Sizes, avoid: &[(ScreenRect, f32)]) {
    let Some(which) = state.teach.lesson else { return };
    let Some(lesson) = which.lesson() else { return };
    let c = state.canvas;
    let (tf, bf) = (sizes.font(24.0), sizes.font(17.0));
    let margin = 12.0 * sizes.scale;
    let pad = sizes.text_gap(14.0);
    let head = match which {
        LessonRef::Tour(t) => format!("{} — {}", t.position(), lesson.title),
        LessonRef::Erratum(_) => format!("Erratum — {}", lesson.title),
    };
    if state.embed.is_some() {
        draw_title_line(state, sizes, head, avoid);
        return;
    }
    let full = (c.w - 2.0 * margin).max(1.0);
    let lines_for = |width: f32| {
        // The title wraps at the plate's width too: at 2× text a one-line title is as wide as the
        // canvas, and would leave the caption no place off the circle.
        let mut lines: Vec<Line> = wrap(&head, tf, width.min(full) - 2.0 * pad)
            .into_iter()
            .map(|t| (t, tf, to_color(palette::ZONE_HIGHLIGHT_TEXT)))
            .collect();
        // The lesson's text is said once: in the panel when it is shown, else here (projection mode).
        if !state.panel_has_lesson() {
            for l in wrap(lesson.text, bf, width - 2.0 * pad) {
                lines.push((l, bf, to_color(palette::TEXT)));
            }
        }
        if let LessonRef::Tour(t) = which {
            lines.push((
                "N next · P previous · T leave the tour · tour=".to_string() + &t.to_string(),
                sizes.font(14.0),
                to_color(palette::HINT_TEXT),
            ));
        }
        lines
    };
    let widest = |lines: &[(String, u16, Color)]| {
        lines.iter().map(|(t, size, _)| typeset::measure(t, *size).width).fold(0.0, f32::max)
    };
    // Candidate widths: with the panel shown, only the title and the keys (a card as wide as they
    // are); hidden, the text too, at a few widths, the least covering (then the widest) wins.
    // (A narrower card, its title on two lines, where the wide one would cover more.)
    let widths: Vec<f32> = if state.panel_has_lesson() {
        vec![full.min(widest(&lines_for(full)) + 2.0 * pad), (0.6 * c.w).min(full), (0.45 * c.w).min(full)]
    } else {
        [0.86, 0.62, 0.5, 0.42, 0.34].iter().map(|k| (k * c.w).min(sizes.text_gap(900.0)).min(full)).collect()
    };
    let mut best: Option<(f32, Vec<Line>, ScreenRect)> = None;
    for width in widths {
        let lines = lines_for(width);
        // Never wider than what it holds.
        let width = width.min(full);
        let width = width.min(widest(&lines) + 2.0 * pad);
        let h = plate_lines(&lines, 0.0, 0.0, pad, false);
        let (_, rect, cost) = choose(c, width, h, margin, &Place::ALL, avoid);
        // Text that runs off the canvas is not read at all: worse than any cover.
        let cost = cost + 1e4 * width * (rect.y + h - (c.y + c.h)).max(0.0);
        if best.as_ref().is_none_or(|b| cost < b.0) {
            best = Some((cost, lines, rect));
        }
    }
    let Some((_, lines, r)) = best else { return };
    paint::rectangle(r.x, r.y, r.w, r.h, to_color(palette::alpha(palette::BACKGROUND, palette::CAPTION_PLATE_ALPHA)));
    paint::rectangle_lines(r.x, r.y, r.w, r.h, sizes.line(2.0), to_color(palette::ZONE_HIGHLIGHT_TEXT));
    plate_lines(&lines, r.x, r.y, pad, true);
}

/// Embedded (`embed=1`, a frame as small as 480 × 320): the lesson's title alone, on one line in
/// small type (cut with "…" where it is wider than the canvas left of the toolbar), where it covers
/// least. The lesson's text is the course page's to give around the frame (and the page's lesson
/// region holds it for a screen reader); a plate of sentences would cover the scene.
fn draw_title_line(state: &State, sizes: Sizes, head: String, avoid: &[(ScreenRect, f32)]) {
    let c = state.canvas;
    let fs = sizes.font(15.0);
    let pad = sizes.text_gap(6.0);
    let margin = 8.0;
    let room = c.w - crate::app::embed::STRIP_PX - 2.0 * (margin + pad);
    let mut title = head;
    if typeset::measure(&title, fs).width > room {
        while typeset::measure(&format!("{title}…"), fs).width > room && title.chars().count() > 1 {
            title.pop();
        }
        title = format!("{}…", title.trim_end());
    }
    let m = typeset::measure(&title, fs);
    let (w, h) = (m.width + 2.0 * pad, m.height + 2.0 * pad);
    let places = [Place::BottomLeft, Place::Bottom, Place::TopLeft, Place::Top, Place::BottomRight];
    let (_, r, _) = choose(c, w, h, margin, &places, avoid);
    paint::rectangle(r.x, r.y, r.w, r.h, to_color(palette::alpha(palette::BACKGROUND, palette::CAPTION_PLATE_ALPHA)));
    paint::rectangle_lines(r.x, r.y, r.w, r.h, sizes.line(1.5), to_color(palette::ZONE_HIGHLIGHT_TEXT));
    text(&title, r.x + pad, r.y + pad + m.offset_y, fs, to_color(palette::ZONE_HIGHLIGHT_TEXT));
}

/// What the overlay shows, at the top right of the canvas: for the agreement map, the tested
/// variant, the reference and each class's colour and count; for the distance field, its colours.
/// In the corner that covers least of `avoid`; returns the plate.
fn draw_overlay_legend(state: &State, sizes: Sizes, avoid: &[(ScreenRect, f32)]) -> Option<ScreenRect> {
    let t = &state.teach;
    let c = state.canvas;
    let fs = sizes.font(14.0);
    let pad = sizes.text_gap(10.0);
    let sw = sizes.text_gap(12.0);
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
    let corners = [Place::TopRight, Place::BottomRight, Place::TopLeft, Place::BottomLeft];
    let (_, plate, _) = choose(c, width, h, 10.0 * sizes.scale, &corners, avoid);
    let (x, y) = (plate.x, plate.y);
    paint::rectangle(x, y, width, h, to_color(palette::alpha(palette::BACKGROUND, palette::CAPTION_PLATE_ALPHA)));
    paint::rectangle_lines(x, y, width, h, sizes.line(1.0), to_color(palette::AXIS));
    let mut cy = y + pad + f32::from(fs);
    text(&title, x + pad, cy, fs, to_color(palette::TEXT));
    for (rgba, r) in &rows {
        cy += line_h;
        paint::rectangle(x + pad, cy - sw, sw, sw, to_color(*rgba));
        text(r, x + pad + sw + 8.0 * sizes.scale, cy, fs, to_color(palette::TEXT));
    }
    Some(plate)
}
