//! A cluster node that owns a table is frozen (SIGSTOP) while a player's move waits on it;
//! another node takes the table over; the frozen node wakes up (SIGCONT) and the waiting move is
//! answered `not_owner` (the table moved: nothing changed, try again there), as
//! `docs/protocol.md` says — not `storage`, nor `not_at_table` from the new owner — or is taken
//! by the new owner.

#[path = "../../nimmt-server/tests/common/mod.rs"]
mod common;
mod serving;

use common::{http_get, Db, Player};
use nimmt_protocol::{ErrorCode, ServerMsg};
use serde_json::Value;
use std::net::SocketAddr;
use std::process::{Child, Command};
use std::time::Duration;

struct Node {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Node {
    fn drop(&mut self) {
        signal(&self.child, "-CONT");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn signal(child: &Child, sig: &str) {
    let _ = Command::new("kill")
        .args([sig, &child.id().to_string()])
        .status();
}

fn start(db: &str, prefix: &str, name: &str) -> Node {
    let nats =
        std::env::var("NIMMT_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".to_owned());
    let (child, addr) = serving::serve(&[
        "--database",
        db,
        "--cluster",
        &nats,
        "--node-name",
        name,
        "--cluster-prefix",
        prefix,
        "--lease-ms",
        "1000",
    ]);
    Node { child, addr }
}

/// The node holding a live lease on `table`, as `/api/cluster` of `ask` says.
async fn owner(ask: &Node, table: u64) -> Option<String> {
    let (_, body) = http_get(ask.addr, "/api/cluster").await;
    let c: Value = serde_json::from_str(&body).ok()?;
    c["nodes"].as_array()?.iter().find_map(|n| {
        n["tables"]
            .as_array()?
            .iter()
            .any(|t| t["table"] == table && t["expires_in_ms"].as_i64().unwrap_or(0) > 0)
            .then(|| n["name"].as_str().unwrap_or_default().to_owned())
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_waiting_at_a_frozen_owner_is_answered_not_owner() {
    let db = Db::postgres().await;
    let prefix = format!("z{}", hex::encode(rand::random::<[u8; 5]>()));
    let a = start(&db.url(), &prefix, "a");
    let b = start(&db.url(), &prefix, "b");
    let url = format!("ws://{}/ws", a.addr);
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(2)).await;
    let mut bob = Player::join(&url, "Bob").await;
    bob.sit(table).await;
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    while ann.choice().is_none() {
        ann.recv().await;
    }
    assert_eq!(owner(&b, table).await.as_deref(), Some("a"));

    // Node a freezes; Ann's move waits in its socket while b takes the table over.
    signal(&a.child, "-STOP");
    let action = ann.choice().unwrap();
    let version = ann.version;
    let moved = async {
        for _ in 0..100 {
            if owner(&b, table).await.as_deref() == Some("b") {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        false
    };
    let table_id = ann.table;
    let id = ann
        .send(nimmt_protocol::ClientMsg::Act {
            table: table_id,
            version,
            action,
        })
        .await;
    assert!(moved.await, "node b takes the table over");
    signal(&a.child, "-CONT");
    let m = ann
        .recv_until(|m| {
            matches!(m, ServerMsg::Update { ack: Some(i), .. } if *i == id)
                || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
        })
        .await;
    // Either the new owner took the move (the frozen node passed it on once it heard of the
    // move of the table), or nothing changed and the answer says the table moved.
    match &m {
        ServerMsg::Update { .. } => {}
        ServerMsg::Error { code, .. } => assert_eq!(*code, ErrorCode::NotOwner, "{m:?}"),
        other => panic!("{other:?}"),
    }
    drop((ann, bob, a, b));
    db.drop_schema().await;
}
