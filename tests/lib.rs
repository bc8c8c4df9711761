//! The app's integration tests (the command line, the JSON report, the teaching layer's emitted
//! tests, the glyphs the linked fonts hold), built as one binary: `cargo test --no-default-features`. The geometry's own tests live
//! with it in `crates/ball-aabb/tests/`; `common` (the independent exact reference) is shared from there.
//!
//! Every expected value here comes from an independent reference (`common`), from hand arithmetic
//! written next to the case, or from a property that must hold; never from the code under test.

#[path = "../crates/ball-aabb/tests/common.rs"]
mod common;
mod support;

mod bench_quick;
mod cli;
mod conformance_docs;
mod controller_cli;
mod figure;
mod fonts;
mod motion_cli;
mod oriented_cli;
mod play_cli;
mod pushout_cli;
mod reduced_motion_cli;
mod report;
mod soak_cli;
mod swarm_cli;
mod sweep_parry;
mod teach_cli;
mod teach_emitted;
mod tilemap_cli;
mod validation;
