//! A HELP! game started from a position mid-deal: rule-book examples, puzzles and the worlds a
//! search bot samples.

use super::{
    full_deck, sorted, DealStart, Direction, Help, HelpCard, HelpOptions, NoMark, Phase, RowCard,
    Stage, HAND_SIZE, PLAYERS, ROW_CAPACITY,
};
use crate::error::PositionError;
use crate::rules::Rules;
use crate::seat::Seat;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// A position to start a HELP! game from, mid-deal: for rule-book examples, puzzles and the
/// worlds a search bot samples. [`Help::from_position`] checks that the 105 cards add up.
#[derive(Clone, Debug)]
pub struct Position {
    pub options: HelpOptions,
    /// The current deal, from 1.
    pub deal: u32,
    pub direction: Direction,
    pub hands: Vec<Vec<HelpCard>>,
    pub row: Vec<RowCard>,
    /// The draw pile, top card first; `None`: every card not placed elsewhere, shuffled from
    /// `seed`.
    pub draw: Option<Vec<HelpCard>>,
    pub discard: Vec<HelpCard>,
    pub marks: Vec<NoMark>,
    /// Points of the finished deals.
    pub totals: Vec<u32>,
    pub stage: Stage,
    pub seed: u64,
}

impl Position {
    /// `hands` and `row` in deal 1, clockwise, seat 0 to play, nothing discarded, the other
    /// cards in the draw pile.
    pub fn new(hands: Vec<Vec<HelpCard>>, row: Vec<RowCard>) -> Position {
        let n = hands.len();
        Position {
            options: HelpOptions::default(),
            deal: 1,
            direction: Direction::Clockwise,
            hands,
            row,
            draw: None,
            discard: Vec::new(),
            marks: vec![NoMark::None; n],
            totals: vec![0; n],
            stage: Stage::Turn {
                seat: Seat(0),
                helped: false,
            },
            seed: 0,
        }
    }

    /// The same position with `seat` to play.
    pub fn to_play(mut self, seat: Seat) -> Position {
        self.stage = Stage::Turn {
            seat,
            helped: false,
        };
        self
    }
}

impl Help {
    /// A game that starts at `position`. Later deals are dealt from `position.seed`.
    ///
    /// Refused when the position is not one of this game: 3–5 seats, a No! mark and a total
    /// per seat, hands of at most five, a strictly ascending row of at most five, seats at the
    /// table deciding, and the 105 playing cards exactly.
    pub fn from_position(position: Position) -> Result<Help, PositionError> {
        let players = position.hands.len();
        PositionError::check_players(Help::KIND.name(), PLAYERS, players)?;
        PositionError::check_per_seat("No! marks", players, position.marks.len())?;
        PositionError::check_per_seat("totals", players, position.totals.len())?;
        PositionError::check_shape(
            position.hands.iter().all(|h| h.len() <= HAND_SIZE + 1),
            "a hand of more than five cards",
        )?;
        PositionError::check_shape(
            position.row.len() < ROW_CAPACITY,
            "a row of more than five cards",
        )?;
        PositionError::check_shape(
            position.row.windows(2).all(|w| w[0].value < w[1].value),
            "a row that is not strictly ascending",
        )?;
        let deciding = match position.stage {
            Stage::Turn { seat, .. } => [seat, seat],
            Stage::GiveHelp { asker, helper, .. } | Stage::GiveBack { asker, helper, .. } => {
                [asker, helper]
            }
        };
        PositionError::check_shape(
            deciding.iter().all(|s| s.index() < players),
            "a seat that is not at the table decides",
        )?;
        let mut rng = ChaCha8Rng::seed_from_u64(position.seed);
        let mut placed: Vec<HelpCard> = position.hands.iter().flatten().copied().collect();
        placed.extend(position.row.iter().map(|c| c.card));
        placed.extend(&position.discard);
        placed.extend(
            position
                .marks
                .iter()
                .filter(|m| m.protects())
                .map(|_| HelpCard::No),
        );
        let draw = match position.draw {
            Some(mut d) => {
                d.reverse();
                d
            }
            None => {
                let mut d = rest_of_deck(counts(&placed));
                d.shuffle(&mut rng);
                d
            }
        };
        placed.extend(&draw);
        let (placed, deck) = (counts(&placed), counts(&full_deck()));
        if let Some(k) = HelpCard::KINDS
            .iter()
            .find(|k| placed[k.index()] != deck[k.index()])
        {
            return Err(if placed[k.index()] > deck[k.index()] {
                PositionError::TooMany {
                    card: k.to_string(),
                }
            } else {
                PositionError::Shape {
                    reason: format!("{k} missing: the position holds the 105 cards exactly"),
                }
            });
        }
        let hands: Vec<Vec<HelpCard>> = position.hands.into_iter().map(sorted).collect();
        let starter = match position.stage {
            Stage::Turn { seat, .. } => seat,
            Stage::GiveHelp { asker, .. } | Stage::GiveBack { asker, .. } => asker,
        };
        let dealt = DealStart {
            direction: position.direction,
            hands: hands.clone(),
            draw: draw.iter().rev().copied().collect(),
            calls: Vec::new(),
            starter,
            reshuffles: Vec::new(),
        };
        Ok(Help {
            players,
            options: position.options,
            rng,
            deal: position.deal,
            turn: 0,
            direction: position.direction,
            hands,
            row: position.row,
            draw,
            discard: position.discard,
            marks: position.marks,
            totals: position.totals,
            history: Vec::new(),
            calls: Vec::new(),
            starter,
            phase: Phase::Playing(position.stage),
            dealt: vec![dealt],
            opening: Arc::new(Vec::new()),
        })
    }
}

/// Counts per card kind.
pub(super) fn counts<'a>(cards: impl IntoIterator<Item = &'a HelpCard>) -> [usize; 15] {
    let mut c = [0; 15];
    for card in cards {
        c[card.index()] += 1;
    }
    c
}

/// The cards of the full deck not among `placed`, in deck order.
pub(super) fn rest_of_deck(placed: [usize; 15]) -> Vec<HelpCard> {
    HelpCard::KINDS
        .iter()
        .flat_map(|&k| std::iter::repeat_n(k, k.copies().saturating_sub(placed[k.index()])))
        .collect()
}
