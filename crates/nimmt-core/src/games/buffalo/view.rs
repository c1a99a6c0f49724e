//! What one viewer of a buffalo table sees: the rows with their stop signs and capacities, the
//! viewer's own hand (never a teammate's, B7), the team's pile (open, B6), of the buffalo's pile
//! only how many cards it holds until the game is over (B6), the open special cards and the size
//! of the stack, who has chosen, the revealed cards with their owners while they are laid, and
//! who has passed in a window. The order of the stacks and the random generator never appear.

use super::actions::{Action, Decision, Played};
use super::options::BuffaloOptions;
use super::rows::{open_rows, Row};
use super::special_uses::Table;
use super::specials::Special;
use super::{Buffalo, Phase, Stage};
use crate::cards::{heads_of, Card, MAX_CARD};
use crate::rules::{Outcome, Rules};
use crate::seat::{Seat, Viewer};
use serde::{Deserialize, Serialize};

/// A viewer's picture of a buffalo table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BuffaloView"))]
pub struct View {
    pub viewer: Viewer,
    pub players: usize,
    pub options: BuffaloOptions,
    /// The current turn, from 1.
    pub turn: u32,
    pub rows: Vec<Row>,
    /// The viewer's hand (sorted); empty for a spectator.
    pub hand: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    /// The card the viewer chose this turn, while the others still choose.
    pub my_choice: Option<Card>,
    /// The revealed cards not yet laid, in laying order, with their owners.
    pub queue: Vec<Played>,
    /// The team's pile and its bull heads (not doubled).
    pub team_pile: Vec<Card>,
    pub team_heads: u32,
    /// The team's points as scored: its bull heads, doubled for one or two players (B1).
    pub team_points: u32,
    /// Whether the team's bull heads count double (one or two players, B1).
    pub doubled: bool,
    /// The bull heads of each card, 1 to 104 (rule 1), for drawing the cards.
    pub card_heads: Vec<u8>,
    /// How many cards the buffalo has taken (which ones only at the end).
    pub buffalo_pile_size: usize,
    /// Cards left in the buffalo's stack.
    pub buffalo_cards_left: usize,
    pub open_specials: Vec<Special>,
    pub stack_size: usize,
    /// Special cards out of the game after use.
    pub used_specials: Vec<Special>,
    pub phase: PhaseView,
    /// Per member: passes in every window for the rest of this turn.
    pub turn_passed: Vec<bool>,
    /// Per member: passes in every window for the rest of the game (the teammates decide).
    pub game_passed: Vec<bool>,
    /// What the viewer is asked now.
    pub asked: Option<Decision>,
    /// Every seat that may decide now.
    pub waiting_for: Vec<Seat>,
    /// At the end: the buffalo's pile and both scores.
    pub result: Option<ResultView>,
}

/// Who decides what, as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BuffaloPhase"))]
pub enum PhaseView {
    /// The members choose; `chosen` per seat.
    Choose {
        chosen: Vec<bool>,
    },
    /// The team may use special cards before the next card is laid; `passed` per seat (in
    /// this window; who is asked is `waiting_for`).
    Window {
        passed: Vec<bool>,
    },
    /// `seat` takes a row for its low `card`.
    TakeRow {
        seat: Seat,
        card: Card,
    },
    Over,
}

/// The end of the game, open to all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ResultView {
    pub buffalo_pile: Vec<Card>,
    /// The team's points, doubled for one or two players (B1).
    pub team_points: u32,
    pub buffalo_points: u32,
    pub outcome: Outcome,
}

impl View {
    /// The viewer's seat, if a player of this table.
    pub fn seat(&self) -> Option<Seat> {
        self.viewer.seat().filter(|s| s.index() < self.players)
    }

    /// The actions the viewer may take now (what [`Buffalo`]'s `legal_actions` lists).
    pub fn legal_actions(&self) -> Vec<Action> {
        let (Some(seat), Some(asked)) = (self.seat(), self.asked) else {
            return Vec::new();
        };
        match asked {
            Decision::PlayCard => {
                let mut out: Vec<Action> = self
                    .hand
                    .iter()
                    .map(|&card| Action::Play { card })
                    .collect();
                if self.game_passed.get(seat.index()) == Some(&true) {
                    out.push(Action::AskAgain);
                }
                out
            }
            Decision::TakeRow => open_rows(&self.rows)
                .map(|row| Action::TakeRow { row })
                .collect(),
            Decision::Window => {
                let mut out = vec![Action::PassCard, Action::Pass, Action::PassGame];
                let table = Table {
                    seat,
                    hand: &self.hand,
                    rows: &self.rows,
                    queue: &self.queue,
                    open: &self.open_specials,
                };
                out.extend(table.uses());
                out
            }
        }
    }
}

pub(super) fn view(game: &Buffalo, viewer: Viewer) -> View {
    let me = viewer.seat().filter(|s| s.index() < game.players);
    let phase = match &game.phase {
        Phase::Playing(Stage::Choose) => PhaseView::Choose {
            chosen: game.chosen.iter().map(Option::is_some).collect(),
        },
        Phase::Playing(Stage::Window { passed }) => PhaseView::Window {
            passed: passed.clone(),
        },
        Phase::Playing(Stage::TakeRow { seat, card }) => PhaseView::TakeRow {
            seat: *seat,
            card: *card,
        },
        Phase::Over(_) => PhaseView::Over,
    };
    let result = match &game.phase {
        Phase::Over(outcome) => Some(ResultView {
            buffalo_pile: game.buffalo_pile.clone(),
            team_points: game.team_points(),
            buffalo_points: game.buffalo_points(),
            outcome: outcome.clone(),
        }),
        Phase::Playing(_) => None,
    };
    View {
        viewer,
        players: game.players,
        options: game.options,
        turn: game.turn,
        rows: game.rows.clone(),
        hand: me
            .map(|s| game.hands[s.index()].clone())
            .unwrap_or_default(),
        hand_sizes: game.hands.iter().map(Vec::len).collect(),
        my_choice: me.and_then(|s| game.chosen[s.index()]),
        queue: game.queue.clone(),
        team_pile: game.team_pile.clone(),
        team_heads: heads_of(&game.team_pile),
        team_points: game.team_points(),
        doubled: game.doubles(),
        card_heads: (1..=MAX_CARD)
            .map(|n| heads_of([&super::card(n)]) as u8)
            .collect(),
        buffalo_pile_size: game.buffalo_pile.len(),
        buffalo_cards_left: game.buffalo_cards.len(),
        open_specials: game.open.clone(),
        stack_size: game.stack.len(),
        used_specials: game.used.clone(),
        phase,
        turn_passed: game.turn_passed.clone(),
        game_passed: game.game_passed.clone(),
        asked: me.and_then(|s| game.asked(s)),
        waiting_for: Seat::all(game.players)
            .filter(|&s| game.asked(s).is_some())
            .collect(),
        result,
    }
}
