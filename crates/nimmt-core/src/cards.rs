//! The 104 number cards of 6 nimmt! and their bull heads.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The highest card of the classic deck.
pub const MAX_CARD: u8 = 104;

/// A number card of the classic deck, 1–104.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Card(u8);

impl Card {
    /// The card with this number, if it is in the deck (1–104).
    pub const fn new(number: u8) -> Option<Card> {
        if number >= 1 && number <= MAX_CARD {
            Some(Card(number))
        } else {
            None
        }
    }

    /// The printed number.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Bull heads (minus points) printed on the card.
    pub const fn bull_heads(self) -> u8 {
        bull_heads(self.0)
    }
}

/// Bull heads of card `n`: 55 → 7; 11, 22, …, 99 → 5; multiples of 10 → 3; other multiples of
/// 5 → 2; all others → 1.
pub const fn bull_heads(n: u8) -> u8 {
    if n == 55 {
        7
    } else if n.is_multiple_of(11) {
        5
    } else if n.is_multiple_of(10) {
        3
    } else if n.is_multiple_of(5) {
        2
    } else {
        1
    }
}

/// Sum of bull heads over some cards.
pub fn heads_of<'a>(cards: impl IntoIterator<Item = &'a Card>) -> u32 {
    cards.into_iter().map(|c| c.bull_heads() as u32).sum()
}

impl TryFrom<u8> for Card {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, Self::Error> {
        Card::new(n).ok_or_else(|| format!("{n} is not a card (1–{MAX_CARD})"))
    }
}

impl From<Card> for u8 {
    fn from(c: Card) -> u8 {
        c.0
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bull_heads_follow_the_rule_book() {
        // 001 "Hornochsen = Minuspunkte"
        assert_eq!(bull_heads(55), 7);
        for n in [11, 22, 33, 44, 66, 77, 88, 99] {
            assert_eq!(bull_heads(n), 5, "{n}");
        }
        for n in [10, 20, 30, 100] {
            assert_eq!(bull_heads(n), 3, "{n}");
        }
        for n in [5, 15, 25, 95] {
            assert_eq!(bull_heads(n), 2, "{n}");
        }
        for n in [1, 2, 13, 104] {
            assert_eq!(bull_heads(n), 1, "{n}");
        }
    }

    #[test]
    fn the_deck_holds_171_bull_heads() {
        let total: u32 = (1..=MAX_CARD).map(|n| bull_heads(n) as u32).sum();
        assert_eq!(total, 171);
    }

    #[test]
    fn cards_outside_the_deck_are_refused() {
        assert!(Card::new(0).is_none());
        assert!(Card::new(105).is_none());
        assert!(serde_json::from_str::<Card>("105").is_err());
        assert_eq!(serde_json::from_str::<Card>("104").unwrap().number(), 104);
    }
}
