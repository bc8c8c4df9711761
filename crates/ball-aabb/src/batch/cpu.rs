//! Which code path the batched kernels take on this machine: probed once, or chosen by
//! [`set_level`] to compare them.

#![forbid(unsafe_code)]

use alloc::{vec, vec::Vec};
use core::sync::atomic::{AtomicU8, Ordering};

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
