//! `mcts`: the flat Monte-Carlo search with sequential halving ([`crate::search`]) over
//! determinised worlds: each sampled world deals the cards the bot cannot see
//! (other hands, draw pile) at random in agreement with its view; the legal actions are tried
//! in it and the deal played out with a cheap greedy policy, all actions with the same luck
//! (common random numbers). The result of a playout is the bot's expected share of the win
//! after the deal ([`GameValues`]). The budget is spent by sequential halving: all actions in
//! the first round, the better half in the next, and so on (at least 8 worlds a round); among
//! equal averages the greedy favourite wins.

use super::belief::Belief;
use super::greedy::greedy_action;
use super::worlds::{open_world, sample_world_with};
pub use crate::search::Budget;
use crate::search::{flat_in, halving, Worlds};
use crate::Bot;
use nimmt_core::games::help::{Action, Help, HelpCard, Stage, View};
use nimmt_core::{Rules, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// Searches sampled worlds for the best action (see the module documentation).
pub struct MctsBot {
    /// How long to search per decision.
    pub budget: Budget,
    /// Play out to the end of the game (the result: the bot's share of the win) instead of the
    /// end of the deal.
    pub to_game_end: bool,
    /// The share of random moves in playouts (the rest are greedy).
    pub playout_noise: f64,
    /// Weigh the hidden hands by what the others' public actions say of them ([`Belief`]).
    pub infer: bool,
    rng: ChaCha8Rng,
    buf: Vec<Action>,
    values: GameValues,
    belief: Belief,
    /// Every hand, for measuring what knowing them is worth ([`MctsBot::decide_knowing`]).
    open_hands: Option<Vec<Vec<HelpCard>>>,
}

/// Each seat's expected share of the win from given totals, in a model where every deal ends
/// with a random player stuck: mostly (94 %) the previous player cannot help and all others
/// score, else (6 %, every other player behind a No!) only the stuck player scores. The rates
/// are those of greedy play.
#[derive(Default)]
pub struct GameValues {
    memo: HashMap<Vec<u32>, Vec<f64>>,
}

impl GameValues {
    const HELPLESS: f64 = 0.06;

    /// The win shares from `totals` (finished games: the actual shares).
    pub fn get(&mut self, totals: &[u32], end_at: u32) -> Vec<f64> {
        let n = totals.len();
        let winners: Vec<usize> = (0..n).filter(|&s| totals[s] >= end_at).collect();
        if !winners.is_empty() {
            let share = 1.0 / winners.len() as f64;
            return (0..n)
                .map(|s| if winners.contains(&s) { share } else { 0.0 })
                .collect();
        }
        if let Some(v) = self.memo.get(totals) {
            return v.clone();
        }
        let mut value = vec![0.0; n];
        for stuck in 0..n {
            let helper = (stuck + n - 1) % n;
            let mut no_help = totals.to_vec();
            for (s, t) in no_help.iter_mut().enumerate() {
                if s != stuck && s != helper {
                    *t += 1;
                }
            }
            let mut helpless = totals.to_vec();
            helpless[stuck] += 1;
            let a = self.get(&no_help, end_at);
            let b = self.get(&helpless, end_at);
            for s in 0..n {
                value[s] += ((1.0 - Self::HELPLESS) * a[s] + Self::HELPLESS * b[s]) / n as f64;
            }
        }
        self.memo.insert(totals.to_vec(), value.clone());
        value
    }
}

impl MctsBot {
    pub fn new(seed: u64) -> Self {
        MctsBot {
            budget: Budget::Iters(3000),
            playout_noise: 0.0,
            to_game_end: false,
            infer: false,
            rng: ChaCha8Rng::seed_from_u64(seed),
            buf: Vec::new(),
            values: GameValues::default(),
            belief: Belief::default(),
            open_hands: None,
        }
    }

    /// Plays `world` from `first` (an action of `me`) to the end of the deal; the result for
    /// `me`: its expected share of the win from the totals after the deal ([`GameValues`]);
    /// the random moves drawn from `luck`.
    fn playout(&mut self, mut world: Help, me: Seat, first: &Action, luck: &mut ChaCha8Rng) -> f64 {
        let deal = world.deal_number();
        let before = world.totals().to_vec();
        if world.act_quiet(me, first).is_err() {
            // The sampled world disagrees with the view (it cannot): count it as no change.
            return self.values.get(&before, world.options().end_at)[me.index()];
        }
        for _ in 0..20_000 {
            let Some(stage) = world.stage() else { break };
            if world.deal_number() != deal && !self.to_game_end {
                break;
            }
            let seat = match stage {
                Stage::Turn { seat, .. } => seat,
                Stage::GiveHelp { helper, .. } => helper,
                Stage::GiveBack { asker, .. } => asker,
            };
            self.buf.clear();
            world.legal_actions_into(seat, &mut self.buf);
            if self.buf.is_empty() {
                break; // only in a world that could not agree with the view
            }
            let action = if self.buf.len() > 1 && luck.random_bool(self.playout_noise) {
                self.buf[luck.random_range(0..self.buf.len())]
            } else {
                greedy_action(world.row(), &self.buf).expect("an action")
            };
            world.act_quiet(seat, &action).expect("legal");
        }
        if self.to_game_end {
            return match world.outcome() {
                Some(o) if o.winners.contains(&me) => 1.0 / o.winners.len() as f64,
                _ => 0.0,
            };
        }
        if world.deal_number() == deal && !world.is_over() {
            return self.values.get(&before, world.options().end_at)[me.index()];
        }
        self.values.get(world.totals(), world.options().end_at)[me.index()]
    }
}

impl MctsBot {
    /// Every legal action of the decision `view` asks with its estimate: the bot's expected
    /// share of the game's win after the deal (or the game, [`MctsBot::to_game_end`]), each
    /// action tried in the same `worlds` sampled worlds with the same playout luck (a flat
    /// search: no action is dropped early, so every estimate is as sure as the others).
    pub fn estimates(&mut self, view: &View, worlds: u64) -> Vec<(Action, f64)> {
        let legal = view.legal_actions();
        let me = view.seat().expect("a seat's view");
        let found = flat_in(&mut self.worlds(view, me), &legal, worlds);
        legal.into_iter().zip(found.means).collect()
    }

    /// The worlds `me` searches from `view`, drawn from the bot's generator.
    fn worlds<'a>(&'a mut self, view: &'a View, me: Seat) -> HelpWorlds<'a> {
        HelpWorlds {
            view,
            me,
            bot: self,
        }
    }
}

/// Worlds sampled from a seat's view, played out by the bot's playout policy.
struct HelpWorlds<'a> {
    view: &'a View,
    me: Seat,
    bot: &'a mut MctsBot,
}

impl Worlds for HelpWorlds<'_> {
    type Choice = Action;
    /// The world and the seed of its playouts' luck.
    type World = (Help, u64);

    fn sample(&mut self) -> (Help, u64) {
        let world = match &self.bot.open_hands {
            Some(hands) => open_world(self.view, hands, &mut self.bot.rng),
            None => {
                let weights = self.bot.infer.then(|| self.bot.belief.weights());
                sample_world_with(self.view, weights, &mut self.bot.rng)
            }
        };
        (world, self.bot.rng.random())
    }

    fn play_out(&mut self, (world, luck): &(Help, u64), action: &Action) -> f64 {
        let mut luck = ChaCha8Rng::seed_from_u64(*luck);
        self.bot.playout(world.clone(), self.me, action, &mut luck)
    }
}

impl MctsBot {
    /// Decides at `view` as if every hand were shown: `hands` are the real hands of all seats
    /// (only for measuring what the hidden hands cost the search).
    pub fn decide_knowing(&mut self, view: &View, hands: Vec<Vec<HelpCard>>) -> Action {
        self.open_hands = Some(hands);
        let action = self.decide(view);
        self.open_hands = None;
        action
    }
}

impl Bot<Help> for MctsBot {
    fn decide(&mut self, view: &View) -> Action {
        let legal = view.legal_actions();
        let me = view.seat().expect("a seat's view");
        if self.infer {
            self.belief.observe(view, &mut self.rng);
        }
        let prior = greedy_action(&view.row, &legal);
        let budget = self.budget;
        let best = halving(
            &mut self.worlds(view, me),
            &legal,
            budget,
            8,
            prior.as_ref(),
        );
        if self.infer {
            self.belief.remember(view, legal[best]);
        }
        legal[best]
    }

    fn name(&self) -> String {
        self.budget.spec()
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}
