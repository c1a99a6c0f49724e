//! What a bot account takes at a table: the terms it declared for the table's game (sizes,
//! options, rated or casual), kept with the table's settings, and the check of an online bot
//! against a table offered to it (by a host's `/bot add @NAME`, a challenge, the ladder).

use crate::bot_accounts::{takes, Offer};
use crate::conn::Conn;
use crate::refusal::Refusal;
use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{BotDeclaration, BotGame, ErrorCode, OnlineBot, PlayerId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What a bot account seated at a table declared it takes there: the game with its sizes and
/// options, rated or casual games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotTerms {
    pub accepts: BotGame,
    pub rated: bool,
    pub casual: bool,
}

impl BotTerms {
    /// The terms of `game`, one of the games of `declaration`.
    pub fn of(game: &BotGame, declaration: &BotDeclaration) -> BotTerms {
        BotTerms {
            accepts: game.clone(),
            rated: declaration.rated,
            casual: declaration.casual,
        }
    }

    /// The terms as a declaration of one game (`any_size`: whatever the table's size).
    pub fn declaration(&self, any_size: bool) -> BotDeclaration {
        let mut accepts = self.accepts.clone();
        if any_size {
            accepts.players.clear();
        }
        BotDeclaration {
            games: vec![accepts],
            rated: self.rated,
            casual: self.casual,
            most_games: 1,
            ladder: false,
        }
    }
}

/// The table a bot account is asked to take, as the shell checks it against the bot's
/// declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct BotOffer {
    pub game: GameKind,
    /// Seats of the table (its most seats while it is open).
    pub seats: usize,
    pub options: OptionMap,
    /// Table options as the table writes them.
    pub table_options: BTreeMap<String, String>,
    pub rated: bool,
}

impl BotOffer {
    /// A table of `game` with `seats` seats, its game options and its table options as the
    /// table writes them (`TableOptions::to_map`), rated or not.
    pub fn new(
        game: GameKind,
        seats: usize,
        options: &OptionMap,
        table_options: BTreeMap<String, String>,
        rated: bool,
    ) -> BotOffer {
        BotOffer {
            game,
            seats,
            options: options.clone(),
            table_options,
            rated,
        }
    }

    pub fn offer(&self) -> Offer<'_> {
        Offer {
            game: self.game,
            seats: self.seats,
            options: &self.options,
            table_options: &self.table_options,
            rated: self.rated,
        }
    }
}

/// A player's `/bot add @NAME` (`by`, request `req`): the bot account asked for and the table
/// offered to it.
#[derive(Clone, Debug)]
pub struct BotSeek {
    pub by: Conn,
    pub req: Option<u64>,
    pub name: String,
    pub offer: BotOffer,
}

/// A bot account found for a table, with what it takes there.
#[derive(Clone, Debug, PartialEq)]
pub struct FoundBot {
    pub player: PlayerId,
    pub name: String,
    pub terms: BotTerms,
}

/// Whether the bot account asked for as `asked` takes the table `offer`: `bot` is the online bot
/// of that name (`None`: not online). The bot and its terms, or why not (`bot_unavailable`,
/// keyed by the reason: `bot_declines_*`, `bot_busy` when it plays as many games as it takes).
pub fn choose_bot(
    asked: &str,
    bot: Option<&OnlineBot>,
    offer: &BotOffer,
) -> Result<FoundBot, Refusal> {
    let Some(bot) = bot else {
        return Err(Refusal::new(ErrorCode::BotUnavailable).with("name", asked));
    };
    let game = takes(&bot.name, &bot.declaration, &offer.offer())?;
    if bot.playing >= bot.declaration.most_games {
        return Err(Refusal::new(ErrorCode::BotUnavailable)
            .keyed("bot_busy")
            .with("name", &bot.name)
            .with("most", bot.declaration.most_games));
    }
    Ok(FoundBot {
        player: bot.player.clone(),
        name: bot.name.clone(),
        terms: BotTerms::of(game, &bot.declaration),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn online(playing: u32) -> OnlineBot {
        serde_json::from_value(json!({
            "player": "p-robo", "name": "Robo", "playing": playing,
            "declaration": {"games": [{"game": "classic", "players": [2, 3, 4]}],
                            "most_games": 2}
        }))
        .unwrap()
    }

    fn offer(seats: usize) -> BotOffer {
        BotOffer::new(
            GameKind::new("classic"),
            seats,
            &OptionMap::default(),
            BTreeMap::from([("rated".to_owned(), "yes".to_owned())]),
            true,
        )
    }

    #[test]
    fn a_bot_is_chosen_only_online_with_room_for_the_table() {
        let r = choose_bot("robo", None, &offer(4)).unwrap_err();
        assert_eq!(
            (r.code, r.key),
            (ErrorCode::BotUnavailable, "bot_unavailable")
        );
        let found = choose_bot("robo", Some(&online(1)), &offer(4)).unwrap();
        assert_eq!(found.name, "Robo");
        assert_eq!(found.terms.accepts.players, vec![2, 3, 4]);
        assert_eq!(
            choose_bot("Robo", Some(&online(2)), &offer(4))
                .unwrap_err()
                .key,
            "bot_busy"
        );
        assert_eq!(
            choose_bot("Robo", Some(&online(0)), &offer(5))
                .unwrap_err()
                .key,
            "bot_declines_size"
        );
    }
}
