//! The 105 playing cards of HELP! and the one shared row: where a number, a Joker or a Switch may go
//! (`002` "Spielablauf", "Sonderkarten", RULINGS H2, H3).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The highest number on a card.
pub const MAX_NUMBER: u8 = 11;
/// Cards in a full row: whoever lays the sixth clears it.
pub const ROW_CAPACITY: usize = 6;
/// Cards in a hand after every turn.
pub const HAND_SIZE: usize = 4;
/// Cards in play: the box's 110 cards less the five score cards (`002` "Inhalt").
pub const DECK_SIZE: usize = 105;

/// A card of HELP!. In JSON a number card is its number, a special card its name:
/// `7`, `"joker"`, `"switch"`, `"zap"`, `"no"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "CardRepr", into = "CardRepr")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "CardRepr"))]
pub enum HelpCard {
    /// A number card, 1–11.
    Number(u8),
    /// Stands for one more than the card before it (H2).
    Joker,
    /// Swaps a number card of the hand with a card of the row (H3).
    Switch,
    /// Removes the last card of the row.
    Zap,
    /// Laid in front of its player: skips the next turn, protects from being asked (H5).
    No,
}

#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
enum CardRepr {
    Number(u8),
    Special(#[cfg_attr(feature = "ts", ts(inline))] Special),
}

#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
enum Special {
    Joker,
    Switch,
    Zap,
    No,
}

impl TryFrom<CardRepr> for HelpCard {
    type Error = String;
    fn try_from(r: CardRepr) -> Result<Self, Self::Error> {
        match r {
            CardRepr::Number(n) => HelpCard::number(n)
                .ok_or_else(|| format!("{n} is not a HELP! number card (1–{MAX_NUMBER})")),
            CardRepr::Special(Special::Joker) => Ok(HelpCard::Joker),
            CardRepr::Special(Special::Switch) => Ok(HelpCard::Switch),
            CardRepr::Special(Special::Zap) => Ok(HelpCard::Zap),
            CardRepr::Special(Special::No) => Ok(HelpCard::No),
        }
    }
}

impl From<HelpCard> for CardRepr {
    fn from(c: HelpCard) -> Self {
        match c {
            HelpCard::Number(n) => CardRepr::Number(n),
            HelpCard::Joker => CardRepr::Special(Special::Joker),
            HelpCard::Switch => CardRepr::Special(Special::Switch),
            HelpCard::Zap => CardRepr::Special(Special::Zap),
            HelpCard::No => CardRepr::Special(Special::No),
        }
    }
}

impl HelpCard {
    /// Every kind of card, numbers first.
    pub const KINDS: [HelpCard; 15] = [
        HelpCard::Number(1),
        HelpCard::Number(2),
        HelpCard::Number(3),
        HelpCard::Number(4),
        HelpCard::Number(5),
        HelpCard::Number(6),
        HelpCard::Number(7),
        HelpCard::Number(8),
        HelpCard::Number(9),
        HelpCard::Number(10),
        HelpCard::Number(11),
        HelpCard::Joker,
        HelpCard::Switch,
        HelpCard::Zap,
        HelpCard::No,
    ];

    /// The number card `n`, if 1–11.
    pub const fn number(n: u8) -> Option<HelpCard> {
        if n >= 1 && n <= MAX_NUMBER {
            Some(HelpCard::Number(n))
        } else {
            None
        }
    }

    /// The printed number of a number card.
    pub fn value(self) -> Option<u8> {
        match self {
            HelpCard::Number(n) => Some(n),
            _ => None,
        }
    }

    pub fn is_special(self) -> bool {
        !matches!(self, HelpCard::Number(_))
    }

    /// How many copies of this card the game holds (`002` "Inhalt").
    pub const fn copies(self) -> usize {
        match self {
            HelpCard::Number(1 | 2) => 5,
            HelpCard::Number(3..=7) => 7,
            HelpCard::Number(8..=11) => 8,
            HelpCard::Number(_) => 0,
            _ => 7,
        }
    }

    /// A dense index 0–14 (numbers 1–11, then Joker, Switch, Zap, No!).
    pub fn index(self) -> usize {
        match self {
            HelpCard::Number(n) => n as usize - 1,
            HelpCard::Joker => 11,
            HelpCard::Switch => 12,
            HelpCard::Zap => 13,
            HelpCard::No => 14,
        }
    }

    /// The English name shown to players.
    pub fn name(self) -> String {
        match self {
            HelpCard::Number(n) => n.to_string(),
            HelpCard::Joker => "Joker".into(),
            HelpCard::Switch => "Switch".into(),
            HelpCard::Zap => "Zap".into(),
            HelpCard::No => "No!".into(),
        }
    }
}

impl fmt::Display for HelpCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// All 105 playing cards, sorted: 1 and 2 five times, 3–7 seven times, 8–11 eight times, each
/// special card seven times (the box's other five cards are the score cards).
pub fn full_deck() -> Vec<HelpCard> {
    HelpCard::KINDS
        .iter()
        .flat_map(|&k| std::iter::repeat_n(k, k.copies()))
        .collect()
}

/// A card lying in the row with the value it counts for (a Joker's is fixed when laid, H2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RowCard {
    pub card: HelpCard,
    pub value: u8,
}

impl RowCard {
    pub fn number(n: u8) -> RowCard {
        RowCard {
            card: HelpCard::Number(n),
            value: n,
        }
    }
    pub fn joker(value: u8) -> RowCard {
        RowCard {
            card: HelpCard::Joker,
            value,
        }
    }
}

/// The values either side of position `at` of `row` when a card goes there in place of nothing
/// (`replace == false`) or in place of the card at `at` (`replace == true`): the card must lie
/// strictly between them. 0 and 12 stand for "no neighbour".
fn neighbours(row: &[RowCard], at: usize, replace: bool) -> (u8, u8) {
    let before = if at == 0 { 0 } else { row[at - 1].value };
    let after_index = if replace { at + 1 } else { at };
    let after = row.get(after_index).map_or(MAX_NUMBER + 1, |c| c.value);
    (before, after)
}

/// Whether number `n` may be laid at the end of `row` (`002`: at least one higher than the last
/// card; any number starts an empty row).
pub fn fits_end(row: &[RowCard], n: u8) -> bool {
    row.len() < ROW_CAPACITY
        && match row.last() {
            Some(last) => n > last.value,
            None => true,
        }
}

/// The value a Joker laid at position `at` (0 = before the first card, `row.len()` = after the
/// last) takes, if it may go there: one more than the card before it, 1 at the start, and
/// strictly below the card after it (H2).
pub fn joker_value(row: &[RowCard], at: usize) -> Option<u8> {
    if at > row.len() || row.len() >= ROW_CAPACITY {
        return None;
    }
    let (before, after) = neighbours(row, at, false);
    let value = before + 1;
    (value <= MAX_NUMBER && value < after).then_some(value)
}

/// The places a Joker may go in `row`.
pub fn joker_spots(row: &[RowCard]) -> impl Iterator<Item = usize> + '_ {
    (0..=row.len()).filter(|&at| joker_value(row, at).is_some())
}

/// Whether the card at position `take` may be swapped for number `n` with a Switch: the row
/// stays strictly ascending (H3).
pub fn switch_fits(row: &[RowCard], take: usize, n: u8) -> bool {
    if take >= row.len() {
        return false;
    }
    let (before, after) = neighbours(row, take, true);
    before < n && n < after
}

/// Whether `card`, held with the rest of `hand`, can be played on `row` now (H4: number, Joker,
/// Switch, Zap or No!). `hand` is the whole hand, `card` included.
pub fn card_playable(card: HelpCard, hand: &[HelpCard], row: &[RowCard]) -> bool {
    match card {
        HelpCard::Number(n) => fits_end(row, n),
        HelpCard::Joker => joker_spots(row).next().is_some(),
        HelpCard::Switch => hand.iter().any(|&c| match c {
            HelpCard::Number(n) => (0..row.len()).any(|take| switch_fits(row, take, n)),
            _ => false,
        }),
        HelpCard::Zap => !row.is_empty(),
        HelpCard::No => true,
    }
}

/// Whether any card of `hand` can be played on `row`.
pub fn hand_playable(hand: &[HelpCard], row: &[RowCard]) -> bool {
    hand.iter().any(|&c| card_playable(c, hand, row))
}

/// Inserts `card` into the sorted `hand`.
pub fn insert_sorted(hand: &mut Vec<HelpCard>, card: HelpCard) {
    let i = hand.partition_point(|&c| c < card);
    hand.insert(i, card);
}

/// Removes one `card` from `hand`; false if it is not there.
pub fn remove_one(hand: &mut Vec<HelpCard>, card: HelpCard) -> bool {
    match hand.iter().position(|&c| c == card) {
        Some(i) => {
            hand.remove(i);
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(values: &[u8]) -> Vec<RowCard> {
        values.iter().map(|&v| RowCard::number(v)).collect()
    }

    #[test]
    fn the_deck_holds_the_cards_listed_in_the_contents() {
        // 002 "Inhalt": 110 Karten — je 5-mal 1, 2; je 7-mal 3–7; je 8-mal 8–11; je 7-mal
        // Joker, Switch, Zap, No!; 5 Punktekarten. 10 + 35 + 32 + 28 = 105 playing cards.
        let deck = full_deck();
        assert_eq!(deck.len(), DECK_SIZE);
        let count = |c: HelpCard| deck.iter().filter(|&&d| d == c).count();
        assert_eq!(count(HelpCard::Number(1)), 5);
        assert_eq!(count(HelpCard::Number(2)), 5);
        assert_eq!(count(HelpCard::Number(5)), 7);
        assert_eq!(count(HelpCard::Number(8)), 8);
        assert_eq!(count(HelpCard::Number(11)), 8);
        for s in [
            HelpCard::Joker,
            HelpCard::Switch,
            HelpCard::Zap,
            HelpCard::No,
        ] {
            assert_eq!(count(s), 7, "{s}");
        }
    }

    #[test]
    fn cards_are_numbers_or_names_in_json() {
        let json = serde_json::to_string(&vec![HelpCard::Number(7), HelpCard::Joker, HelpCard::No])
            .unwrap();
        assert_eq!(json, r#"[7,"joker","no"]"#);
        let back: Vec<HelpCard> = serde_json::from_str(r#"[11,"switch","zap"]"#).unwrap();
        assert_eq!(
            back,
            vec![HelpCard::Number(11), HelpCard::Switch, HelpCard::Zap]
        );
        let err = serde_json::from_str::<HelpCard>("12").unwrap_err();
        assert!(
            err.to_string().contains("12 is not a HELP! number card"),
            "{err}"
        );
        assert!(serde_json::from_str::<HelpCard>(r#""queen""#).is_err());
    }

    #[test]
    fn numbers_go_only_above_the_last_card_and_never_into_a_full_row() {
        // 002 "Wichtig: Deine angelegte Zahlenkarte muss mindestens um eine Zahl höher sein"
        let r = row(&[2, 5]);
        assert!(!fits_end(&r, 5));
        assert!(!fits_end(&r, 3));
        assert!(fits_end(&r, 6));
        assert!(fits_end(&[], 11), "any number starts a new row");
        assert!(!fits_end(&row(&[1, 2, 3, 4, 5, 6]), 7));
    }

    #[test]
    fn a_joker_is_one_more_than_the_card_before_it() {
        // H2
        assert_eq!(joker_value(&[], 0), Some(1), "first card of the row: a 1");
        let r = row(&[3, 4, 5, 8]);
        assert_eq!(joker_value(&r, 0), Some(1));
        assert_eq!(joker_value(&r, 1), None, "between 3 and 4");
        assert_eq!(joker_value(&r, 3), Some(6));
        assert_eq!(joker_value(&r, 4), Some(9));
        assert_eq!(joker_value(&row(&[1, 11]), 2), None, "never after an 11");
        assert_eq!(
            joker_value(&row(&[1, 4]), 0),
            None,
            "nothing fits before a 1"
        );
    }
}
