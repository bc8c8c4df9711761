//! The tile-map rows (`bench --json` key `"tilemap"`): many balls moved one step each through a
//! large seeded random [`TileMap`] with the default strategy ([`StrategyId::default`],
//! `swept-slide-seamless`: the grid walk under the swept bounds, then the swept slide), and the same
//! job done the way a parry2d user would do it ([`peer`]: a grid walk over the solid cells under
//! the swept bounds, `cast_shapes` ball vs cuboid on every one, a slide with the earliest blocking hit, the same
//! iteration bound), in the same run on the same inputs. The end positions of both are compared
//! (within [`tolerance`]: 1e-4, or 2 `f32` ulps where that is more); ours run on one thread and on every core (rayon: the balls are
//! independent).
//!
//! Desktop only (rayon, and the peer behind the `peers` cargo feature); the web build has no
//! tile-map rows.

use super::results::TilemapResult;
use super::rng::SplitMix64;
use super::timing::Clock;
use crate::geom::world::{step, Params, StrategyId, TileMap};
use crate::geom::Circle;
use rayon::prelude::*;
use std::hint::black_box;

/// End coordinates further apart than this (in cells), or than two `f32` ulps of the coordinate
/// where that is more (from 2048 cells on: an `f32` coordinate there cannot be closer), count as a
/// mismatch; see [`tolerance`].
pub const TOLERANCE: f32 = 1e-4;

/// The tolerance at coordinate `x`: `max(TOLERANCE, 2 ulp(x))`.
#[must_use]
pub fn tolerance(x: f32) -> f32 {
    let ulp = f32::from_bits(x.abs().to_bits() + 1) - x.abs();
    TOLERANCE.max(2.0 * ulp)
}

/// One tile-map job: the map, the balls and how long to time it.
#[derive(Clone, Debug)]
pub struct TilemapSpec {
    /// Balls moved one step each.
    pub balls: usize,
    /// Map size in cells (cell size 1, origin 0).
    pub width: usize,
    pub height: usize,
    /// Probability that a cell is solid.
    pub fill: f32,
    /// Timed samples of each figure; the fastest is kept.
    pub samples: usize,
    pub seed: u64,
}

impl TilemapSpec {
    /// The full row: 100k balls on a 4096 × 4096 map, 30 % solid.
    #[must_use]
    pub fn full() -> Self {
        TilemapSpec { balls: 100_000, width: 4096, height: 4096, fill: 0.3, samples: 7, seed: 0x711E_4096 }
    }

    /// The `--quick` row: 10k balls on 512 × 512, 30 % solid.
    #[must_use]
    pub fn quick() -> Self {
        TilemapSpec { balls: 10_000, width: 512, height: 512, fill: 0.3, samples: 3, seed: 0x711E_0512 }
    }

    /// `"4096x4096"`.
    #[must_use]
    pub fn map_name(&self) -> String {
        format!("{}x{}", self.width, self.height)
    }
}

/// The generated inputs: the map, and each ball with its velocity (displacement of the step).
#[derive(Clone, Debug)]
pub struct TilemapCase {
    pub map: TileMap,
    pub balls: Vec<Circle>,
    pub velocities: Vec<[f32; 2]>,
}

/// Builds the map (each cell solid with probability `fill`) and the balls: each inside an empty
/// cell (radius 0.2–0.45 cell, not touching the cell's sides, so no ball starts in contact), with
/// a velocity of up to 3 cells per step on each axis. Every value is a multiple of 1/256.
#[must_use]
pub fn generate(spec: &TilemapSpec) -> TilemapCase {
    let mut rng = SplitMix64::new(spec.seed);
    let mut map = TileMap::new(spec.width, spec.height, 1.0, [0.0, 0.0]).expect("a valid map size");
    for row in 0..spec.height {
        for col in 0..spec.width {
            if rng.chance(spec.fill) {
                map.set(col, row, true);
            }
        }
    }
    let q = |x: f32| (x * 256.0).round() / 256.0;
    let (mut balls, mut velocities) = (Vec::with_capacity(spec.balls), Vec::with_capacity(spec.balls));
    while balls.len() < spec.balls {
        let col = rng.below(spec.width as u64) as usize;
        let row = rng.below(spec.height as u64) as usize;
        if map.is_solid(col, row) {
            continue;
        }
        let r = q(rng.range(0.2, 0.45));
        let cx = col as f32 + r + q(rng.unit() * (1.0 - 2.0 * r));
        let cy = row as f32 + r + q(rng.unit() * (1.0 - 2.0 * r));
        let (cx, cy) = (cx.min(col as f32 + 1.0 - r), cy.min(row as f32 + 1.0 - r));
        balls.push(Circle::new([cx, cy], r).expect("a valid ball"));
        velocities.push([q(rng.range(-3.0, 3.0)), q(rng.range(-3.0, 3.0))]);
    }
    TilemapCase { map, balls, velocities }
}

const PARAMS: Params = Params::DEFAULT;

/// Ours, one thread: `world::step` with the default strategy for each ball; the ends in `out`.
pub fn ours(case: &TilemapCase, out: &mut [[f32; 2]]) {
    let id = StrategyId::default();
    for ((b, v), o) in case.balls.iter().zip(&case.velocities).zip(out.iter_mut()) {
        *o = step(id, b, *v, &case.map, &PARAMS).end;
    }
}

/// Ours on every core of rayon's pool (chunks of 1024 balls).
pub fn ours_par(case: &TilemapCase, out: &mut [[f32; 2]]) {
    let id = StrategyId::default();
    out.par_chunks_mut(1024).enumerate().for_each(|(k, chunk)| {
        let at = k * 1024;
        for (j, o) in chunk.iter_mut().enumerate() {
            *o = step(id, &case.balls[at + j], case.velocities[at + j], &case.map, &PARAMS).end;
        }
    });
}

/// Mismatched ends (either coordinate further apart than [`tolerance`], or one not finite), the
/// largest difference, and the first few indices.
#[must_use]
pub fn compare(a: &[[f32; 2]], b: &[[f32; 2]]) -> (usize, f32, Vec<usize>) {
    let (mut n, mut worst, mut first) = (0, 0.0f32, Vec::new());
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        let d = (x[0] - y[0]).abs().max((x[1] - y[1]).abs());
        let far = (0..2).any(|k| (x[k] - y[k]).abs() > tolerance(x[k]) || (x[k] - y[k]).is_nan());
        if far {
            n += 1;
            if first.len() < 8 {
                first.push(i);
            }
        }
        if d.is_finite() {
            worst = worst.max(d);
        }
    }
    (n, worst, first)
}

/// The referee for mismatches: the same slide (same iteration bound, same blocking rule, no
/// internal-edge filter: internal edges are exact grazes, which never block) in `f64` with a
/// closed-form first contact (each face as a line crossing, each corner as a quadratic), so its
/// rounding (~1e-12 cells) is far below [`TOLERANCE`]. Returns the end centre.
#[must_use]
pub fn reference_step(map: &TileMap, center: [f32; 2], radius: f32, v: [f32; 2]) -> [f64; 2] {
    let r = radius as f64;
    let mut p = [center[0] as f64, center[1] as f64];
    let mut u = [v[0] as f64, v[1] as f64];
    let mut time = 0.0f64;
    for _ in 0..crate::geom::motion::MAX_ITERATIONS {
        let rest = 1.0 - time;
        if u == [0.0; 2] {
            break;
        }
        let d = [u[0] * rest, u[1] * rest];
        let len = (d[0] * d[0] + d[1] * d[1]).sqrt();
        let tol = 1e-9 * len;
        // Cells under the swept bounds (with a one-cell margin).
        let lo = |k: usize| ((p[k].min(p[k] + d[k]) - r).floor() - 1.0).max(0.0) as usize;
        let hi = |k: usize, n: usize| ((p[k].max(p[k] + d[k]) + r).ceil() + 1.0).clamp(0.0, n as f64) as usize;
        let mut best: Option<(f64, [f64; 2], bool)> = None; // (t, normal, is a face)
        let mut consider = |t: f64, n: [f64; 2], face: bool| {
            if !(0.0..=1.0).contains(&t) || d[0] * n[0] + d[1] * n[1] >= -tol {
                return;
            }
            let better = match best {
                None => true,
                Some((bt, _, bface)) => t < bt || (t == bt && face && !bface),
            };
            if better {
                best = Some((t, n, face));
            }
        };
        for row in lo(1)..hi(1, map.height()) {
            for col in lo(0)..hi(0, map.width()) {
                if !map.is_solid(col, row) {
                    continue;
                }
                let b0 = [col as f64, row as f64];
                let b1 = [col as f64 + 1.0, row as f64 + 1.0];
                // Faces: the centre reaches the face's line offset by r, within the face's extent.
                for k in 0..2 {
                    let o = 1 - k;
                    for (plane, sign) in [(b0[k] - r, -1.0), (b1[k] + r, 1.0)] {
                        if d[k] == 0.0 {
                            continue;
                        }
                        let t = (plane - p[k]) / d[k];
                        let x = p[o] + d[o] * t;
                        if b0[o] <= x && x <= b1[o] {
                            let mut n = [0.0; 2];
                            n[k] = sign;
                            consider(t, n, true);
                        }
                    }
                }
                // Corners: |p + d·t − q| = r, the first root.
                for q in [b0, [b1[0], b0[1]], [b0[0], b1[1]], b1] {
                    let w = [p[0] - q[0], p[1] - q[1]];
                    let a = d[0] * d[0] + d[1] * d[1];
                    let b = w[0] * d[0] + w[1] * d[1];
                    let c = w[0] * w[0] + w[1] * w[1] - r * r;
                    let disc = b * b - a * c;
                    if a == 0.0 || disc < 0.0 {
                        continue;
                    }
                    let t = (-b - disc.sqrt()) / a;
                    let at = [w[0] + d[0] * t, w[1] + d[1] * t];
                    // Only where the corner is the closest point of the box (outside both face ranges).
                    let pc = [q[0] + at[0], q[1] + at[1]];
                    let outside = (0..2).all(|k| pc[k] <= b0[k] || pc[k] >= b1[k]);
                    if outside {
                        let m = (at[0] * at[0] + at[1] * at[1]).sqrt();
                        consider(t, [at[0] / m, at[1] / m], false);
                    }
                }
            }
        }
        match best {
            None => {
                p = [p[0] + d[0], p[1] + d[1]];
                break;
            }
            Some((t, n, _)) => {
                p = [p[0] + d[0] * t, p[1] + d[1] * t];
                time += rest * t;
                let un = u[0] * n[0] + u[1] * n[1];
                if un < 0.0 {
                    u = [u[0] - un * n[0], u[1] - un * n[1]];
                }
            }
        }
    }
    p
}

/// For each mismatched ball (ends of `ours` and `peer` more than [`tolerance`] apart): which of
/// the two is within [`tolerance`] of [`reference_step`]. Returns (ours right, peer right, neither,
/// both, the first few balls where ours is not right).
#[must_use]
pub fn referee(case: &TilemapCase, ours: &[[f32; 2]], peer: &[[f32; 2]]) -> (usize, usize, usize, usize, Vec<usize>) {
    let (mut o, mut p, mut neither, mut both, mut ours_wrong) = (0, 0, 0, 0, Vec::new());
    let near = |a: [f32; 2], r: [f64; 2]| (0..2).all(|k| (a[k] as f64 - r[k]).abs() <= tolerance(a[k]) as f64);
    for i in 0..ours.len() {
        if (0..2).all(|k| (ours[i][k] - peer[i][k]).abs() <= tolerance(ours[i][k])) {
            continue;
        }
        let b = &case.balls[i];
        let r = reference_step(&case.map, b.center(), b.radius(), case.velocities[i]);
        match (near(ours[i], r), near(peer[i], r)) {
            (true, false) => o += 1,
            (false, true) => p += 1,
            (true, true) => both += 1,
            (false, false) => neither += 1,
        }
        if !near(ours[i], r) && ours_wrong.len() < 8 {
            ours_wrong.push(i);
        }
    }
    (o, p, neither, both, ours_wrong)
}

/// The fastest of `samples` runs of `f`, in ns per ball.
fn best<C: Clock>(clock: &mut C, samples: usize, balls: usize, mut f: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..samples.max(1) {
        let t0 = clock.seconds();
        f();
        let t1 = clock.seconds();
        best = best.min((t1 - t0).max(0.0) * 1e9 / balls.max(1) as f64);
    }
    best
}

/// Generates the job, times ours on one thread and on every core and, with the `peers` feature,
/// the parry2d peer the same two ways; compares the ends. `progress(message)` is called before each
/// phase. Returns the single-thread row and the all-core row.
pub fn run<C: Clock>(spec: &TilemapSpec, clock: &mut C, mut progress: impl FnMut(&str)) -> Vec<TilemapResult> {
    progress("tilemap: generating the map and the balls");
    let case = generate(spec);
    let n = case.balls.len();
    let fill = case.map.solid_count() as f64 / (spec.width * spec.height) as f64;
    let threads = rayon::current_num_threads();
    let mut ends = vec![[0.0f32; 2]; n];
    let mut ends_par = vec![[0.0f32; 2]; n];
    progress("tilemap: ours, 1 thread");
    let ns1 = best(clock, spec.samples, n, || ours(black_box(&case), &mut ends));
    progress("tilemap: ours, all cores");
    let nsp = best(clock, spec.samples, n, || ours_par(black_box(&case), &mut ends_par));
    let row = |threads: usize, ns_per_step: f64| TilemapResult {
        balls: n,
        map: spec.map_name(),
        fill,
        strategy: StrategyId::default().as_str(),
        threads,
        ns_per_step,
        peer: None,
        peer_ns_per_step: None,
        speedup: None,
        mismatches: None,
        ours_right: None,
        peer_right: None,
        neither: None,
        both: None,
        ours_not_right: Vec::new(),
        max_diff: None,
        first_mismatches: Vec::new(),
    };
    #[cfg_attr(not(feature = "peers"), allow(unused_mut))] // the peer fills in its figures
    let mut rows = vec![row(1, ns1), row(threads, nsp)];
    let (same, _, _) = compare(&ends, &ends_par);
    assert_eq!(same, 0, "ours on one thread and on every core must agree exactly");
    #[cfg(feature = "peers")]
    {
        let p = peer::Peer::new(&case.map);
        let mut peer_ends = vec![[0.0f32; 2]; n];
        progress("tilemap: parry2d peer, 1 thread");
        let pns1 = best(clock, spec.samples, n, || p.run(black_box(&case), &mut peer_ends));
        progress("tilemap: parry2d peer, all cores");
        let mut peer_par = vec![[0.0f32; 2]; n];
        let pnsp = best(clock, spec.samples, n, || p.run_par(black_box(&case), &mut peer_par));
        let (mism, worst, first) = compare(&ends, &peer_ends);
        progress("tilemap: the f64 reference on the mismatches");
        let (o, pr, ne, bo, wrong) = referee(&case, &ends, &peer_ends);
        for (r, pns) in rows.iter_mut().zip([pns1, pnsp]) {
            r.peer = Some(peer::NAME);
            r.peer_ns_per_step = Some(pns);
            r.speedup = Some(pns / r.ns_per_step);
            r.mismatches = Some(mism);
            (r.ours_right, r.peer_right, r.neither, r.both) = (Some(o), Some(pr), Some(ne), Some(bo));
            r.ours_not_right = wrong.clone();
            r.max_diff = Some(worst as f64);
            r.first_mismatches = first.clone();
        }
    }
    rows
}

/// The parry2d peer: what a parry2d 0.31 user would write for the same job on a tile map — a grid
/// walk over the solid cells under the swept bounds (the map's own bitset: no structure to build
/// or update), `cast_shapes` ball vs cell cuboid on each, the earliest blocking hit, a slide loop.
#[cfg(feature = "peers")]
pub mod peer {
    use super::TilemapCase;
    use crate::geom::motion::MAX_ITERATIONS;
    use crate::geom::world::TileMap;
    use parry2d::math::{Pose, Vector};
    use parry2d::query::{cast_shapes, ShapeCastOptions};
    use parry2d::shape::{Ball, Cuboid};
    use rayon::prelude::*;

    /// The row's `peer` name.
    pub const NAME: &str = "parry2d 0.31 grid walk + cast_shapes";

    /// A contact with `d·n` above `-1e-9·|d|` does not block (the rule of ours).
    const BLOCK_TOLERANCE: f32 = 1e-9;

    /// The map (unit cells at the origin, as the bench's maps are) and the cell's cuboid.
    pub struct Peer<'a> {
        map: &'a TileMap,
        cell: Cuboid,
    }

    impl<'a> Peer<'a> {
        /// The peer over `map`'s solid cells (nothing to build: the grid is the broadphase).
        #[must_use]
        pub fn new(map: &'a TileMap) -> Self {
            Peer { map, cell: Cuboid::new(Vector::new(0.5, 0.5)) }
        }

        /// One ball's step: up to `MAX_ITERATIONS` times, every solid cell under the swept bounds of
        /// what is left of the move (the bounds widened by 10⁻⁴), `cast_shapes` against each, the
        /// earliest hit whose normal the motion goes into; move there and slide (the velocity's
        /// component into the normal removed).
        #[must_use]
        pub fn step(&self, center: [f32; 2], radius: f32, v: [f32; 2]) -> [f32; 2] {
            let ball = Ball::new(radius);
            let opts = ShapeCastOptions {
                max_time_of_impact: 1.0,
                stop_at_penetration: true,
                compute_impact_geometry_on_penetration: true,
                ..Default::default()
            };
            let (w, h) = (self.map.width() as i64, self.map.height() as i64);
            let mut p = Vector::new(center[0], center[1]);
            let mut u = Vector::new(v[0], v[1]);
            let mut time = 0.0f32;
            for _ in 0..MAX_ITERATIONS {
                let rest = 1.0 - time;
                if u == Vector::ZERO {
                    break;
                }
                let d = u * rest;
                let m = radius + 1e-4;
                let (lo, hi) = (p.min(p + d) - m, p.max(p + d) + m);
                let cells = |a: f32, b: f32, n: i64| ((a.floor() as i64).max(0), (b.floor() as i64).min(n - 1));
                let ((c0, c1), (r0, r1)) = (cells(lo.x, hi.x, w), cells(lo.y, hi.y, h));
                let at = Pose::from_translation(p);
                let tol = BLOCK_TOLERANCE * d.length();
                let mut best: Option<(f32, Vector)> = None;
                for row in r0..=r1 {
                    for col in c0..=c1 {
                        if !self.map.is_solid(col as usize, row as usize) {
                            continue;
                        }
                        let pos = Pose::translation(col as f32 + 0.5, row as f32 + 0.5);
                        let Ok(Some(hit)) = cast_shapes(&at, d, &ball, &pos, Vector::ZERO, &self.cell, opts) else {
                            continue;
                        };
                        let n = hit.normal2; // the cuboid's outward normal (unrotated: world axes)
                        if d.dot(n) < -tol && best.is_none_or(|(t, _)| hit.time_of_impact < t) {
                            best = Some((hit.time_of_impact, n));
                        }
                    }
                }
                match best {
                    None => {
                        p += d;
                        break;
                    }
                    Some((t, n)) => {
                        p += d * t;
                        time += rest * t;
                        let un = u.dot(n);
                        if un < 0.0 {
                            u -= n * un;
                        }
                    }
                }
            }
            [p.x, p.y]
        }

        /// Every ball, one thread.
        pub fn run(&self, case: &TilemapCase, out: &mut [[f32; 2]]) {
            for ((b, v), o) in case.balls.iter().zip(&case.velocities).zip(out.iter_mut()) {
                *o = self.step(b.center(), b.radius(), *v);
            }
        }

        /// Every ball, on every core (chunks of 1024 balls).
        pub fn run_par(&self, case: &TilemapCase, out: &mut [[f32; 2]]) {
            out.par_chunks_mut(1024).enumerate().for_each(|(k, chunk)| {
                let at = k * 1024;
                for (j, o) in chunk.iter_mut().enumerate() {
                    let b = &case.balls[at + j];
                    *o = self.step(b.center(), b.radius(), case.velocities[at + j]);
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> TilemapSpec {
        TilemapSpec { balls: 2000, width: 128, height: 128, fill: 0.3, samples: 1, seed: 7 }
    }

    #[test]
    fn ours_agrees_with_the_f64_reference_and_threads_agree() {
        let case = generate(&small());
        assert!(case.balls.iter().all(|b| {
            let c = b.center();
            !case.map.is_solid(c[0] as usize, c[1] as usize)
        }));
        let n = case.balls.len();
        let (mut a, mut b) = (vec![[0.0f32; 2]; n], vec![[0.0f32; 2]; n]);
        ours(&case, &mut a);
        ours_par(&case, &mut b);
        assert_eq!(a, b);
        let near = (0..n)
            .filter(|&i| {
                let bl = &case.balls[i];
                let r = reference_step(&case.map, bl.center(), bl.radius(), case.velocities[i]);
                (0..2).all(|k| (a[i][k] as f64 - r[k]).abs() <= 1e-3)
            })
            .count();
        assert!(near >= n - n / 500, "{near}/{n} within 1e-3 of the reference");
    }

    #[cfg(feature = "peers")]
    #[test]
    fn rows_carry_the_peer_and_its_referee() {
        let mut t = 0.0;
        let mut clock = move || {
            t += 1e-3;
            t
        };
        let rows = run(&small(), &mut clock, |_| {});
        assert_eq!(rows.len(), 2);
        let r = &rows[0];
        assert!(r.peer.is_some() && r.peer_ns_per_step.is_some());
        let m = r.mismatches.unwrap();
        assert_eq!(m, r.ours_right.unwrap() + r.peer_right.unwrap() + r.neither.unwrap() + r.both.unwrap());
        assert_eq!(r.peer_right, Some(0), "{r:?}");
    }
}
