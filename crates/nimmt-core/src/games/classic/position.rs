//! A classic game started from a position: rule-book examples, puzzles and the worlds a search
//! bot samples.

use super::{sorted, Classic, ClassicOptions, DealStart, Phase, Rows, PLAYERS};
use crate::cards::Card;
use crate::error::PositionError;
use crate::rules::Rules;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A position to start a classic game from, mid-deal, at the start of a turn: for rule-book
/// examples, puzzles and the worlds a search bot samples. [`Classic::from_position`] checks its
/// shape and that no card lies twice.
#[derive(Clone, Debug)]
pub struct Position {
    pub options: ClassicOptions,
    pub rows: Rows,
    /// Hands of equal size; the turns already played are the hand size less this.
    pub hands: Vec<Vec<Card>>,
    /// Points of finished deals.
    pub totals: Vec<u32>,
    /// Cards taken this deal.
    pub taken: Vec<Vec<Card>>,
    /// Who still holds the *Zahlendreher* (with `fan=digit-swap`).
    pub swap_left: Vec<bool>,
    pub seed: u64,
}

impl Position {
    /// A position with these rows and hands, nothing taken yet, and the default options.
    pub fn new(rows: Rows, hands: Vec<Vec<Card>>) -> Position {
        let n = hands.len();
        Position {
            options: ClassicOptions::default(),
            rows,
            hands,
            totals: vec![0; n],
            taken: vec![Vec::new(); n],
            swap_left: vec![false; n],
            seed: 0,
        }
    }
}

impl Classic {
    /// A game that starts at `position`, everyone about to choose a card. Later deals are dealt
    /// from `position.seed`.
    ///
    /// Refused when the position is not one of this game: 2–10 seats, hands of equal size,
    /// totals, cards taken and *Zahlendreher* per seat, no card twice.
    pub fn from_position(position: Position) -> Result<Classic, PositionError> {
        let players = position.hands.len();
        PositionError::check_players(Classic::KIND.name(), PLAYERS, players)?;
        PositionError::check_per_seat("totals", players, position.totals.len())?;
        PositionError::check_per_seat("cards taken", players, position.taken.len())?;
        PositionError::check_per_seat("Zahlendreher held", players, position.swap_left.len())?;
        let hands: Vec<Vec<Card>> = position.hands.into_iter().map(sorted).collect();
        let held = hands[0].len() as u32;
        PositionError::check_shape(
            hands.iter().all(|h| h.len() as u32 == held),
            "hands of different sizes: every hand holds as many cards",
        )?;
        let mut cards: Vec<Card> = hands.iter().flatten().copied().collect();
        cards.extend(position.rows.cards());
        cards.extend(position.taken.iter().flatten());
        cards.sort();
        if let Some(w) = cards.windows(2).find(|w| w[0] == w[1]) {
            return Err(PositionError::TooMany {
                card: format!("card {}", w[0]),
            });
        }
        let turns_played = (position.options.hand_size as u32).saturating_sub(held);
        let dealt = DealStart {
            hands: hands.clone(),
            pool: Vec::new(),
            rows: position.rows.cards().collect(),
        };
        let mut game = Classic {
            players,
            options: position.options,
            rng: ChaCha8Rng::seed_from_u64(position.seed),
            deal: 1,
            turn: turns_played,
            hands,
            rows: position.rows,
            taken: position.taken,
            played: vec![Vec::new(); players],
            totals: position.totals,
            history: Vec::new(),
            swap_left: position.swap_left,
            set_aside: Vec::new(),
            drafted: vec![Vec::new(); players],
            phase: Phase::Choose { chosen: Vec::new() },
            dealt: vec![dealt],
        };
        game.begin_turn(&mut Vec::new());
        game.set_aside = game.missing_cards();
        Ok(game)
    }
}
