//! Vacations at turn-based tables: where the host allows them (table option `vacation`), a
//! seated player may pause their clock for up to [`MOST_VACATION_DAYS`] days in any 30
//! (`/vacation DAYS`, `/vacation off` to come back early). While on vacation the seat's
//! deadlines stand still: a question's deadline is the pace from when it was asked plus the
//! part of every vacation of the seat after that. The vacations are kept in the table's clock
//! ([`TurnClock`](super::TurnClock)), stored with its settings, so they survive a restart.

use super::{Table, TableOptions};
use crate::conn::Conn;
use crate::refusal::Refusal;
use nimmt_core::{OptionSpec, Text};
use nimmt_protocol::{ErrorCode, TableState};

/// The most vacation days one player may take at a table in any 30 days.
pub const MOST_VACATION_DAYS: u64 = 7;

const DAY_MS: u64 = 24 * 3600 * 1000;
/// The window the days are counted in.
const WINDOW_MS: u64 = 30 * DAY_MS;

/// The table option of this concern.
pub(super) fn spec() -> OptionSpec {
    OptionSpec::choice(
        "vacation",
        &["yes", "no"],
        "no",
        Text::new(
            "yes (turn-based tables): a player may pause their clock for up to 7 days in any 30 (/vacation DAYS)",
            "yes (Tische mit Zugfristen): wer spielt, darf seine Uhr bis zu 7 Tage in 30 Tagen anhalten (/vacation TAGE)",
        ),
    )
}

/// Sets `vacation`; `None` for any other key.
pub(super) fn set_option(
    options: &mut TableOptions,
    key: &str,
    value: &str,
) -> Option<Result<(), String>> {
    (key == "vacation").then(|| match value {
        "yes" => {
            options.vacation = true;
            Ok(())
        }
        "no" => {
            options.vacation = false;
            Ok(())
        }
        _ => Err(format!(
            "bad value {value:?} for option vacation: expected yes or no"
        )),
    })
}

/// How long the seat's clock stood still after `from` (milliseconds), by its vacations.
pub(super) fn paused_after(vacations: &[(u64, u64)], from: u64) -> u64 {
    vacations
        .iter()
        .map(|&(start, end)| end.saturating_sub(start.max(from)))
        .sum()
}

/// The vacation milliseconds taken in the 30 days up to `now` (and planned after it).
fn used_by(vacations: &[(u64, u64)], now: u64) -> u64 {
    paused_after(vacations, now.saturating_sub(WINDOW_MS))
}

impl Table {
    /// `/vacation DAYS` (`days` > 0) or `/vacation off` (0) by `conn`'s seat.
    pub(super) fn vacation(&mut self, conn: &Conn, days: u8) -> Result<(), Refusal> {
        if !self.turn_based() || !self.meta.table_options.vacation {
            return Err(Refusal::new(ErrorCode::NotAllowed).keyed("vacation_not_allowed"));
        }
        if self.state != TableState::Playing {
            return Err(Refusal::new(ErrorCode::NotStarted));
        }
        let i = self
            .members
            .get(&conn.player)
            .and_then(|m| m.seat)
            .ok_or_else(|| Refusal::new(ErrorCode::NotSeated))?;
        let now = self.now.wall_ms;
        let turns = self.meta.turns.get_or_insert_with(Default::default);
        turns.fit(i + 1);
        let taken = &mut turns.vacations[i];
        let current = taken.iter().position(|&(s, e)| s <= now && now < e);
        if days == 0 {
            let Some(k) = current else {
                return Err(Refusal::new(ErrorCode::BadCommand).keyed("vacation_none"));
            };
            taken[k].1 = now;
        } else {
            if current.is_some() {
                return Err(Refusal::new(ErrorCode::BadCommand).keyed("vacation_already"));
            }
            let left = (MOST_VACATION_DAYS * DAY_MS).saturating_sub(used_by(taken, now));
            let wanted = u64::from(days) * DAY_MS;
            if wanted > left {
                return Err(Refusal::new(ErrorCode::NotAllowed)
                    .keyed("vacation_too_long")
                    .with("max", MOST_VACATION_DAYS)
                    .with("left", left / DAY_MS));
            }
            taken.push((now, now + wanted));
            // Vacations older than the window no longer count: they are not kept.
            taken.retain(|&(_, e)| e + WINDOW_MS > now);
        }
        // The open question's deadline moves with the vacation.
        if self.asked.get(i).is_some_and(Option::is_some) {
            let (deadline, deadline_at) = self.new_deadline(i);
            if let Some(Some(a)) = self.asked.get_mut(i) {
                a.deadline = deadline;
                a.deadline_at = deadline_at;
            }
        }
        self.save_meta();
        let name = self.seat_name(i);
        if days == 0 {
            self.notice_all("vacation_over", vec![("name", name)]);
        } else {
            self.notice_all(
                "vacation_started",
                vec![("name", name), ("days", days.to_string())],
            );
        }
        self.changed();
        Ok(())
    }

    /// How long seat `i`'s clock stood still after `from`, by its vacations.
    pub(super) fn vacation_pause(&self, i: usize, from: u64) -> u64 {
        self.meta
            .turns
            .as_ref()
            .and_then(|t| t.vacations.get(i))
            .map_or(0, |v| paused_after(v, from))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vacation_counts_only_after_the_question_was_asked() {
        let v = [(100, 200), (300, 400)];
        assert_eq!(paused_after(&v, 0), 200);
        assert_eq!(paused_after(&v, 150), 150);
        assert_eq!(paused_after(&v, 500), 0);
    }

    #[test]
    fn the_days_taken_count_over_thirty_days() {
        let now = 100 * DAY_MS;
        let v = [
            (now - 40 * DAY_MS, now - 35 * DAY_MS),
            (now - DAY_MS, now + DAY_MS),
        ];
        assert_eq!(used_by(&v, now), 2 * DAY_MS);
    }
}
