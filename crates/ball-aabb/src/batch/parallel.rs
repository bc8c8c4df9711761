//! The `par_*` forms (feature `parallel`): the same kernels, run on chunks of the arrays across
//! rayon's thread pool. Each chunk is a multiple of 64 lanes, so it owns whole mask words, and runs
//! the single-thread kernel of the code path in use; the results are therefore the same bits, and
//! the counts are sums of exact integers.

#![forbid(unsafe_code)]

use super::dispatch::{
    contact_push_pairs, contact_push_pairs_f32, count_one_box, count_pairs_soa, overlap_mask_one_box,
    overlap_mask_one_box_fixed, overlap_mask_pairs, stream_read, sweep_one_box,
};
use super::layout::{common_len, mask_words, ContactsMut, PairsRef, LANES};
use crate::shape::Aabb;
use rayon::prelude::*;

/// Below this many lanes the `par_*` forms call the single-thread kernel directly: one core gets
/// through 64 Ki lanes in cache in about the time it takes to hand chunks to other threads and wake
/// them, so splitting smaller arrays would only make them slower.
pub const PAR_THRESHOLD: usize = 1 << 16;

/// The lanes of one chunk (the last one may be shorter): a multiple of 64, so that no mask word is
/// shared by two chunks; 16 Ki lanes keeps a 3D chunk's inputs within a typical L2.
pub const PAR_CHUNK: usize = 1 << 14;

const _: () = assert!(PAR_CHUNK.is_multiple_of(LANES) && PAR_THRESHOLD >= PAR_CHUNK);

/// `s[a..b]` of every axis.
fn axes<'a, const D: usize>(s: &[&'a [f32]; D], a: usize, b: usize) -> [&'a [f32]; D] {
    core::array::from_fn(|i| &s[i][a..b])
}

/// Pairs `a..b` (`b ≤ p.len()`).
fn sub<'a, const D: usize>(p: &PairsRef<'a, D>, a: usize, b: usize) -> PairsRef<'a, D> {
    PairsRef {
        center: axes(&p.center, a, b),
        radius: &p.radius[a..b],
        min: axes(&p.min, a, b),
        max: axes(&p.max, a, b),
    }
}

/// Lanes `a..b` of chunk `k` of `n`.
fn chunk(k: usize, n: usize) -> (usize, usize) {
    (k * PAR_CHUNK, ((k + 1) * PAR_CHUNK).min(n))
}

/// [`overlap_mask_one_box`] on all cores for `n ≥` [`PAR_THRESHOLD`]: the same mask and count.
pub fn par_overlap_mask_one_box<const D: usize>(
    aabb: &Aabb<D>,
    centers: [&[f32]; D],
    radii: &[f32],
    mask: &mut [u64],
) -> usize {
    let n = common_len(&centers, Some(radii)).min(mask.len() * LANES);
    if n < PAR_THRESHOLD {
        return overlap_mask_one_box(aabb, centers, radii, mask);
    }
    mask[..mask_words(n)]
        .par_chunks_mut(PAR_CHUNK / LANES)
        .enumerate()
        .map(|(k, words)| {
            let (a, b) = chunk(k, n);
            overlap_mask_one_box(aabb, axes(&centers, a, b), &radii[a..b], words)
        })
        .sum()
}

/// [`overlap_mask_one_box_fixed`] on all cores for `n ≥` [`PAR_THRESHOLD`]: the same mask and count.
pub fn par_overlap_mask_one_box_fixed<const D: usize>(
    aabb: &Aabb<D>,
    r: f32,
    centers: [&[f32]; D],
    mask: &mut [u64],
) -> usize {
    let n = common_len(&centers, None).min(mask.len() * LANES);
    if n < PAR_THRESHOLD {
        return overlap_mask_one_box_fixed(aabb, r, centers, mask);
    }
    mask[..mask_words(n)]
        .par_chunks_mut(PAR_CHUNK / LANES)
        .enumerate()
        .map(|(k, words)| {
            let (a, b) = chunk(k, n);
            overlap_mask_one_box_fixed(aabb, r, axes(&centers, a, b), words)
        })
        .sum()
}

/// [`sweep_one_box`] on all cores for `n ≥` [`PAR_THRESHOLD`]: the same times and count.
pub fn par_sweep_one_box<const D: usize>(
    aabb: &Aabb<D>,
    centers: [&[f32]; D],
    radii: &[f32],
    velocities: [&[f32]; D],
    toi: &mut [f32],
) -> usize {
    let n = common_len(&centers, Some(radii)).min(common_len(&velocities, Some(toi)));
    if n < PAR_THRESHOLD {
        return sweep_one_box(aabb, centers, radii, velocities, toi);
    }
    toi[..n]
        .par_chunks_mut(PAR_CHUNK)
        .enumerate()
        .map(|(k, out)| {
            let (a, b) = chunk(k, n);
            sweep_one_box(aabb, axes(&centers, a, b), &radii[a..b], axes(&velocities, a, b), out)
        })
        .sum()
}

/// [`count_one_box`] on all cores for `n ≥` [`PAR_THRESHOLD`].
#[must_use]
pub fn par_count_one_box<const D: usize>(aabb: &Aabb<D>, centers: [&[f32]; D], radii: &[f32]) -> usize {
    let n = common_len(&centers, Some(radii));
    if n < PAR_THRESHOLD {
        return count_one_box(aabb, centers, radii);
    }
    (0..n.div_ceil(PAR_CHUNK))
        .into_par_iter()
        .map(|k| {
            let (a, b) = chunk(k, n);
            count_one_box(aabb, axes(&centers, a, b), &radii[a..b])
        })
        .sum()
}

/// [`overlap_mask_pairs`] on all cores for `n ≥` [`PAR_THRESHOLD`]: the same mask and count.
pub fn par_overlap_mask_pairs<const D: usize>(pairs: PairsRef<'_, D>, mask: &mut [u64]) -> usize {
    let n = pairs.len().min(mask.len() * LANES);
    if n < PAR_THRESHOLD {
        return overlap_mask_pairs(pairs, mask);
    }
    mask[..mask_words(n)]
        .par_chunks_mut(PAR_CHUNK / LANES)
        .enumerate()
        .map(|(k, words)| {
            let (a, b) = chunk(k, n);
            overlap_mask_pairs(sub(&pairs, a, b), words)
        })
        .sum()
}

/// [`count_pairs_soa`] on all cores for `n ≥` [`PAR_THRESHOLD`].
#[must_use]
pub fn par_count_pairs_soa<const D: usize>(pairs: PairsRef<'_, D>) -> usize {
    let n = pairs.len();
    if n < PAR_THRESHOLD {
        return count_pairs_soa(pairs);
    }
    (0..n.div_ceil(PAR_CHUNK))
        .into_par_iter()
        .map(|k| {
            let (a, b) = chunk(k, n);
            count_pairs_soa(sub(&pairs, a, b))
        })
        .sum()
}

/// [`contact_push_pairs`] on all cores for `n ≥` [`PAR_THRESHOLD`]: the same outputs, bit for bit.
pub fn par_contact_push_pairs<const D: usize>(pairs: PairsRef<'_, D>, out: ContactsMut<'_, D>) -> usize {
    par_contacts(pairs, out, contact_push_pairs::<D>)
}

/// [`contact_push_pairs_f32`] on all cores for `n ≥` [`PAR_THRESHOLD`]: the same outputs, bit for bit.
pub fn par_contact_push_pairs_f32<const D: usize>(pairs: PairsRef<'_, D>, out: ContactsMut<'_, D>) -> usize {
    par_contacts(pairs, out, contact_push_pairs_f32::<D>)
}

type ContactKernel<const D: usize> = fn(PairsRef<'_, D>, ContactsMut<'_, D>) -> usize;

fn par_contacts<const D: usize>(pairs: PairsRef<'_, D>, out: ContactsMut<'_, D>, kernel: ContactKernel<D>) -> usize {
    let n = out
        .push
        .iter()
        .fold(pairs.len().min(out.distance.len()).min(out.penetration.len()).min(out.state.len()), |n, p| {
            n.min(p.len())
        });
    if n < PAR_THRESHOLD {
        return kernel(pairs, out);
    }
    split_contacts(pairs, out, n, kernel)
}

/// Halves `0..n` at a multiple of [`PAR_CHUNK`] until the pieces are one chunk long (`n` is no more
/// than any input or output length).
fn split_contacts<const D: usize>(
    pairs: PairsRef<'_, D>,
    out: ContactsMut<'_, D>,
    n: usize,
    kernel: ContactKernel<D>,
) -> usize {
    if n <= PAR_CHUNK {
        return kernel(sub(&pairs, 0, n), out);
    }
    // PAR_CHUNK ≤ mid < n.
    let mid = (n / 2).div_ceil(PAR_CHUNK) * PAR_CHUNK;
    let (distance, distance_r) = out.distance.split_at_mut(mid);
    let (penetration, penetration_r) = out.penetration.split_at_mut(mid);
    let (state, state_r) = out.state.split_at_mut(mid);
    let mut halves = out.push.map(|p| {
        let (l, r) = p.split_at_mut(mid);
        (Some(l), Some(r))
    });
    let push: [&mut [f32]; D] = core::array::from_fn(|i| halves[i].0.take().expect("left half"));
    let push_r: [&mut [f32]; D] = core::array::from_fn(|i| halves[i].1.take().expect("right half"));
    let left = ContactsMut { distance, penetration, push, state };
    let right = ContactsMut { distance: distance_r, penetration: penetration_r, push: push_r, state: state_r };
    let (a, b) = rayon::join(
        || split_contacts(sub(&pairs, 0, mid), left, mid, kernel),
        || split_contacts(sub(&pairs, mid, n), right, n - mid, kernel),
    );
    a + b
}

/// [`stream_read`] on all cores for `n ≥` [`PAR_THRESHOLD`] (the ceiling of the `par_*` kernels: the
/// same chunks, each read by the single-thread reader; the chunks' checksums XORed, so the answer is
/// [`stream_read`]'s).
#[must_use]
pub fn par_stream_read<const K: usize>(streams: [&[f32]; K]) -> u32 {
    let n = if K == 0 { 0 } else { streams.iter().map(|s| s.len()).min().unwrap_or(0) };
    if n < PAR_THRESHOLD {
        return stream_read(streams);
    }
    (0..n.div_ceil(PAR_CHUNK))
        .into_par_iter()
        .map(|k| {
            let (a, b) = chunk(k, n);
            stream_read(axes(&streams, a, b))
        })
        .reduce(|| 0, |x, y| x ^ y)
}
