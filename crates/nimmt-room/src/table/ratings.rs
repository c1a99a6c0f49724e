//! The seats' ratings as the table shows them (beside each name, in the lobby and at the
//! table; once the game is over, with what the game changed). They are read from the database
//! when who sits where changes or the game ends, and the lobby (which tells everyone at the
//! table too) hears when they look different.

use super::effect::{Effect, RatingsQuery, SeatRatingsRead};
use super::Table;
use crate::identity;
use nimmt_protocol::{SeatRating, TableState};

/// The ratings last read, and for which seats.
#[derive(Default)]
pub(super) struct SeatRatings {
    /// Who sat where and whether the game was over when they were read.
    read_for: Option<(Vec<Option<String>>, bool)>,
    /// The read asked for and not answered yet.
    asked: Option<RatingsQuery>,
    seats: Vec<Option<SeatRating>>,
}

impl SeatRatings {
    /// The rating shown beside seat `i`.
    pub(super) fn of(&self, i: usize) -> Option<SeatRating> {
        self.seats.get(i).copied().flatten()
    }
}

impl Table {
    /// Reads the seats' ratings again if the seats or the game's end changed since last time.
    pub(super) fn refresh_ratings(&mut self) {
        let over = self.state == TableState::Finished;
        // Most often nothing changed (this runs after every command): found out without writing
        // the identities out.
        if let Some((ids, was_over)) = &self.ratings.read_for {
            let seats = &self.meta.seats;
            if *was_over == over
                && ids.len() == seats.len()
                && ids.iter().zip(seats).all(|(id, s)| {
                    let (player, left) = (s.player.as_deref(), s.left.as_deref());
                    identity::is(id.as_deref(), player, left, s.bot.as_deref())
                })
            {
                return;
            }
        }
        let identities: Vec<Option<String>> = self
            .meta
            .seats
            .iter()
            .map(|s| identity::of(s.player.as_deref(), s.left.as_deref(), s.bot.as_deref()))
            .collect();
        let key = (identities, over);
        if self.closing || self.ratings.read_for.as_ref() == Some(&key) {
            return;
        }
        let query = RatingsQuery {
            game: self.meta.game.name(),
            identities: key.0,
            finished: over.then_some(self.id),
        };
        if self.ratings.asked.as_ref() == Some(&query) {
            return;
        }
        self.ratings.asked = Some(query.clone());
        self.out.effect(Effect::ReadRatings(query));
    }

    /// The ratings asked for were read (`None`: they could not be; they are read again once the
    /// seats change).
    pub(super) fn ratings_read(&mut self, query: RatingsQuery, seats: Option<SeatRatingsRead>) {
        if self.ratings.asked.as_ref() != Some(&query) {
            return;
        }
        self.ratings.asked = None;
        let key = (query.identities, query.finished.is_some());
        let Some(seats) = seats else {
            tracing::debug!("table {}: ratings not read", self.id);
            self.ratings.read_for = Some(key);
            return;
        };
        let len = seats.len().max(self.ratings.seats.len());
        let looks_different =
            (0..len).any(|i| self.ratings.of(i) != seats.get(i).copied().flatten());
        self.ratings.read_for = Some(key);
        self.ratings.seats = seats;
        if looks_different {
            self.tell_lobby();
        }
    }
}
