//! The character controller's soak ([`world_soak::controller`]): 10⁶ steps of random input on random
//! levels at 30–240 Hz and a varying frame time, every step judged; no rule may be broken. The longer
//! run (10⁸ steps) is `cargo test --release -p world-soak -- --ignored controller_soak_long`.

use world_soak::controller::{soak_controller, Rule};

fn assert_clean(seed: u64, runs: u64, steps: u64) {
    let r = soak_controller(seed, runs, steps);
    assert_eq!(r.steps, runs * steps);
    let counts: Vec<_> = Rule::ALL.iter().zip(r.counts).filter(|(_, n)| *n > 0).collect();
    assert!(
        r.clean(),
        "{counts:?}\n{}",
        r.first.iter().map(|(k, s)| format!("{k:?}: {s}")).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn controller_soak_a_million_steps() {
    assert_clean(0xC0FFEE, 250, 4000);
}

#[test]
#[ignore = "10⁸ steps: minutes in a release build"]
fn controller_soak_long() {
    assert_clean(0x5EED, 25_000, 4000);
}
