//! The soak's tests, one binary: the checks against planted faults and known-good steps
//! (`checks.rs`) and the soak of every strategy that claims the invariants (`soak.rs`). Its
//! findings on the library are tests of the library's own, next to the code (`crates/ball-aabb/tests/world.rs`).

mod batch;
mod checks;
mod controller;
mod soak;
