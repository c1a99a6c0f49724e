//! Turn-based tables (a `pace` other than `realtime`): a game that runs for days. Every decision
//! has the pace's deadline, counted from the game's last change; simultaneous choices wait until
//! everyone chose or the deadline passed. A deadline that passes plays the seat's default move
//! and tells everyone (`deadline_missed`); after [`MOST_MISSED`] missed deadlines in a game a bot
//! plays the seat (`deadline_bot`) until its player comes back (connects, joins or moves:
//! `seat_back`). Nobody being connected neither pauses nor closes such a table, and an absent
//! player keeps the seat: the table waits for its deadlines.
//!
//! The clock ([`TurnClock`]) is part of the table's stored settings and written with every move,
//! so a restored table's deadlines run from the stored time of the game's last change, and the
//! missed deadlines and benched seats survive a restart.

use super::{Table, Waiting};
use crate::clock::Instant;
use crate::conn::Conn;
use nimmt_core::Seat;
use nimmt_protocol::TableState;
use serde::{Deserialize, Serialize};

/// Missed deadlines in one game after which a bot plays the seat until its player is back.
pub const MOST_MISSED: u8 = 3;

/// A turn-based game's clock, stored in the table's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnClock {
    /// When the game last changed (its start or its latest move), on the wall clock
    /// (milliseconds since the Unix epoch): a new question's deadline runs from here.
    pub changed_ms: u64,
    /// By seat: how many deadlines the seat missed in this game.
    pub missed: Vec<u8>,
    /// By seat: whether a bot plays the seat until its player is back.
    pub benched: Vec<bool>,
    /// By seat: when the seat's open question was asked (milliseconds since the Unix epoch;
    /// 0 = none, or asked by the last change): its deadline runs from here, so a simultaneous
    /// choice keeps its deadline when another seat moves, also across a restart.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub asked_ms: Vec<u64>,
    /// By seat: its vacations, `(start, end)` in milliseconds since the Unix epoch (see
    /// `vacation`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vacations: Vec<Vec<(u64, u64)>>,
}

impl TurnClock {
    /// The clock of a game of `seats` seats that starts at `now_ms`.
    pub fn new(seats: usize, now_ms: u64) -> TurnClock {
        TurnClock {
            changed_ms: now_ms,
            missed: vec![0; seats],
            benched: vec![false; seats],
            asked_ms: vec![0; seats],
            vacations: vec![Vec::new(); seats],
        }
    }

    pub(super) fn fit(&mut self, seats: usize) {
        self.missed.resize(seats.max(self.missed.len()), 0);
        self.benched.resize(seats.max(self.benched.len()), false);
        self.asked_ms.resize(seats.max(self.asked_ms.len()), 0);
        self.vacations
            .resize(seats.max(self.vacations.len()), Vec::new());
    }
}

/// What a move at a turn-based table changed of its clock: told once the move is stored, taken
/// back if it is not.
#[derive(Clone, Debug)]
pub(super) struct TurnChange {
    before: Option<TurnClock>,
    /// The move is the default one, played because the seat's deadline passed.
    missed: bool,
    /// That was one deadline too many: a bot plays the seat from now on.
    benched: bool,
    /// The seat's player moved while a bot played for them: the seat is theirs again.
    back: bool,
}

impl Table {
    /// Whether the game runs across days, move by move.
    pub(super) fn turn_based(&self) -> bool {
        self.meta.table_options.pace.is_turn_based()
    }

    /// Whether a bot plays seat `i` because its player missed too many deadlines.
    pub(super) fn benched(&self, i: usize) -> bool {
        self.meta
            .turns
            .as_ref()
            .is_some_and(|t| t.benched.get(i).copied().unwrap_or(false))
    }

    /// The players whose move this turn-based table waits for, with their deadlines (none in
    /// real time, before the start and after the end; a seat a bot plays after missed deadlines
    /// waits for nobody).
    pub(super) fn waiting(&self) -> Vec<Waiting> {
        if !self.turn_based() || self.state != TableState::Playing {
            return Vec::new();
        }
        self.asked
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.benched(*i))
            .filter_map(|(i, a)| {
                Some(Waiting {
                    player: self.meta.seats.get(i)?.player.clone()?,
                    seat: i,
                    deadline_ms: a.as_ref()?.deadline_at?,
                })
            })
            .collect()
    }

    /// The deadline of a question asked of seat `i` now (on the room's clock and the wall
    /// clock): at a turn-based table the pace from when the question was asked as stored (a
    /// restored table keeps its deadlines), else from the game's last change; at any other
    /// table the `timer` from now; none without either.
    pub(super) fn new_deadline(&self, i: usize) -> (Option<Instant>, Option<u64>) {
        let (now, wall) = (self.now.at, self.now.wall_ms);
        if let Some(pace) = self.meta.table_options.pace.deadline() {
            let from = match self.meta.turns {
                Some(_) => self.question_asked_ms(i),
                None => wall,
            };
            let at = from + pace.as_millis() as u64 + self.vacation_pause(i, from);
            let left = std::time::Duration::from_millis(at.saturating_sub(wall));
            return (Some(now + left), Some(at));
        }
        // A bot account's seat has a limit even without a timer (see `bot_faults`).
        let timer = self.move_seconds(i);
        (
            (timer > 0).then(|| now + std::time::Duration::from_secs(timer)),
            (timer > 0).then(|| wall + timer * 1000),
        )
    }

    /// A turn-based game starts: its clock runs from now (none in real time).
    pub(super) fn start_turns(&mut self) {
        self.meta.turns = self
            .turn_based()
            .then(|| TurnClock::new(self.meta.seats.len(), self.now.wall_ms));
    }

    /// Seat `seat` moves (`by_table`: the table plays for it): at a turn-based table the clock
    /// notes the change, a missed deadline and a player who is back, and is written along with
    /// the move.
    pub(super) fn turn_move(&mut self, seat: Seat, by_table: bool) -> Option<Box<TurnChange>> {
        if !self.turn_based() {
            return None;
        }
        let (i, now) = (seat.index(), self.now.at);
        let benched = self.benched(i);
        let human = self.meta.seats.get(i).is_some_and(|s| s.player.is_some());
        let deadline_passed = self
            .asked
            .get(i)
            .and_then(Option::as_ref)
            .and_then(|a| a.deadline)
            .is_some_and(|d| now >= d);
        let missed = by_table && human && deadline_passed && !self.stand_in(i, now);
        let before = self.meta.turns.clone();
        // When each open question was asked, as of before this move: the seats still asked
        // after it keep their deadlines; whatever is asked anew runs from this move.
        let asked_at: Vec<u64> = (0..self.asked.len())
            .map(|j| match &self.asked[j] {
                Some(_) if j != i => self.question_asked_ms(j),
                _ => 0,
            })
            .collect();
        let turns = self.meta.turns.get_or_insert_with(TurnClock::default);
        turns.asked_ms = asked_at;
        turns.fit(i + 1);
        turns.changed_ms = self.now.wall_ms;
        let mut change = TurnChange {
            before,
            missed,
            benched: false,
            back: false,
        };
        if missed {
            turns.missed[i] = turns.missed[i].saturating_add(1);
            if turns.missed[i] >= MOST_MISSED {
                turns.benched[i] = true;
                change.benched = true;
            }
        } else if !by_table && benched {
            turns.benched[i] = false;
            change.back = true;
        }
        // Stored with the move, at the version the move gives the table.
        let op = self.save_op_as_of(self.version + 1);
        self.out.write_op(op);
        Some(Box::new(change))
    }

    /// When seat `j`'s open question was asked (the game's last change, unless stored earlier).
    fn question_asked_ms(&self, j: usize) -> u64 {
        self.meta
            .turns
            .as_ref()
            .map_or(0, |t| match t.asked_ms.get(j).copied().unwrap_or(0) {
                0 => t.changed_ms,
                at => at,
            })
    }

    /// The move was stored: everyone hears what it changed of the seat.
    pub(super) fn turn_told(&mut self, seat: Seat, change: Option<Box<TurnChange>>) {
        let Some(change) = change else { return };
        let name = self.seat_name(seat.index());
        if change.missed {
            self.notice_all("deadline_missed", vec![("name", name.clone())]);
        }
        if change.benched {
            self.notice_all("deadline_bot", vec![("name", name.clone())]);
        }
        if change.back {
            self.notice_all("seat_back", vec![("name", name)]);
        }
        if change.benched || change.back {
            self.tell_lobby();
        }
    }

    /// The move was not stored: the clock is as it was.
    pub(super) fn turn_not_stored(&mut self, change: Option<Box<TurnChange>>) {
        if let Some(change) = change {
            self.meta.turns = change.before;
        }
    }

    /// The player of seat `i` is back (connected or joined): a bot that played for them after
    /// missed deadlines gives the seat back (stored first). Whether it did.
    pub(super) fn back_from_bench(&mut self, conn: &Conn, i: usize) -> bool {
        if !self.benched(i) {
            return false;
        }
        if let Some(t) = self.meta.turns.as_mut() {
            t.benched[i] = false;
        }
        self.save_meta();
        self.notice_all("seat_back", vec![("name", conn.name.clone())]);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_grows_with_its_seats() {
        let mut clock = TurnClock::new(2, 5);
        clock.fit(4);
        assert_eq!(clock.missed, vec![0; 4]);
        assert_eq!(clock.benched, vec![false; 4]);
    }
}
