//! Persistence: one schema on SQLite or PostgreSQL through sqlx's `Any` driver.
//!
//! Every write goes through one writer task that gathers whatever is queued into one transaction
//! (group commit) and answers each writer only once the transaction is committed. So a table
//! actor that awaits [`Store::write`] knows its change is durable before it tells anyone.

use crate::lease::LeaseBook;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Executor, Row};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::{mpsc, oneshot};

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

/// One change to store.
#[derive(Clone, Debug)]
pub enum Op {
    CreatePlayer {
        id: String,
        token: String,
        name: String,
    },
    RenamePlayer {
        id: String,
        name: String,
    },
    /// A new table, or new seats, options, host or state of one.
    SaveTable {
        id: u64,
        game: String,
        state: String,
        meta: String,
        version: u64,
    },
    /// The game started with this setup (seed included).
    Start {
        id: u64,
        meta: String,
        setup: String,
        version: u64,
    },
    /// One accepted action, `idx` counting from 0.
    Action {
        table: u64,
        idx: u64,
        seat: u8,
        action: String,
        version: u64,
    },
    /// The game is over; its record.
    Finish {
        id: u64,
        record: String,
        version: u64,
    },
    /// The table is closed (nobody left, never started): it is not restored.
    Close {
        id: u64,
    },
    /// The running table closed with nobody at it: the game stays unfinished with its public
    /// record, and is not restored.
    Abandon {
        id: u64,
        record: String,
        version: u64,
    },
}

impl Op {
    /// The table the change belongs to, if any.
    pub fn table(&self) -> Option<u64> {
        match self {
            Op::CreatePlayer { .. } | Op::RenamePlayer { .. } => None,
            Op::SaveTable { id, .. }
            | Op::Start { id, .. }
            | Op::Finish { id, .. }
            | Op::Close { id }
            | Op::Abandon { id, .. } => Some(*id),
            Op::Action { table, .. } => Some(*table),
        }
    }
}

struct Write {
    ops: Vec<Op>,
    done: oneshot::Sender<Result<(), String>>,
}

/// A table as stored, with its action log.
#[derive(Clone, Debug)]
pub struct StoredTable {
    pub id: u64,
    pub game: String,
    pub state: String,
    pub meta: String,
    pub setup: Option<String>,
    pub version: u64,
    /// (seat, action JSON, version after it), in order.
    pub actions: Vec<(u8, String, u64)>,
}

/// The database behind the room.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    writer: mpsc::Sender<Write>,
    backend: Backend,
    /// In a cluster: the leases every table write is checked against (fencing).
    fence: Option<Arc<LeaseBook>>,
}

/// How long a SQLite write waits for a lock another process holds before it fails: the move is
/// then answered `storage` (nothing changed; the client tries again) instead of blocking its
/// table and every other for as long as the lock is held.
pub const BUSY_TIMEOUT: Duration = Duration::from_millis(500);

/// Whether a failed write failed because the database is locked or busy (it would fail for every
/// write of the batch alike), rather than because of one of its writes.
fn stalled(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::PoolTimedOut => true,
        sqlx::Error::Database(db) => {
            // SQLite: BUSY, LOCKED and their extended codes; PostgreSQL: lock_not_available.
            matches!(
                db.code().as_deref(),
                Some("5" | "6" | "261" | "517" | "262" | "55P03")
            ) || db.message().contains("database is locked")
                || db.message().contains("database is busy")
        }
        _ => false,
    }
}

fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
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
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            anyhow::bail!("database URL must start with sqlite: or postgres: (got {url:?})");
        };
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
            .map_err(|e| anyhow::anyhow!("cannot open database {url}: {e}"))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| anyhow::anyhow!("cannot bring the database schema up to date: {e}"))?;
        if fence.is_some() {
            if backend != Backend::Postgres {
                anyhow::bail!("a cluster needs a PostgreSQL database (got {url:?})");
            }
            crate::lease::ensure_schema(&pool)
                .await
                .map_err(|e| anyhow::anyhow!("cannot create the cluster's tables: {e}"))?;
        }
        let (tx, rx) = mpsc::channel(4096);
        let checkpoints = (backend == Backend::Sqlite && !memory).then(Checkpoints::new);
        tokio::spawn(writer(pool.clone(), rx, fence.clone(), checkpoints));
        Ok(Store {
            pool,
            writer: tx,
            backend,
            fence,
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
    pub async fn write(&self, ops: Vec<Op>) -> Result<(), String> {
        let (done, wait) = oneshot::channel();
        self.writer
            .send(Write { ops, done })
            .await
            .map_err(|_| "the database writer has stopped".to_owned())?;
        wait.await
            .map_err(|_| "the database writer has stopped".to_owned())?
    }

    /// The identity (id, name) of a guest's token or of an account's open session token (one
    /// used within [`crate::accounts::sessions::IDLE_LIMIT`]).
    pub async fn player_by_token(&self, token: &str) -> anyhow::Result<Option<(String, String)>> {
        let row = sqlx::query(
            "SELECT id, name FROM nimmt_players WHERE token = $1 UNION ALL \
             SELECT p.id, p.name FROM nimmt_sessions s JOIN nimmt_players p ON p.id = s.player_id \
             WHERE s.token_hash = $2 AND s.last_seen_at > $3",
        )
        .bind(token.to_owned())
        .bind(crate::accounts::sessions::token_hash(token))
        .bind(crate::accounts::sessions::oldest_use())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| (r.get::<String, _>(0), r.get::<String, _>(1))))
    }

    /// The highest table number used so far (0 if none).
    pub async fn max_table_id(&self) -> anyhow::Result<u64> {
        let row = sqlx::query("SELECT COALESCE(MAX(id), 0) FROM nimmt_tables")
            .fetch_one(&self.pool)
            .await?;
        Ok(row.get::<i64, _>(0) as u64)
    }

    /// Every table still open or playing, with its action log.
    pub async fn open_tables(&self) -> anyhow::Result<Vec<StoredTable>> {
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

    /// The logged actions of a table, in order: (seat, action JSON, version after it); the first
    /// `limit` of them, or all.
    pub async fn actions(
        &self,
        id: u64,
        limit: Option<u64>,
    ) -> anyhow::Result<Vec<(u8, String, u64)>> {
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
    pub async fn finished_tables(&self, within: Duration) -> anyhow::Result<Vec<StoredTable>> {
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
    pub async fn open_table(&self, id: u64) -> anyhow::Result<Option<StoredTable>> {
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
    async fn stored(&self, r: AnyRow) -> anyhow::Result<StoredTable> {
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
    pub async fn table_record(&self, id: u64) -> anyhow::Result<Option<(String, Option<String>)>> {
        let row = sqlx::query("SELECT state, record FROM nimmt_tables WHERE id = $1")
            .bind(id as i64)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| (r.get::<String, _>(0), r.get::<Option<String>, _>(1))))
    }

    /// Number of stored actions of a table (for tests and checks).
    pub async fn action_count(&self, id: u64) -> anyhow::Result<u64> {
        let row = sqlx::query("SELECT COUNT(*) FROM nimmt_actions WHERE table_id = $1")
            .bind(id as i64)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.get::<i64, _>(0) as u64)
    }
}

async fn apply(conn: &mut sqlx::AnyConnection, op: &Op) -> Result<(), sqlx::Error> {
    let now = now_secs();
    match op {
        Op::CreatePlayer { id, token, name } => {
            sqlx::query(
                "INSERT INTO nimmt_players (id, token, name, created_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(id.clone())
            .bind(token.clone())
            .bind(name.clone())
            .bind(now)
            .execute(&mut *conn)
            .await?;
        }
        Op::RenamePlayer { id, name } => {
            sqlx::query("UPDATE nimmt_players SET name = $1 WHERE id = $2")
                .bind(name.clone())
                .bind(id.clone())
                .execute(&mut *conn)
                .await?;
        }
        Op::SaveTable {
            id,
            game,
            state,
            meta,
            version,
        } => {
            let updated = sqlx::query(
                "UPDATE nimmt_tables SET state = $1, meta = $2, version = $3, updated_at = $4 WHERE id = $5",
            )
            .bind(state.clone())
            .bind(meta.clone())
            .bind(*version as i64)
            .bind(now)
            .bind(*id as i64)
            .execute(&mut *conn)
            .await?;
            if updated.rows_affected() == 0 {
                sqlx::query(
                    "INSERT INTO nimmt_tables (id, game, state, meta, version, updated_at) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(*id as i64)
                .bind(game.clone())
                .bind(state.clone())
                .bind(meta.clone())
                .bind(*version as i64)
                .bind(now)
                .execute(&mut *conn)
                .await?;
            }
        }
        Op::Start {
            id,
            meta,
            setup,
            version,
        } => {
            sqlx::query(
                "UPDATE nimmt_tables SET state = 'playing', meta = $1, setup = $2, version = $3, \
                 updated_at = $4 WHERE id = $5",
            )
            .bind(meta.clone())
            .bind(setup.clone())
            .bind(*version as i64)
            .bind(now)
            .bind(*id as i64)
            .execute(&mut *conn)
            .await?;
        }
        Op::Action {
            table,
            idx,
            seat,
            action,
            version,
        } => {
            sqlx::query(
                "INSERT INTO nimmt_actions (table_id, idx, seat, action, version) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(*table as i64)
            .bind(*idx as i64)
            .bind(*seat as i64)
            .bind(action.clone())
            .bind(*version as i64)
            .execute(&mut *conn)
            .await?;
        }
        Op::Finish {
            id,
            record,
            version,
        } => {
            end_game(conn, *id, "finished", record, *version, now).await?;
            // The results and the ratings they move commit with the game's end, or not at all.
            crate::ratings::finish::store(conn, *id, record, now).await?;
        }
        Op::Abandon {
            id,
            record,
            version,
        } => end_game(conn, *id, "abandoned", record, *version, now).await?,
        Op::Close { id } => {
            sqlx::query("UPDATE nimmt_tables SET state = 'closed', updated_at = $1 WHERE id = $2")
                .bind(now)
                .bind(*id as i64)
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(())
}

/// A game ends (`finished`) or is closed unfinished (`abandoned`), with its record.
async fn end_game(
    conn: &mut sqlx::AnyConnection,
    id: u64,
    state: &str,
    record: &str,
    version: u64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE nimmt_tables SET state = $1, record = $2, version = $3, updated_at = $4 \
         WHERE id = $5",
    )
    .bind(state.to_owned())
    .bind(record.to_owned())
    .bind(version as i64)
    .bind(now)
    .bind(id as i64)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Inserts logged actions in statements of a few fixed sizes (so each size's statement is
/// prepared once per connection and then reused from its cache).
async fn insert_actions(conn: &mut sqlx::AnyConnection, rows: &[&Op]) -> Result<(), sqlx::Error> {
    const SIZES: [usize; 4] = [200, 40, 8, 1];
    let mut rest = rows;
    for size in SIZES {
        while rest.len() >= size {
            let (chunk, more) = rest.split_at(size);
            insert_rows(conn, chunk).await?;
            rest = more;
        }
    }
    Ok(())
}

/// Inserts logged actions with one statement.
async fn insert_rows(conn: &mut sqlx::AnyConnection, rows: &[&Op]) -> Result<(), sqlx::Error> {
    let mut sql =
        String::from("INSERT INTO nimmt_actions (table_id, idx, seat, action, version) VALUES ");
    for i in 0..rows.len() {
        let b = i * 5;
        if i > 0 {
            sql.push(',');
        }
        sql.push_str(&format!(
            "(${}, ${}, ${}, ${}, ${})",
            b + 1,
            b + 2,
            b + 3,
            b + 4,
            b + 5
        ));
    }
    let mut q = sqlx::query(&sql);
    for op in rows {
        if let Op::Action {
            table,
            idx,
            seat,
            action,
            version,
        } = op
        {
            q = q
                .bind(*table as i64)
                .bind(*idx as i64)
                .bind(*seat as i64)
                .bind(action.clone())
                .bind(*version as i64);
        }
    }
    q.execute(&mut *conn).await?;
    Ok(())
}

/// The tables a batch writes to, each once, in the order of their numbers (the fencing locks
/// their leases in this order, as the renewal does).
fn tables_of(batch: &[&Write]) -> Vec<u64> {
    let mut tables: Vec<u64> = batch
        .iter()
        .flat_map(|w| w.ops.iter().filter_map(Op::table))
        .collect();
    tables.sort_unstable();
    tables.dedup();
    tables
}

async fn write_batch(
    pool: &AnyPool,
    batch: &[&Write],
    fence: Option<&LeaseBook>,
) -> Result<(), sqlx::Error> {
    const ROWS_PER_INSERT: usize = 1000;
    let mut tx = pool.begin().await?;
    let fenced = match fence {
        Some(book) => {
            let tables = tables_of(batch);
            for t in &tables {
                book.fence(&mut tx, *t).await?;
            }
            tables
        }
        None => Vec::new(),
    };
    // Runs of actions go in multi-row inserts; everything else in order between them.
    let mut run: Vec<&Op> = Vec::new();
    for w in batch {
        for op in &w.ops {
            if matches!(op, Op::Action { .. }) {
                run.push(op);
                if run.len() == ROWS_PER_INSERT {
                    insert_actions(&mut tx, &run).await?;
                    run.clear();
                }
                continue;
            }
            if !run.is_empty() {
                insert_actions(&mut tx, &run).await?;
                run.clear();
            }
            apply(&mut tx, op).await?;
        }
    }
    if !run.is_empty() {
        insert_actions(&mut tx, &run).await?;
    }
    tx.commit().await?;
    if let Some(book) = fence {
        book.written(&fenced);
    }
    Ok(())
}

/// How often the writer copies SQLite's write-ahead log into the database file: every second,
/// or after this many commits, whichever comes first.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);
pub const CHECKPOINT_COMMITS: u32 = 1000;

/// When the writer next copies SQLite's write-ahead log into the database file.
///
/// The writer does it between two commits, so that the copy catches up with the whole log and
/// the next commit starts the log again from its beginning: the log stays the size of about a
/// second of commits. (Left to SQLite, the commit that fills the log copies it and every move
/// waiting on that commit waits for the copy; a copy beside the commits never catches up with a
/// log that is written all the time, and the log then grows without end, by gigabytes an hour
/// under load.)
struct Checkpoints {
    last: std::time::Instant,
    commits: u32,
}

impl Checkpoints {
    fn new() -> Checkpoints {
        Checkpoints {
            last: std::time::Instant::now(),
            commits: 0,
        }
    }

    /// Counts a commit; `true` when a checkpoint is due.
    fn committed(&mut self) -> bool {
        self.commits += 1;
        self.commits >= CHECKPOINT_COMMITS || self.last.elapsed() >= CHECKPOINT_EVERY
    }

    async fn run(&mut self, pool: &AnyPool) {
        if let Err(e) = pool.execute("PRAGMA wal_checkpoint(PASSIVE)").await {
            tracing::debug!("checkpoint: {e}");
        }
        self.last = std::time::Instant::now();
        self.commits = 0;
    }
}

/// The one writer: gathers queued writes into a transaction, commits, then answers them all.
async fn writer(
    pool: AnyPool,
    mut rx: mpsc::Receiver<Write>,
    fence: Option<Arc<LeaseBook>>,
    mut checkpoints: Option<Checkpoints>,
) {
    let fence = fence.as_deref();
    const MAX_BATCH: usize = 1024;
    let mut batch: Vec<Write> = Vec::with_capacity(MAX_BATCH);
    while let Some(first) = rx.recv().await {
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(w) => batch.push(w),
                Err(_) => break,
            }
        }
        let all: Vec<&Write> = batch.iter().collect();
        let started = std::time::Instant::now();
        let result = write_batch(&pool, &all, fence).await;
        let actions = all
            .iter()
            .flat_map(|w| &w.ops)
            .filter(|op| matches!(op, Op::Action { .. }))
            .count();
        crate::metrics::committed(actions, started.elapsed(), result.is_ok());
        match result {
            Ok(()) => {
                for w in batch.drain(..) {
                    let _ = w.done.send(Ok(()));
                }
            }
            Err(e) if batch.len() == 1 || stalled(&e) => {
                tracing::warn!("database write failed: {e}");
                for w in batch.drain(..) {
                    let _ = w.done.send(Err(e.to_string()));
                }
            }
            Err(_) => {
                // One bad write must not fail the others: retry each on its own.
                for w in batch.drain(..) {
                    let r = write_batch(&pool, &[&w], fence).await.map_err(|e| {
                        tracing::warn!("database write failed: {e}");
                        e.to_string()
                    });
                    let _ = w.done.send(r);
                }
            }
        }
        if let Some(c) = checkpoints.as_mut() {
            if c.committed() {
                c.run(&pool).await;
            }
        }
    }
}
