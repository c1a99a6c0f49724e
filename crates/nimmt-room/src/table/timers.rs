//! Time at the table: what each seat is asked since when, decision timers (a turn-based table's
//! deadlines: `turns`), the reconnection window, and the moves bots make (bot seats, stand-ins for absent players, and the game's
//! default action for a seat whose time ran out).

use super::job::{Job, Thought};
use super::{Asked, Effect, Table};
use crate::bots;
use crate::clock::Instant;
use nimmt_core::{Seat, Viewer};
use nimmt_protocol::{Deadline, PlayerId, TableState};
use serde_json::Value;
use std::time::Duration;

/// Most bot moves in a row at one wake-up of a table whose bots move without a pause.
const MOST_MOVES_AT_ONCE: u32 = 64;

/// Whether `pending` is an intervention window: one decision asked of several seats at once,
/// where the game's default answer is the same for every one of them (a pass). Such a window
/// closes once every seat has answered, so the table answers at once for a seat whose player is
/// away (and a seat asked when the window opened stays in it until it answers). A simultaneous
/// choice of cards is no window: each seat's default is its own card.
fn window_opens(game: &nimmt_core::Game, pending: &[(Seat, Value)]) -> bool {
    let Some((first_seat, decision)) = pending.first() else {
        return false;
    };
    if pending.len() < 2 || pending.iter().any(|(_, d)| d != decision) {
        return false;
    }
    let first = game.default_action(*first_seat);
    first.is_some()
        && pending
            .iter()
            .all(|(s, _)| game.default_action(*s) == first)
}

impl Table {
    /// Notes what each seat is asked now (and since which version), sets decision timers and
    /// schedules bot moves. At a turn-based table the lobby hears whom the table waits for when
    /// a seat was asked something new or no longer is.
    pub(super) fn refresh_asked(&mut self) {
        self.refresh_asked_after(None);
    }

    /// As [`Table::refresh_asked`], after seat `answered` answered its question (whatever it
    /// is asked next is a new question).
    pub(super) fn refresh_asked_after(&mut self, answered: Option<usize>) {
        let n = self.meta.seats.len();
        let now = self.now.at;
        let pending: Vec<(Seat, Value)> = match (self.game(), self.state) {
            (Some(g), TableState::Playing) => g.pending(),
            _ => Vec::new(),
        };
        self.asked.resize(n, None);
        // Whether the seats are asked in a window, found out once a seat is asked anew.
        let mut window = None;
        // Whether a seat was asked something new or no longer is (the lobby's Your-move lists).
        let mut asked_changed = answered
            .and_then(|i| self.asked.get_mut(i))
            .is_some_and(|a| a.take().is_some());
        for i in 0..n {
            let decision = pending.iter().find(|(s, _)| s.index() == i).map(|(_, d)| d);
            match (decision, &self.asked[i]) {
                (None, None) => {}
                (None, Some(_)) => {
                    self.asked[i] = None;
                    asked_changed = true;
                }
                (Some(d), Some(a)) if a.decision == *d => {}
                (Some(d), _) => {
                    asked_changed = true;
                    let window = *window.get_or_insert_with(|| {
                        self.game().is_some_and(|g| window_opens(g, &pending))
                    });
                    let (deadline, deadline_at) = self.new_deadline(i);
                    self.asked[i] = Some(Asked {
                        decision: d.clone(),
                        since: self.game_changed_at,
                        deadline,
                        deadline_at,
                        window,
                    })
                }
            }
        }
        if asked_changed && self.turn_based() {
            self.tell_lobby();
        }
        if self.bot_due.is_none()
            && (0..n).any(|i| self.asked[i].is_some() && self.stand_in(i, now))
        {
            self.bot_due = Some(now + self.config.bot_delay);
        }
    }

    /// When the timer decides for seat `i`, as clients see it (none without a timer or when the
    /// seat is not asked).
    pub(super) fn deadline_of(&self, i: usize) -> Option<Deadline> {
        let a = self.asked.get(i)?.as_ref()?;
        let (due, at) = (a.deadline?, a.deadline_at?);
        let left = due.saturating_duration_since(self.now.at);
        Some(Deadline {
            at,
            left_ms: left.as_millis() as u64,
        })
    }

    /// When the table wants [`Input::Wake`](super::Input::Wake) next (none: only when an
    /// input comes).
    pub fn next_wake(&self) -> Option<Instant> {
        // The record is tried again in a moment.
        let retry = self.record_retry.filter(|_| self.record_unsaved);
        let wake = self.timers_wake();
        match (wake, retry) {
            (Some(w), Some(r)) => Some(w.min(r)),
            (w, r) => w.or(r),
        }
    }

    fn timers_wake(&self) -> Option<Instant> {
        // A paused table only wakes to close.
        if self.paused(self.now.at) {
            return self.close_at();
        }
        // Bots move only while the game runs (a game that ended has none due).
        let mut wake = self
            .bot_due
            .filter(|_| self.state == TableState::Playing && !self.has(super::Fault::DropTimer));
        let mut earliest = |t: Instant| wake = Some(wake.map_or(t, |w| w.min(t)));
        for (i, a) in self.asked.iter().enumerate() {
            if let Some(a) = a {
                if let Some(d) = a.deadline {
                    earliest(d);
                }
                // At a turn-based table an absent player keeps the seat: only deadlines count.
                let player = self.meta.seats.get(i).and_then(|s| s.player.as_ref());
                // A bot account's seat has its limit instead (see `bot_faults`).
                let window = !self.turn_based() && !self.bot_account_seat(i);
                if let Some(p) = player.filter(|_| window) {
                    if let Some(m) = self.members.get(p) {
                        if let (None, Some(t), false) = (&m.conn, m.away_since, m.standing_in) {
                            earliest(t + self.reconnect());
                        }
                    }
                }
            }
        }
        if self.state == TableState::Open {
            for m in self.members.values() {
                if let (Some(t), Some(_)) = (m.away_since, m.seat) {
                    earliest(t + self.reconnect());
                }
            }
        }
        // When the table pauses, its bots stop.
        if let Some(t) = self.empty_since {
            earliest(t + self.reconnect());
        }
        // A finished table stops waiting for its players away at the end (once: after that it
        // closes when the last one there leaves).
        if let Some(t) = self.result_kept_until().filter(|t| *t > self.now.at) {
            earliest(t);
        }
        wake
    }

    pub(super) fn on_timers(&mut self) {
        let now = self.now.at;
        if self.state == TableState::Finished {
            return;
        }
        if self.paused(now) {
            if self.close_at().is_some_and(|t| now >= t) {
                self.begin_undo(None);
                self.close_abandoned();
            }
            return;
        }
        // An open table frees the seats of players away longer than the window.
        if self.state == TableState::Open {
            let gone: Vec<PlayerId> = self
                .members
                .iter()
                .filter(|(_, m)| {
                    m.conn.is_none() && m.away_since.is_some_and(|t| now >= t + self.reconnect())
                })
                .map(|(p, _)| p.clone())
                .collect();
            if !gone.is_empty() {
                self.begin_undo(None);
            }
            for p in gone {
                let _ = self.leave(&p, false);
            }
            return;
        }
        // Absent players whose window ran out: the bot stands in from now on (not at a
        // turn-based table, which waits for its deadlines, nor for a bot account, whose seat
        // gets the default move at its limit: see `bot_faults`).
        let mut newly = Vec::new();
        let turn_based = self.turn_based();
        let bot_accounts: Vec<usize> = (0..self.meta.seats.len())
            .filter(|&i| self.bot_account_seat(i))
            .collect();
        for m in self.members.values_mut() {
            if !turn_based
                && !m.seat.is_some_and(|i| bot_accounts.contains(&i))
                && m.conn.is_none()
                && !m.standing_in
                && m.away_since.is_some_and(|t| {
                    now >= t + Duration::from_secs(self.meta.table_options.reconnect)
                })
            {
                m.standing_in = true;
                newly.push(m.name.clone());
            }
        }
        for name in newly {
            self.notice_all("standing_in", vec![("name", name)]);
            self.tell_lobby();
        }
        // Bot seats and stand-ins move; so does the bot for a seat whose timer ran out.
        self.bot_run = Some(0);
        self.next_bot_move();
    }

    /// The next bot move of this wake-up, if one is due: the game's default action at once, a
    /// bot's as a job (see `thought`). Once none is due, the run ends.
    pub(super) fn next_bot_move(&mut self) {
        let Some(moves) = self.bot_run else { return };
        let now = self.now.at;
        let due = self.bot_due.is_some_and(|t| now >= t);
        let next = (0..self.asked.len()).find(|&i| {
            self.asked[i].as_ref().is_some_and(|a| {
                (due && self.stand_in(i, now)) || a.deadline.is_some_and(|d| now >= d)
            })
        });
        let more = moves < MOST_MOVES_AT_ONCE && (moves == 0 || self.config.bot_delay.is_zero());
        let Some(i) = next.filter(|_| more) else {
            self.bot_run = None;
            if self.bot_due.is_some_and(|t| now >= t) {
                self.bot_due = None;
            }
            self.refresh_asked();
            return;
        };
        self.bot_run = Some(moves + 1);
        // A turn-based table tells of a missed deadline once the move is stored (`turns`); a
        // bot account's late move is a fault.
        if self.bot_account_seat(i) && !self.stand_in(i, now) {
            self.bot_late(i);
        } else if !self.stand_in(i, now) && !self.turn_based() {
            self.notice_all("timer_expired", vec![("name", self.seat_name(i))]);
        }
        self.bot_move(i);
    }

    /// The bot of seat `i` (its own level, or the stand-in) makes the seat's move: a bot seat's
    /// bot thinks off the table's thread; a human seat whose time ran out, or whose player is
    /// away, plays the game's default.
    fn bot_move(&mut self, i: usize) {
        let Some(game) = self.game.as_ref().map(super::Live::game) else {
            self.bot_move_later(i);
            return;
        };
        if self.bots.len() < self.meta.seats.len() {
            self.bots.resize_with(self.meta.seats.len(), || None);
        }
        let seat = &self.meta.seats[i];
        let level = seat.bot.clone().filter(|_| seat.player.is_none());
        let kind = self.meta.game;
        let fallback = game.default_action(Seat(i as u8));
        let Some(level) = level else {
            self.play_for(i, fallback);
            return;
        };
        if !game.is_pending(Seat(i as u8)) {
            self.bot_move_later(i);
            return;
        }
        let ctx = nimmt_bots::registry::BotContext {
            humans_at_table: self.meta.seats.iter().any(|s| s.player.is_some()),
        };
        let seed = self.game.as_ref().map_or(0, |g| g.setup().seed)
            ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bot = self.bots[i]
            .take()
            .unwrap_or_else(|| bots::make(kind, &level, seed, &ctx));
        let view = game.view(Viewer::Seat(Seat(i as u8)));
        self.out.effect(Effect::Think(Job::Move {
            seat: i,
            bot,
            view,
            fallback,
            game: kind,
        }));
    }

    /// A job's answer: a bot's move is played; a hint is told.
    pub(super) fn thought(&mut self, thought: Thought) {
        match thought {
            Thought::Move { seat, bot, action } => {
                if let Some(slot) = self.bots.get_mut(seat) {
                    *slot = Some(bot);
                }
                self.play_for(seat, action);
            }
            Thought::Hint { conn, req, choices } => self.hinted(&conn, req, choices),
        }
    }

    /// Plays `action` for seat `i` (a bot's or the game's default); once stored the run of bot
    /// moves goes on (see `apply_stored`).
    pub(super) fn play_for(&mut self, i: usize, action: Option<Value>) {
        let Some(action) = action else {
            self.bot_move_later(i);
            return;
        };
        self.note_absent_move(i);
        if let Err(r) = self.apply(Seat(i as u8), action, None) {
            tracing::warn!("table {}: bot move for seat {i} refused: {:?}", self.id, r);
            self.bot_move_later(i);
        }
    }

    /// The move for seat `i` could not be made: try again in a second rather than at once.
    pub(super) fn bot_move_later(&mut self, i: usize) {
        let later = self.now.at + Duration::from_secs(1);
        let wall = self.now.wall_ms + 1000;
        if let Some(a) = self.asked.get_mut(i).and_then(Option::as_mut) {
            a.deadline = a.deadline.map(|_| later);
            a.deadline_at = a.deadline_at.map(|_| wall);
        }
        self.bot_due = Some(later);
        self.bot_run = None;
    }
}
