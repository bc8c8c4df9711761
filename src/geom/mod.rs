//! Pure geometry: shapes, the overlap tests, contact and collision response. No graphics.

pub mod algo;
pub mod batch;
pub mod contact;
pub mod response;
pub mod shape;

pub use algo::{algorithm, algorithm_ids, Algorithm, Focus, OverlapTest, Source, Step, Trace, ALGORITHMS};
pub use contact::{closest_point, contact, signed_distance_f64, zone_of, Contact, State};
pub use response::{contact_response, nearest_face, response, Face, Response, ResponseCase};
pub use shape::{Aabb, Ball, Box3, Circle, Rect, ShapeError, Sphere, AXES};

#[cfg(test)]
pub(crate) mod testutil;
