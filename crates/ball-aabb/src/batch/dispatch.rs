//! The public kernels. Each one works out how many lanes its slices share and hands them to the
//! code path in use ([`level`](super::level())) through [`by_level!`]: the AVX-512 clone, else the
//! AVX2 one, else the portable loop. Every path gives the same bits.

#![forbid(unsafe_code)]

#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
use super::avx2::Avx2;
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
use super::avx512::Avx512;
use super::layout::{common_len, mask_words, ContactsMut, PairsRef, LANES};
use super::portable::{self, count_pairs_body, CountSink, MaskSink, Sink};
use super::step::{free_lanes_body, FreeIn, FreeOut};
use super::sweep::sweep_one_box_body;
use crate::overlap::OverlapTest;
use crate::response::Real;
use crate::shape::{Aabb, Ball};
use alloc::vec;

/// Runs a kernel on the code path in use: `$simd` with `$cpu` bound to the AVX-512 token, else to
/// the AVX2 token (both have the same methods), else `$portable`. Written as the tail of a kernel:
/// a SIMD path returns from the enclosing function.
macro_rules! by_level {
    (|$cpu:ident| $simd:expr, else $portable:expr) => {{
        #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
        {
            if let Some($cpu) = Avx512::get() {
                return $simd;
            }
            if let Some($cpu) = Avx2::get() {
                return $simd;
            }
        }
        $portable
    }};
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
    by_level!(
        |cpu| cpu.one_box(&lo, &hi, c, radii, fixed_r, n, sink),
        else portable::one_box_body(&lo, &hi, c, radii, fixed_r, n, sink)
    )
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

/// One box against many balls of the same radius `r ≥ 0` (a field of candidate positions). Writes
/// the mask and returns the number of overlaps.
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
/// bit `k` of row `row` is [`mask_bit`](super::mask_bit)`(mask, row * 64 * mask_words(xs.len()) + k)`.
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
    by_level!(|cpu| cpu.pairs(p, n, sink), else portable::pairs_body(p, n, sink))
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
    by_level!(|cpu| cpu.stream_read(&streams, n), else portable::stream_read_body(&streams, n))
}

/// Many balls swept against one box: ball `i` (centre `centers[·][i]`, radius `radii[i]`) moving by
/// `velocities[·][i]` in one step. Writes `toi[i]`, the time of impact in `[0, 1]` that
/// [`sweep`](crate::sweep()) returns (0 when it already touches), bit for bit, or `+∞` when it does not reach
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
    by_level!(
        |cpu| cpu.sweep_one_box(aabb, centers, radii, velocities, toi, n),
        else sweep_one_box_body(aabb, centers, radii, velocities, toi, n)
    )
}

/// Contact and push-out for many pairs at once: for pair `i`, the distance, penetration, push and
/// state that [`contact`](crate::contact::contact()) and [`response`](crate::response::response()) return, bit for bit
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
/// The state (separated / touching / overlapping) equals [`contact`](crate::contact::contact())'s whenever the
/// squared distance is exact in `f32` (e.g. integer coordinates up to a few thousand, or multiples of
/// 1/16 in a similar range); distance, penetration and push agree with the `f64` path to within a few
/// `f32` ulps. Outside that range — huge or tiny coordinates, where squares overflow or underflow —
/// use [`contact_push_pairs`]. Never NaN: a centre whose offset underflows to zero takes the inside
/// construction, which is finite. The push-out contract holds in this kernel's own arithmetic:
/// asked again about a centre moved by its push (added in `f32`), it never answers overlapping; the
/// push is rounded outward by up to 6 ulps for that (3 in [`contact_push_pairs`]).
/// Returns the number of overlapping pairs (touching counts).
pub fn contact_push_pairs_f32<const D: usize>(pairs: PairsRef<'_, D>, out: ContactsMut<'_, D>) -> usize {
    contact_push_dispatch::<D, f32>(pairs, out)
}

/// Both precisions: the shortest slice decides the length, then the code path chosen once at start.
fn contact_push_dispatch<const D: usize, F: Real>(pairs: PairsRef<'_, D>, out: ContactsMut<'_, D>) -> usize {
    let n = out
        .push
        .iter()
        .fold(pairs.len().min(out.distance.len()).min(out.penetration.len()).min(out.state.len()), |n, p| {
            n.min(p.len())
        });
    by_level!(
        |cpu| cpu.contact_push::<D, F>(&pairs, out, n),
        else portable::contact_push_body::<D, F>(&pairs, out, n)
    )
}

/// Counts the overlapping pairs among `balls[i]` vs `boxes[i]` (the shorter length wins), with `A`'s
/// test inlined: the loop behind each registry entry's `count_pairs_2d`/`count_pairs_3d`. On x86-64
/// CPUs with AVX2 (or AVX-512) the same loop runs as an AVX2 (AVX-512) clone (chosen once, see
/// [`level`](super::level())), where LLVM can vectorise the branch-free tests across pairs; the
/// branchy ones stay one pair at a time.
#[inline(never)]
pub fn count_pairs<A: OverlapTest, const D: usize>(balls: &[Ball<D>], boxes: &[Aabb<D>]) -> usize {
    by_level!(|cpu| cpu.count_pairs::<A, D>(balls, boxes), else count_pairs_body::<A, D>(balls, boxes))
}

/// The batched world step's free-space lanes (see `step.rs`) on the code path in use.
#[inline]
pub(crate) fn free_lanes(inp: &FreeIn<'_>, out: &mut FreeOut) {
    by_level!(|cpu| cpu.free_lanes(inp, out), else free_lanes_body(inp, out))
}
