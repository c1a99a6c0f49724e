//! Which finished games move ratings.
//!
//! A game is rated when it is played by the rule book: every option at its standard value
//! (`classic`: the full deck dealt at random, cards placed to the right, the game ending at 66;
//! `help`: ending at 3 points; `board`: the built-in board, in any of the four versions the rule
//! book gives, base or pro, each with or without luck cards), no game data of the room's own, the
//! table not made casual (`rated=no`), at least two seats and at least one person at the
//! table (bots alone do not rate each other). Game data the game writes into every record (the
//! Brettspiel's built-in board) is the standard; data of the room's own is not. Any custom
//! setting (`hand_size`, `deals`, `end_at`, `deck=tactic`, a fan card, a custom board, …) makes
//! the game casual: its result is kept and counted in the player's games, but no rating moves.
//!
//! A game whose seats play as one team (the buffalo) is never rated: see `docs/ratings.md`.

use super::identity;
use nimmt_core::{registry, GameData, OptionMap};

/// Options that choose among the rule book's own versions of a game: any of their values is
/// standard.
const RULE_BOOK_VERSIONS: &[(&str, &str)] = &[("board", "version")];

/// Whether `options` and `data` are the rule book's standard for `game` at a table of `players`
/// (an option left out takes its standard value; one without a standard value must be left
/// out).
///
/// The game itself reads the options with the data (as it does when a game starts) and says
/// which of its options they come to: game data the game writes into every record (the
/// Brettspiel's built-in board) reads as the standard option (`board=default`), data of the
/// room's own as another (`board=custom`), and data a game does not take is refused. So no game
/// is named here, and a record's own copy of the built-in board does not make a game casual.
pub fn standard(game: &str, players: usize, options: &OptionMap, data: &GameData) -> bool {
    let Ok(rules) = registry::find(game) else {
        return false;
    };
    let descriptor = rules.descriptor();
    if descriptor.team {
        return false;
    }
    let Ok(read) = rules.check_options(players, options, data) else {
        return false;
    };
    read.0.iter().all(|(key, value)| {
        if RULE_BOOK_VERSIONS.contains(&(game, key.as_str())) {
            return true;
        }
        descriptor
            .options
            .iter()
            .find(|spec| &spec.key == key)
            .is_some_and(|spec| spec.default.as_deref() == Some(value.as_str()))
    })
}

/// Whether a finished game is rated: see the module's documentation.
pub fn rated(
    game: &str,
    options: &OptionMap,
    data: &GameData,
    table_rated: bool,
    identities: &[String],
) -> bool {
    table_rated
        && super::is_rated_game(game)
        && identities.len() >= 2
        && identities.iter().any(|i| identity::is_person(i))
        && standard(game, identities.len(), options, data)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(pairs: &[(&str, &str)]) -> OptionMap {
        OptionMap(
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        )
    }

    fn table() -> Vec<String> {
        vec!["a1b2".to_owned(), identity::bot("strong")]
    }

    #[test]
    fn the_rule_books_game_is_rated_and_custom_settings_are_casual() {
        let none = GameData::new();
        assert!(rated("classic", &options(&[]), &none, true, &table()));
        assert!(rated(
            "classic",
            &options(&[("end_at", "66"), ("hand_size", "10")]),
            &none,
            true,
            &table()
        ));
        assert!(!rated(
            "classic",
            &options(&[("hand_size", "8")]),
            &none,
            true,
            &table()
        ));
        assert!(!rated(
            "classic",
            &options(&[("deals", "3")]),
            &none,
            true,
            &table()
        ));
        assert!(!rated(
            "help",
            &options(&[("end_at", "5")]),
            &none,
            true,
            &table()
        ));
        assert!(rated(
            "board",
            &options(&[("version", "pro-luck")]),
            &none,
            true,
            &table()
        ));
        assert!(!rated(
            "board",
            &options(&[("board", "custom")]),
            &none,
            true,
            &table()
        ));
    }

    /// The game data a Brettspiel record carries: the board it was played on, as the game
    /// writes it out (the built-in one, or `board` read from the given document).
    fn board_record(version: &str, data: &GameData) -> (OptionMap, GameData) {
        let setup = nimmt_core::Setup {
            game: "board".parse().unwrap(),
            players: 3,
            options: options(&[("version", version)]),
            data: data.clone(),
            seed: 1,
        };
        let game = nimmt_core::Game::new(&setup).unwrap();
        (game.options_map(), game.options_data())
    }

    #[test]
    fn a_brettspiel_record_of_the_built_in_board_is_rated_in_all_four_versions() {
        for version in ["base", "base-luck", "pro", "pro-luck"] {
            let (options, data) = board_record(version, &GameData::new());
            assert!(!data.is_empty(), "the record carries its board");
            assert!(
                rated("board", &options, &data, true, &table()),
                "{version}: {options:?}"
            );
        }
        // A board of the room's own (the built-in one with a tile's bull heads changed) is
        // casual, whether its record says `board=custom` or not.
        let (_, mut custom) = board_record("pro", &GameData::new());
        custom.get_mut("board").unwrap()["tiles"]["bulls"][0] = serde_json::json!(2);
        let (custom_options, custom_data) = board_record("pro", &custom);
        assert_eq!(
            custom_options.0.get("board").map(String::as_str),
            Some("custom")
        );
        assert!(!rated(
            "board",
            &custom_options,
            &custom_data,
            true,
            &table()
        ));
        let claimed = options(&[("version", "pro"), ("board", "default")]);
        assert!(!rated("board", &claimed, &custom_data, true, &table()));
        // Game data given to a game that takes none does not read, so the game is casual.
        assert!(!rated(
            "classic",
            &options(&[]),
            &custom_data,
            true,
            &table()
        ));
    }

    #[test]
    fn a_casual_table_bots_alone_and_the_buffalo_are_not_rated() {
        let none = GameData::new();
        assert!(!rated("classic", &options(&[]), &none, false, &table()));
        let bots = vec![identity::bot("strong"), identity::bot("casual")];
        assert!(!rated("classic", &options(&[]), &none, true, &bots));
        assert!(!rated("buffalo", &options(&[]), &none, true, &table()));
    }
}
