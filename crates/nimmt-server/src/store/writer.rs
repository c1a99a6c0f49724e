//! The one writer: whatever is queued goes into one transaction (group commit), runs of logged
//! actions as multi-row inserts, each table's lease checked first in a cluster; every waiting
//! writer is answered once the transaction is committed. SQLite's write-ahead log is copied
//! into the database file between commits (`Checkpoints`).

use super::{now_secs, AtGameEnd, Backend, Op, StoreError};
use crate::lease::LeaseBook;
use sqlx::{AnyPool, Executor};
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// One write: its changes, and who waits for their commit.
pub(super) struct Write {
    pub(super) ops: Vec<Op>,
    pub(super) done: oneshot::Sender<Result<(), StoreError>>,
}

async fn apply(
    conn: &mut sqlx::AnyConnection,
    op: &Op,
    at_game_end: Option<&dyn AtGameEnd>,
) -> Result<(), sqlx::Error> {
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
            if let Some(work) = at_game_end {
                work.store(conn, *id, record, now).await?;
            }
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

/// The statements that insert logged actions, one for each of a few fixed sizes (so each is
/// prepared once per connection and then reused from its cache), largest first. SQLite's take
/// their parameters by position (`?`): it looks a numbered one up by its name, which costs a
/// search of all of them for each.
pub(super) struct ActionInserts {
    sizes: Vec<(usize, String)>,
}

impl ActionInserts {
    pub(super) fn new(backend: Backend) -> ActionInserts {
        let sizes = [200, 40, 8, 1]
            .into_iter()
            .map(|size| (size, insert_sql(backend, size)))
            .collect();
        ActionInserts { sizes }
    }
}

/// The statement that inserts `rows` logged actions.
fn insert_sql(backend: Backend, rows: usize) -> String {
    let mut sql =
        String::from("INSERT INTO nimmt_actions (table_id, idx, seat, action, version) VALUES ");
    for i in 0..rows {
        if i > 0 {
            sql.push(',');
        }
        match backend {
            Backend::Sqlite => sql.push_str("(?, ?, ?, ?, ?)"),
            Backend::Postgres => {
                let b = i * 5;
                let _ = write!(
                    sql,
                    "(${}, ${}, ${}, ${}, ${})",
                    b + 1,
                    b + 2,
                    b + 3,
                    b + 4,
                    b + 5
                );
            }
        }
    }
    sql
}

/// Inserts logged actions in statements of the fixed sizes.
async fn insert_actions(
    conn: &mut sqlx::AnyConnection,
    inserts: &ActionInserts,
    rows: &[&Op],
) -> Result<(), sqlx::Error> {
    let mut rest = rows;
    for (size, sql) in &inserts.sizes {
        while rest.len() >= *size {
            let (chunk, more) = rest.split_at(*size);
            insert_rows(conn, sql, chunk).await?;
            rest = more;
        }
    }
    Ok(())
}

/// Inserts logged actions with one statement.
async fn insert_rows(
    conn: &mut sqlx::AnyConnection,
    sql: &str,
    rows: &[&Op],
) -> Result<(), sqlx::Error> {
    let mut q = sqlx::query(sql);
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
    inserts: &ActionInserts,
    batch: &[&Write],
    fence: Option<&LeaseBook>,
    at_game_end: Option<&dyn AtGameEnd>,
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
                    insert_actions(&mut tx, inserts, &run).await?;
                    run.clear();
                }
                continue;
            }
            if !run.is_empty() {
                insert_actions(&mut tx, inserts, &run).await?;
                run.clear();
            }
            apply(&mut tx, op, at_game_end).await?;
        }
    }
    if !run.is_empty() {
        insert_actions(&mut tx, inserts, &run).await?;
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
pub(super) struct Checkpoints {
    last: std::time::Instant,
    commits: u32,
}

impl Checkpoints {
    pub(super) fn new() -> Checkpoints {
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
pub(super) async fn writer(
    pool: AnyPool,
    mut rx: mpsc::Receiver<Write>,
    fence: Option<Arc<LeaseBook>>,
    mut checkpoints: Option<Checkpoints>,
    inserts: ActionInserts,
    counted: Arc<crate::metrics::Database>,
    at_game_end: Option<Arc<dyn AtGameEnd>>,
) {
    let fence = fence.as_deref();
    let at_game_end = at_game_end.as_deref();
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
        counted.queued(-(batch.len() as i64));
        let all: Vec<&Write> = batch.iter().collect();
        let started = std::time::Instant::now();
        let result = write_batch(&pool, &inserts, &all, fence, at_game_end).await;
        let actions = all
            .iter()
            .flat_map(|w| &w.ops)
            .filter(|op| matches!(op, Op::Action { .. }))
            .count();
        counted.committed(actions, started.elapsed(), result.is_ok());
        match result.map_err(StoreError::from) {
            Ok(()) => {
                for w in batch.drain(..) {
                    let _ = w.done.send(Ok(()));
                }
            }
            Err(e) if batch.len() == 1 || e.is_busy() => {
                tracing::warn!("database write failed: {e}");
                for w in batch.drain(..) {
                    let _ = w.done.send(Err(e.clone()));
                }
            }
            Err(_) => {
                // One bad write must not fail the others: retry each on its own.
                for w in batch.drain(..) {
                    let r = write_batch(&pool, &inserts, &[&w], fence, at_game_end)
                        .await
                        .map_err(|e| {
                            tracing::warn!("database write failed: {e}");
                            StoreError::from(e)
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
