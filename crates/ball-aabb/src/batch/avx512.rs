//! AVX-512 intrinsics (16 lanes per instruction) and `#[target_feature]` clones of the portable loops;
//! with `avx2.rs`, the only `unsafe` code of the crate. Everything outside this file reaches it through
//! [`Avx512`], a token that exists only when the CPU has AVX-512 F/BW/DQ/VL (and AVX2, FMA, POPCNT),
//! so the safe wrappers here are sound to call.
//!
//! The arithmetic is the portable one, lane for lane: `vmaxps(c, lo)` is `c > lo ? c : lo` and
//! `vminps(x, hi)` is `x < hi ? x : hi`, exactly the compare-and-select of `portable.rs`; then
//! `e = c − s`, `e·e`, the squares summed in axis order starting from the first (as `0 + e²` does),
//! separate multiply and add (no FMA), and `d ≤ r²` with `r²` computed as `r·r`. So every bit equals
//! the portable and AVX2 paths. `vcmpps` writes a 16-bit mask register directly: four of them make
//! one 64-bit mask word. The last partial block uses masked loads (`vmovups` with a mask, which does
//! not touch the lanes it leaves out) instead of copying into a padded buffer.

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

/// Lanes per vector.
const W: usize = 16;

/// `(c − clamp(c, lo, hi))²` for 16 lanes.
///
/// # Safety
/// AVX-512 F is present (this is only inlined into the `#[target_feature]` functions below).
#[inline(always)]
unsafe fn excess_sq(c: __m512, lo: __m512, hi: __m512) -> __m512 {
    let e = _mm512_sub_ps(c, _mm512_min_ps(_mm512_max_ps(c, lo), hi));
    _mm512_mul_ps(e, e)
}

/// Loads 16 lanes at `p` when `k` is all ones, else only the lanes set in `k` (the others read as 0.0
/// and are not touched in memory).
///
/// # Safety
/// AVX-512 F is present; the lanes of `p` selected by `k` are readable; `p` itself is in bounds (or one past the end) of the
/// slice it points into.
#[inline(always)]
unsafe fn load<const MASKED: bool>(p: *const f32, k: __mmask16) -> __m512 {
    if MASKED {
        // SAFETY: the caller guarantees the lanes selected by `k` are readable; the masked load does
        // not access the others (AVX-512 fault suppression).
        unsafe { _mm512_maskz_loadu_ps(k, p) }
    } else {
        // SAFETY: `k` is all ones here and the caller guarantees the 16 lanes are readable.
        unsafe { _mm512_loadu_ps(p) }
    }
}

/// The 16-lane masks of the `len` first lanes of a 64-lane block (`len ≤ 64`): vector `v` gets bits
/// `16v..16v+16` of `tail_bits(len)`.
#[inline(always)]
fn vector_masks(len: usize) -> [__mmask16; LANES / W] {
    let bits = portable::tail_bits(len);
    core::array::from_fn(|v| (bits >> (W * v)) as __mmask16)
}

/// One block of 64 lanes, one box: vector `v` reads 16 floats at `c[i] + 16v` (and `r + 16v` when
/// `PER_BALL`), all of them when `MASKED` is false, else only the lanes set in `k[v]`; vectors with
/// an empty mask are skipped.
///
/// # Safety
/// AVX-512 F is present, and those reads are in bounds of the slices `c[i]` and `r` point into.
#[inline(always)]
unsafe fn block_one_box<const D: usize, const PER_BALL: bool, const MASKED: bool>(
    lo: &[__m512; D],
    hi: &[__m512; D],
    c: [*const f32; D],
    r: *const f32,
    rr_fixed: __m512,
    k: &[__mmask16; LANES / W],
) -> u64 {
    let mut bits = 0u64;
    for (v, &kv) in k.iter().enumerate() {
        if MASKED && kv == 0 {
            continue;
        }
        let o = W * v;
        // SAFETY: the caller guarantees the lanes of `k[v]` at offset `o` are readable, and since at
        // least one is, `c[i] + o` and `r + o` stay within their slices.
        let (d, rr) = unsafe {
            let mut d = _mm512_setzero_ps();
            for i in 0..D {
                let e = excess_sq(load::<MASKED>(c[i].add(o), kv), lo[i], hi[i]);
                d = if i == 0 { e } else { _mm512_add_ps(d, e) };
            }
            let rr = if PER_BALL {
                let r = load::<MASKED>(r.add(o), kv);
                _mm512_mul_ps(r, r)
            } else {
                rr_fixed
            };
            (d, rr)
        };
        let le = _mm512_mask_cmp_ps_mask::<_CMP_LE_OQ>(kv, d, rr);
        bits |= (le as u64) << o;
    }
    bits
}

#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,popcnt")]
unsafe fn one_box<const D: usize, S: Sink>(
    lo: &[f32; D],
    hi: &[f32; D],
    c: [&[f32]; D],
    radii: Option<&[f32]>,
    fixed_r: f32,
    n: usize,
    sink: &mut S,
) -> usize {
    // SAFETY: the caller's contract (every slice, and `radii` when given, has at least `n` elements)
    // is what `one_box_loop` requires.
    unsafe {
        match radii {
            Some(r) => one_box_loop::<D, S, true>(lo, hi, c, r, 0.0, n, sink),
            None => one_box_loop::<D, S, false>(lo, hi, c, &[], fixed_r, n, sink),
        }
    }
}

/// # Safety
/// AVX-512 F is present; every `c[i]` (and `radii` when `PER_BALL`) has at least `n` elements.
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
    let lov: [__m512; D] = core::array::from_fn(|i| _mm512_set1_ps(lo[i]));
    let hiv: [__m512; D] = core::array::from_fn(|i| _mm512_set1_ps(hi[i]));
    let rr_fixed = _mm512_set1_ps(fixed_r * fixed_r);
    let all = [!0; LANES / W];
    let mut hits = 0usize;
    let mut start = 0;
    while start < n {
        let len = (n - start).min(LANES);
        let cb: [*const f32; D] = core::array::from_fn(|i| c[i].as_ptr().wrapping_add(start));
        let rb = radii.as_ptr().wrapping_add(start);
        // SAFETY: a full block reads lanes `start..start + 64 ≤ n`; the last one reads only the lanes
        // below `n` (masked). Every slice has at least `n` elements (`radii` only read when PER_BALL).
        let bits = unsafe {
            if len == LANES {
                block_one_box::<D, PER_BALL, false>(&lov, &hiv, cb, rb, rr_fixed, &all)
            } else {
                block_one_box::<D, PER_BALL, true>(&lov, &hiv, cb, rb, rr_fixed, &vector_masks(len))
            }
        };
        hits += bits.count_ones() as usize;
        sink.put(start / LANES, bits);
        start += LANES;
    }
    hits
}

/// One block of 64 pairs, reads as in [`block_one_box`].
///
/// # Safety
/// AVX-512 F is present; the lanes selected by `k` (all 64 when `MASKED` is false) are in bounds of
/// every array.
#[inline(always)]
unsafe fn block_pairs<const D: usize, const MASKED: bool>(
    c: [*const f32; D],
    r: *const f32,
    lo: [*const f32; D],
    hi: [*const f32; D],
    k: &[__mmask16; LANES / W],
) -> u64 {
    let mut bits = 0u64;
    for (v, &kv) in k.iter().enumerate() {
        if MASKED && kv == 0 {
            continue;
        }
        let o = W * v;
        // SAFETY: as in `block_one_box`: the selected lanes at offset `o` are readable and the
        // pointers stay within their arrays.
        let (d, rv) = unsafe {
            let ld = |p: *const f32| load::<MASKED>(p.add(o), kv);
            let mut d = _mm512_setzero_ps();
            for i in 0..D {
                let e = excess_sq(ld(c[i]), ld(lo[i]), ld(hi[i]));
                d = if i == 0 { e } else { _mm512_add_ps(d, e) };
            }
            (d, ld(r))
        };
        let le = _mm512_mask_cmp_ps_mask::<_CMP_LE_OQ>(kv, d, _mm512_mul_ps(rv, rv));
        bits |= (le as u64) << o;
    }
    bits
}

#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,popcnt")]
unsafe fn pairs<const D: usize, S: Sink>(p: &PairsRef<'_, D>, n: usize, sink: &mut S) -> usize {
    let all = [!0; LANES / W];
    let mut hits = 0usize;
    let mut start = 0;
    while start < n {
        let at = |s: &[f32]| s.as_ptr().wrapping_add(start);
        let len = (n - start).min(LANES);
        let c: [*const f32; D] = core::array::from_fn(|i| at(p.center[i]));
        let lo: [*const f32; D] = core::array::from_fn(|i| at(p.min[i]));
        let hi: [*const f32; D] = core::array::from_fn(|i| at(p.max[i]));
        let r = at(p.radius);
        // SAFETY: every array has at least `n` elements; full blocks read `start..start + 64 ≤ n`, the
        // last one only the lanes below `n`.
        let bits = unsafe {
            if len == LANES {
                block_pairs::<D, false>(c, r, lo, hi, &all)
            } else {
                block_pairs::<D, true>(c, r, lo, hi, &vector_masks(len))
            }
        };
        hits += bits.count_ones() as usize;
        sink.put(start / LANES, bits);
        start += LANES;
    }
    hits
}

/// The reader behind [`stream_read`](super::stream_read), AVX-512: blocks of 128 lanes, eight
/// 64-byte loads per stream per block, each XORed (`vpxord`, on two ports, as the loads) into one
/// of eight accumulators: nothing but the loads limits it. (Folding two loads per `vpternlogd` is
/// slower on arrays beyond the caches, so each load gets its own XOR.) The tail uses masked loads,
/// 16 lanes at a time.
///
/// # Safety
/// AVX-512 F is present; every `s[i]` has at least `n` elements.
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,popcnt")]
unsafe fn stream_read<const K: usize>(s: &[&[f32]; K], n: usize) -> u32 {
    const B: usize = 8 * W;
    let p: [*const f32; K] = core::array::from_fn(|i| s[i].as_ptr());
    let mut acc = [_mm512_setzero_si512(); B / W];
    let blocks = n / B;
    for b in 0..blocks {
        let at = b * B;
        for q in &p {
            for (j, a) in acc.iter_mut().enumerate() {
                // SAFETY: lanes at..at + 128 are below n, so every stream has them.
                *a = _mm512_xor_si512(*a, unsafe { _mm512_loadu_si512(q.add(at + W * j).cast()) });
            }
        }
    }
    let mut at = blocks * B;
    let mut v = 0;
    while at < n {
        let len = (n - at).min(W);
        let k: __mmask16 = if len == W { !0 } else { (1u16 << len) - 1 };
        for q in &p {
            // SAFETY: the lanes selected by k are below n; the others are not read.
            acc[v] = _mm512_xor_si512(acc[v], unsafe { _mm512_maskz_loadu_epi32(k, q.add(at).cast()) });
        }
        v += 1;
        at += len;
    }
    let mut x = acc[0];
    for a in &acc[1..] {
        x = _mm512_xor_si512(x, *a);
    }
    let mut lanes = [0u32; W];
    // SAFETY: `lanes` holds 16 u32.
    unsafe { _mm512_storeu_si512(lanes.as_mut_ptr().cast(), x) };
    lanes.iter().fold(0, |x, l| x ^ l)
}

/// The batched sweep's loop, compiled for AVX-512 (safe code: LLVM vectorises the 2D lanes).
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,popcnt")]
fn sweep_one_box<const D: usize>(
    aabb: &Aabb<D>,
    c: [&[f32]; D],
    r: &[f32],
    v: [&[f32]; D],
    toi: &mut [f32],
    n: usize,
) -> usize {
    sweep_one_box_body(aabb, c, r, v, toi, n)
}

#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,popcnt")]
fn contact_push<const D: usize, F: Real>(p: &PairsRef<'_, D>, out: ContactsMut<'_, D>, n: usize) -> usize {
    portable::contact_push_body::<D, F>(p, out, n)
}

/// The registry's pair loop with `A`'s test inlined, compiled for AVX-512.
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,popcnt")]
fn count_pairs<A: OverlapTest, const D: usize>(balls: &[Ball<D>], boxes: &[Aabb<D>]) -> usize {
    portable::count_pairs_body::<A, D>(balls, boxes)
}

safe_doors!(
    /// Proof that this CPU runs AVX-512 F/BW/DQ/VL (and AVX2, FMA, POPCNT): only [`Avx512::get`] makes
    /// one, and only when [`level`](super::level()) says so (detected at run time, or as detected at
    /// compile time without `std`; [`set_level`](super::set_level()) can only choose a level the CPU has).
    /// Its methods are the safe doors to the code above.
    Avx512,
    Level::Avx512,
    "AVX-512"
);

target_clone!(
    /// The batched world step's free-space lanes (safe code compiled for this level).
    Avx512,
    "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,popcnt",
    fn free_lanes(inp: &FreeIn<'_>, out: &mut FreeOut) = free_lanes_body
);
