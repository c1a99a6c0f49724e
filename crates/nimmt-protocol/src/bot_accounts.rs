//! Bot accounts on the wire: what a bot account declares it plays (`bot_ready`), the lobby's list
//! of online bots (`bots`), and the notice that seats a bot at a table (`bot_seated`).
//!
//! A bot account is an account marked as a bot (once, irreversibly). A program plays for it over
//! the ordinary WebSocket: `hello` with one of the account's API tokens (`t.` and 64 hex digits,
//! made on the account page), then `bot_ready` with a [`BotDeclaration`]. From then on it is
//! online in the lobby's bot list; hosts seat it (`/bot add @NAME`), players challenge it, and,
//! when it opts in, the ladder pairs it with other bots. Each table it is seated at is announced
//! with `bot_seated`; the bot joins it (`join` as player) and plays it like any player.

use crate::{PlayerId, SeatRating};
use nimmt_core::GameKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Every API token starts so (a session's starts with `s.`, a guest's with neither).
pub const API_TOKEN_PREFIX: &str = "t.";

/// Most tables a bot account may declare it plays at once.
pub const MOST_BOT_GAMES: u32 = 100;

/// What a bot account plays: sent with `bot_ready` (again to change it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BotDeclaration {
    /// The games it plays, each with the table sizes and options it takes. Empty: it plays
    /// nothing for now (it stays connected, listed as not taking games).
    pub games: Vec<BotGame>,
    /// Whether it plays rated games.
    #[serde(default = "yes")]
    pub rated: bool,
    /// Whether it plays casual (unrated) games.
    #[serde(default = "yes")]
    pub casual: bool,
    /// Most tables (open or running) it sits at at once, 1 to [`MOST_BOT_GAMES`]. A table
    /// beyond it is declined.
    #[serde(default = "one")]
    pub most_games: u32,
    /// Whether the ladder may pair it with other bots (rated bot-only games of every game it
    /// declared).
    #[serde(default)]
    pub ladder: bool,
}

fn yes() -> bool {
    true
}

fn one() -> u32 {
    1
}

/// One game a bot plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BotGame {
    pub game: GameKind,
    /// The table sizes (players, bots included) it plays; empty: every size the game has.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<usize>,
    /// Per game or table option, the values it accepts, as the option map writes them (e.g.
    /// `{"deck": ["full"], "pace": ["realtime"]}`); an option not named may take any value.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, Vec<String>>,
}

/// An online bot account as the lobby's bot list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OnlineBot {
    pub player: PlayerId,
    pub name: String,
    /// What it declared.
    pub declaration: BotDeclaration,
    /// Its rating in each game it declared, once it played a rated game of it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(test, ts(type = "Record<string, SeatRating>"))]
    pub ratings: BTreeMap<GameKind, SeatRating>,
    /// Tables it sits at now (at most `declaration.most_games`).
    pub playing: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_short_declaration_reads_with_its_defaults() {
        let d: BotDeclaration = serde_json::from_value(json!({
            "games": [{"game": "classic"}]
        }))
        .unwrap();
        assert!(d.rated && d.casual && !d.ladder);
        assert_eq!(d.most_games, 1);
        assert!(d.games[0].players.is_empty() && d.games[0].options.is_empty());
        let wrong = json!({"games": [], "most_gmes": 3});
        assert!(serde_json::from_value::<BotDeclaration>(wrong).is_err());
    }
}
