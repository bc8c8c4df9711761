//! What the core says about the 3D scene: the verdicts, the contact, the sweep. A turned box is
//! asked through the core's oriented box ([`OrientedBox3`]): the contact, push-out and sweep in world
//! coordinates with the region in the box's frame, and the registry's algorithms on the sphere moved
//! into the box's frame ([`OrientedBox3::local_ball`] against [`OrientedBox3::local_aabb`]), as the core documents.

use crate::app::teach::uses_arvo_mode;
use crate::geom::algo::arvo::{overlap_mode, ArvoMode};
use crate::geom::algo::Trace;
use crate::geom::contact::face_distances;
use crate::geom::{
    algo::ALGORITHMS, contact::contact, response::response, sweep, Box3, Contact, Hit, OrientedBox3, PushOut, Sphere,
};

/// What the core says about the 3D scene: everything the 3D canvas and the panel show.
#[derive(Clone, Debug)]
pub struct Analysis3 {
    pub contact: Contact<3>,
    pub response: PushOut<3>,
    /// The selected algorithm's verdict (Arvo's mode / as published as the teaching options say).
    pub verdict: bool,
    /// The exact answer: touching or overlapping.
    pub exact: bool,
    /// Every algorithm's 3D verdict, in registry order.
    pub verdicts: Vec<bool>,
    /// Distances from the centre to the faces, measured inwards.
    pub faces: [[f64; 2]; 3],
    /// The selected algorithm's traced run.
    pub trace: Trace<3>,
    /// The sweep by the scene's velocity, when it has one.
    pub sweep: Option<Sweep3>,
    /// A turned box: the centre in the box's frame (`None`: the box is aligned). The region,
    /// the face distances, the trace and every verdict are then the box frame's.
    pub local_center: Option<[f32; 3]>,
}

/// The sphere swept by a velocity against the box: the core's first touch and what a discrete test
/// at the end of the move would see.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sweep3 {
    pub start: [f32; 3],
    pub velocity: [f32; 3],
    /// The sweep's first touch, if any (`t ∈ [0, 1]`).
    pub hit: Option<Hit<3>>,
    /// Where a discrete test would look: `c + v`.
    pub end: [f32; 3],
    /// The exact overlap test at `c + v`: touching or overlapping.
    pub end_overlap: bool,
}

impl Sweep3 {
    /// Runs the core's sweep and the exact test at the end of the move (against the turned box
    /// `obb` when there is one, else against `aabb`).
    #[must_use]
    pub fn of(sphere: &Sphere, velocity: [f32; 3], aabb: &Box3, obb: Option<&OrientedBox3>) -> Sweep3 {
        let c = sphere.center();
        let end = [c[0] + velocity[0], c[1] + velocity[1], c[2] + velocity[2]];
        let end_overlap = Sphere::new(end, sphere.radius()).is_ok_and(|e| match obb {
            Some(b) => b.overlaps(&e),
            None => contact(&e, aabb).state.is_overlap(),
        });
        let hit = match obb {
            Some(b) => b.sweep(sphere, velocity),
            None => sweep(sphere, velocity, aabb),
        };
        Sweep3 { start: c, velocity, hit, end, end_overlap }
    }

    /// The sweep hit (after the start) but the exact test at `c + v` says separated: a frame-by-frame
    /// overlap test would have missed the collision.
    #[must_use]
    pub fn tunnelled(&self) -> bool {
        self.hit.is_some_and(|h| !h.initial) && !self.end_overlap
    }
}

impl Analysis3 {
    /// Runs the core on the 3D scene, with the selected algorithm tested as the teaching options say;
    /// against the turned box `obb` when there is one (see the [module](self) docs).
    #[must_use]
    pub fn of(
        sphere: &Sphere,
        aabb: &Box3,
        obb: Option<&OrientedBox3>,
        algorithm: usize,
        as_published: bool,
        arvo: ArvoMode,
    ) -> Analysis3 {
        if let Some((b, local)) = obb.and_then(|b| Some((b, b.local_ball(sphere)?))) {
            let k = b.contact(sphere);
            let r = b.response(sphere);
            let mut a = Analysis3::of(&local, &b.local_aabb(), None, algorithm, as_published, arvo);
            (a.contact, a.response) = (k, r);
            a.exact = k.state.is_overlap();
            a.local_center = Some(local.center());
            return a;
        }
        let i = algorithm.min(ALGORITHMS.len() - 1);
        let contact = contact(sphere, aabb);
        let verdicts: Vec<bool> = ALGORITHMS.iter().map(|a| (a.overlap_3d)(sphere, aabb)).collect();
        Analysis3 {
            contact,
            response: response(sphere, aabb),
            verdict: tested3(i, as_published, arvo)(sphere, aabb),
            exact: contact.state.is_overlap(),
            verdicts,
            faces: face_distances(&sphere.center(), aabb),
            trace: (ALGORITHMS[i].trace_3d)(sphere, aabb),
            sweep: None,
            local_center: None,
        }
    }

    /// Does the selected algorithm disagree with the exact answer?
    #[must_use]
    pub fn wrong(&self) -> bool {
        self.verdict != self.exact
    }
}

/// The selected algorithm's 3D test as the teaching options say (Arvo's mode when Arvo is selected,
/// else the published variant when asked for and one exists, else the plain test).
pub fn tested3(algorithm: usize, as_published: bool, arvo: ArvoMode) -> impl Fn(&Sphere, &Box3) -> bool {
    let a = &ALGORITHMS[algorithm.min(ALGORITHMS.len() - 1)];
    let mode = uses_arvo_mode(algorithm, arvo).then_some(arvo);
    move |s: &Sphere, b: &Box3| match mode {
        Some(m) => overlap_mode(s, b, m),
        None if as_published => a.as_published_3d.unwrap_or(a.overlap_3d)(s, b),
        None => (a.overlap_3d)(s, b),
    }
}
