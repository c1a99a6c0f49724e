//! Backups of a SQLite room while it plays (`nimmt backup`), and putting one back
//! (`nimmt restore`).
//!
//! A backup is `VACUUM INTO` through a connection of its own: one read transaction, so the copy
//! is the database as it was at one commit — every change the room acknowledged before the
//! backup began is in it, and the room's writer goes on committing meanwhile (in WAL mode a
//! reader never blocks the writer). The copy is written beside its name, checked
//! (`integrity_check`, the room's tables), synced and only then renamed into place: a file under
//! the backup's name is always a whole backup. PostgreSQL is backed up with its own tools
//! (`pg_dump`, `docs/deploy.md`).

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, SqliteConnection};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::{Duration, Instant};

/// What a backup holds, counted in it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    /// The last schema migration applied to it.
    pub schema: i64,
    pub players: i64,
    pub accounts: i64,
    pub finished_games: i64,
    /// Tables whose game is running (they come back as they were when the room starts on it).
    pub running_tables: i64,
    pub bytes: u64,
}

impl std::fmt::Display for Contents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "schema {}, {} players ({} with an account), {} finished games, {} running tables, \
             {:.1} MB",
            self.schema,
            self.players,
            self.accounts,
            self.finished_games,
            self.running_tables,
            self.bytes as f64 / 1e6
        )
    }
}

/// The file behind a `sqlite:` URL, or why the URL is not one a backup can take.
pub fn sqlite_file(url: &str) -> anyhow::Result<PathBuf> {
    if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        anyhow::bail!(
            "{} is a PostgreSQL database: back it up with PostgreSQL's own tools, \
             `pg_dump -Fc -f FILE DATABASE` and `pg_restore` (docs/deploy.md, \"Backups\")",
            super::masked_url(url)
        );
    }
    if !url.starts_with("sqlite:") || url.contains(":memory:") {
        anyhow::bail!("the database must be a SQLite file, sqlite://FILE (got {url:?})");
    }
    Ok(SqliteConnectOptions::from_str(url)?
        .get_filename()
        .to_path_buf())
}

/// Opens the SQLite file at `path` without creating it.
async fn connect(path: &Path, read_only: bool) -> anyhow::Result<SqliteConnection> {
    if !path.is_file() {
        anyhow::bail!("there is no database {}", path.display());
    }
    SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(false)
        .read_only(read_only)
        .foreign_keys(false)
        .busy_timeout(Duration::from_secs(10))
        .connect()
        .await
        .map_err(|e| anyhow::anyhow!("cannot open {}: {e}", path.display()))
}

/// Checks that `path` is a whole database of the room and counts what it holds.
pub async fn inspect(path: &Path) -> anyhow::Result<Contents> {
    let mut conn = connect(path, true).await?;
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .map_err(|e| anyhow::anyhow!("{} is not a SQLite database: {e}", path.display()))?;
    if check != "ok" {
        anyhow::bail!("{} is damaged: {check}", path.display());
    }
    let tables: Vec<String> =
        sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table'")
            .fetch_all(&mut conn)
            .await?;
    let has = |t: &str| tables.iter().any(|n| n == t);
    if !has("_sqlx_migrations") || !has("nimmt_tables") {
        anyhow::bail!("{} is not a database of the room", path.display());
    }
    let count = |sql: &'static str| sqlx::query_scalar::<_, i64>(sql);
    let contents = Contents {
        schema: count("SELECT COALESCE(MAX(version), 0) FROM _sqlx_migrations WHERE success")
            .fetch_one(&mut conn)
            .await?,
        players: count("SELECT COUNT(*) FROM nimmt_players")
            .fetch_one(&mut conn)
            .await?,
        accounts: if has("nimmt_accounts") {
            count("SELECT COUNT(*) FROM nimmt_accounts")
                .fetch_one(&mut conn)
                .await?
        } else {
            0
        },
        finished_games: count("SELECT COUNT(*) FROM nimmt_tables WHERE state = 'finished'")
            .fetch_one(&mut conn)
            .await?,
        running_tables: count("SELECT COUNT(*) FROM nimmt_tables WHERE state = 'playing'")
            .fetch_one(&mut conn)
            .await?,
        bytes: std::fs::metadata(path)?.len(),
    };
    conn.close().await?;
    Ok(contents)
}

/// The file beside `path` that a copy is written to before it takes `path`'s name.
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// Syncs `path` and the folder it lies in.
fn sync(path: &Path) -> std::io::Result<()> {
    std::fs::File::open(path)?.sync_all()?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // A folder cannot be synced everywhere (Windows); the file itself is.
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

/// Writes a consistent copy of the room's SQLite database `url` to `to` while the room may be
/// playing on it; returns what the copy holds and how long it took. Never overwrites a file.
pub async fn backup(url: &str, to: &Path) -> anyhow::Result<(Contents, Duration)> {
    let from = sqlite_file(url)?;
    if to.exists() {
        anyhow::bail!(
            "{} exists already: a backup never overwrites a file (choose another name)",
            to.display()
        );
    }
    let partial = beside(to, ".partial");
    let _ = std::fs::remove_file(&partial);
    let start = Instant::now();
    let mut conn = connect(&from, false).await?;
    let room: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' \
         AND name IN ('_sqlx_migrations', 'nimmt_tables')",
    )
    .fetch_one(&mut conn)
    .await
    .map_err(|e| anyhow::anyhow!("{} is not a SQLite database: {e}", from.display()))?;
    if room != 2 {
        anyhow::bail!("{} is not a database of the room", from.display());
    }
    let copied = sqlx::query("VACUUM INTO ?")
        .bind(partial.to_string_lossy().into_owned())
        .execute(&mut conn)
        .await;
    conn.close().await?;
    if let Err(e) = copied {
        let _ = std::fs::remove_file(&partial);
        anyhow::bail!("cannot write the backup {}: {e}", partial.display());
    }
    let checked = inspect(&partial).await;
    let contents = match checked {
        Ok(c) => c,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
    };
    sync(&partial)?;
    std::fs::rename(&partial, to)?;
    sync(to)?;
    Ok((contents, start.elapsed()))
}

/// Puts the backup `from` in place of the room's SQLite database `url` (which must not be in
/// use: stop the room first). Refuses a file that is not a whole backup of the room, one written
/// by a newer release, and — unless `replace` — an existing database. Returns what it holds.
pub async fn restore(from: &Path, url: &str, replace: bool) -> anyhow::Result<Contents> {
    let to = sqlite_file(url)?;
    let contents = inspect(from).await?;
    let known = sqlx::migrate!("./migrations")
        .iter()
        .map(|m| m.version)
        .max()
        .unwrap_or(0);
    if contents.schema > known {
        anyhow::bail!(
            "{} was written by a newer release (schema {}; this one knows up to {known}): \
             restore it with that release",
            from.display(),
            contents.schema
        );
    }
    if to.exists() {
        if !replace {
            anyhow::bail!(
                "{} exists: stop the room and give --replace to put the backup in its place",
                to.display()
            );
        }
        let wal = beside(&to, "-wal");
        if wal.exists() {
            anyhow::bail!(
                "{} is in use or was not closed ({} is there): stop the room first (a room that \
                 was killed: start it and stop it once, so its last commits are kept in the \
                 file)",
                to.display(),
                wal.display()
            );
        }
    }
    let partial = beside(&to, ".restoring");
    std::fs::copy(from, &partial)?;
    sync(&partial)?;
    std::fs::rename(&partial, &to)?;
    let _ = std::fs::remove_file(beside(&to, "-shm"));
    sync(&to)?;
    Ok(contents)
}
