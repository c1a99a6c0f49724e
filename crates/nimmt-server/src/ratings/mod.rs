//! Ratings, results and game history.
//!
//! When a game finishes, the transaction that stores its end also stores one result per seat
//! (`finish`, `results`, read from the table as `stored`) and, for a rated game, moves the Weng-Lin ratings of everyone at the table
//! (`standing`, `weng_lin`): a node that fails over or a server killed mid-write never counts a
//! game twice or loses one. `policy` says which games are rated; `identity` who a seat's result
//! belongs to (a player, or a bot level, which is rated like a player); `places` ranks a game's
//! scores; `rebuild` computes every rating again from the stored results; `shown` is a rating
//! as players see it, with the model's `constants`; `lookup`, `profile`, `games` and `leaderboard` answer the HTTP routes (`http/ratings.rs`);
//! `seed` fills a database with finished games to measure those routes; `sql` numbers the
//! placeholders of list statements.

pub mod constants;
pub mod finish;
pub mod games;
pub mod identity;
pub mod leaderboard;
pub mod lookup;
pub mod places;
pub mod policy;
pub mod profile;
pub mod rebuild;
pub mod results;
pub mod seed;
pub mod shown;
pub mod sql;
pub mod standing;
pub mod stored;
#[cfg(test)]
mod tuning;
pub mod weng_lin;

/// The games rated with Weng-Lin (each with its own rating), in the registry's order: every game
/// whose seats play for themselves. A team game (the buffalo) keeps team records instead.
pub fn rated_games() -> Vec<&'static str> {
    nimmt_core::registry::games()
        .iter()
        .filter(|g| !g.descriptor().team)
        .map(|g| g.kind().name())
        .collect()
}

/// Whether `game` is rated with Weng-Lin (see [`rated_games`]).
pub fn is_rated_game(game: &str) -> bool {
    rated_games().contains(&game)
}
