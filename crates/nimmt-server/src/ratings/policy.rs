//! Which finished games move ratings.
//!
//! A game is rated when it is played by the rule book: every option at its standard value
//! (`classic`: the full deck dealt at random, cards placed to the right, the game ending at 66;
//! `help`: ending at 3 points; `board`: the built-in board, in any of the four versions the rule
//! book gives, base or pro, each with or without luck cards), no game data of the room's own,
//! the table not made casual (`rated=no`), at least two seats and at least one person at the
//! table (bots alone do not rate each other). Any custom setting (`hand_size`, `deals`,
//! `end_at`, `deck=tactic`, a fan card, a custom board, …) makes the game casual: its result is
//! kept and counted in the player's games, but no rating moves.
//!
//! A game whose seats play as one team (the buffalo) is never rated: see `docs/ratings.md`.

use super::identity;
use nimmt_core::{registry, GameData, OptionMap};

/// Options that choose among the rule book's own versions of a game: any of their values is
/// standard.
const RULE_BOOK_VERSIONS: &[(&str, &str)] = &[("board", "version")];

/// Whether `options` are the rule book's standard for `game` (an option left out takes its
/// standard value; one without a standard value must be left out).
pub fn standard(game: &str, options: &OptionMap, data: &GameData) -> bool {
    let Ok(rules) = registry::find(game) else {
        return false;
    };
    let descriptor = rules.descriptor();
    if descriptor.team || !data.is_empty() {
        return false;
    }
    options.0.iter().all(|(key, value)| {
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
        && super::RATED_GAMES.contains(&game)
        && identities.len() >= 2
        && identities.iter().any(|i| identity::is_person(i))
        && standard(game, options, data)
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

    #[test]
    fn a_casual_table_bots_alone_and_the_buffalo_are_not_rated() {
        let none = GameData::new();
        assert!(!rated("classic", &options(&[]), &none, false, &table()));
        let bots = vec![identity::bot("strong"), identity::bot("casual")];
        assert!(!rated("classic", &options(&[]), &none, true, &bots));
        assert!(!rated("buffalo", &options(&[]), &none, true, &table()));
    }
}
