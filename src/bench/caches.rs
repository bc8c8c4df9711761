//! The machine the batched kernels run on: its data caches ([`CacheSizes`]: Linux
//! `/sys/devices/system/cpu/cpu0/cache/index*`; elsewhere a fallback of 32 KiB / 1 MiB / 32 MiB,
//! marked as such) and the cache level an array of a given size lives in, one array size per level
//! ([`level_sizes`]: L1, L2, L3, DRAM) chosen from those caches, and the threads available
//! ([`thread_counts`]: 1, 2, …).

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

/// One size per level, in reference lanes (each kernel runs at the lanes that read the same bytes
/// at a size): half of L1, half of L2, a quarter of L3 (a shared cache; and well beyond L2), and
/// DRAM at 4× L3 (at least 64 MiB), capped at `max_bytes`.
#[must_use]
pub fn level_sizes(c: &CacheSizes, max_bytes: usize) -> Vec<usize> {
    let mut v: Vec<usize> = [c.l1d / 2, c.l2 / 2, c.l3 / 4, (4 * c.l3).max(64 << 20)]
        .iter()
        .map(|&b| (b.min(max_bytes) / REFERENCE_BYTES).max(64) / 64 * 64)
        .collect();
    v.dedup();
    v
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
    }
}
