//! A tournament's table: opened by the tournament with every seat given (its players in the
//! order the round seats them, then bots filling it), its game starts at once, and nobody hosts
//! it: its seats and options are fixed. A player missing at the start, or gone later, has a bot
//! play the seat after the reconnection window; each player whose seat a bot played is noted once
//! in the table's mark ([`TournamentTag::bot_played`]), stored with the table, so the tournament
//! reads it with the result (also after a restart).

use super::info::TableConfig;
use super::Meta;
use crate::refusal::Refusal;
use crate::tournament::{TableRef, TableSpec};
use nimmt_protocol::{PlayerId, TournamentId, TournamentSetup};
use serde::{Deserialize, Serialize};

/// The level of the room's bots that fill a tournament table's empty seats: `casual` plays
/// sensibly and quickly, neither a walkover nor a wall for the people at the table.
pub const TOURNAMENT_BOT_LEVEL: &str = "casual";

/// The mark of a tournament's table, stored with its settings (`Meta.tournament`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentTag {
    pub tournament: TournamentId,
    /// The tournament's name, shown at the table.
    pub name: String,
    /// The round (from 1).
    pub round: u32,
    /// The table's number in its round (from 1).
    pub table: u32,
    /// The players whose seat a bot played (missing at the start, gone, or left), each once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bot_played: Vec<PlayerId>,
}

impl TournamentTag {
    /// The mark of table `at` of the tournament `tournament` called `name`.
    pub fn new(tournament: TournamentId, name: &str, at: TableRef) -> TournamentTag {
        TournamentTag {
            tournament,
            name: name.to_owned(),
            round: at.round,
            table: at.table,
            bot_played: Vec::new(),
        }
    }

    /// Which table of its tournament this is.
    pub fn table_ref(&self) -> TableRef {
        TableRef {
            round: self.round,
            table: self.table,
        }
    }
}

/// The settings of a tournament's table: the tournament's game with the setup's options (the
/// game's, and the table options `pace` and `timer`; rated as the setup says), every seat of
/// `spec` given in its order (a player in `bot_accounts` is a bot account), then `spec.bots`
/// bots of [`TOURNAMENT_BOT_LEVEL`]; no host. Open it with `Again { meta, history: [] }` (as a
/// rematch or an accepted challenge opens): its game starts at once.
pub fn tournament_meta(
    spec: &TableSpec,
    tag: TournamentTag,
    setup: &TournamentSetup,
    bot_accounts: &[PlayerId],
    config: &TableConfig,
) -> Result<Meta, Refusal> {
    let _ = (spec, tag, setup, bot_accounts, config);
    todo!("tournament tables")
}
