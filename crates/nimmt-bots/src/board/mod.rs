//! Bots for the *6 nimmt! Brettspiel*, every version: [`RandomBot`], [`GreedyBot`] and
//! [`MctsBot`], each deciding tiles, free rows, luck and action cards from its seat's view
//! alone.
//!
//! - [`policy`]: what a tile is worth where it lands now, and the playout policy;
//! - [`greedy`]: one step ahead;
//! - [`mcts`]: search in worlds sampled from the view.

pub mod greedy;
pub mod mcts;
pub mod policy;

pub use crate::random::RandomBot;
pub use greedy::{greedy_action, GreedyBot};
pub use mcts::{Budget, MctsBot};

use crate::game_bots::{unknown, GameBots};
use crate::spec::{Builtin, SpecError};
use crate::Bot;
use nimmt_core::games::board::Board;

impl GameBots for Board {
    fn bot_names() -> &'static [&'static str] {
        &["greedy", "random", "mcts"]
    }

    /// `random`, `greedy`, or `mcts` with comma-separated settings `iters=N` (playouts per
    /// decision, default 400) or `ms=N`, `horizon=N` (rounds played out after the current one;
    /// default: to the end of the game) and `noise=P` (share of random tiles in playouts,
    /// default 0.1).
    fn builtin(spec: &Builtin, seed: u64) -> Result<Box<dyn Bot<Board>>, SpecError> {
        Ok(match spec.name.as_str() {
            "random" => {
                spec.only(&[], "no settings")?;
                Box::new(RandomBot::new(seed))
            }
            "greedy" => {
                spec.only(&[], "no settings")?;
                Box::new(GreedyBot)
            }
            "mcts" => {
                spec.only(
                    &["iters", "ms", "cpu", "horizon", "noise"],
                    "iters=N, ms=N, cpu=N, horizon=N or noise=P",
                )?;
                let mut bot = MctsBot::new(seed);
                if let Some(n) = spec.number("iters")? {
                    bot.budget = Budget::Iters(n);
                }
                if let Some(ms) = spec.number("ms")? {
                    bot.budget = Budget::Millis(ms);
                }
                if let Some(ms) = spec.number("cpu")? {
                    bot.budget = Budget::CpuMillis(ms);
                }
                if let Some(h) = spec.get("horizon") {
                    bot.horizon =
                        Some(h.parse().ok().filter(|&h: &u32| h <= 30).ok_or_else(|| {
                            spec.bad("horizon", "a number of rounds from 0 to 30")
                        })?);
                }
                if let Some(p) = spec.get("noise") {
                    bot.noise = p
                        .parse()
                        .ok()
                        .filter(|x| (0.0..=1.0).contains(x))
                        .ok_or_else(|| spec.bad("noise", "a share from 0 to 1"))?;
                }
                Box::new(bot)
            }
            other => return Err(unknown::<Board>(other)),
        })
    }
}

#[cfg(test)]
mod tests;
