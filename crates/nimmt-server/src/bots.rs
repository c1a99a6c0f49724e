//! Bots at the server's tables: bot seats, the stand-in for an absent player and the move made
//! when a decision timer runs out. Every bot sees only its seat's view.

use nimmt_bots::Bot;
use nimmt_core::games::classic::{Action, Classic, Decision, View};
use nimmt_core::{Game, Seat, Viewer};
use serde_json::Value;

/// The bot levels a table offers, weakest first; the first is the default of `/bot add`.
pub const LEVELS: &[&str] = &["basic"];

/// The level that makes a move when a timer runs out or a player is away.
pub const STAND_IN: &str = "basic";

/// A bot of `level`, or `None` if no such level.
pub fn make(level: &str) -> Option<Box<dyn Bot<Classic>>> {
    match level {
        "basic" => Some(Box::new(Basic)),
        _ => None,
    }
}

/// A bot's move for `seat`, as the game's action JSON; `None` if the seat is not asked.
pub fn decide(bot: &mut dyn Bot<Classic>, game: &Game, seat: Seat) -> Option<Value> {
    match game {
        Game::Classic(g) => {
            use nimmt_core::Rules;
            let view = g.view(Viewer::Seat(seat));
            view.asked?;
            let action = bot.decide(&view);
            Some(serde_json::to_value(action).expect("actions serialize"))
        }
    }
}

/// A small rule-of-thumb bot: plays its lowest card that lands without taking a row, else its
/// lowest card; takes the row with the fewest bull heads (C6).
pub struct Basic;

impl Bot<Classic> for Basic {
    fn decide(&mut self, view: &View) -> Action {
        let legal = view.legal_actions();
        match view.asked {
            Some(Decision::TakeRow) => {
                let row = (0..view.rows.rows.len())
                    .min_by_key(|&r| {
                        let cards = &view.rows.rows[r];
                        let heads: u32 = cards.iter().map(|c| c.bull_heads() as u32).sum();
                        (
                            heads,
                            std::cmp::Reverse(cards.last().map(|c| c.number()).unwrap_or(0)),
                        )
                    })
                    .unwrap_or(0);
                Action::TakeRow { row }
            }
            Some(Decision::PlayCard) => {
                let safe = view.hand.iter().copied().find(|c| {
                    // Lands on a row that is not full: some row's last card below it with room.
                    let best = view
                        .rows
                        .rows
                        .iter()
                        .filter(|r| r.last().is_some_and(|l| l < c))
                        .max_by_key(|r| r.last().copied());
                    best.is_some_and(|r| r.len() < 5)
                });
                match safe.or_else(|| view.hand.first().copied()) {
                    Some(card) => Action::play(card),
                    None => legal[0],
                }
            }
            _ => legal.first().copied().unwrap_or(Action::TakeRow { row: 0 }),
        }
    }

    fn name(&self) -> String {
        "basic".into()
    }
}
