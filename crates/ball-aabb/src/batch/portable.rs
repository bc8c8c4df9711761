//! The portable kernels: branch-free loops over blocks of 64 lanes that LLVM vectorises for the
//! compile-time target (SSE2, NEON, wasm simd128). The AVX2 entry points in `avx2.rs` inline the
//! bodies marked "shared" below under `#[target_feature]`, so both paths run the same arithmetic.

#![forbid(unsafe_code)]

use super::layout::{ContactsMut, PairsRef, LANES};
use crate::math::{fmax, fmin};
use crate::overlap::OverlapTest;
use crate::shape::{Aabb, Ball};

/// Packs 64 bytes that are each 0 or 1 into a word, byte `i` → bit `i`.
///
/// The multiply gathers the eight low bits of a little-endian word into its top byte: byte `i` (bit
/// `8i`) times the term `2^(7j+7)` with `i + j = 7` lands on bit `56 + i`; every other product lands
/// below bit 56 or above bit 63, and no two land on the same bit, so nothing carries.
#[inline(always)]
pub(super) fn pack64(h: &[u8; LANES]) -> u64 {
    let mut m = 0u64;
    for k in 0..8 {
        let mut b = [0u8; 8];
        b.copy_from_slice(&h[8 * k..8 * k + 8]);
        let w = u64::from_le_bytes(b);
        m |= (w.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    m
}

/// Squared distance from `c` to `[lo, hi]` along one axis, as the registry's `clamp` computes it.
#[inline(always)]
fn axis_excess_sq(c: f32, lo: f32, hi: f32) -> f32 {
    let e = c - fmin(fmax(c, lo), hi);
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
pub(super) fn tail_bits(len: usize) -> u64 {
    if len >= LANES {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

/// Where the block results go: a mask word, or only a running count.
pub(super) trait Sink {
    fn put(&mut self, word_index: usize, bits: u64);
}

pub(super) struct MaskSink<'a>(pub(super) &'a mut [u64]);
impl Sink for MaskSink<'_> {
    #[inline(always)]
    fn put(&mut self, word_index: usize, bits: u64) {
        self.0[word_index] = bits;
    }
}

pub(super) struct CountSink;
impl Sink for CountSink {
    #[inline(always)]
    fn put(&mut self, _: usize, _: u64) {}
}

/// The portable body of the one-box kernel (shared: the AVX2 path has its own intrinsics form).
#[inline(always)]
pub(super) fn one_box_body<const D: usize, S: Sink>(
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
        let cb: [&[f32; LANES]; D] = core::array::from_fn(|i| lanes(c[i], start));
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
        let cp: [[f32; LANES]; D] = core::array::from_fn(|i| padded(c[i], start, n));
        let cb: [&[f32; LANES]; D] = core::array::from_fn(|i| &cp[i]);
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
pub(super) fn pairs_body<const D: usize, S: Sink>(p: &PairsRef<'_, D>, n: usize, sink: &mut S) -> usize {
    let mut hits = 0usize;
    let full = n / LANES * LANES;
    let mut start = 0;
    while start < full {
        let cb: [&[f32; LANES]; D] = core::array::from_fn(|i| lanes(p.center[i], start));
        let lb: [&[f32; LANES]; D] = core::array::from_fn(|i| lanes(p.min[i], start));
        let hb: [&[f32; LANES]; D] = core::array::from_fn(|i| lanes(p.max[i], start));
        let bits = block_pairs(cb, lanes(p.radius, start), lb, hb);
        hits += bits.count_ones() as usize;
        sink.put(start / LANES, bits);
        start += LANES;
    }
    if start < n {
        let cp: [[f32; LANES]; D] = core::array::from_fn(|i| padded(p.center[i], start, n));
        let lp: [[f32; LANES]; D] = core::array::from_fn(|i| padded(p.min[i], start, n));
        let hp: [[f32; LANES]; D] = core::array::from_fn(|i| padded(p.max[i], start, n));
        let rp = padded(p.radius, start, n);
        let bits = block_pairs::<D>(
            core::array::from_fn(|i| &cp[i]),
            &rp,
            core::array::from_fn(|i| &lp[i]),
            core::array::from_fn(|i| &hp[i]),
        ) & tail_bits(n - start);
        hits += bits.count_ones() as usize;
        sink.put(start / LANES, bits);
    }
    hits
}

/// Lanes of the portable reader's block: 64 independent accumulators (sixteen SSE or eight AVX2
/// registers' worth).
const READ_BLOCK: usize = 64;

/// The memory reader behind [`stream_read`](super::stream_read): per block of 64 lanes, each
/// stream's lanes XORed into 64 accumulators (what LLVM vectorises into wide loads and XORs); the
/// tail one lane at a time.
#[inline(always)]
pub(super) fn stream_read_body<const K: usize>(s: &[&[f32]; K], n: usize) -> u32 {
    let mut acc = [0u32; READ_BLOCK];
    let blocks = n / READ_BLOCK;
    for b in 0..blocks {
        let at = b * READ_BLOCK;
        for x in s {
            let x = &x[at..at + READ_BLOCK];
            for k in 0..READ_BLOCK {
                acc[k] ^= x[k].to_bits();
            }
        }
    }
    tail_xor(s, blocks * READ_BLOCK, n) ^ acc.iter().fold(0, |x, a| x ^ a)
}

/// The XOR of the bit patterns of lanes `from..n` of every stream.
#[inline(always)]
pub(super) fn tail_xor<const K: usize>(s: &[&[f32]; K], from: usize, n: usize) -> u32 {
    s.iter().flat_map(|x| &x[from..n]).fold(0, |x, v| x ^ v.to_bits())
}

#[inline(always)]
pub(super) fn contact_push_body<const D: usize, F: crate::response::Real>(
    p: &PairsRef<'_, D>,
    out: ContactsMut<'_, D>,
    n: usize,
) -> usize {
    let c: [&[f32]; D] = core::array::from_fn(|i| &p.center[i][..n]);
    let lo: [&[f32]; D] = core::array::from_fn(|i| &p.min[i][..n]);
    let hi: [&[f32]; D] = core::array::from_fn(|i| &p.max[i][..n]);
    let r = &p.radius[..n];
    let (distance, penetration, state) = (&mut out.distance[..n], &mut out.penetration[..n], &mut out.state[..n]);
    let mut push = out.push;
    let mut hits = 0;
    for j in 0..n {
        let parts = crate::response::contact_response_parts::<D, F>(
            core::array::from_fn(|i| c[i][j]),
            r[j],
            core::array::from_fn(|i| lo[i][j]),
            core::array::from_fn(|i| hi[i][j]),
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

/// The registry's pair loop ([`count_pairs`](super::count_pairs)), shared by the portable, AVX2 and
/// AVX-512 forms.
#[inline(always)]
pub(super) fn count_pairs_body<A: OverlapTest, const D: usize>(balls: &[Ball<D>], boxes: &[Aabb<D>]) -> usize {
    balls.iter().zip(boxes).map(|(b, a)| A::overlap(b, a) as usize).sum()
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
