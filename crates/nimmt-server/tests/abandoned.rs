//! A running table whose humans are all gone pauses once its reconnection window has passed
//! (its bots stop), resumes when one comes back, and closes some time later if nobody does; the
//! unfinished game stays in the database and its record can be read.

mod common;

use common::{config, http_get, server_with, Db, Player};
use nimmt_protocol::ServerMsg;
use serde_json::Value;
use std::time::Duration;

/// `name` at a table of two with a bot, the game started and one move made.
async fn with_a_bot(url: &str, name: &str) -> (Player, u64) {
    let mut p = Player::join(url, name).await;
    let table = p.create(&[], Some(2)).await;
    assert!(matches!(p.command("/bot add").await, ServerMsg::Ack { .. }));
    assert!(matches!(p.command("/start").await, ServerMsg::Ack { .. }));
    assert_eq!(p.play_moves(1).await, 1);
    (p, table)
}

/// The table's stored state (`playing`, `abandoned`, …).
async fn stored_state(srv: &nimmt_server::Running, table: u64) -> String {
    srv.store.table_record(table).await.unwrap().unwrap().0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_nobody_is_at_pauses_resumes_and_closes_keeping_its_game() {
    let db = Db::sqlite();
    let mut cfg = config(&db);
    cfg.reconnect = Duration::from_secs(1);
    cfg.abandoned_close_after = Duration::from_secs(3);
    let (srv, url) = server_with(cfg.clone()).await;
    let (ann, table) = with_a_bot(&url, "Ann").await;
    let token = ann.me.token.clone();
    drop(ann);

    // Bob plays at his own table meanwhile, and is answered throughout.
    let (mut bob, bobs) = with_a_bot(&url, "Bob").await;

    // Past the window the table is paused: the bot and the stand-in make no more moves.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let paused_at = srv.store.action_count(table).await.unwrap();
    assert_eq!(bob.play_moves(3).await, 3);
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(srv.store.action_count(table).await.unwrap(), paused_at);
    assert_eq!(stored_state(&srv, table).await, "playing");

    // Ann comes back: the game goes on.
    let mut ann = Player::join_as(&url, "Ann", Some(&token)).await;
    assert_eq!(ann.me.seated, vec![table]);
    ann.table = table;
    ann.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    assert_eq!(ann.play_moves(2).await, 2);
    assert!(srv.store.action_count(table).await.unwrap() > paused_at);
    drop(ann);

    // Nobody comes back: the table closes, its game stored as abandoned.
    let mut waited = 0;
    while stored_state(&srv, table).await != "abandoned" {
        assert!(waited < 300, "the table never closed");
        tokio::time::sleep(Duration::from_millis(100)).await;
        waited += 1;
    }
    let stored = srv.store.action_count(table).await.unwrap();
    let (status, body) = http_get(srv.addr, "/api/tables").await;
    assert_eq!(status, 200);
    let listed: Vec<Value> = serde_json::from_str(&body).unwrap();
    assert!(listed.iter().all(|t| t["id"] != table), "{body}");
    assert!(listed.iter().any(|t| t["id"] == bobs), "{body}");
    // Its record: the moves made (up to the last reveal), unfinished.
    let (status, body) = http_get(srv.addr, &format!("/api/games/{table}/record")).await;
    assert_eq!(status, 200, "{body}");
    let record: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(record["finished"], false);
    assert_eq!(record["seats"][0], "Ann");
    let shown = record["actions"].as_array().unwrap().len() as u64;
    assert!(
        shown > paused_at.saturating_sub(2) && shown <= stored,
        "{shown} of {stored}"
    );
    assert!(
        record.get("seed").is_none(),
        "no seed of an unfinished game"
    );
    let (status, body) = http_get(srv.addr, &format!("/api/games/{table}/replay")).await;
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("game_abandoned"), "{body}");
    // Bob's table was never paused.
    assert_eq!(bob.play_moves(2).await, 2);
    srv.stop().await;

    // A restart does not bring it back; Ann's token finds no seat.
    let (srv, url) = server_with(cfg).await;
    let ann = Player::join_as(&url, "Ann", Some(&token)).await;
    assert!(ann.me.seated.is_empty(), "{:?}", ann.me.seated);
    assert_eq!(stored_state(&srv, table).await, "abandoned");
    srv.stop().await;
}
