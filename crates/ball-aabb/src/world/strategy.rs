//! [`STRATEGIES`]: the world step's resolution strategies as a registry (source, pseudocode, what
//! each guarantees), and [`StrategyId`], the enum the resolvers dispatch on.

#![forbid(unsafe_code)]

use alloc::string::String;
use core::fmt;

use super::{step, Params, Step, World};
use crate::shape::Circle;
use crate::source::Source;

/// The strategies, as an enum for dispatch (see [`STRATEGIES`] for what each does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum StrategyId {
    /// `discrete-in-order`.
    DiscreteInOrder,
    /// `discrete-deepest-first`.
    DiscreteDeepestFirst,
    /// `swept-slide`.
    SweptSlide,
    /// `per-axis`.
    PerAxis,
    /// `plane-solver`.
    PlaneSolver,
    /// `merged`.
    Merged,
    /// `swept-slide-seamless`: the default.
    #[default]
    SweptSlideSeamless,
}

impl StrategyId {
    /// Its registry entry.
    #[must_use]
    pub fn info(self) -> &'static Strategy {
        STRATEGIES.iter().find(|s| s.kind == self).expect("every id has an entry")
    }

    /// Its stable identifier (`"swept-slide-seamless"`, ...).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.info().id
    }
}

impl fmt::Display for StrategyId {
    /// Its identifier, as [`StrategyId::as_str`]: what [`str::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// [`StrategyId`]'s `FromStr` error: the text is not a strategy's identifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStrategy(pub String);

impl fmt::Display for UnknownStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown strategy {:?} (one of", self.0)?;
        for (i, s) in STRATEGIES.iter().enumerate() {
            write!(f, "{}{}", if i == 0 { " " } else { ", " }, s.id)?;
        }
        f.write_str(")")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnknownStrategy {}

impl core::str::FromStr for StrategyId {
    type Err = UnknownStrategy;

    /// A strategy by its registry identifier (`"per-axis"`, `"swept-slide-seamless"`, ...).
    ///
    /// ```
    /// use ball_aabb::world::StrategyId;
    /// assert_eq!("per-axis".parse(), Ok(StrategyId::PerAxis));
    /// assert_eq!(StrategyId::default().to_string().parse(), Ok(StrategyId::default()));
    /// assert!("per axis".parse::<StrategyId>().unwrap_err().to_string().contains("swept-slide-seamless"));
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        strategy(s).map(|e| e.kind).ok_or_else(|| UnknownStrategy(s.into()))
    }
}

/// A registry entry: what to show about a strategy, and how to find it.
#[derive(Clone, Copy, Debug)]
pub struct Strategy {
    /// Stable identifier, for lookups and configuration.
    pub id: &'static str,
    /// The enum value to dispatch on.
    pub kind: StrategyId,
    /// Display name.
    pub name: &'static str,
    /// How it works, and what goes wrong with it.
    pub explanation: &'static str,
    /// Where it comes from.
    pub source: Source,
    /// Pseudocode, one line per entry.
    pub pseudocode: &'static [&'static str],
    /// Does it sweep (cannot tunnel)?
    pub swept: bool,
    /// What it does with rotated boxes ([`World::oriented`]): exact as far as the box's frame
    /// change is, or a fallback, and what is lost.
    pub oriented: &'static str,
}

impl Strategy {
    /// [`step`] with this strategy.
    #[must_use]
    pub fn step<W: World>(&self, ball: &Circle, velocity: impl Into<[f32; 2]>, world: &W, params: &Params) -> Step {
        step(self.kind, ball, velocity, world, params)
    }
}

/// The entry with this identifier.
#[must_use]
pub fn strategy(id: &str) -> Option<&'static Strategy> {
    STRATEGIES.iter().find(|s| s.id == id)
}

/// Every strategy, in teaching order; the last is the default.
pub const STRATEGIES: &[Strategy] = &[
    Strategy {
        id: "discrete-in-order",
        kind: StrategyId::DiscreteInOrder,
        name: "Discrete, in order",
        explanation: "Move the ball the whole step, then push it out of each box it overlaps, one after \
            another in the world's order, changing the velocity at each push. The simplest loop, and \
            wrong three ways: another order gives another end (each push moves the ball for the next \
            test); a ball sunk into a flush floor by gravity can be pushed out of the next tile's \
            corner or side, sideways, against its motion (a ghost bump on the seam); and a step longer \
            than the ball plus the box goes straight through (tunnelling).",
        source: Source {
            author: "the common naive loop (the clamp-and-push response of the reference posts, applied box by box)",
            venue: "Circle/Box Intersection Revised (reference post 003: closest point by clamping, push out along it), \
                looped over the boxes in the order the world lists them, as LearnOpenGL's Breakout chapter \
                'Collision resolution' (Joey de Vries) does brick by brick",
            year: None,
        },
        pseudocode: &[
            "v ← v + g; p ← p + v",
            "for each box b under the ball at p, in world order:",
            "  if the ball overlaps b: push ← response(ball, b); p ← p + push",
            "    n ← push/|push|; v ← v − (1 + e)·min(v·n, 0)·n",
        ],
        swept: false,
        oriented: "Pushed out of in the box's frame (OrientedRect::push_out), after the aligned boxes of the world's order: as exact as the frame change, with the same three faults.",
    },
    Strategy {
        id: "discrete-deepest-first",
        kind: StrategyId::DiscreteDeepestFirst,
        name: "Discrete, deepest first",
        explanation: "Move the whole step, then repeatedly find the box the ball penetrates deepest and \
            push it out of that one, until it overlaps nothing (at most 16 pushes). Independent of the \
            list order and gentler on seams — the floor tile under the centre is usually the deepest — \
            but a sideways push still happens when the centre is near a seam, and it tunnels like any \
            discrete test.",
        source: Source {
            author: "the common iterative variant of the naive loop",
            venue: "no single source: the usual repair of the loop above (resolve the deepest overlap first, \
                look again), with the same clamp-and-push response",
            year: None,
        },
        pseudocode: &[
            "v ← v + g; p ← p + v",
            "repeat (at most 16 times):",
            "  b ← the box under the ball with the largest penetration r − distance > 0, or stop",
            "  p ← p + response(ball, b); n ← push direction; v ← v − (1 + e)·min(v·n, 0)·n",
        ],
        swept: false,
        oriented: "Take part in the search for the deepest box (penetration in the box's frame) and are pushed out of with OrientedRect::push_out: as exact as the frame change.",
    },
    Strategy {
        id: "swept-slide",
        kind: StrategyId::SweptSlide,
        name: "Swept slide",
        explanation: "Sweep the ball along what is left of the move against every box the broadphase \
            returns under the swept bounds, stop at the earliest contact the motion goes into, slide \
            along it (or bounce), repeat up to MAX_ITERATIONS times: the motion module's slide, over the \
            world's broadphase. It cannot tunnel and ignores contacts it only grazes, so it rolls across \
            exactly flush tiles; but a ball that is already slightly sunk (or rounding that puts it a \
            hair below the surface) meets the next tile's corner head-on and stops on the seam.",
        source: Source {
            author: "Christer Ericson",
            venue: "Real-Time Collision Detection, §5.5.7 (the swept test); the slide: see ball_aabb::motion",
            year: Some(2005),
        },
        pseudocode: &[
            "v ← v + g; left ← 1",
            "repeat up to MAX_ITERATIONS times while left > 0 and v ≠ 0:",
            "  d ← v·left; for each box under the bounds of the sweep of the ball along d: hit ← sweep(ball, d, box)",
            "  keep the earliest hit with d·n < 0 (the motion goes into it); none: p ← p + d, done",
            "  p ← hit centre; left ← left·(1 − t); v ← v − (1 + e)·min(v·n, 0)·n",
        ],
        swept: true,
        oriented: "Swept in the box's frame (OrientedRect::sweep), the earliest hit among aligned and rotated boxes wins (ties to the aligned box): the slide along a tilted face, exact up to the rounding of the frame change (about 1e-16 relative, then f32).",
    },
    Strategy {
        id: "per-axis",
        kind: StrategyId::PerAxis,
        name: "Per axis (x, then y)",
        explanation: "Move along x alone and stop at the first box in the way, then along y alone: each \
            axis that hits something has its velocity zeroed (or reflected). Celeste and TowerFall move \
            their actors this way, one pixel at a time; here each axis is one sweep, the continuous \
            form of the same thing, so it cannot tunnel. Seams between flush floor tiles cost nothing \
            (moving along x never goes into a floor), but a diagonal move takes an L-shaped path: a \
            ball can catch on a corner it would have cleared, or clear one it would have hit. The soak \
            counts what that costs: moves stopped where the straight path was free, balls stuck on a \
            seam or a corner with velocity left, and velocity kept into a surface it touches (each \
            axis pass sees only its own axis).",
        source: Source {
            author: "Maddy Thorson",
            venue: "Celeste & TowerFall Physics (Actor.MoveX / MoveY); also the macroquad-platformer crate's World::move_h / move_v used by macroquad's platformer example",
            year: Some(2020),
        },
        pseudocode: &[
            "v ← v + g",
            "sweep the ball along (v.x, 0); at the first hit with n.x·v.x < 0: stop there, v.x ← −e·v.x",
            "sweep the ball along (0, v.y); at the first hit with n.y·v.y < 0: stop there, v.y ← −e·v.y",
        ],
        swept: true,
        oriented: "Aligned-only in spirit: a rotated box is swept like any other, but each pass moves along one axis, so a tilted face stops the pass that goes into it: a ball lands on a slope and stays there (the y pass stops, no x motion is made from gravity) and cannot climb one (the x pass stops). It never slides along a tilted face; the soak counts that as stuck.",
    },
    Strategy {
        id: "plane-solver",
        kind: StrategyId::PlaneSolver,
        name: "Plane solver (Box2D v3 mover)",
        explanation: "Gather a collision plane from every box the ball touches or overlaps where it is, \
            within the slop (normal from the closest point, separation distance − r, 0 within the \
            slop; a corner shared with another solid box gives none, as in the seamless slide), solve for the displacement \
            closest to the target that satisfies all the planes at once (a Gauss–Seidel projection \
            with accumulated, non-negative pushes, as b2SolvePlanes does), cast the ball along that \
            displacement and stop at the first blocking contact, repeat up to 5 times; finally clip \
            the velocity against every plane that pushed and every contact the casts met \
            (b2ClipVector). Corners and inner corners are handled together, not one contact after \
            another. The slop only decides what touches, it never moves a ball, so exact inputs stay \
            exact; it always slides (no restitution). Its weak spot, found by the soak: on a convex \
            ledge (a floor's outer corner) the corner's plane, linearised, can hold the solved \
            displacement into the corner, so every pass's cast stops at t = 0 and the ball never \
            rolls off (counted as a freeze).",
        source: Source {
            author: "Erin Catto",
            venue: "Box2D v3.1 character mover: b2World_CollideMover, b2SolvePlanes, b2ClipVector, b2World_CastMover (box2d.org/documentation/md_character.html)",
            year: Some(2025),
        },
        pseudocode: &[
            "v ← v + g; target ← p + v",
            "repeat up to 5 times:",
            "  planes ← for each box within r + slop of p, not an internal edge: (n, s), n from the closest point q to p, s = |p − q| − r (0 if |s| ≤ slop)",
            "  δ ← target − p; 20 times: for each plane: λ' ← max(λ − (n·δ + s), 0); δ ← δ + (λ' − λ)·n; λ ← λ'",
            "  cast the ball along δ; at the first blocking hit: p ← its centre, again; else p ← p + δ, stop",
            "v ← v − min(v·n, 0)·n for each plane with λ > 0 and each cast hit",
        ],
        swept: true,
        oriented: "Give a plane from their closest point (computed in the box's frame) and are cast against in their frame: solved together with the aligned planes. No internal-edge filter applies to them (a rotated box's corner flush with a floor is a real corner to it).",
    },
    Strategy {
        id: "merged",
        kind: StrategyId::Merged,
        name: "Merged rectangles",
        explanation: "The swept slide against larger rectangles: solid cells are merged into maximal \
            horizontal runs, and runs of the same extent in consecutive rows into one rectangle (greedy \
            rows, then vertical merge). A flush floor becomes one box: no seam left to catch on. Seams \
            remain where merged rectangles meet (a floor under a wall, stairs, solid cells beside \
            one-way cells in a row: runs of one-way cells merge along their row only), and a box list \
            is taken as given. On a tile map the rectangles are found on the fly from the bitset, so editing a \
            cell needs no rebuild.",
        source: Source {
            author: "Godot Engine (Mickeon, KoBeWi et al.)",
            venue: "TileMapLayer physics quadrants: collision shapes of neighbouring cells merged (godotengine/godot PR #102662, fixing issue #89458 'Physics bodies can collide with tile seams')",
            year: Some(2025),
        },
        pseudocode: &[
            "rows: each maximal run of solid cells [a, b) in a row",
            "stack: a run and the identical runs [a, b) in the rows just above and below: one rectangle",
            "swept slide against the rectangles under the swept bounds",
        ],
        swept: true,
        oriented: "Not merged (merging is about flush aligned cells): swept one by one in their own frame beside the merged rectangles, as in swept-slide.",
    },
    Strategy {
        id: "swept-slide-seamless",
        kind: StrategyId::SweptSlideSeamless,
        name: "Swept slide, internal edges removed (default)",
        explanation: "The swept slide, where a contact on a face or corner shared with another solid box \
            is ignored: if another box contains the contact point and extends beyond it along an axis \
            on which the normal points out, the ball was already within r of that box, whose own \
            contact (the flat face of the floor) comes first — so the seam can only produce a ghost \
            contact. The tile-map analogue of Box2D's chain shapes with ghost vertices: a sunk or \
            rounding-perturbed ball rolls over flush tiles without a bump, and true corners (a step, a \
            ledge) still block.",
        source: Source {
            author: "Erin Catto",
            venue: "the ghost-collision problem and Ghost Collisions (box2d.org/posts/2020/06/ghost-collisions): chain shapes whose edges know their neighbours' ghost vertices",
            year: Some(2020),
        },
        pseudocode: &[
            "as swept-slide, but for each hit on box b at point q with normal n:",
            "  for each axis i with n[i] ≠ 0: if another solid box contains q and extends past q on the side sign(n[i]):",
            "    the contact is internal: skip it",
        ],
        swept: true,
        oriented: "Swept in their own frame as in swept-slide; the internal-edge filter sees aligned boxes only, so a contact on a rotated box is always kept, and an aligned box's seam is never hidden by a rotated box lying over it.",
    },
];
