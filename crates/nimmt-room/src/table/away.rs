//! What a bot did for a player who was away: from the first move it made for the seat, the
//! actions it took and the events the seat saw, told to the player in one notice when they are
//! back (`away_summary`), so they know how they got where they are.

use super::Table;
use crate::conn::Conn;
use nimmt_core::{Addressed, Seat, Viewer};
use serde_json::Value;

/// Most actions and events kept for one absence (the latest ones).
pub const KEEP_ACTIONS: usize = 40;
pub const KEEP_EVENTS: usize = 120;

/// One seat's absence.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AwayLog {
    /// How many moves the bot made for the seat (all of them, also those no longer kept).
    pub moves: usize,
    /// The bot's latest actions for the seat, oldest first.
    pub actions: Vec<Value>,
    /// The latest events the seat could see, oldest first.
    pub events: Vec<Value>,
}

fn keep_last(v: &mut Vec<Value>, n: usize) {
    if v.len() > n {
        v.drain(..v.len() - n);
    }
}

impl AwayLog {
    /// The bot made `action` for the seat.
    pub fn moved(&mut self, action: &Value) {
        self.moves += 1;
        self.actions.push(action.clone());
        keep_last(&mut self.actions, KEEP_ACTIONS);
    }

    /// Something happened at the table: keeps what `seat` may see of it.
    pub fn saw(&mut self, seat: Seat, events: &[Addressed<Value>]) {
        let viewer = Viewer::Seat(seat);
        self.events.extend(
            events
                .iter()
                .filter(|e| e.to.admits(viewer))
                .map(|e| e.event.clone()),
        );
        keep_last(&mut self.events, KEEP_EVENTS);
    }

    /// The notice's parameters: `moves` (a count), `actions` and `events` (JSON arrays).
    pub fn params(&self) -> Vec<(&'static str, String)> {
        vec![
            ("moves", self.moves.to_string()),
            ("actions", Value::from(self.actions.clone()).to_string()),
            ("events", Value::from(self.events.clone()).to_string()),
        ]
    }
}

impl Table {
    /// A bot is about to move for seat `i`: if the seat is a human's who is not here (away, or
    /// left the game and may come back), what happens from now on is noted for them.
    pub(super) fn note_absent_move(&mut self, i: usize) {
        let Some(seat) = self.meta.seats.get(i) else {
            return;
        };
        let here = seat
            .player
            .as_ref()
            .and_then(|p| self.members.get(p))
            .is_some_and(|m| m.conn.is_some());
        let owned = seat.player.is_some() || seat.left.is_some();
        if !owned || here {
            return;
        }
        if self.away.len() <= i {
            self.away.resize(i + 1, None);
        }
        self.away[i].get_or_insert_with(AwayLog::default);
    }

    /// A move was made and stored: every absent seat's log keeps what it may see, and the bot's
    /// own move for it (`by_bot`).
    pub(super) fn note_away(
        &mut self,
        seat: Seat,
        action: &Value,
        by_bot: bool,
        events: &[Addressed<Value>],
    ) {
        for (i, log) in self.away.iter_mut().enumerate() {
            let Some(log) = log else { continue };
            if by_bot && i == seat.index() {
                log.moved(action);
            }
            log.saw(Seat(i as u8), events);
        }
    }

    /// The player of seat `i` is back: tells them what the bot did for them (nothing when it did
    /// nothing) and forgets it.
    pub(super) fn tell_away(&mut self, conn: &Conn, i: usize) {
        let Some(log) = self.away.get_mut(i).and_then(Option::take) else {
            return;
        };
        if log.moves > 0 {
            self.out
                .notice(conn, Some(self.id), "away_summary", log.params());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keeps_the_moves_and_what_the_seat_may_see() {
        let mut log = AwayLog::default();
        log.moved(&json!({"type": "play", "card": 34}));
        log.saw(
            Seat(1),
            &[
                Addressed::public(json!({"type": "revealed"})),
                Addressed::to_seat(Seat(0), json!({"type": "hand_dealt", "seat": 0})),
                Addressed::to_seat(Seat(1), json!({"type": "hand_dealt", "seat": 1})),
            ],
        );
        assert_eq!(log.moves, 1);
        assert_eq!(
            log.events,
            vec![
                json!({"type": "revealed"}),
                json!({"type": "hand_dealt", "seat": 1})
            ]
        );
        let params = log.params();
        assert_eq!(params[0], ("moves", "1".to_owned()));
        assert_eq!(params[1].1, r#"[{"card":34,"type":"play"}]"#);
    }

    #[test]
    fn a_long_absence_keeps_the_latest() {
        let mut log = AwayLog::default();
        for i in 0..KEEP_ACTIONS + 3 {
            log.moved(&json!(i));
        }
        assert_eq!(log.moves, KEEP_ACTIONS + 3);
        assert_eq!(log.actions.len(), KEEP_ACTIONS);
        assert_eq!(log.actions[0], json!(3));
    }
}
