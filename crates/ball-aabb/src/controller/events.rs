//! [`Events`]: what happened during one controller step, as a set of bits (no allocation).

#![forbid(unsafe_code)]

use core::fmt;

/// One thing that can happen during a step (see [`Events`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The step started in the air and ended on the ground.
    Landed,
    /// The step started on the ground and ended in the air (running off a ledge beyond the snap
    /// distance, a jump, a drop through a platform).
    LeftGround,
    /// The character moved up into a ceiling; its upward speed was removed.
    HitCeiling,
    /// The character climbed a ledge (see [`Config::max_step_height`](super::Config::max_step_height)).
    SteppedUp,
    /// The character was moved down onto ground below it (see
    /// [`Config::snap_distance`](super::Config::snap_distance)).
    SnappedDown,
    /// A jump started (from the ground, in coyote time, or from the buffer).
    Jumped,
    /// Down + jump on one-way platforms: the character falls through them.
    DroppedThrough,
    /// The world step found the character overlapping a solid and pushed it out first (see
    /// [`Step::pushed_out`](crate::world::Step::pushed_out)).
    PushedOut,
    /// Standing on a moving box ([`Movers`](crate::world::Movers)), the character was carried by
    /// its move before its own.
    Carried,
    /// A moving box pushed into the character where there is no room to push it to (a wall, a
    /// ceiling, another box on the far side): it was caught between them. The character is then
    /// put at the nearest free position (the world step's push-out); the box keeps to its path.
    Crushed,
}

impl Event {
    /// Every event, in bit order.
    pub const ALL: [Event; 10] = [
        Event::Landed,
        Event::LeftGround,
        Event::HitCeiling,
        Event::SteppedUp,
        Event::SnappedDown,
        Event::Jumped,
        Event::DroppedThrough,
        Event::PushedOut,
        Event::Carried,
        Event::Crushed,
    ];

    /// Its name: `"landed"`, `"left-ground"`, `"hit-ceiling"`, `"stepped-up"`, `"snapped-down"`,
    /// `"jumped"`, `"dropped-through"`, `"pushed-out"`, `"carried"`, `"crushed"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Event::Landed => "landed",
            Event::LeftGround => "left-ground",
            Event::HitCeiling => "hit-ceiling",
            Event::SteppedUp => "stepped-up",
            Event::SnappedDown => "snapped-down",
            Event::Jumped => "jumped",
            Event::DroppedThrough => "dropped-through",
            Event::PushedOut => "pushed-out",
            Event::Carried => "carried",
            Event::Crushed => "crushed",
        }
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The events of one step: a set of [`Event`]s in one `u16`.
///
/// ```
/// use ball_aabb::controller::{Event, Events};
/// let mut e = Events::EMPTY;
/// e.insert(Event::Jumped);
/// e.insert(Event::LeftGround);
/// assert!(e.contains(Event::Jumped) && !e.contains(Event::Landed));
/// assert_eq!(e.iter().collect::<Vec<_>>(), [Event::LeftGround, Event::Jumped]);
/// assert_eq!(e.to_string(), "left-ground jumped");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Events(u16);

impl Events {
    /// No event.
    pub const EMPTY: Events = Events(0);

    /// Is `event` in the set?
    #[must_use]
    #[inline]
    pub fn contains(self, event: Event) -> bool {
        self.0 & event.bit() != 0
    }

    /// Adds `event`.
    #[inline]
    pub fn insert(&mut self, event: Event) {
        self.0 |= event.bit();
    }

    /// Removes `event`.
    #[inline]
    pub fn remove(&mut self, event: Event) {
        self.0 &= !event.bit();
    }

    /// No event at all?
    #[must_use]
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The events, in [`Event::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Event> {
        Event::ALL.into_iter().filter(move |e| self.contains(*e))
    }

    /// The raw bits (bit `i` is [`Event::ALL`]`[i]`).
    #[must_use]
    pub fn bits(self) -> u16 {
        self.0
    }
}

impl From<Event> for Events {
    fn from(e: Event) -> Self {
        Events(e.bit())
    }
}

/// The names separated by spaces (empty for no event).
impl fmt::Display for Events {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(e.as_str())?;
        }
        Ok(())
    }
}
