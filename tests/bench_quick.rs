//! `bench --quick --json --plot FILE.svg`, run once for all the tests here ([`bench_quick`]): every
//! kind of row is there; the ceiling, code path, thread and cache fields of the batched rows exist and
//! are sane; the plot is an SVG file; and the tile-map rows carry the parry2d peer with every
//! mismatch settled by the `f64` reference, none in the peer's favour. (Timings are never asserted:
//! only that they are positive and finite.)

use crate::support::bench_quick;
use serde_json::Value;

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

/// A number field, or NaN where it is missing or null (so that every comparison with it fails).
fn number(v: &Value, key: &str) -> f64 {
    v[key].as_f64().unwrap_or(f64::NAN)
}

/// The scalar and batched rows are there, the bandwidth, caches and threads are positive, and every
/// batched row names a known code path and cache level.
#[test]
fn bench_json_has_scalar_and_batched_rows_with_known_paths_and_levels() {
    let d = &bench_quick().json;
    assert!(!d["scalar"].as_array().unwrap().is_empty(), "scalar rows");
    let batched = d["batched"].as_array().unwrap();
    assert!(!batched.is_empty(), "batched rows");
    assert!(number(d, "bandwidth_gb_s") > 0.0);
    let c = &d["caches"];
    assert!(number(c, "l1d") > 0.0 && number(c, "l2") > 0.0 && number(c, "l3") > 0.0, "{c}");
    assert!(number(d, "threads_available") >= 1.0);
    for b in batched {
        assert!(number(b, "ceiling_gb_s") > 0.0, "{b}");
        assert!(["avx512", "avx2", "portable"].contains(&b["path"].as_str().unwrap_or("")), "{b}");
        assert!(number(b, "threads") >= 1.0, "{b}");
        assert!(["L1", "L2", "L3", "DRAM"].contains(&b["cache_level"].as_str().unwrap_or("")), "{b}");
    }
}

/// The tile-map rows: ours against the parry2d peer in the same run, every mismatch of end
/// positions settled by the `f64` reference (ours right, peer right, neither or both), and none where
/// the peer is right and ours is not.
#[cfg(feature = "peers")]
#[test]
fn bench_json_tilemap_rows_carry_the_peer_and_settle_every_mismatch() {
    let t = bench_quick().json["tilemap"].as_array().unwrap();
    assert!(!t.is_empty(), "tile-map rows");
    for r in t {
        assert!(r["peer"].as_str().is_some_and(|p| !p.is_empty()), "{r}");
        assert!(number(r, "peer_ns_per_step") > 0.0 && number(r, "ns_per_step") > 0.0, "{r}");
        let count = |key: &str| r[key].as_u64().unwrap_or_else(|| panic!("{key} in {r}"));
        let mismatches = count("mismatches");
        assert_eq!(count("peer_right"), 0, "{r}");
        assert_eq!(mismatches, count("ours_right") + count("peer_right") + count("neither") + count("both"), "{r}");
    }
    let r = &t[0];
    println!(
        "bench --quick tilemap: {} balls, {} map: {:.0} ns/step, parry2d {:.0} ns/step, mismatches {} (ours right {}, \
         peer right {}, neither {})",
        r["balls"],
        r["map"],
        number(r, "ns_per_step"),
        number(r, "peer_ns_per_step"),
        r["mismatches"],
        r["ours_right"],
        r["peer_right"],
        r["neither"]
    );
}

/// The swarm rows: the five scenarios, each with the plain loop, the batched step on 1 and 2 threads
/// (the run makes a row whose ends differ from the loop's an error, so exit 0 means they agree), the
/// per-ball memory, and with `peers` the parry2d peer with its ends compared.
#[test]
fn bench_json_swarm_rows_name_every_scenario_and_figure() {
    let w = bench_quick().json["swarm"].as_array().unwrap();
    let names: Vec<&str> = w.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["noise", "bullets", "crowd", "rest", "level"]);
    for r in w {
        for key in ["scalar_ns", "batch_ns", "batch_2t_ns"] {
            assert!(number(r, key) > 0.0, "{key} in {r}");
        }
        assert_eq!(r["strategy"], "swept-slide-seamless");
        assert_eq!(r["batch_bytes_per_ball"], 0, "one radius, no outcomes: {r}");
        assert!(r["outcome_bytes"].as_u64().is_some_and(|b| b <= 24), "{r}");
        assert!(r["scalar_step_bytes"].as_u64().is_some_and(|b| b > 24), "{r}");
        let share = number(r, "hit_share");
        assert!((0.0..=1.0).contains(&share), "{r}");
        #[cfg(feature = "peers")]
        {
            assert!(r["peer"].as_str().is_some_and(|p| p.contains("parry2d 0.31")), "{r}");
            assert!(number(r, "peer_ns") > 0.0 && number(r, "speedup") > 0.0, "{r}");
            let m = r["mismatches"].as_u64().unwrap();
            assert!(m * 2 <= r["balls"].as_u64().unwrap(), "most of the peer's ends agree: {r}");
        }
    }
    assert_eq!(number(&w[3], "hit_share"), 1.0, "balls at rest all touch their floor: {}", w[3]);
}

/// The controller rows beside the tile-map rows: one thread and every core, on the same map, the
/// same number of characters and steps; ns per character step positive and finite, and as world
/// steps where the tile-map row has a figure; the characters did land and jump (the counts are
/// the same in both rows: one seeded run).
#[test]
fn bench_json_controller_rows_sit_beside_the_tilemap_rows() {
    let d = &bench_quick().json;
    let (c, t) = (d["controller"].as_array().unwrap(), d["tilemap"].as_array().unwrap());
    assert_eq!(c.len(), 2, "1 thread and every core");
    for (row, tile) in c.iter().zip(t) {
        assert_eq!((&row["map"], &row["threads"]), (&tile["map"], &tile["threads"]), "{row}");
        assert!(number(row, "ns_per_step") > 0.0 && number(row, "world_steps_per_step") > 0.0, "{row}");
        assert_eq!(row["steps_per_character"], 60);
        let share = number(row, "grounded_share");
        assert!(share > 0.0 && share < 1.0, "{row}");
        assert!(row["events"]["landed"].as_u64() > Some(0) && row["events"]["jumped"].as_u64() > Some(0), "{row}");
        assert_eq!(row["events"], c[0]["events"]);
    }
    println!(
        "bench --quick controller: {} characters x 60 steps: {:.0} ns/step ({:.2} world steps)",
        c[0]["characters"],
        number(&c[0], "ns_per_step"),
        number(&c[0], "world_steps_per_step")
    );
}
