//! A ball rolling and bouncing through boxes: the smallest game loop on `ball-aabb`.
//!
//! `cargo run -p ball-aabb --example bouncing_ball` — Space kicks the ball, a click drops it where
//! you clicked, R resets. Each frame: add gravity to the velocity, then let [`bounce`] move the ball
//! through the level — it stops at the first box on the way, reflects the velocity off that box's
//! normal with some restitution, and goes on with the rest of the frame's motion, so a fast ball
//! never passes through a thin wall.

use ball_aabb::{bounce, Circle, Rect};
use macroquad::prelude::*;

const RADIUS: f32 = 0.4;
const GRAVITY: f32 = -25.0; // world units per second², y up
const RESTITUTION: f32 = 0.55;
const ROLLING_FRICTION: f32 = 0.6; // per second, while on the ground
const VIEW: (f32, f32) = (32.0, 20.0); // world units shown

/// The level: a floor of flush tiles (the ball rolls over their seams), walls, steps, a thin wall.
fn level() -> Vec<Rect> {
    let b = |x0: f32, y0: f32, x1: f32, y1: f32| Rect::new([x0, y0], [x1, y1]).expect("level boxes are valid");
    let mut boxes: Vec<Rect> = (0..16).map(|i| b(2.0 * i as f32, 0.0, 2.0 * i as f32 + 2.0, 1.0)).collect();
    boxes.extend([
        b(0.0, 1.0, 1.0, 20.0),   // left wall
        b(31.0, 1.0, 32.0, 20.0), // right wall
        b(8.0, 1.0, 11.0, 2.0),   // steps
        b(9.0, 2.0, 11.0, 3.0),
        b(10.0, 3.0, 11.0, 4.0),
        b(18.0, 1.0, 18.1, 6.0), // a thin wall
        b(22.0, 7.0, 28.0, 7.5), // a platform
    ]);
    boxes
}

/// World (y up) to screen pixels.
fn to_screen(p: [f32; 2]) -> Vec2 {
    let s = (screen_width() / VIEW.0).min(screen_height() / VIEW.1);
    vec2(p[0] * s, screen_height() - p[1] * s)
}

fn to_world(p: Vec2) -> [f32; 2] {
    let s = (screen_width() / VIEW.0).min(screen_height() / VIEW.1);
    [p.x / s, (screen_height() - p.y) / s]
}

#[macroquad::main("ball-aabb: a bouncing ball")]
async fn main() {
    let boxes = level();
    let start = Circle::new([3.0, 12.0], RADIUS).expect("valid");
    let (mut ball, mut velocity) = (start, [9.0f32, 0.0]);
    let mut on_ground = false;
    loop {
        // Input.
        if is_key_pressed(KeyCode::R) {
            (ball, velocity) = (start, [9.0, 0.0]);
        }
        if is_key_pressed(KeyCode::Space) {
            velocity = [velocity[0] + 6.0, velocity[1] + 12.0];
        }
        if is_mouse_button_pressed(MouseButton::Left) {
            if let Ok(dropped) = Circle::new(to_world(mouse_position().into()), RADIUS) {
                (ball, velocity) = (dropped, [0.0, 0.0]);
            }
        }

        // Physics: gravity, then one swept move for this frame's displacement.
        let dt = get_frame_time().clamp(1.0 / 240.0, 1.0 / 30.0);
        velocity[1] += GRAVITY * dt;
        if on_ground {
            velocity[0] *= 1.0 - ROLLING_FRICTION * dt;
        }
        let motion = bounce(&ball, [velocity[0] * dt, velocity[1] * dt], &boxes, RESTITUTION);
        on_ground = motion.hits().iter().any(|h| h.normal[1] > 0.7);
        ball = Circle::new(motion.end, RADIUS).unwrap_or(start);
        velocity = [motion.velocity[0] / dt, motion.velocity[1] / dt];
        if on_ground && velocity[1].abs() < 0.5 {
            velocity[1] = 0.0; // at rest on the ground: stop the micro-bounces
        }

        // Drawing.
        clear_background(Color::from_rgba(24, 26, 32, 255));
        for b in &boxes {
            let (lo, hi) = (to_screen([b.min()[0], b.max()[1]]), to_screen([b.max()[0], b.min()[1]]));
            draw_rectangle(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, Color::from_rgba(70, 90, 120, 255));
            draw_rectangle_lines(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, 1.0, Color::from_rgba(120, 150, 190, 255));
        }
        let c = to_screen(ball.center());
        let r = to_screen([RADIUS, 0.0]).x - to_screen([0.0, 0.0]).x;
        draw_circle(c.x, c.y, r, Color::from_rgba(250, 190, 60, 255));
        for hit in motion.hits() {
            let p = to_screen(hit.point);
            let n = to_screen([hit.point[0] + hit.normal[0], hit.point[1] + hit.normal[1]]);
            draw_line(p.x, p.y, n.x, n.y, 2.0, Color::from_rgba(120, 230, 140, 255));
        }
        let speed = velocity[0].hypot(velocity[1]);
        draw_text(format!("speed {speed:.1}   Space: kick   click: drop   R: reset"), 12.0, 24.0, 24.0, WHITE);
        next_frame().await
    }
}
