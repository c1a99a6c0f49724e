//! A finished game's results: each seat's identity, name, score, place and whether it won, and
//! whether the game is rated; taken from the table as stored (`stored`).

use super::stored::{StoredMeta, StoredRecord, StoredSeat};
use super::{places, policy};

/// One seat's result.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatResult {
    pub seat: usize,
    /// A player's id or a bot level's identity (`bot:LEVEL`).
    pub identity: String,
    /// The name shown at the table.
    pub name: String,
    pub score: i32,
    /// 1 for the best score; equal scores share a place.
    pub place: usize,
    pub won: bool,
}

/// A finished game's results.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedGame {
    pub table_id: u64,
    /// The game's number in the order of finished games.
    pub seq: i64,
    pub game: String,
    pub rated: bool,
    /// `realtime`, or the deadline per move of a turn-based table (`1d`).
    pub pace: String,
    pub seats: Vec<SeatResult>,
    /// Seconds since the Unix epoch.
    pub finished_at: i64,
}

impl FinishedGame {
    /// The results of a table's game from its settings and its record (`None` without an
    /// outcome or with a seat nobody can be named for).
    pub fn of_table(
        table_id: u64,
        meta: &StoredMeta,
        record: &StoredRecord,
        finished_at: i64,
    ) -> Option<FinishedGame> {
        let outcome = record.outcome.as_ref()?;
        let identities: Vec<String> = meta
            .seats
            .iter()
            .map(StoredSeat::identity)
            .collect::<Option<_>>()?;
        if identities.len() != outcome.scores.len() {
            return None;
        }
        let game = record.game.name().to_owned();
        let rated = policy::rated(
            &game,
            &record.options,
            &record.data,
            meta.table_options.rated,
            &identities,
        );
        let place = places::of_scores(&outcome.scores, outcome.sense);
        let seats = identities
            .into_iter()
            .enumerate()
            .map(|(i, identity)| SeatResult {
                seat: i,
                identity,
                name: record
                    .seats
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| meta.seats[i].name.clone()),
                score: outcome.scores[i],
                place: place[i],
                won: outcome.winners.iter().any(|w| w.index() == i),
            })
            .collect();
        Some(FinishedGame {
            table_id,
            seq: 0,
            pace: meta.table_options.pace.clone(),
            game,
            rated,
            seats,
            finished_at,
        })
    }
}
