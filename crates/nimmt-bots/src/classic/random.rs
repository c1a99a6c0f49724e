//! `random`: any legal action, uniformly.

use crate::Bot;
use nimmt_core::games::classic::{Action, Classic, View};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays a uniformly random legal action.
#[derive(Clone, Debug)]
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

impl Bot<Classic> for RandomBot {
    fn decide(&mut self, view: &View) -> Action {
        let legal = view.legal_actions();
        assert!(!legal.is_empty(), "random bot asked without a decision");
        legal[self.rng.random_range(0..legal.len())]
    }

    fn name(&self) -> String {
        "random".into()
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}
