//! A finished game's results, stored in the transaction that stores the game's end: one row per
//! seat (`nimmt_results`) and, through `standing`, the ratings and counts it moves.
//!
//! The game's number in the order of finished games (`seq`) is taken under a lock that every
//! node's finishing transaction takes (PostgreSQL: an advisory lock held to the commit; SQLite
//! has one writer), so ratings move in one order, the order `rebuild` follows. A table whose
//! results are stored already is not counted again.

use super::results::{FinishedGame, SeatResult};
use super::standing;
use super::stored::{StoredMeta, StoredRecord};
use crate::store::AtGameEnd;
use futures_util::future::BoxFuture;
use sqlx::{AnyConnection, Row};

/// The advisory lock (PostgreSQL) under which finished games are numbered and ratings move.
const RATINGS_LOCK: i64 = 0x6e69_6d6d_7452;

/// Takes the lock under which games are numbered and ratings move, until the transaction ends.
pub async fn lock(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    if conn.backend_name().eq_ignore_ascii_case("postgres") {
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(RATINGS_LOCK)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Stores the results of table `table_id`'s game, which ends in this transaction with `record`,
/// and moves the ratings. A record that cannot be read is logged and leaves no results (the
/// game's end is stored all the same).
pub async fn store(
    conn: &mut AnyConnection,
    table_id: u64,
    record: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    lock(conn).await?;
    let stored = sqlx::query("SELECT COUNT(*) FROM nimmt_results WHERE table_id = $1")
        .bind(table_id as i64)
        .fetch_one(&mut *conn)
        .await?;
    if stored.get::<i64, _>(0) > 0 {
        return Ok(());
    }
    let meta = sqlx::query("SELECT meta FROM nimmt_tables WHERE id = $1")
        .bind(table_id as i64)
        .fetch_optional(&mut *conn)
        .await?;
    let parsed = meta.and_then(|m| {
        let meta: StoredMeta = serde_json::from_str(&m.get::<String, _>(0)).ok()?;
        let record: StoredRecord = serde_json::from_str(record).ok()?;
        FinishedGame::of_table(table_id, &meta, &record, now)
    });
    let Some(mut game) = parsed else {
        tracing::warn!("table {table_id}: no results stored (its settings or record do not read)");
        return Ok(());
    };
    game.seq = next_seq(conn).await?;
    insert_results(conn, std::slice::from_ref(&game)).await?;
    let mut standings = standing::read(conn, &game).await?;
    let history = standing::apply(&mut standings, &game);
    standing::write(conn, &game.game, &standings).await?;
    standing::write_history(conn, &history).await?;
    Ok(())
}

/// What the room's store does in the transaction that stores a game's end: [`store`] the
/// game's results and move the ratings (given to the store when the room opens it).
pub struct ResultsAtGameEnd;

impl AtGameEnd for ResultsAtGameEnd {
    fn store<'a>(
        &'a self,
        conn: &'a mut AnyConnection,
        table: u64,
        record: &'a str,
        now: i64,
    ) -> BoxFuture<'a, Result<(), sqlx::Error>> {
        Box::pin(store(conn, table, record, now))
    }
}

/// The number of the next finished game.
async fn next_seq(conn: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    let row = sqlx::query("SELECT COALESCE(MAX(seq), 0) FROM nimmt_results")
        .fetch_one(&mut *conn)
        .await?;
    Ok(row.get::<i64, _>(0) + 1)
}

/// Writes the result rows of finished games, with one statement.
pub async fn insert_results(
    conn: &mut AnyConnection,
    games: &[FinishedGame],
) -> Result<(), sqlx::Error> {
    let rows: Vec<(&FinishedGame, &SeatResult)> = games
        .iter()
        .flat_map(|g| g.seats.iter().map(move |s| (g, s)))
        .collect();
    if rows.is_empty() {
        return Ok(());
    }
    let mut sql = String::from(
        "INSERT INTO nimmt_results (table_id, seat, seq, game, identity, name, score, place, won, \
         seats, rated, finished_at, pace) VALUES ",
    );
    sql.push_str(&super::sql::rows(rows.len(), 13));
    let mut q = sqlx::query(&sql);
    for (g, s) in rows {
        q = q
            .bind(g.table_id as i64)
            .bind(s.seat as i64)
            .bind(g.seq)
            .bind(g.game.clone())
            .bind(s.identity.clone())
            .bind(s.name.clone())
            .bind(i64::from(s.score))
            .bind(s.place as i64)
            .bind(i64::from(s.won))
            .bind(g.seats.len() as i64)
            .bind(i64::from(g.rated))
            .bind(g.finished_at)
            .bind(g.pace.clone());
    }
    q.execute(&mut *conn).await?;
    Ok(())
}
