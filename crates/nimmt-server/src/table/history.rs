//! The table's recent chat: the last lines said at it and the notices the whole table heard, kept
//! in memory (not stored) and sent to whoever joins or comes back, each notice in the receiver's
//! language, so a reloaded client shows the conversation it had.

use crate::conn::Conn;
use nimmt_protocol::{ChatLine, ServerMsg, TableId};
use std::collections::VecDeque;

/// How many lines a table keeps.
pub const KEEP: usize = 100;

#[derive(Clone, Debug, Default)]
pub struct ChatHistory {
    lines: VecDeque<ChatLine>,
}

impl ChatHistory {
    /// A history holding `lines` (the last [`KEEP`] of them).
    pub fn of(lines: Vec<ChatLine>) -> ChatHistory {
        let mut h = ChatHistory::default();
        for l in lines {
            h.push(l);
        }
        h
    }

    pub fn push(&mut self, line: ChatLine) {
        if self.lines.len() == KEEP {
            self.lines.pop_front();
        }
        self.lines.push_back(line);
    }

    pub fn lines(&self) -> Vec<ChatLine> {
        self.lines.iter().cloned().collect()
    }

    /// Sends the history to one connection (nothing when nobody has said anything).
    pub fn send_to(&self, conn: &Conn, table: TableId) {
        if !self.lines.is_empty() {
            conn.send(&ServerMsg::ChatHistory {
                table,
                lines: self.lines.iter().map(|l| l.in_lang(conn.lang)).collect(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_lines_in_order() {
        let mut h = ChatHistory::default();
        for i in 0..KEEP + 5 {
            h.push(ChatLine::said("Ann", &i.to_string()));
        }
        let lines = h.lines();
        assert_eq!(lines.len(), KEEP);
        assert_eq!(lines[0].text, "5");
        assert_eq!(lines[KEEP - 1].text, (KEEP + 4).to_string());
    }
}
