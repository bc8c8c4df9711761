//! The ceiling of the batched kernels and the sizes they run at.
//!
//! - [`CacheSizes`]: the machine's data caches (Linux: `/sys/devices/system/cpu/cpu0/cache/index*`;
//!   elsewhere a fallback of 32 KiB / 1 MiB / 32 MiB, marked as such), and the cache level an array
//!   of a given size lives in;
//! - [`level_sizes`]: one array size per level (L1, L2, L3, DRAM) chosen from those caches;
//! - [`thread_counts`]: 1, 2, … available threads;
//! - the ceiling itself: [`crate::geom::batch::stream_read`] (`par_stream_read` at more than one
//!   thread) over **the very arrays the kernel reads** — the same bytes per test, the same lanes, the
//!   same addresses, the same number of streams, the same code path (AVX-512/AVX2/portable) and the
//!   same threads — timed right after each kernel sample. The reader lives in the crate, next to the
//!   kernels, because it is their code path's best read and is tested there like them; what lives
//!   here is the choice of arrays and sizes, which is the benchmark's.

use super::buffers::{prefix, BatchedData};
use super::plan::Kernel;
use crate::geom::batch;
use serde::Serialize;

/// Data cache sizes in bytes (per core for L1/L2; L3 as the core sees it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CacheSizes {
    pub l1d: usize,
    pub l2: usize,
    pub l3: usize,
    /// `"sysfs"` when read from the machine, `"fallback"` when guessed.
    pub source: &'static str,
}

impl Default for CacheSizes {
    fn default() -> Self {
        CacheSizes::FALLBACK
    }
}

impl CacheSizes {
    /// What a recent desktop or server core has; used when the machine does not say.
    pub const FALLBACK: CacheSizes = CacheSizes { l1d: 32 << 10, l2: 1 << 20, l3: 32 << 20, source: "fallback" };

    /// The machine's caches (Linux sysfs), else [`CacheSizes::FALLBACK`]. A level the machine does
    /// not report keeps its fallback size.
    #[must_use]
    pub fn detect() -> CacheSizes {
        #[cfg(target_os = "linux")]
        {
            let mut c = CacheSizes { source: "sysfs", ..CacheSizes::FALLBACK };
            let mut found = false;
            for i in 0..8 {
                let dir = format!("/sys/devices/system/cpu/cpu0/cache/index{i}");
                let read = |f: &str| std::fs::read_to_string(format!("{dir}/{f}")).map(|s| s.trim().to_string());
                let (Ok(level), Ok(kind), Ok(size)) = (read("level"), read("type"), read("size")) else {
                    continue;
                };
                let Some(bytes) = parse_size(&size) else { continue };
                match (level.as_str(), kind.as_str()) {
                    ("1", "Data") => c.l1d = bytes,
                    ("2", "Unified" | "Data") => c.l2 = bytes,
                    ("3", "Unified" | "Data") => c.l3 = bytes,
                    _ => continue,
                }
                found = true;
            }
            if found {
                return c;
            }
        }
        CacheSizes::FALLBACK
    }

    /// Where an array of `bytes` lives when read over and over: the smallest cache it fits in (at
    /// most the whole of L1/L2, and L3 up to its size), else `"DRAM"`.
    #[must_use]
    pub fn level_of(&self, bytes: usize) -> &'static str {
        if bytes <= self.l1d {
            "L1"
        } else if bytes <= self.l2 {
            "L2"
        } else if bytes <= self.l3 {
            "L3"
        } else {
            "DRAM"
        }
    }
}

/// `"32K"`, `"1024K"`, `"32M"`, `"48 KiB"` → bytes.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))] // read from sysfs on Linux only; tested everywhere
fn parse_size(s: &str) -> Option<usize> {
    let s = s.trim().trim_end_matches('B').trim_end_matches('i').trim();
    let (num, mult) = match s.chars().last()? {
        'K' | 'k' => (&s[..s.len() - 1], 1 << 10),
        'M' | 'm' => (&s[..s.len() - 1], 1 << 20),
        'G' | 'g' => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    num.trim().parse::<usize>().ok().map(|n| n * mult)
}

/// Bytes per test of the reference kernel the sizes are counted in (one_box 3D: x, y, z, r).
pub const REFERENCE_BYTES: usize = 16;

/// One size per level, in reference lanes ([`lanes_for`] turns it into each kernel's lanes, so that
/// every kernel reads the same bytes at a size): half of L1, half of L2, a quarter of L3 (a shared
/// cache; and well beyond L2), and DRAM at 4× L3 (at least 64 MiB), capped at `max_bytes`.
#[must_use]
pub fn level_sizes(c: &CacheSizes, max_bytes: usize) -> Vec<usize> {
    let mut v: Vec<usize> = [c.l1d / 2, c.l2 / 2, c.l3 / 4, (4 * c.l3).max(64 << 20)]
        .iter()
        .map(|&b| (b.min(max_bytes) / REFERENCE_BYTES).max(64) / 64 * 64)
        .collect();
    v.dedup();
    v
}

/// The lanes kernel `kernel` runs at for size `size` (reference lanes): the same bytes read, to within
/// a multiple of 64 lanes — whole vectors, so neither the kernel nor its ceiling has a tail: in L1 a
/// tail of 9 lanes in each of the ten streams of the 3D pairs was a tenth of the reader's time.
#[must_use]
pub fn lanes_for(kernel: Kernel, dim: usize, size: usize, pairs_max: usize) -> usize {
    let n = (size * REFERENCE_BYTES / kernel.bytes_per_test(dim)).max(64) / 64 * 64;
    if kernel == Kernel::Pairs {
        n.min(pairs_max)
    } else {
        n
    }
}

/// The threads available to this process (1 on the web).
#[must_use]
pub fn available_threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
    #[cfg(target_arch = "wasm32")]
    {
        1
    }
}

/// 1, 2, … [`available_threads`] (1 alone on the web).
#[must_use]
pub fn thread_counts() -> Vec<usize> {
    (1..=available_threads()).collect()
}

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

/// The bytes a kernel row reads per pass (and its ceiling with it).
#[must_use]
pub fn row_bytes(kernel: Kernel, dim: usize, n: usize) -> usize {
    kernel.bytes_per_test(dim) * n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_levels_follow() {
        assert_eq!(parse_size("32K"), Some(32 << 10));
        assert_eq!(parse_size("1024K"), Some(1 << 20));
        assert_eq!(parse_size("32M"), Some(32 << 20));
        assert_eq!(parse_size("48 KiB"), Some(48 << 10));
        assert_eq!(parse_size("x"), None);
        let c = CacheSizes::FALLBACK;
        let s = level_sizes(&c, usize::MAX);
        assert_eq!(s.len(), 4);
        let levels: Vec<_> = s.iter().map(|&n| c.level_of(n * REFERENCE_BYTES)).collect();
        assert_eq!(levels, ["L1", "L2", "L3", "DRAM"]);
        let d = CacheSizes::detect();
        assert!(d.l1d > 0 && d.l2 >= d.l1d && d.l3 >= d.l2, "{d:?}");
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
