//! A table's game record as the server stores and serves it (`GET /api/games/{id}/record`):
//! core's [`GameRecord`] with the seat names once the game is over; while it runs, the setup
//! without seed and deals, and the actions the public may see.

use nimmt_core::record::{GameRecord, RecordedAction, RecordedGame, RECORD_FORMAT};
use nimmt_core::{GameKind, OptionMap};
use serde::{Deserialize, Serialize};

/// A finished game's record: core's record (format 2) and who sat where.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRecord {
    #[serde(flatten)]
    pub record: GameRecord,
    /// The seats' names, in seat order.
    pub seats: Vec<String>,
}

impl TableRecord {
    pub fn of(game: &RecordedGame, seats: Vec<String>) -> TableRecord {
        TableRecord {
            record: game.record(),
            seats,
        }
    }
}

/// A running game's record as the public may see it: no seed, no deals, and only the actions
/// up to the last reveal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunningRecord {
    pub format: u32,
    pub game: GameKind,
    pub players: usize,
    pub options: OptionMap,
    pub actions: Vec<RecordedAction>,
    pub finished: bool,
    pub seats: Vec<String>,
}

impl RunningRecord {
    pub fn of(game: &RecordedGame, public_actions: usize, seats: Vec<String>) -> RunningRecord {
        let setup = game.setup();
        RunningRecord {
            format: RECORD_FORMAT,
            game: setup.game,
            players: setup.players,
            options: setup.options.clone(),
            actions: game.actions()[..public_actions].to_vec(),
            finished: false,
            seats,
        }
    }
}

/// A table whose game has not started.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NotStarted {
    pub game: GameKind,
    pub finished: bool,
    pub started: bool,
}

/// A table's record as anyone may see it now.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum PublicRecord {
    Finished(TableRecord),
    Running(RunningRecord),
    NotStarted(NotStarted),
}
