//! Moderation in a room on several nodes (PostgreSQL and NATS): an operator on one node
//! removes a line at a table another node runs, and mutes and bans a player connected there.

mod common;

use common::accounts::request as http;
use common::moderation::{heard, heard_in_lobby, in_lobby, operator, remove_line, say_in_lobby};
use common::{Db, Player};
use nimmt_protocol::{ErrorCode, ServerMsg};
use serde_json::{json, Value};

/// A node of a cluster on `db` (PostgreSQL) and the NATS server on loopback (or
/// `NIMMT_TEST_NATS`), under the subjects of `prefix`.
async fn node(db: &Db, prefix: &str, name: &str) -> (nimmt_server::Running, String) {
    let nats =
        std::env::var("NIMMT_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".to_owned());
    let mut config = common::config(db);
    let mut cluster = nimmt_server::cluster::ClusterConfig::new(&nats, name);
    cluster.prefix = prefix.to_owned();
    config.cluster = Some(cluster);
    common::server_with(config).await
}

/// Every node of a cluster sees moderation: an operator on one node removes a line at a table
/// another node runs, mutes and bans a player connected to that other node.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_node_of_a_cluster_sees_moderation() {
    let db = Db::postgres().await;
    let prefix = format!("mod{}", hex::encode(rand::random::<[u8; 4]>()));
    let (a, url_a) = node(&db, &prefix, "a").await;
    let (b, url_b) = node(&db, &prefix, "b").await;
    let olga = operator(&url_a, &a.store).await;
    let mut ann = Player::join(&url_b, "Ann").await;
    let table = ann.create(&[], Some(3)).await;
    let mut bob = Player::join(&url_b, "Bob").await;
    bob.sit(table).await;
    let mut listed = false;
    for _ in 0..100 {
        let (_, tables) = common::http_get(a.addr, "/api/tables").await;
        if serde_json::from_str::<Value>(&tables)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["id"] == table)
        {
            listed = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(listed, "node a lists the table node b runs");

    bob.say("rude words").await;
    let (line, _, _) = heard(&mut ann).await;
    // A report made through node a finds the line at node b's table.
    let (status, r) = http(
        a.addr,
        "POST",
        "/api/reports",
        Some(&ann.me.token),
        Some(json!({"table": table, "line": line, "reason": "rude"})),
    )
    .await;
    assert_eq!(status, 201, "{r}");
    let (_, open) = http(
        a.addr,
        "GET",
        "/api/admin/reports",
        Some(&olga.me.token),
        None,
    )
    .await;
    assert_eq!(open[0]["text"], "rude words");
    // The operator on node a removes it: everyone at the table on node b is told.
    remove_line(a.addr, &olga, (table, line), "rude", [&mut ann, &mut bob]).await;
    // Lobby chat across nodes: Olga (on node a) muted Bob (on node b) for herself.
    http(
        a.addr,
        "PUT",
        &format!("/api/mutes/{}", bob.me.player),
        Some(&olga.me.token),
        None,
    )
    .await;
    let mut olga = olga;
    in_lobby(&mut olga).await;
    in_lobby(&mut ann).await;
    say_in_lobby(&mut bob, "lobby rant").await;
    assert_eq!(heard_in_lobby(&mut ann).await.1, "lobby rant");
    say_in_lobby(&mut ann, "calm down, Bob").await;
    assert_eq!(heard_in_lobby(&mut olga).await.1, "calm down, Bob");
    // A mute taken on node a holds on node b at once.
    let (status, _) = http(
        a.addr,
        "POST",
        "/api/admin/sanctions",
        Some(&olga.me.token),
        Some(json!({"player": bob.me.player, "kind": "mute", "reason": "cool down", "minutes": 5})),
    )
    .await;
    assert_eq!(status, 200);
    assert!(matches!(
        bob.command("more rude words").await,
        ServerMsg::Error {
            code: ErrorCode::Muted,
            ..
        }
    ));
    // A ban taken on node a closes Bob's connection on node b, and his hello there is refused.
    let (status, _) = http(
        a.addr,
        "POST",
        "/api/admin/sanctions",
        Some(&olga.me.token),
        Some(json!({"player": bob.me.player, "kind": "ban", "reason": "enough"})),
    )
    .await;
    assert_eq!(status, 200);
    let m = bob
        .recv_until(|m| {
            matches!(
                m,
                ServerMsg::Error {
                    code: ErrorCode::Banned,
                    ..
                }
            )
        })
        .await;
    assert!(
        matches!(&m, ServerMsg::Error { text, .. } if text.text.contains("enough")),
        "{m:?}"
    );
    let refused = Player::join_from(&url_b, "Bob", "127.0.0.1", Some(&bob.me.token))
        .await
        .err()
        .unwrap();
    assert!(
        matches!(
            refused,
            ServerMsg::Error {
                code: ErrorCode::Banned,
                ..
            }
        ),
        "{refused:?}"
    );
    a.stop().await;
    b.stop().await;
    db.drop_schema().await;
}
