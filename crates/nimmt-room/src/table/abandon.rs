//! A running table that no human is connected to (in real time; a turn-based table waits for its
//! deadlines instead, see `turns`): once its reconnection window has passed it
//! pauses (its bots stop, its timers stop, it costs no CPU); it resumes when a human comes
//! back, and closes `Config::abandoned_close_after` later if nobody does. A closed unfinished
//! game stays in the database as `abandoned`, with its public record; it is not restored.

use super::out::Then;
use super::Table;
use crate::clock::Instant;
use crate::records::RunningRecord;
use crate::store_port::Op;
use nimmt_protocol::TableState;
use std::time::Duration;

impl Table {
    /// Notes whether any human is connected to the running game; one who comes back to a
    /// paused table resumes it (its decision timers start afresh).
    pub(super) fn note_presence(&mut self) {
        let now = self.now.at;
        let anyone = self.members.values().any(|m| m.conn.is_some());
        // A turn-based table waits for its deadlines, whoever is connected; a tournament's
        // table plays on (its bots stand in) until its game ends.
        let plays_on = self.turn_based() || self.meta.tournament.is_some();
        if self.state != TableState::Playing || anyone || plays_on {
            if self.paused(now) {
                // Each seat's time for a decision (a bot account's limit: see `bot_faults`).
                let seconds: Vec<u64> = (0..self.asked.len())
                    .map(|i| self.move_seconds(i))
                    .collect();
                let wall = self.now.wall_ms;
                for (a, timer) in self.asked.iter_mut().zip(seconds) {
                    if let Some(a) = a.as_mut().filter(|a| a.deadline.is_some()) {
                        // The deadline clients are told moves with it.
                        a.deadline = Some(now + Duration::from_secs(timer));
                        a.deadline_at = Some(wall + timer * 1000);
                    }
                }
                if self.bot_due.is_some() {
                    self.bot_due = Some(now + self.config.bot_delay);
                }
            }
            self.empty_since = None;
        } else if self.empty_since.is_none() {
            self.empty_since = Some(now);
        }
    }

    /// Whether the table is paused: running, nobody connected, the reconnection window over.
    pub(super) fn paused(&self, now: Instant) -> bool {
        self.empty_since
            .is_some_and(|t| now >= t + self.reconnect())
    }

    /// When a paused table closes.
    pub(super) fn close_at(&self) -> Option<Instant> {
        self.empty_since
            .map(|t| t + self.reconnect() + self.config.abandoned_close_after)
    }

    /// Closes the abandoned table: its game stays stored, unfinished, with its public record.
    /// If that cannot be stored the input is taken back and the table stays paused and tries
    /// again later (see `written`).
    pub(super) fn close_abandoned(&mut self) {
        let Some(game) = &self.game else { return };
        let (id, version) = (self.id, self.version + 1);
        let record = RunningRecord::of(
            game.setup(),
            game.recorded(0..self.public_actions),
            self.seat_names(),
        );
        let record = serde_json::to_string(&record).expect("records serialize");
        self.out.write(
            Op::Abandon {
                id,
                record,
                version,
            },
            Then::Abandoned,
        );
        self.version = version;
        self.closing = true;
    }
}
