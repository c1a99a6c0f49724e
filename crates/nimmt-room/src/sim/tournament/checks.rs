//! The tournaments' invariants in the simulation, checked after every step:
//!
//! 11. every player sits at most one table a round, and no one is both seated and given a bye;
//!     a room table seats exactly its tournament table's players;
//! 12. no tournament table has two room tables that play it (a second one is closed as
//!     surplus as soon as it is found);
//! 13. no round is paired twice (a round's seats never change once saved), a table is opened
//!     only for the round being played and only when no room table plays it, and a player is
//!     told of a table once, and only of the table that counts;
//! 14. each result is counted once: the store holds what the director holds; a counted table's
//!     places are its room table's; every player's points are the sum of their places' points
//!     and byes, worked out here on their own;
//! 15. repeats are minimal: a Swiss round seats no more pairs who met before than cutting the
//!     standings in order would;
//! 16. the standings are ordered by the documented tie-breaks (the opponents' points and an
//!     elimination player's last place worked out here);
//! 17. the tournaments finish (nothing waits forever).

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

use nimmt_protocol::{PlayerId, TableId, TournamentId};

use super::{SimTable, TournamentSim};
use crate::sim::Violation;
use crate::tournament::swiss::{self, Met};
use crate::tournament::{Format, Run, Standing, TableRef, TableSpec};

/// A round's seats: each table's entries, then the byes.
pub type Seating = (Vec<Vec<usize>>, Vec<usize>);

/// What the simulation saw, for the checks.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// The room table that plays each tournament table: the first the director took.
    pub counted: BTreeMap<(TournamentId, TableRef), TableId>,
    /// Each round's seats (tables, then byes) when first seen.
    pub pairings: BTreeMap<(TournamentId, u32), Seating>,
    /// Players told of a table.
    pub told: BTreeSet<(PlayerId, TableId)>,
}

fn broken(invariant: u8, message: String) -> Result<(), Violation> {
    Err(Violation::new(invariant, message))
}

impl Record {
    /// A player is told of their table: once, of the table that counts, where they sit (13).
    pub fn seated(
        &mut self,
        tables: &BTreeMap<TableId, SimTable>,
        player: PlayerId,
        table_id: TableId,
    ) -> Result<(), Violation> {
        let Some(table) = tables.get(&table_id) else {
            return broken(
                13,
                format!("{player} told of table {table_id}, never opened"),
            );
        };
        if self.counted.get(&(table.tournament, table.table)) != Some(&table_id) {
            return broken(13, format!("{player} told of surplus table {table_id}"));
        }
        if !table.players.contains(&player) {
            return broken(
                13,
                format!("{player} told of table {table_id}, not seated there"),
            );
        }
        if !self.told.insert((player.clone(), table_id)) {
            return broken(13, format!("{player} told of table {table_id} twice"));
        }
        Ok(())
    }
}

/// A table may be opened: its round is being played, and no room table found plays it (13).
pub fn may_open(sim: &TournamentSim, id: TournamentId, spec: &TableSpec) -> Result<(), Violation> {
    let round = sim
        .director
        .get(id)
        .and_then(|r| r.core.current_round())
        .map(|r| r.number);
    if round != Some(spec.id.round) {
        return broken(13, format!("{id}: {} opened in round {round:?}", spec.id));
    }
    let playing = sim.tables.iter().find(|(_, t)| {
        t.tournament == id && t.table == spec.id && !t.closed && t.found_from_ms <= sim.now_ms
    });
    if let Some((table_id, _)) = playing {
        return broken(
            13,
            format!("{id}: {} opened again (table {table_id})", spec.id),
        );
    }
    Ok(())
}

/// Every invariant but the last, after a step.
pub fn at_rest(sim: &mut TournamentSim) -> Result<(), Violation> {
    let runs: Vec<&Run> = sim.director.runs().collect();
    if runs.len() != sim.store.len() || runs.iter().any(|r| sim.store.get(&r.id) != Some(*r)) {
        return broken(14, "the store does not hold what the director holds".into());
    }
    let mut counted = BTreeMap::new();
    for (&table_id, table) in &sim.tables {
        if table.closed || table.found_from_ms > sim.now_ms {
            continue;
        }
        let key = (table.tournament, table.table);
        if let Some(other) = counted.insert(key, table_id) {
            return broken(
                12,
                format!("{key:?} has room tables {other} and {table_id}"),
            );
        }
    }
    for run in sim.store.values() {
        seating(run, &sim.tables)?;
        pairings(run, &mut sim.record)?;
        points(run, &sim.record, &sim.tables)?;
    }
    Ok(())
}

/// 11: nobody twice in a round; room tables seat their tournament table's players.
fn seating(run: &Run, tables: &BTreeMap<TableId, SimTable>) -> Result<(), Violation> {
    let core = &run.core;
    for round in &core.rounds {
        let mut seen = BTreeSet::new();
        let seats = round.tables.iter().flat_map(|t| &t.seats);
        for &e in seats.chain(&round.byes) {
            if !seen.insert(e) {
                let player = &core.entries[e].entrant.player;
                return broken(11, format!("{player} twice in round {}", round.number));
            }
        }
    }
    for (table_id, table) in tables.iter().filter(|(_, t)| t.tournament == run.id) {
        let Some(at) = core.round_table(table.table) else {
            return broken(
                11,
                format!("table {table_id} plays {}, not paired", table.table),
            );
        };
        let players: Vec<&String> = at
            .seats
            .iter()
            .map(|&e| &core.entries[e].entrant.player)
            .collect();
        if players != table.players.iter().collect::<Vec<_>>() || at.bots != table.bots {
            return broken(
                11,
                format!("table {table_id} does not seat {}", table.table),
            );
        }
    }
    Ok(())
}

/// 13 and 15: a round's seats never change once seen; a new Swiss round repeats no more than
/// the plain cut of its standing.
fn pairings(run: &Run, record: &mut Record) -> Result<(), Violation> {
    for round in &run.core.rounds {
        let seats = (
            round
                .tables
                .iter()
                .map(|t| t.seats.clone())
                .collect::<Vec<_>>(),
            round.byes.clone(),
        );
        let key = (run.id, round.number);
        match record.pairings.get(&key) {
            Some(first) if *first == seats => {}
            Some(_) => return broken(13, format!("{key:?} was paired twice")),
            None => {
                if matches!(run.core.settings.format, Format::Swiss { .. }) {
                    repeats_minimal(run, round.number, &seats.0)?;
                }
                record.pairings.insert(key, seats);
            }
        }
    }
    Ok(())
}

fn repeats_minimal(run: &Run, number: u32, tables: &[Vec<usize>]) -> Result<(), Violation> {
    let core = &run.core;
    let earlier = || {
        core.rounds
            .iter()
            .filter(|r| r.number < number)
            .flat_map(|r| r.tables.iter().map(|t| t.seats.as_slice()))
    };
    let met = Met::from_tables(earlier());
    let mut before = core.clone();
    before.rounds.truncate(number as usize - 1);
    let seated: BTreeSet<usize> = tables.iter().flatten().copied().collect();
    let order: Vec<usize> = before
        .standings()
        .iter()
        .filter_map(|s| core.entry_of(&s.player))
        .filter(|e| seated.contains(e))
        .collect();
    let sizes: Vec<usize> = tables.iter().map(Vec::len).collect();
    let plain = swiss::in_order(&order, &sizes);
    let (paired, cut) = (met.round_repeats(tables), met.round_repeats(&plain));
    if paired > cut {
        let message = format!("round {number}: {paired} repeats, the plain cut has {cut}");
        return broken(15, message);
    }
    Ok(())
}

/// The points of a place shared by `sharing` players at a table of `seats`, on their own: a
/// win 60, the last place 0, evenly spaced; a shared place the average of the places taken.
fn place_points(place: usize, sharing: usize, seats: usize) -> f64 {
    let of = |p: usize| 60.0 * (seats - p) as f64 / (seats - 1) as f64;
    (place..place + sharing).map(of).sum::<f64>() / sharing as f64
}

/// 14 and 16: counted places are the room tables' places; points and the opponents' points
/// worked out from them; the standings in the tie-breaks' order.
fn points(
    run: &Run,
    record: &Record,
    tables: &BTreeMap<TableId, SimTable>,
) -> Result<(), Violation> {
    let core = &run.core;
    let mut points: BTreeMap<&str, f64> = BTreeMap::new();
    let mut met: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    // Each player's place at the last table they played (elimination's order).
    let mut last: BTreeMap<&str, usize> = BTreeMap::new();
    for round in &core.rounds {
        for &e in &round.byes {
            *points.entry(&core.entries[e].entrant.player).or_default() += 30.0;
        }
        for at in round.tables.iter().filter(|t| t.places.is_some()) {
            let key = (run.id, at.id);
            let result = record
                .counted
                .get(&key)
                .and_then(|t| tables[t].result.as_ref());
            let Some(result) = result else {
                return broken(
                    14,
                    format!("{key:?} counted without its room table's result"),
                );
            };
            let counted: Vec<(&String, usize)> = at
                .seats
                .iter()
                .map(|&e| &core.entries[e].entrant.player)
                .zip(at.places.iter().flatten().copied())
                .collect();
            let played: Vec<(&String, usize)> = result.iter().map(|(p, n)| (p, *n)).collect();
            if counted != played {
                return broken(
                    14,
                    format!("{key:?} counted {counted:?}, played {played:?}"),
                );
            }
            for (player, place) in &played {
                let sharing = played.iter().filter(|(_, n)| n == place).count();
                let seats = at.size();
                *points.entry(player).or_default() += place_points(*place, sharing, seats);
                let others = played
                    .iter()
                    .filter(|(o, _)| o != player)
                    .map(|(o, _)| o.as_str());
                met.entry(player).or_default().extend(others);
                last.insert(player, *place);
            }
        }
    }
    let standings = core.standings();
    for line in &standings {
        let want = points.get(line.player.as_str()).copied().unwrap_or(0.0);
        let opponents: f64 = met
            .get(line.player.as_str())
            .into_iter()
            .flatten()
            .map(|o| points.get(o).copied().unwrap_or(0.0))
            .sum();
        if (line.points.as_f64() - want).abs() > 1e-9
            || (line.opponents.as_f64() - opponents).abs() > 1e-9
        {
            let message = format!(
                "{}: {} points ({} opponents'), the places give {want} ({opponents})",
                line.player, line.points, line.opponents
            );
            return broken(14, message);
        }
    }
    ordered(&core.settings.format, &standings, &last)
}

/// 16: Swiss: points, opponents' points, rating, registration; elimination: the winner, then
/// the later out first, by their place at their last table, then as the Swiss.
fn ordered(
    format: &Format,
    standings: &[Standing],
    last: &BTreeMap<&str, usize>,
) -> Result<(), Violation> {
    let swiss = |s: &Standing| {
        (
            Reverse(s.points),
            Reverse(s.opponents),
            Reverse(s.rating),
            s.entry,
        )
    };
    let elimination = |s: &Standing| {
        let out = s.out_in.map_or(u32::MAX, |r| r);
        let place = last.get(s.player.as_str()).copied().unwrap_or(0);
        (Reverse(out), place, swiss(s))
    };
    for pair in standings.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let in_order = match format {
            Format::Swiss { .. } => swiss(a) < swiss(b),
            Format::Elimination { .. } => elimination(a) < elimination(b),
        };
        if !in_order || a.rank + 1 != b.rank {
            return broken(16, format!("{} ranked before {}", a.player, b.player));
        }
    }
    Ok(())
}

/// After the tournaments finished: every table counted, every other room table closed.
pub fn at_end(sim: &TournamentSim) -> Result<(), Violation> {
    for run in sim.store.values() {
        let tables = run.core.rounds.iter().flat_map(|r| &r.tables);
        if let Some(t) = tables.clone().find(|t| t.places.is_none()) {
            return broken(17, format!("{}: {} never counted", run.id, t.id));
        }
    }
    for (table_id, t) in &sim.tables {
        let counted = sim.record.counted.get(&(t.tournament, t.table)) == Some(table_id);
        if !counted && !t.closed {
            return broken(12, format!("surplus table {table_id} never closed"));
        }
    }
    Ok(())
}

/// What the unfinished tournaments wait for.
pub fn waiting(sim: &TournamentSim) -> String {
    let mut lines = Vec::new();
    for run in sim
        .store
        .values()
        .filter(|r| r.core.current_round().is_some())
    {
        let round = run.core.current_round().expect("running");
        let open: Vec<String> = round
            .tables
            .iter()
            .filter(|t| t.places.is_none())
            .map(|t| format!("{} (room table {:?})", t.id, run.room_table(t.id)))
            .collect();
        lines.push(format!("{} waits for {}", run.id, open.join(", ")));
    }
    format!("the tournaments do not finish: {}", lines.join("; "))
}
