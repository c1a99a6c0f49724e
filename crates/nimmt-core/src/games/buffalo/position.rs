//! A buffalo game started from a position at the start of a turn: rule-book examples and
//! puzzles.

use super::rows::Row;
use super::{
    all_specials, beside_rows, card, remove_one, sorted, Buffalo, BuffaloOptions, DealStart, Phase,
    Special, Stage, HAND_SIZE, OPEN_SPECIALS, PLAYERS, ROWS,
};
use crate::cards::{Card, MAX_CARD};
use crate::error::PositionError;
use crate::rules::Rules;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// A position to start a buffalo game from, at the start of a turn: for rule-book examples and
/// puzzles. [`Buffalo::from_position`] checks that no card lies twice; number cards not named
/// are set aside, special cards not named stay in the box.
#[derive(Clone, Debug)]
pub struct Position {
    /// The members' hands (all of equal size).
    pub hands: Vec<Vec<Card>>,
    /// The buffalo's stack, top card first (as many as a hand).
    pub buffalo: Vec<Card>,
    pub rows: Vec<Row>,
    pub open: Vec<Special>,
    /// The special card stack, top card first.
    pub stack: Vec<Special>,
    pub used: Vec<Special>,
    pub team_pile: Vec<Card>,
    pub buffalo_pile: Vec<Card>,
    /// The current turn, from 1.
    pub turn: u32,
    pub seed: u64,
}

impl Position {
    /// `hands`, the buffalo's stack (top first) and rows of numbers, no special cards, turn 1.
    pub fn new(hands: &[&[u8]], buffalo: &[u8], rows: &[&[u8]]) -> Position {
        let cards = |ns: &[u8]| -> Vec<Card> { ns.iter().map(|&n| card(n)).collect() };
        Position {
            hands: hands.iter().map(|h| cards(h)).collect(),
            buffalo: cards(buffalo),
            rows: rows.iter().map(|r| Row::of(cards(r))).collect(),
            open: Vec::new(),
            stack: Vec::new(),
            used: Vec::new(),
            team_pile: Vec::new(),
            buffalo_pile: Vec::new(),
            turn: 1,
            seed: 0,
        }
    }

    /// The same position with these special cards open.
    pub fn with_open(mut self, open: &[Special]) -> Position {
        self.open = open.to_vec();
        self
    }
}

impl Buffalo {
    /// A game that starts at `position`, at the start of its turn.
    ///
    /// Refused when the position is not one of this game: 1–6 hands of equal size (1–10) and a
    /// buffalo stack of that size, four strictly ascending rows within their capacity, no
    /// number card twice, at most two open special cards and at most two of each special card.
    pub fn from_position(position: Position) -> Result<Buffalo, PositionError> {
        let players = position.hands.len();
        PositionError::check_players(Buffalo::KIND.name(), PLAYERS, players)?;
        let size = position.buffalo.len();
        PositionError::check_shape(
            (1..=HAND_SIZE).contains(&size),
            "the buffalo's stack holds 1–10 cards, as many as a hand",
        )?;
        PositionError::check_shape(
            position.hands.iter().all(|h| h.len() == size),
            "every hand holds as many cards as the buffalo's stack",
        )?;
        if position.rows.len() != ROWS {
            return Err(PositionError::Shape {
                reason: format!("{} rows, not {ROWS}", position.rows.len()),
            });
        }
        PositionError::check_shape(
            position
                .rows
                .iter()
                .all(|r| r.cards.len() <= r.capacity && r.cards.windows(2).all(|w| w[0] < w[1])),
            "a row that is not strictly ascending or holds more cards than it may",
        )?;
        PositionError::check_shape(
            position.open.len() <= OPEN_SPECIALS,
            "more than two open special cards",
        )?;
        let mut numbers: Vec<Card> = position.hands.iter().flatten().copied().collect();
        numbers.extend(&position.buffalo);
        numbers.extend(position.rows.iter().flat_map(|r| r.cards.iter().copied()));
        numbers.extend(&position.team_pile);
        numbers.extend(&position.buffalo_pile);
        numbers.sort();
        if let Some(w) = numbers.windows(2).find(|w| w[0] == w[1]) {
            return Err(PositionError::TooMany {
                card: format!("card {}", w[0]),
            });
        }
        let set_aside: Vec<Card> = (1..=MAX_CARD)
            .map(card)
            .filter(|c| numbers.binary_search(c).is_err())
            .collect();
        let mut specials: Vec<Special> = position.open.clone();
        specials.extend(&position.stack);
        specials.extend(&position.used);
        specials.extend(beside_rows(&position.rows));
        let mut boxed = all_specials();
        for s in &specials {
            if !remove_one(&mut boxed, s) {
                return Err(PositionError::TooMany {
                    card: s.to_string(),
                });
            }
        }
        let hands: Vec<Vec<Card>> = position.hands.into_iter().map(sorted).collect();
        let dealt = DealStart {
            hands: hands.clone(),
            buffalo: position.buffalo.clone(),
            rows: position.rows.clone(),
            specials: position
                .open
                .iter()
                .chain(&position.stack)
                .copied()
                .collect(),
            boxed: boxed.clone(),
        };
        let mut buffalo_cards = position.buffalo;
        buffalo_cards.reverse();
        let mut stack = position.stack;
        stack.reverse();
        Ok(Buffalo {
            players,
            options: BuffaloOptions::default(),
            rng: ChaCha8Rng::seed_from_u64(position.seed),
            turn: position.turn,
            hands,
            buffalo_cards,
            rows: position.rows,
            chosen: vec![None; players],
            queue: Vec::new(),
            team_pile: position.team_pile,
            buffalo_pile: position.buffalo_pile,
            open: position.open,
            stack,
            used: position.used,
            boxed,
            turn_passed: vec![false; players],
            game_passed: vec![false; players],
            set_aside,
            phase: Phase::Playing(Stage::Choose),
            dealt,
            opening: Arc::new(Vec::new()),
        })
    }
}
