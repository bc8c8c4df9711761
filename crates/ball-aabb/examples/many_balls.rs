//! The batched world step's figure: ns per ball-step on a 1024² map with 30 % random solid cells,
//! 10⁶ balls of radius 0.3 moving up to 2 cells a step, the default strategy, no gravity — for a
//! plain loop over `world::step`, `step_many` on one thread and `par_step_many` on 2 threads, each
//! from the same start over the same steps (the median of a few runs).
//!
//! `cargo run --release -p ball-aabb --features parallel --example many_balls [BALLS] [STEPS] [MAP] [FILL]`

use ball_aabb::world::{par_step_many, step, step_many, BallsMut, Params, Radii, StrategyId, TileMap};
use ball_aabb::Circle;
use std::time::Instant;

/// SplitMix64: a seeded stream, nothing else needed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
}

#[derive(Clone)]
struct Balls {
    x: Vec<f32>,
    y: Vec<f32>,
    vx: Vec<f32>,
    vy: Vec<f32>,
}

impl Balls {
    fn view(&mut self) -> BallsMut<'_> {
        BallsMut { x: &mut self.x, y: &mut self.y, vx: &mut self.vx, vy: &mut self.vy }
    }
}

fn main() {
    let arg = |k: usize, d: f64| std::env::args().nth(k).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (n, steps, size, fill) =
        (arg(1, 1e6) as usize, arg(2, 10.0) as usize, arg(3, 1024.0) as usize, arg(4, 0.3) as f32);
    let (r, speed) = (0.3f32, 2.0f32);
    let mut g = Rng(35);
    let mut map = TileMap::new(size, size, 1.0, [0.0; 2]).expect("map");
    for row in 0..size {
        for col in 0..size {
            map.set(col, row, g.unit() < fill);
        }
    }
    // Balls in empty cells, at least r from the cell's edges (so overlapping nothing).
    let mut b = Balls { x: Vec::with_capacity(n), y: Vec::with_capacity(n), vx: Vec::new(), vy: Vec::new() };
    while b.x.len() < n {
        let (col, row) = ((g.next() % size as u64) as usize, (g.next() % size as u64) as usize);
        if map.is_solid(col, row) {
            continue;
        }
        b.x.push(col as f32 + r + (1.0 - 2.0 * r) * g.unit());
        b.y.push(row as f32 + r + (1.0 - 2.0 * r) * g.unit());
        let (a, s) = (g.unit() * std::f32::consts::TAU, speed * g.unit());
        b.vx.push(s * a.cos());
        b.vy.push(s * a.sin());
    }
    let (id, params) = (StrategyId::default(), Params::default());
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_default();
    println!(
        "{n} balls, r = {r}, up to {speed} cells a step, {size}² map, {:.0} % solid, {steps} steps; {cpu}; level {:?}",
        fill * 100.0,
        ball_aabb::batch::level()
    );
    let time = |name: &str, f: &dyn Fn(&mut Balls) -> usize| {
        let mut ts = Vec::new();
        let mut fast = 0;
        for _ in 0..3 {
            let mut w = b.clone();
            let t0 = Instant::now();
            fast = f(&mut w);
            ts.push(t0.elapsed().as_secs_f64() * 1e9 / (n * steps) as f64);
        }
        ts.sort_by(f64::total_cmp);
        println!(
            "{name:<28} {:>7.1} ns/ball-step  (min {:.1}, max {:.1}; free-space path {:.0} %)",
            ts[1],
            ts[0],
            ts[2],
            100.0 * fast as f64 / (n * steps) as f64
        );
    };
    time("loop over world::step", &|w| {
        for _ in 0..steps {
            for i in 0..n {
                let s = step(id, &Circle::new([w.x[i], w.y[i]], r).expect("ball"), [w.vx[i], w.vy[i]], &map, &params);
                (w.x[i], w.y[i], w.vx[i], w.vy[i]) = (s.end[0], s.end[1], s.velocity[0], s.velocity[1]);
            }
        }
        0
    });
    time("step_many, 1 thread", &|w| {
        (0..steps).map(|_| step_many(id, &map, &params, w.view(), Radii::One(r), &mut []).expect("batch").fast).sum()
    });
    time("par_step_many, 2 threads", &|w| {
        (0..steps)
            .map(|_| par_step_many(id, &map, &params, w.view(), Radii::One(r), &mut [], 2).expect("batch").fast)
            .sum()
    });
}
