//! Bots at the room's tables: bot seats, and the move made for a human seat whose timer ran
//! out or whose player is away (the game's default action, a plain rule-book move). Every bot
//! sees only its seat's view; the table hands its thinking to the shell as a job (see
//! `table::job`), so the table (and every other table) stays responsive. Bots come from the bot
//! registry, for any game.

use nimmt_bots::levels::{self, Level};
use nimmt_bots::registry::{self, BotContext, JsonBot};
use nimmt_bots::spec::BotSpec;
use nimmt_core::GameKind;
use serde_json::Value;
use std::time::Duration;

/// The levels `/bot add` offers by name (`nimmt_bots::levels`); the first is the default. A bot
/// spec (`greedy`, `mcts:ms=N`) is still taken too.
pub const LEVELS: &[&str] = &["beginner", "casual", "strong", "master"];

/// The level of the bot that takes the seat of a player who left a running game.
pub const STAND_IN: &str = "greedy";

/// Longest thinking time a table may give a bot.
pub const MAX_MCTS_MS: u64 = 2000;
/// Most playouts a table may give a bot.
pub const MAX_ITERS: u64 = 200_000;

/// A bot's level as the server accepts it and the seat shows and stores it: a level's name
/// (`strong`, also in German: `stark`), or a bot spec of the game's bots without outside
/// programs (the server never starts one) and with bounded thinking time.
pub fn check_level(kind: GameKind, level: &str) -> Option<String> {
    if let Some(named) = Level::named(level) {
        named.spec(kind)?;
        return Some(named.name().to_owned());
    }
    let spec: BotSpec = level.parse().ok()?;
    let BotSpec::Builtin(builtin) = &spec else {
        return None;
    };
    let bounded = |key: &str, max: u64| {
        builtin
            .get(key)
            .is_none_or(|v| v.parse::<u64>().is_ok_and(|n| n <= max))
    };
    if !bounded("ms", MAX_MCTS_MS) || !bounded("iters", MAX_ITERS) {
        return None;
    }
    registry::family(kind).ok()?.check(&spec).ok()?;
    Some(spec.to_string())
}

/// A bot sitting at a seat; `None` when none could be made (the seat then makes the game's
/// default action).
pub struct SeatBot(Option<Box<dyn JsonBot>>);

/// A bot of `level` (checked with [`check_level`]) for a game of `kind`, at a table with people
/// at it or not (`ctx`).
pub fn make(kind: GameKind, level: &str, seed: u64, ctx: &BotContext) -> SeatBot {
    let bot = check_level(kind, level)
        .and_then(|l| levels::resolve(kind, &l).parse::<BotSpec>().ok())
        .and_then(|spec| {
            registry::family(kind)
                .ok()?
                .json_bot_with(&spec, seed, Duration::from_secs(1), ctx)
                .ok()
        });
    SeatBot(bot)
}

impl SeatBot {
    /// No bot: the seat plays the game's default action.
    pub fn none() -> SeatBot {
        SeatBot(None)
    }

    /// The bot's move (the game's action JSON) from the seat's `view` alone; `None` when the
    /// seat has no bot or the bot found none (the seat then plays the game's default action).
    /// Runs as long as the bot thinks: the shell calls it on a blocking thread.
    pub fn decide(&mut self, view: &Value) -> Option<Value> {
        self.0.as_mut()?.decide(view).ok()
    }
}

impl std::fmt::Debug for SeatBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "SeatBot"
        } else {
            "SeatBot(none)"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimmt_core::games::classic::Classic;
    use nimmt_core::games::help::Help;
    use nimmt_core::Rules;

    #[test]
    fn levels_are_bot_specs_without_outside_programs() {
        let classic = Classic::KIND;
        assert_eq!(check_level(classic, "greedy").as_deref(), Some("greedy"));
        assert_eq!(
            check_level(classic, "MCTS:ms=50").as_deref(),
            Some("mcts:ms=50")
        );
        assert_eq!(check_level(classic, "random").as_deref(), Some("random"));
        assert_eq!(check_level(classic, "cmd:rm -rf /"), None);
        assert_eq!(check_level(classic, "mcts:ms=999999"), None);
        assert_eq!(check_level(classic, "mcts:iters=999999"), None);
        assert_eq!(check_level(classic, "wizard"), None);
        // Each game's own settings: HELP!'s search has a horizon, classic's does not.
        assert_eq!(
            check_level(Help::KIND, "mcts:horizon=game").as_deref(),
            Some("mcts:horizon=game")
        );
        assert_eq!(check_level(classic, "mcts:horizon=game"), None);
    }

    #[test]
    fn levels_are_taken_by_name_and_stored_by_name() {
        for kind in [Classic::KIND, Help::KIND] {
            assert_eq!(check_level(kind, "Strong").as_deref(), Some("strong"));
            assert_eq!(check_level(kind, "Meister").as_deref(), Some("master"));
            for level in LEVELS {
                assert_eq!(check_level(kind, level).as_deref(), Some(*level));
            }
        }
    }
}
