//! Integration tests, built as one binary: `cargo test --no-default-features`.
//!
//! Every expected value here comes from an independent reference (`common`), from hand arithmetic
//! written next to the case, or from a property that must hold (a push that leaves the shapes
//! touching); never from the code under test.

mod common;

mod algorithms;
mod batch;
mod cases;
mod cli;
mod contact;
mod report;
mod response;
mod teach_cli;
mod teach_emitted;
mod validation;
