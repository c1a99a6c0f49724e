//! Tournaments in simulated time, with crashes: a 64-player Swiss of 5 rounds at tables of 4
//! with bots filling, and an elimination of 27 players, run by the [`Director`] exactly as the
//! server's shell runs it. The room's tables are simulated: a table ends after a random time
//! with random places (ties now and then); players are missing (a bot played their seat) or
//! withdraw; results are read late, or again; and the node crashes at random points (between
//! a save and the effects after it, between opening a table and telling the director). After a
//! crash the director is rebuilt from the simulated store (the last saved runs) and the
//! tables found with a tournament's mark, then resumed. A table whose opening lands late is
//! missed by the restart's scan and found later: the director closes it as surplus.
//!
//! After every step the invariants of [`checks`] hold, or the run stops with
//! its seed and step. See docs/simulation.md.

use std::collections::{BTreeMap, BTreeSet};

use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{PlayerId, TableId, TournamentFormat, TournamentId, TournamentSetup};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub mod checks;

use super::Violation;
use crate::tournament::{
    Director, DirectorEffect, DirectorInput, Entrant, Phase, Run, TableRef, TableSpec,
    TournamentError,
};
use checks::Record;

/// The Swiss: 64 players, 5 rounds.
pub const SWISS: TournamentId = 1;
/// The elimination: 27 players.
pub const ELIMINATION: TournamentId = 2;
/// The simulated clock's start (wall clock, ms).
const START_MS: u64 = 1_800_000_000_000;
/// Chance of a crash before each effect after a save.
const CRASH_BETWEEN_EFFECTS: f64 = 0.01;
/// Chance of a crash between opening a table and telling the director.
const CRASH_AFTER_OPENING: f64 = 0.03;
/// Chance that a step is a crash between steps.
const CRASH_AT_REST: f64 = 0.01;
/// Most crashes inside one restart's own effects.
const MOST_NESTED_CRASHES: u32 = 2;

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournamentStats {
    pub tournaments: u64,
    pub finished: u64,
    pub rounds: u64,
    /// Room tables opened.
    pub tables: u64,
    pub crashes: u64,
    /// Results read and told to the director again after the first time.
    pub delivered_twice: u64,
    /// Room tables closed as surplus (their opening landed after a restart's scan).
    pub surplus: u64,
    /// Seats a bot played because the player was missing.
    pub missing: u64,
    pub withdrawals: u64,
    /// Steps after which every invariant was checked and held.
    pub checks: u64,
}

impl TournamentStats {
    /// Adds another run's figures.
    pub fn add(&mut self, other: &TournamentStats) {
        self.tournaments += other.tournaments;
        self.finished += other.finished;
        self.rounds += other.rounds;
        self.tables += other.tables;
        self.crashes += other.crashes;
        self.delivered_twice += other.delivered_twice;
        self.surplus += other.surplus;
        self.missing += other.missing;
        self.withdrawals += other.withdrawals;
        self.checks += other.checks;
    }
}

/// A simulated room table of a tournament.
#[derive(Clone, Debug)]
pub struct SimTable {
    pub tournament: TournamentId,
    /// The tournament's mark in the table's settings.
    pub table: TableRef,
    pub players: Vec<PlayerId>,
    pub bots: usize,
    /// Players a bot stands in for.
    pub missing: Vec<PlayerId>,
    pub ends_ms: u64,
    /// The places once the game ended.
    pub result: Option<Vec<(PlayerId, usize)>>,
    /// Before this time, a scan of the store does not find the table (its opening lands late).
    pub found_from_ms: u64,
    /// Closed as surplus.
    pub closed: bool,
    /// Times its result was told to the director.
    pub delivered: u32,
    /// The shell read its result and need not read it again (until a restart).
    pub read: bool,
}

impl SimTable {
    /// Open, or ended but not closed: a room table that plays its tournament table.
    pub fn live(&self) -> bool {
        !self.closed && self.result.is_none()
    }
}

/// The simulated node, its store and the room's tables.
pub struct TournamentSim {
    pub director: Director,
    /// The last saved run of each tournament.
    pub store: BTreeMap<TournamentId, Run>,
    pub tables: BTreeMap<TableId, SimTable>,
    /// Tables told to this node's director (since its last start).
    fed: BTreeSet<TableId>,
    next_table: TableId,
    pub now_ms: u64,
    rng: ChaCha8Rng,
    /// Counts the node's starts: effects of an earlier start are not carried out.
    incarnation: u64,
    restarting: u32,
    pub record: Record,
    pub stats: TournamentStats,
}

fn setup(name: &str, format: TournamentFormat, bots_fill: bool) -> TournamentSetup {
    TournamentSetup {
        name: name.into(),
        game: GameKind::new("classic"),
        options: OptionMap::new(),
        format,
        table_size: 4,
        start_ms: START_MS + 5 * 60_000,
        rated: true,
        invitation: false,
        bots_fill,
    }
}

impl TournamentSim {
    pub fn new(seed: u64) -> TournamentSim {
        let mut sim = TournamentSim {
            director: Director::new(),
            store: BTreeMap::new(),
            tables: BTreeMap::new(),
            fed: BTreeSet::new(),
            next_table: 1,
            now_ms: START_MS,
            rng: ChaCha8Rng::seed_from_u64(seed),
            incarnation: 0,
            restarting: 0,
            record: Record::default(),
            stats: TournamentStats::default(),
        };
        let events = [
            (
                SWISS,
                "Sunday Swiss",
                TournamentFormat::Swiss { rounds: 5 },
                64,
                true,
            ),
            (
                ELIMINATION,
                "Knockout Cup",
                TournamentFormat::Elimination { advance: 2 },
                27,
                false,
            ),
        ];
        for (id, name, format, players, bots_fill) in events {
            let create = DirectorInput::Create {
                id,
                setup: setup(name, format, bots_fill),
                creator: "op".into(),
                creator_name: "Operator".into(),
                code: None,
                game_min: 2,
            };
            sim.accept(create);
            for i in 0..players {
                let entrant = Entrant {
                    player: format!("t{id}p{i}"),
                    name: format!("Player {i}"),
                    // Ratings spread, some equal.
                    rating: 1400 + sim.rng.random_range(0..30) * 10,
                };
                let bot_account = sim.rng.random_bool(0.1);
                sim.accept(DirectorInput::Register {
                    id,
                    entrant,
                    bot_account,
                    code: None,
                });
            }
            sim.stats.tournaments += 1;
        }
        sim
    }

    /// An input that must be accepted, carried out without crashes (the setup of a run).
    fn accept(&mut self, input: DirectorInput) {
        let effects = self.director.step(self.now_ms, input).expect("accepted");
        self.restarting = MOST_NESTED_CRASHES;
        self.carry(effects).expect("carried out");
        self.restarting = 0;
    }

    /// Whether every tournament finished.
    pub fn done(&self) -> bool {
        self.store.values().all(|r| r.core.phase == Phase::Finished)
    }

    /// One step: time passes (tables end), now and then a player withdraws or the node
    /// crashes, then the shell's tick: tables found, the clock, results read.
    pub fn step(&mut self) -> Result<(), Violation> {
        self.now_ms += self.rng.random_range(1_000..60_000);
        let now = self.now_ms;
        for table in self.tables.values_mut() {
            if !table.closed && table.result.is_none() && now >= table.ends_ms {
                table.result = Some(draw_places(&table.players, table.bots, &mut self.rng));
            }
        }
        if self.rng.random_bool(CRASH_AT_REST) {
            self.crash()?;
        }
        if self.rng.random_bool(0.02) {
            self.withdraw()?;
        }
        self.tick()?;
        checks::at_rest(self)?;
        self.stats.checks += 1;
        Ok(())
    }

    fn withdraw(&mut self) -> Result<(), Violation> {
        let id = *[SWISS, ELIMINATION].choose(&mut self.rng).expect("two");
        let Some(run) = self.director.get(id) else {
            return Ok(());
        };
        let still: Vec<String> = run
            .core
            .entries
            .iter()
            .filter(|e| !e.withdrawn && e.out_in.is_none())
            .map(|e| e.entrant.player.clone())
            .collect();
        let Some(player) = still.choose(&mut self.rng).cloned() else {
            return Ok(());
        };
        match self
            .director
            .step(self.now_ms, DirectorInput::Withdraw { id, player })
        {
            Ok(effects) => {
                self.stats.withdrawals += 1;
                self.carry(effects)
            }
            Err(TournamentError::NotRunning) => Ok(()),
            Err(e) => Err(Violation::new(14, format!("a withdrawal was refused: {e}"))),
        }
    }

    /// The shell's tick: tables found late are told, the clock, ended tables' results read
    /// (some late, some again).
    fn tick(&mut self) -> Result<(), Violation> {
        let found: Vec<TableId> = self
            .tables
            .iter()
            .filter(|(t, table)| {
                !table.closed && table.found_from_ms <= self.now_ms && !self.fed.contains(t)
            })
            .map(|(&t, _)| t)
            .collect();
        for table_id in found {
            self.table_found(table_id)?;
        }
        let effects = self
            .director
            .step(self.now_ms, DirectorInput::Tick)
            .map_err(|e| Violation::new(17, format!("the clock was refused: {e}")))?;
        self.carry(effects)?;
        let ended: Vec<TableId> = self
            .tables
            .iter()
            .filter(|(_, t)| !t.closed && !t.read && t.result.is_some())
            .filter(|(_, t)| t.found_from_ms <= self.now_ms)
            .map(|(&t, _)| t)
            .collect();
        for table_id in ended {
            if self.rng.random_bool(0.3) {
                continue; // read late: at a later tick
            }
            self.deliver(table_id)?;
        }
        Ok(())
    }

    /// Tells the director a table's result, as read from the store.
    fn deliver(&mut self, table_id: TableId) -> Result<(), Violation> {
        let table = self.tables.get_mut(&table_id).expect("a table");
        table.delivered += 1;
        if table.delivered > 1 {
            self.stats.delivered_twice += 1;
        }
        // Most results are read once; some are read again at the next tick.
        table.read = self.rng.random_bool(0.8);
        let input = DirectorInput::TableEnded {
            table_id,
            places: table.result.clone().expect("ended"),
            bot_played: table.missing.clone(),
        };
        let effects = self.director.step(self.now_ms, input).map_err(|e| {
            Violation::new(
                14,
                format!("the result of table {table_id} was refused: {e}"),
            )
        })?;
        self.carry(effects)
    }

    /// Tells the director a room table with a tournament's mark.
    fn table_found(&mut self, table_id: TableId) -> Result<(), Violation> {
        self.fed.insert(table_id);
        let table = &self.tables[&table_id];
        let key = (table.tournament, table.table);
        let input = DirectorInput::TableOpened {
            id: table.tournament,
            table: table.table,
            table_id,
        };
        let effects = self.director.step(self.now_ms, input).map_err(|e| {
            Violation::new(13, format!("table {table_id} for {key:?} was refused: {e}"))
        })?;
        let surplus = effects.contains(&DirectorEffect::Surplus { table_id });
        if !surplus {
            if let Some(&other) = self.record.counted.get(&key) {
                if other != table_id {
                    let message = format!("{key:?} is played by table {other} and {table_id}");
                    return Err(Violation::new(12, message));
                }
            }
            self.record.counted.insert(key, table_id);
        }
        self.carry(effects)
    }

    /// Carries out effects in order; the node may crash before any effect after a save.
    fn carry(&mut self, effects: Vec<DirectorEffect>) -> Result<(), Violation> {
        let incarnation = self.incarnation;
        for (n, effect) in effects.into_iter().enumerate() {
            if self.incarnation != incarnation {
                return Ok(()); // the node crashed: the rest is lost
            }
            if n > 0 && self.may_crash() && self.rng.random_bool(CRASH_BETWEEN_EFFECTS) {
                return self.crash();
            }
            match effect {
                DirectorEffect::Save(run) => {
                    self.store.insert(run.id, *run);
                }
                DirectorEffect::OpenTable { id, spec, .. } => self.open(id, spec)?,
                DirectorEffect::Seated {
                    player, table_id, ..
                } => self.record.seated(&self.tables, player, table_id)?,
                DirectorEffect::Surplus { table_id } => {
                    let table = self.tables.get_mut(&table_id).expect("a table");
                    if !table.closed {
                        table.closed = true;
                        self.stats.surplus += 1;
                    }
                }
                DirectorEffect::Finished { .. }
                | DirectorEffect::Notice { .. }
                | DirectorEffect::Changed { .. } => {}
            }
        }
        Ok(())
    }

    fn may_crash(&self) -> bool {
        self.restarting < MOST_NESTED_CRASHES
    }

    /// Opens a room table for a tournament table, marked with it; tells the director.
    fn open(&mut self, id: TournamentId, spec: TableSpec) -> Result<(), Violation> {
        checks::may_open(self, id, &spec)?;
        let table_id = self.next_table;
        self.next_table += 1;
        self.stats.tables += 1;
        let players: Vec<PlayerId> = spec.players.iter().map(|e| e.player.clone()).collect();
        let missing: Vec<PlayerId> = players
            .iter()
            .filter(|_| self.rng.random_bool(0.06))
            .cloned()
            .collect();
        self.stats.missing += missing.len() as u64;
        let ends_ms = self.now_ms + self.rng.random_range(2 * 60_000..25 * 60_000);
        self.tables.insert(
            table_id,
            SimTable {
                tournament: id,
                table: spec.id,
                players,
                bots: spec.bots,
                missing,
                ends_ms,
                result: None,
                found_from_ms: self.now_ms,
                closed: false,
                delivered: 0,
                read: false,
            },
        );
        if self.may_crash() && self.rng.random_bool(CRASH_AFTER_OPENING) {
            if self.rng.random_bool(0.5) {
                // The opening lands after the restart's scan of the store.
                let late = self.rng.random_range(30_000..10 * 60_000);
                self.tables
                    .get_mut(&table_id)
                    .expect("opened")
                    .found_from_ms += late;
            }
            return self.crash();
        }
        self.table_found(table_id)
    }

    /// The node crashes and starts again: a new director loads the saved runs, is told the
    /// tables found, and resumes each tournament.
    fn crash(&mut self) -> Result<(), Violation> {
        self.stats.crashes += 1;
        self.incarnation += 1;
        self.restarting += 1;
        self.director = Director::new();
        self.fed.clear();
        for table in self.tables.values_mut() {
            table.read = false;
        }
        for run in self.store.values() {
            self.director
                .step(self.now_ms, DirectorInput::Load(Box::new(run.clone())))
                .map_err(|e| Violation::new(14, format!("a saved run was refused: {e}")))?;
        }
        let found: Vec<TableId> = self
            .tables
            .iter()
            .filter(|(_, t)| !t.closed && t.found_from_ms <= self.now_ms)
            .map(|(&t, _)| t)
            .collect();
        let incarnation = self.incarnation;
        for table_id in found {
            if self.incarnation != incarnation {
                break; // crashed again while restarting: that restart did the rest
            }
            self.table_found(table_id)?;
        }
        let ids: Vec<TournamentId> = self.store.keys().copied().collect();
        for id in ids {
            if self.incarnation != incarnation {
                break;
            }
            let effects = self.director.resume(id);
            self.carry(effects)?;
        }
        self.restarting -= 1;
        Ok(())
    }
}

/// Random places for a table's `players` and `bots` more seats: a shuffle of the seats (bots'
/// seats take places too), now and then two players next to each other sharing the better place.
/// The core's tests draw their results with it too.
pub fn draw_places(
    players: &[PlayerId],
    bots: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<(PlayerId, usize)> {
    let mut order: Vec<usize> = (1..=players.len() + bots).collect();
    order.shuffle(rng);
    let mut places: Vec<(PlayerId, usize)> = players.iter().cloned().zip(order).collect();
    if rng.random_bool(0.15) {
        let pick = rng.random_range(0..places.len());
        let place = places[pick].1;
        if let Some(other) = places.iter().position(|(_, p)| *p + 1 == place) {
            places[pick].1 = places[other].1;
        }
    }
    places
}

/// Most steps a run takes before it counts as waiting forever.
pub const MOST_STEPS: u64 = 20_000;

/// Runs the tournaments of `seed` to their end: what happened, or the step where an invariant
/// broke (17: a tournament did not finish within [`MOST_STEPS`]).
pub fn run(seed: u64) -> Result<TournamentStats, (u64, Violation)> {
    let mut sim = TournamentSim::new(seed);
    let mut step = 0;
    while !sim.done() {
        step += 1;
        if step > MOST_STEPS {
            let waiting = checks::waiting(&sim);
            return Err((step, Violation::new(17, waiting)));
        }
        sim.step().map_err(|v| (step, v))?;
    }
    // Tables whose opening landed late are found (and closed) within minutes.
    while sim.tables.values().any(|t| t.found_from_ms > sim.now_ms) {
        step += 1;
        sim.step().map_err(|v| (step, v))?;
    }
    checks::at_end(&sim).map_err(|v| (step, v))?;
    sim.stats.rounds = sim.store.values().map(|r| r.core.rounds.len() as u64).sum();
    sim.stats.finished = sim.store.len() as u64;
    Ok(sim.stats)
}
