//! The step machine on a tiny plan with a fake clock: sliced progress, every row and count, cancel.

use super::*;
use crate::bench::SetSpec;

fn tiny() -> BenchConfig {
    BenchConfig {
        sets: vec![SetSpec::new("a", 300, 10, 1), SetSpec::new("b", 100, 90, 2)],
        dims: vec![2, 3],
        samples: 2,
        tests_per_sample: 1000,
        batched_sizes: vec![70, 600],
        pairs_max: 100,
    }
}

fn fake_clock() -> impl FnMut() -> f64 {
    let mut t = 0.0;
    move || {
        t += 1e-6;
        t
    }
}

#[test]
fn a_run_in_slices_fills_the_whole_matrix_with_correct_counts() {
    let mut run = BenchRun::new(tiny(), fake_clock());
    let mut last = 0.0;
    let mut steps = 0;
    while !run.step(500) {
        let p = run.progress();
        assert!(p >= last && p < 1.0, "progress {last} -> {p}");
        last = p;
        steps += 1;
    }
    assert!(steps > 10, "the work was sliced ({steps} steps)");
    assert_eq!(run.progress(), 1.0);
    let r = run.into_results();
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.scalar.len(), ALGORITHMS.len() * 2 * 2);
    // contact+push, contact+push/soa and contact+push/f32, per dimension and set.
    assert_eq!(r.contact.len(), 3 * 2 * 2);
    assert_eq!(r.sweep.len(), 2 * 2, "a sweep row per dimension and set");
    assert!(r.sweep.iter().all(|s| s.hits == s.exact_hits && s.ns_per_test > 0.0), "{:?}", r.sweep);
    let threads = caches::thread_counts().len();
    assert_eq!(r.batched.len(), 2 * 2 * Kernel::ALL.len() * threads);
    assert!(r.batched.iter().any(|b| b.kernel == "sweep"), "the batched sweep has rows");
    assert!(r.batched.iter().all(|b| b.ceiling_gb_s > 0.0 && b.threads >= 1 && b.noise_percent.is_finite()));
    for row in &r.scalar {
        assert!(row.ns_per_test.is_finite() && row.ns_per_test > 0.0, "{row:?}");
        let a = crate::geom::algo::algorithm(row.algorithm).unwrap();
        if a.is_exact(row.dim) {
            assert_eq!(row.hits, row.exact_hits, "{row:?}");
        }
    }
    assert!(r.batched.iter().any(|b| b.kernel == "pairs" && b.n == 100), "pairs capped at pairs_max");
    assert!(r.batched.iter().all(|b| b.kernel != "pairs" || b.n <= 100));
    if threads > 1 {
        assert_eq!(r.contact_threads.len(), 2 * 2 * threads);
    }
    assert!(r.bandwidth_gb_s.is_finite());
}

#[test]
fn cancel_stops_and_keeps_what_was_measured() {
    let mut run = BenchRun::new(tiny(), fake_clock());
    while run.results().scalar.len() < 3 {
        run.step(1000);
    }
    run.cancel();
    assert!(run.is_done() && run.is_cancelled());
    let p = run.progress();
    assert!(p > 0.0 && p < 1.0);
    assert!(run.step(1000), "a cancelled run stays done");
    assert_eq!(run.progress(), p, "no work after cancel");
    assert!(run.results().scalar.len() >= 3);
}
