//! Whether a bot account takes a table, by what it declared (`bot_ready`): the game, the table's
//! size, each option's value, rated or casual. Asked before a host seats it, before a challenge
//! to it is accepted on its behalf, and by the ladder.

use crate::refusal::Refusal;
use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{BotDeclaration, BotGame, ErrorCode};
use std::collections::BTreeMap;

/// The table a bot account is asked to take.
#[derive(Clone, Debug)]
pub struct Offer<'a> {
    pub game: GameKind,
    /// Seats of the table (players, bots included).
    pub seats: usize,
    /// Game options as set (the game's defaults stand for those not set).
    pub options: &'a OptionMap,
    /// Table options as the table writes them (`TableOptions::to_map`).
    pub table_options: &'a BTreeMap<String, String>,
    pub rated: bool,
}

/// What the bot declared for the offer's game, or why it does not take the table (a refusal
/// `bot_unavailable` keyed by the reason, naming the bot).
pub fn takes<'d>(
    name: &str,
    declaration: &'d BotDeclaration,
    offer: &Offer,
) -> Result<&'d BotGame, Refusal> {
    let refuse = |key: &'static str| {
        Refusal::new(ErrorCode::BotUnavailable)
            .keyed(key)
            .with("name", name)
    };
    let Some(game) = declaration.games.iter().find(|g| g.game == offer.game) else {
        return Err(refuse("bot_declines_game").with("game", offer.game.name()));
    };
    if !game.players.is_empty() && !game.players.contains(&offer.seats) {
        return Err(refuse("bot_declines_size").with("players", offer.seats));
    }
    if offer.rated && !declaration.rated {
        return Err(refuse("bot_declines_rated"));
    }
    if !offer.rated && !declaration.casual {
        return Err(refuse("bot_declines_casual"));
    }
    let descriptor = nimmt_core::registry::descriptors()
        .into_iter()
        .find(|d| d.name == offer.game.name());
    for (key, accepted) in &game.options {
        let value = offer
            .options
            .0
            .get(key)
            .or_else(|| offer.table_options.get(key))
            .cloned()
            .or_else(|| {
                let spec = descriptor.as_ref()?.option(key)?;
                spec.default.clone()
            });
        if let Some(value) = value {
            if !accepted.contains(&value) {
                return Err(refuse("bot_declines_option")
                    .with("option", key)
                    .with("value", value));
            }
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn declaration(v: serde_json::Value) -> BotDeclaration {
        serde_json::from_value(v).unwrap()
    }

    fn key(name: &str, d: &BotDeclaration, offer: &Offer) -> Option<&'static str> {
        takes(name, d, offer).err().map(|r| r.key)
    }

    #[test]
    fn a_bot_takes_only_what_it_declared() {
        let classic: GameKind = "classic".parse().unwrap();
        let help: GameKind = "help".parse().unwrap();
        let d = declaration(json!({
            "games": [{"game": "classic", "players": [3, 4], "options": {"deck": ["full"]}}],
            "rated": true, "casual": false
        }));
        let options = OptionMap::default();
        let table = BTreeMap::new();
        let offer = Offer {
            game: classic,
            seats: 4,
            options: &options,
            table_options: &table,
            rated: true,
        };
        // The deck's default is the full deck.
        assert!(takes("Robo", &d, &offer).is_ok());
        let h = Offer {
            game: help,
            ..offer.clone()
        };
        assert_eq!(key("Robo", &d, &h), Some("bot_declines_game"));
        let five = Offer {
            seats: 5,
            ..offer.clone()
        };
        assert_eq!(key("Robo", &d, &five), Some("bot_declines_size"));
        let casual = Offer {
            rated: false,
            ..offer.clone()
        };
        assert_eq!(key("Robo", &d, &casual), Some("bot_declines_casual"));
        let tactic = OptionMap(BTreeMap::from([("deck".to_owned(), "tactic".to_owned())]));
        let r = takes(
            "Robo",
            &d,
            &Offer {
                options: &tactic,
                ..offer
            },
        )
        .unwrap_err();
        assert_eq!(r.key, "bot_declines_option");
        assert_eq!(r.code, ErrorCode::BotUnavailable);
    }

    #[test]
    fn table_options_are_checked_as_the_table_writes_them() {
        let classic: GameKind = "classic".parse().unwrap();
        let d = declaration(json!({
            "games": [{"game": "classic", "options": {"pace": ["realtime"]}}]
        }));
        let options = OptionMap::default();
        let daily = BTreeMap::from([("pace".to_owned(), "1d".to_owned())]);
        let offer = Offer {
            game: classic,
            seats: 10,
            options: &options,
            table_options: &daily,
            rated: false,
        };
        assert_eq!(key("Robo", &d, &offer), Some("bot_declines_option"));
    }
}
