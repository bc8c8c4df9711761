//! The motion mode's plain data and pure functions: the circle moves by a velocity `v` (from `c` to
//! `c + v` in one step), the core's sweep finds where it first touches the box, and the slide or
//! bounce continuation says where it ends ([`MotionAnalysis::of`]). [`MotionState`] (part of the
//! app's state) holds the velocity, the response, the restitution and the playback ([`Playback`]: a
//! progress along the move advanced by the frame's `dt`, passed in as a plain number, or one stage
//! at a time); [`MotionCommand`] is what the panel and the keys ask for; [`PRESETS`] is the gallery,
//! one scene text per documented edge case of the sweep.
//!
//! The box may be turned (`angle=`, Q / E): [`MotionBox`] is then the library's oriented box
//! ([`OrientedRect`]), and the sweep, the discrete test, the slide and the bounce are the library's oriented
//! functions ([`OrientedRect::sweep`], [`OrientedRect::contact`], [`move_mixed`]): every answer is in world
//! coordinates, the normal is the turned face's. At angle 0 it is the aligned box and the aligned
//! functions, as before.
//!
//! Nothing here reads or changes the app's [`State`](crate::app::State): the state holds a
//! [`MotionState`], [`apply_motion`](crate::app::apply_motion) applies the commands.

pub mod options;

use crate::geom::algo::Trace;
use crate::geom::oriented::{move_mixed, Collider};
use crate::geom::{
    contact::contact,
    motion::{sweep_trace, Reaction},
    sweep, Circle, ContactState, Hit, Motion, OrientedRect, Rect,
};
pub use options::*;

/// Seconds the Play animation takes for the whole move (start → impact → end).
pub const PLAY_SECONDS: f32 = 2.5;

/// The animation along the move: `progress` is the fraction of the move's time, `0` at the start,
/// `1` at the continuation's end.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Playback {
    pub progress: f32,
    /// Advancing with the frame's `dt`.
    pub playing: bool,
    /// Start again from the beginning at the end instead of stopping.
    pub looping: bool,
}

/// The motion mode's part of [`State`](crate::app::State).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MotionState {
    /// The scene's motion keys: velocity, response, restitution.
    pub options: MotionOptions,
    pub playback: Playback,
    /// The app's reduced-motion setting (default off; on from the browser's
    /// `prefers-reduced-motion`, `--reduced-motion` or `CIRCLE_AABB_LAB_REDUCED_MOTION` on the
    /// desktop, or the panel's switch): no animation unless asked. Play jumps straight to the end,
    /// the playground waits paused until G, the panel does not animate. It lives here, beside the
    /// animation it was first made for, and survives loading a scene.
    pub reduced_motion: bool,
    /// The gallery preset last loaded, if the scene is still it.
    pub preset: Option<usize>,
}

impl MotionState {
    #[must_use]
    pub fn from_options(options: MotionOptions) -> MotionState {
        MotionState { options, playback: Playback::default(), reduced_motion: false, preset: None }
    }

    /// The core's response for the selected continuation.
    #[must_use]
    pub fn response(&self) -> Reaction {
        match self.options.response {
            MotionKind::Slide => Reaction::Slide,
            MotionKind::Bounce => Reaction::Bounce { restitution: self.options.restitution },
        }
    }
}

/// What the motion panel (or a key) asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MotionCommand {
    /// Motion mode on or off (key M).
    Toggle,
    SetVelocity([f32; 2]),
    SetResponse(MotionKind),
    /// Slide → bounce → slide (key B).
    CycleResponse,
    SetRestitution(f32),
    /// Turn the box by this many degrees (Q: +15, counter-clockwise; E: −15).
    Turn(f32),
    /// Set the box's angle, in degrees.
    SetAngle(f32),
    /// Play from the start (or from where it paused); pause when playing (key G).
    PlayPause,
    /// Jump to the next stage: start → impact(s) → end → start (key S).
    Step,
    /// Back to the start, not playing.
    Rewind,
    SetLooping(bool),
    SetReducedMotion(bool),
    /// Load a gallery preset's scene.
    LoadPreset(usize),
}

/// A named scene in the gallery: one per documented edge case of the sweep, and the three lessons
/// of the mode (tunnelling, slide, bounce). `scene` is a scene text; every one parses (tested).
#[derive(Clone, Copy, Debug)]
pub struct MotionPreset {
    pub id: &'static str,
    pub name: &'static str,
    /// What to look at.
    pub note: &'static str,
    pub scene: &'static str,
}

/// The gallery.
pub const PRESETS: &[MotionPreset] = &[
    MotionPreset {
        id: "tunnelling",
        name: "Tunnelling through a thin wall",
        note: "The discrete test at c + v says separated: the ball jumped over the wall. The sweep finds the impact.",
        scene: "circle=-3,0,0.5&box=-0.1,-2,0.1,2&motion=on&velocity=6.5,0&response=slide",
    },
    MotionPreset {
        id: "slide",
        name: "Slide along a face",
        note: "Hit the top face at t = 0.3, lose the downward part of v, slide on for the remaining 0.7.",
        scene: "circle=-3,2.5,0.6&box=-2,-1,2,1&motion=on&velocity=4,-3&response=slide",
    },
    MotionPreset {
        id: "bounce",
        name: "Bounce (restitution 0.8)",
        note: "The same shot reflected: the normal component comes back at 0.8 of its speed.",
        scene: "circle=-3,2.5,0.6&box=-2,-1,2,1&motion=on&velocity=4,-3&response=bounce&restitution=0.8",
    },
    MotionPreset {
        id: "touching",
        name: "Already touching at t = 0",
        note: "Resting on the top face: a hit at t = 0 (initial). Moving along it does not block: it slides on.",
        scene: "circle=-0.5,1.5,0.5&box=-1,-1,1,1&motion=on&velocity=3,0&response=slide",
    },
    MotionPreset {
        id: "overlapping",
        name: "Overlapping at t = 0",
        note: "Sunk into the corner: t = 0, initial, the normal is the push-out direction.",
        scene: "circle=1.2,1.1,0.6&box=-1,-1,1,1&motion=on&velocity=-2,-1.5&response=slide",
    },
    MotionPreset {
        id: "zero",
        name: "Zero velocity",
        note: "Nothing moves: only an initial hit could be reported, and there is none.",
        scene: "circle=-2.5,0.5,0.8&box=-1,-1,1,1&motion=on&velocity=0,0",
    },
    MotionPreset {
        id: "parallel",
        name: "Parallel to a face, at exactly r",
        note: "v·n = 0 on the y axis: tested by position, no division by zero. It touches where the face begins.",
        scene: "circle=-3.5,1.5,0.5&box=-1,-1,1,1&motion=on&velocity=6,0&response=slide",
    },
    MotionPreset {
        id: "corner-graze",
        name: "A graze that exactly touches a corner",
        note: "The path passes at exactly r from the corner (1, 1): a corner hit at the tangent point, t = 0.4667.",
        scene: "circle=-4,6,1&box=-1,-1,1,1&motion=on&velocity=12,-9&response=slide",
    },
    MotionPreset {
        id: "segment",
        name: "Degenerate box: a segment",
        note: "A box of zero width: its rounded box is a capsule.",
        scene: "circle=-3,1,0.6&box=0,-1.5,0,1.5&motion=on&velocity=5,0.5&response=slide",
    },
    MotionPreset {
        id: "point",
        name: "Degenerate box: a point",
        note: "A box of zero size: its rounded box is a circle, every hit is a corner hit.",
        scene: "circle=-3,0.4,0.8&box=0,0,0,0&motion=on&velocity=6,0&response=bounce&restitution=1",
    },
    MotionPreset {
        id: "ray",
        name: "Radius 0: a plain ray",
        note: "The rounded box is the box itself: the slab test alone.",
        scene: "circle=-3,0.5,0&box=-1,-1,1,1&motion=on&velocity=5,-1&response=bounce&restitution=1",
    },
    MotionPreset {
        id: "huge",
        name: "Huge magnitudes (1e5)",
        note: "The tunnelling shot at 1e5 scale: the same t, no lost precision.",
        scene: "circle=-300000,0,50000&box=-10000,-200000,10000,200000&motion=on&velocity=650000,0",
    },
    MotionPreset {
        id: "tiny",
        name: "Tiny magnitudes (1e-4)",
        note: "The slide at 1e-4 scale: the same picture, the same t.",
        scene: "circle=-0.0003,0.00025,0.00006&box=-0.0002,-0.0001,0.0002,0.0001&motion=on&velocity=0.0004,-0.0003",
    },
];

/// A preset's index by id.
#[must_use]
pub fn preset_index(id: &str) -> Option<usize> {
    PRESETS.iter().position(|p| p.id == id)
}

/// A start that shows a sweep, for entering motion mode from a scene whose circle overlaps or
/// touches the box (the still mode's default does: it overlaps by 0.596). The rule: move the
/// centre out along the push-out direction (away from the closest point outside the box; through
/// the nearest face from inside) until it is `margin` clear of the box, where `margin` is the
/// larger of the radius and a quarter of the box's diagonal; keep the velocity if it hits the box
/// from there after the start, else aim at the box's centre (which always hits). `None`: the start
/// is already separated, nothing to change. A turned box (`angle` ≠ 0) is asked the same in its
/// own frame: the closest point and the push are the oriented box's, in world coordinates.
#[must_use]
pub fn separated_start(circle: &Circle, aabb: &Rect, angle: f32, velocity: [f32; 2]) -> Option<(Circle, [f32; 2])> {
    let target = MotionBox::of(aabb, angle);
    let (state, closest) = target.contact(circle);
    if state == ContactState::Separated {
        return None;
    }
    let (c, r) = (circle.center(), circle.radius());
    let (lo, hi) = (aabb.min(), aabb.max());
    let diag = ((hi[0] - lo[0]).powi(2) + (hi[1] - lo[1]).powi(2)).sqrt();
    let margin = r.max(0.25 * diag).max(f32::EPSILON * c[0].abs().max(c[1].abs()).max(1.0) * 64.0);
    let out = [c[0] - closest[0], c[1] - closest[1]];
    let len = (out[0] * out[0] + out[1] * out[1]).sqrt();
    let centre = match target {
        _ if len > 0.0 => {
            let n = [out[0] / len, out[1] / len];
            [closest[0] + n[0] * (r + margin), closest[1] + n[1] * (r + margin)]
        }
        MotionBox::Aligned(_) => {
            // The centre is inside (or on) the box: out through the nearest face.
            let faces = [(0, lo[0], -1.0), (0, hi[0], 1.0), (1, lo[1], -1.0), (1, hi[1], 1.0)];
            let (axis, face, sign) = faces
                .into_iter()
                .min_by(|a, b| (c[a.0] - a.1).abs().total_cmp(&(c[b.0] - b.1).abs()))
                .unwrap_or(faces[3]);
            let mut p = c;
            p[axis] = face + sign * (r + margin);
            p
        }
        MotionBox::Turned(o) => {
            // Inside the turned box: its push-out (through its nearest face), then `margin` more.
            let push = o.push_out(circle);
            let n = (push[0] * push[0] + push[1] * push[1]).sqrt();
            let k = if n > 0.0 { 1.0 + margin / n } else { 1.0 };
            [c[0] + push[0] * k, c[1] + push[1] * k]
        }
    };
    let moved = Circle::new(centre, r).ok()?;
    let hits = |v: [f32; 2]| target.sweep(&moved, v).is_some_and(|h| !h.initial);
    let mid = [0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1])];
    let aim = [mid[0] - centre[0], mid[1] - centre[1]];
    let v = if hits(velocity) { velocity } else { aim };
    Some((moved, v))
}

/// The box the motion mode moves the circle against: the scene's box, or that box turned about its
/// centre by the scene's `angle` (the library's [`OrientedRect`]). Each question goes to the library's
/// function for that kind of box; nothing here is geometry of its own.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MotionBox {
    /// `angle` 0: the aligned box, asked exactly as before the angle existed.
    Aligned(Rect),
    /// The box turned by `angle` degrees counter-clockwise about its centre.
    Turned(OrientedRect),
}

impl MotionBox {
    /// The scene's box `aabb` turned by `angle` degrees about its centre ([`OrientedRect::from_degrees`];
    /// the centre and half extents from `min`/`max`, in `f64` then rounded). A box the library
    /// refuses (it cannot be: `aabb` and `angle` are checked) stays aligned.
    #[must_use]
    pub fn of(aabb: &Rect, angle: f32) -> MotionBox {
        if angle == 0.0 {
            return MotionBox::Aligned(*aabb);
        }
        let (lo, hi) = (aabb.min(), aabb.max());
        let mid = |i: usize| (0.5 * (lo[i] as f64 + hi[i] as f64)) as f32;
        let half = |i: usize| (0.5 * (hi[i] as f64 - lo[i] as f64)) as f32;
        OrientedRect::from_degrees([mid(0), mid(1)], [half(0), half(1)], angle)
            .map_or(MotionBox::Aligned(*aabb), MotionBox::Turned)
    }

    /// The exact state of `circle` against the box and the box's point closest to its centre (world).
    #[must_use]
    pub fn contact(&self, circle: &Circle) -> (ContactState, [f32; 2]) {
        match self {
            MotionBox::Aligned(b) => {
                let k = contact(circle, b);
                (k.state, k.closest)
            }
            MotionBox::Turned(o) => {
                let k = o.contact(circle);
                (k.state, k.closest)
            }
        }
    }

    /// How deep `circle` sinks into the box (0 unless overlapping).
    #[must_use]
    pub fn penetration(&self, circle: &Circle) -> f32 {
        match self {
            MotionBox::Aligned(b) => contact(circle, b).penetration,
            MotionBox::Turned(o) => o.contact(circle).penetration,
        }
    }

    /// The first touch of `circle` moved by `v` ([`sweep`], [`OrientedRect::sweep`]).
    #[must_use]
    pub fn sweep(&self, circle: &Circle, v: [f32; 2]) -> Option<Hit<2>> {
        match self {
            MotionBox::Aligned(b) => sweep(circle, v, b),
            MotionBox::Turned(o) => o.sweep(circle, v),
        }
    }

    /// The box as the library's slide and bounce take it.
    #[must_use]
    pub fn collider(&self) -> Collider<2> {
        match *self {
            MotionBox::Aligned(b) => Collider::from(b),
            MotionBox::Turned(o) => Collider::from(o),
        }
    }

    /// The turned box, when it is turned.
    #[must_use]
    pub fn turned(&self) -> Option<OrientedRect> {
        match *self {
            MotionBox::Turned(o) => Some(o),
            MotionBox::Aligned(_) => None,
        }
    }

    /// The smallest aligned box around it (for fitting the view).
    #[must_use]
    pub fn bounds(&self) -> Rect {
        self.collider().bounding_aabb()
    }
}

/// What the core says about the motion scene: everything the canvas and the panel show.
#[derive(Clone, Debug)]
pub struct MotionAnalysis {
    /// The exact state at the start (an initial hit is touching or overlapping) and how deep the
    /// circle sinks in there (0 unless overlapping).
    pub start_state: ContactState,
    pub start_depth: f32,
    /// The box moved against: aligned, or turned by the scene's angle.
    pub target: MotionBox,
    pub start: [f32; 2],
    pub velocity: [f32; 2],
    /// The sweep's first touch, if any.
    pub hit: Option<Hit<2>>,
    /// The sweep run step by step (its pseudocode lines and values); for a turned box, run in the
    /// box's frame (see [`MotionAnalysis::of`]).
    pub trace: Trace<2>,
    /// Where a discrete test would look: `c + v`.
    pub end: [f32; 2],
    /// What the exact overlap test says there.
    pub end_state: ContactState,
    /// The continuation (slide or bounce) through the move.
    pub motion: Motion<2>,
}

impl MotionAnalysis {
    /// Runs the sweep, its trace, the discrete test at `c + v` and the continuation, against the box
    /// turned by the scene's angle. For a turned box the trace is the same sweep's steps in the box's
    /// frame ([`OrientedRect::local_ball`] and [`OrientedRect::local_aabb`], the velocity turned back by the angle),
    /// where it is the aligned sweep; the hit, the end state and the continuation are the oriented
    /// functions' world answers.
    #[must_use]
    pub fn of(circle: &Circle, aabb: &Rect, m: &MotionState) -> MotionAnalysis {
        let v = m.options.velocity;
        let c = circle.center();
        let target = MotionBox::of(aabb, m.options.angle);
        let (hit, trace) = match target {
            MotionBox::Aligned(b) => sweep_trace(circle, v, &b),
            MotionBox::Turned(o) => {
                let local = o.local_ball(circle).unwrap_or(*circle);
                // Rᵀv: the velocity in the box's frame (the columns of R are the box's axes).
                let ax = o.axes();
                let lv = [0usize, 1].map(|i| (ax[i][0] * v[0] as f64 + ax[i][1] * v[1] as f64) as f32);
                (o.sweep(circle, v), sweep_trace(&local, lv, &o.local_aabb()).1)
            }
        };
        let end = [c[0] + v[0], c[1] + v[1]];
        let end_state = Circle::new(end, circle.radius()).map_or(ContactState::Separated, |e| target.contact(&e).0);
        let motion = move_mixed(circle, v, &[target.collider()], m.response());
        MotionAnalysis {
            start_state: target.contact(circle).0,
            start_depth: target.penetration(circle),
            target,
            start: c,
            velocity: v,
            hit,
            trace,
            end,
            end_state,
            motion,
        }
    }

    /// The sweep's answer in words: "hit at t = 0.369 (face)", "no hit", and for a hit at the start
    /// what the start is: "touching at t = 0 (face)", or "already overlapping at t = 0 (sunk 0.596;
    /// corner)" — an overlapping start is not a touch.
    #[must_use]
    pub fn sweep_words(&self) -> String {
        use crate::format::number;
        match self.hit {
            Some(h) if h.initial && self.start_state == ContactState::Overlapping => {
                format!("already overlapping at t = 0 (sunk {}; {})", number(self.start_depth), h.feature.as_str())
            }
            Some(h) if h.initial => format!("touching at t = 0 ({})", h.feature.as_str()),
            Some(h) => format!("hit at t = {} ({})", number(h.t), h.feature.as_str()),
            None => "no hit".to_string(),
        }
    }

    /// Where a ball moved without a sweep is at `progress`: straight on along `v`, through the box
    /// if it is in the way (only its end, `c + v`, is tested) — the animation's second ghost.
    #[must_use]
    pub fn discrete_position_at(&self, progress: f32) -> [f32; 2] {
        let s = progress.clamp(0.0, 1.0);
        [self.start[0] + s * self.velocity[0], self.start[1] + s * self.velocity[1]]
    }

    /// The sweep hit (after the start) but the discrete test at `c + v` says separated: a
    /// frame-by-frame overlap test would have missed the collision.
    #[must_use]
    pub fn tunnelled(&self) -> bool {
        self.hit.is_some_and(|h| !h.initial) && self.end_state == ContactState::Separated
    }

    /// The stages of the move, as fractions of its time: the start, every contact, the end.
    #[must_use]
    pub fn stages(&self) -> Vec<f32> {
        let mut s = vec![0.0];
        for h in self.motion.hits() {
            if h.t > *s.last().unwrap_or(&0.0) && h.t < 1.0 {
                s.push(h.t);
            }
        }
        s.push(1.0);
        s
    }

    /// The continuation's path: the start, the centre at every contact, the end.
    #[must_use]
    pub fn path(&self) -> Vec<(f32, [f32; 2])> {
        let mut p = vec![(0.0, self.start)];
        for h in self.motion.hits() {
            p.push((h.t, h.center));
        }
        p.push((1.0, self.motion.end));
        p
    }

    /// The centre at `progress` (a fraction of the move's time): straight lines between the path's
    /// points, at constant speed on each (as the ball moves between contacts).
    #[must_use]
    pub fn position_at(&self, progress: f32) -> [f32; 2] {
        let p = self.path();
        let s = progress.clamp(0.0, 1.0);
        for w in p.windows(2) {
            let ((t0, a), (t1, b)) = (w[0], w[1]);
            if s == t1 {
                return b;
            }
            if s < t1 {
                let k = if t1 > t0 { (s - t0) / (t1 - t0) } else { 1.0 };
                return [a[0] + k * (b[0] - a[0]), a[1] + k * (b[1] - a[1])];
            }
        }
        self.motion.end
    }
}

/// Advances the animation by `dt` seconds: with `stages` from [`MotionAnalysis::stages`]. At the end
/// it stops, or starts again when looping. With reduced motion, a playing animation jumps to the end.
pub fn advance(m: &mut MotionState, dt: f32) {
    let p = &mut m.playback;
    if !p.playing {
        return;
    }
    if m.reduced_motion {
        p.progress = 1.0;
        p.playing = false;
        return;
    }
    let dt = if dt.is_finite() { dt.clamp(0.0, 0.25) } else { 0.0 };
    p.progress += dt / PLAY_SECONDS;
    if p.progress >= 1.0 {
        if p.looping {
            p.progress -= p.progress.floor();
        } else {
            p.progress = 1.0;
            p.playing = false;
        }
    }
}

/// Play or pause: from the end, play starts again from the start.
pub fn play_pause(m: &mut MotionState) {
    let p = &mut m.playback;
    if p.playing {
        p.playing = false;
    } else {
        if p.progress >= 1.0 {
            p.progress = 0.0;
        }
        p.playing = true;
    }
}

/// One stage on: to the first stage after the current progress, from the end back to the start.
/// Stops a running animation.
pub fn step(m: &mut MotionState, stages: &[f32]) {
    let p = &mut m.playback;
    p.playing = false;
    p.progress = stages.iter().copied().find(|&s| s > p.progress + 1e-6).unwrap_or(0.0);
}

#[cfg(test)]
mod tests;
