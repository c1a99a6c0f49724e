//! Tournaments on the wire: what a creator sends to open one (`POST /api/tournaments` with a
//! [`TournamentSetup`]), the list (`GET /api/tournaments`: [`TournamentSummary`]s), the page
//! (`GET /api/tournaments/{id}`: a [`TournamentPage`]), and the WebSocket messages that register,
//! withdraw and start ([`crate::ClientMsg::JoinTournament`] and its siblings) and that tell a
//! player where they sit ([`crate::ServerMsg::TournamentTable`]).
//!
//! Points are counted in half points by the room and shown as numbers (`52.5`). See
//! docs/tournaments.md for the formats, the points per place and the tie-breaks.

use crate::TableId;
use nimmt_core::{GameKind, OptionMap};
use serde::{Deserialize, Serialize};

/// A tournament's number.
pub type TournamentId = u64;

/// Longest tournament name in characters.
pub const MAX_TOURNAMENT_NAME_CHARS: usize = 60;

/// How players go from round to round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum TournamentFormat {
    /// Everyone plays every round, seated by standing: `rounds` rounds (1 to 20).
    Swiss { rounds: u32 },
    /// The best `advance` of each table go on, until one table plays the final.
    Elimination { advance: usize },
}

/// What a creator chooses when opening a tournament (fixed from then on).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentSetup {
    /// 1 to [`MAX_TOURNAMENT_NAME_CHARS`] characters.
    pub name: String,
    pub game: GameKind,
    /// The game's options, and the table options `pace` (`realtime` or a turn-based pace) and
    /// `timer`; every table of the tournament has them.
    #[serde(default)]
    pub options: OptionMap,
    pub format: TournamentFormat,
    /// Seats at a full table, 3 to 6 (and within the game's sizes).
    pub table_size: usize,
    /// When the first round starts (milliseconds since the Unix epoch).
    pub start_ms: u64,
    /// Whether the games move ratings.
    #[serde(default)]
    pub rated: bool,
    /// Only players with the invitation link's code may register.
    #[serde(default)]
    pub invitation: bool,
    /// Bots fill seats so that nobody gets a bye.
    #[serde(default)]
    pub bots_fill: bool,
}

/// Where a tournament is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum TournamentPhase {
    /// Open for registration until the start.
    Registration,
    /// Round `round` is being played.
    Running {
        round: u32,
    },
    Finished,
    /// Too few players had registered at the start time.
    Cancelled,
}

/// A tournament as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentSummary {
    pub id: TournamentId,
    pub name: String,
    pub game: GameKind,
    pub format: TournamentFormat,
    pub table_size: usize,
    #[serde(flatten)]
    #[cfg_attr(test, ts(flatten))]
    pub phase: TournamentPhase,
    /// Players registered (withdrawn ones included once it runs).
    pub entrants: usize,
    pub start_ms: u64,
    pub rated: bool,
    /// Registration takes the invitation link's code.
    pub invitation: bool,
    pub bots_fill: bool,
    /// `realtime` or the turn-based pace.
    pub pace: String,
    /// The creator's name.
    pub by: String,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentStanding {
    /// 1 for the first (equal lines never share a rank: the tie-breaks order them).
    pub rank: u32,
    pub name: String,
    /// The player is a bot account.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    pub bot_account: bool,
    /// Points so far (halves possible).
    pub points: f64,
    /// The first tie-break: the sum of the opponents' points.
    pub opponents: f64,
    /// The rating at registration (the second tie-break).
    pub rating: i32,
    pub games: u32,
    pub byes: u32,
    /// Rounds in which a bot played the seat because the player was missing.
    pub bot_played: u32,
    pub withdrawn: bool,
    /// Elimination: the round the player went out in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub out_in: Option<u32>,
}

/// A seat at a tournament table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentSeat {
    pub name: String,
    /// The place once the table ended (1 for the first; equal for a tie).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub place: Option<usize>,
    /// The points the place earned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub points: Option<f64>,
    /// A bot played the seat because the player was missing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    pub bot_played: bool,
}

/// One table of a round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentTable {
    /// Its number in the round (from 1).
    pub number: u32,
    /// The room's table (to watch it, and its replay once it ended); none until it is open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub table: Option<TableId>,
    pub seats: Vec<TournamentSeat>,
    /// Seats filled by bots.
    pub bots: usize,
    /// The table ended and its places are counted.
    pub done: bool,
}

/// One round: its tables and who sat it out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentRound {
    pub number: u32,
    pub tables: Vec<TournamentTable>,
    /// Names of the players with a bye this round.
    pub byes: Vec<String>,
}

/// The asking player's part in a tournament (none for a visitor without an account).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentYou {
    pub registered: bool,
    pub withdrawn: bool,
    /// Registration is open to them (with the code where one is needed).
    pub may_register: bool,
    /// They created it, or are an operator, and it has not started.
    pub may_start: bool,
    /// Their table in the round being played, if they have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub table: Option<TableId>,
}

/// Everything the tournament page shows: `GET /api/tournaments/{id}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentPage {
    pub summary: TournamentSummary,
    /// The game's and tables' options every table has.
    pub options: OptionMap,
    /// The points each place earns at a full table, the first's first (ties share theirs).
    pub place_points: Vec<f64>,
    /// The points of a bye.
    pub bye_points: f64,
    /// Swiss: the number of rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub rounds_planned: Option<u32>,
    /// The standings (before the start: the registered players by rating).
    pub standings: Vec<TournamentStanding>,
    /// The rounds played or being played, the first first.
    pub rounds: Vec<TournamentRound>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub you: Option<TournamentYou>,
    /// The invitation link's code (shown to its creator and to the registered players only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub invitation_code: Option<String>,
}

/// The tournaments the lobby lists: `GET /api/tournaments`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentList {
    /// Open for registration or running, the soonest first.
    pub upcoming: Vec<TournamentSummary>,
    /// Finished (or cancelled) recently, the latest first.
    pub finished: Vec<TournamentSummary>,
    /// Whether the asking account may create one (`POST /api/tournaments`).
    pub may_create: bool,
}

/// A tournament a player took part in, on their profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentEntry {
    pub id: TournamentId,
    pub name: String,
    pub game: GameKind,
    /// Their final place (none while it runs, or if cancelled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub place: Option<u32>,
    /// Players in the final standings.
    pub of: usize,
    #[serde(flatten)]
    #[cfg_attr(test, ts(flatten))]
    pub phase: TournamentPhase,
    pub start_ms: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_setup_reads_as_documented_and_refuses_unknown_fields() {
        let s: TournamentSetup = serde_json::from_value(json!({
            "name": "Sunday Swiss", "game": "classic", "options": {"pace": "realtime"},
            "format": {"kind": "swiss", "rounds": 3}, "table_size": 4,
            "start_ms": 1_800_000_000_000u64, "rated": true
        }))
        .unwrap();
        assert_eq!(s.format, TournamentFormat::Swiss { rounds: 3 });
        assert!(s.rated && !s.invitation && !s.bots_fill);
        let bad = serde_json::from_value::<TournamentSetup>(json!({
            "name": "x", "game": "classic", "format": {"kind": "swiss", "rounds": 3},
            "table_size": 4, "start_ms": 0, "colour": "red"
        }));
        assert!(bad.is_err());
    }

    #[test]
    fn a_summary_carries_its_phase_flat() {
        let s = TournamentSummary {
            id: 7,
            name: "Cup".into(),
            game: GameKind::new("classic"),
            format: TournamentFormat::Elimination { advance: 2 },
            table_size: 4,
            phase: TournamentPhase::Running { round: 2 },
            entrants: 16,
            start_ms: 5,
            rated: false,
            invitation: false,
            bots_fill: true,
            pace: "realtime".into(),
            by: "Ann".into(),
        };
        let v = serde_json::to_value(&s).unwrap();
        assert_eq!(v["phase"], "running");
        assert_eq!(v["round"], 2);
        let back: TournamentSummary = serde_json::from_value(v).unwrap();
        assert_eq!(back, s);
    }
}
