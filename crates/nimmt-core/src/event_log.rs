//! Events as a game makes them, addressed, or none at all: a playout runs the same rules with
//! the log off, so nothing is built that nobody reads.

use crate::seat::{Addressed, Audience, Seat};

/// The events of one action (or of a game's opening), kept only while the log is on.
pub struct EventLog<E> {
    pub on: bool,
    pub events: Vec<Addressed<E>>,
}

impl<E> EventLog<E> {
    pub fn on() -> Self {
        EventLog {
            on: true,
            events: Vec::new(),
        }
    }

    pub fn off() -> Self {
        EventLog {
            on: false,
            events: Vec::new(),
        }
    }

    /// An event everyone may see, made only if the log is on.
    pub fn public(&mut self, event: impl FnOnce() -> E) {
        if self.on {
            self.events.push(Addressed::public(event()));
        }
    }

    /// An event for `to` only, made only if the log is on.
    pub fn to(&mut self, to: Audience, event: impl FnOnce() -> E) {
        if self.on {
            self.events.push(Addressed { to, event: event() });
        }
    }

    /// An event for one seat only.
    pub fn to_seat(&mut self, seat: Seat, event: impl FnOnce() -> E) {
        self.to(Audience::Seat(seat), event);
    }
}
