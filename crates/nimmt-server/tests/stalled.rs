//! A stalled database: another process holds the SQLite file locked. A move is answered
//! `storage` (nothing changed) instead of waiting on the lock, the table goes on answering chat,
//! resyncs and other players, and once the lock is gone the same move is stored and
//! acknowledged, and survives a restart.

mod common;

use common::{ann_and_bob, server, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, ServerMsg};
use sqlx::Connection;

/// Sends a move for the version last seen and returns the answer to it.
async fn act(p: &mut Player, action: &serde_json::Value) -> ServerMsg {
    let version = p.version;
    p.act_answer(version, action.clone()).await
}

fn refused_for_storage(m: ServerMsg) {
    assert!(
        matches!(
            &m,
            ServerMsg::Error {
                code: ErrorCode::Storage,
                ..
            }
        ),
        "{m:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_locked_database_refuses_moves_quickly_and_the_table_stays_responsive() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 2).await;
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    bob.recv_until(|m| matches!(m, ServerMsg::State { view: Some(_), .. }))
        .await;
    let stored = srv.store.action_count(table).await.unwrap();

    // Another process takes the database file and holds it.
    sqlx::any::install_default_drivers();
    let mut locker = sqlx::AnyConnection::connect(&db.url()).await.unwrap();
    sqlx::query("BEGIN EXCLUSIVE")
        .execute(&mut locker)
        .await
        .unwrap();

    let move_of_ann = ann.choice().expect("Ann is asked");
    let version = ann.version;
    refused_for_storage(act(&mut ann, &move_of_ann).await);
    assert_eq!(ann.version, version, "nothing changed");
    // The table still answers: chat, a resync, the other player (whose move is refused alike).
    assert!(matches!(
        ann.command("still there?").await,
        ServerMsg::Ack { .. }
    ));
    let id = ann.send(ClientMsg::Resync { table }).await;
    ann.recv_until(|m| matches!(m, ServerMsg::Ack { id: i } if *i == id))
        .await;
    assert_eq!(ann.version, version);
    let move_of_bob = bob.choice().expect("Bob is asked");
    refused_for_storage(act(&mut bob, &move_of_bob).await);
    assert_eq!(srv.store.action_count(table).await.unwrap(), stored);

    // The lock is gone: the same move is stored, then acknowledged.
    sqlx::query("ROLLBACK").execute(&mut locker).await.unwrap();
    let m = act(&mut ann, &move_of_ann).await;
    assert!(matches!(&m, ServerMsg::Update { .. }), "{m:?}");
    assert_eq!(srv.store.action_count(table).await.unwrap(), stored + 1);
    let seen = ann.view.clone();
    let token = ann.me.token.clone();
    drop((ann, bob));
    srv.stop().await;

    // And it survives a restart.
    let (srv, url) = server(&db).await;
    let mut ann = Player::join_as(&url, "Ann", Some(&token)).await;
    ann.table = table;
    ann.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    assert_eq!(ann.view, seen, "the acknowledged move is there");
    srv.stop().await;
}
