//! Shared pieces of the integration tests: the exact reference, a seeded generator, and case builders.
//!
//! The reference is written here, independently of the crate: integer cases are judged in `i64`
//! (squared distance from the centre to the box against `r²`, touching counts), general `f32` cases
//! in `f64` with its own clamp. Nothing here calls the code under test to produce an expected value.

#![allow(dead_code)]

use ball_aabb::{Aabb, Ball};
use proptest::prelude::Strategy;
use std::cmp::Ordering;

/// Integer coordinates (centres and box corners) stay within `±COORD`, radii within `0..=RADIUS`:
/// a difference of coordinates is at most 2·COORD and a sum of three squared differences at most
/// 3·(2·COORD)² < 2^24, and so is `r²`, so every `f32` operation the algorithms do on these inputs
/// (differences, halves, squares, sums, `r²`, `r + half`) is exact.
pub const COORD: i64 = 900;
pub const RADIUS: i64 = 1200;
const _: () = assert!(3 * (2 * COORD) * (2 * COORD) < 1 << 24 && RADIUS * RADIUS < 1 << 24);

/// A case with integer coordinates, judged exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntCase<const D: usize> {
    pub c: [i64; D],
    pub r: i64,
    pub lo: [i64; D],
    pub hi: [i64; D],
}

impl<const D: usize> IntCase<D> {
    pub fn new(c: [i64; D], r: i64, lo: [i64; D], hi: [i64; D]) -> Self {
        for i in 0..D {
            assert!(lo[i] <= hi[i], "test bug: inverted box {lo:?} {hi:?}");
        }
        assert!(r >= 0);
        IntCase { c, r, lo, hi }
    }

    /// Exact squared distance from the centre to the box (0 inside).
    pub fn dist2(&self) -> i64 {
        (0..D)
            .map(|i| {
                let e = if self.c[i] < self.lo[i] {
                    self.lo[i] - self.c[i]
                } else if self.c[i] > self.hi[i] {
                    self.c[i] - self.hi[i]
                } else {
                    0
                };
                e * e
            })
            .sum()
    }

    /// `dist² ` compared with `r²`: Less = overlapping, Equal = touching, Greater = separated.
    /// Inside the box (dist² = 0) with r = 0 this says Equal only on the boundary.
    pub fn cmp(&self) -> Ordering {
        let d2 = self.dist2();
        if d2 == 0 {
            // Inside or on the boundary: touching only when r = 0 and the centre is on a face.
            if self.r == 0 && self.on_boundary() {
                return Ordering::Equal;
            }
            return Ordering::Less;
        }
        d2.cmp(&(self.r * self.r))
    }

    /// Exact verdict: distance ≤ r.
    pub fn overlaps(&self) -> bool {
        self.dist2() <= self.r * self.r
    }

    pub fn inside_or_boundary(&self) -> bool {
        (0..D).all(|i| self.lo[i] <= self.c[i] && self.c[i] <= self.hi[i])
    }

    pub fn on_boundary(&self) -> bool {
        self.inside_or_boundary() && (0..D).any(|i| self.c[i] == self.lo[i] || self.c[i] == self.hi[i])
    }

    /// Per axis 0 below, 1 within, 2 above; `Σ zone_i·3^i`.
    pub fn zone(&self) -> u32 {
        let mut z = 0;
        let mut place = 1;
        for i in 0..D {
            let k = if self.c[i] < self.lo[i] {
                0
            } else if self.c[i] > self.hi[i] {
                2
            } else {
                1
            };
            z += k * place;
            place *= 3;
        }
        z
    }

    pub fn ball(&self) -> Ball<D> {
        Ball::new(self.c.map(|v| v as f32), self.r as f32).expect("valid ball")
    }

    pub fn aabb(&self) -> Aabb<D> {
        Aabb::new(self.lo.map(|v| v as f32), self.hi.map(|v| v as f32)).expect("valid box")
    }
}

/// A general `f32` case, judged in `f64`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FloatCase<const D: usize> {
    pub c: [f32; D],
    pub r: f32,
    pub lo: [f32; D],
    pub hi: [f32; D],
}

impl<const D: usize> FloatCase<D> {
    /// Distance from the centre to the box in `f64` (0 inside). Differences of `f32` values are exact
    /// in `f64` for comparable magnitudes; the squares and the root add errors near 2^-53 relative.
    pub fn dist(&self) -> f64 {
        let mut s = 0.0f64;
        for i in 0..D {
            let (c, lo, hi) = (self.c[i] as f64, self.lo[i] as f64, self.hi[i] as f64);
            let e = if c < lo {
                lo - c
            } else if c > hi {
                c - hi
            } else {
                0.0
            };
            s += e * e;
        }
        s.sqrt()
    }

    pub fn overlaps(&self) -> bool {
        self.dist() <= self.r as f64
    }

    /// The largest magnitude among all inputs (centre, radius, box corners).
    pub fn max_abs(&self) -> f32 {
        let mut m = self.r.abs();
        for i in 0..D {
            m = m.max(self.c[i].abs()).max(self.lo[i].abs()).max(self.hi[i].abs());
        }
        m
    }

    pub fn ball(&self) -> Ball<D> {
        Ball::new(self.c, self.r).expect("valid ball")
    }

    pub fn aabb(&self) -> Aabb<D> {
        Aabb::new(self.lo, self.hi).expect("valid box")
    }
}

/// The gap between `x` and the next `f32` away from zero.
pub fn ulp(x: f32) -> f64 {
    let x = x.abs();
    if !x.is_finite() {
        return f64::INFINITY;
    }
    let next = f32::from_bits(x.to_bits() + 1);
    next as f64 - x as f64
}

/// SplitMix64: a tiny, fixed-seed generator so sweeps are the same on every run.
#[derive(Clone, Debug)]
pub struct Seeded(u64);

impl Seeded {
    pub fn new(seed: u64) -> Self {
        Seeded(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as i64
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[lo, hi)` in `f32`, from 24 random bits.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.next_u64() >> 40) as f32 * (1.0 / (1u64 << 24) as f32))
    }

    /// Uniform integer in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    pub fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.next_u64() as usize % items.len()]
    }

    /// A permutation of `0..D`.
    pub fn permutation<const D: usize>(&mut self) -> [usize; D] {
        let mut p = [0; D];
        for (i, v) in p.iter_mut().enumerate() {
            *v = i;
        }
        for i in (1..D).rev() {
            let j = self.int(0, i as i64) as usize;
            p.swap(i, j);
        }
        p
    }
}

/// Pythagorean triples (a, b, c) with a² + b² = c².
pub const TRIPLES: [[i64; 3]; 16] = [
    [3, 4, 5],
    [5, 12, 13],
    [8, 15, 17],
    [7, 24, 25],
    [20, 21, 29],
    [12, 35, 37],
    [9, 40, 41],
    [28, 45, 53],
    [11, 60, 61],
    [16, 63, 65],
    [33, 56, 65],
    [48, 55, 73],
    [13, 84, 85],
    [36, 77, 85],
    [39, 80, 89],
    [65, 72, 97],
];

/// Pythagorean quadruples (a, b, c, d) with a² + b² + c² = d².
pub const QUADRUPLES: [[i64; 4]; 14] = [
    [1, 2, 2, 3],
    [2, 3, 6, 7],
    [1, 4, 8, 9],
    [4, 4, 7, 9],
    [2, 6, 9, 11],
    [6, 6, 7, 11],
    [3, 4, 12, 13],
    [2, 5, 14, 15],
    [2, 10, 11, 15],
    [1, 12, 12, 17],
    [8, 9, 12, 17],
    [6, 10, 15, 19],
    [4, 13, 16, 21],
    [8, 11, 16, 21],
];

/// A random box inside `±half_range`, of zero width on an axis one time in six.
pub fn random_box<const D: usize>(rng: &mut Seeded, half_range: i64) -> ([i64; D], [i64; D]) {
    let mut lo = [0; D];
    let mut hi = [0; D];
    for i in 0..D {
        let a = rng.int(-half_range, half_range);
        let b = if rng.int(0, 5) == 0 { a } else { rng.int(-half_range, half_range) };
        lo[i] = a.min(b);
        hi[i] = a.max(b);
    }
    (lo, hi)
}

/// A uniformly random integer case.
pub fn random_int_case<const D: usize>(rng: &mut Seeded) -> IntCase<D> {
    let (lo, hi) = random_box::<D>(rng, COORD / 2);
    let mut c = [0; D];
    for v in c.iter_mut() {
        *v = rng.int(-COORD, COORD);
    }
    let r = if rng.int(0, 7) == 0 { 0 } else { rng.int(0, RADIUS / 2) };
    IntCase::new(c, r, lo, hi)
}

/// An exactly tangent integer case: the centre sits at offsets from a face, edge or corner of the
/// box given by a scaled Pythagorean triple (2 outside axes) or quadruple (3 outside axes), or at
/// distance r straight out from a face (1 outside axis), with the other axes inside the slab.
/// Then `delta` is added to the radius: 0 → touching, −1 → just separated, +1 → just overlapping.
pub fn tangent_int_case<const D: usize>(rng: &mut Seeded, delta: i64) -> IntCase<D> {
    let (lo, hi) = random_box::<D>(rng, COORD / 3);
    tangent_int_case_in(rng, lo, hi, delta)
}

/// A box that is a point, or a segment (3D: or a flat rectangle): zero width on at least one axis.
pub fn degenerate_box<const D: usize>(rng: &mut Seeded) -> ([i64; D], [i64; D]) {
    let (lo, mut hi) = random_box::<D>(rng, COORD / 3);
    let keep = if rng.coin() { D } else { rng.int(0, D as i64 - 1) as usize }; // D: a point
    for i in 0..D {
        if i != keep {
            hi[i] = lo[i];
        }
    }
    (lo, hi)
}

/// [`tangent_int_case`] around a given box.
pub fn tangent_int_case_in<const D: usize>(rng: &mut Seeded, lo: [i64; D], hi: [i64; D], delta: i64) -> IntCase<D> {
    let max_outside = D.min(3);
    let outside = rng.int(1, max_outside as i64) as usize;
    let (offsets, r): (Vec<i64>, i64) = match outside {
        1 => {
            let r = rng.int(1, 300);
            (vec![r], r)
        }
        2 => {
            let t = rng.pick(&TRIPLES);
            let k = rng.int(1, 3);
            let (a, b) = if rng.coin() { (t[0], t[1]) } else { (t[1], t[0]) };
            (vec![a * k, b * k], t[2] * k)
        }
        _ => {
            let q = rng.pick(&QUADRUPLES);
            let k = rng.int(1, 12);
            let p = rng.permutation::<3>();
            (vec![q[p[0]] * k, q[p[1]] * k, q[p[2]] * k], q[3] * k)
        }
    };
    let axes = rng.permutation::<D>();
    let mut c = [0; D];
    for (k, &i) in axes.iter().enumerate() {
        if k < outside {
            c[i] = if rng.coin() { hi[i] + offsets[k] } else { lo[i] - offsets[k] };
        } else {
            c[i] = rng.int(lo[i], hi[i]);
        }
    }
    let r = (r + delta).max(0);
    IntCase::new(c, r, lo, hi)
}

/// A centre on the boundary of the box (on a face, edge or corner), with a random radius (often 0).
pub fn boundary_int_case<const D: usize>(rng: &mut Seeded) -> IntCase<D> {
    let (lo, hi) = random_box::<D>(rng, COORD / 2);
    let mut c = [0; D];
    for i in 0..D {
        c[i] = match rng.int(0, 2) {
            0 => lo[i],
            1 => hi[i],
            _ => rng.int(lo[i], hi[i]),
        };
    }
    let axis = rng.int(0, D as i64 - 1) as usize;
    c[axis] = if rng.coin() { lo[axis] } else { hi[axis] };
    let r = if rng.coin() { 0 } else { rng.int(0, 200) };
    IntCase::new(c, r, lo, hi)
}

/// A random `f32` of magnitude `10^e` for `e` uniform in `[lo_exp, hi_exp]`, random sign.
pub fn float_of_magnitude(rng: &mut Seeded, lo_exp: f64, hi_exp: f64) -> f32 {
    let e = lo_exp + (hi_exp - lo_exp) * rng.unit();
    let v = 10f64.powf(e) as f32;
    if rng.coin() {
        -v
    } else {
        v
    }
}

/// A general-float case placed near tangency: a random box at a random offset and scale, a centre
/// outside it in a face, edge or corner region, and a radius equal to the `f64` distance rounded to
/// `f32` and then nudged by a few ulps. These are the inputs where the roundings of the
/// different algorithms can disagree.
pub fn near_tangent_float_case<const D: usize>(rng: &mut Seeded) -> FloatCase<D> {
    // Half the cases at everyday scales, half shifted by up to 12 decades either way (still far
    // from where f32 squares overflow or underflow: see the range note in `ball_aabb::algo`).
    let shift = if rng.coin() { 0.0 } else { rng.int(-12, 12) as f64 };
    let offset = float_of_magnitude(rng, -2.0 + shift, 5.0 + shift);
    let size = 10f64.powf(-2.0 + 5.0 * rng.unit() + shift);
    let mut lo = [0f32; D];
    let mut hi = [0f32; D];
    let mut c = [0f32; D];
    for i in 0..D {
        let a = (offset as f64 + size * (rng.unit() - 0.5)) as f32;
        let b = if rng.int(0, 9) == 0 { a } else { (offset as f64 + size * (rng.unit() - 0.5)) as f32 };
        lo[i] = a.min(b);
        hi[i] = a.max(b);
    }
    let gap = size * 10f64.powf(-4.0 + 4.0 * rng.unit());
    for i in 0..D {
        c[i] = match rng.int(0, 2) {
            0 => (lo[i] as f64 - gap * rng.unit()) as f32,
            1 => (hi[i] as f64 + gap * rng.unit()) as f32,
            _ => (lo[i] as f64 + (hi[i] as f64 - lo[i] as f64) * rng.unit()) as f32,
        };
    }
    let mut case = FloatCase { c, r: 0.0, lo, hi };
    let dist = case.dist();
    let r = if rng.coin() {
        // A few steps of ulp(r) around the distance.
        let mut r = dist as f32;
        for _ in 0..rng.int(0, 4) {
            r = if rng.coin() {
                f32::from_bits(r.to_bits() + 1)
            } else {
                f32::from_bits(r.to_bits().saturating_sub(1))
            };
        }
        r
    } else {
        // Up to 3 ulp of the largest coordinate away: where the re-centring algorithms' band ends.
        (dist + 3.0 * (2.0 * rng.unit() - 1.0) * ulp(case.max_abs().max(dist as f32))) as f32
    };
    case.r = r.max(0.0);
    case
}

/// Builds shapes from a float case and runs one registry algorithm in dimension `D`.
pub fn run_algo<const D: usize>(algo: &ball_aabb::algo::Algorithm, ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
    use std::any::Any;
    let (b, a): (&dyn Any, &dyn Any) = (ball, aabb);
    if let (Some(b), Some(a)) = (b.downcast_ref::<Ball<2>>(), a.downcast_ref::<Aabb<2>>()) {
        (algo.overlap_2d)(b, a)
    } else if let (Some(b), Some(a)) = (b.downcast_ref::<Ball<3>>(), a.downcast_ref::<Aabb<3>>()) {
        (algo.overlap_3d)(b, a)
    } else {
        panic!("only 2D and 3D")
    }
}

/// The same through the traced form.
pub fn run_trace<const D: usize>(algo: &ball_aabb::algo::Algorithm, ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
    use std::any::Any;
    let (b, a): (&dyn Any, &dyn Any) = (ball, aabb);
    if let (Some(b), Some(a)) = (b.downcast_ref::<Ball<2>>(), a.downcast_ref::<Aabb<2>>()) {
        (algo.trace_2d)(b, a).verdict
    } else if let (Some(b), Some(a)) = (b.downcast_ref::<Ball<3>>(), a.downcast_ref::<Aabb<3>>()) {
        (algo.trace_3d)(b, a).verdict
    } else {
        panic!("only 2D and 3D")
    }
}

// ---------------------------------------------------------------------------------------------
// proptest strategies.

/// A uniformly drawn integer case (proptest shrinks it towards small coordinates).
pub fn int_case<const D: usize>() -> impl Strategy<Value = IntCase<D>> {
    (
        proptest::array::uniform::<_, D>(-COORD..=COORD),
        0..=RADIUS / 2,
        proptest::array::uniform::<_, D>((-COORD / 2..=COORD / 2, 0..=COORD / 2)),
    )
        .prop_map(|(c, r, boxes)| {
            let lo = boxes.map(|(a, _)| a);
            let hi = boxes.map(|(a, w)| a + w);
            IntCase::new(c, r, lo, hi)
        })
}

/// A box, a Pythagorean triple/quadruple with a scale, and per-axis sides: the centre at those offsets
/// from the box (a corner when all axes are used), the radius the hypotenuse plus `delta`.
pub fn tangent_case<const D: usize>() -> impl Strategy<Value = IntCase<D>> {
    (
        proptest::array::uniform::<_, D>((-COORD / 3..=COORD / 3, 0..=COORD / 3)),
        0..QUADRUPLES.len(),
        0..TRIPLES.len(),
        1i64..=10,
        proptest::array::uniform::<_, D>(0u8..3),
        -1i64..=1,
    )
        .prop_map(|(boxes, qi, ti, k, sides, delta)| {
            let lo = boxes.map(|(a, _)| a);
            let hi = boxes.map(|(a, w)| a + w);
            let (offsets, r): ([i64; 3], i64) = if D == 3 {
                let q = QUADRUPLES[qi];
                ([q[0] * k, q[1] * k, q[2] * k], q[3] * k)
            } else {
                let t = TRIPLES[ti];
                ([t[0] * k, t[1] * k, 0], t[2] * k)
            };
            // sides: 0 below min, 1 above max, 2 above max as well (corners are the point).
            let mut c = [0; D];
            for i in 0..D {
                c[i] = if sides[i] == 0 { lo[i] - offsets[i] } else { hi[i] + offsets[i] };
            }
            IntCase::new(c, (r + delta).max(0), lo, hi)
        })
}
