//! A tournament as the room shows it: its line in the lobby's list and its page (standings,
//! each round's tables with their room tables, byes, and the reader's own part).

use nimmt_protocol::{
    PlayerId, TournamentFormat, TournamentPage, TournamentPhase, TournamentRound, TournamentSeat,
    TournamentStanding, TournamentSummary, TournamentTable, TournamentYou,
};

use super::director::Run;
use super::{points_for, Phase, Round, RoundTable};

impl Run {
    /// How the lobby lists it.
    pub fn summary(&self) -> TournamentSummary {
        let setup = &self.setup;
        TournamentSummary {
            id: self.id,
            name: setup.name.clone(),
            game: setup.game,
            format: setup.format.clone(),
            table_size: setup.table_size,
            phase: match self.core.phase {
                Phase::Registration => TournamentPhase::Registration,
                Phase::Running { round } => TournamentPhase::Running { round },
                Phase::Finished => TournamentPhase::Finished,
                Phase::Cancelled => TournamentPhase::Cancelled,
            },
            entrants: self.core.entries.len(),
            start_ms: self.started_ms.unwrap_or(setup.start_ms),
            rated: setup.rated,
            invitation: setup.invitation,
            bots_fill: setup.bots_fill,
            pace: setup.options.get("pace").unwrap_or("realtime").to_string(),
            by: self.creator_name.clone(),
        }
    }

    /// The tournament page for `viewer` (none: a visitor); `operator`: the viewer is one.
    pub fn page(&self, viewer: Option<&PlayerId>, operator: bool) -> TournamentPage {
        let standings = self
            .core
            .standings()
            .into_iter()
            .map(|s| TournamentStanding {
                rank: s.rank,
                bot_account: self.bot_accounts.contains(&s.player),
                name: s.name,
                points: s.points.as_f64(),
                opponents: s.opponents.as_f64(),
                rating: s.rating,
                games: s.games,
                byes: s.byes,
                bot_played: s.bot_played,
                withdrawn: s.withdrawn,
                out_in: s.out_in,
            })
            .collect();
        let entry = viewer.and_then(|p| self.core.entry_of(p));
        let is_creator = viewer.is_some_and(|p| *p == self.creator);
        let registration = self.core.phase == Phase::Registration;
        let you = viewer.map(|_| TournamentYou {
            registered: entry.is_some(),
            withdrawn: entry.is_some_and(|e| self.core.entries[e].withdrawn),
            may_register: registration && entry.is_none(),
            may_start: registration && (is_creator || operator),
            table: entry.and_then(|e| self.table_now(e)),
        });
        let shows_code = is_creator || entry.is_some();
        TournamentPage {
            summary: self.summary(),
            options: self.setup.options.clone(),
            place_points: (1..=self.setup.table_size)
                .map(|place| points_for(place, 1, self.setup.table_size).as_f64())
                .collect(),
            bye_points: super::standings::BYE.as_f64(),
            rounds_planned: match self.setup.format {
                TournamentFormat::Swiss { rounds } => Some(rounds),
                TournamentFormat::Elimination { .. } => None,
            },
            standings,
            rounds: self
                .core
                .rounds
                .iter()
                .map(|r| self.round_view(r))
                .collect(),
            you,
            invitation_code: self.code.clone().filter(|_| shows_code),
        }
    }

    /// The room table where entry `e` plays now: their table of the current round, until it ends.
    fn table_now(&self, e: usize) -> Option<u64> {
        let round = self.core.current_round()?;
        let table = round
            .tables
            .iter()
            .find(|t| t.places.is_none() && t.seats.contains(&e))?;
        self.room_table(table.id)
    }

    fn round_view(&self, round: &Round) -> TournamentRound {
        let name = |e: usize| self.core.entries[e].entrant.name.clone();
        TournamentRound {
            number: round.number,
            tables: round.tables.iter().map(|t| self.table_view(t)).collect(),
            byes: round.byes.iter().map(|&e| name(e)).collect(),
        }
    }

    fn table_view(&self, table: &RoundTable) -> TournamentTable {
        let places = table.places.as_deref();
        let seats = table
            .seats
            .iter()
            .enumerate()
            .map(|(s, &e)| {
                let place = places.map(|p| p[s]);
                let points = places.zip(place).map(|(all, place)| {
                    let sharing = all.iter().filter(|&&p| p == place).count();
                    points_for(place, sharing, table.size()).as_f64()
                });
                TournamentSeat {
                    name: self.core.entries[e].entrant.name.clone(),
                    place,
                    points,
                    bot_played: table.missing.contains(&e),
                }
            })
            .collect();
        TournamentTable {
            number: table.id.table,
            table: self.room_table(table.id),
            seats,
            bots: table.bots,
            done: places.is_some(),
        }
    }
}
