//! Plays tournaments for the tests: opens the tables the tournament asks for, draws each
//! table's places from a seeded random source, and keeps its own record of what happened so
//! the tests can check the tournament's standings against it.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use nimmt_room::tournament::{Effect, Entrant, Input, TableRef, TableSpec, Tournament};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub fn entrant(i: usize, rating: i32) -> Entrant {
    Entrant {
        player: format!("p{i}"),
        name: format!("Player {i}"),
        rating,
    }
}

/// The points of a place at a table of `seats`, worked out on their own: a win 60, the last
/// place 0, evenly spaced; players sharing a place get the average of the places they take.
pub fn expected_points(place: usize, sharing: usize, seats: usize) -> f64 {
    let of = |p: usize| 60.0 * (seats - p) as f64 / (seats - 1) as f64;
    let taken: Vec<f64> = (place..place + sharing).map(of).collect();
    taken.iter().sum::<f64>() / sharing as f64
}

/// What the test saw: the open tables, the results sent, the byes.
#[derive(Default)]
pub struct Record {
    /// Tables by round, as opened.
    pub rounds: BTreeMap<u32, Vec<TableSpec>>,
    pub byes: BTreeMap<u32, Vec<String>>,
    /// Places sent, by table.
    pub places: BTreeMap<TableRef, Vec<(String, usize)>>,
    pub finished: Option<Vec<nimmt_room::tournament::Standing>>,
    /// Tables opened and not yet given a result.
    pub open: Vec<TableSpec>,
}

impl Record {
    pub fn take(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::OpenTables { round, tables } => {
                    assert!(
                        !self.rounds.contains_key(&round),
                        "round {round} was opened twice"
                    );
                    self.open.extend(tables.iter().cloned());
                    self.rounds.insert(round, tables);
                }
                Effect::Byes { round, players } => {
                    self.byes.insert(round, players);
                }
                Effect::Finished { standings } => {
                    assert!(self.finished.is_none(), "finished twice");
                    self.finished = Some(standings);
                }
                Effect::Announce(_) => {}
            }
        }
    }

    /// Expected points per player from the record alone.
    pub fn expected(&self) -> BTreeMap<String, f64> {
        let mut points: BTreeMap<String, f64> = BTreeMap::new();
        for tables in self.rounds.values() {
            for table in tables {
                let seats = table.players.len() + table.bots;
                if let Some(places) = self.places.get(&table.id) {
                    for (player, place) in places {
                        let sharing = places.iter().filter(|(_, p)| p == place).count();
                        *points.entry(player.clone()).or_default() +=
                            expected_points(*place, sharing, seats);
                    }
                }
            }
        }
        for players in self.byes.values() {
            for player in players {
                *points.entry(player.clone()).or_default() += 30.0;
            }
        }
        points
    }

    /// Every opponent each player met (once per meeting).
    pub fn opponents(&self) -> BTreeMap<String, Vec<String>> {
        let mut met: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for table in self.rounds.values().flatten() {
            for a in &table.players {
                for b in &table.players {
                    if a.player != b.player {
                        met.entry(a.player.clone())
                            .or_default()
                            .push(b.player.clone());
                    }
                }
            }
        }
        met
    }

    /// Players seated in a round.
    pub fn seated(&self, round: u32) -> Vec<String> {
        self.rounds[&round]
            .iter()
            .flat_map(|t| t.players.iter().map(|e| e.player.clone()))
            .collect()
    }
}

/// Random places for a table: a shuffle of the seats (bots included), now and then a tie (the
/// simulation's draw).
pub fn draw_places(table: &TableSpec, rng: &mut ChaCha8Rng) -> Vec<(String, usize)> {
    let players: Vec<String> = table.players.iter().map(|e| e.player.clone()).collect();
    nimmt_room::sim::tournament::draw_places(&players, table.bots, rng)
}

pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The tables among effects to open.
pub fn opened(effects: &[Effect]) -> Vec<TableSpec> {
    effects
        .iter()
        .flat_map(|e| match e {
            Effect::OpenTables { tables, .. } => tables.clone(),
            _ => Vec::new(),
        })
        .collect()
}

/// Sends one table's places, noting them and what follows.
pub fn send(
    t: &mut Tournament,
    record: &mut Record,
    table: TableRef,
    places: Vec<(String, usize)>,
) {
    record.places.insert(table, places.clone());
    record.open.retain(|open| open.id != table);
    let effects = t
        .step(0, Input::Result { table, places })
        .expect("a result is counted");
    record.take(effects);
}

/// Sends the results of every open table (and of the rounds they lead to, once).
pub fn play_open(t: &mut Tournament, record: &mut Record, rng: &mut ChaCha8Rng) {
    let open = std::mem::take(&mut record.open);
    for table in open {
        let places = draw_places(&table, rng);
        send(t, record, table.id, places);
    }
}

/// Checks a round's seating: nobody twice, nobody both seated and given a bye.
pub fn check_round(record: &Record, round: u32) {
    let mut seen = BTreeSet::new();
    for player in record.seated(round) {
        assert!(
            seen.insert(player.clone()),
            "{player} seated twice in round {round}"
        );
    }
    for player in record.byes.get(&round).into_iter().flatten() {
        assert!(
            seen.insert(player.clone()),
            "{player} seated and given a bye in round {round}"
        );
    }
}
