//! The nodes of a room spread over several `nimmt serve` processes (one PostgreSQL schema, one
//! NATS server), for the cluster's process tests.

use crate::common::http_get;
use serde_json::Value;
use std::net::SocketAddr;
use std::process::Child;
use std::time::Duration;

/// One node: its name, its process (killed when the test ends however it ends), its address.
pub struct Node {
    pub name: String,
    pub child: Child,
    pub addr: SocketAddr,
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts node `name` of the cluster `prefix` on an ephemeral port, its leases lasting
/// `lease_ms`.
pub fn start(db: &str, prefix: &str, name: &str, lease_ms: u64) -> Node {
    let nats = std::env::var("NIMMT_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
    let lease = lease_ms.to_string();
    let (child, addr) = crate::serving::serve(&[
        "--database",
        db,
        "--cluster",
        &nats,
        "--node-name",
        name,
        "--cluster-prefix",
        prefix,
        "--lease-ms",
        &lease,
        "--max-conns-per-addr",
        "0",
        "--new-identities-per-min",
        "0",
    ]);
    Node {
        name: name.to_owned(),
        child,
        addr,
    }
}

/// The node's WebSocket URL.
pub fn ws(n: &Node) -> String {
    format!("ws://{}/ws", n.addr)
}

/// The node holding a live lease on `table`, as `/api/cluster` of `ask` says.
pub async fn owner(ask: &Node, table: u64) -> String {
    for _ in 0..100 {
        let (_, body) = http_get(ask.addr, "/api/cluster").await;
        let c: Value = serde_json::from_str(&body).unwrap();
        for n in c["nodes"].as_array().unwrap() {
            let live = n["tables"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["table"] == table && t["expires_in_ms"].as_i64().unwrap() > 0);
            if live {
                return n["name"].as_str().unwrap().to_owned();
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("nobody owns table {table}");
}
