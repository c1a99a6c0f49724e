//! The 16 *Schlagt den Büffel* special cards (B2), and how many of them a team plays with (B4).
//! What each may do at a decision point: `special_uses.rs`.

use serde::{Deserialize, Serialize};

/// A special card (two of each in the box).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Special {
    /// *7 nimmt!*
    SevenTakes,
    /// *Stopp!*
    Stop,
    /// *Ersetzen*
    Replace,
    /// *Dazwischenlegen*
    Insert,
    /// *Verschieben*
    Shift,
    /// *Erste Karte*
    First,
    /// *Letzte Karte*
    Last,
    /// *Sortieren*
    Sort,
}

impl Special {
    pub const KINDS: [Special; 8] = [
        Special::SevenTakes,
        Special::Stop,
        Special::Replace,
        Special::Insert,
        Special::Shift,
        Special::First,
        Special::Last,
        Special::Sort,
    ];

    /// The name printed on the card.
    pub fn name(self) -> &'static str {
        match self {
            Special::SevenTakes => "7 nimmt!",
            Special::Stop => "Stopp!",
            Special::Replace => "Ersetzen",
            Special::Insert => "Dazwischenlegen",
            Special::Shift => "Verschieben",
            Special::First => "Erste Karte",
            Special::Last => "Letzte Karte",
            Special::Sort => "Sortieren",
        }
    }
}

impl std::fmt::Display for Special {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The 16 special cards, two of each, in kind order.
pub fn all_specials() -> Vec<Special> {
    Special::KINDS.iter().flat_map(|&k| [k, k]).collect()
}

/// Special cards in play for a team of `players` (B4).
pub fn specials_for(players: usize) -> usize {
    match players {
        0 | 1 => 0,
        2 => 2,
        3 => 4,
        4 => 6,
        5 => 11,
        _ => 16,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_cards_two_of_each_and_the_b4_table() {
        let all = all_specials();
        assert_eq!(all.len(), 16);
        for k in Special::KINDS {
            assert_eq!(all.iter().filter(|&&s| s == k).count(), 2);
        }
        let table: Vec<usize> = (1..=6).map(specials_for).collect();
        assert_eq!(table, vec![0, 2, 4, 6, 11, 16]);
    }
}
