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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::testing::{game, play};
    use crate::classic::RandomBot;
    use nimmt_core::Rules;

    #[test]
    fn greedy_takes_the_row_with_fewest_bull_heads() {
        // C6: a bot picks the row with the fewest bull heads, on a tie the highest last card.
        let mut seen = 0;
        for seed in 0..40u64 {
            let mut g = game(5, &[], seed);
            let mut bots: Vec<Box<dyn Bot<Classic>>> = (0..5)
                .map(|s| Box::new(RandomBot::new(seed * 7 + s)) as Box<dyn Bot<Classic>>)
                .collect();
            let mut greedy = GreedyBot::new(seed);
            play(&mut g, &mut bots, |_, _, view, _| {
                if view.asked == Some(Decision::TakeRow) {
                    seen += 1;
                    let heads = |r: usize| {
                        view.rows.rows[r]
                            .iter()
                            .map(|c| c.bull_heads() as u32)
                            .sum::<u32>()
                    };
                    let last = |r: usize| view.rows.rows[r].last().unwrap().number();
                    let fewest = (0..4).map(heads).min().unwrap();
                    let expected = (0..4)
                        .filter(|&r| heads(r) == fewest)
                        .max_by_key(|&r| last(r))
                        .unwrap();
                    assert_eq!(
                        greedy.decide(view),
                        Action::TakeRow { row: expected },
                        "{:?}",
                        view.rows
                    );
                }
            });
        }
        assert!(seen > 20, "only {seen} row choices");
    }

    #[test]
    fn greedy_avoids_a_sixth_card_when_a_safe_card_exists() {
        // Rows 10..14 (full), 30, 50, 70; hand 15 (would take the full row) and 31 (safe).
        use nimmt_core::games::classic::Rows;
        let mut g = game(2, &[], 1);
        let mut view = g.view(nimmt_core::Viewer::Seat(Seat(0)));
        let c = |n| nimmt_core::Card::new(n).unwrap();
        view.rows = Rows::new([c(10), c(30), c(50), c(70)], None);
        view.rows.rows[0] = (10..15).map(c).collect();
        view.hand = vec![c(15), c(31)];
        view.hand_sizes = vec![2, 2];
        let _ = &mut g;
        let mut greedy = GreedyBot::new(3);
        assert_eq!(greedy.decide(&view), Action::play(c(31)));
    }
}
