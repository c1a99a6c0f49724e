//! Three `nimmt serve` nodes of one room (one PostgreSQL schema, one NATS server); the node
//! that owns a table is killed with SIGKILL in the middle of a turn, again and again over
//! several games: another node takes the table over from the database log, the players on the
//! dead node come back through another node, those elsewhere get a full state again, nothing
//! acknowledged is lost, and every game's record replays.

#[path = "../../nimmt-server/tests/common/mod.rs"]
mod common;
mod nodes;
mod serving;

use common::{http_get, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, Role, ServerMsg};
use nodes::{owner, start, ws, Node};
use serde_json::Value;
use std::time::Duration;

/// Reads what arrives within `ms` milliseconds.
async fn drain(p: &mut Player, ms: u64) {
    p.drain(ms).await;
}

/// A person at the table: which node it is connected to, and whether it plays.
struct Seat {
    p: Player,
    node: usize,
    plays: bool,
}

/// Makes the first legal move; a `not_owner` answer (the table is moving: nothing changed) is
/// retried once the new owner has sent the table again, a `storage` answer (the database was
/// busy: nothing changed) after a short wait, and a `stale` one after a `resync`, as
/// `docs/protocol.md` tells a client.
async fn act(p: &mut Player) -> bool {
    loop {
        let Some(action) = p.choice() else {
            return false;
        };
        let version = p.version;
        let m = p.act_answer(version, action).await;
        match m {
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
                // The table moved while the move was on its way (a new owner rebuilt it from
                // the log, where connections raise no stored version): the client asks for the
                // current state and decides again.
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_the_owner_mid_turn_twenty_times_loses_nothing() {
    let db = Db::postgres().await;
    let url = db.url();
    let prefix = format!("f{}", hex::encode(rand::random::<[u8; 5]>()));
    let mut nodes: Vec<Node> = ["n0", "n1", "n2"]
        .iter()
        .map(|n| start(&url, &prefix, n, 1000))
        .collect();
    let mut kills = 0;
    let mut games = 0;
    while kills < 20 {
        games += 1;
        assert!(games <= 8, "20 kills take at most 8 games ({kills} so far)");
        let mut ann = Player::join(&ws(&nodes[0]), "Ann").await;
        let table = ann.create(&["deals=1"], Some(3)).await;
        let mut bob = Player::join(&ws(&nodes[1]), "Bob").await;
        let mut eve = Player::join(&ws(&nodes[2]), "Eve").await;
        // The other nodes hear of the table first.
        for n in &nodes[1..] {
            owner(n, table).await;
        }
        bob.sit(table).await;
        eve.watch(table).await;
        assert!(matches!(
            ann.command("/bot add").await,
            ServerMsg::Ack { .. }
        ));
        assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
        let mut seats = vec![
            Seat {
                p: ann,
                node: 0,
                plays: true,
            },
            Seat {
                p: bob,
                node: 1,
                plays: true,
            },
            Seat {
                p: eve,
                node: 2,
                plays: false,
            },
        ];
        let mut since_kill = 0;
        loop {
            for s in seats.iter_mut() {
                drain(&mut s.p, 50).await;
            }
            if seats[0].p.over() {
                break;
            }
            let mid_turn = asked_to_play(&seats[0].p) && asked_to_play(&seats[1].p);
            if since_kill >= 2 && mid_turn && kills < 20 {
                // Ann's choice is acknowledged; Bob's is not made: the owner dies now.
                assert!(act(&mut seats[0].p).await);
                for s in seats.iter_mut() {
                    drain(&mut s.p, 100).await;
                }
                let before: Vec<Value> = seats.iter().map(|s| s.p.view.clone().unwrap()).collect();
                let dead = owner(&nodes[0], table).await;
                let i = nodes.iter().position(|n| n.name == dead).unwrap();
                nodes[i].child.kill().unwrap();
                nodes[i].child.wait().unwrap();
                kills += 1;
                // The node comes back (a new process of the same name): it must not fight
                // for the tables it lost.
                nodes[i] = start(&url, &prefix, &dead, 1000);
                for s in seats.iter_mut() {
                    if s.node == i {
                        // Its connection died: the client goes to another node.
                        s.node = (i + 1) % nodes.len();
                        let token = s.p.me.token.clone();
                        let name = s.p.me.name.clone();
                        let mut p = Player::join_as(&ws(&nodes[s.node]), &name, Some(&token)).await;
                        p.table = table;
                        if !s.plays {
                            p.send(ClientMsg::Join {
                                table,
                                role: Role::Spectator,
                                invite: None,
                            })
                            .await;
                        }
                        s.p = p;
                    }
                    // Every one gets a full state from the new owner.
                    s.p.recv_until(|m| matches!(m, ServerMsg::State { .. }))
                        .await;
                }
                for (s, before) in seats.iter_mut().zip(&before) {
                    drain(&mut s.p, 100).await;
                    assert_eq!(
                        s.p.view.as_ref().unwrap(),
                        before,
                        "kill {kills}: {} resumes exactly where it was",
                        s.p.me.name
                    );
                }
                since_kill = 0;
                continue;
            }
            for s in seats.iter_mut().filter(|s| s.plays) {
                if s.p.choice().is_some() {
                    act(&mut s.p).await;
                    since_kill += 1;
                }
            }
        }
        // The game is over for everyone alike, and its record replays (every card where the
        // rules put it, every logged action legal).
        let outcome = seats[0].p.view.as_ref().unwrap()["outcome"].clone();
        for s in &seats {
            assert_eq!(s.p.view.as_ref().unwrap()["outcome"], outcome);
        }
        let (status, body) = http_get(nodes[2].addr, &format!("/api/games/{table}/record")).await;
        assert_eq!(status, 200, "{body}");
        let record: nimmt_core::GameRecord = serde_json::from_str(&body).unwrap();
        nimmt_core::record::replay(&record).expect("the record replays across the failovers");
    }
    drop(nodes);
    db.drop_schema().await;
}
