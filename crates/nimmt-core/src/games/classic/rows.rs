//! The four rows in the middle of the table, the fan-card markers that stand beside them, and the
//! rules that decide where a card goes (001 rules 1–4, RULINGS C5, C6, F2–F4).

use super::options::{Fan, Placement};
use crate::cards::{heads_of, Card};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize, Serializer};

/// Items a row holds before the next one takes it (the sixth card takes the row).
pub const ROW_CAPACITY: usize = 5;
/// Rows on the table.
pub const ROWS: usize = 4;

/// Which end of a row a card joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RowEnd"))]
pub enum End {
    Right,
    Left,
}

/// A fan card standing beside a row (F2–F4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "fan", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Marker {
    /// *Gerade/Ungerade*: the row accepts only cards of this parity.
    EvenOdd { row: usize, even: bool },
    /// *Bergsteigen*: the row is laid descending; `up` = the marker moves towards row 0 next.
    Mountain { row: usize, up: bool },
    /// *Die springende Kuh*: the cow stands at the right end of the row and fills a place.
    Cow { row: usize },
}

impl Marker {
    pub fn row(self) -> usize {
        match self {
            Marker::EvenOdd { row, .. } | Marker::Mountain { row, .. } | Marker::Cow { row } => row,
        }
    }
}

/// Cards a row gave up to the player who took it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Taken {
    pub row: usize,
    pub cards: Vec<Card>,
}

impl Taken {
    pub fn points(&self) -> u32 {
        heads_of(&self.cards)
    }
}

/// The four rows and the marker beside them. As JSON they carry each row's bull heads too
/// (`heads`, top to bottom), for clients to show; reading them back ignores those.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "RowsJson"))]
pub struct Rows {
    /// The number cards of each row, left to right, as printed.
    pub rows: [Vec<Card>; ROWS],
    /// The fan card beside a row, if the table plays one with a marker.
    pub marker: Option<Marker>,
}

/// The JSON of [`Rows`] as its serializer writes it, for the TypeScript declaration.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
struct RowsJson {
    /// The number cards of each row, left to right, as printed.
    rows: [Vec<Card>; ROWS],
    /// The fan card beside a row, if the table plays one with a marker.
    marker: Option<Marker>,
    /// Each row's bull heads, top to bottom.
    heads: [u32; ROWS],
}

impl Serialize for Rows {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let heads: [u32; ROWS] = std::array::from_fn(|r| self.heads(r));
        let mut out = serializer.serialize_struct("Rows", 3)?;
        out.serialize_field("rows", &self.rows)?;
        out.serialize_field("marker", &self.marker)?;
        out.serialize_field("heads", &heads)?;
        out.end()
    }
}

impl Rows {
    /// Rows started by `starts` (top to bottom), with the fan card placed as its rule says.
    pub fn new(starts: [Card; ROWS], fan: Option<Fan>) -> Rows {
        let rows = starts.map(|c| vec![c]);
        let lowest = (0..ROWS).min_by_key(|&r| starts[r]).unwrap_or(0);
        let marker = match fan {
            // F2: beside the lowest start card, showing its parity.
            Some(Fan::EvenOdd) => Some(Marker::EvenOdd {
                row: lowest,
                even: starts[lowest].number().is_multiple_of(2),
            }),
            // F3: beside the bottom row, pointing up.
            Some(Fan::Mountain) => Some(Marker::Mountain {
                row: ROWS - 1,
                up: true,
            }),
            // F4: behind the lowest start card.
            Some(Fan::Cow) => Some(Marker::Cow { row: lowest }),
            Some(Fan::DigitSwap) | None => None,
        };
        Rows { rows, marker }
    }

    /// No rows yet (while a draft is on).
    pub fn empty() -> Rows {
        Rows {
            rows: Default::default(),
            marker: None,
        }
    }

    pub fn first(&self, row: usize) -> Card {
        self.rows[row][0]
    }

    pub fn last(&self, row: usize) -> Card {
        *self.rows[row].last().expect("a row is never empty")
    }

    /// Items in a row: its number cards, and the cow if it stands there (F4).
    pub fn items(&self, row: usize) -> usize {
        self.rows[row].len() + usize::from(self.marker == Some(Marker::Cow { row }))
    }

    pub fn heads(&self, row: usize) -> u32 {
        heads_of(&self.rows[row])
    }

    /// Where a card with placing value `value` goes: the row and end with the smallest difference
    /// (rule 2), or `None` for a low card (rule 4).
    pub fn target(&self, value: u8, placement: Placement) -> Option<(usize, End)> {
        let mut best: Option<(u8, u8, usize, End)> = None; // (difference, tie rank, row, end)
        for row in 0..ROWS {
            for (end, diff, rank) in self.fits(row, value, placement) {
                if best.is_none_or(|(d, r, _, _)| (diff, rank) < (d, r)) {
                    best = Some((diff, rank, row, end));
                }
            }
        }
        best.map(|(_, _, row, end)| (row, end))
    }

    /// The ends of `row` that accept `value`, each with its difference and a tie rank (lower
    /// wins on equal difference: the mountain row's ends first (F3), then a right end (C5)).
    fn fits(
        &self,
        row: usize,
        value: u8,
        placement: Placement,
    ) -> impl Iterator<Item = (End, u8, u8)> {
        let first = self.first(row).number();
        let last = self.last(row).number();
        let mut out = [None, None];
        match self.marker {
            Some(Marker::EvenOdd { row: m, even })
                if m == row && value.is_multiple_of(2) != even => {}
            Some(Marker::Mountain { row: m, .. }) if m == row => {
                // The marked row runs downhill: its right end takes lower cards, and with
                // both ends in play its left end takes higher ones.
                if value < last {
                    out[0] = Some((End::Right, last - value, 0));
                }
                if placement == Placement::BothEnds && value > first {
                    out[1] = Some((End::Left, value - first, 1));
                }
            }
            _ => {
                if value > last {
                    out[0] = Some((End::Right, value - last, 2));
                }
                if placement == Placement::BothEnds && value < first {
                    out[1] = Some((End::Left, first - value, 3));
                }
            }
        }
        out.into_iter().flatten()
    }

    /// The row a bot or an expired timer takes for a low card: fewest bull heads, on a tie the
    /// highest last card (C6).
    pub fn cheapest_row(&self) -> usize {
        (0..ROWS)
            .min_by_key(|&r| (self.heads(r), std::cmp::Reverse(self.last(r))))
            .expect("four rows")
    }

    /// Lays `card` at the end of `row`; a row that overflows goes to the player. Returns every
    /// row taken (the cow can make one card take two rows, F4).
    pub fn lay(&mut self, card: Card, row: usize, end: End) -> Vec<Taken> {
        let mut taken = Vec::new();
        if self.items(row) >= ROW_CAPACITY {
            self.restart(row, card, &mut taken);
        } else {
            match end {
                End::Right => self.rows[row].push(card),
                End::Left => self.rows[row].insert(0, card),
            }
            if self.marker == Some(Marker::Cow { row }) {
                self.cow_jumps(row, &mut taken);
            }
        }
        taken
    }

    /// A low card: the player takes `row` and `card` starts it (rule 4).
    pub fn take_with(&mut self, card: Card, row: usize) -> Vec<Taken> {
        let mut taken = Vec::new();
        self.restart(row, card, &mut taken);
        taken
    }

    /// Empties `row` to the player, starts it with `card`, and moves the marker.
    fn restart(&mut self, row: usize, card: Card, taken: &mut Vec<Taken>) {
        let cards = std::mem::replace(&mut self.rows[row], vec![card]);
        taken.push(Taken { row, cards });
        match self.marker {
            Some(Marker::EvenOdd { row: m, .. }) => {
                // F2: to the lowest last card among the other three rows.
                let to = self.lowest_last_except(m);
                self.marker = Some(Marker::EvenOdd {
                    row: to,
                    even: self.last(to).number().is_multiple_of(2),
                });
            }
            Some(Marker::Mountain { row: m, up }) => {
                // F3: one row in its direction, turning round at the top or bottom.
                let to = if up { m - 1 } else { m + 1 };
                let up = if to == 0 {
                    false
                } else if to == ROWS - 1 {
                    true
                } else {
                    up
                };
                self.marker = Some(Marker::Mountain { row: to, up });
            }
            // F4: the cow jumps on when its own row is taken.
            Some(Marker::Cow { row: m }) if m == row => self.cow_jumps(row, taken),
            Some(Marker::Cow { .. }) | None => {}
        }
    }

    /// F4: the cow leaves `from` for the lowest last card among the other rows; if that row then
    /// holds six items, the same player takes its first four number cards, its fifth stays, and
    /// the cow jumps on.
    fn cow_jumps(&mut self, mut from: usize, taken: &mut Vec<Taken>) {
        loop {
            let to = self.lowest_last_except(from);
            self.marker = Some(Marker::Cow { row: to });
            if self.items(to) <= ROW_CAPACITY {
                return;
            }
            let keep = self.rows[to].split_off(ROW_CAPACITY - 1);
            let cards = std::mem::replace(&mut self.rows[to], keep);
            taken.push(Taken { row: to, cards });
            from = to;
        }
    }

    fn lowest_last_except(&self, except: usize) -> usize {
        (0..ROWS)
            .filter(|&r| r != except)
            .min_by_key(|&r| self.last(r))
            .expect("three other rows")
    }

    /// The number cards of each row, for views and traces.
    pub fn numbers(&self) -> Vec<Vec<u8>> {
        self.rows
            .iter()
            .map(|r| r.iter().map(|c| c.number()).collect())
            .collect()
    }

    /// Every card lying in the rows.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.rows.iter().flatten().copied()
    }
}
