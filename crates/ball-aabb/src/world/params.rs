//! [`Params`]: the physics of a world step (gravity, restitution, friction, the contact tolerance)
//! and [`Prefer`], the push-out's tie rule.

#![forbid(unsafe_code)]

/// The default [`Params::slop`]: 10⁻⁴ world units.
pub const DEFAULT_SLOP: f32 = 1e-4;

/// Physics parameters of a step. Build with [`Params::default`] and the `with_` methods
/// ([`Params::with_gravity`], [`Params::with_restitution`], [`Params::with_slop`],
/// [`Params::with_prefer`]), each value named (in a `const`, start from [`Params::DEFAULT`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Added to the velocity before each step (the change of velocity per step).
    pub gravity: [f32; 2],
    /// Restitution at blocking contacts, `[0, 1]` (0: slide; 1: mirror). NaN counts as 0. The
    /// plane solver always slides.
    pub restitution: f32,
    /// The **contact tolerance** (Box2D's *linear slop*), in world units, default [`DEFAULT_SLOP`]:
    /// a ball whose distance to a box is within `slop` of its radius is touching it, not
    /// overlapping it. An overlap deeper than this at the start of a step is pushed out first
    /// (see [`Step::pushed_out`](super::Step::pushed_out)); the plane solver takes a box within `r + slop` as a contact
    /// plane; one-way platforms accept a ball whose lowest point is at most `slop` below their top.
    /// It never moves a ball that is exactly placed: exact inputs stay exact. The tolerance used is
    /// never less than 4 `f32` ulps of the coordinates at hand (see [`Params::tolerance`]): a centre
    /// at 10⁴ cannot be placed closer than 0.001 to anything. NaN or negative counts as 0.
    pub slop: f32,
    /// Where the push-out of an embedded ball goes when several nearest free positions tie:
    /// default [`Prefer::Up`], against gravity, so a character spawned in the middle of a floor
    /// comes out on top of it (see [`Prefer`]). Set with [`Params::with_prefer`].
    pub prefer: Prefer,
    /// **Friction** at blocking contacts, a Coulomb coefficient `μ ≥ 0` (default 0: none; NaN or
    /// negative counts as 0). Where a contact removes the velocity `vₙ` going into it, the velocity
    /// along it loses up to `μ·|vₙ|` (all of it if it is smaller): a ball at rest on a slope stays
    /// there while the slope is below the friction angle (`tan θ ≤ μ`), and slides down a steeper
    /// one. The swept strategies and the discrete push-outs apply it; `per-axis` and the plane
    /// solver do not (no friction there, as before). Set with [`Params::with_friction`].
    pub friction: f32,
}

/// The push-out's tie rule: which of several nearest free positions an embedded ball is put at.
///
/// Positions whose distances from the centre are within the contact tolerance
/// ([`Params::tolerance`]) of the nearest tie (closer than that, contacts cannot tell them apart);
/// with [`Prefer::None`] only exactly equal distances do. Among the ties, `Up` takes a position
/// whose upward push exceeds the others' by more than half the radius (positions a hair apart are
/// no choice of direction: then the nearer), `Down` likewise downward; what is left ties in the
/// fixed order of the faces x-min, x-max, y-min, y-max, then corners and crossings — the order that
/// alone decided before this rule existed, which sent a ball in the middle of a floor three rows
/// thick (or in the wall under a corridor) down, out under the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Prefer {
    /// Up (+y), against the usual gravity: the default.
    #[default]
    Up,
    /// Down (−y), for a world whose gravity points up.
    Down,
    /// No preference: exact ties only, in the fixed order.
    None,
}

impl Prefer {
    /// Every rule, with its identifier (`"up"`, `"down"`, `"none"`): the CLI's `--prefer` values.
    pub const ALL: [(Prefer, &'static str); 3] = [(Prefer::Up, "up"), (Prefer::Down, "down"), (Prefer::None, "none")];

    /// The rule with this identifier.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Prefer> {
        Prefer::ALL.iter().find(|(_, s)| *s == id).map(|(p, _)| *p)
    }

    /// Its identifier.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        Prefer::ALL.iter().find(|(p, _)| *p == self).map_or("up", |(_, s)| s)
    }
}

impl Default for Params {
    /// [`Params::DEFAULT`].
    fn default() -> Self {
        Params::DEFAULT
    }
}

impl Params {
    /// No gravity, restitution 0 (a contact removes the velocity into it), slop [`DEFAULT_SLOP`],
    /// ties broken [`Prefer::Up`], no friction.
    pub const DEFAULT: Params =
        Params { gravity: [0.0; 2], restitution: 0.0, slop: DEFAULT_SLOP, prefer: Prefer::Up, friction: 0.0 };

    /// The same parameters with the push-out's tie rule `prefer`.
    #[must_use]
    pub const fn with_prefer(self, prefer: Prefer) -> Self {
        Params { prefer, ..self }
    }

    /// The same parameters with this gravity (the change of velocity per step). With the other
    /// `with_` methods, a call that names each value:
    ///
    /// ```
    /// use ball_aabb::world::Params;
    /// let p = Params::default().with_gravity([0.0, -0.25]).with_restitution(0.5);
    /// assert_eq!((p.gravity, p.restitution), ([0.0, -0.25], 0.5));
    /// assert_eq!(Params::default().with_slop(0.0).slop, 0.0);
    /// ```
    #[must_use]
    pub const fn with_gravity(self, gravity: [f32; 2]) -> Self {
        Params { gravity, ..self }
    }

    /// The same parameters with this restitution (0: a contact removes the velocity into it; 1: it
    /// reflects it).
    #[must_use]
    pub const fn with_restitution(self, restitution: f32) -> Self {
        Params { restitution, ..self }
    }

    /// The same parameters with this friction coefficient ([`Params::friction`]).
    ///
    /// ```
    /// use ball_aabb::world::{step, Params, StrategyId, TileMap, WithOriented};
    /// use ball_aabb::{Circle, OrientedRect};
    /// // A ball resting on a 20° slope under gravity: with μ = 0.5 (tan 20° ≈ 0.36) it stays.
    /// let slope = [OrientedRect::from_degrees([0.0, 0.0], [20.0, 1.0], 20.0)?];
    /// let map = TileMap::new(1, 1, 1.0, [-100.0, -100.0])?;
    /// let world = WithOriented::new(&map, &slope, 1);
    /// let (s, c) = (20f32.to_radians().sin(), 20f32.to_radians().cos());
    /// let start = [1.25 * (c - s), 1.25 * (s + c)]; // on the face: 1.25 from its middle line, 1.25 up
    /// let params = Params::default().with_gravity([0.0, -0.01]).with_friction(0.5);
    /// let (mut ball, mut v) = (Circle::new(start, 0.25)?, [0.0f32, 0.0]);
    /// for _ in 0..600 {
    ///     let r = step(StrategyId::default(), &ball, v, &world, &params);
    ///     (ball, v) = (Circle::new(r.end, 0.25)?, r.velocity);
    /// }
    /// let moved = ((ball.center()[0] - start[0]).powi(2) + (ball.center()[1] - start[1]).powi(2)).sqrt();
    /// assert!(moved < 1e-3, "moved {moved}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn with_friction(self, friction: f32) -> Self {
        Params { friction, ..self }
    }

    /// The same parameters with this contact tolerance ([`Params::slop`]).
    #[must_use]
    pub const fn with_slop(self, slop: f32) -> Self {
        Params { slop, ..self }
    }

    /// The contact tolerance for a ball of radius `r` at `center`: `slop`, or 4 `f32` ulps of the
    /// largest of `|center|` and `r` when that is larger.
    #[must_use]
    pub fn tolerance(&self, center: [f32; 2], r: f32) -> f32 {
        let scale = center[0].abs().max(center[1].abs()).max(r);
        let floor = 4.0 * f32::EPSILON * if scale.is_finite() { scale } else { 0.0 };
        let slop = if self.slop > 0.0 { self.slop } else { 0.0 };
        slop.max(floor)
    }
}
