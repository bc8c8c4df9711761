//! The ceiling of the batched kernels: [`crate::geom::batch::stream_read`] (`par_stream_read` at
//! more than one thread) over **the very arrays the kernel reads** — the same bytes per test, the
//! same lanes, the same addresses, the same number of streams, the same code path
//! (AVX-512/AVX2/portable) and the same threads — timed right after each kernel sample. The reader
//! lives in the crate, next to the kernels, because it is their code path's best read and is tested
//! there like them; what lives here is the choice of arrays, which is the benchmark's (the sizes are
//! [`super::caches`]'s).

use super::buffers::{prefix, BatchedData};
use super::kernels::Kernel;
use crate::geom::batch;

/// The ceiling of one kernel row: reads the first `n` lanes of the arrays the kernel reads, on
/// `par` (all threads of the current rayon pool) or on this thread. Returns the sum (to be folded
/// into `black_box`).
#[must_use]
pub(super) fn read(d: &BatchedData, kernel: Kernel, dim: usize, n: usize, par: bool) -> u32 {
    let c = |i: usize| &d.center[i][..n];
    let v = |i: usize| &d.velocity[i][..n];
    match (kernel, dim) {
        (Kernel::OneBox, 2) => go(par, [c(0), c(1), &d.radius[..n]]),
        (Kernel::OneBox, _) => go(par, [c(0), c(1), c(2), &d.radius[..n]]),
        (Kernel::OneBoxFixedR, 2) => go(par, [c(0), c(1)]),
        (Kernel::OneBoxFixedR, _) => go(par, [c(0), c(1), c(2)]),
        (Kernel::Sweep, 2) => go(par, [c(0), c(1), &d.radius[..n], v(0), v(1)]),
        (Kernel::Sweep, _) => go(par, [c(0), c(1), c(2), &d.radius[..n], v(0), v(1), v(2)]),
        (Kernel::Pairs, 2) => {
            let p = prefix(&d.pairs2, n);
            go(par, [p.center[0], p.center[1], p.radius, p.min[0], p.min[1], p.max[0], p.max[1]])
        }
        (Kernel::Pairs, _) => {
            let p = prefix(&d.pairs3, n);
            go(
                par,
                [
                    p.center[0],
                    p.center[1],
                    p.center[2],
                    p.radius,
                    p.min[0],
                    p.min[1],
                    p.min[2],
                    p.max[0],
                    p.max[1],
                    p.max[2],
                ],
            )
        }
    }
}

fn go<const K: usize>(par: bool, s: [&[f32]; K]) -> u32 {
    #[cfg(not(target_arch = "wasm32"))]
    if par {
        return batch::par_stream_read(s);
    }
    let _ = par;
    batch::stream_read(s)
}
