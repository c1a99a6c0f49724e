//! Bots for HELP!: [`RandomBot`], [`GreedyBot`] and [`MctsBot`], each deciding from its seat's
//! view alone.

mod greedy;
mod mcts;

pub use crate::random::RandomBot;
pub use greedy::{greedy_action, GreedyBot};
pub use mcts::{sample_world, Budget, GameValues, MctsBot};

use crate::Bot;
use nimmt_core::games::help::Help;
use nimmt_core::{Rules, Viewer};

/// Plays one whole game with one bot per seat; returns the final points per seat and the
/// winners.
pub fn play_game(bots: &mut [Box<dyn Bot<Help>>], seed: u64) -> nimmt_core::Outcome {
    let mut game = Help::new(bots.len(), Default::default(), seed);
    loop {
        if let Some(outcome) = game.outcome() {
            return outcome;
        }
        let (seat, _) = game.pending()[0];
        let view = game.view(Viewer::Seat(seat));
        let action = bots[seat.index()].decide(&view);
        if let Err(e) = game.act(seat, &action) {
            panic!(
                "{} at {seat} chose {action:?}: {e}",
                bots[seat.index()].name()
            );
        }
    }
}

/// A bot by name: `random`, `greedy`, `mcts`, or `mcts:` with comma-separated settings
/// `iters=N` (playouts per decision, default 3000) or `ms=N` (time per decision),
/// `horizon=deal|game` (play out to the end of the deal, default, or the game) and
/// `noise=P` (share of random moves in playouts, default 0).
pub fn by_name(name: &str, seed: u64) -> Option<Box<dyn Bot<Help>>> {
    let (kind, params) = name.split_once(':').unwrap_or((name, ""));
    Some(match kind {
        "random" => Box::new(RandomBot::new(seed)),
        "greedy" => Box::new(GreedyBot),
        "mcts" => {
            let mut bot = MctsBot::new(seed);
            for p in params.split(',').filter(|p| !p.is_empty()) {
                let (k, v) = p.split_once('=')?;
                match k {
                    "iters" => bot.budget = Budget::Iters(v.parse().ok().filter(|&n| n >= 1)?),
                    "ms" => bot.budget = Budget::Millis(v.parse().ok().filter(|&n| n >= 1)?),
                    "horizon" => {
                        bot.to_game_end = match v {
                            "deal" => false,
                            "game" => true,
                            _ => return None,
                        }
                    }
                    "noise" => {
                        bot.playout_noise = v.parse().ok().filter(|x| (0.0..=1.0).contains(x))?
                    }
                    _ => return None,
                }
            }
            Box::new(bot)
        }
        _ => return None,
    })
}

/// The HELP! bot for a command-line spec (`random`, `greedy`, `mcts`, `mcts:ms=N`,
/// `mcts:iters=N`; the classic search's `playout` and `utility` settings do not apply). `None`
/// for an outside bot (`cmd:`), which speaks only classic so far.
pub fn from_spec(spec: &crate::spec::BotSpec, seed: u64) -> Option<Box<dyn Bot<Help>>> {
    use crate::classic::Budget as ClassicBudget;
    use crate::spec::BotSpec;
    Some(match spec {
        BotSpec::Random => Box::new(RandomBot::new(seed)),
        BotSpec::Greedy => Box::new(GreedyBot),
        BotSpec::Mcts(config) => {
            let mut bot = MctsBot::new(seed);
            bot.budget = match config.budget {
                ClassicBudget::Millis(ms) => Budget::Millis(ms),
                ClassicBudget::Iters(n) => Budget::Iters(n),
            };
            Box::new(bot)
        }
        // An outside bot is a process: the arena starts it (`OutsideBot::spawn_help`).
        BotSpec::Cmd(_) => return None,
    })
}

/// The share of the win each seat takes: 1 ÷ the number of winners for each winner.
pub fn win_shares(outcome: &nimmt_core::Outcome, players: usize) -> Vec<f64> {
    let mut shares = vec![0.0; players];
    for w in &outcome.winners {
        shares[w.index()] = 1.0 / outcome.winners.len() as f64;
    }
    shares
}

/// How `candidate` fares against `field`: `games` games of `players` seats, the candidate in one
/// seat (rotating), the field in the others. Returns the candidate's average win share (a seat
/// with no edge gets 1 ÷ players).
pub fn arena(candidate: &str, field: &str, players: usize, games: usize, seed: u64) -> f64 {
    let mut total = 0.0;
    for g in 0..games {
        let at = g % players;
        let mut bots: Vec<Box<dyn Bot<Help>>> = (0..players)
            .map(|s| {
                let name = if s == at { candidate } else { field };
                by_name(name, seed.wrapping_add((g * players + s) as u64)).expect("a known bot")
            })
            .collect();
        let outcome = play_game(&mut bots, seed.wrapping_add(g as u64 * 7919));
        total += win_shares(&outcome, players)[at];
    }
    total / games as f64
}

#[cfg(test)]
mod tests;
