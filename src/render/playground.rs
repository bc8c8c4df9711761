//! The playground's canvas (drawn instead of the overlap scene when it is on): the tile map (solid
//! cells filled, the seams between flush cells as light lines), each runner's trail in its
//! strategy's colour with its bumps (triangles) and tunnellings (crossed rings) where they happened,
//! the balls where they are now (in a race each trail in its own lane, a couple of pixels apart, so
//! trails that coincide stay visible), the throw arrow with its handle, the status line and, in a race,
//! the legend. It draws; it changes nothing.

use super::aa;
use super::{arrow, col, text, Sizes};
use crate::app::palette::{self, alpha};
use crate::app::playground::{strategy_index, throw_tip, Runner};
use crate::app::{Handle, State};
use crate::format::number;
use crate::geom::world::STRATEGIES;
use macroquad::prelude::*;

/// Draws the whole playground.
pub fn draw_playground(state: &State, z: Sizes) {
    super::typeset::begin_labels(&[]);
    draw_map(state, z);
    let race = state.playground.options.race;
    // Back to front in a race: the default (last in the registry) on top.
    for r in &state.playground.runners {
        draw_trail(state, r, z, race);
    }
    for r in &state.playground.runners {
        draw_marks(state, r, z);
    }
    for r in &state.playground.runners {
        draw_ball(state, r, z, race);
    }
    draw_throw(state, z);
    draw_status(state, z);
    if race {
        draw_legend(state, z);
    }
    super::typeset::flush();
}

fn draw_map(state: &State, z: Sizes) {
    let (v, m) = (state.view, &state.playground.options.map);
    let s = v.scale;
    let (lo, hi) = (v.to_screen([0.0, 0.0]), v.to_screen([m.cols() as f32, m.rows() as f32]));
    draw_rectangle(lo.x, hi.y, hi.x - lo.x, lo.y - hi.y, col(alpha(palette::GRID, 90)));
    for row in 0..m.rows() {
        for col_ in 0..m.cols() {
            if m.is_solid(col_, row) {
                let p = v.to_screen([col_ as f32, row as f32 + 1.0]);
                draw_rectangle(p.x, p.y, s, s, col(palette::CELL));
            }
        }
    }
    // Seams: the shared side of two flush solid cells, a thin light line.
    let w = z.line(1.0);
    let seam = col(alpha(palette::SEAM, 150));
    for row in 0..m.rows() {
        for c in 0..m.cols() {
            if !m.is_solid(c, row) {
                continue;
            }
            if m.is_solid(c + 1, row) {
                let (a, b) =
                    (v.to_screen([c as f32 + 1.0, row as f32]), v.to_screen([c as f32 + 1.0, row as f32 + 1.0]));
                aa::line(a.x, a.y, b.x, b.y, w, seam);
            }
            if m.is_solid(c, row + 1) {
                let (a, b) =
                    (v.to_screen([c as f32, row as f32 + 1.0]), v.to_screen([c as f32 + 1.0, row as f32 + 1.0]));
                aa::line(a.x, a.y, b.x, b.y, w, seam);
            }
        }
    }
    draw_rectangle_lines(lo.x, hi.y, hi.x - lo.x, lo.y - hi.y, z.line(1.5), col(palette::MAP_BORDER));
}

fn runner_colour(r: &Runner, race: bool) -> Color {
    if race {
        col(palette::race_colour(strategy_index(r.strategy)))
    } else {
        col(palette::THROW)
    }
}

/// In a race, each trail (and its marks) is drawn a couple of pixels off its true place, one lane
/// per strategy, so trails that coincide (a flat floor) do not hide each other.
fn lane(r: &Runner, z: Sizes, race: bool) -> Vec2 {
    if !race {
        return Vec2::ZERO;
    }
    let mid = 0.5 * (STRATEGIES.len() as f32 - 1.0);
    vec2(0.0, (strategy_index(r.strategy) as f32 - mid) * 2.0 * z.k)
}

fn draw_trail(state: &State, r: &Runner, z: Sizes, race: bool) {
    let v = state.view;
    let off = lane(r, z, race);
    let colour = runner_colour(r, race);
    let colour = Color { a: 0.85, ..colour };
    let w = z.line(if race { 2.0 } else { 1.5 });
    // At most ~1500 segments: a long trail is drawn through every n-th point.
    let n = (r.trail.len() / 1500).max(1);
    let mut prev: Option<Vec2> = None;
    for (i, p) in r.trail.iter().enumerate() {
        if i % n != 0 && i + 1 != r.trail.len() {
            continue;
        }
        let q = v.to_screen(*p) + off;
        if let Some(a) = prev {
            // A jump of more than a few cells in one step (a tunnelling) is drawn too: it is the point.
            aa::line(a.x, a.y, q.x, q.y, w, colour);
        }
        prev = Some(q);
    }
}

/// Bumps: a small triangle pointing up; tunnellings: a ring with a cross.
fn draw_marks(state: &State, r: &Runner, z: Sizes) {
    let v = state.view;
    let off = lane(r, z, state.playground.options.race);
    let colour = col(palette::race_colour(strategy_index(r.strategy)));
    let s = 6.0 * z.k;
    for b in &r.bumps {
        let p = v.to_screen(b.at) + off;
        let (a, b2, c) = (vec2(p.x, p.y - s), vec2(p.x - s, p.y + 0.8 * s), vec2(p.x + s, p.y + 0.8 * s));
        draw_triangle(a, b2, c, colour);
        draw_triangle_lines(a, b2, c, z.line(1.0), col(palette::BACKGROUND));
    }
    for t in &r.tunnels {
        let p = v.to_screen(*t) + off;
        aa::rim(p.x, p.y, 1.3 * s, z.line(2.5), colour);
        aa::line(p.x - s, p.y - s, p.x + s, p.y + s, z.line(2.5), colour);
        aa::line(p.x - s, p.y + s, p.x + s, p.y - s, z.line(2.5), colour);
    }
}

fn draw_ball(state: &State, r: &Runner, z: Sizes, race: bool) {
    let v = state.view;
    let p = v.to_screen(r.ball.center());
    let rad = r.ball.radius() * v.scale;
    let colour = runner_colour(r, race);
    if !race {
        aa::disc(p.x, p.y, rad, Color { a: 0.35, ..colour });
    }
    aa::rim(p.x, p.y, rad, z.line(2.0), colour);
}

fn draw_throw(state: &State, z: Sizes) {
    let (v, o) = (state.view, &state.playground.options);
    let (a, b) = (v.to_screen(o.ball.center()), v.to_screen(throw_tip(o)));
    let colour = col(alpha(palette::THROW, 200));
    // The start, dashed-looking: a thin ring.
    aa::rim(a.x, a.y, o.ball.radius() * v.scale, z.line(1.0), col(alpha(palette::THROW, 110)));
    if a.distance(b) > 2.0 {
        arrow(a, b, z.line(2.0), colour, 12.0 * z.k);
    }
    let active = state.drag.map(|d| d.handle).or(state.hover) == Some(Handle::ThrowTip);
    let text = format!("throw ({}, {}) /s", number(o.throw[0]), number(o.throw[1]));
    super::motion::tip_handle(b, b, &text, colour, active, z);
}

fn draw_status(state: &State, z: Sizes) {
    let (c, p) = (state.canvas, &state.playground);
    let fs = z.font(16.0);
    let pad = 10.0 * z.k;
    let what =
        if p.options.race { "race: every strategy".to_string() } else { p.options.strategy.info().name.to_string() };
    let clock = if p.finished() {
        "finished"
    } else if p.paused {
        "paused"
    } else {
        ""
    };
    let line = format!(
        "Playground: {}, {}, t = {} s (step {}){}{}",
        p.level_name(),
        what,
        number(p.time()),
        p.steps,
        if p.time_scale != 1.0 { format!(", time x{}", number(p.time_scale)) } else { String::new() },
        if clock.is_empty() { String::new() } else { format!(", {clock}") },
    );
    text(&line, c.x + pad, c.y + pad + fs as f32 * 0.8, fs, col(palette::TEXT));
    if !p.options.gravity {
        text("gravity off", c.x + pad, c.y + pad + 2.0 * fs as f32, z.font(14.0), col(palette::TICK_TEXT));
    }
}

/// The race's legend: colour, strategy id, bumps and tunnellings, speed now.
fn draw_legend(state: &State, z: Sizes) {
    let (c, p) = (state.canvas, &state.playground);
    let fs = z.font(13.0);
    let lh = fs as f32 * 1.35;
    let x = c.x + 10.0 * z.k;
    let mut y = c.y + 10.0 * z.k + 2.6 * fs as f32;
    let w = 330.0 * z.k;
    draw_rectangle(x - 4.0, y - fs as f32, w, lh * p.runners.len() as f32 + 6.0, col(alpha(palette::BACKGROUND, 200)));
    for r in &p.runners {
        let colour = col(palette::race_colour(strategy_index(r.strategy)));
        aa::line(x, y - 0.3 * fs as f32, x + 18.0 * z.k, y - 0.3 * fs as f32, z.line(3.0), colour);
        let marks = format!(
            "{}: {} bumps, {} tunnelled, {} /s",
            r.strategy.as_str(),
            r.bumps.len(),
            r.tunnels.len(),
            number(r.speeds.last().copied().unwrap_or(0.0))
        );
        text(&marks, x + 24.0 * z.k, y, fs, colour);
        y += lh;
    }
}
