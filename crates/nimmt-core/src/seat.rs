//! Seats, viewers and the audience of an event.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table, numbered from 0 clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// All seats of a table with `n` players.
    pub fn all(n: usize) -> impl Iterator<Item = Seat> {
        (0..n as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Who looks at a game: a seat sees its own hidden cards, a spectator sees none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }
}

/// Who may learn of an event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Every seat and every spectator.
    Public,
    /// One seat only.
    Seat(Seat),
    /// These seats only.
    Seats(Vec<Seat>),
}

impl Audience {
    /// Whether `viewer` may see an event with this audience.
    pub fn admits(&self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Audience::Public, _) => true,
            (Audience::Seat(s), Viewer::Seat(v)) => *s == v,
            (Audience::Seats(ss), Viewer::Seat(v)) => ss.contains(&v),
            (_, Viewer::Spectator) => false,
        }
    }
}

/// An event together with who may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Addressed<E> {
    pub to: Audience,
    pub event: E,
}

impl<E> Addressed<E> {
    pub fn public(event: E) -> Self {
        Addressed {
            to: Audience::Public,
            event,
        }
    }
    pub fn to_seat(seat: Seat, event: E) -> Self {
        Addressed {
            to: Audience::Seat(seat),
            event,
        }
    }
}
