//! What a seat of a HELP! table is asked, what it may answer, and what happens as a result.

use super::cards::{HelpCard, RowCard};
use crate::rules::Outcome;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// What a seat is asked to decide. One seat decides at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "HelpDecision"))]
pub enum Decision {
    /// Your turn: lay a number card or a Joker, play a Switch, Zap or No!, or — only when none
    /// of your cards can be played — ask for help. After being helped you play without asking.
    Play,
    /// `to` asked you for help: hand over a card of yours that `to` can play (H4).
    GiveHelp { to: Seat },
    /// You were helped by `to`: give `to` any card of yours, face down (H4).
    GiveBack { to: Seat },
}

impl Decision {
    pub fn describe(self) -> &'static str {
        match self {
            Decision::Play => "play a card",
            Decision::GiveHelp { .. } => "hand over a card that helps",
            Decision::GiveBack { .. } => "give a card back",
        }
    }
}

/// What a seat does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "HelpAction"))]
pub enum Action {
    /// Lay number card `card` at the end of the row (any number starts an empty row).
    Lay { card: u8 },
    /// Lay a Joker at position `at` of the row (0 = before the first card, the row's length =
    /// after the last); it takes one more than the card before it (H2).
    Joker { at: usize },
    /// Play a Switch: the card at position `take` of the row goes to your hand, your number
    /// card `give` takes its place (H3).
    Switch { take: usize, give: u8 },
    /// Play a Zap: the last card of the row is discarded.
    Zap,
    /// Lay a No! in front of you (H5).
    No,
    /// Ask for help: only when no card of your hand can be played (H4).
    AskHelp,
    /// Hand `card` to the player who asked you for help.
    GiveHelp { card: HelpCard },
    /// Give `card` back, face down, to the player who helped you.
    GiveBack { card: HelpCard },
}

impl Action {
    pub fn describe(&self) -> &'static str {
        match self {
            Action::Lay { .. } => "lay a number card",
            Action::Joker { .. } => "lay a Joker",
            Action::Switch { .. } => "play a Switch",
            Action::Zap => "play a Zap",
            Action::No => "play a No!",
            Action::AskHelp => "ask for help",
            Action::GiveHelp { .. } => "hand over a card that helps",
            Action::GiveBack { .. } => "give a card back",
        }
    }

    /// Whether this answers [`Decision::Play`].
    pub fn is_play(&self) -> bool {
        !matches!(self, Action::GiveHelp { .. } | Action::GiveBack { .. })
    }

    /// The card this action takes from the player's hand (a Switch also takes `give`).
    pub fn card(&self) -> Option<HelpCard> {
        match *self {
            Action::Lay { card } => HelpCard::number(card),
            Action::Joker { .. } => Some(HelpCard::Joker),
            Action::Switch { .. } => Some(HelpCard::Switch),
            Action::Zap => Some(HelpCard::Zap),
            Action::No => Some(HelpCard::No),
            Action::AskHelp => None,
            Action::GiveHelp { card } | Action::GiveBack { card } => Some(card),
        }
    }
}

/// The order of play in a deal: clockwise in the first deal, alternating after (`002`
/// "Spielablauf", "Nächster Durchgang").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Direction {
    /// Seat 0, 1, 2, …
    Clockwise,
    /// Seat 2, 1, 0, …
    Counterclockwise,
}

impl Direction {
    /// The direction of deal `deal` (from 1).
    pub fn of_deal(deal: u32) -> Direction {
        if deal % 2 == 1 {
            Direction::Clockwise
        } else {
            Direction::Counterclockwise
        }
    }

    /// The seat after `seat` in this direction.
    pub fn next(self, seat: Seat, players: usize) -> Seat {
        let i = seat.index();
        Seat(match self {
            Direction::Clockwise => (i + 1) % players,
            Direction::Counterclockwise => (i + players - 1) % players,
        } as u8)
    }

    /// The seat before `seat` in this direction.
    pub fn previous(self, seat: Seat, players: usize) -> Seat {
        self.reversed().next(seat, players)
    }

    pub fn reversed(self) -> Direction {
        match self {
            Direction::Clockwise => Direction::Counterclockwise,
            Direction::Counterclockwise => Direction::Clockwise,
        }
    }
}

/// A No! lying in front of a player (H5), as everyone sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum NoMark {
    /// Nothing lies in front of this player.
    #[default]
    None,
    /// Just laid: the player's next turn is skipped.
    Laid,
    /// The turn was skipped: on the next turn the No! is discarded and the player plays.
    Skipped,
}

impl NoMark {
    /// Whether a No! lies in front of the player (then they don't help, `002` "No!").
    pub fn protects(self) -> bool {
        self != NoMark::None
    }
}

/// A player's call of their lowest number at the start of a deal (`002` "Spielablauf", H1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Call {
    pub seat: Seat,
    /// The lowest number card of the hand; none when the hand holds only special cards.
    pub lowest: Option<u8>,
}

/// How a deal ended (`002` "Ende eines Durchgangs").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DealEnd {
    /// `asker` could play nothing and `asked` could not help: all others score.
    NoHelp { asker: Seat, asked: Seat },
    /// `asker` could play nothing and every other player had a No! in front: only `asker`
    /// scores.
    Helpless { asker: Seat },
}

/// A finished deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DealResult {
    pub deal: u32,
    pub end: DealEnd,
    /// Points of this deal per seat.
    pub points: Vec<u32>,
}

/// Something that happened at a HELP! table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "HelpEvent"))]
pub enum Event {
    /// A deal begins: every player gets `hand_size` cards, the rest is the draw pile of
    /// `draw_pile` cards; the row, the discard pile and the No! marks are empty.
    DealStarted {
        deal: u32,
        direction: Direction,
        draw_pile: usize,
        hand_size: usize,
    },
    /// Your cards for this deal (to that seat only).
    HandDealt { seat: Seat, hand: Vec<HelpCard> },
    /// The players taking part call their lowest numbers; `starter` begins the deal, chosen by
    /// lot among equal calls when `by_lot` (H1).
    Called {
        calls: Vec<Call>,
        starter: Seat,
        by_lot: bool,
    },
    /// A number card or Joker went into the row at position `at`; `row` is the row after it
    /// (six cards when this one is the sixth, cleared by the [`Event::RowCleared`] that follows).
    Laid {
        seat: Seat,
        card: RowCard,
        at: usize,
        row: Vec<RowCard>,
    },
    /// A Switch: `given` (from the hand) replaced `taken` (to the hand) at position `at`; `row`
    /// is the row after it. The Switch card goes to the discard pile.
    Switched {
        seat: Seat,
        at: usize,
        taken: RowCard,
        given: RowCard,
        row: Vec<RowCard>,
    },
    /// A Zap discarded the last card of the row (`removed`, with the Zap, goes to the discard
    /// pile); `row` is the row after it.
    Zapped {
        seat: Seat,
        removed: RowCard,
        row: Vec<RowCard>,
    },
    /// A No! now lies in front of `seat`.
    NoLaid { seat: Seat },
    /// The sixth card was laid: `seat` discards the row; the next player starts a new one.
    RowCleared { seat: Seat, cards: Vec<RowCard> },
    /// `seat`'s turn is skipped because of their No!.
    Skipped { seat: Seat },
    /// `seat` discards the No! in front of them and plays.
    NoDiscarded { seat: Seat },
    /// `asker` can play nothing and asks `asked` for help; `passed_over` have a No! in front.
    /// (When everybody else has a No!, nobody is asked: the deal ends, see [`DealEnd::Helpless`].)
    HelpAsked {
        asker: Seat,
        asked: Seat,
        passed_over: Vec<Seat>,
    },
    /// `from` handed a card to `to` (which one only the two know, see `CardPassed`).
    Helped { from: Seat, to: Seat },
    /// The card `from` handed to `to` (to those two only).
    CardPassed {
        from: Seat,
        to: Seat,
        card: HelpCard,
    },
    /// `from` gave a card back to `to`, face down.
    GaveBack { from: Seat, to: Seat },
    /// The card given back (to those two only).
    CardReturned {
        from: Seat,
        to: Seat,
        card: HelpCard,
    },
    /// `seat` refilled their hand with `count` cards; `draw_pile` cards are left to draw.
    Drew {
        seat: Seat,
        count: usize,
        draw_pile: usize,
    },
    /// The cards `seat` drew (to that seat only).
    Drawn { seat: Seat, cards: Vec<HelpCard> },
    /// The draw pile was used up: the discard pile, shuffled, is the new draw pile (H6).
    Reshuffled { cards: usize },
    /// The deal is over: `result` says how it ended (who could not help whom, or who was left
    /// helpless) and who scores how many points; `totals` are the points after it.
    DealEnded {
        result: DealResult,
        totals: Vec<u32>,
    },
    /// The game is over.
    GameEnded { outcome: Outcome },
}
