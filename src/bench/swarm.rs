//! The swarm rows (`bench --json` key `"swarm"`): one step of many balls through one map
//! ([`crate::swarm`]), in five scenarios, each timed four ways on the same inputs in the same run:
//! the plain scalar loop over `world::step` (what a user writes today: a `Circle` and a velocity a
//! ball, the `Step` read back), the batched step ([`Swarm::step`]) on 1 thread and on 2, and the
//! parry2d peer (`tilemap::peer`: a grid walk, `cast_shapes`, an 8-iteration slide; with
//! the `peers` feature). The batched ends must equal the scalar loop's bit for bit; the peer's are
//! compared within [`super::tilemap::tolerance`].
//!
//! Desktop only (rayon, and the peer), like the tile-map rows.

use super::results::SwarmResult;
#[cfg(feature = "peers")]
use super::tilemap::compare;
use super::timing::Clock;
use crate::geom::world::Outcome;
use crate::geom::world::{step, Params, StrategyId, TileMap};
use crate::geom::Circle;
use crate::swarm::{make_map, MapKind, Swarm, SwarmError};
use std::hint::black_box;

/// One scenario: a map, balls of one radius and their speeds, gravity.
#[derive(Clone, Debug)]
pub struct SwarmSpec {
    /// The row's name: `"noise"`, `"bullets"`, `"crowd"`, `"rest"`, `"level"`.
    pub name: &'static str,
    /// What the map is.
    pub map: MapKind,
    /// Balls.
    pub balls: usize,
    /// Every ball's radius, cells.
    pub radius: f32,
    /// The largest speed, cells a step (balls at rest: 0).
    pub speed: f32,
    /// Gravity, cells a step per step (y); the `rest` row's is [`crate::swarm::REST_GRAVITY`].
    pub gravity: f32,
    /// Timed samples of each figure; the fastest is kept.
    pub samples: usize,
    /// The seed of the map and the balls.
    pub seed: u64,
}

/// The five scenarios, full (10⁶ balls on 1024² maps) or `quick` (10⁴ on 128²).
#[must_use]
pub fn specs(quick: bool) -> Vec<SwarmSpec> {
    let (n, size, samples) = if quick { (10_000, 128, 1) } else { (1_000_000, 1024, 5) };
    let spec = |name, map, radius, speed, gravity| SwarmSpec {
        name,
        map,
        balls: n,
        radius,
        speed,
        gravity,
        samples,
        seed: 0x5A7A_0035,
    };
    vec![
        // The target row: 30 % random solid cells, up to 2 cells a step.
        spec("noise", MapKind::Noise { size, fill: 0.3 }, 0.3, 2.0, 0.0),
        // Bullets: small and fast through a sparse map, few contacts.
        spec("bullets", MapKind::Noise { size, fill: 0.05 }, 0.1, 8.0, 0.0),
        // A crowd: big, slow balls in a dense map, falling a little: many of them touch a wall.
        spec("crowd", MapKind::Noise { size, fill: 0.4 }, 0.45, 0.5, 0.1),
        // At rest on floors, held there by gravity.
        spec("rest", MapKind::Floors { width: size, height: size }, 0.3, 0.0, crate::swarm::REST_GRAVITY),
        // A level of platforms, falling under gravity.
        spec("level", MapKind::Level { width: size, height: size }, 0.3, 2.0, 0.05),
    ]
}

/// The swarm of `spec` (map and balls).
fn make(spec: &SwarmSpec) -> Result<Swarm, SwarmError> {
    let map = make_map(&spec.map, spec.seed);
    let mut s = if spec.speed == 0.0 && spec.gravity > 0.0 {
        Swarm::rest_on_floors(map, spec.balls, spec.radius, spec.seed)?
    } else {
        Swarm::try_scatter(map, spec.balls, spec.radius, spec.speed, spec.seed)?
    };
    s.params = Params::default().with_gravity([0.0, -spec.gravity]);
    Ok(s)
}

/// The fastest of `samples` runs of `sample`, in ns per ball: each run resets its inputs (untimed)
/// and returns the seconds its timed part took on the clock it is given.
fn best<C: Clock>(clock: &mut C, samples: usize, balls: usize, mut sample: impl FnMut(&mut C) -> f64) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..samples.max(1) {
        best = best.min(sample(clock).max(0.0) * 1e9 / balls.max(1) as f64);
    }
    best
}

/// The plain loop a user writes: one `world::step` a ball, the end and velocity read back.
fn scalar_loop(id: StrategyId, map: &TileMap, params: &Params, r: f32, balls: &mut [Circle], v: &mut [[f32; 2]]) {
    for (b, v) in balls.iter_mut().zip(v.iter_mut()) {
        let s = step(id, b, *v, map, params);
        *b = Circle::new(s.end, r).unwrap_or(*b);
        *v = s.velocity;
    }
}

/// Times every scenario of `specs`; `progress(message)` before each phase. A scenario whose balls
/// cannot be placed, or whose batched ends differ from the scalar loop's, is an error.
pub fn run<C: Clock>(
    specs: &[SwarmSpec],
    clock: &mut C,
    mut progress: impl FnMut(&str),
) -> Result<Vec<SwarmResult>, String> {
    let mut rows = Vec::new();
    for spec in specs {
        progress(&format!("swarm {}: placing {} balls", spec.name, spec.balls));
        let start = make(spec).map_err(|e| format!("swarm {}: {e}", spec.name))?;
        let n = start.len();
        let (id, r, params) = (start.strategy, start.radius, start.params);
        let circles: Vec<Circle> = (0..n)
            .map(|i| Circle::new([start.x[i], start.y[i]], r))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{e}"))?;
        let vels: Vec<[f32; 2]> = (0..n).map(|i| [start.vx[i], start.vy[i]]).collect();

        progress(&format!("swarm {}: the scalar loop", spec.name));
        let (mut b, mut v) = (circles.clone(), vels.clone());
        let scalar_ns = best(clock, spec.samples, n, |c| {
            b.clone_from(&circles);
            v.clone_from(&vels);
            let t0 = c.seconds();
            scalar_loop(id, &start.map, &params, r, black_box(&mut b), &mut v);
            c.seconds() - t0
        });
        let scalar_ends: Vec<[f32; 2]> = b.iter().map(|c| c.center()).collect();

        let mut s = start.clone();
        let mut tally = Default::default();
        let mut batch = |threads: usize, label: &str, clock: &mut C| {
            progress(&format!("swarm {}: the batched step, {label}", spec.name));
            let ns = best(clock, spec.samples, n, |c| {
                s.x.clone_from(&start.x);
                s.y.clone_from(&start.y);
                s.vx.clone_from(&start.vx);
                s.vy.clone_from(&start.vy);
                let t0 = c.seconds();
                tally = black_box(&mut s).step(threads);
                c.seconds() - t0
            });
            let ends: Vec<[f32; 2]> = (0..n).map(|i| [s.x[i], s.y[i]]).collect();
            let same = ends == scalar_ends && (0..n).all(|i| [s.vx[i], s.vy[i]] == v[i]);
            (ns, same)
        };
        let (batch_ns, same1) = batch(1, "1 thread", clock);
        let (batch_2t_ns, same2) = batch(2, "2 threads", clock);
        if !(same1 && same2) {
            return Err(format!("swarm {}: the batched step's ends differ from the scalar loop's", spec.name));
        }
        let t: crate::geom::world::Tally = tally;
        // Filled in by the peer's block (feature `peers`).
        #[cfg_attr(not(feature = "peers"), allow(unused_mut))]
        let mut row = SwarmResult {
            name: spec.name,
            balls: n,
            map: format!("{}x{}", start.map.width(), start.map.height()),
            fill: start.map.solid_count() as f64 / (start.map.width() * start.map.height()) as f64,
            radius: r,
            speed: spec.speed,
            gravity: spec.gravity,
            strategy: id.as_str(),
            scalar_ns,
            batch_ns,
            batch_2t_ns,
            hit_share: t.hit as f64 / n.max(1) as f64,
            fast_share: t.fast as f64 / n.max(1) as f64,
            batch_bytes_per_ball: 0,
            outcome_bytes: size_of::<Outcome>(),
            scalar_step_bytes: size_of::<crate::geom::world::Step>(),
            peer: None,
            peer_ns: None,
            speedup: None,
            speedup_2t: None,
            mismatches: None,
        };
        #[cfg(feature = "peers")]
        {
            use super::tilemap::peer::{Peer, NAME};
            progress(&format!("swarm {}: the parry2d peer", spec.name));
            let p = Peer::new(&start.map);
            let g = params.gravity;
            let mut ends = vec![[0.0f32; 2]; n];
            let ns = best(clock, spec.samples, n, |c| {
                let t0 = c.seconds();
                for (i, o) in ends.iter_mut().enumerate() {
                    let b = black_box(&circles[i]);
                    *o = p.step(b.center(), r, [vels[i][0] + g[0], vels[i][1] + g[1]]);
                }
                c.seconds() - t0
            });
            row.peer = Some(NAME);
            row.peer_ns = Some(ns);
            row.speedup = Some(ns / batch_ns);
            row.speedup_2t = Some(ns / batch_2t_ns);
            row.mismatches = Some(compare(&scalar_ends, &ends).0);
        }
        rows.push(row);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_rows_are_filled_and_the_batch_matches_the_loop() {
        let mut specs = specs(true);
        for s in &mut specs {
            s.balls = 2000;
        }
        let mut t = 0.0;
        let mut clock = move || {
            t += 1e-3;
            t
        };
        let rows = run(&specs, &mut clock, |_| {}).unwrap();
        let names: Vec<_> = rows.iter().map(|r| r.name).collect();
        assert_eq!(names, ["noise", "bullets", "crowd", "rest", "level"]);
        for r in &rows {
            assert_eq!((r.balls, r.batch_bytes_per_ball), (2000, 0));
            assert!(r.scalar_ns > 0.0 && r.batch_ns > 0.0 && r.batch_2t_ns > 0.0);
            assert!(r.outcome_bytes <= 24, "{r:?}");
            #[cfg(feature = "peers")]
            assert!(r.peer_ns.is_some() && r.mismatches.is_some_and(|m| m * 2 <= r.balls), "{r:?}");
        }
        // Balls at rest on floors all touch them; bullets in a sparse map mostly touch nothing.
        assert_eq!(rows[3].hit_share, 1.0);
        assert!(rows[1].hit_share < 0.5, "{:?}", rows[1]);
    }
}
