//! Three nodes of one room (in-process servers sharing a PostgreSQL schema and a NATS server):
//! one lobby, one table list, one chat; a game with players on different nodes, a bot and a
//! spectator, where everyone sees the same versions and events.

mod common;

use common::{http_get, Db, Player};
use nimmt_protocol::{ClientMsg, ServerMsg};
use nimmt_server::cluster::ClusterConfig;
use nimmt_server::Running;
use serde_json::Value;
use std::time::Duration;

pub fn nats_url() -> String {
    std::env::var("NIMMT_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".to_owned())
}

async fn node(db: &Db, prefix: &str, name: &str) -> (Running, String) {
    let mut config = common::config(db);
    let mut cluster = ClusterConfig::new(&nats_url(), name);
    cluster.prefix = prefix.to_owned();
    cluster.lease = Duration::from_millis(1500);
    config.cluster = Some(cluster);
    common::server_with(config).await
}

/// Waits until `srv` lists table `id`.
async fn listed(srv: &Running, id: u64) {
    for _ in 0..100 {
        let (_, body) = http_get(srv.addr, "/api/tables").await;
        let tables: Vec<Value> = serde_json::from_str(&body).unwrap();
        if tables.iter().any(|t| t["id"] == id) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("table {id} is not listed on {}", srv.addr);
}

/// The versions and the public events of every update in a log, in order.
fn public_story(log: &[String]) -> Vec<(u64, Vec<Value>)> {
    log.iter()
        .filter_map(|t| serde_json::from_str::<Value>(t).ok())
        .filter(|m| m["type"] == "update")
        .map(|m| {
            let events = m["events"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["type"] == "revealed" || e["type"] == "deal_started")
                .cloned()
                .collect();
            (m["version"].as_u64().unwrap(), events)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_nodes_play_one_game_and_share_lobby_and_chat() {
    let db = Db::postgres().await;
    let prefix = format!("t{}", hex::encode(rand::random::<[u8; 5]>()));
    let (a, url_a) = node(&db, &prefix, "a").await;
    let (b, url_b) = node(&db, &prefix, "b").await;
    let (c, url_c) = node(&db, &prefix, "c").await;

    // Ann opens a table on node a; Bob (node b) and Eve (node c) see it.
    let mut ann = Player::join(&url_a, "Ann").await;
    let table = ann.create(&["hand_size=4", "deals=2"], Some(4)).await;
    listed(&b, table).await;
    listed(&c, table).await;

    // Lobby chat from node b reaches a lobby listener on node c.
    let mut lurker = Player::join(&url_c, "Lurker").await;
    lurker.send(ClientMsg::ListTables { subscribe: true }).await;
    let tables = lurker
        .recv_until(|m| matches!(m, ServerMsg::Tables { .. }))
        .await;
    let ServerMsg::Tables { tables } = tables else {
        unreachable!()
    };
    assert!(tables.iter().any(|t| t.id == table), "{tables:?}");
    let mut bob = Player::join(&url_b, "Bob").await;
    bob.send(ClientMsg::Chat {
        table: None,
        text: "hello from b".into(),
    })
    .await;
    let heard = lurker
        .recv_until(|m| matches!(m, ServerMsg::Chat { table: None, .. }))
        .await;
    assert!(
        matches!(&heard, ServerMsg::Chat { from, text, .. } if from == "Bob" && text == "hello from b"),
        "{heard:?}"
    );

    // Bob sits at a table of another node; Eve watches from a third; a bot takes a seat.
    bob.sit(table).await;
    let mut eve = Player::join(&url_c, "Eve").await;
    eve.watch(table).await;
    assert!(matches!(
        ann.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    // Table chat from node b reaches the owner's node and the spectator's.
    assert!(matches!(bob.command("hi all").await, ServerMsg::Ack { .. }));
    ann.recv_until(|m| matches!(m, ServerMsg::Chat { from, .. } if from == "Bob"))
        .await;
    eve.recv_until(|m| matches!(m, ServerMsg::Chat { from, .. } if from == "Bob"))
        .await;
    // Someone at a remote table whose command is refused gets the refusal with its number.
    let refused = bob.command("/kick Ann").await;
    assert!(
        matches!(refused, ServerMsg::Error { .. }),
        "only the host kicks: {refused:?}"
    );
    // The lobby listener on node c hears the seats change.
    lurker
        .recv_until(|m| matches!(m, ServerMsg::TableChanged { table: t, .. } if t.id == table && t.seats.len() >= 2))
        .await;
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));

    let mut done = common::all_to_the_end(vec![ann, bob], vec![eve]).await;
    let (eve, bob, ann) = (
        done.pop().unwrap(),
        done.pop().unwrap(),
        done.pop().unwrap(),
    );

    // Everyone saw the same versions and the same public events, and the same outcome.
    let outcome = ann.view.as_ref().unwrap()["outcome"].clone();
    assert!(!outcome.is_null());
    assert_eq!(bob.view.as_ref().unwrap()["outcome"], outcome);
    assert_eq!(eve.view.as_ref().unwrap()["outcome"], outcome);
    assert_eq!(ann.version, bob.version);
    assert_eq!(ann.version, eve.version);
    let story = public_story(&ann.log);
    assert!(story.len() > 8, "{story:?}");
    assert_eq!(public_story(&bob.log), story);
    assert_eq!(public_story(&eve.log), story);
    // Bob's hand never went to Eve: no view of hers has a hand.
    for m in eve
        .log
        .iter()
        .filter_map(|t| serde_json::from_str::<Value>(t).ok())
    {
        if let Some(hand) = m["view"].get("hand") {
            assert!(hand.is_null() || hand == &Value::Array(vec![]), "{m}");
        }
    }

    // The finished game's record is served by every node, and replays.
    for srv in [&a, &b, &c] {
        let (status, body) = http_get(srv.addr, &format!("/api/games/{table}/record")).await;
        assert_eq!(status, 200, "{body}");
        let record: nimmt_core::GameRecord = serde_json::from_str(&body).unwrap();
        nimmt_core::record::replay(&record).expect("the record replays");
    }

    // Operators see the nodes, the owner's table, and the counters.
    let (status, body) = http_get(b.addr, "/api/cluster").await;
    assert_eq!(status, 200, "{body}");
    let cluster: Value = serde_json::from_str(&body).unwrap();
    let names: Vec<&str> = cluster["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["a", "b", "c"], "{cluster}");
    let (status, body) = http_get(c.addr, "/healthz").await;
    assert_eq!(status, 200);
    let health: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(health["node"], "c");
    assert_eq!(health["cluster"], "ok");
    let (status, body) = http_get(a.addr, "/metrics").await;
    assert_eq!(status, 200);
    assert!(body.contains("nimmt_moves_total{node=\"a\"}"), "{body}");
    assert!(body.contains("nimmt_commit_seconds_bucket"), "{body}");

    drop((url_b, url_c));
    a.stop().await;
    b.stop().await;
    c.stop().await;
    db.drop_schema().await;
}
