//! # world-soak
//!
//! A seeded soak of [`ball_aabb::world::step`]: generated tile maps and hand-made awkward places
//! ([`scenario`]), a game loop per scenario (each step fed the last one's `end` and `velocity`),
//! every step judged by named invariants ([`Check`]) against a reference written here
//! ([`geometry`]: `f64` distances to cells, never the library's collision code), the violations
//! counted per check and the first few kept with a one-line reproducer ([`Case`]).
//!
//! Two users, one source: the test command (`tests/lib.rs`: 10⁶ steps of each swept strategy in
//! [`EXACT`], asserted clean on the checks it [`claims`]) and the app's `soak` command (long runs,
//! every strategy, JSON).
//!
//! ```
//! use world_soak::{soak, Check, Config};
//! use ball_aabb::world::StrategyId;
//! let report = soak(&Config::new(StrategyId::SweptSlideSeamless, 1, 2_000));
//! assert_eq!(report.steps, 2_000);
//! println!("{}", report.text()); // the counts per check, then each kept violation's reproducer
//! for v in &report.first {
//!     // Every reproducer replays to the same finding.
//!     let replay = v.case.replay().unwrap();
//!     assert!(replay.iter().any(|(_, found)| found.iter().any(|(c, _)| *c == v.check)));
//! }
//! # let _ = Check::ALL;
//! ```
//!
//! The modules: [`rng`] (SplitMix64), [`geometry`] (the reference), [`check`] (the invariants),
//! [`scenario`] (the generators), [`case`] (reproducers), [`run`] (the soak), and [`controller`]: the
//! character controller's own soak (random input scripts at 30–240 Hz, judged by the same reference).

#![forbid(unsafe_code)]

pub mod case;
pub mod check;
pub mod controller;
pub mod geometry;
pub mod rng;
pub mod run;
pub mod scenario;

pub use case::Case;
pub use check::{check_step, claims, Check, Outcome, RunState, Scene, Surface, EXACT};
pub use run::{soak, Config, Report, Violation};
pub use scenario::{Kind, Scenario};
