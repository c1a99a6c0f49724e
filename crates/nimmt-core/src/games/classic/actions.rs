//! What a seat of a classic table is asked, what it may answer, and what happens as a result.

use super::rows::{End, Marker, Rows, Taken};
use crate::cards::Card;
use crate::rules::Outcome;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// What a seat is asked to decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ClassicDecision"))]
pub enum Decision {
    /// Choose a card of the hand to play this turn (all seats at once).
    PlayCard,
    /// Your card fits no row: choose the row you take (rule 4, C6).
    TakeRow,
    /// Take one of the open cards into your hand (draft, C4).
    DraftPick,
}

impl Decision {
    pub fn describe(self) -> &'static str {
        match self {
            Decision::PlayCard => "play a card",
            Decision::TakeRow => "take a row",
            Decision::DraftPick => "pick a card from the draft",
        }
    }
}

/// What a seat does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ClassicAction"))]
pub enum Action {
    /// Play `card` face down; with `swap`, together with the *Zahlendreher* (F5).
    Play {
        card: Card,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        swap: bool,
    },
    /// Take row `row` (0 = top) for a low card.
    TakeRow { row: usize },
    /// Pick `card` from the open draft.
    Draft { card: Card },
}

impl Action {
    pub fn play(card: Card) -> Action {
        Action::Play { card, swap: false }
    }

    pub fn describe(&self) -> &'static str {
        match self {
            Action::Play { .. } => "play a card",
            Action::TakeRow { .. } => "take a row",
            Action::Draft { .. } => "pick a card from the draft",
        }
    }
}

/// A card played this turn, once revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Play {
    pub seat: Seat,
    pub card: Card,
    /// Played with the *Zahlendreher*.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub swap: bool,
}

impl Play {
    /// The value that counts for order and placing (F5).
    pub fn value(&self) -> u8 {
        if self.swap {
            swapped_digits(self.card.number())
        } else {
            self.card.number()
        }
    }

    /// The order in which revealed cards are laid: lowest value first, on equal values the
    /// swapped card first (C7, F5).
    pub fn order_key(&self) -> (u8, bool) {
        (self.value(), !self.swap)
    }
}

/// The *Zahlendreher*: two-digit numbers swap digits (31 → 13, 90 → 9), one-digit numbers n
/// become 10·n (7 is "07"), 100–104 stay (F5).
pub fn swapped_digits(n: u8) -> u8 {
    match n {
        0..=9 => n * 10,
        10..=99 => (n % 10) * 10 + n / 10,
        _ => n,
    }
}

/// Whether the *Zahlendreher* may be played with this card (100–104 cannot be changed).
pub fn can_swap(card: Card) -> bool {
    card.number() <= 99
}

/// Something that happened at a classic table. Each event carries the state after it as far as a
/// client shows it (the rows, the seat's points, who is next), so that a client copies instead of
/// working a rule out again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ClassicEvent"))]
pub enum Event {
    /// A deal begins: with a random deal the rows lie out; with a draft the pool lies open.
    DealStarted {
        deal: u32,
        rows: Option<Rows>,
        pool: Option<Vec<Card>>,
        first_pick: Option<Seat>,
        /// Whether each seat holds its *Zahlendreher* this deal (F5).
        #[serde(default)]
        swap_left: Vec<bool>,
    },
    /// Your cards for this deal (to that seat only).
    HandDealt { seat: Seat, hand: Vec<Card> },
    /// A draft pick (the draft is open to all); `next` picks next, none once the draft is over.
    Drafted {
        seat: Seat,
        card: Card,
        #[serde(default)]
        next: Option<Seat>,
    },
    /// The draft is over and the rows are laid.
    RowsLaid { rows: Rows },
    /// A turn begins: everyone chooses a card.
    TurnStarted { deal: u32, turn: u32 },
    /// A seat has chosen its card (which one stays hidden until the reveal); `hand_size` cards
    /// are left in its hand.
    Chosen {
        seat: Seat,
        #[serde(default)]
        hand_size: usize,
    },
    /// Everyone has chosen: the cards in the order they are laid, and who still holds the
    /// *Zahlendreher* after them (F5).
    Revealed {
        turn: u32,
        plays: Vec<Play>,
        #[serde(default)]
        swap_left: Vec<bool>,
    },
    /// A card was laid; `low` when it fit no row and its player took `row`. `row_cards` is that
    /// row as it stands with the card, `row_heads` its bull heads: a sixth card lies on the
    /// row's sixth place until the [`Event::RowTaken`] that follows; a low card starts the row
    /// it took.
    Placed {
        seat: Seat,
        card: Card,
        row: usize,
        end: End,
        low: bool,
        row_cards: Vec<Card>,
        row_heads: u32,
    },
    /// A low card: `seat` must choose the row to take.
    RowChoice { seat: Seat, card: Card },
    /// A row went to `seat` for `points` bull heads: the row as it stands after it
    /// (`row_cards`, `row_heads`), the seat's points this deal (`deal_points`) and in all
    /// (`total`, the finished deals and this one).
    RowTaken {
        seat: Seat,
        taken: Taken,
        points: u32,
        row_cards: Vec<Card>,
        row_heads: u32,
        deal_points: u32,
        total: u32,
    },
    /// A fan card's marker moved (F2–F4).
    MarkerMoved { marker: Marker },
    /// Every card of the turn is laid: the rows as they now stand.
    TurnEnded { deal: u32, turn: u32, rows: Rows },
    /// The deal is over: points of this deal and totals.
    DealEnded {
        deal: u32,
        points: Vec<u32>,
        totals: Vec<u32>,
    },
    /// The game is over.
    GameEnded { outcome: Outcome },
}
