//! Batched overlap tests over structure-of-arrays data: the engine behind the agreement map and
//! anything else that tests many positions at once.
//!
//! Three shapes of work:
//! - **one box, many balls** ([`overlap_mask_one_box`], [`overlap_mask_one_box_fixed`], [`grid_mask_2d`]):
//!   the box is loaded once, the balls stream through;
//! - **many pairs** ([`overlap_mask_pairs`]): pair `i` is ball `i` against box `i`, every field in its own array;
//! - **contact and push-out for many pairs** ([`contact_push_pairs`]): what [`contact`](super::contact()) and
//!   [`response`](super::response()) give, bit for bit, for a whole array of pairs;
//! - **many balls swept against one box** ([`sweep_one_box`]): each one's time of impact, as
//!   [`sweep`](super::sweep()) gives it, bit for bit.
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
//! `-C target-cpu=native`. When the CPU also has AVX-512 F/BW/DQ/VL, the overlap kernels use AVX-512
//! intrinsics instead (16 lanes per instruction, the compare writing its 16 mask bits directly, masked
//! loads for the last block) and the contact kernel an AVX-512 clone. Every path gives the same bits.
//!
//! With the `parallel` feature, the `par_*` forms split large arrays across rayon's thread pool
//! (above `PAR_THRESHOLD` lanes, in chunks of `PAR_CHUNK`; below it they are the single-thread kernels).
//!
//! # Input
//! Plain `f32` slices (glam's SIMD types are off in this build: macroquad turns on `scalar-math`).
//! The values are assumed valid, as the checked constructors of [`Ball`](crate::Ball) and
//! [`Aabb`] guarantee: finite, `r ≥ 0`. With mismatched lengths the shortest slice wins,
//! and the work stops where the mask runs out of words; nothing panics.
//!
//! ```
//! use ball_aabb::batch::{mask_bit, mask_words, overlap_mask_one_box_fixed};
//! use ball_aabb::Rect;
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
//!
//! # Files
//! - this one: the public kernels, the code-path choice ([`level`]) and the dispatch;
//! - `layout.rs`: the structure-of-arrays views ([`PairsRef`], [`PairsSoa`], [`ContactsMut`]);
//! - `portable.rs`: the branch-free loops in plain Rust, blocks of 64 lanes (safe code only);
//! - `sweep.rs`: the batched sweep's loop (safe code; the clones below compile it for AVX2/AVX-512);
//! - `avx2.rs`: the AVX2 intrinsics and `#[target_feature]` clones;
//! - `avx512.rs`: the same for AVX-512 — with `avx2.rs`, the only `unsafe` code of the crate;
//! - `parallel.rs` (feature `parallel`): the `par_*` forms, chunks of the kernels above on rayon's pool.

#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
pub(crate) mod avx2;
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
pub(crate) mod avx512;
mod layout;
#[cfg(feature = "parallel")]
mod parallel;
mod portable;
mod sweep;

#[cfg(feature = "parallel")]
pub use parallel::{
    par_contact_push_pairs, par_contact_push_pairs_f32, par_count_one_box, par_count_pairs_soa,
    par_overlap_mask_one_box, par_overlap_mask_one_box_fixed, par_overlap_mask_pairs, par_stream_read,
    par_sweep_one_box, PAR_CHUNK, PAR_THRESHOLD,
};

pub use layout::{ContactsMut, PairsRef, PairsSoa};
use portable::{CountSink, MaskSink, Sink};

use super::Aabb;
use alloc::{vec, vec::Vec};
use core::sync::atomic::{AtomicU8, Ordering};

/// Lanes per block: one mask word.
pub(crate) const LANES: usize = 64;

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
    /// The AVX-512 (F, BW, DQ, VL) clones (x86-64 only), selected at run time.
    Avx512 = 3,
}

impl Level {
    /// A short name for reports.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Portable => "portable",
            Level::Avx2 => "avx2",
            Level::Avx512 => "avx512",
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
        3 => Level::Avx512,
        _ => {
            let l = detect();
            LEVEL.store(l as u8, Ordering::Relaxed);
            l
        }
    }
}

/// The code paths this CPU can run, best last (AVX-512 implies AVX2 here).
#[must_use]
pub fn available_levels() -> Vec<Level> {
    let mut v = vec![Level::Portable];
    if has_avx2() {
        v.push(Level::Avx2);
        if has_avx512() {
            v.push(Level::Avx512);
        }
    }
    v
}

/// The best code path this CPU can run.
fn detect() -> Level {
    if has_avx2() && has_avx512() {
        Level::Avx512
    } else if has_avx2() {
        Level::Avx2
    } else {
        Level::Portable
    }
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

/// With `std`: asks the CPU at run time (AVX2, FMA, POPCNT: what `avx2.rs` enables).
#[cfg(all(feature = "std", any(target_arch = "x86_64", target_arch = "x86")))]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("fma")
        && std::is_x86_feature_detected!("popcnt")
}

/// With `std`: AVX-512 F, BW, DQ and VL (what `avx512.rs` enables, besides AVX2's).
#[cfg(all(feature = "std", any(target_arch = "x86_64", target_arch = "x86")))]
fn has_avx512() -> bool {
    std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512dq")
        && std::is_x86_feature_detected!("avx512vl")
}

/// Without `std` there is no run-time detection: AVX2 only when the build targets it
/// (`-C target-cpu=...` or `-C target-feature=+avx2,+fma,+popcnt`).
#[cfg(all(not(feature = "std"), any(target_arch = "x86_64", target_arch = "x86")))]
fn has_avx2() -> bool {
    cfg!(all(target_feature = "avx2", target_feature = "fma", target_feature = "popcnt"))
}

/// Without `std`: AVX-512 only when the build targets it (`+avx512f,+avx512bw,+avx512dq,+avx512vl`).
#[cfg(all(not(feature = "std"), any(target_arch = "x86_64", target_arch = "x86")))]
fn has_avx512() -> bool {
    cfg!(all(
        target_feature = "avx512f",
        target_feature = "avx512bw",
        target_feature = "avx512dq",
        target_feature = "avx512vl"
    ))
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "x86")))]
fn has_avx2() -> bool {
    false
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "x86")))]
fn has_avx512() -> bool {
    false
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
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    if let Some(cpu) = avx512::Avx512::get() {
        return cpu.one_box(&lo, &hi, c, radii, fixed_r, n, sink);
    }
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    if let Some(cpu) = avx2::Avx2::get() {
        return cpu.one_box(&lo, &hi, c, radii, fixed_r, n, sink);
    }
    portable::one_box_body(&lo, &hi, c, radii, fixed_r, n, sink)
}

pub(crate) fn common_len<const D: usize>(c: &[&[f32]; D], extra: Option<&[f32]>) -> usize {
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
/// use ball_aabb::batch::{grid_mask_2d, mask_bit, mask_words};
/// use ball_aabb::Rect;
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

#[inline]
fn pairs_dispatch<const D: usize, S: Sink>(p: &PairsRef<'_, D>, n: usize, sink: &mut S) -> usize {
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    if let Some(cpu) = avx512::Avx512::get() {
        return cpu.pairs(p, n, sink);
    }
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    if let Some(cpu) = avx2::Avx2::get() {
        return cpu.pairs(p, n, sink);
    }
    portable::pairs_body(p, n, sink)
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

/// The memory-read ceiling of the batched kernels: the first `n` lanes of `K` streams (`n` the
/// shortest length) read the fastest way this crate knows, with the same run-time code path as the
/// kernels (AVX-512: 64-byte loads, two per cycle; AVX2: 32-byte loads; portable: what LLVM
/// vectorises), the streams read block by block together, as the kernels read their arrays. Each
/// loaded vector is XORed into one of several independent accumulators — the cheapest operation
/// that still needs every byte (one `vpxord` per load on AVX-512), so nothing but the loads limits
/// it. Give it the arrays a kernel reads (one box: the centres and radii; pairs: every field)
/// and it reads the same bytes, from the same addresses, with nothing else to do: a kernel can
/// approach its speed, not beat it.
///
/// Returns the XOR of the bit patterns of every lane read (a checksum: exact, and the same on every
/// code path, whatever the grouping).
///
/// ```
/// use ball_aabb::batch::stream_read;
/// let x = vec![1.5f32; 1001];
/// let r = vec![2.0f32; 1001];
/// // 1001 copies of each: an odd number, so each pattern survives once.
/// assert_eq!(stream_read([&x[..], &r[..]]), 1.5f32.to_bits() ^ 2.0f32.to_bits());
/// assert_eq!(stream_read([&x[..1000], &r[..]]), 0); // 1000 copies of each cancel
/// ```
#[must_use]
pub fn stream_read<const K: usize>(streams: [&[f32]; K]) -> u32 {
    let n = if K == 0 { 0 } else { streams.iter().map(|s| s.len()).min().unwrap_or(0) };
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    if let Some(cpu) = avx512::Avx512::get() {
        return cpu.stream_read(&streams, n);
    }
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    if let Some(cpu) = avx2::Avx2::get() {
        return cpu.stream_read(&streams, n);
    }
    portable::stream_read_body(&streams, n)
}

/// Many balls swept against one box: ball `i` (centre `centers[·][i]`, radius `radii[i]`) moving by
/// `velocities[·][i]` in one step. Writes `toi[i]`, the time of impact in `[0, 1]` that
/// [`sweep`](super::sweep()) returns (0 when it already touches), bit for bit, or `+∞` when it does not reach
/// the box within the step (or the lane is not a valid ball and motion: a value not finite, a
/// negative radius). Returns the number of hits. The shortest slice decides the length.
///
/// 2D is vectorised (a straight-line form of the sweep, `f64` lanes; AVX-512 or AVX2 clone where
/// available); 3D runs the scalar sweep lane by lane.
///
/// ```
/// use ball_aabb::batch::sweep_one_box;
/// use ball_aabb::Rect;
/// let wall = Rect::new([10.0, -5.0], [11.0, 5.0]).unwrap();
/// let (xs, ys, rs) = ([0.0, 0.0, 10.5], [0.0, 9.0, 0.0], [1.0, 1.0, 1.0]);
/// let (vx, vy) = ([20.0, 20.0, 1.0], [0.0, 0.0, 0.0]);
/// let mut toi = [0.0; 3];
/// assert_eq!(sweep_one_box(&wall, [&xs, &ys], &rs, [&vx, &vy], &mut toi), 2);
/// assert_eq!(toi, [0.45, f32::INFINITY, 0.0]); // hits at x = 9; passes above; starts inside
/// ```
pub fn sweep_one_box<const D: usize>(
    aabb: &Aabb<D>,
    centers: [&[f32]; D],
    radii: &[f32],
    velocities: [&[f32]; D],
    toi: &mut [f32],
) -> usize {
    let n = common_len(&centers, Some(radii)).min(common_len(&velocities, Some(toi)));
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    if let Some(cpu) = avx512::Avx512::get() {
        return cpu.sweep_one_box(aabb, centers, radii, velocities, toi, n);
    }
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    if let Some(cpu) = avx2::Avx2::get() {
        return cpu.sweep_one_box(aabb, centers, radii, velocities, toi, n);
    }
    sweep::sweep_one_box_body(aabb, centers, radii, velocities, toi, n)
}

/// Contact and push-out for many pairs at once: for pair `i`, the distance, penetration, push and
/// state that [`contact`](super::contact()) and [`response`](super::response()) return, bit for bit
/// (the same `f64` arithmetic, branch-free so that LLVM vectorises it: AVX-512 or AVX2 clone where
/// available).
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
fn contact_push_dispatch<const D: usize, F: crate::response::Real>(
    pairs: PairsRef<'_, D>,
    out: ContactsMut<'_, D>,
) -> usize {
    let n = out
        .push
        .iter()
        .fold(pairs.len().min(out.distance.len()).min(out.penetration.len()).min(out.state.len()), |n, p| {
            n.min(p.len())
        });
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    if let Some(cpu) = avx512::Avx512::get() {
        return cpu.contact_push::<D, F>(&pairs, out, n);
    }
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    if let Some(cpu) = avx2::Avx2::get() {
        return cpu.contact_push::<D, F>(&pairs, out, n);
    }
    portable::contact_push_body::<D, F>(&pairs, out, n)
}
