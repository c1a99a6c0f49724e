//! # nimmt-bots
//!
//! Bots see exactly one seat's view, never the full state. A bot is asked only when its view
//! says the seat must decide (`view.asked`), and answers with an action of that game.
//!
//! - [`classic`]: `random`, `greedy` and `mcts` (flat Monte-Carlo search over sampled worlds) for
//!   classic 6 nimmt!, with every option and fan card;
//! - [`buffalo`]: team members for *Schlagt den Büffel*, with the team's special-card policy;
//! - [`search`]: the flat Monte-Carlo search with sequential halving every game's `mcts` runs;
//! - [`levels`]: the levels a player chooses by name (*Beginner* … *Master*), each a spec;
//! - [`spec`]: bot specs as users write them (`random`, `greedy`, `mcts:ms=N`, `cmd:COMMAND`);
//! - [`registry`]: every game's bots by name, and the one place a spec becomes a bot;
//! - [`outside_bot`]: bots in another process, spoken to in line-based JSON
//!   (`docs/bot-protocol.md`): the engine's side and the bot's side;
//! - [`analysis`]: every decision of a finished game searched again, its loss and its mark;
//! - [`arena`]: many seeded deals between bots, with statistics;
//! - [`endings`]: how a game's deals end, told to the bots that want to hear it.

pub mod analysis;
pub mod arena;
pub mod arena_records;
pub mod board;
pub mod buffalo;
pub mod build_error;
pub mod classic;
pub mod endings;
pub mod game_bots;
pub mod help;
pub mod levels;
pub mod outside_bot;
pub mod random;
pub mod registry;
pub mod search;
pub mod spec;

use endings::DealEnd;
use nimmt_core::{Outcome, Rules};
use std::time::Duration;

/// A player that decides from its seat's view alone.
pub trait Bot<R: Rules>: Send {
    /// The action for the decision the view asks. Must be legal for that view.
    fn decide(&mut self, view: &R::View) -> R::Action;

    /// A short name, e.g. `greedy` or `mcts:ms=100`.
    fn name(&self) -> String;

    /// Starts afresh from `seed` (e.g. at a new deal of an arena): from here on the bot's
    /// choices depend only on this seed and the views it is shown. Bots without randomness
    /// ignore it.
    fn reseed(&mut self, _seed: u64) {}

    /// Whether the bot wants to hear how each deal and the game ended ([`Bot::deal_ended`],
    /// [`Bot::game_ended`]); finding out costs the caller a little, so most bots say no.
    fn hears_endings(&self) -> bool {
        false
    }

    /// A deal is over: `view` is the seat's view right after the deal's last action.
    fn deal_ended(&mut self, _view: &R::View, _end: &DealEnd) {}

    /// The game is over.
    fn game_ended(&mut self, _outcome: &Outcome) {}

    /// Time of the decisions since the last call that went to the caller's side of the bot
    /// rather than its thinking (an outside bot: encoding the view, decoding the answer);
    /// reset by the call.
    fn take_overhead(&mut self) -> Duration {
        Duration::ZERO
    }
}
