//! A small platformer on the library's character controller (`ball_aabb::controller`): a level in
//! ASCII with one-way platforms (`-`), steps up and down, gaps, a low corridor; the camera follows.
//!
//! `cargo run --release --example platformer` — ←/→ or A/D run, Space/↑/W jump (hold for a higher
//! jump), ↓/S + jump drops through a one-way platform, R respawns. The physics runs at a fixed
//! 60 Hz whatever the frame rate; the HUD shows grounded / wall / ceiling and marks where the
//! character snapped down a step, stepped up, landed or jumped.
//!
//! Headless check: `PLATFORMER_SCRIPT="R*60,RJ*20,R*30" PLATFORMER_SCREENSHOT=out.png` plays the
//! script (the `move --controller --input` syntax: R, L, J, D combined, or N, with `*COUNT`; one
//! step per frame), saves the frame after its last step and exits.

use ball_aabb::controller::{Config, Controller, Event, Input, Report};
use ball_aabb::world::{Tile, TileMap};
use circle_aabb_lab::cli::controller::{parse_script, Keys, ScriptStep};
use macroquad::prelude::*;

/// The level, top line highest: `#` solid, `-` one-way, `.` empty. Cells of [`CELL`].
const LEVEL: &[&str] = &[
    "#..............................................................#",
    "#..............................................................#",
    "#..............................................................#",
    "#..............................................................#",
    "#..............................................................#",
    "#..............................................................#",
    "#..............................................................#",
    "#..............................................................#",
    "#..............................................................#",
    "#..............................................................#",
    "#.......................................------.................#",
    "#..............................................................#",
    "#..............................................................#",
    "#.............................-------..........................#",
    "#...............................................-----------....#",
    "#..............................................................#",
    "#..............................................................#",
    "#.............------------.....................................#",
    "#...------.........................###........#########.#####..#",
    "#...............................########......#########........#",
    "#............................#############.....................#",
    "#.........................##################...................#",
    "##########.#######....##########################################",
    "##########.#######....##########################################",
];
/// Half a unit: a one-cell step (0.5) is the default step-up height, a snap (1) covers two cells.
const CELL: f32 = 0.5;
const RADIUS: f32 = 0.3;
const SPAWN: [f32; 2] = [1.5, 1.0 + RADIUS];
/// The physics step.
const DT: f32 = 1.0 / 60.0;
/// World units shown across and up (at least).
const VIEW: (f32, f32) = (16.0, 10.0);
/// How long an event marker stays, seconds.
const MARK_TIME: f32 = 0.8;

/// Where the camera looks and how many pixels a unit is.
struct Camera {
    center: [f32; 2],
    scale: f32,
}

impl Camera {
    fn to_screen(&self, p: [f32; 2]) -> Vec2 {
        vec2(
            screen_width() / 2.0 + (p[0] - self.center[0]) * self.scale,
            screen_height() / 2.0 - (p[1] - self.center[1]) * self.scale,
        )
    }

    /// Eases toward the character, kept inside the level.
    fn follow(&mut self, target: [f32; 2], level: [f32; 2], dt: f32) {
        self.scale = (screen_width() / VIEW.0).min(screen_height() / VIEW.1);
        let half = [screen_width() / 2.0 / self.scale, screen_height() / 2.0 / self.scale];
        let k = 1.0 - (-8.0 * dt).exp();
        for i in 0..2 {
            let want =
                if level[i] > 2.0 * half[i] { target[i].clamp(half[i], level[i] - half[i]) } else { level[i] / 2.0 };
            self.center[i] += (want - self.center[i]) * k;
        }
    }
}

/// The keys held now (keyboard).
fn keys_now() -> Keys {
    let any = |k: &[KeyCode]| k.iter().any(|&k| is_key_down(k));
    Keys {
        right: any(&[KeyCode::Right, KeyCode::D]),
        left: any(&[KeyCode::Left, KeyCode::A]),
        jump: any(&[KeyCode::Space, KeyCode::Up, KeyCode::W]),
        down: any(&[KeyCode::Down, KeyCode::S]),
    }
}

/// An event marker: where, what, how long ago.
struct Mark {
    at: [f32; 2],
    text: &'static str,
    age: f32,
}

fn draw_level(map: &TileMap, cam: &Camera) {
    for row in 0..map.height() {
        for col in 0..map.width() {
            let r = map.cell_rect(col, row);
            let (tl, br) = (cam.to_screen([r.min()[0], r.max()[1]]), cam.to_screen([r.max()[0], r.min()[1]]));
            let (w, h) = (br.x - tl.x, br.y - tl.y);
            match map.tile(col, row) {
                Tile::Solid => {
                    draw_rectangle(tl.x, tl.y, w, h, Color::from_rgba(62, 80, 110, 255));
                    draw_rectangle_lines(tl.x, tl.y, w, h, 1.0, Color::from_rgba(92, 116, 152, 255));
                }
                Tile::OneWay => {
                    draw_rectangle(tl.x, tl.y, w, h * 0.22, Color::from_rgba(196, 150, 84, 255));
                    draw_line(tl.x, tl.y + h * 0.22, br.x, tl.y + h * 0.22, 1.0, Color::from_rgba(120, 88, 44, 255));
                }
                Tile::Empty => {}
            }
        }
    }
}

fn draw_hud(r: &Report, scripted: bool) {
    let flag = |on: bool| if on { "yes" } else { "no" };
    let line1 = format!(
        "grounded: {}   wall: {}   ceiling: {}   velocity ({:.1}, {:.1})",
        flag(r.grounded),
        flag(r.on_wall),
        flag(r.on_ceiling),
        r.velocity[0],
        r.velocity[1]
    );
    draw_text(&line1, 12.0, 26.0, 24.0, WHITE);
    let help = if scripted {
        "playing a script"
    } else {
        "Left/Right or A/D: run   Space/Up/W: jump (hold: higher)   Down/S + jump: drop through   R: respawn"
    };
    draw_text(help, 12.0, 50.0, 20.0, Color::from_rgba(200, 205, 215, 255));
}

fn window_conf() -> Conf {
    Conf { window_title: "ball-aabb: platformer".into(), window_width: 1280, window_height: 720, ..Conf::default() }
}

#[macroquad::main(window_conf)]
async fn main() {
    let map = TileMap::from_ascii(&LEVEL.join("\n"), CELL).expect("the level parses");
    let size = [map.width() as f32 * CELL, map.height() as f32 * CELL];
    let mut player = Controller::new(SPAWN, RADIUS, Config::default()).expect("a valid character");
    let mut cam = Camera { center: SPAWN, scale: 1.0 };
    cam.follow(SPAWN, size, 1.0);
    let script: Option<Vec<ScriptStep>> =
        std::env::var("PLATFORMER_SCRIPT").ok().map(|s| parse_script(&s).expect("PLATFORMER_SCRIPT parses"));
    let screenshot = std::env::var("PLATFORMER_SCREENSHOT").ok();
    let (mut clock, mut step_no, mut previous) = (0.0f32, 0usize, Keys::default());
    let mut last = player.step(Input::default(), DT, &map);
    let mut marks: Vec<Mark> = Vec::new();
    let mut pressed = false; // a jump press seen since the last physics step
    loop {
        if is_key_pressed(KeyCode::R) {
            player.set_position(SPAWN).expect("valid");
            player.set_velocity([0.0, 0.0]);
        }
        // The physics at a fixed 60 Hz: as many steps as the frame time holds (one per frame when
        // playing a script, so that it is the same on every machine).
        let frame = get_frame_time().min(0.1);
        let steps = if script.is_some() {
            1
        } else {
            clock += frame;
            let n = (clock / DT) as usize;
            clock -= n as f32 * DT;
            n
        };
        let keys_frame = keys_now();
        pressed |= keys_frame.jump && !previous.jump;
        for _ in 0..steps {
            let keys = match &script {
                Some(s) => s.get(step_no).map_or(Keys::default(), |s| s.keys),
                None => keys_frame,
            };
            let mut input = keys.input(previous);
            if script.is_none() {
                input.jump_pressed = pressed;
                pressed = false;
            }
            previous = keys;
            last = player.step(input, DT, &map);
            step_no += 1;
            for (e, text) in [
                (Event::SnappedDown, "snap"),
                (Event::SteppedUp, "step up"),
                (Event::Landed, "land"),
                (Event::Jumped, "jump"),
                (Event::DroppedThrough, "drop"),
                (Event::HitCeiling, "bonk"),
            ] {
                if last.events.contains(e) {
                    marks.push(Mark { at: last.position, text, age: 0.0 });
                }
            }
            if last.position[1] < -5.0 {
                player.set_position(SPAWN).expect("valid");
                player.set_velocity([0.0, 0.0]);
            }
        }
        for m in &mut marks {
            m.age += if script.is_some() { DT } else { frame };
        }
        marks.retain(|m| m.age < MARK_TIME);
        cam.follow(player.position(), size, if script.is_some() { DT } else { frame });

        clear_background(Color::from_rgba(20, 22, 30, 255));
        draw_level(&map, &cam);
        for m in &marks {
            let p = cam.to_screen(m.at);
            let a = (255.0 * (1.0 - m.age / MARK_TIME)) as u8;
            draw_circle_lines(p.x, p.y, RADIUS * cam.scale * (1.0 + m.age), 2.0, Color::from_rgba(140, 230, 160, a));
            draw_text(
                m.text,
                p.x + 8.0,
                p.y - RADIUS * cam.scale - 6.0 - 20.0 * m.age,
                20.0,
                Color::from_rgba(140, 230, 160, a),
            );
        }
        let c = cam.to_screen(player.position());
        draw_circle(c.x, c.y, RADIUS * cam.scale, Color::from_rgba(250, 190, 60, 255));
        if let Some(n) = player.ground_normal() {
            let tip = cam.to_screen([player.position()[0] + n[0] * 0.6, player.position()[1] + n[1] * 0.6]);
            draw_line(c.x, c.y, tip.x, tip.y, 2.0, Color::from_rgba(120, 230, 140, 255));
        }
        draw_hud(&last, script.is_some());

        if let (Some(s), Some(path)) = (&script, &screenshot) {
            if step_no >= s.len() {
                get_screen_data().export_png(path);
                return;
            }
        }
        next_frame().await
    }
}
