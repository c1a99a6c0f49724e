//! `greedy`: a one-step heuristic. It plays the card with the least expected penalty in this
//! turn, with the other seats playing random cards they may hold; for a low card it takes the
//! row with the fewest bull heads (C6); in a draft it picks the open card farthest from the cards
//! it already holds (a hand spread over the whole range), fewest bull heads first.

use super::row_and_draft::row_or_pick;
use super::world::{Playout, Template};
use super::{immediate_cost, Knowledge};
use crate::Bot;
use nimmt_core::games::classic::{Action, Classic, Decision, Play, View};
use nimmt_core::Seat;
use rand::rngs::SmallRng;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Worlds sampled per card decision.
const SAMPLES: usize = 48;

/// The one-step heuristic bot.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: ChaCha8Rng,
}

impl GreedyBot {
    pub fn new(seed: u64) -> Self {
        GreedyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The card (and whether to swap its digits) with the least expected penalty this turn.
    fn play(&mut self, view: &View, legal: &[Action]) -> Action {
        let knowledge = Knowledge::from_view(view);
        let template = Template::from_view(view);
        let me = knowledge.me;
        let mut cost = vec![0u64; legal.len()];
        for _ in 0..SAMPLES {
            let hands = knowledge.sample(&mut self.rng);
            let world = template.world(&hands);
            let seed = self.rng.next_u64();
            for (a, action) in legal.iter().enumerate() {
                let mut rng = SmallRng::seed_from_u64(seed);
                let points = world.clone().one_turn(action, Playout::Random, &mut rng);
                cost[a] += points[me] as u64;
            }
        }
        let key = |a: usize| {
            let Action::Play { card, swap } = legal[a] else {
                return (cost[a], u32::MAX, true, 0);
            };
            let value = Play {
                seat: Seat(me as u8),
                card,
                swap,
            }
            .value();
            // Ties: the smaller certain penalty, then keep the Zahlendreher, then the card
            // closest to the end it joins (fewer cards can slip in before it).
            (
                cost[a],
                immediate_cost(&view.rows, value, view),
                swap,
                gap(view, value),
            )
        };
        let best = (0..legal.len())
            .min_by_key(|&a| key(a))
            .expect("a legal card");
        legal[best]
    }
}

/// How far `value` lies from the row end it joins (a low card counts as far).
fn gap(view: &View, value: u8) -> u8 {
    match view.rows.target(value, view.options.placement) {
        Some((row, _)) => {
            let first = view.rows.first(row).number();
            let last = view.rows.last(row).number();
            value.abs_diff(last).min(value.abs_diff(first))
        }
        None => u8::MAX,
    }
}

impl Bot<Classic> for GreedyBot {
    fn decide(&mut self, view: &View) -> Action {
        let legal = view.legal_actions();
        assert!(!legal.is_empty(), "greedy bot asked without a decision");
        match view.asked {
            Some(Decision::PlayCard) if legal.len() > 1 => self.play(view, &legal),
            _ => row_or_pick(view, &legal),
        }
    }

    fn name(&self) -> String {
        "greedy".into()
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}
