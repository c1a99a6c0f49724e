//! A node of a room on several servers gives out table numbers from blocks it reserves in the
//! database: a burst of new tables, more than one block, opens every table (none is refused
//! while the next block is on its way).

mod common;

use common::Db;
use nimmt_core::OptionMap;
use nimmt_protocol::{ClientMsg, ServerMsg};
use nimmt_server::cluster::ClusterConfig;
use std::collections::BTreeSet;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_new_tables_opens_every_one() {
    let db = Db::postgres().await;
    let prefix = format!("t{}", hex::encode(rand::random::<[u8; 5]>()));
    let mut config = common::config(&db);
    config.limits.tables_per_identity = 0;
    // The requests come back to back, over the usual budget per connection.
    config.limits.burst = 1000.0;
    let mut cluster = ClusterConfig::new(
        &std::env::var("NIMMT_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".to_owned()),
        "a",
    );
    cluster.prefix = prefix;
    config.cluster = Some(cluster);
    let (_node, url) = common::server_with(config).await;

    // 60 tables asked for at once (the node holds two blocks of 32 numbers).
    let mut host = common::Player::join(&url, "Host").await;
    const TABLES: usize = 60;
    for _ in 0..TABLES {
        host.send(ClientMsg::CreateTable {
            game: "classic".parse().unwrap(),
            options: OptionMap::default(),
            seats: Some(4),
        })
        .await;
    }
    let mut opened = BTreeSet::new();
    while opened.len() < TABLES {
        match host
            .recv_until(|m| matches!(m, ServerMsg::State { .. } | ServerMsg::Error { .. }))
            .await
        {
            ServerMsg::State { table, .. } => {
                opened.insert(table.id);
            }
            other => panic!("a new table was refused: {other:?}"),
        }
    }
    assert_eq!(opened.len(), TABLES, "every table has its own number");
}
