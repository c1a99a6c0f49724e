//! `mcts`: determinized search over information sets. Each sampled world deals what the bot
//! cannot see (the other screens and face-down tiles, the supply, the other action cards and the
//! stack) at random from the unseen tiles and cards ([`sample_world`]); the candidate actions
//! are tried in it and played out with the playout policy ([`play_out`]), all with the same luck
//! (common random numbers). A playout's result is the bot's standing: its points against the
//! others' mean ([`standing`]). The budget is spent by sequential halving: every candidate in
//! the first round, the better half in the next, and so on.
//!
//! Choosing two tiles offers up to 66 pairs: only the pairs the greedy valuation likes best
//! ([`MAX_PAIRS`]) are searched.

use super::greedy::greedy_action;
use super::policy::{play_out, standing, tile_value};
use crate::Bot;
use nimmt_core::games::board::{sample_world, Action, Board, Decision, View};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// Pairs of tiles searched when two are chosen.
pub const MAX_PAIRS: usize = 12;

/// How much a search may spend on one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Playouts, shared among the candidates (each tried in at least 4 worlds per round):
    /// deterministic for a given seed.
    Iters(u64),
    /// Wall-clock milliseconds (at least 4 worlds per round).
    Millis(u64),
}

/// Searches sampled worlds for the best action (see the module documentation).
pub struct MctsBot {
    pub budget: Budget,
    /// Rounds played out after the current one; `None`: to the end of the game.
    pub horizon: Option<u32>,
    /// The share of random tile choices in playouts.
    pub noise: f64,
    rng: ChaCha8Rng,
}

impl MctsBot {
    pub fn new(seed: u64) -> Self {
        MctsBot {
            budget: Budget::Iters(400),
            horizon: None,
            noise: 0.1,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The actions worth searching: every legal one, but only the best pairs of tiles.
    fn candidates(view: &View) -> Vec<Action> {
        let legal = view.legal_actions();
        if !matches!(view.asked, Some(Decision::Choose { count: 2 })) || legal.len() <= MAX_PAIRS {
            return legal;
        }
        let value = |t: u8| tile_value(&view.rows, &view.side, &view.bulls, t);
        let mut scored: Vec<(f64, Action)> = legal
            .into_iter()
            .map(|a| {
                let v = match &a {
                    Action::Choose { tiles } => tiles.iter().map(|&t| value(t)).sum(),
                    _ => 0.0,
                };
                (v, a)
            })
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored.truncate(MAX_PAIRS);
        scored.into_iter().map(|(_, a)| a).collect()
    }
}

impl MctsBot {
    /// The actions worth searching (the best pairs of tiles only) and `also` if it is not among
    /// them, each with its estimate: the bot's mean standing at the horizon (its points against
    /// the others' mean, [`standing`]), every action tried in the same `worlds` sampled worlds
    /// with the same playout luck.
    pub fn estimates(&mut self, view: &View, also: &Action, worlds: u64) -> Vec<(Action, f64)> {
        let me = view.seat().expect("a seat's view");
        let mut candidates = Self::candidates(view);
        if !candidates.contains(also) {
            candidates.push(also.clone());
        }
        let until = self
            .horizon
            .map_or(u32::MAX, |h| view.round.saturating_add(h + 1));
        let mut sum = vec![0.0f64; candidates.len()];
        let worlds = worlds.max(1);
        for _ in 0..worlds {
            let world = sample_world(view, self.rng.random());
            let luck: u64 = self.rng.random();
            for (arm, action) in candidates.iter().enumerate() {
                let mut w = world.clone();
                w.act_quiet(me, action)
                    .expect("legal in the view, legal in the world");
                let mut rng = ChaCha8Rng::seed_from_u64(luck);
                play_out(&mut w, until, self.noise, &mut rng);
                sum[arm] += standing(&w, me);
            }
        }
        candidates
            .into_iter()
            .zip(sum)
            .map(|(a, s)| (a, s / worlds as f64))
            .collect()
    }
}

impl Bot<Board> for MctsBot {
    fn decide(&mut self, view: &View) -> Action {
        let me = view.seat().expect("a seat's view");
        let candidates = Self::candidates(view);
        assert!(!candidates.is_empty(), "mcts asked without a decision");
        let k = candidates.len();
        if k == 1 {
            return candidates[0].clone();
        }
        let prior = greedy_action(view);
        let until = self
            .horizon
            .map_or(u32::MAX, |h| view.round.saturating_add(h + 1));
        let mut sum = vec![0.0f64; k];
        let mut visits = vec![0u32; k];
        let rounds = (usize::BITS - (k - 1).leading_zeros()) as u64; // ⌈log2 k⌉
        let started = Instant::now();
        let mut alive: Vec<usize> = (0..k).collect();
        let mut round = 0u64;
        while alive.len() > 1 {
            round += 1;
            let mut worlds = 0u64;
            loop {
                let more = match self.budget {
                    Budget::Iters(n) => worlds < (n / (rounds * alive.len() as u64)).max(4),
                    Budget::Millis(ms) => {
                        worlds < 4
                            || started.elapsed().as_millis() * (rounds as u128)
                                < ms as u128 * round as u128
                    }
                };
                if !more {
                    break;
                }
                worlds += 1;
                let world = sample_world(view, self.rng.random());
                let luck: u64 = self.rng.random();
                for &arm in &alive {
                    let mut w = world.clone();
                    w.act_quiet(me, &candidates[arm])
                        .expect("legal in the view, legal in the world");
                    let mut rng = ChaCha8Rng::seed_from_u64(luck);
                    play_out(&mut w, until, self.noise, &mut rng);
                    sum[arm] += standing(&w, me);
                    visits[arm] += 1;
                }
            }
            let mean = |i: usize| sum[i] / f64::from(visits[i].max(1));
            alive.sort_by(|&a, &b| {
                mean(b)
                    .total_cmp(&mean(a))
                    .then((candidates[b] == prior).cmp(&(candidates[a] == prior)))
            });
            alive.truncate(alive.len().div_ceil(2));
        }
        candidates[alive[0]].clone()
    }

    fn name(&self) -> String {
        match self.budget {
            Budget::Iters(n) => format!("mcts:iters={n}"),
            Budget::Millis(ms) => format!("mcts:ms={ms}"),
        }
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}
