//! Time: the [`Clock`] a run reads, and the timed loop every sample goes through.
//!
//! `std::time::Instant` panics on `wasm32-unknown-unknown`, so the caller passes a clock in:
//! [`std_clock`] on the desktop, the app's frame clock in the browser, a fake one in tests.

use std::hint::black_box;

/// A source of time in seconds (any origin; only differences are used).
pub trait Clock {
    fn seconds(&mut self) -> f64;
}

impl<F: FnMut() -> f64> Clock for F {
    fn seconds(&mut self) -> f64 {
        self()
    }
}

/// A clock on `std::time::Instant` (not on wasm32, where `Instant::now` panics).
#[cfg(not(target_arch = "wasm32"))]
#[must_use]
pub fn std_clock() -> impl Clock {
    let t0 = std::time::Instant::now();
    move || t0.elapsed().as_secs_f64()
}

/// Times `passes` runs of `f`, returning (nanoseconds per test, the last hit count).
pub(super) fn time<C: Clock>(
    clock: &mut C,
    tests_per_pass: usize,
    passes: usize,
    mut f: impl FnMut() -> usize,
) -> (f64, usize) {
    let mut hits = 0;
    let t0 = clock.seconds();
    for _ in 0..passes {
        hits = black_box(f());
    }
    let t1 = clock.seconds();
    ((t1 - t0).max(0.0) * 1e9 / (passes * tests_per_pass).max(1) as f64, hits)
}

/// The fastest of the even-numbered and of the odd-numbered samples, seconds: the row's noise band
/// compares the two.
#[derive(Clone, Copy, Debug)]
pub(super) struct ParityBest {
    even: f64,
    odd: f64,
}

impl ParityBest {
    pub(super) const NONE: ParityBest = ParityBest { even: f64::INFINITY, odd: f64::INFINITY };

    /// Keeps `seconds` if it is the fastest sample of `sample`'s parity.
    pub(super) fn record(&mut self, sample: usize, seconds: f64) {
        let best = if sample.is_multiple_of(2) { &mut self.even } else { &mut self.odd };
        *best = best.min(seconds);
    }

    /// The fastest sample.
    pub(super) fn fastest(self) -> f64 {
        self.even.min(self.odd)
    }

    /// The even/odd difference, percent of the faster (0 until both were seen).
    pub(super) fn band(self) -> f64 {
        let (a, b) = (self.even, self.odd);
        if a.is_finite() && b.is_finite() {
            100.0 * (a - b).abs() / a.min(b)
        } else {
            0.0
        }
    }
}
