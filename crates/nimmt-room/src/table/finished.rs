//! A finished game waits for its players who were away at its end: the table stays (in the
//! lobby, and in `welcome.seated` of those players) until each of them has come back and seen
//! the final state, or `Config::abandoned_close_after` has passed since the end. A room that
//! restarts brings back the games that ended that recently, so a player away at the end (or
//! during the restart) still learns the result: their `hello` names the table in `seated`, and
//! the table sends its final `state`.

use super::Table;
use crate::clock::Instant;
use nimmt_protocol::TableState;

impl Table {
    /// Notes when the game ended (once, the first time the table sees it over).
    pub(super) fn note_finished(&mut self) {
        if self.state == TableState::Finished && self.finished_at.is_none() {
            self.finished_at = Some(self.now.at);
        }
    }

    /// Whether a seated player who was away when the game ended has not come back since.
    pub(super) fn result_awaited(&self) -> bool {
        let Some(end) = self.finished_at else {
            return false;
        };
        self.members
            .values()
            .any(|m| m.seat.is_some() && m.conn.is_none() && m.away_since.is_some_and(|t| t <= end))
    }

    /// Until when the finished table waits for the players away at its end.
    pub(super) fn result_kept_until(&self) -> Option<Instant> {
        self.finished_at
            .filter(|_| self.result_awaited())
            .map(|t| t + self.config.abandoned_close_after)
    }

    /// Whether the finished table may close now: nobody connected, and nobody awaited (or the
    /// wait is over).
    pub(super) fn result_delivered(&self, now: Instant) -> bool {
        self.result_kept_until().is_none_or(|t| now >= t)
    }
}
