//! A finished table as the database keeps it, read for its results: who sat where and whether
//! the table was rated (from `nimmt_tables.meta`), and the game's options and outcome (from its
//! record). Only these fields are read, so results can be taken from tables stored by any
//! release.

use super::identity;
use nimmt_core::{GameData, GameKind, OptionMap, Outcome};
use serde::Deserialize;

/// The part of a table's stored settings that results need.
#[derive(Clone, Debug, Deserialize)]
pub struct StoredMeta {
    pub seats: Vec<StoredSeat>,
    #[serde(default)]
    pub table_options: StoredTableOptions,
}

/// A seat as stored: its player, the player who left it to a bot, or its bot level.
#[derive(Clone, Debug, Deserialize)]
pub struct StoredSeat {
    pub player: Option<String>,
    pub name: String,
    pub bot: Option<String>,
    #[serde(default)]
    pub left: Option<String>,
}

impl StoredSeat {
    /// Whose result the seat's result is.
    pub fn identity(&self) -> Option<String> {
        identity::of(
            self.player.as_deref(),
            self.left.as_deref(),
            self.bot.as_deref(),
        )
    }
}

/// The table options results need.
#[derive(Clone, Debug, Deserialize)]
pub struct StoredTableOptions {
    /// Tables stored before the option existed were rated.
    #[serde(default = "rated_by_default")]
    pub rated: bool,
    /// `realtime` or a turn-based table's deadline per move (tables stored before paces
    /// existed were played in real time).
    #[serde(default = "realtime")]
    pub pace: String,
}

impl Default for StoredTableOptions {
    fn default() -> Self {
        StoredTableOptions {
            rated: true,
            pace: realtime(),
        }
    }
}

fn realtime() -> String {
    "realtime".to_owned()
}

fn rated_by_default() -> bool {
    true
}

/// The part of a finished game's record that results need.
#[derive(Clone, Debug, Deserialize)]
pub struct StoredRecord {
    pub game: GameKind,
    #[serde(default)]
    pub options: OptionMap,
    #[serde(default)]
    pub data: GameData,
    pub outcome: Option<Outcome>,
    /// The seats' names at the game's end.
    #[serde(default)]
    pub seats: Vec<String>,
}
