//! Two or more nodes of one cluster on one database: each a real server whose cluster config
//! shares a fresh prefix on the test NATS (`NIMMT_TEST_NATS`, else the local one).

use super::{config, server_with, Db};
use nimmt_server::cluster::ClusterConfig;
use nimmt_server::{Config, Running};
use std::time::Duration;

/// A fresh prefix: the nodes of one test find each other and no other test's.
pub fn prefix() -> String {
    format!("t{}", hex::encode(rand::random::<[u8; 5]>()))
}

/// Starts node `name` of the cluster `prefix` on `db` (leases of 1.5 s); its server and URL.
pub async fn node(db: &Db, prefix: &str, name: &str) -> (Running, String) {
    node_with(config(db), prefix, name).await
}

/// Starts node `name` of the cluster `prefix` with `config` (leases of 1.5 s).
pub async fn node_with(mut config: Config, prefix: &str, name: &str) -> (Running, String) {
    let nats =
        std::env::var("NIMMT_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".to_owned());
    let mut cluster = ClusterConfig::new(&nats, name);
    cluster.prefix = prefix.to_owned();
    cluster.lease = Duration::from_millis(1500);
    config.cluster = Some(cluster);
    server_with(config).await
}
