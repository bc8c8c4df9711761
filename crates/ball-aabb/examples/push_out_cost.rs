//! What getting an embedded ball out costs: one `world::step` (default strategy, no velocity) of a
//! ball that starts inside rock, timed in a loop (release build; the median of 7 runs of 2,000
//! steps each, ns a step). `cargo run --release -p ball-aabb --example push_out_cost`.
//! The table in docs/performance.md ("The push-out") comes from here.

use ball_aabb::world::{step, Params, StrategyId, TileMap};
use ball_aabb::Circle;
use std::hint::black_box;
use std::time::Instant;

/// A square block of rock `n` cells a side with a free ring of two cells around it.
fn block(n: usize) -> TileMap {
    let mut map = TileMap::new(n + 4, n + 4, 1.0, [0.0, 0.0]).unwrap();
    for row in 2..n + 2 {
        for col in 2..n + 2 {
            map.set(col, row, true);
        }
    }
    map
}

fn time(map: &TileMap, c: [f32; 2], r: f32) -> (f64, [f32; 2]) {
    let ball = Circle::new(c, r).unwrap();
    let params = Params::default();
    let n = 2000;
    let mut runs = Vec::new();
    let mut end = c;
    for _ in 0..7 {
        let t = Instant::now();
        for _ in 0..n {
            end = black_box(step(StrategyId::default(), black_box(&ball), [0.0, 0.0], map, &params)).end;
        }
        runs.push(t.elapsed().as_nanos() as f64 / n as f64);
    }
    runs.sort_by(f64::total_cmp);
    (runs[3], end)
}

fn main() {
    let big = block(4096);
    let region = block(1000);
    let free = TileMap::from_ascii("........\n........\n########", 1.0).unwrap();
    let mut floor = TileMap::new(4096, 8, 1.0, [0.0, 0.0]).unwrap();
    for col in 0..4096 {
        floor.set(col, 0, true);
        floor.set(col, 1, true);
    }
    let rows: [(&str, &TileMap, [f32; 2], f32); 7] = [
        ("resting on a floor (not embedded)", &free, [3.5, 1.5], 0.5),
        ("sunk 0.2 < r into a 4096-wide floor", &floor, [2000.5, 2.3], 0.5),
        ("sunk 0.45 < r into a 4096-wide floor", &floor, [2000.5, 2.05], 0.5),
        ("1 cell deep, 1000² region", &region, [502.5, 1000.5], 0.5),
        ("10 cells deep, 1000² region", &region, [502.5, 991.5], 0.5),
        ("80 cells deep, 1000² region", &region, [502.5, 921.5], 0.5),
        ("centre of a 4096² block", &big, [2050.25, 2050.5], 0.5),
    ];
    println!("| case | ns a step | end |");
    println!("|---|---:|---|");
    for (name, map, c, r) in rows {
        let (ns, end) = time(map, c, r);
        println!("| {name} | {ns:.0} | ({}, {}) |", end[0], end[1]);
    }
    // Where no opening fits the ball (the search, not the shortcut): random maps, balls anywhere,
    // each timed once (median and the slowest of 200) and how far the median-time ball was pushed.
    println!();
    println!("| random map, no opening fits | median ns | slowest ns | the median ball's push |");
    println!("|---|---:|---:|---:|");
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 11) as f32 / (1u64 << 53) as f32
    };
    for (n, fill, r) in [(256usize, 0.3f32, 0.7f32), (256, 0.3, 1.84), (1024, 0.3, 1.84), (64, 0.5, 1.2)] {
        let mut map = TileMap::new(n, n, 1.0, [0.0, 0.0]).unwrap();
        for row in 0..n {
            for col in 0..n {
                map.set(col, row, rnd() < fill);
            }
        }
        let mut runs = Vec::new();
        while runs.len() < 200 {
            let c = [rnd() * n as f32, rnd() * n as f32];
            let ball = Circle::new(c, r).unwrap();
            let t = Instant::now();
            let s = black_box(step(StrategyId::default(), black_box(&ball), [0.0, 0.0], &map, &Params::default()));
            let ns = t.elapsed().as_nanos() as f64;
            if s.pushed_out != [0.0; 2] {
                runs.push((ns, s.pushed_out[0].hypot(s.pushed_out[1])));
            }
        }
        runs.sort_by(|a, b| a.0.total_cmp(&b.0));
        println!(
            "| {n}², {:.0} % solid, r = {r} | {:.0} | {:.0} | {:.2} |",
            fill * 100.0,
            runs[100].0,
            runs[199].0,
            runs[100].1
        );
    }
    let centre = TileMap::escape_work(&big, [2050.25, 2050.5]);
    println!("shortcut work at the centre of the 4096² block: {centre} cells and nodes");
}
