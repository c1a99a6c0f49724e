//! What a member of the team is asked, what it may answer, and what happens as a result.

use super::rows::Row;
use super::specials::Special;
use crate::cards::Card;
use crate::rules::Outcome;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// What a seat is asked to decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BuffaloDecision"))]
pub enum Decision {
    /// Choose a card of the hand to play this turn (all members at once, hidden until all chose).
    PlayCard,
    /// Your card fits no row: choose the row you take (rule 4, C6).
    TakeRow,
    /// The cards are revealed: use an open special card (or remove a stop sign), or pass (B2).
    /// Asked at once of every member who has not passed and has a use now (an open special card
    /// usable at this moment, or a stop sign to remove); a use reopens the window.
    Window,
}

impl Decision {
    pub fn describe(self) -> &'static str {
        match self {
            Decision::PlayCard => "play a card",
            Decision::TakeRow => "take a row",
            Decision::Window => "use a special card or pass",
        }
    }
}

/// What a seat does. Cards played this turn are named by their number (all are different).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BuffaloAction"))]
pub enum Action {
    /// Play `card` face down.
    Play { card: Card },
    /// Take row `row` (0 = top) for your low card.
    TakeRow { row: usize },
    /// Use nothing for the rest of this turn: no window asks this member again until the next
    /// turn, whatever the teammates use (the plain pass; format 2 records called it
    /// `pass_turn`, still read).
    #[serde(alias = "pass_turn")]
    Pass,
    /// Use nothing before this card only: the window before the next card asks again.
    PassCard,
    /// Pass in every window for the rest of the game: the teammates decide.
    PassGame,
    /// Be asked in windows again after `pass_game` (offered while choosing a card).
    AskAgain,
    /// *7 nimmt!*: row `row` is taken only by its seventh card.
    SevenTakes { row: usize },
    /// *Stopp!*: row `row` is blocked until the team removes the sign.
    Stop { row: usize },
    /// Remove the stop sign beside row `row` (no special card needed; the sign leaves the game).
    RemoveStop { row: usize },
    /// *Ersetzen*: your played `card` goes back to your hand and `with` from your hand is laid at
    /// once instead.
    Replace { card: Card, with: Card },
    /// *Dazwischenlegen*: the team's played `card` goes into row `row` at place `at` (0 = before
    /// the first card; never after the last).
    Insert { card: Card, row: usize, at: usize },
    /// *Verschieben*: the card at place `at` of row `row` moves to place `to_at` of row `to_row`.
    Shift {
        row: usize,
        at: usize,
        to_row: usize,
        to_at: usize,
    },
    /// *Erste Karte*: the team's played `card` is laid next.
    First { card: Card },
    /// *Letzte Karte*: the team's played `card` is laid last.
    Last { card: Card },
    /// *Sortieren*: the cards not yet laid are laid in this order.
    Sort { order: Vec<Card> },
}

impl Action {
    pub fn describe(&self) -> &'static str {
        match self {
            Action::Play { .. } => "play a card",
            Action::TakeRow { .. } => "take a row",
            Action::PassCard | Action::Pass | Action::PassGame => "pass",
            Action::AskAgain => "ask to be asked again",
            Action::RemoveStop { .. } => "remove a stop sign",
            _ => "use a special card",
        }
    }

    /// The special card this action uses, if any.
    pub fn special(&self) -> Option<Special> {
        Some(match self {
            Action::SevenTakes { .. } => Special::SevenTakes,
            Action::Stop { .. } => Special::Stop,
            Action::Replace { .. } => Special::Replace,
            Action::Insert { .. } => Special::Insert,
            Action::Shift { .. } => Special::Shift,
            Action::First { .. } => Special::First,
            Action::Last { .. } => Special::Last,
            Action::Sort { .. } => Special::Sort,
            Action::Play { .. }
            | Action::TakeRow { .. }
            | Action::PassCard
            | Action::Pass
            | Action::PassGame
            | Action::AskAgain
            | Action::RemoveStop { .. } => return None,
        })
    }

    /// Whether this is one of the three passes.
    pub fn is_pass(&self) -> bool {
        matches!(self, Action::PassCard | Action::Pass | Action::PassGame)
    }

    /// Whether this answers [`Decision::Window`].
    pub fn is_window(&self) -> bool {
        !matches!(
            self,
            Action::Play { .. } | Action::TakeRow { .. } | Action::AskAgain
        )
    }
}

/// Who played a card: a member of the team or the buffalo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Owner {
    Seat(Seat),
    Buffalo,
}

/// A card revealed this turn and who played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Played {
    pub owner: Owner,
    pub card: Card,
}

impl Played {
    pub fn is_team(&self) -> bool {
        matches!(self.owner, Owner::Seat(_))
    }
}

/// Something that happened at a buffalo table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BuffaloEvent"))]
pub enum Event {
    /// The game begins: the rows, the open special cards and how many lie in the stack.
    GameStarted {
        players: usize,
        rows: Vec<Row>,
        open: Vec<Special>,
        stack: usize,
        buffalo_cards: usize,
    },
    /// Your ten cards (to that seat only).
    HandDealt { seat: Seat, hand: Vec<Card> },
    /// A new turn: every member chooses a card.
    TurnStarted { turn: u32 },
    /// `seat` has chosen a card (which one stays hidden).
    Chose { seat: Seat },
    /// Your chosen card (to that seat only).
    ChoseCard { seat: Seat, card: Card },
    /// The chosen cards and the buffalo's top card, in the order they will be laid; the cards
    /// left in the buffalo's stack after it.
    Revealed {
        plays: Vec<Played>,
        buffalo_cards_left: usize,
    },
    /// Before `next` is laid the team may use special cards: the window asks `asked` (the
    /// members who can use something now, B2). Also after a use, when the window opens again.
    WindowOpened { next: Played, asked: Vec<Seat> },
    /// `seat`'s `card` is lower than every row: `seat` chooses the row it takes.
    RowToTake { seat: Seat, card: Card },
    /// `seat` passed before this card only (`pass_card`): asked again before the next one.
    Passed { seat: Seat },
    /// `seat` passes in every window for the rest of this turn (`pass`).
    PassedTurn { seat: Seat },
    /// `seat` passes in every window for the rest of the game: the teammates decide.
    PassedGame { seat: Seat },
    /// `seat` is asked in windows again.
    AskedAgain { seat: Seat },
    /// `seat` used a special card (or removed a stop sign) as `action` says. After it: the rows
    /// with their stop signs and *7 nimmt!* marks, the open special cards (before one is turned
    /// up) and the special cards out of the game. A card it moves follows as `laid`, `shifted`
    /// or `order`.
    Used {
        seat: Seat,
        action: Action,
        rows: Vec<Row>,
        open: Vec<Special>,
        used: Vec<Special>,
    },
    /// The cards not yet laid, in their new order (after *Erste/Letzte Karte*, *Sortieren*,
    /// *Ersetzen*).
    Order { plays: Vec<Played> },
    /// A played card went back to its owner's hand (*Ersetzen*).
    ReturnedToHand { seat: Seat, card: Card },
    /// A card moved from one row to another (*Verschieben*); the rows after it (an overflow is
    /// taken next, in `team_took`).
    Shifted {
        card: Card,
        row: usize,
        to_row: usize,
        to_at: usize,
        rows: Vec<Row>,
    },
    /// A card was laid into a row at place `at`; the rows after it: a sixth (with *7 nimmt!*
    /// seventh) card lies in its row until the `team_took`/`buffalo_took` that follows; a low
    /// card starts the row taken just before.
    Laid {
        owner: Owner,
        card: Card,
        row: usize,
        at: usize,
        rows: Vec<Row>,
    },
    /// The team took these cards of row `row` (its pile is open, B6) for `heads` bull heads;
    /// after it the team's pile holds `team_heads` bull heads, `team_points` as scored (doubled
    /// for one or two players, B1), and the rows are `rows` (a *7 nimmt!* beside the taken row
    /// leaves next, in `seven_takes_discarded`).
    TeamTook {
        row: usize,
        cards: Vec<Card>,
        heads: u32,
        team_heads: u32,
        team_points: u32,
        rows: Vec<Row>,
    },
    /// The buffalo took `count` cards of row `row` (its pile lies face down, B6: which cards
    /// and their bull heads are told at the end); its pile holds `pile` cards after it, the
    /// rows are `rows`.
    BuffaloTook {
        row: usize,
        count: usize,
        pile: usize,
        rows: Vec<Row>,
    },
    /// The *7 nimmt!* beside row `row` left the game with the row; the rows and the special
    /// cards out of the game after it.
    SevenTakesDiscarded {
        row: usize,
        rows: Vec<Row>,
        used: Vec<Special>,
    },
    /// A special card was turned up from the stack: the open special cards after it, and the
    /// `stack` cards left in it.
    SpecialTurnedUp {
        special: Special,
        open: Vec<Special>,
        stack: usize,
    },
    /// The turn is over.
    TurnEnded { turn: u32 },
    /// The game is over: the team's points (doubled for one or two players) and the buffalo's.
    GameEnded {
        team_points: u32,
        buffalo_points: u32,
        buffalo_pile: Vec<Card>,
        outcome: Outcome,
    },
}
