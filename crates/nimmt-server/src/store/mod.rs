//! Persistence: one schema on SQLite or PostgreSQL through sqlx's `Any` driver.
//!
//! Every write goes through one writer task (`writer`) that gathers whatever is queued into one
//! transaction (group commit) and answers each writer only once the transaction is committed. So
//! a table actor that awaits [`Store::write`] knows its change is durable before it tells anyone.
//! Reads (`queries`) go to the pool directly. Every failure is a [`StoreError`].

pub mod backup;
mod masked;
pub use masked::masked_url;
mod error;
mod game_end;
mod queries;
mod writer;

pub use error::StoreError;
pub use game_end::AtGameEnd;
pub use writer::{CHECKPOINT_COMMITS, CHECKPOINT_EVERY};

use crate::lease::LeaseBook;
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Executor};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::{mpsc, oneshot};
use writer::{writer, ActionInserts, Checkpoints, Write};

/// Which database the store talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// How SQLite makes a commit durable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SqliteSync {
    /// Every commit is synced to disk before it is acknowledged (survives a power cut).
    #[default]
    Full,
    /// Commits reach the write-ahead log at once (they survive `kill -9` of the server) and
    /// the disk at checkpoints (a power cut may lose the last moments).
    Normal,
}

pub use nimmt_room::store_port::{Op, StoredTable};

/// The database behind the room.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    writer: mpsc::Sender<Write>,
    backend: Backend,
    /// In a cluster: the leases every table write is checked against (fencing).
    fence: Option<Arc<LeaseBook>>,
    /// What `/metrics` shows of this database.
    counted: Arc<crate::metrics::Database>,
}

/// How long a SQLite write waits for a lock another process holds before it fails: the move is
/// then answered `storage` (nothing changed; the client tries again) instead of blocking its
/// table and every other for as long as the lock is held.
pub const BUSY_TIMEOUT: Duration = Duration::from_millis(500);

fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// The database's name in `/metrics`: its kind and file or database name, never a password
/// (`sqlite:nimmt.db`, `sqlite:memory`, `postgres:HOST/DB`).
pub fn metrics_label(url: &str) -> String {
    let rest = url.split_once(':').map_or(url, |(_, r)| r);
    let rest = rest.trim_start_matches('/');
    let rest = rest.split(['?', '#']).next().unwrap_or_default();
    if url.starts_with("sqlite:") {
        if rest.contains(":memory:") || rest.is_empty() {
            return "sqlite:memory".to_owned();
        }
        let file = rest.rsplit('/').next().unwrap_or(rest);
        return format!("sqlite:{file}");
    }
    // postgres://USER:PASSWORD@HOST:PORT/DB: the host and the database only.
    let at_host = rest.rsplit_once('@').map_or(rest, |(_, h)| h);
    let (host, db) = at_host.split_once('/').unwrap_or((at_host, ""));
    let host = host.split(':').next().unwrap_or(host);
    format!("postgres:{host}/{db}")
}

/// Adds `mode=rwc` to a SQLite URL so the file is created on first start.
fn sqlite_url(url: &str) -> String {
    if url.contains(":memory:") || url.contains("mode=") {
        url.to_owned()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    }
}

impl Store {
    /// Connects (creating a SQLite file if needed) and brings the schema up to date.
    pub async fn open(url: &str) -> anyhow::Result<Store> {
        Self::open_with(url, SqliteSync::Full).await
    }

    /// As [`Store::open`], choosing how SQLite syncs its commits.
    pub async fn open_with(url: &str, sync: SqliteSync) -> anyhow::Result<Store> {
        Self::open_fenced(url, sync, None).await
    }

    /// As [`Store::open_with`]; with `fence`, every write of a table's change is refused unless
    /// this node holds the table's lease (PostgreSQL, see `lease`).
    pub async fn open_fenced(
        url: &str,
        sync: SqliteSync,
        fence: Option<Arc<LeaseBook>>,
    ) -> anyhow::Result<Store> {
        Self::open_for_room(url, sync, fence, None).await
    }

    /// As [`Store::open_fenced`]; with `at_game_end`, the transaction that stores a game's end
    /// does that work too (the room's results and ratings, see [`AtGameEnd`]).
    pub async fn open_for_room(
        url: &str,
        sync: SqliteSync,
        fence: Option<Arc<LeaseBook>>,
        at_game_end: Option<Arc<dyn AtGameEnd>>,
    ) -> anyhow::Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            anyhow::bail!("database URL must start with sqlite: or postgres: (got {url:?})");
        };
        let counted = crate::metrics::database(&metrics_label(url));
        let url = match backend {
            Backend::Sqlite => sqlite_url(url),
            Backend::Postgres => url.to_owned(),
        };
        let memory = url.contains(":memory:");
        let pool = AnyPoolOptions::new()
            .max_connections(match (backend, memory) {
                (Backend::Sqlite, true) => 1,
                (Backend::Sqlite, false) => 4,
                (Backend::Postgres, _) => 6,
            })
            .min_connections(if memory { 1 } else { 0 })
            .idle_timeout(if memory {
                None
            } else {
                Some(Duration::from_secs(600))
            })
            .max_lifetime(if memory {
                None
            } else {
                Some(Duration::from_secs(3600))
            })
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(move |conn, _| {
                let sync = sync;
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL: readers never block the writer; FULL: a commit is on disk.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute(match sync {
                            SqliteSync::Full => "PRAGMA synchronous = FULL",
                            SqliteSync::Normal => "PRAGMA synchronous = NORMAL",
                        })
                        .await?;
                        conn.execute(
                            format!("PRAGMA busy_timeout = {}", BUSY_TIMEOUT.as_millis()).as_str(),
                        )
                        .await?;
                        if !memory {
                            // The writer copies the log between its commits (`Checkpoints`),
                            // not inside the commit that happens to fill the log.
                            conn.execute("PRAGMA wal_autocheckpoint = 0").await?;
                            // A log that once grew (a long read held it) shrinks back when it
                            // starts again.
                            conn.execute("PRAGMA journal_size_limit = 67108864").await?;
                        }
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .map_err(|e| anyhow::anyhow!("cannot open database {}: {e}", masked_url(&url)))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| {
                anyhow::anyhow!(
                    "cannot bring the database schema of {} up to date: {e}",
                    masked_url(&url)
                )
            })?;
        if fence.is_some() {
            if backend != Backend::Postgres {
                anyhow::bail!(
                    "a cluster needs a PostgreSQL database (got {:?})",
                    masked_url(&url)
                );
            }
            crate::lease::ensure_schema(&pool)
                .await
                .map_err(|e| anyhow::anyhow!("cannot create the cluster's tables: {e}"))?;
        }
        let (tx, rx) = mpsc::channel(4096);
        let checkpoints = (backend == Backend::Sqlite && !memory).then(Checkpoints::new);
        tokio::spawn(writer(
            pool.clone(),
            rx,
            fence.clone(),
            checkpoints,
            ActionInserts::new(backend),
            counted.clone(),
            at_game_end,
        ));
        Ok(Store {
            pool,
            writer: tx,
            backend,
            fence,
            counted,
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The connection pool (the cluster's leases live beside the room's tables).
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// The leases writes are checked against, in a cluster.
    pub fn fence(&self) -> Option<&Arc<LeaseBook>> {
        self.fence.as_ref()
    }

    /// Stores `ops` in one transaction; returns once they are committed.
    pub async fn write(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.counted.queued(1);
        if self.writer.send(Write { ops, done }).await.is_err() {
            self.counted.queued(-1);
            return Err(StoreError::Stopped);
        }
        wait.await.map_err(|_| StoreError::Stopped)?
    }
}

#[cfg(test)]
mod tests {
    use super::metrics_label;

    #[test]
    fn a_database_is_named_in_metrics_without_its_credentials() {
        assert_eq!(metrics_label("sqlite://data/nimmt.db"), "sqlite:nimmt.db");
        assert_eq!(
            metrics_label("sqlite:///var/lib/nimmt/room.db?mode=rwc"),
            "sqlite:room.db"
        );
        assert_eq!(metrics_label("sqlite::memory:"), "sqlite:memory");
        assert_eq!(
            metrics_label("postgres://nimmt:s3cret@db.example.org:5432/room?sslmode=require"),
            "postgres:db.example.org/room"
        );
        assert_eq!(metrics_label("postgresql://db/room"), "postgres:db/room");
    }
}
