//! A Brettspiel game started from a position at the beginning of a round: rule-book examples
//! and tests.

use super::{
    data, default_data, remove_card, sorted, ActionCard, Board, BoardChoice, BoardData,
    BoardOptions, Log, LuckCard, RowState, Version, ACTIVE_ROWS, PLAYERS,
};
use crate::error::PositionError;
use crate::rules::Rules;
use rand::seq::SliceRandom;
use std::sync::Arc;

/// A position to start from at the beginning of a round: for rule-book examples and tests.
#[derive(Clone, Debug)]
pub struct Position {
    pub version: Version,
    pub hands: Vec<Vec<u8>>,
    /// Per board row, the tiles from its first field on (empty: a free row).
    pub rows: Vec<Vec<u8>>,
    /// Rows with a stop sign.
    pub stops: Vec<usize>,
    pub scores: Vec<i32>,
    pub luck_hands: Vec<Vec<LuckCard>>,
    pub action_hands: Vec<Vec<ActionCard>>,
    /// The supply, next tile first; `None`: every tile not placed elsewhere, shuffled (when the
    /// version has a supply; otherwise they go into the box).
    pub supply: Option<Vec<u8>>,
    /// 1, or 2 once the second twelve were dealt.
    pub set: u32,
    pub seed: u64,
}

impl Position {
    /// `hands` and `rows` in `version`, scores 0, no cards.
    pub fn new(version: Version, hands: Vec<Vec<u8>>, rows: Vec<Vec<u8>>) -> Position {
        let n = hands.len();
        Position {
            version,
            hands,
            rows,
            stops: Vec::new(),
            scores: vec![0; n],
            luck_hands: vec![Vec::new(); n],
            action_hands: vec![Vec::new(); n],
            supply: None,
            set: 1,
            seed: 0,
        }
    }
}

impl Board {
    /// A game that starts at `position`, at the beginning of a round, with the default data.
    ///
    /// Refused when the position is not one of this game: 2–6 seats, scores and cards per seat,
    /// one entry per board row that fits it, four active rows, every tile at most once, at most
    /// six of each luck card and four of each action card.
    pub fn from_position(position: Position) -> Result<Board, PositionError> {
        Board::from_position_with(position, default_data::default_data())
    }

    /// [`Board::from_position`] with other data.
    pub fn from_position_with(
        position: Position,
        data: Arc<BoardData>,
    ) -> Result<Board, PositionError> {
        let players = position.hands.len();
        PositionError::check_players(Board::KIND.name(), PLAYERS, players)?;
        PositionError::check_per_seat("scores", players, position.scores.len())?;
        PositionError::check_per_seat("luck card hands", players, position.luck_hands.len())?;
        PositionError::check_per_seat("action card hands", players, position.action_hands.len())?;
        let board = if Arc::ptr_eq(&data, &default_data::default_data()) {
            BoardChoice::Default
        } else {
            BoardChoice::Custom
        };
        let options = BoardOptions {
            version: position.version,
            board,
            data,
        };
        let mut g = Board::empty(players, options, position.seed);
        if position.rows.len() != g.rows.len() {
            return Err(PositionError::Shape {
                reason: format!(
                    "{} rows given for a board of {}: one entry per board row",
                    position.rows.len(),
                    g.rows.len()
                ),
            });
        }
        for (r, tiles) in position.rows.iter().enumerate() {
            let fields = g.rows[r].cells.len();
            if tiles.len() > fields {
                return Err(PositionError::Shape {
                    reason: format!("row {r} has {fields} fields, not {}", tiles.len()),
                });
            }
            for (i, &t) in tiles.iter().enumerate() {
                g.rows[r].cells[i] = Some(t);
            }
        }
        for &r in &position.stops {
            PositionError::check_shape(r < g.rows.len(), "a stop sign on a row not on the board")?;
            g.rows[r].stop = true;
        }
        PositionError::check_shape(
            g.rows.iter().filter(|r| r.is_active()).count() == ACTIVE_ROWS,
            "not four active rows",
        )?;
        g.hands = position.hands.into_iter().map(sorted).collect();
        g.scores = position.scores;
        g.round_start = g.scores.clone();
        g.set = position.set;
        let mut placed: Vec<u8> = g.hands.iter().flatten().copied().collect();
        placed.extend(g.rows.iter().flat_map(RowState::tiles));
        let supply_given = position.supply.is_some();
        if let Some(mut s) = position.supply {
            placed.extend(&s);
            s.reverse();
            g.supply = s;
        }
        if let Some(&t) = placed
            .iter()
            .find(|&&t| !(1..=data::TILE_COUNT).contains(&t))
        {
            return Err(PositionError::Shape {
                reason: format!("{t} is not a tile (1–{})", data::TILE_COUNT),
            });
        }
        let mut rest: Vec<u8> = (1..=data::TILE_COUNT)
            .filter(|t| !placed.contains(t))
            .collect();
        placed.sort_unstable();
        if let Some(w) = placed.windows(2).find(|w| w[0] == w[1]) {
            return Err(PositionError::TooMany {
                card: format!("tile {}", w[0]),
            });
        }
        if !supply_given && position.version.has_supply(players) {
            rest.shuffle(&mut g.rng);
            g.supply = rest;
        } else {
            g.undealt = rest;
        }
        for (h, cards) in position.luck_hands.into_iter().enumerate() {
            for c in &cards {
                if !g.luck_stacks.take(*c) {
                    return Err(too_many(c));
                }
            }
            g.luck_hands[h] = cards;
        }
        let mut deck = ActionCard::deck();
        for (h, cards) in position.action_hands.into_iter().enumerate() {
            for c in &cards {
                if !remove_card(&mut deck, c) {
                    return Err(too_many(c));
                }
            }
            g.action_hands[h] = cards;
        }
        if position.version.is_pro() {
            deck.shuffle(&mut g.rng);
            g.action_stack = deck;
        }
        let mut log = Log::off();
        g.record_deal(Vec::new(), &mut log);
        g.start_round(&mut log);
        Ok(g)
    }
}

/// A card that lies more often than the game has it.
fn too_many(card: &impl std::fmt::Debug) -> PositionError {
    PositionError::TooMany {
        card: format!("{card:?}"),
    }
}
