//! Batched overlap tests over structure-of-arrays data: the engine behind the agreement map and
//! anything else that tests many positions at once.
//!
//! Three shapes of work:
//! - **one box, many balls** ([`overlap_mask_one_box`], [`overlap_mask_one_box_fixed`], [`grid_mask_2d`]):
//!   the box is loaded once, the balls stream through;
//! - **many pairs** ([`overlap_mask_pairs`]): pair `i` is ball `i` against box `i`, every field in its own array;
//! - **contact and push-out for many pairs** ([`contact_push_pairs`]): what [`contact`](super::contact()) and
//!   [`response`](super::response()) give, bit for bit, for a whole array of pairs.
//!
//! The overlap kernels write a bitmask (bit `i % 64` of word `i / 64` is pair `i`; bits past the end
//! are 0) and return the number of overlaps; the `count_*` forms return only the count.
//!
//! # The test
//! Per lane, branch-free: `e = c − clamp(c, min, max)` per axis, `d = Σ e²` (axis order x, y, z, starting
//! from 0), overlap ⇔ `d ≤ r²`. That is exactly the arithmetic of the registry's `clamp` (and `arvo`), so
//! every bit agrees with them on any valid input, not just on nice numbers. Multiplications and additions
//! are kept separate (no fused multiply-add) for that reason.
//!
//! # Speed
//! No data-dependent branch anywhere. The portable code works on blocks of 64 lanes that LLVM
//! vectorises for whatever the compile-time target offers (SSE2 on a default x86-64 build, simd128 on
//! wasm when enabled, NEON). On x86-64 the CPU is probed once (`is_x86_feature_detected!`; [`set_level`]
//! can override it) and, when it has AVX2 + FMA + POPCNT, the overlap kernels switch to hand-written
//! AVX2 intrinsics (8 lanes per instruction, one `vmovmskps` per 8 mask bits) and the contact kernel
//! to an AVX2 clone of the portable loop (`#[target_feature]`, 4 `f64` lanes), all without
//! `-C target-cpu=native`. AVX-512 would double the lanes on CPUs that have it, but its intrinsics and
//! target features need Rust 1.89, above this crate's `rust-version`.
//!
//! # Input
//! Plain `f32` slices (glam's SIMD types are off in this build: macroquad turns on `scalar-math`).
//! The values are assumed valid, as the checked constructors of [`Ball`](super::Ball) and
//! [`Aabb`](super::Aabb) guarantee: finite, `r ≥ 0`. With mismatched lengths the shortest slice wins,
//! and the work stops where the mask runs out of words; nothing panics.
//!
//! ```
//! use circle_aabb_lab::geom::batch::{mask_bit, mask_words, overlap_mask_one_box_fixed};
//! use circle_aabb_lab::geom::Rect;
//! let b = Rect::new([0.0, 0.0], [4.0, 2.0]).unwrap();
//! let xs = [5.0, 6.0, 2.0, -1.0];
//! let ys = [1.0, 1.0, 1.0, -1.0];
//! let mut mask = vec![0; mask_words(xs.len())];
//! let hits = overlap_mask_one_box_fixed(&b, 1.0, [&xs, &ys], &mut mask);
//! assert_eq!(hits, 2);
//! assert!(mask_bit(&mask, 0));  // touching at x = 4 + 1
//! assert!(!mask_bit(&mask, 1)); // 2 away
//! assert!(mask_bit(&mask, 2));  // inside
//! assert!(!mask_bit(&mask, 3)); // corner (0, 0) is √2 away
//! ```

use super::Aabb;
use std::sync::atomic::{AtomicU8, Ordering};

/// Lanes per block: one mask word.
const LANES: usize = 64;

/// Number of `u64` mask words needed for `n` lanes.
#[must_use]
pub const fn mask_words(n: usize) -> usize {
    n.div_ceil(LANES)
}

/// Bit `i` of a mask (false past its end).
#[must_use]
pub fn mask_bit(mask: &[u64], i: usize) -> bool {
    mask.get(i / LANES).is_some_and(|w| w >> (i % LANES) & 1 == 1)
}

/// Which code path the batched kernels use on this machine, chosen once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Level {
    /// The portable loops (whatever the compile-time target offers).
    Portable = 1,
    /// The AVX2 + FMA clones (x86-64 only), selected at run time.
    Avx2 = 2,
}

impl Level {
    /// A short name for reports.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Portable => "portable",
            Level::Avx2 => "avx2",
        }
    }
}

static LEVEL: AtomicU8 = AtomicU8::new(0);

/// The code path in use: the best this CPU has, detected on first call (or as set by [`set_level`]).
#[must_use]
pub fn level() -> Level {
    match LEVEL.load(Ordering::Relaxed) {
        1 => Level::Portable,
        2 => Level::Avx2,
        _ => {
            let l = detect();
            LEVEL.store(l as u8, Ordering::Relaxed);
            l
        }
    }
}

/// The code paths this CPU can run, best last.
#[must_use]
pub fn available_levels() -> Vec<Level> {
    let mut v = vec![Level::Portable];
    if detect() == Level::Avx2 {
        v.push(Level::Avx2);
    }
    v
}

/// Chooses the code path (to compare them, or to test both); returns `false`, changing nothing, when
/// the CPU cannot run it. Both paths give the same bits; only the speed differs.
pub fn set_level(level: Level) -> bool {
    if !available_levels().contains(&level) {
        return false;
    }
    LEVEL.store(level as u8, Ordering::Relaxed);
    true
}

#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
fn detect() -> Level {
    if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") && is_x86_feature_detected!("popcnt") {
        Level::Avx2
    } else {
        Level::Portable
    }
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "x86")))]
fn detect() -> Level {
    Level::Portable
}

/// Packs 64 bytes that are each 0 or 1 into a word, byte `i` → bit `i`.
///
/// The multiply gathers the eight low bits of a little-endian word into its top byte: byte `i` (bit
/// `8i`) times the term `2^(7j+7)` with `i + j = 7` lands on bit `56 + i`; every other product lands
/// below bit 56 or above bit 63, and no two land on the same bit, so nothing carries.
#[inline(always)]
fn pack64(h: &[u8; LANES]) -> u64 {
    let mut m = 0u64;
    for k in 0..8 {
        let mut b = [0u8; 8];
        b.copy_from_slice(&h[8 * k..8 * k + 8]);
        let w = u64::from_le_bytes(b);
        m |= (w.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    m
}

/// `max(a, b)` and `min(a, b)` as compare-and-select (one instruction per lane); inputs are never NaN.
#[inline(always)]
fn sel_max(a: f32, b: f32) -> f32 {
    if a > b {
        a
    } else {
        b
    }
}

#[inline(always)]
fn sel_min(a: f32, b: f32) -> f32 {
    if a < b {
        a
    } else {
        b
    }
}

/// Squared distance from `c` to `[lo, hi]` along one axis, as the registry's `clamp` computes it.
#[inline(always)]
fn axis_excess_sq(c: f32, lo: f32, hi: f32) -> f32 {
    let e = c - sel_min(sel_max(c, lo), hi);
    e * e
}

/// One block of 64 lanes: one box against 64 centres, radius from `radius(j)`.
#[inline(always)]
fn block_one_box<const D: usize>(
    lo: &[f32; D],
    hi: &[f32; D],
    c: [&[f32; LANES]; D],
    radius: impl Fn(usize) -> f32,
) -> u64 {
    let mut h = [0u8; LANES];
    for j in 0..LANES {
        let mut d = 0.0;
        for i in 0..D {
            d += axis_excess_sq(c[i][j], lo[i], hi[i]);
        }
        let r = radius(j);
        h[j] = (d <= r * r) as u8;
    }
    pack64(&h)
}

/// One block of 64 pairs.
#[inline(always)]
fn block_pairs<const D: usize>(
    c: [&[f32; LANES]; D],
    r: &[f32; LANES],
    lo: [&[f32; LANES]; D],
    hi: [&[f32; LANES]; D],
) -> u64 {
    let mut h = [0u8; LANES];
    for j in 0..LANES {
        let mut d = 0.0;
        for i in 0..D {
            d += axis_excess_sq(c[i][j], lo[i][j], hi[i][j]);
        }
        h[j] = (d <= r[j] * r[j]) as u8;
    }
    pack64(&h)
}

/// `&s[start..start + 64]` as an array (the caller guarantees the range).
#[inline(always)]
fn lanes(s: &[f32], start: usize) -> &[f32; LANES] {
    s[start..start + LANES].try_into().expect("block in range")
}

/// Copies up to 64 values from `start` into a zero-padded block (the tail).
#[inline(always)]
fn padded(s: &[f32], start: usize, n: usize) -> [f32; LANES] {
    let mut b = [0.0; LANES];
    b[..n - start].copy_from_slice(&s[start..n]);
    b
}

/// Mask of the lanes below `n - start` in the last block.
#[inline(always)]
fn tail_bits(len: usize) -> u64 {
    if len >= LANES {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

/// Where the block results go: a mask word, or only a running count.
trait Sink {
    fn put(&mut self, word_index: usize, bits: u64);
}

struct MaskSink<'a>(&'a mut [u64]);
impl Sink for MaskSink<'_> {
    #[inline(always)]
    fn put(&mut self, word_index: usize, bits: u64) {
        self.0[word_index] = bits;
    }
}

struct CountSink;
impl Sink for CountSink {
    #[inline(always)]
    fn put(&mut self, _: usize, _: u64) {}
}

/// The portable body of the one-box kernel; the AVX2 clone inlines this same code.
#[inline(always)]
fn one_box_body<const D: usize, S: Sink>(
    lo: &[f32; D],
    hi: &[f32; D],
    c: [&[f32]; D],
    radii: Option<&[f32]>,
    fixed_r: f32,
    n: usize,
    sink: &mut S,
) -> usize {
    let mut hits = 0usize;
    let full = n / LANES * LANES;
    let mut start = 0;
    while start < full {
        let cb: [&[f32; LANES]; D] = std::array::from_fn(|i| lanes(c[i], start));
        let bits = match radii {
            Some(r) => {
                let rb = lanes(r, start);
                block_one_box(lo, hi, cb, |j| rb[j])
            }
            None => block_one_box(lo, hi, cb, |_| fixed_r),
        };
        hits += bits.count_ones() as usize;
        sink.put(start / LANES, bits);
        start += LANES;
    }
    if start < n {
        let cp: [[f32; LANES]; D] = std::array::from_fn(|i| padded(c[i], start, n));
        let cb: [&[f32; LANES]; D] = std::array::from_fn(|i| &cp[i]);
        let bits = match radii {
            Some(r) => {
                let rb = padded(r, start, n);
                block_one_box(lo, hi, cb, |j| rb[j])
            }
            None => block_one_box(lo, hi, cb, |_| fixed_r),
        } & tail_bits(n - start);
        hits += bits.count_ones() as usize;
        sink.put(start / LANES, bits);
    }
    hits
}

#[inline(always)]
fn pairs_body<const D: usize, S: Sink>(p: &PairsRef<'_, D>, n: usize, sink: &mut S) -> usize {
    let mut hits = 0usize;
    let full = n / LANES * LANES;
    let mut start = 0;
    while start < full {
        let cb: [&[f32; LANES]; D] = std::array::from_fn(|i| lanes(p.center[i], start));
        let lb: [&[f32; LANES]; D] = std::array::from_fn(|i| lanes(p.min[i], start));
        let hb: [&[f32; LANES]; D] = std::array::from_fn(|i| lanes(p.max[i], start));
        let bits = block_pairs(cb, lanes(p.radius, start), lb, hb);
        hits += bits.count_ones() as usize;
        sink.put(start / LANES, bits);
        start += LANES;
    }
    if start < n {
        let cp: [[f32; LANES]; D] = std::array::from_fn(|i| padded(p.center[i], start, n));
        let lp: [[f32; LANES]; D] = std::array::from_fn(|i| padded(p.min[i], start, n));
        let hp: [[f32; LANES]; D] = std::array::from_fn(|i| padded(p.max[i], start, n));
        let rp = padded(p.radius, start, n);
        let bits = block_pairs::<D>(
            std::array::from_fn(|i| &cp[i]),
            &rp,
            std::array::from_fn(|i| &lp[i]),
            std::array::from_fn(|i| &hp[i]),
        ) & tail_bits(n - start);
        hits += bits.count_ones() as usize;
        sink.put(start / LANES, bits);
    }
    hits
}

/// The AVX2 path: the same arithmetic, lane for lane, written with intrinsics so that each group of 8
/// lanes ends in one `vmovmskps` (8 mask bits) instead of a byte-packing detour. The helpers are
/// `#[inline(always)]` without features of their own, so they are compiled inside the AVX2 entry points. `maxps(a, b)` is
/// `a > b ? a : b` and `minps(a, b)` is `a < b ? a : b`, exactly the compare-and-select of the portable
/// code, and the sum starts from the first square as `0 + e²` does, so the bits are the same.
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
mod avx2 {
    use super::{PairsRef, Sink, LANES};
    #[cfg(target_arch = "x86")]
    use std::arch::x86::*;
    #[cfg(target_arch = "x86_64")]
    use std::arch::x86_64::*;

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
    pub(super) unsafe fn one_box<const D: usize, S: Sink>(
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
        let mut cp = [std::ptr::null::<f32>(); D];
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
            let bits = block_one_box::<D, PER_BALL>(&lov, &hiv, cb, rpad.as_ptr(), rr_fixed) & super::tail_bits(len);
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
                let e = excess_sq(
                    _mm256_loadu_ps(c[i].add(o)),
                    _mm256_loadu_ps(lo[i].add(o)),
                    _mm256_loadu_ps(hi[i].add(o)),
                );
                d = _mm256_add_ps(d, e);
            }
            let rv = _mm256_loadu_ps(r.add(o));
            let le = _mm256_cmp_ps::<_CMP_LE_OQ>(d, _mm256_mul_ps(rv, rv));
            bits |= (_mm256_movemask_ps(le) as u32 as u64) << o;
        }
        bits
    }

    #[target_feature(enable = "avx2,fma,popcnt")]
    pub(super) unsafe fn pairs<const D: usize, S: Sink>(p: &PairsRef<'_, D>, n: usize, sink: &mut S) -> usize {
        let mut hits = 0usize;
        let full = n / LANES * LANES;
        let mut start = 0;
        let at = |s: &[f32], start: usize| s.as_ptr().add(start);
        while start < full {
            let mut c = [std::ptr::null::<f32>(); D];
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
            let mut c = [std::ptr::null::<f32>(); D];
            let mut lo = c;
            let mut hi = c;
            for i in 0..D {
                c[i] = pad[0][i].as_ptr();
                lo[i] = pad[1][i].as_ptr();
                hi[i] = pad[2][i].as_ptr();
            }
            let bits = block_pairs(c, rpad.as_ptr(), lo, hi) & super::tail_bits(len);
            hits += bits.count_ones() as usize;
            sink.put(start / LANES, bits);
        }
        hits
    }

    #[target_feature(enable = "avx2,fma,popcnt")]
    pub(super) unsafe fn stream_sum(data: &[f32]) -> f32 {
        super::stream_sum_body(data)
    }
}

#[inline]
fn one_box_dispatch<const D: usize, S: Sink>(
    aabb: &Aabb<D>,
    c: [&[f32]; D],
    radii: Option<&[f32]>,
    fixed_r: f32,
    n: usize,
    sink: &mut S,
) -> usize {
    let (lo, hi) = (aabb.min(), aabb.max());
    match level() {
        #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
        // SAFETY: `level()` returns Avx2 only when the CPU reports AVX2, FMA and POPCNT.
        Level::Avx2 => unsafe { avx2::one_box(&lo, &hi, c, radii, fixed_r, n, sink) },
        _ => one_box_body(&lo, &hi, c, radii, fixed_r, n, sink),
    }
}

fn common_len<const D: usize>(c: &[&[f32]; D], extra: Option<&[f32]>) -> usize {
    let mut n = extra.map_or(usize::MAX, |r| r.len());
    for s in c {
        n = n.min(s.len());
    }
    if D == 0 {
        0
    } else {
        n
    }
}

/// One box against many balls with their own radii: `centers[axis][i]`, `radii[i]`. Writes the mask
/// and returns the number of overlaps. Touching counts.
pub fn overlap_mask_one_box<const D: usize>(
    aabb: &Aabb<D>,
    centers: [&[f32]; D],
    radii: &[f32],
    mask: &mut [u64],
) -> usize {
    let n = common_len(&centers, Some(radii)).min(mask.len() * LANES);
    one_box_dispatch(aabb, centers, Some(radii), 0.0, n, &mut MaskSink(mask))
}

/// One box against many balls of the same radius `r ≥ 0` (a field of candidate positions, as in the
/// agreement map). Writes the mask and returns the number of overlaps.
pub fn overlap_mask_one_box_fixed<const D: usize>(
    aabb: &Aabb<D>,
    r: f32,
    centers: [&[f32]; D],
    mask: &mut [u64],
) -> usize {
    let n = common_len(&centers, None).min(mask.len() * LANES);
    one_box_dispatch(aabb, centers, None, r, n, &mut MaskSink(mask))
}

/// The number of overlaps of one box against many balls with their own radii (no mask).
#[must_use]
pub fn count_one_box<const D: usize>(aabb: &Aabb<D>, centers: [&[f32]; D], radii: &[f32]) -> usize {
    let n = common_len(&centers, Some(radii));
    one_box_dispatch(aabb, centers, Some(radii), 0.0, n, &mut CountSink)
}

/// A grid of circle centres against one rectangle, all of radius `r`: row `y` of the grid is the
/// centres `(xs[k], ys[row])`. The mask is row-major and every row starts on a new word:
/// bit `k` of row `row` is [`mask_bit`]`(mask, row * 64 * mask_words(xs.len()) + k)`.
/// Rows that do not fit in `mask` are skipped. Returns the number of overlaps.
///
/// ```
/// use circle_aabb_lab::geom::batch::{grid_mask_2d, mask_bit, mask_words};
/// use circle_aabb_lab::geom::Rect;
/// let b = Rect::new([0.0, 0.0], [1.0, 1.0]).unwrap();
/// let xs = [-2.0, 0.5, 3.0];
/// let ys = [0.5, 5.0];
/// let per_row = mask_words(xs.len());
/// let mut mask = vec![0; ys.len() * per_row];
/// assert_eq!(grid_mask_2d(&b, 1.0, &xs, &ys, &mut mask), 1);
/// assert!(mask_bit(&mask, 1)); // (0.5, 0.5) is inside
/// assert!(!mask_bit(&mask, 64 * per_row + 1)); // (0.5, 5.0) is 4 above the box
/// ```
pub fn grid_mask_2d(aabb: &Aabb<2>, r: f32, xs: &[f32], ys: &[f32], mask: &mut [u64]) -> usize {
    let per_row = mask_words(xs.len());
    if per_row == 0 {
        return 0;
    }
    let mut row_y = vec![0.0f32; xs.len()];
    let mut hits = 0;
    for (row, words) in ys.iter().zip(mask.chunks_exact_mut(per_row)) {
        row_y.fill(*row);
        hits += overlap_mask_one_box_fixed(aabb, r, [xs, &row_y], words);
    }
    hits
}

/// Many ball/box pairs as borrowed structure-of-arrays: pair `i` is ball `(center[..][i], radius[i])`
/// against box `[min[..][i], max[..][i]]`.
#[derive(Clone, Copy, Debug)]
pub struct PairsRef<'a, const D: usize> {
    pub center: [&'a [f32]; D],
    pub radius: &'a [f32],
    pub min: [&'a [f32]; D],
    pub max: [&'a [f32]; D],
}

impl<const D: usize> PairsRef<'_, D> {
    /// The number of complete pairs (the shortest array wins).
    #[must_use]
    pub fn len(&self) -> usize {
        let mut n = common_len(&self.center, Some(self.radius));
        n = n.min(common_len(&self.min, None)).min(common_len(&self.max, None));
        n
    }

    /// No complete pair?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Owned structure-of-arrays pairs, built from the checked shapes.
#[derive(Clone, Debug, PartialEq)]
pub struct PairsSoa<const D: usize> {
    pub center: [Vec<f32>; D],
    pub radius: Vec<f32>,
    pub min: [Vec<f32>; D],
    pub max: [Vec<f32>; D],
}

impl<const D: usize> Default for PairsSoa<D> {
    fn default() -> Self {
        PairsSoa {
            center: std::array::from_fn(|_| Vec::new()),
            radius: Vec::new(),
            min: std::array::from_fn(|_| Vec::new()),
            max: std::array::from_fn(|_| Vec::new()),
        }
    }
}

impl<const D: usize> PairsSoa<D> {
    /// Splits `balls[i]` vs `boxes[i]` into arrays (the shorter list wins).
    #[must_use]
    pub fn from_shapes(balls: &[super::Ball<D>], boxes: &[Aabb<D>]) -> Self {
        let n = balls.len().min(boxes.len());
        let mut p = PairsSoa {
            center: std::array::from_fn(|_| Vec::with_capacity(n)),
            radius: Vec::with_capacity(n),
            min: std::array::from_fn(|_| Vec::with_capacity(n)),
            max: std::array::from_fn(|_| Vec::with_capacity(n)),
        };
        for (b, a) in balls.iter().zip(boxes) {
            let (c, lo, hi) = (b.center(), a.min(), a.max());
            for i in 0..D {
                p.center[i].push(c[i]);
                p.min[i].push(lo[i]);
                p.max[i].push(hi[i]);
            }
            p.radius.push(b.radius());
        }
        p
    }

    /// Borrowed view for the kernels.
    #[must_use]
    pub fn as_ref(&self) -> PairsRef<'_, D> {
        PairsRef {
            center: std::array::from_fn(|i| self.center[i].as_slice()),
            radius: &self.radius,
            min: std::array::from_fn(|i| self.min[i].as_slice()),
            max: std::array::from_fn(|i| self.max[i].as_slice()),
        }
    }

    /// The number of pairs.
    #[must_use]
    pub fn len(&self) -> usize {
        self.radius.len()
    }

    /// No pairs?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.radius.is_empty()
    }
}

#[inline]
fn pairs_dispatch<const D: usize, S: Sink>(p: &PairsRef<'_, D>, n: usize, sink: &mut S) -> usize {
    match level() {
        #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
        // SAFETY: `level()` returns Avx2 only when the CPU reports AVX2, FMA and POPCNT.
        Level::Avx2 => unsafe { avx2::pairs(p, n, sink) },
        _ => pairs_body(p, n, sink),
    }
}

/// Pair `i` tested for every `i`: writes the mask and returns the number of overlaps.
pub fn overlap_mask_pairs<const D: usize>(pairs: PairsRef<'_, D>, mask: &mut [u64]) -> usize {
    let n = pairs.len().min(mask.len() * LANES);
    pairs_dispatch(&pairs, n, &mut MaskSink(mask))
}

/// The number of overlapping pairs (no mask).
#[must_use]
pub fn count_pairs_soa<const D: usize>(pairs: PairsRef<'_, D>) -> usize {
    let n = pairs.len();
    pairs_dispatch(&pairs, n, &mut CountSink)
}

/// Sixty-four independent accumulators (eight AVX2 registers), so the sum is not a chain of dependent
/// additions: it reads as fast as the memory delivers, even from L1/L2.
#[inline(always)]
fn stream_sum_body(data: &[f32]) -> f32 {
    const K: usize = 64;
    let mut acc = [0.0f32; K];
    let mut chunks = data.chunks_exact(K);
    for c in &mut chunks {
        for k in 0..K {
            acc[k] += c[k];
        }
    }
    let mut s = chunks.remainder().iter().sum::<f32>();
    for a in acc {
        s += a;
    }
    s
}

/// A plain streaming sum of `data`: the memory-bandwidth ceiling the batched kernels are measured
/// against (it reads every byte once and does almost nothing with it). Same code-path selection.
#[must_use]
pub fn stream_sum(data: &[f32]) -> f32 {
    match level() {
        #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
        // SAFETY: `level()` returns Avx2 only when the CPU reports AVX2, FMA and POPCNT.
        Level::Avx2 => unsafe { avx2::stream_sum(data) },
        _ => stream_sum_body(data),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack64_maps_byte_i_to_bit_i() {
        for i in 0..LANES {
            let mut h = [0u8; LANES];
            h[i] = 1;
            assert_eq!(pack64(&h), 1u64 << i, "byte {i}");
        }
        assert_eq!(pack64(&[1; LANES]), u64::MAX);
    }
}

/// Where [`contact_push_pairs`] writes, one slot per pair (the shortest slice wins).
#[derive(Debug)]
pub struct ContactsMut<'a, const D: usize> {
    /// Signed distance from the centre to the box, as [`Contact::distance`](super::Contact).
    pub distance: &'a mut [f32],
    /// As [`Contact::penetration`](super::Contact).
    pub penetration: &'a mut [f32],
    /// As [`Response::push`](super::Response), per axis.
    pub push: [&'a mut [f32]; D],
    /// 0 separated, 1 touching, 2 overlapping (as [`State`](super::State)).
    pub state: &'a mut [u8],
}

/// Contact and push-out for many pairs at once: for pair `i`, the distance, penetration, push and
/// state that [`contact`](super::contact()) and [`response`](super::response()) return, bit for bit
/// (the same `f64` arithmetic, branch-free so that LLVM vectorises it: AVX2 clone where available).
/// Returns the number of overlapping pairs (touching counts).
pub fn contact_push_pairs<const D: usize>(pairs: PairsRef<'_, D>, out: ContactsMut<'_, D>) -> usize {
    contact_push_dispatch::<D, f64>(pairs, out)
}

/// The fast path of [`contact_push_pairs`]: the same construction computed in `f32` (8 lanes per AVX2
/// instruction instead of 4).
///
/// # Behavior
/// The state (separated / touching / overlapping) equals [`contact`](super::contact())'s whenever the
/// squared distance is exact in `f32` (e.g. integer coordinates up to a few thousand, or multiples of
/// 1/16 in a similar range); distance, penetration and push agree with the `f64` path to within a few
/// `f32` ulps. Outside that range — huge or tiny coordinates, where squares overflow or underflow —
/// use [`contact_push_pairs`]. Never NaN: a centre whose offset underflows to zero takes the inside
/// construction, which is finite. Returns the number of overlapping pairs (touching counts).
pub fn contact_push_pairs_f32<const D: usize>(pairs: PairsRef<'_, D>, out: ContactsMut<'_, D>) -> usize {
    contact_push_dispatch::<D, f32>(pairs, out)
}

/// Both precisions: the shortest slice decides the length, then the code path chosen once at start.
fn contact_push_dispatch<const D: usize, F: super::response::Real>(
    pairs: PairsRef<'_, D>,
    out: ContactsMut<'_, D>,
) -> usize {
    let n = out
        .push
        .iter()
        .fold(pairs.len().min(out.distance.len()).min(out.penetration.len()).min(out.state.len()), |n, p| {
            n.min(p.len())
        });
    match level() {
        #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
        // SAFETY: `level()` returns Avx2 only when the CPU reports AVX2, FMA and POPCNT.
        Level::Avx2 => unsafe { contact_push_avx2::<D, F>(&pairs, out, n) },
        _ => contact_push_body::<D, F>(&pairs, out, n),
    }
}

#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
#[target_feature(enable = "avx2,fma,popcnt")]
unsafe fn contact_push_avx2<const D: usize, F: super::response::Real>(
    p: &PairsRef<'_, D>,
    out: ContactsMut<'_, D>,
    n: usize,
) -> usize {
    contact_push_body::<D, F>(p, out, n)
}

#[inline(always)]
fn contact_push_body<const D: usize, F: super::response::Real>(
    p: &PairsRef<'_, D>,
    out: ContactsMut<'_, D>,
    n: usize,
) -> usize {
    let c: [&[f32]; D] = std::array::from_fn(|i| &p.center[i][..n]);
    let lo: [&[f32]; D] = std::array::from_fn(|i| &p.min[i][..n]);
    let hi: [&[f32]; D] = std::array::from_fn(|i| &p.max[i][..n]);
    let r = &p.radius[..n];
    let (distance, penetration, state) = (&mut out.distance[..n], &mut out.penetration[..n], &mut out.state[..n]);
    let mut push = out.push;
    let mut hits = 0;
    for j in 0..n {
        let parts = super::response::contact_response_parts::<D, F>(
            std::array::from_fn(|i| c[i][j]),
            r[j],
            std::array::from_fn(|i| lo[i][j]),
            std::array::from_fn(|i| hi[i][j]),
        );
        distance[j] = parts.distance;
        penetration[j] = parts.penetration;
        for (axis, value) in push.iter_mut().zip(parts.push) {
            axis[j] = value;
        }
        let s = 2 * parts.overlapping as u8 + parts.touching as u8;
        state[j] = s;
        hits += (s != 0) as usize;
    }
    hits
}
