//! # ball-aabb
//!
//! A ball (a circle in 2D, a sphere in 3D) against an axis-aligned box: does it touch, how do I push
//! it out, and many of them at once — exact on exact inputs, total (no panic, no NaN) on valid
//! shapes, `no_std`, no required dependencies.
//!
//! Shapes are built once through checked constructors ([`Ball::new`], [`Aabb::new`]) that name the
//! bad field; everything after that takes valid shapes and cannot fail. [`Circle`] and [`Rect`] are
//! the 2D names, [`Sphere`] and [`Box3`] the 3D ones: every function is written once for any
//! dimension.
//!
//! ## Names
//! One scheme for every shape: [`Circle`], [`Rect`] and [`OrientedRect`] in 2D, [`Sphere`], [`Box3`]
//! and [`OrientedBox3`] in 3D (aliases of [`Ball`], [`Aabb`] and [`OrientedBox`] for a dimension).
//! One word per kind of answer: a [`Contact`] is where a ball stands against a box (closest point,
//! signed distance, [`ContactState`], zone), for an aligned or a turned box alike; a [`Hit`] is
//! where a moving ball touches a box (a sweep's answer, each contact of a [`Motion`] and of a world
//! step); a [`PushOut`] is the move that separates them. A game needs the root and [`prelude`];
//! the lower-level functions stay in their modules ([`contact`], [`response`], [`motion`]), and
//! the teaching registry of published tests in [`algo`].
//!
//! ## Does this circle touch this box?
//! ```
//! use ball_aabb::{Circle, Rect};
//! let wall = Rect::new([0.0, 0.0], [4.0, 2.0])?;
//! let ball = Circle::new([5.0, 1.5], 1.5)?;
//! assert!(ball.overlaps(&wall)); // 1 from the right face, radius 1.5
//! // Touching counts: (7, 6) is exactly 5 from the corner (4, 2), a 3-4-5 triangle.
//! assert!(Circle::new([7.0, 6.0], 5.0)?.overlaps(&wall));
//! assert!(!Circle::new([7.0, 6.01], 5.0)?.overlaps(&wall));
//! # Ok::<(), ball_aabb::ShapeError>(())
//! ```
//!
//! ## Push it out
//! [`Ball::push_out`] is the smallest move that leaves the ball just touching the box (the box does
//! not move). A centre outside the box is pushed away from the closest point; a centre inside is
//! pushed out through the nearest face ([`response::response`] documents the tie rule).
//! ```
//! use ball_aabb::{Circle, Rect, ContactState};
//! let wall = Rect::new([0.0, 0.0], [4.0, 2.0])?;
//! let ball = Circle::new([5.0, 1.5], 1.5)?;
//! let push = ball.push_out(&wall);
//! assert_eq!(push, [0.5, 0.0]);
//! let pushed = ball.translated(push).expect("finite");
//! assert_eq!(pushed.contact(&wall).state, ContactState::Touching);
//! # Ok::<(), ball_aabb::ShapeError>(())
//! ```
//!
//! ## Where does it hit when it moves
//! [`sweep`] casts the ball along a velocity (the centre moves along `c + t·v`, `t ∈ [0, 1]`) and
//! returns the first touch: `t`, the centre then, the point of the box, its outward normal and the
//! feature hit. A discrete test at the end of the move would miss this thin wall entirely.
//! ```
//! use ball_aabb::{sweep, Circle, Rect, motion::Feature};
//! let wall = Rect::new([10.0, -5.0], [10.5, 5.0])?;
//! let ball = Circle::new([0.0, 0.0], 1.0)?;
//! assert!(!ball.translated([30.0, 0.0]).expect("finite").overlaps(&wall)); // tunnelled
//! let hit = sweep(&ball, [30.0, 0.0], &wall).expect("the sweep sees it");
//! assert_eq!((hit.t, hit.center, hit.normal), (0.3, [9.0, 0.0], [-1.0, 0.0]));
//! // Past the wall's corner (10, 5) at 3-4-5: a corner hit.
//! let hit = sweep(&Circle::new([6.0, 14.0], 5.0)?, [0.0, -10.0], &wall).expect("hit");
//! assert_eq!((hit.t, hit.center, hit.feature), (0.6, [6.0, 8.0], Feature::Corner));
//! assert_eq!(hit.normal, [-0.8, 0.6]);
//! # Ok::<(), ball_aabb::ShapeError>(())
//! ```
//!
//! ## Move and slide it through these boxes
//! [`slide`] moves the ball through several boxes: at each blocking contact it drops the velocity's
//! component into the normal and goes on with the rest of the move ([`bounce`] reflects it instead).
//! A contact the motion does not go into does not block, so a ball rolls across flush floor tiles.
//! ```
//! use ball_aabb::{slide, Circle, Rect};
//! let floor = [Rect::new([0.0, -1.0], [1.0, 0.0])?, Rect::new([1.0, -1.0], [2.0, 0.0])?];
//! let wall = Rect::new([2.0, -1.0], [3.0, 3.0])?;
//! let boxes = [floor[0], floor[1], wall];
//! let ball = Circle::new([0.5, 0.5], 0.5)?;
//! let m = slide(&ball, [4.0, -1.0], &boxes);
//! assert_eq!(m.end, [1.5, 0.5]); // rolled across the seam into the wall
//! assert_eq!(m.velocity, [0.0, 0.0]);
//! let hit_boxes: Vec<usize> = m.hits().iter().map(|h| h.index).collect();
//! assert_eq!(hit_boxes, [0, 2]); // pressed into the first tile at t = 0, then the wall
//! # Ok::<(), ball_aabb::ShapeError>(())
//! ```
//!
//! ## Run a character through a level
//! [`controller::Controller`] is a ball-shaped platformer character on top of the world step: it
//! takes the player's input and `dt` in seconds each frame and reports where it is, whether it
//! stands on the ground, and what happened (landed, jumped, snapped down a step, …). The ten-line
//! game loop:
//! ```
//! use ball_aabb::controller::{Config, Controller, Event, Input};
//! use ball_aabb::world::TileMap;
//! let level = TileMap::from_ascii("....--....\n..........\n###...####", 1.0)?; // '-': one-way
//! let mut player = Controller::new([0.5, 1.4], 0.4, Config::default())?;
//! for frame in 0..90 {
//!     let input = Input { x: 1.0, jump_pressed: frame == 20, jump_held: frame < 50, down: false };
//!     let report = player.step(input, 1.0 / 60.0, &level);
//!     if report.events.contains(Event::Landed) { /* play a sound */ }
//!     // draw a circle at report.position (glam: Vec2::from(report.position))
//! }
//! assert!(player.grounded() && player.position()[0] > 7.0); // jumped the pit
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## How far is it, and where is the closest point
//! [`Ball::contact`] gives the closest point of the box, the signed distance, the penetration depth
//! and the zone (which of the 9 regions in 2D, 27 in 3D, the centre is in), computed in `f64`, so the
//! state — separated, touching, overlapping — is exact on `f32` inputs.
//! ```
//! use ball_aabb::{Sphere, Box3, ContactState};
//! let crate_ = Box3::new([0.0, 0.0, 0.0], [1.0, 1.0, 1.0])?;
//! let k = Sphere::new([2.0, 3.0, 1.0], 3.0)?.contact(&crate_);
//! assert_eq!(k.closest, [1.0, 1.0, 1.0]);
//! assert_eq!(k.distance, 5.0f32.sqrt());
//! assert_eq!(k.state, ContactState::Overlapping);
//! # Ok::<(), ball_aabb::ShapeError>(())
//! ```
//!
//! ## Test a million circles against one box
//! The [`batch`] kernels take structure-of-arrays slices (one slice per coordinate) and write a
//! bitmask, with no branch per ball; on x86-64 they switch to AVX2 or AVX-512 at run time (feature
//! `std`).
//! ```
//! use ball_aabb::batch::{mask_bit, mask_words, overlap_mask_one_box_fixed};
//! use ball_aabb::Rect;
//! let wall = Rect::new([0.0, 0.0], [4.0, 2.0])?;
//! let n = 1_000_000;
//! let xs: Vec<f32> = (0..n).map(|i| (i % 1000) as f32 * 0.01).collect();
//! let ys: Vec<f32> = (0..n).map(|i| (i / 1000) as f32 * 0.01).collect();
//! let mut mask = vec![0u64; mask_words(n)];
//! let hits = overlap_mask_one_box_fixed(&wall, 0.5, [&xs, &ys], &mut mask);
//! assert!(mask_bit(&mask, 0)); // (0, 0) is on the box
//! assert!(hits > 0 && hits < n);
//! # Ok::<(), ball_aabb::ShapeError>(())
//! ```
//!
//! ## Every published test, for study
//! [`algo`] holds the nine published overlap tests (Arvo's, the quick-rejection forms, the branch-free
//! one, the face-plane test and its flawed naive form, ...) in one registry, [`algo::ALGORITHMS`], each with
//! its source, pseudocode, tangency rule, a traced form that records every step, and the form
//! exactly as published where that was wrong. Games want [`Ball::overlaps`]; the registry is for
//! comparing, teaching and benchmarking.
//!
//! ## Features
//! - `std` (default): run-time CPU detection for the batched kernels and the platform's `sqrt`.
//!   Without it the crate is `#![no_std]` (it uses `alloc` for traces and owned buffers only) and
//!   computes the same correctly rounded square roots in software.
//! - `glam`: accessors that return the points as glam 0.27 vectors (`Ball::center_vec2`,
//!   `Aabb::min_vec2`, `Aabb::max_vec2`, and the `_vec3`/`_vec3a` forms). Glam needs no feature
//!   to go *in*: the shape constructors and the controller take `impl Into<[f32; D]>` for points and
//!   velocities, which glam's `Vec2`/`Vec3`/`Vec3A` are as they are; results are arrays, which
//!   glam's own `Vec2::from` takes. There are no `from_glam` constructors: none are needed.
//! - `mint`: the same for mint's `Vector2`/`Vector3`, the interchange types glam, nalgebra and cgmath
//!   convert to: `Ball::center_mint2`, `Aabb::min_mint2`, `Aabb::max_mint2` and the `_mint3` forms.
//! - `serde`: `Serialize`/`Deserialize` for the shapes and result types.
//! - `parallel`: the `par_*` forms of the [`batch`] kernels, which split arrays of 64 Ki lanes and
//!   more across rayon's thread pool (implies `std`; rayon is the crate's only dependency then).
//!
//! ## Robustness
//! No function here panics or returns NaN on valid shapes. The overlap tests square `f32`
//! differences: beyond about 1.8·10¹⁹ those squares overflow (see [`algo`]'s range note); contact
//! and response work in `f64` and stay right.

#![no_std]
#![deny(missing_docs)]
#![deny(unsafe_code)]

extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

pub mod algo;
pub mod batch;
pub mod contact;
pub mod controller;
#[cfg(any(feature = "glam", feature = "mint"))]
mod convert;
mod math;
pub mod motion;
pub mod oriented;
pub(crate) mod overlap;
pub mod prelude;
mod queries;
pub mod response;
pub mod shape;
mod source;
pub mod trace;
pub mod world;

pub use contact::{Contact, ContactState};
pub use motion::{bounce, slide, sweep, Hit, Motion};
pub use oriented::{OrientedBox, OrientedBox3, OrientedRect};
pub use response::PushOut;
pub use shape::{Aabb, Ball, Box3, Circle, Rect, ShapeError, Sphere};

#[cfg(test)]
pub(crate) mod testutil;

/// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
