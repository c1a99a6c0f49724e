//! Upgrades: the schema moves forward by migrations only. A database written under each earlier
//! schema (`fixtures/schemas/NNNN.sql`: the schema exactly as migrations 1..=NNNN made it, with
//! the migrations' own bookkeeping, filled with a room's players, an account, a finished rated
//! game with its results and ratings, and a running table) is brought up to date when the room
//! opens it: every row of every table is still there, unchanged; the account logs in with its
//! password; the finished game is in its player's history with a record that replays; the
//! running table comes back to the player who reconnects. Editing a migration that was released
//! fails here (its checksum in the fixtures no longer matches), as it would on every room's
//! database.
//!
//! A new migration needs its fixture: `cargo test -p nimmt-server --test upgrades --
//! --ignored generate_fixtures` plays the room's games on the current code, then writes for
//! every schema N a database with migrations 1..=N applied and the rows copied into the tables
//! and columns that schema has (`sqlite3 .dump` of it; the `sqlite3` command is needed there
//! only). The fixtures already committed are never rewritten.

mod common;

use common::accounts::{get, log_in, sign_up};
use common::coming_back::{a_finished_and_a_running_game, come_back};
use common::{config, http_get, server_with, Db};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Row, SqliteConnection};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const PASSWORD: &str = "an honest password";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schemas")
}

/// The versions of the migrations in `migrations/`.
fn migrations() -> Vec<i64> {
    sqlx::migrate!("./migrations")
        .iter()
        .map(|m| m.version)
        .collect()
}

async fn open(path: &Path) -> SqliteConnection {
    SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .connect()
        .await
        .unwrap()
}

/// Every row of every table of the room (the migrations' bookkeeping aside), as text per
/// column: table → column → rows (sorted by the whole row).
async fn rows(conn: &mut SqliteConnection) -> BTreeMap<String, BTreeMap<String, Vec<String>>> {
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'nimmt_%'",
    )
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    let mut all = BTreeMap::new();
    for t in tables {
        let columns: Vec<String> = sqlx::query(&format!("PRAGMA table_info({t})"))
            .fetch_all(&mut *conn)
            .await
            .unwrap()
            .iter()
            .map(|r| r.get::<String, _>(1))
            .collect();
        // Each column's values, in the order of the table's rows sorted by rowid-free content.
        let whole = columns
            .iter()
            .map(|c| format!("quote({c})"))
            .collect::<Vec<_>>()
            .join(" || '|' || ");
        let mut by_column = BTreeMap::new();
        for c in &columns {
            let values: Vec<String> =
                sqlx::query_scalar(&format!("SELECT quote({c}) FROM {t} ORDER BY {whole}"))
                    .fetch_all(&mut *conn)
                    .await
                    .unwrap();
            by_column.insert(c.clone(), values);
        }
        all.insert(t, by_column);
    }
    all
}

#[test]
fn every_schema_has_its_fixture() {
    for v in migrations() {
        let f = fixtures().join(format!("{v:04}.sql"));
        assert!(
            f.is_file(),
            "no fixture {} for migration {v}: generate it (see this file's head)",
            f.display()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_earlier_schema_is_brought_up_to_date_with_everything_kept() {
    let latest = migrations();
    for v in &latest {
        let dump = std::fs::read_to_string(fixtures().join(format!("{v:04}.sql"))).unwrap();
        let db = Db::sqlite();
        let Db::Sqlite(dir) = &db else { unreachable!() };
        let path = dir.path().join("nimmt.db");
        let mut conn = open(&path).await;
        sqlx::raw_sql(&dump).execute(&mut conn).await.unwrap();
        let before = rows(&mut conn).await;
        let applied: Vec<i64> = sqlx::query_scalar("SELECT version FROM _sqlx_migrations")
            .fetch_all(&mut conn)
            .await
            .unwrap();
        assert_eq!(applied.last(), Some(v), "fixture {v:04} is at schema {v}");
        conn.close().await.unwrap();

        // The room opens it: the migrations after it run, nothing else changes.
        let store = nimmt_server::store::Store::open(&db.url())
            .await
            .unwrap_or_else(|e| panic!("schema {v}: {e}"));
        let mut conn = open(&path).await;
        let now: Vec<i64> = sqlx::query_scalar("SELECT version FROM _sqlx_migrations")
            .fetch_all(&mut conn)
            .await
            .unwrap();
        assert_eq!(now, latest, "schema {v} is brought up to date");
        let after = rows(&mut conn).await;
        for (table, columns) in &before {
            for (column, values) in columns {
                assert_eq!(
                    after[table][column].len(),
                    values.len(),
                    "schema {v}: {table} keeps its rows"
                );
            }
            // Compared whole rows: the row order is by content, which new columns may change.
            let project = |cols: &BTreeMap<String, Vec<String>>| -> Vec<Vec<String>> {
                let n = cols.values().next().map_or(0, Vec::len);
                let mut out: Vec<Vec<String>> = (0..n)
                    .map(|i| columns.keys().map(|c| cols[c][i].clone()).collect())
                    .collect();
                out.sort();
                out
            };
            assert_eq!(
                project(&after[table]),
                project(columns),
                "schema {v}: every row of {table} kept, unchanged"
            );
        }
        conn.close().await.unwrap();
        let old = |t: &str| before.contains_key(t);
        if !old("nimmt_results") {
            // Games finished before results were kept get theirs from a rebuild (the upgrade
            // note in docs/deploy.md says to run `nimmt ratings --rebuild`).
            let rebuilt = nimmt_server::ratings::rebuild::rebuild(store.pool())
                .await
                .unwrap();
            assert_eq!(
                rebuilt.backfilled, 1,
                "schema {v}: the finished game's results"
            );
        }
        store.pool().close().await;

        // And the room plays on it.
        let (srv, url) = server_with(config(&db)).await;
        let mut conn = open(&path).await;
        let finished: i64 =
            sqlx::query_scalar("SELECT id FROM nimmt_tables WHERE state = 'finished'")
                .fetch_one(&mut conn)
                .await
                .unwrap();
        let running: i64 =
            sqlx::query_scalar("SELECT id FROM nimmt_tables WHERE state = 'playing'")
                .fetch_one(&mut conn)
                .await
                .unwrap();
        let (ann, bob_token): (String, String) = {
            let r = sqlx::query(
                "SELECT (SELECT id FROM nimmt_players WHERE name = 'Ann'), \
                 (SELECT token FROM nimmt_players WHERE name = 'Bob')",
            )
            .fetch_one(&mut conn)
            .await
            .unwrap();
            (r.get(0), r.get(1))
        };
        conn.close().await.unwrap();
        if old("nimmt_accounts") {
            let (status, body) = log_in(srv.addr, "Ann", PASSWORD).await;
            assert_eq!(status, 200, "schema {v}: Ann's account logs in: {body}");
            assert_eq!(body["player"], ann.as_str());
        }
        let (status, page) = get(srv.addr, &format!("/api/players/id:{ann}/games"), None).await;
        assert_eq!(status, 200, "schema {v}: {page}");
        let games = page["games"].as_array().unwrap();
        assert_eq!(games.len(), 1, "schema {v}: Ann's finished game: {page}");
        assert_eq!(games[0]["table"], finished);
        assert_eq!(games[0]["rated"], true, "schema {v}: {page}");
        let (status, body) = http_get(srv.addr, &format!("/api/games/{finished}/record")).await;
        assert_eq!(status, 200, "schema {v}");
        let record: nimmt_core::GameRecord = serde_json::from_str(&body).unwrap();
        nimmt_core::record::replay(&record)
            .unwrap_or_else(|e| panic!("schema {v}: the record replays: {e}"));
        let bob = come_back(&url, "Bob", &bob_token, running as u64).await;
        assert!(bob.view.is_some(), "schema {v}: Bob sees his running game");
        srv.stop().await;
    }
}

/// Plays Ann and Bob (with a bot) through a rated game to its end, makes Ann an account and
/// leaves a second game running; the database at the current schema.
async fn play_the_room(db: &Db) {
    let (srv, url) = server_with(config(db)).await;
    let (ann, _bob, _finished, _running) = a_finished_and_a_running_game(&url).await;
    sign_up(srv.addr, Some(&ann.me.token), "Ann", PASSWORD).await;
    srv.stop_for_restart(std::time::Duration::from_secs(5))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes the fixtures of a new schema; run by hand"]
async fn generate_fixtures() {
    let source = Db::sqlite();
    play_the_room(&source).await;
    let Db::Sqlite(dir) = &source else {
        unreachable!()
    };
    let from = dir.path().join("nimmt.db");
    let all = sqlx::migrate!("./migrations");
    for v in migrations() {
        let out = fixtures().join(format!("{v:04}.sql"));
        if out.exists() {
            continue;
        }
        let path = dir.path().join(format!("{v:04}.db"));
        let mut conn = open(&path).await;
        let upto = sqlx::migrate::Migrator {
            migrations: all
                .migrations
                .iter()
                .filter(|m| m.version <= v)
                .cloned()
                .collect::<Vec<_>>()
                .into(),
            ..sqlx::migrate::Migrator::DEFAULT
        };
        upto.run(&mut conn).await.unwrap();
        sqlx::query("ATTACH DATABASE ? AS src")
            .bind(from.to_string_lossy().into_owned())
            .execute(&mut conn)
            .await
            .unwrap();
        let tables: Vec<String> = sqlx::query_scalar(
            "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name LIKE 'nimmt_%'",
        )
        .fetch_all(&mut conn)
        .await
        .unwrap();
        for t in tables {
            let columns: Vec<String> = sqlx::query(&format!("PRAGMA main.table_info({t})"))
                .fetch_all(&mut conn)
                .await
                .unwrap()
                .iter()
                .map(|r| r.get::<String, _>(1))
                .collect();
            let columns = columns.join(", ");
            sqlx::query(&format!(
                "INSERT INTO main.{t} ({columns}) SELECT {columns} FROM src.{t}"
            ))
            .execute(&mut conn)
            .await
            .unwrap();
        }
        conn.close().await.unwrap();
        let dump = std::process::Command::new("sqlite3")
            .arg(&path)
            .arg(".dump")
            .output()
            .expect("the sqlite3 command");
        assert!(dump.status.success());
        std::fs::create_dir_all(fixtures()).unwrap();
        std::fs::write(&out, &dump.stdout).unwrap();
        println!("wrote {}", out.display());
    }
}
