//! The soak in the test command: 10⁶ checked steps of each strategy in [`EXACT`], every invariant
//! it [`claims`] asserted clean (the others are counted in the failure message). A failure prints
//! the counts and each kept violation's one-line reproducer (replay it with
//! `circle-aabb-lab soak --replay 'LINE'`).

use ball_aabb::world::StrategyId;
use world_soak::{claims, soak, Check, Config, EXACT};

/// The seed of the test command's soak (the `soak` command's default too).
const SEED: u64 = 27;
/// Steps per strategy.
const STEPS: u64 = 1_000_000;

fn assert_clean(id: StrategyId) {
    assert!(EXACT.contains(&id));
    let report = soak(&Config { keep: 2, ..Config::new(id, SEED, STEPS) });
    assert_eq!(report.steps, STEPS);
    let broken: Vec<Check> =
        Check::ALL.into_iter().filter(|c| c.applies(id) && claims(id, *c) && report.count(*c) > 0).collect();
    assert!(broken.is_empty(), "{} breaks {broken:?}:\n{}", id.as_str(), report.text());
}

#[test]
fn soak_swept_slide() {
    assert_clean(StrategyId::SweptSlide);
}

#[test]
fn soak_merged() {
    assert_clean(StrategyId::Merged);
}

#[test]
fn soak_swept_slide_seamless() {
    assert_clean(StrategyId::SweptSlideSeamless);
}
