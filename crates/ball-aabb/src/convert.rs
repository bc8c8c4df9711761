//! Conversions to and from the vector types games hold (features `glam` and `mint`).
//!
//! Every constructor takes `impl Into<[f32; D]>`, and glam's and mint's vectors convert into arrays,
//! so they can be passed as they are; results are arrays, which convert back with `From`:
//!
//! ```
//! # #[cfg(feature = "glam")] {
//! use ball_aabb::{Circle, Rect};
//! use glam::Vec2;
//! let ball = Circle::new(Vec2::new(5.0, 1.5), 1.5).unwrap();
//! let wall = Rect::new(Vec2::ZERO, Vec2::new(4.0, 2.0)).unwrap();
//! let push = Vec2::from(ball.push_out(&wall));
//! assert_eq!(push, Vec2::new(0.5, 0.0));
//! assert_eq!(ball.center_vec2() + push, Vec2::new(5.5, 1.5));
//! # }
//! ```
//!
//! The accessors below return the shapes' points as those types directly.

#![forbid(unsafe_code)]

use crate::shape::{Aabb, Ball};

macro_rules! accessors {
    ($feature:literal, $dim:literal, $ty:ty, $center:ident, $min:ident, $max:ident) => {
        impl Ball<$dim> {
            #[doc = concat!("The centre as a `", stringify!($ty), "` (feature `", $feature, "`).")]
            #[inline]
            #[must_use]
            pub fn $center(&self) -> $ty {
                self.center().into()
            }
        }

        impl Aabb<$dim> {
            #[doc = concat!("The min corner as a `", stringify!($ty), "` (feature `", $feature, "`).")]
            #[inline]
            #[must_use]
            pub fn $min(&self) -> $ty {
                self.min().into()
            }

            #[doc = concat!("The max corner as a `", stringify!($ty), "` (feature `", $feature, "`).")]
            #[inline]
            #[must_use]
            pub fn $max(&self) -> $ty {
                self.max().into()
            }
        }
    };
}

#[cfg(feature = "glam")]
accessors!("glam", 2, glam::Vec2, center_vec2, min_vec2, max_vec2);
#[cfg(feature = "glam")]
accessors!("glam", 3, glam::Vec3, center_vec3, min_vec3, max_vec3);
#[cfg(feature = "glam")]
accessors!("glam", 3, glam::Vec3A, center_vec3a, min_vec3a, max_vec3a);
#[cfg(feature = "mint")]
accessors!("mint", 2, mint::Vector2<f32>, center_mint2, min_mint2, max_mint2);
#[cfg(feature = "mint")]
accessors!("mint", 3, mint::Vector3<f32>, center_mint3, min_mint3, max_mint3);

#[cfg(all(test, feature = "glam", feature = "mint"))]
mod tests {
    use crate::shape::{Box3, Sphere};

    #[test]
    fn glam_and_mint_round_trip() {
        let s = Sphere::new(glam::Vec3A::new(1.0, 2.0, 3.0), 0.5).unwrap();
        assert_eq!(s.center_vec3(), glam::Vec3::new(1.0, 2.0, 3.0));
        assert_eq!(s.center_vec3a(), glam::Vec3A::new(1.0, 2.0, 3.0));
        let m: mint::Vector3<f32> = s.center_mint3();
        assert_eq!([m.x, m.y, m.z], [1.0, 2.0, 3.0]);
        let b = Box3::new(mint::Vector3 { x: -1.0, y: 0.0, z: 0.0 }, glam::Vec3::ONE).unwrap();
        assert_eq!((b.min_vec3(), b.max_mint3().z), (glam::Vec3::new(-1.0, 0.0, 0.0), 1.0));
    }
}

#[cfg(all(test, feature = "glam"))]
mod glam_world {
    use crate::world::{step, Params, StrategyId, TileMap};
    use crate::Circle;
    use glam::Vec2;

    /// A glam game loop without `.into()`: the velocity goes in as a `Vec2`, the results come back
    /// with `Vec2::from`.
    #[test]
    fn world_step_takes_a_vec2() {
        let map = TileMap::from_ascii("....\n####", 1.0).unwrap();
        let ball = Circle::new(Vec2::new(0.5, 1.5), 0.5).unwrap();
        let s = step(StrategyId::default(), &ball, Vec2::new(0.25, -0.5), &map, &Params::default());
        assert_eq!((Vec2::from(s.end), Vec2::from(s.velocity)), (Vec2::new(0.75, 1.5), Vec2::new(0.25, 0.0)));
    }
}
