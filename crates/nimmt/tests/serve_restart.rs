//! `nimmt serve` killed with SIGKILL in the middle of a turn and started again on the same
//! database: every acknowledged move is there, the tables resume exactly, and the players who
//! reconnect with their tokens carry on to the end of the game.

#[path = "../../nimmt-server/tests/common/mod.rs"]
mod common;
mod serving;

use common::{http_get, Player};
use nimmt_protocol::ServerMsg;
use std::net::SocketAddr;
use std::process::Child;
use std::time::Duration;

/// The server process, killed when the test ends however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the real binary on an ephemeral port; returns it and its address.
fn serve(db: &str) -> (Server, SocketAddr) {
    let (child, addr) = serving::serve(&["--database", db]);
    (Server(child), addr)
}

/// Reads what arrives within `ms` milliseconds.
async fn drain(p: &mut Player, ms: u64) {
    while let Ok(m) = tokio::time::timeout(Duration::from_millis(ms), p.client.recv_raw()).await {
        let Ok(Some(text)) = m else { break };
        let msg: ServerMsg = serde_json::from_str(&text).unwrap();
        if let ServerMsg::Update { version, view, .. }
        | ServerMsg::State {
            version,
            view: Some(view),
            ..
        } = &msg
        {
            p.version = *version;
            p.view = Some(view.clone());
        }
        p.log.push(text);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_mid_turn_loses_nothing_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("room.db").display());
    let (mut child, addr) = serve(&db);
    let url = format!("ws://{addr}/ws");

    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(3)).await;
    let mut bob = Player::join(&url, "Bob").await;
    bob.sit(table).await;
    assert!(matches!(
        ann.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    // Some turns, then Ann chooses and Bob has not: the server dies in the middle of the turn.
    // Some moves, then on to a turn where both must choose a card: Ann chooses, Bob does not.
    let mut moves = 0;
    loop {
        drain(&mut ann, 50).await;
        drain(&mut bob, 50).await;
        let both = |p: &Player| p.view.as_ref().unwrap()["asked"]["type"] == "play_card";
        if moves >= 8 && both(&ann) && both(&bob) {
            break;
        }
        for p in [&mut ann, &mut bob] {
            if p.choice().is_some() {
                p.act_first().await;
                moves += 1;
            }
        }
    }
    assert!(ann.act_first().await, "Ann's choice is acknowledged");
    drain(&mut ann, 200).await;
    drain(&mut bob, 200).await;
    let (ann_before, bob_before) = (ann.view.clone().unwrap(), bob.view.clone().unwrap());
    assert!(
        ann_before["phase"]["mine"].is_object(),
        "Ann has chosen: {ann_before}"
    );
    assert!(bob_before["asked"].is_object(), "Bob has not: {bob_before}");

    child.0.kill().unwrap(); // SIGKILL
    child.0.wait().unwrap();

    let (child, addr) = serve(&db);
    let url = format!("ws://{addr}/ws");
    // Both come back with their tokens: the seat is resumed with a full state.
    let mut ann2 = Player::join_as(&url, "Ann", Some(&ann.me.token)).await;
    assert_eq!(ann2.me.player, ann.me.player);
    assert_eq!(ann2.me.seated, vec![table]);
    ann2.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    assert_eq!(
        ann2.view.as_ref().unwrap(),
        &ann_before,
        "Ann's table resumes exactly"
    );
    let mut bob2 = Player::join_as(&url, "Bob", Some(&bob.me.token)).await;
    bob2.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    assert_eq!(
        bob2.view.as_ref().unwrap(),
        &bob_before,
        "Bob's table resumes exactly"
    );

    // And they carry on to the end.
    let b = tokio::spawn(async move {
        bob2.play_to_end().await;
        bob2
    });
    ann2.play_to_end().await;
    let bob2 = b.await.unwrap();
    assert_eq!(
        ann2.view.as_ref().unwrap()["outcome"],
        bob2.view.as_ref().unwrap()["outcome"]
    );
    let (status, body) = http_get(addr, &format!("/api/games/{table}/record")).await;
    assert_eq!(status, 200);
    let record: nimmt_core::GameRecord = serde_json::from_str(&body).unwrap();
    nimmt_core::record::replay(&record).expect("the record replays across the restart");
    drop(child);
}

/// Waits for the server to close `p`'s connection; the close frame's code and reason.
async fn closed(p: &mut Player) -> (u16, String) {
    loop {
        match tokio::time::timeout(Duration::from_secs(10), p.client.recv_raw()).await {
            Ok(Ok(Some(_))) => continue,
            Ok(_) => break,
            Err(_) => panic!("the connection was not closed within 10 s"),
        }
    }
    p.client.closed.clone().expect("a close frame")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_closes_with_1012_and_everyone_is_back_at_their_seat() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("room.db").display());
    let (mut child, addr) = serve(&db);
    let url = format!("ws://{addr}/ws");
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(3)).await;
    let mut bob = Player::join(&url, "Bob").await;
    bob.sit(table).await;
    assert!(matches!(
        ann.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    let mut moves = 0;
    while moves < 6 {
        drain(&mut ann, 50).await;
        drain(&mut bob, 50).await;
        for p in [&mut ann, &mut bob] {
            if p.choice().is_some() && p.act_first().await {
                moves += 1;
            }
        }
    }
    drain(&mut ann, 200).await;
    drain(&mut bob, 200).await;

    // SIGTERM: both are told the server is restarting, and it exits by itself, cleanly.
    // SAFETY: kill with a child's pid and a valid signal.
    unsafe { libc::kill(child.0.id() as i32, libc::SIGTERM) };
    let stopped = std::time::Instant::now();
    assert_eq!(closed(&mut ann).await, (1012, "server restarting".into()));
    assert_eq!(closed(&mut bob).await, (1012, "server restarting".into()));
    let status = loop {
        if let Some(s) = child.0.try_wait().unwrap() {
            break s;
        }
        assert!(
            stopped.elapsed() < Duration::from_secs(10),
            "the server did not exit within 10 s of SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(status.success(), "a clean exit: {status}");
    let (ann_before, bob_before) = (ann.view.clone().unwrap(), bob.view.clone().unwrap());

    // The new process: each is back at the same seat with the same view.
    let (child, addr) = serve(&db);
    let url = format!("ws://{addr}/ws");
    let mut ann2 = Player::join_as(&url, "Ann", Some(&ann.me.token)).await;
    assert_eq!(ann2.me.seated, vec![table]);
    ann2.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    println!(
        "from SIGTERM to Ann's table back on her screen: {} ms",
        stopped.elapsed().as_millis()
    );
    assert_eq!(ann2.view.as_ref().unwrap(), &ann_before);
    let mut bob2 = Player::join_as(&url, "Bob", Some(&bob.me.token)).await;
    bob2.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    assert_eq!(bob2.view.as_ref().unwrap(), &bob_before);
    let b = tokio::spawn(async move {
        bob2.play_to_end().await;
        bob2
    });
    ann2.play_to_end().await;
    let bob2 = b.await.unwrap();
    assert_eq!(
        ann2.view.as_ref().unwrap()["outcome"],
        bob2.view.as_ref().unwrap()["outcome"]
    );
    let (status, body) = http_get(addr, &format!("/api/games/{table}/record")).await;
    assert_eq!(status, 200);
    let record: nimmt_core::GameRecord = serde_json::from_str(&body).unwrap();
    nimmt_core::record::replay(&record).expect("the record replays across the restart");
    drop(child);
}
