//! Faults at a bot account's seat; the table always goes on. A move the rules refuse (illegal or
//! malformed) is answered with the rule's reason as for anyone, and the table plays the seat's
//! default move at once (`bot_fault`). A bot account has a move limit even at a table without a
//! timer ([`BOT_MOVE_LIMIT`] in real time, or the table's timer if shorter; a turn-based table's
//! deadline): when it passes the default move is played (`bot_fault_late`). Each fault of a
//! connected bot is reported to the lobby ([`Effect::BotFault`]), which rests a bot after
//! repeated ones. A bot account that is disconnected has its decisions played by the default move
//! once the limit passes, until it is back (there is no stand-in bot for it); that counts as no
//! fault. A finished game is not kept for its bot accounts: once no person is at it, it closes,
//! and the bots still there are told they left.

use super::effect::Effect;
use super::Table;
use crate::conn::Conn;
use crate::refusal::Refusal;
use nimmt_core::Seat;
use nimmt_protocol::{ErrorCode, ServerMsg, TableState};
use std::time::Duration;

/// How long a bot account has for a decision at a real-time table (the table's timer, if
/// shorter).
pub const BOT_MOVE_LIMIT: Duration = Duration::from_secs(10);

impl Table {
    /// The seconds a decision of seat `i` has at a real-time table: the table's timer (0: none),
    /// and at a bot account's seat at most [`BOT_MOVE_LIMIT`].
    pub(super) fn move_seconds(&self, i: usize) -> u64 {
        let timer = self.meta.table_options.timer;
        if !self.bot_account_seat(i) {
            return timer;
        }
        let limit = BOT_MOVE_LIMIT.as_secs();
        if timer == 0 {
            limit
        } else {
            timer.min(limit)
        }
    }

    /// Whether the player of seat `i` is connected.
    fn seat_connected(&self, i: usize) -> bool {
        self.meta
            .seats
            .get(i)
            .and_then(|s| s.player.as_ref())
            .and_then(|p| self.members.get(p))
            .is_some_and(|m| m.conn.is_some())
    }

    /// Whether someone other than a bot account is connected.
    pub(super) fn people_connected(&self) -> bool {
        self.members
            .values()
            .any(|m| m.conn.as_ref().is_some_and(|c| !c.bot))
    }

    /// The finished table closes with only bot accounts at it: each is told it left.
    pub(super) fn bots_leave(&mut self) {
        for m in self.members.values_mut() {
            if let Some(c) = m.conn.take() {
                self.out.send(&c, &ServerMsg::Left { table: self.id });
            }
        }
    }

    /// `conn`'s move was refused with `r`: at a bot account's seat that is asked, a move the
    /// rules refuse is a fault, and the seat's default move is played at once.
    pub(super) fn bot_fault(&mut self, conn: &Conn, r: &Refusal) {
        if !conn.bot || !matches!(r.code, ErrorCode::IllegalAction | ErrorCode::Malformed) {
            return;
        }
        let Some(m) = self.members.get(&conn.player) else {
            return;
        };
        let Some(i) = m
            .seat
            .filter(|_| m.conn.as_ref().map(|c| c.id) == Some(conn.id))
        else {
            return;
        };
        let asked = self.asked.get(i).is_some_and(Option::is_some);
        if self.state != TableState::Playing || !asked || !self.bot_account_seat(i) {
            return;
        }
        let reason = r
            .params
            .iter()
            .find(|(k, _)| *k == "reason")
            .map_or_else(|| r.code.name().to_owned(), |(_, v)| v.clone());
        self.notice_all(
            "bot_fault",
            vec![("name", self.seat_name(i)), ("reason", reason)],
        );
        self.out.effect(Effect::BotFault {
            player: conn.player.clone(),
        });
        let fallback = self.game().and_then(|g| g.default_action(Seat(i as u8)));
        self.play_for(i, fallback);
    }

    /// The time of bot account seat `i` ran out: everyone hears it, and the lobby if the bot is
    /// connected (a disconnected one is played by the default move without a fault).
    pub(super) fn bot_late(&mut self, i: usize) {
        if !self.seat_connected(i) {
            return;
        }
        let seconds = match self.meta.table_options.pace.deadline() {
            Some(d) => d.as_secs(),
            None => self.move_seconds(i),
        };
        self.notice_all(
            "bot_fault_late",
            vec![
                ("name", self.seat_name(i)),
                ("seconds", seconds.to_string()),
            ],
        );
        if let Some(player) = self.meta.seats.get(i).and_then(|s| s.player.clone()) {
            self.out.effect(Effect::BotFault { player });
        }
    }
}
