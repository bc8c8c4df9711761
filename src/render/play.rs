//! Play's canvas, over the playground's tile map: the ghosts of a race (trails in their strategy's
//! colour, each in its own lane, labelled with the strategy's id, with marks where they bumped,
//! stuck or tunnelled), the character and its trail, marks where it snapped down or stepped up
//! (fading), its contact normals drawn at the contacts, the HUD (the grounded / wall / ceiling
//! flags, position, velocity, events), the race's legend and the touch pads. Every cue that has a
//! colour also has a shape or a word: the flags are filled or hollow and named, the normals and
//! marks are labelled, the ghosts named. It draws; it changes nothing.

use super::aa;
use super::label::{label, text};
use super::strokes::arrow;
use super::style::{to_color, Sizes};
use crate::app::palette::{self, alpha};
use crate::app::playground::play::{pad_rects, Body, Ghost, MarkKind, Pad, MARK_STEPS};
use crate::app::playground::strategy_index;
use crate::app::State;
use crate::format::{number, vector};
use crate::geom::world::STRATEGIES;
use macroquad::prelude::*;

/// Draws Play over the map (the map is the playground's, drawn first).
pub fn draw_play(state: &State, sizes: Sizes) {
    let p = &state.playground.play;
    for g in &p.ghosts {
        draw_trail(state, &g.body, ghost_colour(g), lane(g, sizes), sizes.line(2.0));
    }
    for g in &p.ghosts {
        draw_ghost_marks(state, g, sizes);
    }
    draw_trail(state, &p.player, to_color(alpha(palette::CHARACTER, 150)), Vec2::ZERO, sizes.line(1.5));
    for g in &p.ghosts {
        let c = state.view.to_screen(g.body.position()) + lane(g, sizes);
        aa::rim(c.x, c.y, g.body.controller.radius() * state.view.scale, sizes.line(2.0), ghost_colour(g));
    }
    draw_character(state, sizes);
    draw_event_marks(state, sizes);
    draw_normals(state, sizes);
    super::typeset::flush();
    // Labels on plates, placed clear of each other: the ghosts' names.
    for g in &p.ghosts {
        let c = state.view.to_screen(g.body.position()) + lane(g, sizes);
        let above = c.y - (g.body.controller.radius() * state.view.scale + 12.0 * sizes.scale);
        label(g.strategy.as_str(), c.x, above, sizes.font(12.0), ghost_colour(g), true);
    }
    super::typeset::flush();
    draw_status(state, sizes);
    draw_hud(state, sizes);
    if p.racing() {
        draw_legend(state, sizes);
    }
    super::typeset::flush();
    draw_pads(state, sizes);
    super::typeset::flush();
}

fn ghost_colour(g: &Ghost) -> Color {
    to_color(palette::race_colour(strategy_index(g.strategy)))
}

/// Each ghost a couple of pixels off its true place, one lane per strategy, so ghosts on the same
/// path (most of them, most of the time) do not hide each other.
fn lane(g: &Ghost, sizes: Sizes) -> Vec2 {
    let mid = 0.5 * (STRATEGIES.len() as f32 - 1.0);
    vec2(0.0, (strategy_index(g.strategy) as f32 - mid) * 2.0 * sizes.scale)
}

fn draw_trail(state: &State, b: &Body, colour: Color, off: Vec2, w: f32) {
    let v = state.view;
    // At most ~1500 segments: a long trail is drawn through every n-th point.
    let n = (b.trail.len() / 1500).max(1);
    let mut prev: Option<Vec2> = None;
    for (i, p) in b.trail.iter().enumerate() {
        if i % n != 0 && i + 1 != b.trail.len() {
            continue;
        }
        let q = v.to_screen(*p) + off;
        if let Some(a) = prev {
            aa::line(a.x, a.y, q.x, q.y, w, colour);
        }
        prev = Some(q);
    }
}

/// A ghost's marks, by shape: bump a triangle, stuck a square, tunnel a crossed ring.
fn draw_ghost_marks(state: &State, g: &Ghost, sizes: Sizes) {
    let (off, colour) = (lane(g, sizes), ghost_colour(g));
    for m in &g.body.marks {
        mark_shape(state.view.to_screen(m.at) + off, m.kind, colour, sizes);
    }
}

/// The shape of a mark of `kind` centred at `p`.
fn mark_shape(p: Vec2, kind: MarkKind, colour: Color, sizes: Sizes) {
    let s = 6.0 * sizes.scale;
    let edge = to_color(palette::BACKGROUND);
    match kind {
        MarkKind::Bump => {
            let (a, b, c) = (vec2(p.x, p.y - s), vec2(p.x - s, p.y + 0.8 * s), vec2(p.x + s, p.y + 0.8 * s));
            draw_triangle(a, b, c, colour);
            draw_triangle_lines(a, b, c, sizes.line(1.0), edge);
        }
        MarkKind::Stuck => {
            draw_rectangle(p.x - 0.8 * s, p.y - 0.8 * s, 1.6 * s, 1.6 * s, colour);
            draw_rectangle_lines(p.x - 0.8 * s, p.y - 0.8 * s, 1.6 * s, 1.6 * s, sizes.line(1.0), edge);
        }
        MarkKind::Tunnelled => {
            aa::rim(p.x, p.y, 1.3 * s, sizes.line(2.5), colour);
            aa::line(p.x - s, p.y - s, p.x + s, p.y + s, sizes.line(2.5), colour);
            aa::line(p.x - s, p.y + s, p.x + s, p.y - s, sizes.line(2.5), colour);
        }
        MarkKind::SnappedDown | MarkKind::SteppedUp => {
            // A chevron pointing the way the character moved.
            let d = if kind == MarkKind::SteppedUp { -1.0 } else { 1.0 };
            let w = sizes.line(2.5);
            aa::line(p.x - s, p.y - d * 0.5 * s, p.x, p.y + d * 0.5 * s, w, colour);
            aa::line(p.x, p.y + d * 0.5 * s, p.x + s, p.y - d * 0.5 * s, w, colour);
        }
    }
}

fn draw_character(state: &State, sizes: Sizes) {
    let b = &state.playground.play.player;
    let c = state.view.to_screen(b.position());
    let r = b.controller.radius() * state.view.scale;
    let colour = to_color(palette::CHARACTER);
    aa::disc(c.x, c.y, r, Color { a: 0.55, ..colour });
    aa::rim(c.x, c.y, r, sizes.line(2.5), colour);
}

/// The character's snap and step-up marks, fading over [`MARK_STEPS`] (with reduced motion they
/// stay whole, then go), each with its word.
fn draw_event_marks(state: &State, sizes: Sizes) {
    let p = &state.playground;
    let steps = p.steps;
    for m in &p.play.player.marks {
        let age = steps.saturating_sub(m.step);
        if age >= MARK_STEPS {
            continue;
        }
        let fade = if state.motion.reduced_motion { 1.0 } else { 1.0 - age as f32 / MARK_STEPS as f32 };
        let base = if m.kind == MarkKind::SteppedUp { palette::STEP_MARK } else { palette::SNAP_MARK };
        let colour = Color { a: 0.25 + 0.75 * fade, ..to_color(base) };
        // At the feet: where the ground changed.
        let feet = [m.at[0], m.at[1] - p.play.player.controller.radius()];
        let at = state.view.to_screen(feet);
        mark_shape(at, m.kind, colour, sizes);
        text(m.kind.label(), at.x + 9.0 * sizes.scale, at.y + 4.0 * sizes.scale, sizes.font(12.0), colour);
    }
}

/// The last step's contact normals, each an arrow from its contact point, labelled.
fn draw_normals(state: &State, sizes: Sizes) {
    let b = &state.playground.play.player;
    let Some(r) = b.report else { return };
    let c = b.position();
    let rad = b.controller.radius();
    let len = 0.9 * state.view.scale;
    let normal = |n: [f32; 2], colour, word| {
        let at = state.view.to_screen([c[0] - rad * n[0], c[1] - rad * n[1]]);
        let tip = at + vec2(n[0], -n[1]) * len;
        let colour = to_color(colour);
        aa::disc(at.x, at.y, sizes.line(3.0), colour);
        arrow(at, tip, sizes.line(2.0), colour, 9.0 * sizes.scale);
        // On a plate beside the tip, clear of the other labels (a trail may cross it).
        let side = if n[0].abs() > 0.5 { vec2(0.0, -14.0) } else { vec2(30.0, 0.0) } * sizes.scale;
        label(word, tip.x + side.x, tip.y + side.y, sizes.font(12.0), colour, true);
    };
    if r.grounded {
        normal(r.ground_normal, palette::GROUND_NORMAL, "ground n");
    }
    if r.on_wall {
        normal(r.wall_normal, palette::WALL_NORMAL, "wall n");
    }
    if r.on_ceiling {
        normal([0.0, -1.0], palette::CEILING_NORMAL, "ceiling n");
    }
}

fn draw_status(state: &State, sizes: Sizes) {
    let (c, p) = (state.canvas, &state.playground);
    let fs = sizes.font(16.0);
    let pad = 10.0 * sizes.scale;
    let clock = if p.paused { ", paused" } else { "" };
    let line = format!(
        "Play: {}, strategy {}, t = {} s{clock}",
        p.level_name(),
        p.options.strategy.as_str(),
        number(p.time()),
    );
    text(&line, c.x + pad, c.y + pad + fs as f32 * 0.8, fs, to_color(palette::TEXT));
    let hint = "arrows or A D: run; Space, W or up: jump; down + jump: drop; Enter: race this run; R: again; Y: leave";
    text(hint, c.x + pad, c.y + pad + 2.0 * fs as f32, sizes.font(13.0), to_color(palette::TICK_TEXT));
}

/// The flags (a filled dot when on, a ring when off, and the name), then where the character is,
/// its velocity and the last step's events.
fn draw_hud(state: &State, sizes: Sizes) {
    let (c, b) = (state.canvas, &state.playground.play.player);
    let fs = sizes.font(14.0);
    let lh = fs as f32 * 1.5;
    let x0 = c.x + 10.0 * sizes.scale;
    let y = c.y + 10.0 * sizes.scale + 3.3 * sizes.font(16.0) as f32;
    let r = b.report;
    let flags = [
        ("grounded", r.is_some_and(|r| r.grounded), palette::GROUND_NORMAL),
        ("wall", r.is_some_and(|r| r.on_wall), palette::WALL_NORMAL),
        ("ceiling", r.is_some_and(|r| r.on_ceiling), palette::CEILING_NORMAL),
    ];
    let mut x = x0;
    let dot = 5.0 * sizes.scale;
    draw_rectangle(
        x0 - 4.0,
        y - fs as f32,
        430.0 * sizes.scale,
        2.0 * lh + 6.0,
        to_color(alpha(palette::BACKGROUND, 200)),
    );
    for (name, on, colour) in flags {
        let col = to_color(if on { colour } else { palette::TICK_TEXT });
        let cy = y - 0.35 * fs as f32;
        if on {
            aa::disc(x + dot, cy, dot, col);
        } else {
            aa::rim(x + dot, cy, dot, sizes.line(1.5), col);
        }
        let label = if on { format!("{name}: yes") } else { format!("{name}: no") };
        let d = text(&label, x + 2.0 * dot + 5.0 * sizes.scale, y, fs, col);
        x += 2.0 * dot + d.width + 22.0 * sizes.scale;
    }
    let events = r.map_or("no step yet".to_string(), |r| r.events.to_string());
    let line = format!(
        "at {}, v = {} /s{}",
        vector(b.position()),
        vector(b.controller.velocity()),
        if events.is_empty() { String::new() } else { format!("; {events}") }
    );
    text(&line, x0, y + lh, fs, to_color(palette::TEXT));
}

/// The race's legend: each strategy's colour, id and how often its ghost bumped, stuck, tunnelled
/// (with the marks' shapes).
fn draw_legend(state: &State, sizes: Sizes) {
    let (c, p) = (state.canvas, &state.playground.play);
    let fs = sizes.font(13.0);
    let lh = fs as f32 * 1.45;
    // In the canvas's top right corner, beside the HUD; under it when the canvas is too narrow.
    let w = 350.0 * sizes.scale;
    let top = c.y + 10.0 * sizes.scale + 3.3 * sizes.font(16.0) as f32 + fs as f32;
    let beside = c.w >= 2.0 * w + 40.0 * sizes.scale;
    let x = if beside { c.x + c.w - w - 6.0 * sizes.scale } else { c.x + 10.0 * sizes.scale };
    let mut y = if beside { top } else { top + 2.0 * sizes.font(14.0) as f32 * 1.5 };
    let done = if p.ghosts_done(state.playground.steps) { "done" } else { "running" };
    draw_rectangle(
        x - 4.0,
        y - fs as f32,
        w,
        lh * (p.ghosts.len() + 2) as f32 + 6.0,
        to_color(alpha(palette::BACKGROUND, 200)),
    );
    text(&format!("Ghost race: your run, every strategy ({done})"), x, y, fs, to_color(palette::TEXT));
    y += lh;
    let s = sizes.scale;
    let key = to_color(palette::TICK_TEXT);
    let mut kx = x;
    for (kind, word) in [(MarkKind::Bump, "bump"), (MarkKind::Stuck, "stuck"), (MarkKind::Tunnelled, "tunnel")] {
        mark_shape(vec2(kx + 7.0 * s, y - 0.35 * fs as f32), kind, key, sizes);
        let d = text(word, kx + 18.0 * s, y, fs, key);
        kx += 18.0 * s + d.width + 16.0 * s;
    }
    y += lh;
    for g in &p.ghosts {
        let colour = ghost_colour(g);
        aa::line(x, y - 0.3 * fs as f32, x + 18.0 * s, y - 0.3 * fs as f32, sizes.line(3.0), colour);
        let line = format!(
            "{}: {} bump, {} stuck, {} tunnel{}",
            g.strategy.as_str(),
            g.count(MarkKind::Bump),
            g.count(MarkKind::Stuck),
            g.count(MarkKind::Tunnelled),
            if g.body.out { ", fell out" } else { "" }
        );
        text(&line, x + 24.0 * s, y, fs, colour);
        y += lh;
    }
}

/// The touch pads: translucent squares in the canvas's bottom corners, brighter while held; an
/// arrow on the three direction pads, the word on the jump pad.
fn draw_pads(state: &State, sizes: Sizes) {
    let held = state.playground.play.pads;
    for (i, (pad, r)) in pad_rects(state.canvas).into_iter().enumerate() {
        let fill = to_color(alpha(palette::PAD, if held[i] { 110 } else { 40 }));
        let edge = to_color(alpha(palette::PAD, 170));
        draw_rectangle(r.x, r.y, r.w, r.h, fill);
        draw_rectangle_lines(r.x, r.y, r.w, r.h, sizes.line(1.5), edge);
        let (cx, cy) = (r.x + 0.5 * r.w, r.y + 0.5 * r.h);
        let s = 0.22 * r.h;
        let tri = |a: Vec2, b: Vec2, c: Vec2| draw_triangle(a, b, c, edge);
        match pad {
            Pad::Left => tri(vec2(cx - s, cy), vec2(cx + s, cy - s), vec2(cx + s, cy + s)),
            Pad::Right => tri(vec2(cx + s, cy), vec2(cx - s, cy - s), vec2(cx - s, cy + s)),
            Pad::Down => tri(vec2(cx, cy + s), vec2(cx - s, cy - s), vec2(cx + s, cy - s)),
            Pad::Jump => {
                let fs = sizes.font(15.0);
                let m = super::typeset::measure(pad.name(), fs);
                text(pad.name(), cx - 0.5 * m.width, cy + 0.35 * fs as f32, fs, edge);
            }
        }
    }
}
