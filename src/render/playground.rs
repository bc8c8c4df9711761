//! The playground's canvas (drawn instead of the overlap scene when it is on): the tile map (solid
//! cells filled, the seams between flush cells as light lines), the rotated boxes (`obb=`: filled
//! like cells, turned, with a handle to turn them), each runner's trail in its
//! strategy's colour with its bumps (triangles) and tunnellings (crossed rings) where they happened,
//! the balls where they are now (in a race each trail in its own lane, a couple of pixels apart, so
//! trails that coincide stay visible), the throw arrow with its handle, the status line and, in a race,
//! the legend. It draws; it changes nothing.

use super::aa;
use super::label::text;
use super::strokes::arrow;
use super::style::{to_color, Sizes};
use crate::app::palette::{self, alpha};
use crate::app::playground::{strategy_index, throw_tip, Runner, STEP_SECONDS};
use crate::app::{Handle, State};
use crate::format::number;
use crate::geom::world::{World, STRATEGIES};
use macroquad::prelude::*;

/// Draws the whole playground (in Play, the map and then Play's own layer).
pub fn draw_playground(state: &State, sizes: Sizes) {
    super::typeset::begin_labels(&[]);
    if state.playground.rain.is_some() {
        // The rain's picture is one image (the frame loop draws it first: `render::rain`).
        super::rain::draw_rain_status(state, sizes);
        super::typeset::flush();
        return;
    }
    draw_map(state, sizes);
    if state.playground.options.play {
        super::play::draw_play(state, sizes);
        return;
    }
    let race = state.playground.options.race;
    // Back to front in a race: the default (last in the registry) on top.
    for r in &state.playground.runners {
        draw_trail(state, r, sizes, race);
    }
    for r in &state.playground.runners {
        draw_dots(state, r, sizes, race);
    }
    for r in &state.playground.runners {
        draw_marks(state, r, sizes);
    }
    for r in &state.playground.runners {
        draw_ball(state, r, sizes, race);
    }
    draw_throw(state, sizes);
    draw_status(state, sizes);
    if race {
        draw_legend(state, sizes);
    }
    super::typeset::flush();
}

fn draw_map(state: &State, sizes: Sizes) {
    let (v, m) = (state.view, &state.playground.options.map);
    let s = v.scale;
    let (lo, hi) = (v.to_screen([0.0, 0.0]), v.to_screen([m.cols() as f32, m.rows() as f32]));
    draw_rectangle(lo.x, hi.y, hi.x - lo.x, lo.y - hi.y, to_color(alpha(palette::GRID, 90)));
    // One-way cells: a slab at the cell's top with its edge along it (a different shape from a
    // solid cell, not only a different look), and short posts below, the way it passes.
    let one_way = to_color(palette::CELL);
    for row in 0..m.rows() {
        for col_ in 0..m.cols() {
            let p = v.to_screen([col_ as f32, row as f32 + 1.0]);
            if m.is_solid(col_, row) {
                draw_rectangle(p.x, p.y, s, s, to_color(palette::CELL));
            } else if m.is_one_way(col_, row) {
                draw_rectangle(p.x, p.y, s, 0.25 * s, one_way);
                aa::line(p.x, p.y, p.x + s, p.y, sizes.line(2.0), to_color(palette::SEAM));
                for k in [0.25, 0.75] {
                    let x = p.x + k * s;
                    aa::line(x, p.y + 0.25 * s, x, p.y + 0.45 * s, sizes.line(1.0), one_way);
                }
            }
        }
    }
    // Seams: the shared side of two flush solid cells, a thin light line.
    let w = sizes.line(1.0);
    let seam = to_color(alpha(palette::SEAM, 150));
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
    draw_rectangle_lines(lo.x, hi.y, hi.x - lo.x, lo.y - hi.y, sizes.line(1.5), to_color(palette::MAP_BORDER));
    draw_tilted(state, sizes);
    draw_movers(state, sizes);
}

/// Play's moving boxes where they are now: a solid one in the cells' colour with the border's
/// outline, a one-way one as a one-way cell's slab and posts; each with a short line in the
/// direction it last moved, so a still frame shows which way it goes.
fn draw_movers(state: &State, sizes: Sizes) {
    let v = state.view;
    let m = &state.playground.play.movers;
    if !state.playground.options.play {
        return;
    }
    for i in 0..m.len() {
        let b = m.rect(i);
        let (p, q) = (v.to_screen([b.min()[0], b.max()[1]]), v.to_screen([b.max()[0], b.min()[1]]));
        let (w, h) = (q.x - p.x, q.y - p.y);
        if m.one_way(i) {
            let one_way = to_color(palette::CELL);
            draw_rectangle(p.x, p.y, w, 0.5 * h, one_way);
            aa::line(p.x, p.y, q.x, p.y, sizes.line(2.0), to_color(palette::SEAM));
            for k in [0.125, 0.375, 0.625, 0.875] {
                let x = p.x + k * w;
                aa::line(x, p.y + 0.5 * h, x, q.y, sizes.line(1.0), one_way);
            }
        } else {
            draw_rectangle(p.x, p.y, w, h, to_color(palette::CELL));
            draw_rectangle_lines(p.x, p.y, w, h, sizes.line(2.0), to_color(palette::MAP_BORDER));
        }
        let d = m.carry(i).unwrap_or([0.0; 2]);
        let len = (d[0] * d[0] + d[1] * d[1]).sqrt();
        if len > 0.0 {
            let c = v.to_screen([(b.min()[0] + b.max()[0]) / 2.0, b.max()[1]]);
            let k = 12.0 * sizes.scale / len;
            aa::line(
                c.x,
                c.y - 4.0 * sizes.scale,
                c.x + d[0] * k,
                c.y - 4.0 * sizes.scale - d[1] * k,
                sizes.line(2.0),
                to_color(palette::SEAM),
            );
        }
    }
}

/// The rotated boxes: two triangles in the cells' colour, the outline in the seams' colour, and
/// (outside Play) the turning handle, a small disc half a unit beyond the middle of the +x face.
fn draw_tilted(state: &State, sizes: Sizes) {
    let v = state.view;
    let fill = to_color(palette::CELL);
    let edge = to_color(palette::MAP_BORDER);
    let active = state.drag.map(|d| d.handle).or(state.hover);
    for (index, b) in state.playground.options.tilted.iter().enumerate() {
        let Ok(o) = b.obb() else { continue };
        let h = o.half_extents();
        let c = [[-h[0], -h[1]], [h[0], -h[1]], [h[0], h[1]], [-h[0], h[1]]].map(|u| v.to_screen(o.to_world(u)));
        draw_triangle(c[0], c[1], c[2], fill);
        draw_triangle(c[0], c[2], c[3], fill);
        for k in 0..4 {
            let (a, q) = (c[k], c[(k + 1) % 4]);
            aa::line(a.x, a.y, q.x, q.y, sizes.line(1.5), edge);
        }
        if state.playground.options.play {
            continue;
        }
        let (m, t) = (v.to_screen(b.center), v.to_screen(b.turn_handle()));
        let on =
            matches!(active, Some(Handle::TiltedTurn { index: i } | Handle::TiltedBody { index: i }) if i == index);
        let colour = to_color(alpha(palette::THROW, if on { 230 } else { 140 }));
        aa::line(m.x, m.y, t.x, t.y, sizes.line(1.0), colour);
        aa::disc(t.x, t.y, if on { 7.0 } else { 5.0 } * sizes.scale, colour);
    }
}

fn runner_colour(r: &Runner, race: bool) -> Color {
    if race {
        to_color(palette::race_colour(strategy_index(r.strategy)))
    } else {
        to_color(palette::THROW)
    }
}

/// In a race, each trail (and its marks) is drawn a couple of pixels off its true place, one lane
/// per strategy, so trails that coincide do not hide each other: the lanes run diagonally, so a
/// level roll (the flush floor) and a straight fall (the thin platform) are both split.
fn lane(r: &Runner, sizes: Sizes, race: bool) -> Vec2 {
    if !race {
        return Vec2::ZERO;
    }
    let mid = 0.5 * (STRATEGIES.len() as f32 - 1.0);
    let k = (strategy_index(r.strategy) as f32 - mid) * 3.0 * sizes.scale;
    vec2(k, k)
}

/// The shape of a strategy's step dots, by its index in the registry: disc, square, diamond,
/// triangle up, triangle down, cross, ring (so two strategies' dots differ in more than colour).
fn dot(i: usize, p: Vec2, s: f32, w: f32, colour: Color) {
    match i % 7 {
        0 => aa::disc(p.x, p.y, s, colour),
        1 => draw_rectangle(p.x - 0.85 * s, p.y - 0.85 * s, 1.7 * s, 1.7 * s, colour),
        2 => {
            let (t, b, l, r) =
                (vec2(p.x, p.y - 1.2 * s), vec2(p.x, p.y + 1.2 * s), vec2(p.x - s, p.y), vec2(p.x + s, p.y));
            draw_triangle(t, l, r, colour);
            draw_triangle(b, l, r, colour);
        }
        3 => draw_triangle(
            vec2(p.x, p.y - 1.2 * s),
            vec2(p.x - 1.1 * s, p.y + 0.8 * s),
            vec2(p.x + 1.1 * s, p.y + 0.8 * s),
            colour,
        ),
        4 => draw_triangle(
            vec2(p.x, p.y + 1.2 * s),
            vec2(p.x - 1.1 * s, p.y - 0.8 * s),
            vec2(p.x + 1.1 * s, p.y - 0.8 * s),
            colour,
        ),
        5 => {
            aa::line(p.x - s, p.y - s, p.x + s, p.y + s, w, colour);
            aa::line(p.x - s, p.y + s, p.x + s, p.y - s, w, colour);
        }
        _ => aa::rim(p.x, p.y, s, w, colour),
    }
}

/// Where each fixed step ended: a dot per step in the strategy's shape, so a step that jumps far
/// (over a thin platform, tunnelling) shows as two dots far apart with nothing between. Dots closer
/// than a few pixels to the last one drawn are left out (a slow roll would be a solid bar).
fn draw_dots(state: &State, r: &Runner, sizes: Sizes, race: bool) {
    let v = state.view;
    let off = lane(r, sizes, race);
    let colour = runner_colour(r, race);
    let i = if race { strategy_index(r.strategy) } else { 0 };
    let (s, w) = (3.6 * sizes.scale, sizes.line(1.5));
    let gap = 9.0 * sizes.scale;
    let mut last: Option<Vec2> = None;
    for p in &r.trail {
        let q = v.to_screen(*p) + off;
        if last.is_some_and(|l| l.distance(q) < gap) {
            continue;
        }
        dot(i, q, s, w, colour);
        last = Some(q);
    }
}

fn draw_trail(state: &State, r: &Runner, sizes: Sizes, race: bool) {
    let v = state.view;
    let off = lane(r, sizes, race);
    let colour = runner_colour(r, race);
    let colour = Color { a: 0.85, ..colour };
    let w = sizes.line(1.5);
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
fn draw_marks(state: &State, r: &Runner, sizes: Sizes) {
    let v = state.view;
    let off = lane(r, sizes, state.playground.options.race);
    let colour = to_color(palette::race_colour(strategy_index(r.strategy)));
    let s = 6.0 * sizes.scale;
    for b in &r.bumps {
        let p = v.to_screen(b.at) + off;
        let (a, b2, c) = (vec2(p.x, p.y - s), vec2(p.x - s, p.y + 0.8 * s), vec2(p.x + s, p.y + 0.8 * s));
        draw_triangle(a, b2, c, colour);
        draw_triangle_lines(a, b2, c, sizes.line(1.0), to_color(palette::BACKGROUND));
    }
    for t in &r.tunnels {
        let p = v.to_screen(*t) + off;
        aa::rim(p.x, p.y, 1.3 * s, sizes.line(2.5), colour);
        aa::line(p.x - s, p.y - s, p.x + s, p.y + s, sizes.line(2.5), colour);
        aa::line(p.x - s, p.y + s, p.x + s, p.y - s, sizes.line(2.5), colour);
    }
}

fn draw_ball(state: &State, r: &Runner, sizes: Sizes, race: bool) {
    let v = state.view;
    let p = v.to_screen(r.ball.center());
    let rad = r.ball.radius() * v.scale;
    let colour = runner_colour(r, race);
    if !race {
        aa::disc(p.x, p.y, rad, Color { a: 0.35, ..colour });
    }
    aa::rim(p.x, p.y, rad, sizes.line(2.0), colour);
}

fn draw_throw(state: &State, sizes: Sizes) {
    let (v, o) = (state.view, &state.playground.options);
    let (a, b) = (v.to_screen(o.ball.center()), v.to_screen(throw_tip(o)));
    let colour = to_color(alpha(palette::THROW, 200));
    // The start, dashed-looking: a thin ring.
    aa::rim(a.x, a.y, o.ball.radius() * v.scale, sizes.line(1.0), to_color(alpha(palette::THROW, 110)));
    if a.distance(b) > 2.0 {
        arrow(a, b, sizes.line(2.0), colour, 12.0 * sizes.scale);
    }
    let active = state.drag.map(|d| d.handle).or(state.hover) == Some(Handle::ThrowTip);
    let text = format!("throw ({}, {}) /s", number(o.throw[0]), number(o.throw[1]));
    super::motion::tip_handle(b, b, &text, colour, active, sizes);
}

fn draw_status(state: &State, sizes: Sizes) {
    let (c, p) = (state.canvas, &state.playground);
    let fs = sizes.font(16.0);
    let pad = 10.0 * sizes.scale;
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
        "Playground: {}, {}, t = {} s (step {}), speed {}× (keys , .){}",
        p.level_name(),
        what,
        number(p.time()),
        p.steps,
        number(p.options.speed),
        if clock.is_empty() { String::new() } else { format!(", {clock}") },
    );
    text(&line, c.x + pad, c.y + pad + fs as f32 * 0.8, fs, to_color(palette::TEXT));
    if !p.options.gravity {
        text("gravity off", c.x + pad, c.y + pad + 2.0 * fs as f32, sizes.font(14.0), to_color(palette::TICK_TEXT));
    }
}

/// The race's legend: colour and dot shape, strategy id, bumps and tunnellings, speed now, speed
/// lost in the measurement window; then what "lost" measures.
fn draw_legend(state: &State, sizes: Sizes) {
    let (c, p) = (state.canvas, &state.playground);
    let fs = sizes.font(13.0);
    let lh = fs as f32 * 1.35;
    let x = c.x + 10.0 * sizes.scale;
    let mut y = c.y + 10.0 * sizes.scale + 2.6 * fs as f32;
    let w = 420.0 * sizes.scale;
    draw_rectangle(
        x - 4.0,
        y - fs as f32,
        w,
        lh * (p.runners.len() + 1) as f32 + 6.0,
        to_color(alpha(palette::BACKGROUND, 200)),
    );
    for r in &p.runners {
        let i = strategy_index(r.strategy);
        let colour = to_color(palette::race_colour(i));
        let mid = y - 0.3 * fs as f32;
        aa::line(x, mid, x + 18.0 * sizes.scale, mid, sizes.line(3.0), colour);
        dot(i, vec2(x + 9.0 * sizes.scale, mid), 3.4 * sizes.scale, sizes.line(1.5), colour);
        let marks = format!(
            "{}: {} bumps, {} tunnelled, {} /s, lost {}",
            r.strategy.as_str(),
            r.bumps.len(),
            r.tunnels.len(),
            number(r.speeds.last().copied().unwrap_or(0.0)),
            number(p.speed_lost(r))
        );
        text(&marks, x + 24.0 * sizes.scale, y, fs, colour);
        y += lh;
    }
    let window = match p.measure_steps() {
        Some(n) => format!(
            "lost: speed lost in the first {} s (the balls still on the floor)",
            number(n as f32 * STEP_SECONDS)
        ),
        None => "lost: speed lost since the throw (negative: gained)".to_string(),
    };
    text(&window, x, y, fs, to_color(palette::TEXT));
}
