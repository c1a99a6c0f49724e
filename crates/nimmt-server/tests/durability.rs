//! Acknowledged means stored: while the database cannot commit, a new table (or a rematch) is
//! not acknowledged; once it can, the `ack` comes and the table is in the database at that
//! moment, and listed at once. On SQLite and PostgreSQL. (`crates/nimmt/tests/durability.rs`
//! kills the real server right after each command's `ack`.)

mod common;

use common::{http_get, server, Db, Player};
use nimmt_protocol::{ClientMsg, ServerMsg, TableInfo};
use sqlx::Connection;
use std::time::Duration;

/// Another connection that holds the room's tables locked: SQLite's writes fail after its busy
/// timeout (`storage`), PostgreSQL's wait.
struct Lock(sqlx::AnyConnection);

impl Lock {
    async fn take(db: &Db) -> Lock {
        sqlx::any::install_default_drivers();
        let mut c = sqlx::AnyConnection::connect(&db.url()).await.unwrap();
        match db {
            Db::Sqlite(_) => {
                sqlx::query("BEGIN EXCLUSIVE")
                    .execute(&mut c)
                    .await
                    .unwrap();
            }
            Db::Postgres { .. } => {
                sqlx::query("BEGIN").execute(&mut c).await.unwrap();
                sqlx::query("LOCK TABLE nimmt_tables IN EXCLUSIVE MODE")
                    .execute(&mut c)
                    .await
                    .unwrap();
            }
        }
        Lock(c)
    }

    async fn release(mut self) {
        sqlx::query("ROLLBACK").execute(&mut self.0).await.unwrap();
    }
}

/// The answer to request `id` within `ms` milliseconds, if any.
async fn answer_within(p: &mut Player, id: u64, ms: u64) -> Option<ServerMsg> {
    tokio::time::timeout(
        Duration::from_millis(ms),
        p.recv_until(|m| {
            matches!(m, ServerMsg::Ack { id: i } if *i == id)
                || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
        }),
    )
    .await
    .ok()
}

async fn stored_state(db: &Db, table: u64) -> Option<String> {
    let mut c = sqlx::AnyConnection::connect(&db.url()).await.unwrap();
    let row: Option<(String,)> = sqlx::query_as("SELECT state FROM nimmt_tables WHERE id = $1")
        .bind(table as i64)
        .fetch_optional(&mut c)
        .await
        .unwrap();
    row.map(|r| r.0)
}

fn create(seats: usize) -> ClientMsg {
    ClientMsg::CreateTable {
        game: "classic".parse().unwrap(),
        options: Default::default(),
        seats: Some(seats),
    }
}

/// Sends `msg` while the tables are locked: no `ack` (SQLite: `storage`, PostgreSQL: no answer
/// yet). Then the lock goes; returns the `ack` (sent again where it was refused).
async fn acked_only_once_stored(db: &Db, p: &mut Player, msg: ClientMsg) {
    let lock = Lock::take(db).await;
    let (mut id, mut early);
    loop {
        id = p.send(msg.clone()).await;
        early = answer_within(p, id, 1500).await;
        // A player who just played a game fast may be over the message budget: wait as told.
        match early.as_ref().and_then(common::retry_after) {
            Some(wait) => tokio::time::sleep(wait).await,
            None => break,
        }
    }
    assert!(
        !matches!(early, Some(ServerMsg::Ack { .. })),
        "acknowledged while nothing could be stored: {early:?}"
    );
    lock.release().await;
    let m = match early {
        None => answer_within(p, id, 10_000).await,
        Some(_) => loop {
            let again = p.send(msg.clone()).await;
            let m = answer_within(p, again, 10_000).await;
            match m.as_ref().and_then(common::retry_after) {
                Some(wait) => tokio::time::sleep(wait).await,
                None => break m,
            }
        },
    };
    assert!(matches!(m, Some(ServerMsg::Ack { .. })), "{m:?}");
}

async fn a_new_table_is_acknowledged_once_stored(db: Db) {
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    acked_only_once_stored(&db, &mut ann, create(3)).await;
    let table = ann.table;
    assert!(table > 0);
    // At the ack: stored, and listed.
    assert_eq!(stored_state(&db, table).await.as_deref(), Some("open"));
    let (_, body) = http_get(srv.addr, "/api/tables").await;
    let listed: Vec<TableInfo> = serde_json::from_str(&body).unwrap();
    assert!(listed.iter().any(|t| t.id == table), "{body}");

    // The last one out closes the table, stored before the answer.
    let id = ann.send(ClientMsg::Leave { table }).await;
    let m = answer_within(&mut ann, id, 10_000).await;
    assert!(matches!(m, Some(ServerMsg::Ack { .. })), "{m:?}");
    assert_eq!(stored_state(&db, table).await.as_deref(), Some("closed"));
    srv.stop().await;
    db.drop_schema().await;
}

async fn a_rematch_is_acknowledged_once_stored(db: Db) {
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(2)).await;
    assert!(matches!(
        ann.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    ann.play_to_end().await;
    let text = ClientMsg::Chat {
        table: Some(table),
        text: "/rematch".into(),
    };
    acked_only_once_stored(&db, &mut ann, text).await;
    let next = (srv.store.max_table_id().await).unwrap();
    assert!(next > table);
    assert_eq!(stored_state(&db, next).await.as_deref(), Some("playing"));
    srv.stop().await;
    db.drop_schema().await;
}

/// A new name said in `hello` is welcomed only once stored.
async fn a_rename_is_welcomed_once_stored(db: Db) {
    let (srv, url) = server(&db).await;
    let ann = Player::join(&url, "Ann").await;
    let token = ann.me.token.clone();
    drop(ann);
    let lock = Lock::take(&db).await;
    let mut c = nimmt_server::client::Client::connect(&url).await.unwrap();
    let hello = c.hello("Annie", Some(&token), nimmt_protocol::Lang::En);
    let early = tokio::time::timeout(Duration::from_millis(1500), hello).await;
    assert!(
        !matches!(early, Ok(Ok(_))),
        "welcomed while the new name could not be stored"
    );
    lock.release().await;
    let annie = Player::join_as(&url, "Annie", Some(&token)).await;
    assert_eq!(annie.me.name, "Annie");
    let (_, name) = srv.store.player_by_token(&token).await.unwrap().unwrap();
    assert_eq!(name, "Annie", "stored by the time of the welcome");
    srv.stop().await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rename_is_welcomed_once_stored_on_sqlite() {
    a_rename_is_welcomed_once_stored(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_table_is_acknowledged_once_stored_on_sqlite() {
    a_new_table_is_acknowledged_once_stored(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_table_is_acknowledged_once_stored_on_postgres() {
    a_new_table_is_acknowledged_once_stored(Db::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_acknowledged_once_stored_on_sqlite() {
    a_rematch_is_acknowledged_once_stored(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_acknowledged_once_stored_on_postgres() {
    a_rematch_is_acknowledged_once_stored(Db::postgres().await).await;
}
