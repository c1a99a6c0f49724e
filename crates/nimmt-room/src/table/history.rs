//! The table's recent chat: the last lines said at it and the notices the whole table heard, kept
//! in memory (not stored) and sent to whoever joins or comes back, each notice in the receiver's
//! language, so a reloaded client shows the conversation it had.

use nimmt_protocol::{ChatLine, Lang, PlayerId, ServerMsg, TableId};
use std::collections::{HashSet, VecDeque};

/// How many lines a table keeps.
pub const KEEP: usize = 100;

#[derive(Clone, Debug, Default)]
pub struct ChatHistory {
    lines: VecDeque<ChatLine>,
    /// The number of the last line said (see [`ChatHistory::said`]).
    last_line: u64,
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

    /// A line `player` said, numbered and kept. Numbers grow and are not used twice at a table,
    /// also after a restart (they start from the clock in milliseconds).
    pub fn said(&mut self, player: &PlayerId, from: &str, text: &str) -> ChatLine {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        self.last_line = (self.last_line + 1).max(now);
        let line = ChatLine::said_by(self.last_line, player, from, text);
        self.push(line.clone());
        line
    }

    /// The chat line numbered `line`, if still kept.
    pub fn find(&self, line: u64) -> Option<&ChatLine> {
        self.lines.iter().find(|l| l.line == Some(line))
    }

    /// Takes the chat line numbered `line` out; `None` if it is not kept (any more).
    pub fn remove(&mut self, line: u64) -> Option<ChatLine> {
        let at = self.lines.iter().position(|l| l.line == Some(line))?;
        self.lines.remove(at)
    }

    pub fn lines(&self) -> Vec<ChatLine> {
        self.lines.iter().cloned().collect()
    }

    /// The history for one connection in its language (nothing when nobody has said anything),
    /// without the lines of the players in `muted` (those this connection's player muted).
    pub fn for_conn(
        &self,
        lang: Lang,
        table: TableId,
        muted: &HashSet<PlayerId>,
    ) -> Option<ServerMsg> {
        let lines: Vec<ChatLine> = self
            .lines
            .iter()
            .filter(|l| l.player.as_ref().is_none_or(|p| !muted.contains(p)))
            .map(|l| l.in_lang(lang))
            .collect();
        (!lines.is_empty()).then_some(ServerMsg::ChatHistory { table, lines })
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

    #[test]
    fn lines_said_are_numbered_found_and_removed() {
        let mut h = ChatHistory::default();
        let ann = "a1".to_owned();
        let one = h.said(&ann, "Ann", "one").line.unwrap();
        let two = h.said(&ann, "Ann", "two").line.unwrap();
        assert!(two > one);
        assert_eq!(h.find(one).unwrap().text, "one");
        assert_eq!(h.remove(one).unwrap().text, "one");
        assert!(h.find(one).is_none());
        assert!(h.remove(one).is_none());
        assert_eq!(h.lines().len(), 1);
    }
}
