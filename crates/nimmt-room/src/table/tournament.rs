//! A tournament's table: opened by the tournament with every seat given (its players in the
//! order the round seats them, then bots filling it), its game starts at once, and nobody hosts
//! it: its seats and options are fixed. A player missing at the start, or gone later, has a bot
//! play the seat after the reconnection window; each player whose seat a bot played is noted once
//! in the table's mark ([`TournamentTag::bot_played`]), stored with the table, so the tournament
//! reads it with the result (also after a restart).

use super::effect::Again;
use super::info::{check_game_options, check_seats, TableConfig, TableOptions};
use super::{Meta, SeatMeta, Table};
use crate::refusal::Refusal;
use crate::tournament::{TableRef, TableSpec};
use crate::{bots, names};
use nimmt_protocol::command::Command;
use nimmt_protocol::{ErrorCode, PlayerId, TableTournament, TournamentId, TournamentSetup};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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

    /// How clients see the mark (`TableInfo.tournament`).
    pub fn wire(&self) -> TableTournament {
        TableTournament {
            id: self.tournament,
            name: self.name.clone(),
            round: self.round,
            table: self.table,
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
    let game = setup.game;
    let mut options = setup.options.clone();
    let mut table_options = TableOptions::take_from(&mut options, config)?;
    // Everyone may watch; a table with hints is never rated.
    table_options.private = false;
    table_options.watchers = true;
    table_options.rated = setup.rated && !table_options.hints;
    let size = spec.players.len() + spec.bots;
    check_seats(game, size)?;
    check_game_options(game, size, &options, &config.game_data)?;
    let mut seats: Vec<SeatMeta> = Vec::with_capacity(size);
    for e in &spec.players {
        if seats.iter().any(|s| s.player.as_ref() == Some(&e.player)) {
            return Err(Refusal::new(ErrorCode::BadOptions)
                .with("reason", format!("{} has two seats at one table", e.name)));
        }
        seats.push(SeatMeta {
            player: Some(e.player.clone()),
            name: e.name.clone(),
            bot: None,
            left: None,
            bot_account: bot_accounts.contains(&e.player),
        });
    }
    let level =
        bots::check_level(game, TOURNAMENT_BOT_LEVEL).unwrap_or_else(|| bots::STAND_IN.to_owned());
    let mut bots_added = 0;
    for _ in 0..spec.bots {
        // A bot's name is one no player at the table reads as.
        let name = loop {
            bots_added += 1;
            let name = format!("Bot {bots_added}");
            if !seats.iter().any(|s| names::same(&s.name, &name)) {
                break name;
            }
        };
        seats.push(SeatMeta {
            player: None,
            name,
            bot: Some(level.clone()),
            left: None,
            bot_account: false,
        });
    }
    Ok(Meta {
        game,
        options,
        table_options,
        max_seats: size,
        host: None,
        seats,
        bots_added,
        kicked: Vec::new(),
        turns: None,
        invitation: None,
        bot_terms: BTreeMap::new(),
        tournament: Some(tag),
    })
}

/// Why a host's power is refused at a tournament's table.
fn fixed() -> Refusal {
    Refusal::new(ErrorCode::NotAllowed).keyed("tournament_table_fixed")
}

impl Again {
    /// Whether the table to open is a tournament's (it counts against nobody's tables).
    pub fn is_tournament(&self) -> bool {
        serde_json::from_str::<Meta>(&self.meta).is_ok_and(|m| m.tournament.is_some())
    }
}

impl Table {
    /// The tournament's mark, at a tournament's table.
    pub fn tournament(&self) -> Option<&TournamentTag> {
        self.meta.tournament.as_ref()
    }

    /// Refuses a command a tournament's table does not take from `player`: what a host would
    /// do (start, set an option, seat or remove a bot, send someone away, a rematch, an
    /// invitation link), and a seat for anyone but a player taking back the seat they left.
    /// Its players chat, leave and come back; whoever likes watches.
    pub(super) fn tournament_refuses(
        &self,
        player: &PlayerId,
        command: &Command,
    ) -> Result<(), Refusal> {
        if self.meta.tournament.is_none() {
            return Ok(());
        }
        match command {
            Command::Join if self.left_seat(player).is_none() => Err(fixed()),
            Command::Start
            | Command::Option { .. }
            | Command::BotAdd { .. }
            | Command::BotRemove
            | Command::Kick { .. }
            | Command::Rematch
            | Command::Invite { .. } => Err(fixed()),
            Command::Join
            | Command::Leave
            | Command::Who
            | Command::Hint
            | Command::Vacation { .. }
            | Command::Help { .. } => Ok(()),
        }
    }

    /// Refuses a new seat at a tournament's table (its seats are given when it opens).
    pub(super) fn tournament_seats_fixed(&self) -> Result<(), Refusal> {
        match self.meta.tournament {
            Some(_) => Err(fixed()),
            None => Ok(()),
        }
    }

    /// A bot is about to move for seat `i`: at a tournament's table, the seat's player (away,
    /// gone, who left the seat, or whose turn-based seat a bot took after missed deadlines) is
    /// noted once among those whose seat a bot played. Whether the mark changed: it is then
    /// stored with the move (and taken back if that fails).
    pub(super) fn note_bot_played(&mut self, i: usize) -> bool {
        let Some(seat) = self.meta.seats.get(i) else {
            return false;
        };
        let Some(player) = seat.player.clone().or_else(|| seat.left.clone()) else {
            return false;
        };
        let connected = self.members.get(&player).is_some_and(|m| m.conn.is_some());
        let here = seat.player.is_some() && connected && !self.benched(i);
        let noted = self
            .meta
            .tournament
            .as_ref()
            .is_none_or(|t| t.bot_played.contains(&player));
        if here || noted {
            return false;
        }
        self.begin_undo(None);
        if let Some(t) = self.meta.tournament.as_mut() {
            t.bot_played.push(player);
        }
        true
    }
}
