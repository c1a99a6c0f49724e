//! A player away when the game ended learns the result when they come back: the finished table
//! waits for them (their `hello` names it in `seated`, and it sends its final `state`), also
//! after everyone else has gone and after a restart of the room; once it has closed, a `join`
//! says the game is over and who won.

mod common;

use common::{ann_and_bob, config, server_with, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, Role, ServerMsg, TableState};
use std::time::Duration;

/// Ann and Bob play; Ann goes away at once (a bot plays her seat: `reconnect=0`) and Bob plays
/// to the end, then goes too. Returns Ann's token and the table.
async fn a_game_ends_while_ann_is_away(url: &str) -> (String, u64, serde_json::Value) {
    let (mut ann, mut bob, table) = ann_and_bob(url, &["reconnect=0"], 2).await;
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    let token = ann.me.token.clone();
    drop(ann);
    bob.play_to_end().await;
    let outcome = bob.view.as_ref().unwrap()["outcome"].clone();
    assert!(!outcome.is_null());
    drop(bob);
    // Everyone is gone now.
    tokio::time::sleep(Duration::from_millis(300)).await;
    (token, table, outcome)
}

/// Ann comes back: the finished game is among her seats and sends its final state.
async fn ann_learns_the_result(url: &str, token: &str, table: u64, outcome: &serde_json::Value) {
    let mut ann = Player::join_as(url, "Ann", Some(token)).await;
    assert_eq!(
        ann.me.seated,
        vec![table],
        "the finished game waits for Ann"
    );
    ann.table = table;
    let m = ann
        .recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    let ServerMsg::State { table: info, .. } = &m else {
        unreachable!()
    };
    assert_eq!(info.state, TableState::Finished);
    assert_eq!(&ann.view.as_ref().unwrap()["outcome"], outcome);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_away_at_the_end_gets_the_result_when_back() {
    let db = Db::sqlite();
    let (srv, url) = server_with(config(&db)).await;
    let (token, table, outcome) = a_game_ends_while_ann_is_away(&url).await;
    ann_learns_the_result(&url, &token, table, &outcome).await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_away_at_the_end_gets_the_result_after_a_restart() {
    let db = Db::sqlite();
    let (srv, url) = server_with(config(&db)).await;
    let (token, table, outcome) = a_game_ends_while_ann_is_away(&url).await;
    srv.stop().await;
    let (srv, url) = server_with(config(&db)).await;
    ann_learns_the_result(&url, &token, table, &outcome).await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_finished_game_stops_waiting_after_the_stated_time() {
    let db = Db::sqlite();
    let mut config = config(&db);
    config.abandoned_close_after = Duration::from_millis(500);
    let (srv, url) = server_with(config).await;
    let (token, table, _) = a_game_ends_while_ann_is_away(&url).await;
    tokio::time::sleep(Duration::from_millis(900)).await;
    let mut ann = Player::join_as(&url, "Ann", Some(&token)).await;
    assert!(ann.me.seated.is_empty());
    // Joining it then says the game is over, and who won: not "no such table".
    let id = ann
        .send(ClientMsg::Join {
            table,
            role: Role::Spectator,
            invite: None,
        })
        .await;
    let m = ann
        .recv_until(|m| matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id))
        .await;
    let ServerMsg::Error { code, text, .. } = &m else {
        unreachable!()
    };
    assert_eq!(*code, ErrorCode::GameOver, "{m:?}");
    assert_eq!(text.key, "game_finished");
    assert!(!text.params["winners"].is_empty(), "{m:?}");
    srv.stop().await;
}
