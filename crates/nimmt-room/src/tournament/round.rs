//! A round's life: its tables are opened, missing players noted, results counted (once per
//! table), and when the last table is in, the next round is paired or the tournament ends.

use super::elimination::{self, AtTable};
use super::format::layout;
use super::swiss::{self, Met};
use super::{
    Announcement, Effect, Format, Phase, Round, RoundTable, TableRef, Tournament, TournamentError,
};

impl Tournament {
    /// Pairs and opens the next round, or finishes when there is none.
    pub(super) fn next_round(&mut self) -> Vec<Effect> {
        let number = self.rounds.len() as u32 + 1;
        let round = match self.settings.format {
            Format::Swiss { rounds } if number > rounds => None,
            Format::Swiss { .. } => self.swiss_round(number),
            Format::Elimination { .. } => self.elimination_round(number),
        };
        let Some(round) = round else {
            return self.finish();
        };
        let mut effects = vec![Effect::Announce(Announcement::RoundStarted {
            round: number,
        })];
        let tables = round.tables.iter().map(|t| self.table_spec(t)).collect();
        effects.push(Effect::OpenTables {
            round: number,
            tables,
        });
        if !round.byes.is_empty() {
            let players = round
                .byes
                .iter()
                .map(|&i| self.entries[i].entrant.player.clone())
                .collect();
            effects.push(Effect::Byes {
                round: number,
                players,
            });
        }
        self.phase = Phase::Running { round: number };
        let all_byes = round.tables.is_empty();
        self.rounds.push(round);
        if all_byes {
            // Nobody to seat (everyone has a bye): the round is over at once.
            effects.extend(self.round_over());
        }
        effects
    }

    fn swiss_round(&self, number: u32) -> Option<Round> {
        let standing: Vec<usize> = self
            .ranked()
            .into_iter()
            .map(|(i, _)| i)
            .filter(|&i| !self.entries[i].withdrawn)
            .collect();
        if standing.is_empty() {
            return None;
        }
        let shape = layout(&self.settings, standing.len());
        // Byes go to the lowest standing among those with the fewest byes so far.
        let byes_so_far = |i: usize| self.rounds.iter().filter(|r| r.byes.contains(&i)).count();
        let mut by_bye: Vec<(usize, usize)> = standing
            .iter()
            .enumerate()
            .map(|(pos, &i)| (byes_so_far(i), usize::MAX - pos))
            .collect();
        by_bye.sort();
        let byes: Vec<usize> = by_bye
            .iter()
            .take(shape.byes)
            .map(|&(_, pos)| standing[usize::MAX - pos])
            .collect();
        let seated: Vec<usize> = standing
            .iter()
            .copied()
            .filter(|i| !byes.contains(i))
            .collect();
        let met = self.met();
        let tables = swiss::pair(&seated, &shape.players, &met);
        Some(self.make_round(number, tables, &shape.bots, byes))
    }

    fn elimination_round(&self, number: u32) -> Option<Round> {
        let mut seeds = self.active();
        if seeds.len() <= 1 {
            return None;
        }
        seeds.sort_by(|&a, &b| {
            let (a, b) = (&self.entries[a], &self.entries[b]);
            b.entrant
                .rating
                .cmp(&a.entrant.rating)
                .then(a.order.cmp(&b.order))
        });
        let k = self.settings.table_size;
        let (sizes, bots, byes) = if seeds.len() <= k {
            // The final: one table of everyone left. When withdrawals left fewer than the game
            // needs, bots fill the missing seats (even in a tournament without bots).
            let short = self.settings.game_min.saturating_sub(seeds.len());
            (vec![seeds.len()], vec![short], 0)
        } else {
            let shape = layout(&self.settings, seeds.len());
            (shape.players, shape.bots, shape.byes)
        };
        // The best seeds get the byes (they go on without playing).
        let byes: Vec<usize> = seeds[..byes].to_vec();
        let tables = elimination::seat(&seeds[byes.len()..], &sizes);
        Some(self.make_round(number, tables, &bots, byes))
    }

    fn make_round(
        &self,
        number: u32,
        tables: Vec<Vec<usize>>,
        bots: &[usize],
        byes: Vec<usize>,
    ) -> Round {
        let tables = tables
            .into_iter()
            .enumerate()
            .map(|(t, seats)| RoundTable {
                id: TableRef {
                    round: number,
                    table: t as u32 + 1,
                },
                seats,
                bots: bots.get(t).copied().unwrap_or(0),
                missing: Vec::new(),
                places: None,
            })
            .collect();
        Round {
            number,
            tables,
            byes,
        }
    }

    /// Who met whom over the rounds played so far.
    pub fn met(&self) -> Met {
        Met::from_tables(
            self.rounds
                .iter()
                .flat_map(|r| r.tables.iter().map(|t| t.seats.as_slice())),
        )
    }

    fn table_mut(&mut self, id: TableRef) -> Result<&mut RoundTable, TournamentError> {
        self.rounds
            .get_mut((id.round as usize).wrapping_sub(1))
            .and_then(|r| r.tables.get_mut((id.table as usize).wrapping_sub(1)))
            .ok_or(TournamentError::NoSuchTable)
    }

    /// Notes that a bot plays `player`'s seat at `table` (they were missing at the start).
    pub(super) fn missing(
        &mut self,
        id: TableRef,
        player: &str,
    ) -> Result<Vec<Effect>, TournamentError> {
        if !matches!(self.phase, Phase::Running { round } if round == id.round) {
            return Err(TournamentError::NoSuchTable);
        }
        let entry = self
            .entry_of(player)
            .ok_or(TournamentError::NotRegistered)?;
        let table = self.table_mut(id)?;
        if !table.seats.contains(&entry) {
            return Err(TournamentError::NotSeated);
        }
        if table.missing.contains(&entry) || table.places.is_some() {
            return Ok(Vec::new());
        }
        table.missing.push(entry);
        Ok(vec![Effect::Announce(Announcement::BotPlays {
            table: id,
            player: player.to_string(),
        })])
    }

    /// Counts a table's result once; the same result again is ignored, a different one refused.
    pub(super) fn result(
        &mut self,
        id: TableRef,
        places: &[(String, usize)],
    ) -> Result<Vec<Effect>, TournamentError> {
        if self.phase == Phase::Registration || self.phase == Phase::Cancelled {
            return Err(TournamentError::NotRunning);
        }
        let mut aligned = Vec::new();
        {
            let entries = &self.entries;
            let index_of = |p: &str| entries.iter().position(|e| e.entrant.player == p);
            let table = self
                .rounds
                .get((id.round as usize).wrapping_sub(1))
                .and_then(|r| r.tables.get((id.table as usize).wrapping_sub(1)))
                .ok_or(TournamentError::NoSuchTable)?;
            if places.len() != table.seats.len() {
                return Err(TournamentError::BadPlaces);
            }
            for &seat in &table.seats {
                let mut given = places
                    .iter()
                    .filter(|(p, _)| index_of(p) == Some(seat))
                    .map(|&(_, place)| place);
                match (given.next(), given.next()) {
                    (Some(place), None) if (1..=table.size()).contains(&place) => {
                        aligned.push(place)
                    }
                    _ => return Err(TournamentError::BadPlaces),
                }
            }
            if let Some(counted) = &table.places {
                return if *counted == aligned {
                    Ok(Vec::new())
                } else {
                    Err(TournamentError::AlreadyCounted)
                };
            }
        }
        self.table_mut(id)?.places = Some(aligned);
        let done = self.rounds.last().is_some_and(|r| r.done());
        Ok(if done { self.round_over() } else { Vec::new() })
    }

    /// The last table of the round is in: who is out (elimination), then the next round.
    fn round_over(&mut self) -> Vec<Effect> {
        let Some(round) = self.rounds.last() else {
            return Vec::new();
        };
        let number = round.number;
        if let Format::Elimination { advance } = self.settings.format {
            let final_table = round.byes.is_empty() && round.tables.len() == 1;
            // Players who withdrew do not go on: count those who may.
            let sizes: Vec<usize> = round
                .tables
                .iter()
                .map(|t| {
                    t.seats
                        .iter()
                        .filter(|&&e| !self.entries[e].withdrawn)
                        .count()
                })
                .collect();
            let quotas = if final_table {
                vec![1]
            } else {
                elimination::quotas(&sizes, advance, round.byes.len(), self.settings.game_min)
            };
            let mut out = Vec::new();
            for (table, goes_on) in round.tables.iter().zip(quotas) {
                let places = table.places.as_deref().unwrap_or_default();
                let seats: Vec<AtTable> = table
                    .seats
                    .iter()
                    .zip(places)
                    .map(|(&entry, &place)| {
                        let e = &self.entries[entry];
                        AtTable {
                            entry,
                            place,
                            rating: e.entrant.rating,
                            order: e.order,
                            withdrawn: e.withdrawn,
                        }
                    })
                    .collect();
                let on = elimination::advancing(&seats, goes_on);
                out.extend(table.seats.iter().copied().filter(|s| !on.contains(s)));
            }
            for entry in out {
                self.entries[entry].out_in.get_or_insert(number);
            }
        }
        let mut effects = vec![Effect::Announce(Announcement::RoundOver { round: number })];
        effects.extend(self.next_round());
        effects
    }

    /// Ends the tournament with its final standings.
    pub(super) fn finish(&mut self) -> Vec<Effect> {
        self.phase = Phase::Finished;
        vec![Effect::Finished {
            standings: self.standings(),
        }]
    }
}
