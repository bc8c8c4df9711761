//! docs/controller.md's table and the controller's conformance suite
//! (`crates/ball-aabb/tests/conformance.rs`) name the same tests, each once.

use std::collections::BTreeSet;

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_controller_page_lists_every_conformance_test_and_no_other() {
    let suite = read("crates/ball-aabb/tests/conformance.rs");
    let lines: Vec<&str> = suite.lines().collect();
    let tests: Vec<String> = lines
        .windows(2)
        .filter(|w| w[0].trim() == "#[test]")
        .filter_map(|w| w[1].trim().strip_prefix("fn ")?.split('(').next().map(str::to_string))
        .collect();
    let page = read("docs/controller.md");
    let rows: Vec<String> =
        page.lines().filter_map(|l| l.strip_prefix("| `")?.split('`').next().map(str::to_string)).collect();
    assert!(tests.len() >= 30, "the suite has {} tests", tests.len());
    let (t, r): (BTreeSet<_>, BTreeSet<_>) = (tests.iter().collect(), rows.iter().collect());
    assert_eq!(t.len(), tests.len(), "a test name twice");
    assert_eq!(r.len(), rows.len(), "a row twice");
    assert_eq!(t.difference(&r).collect::<Vec<_>>(), Vec::<&&String>::new(), "tests missing from the page");
    assert_eq!(r.difference(&t).collect::<Vec<_>>(), Vec::<&&String>::new(), "rows naming no test");
}
