//! Every rating computed again from the stored results, game by game in the order the games
//! finished (`nimmt ratings --rebuild`): the same computation as when each game finished, so
//! the same numbers. Runs in one transaction under the ratings lock: games that finish
//! meanwhile wait for it.
//!
//! Games finished before the room kept results (a database of an earlier release) get their
//! results first, from their stored records and seats, numbered before every later game in the
//! order they finished. A game stored as casual is judged again by the rules as they stand
//! (`policy`): one they rate now (the Brettspiel on the built-in board, which an earlier release
//! took for a custom one) is rated from here on. A rated game stays rated.

use super::finish;
use super::results::{FinishedGame, SeatResult};
use super::standing::{self, HistoryRow, Standings};
use super::stored::{StoredMeta, StoredRecord};
use sqlx::{AnyConnection, AnyPool, Row};
use std::collections::BTreeMap;

/// What a rebuild went through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rebuilt {
    pub games: usize,
    pub rated: usize,
    /// Identity-and-game standings written.
    pub standings: usize,
    /// Games finished before results were kept, whose results were stored now.
    pub backfilled: usize,
    /// Games stored as casual that the rules rate now.
    pub rejudged: usize,
}

/// Marks rated the stored casual games that the rules (`policy`) rate now, judged from their
/// tables' settings and records; returns how many.
async fn rejudge(conn: &mut AnyConnection) -> Result<usize, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT t.id, t.meta, t.record, t.updated_at FROM nimmt_tables t \
         WHERE t.record IS NOT NULL AND EXISTS (SELECT 1 FROM nimmt_results r \
         WHERE r.table_id = t.id AND r.seat = 0 AND r.rated = 0)",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut rated = 0;
    for r in rows {
        let id: i64 = r.get(0);
        let judged = (|| {
            let meta: StoredMeta = serde_json::from_str(&r.get::<String, _>(1)).ok()?;
            let record: StoredRecord = serde_json::from_str(&r.get::<String, _>(2)).ok()?;
            FinishedGame::of_table(id as u64, &meta, &record, r.get(3))
        })();
        if judged.is_some_and(|g| g.rated) {
            sqlx::query("UPDATE nimmt_results SET rated = 1 WHERE table_id = $1")
                .bind(id)
                .execute(&mut *conn)
                .await?;
            rated += 1;
        }
    }
    Ok(rated)
}

/// Stores the results of finished games that have none (finished before results were kept),
/// numbered before the earliest game that has them; returns how many.
async fn backfill(conn: &mut AnyConnection) -> Result<usize, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, meta, record, updated_at FROM nimmt_tables t WHERE state = 'finished' \
         AND record IS NOT NULL \
         AND NOT EXISTS (SELECT 1 FROM nimmt_results r WHERE r.table_id = t.id) \
         ORDER BY updated_at, id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let first: i64 = sqlx::query("SELECT COALESCE(MIN(seq), 1) FROM nimmt_results")
        .fetch_one(&mut *conn)
        .await?
        .get(0);
    let games: Vec<FinishedGame> = rows
        .iter()
        .filter_map(|r| {
            let meta: StoredMeta = serde_json::from_str(&r.get::<String, _>(1)).ok()?;
            let record: StoredRecord = serde_json::from_str(&r.get::<String, _>(2)).ok()?;
            FinishedGame::of_table(r.get::<i64, _>(0) as u64, &meta, &record, r.get(3))
        })
        .collect();
    let n = games.len() as i64;
    let games: Vec<FinishedGame> = games
        .into_iter()
        .enumerate()
        .map(|(i, g)| FinishedGame {
            seq: first - n + i as i64,
            ..g
        })
        .collect();
    for chunk in games.chunks(50) {
        finish::insert_results(conn, chunk).await?;
    }
    Ok(games.len())
}

/// Recomputes every standing and the whole rating history from `nimmt_results`.
pub async fn rebuild(pool: &AnyPool) -> anyhow::Result<Rebuilt> {
    let mut tx = pool.begin().await?;
    finish::lock(&mut tx).await?;
    let earlier = backfill(&mut tx).await?;
    let rejudged = rejudge(&mut tx).await?;
    let rows = sqlx::query(
        "SELECT table_id, seat, seq, game, identity, name, score, place, won, rated, \
         finished_at, pace FROM nimmt_results ORDER BY seq, seat",
    )
    .fetch_all(&mut *tx)
    .await?;
    let mut games: Vec<FinishedGame> = Vec::new();
    for r in rows {
        let seq: i64 = r.get(2);
        if games.last().is_none_or(|g| g.seq != seq) {
            games.push(FinishedGame {
                table_id: r.get::<i64, _>(0) as u64,
                seq,
                game: r.get(3),
                rated: r.get::<i64, _>(9) != 0,
                pace: r.get(11),
                seats: Vec::new(),
                finished_at: r.get(10),
            });
        }
        let g = games.last_mut().expect("just pushed");
        g.seats.push(SeatResult {
            seat: r.get::<i64, _>(1) as usize,
            identity: r.get(4),
            name: r.get(5),
            score: r.get::<i64, _>(6) as i32,
            place: r.get::<i64, _>(7) as usize,
            won: r.get::<i64, _>(8) != 0,
        });
    }
    let mut by_game: BTreeMap<String, Standings> = BTreeMap::new();
    let mut history: Vec<HistoryRow> = Vec::new();
    let mut done = Rebuilt {
        backfilled: earlier,
        rejudged,
        ..Rebuilt::default()
    };
    for g in &games {
        let standings = by_game.entry(g.game.clone()).or_default();
        history.extend(standing::apply(standings, g));
        done.games += 1;
        done.rated += usize::from(g.rated);
    }
    sqlx::query("DELETE FROM nimmt_ratings")
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM nimmt_rating_history")
        .execute(&mut *tx)
        .await?;
    for (game, standings) in &by_game {
        standing::write(&mut tx, game, standings).await?;
        done.standings += standings.len();
    }
    standing::write_history(&mut tx, &history).await?;
    tx.commit().await?;
    Ok(done)
}
