//! Time at the table: what each seat is asked since when, decision timers, the reconnection
//! window, and the moves bots make (bot seats, stand-ins for absent players, and the game's
//! default action for a seat whose time ran out).

use super::{Asked, Table};
use crate::bots;
use nimmt_core::Seat;
use nimmt_protocol::{Deadline, PlayerId, TableState};
use serde_json::Value;
use tokio::time::{Duration, Instant};

/// Milliseconds since the Unix epoch now.
fn epoch_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

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
    /// schedules bot moves.
    pub(super) fn refresh_asked(&mut self) {
        let n = self.meta.seats.len();
        let now = Instant::now();
        let pending: Vec<(Seat, Value)> = match (self.game(), self.state) {
            (Some(g), TableState::Playing) => g.pending(),
            _ => Vec::new(),
        };
        self.asked.resize(n, None);
        // Whether the seats are asked in a window, found out once a seat is asked anew.
        let mut window = None;
        for i in 0..n {
            let decision = pending.iter().find(|(s, _)| s.index() == i).map(|(_, d)| d);
            match (decision, &self.asked[i]) {
                (None, _) => self.asked[i] = None,
                (Some(d), Some(a)) if a.decision == *d => {}
                (Some(d), _) => {
                    let window = *window.get_or_insert_with(|| {
                        self.game().is_some_and(|g| window_opens(g, &pending))
                    });
                    let timer = self.meta.table_options.timer;
                    self.asked[i] = Some(Asked {
                        decision: d.clone(),
                        since: self.game_changed_at,
                        deadline: (timer > 0).then(|| now + Duration::from_secs(timer)),
                        deadline_at: (timer > 0).then(|| epoch_ms() + timer * 1000),
                        window,
                    })
                }
            }
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
        let left = due.saturating_duration_since(Instant::now());
        Some(Deadline {
            at,
            left_ms: left.as_millis() as u64,
        })
    }

    pub(super) fn next_wake(&self) -> Option<Instant> {
        // A paused table only wakes to close.
        if self.paused(Instant::now()) {
            return self.close_at();
        }
        let mut wake = self.bot_due;
        let mut earliest = |t: Instant| wake = Some(wake.map_or(t, |w| w.min(t)));
        for (i, a) in self.asked.iter().enumerate() {
            if let Some(a) = a {
                if let Some(d) = a.deadline {
                    earliest(d);
                }
                if let Some(p) = self.meta.seats.get(i).and_then(|s| s.player.as_ref()) {
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
        // A finished table stops waiting for its players away at the end.
        if let Some(t) = self.result_kept_until() {
            earliest(t);
        }
        wake
    }

    pub(super) async fn on_timers(&mut self) {
        let now = Instant::now();
        if self.state == TableState::Finished {
            self.check_empty().await;
            return;
        }
        if self.paused(now) {
            if self.close_at().is_some_and(|t| now >= t) {
                self.close_abandoned().await;
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
            for p in gone {
                let _ = self.leave(&p, false).await;
            }
            self.check_empty().await;
            return;
        }
        // Absent players whose window ran out: the bot stands in from now on.
        let mut newly = Vec::new();
        for m in self.members.values_mut() {
            if m.conn.is_none()
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
        let mut moves = 0;
        loop {
            let now = Instant::now();
            let due = self.bot_due.is_some_and(|t| now >= t);
            let next = (0..self.asked.len()).find(|&i| {
                self.asked[i].as_ref().is_some_and(|a| {
                    (due && self.stand_in(i, now)) || a.deadline.is_some_and(|d| now >= d)
                })
            });
            let Some(i) = next else { break };
            let timed_out = !self.stand_in(i, now);
            if timed_out {
                self.notice_all("timer_expired", vec![("name", self.seat_name(i))]);
            }
            if !self.bot_move(i).await {
                // Try again in a second rather than at once.
                let later = Instant::now() + Duration::from_secs(1);
                if let Some(a) = self.asked[i].as_mut() {
                    a.deadline = a.deadline.map(|_| later);
                    a.deadline_at = a.deadline_at.map(|_| epoch_ms() + 1000);
                }
                self.bot_due = Some(later);
                return;
            }
            moves += 1;
            if moves > 64 || !self.config.bot_delay.is_zero() {
                break;
            }
        }
        if self.bot_due.is_some_and(|t| Instant::now() >= t) {
            self.bot_due = None;
        }
        self.refresh_asked();
    }

    /// The bot of seat `i` (its own level, or the stand-in) makes the seat's move.
    async fn bot_move(&mut self, i: usize) -> bool {
        let Some(game) = self.game.as_ref().map(super::Live::game) else {
            return false;
        };
        if self.bots.len() < self.meta.seats.len() {
            self.bots.resize_with(self.meta.seats.len(), || None);
        }
        let seat = &self.meta.seats[i];
        let level = seat.bot.clone().filter(|_| seat.player.is_none());
        let kind = self.meta.game;
        let ctx = nimmt_bots::registry::BotContext {
            humans_at_table: self.meta.seats.iter().any(|s| s.player.is_some()),
        };
        let seed = self.game.as_ref().map_or(0, |g| g.setup().seed)
            ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let action = match level {
            // A human seat whose time ran out, or whose player is away: the game's default.
            None => game.default_action(Seat(i as u8)),
            Some(level) => {
                let bot = self.bots[i]
                    .take()
                    .unwrap_or_else(|| bots::make(kind, &level, seed, &ctx));
                let (bot, action) = bots::decide(bot, game, Seat(i as u8)).await;
                self.bots[i] = Some(bot);
                action
            }
        };
        let Some(action) = action else { return false };
        self.note_absent_move(i);
        match self.apply(Seat(i as u8), action, None).await {
            Ok(()) => true,
            Err(r) => {
                tracing::warn!("table {}: bot move for seat {i} refused: {:?}", self.id, r);
                false
            }
        }
    }
}
