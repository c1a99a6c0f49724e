//! Backups that restore. SQLite: `nimmt backup` of the real `nimmt serve` while `nimmt loadtest`
//! plays on it, `nimmt restore` into a new file and a new server on it: every player, account,
//! finished game, rating and running table committed before the backup began is there (a move is
//! acknowledged only once committed, so that covers everything acknowledged), the running table
//! resumes exactly where its player left it, and play never stopped. PostgreSQL: the
//! `pg_dump -Fc` / `pg_restore` commands of `docs/deploy.md` into a fresh database, with the same
//! checks.

#[path = "../../nimmt-server/tests/common/mod.rs"]
mod common;
mod serving;

use common::accounts::{get, log_in, sign_up};
use common::coming_back::{a_finished_and_a_running_game, come_back_to_the_same_view};
use common::{http_get, Db};
use serde_json::Value;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Row, SqliteConnection};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const PASSWORD: &str = "a backup password";

/// A process killed when the test ends however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// What the room holds before the backup: Ann's account, the finished game she played with Bob
/// and a bot, and their running table with Bob's view of it.
struct Room {
    ann: String,
    bob_token: String,
    finished: u64,
    running: u64,
    bob_view: Value,
}

/// Ann and Bob play a rated game to its end, Ann makes her account, and they leave a second
/// game running after a few moves each.
async fn play_the_room(url: &str, addr: SocketAddr) -> Room {
    let (ann, bob, finished, running) = a_finished_and_a_running_game(url).await;
    let (player, _) = sign_up(addr, Some(&ann.me.token), "Ann", PASSWORD).await;
    Room {
        ann: player,
        bob_token: bob.me.token.clone(),
        finished,
        running,
        bob_view: bob.view.clone().unwrap(),
    }
}

/// The room as a restored server shows it: Ann logs in with her password, her finished game is
/// in her history (rated) with a record that replays, and Bob, coming back with his token, is
/// at the running table exactly as he left it.
async fn check_the_room(room: &Room, url: &str, addr: SocketAddr) {
    let (status, body) = log_in(addr, "Ann", PASSWORD).await;
    assert_eq!(status, 200, "Ann's account: {body}");
    assert_eq!(body["player"], room.ann.as_str());
    let (status, page) = get(addr, &format!("/api/players/id:{}/games", room.ann), None).await;
    assert_eq!(status, 200, "{page}");
    let games = page["games"].as_array().unwrap();
    let game = games
        .iter()
        .find(|g| g["table"] == room.finished)
        .unwrap_or_else(|| panic!("Ann's finished game: {page}"));
    assert_eq!(game["rated"], true, "{game}");
    assert!(game["rating"].is_i64(), "her rating after it: {game}");
    let (status, body) = http_get(addr, &format!("/api/games/{}/record", room.finished)).await;
    assert_eq!(status, 200);
    let record: nimmt_core::GameRecord = serde_json::from_str(&body).unwrap();
    nimmt_core::record::replay(&record).expect("the finished game's record replays");
    come_back_to_the_same_view(url, "Bob", &room.bob_token, room.running, &room.bob_view).await;
}

async fn open(path: &Path) -> SqliteConnection {
    SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .connect()
        .await
        .unwrap()
}

/// What a database holds: players, accounts, finished games (with their record), standings
/// (identity and game → games counted), running tables (→ actions stored).
#[derive(Debug, Default)]
struct Held {
    players: Vec<String>,
    accounts: Vec<String>,
    finished: BTreeMap<i64, String>,
    standings: BTreeMap<(String, String), i64>,
    running: BTreeMap<i64, i64>,
    /// Moves stored, of every table.
    actions: i64,
}

async fn held(path: &Path) -> Held {
    let mut c = open(path).await;
    let mut h = Held {
        players: sqlx::query_scalar("SELECT id FROM nimmt_players")
            .fetch_all(&mut c)
            .await
            .unwrap(),
        accounts: sqlx::query_scalar("SELECT player_id FROM nimmt_accounts")
            .fetch_all(&mut c)
            .await
            .unwrap(),
        actions: sqlx::query_scalar("SELECT COUNT(*) FROM nimmt_actions")
            .fetch_one(&mut c)
            .await
            .unwrap(),
        ..Held::default()
    };
    for r in sqlx::query("SELECT id, record FROM nimmt_tables WHERE state = 'finished'")
        .fetch_all(&mut c)
        .await
        .unwrap()
    {
        h.finished.insert(r.get(0), r.get(1));
    }
    for r in sqlx::query("SELECT identity, game, games FROM nimmt_ratings")
        .fetch_all(&mut c)
        .await
        .unwrap()
    {
        h.standings.insert((r.get(0), r.get(1)), r.get(2));
    }
    for r in sqlx::query(
        "SELECT t.id, (SELECT COUNT(*) FROM nimmt_actions a WHERE a.table_id = t.id) \
         FROM nimmt_tables t WHERE t.state = 'playing'",
    )
    .fetch_all(&mut c)
    .await
    .unwrap()
    {
        h.running.insert(r.get(0), r.get(1));
    }
    c.close().await.unwrap();
    h
}

fn nimmt(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .args(args)
        .output()
        .expect("nimmt runs")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_under_load_restores_everything_acknowledged_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("room.db");
    let db = format!("sqlite://{}", live.display());
    let (server, addr) = serving::serve(&["--database", &db]);
    let server = Killed(server);
    let url = format!("ws://{addr}/ws");
    let room = play_the_room(&url, addr).await;

    // Load: 24 players at 6 tables, a move every 50 ms each, from their own addresses.
    let mut load = Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .args(["loadtest", "--url", &url])
        .args(["--clients", "24", "--tables", "6", "--seconds", "4"])
        .args(["--think-ms", "50", "--spread-addrs"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(load.stdout.take().unwrap());
    let mut line = String::new();
    while !line.starts_with("connected and seated") {
        line.clear();
        assert!(
            out.read_line(&mut line).unwrap() > 0,
            "loadtest ended early"
        );
    }
    tokio::time::sleep(Duration::from_millis(1000)).await;

    // Everything committed before the backup begins (a superset of everything acknowledged).
    let before = held(&live).await;
    let copy = dir.path().join("backup.db");
    let backup = nimmt(&[
        "backup",
        "--database",
        &db,
        "--to",
        &copy.display().to_string(),
    ]);
    let said = String::from_utf8_lossy(&backup.stdout).to_string();
    assert!(
        backup.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&backup.stderr)
    );
    assert!(said.starts_with("backed up "), "{said}");
    println!("{said}");
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut out, &mut rest).unwrap();
    assert!(load.wait().unwrap().success(), "{rest}");
    println!("{rest}");
    assert!(
        rest.contains("\nerrors 0 "),
        "play went on without an error: {rest}"
    );
    let after_load = held(&live).await;
    assert!(
        after_load.actions > before.actions,
        "the room kept playing after the backup began"
    );
    drop(server);

    // A second backup to the same name is refused: a backup never overwrites.
    let again = nimmt(&[
        "backup",
        "--database",
        &db,
        "--to",
        &copy.display().to_string(),
    ]);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));

    // Restore into a new file; restoring over it again needs --replace.
    let restored = dir.path().join("restored.db");
    let target = format!("sqlite://{}", restored.display());
    let from = copy.display().to_string();
    let r = nimmt(&["restore", "--from", &from, "--database", &target]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let r = nimmt(&["restore", "--from", &from, "--database", &target]);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("--replace"));
    // Not a backup: refused, and the database it would have replaced is untouched.
    let junk = dir.path().join("junk.db");
    std::fs::write(&junk, b"not a database at all").unwrap();
    let r = nimmt(&[
        "restore",
        "--from",
        &junk.display().to_string(),
        "--database",
        &target,
        "--replace",
    ]);
    assert!(!r.status.success());

    let got = held(&restored).await;
    for p in &before.players {
        assert!(got.players.contains(p), "player {p}");
    }
    for a in &before.accounts {
        assert!(got.accounts.contains(a), "account {a}");
    }
    for (id, record) in &before.finished {
        assert_eq!(got.finished.get(id), Some(record), "finished game {id}");
    }
    for (k, games) in &before.standings {
        assert!(got.standings.get(k) >= Some(games), "standing {k:?}");
    }
    for (id, actions) in &before.running {
        let kept =
            got.running.get(id).is_some_and(|a| a >= actions) || got.finished.contains_key(id);
        assert!(kept, "running table {id} with its {actions} moves");
    }
    assert!(
        before.running.len() > 1,
        "the load's tables were playing: {before:?}"
    );

    let (server, addr) = serving::serve(&["--database", &target]);
    let _server = Killed(server);
    check_the_room(&room, &format!("ws://{addr}/ws"), addr).await;
}

/// The connection string of the `test` database and of a database `name` beside it.
fn postgres(name: Option<&str>) -> String {
    let base = std::env::var("NIMMT_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned());
    match name {
        Some(n) => format!("{}/{n}", base.rsplit_once('/').unwrap().0),
        None => base,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pg_dump_and_pg_restore_bring_the_room_back() {
    let db = Db::postgres().await;
    let Db::Postgres { schema, .. } = &db else {
        unreachable!()
    };
    let (srv, url) = common::server(&db).await;
    let room = play_the_room(&url, srv.addr).await;
    // The dump of `docs/deploy.md`, taken while the room runs (here of the test's schema only).
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("nimmt.dump");
    let ok = Command::new("pg_dump")
        .args(["-Fc", "-n", schema, "-f"])
        .arg(&dump)
        .arg(postgres(None))
        .status()
        .expect("pg_dump (postgresql-client)");
    assert!(ok.success());
    srv.stop().await;
    db.drop_schema().await;

    // Into a fresh database.
    let fresh = format!("restore_{schema}");
    sqlx::any::install_default_drivers();
    let admin = sqlx::AnyPool::connect(&postgres(None)).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {fresh}"))
        .execute(&admin)
        .await
        .unwrap();
    let ok = Command::new("pg_restore")
        .args(["--no-owner", "-d", &postgres(Some(&fresh))])
        .arg(&dump)
        .status()
        .expect("pg_restore (postgresql-client)");
    let restored = format!(
        "{}?options=-c%20search_path%3D{schema}",
        postgres(Some(&fresh))
    );
    let started = if ok.success() {
        let mut config = common::config(&db);
        config.database = restored;
        Some(common::server_with(config).await)
    } else {
        None
    };
    if let Some((srv, url)) = started {
        check_the_room(&room, &url, srv.addr).await;
        srv.stop().await;
    }
    admin.close().await;
    let admin = sqlx::AnyPool::connect(&postgres(None)).await.unwrap();
    sqlx::query(&format!("DROP DATABASE {fresh} WITH (FORCE)"))
        .execute(&admin)
        .await
        .unwrap();
    assert!(ok.success(), "pg_restore");
}
