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

use nimmt_protocol::{
    PlayerId, TableId, TournamentId, TournamentPage, TournamentSetup, TournamentSummary,
};
use serde::{Deserialize, Serialize};

use super::{Entrant, Standing, TableRef, TableSpec, Tournament, TournamentError};

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
        let _ = (now_ms, input);
        todo!("director: step")
    }

    /// After loading tournament `id` and feeding the tables found: open the current round's
    /// tables that have no room table yet.
    pub fn resume(&mut self, id: TournamentId) -> Vec<DirectorEffect> {
        let _ = id;
        todo!("director: resume")
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
    /// How the lobby lists it.
    pub fn summary(&self) -> TournamentSummary {
        todo!("run: summary")
    }

    /// The tournament page for `viewer` (none: a visitor); `operator`: the viewer is one.
    pub fn page(&self, viewer: Option<&PlayerId>, operator: bool) -> TournamentPage {
        let _ = (viewer, operator);
        todo!("run: page")
    }
}
