//! The luck cards (*Glückskarten*): six *5 Pluspunkte* and six *Positive Hornochsen* in two open
//! stacks. A counter moving back onto or over a clover of the score track earns one card per
//! clover; one card may be played immediately before laying a tile and then returns to its stack.

use serde::{Deserialize, Serialize};

/// Copies of each luck card.
pub const LUCK_COPIES: u8 = 6;

/// One of the two luck cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum LuckCard {
    /// *5 Pluspunkte*: the field the tile lands on gives 5 plus points instead of its effect;
    /// not on a row's last field.
    FivePoints,
    /// *Positive Hornochsen*: on a row's last field, two tiles of the row of the player's choice
    /// count as plus points.
    PositiveBulls,
}

impl LuckCard {
    pub const BOTH: [LuckCard; 2] = [LuckCard::FivePoints, LuckCard::PositiveBulls];
}

/// The two open stacks: how many cards each holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LuckStacks {
    pub five_points: u8,
    pub positive_bulls: u8,
}

impl LuckStacks {
    /// Both stacks full.
    pub fn full() -> LuckStacks {
        LuckStacks {
            five_points: LUCK_COPIES,
            positive_bulls: LUCK_COPIES,
        }
    }

    pub fn count(&self, card: LuckCard) -> u8 {
        match card {
            LuckCard::FivePoints => self.five_points,
            LuckCard::PositiveBulls => self.positive_bulls,
        }
    }

    fn slot(&mut self, card: LuckCard) -> &mut u8 {
        match card {
            LuckCard::FivePoints => &mut self.five_points,
            LuckCard::PositiveBulls => &mut self.positive_bulls,
        }
    }

    /// Takes a card from its stack; false when that stack is empty.
    pub fn take(&mut self, card: LuckCard) -> bool {
        let s = self.slot(card);
        if *s == 0 {
            return false;
        }
        *s -= 1;
        true
    }

    /// A played card goes back onto its stack.
    pub fn put_back(&mut self, card: LuckCard) {
        *self.slot(card) += 1;
    }

    /// The stacks a card may be taken from now.
    pub fn available(&self) -> Vec<LuckCard> {
        LuckCard::BOTH
            .into_iter()
            .filter(|&c| self.count(c) > 0)
            .collect()
    }
}
