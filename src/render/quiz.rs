//! The quiz on the canvas. While a question is open ([`draw_question`]) the picture holds nothing
//! that answers it: the zones without the centre's highlight, the box, the circle in one neutral
//! colour whatever the tests say, no closest point, push-out, trace or verdict; a thrown circle
//! shows only its velocity arrow, and the cursor where a first-touch answer would go. Once answered
//! the ordinary picture comes back (the scene painter, with the overlay the reveal chose) and
//! [`draw_reveal`] adds the answer given. Both draw the quiz's lines (`app::quiz::canvas_lines`) on a
//! plate at the top, large enough to read on a projector.

use super::backdrop::Backdrop;
use super::grid::draw_grid;
use super::label::text;
use super::shapes::draw_box;
use super::strokes::arrow;
use super::style::{to_color, Sizes};
use super::zones::{draw_zone_labels, draw_zone_lines};
use super::{aa, paint, typeset};
use crate::app::palette;
use crate::app::quiz::{canvas_lines, on_outline, Guess, Kind, Phase, QuizState, Truth};
use crate::app::State;
use macroquad::prelude::*;

/// The open question: the scene without its answers, the cursor, and the quiz's lines.
pub fn draw_question(state: &State, quiz: &QuizState, sizes: Sizes, cleared: bool) {
    let backdrop = Backdrop::new(state, None, [false; 2]);
    backdrop.lay(cleared);
    draw_grid(state, sizes, &backdrop);
    draw_zone_lines(state, sizes, &backdrop);
    draw_box(state, sizes);
    let v = state.view;
    let cs = v.to_screen(state.circle.center());
    let r = state.circle.radius() * v.scale;
    let neutral = palette::HINT_TEXT;
    aa::disc(cs.x, cs.y, r, to_color(palette::alpha(neutral, 40)));
    aa::rim(cs.x, cs.y, r, sizes.line(2.5), to_color(neutral));
    let s = sizes.line(5.0);
    aa::line(cs.x - s, cs.y, cs.x + s, cs.y, sizes.line(2.0), to_color(palette::TEXT));
    aa::line(cs.x, cs.y - s, cs.x, cs.y + s, sizes.line(2.0), to_color(palette::TEXT));
    if quiz.question.kind == Kind::Touch {
        let c = state.circle.center();
        let to = v.to_screen([c[0] + quiz.question.velocity[0], c[1] + quiz.question.velocity[1]]);
        arrow(cs, to, sizes.line(2.5), to_color(palette::VELOCITY), 14.0 * sizes.scale);
        draw_cursor(state, quiz.cursor, sizes, palette::HOVER);
    }
    draw_zone_labels(state, None, top_clear(state), sizes);
    typeset::flush();
    draw_lines(state, quiz, sizes);
}

/// The answered question's marks over the ordinary picture: for a first-touch question the point
/// chosen (white) and the contact point (yellow) with the tolerance circle; then the quiz's lines.
pub fn draw_reveal(state: &State, quiz: &QuizState, sizes: Sizes) {
    if let (Phase::Revealed { guess: Guess::Point(p), .. }, Truth::Touch(t)) = (quiz.phase, quiz.question.truth) {
        let v = state.view;
        let ts = v.to_screen(t);
        let tol = crate::app::quiz::TOUCH_TOLERANCE * v.scale;
        aa::rim(ts.x, ts.y, tol, sizes.line(1.5), to_color(palette::alpha(palette::IMPACT, 200)));
        aa::disc(ts.x, ts.y, sizes.line(5.0), to_color(palette::IMPACT));
        draw_cursor(state, p, sizes, palette::HOVER);
    }
    typeset::flush();
    draw_lines(state, quiz, sizes);
}

/// Where the canvas's free part begins (screen y): below the quiz's plate when a quiz is on.
pub fn top_clear(state: &State) -> f32 {
    match state.quiz {
        Some(_) => crate::app::quiz::below_plate(state.canvas, state.text_scale.factor()).y,
        None => state.canvas.y,
    }
}

/// A cross at `p` and a ring where it falls on the box's outline (what a first-touch answer counts).
fn draw_cursor(state: &State, p: [f32; 2], sizes: Sizes, colour: palette::Rgba) {
    let v = state.view;
    let ps = v.to_screen(p);
    let s = sizes.line(8.0);
    let c = to_color(colour);
    aa::line(ps.x - s, ps.y, ps.x + s, ps.y, sizes.line(2.0), c);
    aa::line(ps.x, ps.y - s, ps.x, ps.y + s, sizes.line(2.0), c);
    let o = v.to_screen(on_outline(p, &state.aabb));
    aa::rim(o.x, o.y, sizes.line(7.0), sizes.line(2.5), c);
}

/// The quiz's lines on a plate across the top of the canvas: the heading with the score and the
/// streak, the question (or the result), the keys.
fn draw_lines(state: &State, quiz: &QuizState, sizes: Sizes) {
    let c = state.canvas;
    let lines = canvas_lines(quiz);
    let pad = 10.0 * sizes.scale;
    let sizes_px = [sizes.font(18.0), sizes.font(24.0), sizes.font(16.0)];
    let measured: Vec<TextDimensions> =
        lines.iter().zip(sizes_px.iter().cycle()).map(|(l, &fs)| typeset::measure(l, fs)).collect();
    let measured_h: f32 = measured.iter().map(|m| m.height + 8.0 * sizes.scale).sum::<f32>() + 2.0 * pad;
    let h = measured_h.max(top_clear(state) - c.y);
    paint::rectangle(c.x, c.y, c.w, h, to_color(palette::alpha(palette::BACKGROUND, 235)));
    paint::rectangle(c.x, c.y + h - sizes.line(1.0), c.w, sizes.line(1.0), to_color(palette::ZONE_LINE));
    let colour = match quiz.phase {
        Phase::Asking => palette::TEXT,
        Phase::Revealed { right: true, .. } => palette::FACE_LEAST,
        Phase::Revealed { right: false, .. } => palette::WARNING,
    };
    let mut y = c.y + pad;
    for (i, (line, m)) in lines.iter().zip(&measured).enumerate() {
        let fs = sizes_px[i.min(2)];
        let col = if i == 1 { colour } else { palette::HINT_TEXT };
        text(line, c.x + pad + 30.0 * sizes.scale, y + m.offset_y, fs, to_color(col));
        y += m.height + 8.0 * sizes.scale;
    }
    typeset::flush();
}
