//! The buffalo's rows of number cards (`001` rules 1–4 with the extras of the special cards): a
//! row with its own capacity (*7 nimmt!* lets a row hold six), a stop sign (*Stopp!*), insertion
//! inside a row (*Dazwischenlegen*, *Verschieben*), empty rows, the classic target rule and
//! taking a row.
//!
//! The classic game keeps its own `games::classic::rows` (fan markers, both ends) and its kernel.

use crate::cards::{heads_of, Card};
use serde::{Deserialize, Serialize};

/// Cards a row holds before the next one takes it: the sixth card takes the row (`001` rule 3).
pub const CLASSIC_CAPACITY: usize = 5;

/// One row of number cards, left to right, strictly ascending.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Row {
    pub cards: Vec<Card>,
    /// How many cards the row holds; one more takes it.
    pub capacity: usize,
    /// A stop sign lies beside the row: no card may join, leave or take it.
    #[serde(default)]
    pub blocked: bool,
}

/// Where the classic rules send a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Target {
    /// To the end of this row (an empty row takes any card).
    Row { row: usize },
    /// The card fits no row: its player takes a row (`001` rule 4).
    Low,
}

impl Row {
    /// A row started by `start`, of classic capacity, not blocked.
    pub fn new(start: Card) -> Row {
        Row::of(vec![start])
    }

    /// A row of these cards, of classic capacity, not blocked. Panics unless strictly ascending.
    pub fn of(cards: Vec<Card>) -> Row {
        assert!(
            cards.windows(2).all(|w| w[0] < w[1]),
            "a row is strictly ascending: {cards:?}"
        );
        Row {
            cards,
            capacity: CLASSIC_CAPACITY,
            blocked: false,
        }
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn last(&self) -> Option<Card> {
        self.cards.last().copied()
    }

    /// Whether the next card that joins the row takes it.
    pub fn is_full(&self) -> bool {
        self.cards.len() >= self.capacity
    }

    /// Bull heads in the row.
    pub fn heads(&self) -> u32 {
        heads_of(&self.cards)
    }

    /// Whether `card` may go at place `at` (0 = before the first card, `len` = after the last)
    /// with the row staying strictly ascending.
    pub fn fits_at(&self, at: usize, card: Card) -> bool {
        at <= self.cards.len()
            && (at == 0 || self.cards[at - 1] < card)
            && (at == self.cards.len() || card < self.cards[at])
    }

    /// Puts `card` at place `at`, nothing taken yet: the row may hold one card more than its
    /// capacity until [`Row::take_overflow`].
    pub fn place(&mut self, at: usize, card: Card) {
        debug_assert!(self.fits_at(at, card), "{card} at {at} in {:?}", self.cards);
        self.cards.insert(at, card);
    }

    /// When the row holds more than its capacity, every card but the last is taken and returned
    /// (the last stays as the new first card, `001` rule 3 and *Dazwischenlegen*/*Verschieben*);
    /// otherwise nothing is returned.
    pub fn take_overflow(&mut self) -> Vec<Card> {
        if self.cards.len() > self.capacity {
            let keep = self.cards.len() - 1;
            let last = self.cards.split_off(keep);
            std::mem::replace(&mut self.cards, last)
        } else {
            Vec::new()
        }
    }

    /// Puts `card` at place `at` and takes an overflow at once; returns the cards taken.
    pub fn insert(&mut self, at: usize, card: Card) -> Vec<Card> {
        self.place(at, card);
        self.take_overflow()
    }

    /// Lays `card` at the end of the row; returns the cards taken if it was full.
    pub fn push(&mut self, card: Card) -> Vec<Card> {
        self.insert(self.cards.len(), card)
    }

    /// Removes the card at place `at`.
    pub fn remove(&mut self, at: usize) -> Card {
        self.cards.remove(at)
    }
}

/// The rows a card may join or take: those without a stop sign.
pub fn open_rows(rows: &[Row]) -> impl Iterator<Item = usize> + '_ {
    rows.iter()
        .enumerate()
        .filter(|(_, r)| !r.blocked)
        .map(|(i, _)| i)
}

/// Where `card` goes: an open empty row first (the topmost, it must receive the next card laid),
/// else the open row whose last card is lower with the smallest difference (rules 1–2), else
/// nowhere (rule 4).
pub fn target(rows: &[Row], card: Card) -> Target {
    if let Some(row) = open_rows(rows).find(|&r| rows[r].is_empty()) {
        return Target::Row { row };
    }
    open_rows(rows)
        .filter_map(|r| {
            let last = rows[r].last()?;
            (last < card).then(|| (card.number() - last.number(), r))
        })
        .min()
        .map_or(Target::Low, |(_, row)| Target::Row { row })
}

/// The open, non-empty row with the fewest bull heads, on a tie the one with the highest last
/// card (B3, C6): what the buffalo, a bot or an expired timer takes for a low card.
pub fn cheapest_row(rows: &[Row]) -> Option<usize> {
    open_rows(rows)
        .filter(|&r| !rows[r].is_empty())
        .min_by_key(|&r| (rows[r].heads(), std::cmp::Reverse(rows[r].last())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(n: u8) -> Card {
        Card::new(n).unwrap()
    }

    fn row(ns: &[u8]) -> Row {
        Row::of(ns.iter().map(|&n| c(n)).collect())
    }

    fn numbers(r: &Row) -> Vec<u8> {
        r.cards.iter().map(|c| c.number()).collect()
    }

    fn table() -> Vec<Row> {
        // 001 "Vier Reihen bilden": 12, 37, 43 and 58.
        vec![row(&[12]), row(&[37]), row(&[43]), row(&[58])]
    }

    #[test]
    fn a_card_goes_to_the_row_with_the_smallest_difference() {
        // 001 rule 2 example: 14 and 15 to the 12, 44 to the 43, 61 to the 58.
        let rows = table();
        assert_eq!(target(&rows, c(14)), Target::Row { row: 0 });
        assert_eq!(target(&rows, c(44)), Target::Row { row: 2 });
        assert_eq!(target(&rows, c(61)), Target::Row { row: 3 });
        assert_eq!(target(&rows, c(3)), Target::Low, "001 rule 4 example");
    }

    #[test]
    fn the_sixth_card_takes_the_first_five() {
        // 001 rule 3 example: the 30 takes the full first row and starts it again.
        let mut r = row(&[12, 14, 15, 21, 26]);
        assert!(r.is_full());
        let taken = r.push(c(30));
        assert_eq!(taken, vec![c(12), c(14), c(15), c(21), c(26)]);
        assert_eq!(numbers(&r), vec![30]);
    }

    #[test]
    fn a_row_of_capacity_six_takes_at_the_seventh() {
        // 001 "7 nimmt!": the row is taken with the seventh card, six cards.
        let mut r = row(&[3, 7, 9, 12, 17]);
        r.capacity = 6;
        assert!(r.push(c(20)).is_empty());
        assert!(r.is_full());
        assert_eq!(r.push(c(21)).len(), 6);
        assert_eq!(numbers(&r), vec![21]);
    }

    #[test]
    fn inserting_into_a_full_row_keeps_its_last_card_as_the_new_first() {
        // 001 "Dazwischenlegen": "In diesem Fall wird die letzte Karte der Reihe zur ersten
        // Karte der neuen Reihe."
        let mut r = row(&[5, 11, 20, 30, 40]);
        assert!(r.fits_at(1, c(10)));
        assert!(!r.fits_at(1, c(12)));
        assert!(r.fits_at(0, c(4)));
        assert!(!r.fits_at(6, c(50)));
        let taken = r.insert(1, c(10));
        assert_eq!(taken, vec![c(5), c(10), c(11), c(20), c(30)]);
        assert_eq!(numbers(&r), vec![40]);
    }

    #[test]
    fn blocked_rows_neither_receive_nor_are_taken() {
        // 001 "Stopp!", B5.
        let mut rows = table();
        rows[2].blocked = true;
        assert_eq!(target(&rows, c(44)), Target::Row { row: 1 });
        rows[0] = row(&[12, 13]);
        rows[1] = row(&[37, 38, 39]);
        rows[3] = row(&[58, 60]);
        assert_eq!(cheapest_row(&rows), Some(0));
        rows[0].blocked = true;
        assert_eq!(
            cheapest_row(&rows),
            Some(1),
            "37, 38, 39: 3 heads; 58, 60: 4"
        );
        rows[1].blocked = true;
        assert_eq!(cheapest_row(&rows), Some(3));
    }

    #[test]
    fn an_empty_row_receives_the_next_card_whatever_its_number() {
        // 001 "Verschieben": "müsst ihr die nächste ausgespielte Karte in diese Reihe legen".
        let mut rows = table();
        rows[1].remove(0);
        assert_eq!(target(&rows, c(100)), Target::Row { row: 1 });
        assert_eq!(target(&rows, c(2)), Target::Row { row: 1 });
        rows[1].blocked = true;
        assert_eq!(target(&rows, c(2)), Target::Low);
    }

    #[test]
    fn the_cheapest_row_breaks_ties_by_the_highest_last_card() {
        // B3/C6.
        let rows = vec![row(&[12, 13]), row(&[37]), row(&[41, 42]), row(&[58])];
        // 2, 1, 2, 1 heads: 37 and 58 tie, 58 is higher.
        assert_eq!(cheapest_row(&rows), Some(3));
    }
}
