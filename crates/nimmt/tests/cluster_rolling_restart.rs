//! A rolling restart of a three-node room (one PostgreSQL schema, one NATS server): each node
//! in turn gets SIGTERM while it owns the table, in the middle of a turn. It hands the table
//! over (its lease given up, the others told) instead of letting the lease run out: another
//! node runs the table well before the lease (3 s) would have expired, the players on the
//! stopping node are closed with 1012 and come back through another node, nothing acknowledged
//! is lost, and the game's record replays.

#[path = "../../nimmt-server/tests/common/mod.rs"]
mod common;
mod nodes;
mod serving;

use common::{http_get, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, ServerMsg};
use nodes::{owner, start, ws, Node};
use serde_json::Value;
use std::time::{Duration, Instant};

/// The lease: a node that died without a word loses its tables only after this long.
const LEASE_MS: u64 = 3000;

/// The first legal move, retried as `docs/protocol.md` tells a client while a table moves.
async fn act(p: &mut Player) -> bool {
    loop {
        let Some(action) = p.choice() else {
            return false;
        };
        let version = p.version;
        match p.act_answer(version, action).await {
            ServerMsg::Update { .. } => return true,
            ServerMsg::Error {
                code: ErrorCode::NotOwner,
                ..
            } => {
                p.recv_until(|m| matches!(m, ServerMsg::State { .. })).await;
            }
            ServerMsg::Error {
                code: ErrorCode::Storage,
                ..
            } => tokio::time::sleep(Duration::from_millis(200)).await,
            ServerMsg::Error {
                code: ErrorCode::Stale,
                table: Some(table),
                ..
            } => {
                p.send(ClientMsg::Resync { table }).await;
                p.recv_until(|m| matches!(m, ServerMsg::State { .. })).await;
            }
            other => panic!("move refused: {other:?}"),
        }
    }
}

fn asked_to_play(p: &Player) -> bool {
    p.view
        .as_ref()
        .is_some_and(|v| v["asked"]["type"] == "play_card")
}

/// Reads until the server closes the connection; the close frame's code.
async fn close_code(p: &mut Player) -> Option<u16> {
    while let Ok(Ok(Some(_))) =
        tokio::time::timeout(Duration::from_secs(10), p.client.recv_raw()).await
    {}
    p.client.closed.as_ref().map(|c| c.0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_restart_hands_each_table_over_before_the_lease_runs_out() {
    let db = Db::postgres().await;
    let url = db.url();
    let prefix = format!("r{}", hex::encode(rand::random::<[u8; 5]>()));
    let mut nodes: Vec<Node> = ["n0", "n1", "n2"]
        .iter()
        .map(|n| start(&url, &prefix, n, LEASE_MS))
        .collect();
    let mut ann = Player::join(&ws(&nodes[0]), "Ann").await;
    let table = ann.create(&["deals=2"], Some(3)).await;
    let mut bob = Player::join(&ws(&nodes[1]), "Bob").await;
    owner(&nodes[1], table).await;
    bob.sit(table).await;
    assert!(matches!(
        ann.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    // (player, the node it is connected to)
    let mut seats = [(ann, 0usize), (bob, 1usize)];
    let mut pauses = Vec::new();
    let mut restarted = 0;
    let mut moves_since = 0;
    loop {
        for (p, _) in seats.iter_mut() {
            p.drain(50).await;
        }
        if seats[0].0.over() {
            break;
        }
        let mid_turn = asked_to_play(&seats[0].0) && asked_to_play(&seats[1].0);
        if restarted < 3 && moves_since >= 2 && mid_turn {
            // Ann's choice is acknowledged, Bob's not yet made: the owner is told to stop.
            assert!(act(&mut seats[0].0).await);
            for (p, _) in seats.iter_mut() {
                p.drain(100).await;
            }
            let before: Vec<Value> = seats.iter().map(|s| s.0.view.clone().unwrap()).collect();
            let name = owner(&nodes[0], table).await;
            let i = nodes.iter().position(|n| n.name == name).unwrap();
            let sent = Instant::now();
            // SAFETY: kill with a child's pid and a valid signal.
            unsafe { libc::kill(nodes[i].child.id() as i32, libc::SIGTERM) };
            // A player elsewhere gets the table again from its new owner: the table's pause.
            let mut pause = None;
            for (p, node) in seats.iter_mut() {
                if *node == i {
                    assert_eq!(close_code(p).await, Some(1012), "told of the restart");
                } else if pause.is_none() {
                    p.recv_until(|m| matches!(m, ServerMsg::State { .. })).await;
                    pause = Some(sent.elapsed());
                }
            }
            let status = nodes[i].child.wait().unwrap();
            assert!(status.success(), "the node exits cleanly: {status}");
            // Those on the stopped node come back through another one (not the other
            // player's: the two stay on different nodes).
            let taken: Vec<usize> = seats.iter().map(|s| s.1).collect();
            for (p, node) in seats.iter_mut() {
                if *node == i {
                    *node = (0..nodes.len()).find(|n| !taken.contains(n)).unwrap();
                    let (token, who) = (p.me.token.clone(), p.me.name.clone());
                    let mut back = Player::join_as(&ws(&nodes[*node]), &who, Some(&token)).await;
                    back.table = table;
                    back.recv_until(|m| matches!(m, ServerMsg::State { .. }))
                        .await;
                    *p = back;
                }
            }
            let pause = pause.expect("someone was on another node");
            for ((p, _), before) in seats.iter_mut().zip(&before) {
                p.drain(100).await;
                assert_eq!(
                    p.view.as_ref().unwrap(),
                    before,
                    "{} resumes exactly where it was",
                    p.me.name
                );
            }
            let new_owner = owner(&nodes[(i + 1) % 3], table).await;
            assert_ne!(new_owner, name);
            // The node starts again (a rolling restart) while the game goes on elsewhere.
            nodes[i] = start(&url, &prefix, &name, LEASE_MS);
            pauses.push(pause);
            restarted += 1;
            moves_since = 0;
            continue;
        }
        for (p, _) in seats.iter_mut() {
            if p.choice().is_some() && act(p).await {
                moves_since += 1;
            }
        }
    }
    assert_eq!(
        restarted, 3,
        "every node was restarted once while it owned the table"
    );
    println!(
        "table paused by each handover (SIGTERM to the next state from the new owner): {:?}",
        pauses.iter().map(|d| d.as_millis()).collect::<Vec<_>>()
    );
    for pause in &pauses {
        assert!(
            *pause < Duration::from_millis(LEASE_MS * 2 / 3),
            "handed over, not waited out: {pause:?} against a lease of {LEASE_MS} ms"
        );
    }
    let outcome = seats[0].0.view.as_ref().unwrap()["outcome"].clone();
    assert_eq!(seats[1].0.view.as_ref().unwrap()["outcome"], outcome);
    let (status, body) = http_get(nodes[0].addr, &format!("/api/games/{table}/record")).await;
    assert_eq!(status, 200, "{body}");
    let record: nimmt_core::GameRecord = serde_json::from_str(&body).unwrap();
    nimmt_core::record::replay(&record).expect("the record replays across the restarts");
    drop(nodes);
    db.drop_schema().await;
}
