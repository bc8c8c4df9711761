//! What the app shows: one [`Mode`], held once in the state and in the scene.
//!
//! The 2D modes exclude one another; the 3D view remembers the 2D mode beneath it, so `V` goes
//! back to the mode it came from and the scene text keeps both (`motion=on&view=3d`).

/// A 2D mode: what the canvas shows in 2D.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Flat {
    /// A circle and a box at rest: the algorithms' verdicts, the response, the overlays.
    #[default]
    Still,
    /// The circle moves by a velocity: the sweep, the impact, the continuation.
    Motion,
    /// A tile map, a ball and the strategies' race.
    Playground,
}

/// What the app shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A 2D mode.
    Flat(Flat),
    /// The 3D view: a sphere against a box. `V` returns to the 2D mode it holds.
    Three(Flat),
}

impl Default for Mode {
    fn default() -> Self {
        Mode::Flat(Flat::Still)
    }
}

impl Mode {
    pub const STILL: Mode = Mode::Flat(Flat::Still);
    pub const MOTION: Mode = Mode::Flat(Flat::Motion);
    pub const PLAYGROUND: Mode = Mode::Flat(Flat::Playground);

    /// The 2D mode: the one shown, or the one beneath the 3D view.
    #[must_use]
    pub fn flat(self) -> Flat {
        match self {
            Mode::Flat(f) | Mode::Three(f) => f,
        }
    }

    /// Is the 3D view shown?
    #[must_use]
    pub fn is_three(self) -> bool {
        matches!(self, Mode::Three(_))
    }

    /// Is motion the 2D mode — shown, or beneath the 3D view (so also while 3D is shown; ask
    /// [`Mode::is_three`] for what is on screen)?
    #[must_use]
    pub fn flat_motion(self) -> bool {
        self.flat() == Flat::Motion
    }

    /// Is the playground the 2D mode — shown, or beneath the 3D view?
    #[must_use]
    pub fn flat_playground(self) -> bool {
        self.flat() == Flat::Playground
    }

    /// This mode with the 3D view shown (`true`) or not, keeping the 2D mode.
    #[must_use]
    pub fn with_three(self, on: bool) -> Mode {
        if on {
            Mode::Three(self.flat())
        } else {
            Mode::Flat(self.flat())
        }
    }

    /// This mode with `flat` turned on (`true`) or off (back to the still scene when it was the 2D
    /// mode), keeping the 3D view as it is.
    #[must_use]
    pub fn with_flat(self, flat: Flat, on: bool) -> Mode {
        let f = match (on, self.flat() == flat) {
            (true, _) => flat,
            (false, true) => Flat::Still,
            (false, false) => self.flat(),
        };
        match self {
            Mode::Flat(_) => Mode::Flat(f),
            Mode::Three(_) => Mode::Three(f),
        }
    }
}
