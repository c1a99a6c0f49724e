//! `random`: any legal action, uniformly, for every game.

use crate::Bot;
use nimmt_core::Rules;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Chooses uniformly among the legal actions of its view, in any game.
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

impl<R: Rules> Bot<R> for RandomBot {
    fn decide(&mut self, view: &R::View) -> R::Action {
        let legal = R::legal_in_view(view);
        assert!(!legal.is_empty(), "random bot asked without a decision");
        legal[self.rng.random_range(0..legal.len())].clone()
    }

    fn name(&self) -> String {
        "random".into()
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}
