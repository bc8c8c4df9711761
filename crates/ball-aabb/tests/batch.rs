//! The batched kernels against the scalar registry: every lane count and remainder, masks bit for
//! bit, on every code path the CPU has (portable; AVX2 and AVX-512 where present), and with the
//! `parallel` feature the `par_*` forms against the single-thread kernels.

use crate::common::Seeded;
use ball_aabb::batch::{
    self, available_levels, count_one_box, count_pairs_soa, grid_mask_2d, mask_bit, mask_words, overlap_mask_one_box,
    overlap_mask_one_box_fixed, overlap_mask_pairs, set_level, Level, PairsSoa,
};
use ball_aabb::{algo::algorithm, Aabb, Ball};
use std::sync::Mutex;

/// The code path is process-wide: tests that switch it take this lock.
static PATH: Mutex<()> = Mutex::new(());

fn each_level(mut f: impl FnMut(Level)) {
    let _guard = PATH.lock().unwrap_or_else(|e| e.into_inner());
    for level in available_levels() {
        assert!(set_level(level));
        assert_eq!(batch::level(), level);
        f(level);
    }
}

/// General `f32` values (not just nice ones), and a share of touching cases built from 3-4-5
/// triangles, so that a `<` for `≤` or a fused multiply-add would change some bits.
fn value(g: &mut Seeded) -> f32 {
    match g.below(4) {
        0 => g.below(41) as f32 - 20.0,
        1 => g.range(-20.0, 20.0),
        2 => (g.range(-20.0, 20.0) * 8.0).round() / 8.0,
        _ => g.range(-1e3, 1e3),
    }
}

fn random_ball<const D: usize>(g: &mut Seeded, aabb: &Aabb<D>) -> Ball<D> {
    if g.below(5) == 0 {
        // Touching a corner exactly: offset (3k, 4k[, 0]) from it, radius 5k.
        let k = (1 + g.below(4)) as f32;
        let mut c = aabb.max();
        c[0] += 3.0 * k;
        c[1] += 4.0 * k;
        return Ball::new(c, 5.0 * k).unwrap();
    }
    let c: [f32; D] = std::array::from_fn(|_| value(g));
    Ball::new(c, g.range(0.0, 12.0)).unwrap()
}

fn random_box<const D: usize>(g: &mut Seeded) -> Aabb<D> {
    let lo: [f32; D] = std::array::from_fn(|_| value(g));
    let hi: [f32; D] = std::array::from_fn(|i| lo[i] + g.range(0.0, 10.0) * (g.below(8) != 0) as u32 as f32);
    Aabb::new(lo, hi).unwrap()
}

/// The scalar reference for one pair: the registry's `clamp`, which must agree with `arvo` here.
fn scalar<const D: usize>(b: &Ball<D>, a: &Aabb<D>) -> bool {
    let (clamp, arvo) = (algorithm("clamp").unwrap(), algorithm("arvo").unwrap());
    match D {
        2 => {
            let (b, a) = (Ball::<2>::new([b.center()[0], b.center()[1]], b.radius()).unwrap(), to2(a));
            let v = (clamp.overlap_2d)(&b, &a);
            assert_eq!(v, (arvo.overlap_2d)(&b, &a));
            v
        }
        _ => {
            let c = b.center();
            let b = Ball::<3>::new([c[0], c[1], c[2]], b.radius()).unwrap();
            let a = to3(a);
            let v = (clamp.overlap_3d)(&b, &a);
            assert_eq!(v, (arvo.overlap_3d)(&b, &a));
            v
        }
    }
}

fn to2<const D: usize>(a: &Aabb<D>) -> Aabb<2> {
    Aabb::new([a.min()[0], a.min()[1]], [a.max()[0], a.max()[1]]).unwrap()
}

fn to3<const D: usize>(a: &Aabb<D>) -> Aabb<3> {
    Aabb::new([a.min()[0], a.min()[1], a.min()[2]], [a.max()[0], a.max()[1], a.max()[2]]).unwrap()
}

fn split<const D: usize>(balls: &[Ball<D>]) -> ([Vec<f32>; D], Vec<f32>) {
    let c = std::array::from_fn(|i| balls.iter().map(|b| b.center()[i]).collect());
    (c, balls.iter().map(|b| b.radius()).collect())
}

/// Lengths around every block boundary, and a few longer ones.
fn lengths() -> impl Iterator<Item = usize> {
    (0..=200).chain([255, 256, 257, 511, 1000, 4095, 4097])
}

fn check_mask(mask: &[u64], expected: &[bool], returned: usize, what: &str) {
    for (i, &e) in expected.iter().enumerate() {
        assert_eq!(mask_bit(mask, i), e, "{what}: lane {i} of {}", expected.len());
    }
    // Bits past the end are zero (the mask was filled with ones first).
    for i in expected.len()..mask.len() * 64 {
        assert!(!mask_bit(mask, i), "{what}: bit {i} past the end of {} is set", expected.len());
    }
    assert_eq!(returned, expected.iter().filter(|&&e| e).count(), "{what}: returned count");
}

fn one_box_case<const D: usize>(level: Level) {
    let mut g = Seeded::new(0xB0C5 + D as u64);
    for n in lengths() {
        let aabb = random_box::<D>(&mut g);
        let balls: Vec<Ball<D>> = (0..n).map(|_| random_ball(&mut g, &aabb)).collect();
        let expected: Vec<bool> = balls.iter().map(|b| scalar(b, &aabb)).collect();
        let (c, r) = split(&balls);
        let centers: [&[f32]; D] = std::array::from_fn(|i| c[i].as_slice());
        let what = format!("one_box {D}D {level:?}");

        let mut mask = vec![u64::MAX; mask_words(n)];
        let hits = overlap_mask_one_box(&aabb, centers, &r, &mut mask);
        check_mask(&mask, &expected, hits, &what);
        assert_eq!(count_one_box(&aabb, centers, &r), hits, "{what}: count");

        // The same radius for all: compare with the scalar test at that radius.
        let fixed = g.range(0.0, 8.0);
        let expected_fixed: Vec<bool> =
            balls.iter().map(|b| scalar(&Ball::new(b.center(), fixed).unwrap(), &aabb)).collect();
        let mut mask = vec![u64::MAX; mask_words(n)];
        let hits = overlap_mask_one_box_fixed(&aabb, fixed, centers, &mut mask);
        check_mask(&mask, &expected_fixed, hits, &format!("{what} fixed r"));
    }
}

fn pairs_case<const D: usize>(level: Level) {
    let mut g = Seeded::new(0xFA1E + D as u64);
    for n in lengths() {
        let boxes: Vec<Aabb<D>> = (0..n).map(|_| random_box(&mut g)).collect();
        let balls: Vec<Ball<D>> = boxes.iter().map(|a| random_ball(&mut g, a)).collect();
        let expected: Vec<bool> = balls.iter().zip(&boxes).map(|(b, a)| scalar(b, a)).collect();
        let soa = PairsSoa::from_shapes(&balls, &boxes);
        let what = format!("pairs {D}D {level:?}");
        let mut mask = vec![u64::MAX; mask_words(n)];
        let hits = overlap_mask_pairs(soa.as_ref(), &mut mask);
        check_mask(&mask, &expected, hits, &what);
        assert_eq!(count_pairs_soa(soa.as_ref()), hits, "{what}: count");
    }
}

#[test]
fn one_box_masks_match_the_scalar_registry_bit_for_bit() {
    each_level(|level| {
        one_box_case::<2>(level);
        one_box_case::<3>(level);
    });
}

#[test]
fn pair_masks_match_the_scalar_registry_bit_for_bit() {
    each_level(|level| {
        pairs_case::<2>(level);
        pairs_case::<3>(level);
    });
}

#[test]
fn hand_checked_one_box_cases() {
    each_level(|_| {
        let b = Aabb::new([0.0, 0.0], [4.0, 2.0]).unwrap();
        // Touching the right face, 2 away, inside, corner at distance √2 > 1, corner at exactly 5 (3-4-5).
        let xs = [5.0, 6.0, 2.0, -1.0, 7.0];
        let ys = [1.0, 1.0, 1.0, -1.0, 6.0];
        let rs = [1.0, 1.0, 0.0, 1.0, 5.0];
        let mut mask = [0u64; 1];
        assert_eq!(overlap_mask_one_box(&b, [&xs, &ys], &rs, &mut mask), 3);
        assert_eq!(mask[0], 0b10101);
    });
}

#[test]
fn grid_rows_start_on_word_boundaries() {
    let b = Aabb::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    let xs: Vec<f32> = (0..70).map(|k| k as f32 * 0.25 - 2.0).collect(); // -2 .. 15.25
    let ys: Vec<f32> = (0..5).map(|k| k as f32 * 4.0 - 3.0).collect(); // -3, 1, 5, 9, 13
    let r = 1.5;
    let per_row = mask_words(xs.len());
    assert_eq!(per_row, 2);
    let mut mask = vec![u64::MAX; ys.len() * per_row];
    let hits = grid_mask_2d(&b, r, &xs, &ys, &mut mask);
    let mut count = 0;
    for (row, &y) in ys.iter().enumerate() {
        for (k, &x) in xs.iter().enumerate() {
            let e = scalar(&Ball::new([x, y], r).unwrap(), &b);
            count += e as usize;
            assert_eq!(mask_bit(&mask, row * 64 * per_row + k), e, "({x}, {y})");
        }
        for k in xs.len()..64 * per_row {
            assert!(!mask_bit(&mask, row * 64 * per_row + k), "padding bit {k} of row {row}");
        }
    }
    assert_eq!(hits, count);
    assert!(count > 0 && count < xs.len() * ys.len());
}

#[test]
fn mismatched_lengths_use_the_shortest_and_never_panic() {
    let b = Aabb::new([0.0, 0.0], [1.0, 1.0]).unwrap();
    let xs = vec![0.5; 100];
    let ys = vec![0.5; 70];
    let rs = vec![0.1; 90];
    let mut mask = vec![0u64; 2];
    assert_eq!(overlap_mask_one_box(&b, [&xs, &ys], &rs, &mut mask), 70);
    assert_eq!(count_one_box(&b, [&xs, &ys], &rs), 70);
    // A mask of one word stops the work at 64 lanes.
    let mut short = vec![0u64; 1];
    assert_eq!(overlap_mask_one_box_fixed(&b, 0.1, [&xs, &ys], &mut short), 64);
    assert_eq!(short[0], u64::MAX);
    let mut none: Vec<u64> = Vec::new();
    assert_eq!(overlap_mask_one_box_fixed(&b, 0.1, [&xs, &ys], &mut none), 0);
}

/// The XOR of the bit patterns of lanes `..n` of each stream, one lane at a time.
fn xor_of(streams: &[&[f32]], n: usize) -> u32 {
    streams.iter().flat_map(|s| &s[..n]).fold(0, |x, v| x ^ v.to_bits())
}

#[test]
fn stream_read_reads_every_lane_of_every_stream() {
    each_level(|level| {
        for n in [0usize, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 1000, 4099] {
            // Distinct patterns per lane and stream, so a lane skipped or read twice changes the answer.
            let a: Vec<f32> = (0..n).map(|i| i as f32 * 0.37 + 1.0).collect();
            let b: Vec<f32> = (0..n + 3).map(|i| -(i as f32) * 1.91 - 2.0).collect();
            let c: Vec<f32> = (0..n).map(|i| (i * i) as f32 + 0.5).collect();
            assert_eq!(batch::stream_read([&a[..]]), xor_of(&[&a], n), "{level:?} n={n}");
            // The shortest stream decides the length (b has 3 more).
            assert_eq!(batch::stream_read([&a[..], &b[..]]), xor_of(&[&a, &b], n), "{level:?} n={n}");
            assert_eq!(batch::stream_read([&a[..], &b[..], &c[..]]), xor_of(&[&a, &b, &c], n), "{level:?} n={n}");
            let seven = [&a[..], &b[..], &c[..], &c[..], &b[..], &a[..], &b[..]];
            assert_eq!(batch::stream_read(seven), xor_of(&seven, n), "{level:?} n={n}");
            let ten = [&c[..], &a[..], &c[..], &b[..], &c[..], &c[..], &a[..], &b[..], &c[..], &a[..]];
            assert_eq!(batch::stream_read(ten), xor_of(&ten, n), "{level:?} n={n}");
            // A one-bit change anywhere shows.
            if n > 0 {
                let mut d = c.clone();
                d[n - 1] = f32::from_bits(d[n - 1].to_bits() ^ 1);
                assert_ne!(
                    batch::stream_read([&a[..], &d[..]]),
                    batch::stream_read([&a[..], &c[..]]),
                    "{level:?} n={n}"
                );
            }
        }
        let none: [&[f32]; 0] = [];
        assert_eq!(batch::stream_read(none), 0);
    });
}

#[cfg(feature = "parallel")]
#[test]
fn par_stream_read_is_the_same_checksum() {
    let n = batch::PAR_THRESHOLD * 3 + 77;
    let a: Vec<f32> = (0..n).map(|i| i as f32 * 0.25).collect();
    let b: Vec<f32> = (0..n).map(|i| (i % 1013) as f32 - 7.5).collect();
    assert_eq!(batch::par_stream_read([&a[..], &b[..]]), xor_of(&[&a, &b], n));
    assert_eq!(batch::par_stream_read([&a[..100]]), batch::stream_read([&a[..100]]));
}

/// Exact text of a value (`-0.0` differs from `0.0`, every distinct float prints differently).
fn bits<T: std::fmt::Debug>(t: &T) -> String {
    format!("{t:?}")
}

fn fused_case<const D: usize>(g: &mut Seeded) {
    use ball_aabb::{
        contact::contact,
        response::{contact_response, response},
    };
    for k in 0..20_000 {
        let aabb = random_box::<D>(g);
        let ball = match k % 4 {
            // On a face, an edge or a corner, with r = 0 sometimes: the boundary cases.
            0 => {
                let (lo, hi) = (aabb.min(), aabb.max());
                let c: [f32; D] = std::array::from_fn(|i| match g.below(3) {
                    0 => lo[i],
                    1 => hi[i],
                    _ => lo[i] + (hi[i] - lo[i]) * g.range(0.0, 1.0),
                });
                Ball::new(c, if g.below(3) == 0 { 0.0 } else { g.range(0.0, 4.0) }).unwrap()
            }
            _ => random_ball(g, &aabb),
        };
        let fused = contact_response(&ball, &aabb);
        let apart = (contact(&ball, &aabb), response(&ball, &aabb));
        assert_eq!(bits(&fused), bits(&apart), "{ball:?} {aabb:?}");
    }
}

#[test]
fn fused_contact_response_equals_contact_and_response_bit_for_bit() {
    let mut g = Seeded::new(0xC0_47AC7);
    fused_case::<2>(&mut g);
    fused_case::<3>(&mut g);
}

/// The outputs of a structure-of-arrays contact kernel, NaN-filled first so that an unwritten slot shows.
pub(crate) type ContactOutputs<const D: usize> = (Vec<f32>, Vec<f32>, [Vec<f32>; D], Vec<u8>, usize);

pub(crate) fn run_contacts<const D: usize>(
    balls: &[Ball<D>],
    boxes: &[Aabb<D>],
    kernel: fn(batch::PairsRef<'_, D>, batch::ContactsMut<'_, D>) -> usize,
) -> ContactOutputs<D> {
    let n = balls.len();
    let soa = PairsSoa::from_shapes(balls, boxes);
    let mut distance = vec![f32::NAN; n];
    let mut penetration = vec![f32::NAN; n];
    let mut push: [Vec<f32>; D] = std::array::from_fn(|_| vec![f32::NAN; n]);
    let mut state = vec![9u8; n];
    let mut it = push.iter_mut();
    let out = batch::ContactsMut {
        distance: &mut distance,
        penetration: &mut penetration,
        push: std::array::from_fn(|_| it.next().unwrap().as_mut_slice()),
        state: &mut state,
    };
    let hits = kernel(soa.as_ref(), out);
    (distance, penetration, push, state, hits)
}

fn soa_contact_case<const D: usize>(g: &mut Seeded, level: Level) {
    use ball_aabb::batch::contact_push_pairs;
    use ball_aabb::{contact::contact, response::response, ContactState};
    for n in lengths().step_by(7).chain([1000]) {
        let boxes: Vec<Aabb<D>> = (0..n).map(|_| random_box(g)).collect();
        let balls: Vec<Ball<D>> = boxes
            .iter()
            .map(|a| {
                if g.below(4) == 0 {
                    // On the boundary, or inside: the inside case and its ties.
                    let (lo, hi) = (a.min(), a.max());
                    let c: [f32; D] =
                        std::array::from_fn(|i| if g.below(2) == 0 { lo[i] } else { 0.5 * (lo[i] + hi[i]) });
                    Ball::new(c, g.range(0.0, 3.0)).unwrap()
                } else {
                    random_ball(g, a)
                }
            })
            .collect();
        let (distance, penetration, push, state, hits) = run_contacts(&balls, &boxes, contact_push_pairs);
        let mut expected_hits = 0;
        for (j, (b, a)) in balls.iter().zip(&boxes).enumerate() {
            let (k, p) = (contact(b, a), response(b, a));
            let what = format!("{level:?} {D}D pair {j} of {n}: {b:?} {a:?}");
            assert_eq!(bits(&distance[j]), bits(&k.distance), "distance, {what}");
            assert_eq!(bits(&penetration[j]), bits(&k.penetration), "penetration, {what}");
            for (i, axis) in push.iter().enumerate() {
                assert_eq!(bits(&axis[j]), bits(&p.push[i]), "push[{i}], {what}");
            }
            let code = match k.state {
                ContactState::Separated => 0,
                ContactState::Touching => 1,
                ContactState::Overlapping => 2,
            };
            assert_eq!(state[j], code, "state, {what}");
            expected_hits += k.state.is_overlap() as usize;
        }
        assert_eq!(hits, expected_hits);
    }
}

#[test]
fn soa_contact_push_equals_contact_and_response_bit_for_bit() {
    let mut g = Seeded::new(0x50A_C047);
    each_level(|level| {
        soa_contact_case::<2>(&mut g, level);
        soa_contact_case::<3>(&mut g, level);
    });
}

/// The registry's `count_pairs_*` (an AVX2 clone where the CPU has it) count exactly the pairs its
/// own one-pair test accepts, for every algorithm, exact or not, on both code paths.
#[test]
fn registry_count_pairs_agrees_with_the_one_pair_tests_on_both_paths() {
    use ball_aabb::algo::ALGORITHMS;
    let mut g = Seeded::new(0xC0_0127);
    let boxes2: Vec<Aabb<2>> = (0..3000).map(|_| random_box(&mut g)).collect();
    let balls2: Vec<Ball<2>> = boxes2.iter().map(|a| random_ball(&mut g, a)).collect();
    let boxes3: Vec<Aabb<3>> = (0..3000).map(|_| random_box(&mut g)).collect();
    let balls3: Vec<Ball<3>> = boxes3.iter().map(|a| random_ball(&mut g, a)).collect();
    each_level(|level| {
        for a in ALGORITHMS {
            for n in [0, 1, 7, 64, 65, 3000] {
                let one2 = balls2[..n].iter().zip(&boxes2).filter(|(b, x)| (a.overlap_2d)(b, x)).count();
                assert_eq!((a.count_pairs_2d)(&balls2[..n], &boxes2), one2, "{} 2D {level:?} n={n}", a.id);
                let one3 = balls3[..n].iter().zip(&boxes3).filter(|(b, x)| (a.overlap_3d)(b, x)).count();
                assert_eq!((a.count_pairs_3d)(&balls3[..n], &boxes3), one3, "{} 3D {level:?} n={n}", a.id);
            }
        }
    });
}

/// The `f32` fast path of the contact + push-out: on inputs whose squared distances are exact in
/// `f32` (integers and eighths within ±20) the state and the hit count equal the exact `contact`, and
/// the numbers agree with the `f64` functions to a few ulps; on general floats it is never NaN.
fn soa_contact_f32_case<const D: usize>(g: &mut Seeded, level: Level) {
    use ball_aabb::batch::contact_push_pairs_f32;
    use ball_aabb::{contact::contact, response::response, ContactState};
    let exact_value = |g: &mut Seeded| (g.range(-20.0, 20.0) * 8.0).round() / 8.0;
    for (n, exact_inputs) in lengths().step_by(7).chain([1000]).flat_map(|n| [(n, true), (n, false)]) {
        let boxes: Vec<Aabb<D>> = (0..n)
            .map(|_| {
                if !exact_inputs {
                    return random_box(g);
                }
                let lo: [f32; D] = std::array::from_fn(|_| exact_value(g));
                let hi: [f32; D] = std::array::from_fn(|i| lo[i] + (g.below(40) as f32) / 4.0);
                Aabb::new(lo, hi).unwrap()
            })
            .collect();
        let balls: Vec<Ball<D>> = boxes
            .iter()
            .map(|a| {
                if !exact_inputs {
                    return random_ball(g, a);
                }
                match g.below(4) {
                    0 => Ball::new(a.min(), (g.below(12) as f32) / 2.0).unwrap(), // on a corner
                    1 => {
                        let mut c = a.max();
                        c[0] += 3.0;
                        c[1] += 4.0;
                        Ball::new(c, 5.0).unwrap() // touching
                    }
                    _ => Ball::new(std::array::from_fn(|_| exact_value(g)), (g.below(48) as f32) / 4.0).unwrap(),
                }
            })
            .collect();
        let (distance, penetration, push, state, hits) = run_contacts(&balls, &boxes, contact_push_pairs_f32);
        let close = |a: f32, b: f32| (a - b).abs() <= 1e-5 * b.abs().max(1.0);
        let mut expected_hits = 0;
        for (j, (b, a)) in balls.iter().zip(&boxes).enumerate() {
            let (k, p) = (contact(b, a), response(b, a));
            let what = format!("{level:?} {D}D pair {j} of {n}: {b:?} {a:?}");
            assert!(distance[j].is_finite() && penetration[j].is_finite(), "finite, {what}");
            assert!(push.iter().all(|axis| axis[j].is_finite()), "finite push, {what}");
            if !exact_inputs {
                continue;
            }
            let code = match k.state {
                ContactState::Separated => 0,
                ContactState::Touching => 1,
                ContactState::Overlapping => 2,
            };
            assert_eq!(state[j], code, "state, {what}");
            assert!(close(distance[j], k.distance), "distance {} vs {}, {what}", distance[j], k.distance);
            assert!(close(penetration[j], k.penetration), "penetration, {what}");
            // The two paths round the push outward by up to 3 (f64) and 6 (f32) ulps of the
            // largest coordinate (the push-out contract).
            let m =
                (0..D).fold(b.radius(), |m, i| m.max(b.center()[i].abs()).max(a.min()[i].abs()).max(a.max()[i].abs()));
            for (i, axis) in push.iter().enumerate() {
                let near = (axis[j] - p.push[i]).abs() as f64 <= 10.0 * crate::common::ulp(m + p.push[i].abs());
                assert!(close(axis[j], p.push[i]) || near, "push[{i}] {} vs {}, {what}", axis[j], p.push[i]);
            }
            expected_hits += k.state.is_overlap() as usize;
        }
        if exact_inputs {
            assert_eq!(hits, expected_hits);
        }
    }
}

#[test]
fn soa_contact_push_f32_keeps_the_exact_state_and_close_values() {
    let mut g = Seeded::new(0xF32_C047);
    each_level(|level| {
        soa_contact_f32_case::<2>(&mut g, level);
        soa_contact_f32_case::<3>(&mut g, level);
    });
}

/// `available_levels` lists what the CPU has (AVX-512 only with AVX2), and `set_level` can choose each
/// of them, and nothing else.
#[test]
fn available_levels_follow_the_cpu_and_set_level_forces_each() {
    let _guard = PATH.lock().unwrap_or_else(|e| e.into_inner());
    let levels = available_levels();
    assert_eq!(levels[0], Level::Portable);
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    if cfg!(feature = "std") {
        use std::is_x86_feature_detected as has;
        let avx2 = has!("avx2") && has!("fma") && has!("popcnt");
        let avx512 = avx2 && has!("avx512f") && has!("avx512bw") && has!("avx512dq") && has!("avx512vl");
        assert_eq!(levels.contains(&Level::Avx2), avx2, "{levels:?}");
        assert_eq!(levels.contains(&Level::Avx512), avx512, "{levels:?}");
    }
    for l in [Level::Portable, Level::Avx2, Level::Avx512] {
        let before = batch::level();
        assert_eq!(set_level(l), levels.contains(&l), "{l:?}");
        assert_eq!(batch::level(), if levels.contains(&l) { l } else { before });
    }
    assert!(set_level(*levels.last().unwrap()));
    assert_eq!([Level::Portable, Level::Avx2, Level::Avx512].map(Level::as_str), ["portable", "avx2", "avx512"]);
}

/// The last block's lanes past the end of the slices are never read into the result: the slices are
/// the front of longer buffers whose hidden part would overlap, and every length in 0..=3 blocks is
/// tried (every 16-lane vector boundary of the AVX-512 tail, every 8-lane one of AVX2's).
#[test]
fn lanes_past_the_end_of_the_slices_never_count() {
    let b = Aabb::new([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]).unwrap();
    let inside = vec![0.5f32; 3 * 64 + 64];
    let mut outside = vec![9.0f32; 3 * 64 + 64];
    let radii = vec![1.0f32; 3 * 64 + 64];
    each_level(|level| {
        for n in 0..=3 * 64 {
            // Lanes below n are outside, lanes from n on (hidden) are inside.
            outside[..n].fill(9.0);
            outside[n..].fill(0.5);
            let what = format!("{level:?} n={n}");
            let c: [&[f32]; 3] = [&outside[..n], &inside[..n], &inside[..n]];
            let mut mask = vec![u64::MAX; mask_words(n)];
            assert_eq!(overlap_mask_one_box(&b, c, &radii[..n], &mut mask), 0, "{what}");
            assert!(mask.iter().all(|&w| w == 0), "{what}");
            assert_eq!(overlap_mask_one_box_fixed(&b, 1.0, c, &mut mask), 0, "{what}");
            assert_eq!(count_one_box(&b, c, &radii[..n]), 0, "{what}");
            let soa = batch::PairsRef {
                center: c,
                radius: &radii[..n],
                min: [&inside[..n], &inside[..n], &inside[..n]],
                max: [&radii[..n], &radii[..n], &radii[..n]],
            };
            // Pairs: centre x = 9 against boxes [0.5, 1]: apart by 8 with r = 1.
            assert_eq!(overlap_mask_pairs(soa, &mut mask), 0, "{what}");
            assert_eq!(count_pairs_soa(soa), 0, "{what}");
            // And every lane below n counts when the visible part is inside too.
            let c: [&[f32]; 3] = [&inside[..n], &inside[..n], &inside[..n]];
            assert_eq!(count_one_box(&b, c, &radii[..n]), n, "{what}");
            let mut mask = vec![u64::MAX; mask_words(n)];
            assert_eq!(overlap_mask_one_box_fixed(&b, 0.0, c, &mut mask), n, "{what}");
            assert_eq!(mask.iter().map(|w| w.count_ones() as usize).sum::<usize>(), n, "{what}");
        }
    });
}

/// The `par_*` forms give the single-thread kernels' masks, counts and contact outputs bit for bit,
/// below, at and above the threshold and around chunk boundaries, on every code path.
#[cfg(feature = "parallel")]
mod parallel {
    use super::*;
    use ball_aabb::batch::{
        contact_push_pairs, contact_push_pairs_f32, par_contact_push_pairs, par_contact_push_pairs_f32,
        par_count_one_box, par_count_pairs_soa, par_overlap_mask_one_box, par_overlap_mask_one_box_fixed,
        par_overlap_mask_pairs, PAR_CHUNK, PAR_THRESHOLD,
    };

    fn sizes() -> Vec<usize> {
        let t = PAR_THRESHOLD;
        vec![
            0,
            1000,
            t - 1,
            t,
            t + 1,
            t + 63,
            t + 64,
            t + PAR_CHUNK - 1,
            t + PAR_CHUNK,
            t + PAR_CHUNK + 65,
            t + 3 * PAR_CHUNK / 2 + 17,
            5 * t + 129,
        ]
    }

    fn case<const D: usize>(g: &mut Seeded, level: Level) {
        let max = *sizes().iter().max().unwrap();
        let boxes: Vec<Aabb<D>> = (0..max).map(|_| random_box(g)).collect();
        let balls: Vec<Ball<D>> = boxes.iter().map(|a| random_ball(g, a)).collect();
        let all = PairsSoa::from_shapes(&balls, &boxes);
        let one = Aabb::new([-5.0; D], [5.0; D]).unwrap();
        for n in sizes() {
            let what = format!("{level:?} {D}D n={n}");
            let p = all.as_ref();
            let pairs = batch::PairsRef {
                center: std::array::from_fn(|i| &p.center[i][..n]),
                radius: &p.radius[..n],
                min: std::array::from_fn(|i| &p.min[i][..n]),
                max: std::array::from_fn(|i| &p.max[i][..n]),
            };
            let (c, r) = (pairs.center, pairs.radius);

            let (mut m1, mut m2) = (vec![u64::MAX; mask_words(n)], vec![0; mask_words(n)]);
            let h = overlap_mask_one_box(&one, c, r, &mut m1);
            assert_eq!(par_overlap_mask_one_box(&one, c, r, &mut m2), h, "{what}");
            assert!(m1 == m2, "one box mask, {what}");
            assert_eq!(par_count_one_box(&one, c, r), h, "{what}");
            assert!(h > 0 || n == 0, "{what}: the data must contain overlaps");

            let h = overlap_mask_one_box_fixed(&one, 2.5, c, &mut m1);
            assert_eq!(par_overlap_mask_one_box_fixed(&one, 2.5, c, &mut m2), h, "{what}");
            assert!(m1 == m2, "one box fixed mask, {what}");

            let h = overlap_mask_pairs(pairs, &mut m1);
            assert_eq!(par_overlap_mask_pairs(pairs, &mut m2), h, "{what}");
            assert!(m1 == m2, "pairs mask, {what}");
            assert_eq!(par_count_pairs_soa(pairs), h, "{what}");

            type Kernel<const D: usize> = fn(batch::PairsRef<'_, D>, batch::ContactsMut<'_, D>) -> usize;
            let kernels: [(Kernel<D>, Kernel<D>); 2] = [
                (contact_push_pairs::<D>, par_contact_push_pairs::<D>),
                (contact_push_pairs_f32::<D>, par_contact_push_pairs_f32::<D>),
            ];
            for (single, par) in kernels {
                let (a, b) =
                    (run_contacts(&balls[..n], &boxes[..n], single), run_contacts(&balls[..n], &boxes[..n], par));
                assert_eq!(a.4, b.4, "contact hits, {what}");
                let same = |x: &[f32], y: &[f32]| x.iter().zip(y).all(|(x, y)| x.to_bits() == y.to_bits());
                assert!(same(&a.0, &b.0) && same(&a.1, &b.1), "distance/penetration, {what}");
                assert!((0..D).all(|i| same(&a.2[i], &b.2[i])), "push, {what}");
                assert!(a.3 == b.3, "state, {what}");
            }
        }
    }

    #[test]
    fn par_forms_equal_the_single_thread_kernels_bit_for_bit() {
        let mut g = Seeded::new(0x9A7_A11E1);
        each_level(|level| {
            case::<2>(&mut g, level);
            case::<3>(&mut g, level);
        });
    }
}

/// A velocity for the batched sweep: often exact (a multiple of 1/8, sometimes 0 on an axis, so
/// that slabs are parallel), sometimes general, sometimes aimed at the box's corner or centre.
fn velocity<const D: usize>(g: &mut Seeded, b: &Ball<D>, a: &Aabb<D>) -> [f32; D] {
    match g.below(5) {
        0 => std::array::from_fn(|_| if g.below(3) == 0 { 0.0 } else { (g.range(-30.0, 30.0) * 8.0).round() / 8.0 }),
        1 => std::array::from_fn(|i| (a.max()[i] - b.center()[i]) * 1.5),
        2 => std::array::from_fn(|i| ((a.min()[i] + a.max()[i]) / 2.0 - b.center()[i]) * 2.0),
        3 => [0.0; D],
        _ => std::array::from_fn(|_| g.range(-40.0, 40.0)),
    }
}

/// The batched sweep against the scalar `sweep`, bit for bit, on every code path: `D` dimensions,
/// `n` lanes, some lanes invalid (NaN, ∞, a negative radius: no hit), the rest random and exact cases.
fn check_sweep_one_box<const D: usize>(g: &mut Seeded, n: usize) {
    let a = random_box::<D>(g);
    let mut c: [Vec<f32>; D] = std::array::from_fn(|_| Vec::new());
    let (mut r, mut v): (Vec<f32>, [Vec<f32>; D]) = (Vec::new(), std::array::from_fn(|_| Vec::new()));
    let mut expected = Vec::new();
    for _ in 0..n {
        let b = random_ball::<D>(g, &a);
        let mut vel = velocity(g, &b, &a);
        let (mut center, mut radius) = (b.center(), b.radius());
        let want = match g.below(40) {
            0 => {
                vel[g.below(D as u64) as usize] = [f32::NAN, f32::INFINITY, -f32::INFINITY][g.below(3) as usize];
                None
            }
            1 => {
                center[g.below(D as u64) as usize] = f32::NAN;
                None
            }
            2 => {
                radius = -1.0;
                None
            }
            _ => ball_aabb::sweep(&b, vel, &a).map(|h| h.t),
        };
        for k in 0..D {
            c[k].push(center[k]);
            v[k].push(vel[k]);
        }
        r.push(radius);
        expected.push(want.unwrap_or(f32::INFINITY));
    }
    let hits = expected.iter().filter(|t| t.is_finite()).count();
    each_level(|level| {
        let mut toi = vec![-1.0f32; n + 2];
        let got = batch::sweep_one_box(
            &a,
            std::array::from_fn(|k| &c[k][..]),
            &r,
            std::array::from_fn(|k| &v[k][..]),
            &mut toi,
        );
        assert_eq!(got, hits, "{level:?} {D}D n={n}");
        for i in 0..n {
            assert_eq!(
                toi[i].to_bits(),
                expected[i].to_bits(),
                "{level:?} {D}D lane {i}: box {a:?}, c {:?} r {} v {:?}",
                std::array::from_fn::<f32, D, _>(|k| c[k][i]),
                r[i],
                std::array::from_fn::<f32, D, _>(|k| v[k][i])
            );
        }
        assert_eq!(&toi[n..], &[-1.0, -1.0], "{level:?}: wrote past the shortest slice");
        #[cfg(feature = "parallel")]
        {
            let mut par = vec![0.0f32; n];
            let got = batch::par_sweep_one_box(
                &a,
                std::array::from_fn(|k| &c[k][..]),
                &r,
                std::array::from_fn(|k| &v[k][..]),
                &mut par,
            );
            assert_eq!((got, &par[..]), (hits, &toi[..n]), "{level:?} par");
        }
    });
}

#[test]
fn sweep_one_box_is_the_scalar_sweep_bit_for_bit() {
    let mut g = Seeded::new(0x5EE9_0B0C);
    for n in [0usize, 1, 7, 64, 65, 1000] {
        for _ in 0..30 {
            check_sweep_one_box::<2>(&mut g, n);
            check_sweep_one_box::<3>(&mut g, n.min(200));
        }
    }
    #[cfg(feature = "parallel")]
    for _ in 0..2 {
        check_sweep_one_box::<2>(&mut g, batch::PAR_THRESHOLD * 2 + 33);
    }
}
