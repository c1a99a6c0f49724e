//! The store's reads: tables with their action logs, records (who a token is: `accounts`). They go to the pool
//! directly, beside the writer.

use super::{now_secs, Store, StoreError, StoredTable};
use sqlx::any::AnyRow;
use sqlx::Row;
use std::time::Duration;

type Result<T> = std::result::Result<T, StoreError>;

impl Store {
    /// The highest table number used so far (0 if none).
    pub async fn max_table_id(&self) -> Result<u64> {
        let row = sqlx::query("SELECT COALESCE(MAX(id), 0) FROM nimmt_tables")
            .fetch_one(&self.pool)
            .await?;
        Ok(row.get::<i64, _>(0) as u64)
    }

    /// Every table still open or playing, with its action log.
    pub async fn open_tables(&self) -> Result<Vec<StoredTable>> {
        let rows = sqlx::query(
            "SELECT id, game, state, meta, setup, version FROM nimmt_tables \
             WHERE state = 'open' OR state = 'playing' ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            out.push(self.stored(r).await?);
        }
        Ok(out)
    }

    /// The numbers of every table still open or playing, in order.
    pub async fn open_table_ids(&self) -> Result<Vec<u64>> {
        let rows = sqlx::query(
            "SELECT id FROM nimmt_tables WHERE state = 'open' OR state = 'playing' ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| r.get::<i64, _>(0) as u64).collect())
    }

    /// The logged actions of a table, in order: (seat, action JSON, version after it); the first
    /// `limit` of them, or all.
    pub async fn actions(&self, id: u64, limit: Option<u64>) -> Result<Vec<(u8, String, u64)>> {
        let rows = sqlx::query(
            "SELECT seat, action, version FROM nimmt_actions WHERE table_id = $1 AND idx < $2 \
             ORDER BY idx",
        )
        .bind(id as i64)
        .bind(limit.map_or(i64::MAX, |l| l.min(i64::MAX as u64) as i64))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|a: AnyRow| {
                (
                    a.get::<i64, _>(0) as u8,
                    a.get::<String, _>(1),
                    a.get::<i64, _>(2) as u64,
                )
            })
            .collect())
    }

    /// Every game that ended at most `within` ago, with its action log (a room that restarts
    /// brings them back for the players who were away at their end).
    pub async fn finished_tables(&self, within: Duration) -> Result<Vec<StoredTable>> {
        let since = now_secs().saturating_sub(within.as_secs().min(i64::MAX as u64) as i64);
        let rows = sqlx::query(
            "SELECT id, game, state, meta, setup, version FROM nimmt_tables \
             WHERE state = 'finished' AND updated_at >= $1 ORDER BY id",
        )
        .bind(since)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            out.push(self.stored(r).await?);
        }
        Ok(out)
    }

    /// One table still open or playing, with its action log (a node taking it over).
    pub async fn open_table(&self, id: u64) -> Result<Option<StoredTable>> {
        let row = sqlx::query(
            "SELECT id, game, state, meta, setup, version FROM nimmt_tables \
             WHERE id = $1 AND (state = 'open' OR state = 'playing')",
        )
        .bind(id as i64)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(r) => Ok(Some(self.stored(r).await?)),
            None => Ok(None),
        }
    }

    /// A table's row with its action log.
    async fn stored(&self, r: AnyRow) -> Result<StoredTable> {
        let id = r.get::<i64, _>(0) as u64;
        let actions = self.actions(id, None).await?;
        Ok(StoredTable {
            id,
            game: r.get(1),
            state: r.get(2),
            meta: r.get(3),
            setup: r.get::<Option<String>, _>(4),
            version: r.get::<i64, _>(5) as u64,
            actions,
        })
    }

    /// The stored state and finished record of a table.
    pub async fn table_record(&self, id: u64) -> Result<Option<(String, Option<String>)>> {
        let row = sqlx::query("SELECT state, record FROM nimmt_tables WHERE id = $1")
            .bind(id as i64)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| (r.get::<String, _>(0), r.get::<Option<String>, _>(1))))
    }

    /// Number of stored actions of a table (for tests and checks).
    pub async fn action_count(&self, id: u64) -> Result<u64> {
        let row = sqlx::query("SELECT COUNT(*) FROM nimmt_actions WHERE table_id = $1")
            .bind(id as i64)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.get::<i64, _>(0) as u64)
    }
}
