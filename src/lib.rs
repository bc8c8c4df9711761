//! # circle-aabb-lab
//!
//! Every published circle/sphere–AABB overlap test, side by side, with the contact (closest point,
//! signed distance, zone) and the collision response (push-out) in 2D and 3D.
//!
//! ```
//! use circle_aabb_lab::geom::{algo::ALGORITHMS, contact::contact, response::response, Circle, ContactState, Rect};
//!
//! let rect = Rect::new([0.0, 0.0], [4.0, 2.0]).unwrap();
//! let circle = Circle::new([5.0, 3.0], 1.5).unwrap();
//!
//! // Every exact algorithm agrees with the contact's state.
//! let k = contact(&circle, &rect);
//! assert_eq!(k.state, ContactState::Overlapping); // distance √2 ≈ 1.414 < 1.5
//! for algo in ALGORITHMS.iter().filter(|a| a.is_exact(2)) {
//!     assert!((algo.overlap_2d)(&circle, &rect), "{}", algo.id);
//! }
//! // Pushing the circle by the response leaves it just touching.
//! let push = response(&circle, &rect).push;
//! let moved = circle.translated(push).unwrap();
//! assert!((contact(&moved, &rect).distance - 1.5).abs() < 1e-6);
//! ```
//!
//! The modules: [`geom`] (the pure core, the `ball-aabb` crate), [`swarm`] (many balls through one map), [`cli`] (the `query`, `move`, `bench` and `soak` commands,
//! desktop only).

pub mod app;
pub mod bench;
pub mod format;
/// The geometry core: the `ball-aabb` crate (`crates/ball-aabb`), under the name the app has always used.
pub use ball_aabb as geom;
#[cfg(feature = "gui")]
pub mod gui;
#[cfg(feature = "gui")]
pub mod page;
#[cfg(feature = "gui")]
pub mod render;
pub mod report;
pub mod swarm;
pub mod teach;
#[cfg(feature = "gui")]
pub mod ui;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
#[cfg(not(target_arch = "wasm32"))]
pub mod figure;

/// The README's Rust examples, compiled and run as doc tests (so the first thing a newcomer copies works).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
