//! Work a table hands off its thread: a bot's move, a hint. A job is pure computation from a
//! seat's view; the shell runs it on a blocking thread (the simulator at once) and hands the
//! answer back as [`Input::Thought`](super::Input::Thought) before any other input.

use crate::bots::SeatBot;
use crate::conn::Conn;
use nimmt_bots::analysis::{self, Choice};
use nimmt_core::GameKind;
use serde_json::Value;

/// Work off the table's thread.
#[derive(Debug)]
pub enum Job {
    /// The bot of `seat` decides from the seat's view; the bot comes back with its move.
    Move {
        seat: usize,
        bot: SeatBot,
        view: Value,
        /// What the seat plays if the bot has no answer (the game's default action).
        fallback: Option<Value>,
        game: GameKind,
    },
    /// A hint for `conn`'s seat: the search's estimate of each choice.
    Hint {
        conn: Conn,
        req: Option<u64>,
        game: GameKind,
        view: Value,
        budget: u64,
        seed: u64,
    },
}

/// The answer to a [`Job`].
#[derive(Debug)]
pub enum Thought {
    Move {
        seat: usize,
        bot: SeatBot,
        action: Option<Value>,
    },
    Hint {
        conn: Conn,
        req: Option<u64>,
        /// The choices, best first, with their estimates; `None` if there was nothing to hint.
        choices: Option<Vec<Choice>>,
    },
}

impl Job {
    /// The game the job thinks about.
    pub fn game(&self) -> GameKind {
        match self {
            Job::Move { game, .. } | Job::Hint { game, .. } => *game,
        }
    }

    /// Whether this is a bot's move (not a hint).
    pub fn is_move(&self) -> bool {
        matches!(self, Job::Move { .. })
    }

    /// The answer if the work cannot be done (its thread died): the seat plays the game's
    /// default without its bot; the hint is not found.
    pub fn given_up(&self) -> Thought {
        match self {
            Job::Move { seat, fallback, .. } => Thought::Move {
                seat: *seat,
                bot: SeatBot::none(),
                action: fallback.clone(),
            },
            Job::Hint { conn, req, .. } => Thought::Hint {
                conn: conn.clone(),
                req: *req,
                choices: None,
            },
        }
    }

    /// Does the work.
    pub fn run(self) -> Thought {
        match self {
            Job::Move {
                seat,
                mut bot,
                view,
                fallback,
                ..
            } => {
                let action = bot.decide(&view).or(fallback);
                Thought::Move { seat, bot, action }
            }
            Job::Hint {
                conn,
                req,
                game,
                view,
                budget,
                seed,
            } => Thought::Hint {
                conn,
                req,
                choices: analysis::hint(game, &view, budget, seed).ok().flatten(),
            },
        }
    }
}
