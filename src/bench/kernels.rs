//! What a timed sample runs, where the library does not provide it whole, and what its hit count
//! must be: the batched kernels measured ([`Kernel`]) and the lanes each runs at, the contact +
//! push-out pass over arrays of shapes, the batched kernels on the run's inputs, and the exact
//! overlap counts they are checked against.

use super::buffers::{prefix, BatchedData};
use super::caches::REFERENCE_BYTES;
use super::timing::{time, Clock};
use crate::geom::batch::PairsSoa;
use crate::geom::{contact::contact, response::contact_response, sweep, Aabb, Ball};
use serde::Serialize;
use std::hint::black_box;

/// The batched kernels measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kernel {
    /// One box against balls with their own radii, writing a mask.
    OneBox,
    /// One box against centres of one fixed radius, writing a mask (the agreement map).
    OneBoxFixedR,
    /// Pair i against pair i, writing a mask.
    Pairs,
    /// One box against balls with their own radii and velocities: each one's time of impact
    /// (`batch::sweep_one_box`, writing an `f32` per ball).
    Sweep,
}

impl Kernel {
    /// Every batched kernel, in table order.
    pub const ALL: [Kernel; 4] = [Kernel::OneBox, Kernel::OneBoxFixedR, Kernel::Pairs, Kernel::Sweep];

    /// The name used in tables and JSON.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Kernel::OneBox => "one_box",
            Kernel::OneBoxFixedR => "one_box_fixed_r",
            Kernel::Pairs => "pairs",
            Kernel::Sweep => "sweep",
        }
    }

    /// The kernel's colour in the roofline plots (the app's panel and `bench --plot`).
    #[must_use]
    pub fn rgb(self) -> [u8; 3] {
        match self {
            Kernel::OneBox => [31, 119, 180],
            Kernel::OneBoxFixedR => [214, 39, 40],
            Kernel::Pairs => [44, 160, 44],
            Kernel::Sweep => [148, 103, 189],
        }
    }

    /// Bytes read per test in dimension `dim`.
    #[must_use]
    pub fn bytes_per_test(self, dim: usize) -> usize {
        match self {
            Kernel::OneBox => 4 * (dim + 1),
            Kernel::OneBoxFixedR => 4 * dim,
            Kernel::Pairs => 4 * (3 * dim + 1),
            Kernel::Sweep => 4 * (2 * dim + 1),
        }
    }
}

/// The lanes kernel `kernel` runs at for size `size` (reference lanes,
/// [`level_sizes`](super::caches::level_sizes)): the same bytes read, to within a multiple of 64
/// lanes — whole vectors, so neither the kernel nor its ceiling has a tail (a scalar loop per
/// stream, which in L1 is a large share of the reader's time).
#[must_use]
pub fn lanes_for(kernel: Kernel, dim: usize, size: usize, pairs_max: usize) -> usize {
    let n = (size * REFERENCE_BYTES / kernel.bytes_per_test(dim)).max(64) / 64 * 64;
    if kernel == Kernel::Pairs {
        n.min(pairs_max)
    } else {
        n
    }
}

/// The bytes a kernel row reads per pass (and its ceiling with it).
#[must_use]
pub fn row_bytes(kernel: Kernel, dim: usize, n: usize) -> usize {
    kernel.bytes_per_test(dim) * n
}

/// The box of the one-box kernels: the centres are spread over a square/cube 4 times as wide.
fn one_box<const D: usize>() -> Aabb<D> {
    Aabb::new([-4.0; D], [4.0; D]).expect("valid box")
}

/// The fixed radius of the `OneBoxFixedR` rows.
const FIXED_R: f32 = 3.0;

/// The contact and the push-out for every pair ([`contact_response`]): returns the number of
/// overlaps, and folds every output into a value the optimiser must compute (with `xor` of the bits,
/// which does not chain a floating-point latency from one pair to the next).
#[inline(never)]
pub fn contact_push_pass<const D: usize>(balls: &[Ball<D>], boxes: &[Aabb<D>]) -> usize {
    let mut hits = 0;
    let mut acc = 0u32;
    for (b, a) in balls.iter().zip(boxes) {
        let (k, p) = contact_response(b, a);
        hits += k.state.is_overlap() as usize;
        let mut x = k.distance.to_bits() ^ k.penetration.to_bits() ^ k.zone ^ (p.case as u32) << 8;
        for i in 0..D {
            x ^= k.closest[i].to_bits().rotate_left(i as u32) ^ p.push[i].to_bits().rotate_left(7 + i as u32);
        }
        acc ^= x ^ p.face.map_or(0, |f| (f.axis as u32) << 1 | f.upper as u32);
    }
    black_box(acc);
    hits
}

/// Times one sample (`passes` runs) of a batched kernel over the first `n` lanes; `par`: its `par_*`
/// form (on the current rayon pool; not on the web).
pub(super) fn time_batched<C: Clock>(
    d: &mut BatchedData,
    clock: &mut C,
    kernel: Kernel,
    dim: usize,
    n: usize,
    passes: usize,
    par: bool,
) -> (f64, usize) {
    let c = |i: usize| &d.center[i][..n];
    match (kernel, dim) {
        (Kernel::OneBox, 2) => {
            let (x, y, r) = (c(0), c(1), &d.radius[..n]);
            time(clock, n, passes, || k::overlap_mask_one_box(par)(&one_box::<2>(), [x, y], r, black_box(&mut d.mask)))
        }
        (Kernel::OneBox, _) => {
            let (x, y, z, r) = (c(0), c(1), c(2), &d.radius[..n]);
            time(clock, n, passes, || {
                k::overlap_mask_one_box(par)(&one_box::<3>(), [x, y, z], r, black_box(&mut d.mask))
            })
        }
        (Kernel::OneBoxFixedR, 2) => {
            let (x, y) = (c(0), c(1));
            time(clock, n, passes, || {
                k::overlap_mask_one_box_fixed(par)(&one_box::<2>(), FIXED_R, [x, y], black_box(&mut d.mask))
            })
        }
        (Kernel::OneBoxFixedR, _) => {
            let (x, y, z) = (c(0), c(1), c(2));
            time(clock, n, passes, || {
                k::overlap_mask_one_box_fixed(par)(&one_box::<3>(), FIXED_R, [x, y, z], black_box(&mut d.mask))
            })
        }
        (Kernel::Pairs, 2) => {
            let p = prefix(&d.pairs2, n);
            time(clock, n, passes, || k::overlap_mask_pairs(par)(p, black_box(&mut d.mask)))
        }
        (Kernel::Pairs, _) => {
            let p = prefix(&d.pairs3, n);
            time(clock, n, passes, || k::overlap_mask_pairs(par)(p, black_box(&mut d.mask)))
        }
        (Kernel::Sweep, 2) => {
            let (c, v, r) = ([c(0), c(1)], [&d.velocity[0][..n], &d.velocity[1][..n]], &d.radius[..n]);
            time(clock, n, passes, || k::sweep_one_box(par)(&one_box::<2>(), c, r, v, black_box(&mut d.toi)))
        }
        (Kernel::Sweep, _) => {
            let c = [c(0), c(1), c(2)];
            let v = [&d.velocity[0][..n], &d.velocity[1][..n], &d.velocity[2][..n]];
            let r = &d.radius[..n];
            time(clock, n, passes, || k::sweep_one_box(par)(&one_box::<3>(), c, r, v, black_box(&mut d.toi)))
        }
    }
}

/// The single-thread kernel or its `par_*` form (the same signature; on the web, always the former).
mod k {
    use crate::geom::batch;
    #[cfg(not(target_arch = "wasm32"))]
    macro_rules! pick {
        ($par:expr, $name:ident, $par_name:ident) => {
            if $par {
                batch::$par_name
            } else {
                batch::$name
            }
        };
    }
    #[cfg(target_arch = "wasm32")]
    macro_rules! pick {
        ($par:expr, $name:ident, $par_name:ident) => {{
            let _ = $par;
            batch::$name
        }};
    }
    type OneBox<const D: usize> = fn(&crate::geom::Aabb<D>, [&[f32]; D], &[f32], &mut [u64]) -> usize;
    type Fixed<const D: usize> = fn(&crate::geom::Aabb<D>, f32, [&[f32]; D], &mut [u64]) -> usize;
    type Pairs<const D: usize> = fn(batch::PairsRef<'_, D>, &mut [u64]) -> usize;
    type Sweep<const D: usize> = fn(&crate::geom::Aabb<D>, [&[f32]; D], &[f32], [&[f32]; D], &mut [f32]) -> usize;
    pub(super) fn overlap_mask_one_box<const D: usize>(par: bool) -> OneBox<D> {
        pick!(par, overlap_mask_one_box, par_overlap_mask_one_box)
    }
    pub(super) fn overlap_mask_one_box_fixed<const D: usize>(par: bool) -> Fixed<D> {
        pick!(par, overlap_mask_one_box_fixed, par_overlap_mask_one_box_fixed)
    }
    pub(super) fn overlap_mask_pairs<const D: usize>(par: bool) -> Pairs<D> {
        pick!(par, overlap_mask_pairs, par_overlap_mask_pairs)
    }
    pub(super) fn sweep_one_box<const D: usize>(par: bool) -> Sweep<D> {
        pick!(par, sweep_one_box, par_sweep_one_box)
    }
}

/// The exact number of overlaps among the first `n` lanes of a batched input (for the sweep rows:
/// the number of hits, by the scalar [`sweep`]).
pub(super) fn expected_batched(d: &BatchedData, kernel: Kernel, dim: usize, n: usize) -> usize {
    let radius = |i: usize| if kernel == Kernel::OneBoxFixedR { FIXED_R } else { d.radius[i] };
    match (kernel, dim) {
        (Kernel::Sweep, 2) => sweep_hits::<2>(d, n),
        (Kernel::Sweep, _) => sweep_hits::<3>(d, n),
        (Kernel::Pairs, 2) => exact_pairs(&d.pairs2, n),
        (Kernel::Pairs, _) => exact_pairs(&d.pairs3, n),
        (_, 2) => (0..n)
            .filter(|&i| {
                let b = Ball::new([d.center[0][i], d.center[1][i]], radius(i)).expect("valid");
                contact(&b, &one_box::<2>()).state.is_overlap()
            })
            .count(),
        _ => (0..n)
            .filter(|&i| {
                let b = Ball::new([d.center[0][i], d.center[1][i], d.center[2][i]], radius(i)).expect("valid");
                contact(&b, &one_box::<3>()).state.is_overlap()
            })
            .count(),
    }
}

/// Hits of the scalar sweep over the first `n` balls of the sweep rows.
fn sweep_hits<const D: usize>(d: &BatchedData, n: usize) -> usize {
    (0..n)
        .filter(|&i| {
            let b = Ball::new(std::array::from_fn::<f32, D, _>(|k| d.center[k][i]), d.radius[i]).expect("valid");
            sweep(&b, std::array::from_fn(|k| d.velocity[k][i]), &one_box::<D>()).is_some()
        })
        .count()
}

/// The exact number of overlaps among the first `n` pairs.
fn exact_pairs<const D: usize>(p: &PairsSoa<D>, n: usize) -> usize {
    (0..n.min(p.len()))
        .filter(|&i| {
            let b = Ball::new(std::array::from_fn::<f32, D, _>(|k| p.center[k][i]), p.radius[i]).expect("valid");
            let a = Aabb::new(std::array::from_fn::<f32, D, _>(|k| p.min[k][i]), std::array::from_fn(|k| p.max[k][i]))
                .expect("valid");
            contact(&b, &a).state.is_overlap()
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::caches::{level_sizes, CacheSizes};

    #[test]
    fn every_kernel_reads_the_same_bytes_in_whole_vectors() {
        let s = level_sizes(&CacheSizes::FALLBACK, usize::MAX);
        for k in Kernel::ALL {
            for dim in [2, 3] {
                let n = lanes_for(k, dim, s[0], usize::MAX);
                let b = row_bytes(k, dim, n);
                assert_eq!(n % 64, 0, "{k:?} {dim}: whole vectors, no tail");
                assert!(
                    b <= s[0] * REFERENCE_BYTES && b + 64 * k.bytes_per_test(dim) > s[0] * REFERENCE_BYTES,
                    "{k:?} {dim}"
                );
            }
        }
    }
}
