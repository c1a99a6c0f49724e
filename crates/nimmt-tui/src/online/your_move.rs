//! The lobby's Your-move list in the terminal: the turn-based tables waiting for this player's
//! move (the server's `your_move`), soonest deadline first, each with its game, the time left in
//! words and who else sits there; drawn above the table list while any waits.

use super::Online;
use crate::text::{Lang, T};
use nimmt_protocol::YourMove;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

/// The tables, soonest deadline first (by number when two are due at once).
pub fn ordered(mut tables: Vec<YourMove>) -> Vec<YourMove> {
    tables.sort_by_key(|m| (m.deadline_ms, m.table));
    tables
}

/// How long is left until `deadline_ms` at `now_ms`, in words: whole days from two days on,
/// whole hours from two hours on, else minutes begun (never "1 minutes"), under a minute in words.
pub fn time_left(lang: Lang, deadline_ms: u64, now_ms: u64) -> String {
    const MINUTE: u64 = 60_000;
    const HOUR: u64 = 60 * MINUTE;
    const DAY: u64 = 24 * HOUR;
    let Some(left) = deadline_ms.checked_sub(now_ms).filter(|l| *l > 0) else {
        return lang.t(T::LeftPassed).to_owned();
    };
    if left >= 2 * DAY {
        lang.fill(T::LeftDays, &[&(left / DAY)])
    } else if left >= 2 * HOUR {
        lang.fill(T::LeftHours, &[&(left / HOUR)])
    } else if left >= MINUTE {
        lang.fill(T::LeftMinutes, &[&left.div_ceil(MINUTE)])
    } else {
        lang.t(T::LeftMoment).to_owned()
    }
}

/// One line of the list.
pub fn line(lang: Lang, m: &YourMove, now_ms: u64) -> String {
    let with = if m.with.is_empty() {
        "-".to_owned()
    } else {
        m.with.join(", ")
    };
    lang.fill(
        T::YourMoveLine,
        &[
            &m.table,
            &m.game,
            &time_left(lang, m.deadline_ms, now_ms),
            &with,
        ],
    )
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

impl Online {
    /// Draws the list at the top of `area` (nothing while no table waits) and returns the rest.
    pub(super) fn draw_your_move(&self, frame: &mut Frame, area: Rect) -> Rect {
        if self.your_move.is_empty() || area.height < 6 {
            return area;
        }
        let rows = (self.your_move.len() as u16 + 2).min(area.height / 2);
        let (top, rest) = (
            Rect {
                height: rows,
                ..area
            },
            Rect {
                y: area.y + rows,
                height: area.height - rows,
                ..area
            },
        );
        let title = self.lang.fill(T::YourMove, &[&self.your_move.len()]);
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(Style::default().fg(Color::Yellow))
            .title(Span::styled(
                format!(" {title} "),
                Style::default().add_modifier(Modifier::BOLD),
            ));
        let inner = block.inner(top);
        frame.render_widget(block, top);
        let now = now_ms();
        let lines: Vec<Line> = self
            .your_move
            .iter()
            .map(|m| Line::from(line(self.lang, m, now)))
            .collect();
        frame.render_widget(Paragraph::new(lines), inner);
        rest
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimmt_core::GameKind;

    fn wait(table: u64, deadline_ms: u64) -> YourMove {
        YourMove {
            table,
            game: GameKind::new("classic"),
            deadline_ms,
            with: vec!["Ann".into(), "Cem".into()],
        }
    }

    #[test]
    fn the_soonest_deadline_comes_first_with_the_time_left_in_words() {
        const H: u64 = 3_600_000;
        let now = 1_000 * H;
        let list = ordered(vec![wait(4, now + 50 * H), wait(2, now + 3 * H)]);
        assert_eq!(list.iter().map(|m| m.table).collect::<Vec<_>>(), [2, 4]);
        assert_eq!(
            line(Lang::En, &list[0], now),
            "Table 2 · classic · 3 hours left · with Ann, Cem"
        );
        assert_eq!(
            line(Lang::De, &list[1], now),
            "Tisch 4 · classic · noch 2 Tage · mit Ann, Cem"
        );
        assert_eq!(time_left(Lang::En, now + 90_000, now), "2 minutes left");
        assert_eq!(time_left(Lang::En, now + 1, now), "less than a minute left");
        assert_eq!(time_left(Lang::De, now - 5, now), "Frist abgelaufen");
    }
}
