//! `mcts`: the flat Monte-Carlo search with sequential halving ([`crate::search`]) over worlds
//! sampled from the seat's view. Each sampled world deals what the bot
//! cannot see (the other screens and face-down tiles, the supply, the other action cards and the
//! stack) at random from the unseen tiles and cards ([`sample_world`]); the candidate actions
//! are tried in it and played out with the playout policy ([`play_out`]), all with the same luck
//! (common random numbers). A playout's result is the bot's standing: its points against the
//! others' mean ([`standing`]). The budget is spent by sequential halving: every candidate in
//! the first round, the better half in the next, and so on (at least 4 worlds a round).
//!
//! Choosing two tiles offers up to 66 pairs: only the pairs the greedy valuation likes best
//! ([`MAX_PAIRS`]) are searched.
//!
//! Only the tiles are searched; every other decision (the window before laying, the free row,
//! the luck card, the tiles of *Positive Hornochsen*) is the greedy bot's. The window offers up
//! to about 30 uses of the cards, each worth a point or two against the tens of points a
//! playout to the game's end swings by, and the playouts never play a card: searched, the
//! window's best mean was mostly luck, and the search spent its cards where `greedy` kept them
//! (pro, 4 players: 16.5% of the games against three `greedy`; with the greedy window 38.5%).

use super::greedy::greedy_action;
use super::policy::{play_out, standing, tile_value};
pub use crate::search::Budget;
use crate::search::{flat_in, halving, Worlds};
use crate::Bot;
use nimmt_core::games::board::{sample_world, Action, Board, Decision, View};
use nimmt_core::Seat;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Pairs of tiles searched when two are chosen.
pub const MAX_PAIRS: usize = 12;

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
        let found = flat_in(&mut self.worlds(view, me), &candidates, worlds);
        candidates.into_iter().zip(found.means).collect()
    }

    /// The worlds `me` searches from `view`, drawn from the bot's generator.
    fn worlds<'a>(&'a mut self, view: &'a View, me: Seat) -> BoardWorlds<'a> {
        BoardWorlds {
            view,
            me,
            until: self
                .horizon
                .map_or(u32::MAX, |h| view.round.saturating_add(h + 1)),
            noise: self.noise,
            rng: &mut self.rng,
        }
    }
}

/// Worlds sampled from a seat's view; a playout runs to the horizon with the world's luck.
struct BoardWorlds<'a> {
    view: &'a View,
    me: Seat,
    /// The round the playouts stop at.
    until: u32,
    noise: f64,
    rng: &'a mut ChaCha8Rng,
}

impl Worlds for BoardWorlds<'_> {
    type Choice = Action;
    /// The world and the seed of its playouts' luck.
    type World = (Board, u64);

    fn sample(&mut self) -> (Board, u64) {
        let world = sample_world(self.view, self.rng.random());
        (world, self.rng.random())
    }

    fn play_out(&mut self, (world, luck): &(Board, u64), action: &Action) -> f64 {
        let mut w = world.clone();
        w.act_quiet(self.me, action)
            .expect("legal in the view, legal in the world");
        let mut rng = ChaCha8Rng::seed_from_u64(*luck);
        play_out(&mut w, self.until, self.noise, &mut rng);
        standing(&w, self.me)
    }
}

impl Bot<Board> for MctsBot {
    fn decide(&mut self, view: &View) -> Action {
        let me = view.seat().expect("a seat's view");
        if !matches!(view.asked, Some(Decision::Choose { .. })) {
            return greedy_action(view);
        }
        let candidates = Self::candidates(view);
        let prior = greedy_action(view);
        let budget = self.budget;
        let best = halving(
            &mut self.worlds(view, me),
            &candidates,
            budget,
            4,
            Some(&prior),
        );
        candidates[best].clone()
    }

    fn name(&self) -> String {
        self.budget.spec()
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}
