//! `cargo bench`: every algorithm of the registry, 2D and 3D, on the seeded input sets of
//! `circle_aabb_lab::bench` (hit rates 10/50/90 %, cached and cycled vs. large and random), with
//! parry's `intersection_test` and `contact` (ball vs cuboid) as peers on the same data, the
//! contact + push-out computation, the batched kernels next to a streaming sum of the same size, and
//! the swept ball (`sweep`) against parry's `cast_shapes` (ball vs cuboid) on the same sweep cases,
//! and the tile map (`tilemap`: one step per ball through a random map, `world::step` with the
//! default strategy against `bench`'s parry2d peer, a grid walk with `cast_shapes`; feature `peers`).
//!
//! Every hit count is checked against the exact contact before timing (a panic, not a figure, if an
//! exact algorithm is wrong). Filter as usual: `cargo bench --bench overlap -- 32k-50`.

use circle_aabb_lab::bench::{
    contact_push_pass, contact_soa_name, generate, generate_sweeps, sweep_pass, BenchConfig, ContactBuffers, PairSet,
    SetSpec, SweepSet,
};
use circle_aabb_lab::geom::batch::{self, PairsSoa};
use circle_aabb_lab::geom::{algo::ALGORITHMS, Aabb, Box3, Rect};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

/// The sets benchmarked here: the cycled 50 % set and the large random ones.
fn sets() -> Vec<SetSpec> {
    BenchConfig::full().sets.into_iter().filter(|s| s.name != "small-10" && s.name != "small-90").collect()
}

struct Parry2 {
    balls: Vec<(parry2d::math::Pose, parry2d::shape::Ball)>,
    boxes: Vec<(parry2d::math::Pose, parry2d::shape::Cuboid)>,
}

fn parry2(set: &PairSet<2>) -> Parry2 {
    use parry2d::math::Pose;
    use parry2d::shape::Ball;
    Parry2 {
        balls: set
            .balls
            .iter()
            .map(|b| (Pose::translation(b.center()[0], b.center()[1]), Ball::new(b.radius())))
            .collect(),
        boxes: parry2_boxes(&set.boxes),
    }
}

fn parry2_boxes(boxes: &[Rect]) -> Vec<(parry2d::math::Pose, parry2d::shape::Cuboid)> {
    use parry2d::math::{Pose, Vector};
    use parry2d::shape::Cuboid;
    boxes
        .iter()
        .map(|a| {
            let (c, h) = (a.center(), a.half_extents());
            (Pose::translation(c[0], c[1]), Cuboid::new(Vector::new(h[0], h[1])))
        })
        .collect()
}

struct Parry3 {
    balls: Vec<(parry3d::math::Pose, parry3d::shape::Ball)>,
    boxes: Vec<(parry3d::math::Pose, parry3d::shape::Cuboid)>,
}

fn parry3(set: &PairSet<3>) -> Parry3 {
    use parry3d::math::Pose;
    use parry3d::shape::Ball;
    Parry3 {
        balls: set
            .balls
            .iter()
            .map(|b| {
                let c = b.center();
                (Pose::translation(c[0], c[1], c[2]), Ball::new(b.radius()))
            })
            .collect(),
        boxes: parry3_boxes(&set.boxes),
    }
}

fn parry3_boxes(boxes: &[Box3]) -> Vec<(parry3d::math::Pose, parry3d::shape::Cuboid)> {
    use parry3d::math::{Pose, Vector};
    use parry3d::shape::Cuboid;
    boxes
        .iter()
        .map(|a| {
            let (c, h) = (a.center(), a.half_extents());
            (Pose::translation(c[0], c[1], c[2]), Cuboid::new(Vector::new(h[0], h[1], h[2])))
        })
        .collect()
}

fn parry2_intersections(p: &Parry2) -> usize {
    p.balls
        .iter()
        .zip(&p.boxes)
        .filter(|((pb, b), (pa, a))| parry2d::query::intersection_test(pb, b, pa, a).is_ok_and(|i| i.intersecting))
        .count()
}

fn parry2_contacts(p: &Parry2) -> usize {
    p.balls
        .iter()
        .zip(&p.boxes)
        .filter(|((pb, b), (pa, a))| matches!(parry2d::query::contact(pb, b, pa, a, 0.0), Ok(Some(_))))
        .count()
}

fn parry3_intersections(p: &Parry3) -> usize {
    p.balls
        .iter()
        .zip(&p.boxes)
        .filter(|((pb, b), (pa, a))| parry3d::query::intersection_test(pb, b, pa, a).is_ok_and(|i| i.intersecting))
        .count()
}

fn parry3_contacts(p: &Parry3) -> usize {
    p.balls
        .iter()
        .zip(&p.boxes)
        .filter(|((pb, b), (pa, a))| matches!(parry3d::query::contact(pb, b, pa, a, 0.0), Ok(Some(_))))
        .count()
}

fn scalar(c: &mut Criterion) {
    for spec in sets() {
        let s2 = generate::<2>(&spec);
        let s3 = generate::<3>(&spec);
        let n = spec.n;
        for (dim, exact) in [(2, s2.exact_hits), (3, s3.exact_hits)] {
            let mut g = c.benchmark_group(format!("scalar_{dim}d/{}", spec.name));
            g.throughput(Throughput::Elements(n as u64));
            for a in ALGORITHMS {
                let f2 = a.count_pairs_2d;
                let f3 = a.count_pairs_3d;
                let run =
                    || if dim == 2 { f2(black_box(&s2.balls), &s2.boxes) } else { f3(black_box(&s3.balls), &s3.boxes) };
                if a.is_exact(dim) {
                    assert_eq!(run(), exact, "{} {dim}D {}", a.id, spec.name);
                }
                g.bench_function(BenchmarkId::from_parameter(a.id), |b| b.iter(run));
            }
            // The peers, on the same pairs.
            if dim == 2 {
                let p = parry2(&s2);
                eprintln!(
                    "{} 2D: exact {exact}, parry2d intersection_test {}, contact {}",
                    spec.name,
                    parry2_intersections(&p),
                    parry2_contacts(&p)
                );
                g.bench_function("parry2d_intersection_test", |b| b.iter(|| parry2_intersections(black_box(&p))));
                g.bench_function("parry2d_contact", |b| b.iter(|| parry2_contacts(black_box(&p))));
                g.bench_function("contact+push", |b| b.iter(|| contact_push_pass(black_box(&s2.balls), &s2.boxes)));
                let soa = PairsSoa::from_shapes(&s2.balls, &s2.boxes);
                let mut out = ContactBuffers::<2>::new();
                out.grow(n);
                for fast in [false, true] {
                    assert_eq!(out.run(soa.as_ref(), fast), exact);
                    g.bench_function(contact_soa_name(fast), |b| b.iter(|| out.run(black_box(soa.as_ref()), fast)));
                }
            } else {
                let p = parry3(&s3);
                eprintln!(
                    "{} 3D: exact {exact}, parry3d intersection_test {}, contact {}",
                    spec.name,
                    parry3_intersections(&p),
                    parry3_contacts(&p)
                );
                g.bench_function("parry3d_intersection_test", |b| b.iter(|| parry3_intersections(black_box(&p))));
                g.bench_function("parry3d_contact", |b| b.iter(|| parry3_contacts(black_box(&p))));
                g.bench_function("contact+push", |b| b.iter(|| contact_push_pass(black_box(&s3.balls), &s3.boxes)));
                let soa = PairsSoa::from_shapes(&s3.balls, &s3.boxes);
                let mut out = ContactBuffers::<3>::new();
                out.grow(n);
                for fast in [false, true] {
                    assert_eq!(out.run(soa.as_ref(), fast), exact);
                    g.bench_function(contact_soa_name(fast), |b| b.iter(|| out.run(black_box(soa.as_ref()), fast)));
                }
            }
            g.finish();
        }
    }
}

fn batched(c: &mut Criterion) {
    let mut g = c.benchmark_group(format!("batched_{}", batch::level().as_str()));
    let biggest = 1usize << 22;
    let q = |x: f32| (x * 16.0).round() / 16.0;
    let mut rng = circle_aabb_lab::bench::rng::SplitMix64::new(0xBA7C_4ED0);
    let axes: Vec<Vec<f32>> = (0..3).map(|_| (0..biggest).map(|_| q(rng.range(-16.0, 16.0))).collect()).collect();
    let radii: Vec<f32> = (0..biggest).map(|_| q(rng.range(0.0, 8.0))).collect();
    let sum_data: Vec<f32> = (0..biggest * 4).map(|i| (i % 7) as f32).collect();
    let mut mask = vec![0u64; batch::mask_words(biggest)];
    for n in [4096usize, biggest] {
        for dim in [2usize, 3] {
            let bytes = 4 * (dim + 1) * n;
            g.throughput(Throughput::Bytes(bytes as u64));
            g.bench_function(format!("stream_read/{}KiB", bytes / 1024), |b| {
                b.iter(|| batch::stream_read([black_box(&sum_data[..bytes / 4])]))
            });
            let r = &radii[..n];
            if dim == 2 {
                let aabb = Aabb::new([-4.0; 2], [4.0; 2]).unwrap();
                let c = [&axes[0][..n], &axes[1][..n]];
                g.bench_function(format!("one_box_2d/{n}"), |b| {
                    b.iter(|| batch::overlap_mask_one_box(&aabb, c, r, black_box(&mut mask)))
                });
            } else {
                let aabb = Aabb::new([-4.0; 3], [4.0; 3]).unwrap();
                let c = [&axes[0][..n], &axes[1][..n], &axes[2][..n]];
                g.bench_function(format!("one_box_3d/{n}"), |b| {
                    b.iter(|| batch::overlap_mask_one_box(&aabb, c, r, black_box(&mut mask)))
                });
            }
        }
    }
    // Many pairs: 32k random pairs at 50 %, as the scalar loops see them but split into arrays.
    let spec = SetSpec::new("32k", 32 * 1024, 50, 0x5EED_1050);
    let s2 = generate::<2>(&spec);
    let p2 = PairsSoa::from_shapes(&s2.balls, &s2.boxes);
    assert_eq!(batch::count_pairs_soa(p2.as_ref()), s2.exact_hits);
    g.throughput(Throughput::Elements(spec.n as u64));
    g.bench_function("pairs_2d/32k-50", |b| b.iter(|| batch::overlap_mask_pairs(p2.as_ref(), black_box(&mut mask))));
    let s3 = generate::<3>(&spec);
    let p3 = PairsSoa::from_shapes(&s3.balls, &s3.boxes);
    assert_eq!(batch::count_pairs_soa(p3.as_ref()), s3.exact_hits);
    g.bench_function("pairs_3d/32k-50", |b| b.iter(|| batch::overlap_mask_pairs(p3.as_ref(), black_box(&mut mask))));
    g.finish();
}

/// parry's side of the sweep rows, for one of parry2d/parry3d: `$inputs` (the ball's pose, its
/// displacement and shape; the box's pose and shape, built before the timing) and `$count`, the
/// number of hits of `cast_shapes` as the issue states it (the time of impact within the frame,
/// `max_time_of_impact = 1`; an initial overlap reported at t = 0, `stop_at_penetration`), every time
/// of impact and normal folded into a value that must be computed.
macro_rules! parry_sweeps {
    ($parry:ident, $dim:literal, $boxes:ident, $Inputs:ident, $inputs:ident, $count:ident) => {
        struct $Inputs {
            balls: Vec<($parry::math::Pose, $parry::math::Vector, $parry::shape::Ball)>,
            boxes: Vec<($parry::math::Pose, $parry::shape::Cuboid)>,
        }

        fn $inputs(set: &SweepSet<$dim>) -> $Inputs {
            use $parry::math::{Pose, Vector};
            let balls = set.balls.iter().zip(&set.velocities).map(|(b, v)| {
                let at = Pose::from_translation(Vector::from_slice(&b.center()));
                (at, Vector::from_slice(v), $parry::shape::Ball::new(b.radius()))
            });
            $Inputs { balls: balls.collect(), boxes: $boxes(&set.boxes) }
        }

        fn $count(p: &$Inputs) -> usize {
            let zero = $parry::math::Vector::ZERO;
            let opts = $parry::query::ShapeCastOptions {
                max_time_of_impact: 1.0,
                stop_at_penetration: true,
                ..Default::default()
            };
            let mut acc = 0u32;
            let hits = p
                .balls
                .iter()
                .zip(&p.boxes)
                .filter_map(|((pb, v, b), (pa, a))| {
                    $parry::query::cast_shapes(pb, *v, b, pa, zero, a, opts).ok().flatten()
                })
                .map(|h| acc ^= h.time_of_impact.to_bits() ^ h.normal1.x.to_bits())
                .count();
            black_box(acc);
            hits
        }
    };
}

parry_sweeps!(parry2d, 2, parry2_boxes, ParrySweeps2, parry_sweeps2, parry2_sweeps);
parry_sweeps!(parry3d, 3, parry3_boxes, ParrySweeps3, parry_sweeps3, parry3_sweeps);

/// The sweep rows of `bench` (every set of the full matrix, cycled small ones and large random ones),
/// ours and parry's on the same cases. Our hit count must be the exact one; parry's is printed.
fn sweeps(c: &mut Criterion) {
    for spec in BenchConfig::full().sets {
        let n = spec.n as u64;
        let s2 = generate_sweeps::<2>(&spec);
        let mut g = c.benchmark_group(format!("sweep_2d/{}", spec.name));
        g.throughput(Throughput::Elements(n));
        assert_eq!(sweep_pass(&s2.balls, &s2.velocities, &s2.boxes), s2.exact_hits, "sweep 2D {}", spec.name);
        let p = parry_sweeps2(&s2);
        eprintln!("sweep {} 2D: exact {}, parry2d cast_shapes {}", spec.name, s2.exact_hits, parry2_sweeps(&p));
        g.bench_function("sweep", |b| b.iter(|| sweep_pass(black_box(&s2.balls), &s2.velocities, &s2.boxes)));
        g.bench_function("parry2d_cast_shapes", |b| b.iter(|| parry2_sweeps(black_box(&p))));
        g.finish();
        drop((s2, p));
        let s3 = generate_sweeps::<3>(&spec);
        let mut g = c.benchmark_group(format!("sweep_3d/{}", spec.name));
        g.throughput(Throughput::Elements(n));
        assert_eq!(sweep_pass(&s3.balls, &s3.velocities, &s3.boxes), s3.exact_hits, "sweep 3D {}", spec.name);
        let p = parry_sweeps3(&s3);
        eprintln!("sweep {} 3D: exact {}, parry3d cast_shapes {}", spec.name, s3.exact_hits, parry3_sweeps(&p));
        g.bench_function("sweep", |b| b.iter(|| sweep_pass(black_box(&s3.balls), &s3.velocities, &s3.boxes)));
        g.bench_function("parry3d_cast_shapes", |b| b.iter(|| parry3_sweeps(black_box(&p))));
        g.finish();
    }
}

/// The tile-map rows of `bench`, smaller: balls moved one step each through a seeded random map (30 %
/// solid), ours (`world::step`, default strategy, one thread) against the parry2d peer (a grid walk over the
/// solid cells, `cast_shapes` ball vs cuboid, slide on the earliest blocking hit) on the same inputs.
/// The end positions are compared before timing (printed: mismatches and who the f64 reference
/// says is right).
#[cfg(feature = "peers")]
fn tilemap(c: &mut Criterion) {
    use circle_aabb_lab::bench::tilemap::{compare, generate, ours, peer::Peer, referee, TilemapSpec};
    for (balls, side) in [(1000usize, 256usize), (10_000, 1024)] {
        let spec =
            TilemapSpec { balls, width: side, height: side, fill: 0.3, samples: 1, seed: 0x711E_0000 + side as u64 };
        let case = generate(&spec);
        let p = Peer::new(&case.map);
        let (mut a, mut b) = (vec![[0.0f32; 2]; balls], vec![[0.0f32; 2]; balls]);
        ours(&case, &mut a);
        p.run(&case, &mut b);
        let (m, worst, _) = compare(&a, &b);
        let (o, pr, ne, bo, _) = referee(&case, &a, &b);
        eprintln!(
            "tilemap {balls} balls {side}x{side}: {m} mismatches (max {worst:.2e}); f64 reference: ours right {o}, \
             parry2d right {pr}, neither {ne}, both {bo}"
        );
        let mut g = c.benchmark_group(format!("tilemap/{balls}-{side}x{side}"));
        g.throughput(Throughput::Elements(balls as u64));
        g.bench_function("ours", |bch| bch.iter(|| ours(black_box(&case), &mut a)));
        g.bench_function("parry2d_grid_cast_shapes", |bch| bch.iter(|| p.run(black_box(&case), &mut b)));
        g.finish();
    }
}

#[cfg(not(feature = "peers"))]
fn tilemap(_: &mut Criterion) {}

/// The rotated-box rows of `bench` (`src/bench/oriented.rs`, the same seeded cases): the oriented
/// overlap test beside the aligned one on the same balls and the boxes unrotated, and in 2D beside
/// parry2d's `intersection_test` of a `Ball` and a rotated `Cuboid`. 4 096 pairs a pass; the hit
/// counts are checked to agree before timing (parry may differ only at tangency, which the cases
/// keep away from).
fn oriented(c: &mut Criterion) {
    use circle_aabb_lab::bench::oriented::{cases, seed};
    const N: usize = 4096;
    fn group<const D: usize>(c: &mut Criterion) {
        let (balls, obbs, boxes) = cases::<D>(N, seed(D));
        let mut g = c.benchmark_group(format!("oriented/{D}d-{N}"));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function("aligned", |b| {
            b.iter(|| balls.iter().zip(&boxes).filter(|(s, x)| black_box(*s).overlaps(black_box(*x))).count())
        });
        g.bench_function("oriented", |b| {
            b.iter(|| balls.iter().zip(&obbs).filter(|(s, o)| black_box(*o).overlaps(black_box(*s))).count())
        });
        if D == 2 {
            parry_row(&mut g, &balls, &obbs);
        }
        g.finish();
    }
    group::<2>(c);
    group::<3>(c);
}

/// The parry2d row of the `oriented` group, after checking its hit count against ours.
#[cfg(feature = "peers")]
fn parry_row<const D: usize>(
    g: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    balls: &[circle_aabb_lab::geom::Ball<D>],
    obbs: &[circle_aabb_lab::geom::OrientedBox<D>],
) {
    let shapes = circle_aabb_lab::bench::oriented::parry_shapes(balls, obbs);
    let ours = balls.iter().zip(obbs).filter(|(s, o)| o.overlaps(s)).count();
    let theirs = parry_oriented(&shapes);
    assert!(ours.abs_diff(theirs) <= balls.len() / 1000, "oriented {D}d: ours {ours}, parry2d {theirs}");
    g.bench_function("parry2d_intersection_test", |b| b.iter(|| parry_oriented(black_box(&shapes))));
}

#[cfg(not(feature = "peers"))]
fn parry_row<const D: usize>(
    _: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    _: &[circle_aabb_lab::geom::Ball<D>],
    _: &[circle_aabb_lab::geom::OrientedBox<D>],
) {
}

#[cfg(feature = "peers")]
#[allow(clippy::type_complexity)]
fn parry_oriented(
    shapes: &[(parry2d::math::Pose, parry2d::shape::Ball, parry2d::math::Pose, parry2d::shape::Cuboid)],
) -> usize {
    shapes
        .iter()
        .filter(|(p1, s1, p2, s2)| parry2d::query::intersection_test(p1, s1, p2, s2).is_ok_and(|i| i.intersecting))
        .count()
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1000))
        .sample_size(20);
    targets = scalar, batched, sweeps, tilemap, oriented
}
criterion_main!(benches);
