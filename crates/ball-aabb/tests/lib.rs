//! Integration tests of `ball-aabb`, built as one binary: `cargo test -p ball-aabb`.
//!
//! Every expected value here comes from an independent reference (`common`), from hand arithmetic
//! written next to the case, or from a property that must hold (a push that leaves the shapes
//! touching); never from the code under test.

mod common;

mod algorithms;
mod batch;
mod cases;
mod contact;
mod controller;
mod controller_ramps;
mod motion;
mod oriented;
mod oriented_parry;
mod push_out;
mod response;
mod validation;
mod world;
mod world_exact;
mod world_oriented;
mod world_push_out;
