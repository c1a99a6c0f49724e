//! `montecarlo`: plain Monte-Carlo search with no model of the other players. Every legal card
//! is tried in the same sampled worlds (the unseen cards dealt uniformly), the deal played out
//! with random cards for every seat, and the card with the least mean of its own points wins.

use super::mcts::{Budget, MctsBot, MctsConfig, Utility};
use super::world::Playout;
use crate::Bot;
use nimmt_core::games::classic::{Action, Classic, View};

/// Playouts per decision of a bare `montecarlo` (shared among the legal cards).
pub const DEFAULT_ITERS: u64 = 640;

/// The plain Monte-Carlo bot.
#[derive(Clone, Debug)]
pub struct MonteCarloBot {
    search: MctsBot,
    iters: u64,
}

impl MonteCarloBot {
    pub fn new(iters: u64, seed: u64) -> MonteCarloBot {
        let config = MctsConfig {
            playout: Playout::Random,
            utility: Utility::Own,
            infer: false,
            opponents: super::mcts::Opponents::Greedy,
            win_bonus: 0,
            ..MctsConfig::new(Budget::Iters(iters))
        };
        MonteCarloBot {
            search: MctsBot::new(config, seed),
            iters,
        }
    }
}

impl Bot<Classic> for MonteCarloBot {
    fn decide(&mut self, view: &View) -> Action {
        self.search.decide(view)
    }

    fn name(&self) -> String {
        format!("montecarlo:iters={}", self.iters)
    }

    fn reseed(&mut self, seed: u64) {
        self.search.reseed(seed);
    }
}
