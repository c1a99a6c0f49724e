//! A table's game record as the room keeps and serves it: core's [`GameRecord`] with the seat
//! names once the game is over; while it runs, the setup without seed and deals, and the actions
//! the public may see.

use nimmt_core::record::{GameRecord, RecordedAction, RECORD_FORMAT};
use nimmt_core::{Game, GameKind, OptionMap, Setup};
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
    /// The record of `game`, played from `setup` with `actions`.
    pub fn of(
        setup: &Setup,
        game: &Game,
        actions: Vec<RecordedAction>,
        seats: Vec<String>,
    ) -> TableRecord {
        TableRecord {
            record: GameRecord {
                format: RECORD_FORMAT,
                game: setup.game,
                players: setup.players,
                options: setup.options.clone(),
                data: setup.data.clone(),
                seed: setup.seed,
                deals: game.deals(),
                actions,
                outcome: game.outcome(),
            },
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
    pub fn of(setup: &Setup, actions: Vec<RecordedAction>, seats: Vec<String>) -> RunningRecord {
        RunningRecord {
            format: RECORD_FORMAT,
            game: setup.game,
            players: setup.players,
            options: setup.options.clone(),
            actions,
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

/// What a table tells of its record; the actions are then read from the database. In a cluster
/// the owner sends it to the node that was asked, which reads the shared database itself.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordSource {
    /// The game is over and its record stored.
    Finished,
    /// The game runs: its setup, how many of its actions the public may see, the seat names.
    Running {
        setup: Box<Setup>,
        public_actions: usize,
        seats: Vec<String>,
    },
    NotStarted(NotStarted),
}
