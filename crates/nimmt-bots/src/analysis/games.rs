//! Each game's estimates, from its own search: every choice tried in the same sampled worlds
//! (a flat search, so each estimate is as sure as the others).

use super::Measure;
use crate::search::worlds_for;
use crate::{board, buffalo, classic, help};
use nimmt_core::games::board::Board;
use nimmt_core::games::buffalo::{Action as BuffaloAction, Buffalo};
use nimmt_core::games::classic::Classic;
use nimmt_core::games::help::Help;
use nimmt_core::{Rules, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A game the analysis knows.
pub(super) trait Analysed: Rules {
    /// The unit of the estimates.
    const MEASURE: Measure;
    /// What a seat's analysis keeps from one decision to the next (what the others' plays said).
    type Estimator;
    /// An estimator with `budget` playouts per decision.
    fn estimator(budget: u64, seed: u64) -> Self::Estimator;
    /// The estimates of the choices of the decision `view` asks, `chosen` among them; `None`
    /// for a decision this analysis leaves out.
    fn estimate(
        estimator: &mut Self::Estimator,
        view: &Self::View,
        chosen: &Self::Action,
    ) -> Option<Vec<(Self::Action, f64)>>;
    /// The deal the view is in (0 = first).
    fn deal(view: &Self::View) -> u32;
    /// The seat whose view it is.
    fn seat(view: &Self::View) -> Seat;
}

impl Analysed for Classic {
    const MEASURE: Measure = Measure::DealPoints;
    type Estimator = classic::MctsBot;

    /// The search with the seat's own points as its utility, learning the table as it goes.
    fn estimator(budget: u64, seed: u64) -> classic::MctsBot {
        let mut config = classic::MctsConfig::new(classic::Budget::Iters(budget));
        config.utility = classic::Utility::Own;
        classic::MctsBot::new(config, seed)
    }

    fn estimate(
        bot: &mut classic::MctsBot,
        view: &Self::View,
        _chosen: &Self::Action,
    ) -> Option<Vec<(Self::Action, f64)>> {
        let stats = bot.search(view);
        // The search's points count from the deal's start: the estimate is the deal's points.
        Some(stats.into_iter().map(|s| (s.action, s.mean_cost)).collect())
    }

    fn deal(view: &Self::View) -> u32 {
        view.deal.saturating_sub(1)
    }

    fn seat(view: &Self::View) -> Seat {
        view.seat().expect("a seat's view")
    }
}

impl Analysed for Help {
    const MEASURE: Measure = Measure::WinChance;
    type Estimator = (help::MctsBot, u64);

    fn estimator(budget: u64, seed: u64) -> (help::MctsBot, u64) {
        (help::MctsBot::new(seed), budget)
    }

    fn estimate(
        (bot, budget): &mut (help::MctsBot, u64),
        view: &Self::View,
        _chosen: &Self::Action,
    ) -> Option<Vec<(Self::Action, f64)>> {
        let n = worlds_for(*budget, view.legal_actions().len() as u64, 8);
        let estimates = bot.estimates(view, n);
        Some(estimates.into_iter().map(|(a, e)| (a, 100.0 * e)).collect())
    }

    fn deal(view: &Self::View) -> u32 {
        view.deal.saturating_sub(1)
    }

    fn seat(view: &Self::View) -> Seat {
        view.seat().expect("a seat's view")
    }
}

impl Analysed for Buffalo {
    const MEASURE: Measure = Measure::TeamMargin;
    type Estimator = (ChaCha8Rng, u64);

    fn estimator(budget: u64, seed: u64) -> (ChaCha8Rng, u64) {
        (ChaCha8Rng::seed_from_u64(seed), budget)
    }

    /// The cards a member plays; the windows' special cards are left out.
    fn estimate(
        (rng, budget): &mut (ChaCha8Rng, u64),
        view: &Self::View,
        chosen: &Self::Action,
    ) -> Option<Vec<(Self::Action, f64)>> {
        if !matches!(chosen, BuffaloAction::Play { .. }) {
            return None;
        }
        let estimates = buffalo::card_estimates(view, *budget, rng);
        Some(
            estimates
                .into_iter()
                .map(|(card, e)| (BuffaloAction::Play { card }, e))
                .collect(),
        )
    }

    fn deal(_view: &Self::View) -> u32 {
        0
    }

    fn seat(view: &Self::View) -> Seat {
        view.seat().expect("a seat's view")
    }
}

impl Analysed for Board {
    const MEASURE: Measure = Measure::Standing;
    type Estimator = (board::MctsBot, u64);

    fn estimator(budget: u64, seed: u64) -> (board::MctsBot, u64) {
        (board::MctsBot::new(seed), budget)
    }

    fn estimate(
        (bot, budget): &mut (board::MctsBot, u64),
        view: &Self::View,
        chosen: &Self::Action,
    ) -> Option<Vec<(Self::Action, f64)>> {
        let choices = view.legal_actions().len().min(board::mcts::MAX_PAIRS + 1);
        Some(bot.estimates(view, chosen, worlds_for(*budget, choices as u64, 4)))
    }

    fn deal(_view: &Self::View) -> u32 {
        0
    }

    fn seat(view: &Self::View) -> Seat {
        view.seat().expect("a seat's view")
    }
}
