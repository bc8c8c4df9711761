//! The push-out contract, tested the way a game uses it: ordinary `f32` numbers (not only exactly
//! representable ones), scenes far from the origin, centres on faces, in corners and deep inside.
//! Adding `push` to the centre in `f32` must leave the ball touching or separated — never
//! overlapping — and separated by no more than a few ulps of the scene's coordinates.
//!
//! `PUSH_OUT_CASES` sets the number of cases per dimension (default 10⁶; `scripts/check.sh` runs
//! 10⁷ in 2D and 10⁷ in 3D).

use crate::batch::run_contacts;
use crate::common::*;
use ball_aabb::batch::{contact_push_pairs, contact_push_pairs_f32};
use ball_aabb::{
    contact::{contact, signed_distance_f64},
    response::{contact_response, response},
    Aabb, Ball, ContactState,
};

fn cases() -> usize {
    match std::env::var("PUSH_OUT_CASES") {
        Ok(v) => v.parse().unwrap_or_else(|_| panic!("PUSH_OUT_CASES={v:?} is not a count")),
        Err(_) => 1_000_000,
    }
}

/// One random scene near contact: a box somewhere (often far from the origin), a radius, and a
/// centre that mostly overlaps it — anywhere within reach, on a face, at a corner, deep inside on a
/// tie, or at the exact tangent distance rounded to `f32`.
fn scene<const D: usize>(g: &mut Seeded) -> (Ball<D>, Aabb<D>) {
    let unit = *g.pick(&[0.01f32, 0.37, 1.0, 3.3, 64.0, 1000.0]);
    let origin = *g.pick(&[0.0f32, 0.0, 17.3, -250.7, 4096.1]);
    let mut lo = [0.0f32; D];
    let mut hi = [0.0f32; D];
    for i in 0..D {
        lo[i] = origin + g.range(-2.0, 2.0) * unit;
        let extent = if g.below(20) == 0 { 0.0 } else { g.range(0.0, 3.0) * unit };
        hi[i] = lo[i] + extent;
    }
    let r = if g.below(50) == 0 { 0.0 } else { g.range(0.0, 2.0) * unit };
    let mut c = [0.0f32; D];
    match g.below(5) {
        // Anywhere within reach: the box grown by r.
        0 | 1 => {
            for i in 0..D {
                c[i] = g.range(lo[i] - r, hi[i] + r);
            }
        }
        // On a face or at a corner: coordinates exactly on lo/hi on some axes.
        2 => {
            for i in 0..D {
                c[i] = match g.below(3) {
                    0 => lo[i],
                    1 => hi[i],
                    _ => g.range(lo[i], hi[i]),
                };
            }
        }
        // Deep inside, at the middle (faces tie).
        3 => {
            for i in 0..D {
                c[i] = 0.5 * (lo[i] + hi[i]);
            }
        }
        // At the tangent distance along a random outward direction, rounded to f32.
        _ => {
            let s: [f32; D] = core::array::from_fn(|i| g.range(lo[i], hi[i]));
            let dir: [f64; D] = core::array::from_fn(|_| g.range(-1.0, 1.0) as f64);
            let len = dir.iter().map(|d| d * d).sum::<f64>().sqrt().max(1e-9);
            for i in 0..D {
                let out = if dir[i] < 0.0 { lo[i] } else { hi[i] };
                let base = if g.coin() { out } else { s[i] };
                c[i] = (base as f64 + dir[i] / len * r as f64) as f32;
            }
        }
    }
    (Ball::new(c, r).expect("finite ball"), Aabb::new(lo, hi).expect("ordered box"))
}

/// The largest magnitude in the scene after the push: the unit of the gap bound.
fn magnitude<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>, moved: &Ball<D>) -> f32 {
    (0..D).fold(ball.radius(), |m, i| m.max(aabb.min()[i].abs()).max(aabb.max()[i].abs()).max(moved.center()[i].abs()))
}

struct Tally {
    overlapping: usize,
    touching: usize,
    separated: usize,
    /// The largest gap after the push, in ulps of the scene's magnitude.
    worst_gap: f64,
}

fn contract<const D: usize>(seed: u64) -> Tally {
    let mut g = Seeded::new(seed);
    let mut t = Tally { overlapping: 0, touching: 0, separated: 0, worst_gap: 0.0 };
    for _ in 0..cases() {
        let (ball, aabb) = scene::<D>(&mut g);
        let before = contact(&ball, &aabb);
        let resp = response(&ball, &aabb);
        assert_eq!(contact_response(&ball, &aabb).1, resp, "fused form differs on {ball:?} {aabb:?}");
        let moved = ball.translated(resp.push).expect("a finite push on a finite scene");
        let after = contact(&moved, &aabb).state;
        assert_ne!(after, ContactState::Overlapping, "push {:?} leaves {ball:?} overlapping {aabb:?}", resp.push);
        if before.state != ContactState::Overlapping {
            continue;
        }
        t.overlapping += 1;
        match after {
            ContactState::Touching => t.touching += 1,
            _ => t.separated += 1,
        }
        let gap = signed_distance_f64(&moved.center(), &aabb) - ball.radius() as f64;
        let in_ulps = gap / ulp(magnitude(&ball, &aabb, &moved));
        assert!(in_ulps <= 4.0, "gap {gap} = {in_ulps} ulps after pushing {ball:?} out of {aabb:?}");
        t.worst_gap = t.worst_gap.max(in_ulps);
    }
    eprintln!(
        "push-out {D}D: {} cases, {} overlapping → {} touching, {} separated; widest gap {:.2} ulps",
        cases(),
        t.overlapping,
        t.touching,
        t.separated,
        t.worst_gap
    );
    t
}

#[test]
fn the_push_never_leaves_a_circle_overlapping() {
    let t = contract::<2>(0x26_02);
    // The generator is aimed at contact: most cases start overlapping, and both outcomes occur.
    assert!(t.overlapping > cases() / 2 && t.touching > 0 && t.separated > 0, "{}", t.overlapping);
}

#[test]
fn the_push_never_leaves_a_sphere_overlapping() {
    let t = contract::<3>(0x26_03);
    assert!(t.overlapping > cases() / 2 && t.touching > 0 && t.separated > 0, "{}", t.overlapping);
}

/// The batched kernels keep the contract: the `f64` one returns the scalar push bit for bit; the
/// `f32` one, asked again about the moved centres, never answers "overlapping".
fn batched<const D: usize>(seed: u64) {
    let mut g = Seeded::new(seed);
    let n = 4096;
    for _ in 0..(cases() / n / 10).max(8) {
        let (balls, boxes): (Vec<Ball<D>>, Vec<Aabb<D>>) = (0..n).map(|_| scene::<D>(&mut g)).unzip();
        let (_, _, push, _, _) = run_contacts(&balls, &boxes, contact_push_pairs);
        for (j, (b, a)) in balls.iter().zip(&boxes).enumerate() {
            let want = response(b, a).push;
            for i in 0..D {
                assert_eq!(push[i][j].to_bits(), want[i].to_bits(), "pair {j} axis {i}: {b:?} {a:?}");
            }
        }
        let (_, _, push32, _, _) = run_contacts(&balls, &boxes, contact_push_pairs_f32);
        let moved: Vec<Ball<D>> = balls
            .iter()
            .enumerate()
            .map(|(j, b)| b.translated(core::array::from_fn(|i| push32[i][j])).expect("finite"))
            .collect();
        let (_, _, _, state, _) = run_contacts(&moved, &boxes, contact_push_pairs_f32);
        for (j, s) in state.iter().enumerate() {
            assert_ne!(*s, 2, "f32 push leaves pair {j} overlapping: {:?} {:?}", balls[j], boxes[j]);
        }
    }
}

#[test]
fn the_batched_pushes_keep_the_contract() {
    batched::<2>(0x26_12);
    batched::<3>(0x26_13);
}
