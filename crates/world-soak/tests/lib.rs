//! The soak's tests, one binary: the checks against planted faults and known-good steps
//! (`checks.rs`), and the soak of every strategy that claims the invariants (`soak.rs`).

mod checks;
mod soak;
