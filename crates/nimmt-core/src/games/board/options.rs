//! Table options of the Brettspiel: which of the four versions is played, and on which board.
//!
//! The board, the score track and the tiles' bull heads are game data (RULING K2): the built-in
//! default (`board=default`), or a document given with the setup as game data `"board"`
//! (`board=custom`; giving the data is enough). The options hold the parsed data and write it
//! back out ([`BoardOptions::data_map`]), so that every record carries its board.

use super::data::{BoardData, SideName};
use super::default_data::default_data;
use crate::descriptor::{GameDescriptor, OptionSpec, OptionType, Text};
use crate::error::SetupError;
use crate::game::GameData;
use crate::options::{OptionMap, OptionValue};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The four versions of the rule book ("Es gibt also insgesamt vier Versionen").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Version {
    /// Grundspiel.
    #[default]
    Base,
    /// Grundspiel mit Glückskarten.
    BaseLuck,
    /// Profiversion.
    Pro,
    /// Profiversion mit Glückskarten.
    ProLuck,
}

impl OptionValue for Version {
    const WORDS: &'static [(&'static str, Self)] = &[
        ("base", Version::Base),
        ("base-luck", Version::BaseLuck),
        ("pro", Version::Pro),
        ("pro-luck", Version::ProLuck),
    ];
}

impl Version {
    pub const ALL: [Version; 4] = [
        Version::Base,
        Version::BaseLuck,
        Version::Pro,
        Version::ProLuck,
    ];

    pub fn is_pro(self) -> bool {
        matches!(self, Version::Pro | Version::ProLuck)
    }
    pub fn has_luck(self) -> bool {
        matches!(self, Version::BaseLuck | Version::ProLuck)
    }
    /// The board side this version is played on.
    pub fn side(self) -> SideName {
        if self.is_pro() {
            SideName::Pro
        } else {
            SideName::Base
        }
    }
    /// Whether the tiles not dealt form a supply (base: only with two or three players).
    pub fn has_supply(self, players: usize) -> bool {
        self.is_pro() || players <= 3
    }
}

/// Which board a table plays on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BoardChoice {
    /// The built-in board (`data/board/`, reconstructed).
    #[default]
    Default,
    /// The board given with the setup as game data `"board"`.
    Custom,
}

impl OptionValue for BoardChoice {
    const WORDS: &'static [(&'static str, Self)] = &[
        ("default", BoardChoice::Default),
        ("custom", BoardChoice::Custom),
    ];
}

/// The key of the board document in the setup's game data.
pub const DATA_KEY: &str = "board";

/// Checked options of a Brettspiel table, with the board data they name.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardOptions {
    pub version: Version,
    pub board: BoardChoice,
    /// Board sides, score track and tiles played with.
    pub data: Arc<BoardData>,
}

impl Default for BoardOptions {
    fn default() -> Self {
        BoardOptions::on_default_board(Version::Base)
    }
}

/// The option keys of a Brettspiel table.
pub const KEYS: &[&str] = &["version", "board"];

/// The option schema: each option's values, default and a line in English and German.
pub fn schema() -> Vec<OptionSpec> {
    vec![
        OptionSpec::choice(
            "version",
            &["base", "base-luck", "pro", "pro-luck"],
            "base",
            Text::new(
                "base game or pro version, each with or without luck cards",
                "Grundspiel oder Profiversion, jeweils mit oder ohne Glückskarten",
            ),
        ),
        OptionSpec::choice(
            "board",
            &["default", "custom"],
            "default",
            Text::new(
                "the built-in board, or the one given as game data \"board\" (a JSON file)",
                "der eingebaute Spielplan oder der als Spieldaten \"board\" mitgegebene (eine JSON-Datei)",
            ),
        ),
    ]
}

/// The descriptor as a room offers it: `board=custom` only when the room has board data
/// (`"board"` in `data`); other games' descriptors stay as they are.
pub fn offered(mut descriptor: GameDescriptor, data: &GameData) -> GameDescriptor {
    if descriptor.name == "board" && !data.contains_key("board") {
        for spec in &mut descriptor.options {
            if let (true, OptionType::Choice { values }) = (spec.key == "board", &mut spec.kind) {
                values.retain(|v| v != "custom");
            }
        }
    }
    descriptor
}

fn invalid(reason: String) -> SetupError {
    SetupError::Invalid { reason }
}

impl BoardOptions {
    /// `version` on the built-in board.
    pub fn on_default_board(version: Version) -> BoardOptions {
        BoardOptions {
            version,
            board: BoardChoice::Default,
            data: default_data(),
        }
    }

    /// Checks the options and the game data: `board=custom` (or data given without the option)
    /// plays the data's board; `board=default` the built-in one (data equal to it is accepted,
    /// as a record of a default game carries it).
    pub fn parse(_players: usize, map: &OptionMap, data: &GameData) -> Result<Self, SetupError> {
        map.check_known("board", KEYS)?;
        if let Some(key) = data.keys().find(|k| k.as_str() != DATA_KEY) {
            return Err(invalid(format!(
                "the board game takes game data \"{DATA_KEY}\" only, not {key:?}"
            )));
        }
        let version = map.read("version", Version::Base)?;
        let given = data.get(DATA_KEY).map(|v| BoardData::from_value(v.clone()));
        let default_choice = if given.is_some() {
            BoardChoice::Custom
        } else {
            BoardChoice::Default
        };
        let board = map.read("board", default_choice)?;
        let data = match (board, given) {
            (BoardChoice::Default, None) => default_data(),
            (BoardChoice::Default, Some(given)) => {
                let built_in = default_data();
                if given? != *built_in {
                    return Err(invalid(
                        "board=default plays the built-in board, but other board data was given: \
                         leave the option out or set board=custom"
                            .into(),
                    ));
                }
                built_in
            }
            (BoardChoice::Custom, Some(given)) => Arc::new(given?),
            (BoardChoice::Custom, None) => {
                return Err(invalid(format!(
                    "board=custom needs the board as game data \"{DATA_KEY}\" \
                     (one JSON document {{\"base\", \"pro\", \"tiles\"}})"
                )))
            }
        };
        Ok(BoardOptions {
            version,
            board,
            data,
        })
    }

    /// All options written out, as a record stores them.
    pub fn to_map(&self) -> OptionMap {
        let mut m = OptionMap::new();
        m.set("version", self.version.word());
        m.set("board", self.board.word());
        m
    }

    /// The game data written out, as a record stores it: always the board played on.
    pub fn data_map(&self) -> GameData {
        let mut d = GameData::new();
        d.insert(
            DATA_KEY.to_owned(),
            serde_json::to_value(self.data.as_ref()).expect("board data serializes"),
        );
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_data() -> GameData {
        GameData::new()
    }

    #[test]
    fn the_four_versions_parse_and_others_are_refused() {
        for (w, v) in Version::WORDS {
            let m = OptionMap::parse([format!("version={w}").as_str()]).unwrap();
            let o = BoardOptions::parse(3, &m, &no_data()).unwrap();
            assert_eq!(o.version, *v);
            assert_eq!(o.to_map().get("version"), Some(*w));
        }
        let m = OptionMap::parse(["version=expert"]).unwrap();
        let e = BoardOptions::parse(3, &m, &no_data()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad value \"expert\" for option version: expected base or base-luck or pro or pro-luck"
        );
        let m = OptionMap::parse(["deck=tactic"]).unwrap();
        assert!(BoardOptions::parse(3, &m, &no_data()).is_err());
    }

    #[test]
    fn without_data_the_built_in_board_is_played_and_written_out() {
        let o = BoardOptions::parse(4, &OptionMap::new(), &no_data()).unwrap();
        assert_eq!(o.board, BoardChoice::Default);
        assert_eq!(o.to_map().get("board"), Some("default"));
        // The record carries the board, and reads back to the same options.
        let again = BoardOptions::parse(4, &o.to_map(), &o.data_map()).unwrap();
        assert_eq!(again, o);
    }

    #[test]
    fn given_data_is_played_and_a_custom_board_needs_data() {
        let mut other = (*default_data()).clone();
        other.base.rows[0].fields[1] = super::super::data::Field::Plus { points: 9 };
        let mut data = GameData::new();
        data.insert("board".into(), serde_json::to_value(&other).unwrap());
        let o = BoardOptions::parse(4, &OptionMap::new(), &data).unwrap();
        assert_eq!(o.board, BoardChoice::Custom);
        assert_eq!(*o.data, other);
        assert_eq!(o.data_map(), data);

        let custom = OptionMap::parse(["board=custom"]).unwrap();
        let e = BoardOptions::parse(4, &custom, &no_data()).unwrap_err();
        assert!(e.to_string().contains("board=custom needs"), "{e}");

        let default = OptionMap::parse(["board=default"]).unwrap();
        let e = BoardOptions::parse(4, &default, &data).unwrap_err();
        assert!(e.to_string().contains("board=default plays"), "{e}");
    }

    #[test]
    fn bad_data_is_refused_naming_what_is_wrong() {
        let mut data = GameData::new();
        data.insert("tiles".into(), serde_json::json!({}));
        let e = BoardOptions::parse(4, &OptionMap::new(), &data).unwrap_err();
        assert!(e.to_string().contains("not \"tiles\""), "{e}");

        let mut doc = serde_json::to_value(default_data().as_ref()).unwrap();
        doc["tiles"]["bulls"][6] = serde_json::json!(4);
        let mut data = GameData::new();
        data.insert("board".into(), doc);
        let e = BoardOptions::parse(4, &OptionMap::new(), &data).unwrap_err();
        assert_eq!(
            e.to_string(),
            "tiles.bulls[6] (tile 7): 4 bull heads, expected 1, 2, 3 or 5"
        );
    }
}
