//! The bots an offline table seats, by spec (`random`, `greedy`, …).
//!
//! Until the bots crate brings its own, a small greedy bot stands in behind the same trait.

use nimmt_bots::Bot;
use nimmt_core::games::classic::{Action, Classic, Decision, Rows, View};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Why a bot spec was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot {0:?} (bots: random, greedy)")]
pub struct BotError(pub String);

/// A bot of this spec, seeded with `seed`.
pub fn build(spec: &str, seed: u64) -> Result<Box<dyn Bot<Classic>>, BotError> {
    match spec.trim().to_ascii_lowercase().as_str() {
        "random" => Ok(Box::new(Simple {
            greedy: false,
            rng: ChaCha8Rng::seed_from_u64(seed),
        })),
        "greedy" => Ok(Box::new(Simple {
            greedy: true,
            rng: ChaCha8Rng::seed_from_u64(seed),
        })),
        _ => Err(BotError(spec.to_owned())),
    }
}

/// Checks a spec without building the bot.
pub fn check(spec: &str) -> Result<(), BotError> {
    build(spec, 0).map(drop)
}

struct Simple {
    greedy: bool,
    rng: ChaCha8Rng,
}

impl Bot<Classic> for Simple {
    fn decide(&mut self, view: &View) -> Action {
        let legal = view.legal_actions();
        if !self.greedy {
            return legal[self.rng.random_range(0..legal.len())];
        }
        match view.asked {
            Some(Decision::TakeRow) => Action::TakeRow {
                row: cheapest(&view.rows),
            },
            // The card that would cost least if laid now; on a tie the lowest.
            Some(Decision::PlayCard) => *legal
                .iter()
                .filter(|a| matches!(a, Action::Play { swap: false, .. }))
                .min_by_key(|a| match a {
                    Action::Play { card, .. } => {
                        let cost = match view.rows.target(card.number(), view.options.placement) {
                            Some((row, _)) if view.rows.items(row) >= 5 => view.rows.heads(row),
                            Some(_) => 0,
                            None => view.rows.heads(cheapest(&view.rows)),
                        };
                        (cost, card.number())
                    }
                    _ => (u32::MAX, 0),
                })
                .expect("a card to play"),
            _ => legal[0],
        }
    }

    fn name(&self) -> String {
        if self.greedy { "greedy" } else { "random" }.into()
    }
}

fn cheapest(rows: &Rows) -> usize {
    rows.cheapest_row()
}
