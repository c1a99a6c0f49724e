//! Bots for HELP!: [`RandomBot`], [`GreedyBot`] and [`MctsBot`], each deciding from its seat's
//! view alone.

mod belief;
mod greedy;
mod mcts;
mod worlds;

pub use crate::random::RandomBot;
pub use belief::Belief;
pub use greedy::{greedy_action, GreedyBot};
pub use mcts::{Budget, GameValues, MctsBot};
pub use worlds::{sample_world, sample_world_with};

use crate::game_bots::{unknown, GameBots};
use crate::spec::{BotSpec, Builtin, SpecError};
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
/// `horizon=deal|game` (play out to the end of the deal, default, or the game),
/// `noise=P` (share of random moves in playouts, default 0) and `infer=yes|no` (weigh the
/// hidden hands by the others' public actions, default no).
pub fn by_name(name: &str, seed: u64) -> Option<Box<dyn Bot<Help>>> {
    match name.parse().ok()? {
        BotSpec::Builtin(spec) => Help::builtin(&spec, seed).ok(),
        BotSpec::Cmd(_) => None,
    }
}

impl GameBots for Help {
    fn bot_names() -> &'static [&'static str] {
        &["greedy", "random", "mcts"]
    }

    fn builtin(spec: &Builtin, seed: u64) -> Result<Box<dyn Bot<Help>>, SpecError> {
        Ok(match spec.name.as_str() {
            "random" => {
                spec.only(&[], "no settings")?;
                Box::new(RandomBot::new(seed))
            }
            "greedy" => {
                spec.only(&[], "no settings")?;
                Box::new(GreedyBot)
            }
            "mcts" => {
                spec.only(
                    &["iters", "ms", "horizon", "noise", "infer"],
                    "iters=N, ms=N, horizon=deal|game, noise=P or infer=yes|no",
                )?;
                let mut bot = MctsBot::new(seed);
                if let Some(n) = spec.number("iters")? {
                    bot.budget = Budget::Iters(n);
                }
                if let Some(ms) = spec.number("ms")? {
                    bot.budget = Budget::Millis(ms);
                }
                if let Some(h) = spec.word("horizon", &["deal", "game"])? {
                    bot.to_game_end = h == "game";
                }
                if let Some(i) = spec.word("infer", &["yes", "no"])? {
                    bot.infer = i == "yes";
                }
                if let Some(p) = spec.get("noise") {
                    bot.playout_noise = p
                        .parse()
                        .ok()
                        .filter(|x| (0.0..=1.0).contains(x))
                        .ok_or_else(|| spec.bad("noise", "a share from 0 to 1"))?;
                }
                Box::new(bot)
            }
            other => return Err(unknown::<Help>(other)),
        })
    }
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
