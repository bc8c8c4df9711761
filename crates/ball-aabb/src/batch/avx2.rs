//! The only `unsafe` code of the crate: AVX2 intrinsics, and `#[target_feature]` clones of the portable
//! loops. Everything outside this file reaches it through [`Avx2`], a token that exists only when the
//! CPU has AVX2, FMA and POPCNT, so the safe wrappers here are sound to call.
//!
//! The AVX2 path: the same arithmetic, lane for lane, written with intrinsics so that each group of 8
//! lanes ends in one `vmovmskps` (8 mask bits) instead of a byte-packing detour. The helpers are
//! `#[inline(always)]` without features of their own, so they are compiled inside the AVX2 entry points. `maxps(a, b)` is
//! `a > b ? a : b` and `minps(a, b)` is `a < b ? a : b`, exactly the compare-and-select of the portable
//! code, and the sum starts from the first square as `0 + e²` does, so the bits are the same.

#![allow(unsafe_code)]

use super::cpu::{level, Level};
use super::layout::{ContactsMut, PairsRef, LANES};
use super::portable::{self, Sink};
use super::step::{free_lanes_body, FreeIn, FreeOut};
use super::sweep::sweep_one_box_body;
use crate::overlap::OverlapTest;
use crate::response::Real;
use crate::shape::{Aabb, Ball};
#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

/// `(c − clamp(c, lo, hi))²` for 8 lanes.
#[inline(always)]
unsafe fn excess_sq(c: __m256, lo: __m256, hi: __m256) -> __m256 {
    let e = _mm256_sub_ps(c, _mm256_min_ps(_mm256_max_ps(c, lo), hi));
    _mm256_mul_ps(e, e)
}

/// One block of 64 lanes, one box. `c[i]` points at 64 readable floats; so does `r` if given.
#[inline(always)]
unsafe fn block_one_box<const D: usize, const PER_BALL: bool>(
    lo: &[__m256; D],
    hi: &[__m256; D],
    c: [*const f32; D],
    r: *const f32,
    rr_fixed: __m256,
) -> u64 {
    let mut bits = 0u64;
    for k in 0..LANES / 8 {
        let mut d = excess_sq(_mm256_loadu_ps(c[0].add(8 * k)), lo[0], hi[0]);
        for i in 1..D {
            d = _mm256_add_ps(d, excess_sq(_mm256_loadu_ps(c[i].add(8 * k)), lo[i], hi[i]));
        }
        let rr = if PER_BALL {
            let r = _mm256_loadu_ps(r.add(8 * k));
            _mm256_mul_ps(r, r)
        } else {
            rr_fixed
        };
        let le = _mm256_cmp_ps::<_CMP_LE_OQ>(d, rr);
        bits |= (_mm256_movemask_ps(le) as u32 as u64) << (8 * k);
    }
    bits
}

#[target_feature(enable = "avx2,fma,popcnt")]
unsafe fn one_box<const D: usize, S: Sink>(
    lo: &[f32; D],
    hi: &[f32; D],
    c: [&[f32]; D],
    radii: Option<&[f32]>,
    fixed_r: f32,
    n: usize,
    sink: &mut S,
) -> usize {
    // One loop per radius mode, so that the per-block code has no `Option` left in it.
    match radii {
        Some(r) => one_box_loop::<D, S, true>(lo, hi, c, r, 0.0, n, sink),
        None => one_box_loop::<D, S, false>(lo, hi, c, &[], fixed_r, n, sink),
    }
}

/// `radii` is read only when `PER_BALL` (then it has at least `n` elements).
#[inline(always)]
unsafe fn one_box_loop<const D: usize, S: Sink, const PER_BALL: bool>(
    lo: &[f32; D],
    hi: &[f32; D],
    c: [&[f32]; D],
    radii: &[f32],
    fixed_r: f32,
    n: usize,
    sink: &mut S,
) -> usize {
    let mut lov = [_mm256_setzero_ps(); D];
    let mut hiv = [_mm256_setzero_ps(); D];
    let mut cp = [core::ptr::null::<f32>(); D];
    for i in 0..D {
        lov[i] = _mm256_set1_ps(lo[i]);
        hiv[i] = _mm256_set1_ps(hi[i]);
        cp[i] = c[i].as_ptr();
    }
    let rr_fixed = _mm256_set1_ps(fixed_r * fixed_r);
    let mut hits = 0usize;
    let full = n / LANES * LANES;
    let mut start = 0;
    while start < full {
        let mut cb = cp;
        for p in cb.iter_mut() {
            *p = p.add(start);
        }
        // SAFETY (reads): every slice (and `radii` when PER_BALL) has at least `n ≥ start + 64` elements.
        let bits = block_one_box::<D, PER_BALL>(&lov, &hiv, cb, radii.as_ptr().wrapping_add(start), rr_fixed);
        hits += bits.count_ones() as usize;
        sink.put(start / LANES, bits);
        start += LANES;
    }
    if start < n {
        let len = n - start;
        let mut pad = [[0.0f32; LANES]; D];
        let mut cb = cp;
        for i in 0..D {
            pad[i][..len].copy_from_slice(&c[i][start..n]);
            cb[i] = pad[i].as_ptr();
        }
        let mut rpad = [0.0f32; LANES];
        if PER_BALL {
            rpad[..len].copy_from_slice(&radii[start..n]);
        }
        let bits = block_one_box::<D, PER_BALL>(&lov, &hiv, cb, rpad.as_ptr(), rr_fixed) & portable::tail_bits(len);
        hits += bits.count_ones() as usize;
        sink.put(start / LANES, bits);
    }
    hits
}

/// One block of 64 pairs; every pointer has 64 readable floats.
#[inline(always)]
unsafe fn block_pairs<const D: usize>(
    c: [*const f32; D],
    r: *const f32,
    lo: [*const f32; D],
    hi: [*const f32; D],
) -> u64 {
    let mut bits = 0u64;
    for k in 0..LANES / 8 {
        let o = 8 * k;
        let mut d =
            excess_sq(_mm256_loadu_ps(c[0].add(o)), _mm256_loadu_ps(lo[0].add(o)), _mm256_loadu_ps(hi[0].add(o)));
        for i in 1..D {
            let e =
                excess_sq(_mm256_loadu_ps(c[i].add(o)), _mm256_loadu_ps(lo[i].add(o)), _mm256_loadu_ps(hi[i].add(o)));
            d = _mm256_add_ps(d, e);
        }
        let rv = _mm256_loadu_ps(r.add(o));
        let le = _mm256_cmp_ps::<_CMP_LE_OQ>(d, _mm256_mul_ps(rv, rv));
        bits |= (_mm256_movemask_ps(le) as u32 as u64) << o;
    }
    bits
}

#[target_feature(enable = "avx2,fma,popcnt")]
unsafe fn pairs<const D: usize, S: Sink>(p: &PairsRef<'_, D>, n: usize, sink: &mut S) -> usize {
    let mut hits = 0usize;
    let full = n / LANES * LANES;
    let mut start = 0;
    let at = |s: &[f32], start: usize| s.as_ptr().add(start);
    while start < full {
        let mut c = [core::ptr::null::<f32>(); D];
        let mut lo = c;
        let mut hi = c;
        for i in 0..D {
            c[i] = at(p.center[i], start);
            lo[i] = at(p.min[i], start);
            hi[i] = at(p.max[i], start);
        }
        // SAFETY (reads): every array has at least `n ≥ start + 64` elements.
        let bits = block_pairs(c, at(p.radius, start), lo, hi);
        hits += bits.count_ones() as usize;
        sink.put(start / LANES, bits);
        start += LANES;
    }
    if start < n {
        let len = n - start;
        let mut pad = [[[0.0f32; LANES]; D]; 3];
        let mut rpad = [0.0f32; LANES];
        rpad[..len].copy_from_slice(&p.radius[start..n]);
        for (k, arrays) in [&p.center, &p.min, &p.max].into_iter().enumerate() {
            for (dst, src) in pad[k].iter_mut().zip(arrays) {
                dst[..len].copy_from_slice(&src[start..n]);
            }
        }
        let mut c = [core::ptr::null::<f32>(); D];
        let mut lo = c;
        let mut hi = c;
        for i in 0..D {
            c[i] = pad[0][i].as_ptr();
            lo[i] = pad[1][i].as_ptr();
            hi[i] = pad[2][i].as_ptr();
        }
        let bits = block_pairs(c, rpad.as_ptr(), lo, hi) & portable::tail_bits(len);
        hits += bits.count_ones() as usize;
        sink.put(start / LANES, bits);
    }
    hits
}

/// The reader behind [`stream_read`](super::stream_read), AVX2: blocks of 64 lanes, eight 32-byte
/// loads per stream per block, each XORed into one of eight accumulators (`vpxor` issues on three
/// ports, the loads on two: the loads limit it). Unaligned loads, so the slices need no particular
/// alignment; the tail (under 64 lanes) goes through the portable reader.
///
/// # Safety
/// AVX2 is present; every `s[i]` has at least `n` elements.
#[target_feature(enable = "avx2,fma,popcnt")]
unsafe fn stream_read<const K: usize>(s: &[&[f32]; K], n: usize) -> u32 {
    const V: usize = 8;
    let p: [*const f32; K] = core::array::from_fn(|i| s[i].as_ptr());
    let mut acc = [_mm256_setzero_si256(); LANES / V];
    let blocks = n / LANES;
    for b in 0..blocks {
        let at = b * LANES;
        for q in &p {
            for (j, a) in acc.iter_mut().enumerate() {
                // SAFETY: lanes at..at + 64 are below n, so every stream has them.
                *a = _mm256_xor_si256(*a, unsafe { _mm256_loadu_si256(q.add(at + V * j).cast()) });
            }
        }
    }
    let mut x = acc[0];
    for a in &acc[1..] {
        x = _mm256_xor_si256(x, *a);
    }
    let mut lanes = [0u32; V];
    // SAFETY: `lanes` holds 8 u32.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), x) };
    portable::tail_xor(s, blocks * LANES, n) ^ lanes.iter().fold(0, |x, l| x ^ l)
}

/// The batched sweep's loop, compiled for AVX2 (safe code: LLVM vectorises the 2D lanes).
#[target_feature(enable = "avx2,fma,popcnt")]
unsafe fn sweep_one_box<const D: usize>(
    aabb: &Aabb<D>,
    c: [&[f32]; D],
    r: &[f32],
    v: [&[f32]; D],
    toi: &mut [f32],
    n: usize,
) -> usize {
    sweep_one_box_body(aabb, c, r, v, toi, n)
}

#[target_feature(enable = "avx2,fma,popcnt")]
unsafe fn contact_push<const D: usize, F: Real>(p: &PairsRef<'_, D>, out: ContactsMut<'_, D>, n: usize) -> usize {
    portable::contact_push_body::<D, F>(p, out, n)
}

/// The registry's pair loop with `A`'s test inlined, compiled for AVX2 so that LLVM can vectorise
/// the branch-free tests across pairs.
#[target_feature(enable = "avx2,fma,popcnt")]
unsafe fn count_pairs<A: OverlapTest, const D: usize>(balls: &[Ball<D>], boxes: &[Aabb<D>]) -> usize {
    portable::count_pairs_body::<A, D>(balls, boxes)
}

safe_doors!(
    /// Proof that this CPU runs AVX2, FMA and POPCNT: only [`Avx2::get`] makes one, and only when
    /// [`level`](super::level()) says so (detected at run time; [`set_level`](super::set_level()) only
    /// chooses levels the CPU has). Its methods are the safe doors to the code above.
    Avx2,
    Level::Avx2,
    "AVX2"
);

target_clone!(
    /// The batched world step's free-space lanes (safe code compiled for this level).
    Avx2,
    "avx2,fma,popcnt",
    fn free_lanes(inp: &FreeIn<'_>, out: &mut FreeOut) = free_lanes_body
);
