//! What a game needs, in one import: `use ball_aabb::prelude::*;`.
//!
//! The shapes, the answers about one ball and one box, the moves through several boxes, the world
//! step on a tile map or a box list, and the character controller. The teaching registry
//! ([`crate::algo`]), the batched kernels ([`crate::batch`]) and the lower-level functions of
//! [`crate::contact`], [`crate::response`] and [`crate::motion`] are left to their modules.
//!
//! ```
//! use ball_aabb::prelude::*;
//! let level = TileMap::from_ascii("....\n....\n####", 1.0)?; // the floor's top is y = 1
//! let params = Params::default().with_gravity([0.0, -0.01]);
//! let (mut ball, mut v) = (Circle::new([1.5, 2.5], 0.4)?, [0.0, 0.0]);
//! for _ in 0..200 {
//!     let s = step(StrategyId::default(), &ball, v, &level, &params);
//!     (ball, v) = (Circle::new(s.end, 0.4)?, s.velocity);
//! }
//! assert_eq!(ball.center()[1], 1.4); // at rest on the floor
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::contact::{Contact, ContactState};
pub use crate::controller::{Config, Controller, Event, Input, Report};
pub use crate::motion::{bounce, slide, sweep, Feature, Hit, Motion, Reaction};
pub use crate::oriented::{OrientedBox3, OrientedRect};
pub use crate::response::{PushCase, PushOut};
pub use crate::shape::{Box3, Circle, Rect, ShapeError, Sphere};
pub use crate::world::{step, Params, Step, StrategyId, Tile, TileMap, World};
