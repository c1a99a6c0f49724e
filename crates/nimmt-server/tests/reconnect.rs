//! Identity, reconnection, stand-in bots and decision timers over real WebSockets.

mod common;

use common::coming_back::{come_back_to_the_same_view, play_until_both_choose};
use common::{ann_and_bob, server, Db, Player};
use nimmt_protocol::{ClientMsg, ServerMsg};
use std::time::Duration;

/// Ann starts the game; returns once Bob sees the deal.
async fn start(ann: &mut Player, bob: &mut Player) {
    ann.command("/start").await;
    bob.recv_until(|m| matches!(m, ServerMsg::State { view: Some(_), .. }))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_resumes_the_seat_with_a_full_state() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 2).await;
    start(&mut ann, &mut bob).await;
    assert!(ann.act_first().await);
    let before = ann.view.clone().unwrap();
    let token = ann.me.token.clone();
    drop(ann); // the connection drops

    bob.recv_until(|m| matches!(m, ServerMsg::Notice { text, .. } if text.key == "disconnected"))
        .await;
    let mut ann = come_back_to_the_same_view(&url, "Ann", &token, table, &before).await;
    assert_eq!(ann.me.seated, vec![table]);
    bob.recv_until(|m| matches!(m, ServerMsg::Notice { text, .. } if text.key == "back"))
        .await;
    // And the game goes on.
    assert!(bob.act_first().await);
    ann.recv_until(|m| matches!(m, ServerMsg::Update { .. }))
        .await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_connection_replaces_the_first() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, _bob, table) = ann_and_bob(&url, &[], 2).await;
    let mut again = Player::join_as(&url, "Ann", Some(&ann.me.token)).await;
    again
        .recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    assert_eq!(again.table, table);
    ann.recv_until(|m| matches!(m, ServerMsg::Replaced)).await;
    // The old connection is closed by the server.
    let end = tokio::time::timeout(Duration::from_secs(5), async {
        while let Ok(Some(_)) = ann.client.recv_raw().await {}
    })
    .await;
    assert!(end.is_ok(), "the replaced connection closes");
    // The new one plays.
    assert!(matches!(again.command("/who").await, ServerMsg::Ack { .. }));
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_token_is_refused() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut c = nimmt_server::client::Client::connect(&url).await.unwrap();
    let err = c
        .hello("Ann", Some("0000"), nimmt_protocol::Lang::En)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("BadToken"), "{err}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_reconnection_window_a_bot_plays_the_seat_until_the_player_is_back() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, bob, _table) = ann_and_bob(&url, &["reconnect=1"], 2).await;
    ann.command("/start").await;
    let token = bob.me.token.clone();
    drop(bob);
    ann.recv_until(|m| matches!(m, ServerMsg::Notice { text, .. } if text.key == "standing_in"))
        .await;
    // Ann plays; the bot answers for Bob, turn after turn.
    let turn_before = ann.typed_view().unwrap().turn;
    ann.play_moves(3).await;
    while ann.typed_view().unwrap().turn < turn_before + 2 {
        // Ann answers whatever she is asked (a low card asks her to take a row).
        if !ann.act_first().await {
            ann.recv().await;
        }
    }
    // Bob comes back and is asked again himself.
    let mut bob = Player::join_as(&url, "Bob", Some(&token)).await;
    bob.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    // Whoever is asked moves (Ann may owe a row first) until Bob is asked himself.
    let mut bob_moved = false;
    for _ in 0..100 {
        if bob.choice().is_some() {
            bob_moved = bob.act_first().await;
            break;
        }
        ann.drain(20).await;
        if ann.choice().is_some() {
            ann.act_first().await;
        }
        bob.drain(20).await;
    }
    assert!(bob_moved, "Bob moves himself again");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_decision_timer_runs_out_the_bot_decides() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, _table) = ann_and_bob(&url, &[], 2).await;
    assert!(matches!(
        ann.command("/option timer=1").await,
        ServerMsg::Ack { .. }
    ));
    start(&mut ann, &mut bob).await;
    // Ann decides, Bob does not: after a second the bot chooses for him.
    assert!(ann.act_first().await);
    let m = bob
        .recv_until(|m| matches!(m, ServerMsg::Notice { text, .. } if text.key == "timer_expired"))
        .await;
    if let ServerMsg::Notice { text, .. } = m {
        assert_eq!(text.text, "Time is up for Bob; the bot decides.");
    }
    ann.recv_until(|m| matches!(m, ServerMsg::Update { events, .. } if events.iter().any(|e| e["type"] == "revealed")))
        .await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_whose_time_runs_out_plays_the_games_default_its_lowest_card() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, _table) = ann_and_bob(&url, &["timer=1"], 2).await;
    start(&mut ann, &mut bob).await;
    let lowest = *bob.typed_view().unwrap().hand.iter().min().unwrap();
    assert!(ann.act_first().await);
    let m = ann
        .recv_until(|m| matches!(m, ServerMsg::Update { events, .. } if events.iter().any(|e| e["type"] == "revealed")))
        .await;
    let ServerMsg::Update { events, .. } = m else {
        unreachable!()
    };
    let revealed = events.iter().find(|e| e["type"] == "revealed").unwrap();
    let bobs: Vec<&serde_json::Value> = revealed["plays"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["seat"] == 1)
        .collect();
    assert_eq!(bobs.len(), 1, "{revealed}");
    assert_eq!(bobs[0]["card"], serde_json::json!(lowest), "{revealed}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_sees_a_gap_gets_a_full_state_on_resync() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 2).await;
    start(&mut ann, &mut bob).await;
    assert!(ann.act_first().await);
    let v = ann.version;
    bob.send(ClientMsg::Resync { table }).await;
    let m = bob
        .recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    if let ServerMsg::State {
        version, view, you, ..
    } = m
    {
        assert_eq!(version, v);
        assert_eq!(you.seat, Some(nimmt_core::Seat(1)));
        assert_eq!(
            view.unwrap()["phase"]["chosen"],
            serde_json::json!([true, false])
        );
    }
    srv.stop().await;
}

/// A server restarted on the same database rebuilds the table from its log; the players come
/// back with their tokens and find it exactly as they left it, and a move chosen on the view
/// from before the restart is taken.
async fn restart_resumes_the_table(db: Db) {
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 2).await;
    ann.command("/start").await;
    // Some moves, then a turn where Ann has chosen and Bob has not.
    play_until_both_choose(&mut ann, &mut bob).await;
    assert!(ann.act_first().await);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (ann_token, bob_token) = (ann.me.token.clone(), bob.me.token.clone());
    // Ann's latest view, after whatever the bot did.
    ann.send(ClientMsg::Resync { table }).await;
    ann.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    let before = ann.view.clone().unwrap();
    // What Bob last saw before the restart: he is asked to play.
    bob.drain(100).await;
    let bob_saw = bob.version;
    let bob_card = bob.choice().expect("Bob is asked to play");
    drop((ann, bob));
    srv.stop().await;

    let (srv, url) = server(&db).await;
    let mut ann = come_back_to_the_same_view(&url, "Ann", &ann_token, table, &before).await;
    assert_eq!(ann.me.seated, vec![table]);
    let mut bob = Player::join_as(&url, "Bob", Some(&bob_token)).await;
    bob.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    // The card Bob chose on his view from before the restart answers the same question: it is
    // taken, not refused as stale.
    let answer = bob.act_answer(bob_saw, bob_card).await;
    assert!(
        matches!(answer, ServerMsg::Update { .. }),
        "a move on the view from before the restart: {answer:?}"
    );
    let b = tokio::spawn(async move {
        bob.play_to_end().await;
        bob
    });
    ann.play_to_end().await;
    let bob = b.await.unwrap();
    assert_eq!(ann.view.unwrap()["outcome"], bob.view.unwrap()["outcome"]);
    srv.stop().await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_resumes_the_table_on_sqlite() {
    restart_resumes_the_table(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_resumes_the_table_on_postgres() {
    restart_resumes_the_table(Db::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn before_the_start_an_absent_players_seat_is_freed_after_the_window() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, bob, _table) = ann_and_bob(&url, &["reconnect=1"], 2).await;
    drop(bob);
    let m = ann
        .recv_until(|m| matches!(m, ServerMsg::State { table, .. } if table.seats.len() == 1))
        .await;
    if let ServerMsg::State { table, .. } = m {
        assert_eq!(table.seats[0].name, "Ann");
    }
    srv.stop().await;
}
