//! Any legal action, uniformly at random.

use crate::Bot;
use nimmt_core::games::help::{Action, Help, View};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Chooses uniformly among the legal actions of its view.
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot<Help> for RandomBot {
    fn decide(&mut self, view: &View) -> Action {
        let legal = view.legal_actions();
        assert!(!legal.is_empty(), "asked without a legal action");
        legal[self.rng.random_range(0..legal.len())]
    }

    fn name(&self) -> String {
        "random".into()
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}
