//! The room's tournaments as one state machine over the pure [`Tournament`] core: it knows every
//! tournament the node runs, which room table plays which tournament table, and turns the shell's
//! inputs (a registration, the clock, a table opened, a table's result read from the store) into
//! effects (save this tournament, open this table, tell this player where they sit). It does no
//! IO and reads no clock: the server's shell (`nimmt-server`'s `tournaments`) and the simulator
//! (`sim::tournament`) drive the same director.
//!
//! The contract with a shell:
//! - Carry out the effects in order. [`DirectorEffect::Save`] comes before every other effect of
//!   the same step: store it, and only then carry out the rest (a crash between the two repeats
//!   nothing: see [`Director::resume`]).
//! - A table opened for [`DirectorEffect::OpenTable`] carries its [`TableRef`] in its settings
//!   (the room's table meta), so after a restart the shell feeds [`DirectorInput::TableOpened`]
//!   for every table it finds with a tournament's mark; a second room table for a tournament
//!   table that has one already is answered with [`DirectorEffect::Surplus`] (close it).
//! - Results are read from the store (the game's end and its places commit together) and fed
//!   as [`DirectorInput::TableEnded`] as often as the shell likes: a result is counted once.
//! - After loading a tournament ([`DirectorInput::Load`]) and feeding the tables found, call
//!   [`Director::resume`]: it opens the current round's tables that have no room table yet.

use std::collections::BTreeMap;

use nimmt_protocol::{PlayerId, TableId, TournamentFormat, TournamentId, TournamentSetup};
use serde::{Deserialize, Serialize};

use super::standings::BYE;
use super::{
    Announcement, Effect, Entrant, Format, Input, Phase, Settings, Standing, TableRef, TableSpec,
    Tournament, TournamentError,
};

/// One tournament as the director keeps (and the store saves) it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    pub id: TournamentId,
    pub setup: TournamentSetup,
    pub creator: PlayerId,
    pub creator_name: String,
    /// The invitation link's code, for a tournament by invitation.
    pub code: Option<String>,
    pub core: Tournament,
    /// Which room table plays which tournament table.
    pub tables: Vec<(TableRef, TableId)>,
    /// The entrants that are bot accounts (marked in the standings).
    pub bot_accounts: Vec<PlayerId>,
    /// When the first round started (wall clock, ms): the start time, or earlier when its
    /// creator started it early.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_ms: Option<u64>,
}

/// An input from the shell.
#[derive(Clone, Debug, PartialEq)]
pub enum DirectorInput {
    /// A new tournament (checked: settings the core refuses are refused).
    Create {
        id: TournamentId,
        setup: TournamentSetup,
        creator: PlayerId,
        creator_name: String,
        code: Option<String>,
        /// The game's fewest players (from the game's descriptor).
        game_min: usize,
    },
    /// A tournament read back from the store (a restart, or a node taking it over).
    Load(Box<Run>),
    /// The node no longer runs this tournament (another node took it over): forget it.
    Drop {
        id: TournamentId,
    },
    Register {
        id: TournamentId,
        entrant: Entrant,
        bot_account: bool,
        code: Option<String>,
    },
    Withdraw {
        id: TournamentId,
        player: PlayerId,
    },
    /// Start now: by its creator or an operator.
    Start {
        id: TournamentId,
        by: PlayerId,
        operator: bool,
    },
    /// The clock: starts tournaments whose start time has come.
    Tick,
    /// The room table `table_id` plays `table` of tournament `id` (opened now, or found at a
    /// restart).
    TableOpened {
        id: TournamentId,
        table: TableRef,
        table_id: TableId,
    },
    /// Room table `table_id` ended: each player's place (1 the first, equal for a tie; bots'
    /// seats counted in the places), and the players whose seat a bot played because they were
    /// missing.
    TableEnded {
        table_id: TableId,
        places: Vec<(PlayerId, usize)>,
        bot_played: Vec<PlayerId>,
    },
}

/// What the shell is told to do, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum DirectorEffect {
    /// Store this tournament now (before the effects after it).
    Save(Box<Run>),
    /// Open a room table for `table` of tournament `id`: its seats in order (bots fill `bots`
    /// more), the tournament's game, options and pace from `setup`, marked with the table's
    /// [`TableRef`]. Answer with [`DirectorInput::TableOpened`].
    OpenTable {
        id: TournamentId,
        name: String,
        setup: TournamentSetup,
        spec: TableSpec,
    },
    /// A room table that plays a tournament table that has another room table already: close it.
    Surplus { table_id: TableId },
    /// Tell `player` their table of round `round` is open (`tournament_table`; a bot account
    /// also `bot_seated`).
    Seated {
        id: TournamentId,
        name: String,
        player: PlayerId,
        round: u32,
        table_id: TableId,
    },
    /// The tournament changed: tell the lobby and its page's readers (`tournament_changed`).
    Changed { id: TournamentId },
    /// The tournament ended: the final standings (the shell notes each player's place).
    Finished {
        id: TournamentId,
        standings: Vec<Standing>,
    },
    /// A notice for `player` (text key and parameters), for example that a round started or
    /// the tournament was cancelled.
    Notice {
        player: PlayerId,
        key: &'static str,
        params: Vec<(&'static str, String)>,
    },
}

/// Every tournament a node runs.
#[derive(Clone, Debug, Default)]
pub struct Director {
    runs: BTreeMap<TournamentId, Run>,
}

impl Director {
    pub fn new() -> Director {
        Director::default()
    }

    /// Takes one input at wall-clock time `now_ms`. A refused input changes nothing.
    pub fn step(
        &mut self,
        now_ms: u64,
        input: DirectorInput,
    ) -> Result<Vec<DirectorEffect>, TournamentError> {
        match input {
            DirectorInput::Create {
                id,
                setup,
                creator,
                creator_name,
                code,
                game_min,
            } => {
                if self.runs.contains_key(&id) {
                    return Err(TournamentError::Exists);
                }
                let core = Tournament::new(settings_of(&setup, game_min))?;
                let run = Run {
                    id,
                    setup,
                    creator,
                    creator_name,
                    code,
                    core,
                    tables: Vec::new(),
                    bot_accounts: Vec::new(),
                    started_ms: None,
                };
                self.runs.insert(id, run.clone());
                Ok(vec![
                    DirectorEffect::Save(Box::new(run)),
                    DirectorEffect::Changed { id },
                ])
            }
            DirectorInput::Load(run) => {
                self.runs.insert(run.id, *run);
                Ok(Vec::new())
            }
            DirectorInput::Drop { id } => {
                self.runs.remove(&id);
                Ok(Vec::new())
            }
            DirectorInput::Register {
                id,
                entrant,
                bot_account,
                code,
            } => self.change(id, |run| run.register(now_ms, entrant, bot_account, code)),
            DirectorInput::Withdraw { id, player } => self.change(id, |run| {
                let before = run.core.phase;
                let effects = run.core.step(
                    now_ms,
                    Input::Withdraw {
                        player: player.clone(),
                    },
                )?;
                if before == Phase::Registration {
                    run.bot_accounts.retain(|p| *p != player);
                }
                Ok(carry(run, effects))
            }),
            DirectorInput::Start { id, by, operator } => self.change(id, |run| {
                if by != run.creator && !operator {
                    return Err(TournamentError::NotCreator);
                }
                let effects = run.core.step(now_ms, Input::Start)?;
                run.note_start(now_ms);
                Ok(carry(run, effects))
            }),
            DirectorInput::Tick => {
                // The tournaments whose start time has come.
                let due: Vec<TournamentId> = self
                    .runs
                    .values()
                    .filter(|r| r.core.phase == Phase::Registration)
                    .filter(|r| r.core.settings.start_ms <= now_ms)
                    .map(|r| r.id)
                    .collect();
                let mut out = Vec::new();
                for id in due {
                    // One tournament's refusal leaves the others' starts standing.
                    let started = self.change(id, |run| {
                        let effects = run.core.step(now_ms, Input::Tick)?;
                        run.note_start(now_ms);
                        Ok(carry(run, effects))
                    });
                    out.extend(started.unwrap_or_default());
                }
                Ok(out)
            }
            DirectorInput::TableOpened {
                id,
                table,
                table_id,
            } => self.change(id, |run| Ok(run.table_opened(table, table_id))),
            DirectorInput::TableEnded {
                table_id,
                places,
                bot_played,
            } => {
                let Some((id, table)) = self.table_of(table_id) else {
                    return Ok(Vec::new());
                };
                self.change(id, |run| run.table_ended(now_ms, table, places, bot_played))
            }
        }
    }

    /// After loading tournament `id` and feeding the tables found: open the current round's
    /// tables that have no room table yet.
    pub fn resume(&mut self, id: TournamentId) -> Vec<DirectorEffect> {
        let Some(run) = self.runs.get(&id) else {
            return Vec::new();
        };
        let Some(round) = run.core.current_round() else {
            return Vec::new();
        };
        round
            .tables
            .iter()
            .filter(|t| t.places.is_none() && run.room_table(t.id).is_none())
            .map(|t| DirectorEffect::OpenTable {
                id,
                name: run.setup.name.clone(),
                setup: run.setup.clone(),
                spec: run.core.table_spec(t),
            })
            .collect()
    }

    /// Applies `f` to a copy of run `id`; keeps the copy only when `f` accepts. A changed run
    /// is saved first and announced last.
    fn change(
        &mut self,
        id: TournamentId,
        f: impl FnOnce(&mut Run) -> Result<Vec<DirectorEffect>, TournamentError>,
    ) -> Result<Vec<DirectorEffect>, TournamentError> {
        let run = self.runs.get(&id).ok_or(TournamentError::Unknown)?;
        let mut next = run.clone();
        let effects = f(&mut next)?;
        if next == *run {
            return Ok(effects);
        }
        let mut out = Vec::with_capacity(effects.len() + 2);
        out.push(DirectorEffect::Save(Box::new(next.clone())));
        out.extend(effects);
        out.push(DirectorEffect::Changed { id });
        self.runs.insert(id, next);
        Ok(out)
    }

    pub fn get(&self, id: TournamentId) -> Option<&Run> {
        self.runs.get(&id)
    }

    /// The tournaments run here.
    pub fn runs(&self) -> impl Iterator<Item = &Run> {
        self.runs.values()
    }

    /// The tournament and table a room table plays, if any.
    pub fn table_of(&self, table_id: TableId) -> Option<(TournamentId, TableRef)> {
        self.runs.values().find_map(|r| {
            r.tables
                .iter()
                .find(|(_, t)| *t == table_id)
                .map(|(tr, _)| (r.id, *tr))
        })
    }
}

impl Run {
    /// The room table playing `table`, if one is open.
    pub fn room_table(&self, table: TableRef) -> Option<TableId> {
        self.tables
            .iter()
            .find(|(t, _)| *t == table)
            .map(|&(_, room)| room)
    }

    /// Notes the moment the first round started, once.
    fn note_start(&mut self, now_ms: u64) {
        let started = matches!(self.core.phase, Phase::Running { .. } | Phase::Finished);
        if started && self.started_ms.is_none() {
            self.started_ms = Some(now_ms);
        }
    }

    fn register(
        &mut self,
        now_ms: u64,
        entrant: Entrant,
        bot_account: bool,
        code: Option<String>,
    ) -> Result<Vec<DirectorEffect>, TournamentError> {
        if self.setup.invitation && (self.code.is_none() || code != self.code) {
            return Err(TournamentError::NotInvited);
        }
        let player = entrant.player.clone();
        let effects = self.core.step(now_ms, Input::Register(entrant))?;
        if bot_account && !self.bot_accounts.contains(&player) {
            self.bot_accounts.push(player);
        }
        Ok(carry(self, effects))
    }

    fn table_opened(&mut self, table: TableRef, table_id: TableId) -> Vec<DirectorEffect> {
        let Some(seats) = self.core.round_table(table).map(|t| t.seats.clone()) else {
            // No such tournament table: the room table plays nothing.
            return vec![DirectorEffect::Surplus { table_id }];
        };
        match self.room_table(table) {
            Some(known) if known == table_id => return Vec::new(),
            Some(_) => return vec![DirectorEffect::Surplus { table_id }],
            None => {}
        }
        if self.tables.iter().any(|&(_, room)| room == table_id) {
            // The room table plays another tournament table already.
            return Vec::new();
        }
        self.tables.push((table, table_id));
        seats
            .into_iter()
            .map(|seat| DirectorEffect::Seated {
                id: self.id,
                name: self.setup.name.clone(),
                player: self.core.entries[seat].entrant.player.clone(),
                round: table.round,
                table_id,
            })
            .collect()
    }

    fn table_ended(
        &mut self,
        now_ms: u64,
        table: TableRef,
        places: Vec<(PlayerId, usize)>,
        bot_played: Vec<PlayerId>,
    ) -> Result<Vec<DirectorEffect>, TournamentError> {
        let counted = self
            .core
            .round_table(table)
            .is_some_and(|t| t.places.is_some());
        let mut effects = Vec::new();
        if !counted {
            for player in bot_played {
                effects.extend(self.core.step(now_ms, Input::Missing { table, player })?);
            }
        }
        effects.extend(self.core.step(now_ms, Input::Result { table, places })?);
        Ok(carry(self, effects))
    }
}

/// The core's settings for a setup.
fn settings_of(setup: &TournamentSetup, game_min: usize) -> Settings {
    let format = match setup.format {
        TournamentFormat::Swiss { rounds } => Format::Swiss { rounds },
        TournamentFormat::Elimination { advance } => Format::Elimination { advance },
    };
    Settings {
        format,
        table_size: setup.table_size,
        game_min,
        bots_fill: setup.bots_fill,
        start_ms: setup.start_ms,
    }
}

// How the core's effects reach the room: the tables to open, and what each player concerned
// is told (a round started, a bye and its points, a bot played for them, their final place,
// the tournament was cancelled).

/// The director's effects for the core's `effects`, read against the run after its step.
fn carry(run: &Run, effects: Vec<Effect>) -> Vec<DirectorEffect> {
    let mut out = Vec::new();
    for effect in effects {
        match effect {
            Effect::OpenTables { tables, .. } => {
                out.extend(tables.into_iter().map(|spec| DirectorEffect::OpenTable {
                    id: run.id,
                    name: run.setup.name.clone(),
                    setup: run.setup.clone(),
                    spec,
                }));
            }
            Effect::Byes { round, players } => {
                for player in players {
                    let params = vec![("round", round.to_string()), ("points", BYE.to_string())];
                    out.push(notice(run, player, "tournament_bye", params));
                }
            }
            Effect::Announce(announcement) => announce(run, announcement, &mut out),
            Effect::Finished { standings } => {
                let of = standings.len().to_string();
                for line in &standings {
                    let params = vec![("place", line.rank.to_string()), ("of", of.clone())];
                    out.push(notice(run, line.player.clone(), "tournament_over", params));
                }
                out.push(DirectorEffect::Finished {
                    id: run.id,
                    standings,
                });
            }
        }
    }
    out
}

fn announce(run: &Run, announcement: Announcement, out: &mut Vec<DirectorEffect>) {
    match announcement {
        Announcement::RoundStarted { round } => {
            let Some(tables) = run.core.rounds.get(round as usize - 1).map(|r| &r.tables) else {
                return;
            };
            for &seat in tables.iter().flat_map(|t| &t.seats) {
                let player = run.core.entries[seat].entrant.player.clone();
                let params = vec![("round", round.to_string())];
                out.push(notice(run, player, "tournament_round_started", params));
            }
        }
        Announcement::BotPlays { table, player } => {
            let params = vec![("round", table.round.to_string())];
            out.push(notice(run, player, "tournament_bot_played", params));
        }
        Announcement::Cancelled { entrants, needed } => {
            for entry in &run.core.entries {
                let params = vec![
                    ("entrants", entrants.to_string()),
                    ("needed", needed.to_string()),
                ];
                let player = entry.entrant.player.clone();
                out.push(notice(run, player, "tournament_cancelled", params));
            }
        }
        Announcement::Registered { .. }
        | Announcement::Withdrew { .. }
        | Announcement::Started { .. }
        | Announcement::RoundOver { .. } => {}
    }
}

/// A notice naming the tournament (`{name}`) with `params`.
fn notice(
    run: &Run,
    player: String,
    key: &'static str,
    mut params: Vec<(&'static str, String)>,
) -> DirectorEffect {
    params.insert(0, ("name", run.setup.name.clone()));
    DirectorEffect::Notice {
        player,
        key,
        params,
    }
}
