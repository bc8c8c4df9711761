//! The JSON report of one case (what `query` prints), checked against the reference over sweeps.

use crate::common::*;
use circle_aabb_lab::geom::algo::ALGORITHMS;
use circle_aabb_lab::report::Case;
use serde_json::Value;

fn check_report<const D: usize>(case: &IntCase<D>) {
    let mut numbers: Vec<f32> = case.c.iter().map(|&v| v as f32).collect();
    numbers.push(case.r as f32);
    numbers.extend(case.lo.iter().chain(&case.hi).map(|&v| v as f32));
    let line = numbers.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",");
    let report = Case::from_csv_line(&line).unwrap_or_else(|e| panic!("{line}: {e}")).report();
    // Inputs round-trip.
    let ints = |v: &Value| -> Vec<i64> { v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap() as i64).collect() };
    let ball = if D == 2 { &report["circle"] } else { &report["sphere"] };
    assert_eq!(ints(&ball["center"]), case.c.to_vec());
    assert_eq!(ball["radius"].as_f64(), Some(case.r as f64));
    assert_eq!(ints(&report["box"]["min"]), case.lo.to_vec());
    assert_eq!(ints(&report["box"]["max"]), case.hi.to_vec());
    assert_eq!(report["dim"], D);
    // Zone, closest point and state from the reference.
    assert_eq!(report["zone"], case.zone());
    let closest: Vec<i64> = (0..D).map(|i| case.c[i].clamp(case.lo[i], case.hi[i])).collect();
    assert_eq!(ints(&report["closest"]), closest);
    let state = match case.cmp() {
        std::cmp::Ordering::Less => "overlapping",
        std::cmp::Ordering::Equal => "touching",
        std::cmp::Ordering::Greater => "separated",
    };
    assert_eq!(report["state"], state, "{line}");
    // `disagree` lists exactly the ids whose verdict differs from the exact one, in registry order.
    let truth = case.overlaps();
    let expected: Vec<&str> = ALGORITHMS.iter().filter(|a| report["overlap"][a.id] != truth).map(|a| a.id).collect();
    let listed: Vec<&str> = report["disagree"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(listed, expected, "{line}");
    for id in &listed {
        assert!(
            !circle_aabb_lab::geom::algo::algorithm(id).unwrap().is_exact(D),
            "{id} is exact but disagrees on {line}"
        );
    }
    // No NaN or null anywhere in a report of a valid case.
    assert!(!report.to_string().contains("null"), "{report}");
}

#[test]
fn reports_match_the_reference_over_sweeps() {
    let mut rng = Seeded::new(0x2E9);
    for _ in 0..3000 {
        check_report(&random_int_case::<2>(&mut rng));
        check_report(&random_int_case::<3>(&mut rng));
        check_report(&tangent_int_case::<2>(&mut rng, 0));
        check_report(&tangent_int_case::<3>(&mut rng, 1));
        check_report(&boundary_int_case::<3>(&mut rng));
    }
}
