//! Turn-based tables leave memory while nobody plays and come back on their next input, on
//! SQLite and PostgreSQL: the table stays in the lobby's list, a player who comes back finds it
//! as it was and plays on, and a restart brings it back asleep.

mod common;

use common::{ann_and_bob, config, http_get, server_with, Db, Player};
use nimmt_protocol::ServerMsg;
use std::time::Duration;

/// A gauge or counter of `/metrics`, summed over its lines.
async fn metric(addr: std::net::SocketAddr, name: &str) -> i64 {
    let (_, body) = http_get(addr, "/metrics").await;
    body.lines()
        .filter(|l| l.starts_with(&format!("{name}{{")))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<i64>().ok())
        .sum()
}

/// Waits until `/metrics` says `name` is `want`.
async fn until_metric(addr: std::net::SocketAddr, name: &str, want: i64) {
    for _ in 0..200 {
        if metric(addr, name).await == want {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{name} never became {want}: {}", metric(addr, name).await);
}

async fn a_table_nobody_plays_sleeps_and_comes_back(db: Db) {
    let mut cfg = config(&db);
    cfg.sleep_after = Some(Duration::from_millis(300));
    let (srv, url) = server_with(cfg.clone()).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &["pace=1h"], 2).await;
    ann.command("/start").await;
    bob.recv_until(|m| matches!(m, ServerMsg::YourMove { .. }))
        .await;
    assert!(ann.act_first().await);
    let (ann_token, bob_token) = (ann.me.token.clone(), bob.me.token.clone());
    drop((ann, bob));
    // Nobody there: the table leaves memory, and stays in the list.
    until_metric(srv.addr, "nimmt_tables_in_memory", 0).await;
    let (_, list) = http_get(srv.addr, "/api/tables").await;
    assert!(list.contains(&format!("\"id\":{table}")), "{list}");
    // Bob comes back: the table is loaded, as it was, and takes his move.
    let loads = metric(srv.addr, "nimmt_table_loads_total").await;
    let mut bob = Player::join_as(&url, "Bob", Some(&bob_token)).await;
    bob.table = table;
    bob.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    assert_eq!(metric(srv.addr, "nimmt_table_loads_total").await, loads + 1);
    assert!(bob.act_first().await, "Bob plays on");
    drop(bob);
    until_metric(srv.addr, "nimmt_tables_in_memory", 0).await;
    // A restart brings the table back asleep; Ann finds the second turn.
    srv.stop().await;
    let (srv, url) = server_with(cfg).await;
    assert_eq!(metric(srv.addr, "nimmt_tables_in_memory").await, 0);
    let mut ann = Player::join_as(&url, "Ann", Some(&ann_token)).await;
    ann.table = table;
    let state = ann
        .recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    let ServerMsg::State { view, .. } = state else {
        unreachable!()
    };
    let view = view.expect("Ann sees the game");
    assert_eq!(
        view["hand_sizes"],
        serde_json::json!([9, 9]),
        "both cards of the first turn are played"
    );
    srv.stop().await;
    db.drop_schema().await;
}

/// One after the other: the table counts of `/metrics` are the process's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_sqlite_and_postgresql() {
    a_table_nobody_plays_sleeps_and_comes_back(Db::sqlite()).await;
    a_table_nobody_plays_sleeps_and_comes_back(Db::postgres().await).await;
}
