//! Bots at the server's tables: bot seats, the stand-in for an absent player and the move made
//! when a decision timer runs out. Every bot sees only its seat's view, and thinks on a
//! blocking thread so the table's actor (and every other table) stays responsive.

use nimmt_bots::classic::{Budget, MctsConfig};
use nimmt_bots::spec::BotSpec;
use nimmt_bots::Bot;
use nimmt_core::games::classic::Classic;
use nimmt_core::games::help::Help;
use nimmt_core::{Game, GameKind, Rules, Seat, Viewer};
use serde_json::Value;
use std::time::Duration;

/// The levels `/bot add` offers; the first is the default.
pub const LEVELS: &[&str] = &["greedy", "random", "mcts", "mcts:ms=N"];

/// The level that moves when a timer runs out or a player is away.
pub const STAND_IN: &str = "greedy";

/// Longest thinking time a table may give a bot.
pub const MAX_MCTS_MS: u64 = 2000;

/// A bot's level as the server accepts it: a bot spec of `nimmt-bots` without outside
/// programs (the server never starts one) and with bounded thinking time.
pub fn check_level(kind: GameKind, level: &str) -> Option<String> {
    let spec: BotSpec = level.parse().ok()?;
    match (&spec, kind) {
        (BotSpec::Cmd(_), _) => None,
        (BotSpec::Mcts(MctsConfig { budget, .. }), _) => match budget {
            Budget::Millis(ms) if *ms <= MAX_MCTS_MS => Some(spec.to_string()),
            Budget::Iters(n) if *n <= 200_000 => Some(spec.to_string()),
            _ => None,
        },
        _ => Some(spec.to_string()),
    }
}

/// A bot sitting at a seat.
pub enum SeatBot {
    Classic(Box<dyn Bot<Classic>>),
    Help(Box<dyn Bot<Help>>),
    /// When no bot could be made: the first legal action of the seat's view.
    FirstLegal,
}

/// A bot of `level` (checked with [`check_level`]) for a game of `kind`.
pub fn make(kind: GameKind, level: &str, seed: u64) -> SeatBot {
    match kind {
        GameKind::Classic => {
            let spec: BotSpec = check_level(kind, level)
                .and_then(|l| l.parse().ok())
                .unwrap_or(BotSpec::Greedy);
            match spec.build(seed, Duration::from_secs(1)) {
                Ok(b) => SeatBot::Classic(b),
                Err(_) => SeatBot::FirstLegal,
            }
        }
        GameKind::Help => {
            let spec: BotSpec = check_level(kind, level)
                .and_then(|l| l.parse().ok())
                .unwrap_or(BotSpec::Greedy);
            match nimmt_bots::help::from_spec(&spec, seed) {
                Some(b) => SeatBot::Help(b),
                None => SeatBot::FirstLegal,
            }
        }
    }
}

/// The bot's move for `seat` (as the game's action JSON), decided on a blocking thread from
/// the seat's view alone; `None` if the seat is not asked. The bot comes back for next time.
pub async fn decide(bot: SeatBot, game: &Game, seat: Seat) -> (SeatBot, Option<Value>) {
    let viewer = Viewer::Seat(seat);
    match (bot, game) {
        (SeatBot::Classic(mut b), Game::Classic(g)) => {
            let view = g.view(viewer);
            if view.asked.is_none() {
                return (SeatBot::Classic(b), None);
            }
            let joined = tokio::task::spawn_blocking(move || {
                let action = b.decide(&view);
                (b, action)
            })
            .await;
            match joined {
                Ok((b, action)) => (SeatBot::Classic(b), serde_json::to_value(action).ok()),
                Err(_) => (SeatBot::FirstLegal, first_legal(game, seat)),
            }
        }
        (SeatBot::Help(mut b), Game::Help(g)) => {
            let view = g.view(viewer);
            if view.asked.is_none() {
                return (SeatBot::Help(b), None);
            }
            let joined = tokio::task::spawn_blocking(move || {
                let action = b.decide(&view);
                (b, action)
            })
            .await;
            match joined {
                Ok((b, action)) => (SeatBot::Help(b), serde_json::to_value(action).ok()),
                Err(_) => (SeatBot::FirstLegal, first_legal(game, seat)),
            }
        }
        (bot, _) => (bot, first_legal(game, seat)),
    }
}

fn first_legal(game: &Game, seat: Seat) -> Option<Value> {
    let viewer = Viewer::Seat(seat);
    match game {
        Game::Classic(g) => {
            let view = g.view(viewer);
            view.legal_actions()
                .first()
                .and_then(|a| serde_json::to_value(a).ok())
        }
        Game::Help(g) => {
            let view = g.view(viewer);
            view.legal_actions()
                .first()
                .and_then(|a| serde_json::to_value(a).ok())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_bot_specs_without_outside_programs() {
        assert_eq!(
            check_level(GameKind::Classic, "greedy").as_deref(),
            Some("greedy")
        );
        assert_eq!(
            check_level(GameKind::Classic, "MCTS:ms=50").as_deref(),
            Some("mcts:ms=50")
        );
        assert_eq!(
            check_level(GameKind::Classic, "random").as_deref(),
            Some("random")
        );
        assert_eq!(check_level(GameKind::Classic, "cmd:rm -rf /"), None);
        assert_eq!(check_level(GameKind::Classic, "mcts:ms=999999"), None);
        assert_eq!(check_level(GameKind::Classic, "wizard"), None);
    }
}
