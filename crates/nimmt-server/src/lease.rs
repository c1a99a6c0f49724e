//! Table leases in PostgreSQL: which node owns which running table, and the fencing that keeps
//! a node that lost a table from writing to it.
//!
//! A row `nimmt_table_leases(table_id, node, epoch, expires_at)` says who owns a table until when
//! (milliseconds on the database's clock, so the nodes' clocks never matter). The owner renews
//! its rows; a node takes a table over only once its lease has expired, and the epoch goes up by
//! one with every new owner. Every write of a table's change checks, in its own transaction, that
//! the writing node still holds the lease with the epoch it took: a stale owner's write is
//! refused and changes nothing.

use sqlx::{AnyConnection, AnyPool, Row};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

/// The database's clock in milliseconds (PostgreSQL).
const NOW_MS: &str = "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT";

/// One lease this node holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    pub epoch: i64,
    /// A table this node just opened: its lease row is written with its first write.
    pub fresh: bool,
}

/// The leases this node holds, as the store checks them with every write.
#[derive(Debug)]
pub struct LeaseBook {
    node: String,
    ttl: Duration,
    held: Mutex<HashMap<u64, Held>>,
}

impl LeaseBook {
    pub fn new(node: &str, ttl: Duration) -> LeaseBook {
        LeaseBook {
            node: node.to_owned(),
            ttl,
            held: Mutex::new(HashMap::new()),
        }
    }

    pub fn node(&self) -> &str {
        &self.node
    }

    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    fn ttl_ms(&self) -> i64 {
        self.ttl.as_millis() as i64
    }

    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Held>> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The lease held on `table`, if any.
    pub fn get(&self, table: u64) -> Option<Held> {
        self.held().get(&table).copied()
    }

    /// Every table this node holds, with its epoch.
    pub fn tables(&self) -> Vec<(u64, i64)> {
        self.held().iter().map(|(t, h)| (*t, h.epoch)).collect()
    }

    /// A table this node opens now: its lease (epoch 1) is written with its first write.
    pub fn reserve(&self, table: u64) {
        self.held().insert(
            table,
            Held {
                epoch: 1,
                fresh: true,
            },
        );
    }

    /// The lease of `table` is no longer held (lost, or the table closed).
    pub fn forget(&self, table: u64) {
        self.held().remove(&table);
    }

    /// Checks, inside the transaction of a write, that this node holds `table` (writing the
    /// lease row of a table it just opened). An error refuses the whole transaction.
    pub async fn fence(&self, conn: &mut AnyConnection, table: u64) -> Result<(), sqlx::Error> {
        let Some(held) = self.get(table) else {
            return Err(not_owner(table, &self.node));
        };
        let done = if held.fresh {
            sqlx::query(&format!(
                "INSERT INTO nimmt_table_leases (table_id, node, epoch, expires_at) \
                 VALUES ($1, $2, $3, {NOW_MS} + $4) ON CONFLICT (table_id) DO NOTHING"
            ))
            .bind(table as i64)
            .bind(self.node.clone())
            .bind(held.epoch)
            .bind(self.ttl_ms())
            .execute(&mut *conn)
            .await?
        } else {
            // Locks the row until the commit: a takeover waits for this write and then reads
            // the log with it.
            sqlx::query(&format!(
                "UPDATE nimmt_table_leases SET node = node WHERE table_id = $1 AND node = $2 \
                 AND epoch = $3 AND expires_at > {NOW_MS}"
            ))
            .bind(table as i64)
            .bind(self.node.clone())
            .bind(held.epoch)
            .execute(&mut *conn)
            .await?
        };
        if done.rows_affected() == 1 {
            Ok(())
        } else {
            Err(not_owner(table, &self.node))
        }
    }

    /// After a committed write: the fresh leases of `tables` are now in the database.
    pub fn written(&self, tables: &[u64]) {
        let mut held = self.held();
        for t in tables {
            if let Some(h) = held.get_mut(t) {
                h.fresh = false;
            }
        }
    }

    /// Renews every lease this node holds; returns the tables it no longer holds (expired and
    /// taken over, or never written).
    pub async fn renew(&self, pool: &AnyPool) -> Result<Vec<u64>, sqlx::Error> {
        // Only leases in the database before the statement can be missing from its answer (a
        // table opened or taken over meanwhile is not lost).
        let before: HashMap<u64, i64> = self
            .held()
            .iter()
            .filter(|(_, h)| !h.fresh)
            .map(|(t, h)| (*t, h.epoch))
            .collect();
        // The rows are locked in the order of their numbers, as every write locks the tables
        // it touches: renewals and writes never wait on each other in a circle.
        let rows = sqlx::query(&format!(
            "UPDATE nimmt_table_leases SET expires_at = {NOW_MS} + $1 WHERE table_id IN \
             (SELECT table_id FROM nimmt_table_leases WHERE node = $2 AND expires_at > {NOW_MS} \
             ORDER BY table_id FOR UPDATE) RETURNING table_id, epoch"
        ))
        .bind(self.ttl_ms())
        .bind(self.node.clone())
        .fetch_all(pool)
        .await?;
        let in_db: HashMap<u64, i64> = rows
            .iter()
            .map(|r| (r.get::<i64, _>(0) as u64, r.get::<i64, _>(1)))
            .collect();
        let mut held = self.held();
        let lost: Vec<u64> = before
            .iter()
            .filter(|(t, epoch)| {
                in_db.get(t) != Some(epoch) && held.get(t).map(|h| h.epoch) == Some(**epoch)
            })
            .map(|(t, _)| *t)
            .collect();
        for t in &lost {
            held.remove(t);
        }
        Ok(lost)
    }

    /// Takes `table` over if nobody holds a live lease on it; returns the new epoch.
    pub async fn acquire(&self, pool: &AnyPool, table: u64) -> Result<Option<i64>, sqlx::Error> {
        let inserted = sqlx::query(&format!(
            "INSERT INTO nimmt_table_leases (table_id, node, epoch, expires_at) \
             VALUES ($1, $2, 1, {NOW_MS} + $3) ON CONFLICT (table_id) DO NOTHING"
        ))
        .bind(table as i64)
        .bind(self.node.clone())
        .bind(self.ttl_ms())
        .execute(pool)
        .await?;
        let epoch = if inserted.rows_affected() == 1 {
            Some(1)
        } else {
            sqlx::query(&format!(
                "UPDATE nimmt_table_leases SET node = $1, epoch = epoch + 1, \
                 expires_at = {NOW_MS} + $2 WHERE table_id = $3 AND expires_at <= {NOW_MS} \
                 RETURNING epoch"
            ))
            .bind(self.node.clone())
            .bind(self.ttl_ms())
            .bind(table as i64)
            .fetch_optional(pool)
            .await?
            .map(|r| r.get::<i64, _>(0))
        };
        if let Some(epoch) = epoch {
            self.held().insert(
                table,
                Held {
                    epoch,
                    fresh: false,
                },
            );
        }
        Ok(epoch)
    }

    /// Gives up the lease of a table that closed.
    pub async fn release(&self, pool: &AnyPool, table: u64) -> Result<(), sqlx::Error> {
        let Some(held) = self.get(table) else {
            return Ok(());
        };
        self.forget(table);
        sqlx::query(
            "DELETE FROM nimmt_table_leases WHERE table_id = $1 AND node = $2 AND epoch = $3",
        )
        .bind(table as i64)
        .bind(self.node.clone())
        .bind(held.epoch)
        .execute(pool)
        .await?;
        Ok(())
    }
}

fn not_owner(table: u64, node: &str) -> sqlx::Error {
    sqlx::Error::Protocol(format!(
        "node {node} does not hold the lease of table {table}: the write is refused"
    ))
}

/// Whether a write error (or its text) is a refused lease.
pub fn is_not_owner(error: &dyn std::fmt::Display) -> bool {
    error.to_string().contains("does not hold the lease")
}

/// Creates the cluster's tables (PostgreSQL only): leases, the nodes, and the table numbers.
pub async fn ensure_schema(pool: &AnyPool) -> Result<(), sqlx::Error> {
    for sql in [
        "CREATE TABLE IF NOT EXISTS nimmt_table_leases (table_id BIGINT PRIMARY KEY, \
         node TEXT NOT NULL, epoch BIGINT NOT NULL, expires_at BIGINT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS nimmt_nodes (name TEXT PRIMARY KEY, url TEXT NOT NULL, \
         seen_at BIGINT NOT NULL)",
        "CREATE SEQUENCE IF NOT EXISTS nimmt_table_ids INCREMENT BY 32",
    ] {
        // Two nodes starting at once may race on IF NOT EXISTS: the loser's error is harmless
        // when the object is there afterwards.
        if let Err(e) = sqlx::query(sql).execute(pool).await {
            tracing::debug!("cluster schema: {e}");
        }
    }
    sqlx::query("SELECT 1 FROM nimmt_table_leases LIMIT 1")
        .fetch_optional(pool)
        .await?;
    // The numbers continue after every table already stored.
    sqlx::query(
        "SELECT setval('nimmt_table_ids', m) FROM (SELECT COALESCE(MAX(id), 0) + 1 AS m \
         FROM nimmt_tables) t WHERE m > (SELECT last_value FROM nimmt_table_ids)",
    )
    .fetch_optional(pool)
    .await?;
    Ok(())
}

/// Reserves a block of 32 table numbers for this node: the first one.
pub async fn reserve_ids(pool: &AnyPool) -> Result<u64, sqlx::Error> {
    let row = sqlx::query("SELECT nextval('nimmt_table_ids')")
        .fetch_one(pool)
        .await?;
    Ok(row.get::<i64, _>(0) as u64)
}

/// Unfinished tables whose lease is missing or expired.
pub async fn orphans(pool: &AnyPool) -> Result<Vec<u64>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT t.id FROM nimmt_tables t LEFT JOIN nimmt_table_leases l ON l.table_id = t.id \
         WHERE (t.state = 'open' OR t.state = 'playing') \
         AND (l.table_id IS NULL OR l.expires_at <= {NOW_MS}) ORDER BY t.id LIMIT 200"
    ))
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(|r| r.get::<i64, _>(0) as u64).collect())
}

/// Every table with a lease, live or run out (a table's lease goes when it closes).
pub async fn leased(pool: &AnyPool) -> Result<Vec<u64>, sqlx::Error> {
    let rows = sqlx::query("SELECT table_id FROM nimmt_table_leases")
        .fetch_all(pool)
        .await?;
    Ok(rows.iter().map(|r| r.get::<i64, _>(0) as u64).collect())
}

/// Notes that `node` (reachable at `url`) is alive now.
pub async fn heartbeat(pool: &AnyPool, node: &str, url: &str) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "INSERT INTO nimmt_nodes (name, url, seen_at) VALUES ($1, $2, {NOW_MS}) \
         ON CONFLICT (name) DO UPDATE SET url = EXCLUDED.url, seen_at = EXCLUDED.seen_at"
    ))
    .bind(node.to_owned())
    .bind(url.to_owned())
    .execute(pool)
    .await?;
    Ok(())
}

/// A node as operators see it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct NodeStatus {
    pub name: String,
    pub url: String,
    /// Milliseconds since its last heartbeat.
    pub seen_ms_ago: i64,
    /// Its tables: number, epoch and milliseconds the lease has left (negative: expired).
    pub tables: Vec<LeaseStatus>,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct LeaseStatus {
    pub table: u64,
    pub epoch: i64,
    pub expires_in_ms: i64,
}

/// Every node that sent a heartbeat in the last `within`, with the leases it holds.
pub async fn status(pool: &AnyPool, within: Duration) -> Result<Vec<NodeStatus>, sqlx::Error> {
    let nodes = sqlx::query(&format!(
        "SELECT name, url, {NOW_MS} - seen_at FROM nimmt_nodes WHERE seen_at > {NOW_MS} - $1 \
         ORDER BY name"
    ))
    .bind(within.as_millis() as i64)
    .fetch_all(pool)
    .await?;
    let leases = sqlx::query(&format!(
        "SELECT node, table_id, epoch, expires_at - {NOW_MS} FROM nimmt_table_leases \
         ORDER BY table_id"
    ))
    .fetch_all(pool)
    .await?;
    let mut out: Vec<NodeStatus> = nodes
        .iter()
        .map(|r| NodeStatus {
            name: r.get(0),
            url: r.get(1),
            seen_ms_ago: r.get::<i64, _>(2),
            tables: Vec::new(),
        })
        .collect();
    for l in &leases {
        // A lease's holder is `NAME/INCARNATION`.
        let holder: String = l.get(0);
        let name = holder.rsplit_once('/').map_or(holder.as_str(), |(n, _)| n);
        if let Some(n) = out.iter_mut().find(|n| n.name == name) {
            n.tables.push(LeaseStatus {
                table: l.get::<i64, _>(1) as u64,
                epoch: l.get::<i64, _>(2),
                expires_in_ms: l.get::<i64, _>(3),
            });
        }
    }
    Ok(out)
}
