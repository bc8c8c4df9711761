//! `bench --quick --json --plot FILE.svg`, run once for all the tests here ([`bench_quick`]): the
//! ceiling, code path, thread and cache fields of the batched rows exist and are sane, and the plot
//! is an SVG file. (Timings are never asserted: only that they are positive and finite.)

use crate::support::bench_quick;

#[test]
fn bench_json_carries_the_ceiling_the_path_the_threads_and_the_caches_and_plots_an_svg() {
    let d = &bench_quick().json;
    let caches = &d["caches"];
    let (l1, l2, l3) =
        (caches["l1d"].as_u64().unwrap(), caches["l2"].as_u64().unwrap(), caches["l3"].as_u64().unwrap());
    assert!(l1 > 0 && l2 >= l1 && l3 >= l2, "{caches}");
    assert!(["sysfs", "fallback"].contains(&caches["source"].as_str().unwrap()));
    let available = d["threads_available"].as_u64().unwrap();
    assert!(available >= 1);
    let rows = d["batched"].as_array().unwrap();
    assert!(!rows.is_empty());
    let mut levels = std::collections::BTreeSet::new();
    for b in rows {
        let path = b["path"].as_str().unwrap();
        assert!(["avx512", "avx2", "portable"].contains(&path), "{b}");
        assert_eq!(path, d["level"].as_str().unwrap());
        let threads = b["threads"].as_u64().unwrap();
        assert!(threads >= 1 && threads <= available, "{b}");
        for key in ["ceiling_gb_s", "ceiling_tests_per_s", "percent_of_ceiling", "tests_per_s", "efficiency"] {
            let v = b[key].as_f64().unwrap_or(f64::NAN);
            assert!(v.is_finite() && v > 0.0, "{key} in {b}");
        }
        assert!(b["noise_percent"].as_f64().unwrap() >= 0.0);
        let bytes = b["bytes"].as_u64().unwrap();
        assert_eq!(bytes, b["bytes_per_test"].as_u64().unwrap() * b["n"].as_u64().unwrap());
        levels.insert(b["cache_level"].as_str().unwrap().to_string());
    }
    for l in ["L1", "L2", "L3", "DRAM"] {
        assert!(levels.contains(l), "a size per cache level: {levels:?}");
    }
    // Every thread count from 1 to the available ones, for every kernel row.
    for t in 1..=available {
        assert!(rows.iter().any(|b| b["threads"].as_u64() == Some(t)), "threads {t}");
    }
    assert!(d["bandwidth_gb_s"].as_f64().unwrap() > 0.0);
    let text = &bench_quick().svg;
    assert!(
        text.trim_start().starts_with("<svg") && text.trim_end().ends_with("</svg>"),
        "{}",
        &text[..200.min(text.len())]
    );
    assert!(text.matches("<polyline").count() >= 12, "a line and a ceiling per kernel and dimension");
    assert!(text.contains("ceiling") && text.contains("L1"));
}
