//! Tournaments as a pure state machine: registration, rounds of tables, results, standings.
//!
//! The shell feeds it inputs with the wall-clock time (registrations, withdrawals, the clock's
//! ticks, a missing player, a table's result) and carries out its effects (open these tables,
//! give these byes, announce, the final standings). The whole state is serde data: the server
//! stores it after every step and a restart resumes exactly where it was — a round is opened
//! once, a table's result is counted once (by its [`TableRef`]). See docs/tournaments.md.
//!
//! How a shell drives it: store the state after every accepted step, before carrying out its
//! effects. Send [`Input::Tick`] now and then (it starts the tournament at `start_ms`). On
//! [`Effect::OpenTables`] open each table (remember which room table is which [`TableRef`]),
//! seat its players and `bots` bots; a player not there after the reconnect window gets a bot in
//! their seat: tell [`Input::Missing`]. When a table ends, send [`Input::Result`] with every
//! player's place (1 = first, equal places for a tie, counting bots' seats). After a restart,
//! open the current round's tables that have no room table yet and resend the results of ended
//! ones: results already counted are ignored. Nothing here is random, so the same inputs always
//! give the same tournament.

pub mod director;
pub mod elimination;
pub mod format;
mod page;
pub mod register;
pub mod round;
pub mod standings;
pub mod swiss;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use director::{Director, DirectorEffect, DirectorInput, Run};
pub use format::{layout, Format, Layout, Settings};
pub use standings::{points_for, Points, Standing};

/// A player taking part, as the shell knows them when they register.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub player: String,
    pub name: String,
    /// The player's rating in the tournament's game (seeds round 1 and breaks ties).
    pub rating: i32,
}

/// A tournament table: its round and its number in the round (both from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TableRef {
    pub round: u32,
    pub table: u32,
}

impl fmt::Display for TableRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}t{}", self.round, self.table)
    }
}

/// Where a tournament is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Registration,
    /// A round's tables are being played.
    Running {
        round: u32,
    },
    Finished,
    /// Too few entrants at the start time.
    Cancelled,
}

/// An entrant's record in the tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub entrant: Entrant,
    /// Registration order, from 0.
    pub order: u32,
    pub withdrawn: bool,
    /// Elimination: the round the entrant went out in.
    pub out_in: Option<u32>,
}

/// One table of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundTable {
    pub id: TableRef,
    /// Indexes into the tournament's entries.
    pub seats: Vec<usize>,
    /// Seats filled by bots.
    pub bots: usize,
    /// Entries whose seat a bot played because they were missing.
    pub missing: Vec<usize>,
    /// Each seat's place (aligned with `seats`), once the result is in.
    pub places: Option<Vec<usize>>,
}

impl RoundTable {
    /// Seats at the table, bots included.
    pub fn size(&self) -> usize {
        self.seats.len() + self.bots
    }
}

/// One round: its tables and byes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub number: u32,
    pub tables: Vec<RoundTable>,
    pub byes: Vec<usize>,
}

impl Round {
    pub fn done(&self) -> bool {
        self.tables.iter().all(|t| t.places.is_some())
    }
}

/// A table the shell must open: its seats in order, and how many bots fill it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSpec {
    pub id: TableRef,
    pub players: Vec<Entrant>,
    pub bots: usize,
}

/// What the shell is told to do or say.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Effect {
    /// Open these tables now (seat the players; a missing player's seat is played by a bot
    /// after the reconnect window, then tell the tournament with [`Input::Missing`]).
    OpenTables {
        round: u32,
        tables: Vec<TableSpec>,
    },
    /// These players sit the round out and get the bye's points.
    Byes {
        round: u32,
        players: Vec<String>,
    },
    Announce(Announcement),
    /// The tournament is over: the final standings.
    Finished {
        standings: Vec<Standing>,
    },
}

/// News for the tournament's page and its players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "what", rename_all = "snake_case")]
pub enum Announcement {
    Registered {
        player: String,
    },
    Withdrew {
        player: String,
    },
    Started {
        entrants: usize,
    },
    Cancelled {
        entrants: usize,
        needed: usize,
    },
    RoundStarted {
        round: u32,
    },
    RoundOver {
        round: u32,
    },
    /// A bot played this player's seat this round; its points are theirs.
    BotPlays {
        table: TableRef,
        player: String,
    },
}

/// An input from the shell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Input {
    Register(Entrant),
    Withdraw {
        player: String,
    },
    /// The clock: starts the tournament at its start time.
    Tick,
    /// Start now (the creator), before the start time; refused with too few players.
    Start,
    /// The player was not there at the round's start: a bot plays their seat.
    Missing {
        table: TableRef,
        player: String,
    },
    /// A table ended: each player's place (1 for the first; equal places for a tie), counting
    /// the bots' seats too.
    Result {
        table: TableRef,
        places: Vec<(String, usize)>,
    },
}

/// A refused input; the state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("the table size must be 3 to 6 and at least the game's minimum")]
    TableSize,
    #[error("a Swiss tournament has 1 to 20 rounds")]
    Rounds,
    #[error("at least one player goes on from a table, and at least two do not")]
    Advance,
    #[error("registration is closed")]
    RegistrationClosed,
    #[error("already registered")]
    AlreadyRegistered,
    #[error("not registered")]
    NotRegistered,
    #[error("already withdrawn")]
    AlreadyWithdrawn,
    #[error("the tournament is not running")]
    NotRunning,
    #[error("no such table in the current round")]
    NoSuchTable,
    #[error("the player is not seated at that table")]
    NotSeated,
    #[error("the places do not match the table's seats")]
    BadPlaces,
    #[error("a different result was already counted for that table")]
    AlreadyCounted,
    #[error("the tournament has already started")]
    Started,
    #[error("at least {needed} players are needed to start")]
    TooFew { needed: usize },
    #[error("the tournament is by invitation: the code is missing or wrong")]
    NotInvited,
    #[error("only the creator or an operator may start the tournament")]
    NotCreator,
    #[error("no such tournament")]
    Unknown,
    #[error("a tournament with this id exists already")]
    Exists,
}

impl TournamentError {
    /// The text key of the refusal.
    pub fn key(&self) -> &'static str {
        match self {
            TournamentError::TableSize => "tournament_table_size",
            TournamentError::Rounds => "tournament_rounds",
            TournamentError::Advance => "tournament_advance",
            TournamentError::RegistrationClosed => "tournament_registration_closed",
            TournamentError::AlreadyRegistered => "tournament_already_registered",
            TournamentError::NotRegistered => "tournament_not_registered",
            TournamentError::AlreadyWithdrawn => "tournament_already_withdrawn",
            TournamentError::NotRunning => "tournament_not_running",
            TournamentError::NoSuchTable => "tournament_no_such_table",
            TournamentError::NotSeated => "tournament_not_seated",
            TournamentError::BadPlaces => "tournament_bad_places",
            TournamentError::AlreadyCounted => "tournament_already_counted",
            TournamentError::Started => "tournament_started",
            TournamentError::TooFew { .. } => "tournament_too_few",
            TournamentError::NotInvited => "tournament_not_invited",
            TournamentError::NotCreator => "tournament_not_creator",
            TournamentError::Unknown => "tournament_unknown",
            TournamentError::Exists => "tournament_exists",
        }
    }
}

/// A tournament: settings, entries, rounds played and the phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    pub settings: Settings,
    pub phase: Phase,
    pub entries: Vec<Entry>,
    pub rounds: Vec<Round>,
    /// The next registration's order.
    next_order: u32,
}

impl Tournament {
    /// A new tournament open for registration.
    pub fn new(settings: Settings) -> Result<Tournament, TournamentError> {
        settings.check()?;
        Ok(Tournament {
            settings,
            phase: Phase::Registration,
            entries: Vec::new(),
            rounds: Vec::new(),
            next_order: 0,
        })
    }

    /// Takes one input at wall-clock time `now_ms`. A refused input changes nothing.
    pub fn step(&mut self, now_ms: u64, input: Input) -> Result<Vec<Effect>, TournamentError> {
        match input {
            Input::Register(entrant) => self.register(entrant),
            Input::Withdraw { player } => self.withdraw(&player),
            Input::Tick
                if self.phase == Phase::Registration && now_ms >= self.settings.start_ms =>
            {
                Ok(self.start())
            }
            Input::Tick => Ok(Vec::new()),
            Input::Start if self.phase == Phase::Registration => {
                if self.entries.len() < self.settings.min_entrants() {
                    return Err(TournamentError::TooFew {
                        needed: self.settings.min_entrants(),
                    });
                }
                Ok(self.start())
            }
            Input::Start => Err(TournamentError::Started),
            Input::Missing { table, player } => self.missing(table, &player),
            Input::Result { table, places } => self.result(table, &places),
        }
    }

    /// The entry index of a player.
    pub fn entry_of(&self, player: &str) -> Option<usize> {
        self.entries.iter().position(|e| e.entrant.player == player)
    }

    /// The round being played, if any.
    pub fn current_round(&self) -> Option<&Round> {
        match self.phase {
            Phase::Running { .. } => self.rounds.last(),
            _ => None,
        }
    }

    /// A table of any round played so far.
    pub fn round_table(&self, id: TableRef) -> Option<&RoundTable> {
        self.rounds
            .get((id.round as usize).wrapping_sub(1))
            .and_then(|r| r.tables.get((id.table as usize).wrapping_sub(1)))
    }

    fn table_spec(&self, table: &RoundTable) -> TableSpec {
        TableSpec {
            id: table.id,
            players: table
                .seats
                .iter()
                .map(|&i| self.entries[i].entrant.clone())
                .collect(),
            bots: table.bots,
        }
    }
}
