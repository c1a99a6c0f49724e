//! Time as the room sees it: an input. The shell (or the simulator) says what time it is with
//! every input; nothing in the room reads a clock.

use std::ops::{Add, Sub};
use std::time::Duration;

/// A point on the room's monotonic clock: the time since the shell started (or the simulation
/// began). Only differences mean anything.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant(Duration);

impl Instant {
    /// The instant `since` after the clock's start.
    pub const fn at(since: Duration) -> Instant {
        Instant(since)
    }

    /// The time since the clock's start.
    pub fn since_start(self) -> Duration {
        self.0
    }

    /// How long after `earlier` this is (zero if it is not after it).
    pub fn saturating_duration_since(self, earlier: Instant) -> Duration {
        self.0.saturating_sub(earlier.0)
    }
}

impl Add<Duration> for Instant {
    type Output = Instant;
    fn add(self, d: Duration) -> Instant {
        Instant(self.0 + d)
    }
}

impl Sub<Duration> for Instant {
    type Output = Instant;
    fn sub(self, d: Duration) -> Instant {
        Instant(self.0.saturating_sub(d))
    }
}

/// What time it is, given with every input: the monotonic instant (timers) and the wall clock in
/// milliseconds since the Unix epoch (what clients are told of deadlines).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moment {
    pub at: Instant,
    pub wall_ms: u64,
}

impl Moment {
    /// The moment `d` later on both clocks.
    pub fn later(self, d: Duration) -> Moment {
        Moment {
            at: self.at + d,
            wall_ms: self.wall_ms + d.as_millis() as u64,
        }
    }
}
