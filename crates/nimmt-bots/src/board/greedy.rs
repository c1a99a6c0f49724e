//! `greedy`: one step ahead. It chooses the tiles worth most where they would land on the board
//! as it lies ([`tile_value`](super::policy::tile_value)); before laying, for a free row and a
//! luck card it tries each legal action in a world sampled from its view, plays the round to its
//! end as an absent player would, and keeps the action that leaves it most points (a luck card
//! kept counts 3, an action card kept 1, so it plays a card only for more than that).

use super::policy::{best_tiles, play_out};
use crate::Bot;
use nimmt_core::games::board::{sample_world, Action, Board, Decision, View};
use nimmt_core::{Rules, Seat, Viewer};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// What a luck card kept is worth to the greedy bot, in points.
const LUCK_KEPT: f64 = 3.0;
/// What an action card kept is worth (one point at the end of a pro game).
const ACTION_KEPT: f64 = 1.0;

/// Plays by [`greedy_action`].
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyBot;

impl Bot<Board> for GreedyBot {
    fn decide(&mut self, view: &View) -> Action {
        greedy_action(view)
    }

    fn name(&self) -> String {
        "greedy".into()
    }
}

/// Points, cards kept included, of `me` in `world`.
fn worth(world: &Board, me: Seat) -> f64 {
    f64::from(world.scores()[me.index()])
        + LUCK_KEPT * world.luck_hand(me).len() as f64
        + ACTION_KEPT * world.action_hand(me).len() as f64
}

/// The greedy bot's action for what `view` asks.
pub fn greedy_action(view: &View) -> Action {
    let legal = view.legal_actions();
    assert!(!legal.is_empty(), "greedy asked without a decision");
    if legal.len() == 1 {
        return legal[0].clone();
    }
    if let Some(Decision::Choose { count }) = view.asked {
        return best_tiles(&view.rows, &view.side, &view.bulls, &view.hand, count);
    }
    let me = view.seat().expect("a seat's view");
    // The same world (seeded by the position) for every action: the bot is deterministic.
    let seed = u64::from(view.round) * 7919 + view.hand.iter().map(|&t| u64::from(t)).sum::<u64>();
    let world = sample_world(view, seed);
    debug_assert_eq!(world.view(Viewer::Seat(me)), *view);
    let mut best: Option<(f64, &Action)> = None;
    for a in &legal {
        let mut w = world.clone();
        let before = worth(&w, me);
        w.act_quiet(me, a)
            .expect("legal in the view, legal in the world");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_out(&mut w, view.round + 1, 0.0, &mut rng);
        let gain = worth(&w, me) - before;
        if best.is_none_or(|(b, _)| gain > b + 1e-9) {
            best = Some((gain, a));
        }
    }
    best.expect("a legal action").1.clone()
}
