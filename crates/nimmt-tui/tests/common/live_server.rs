//! Real servers for the client's tests, each on a runtime of its own, so that dropping that
//! runtime ends it as a crash would: on a SQLite file, or as a node of a room on PostgreSQL and
//! NATS (each test in a fresh schema).

use serde_json::Value;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// Every wait is bounded by this (generous: on a shared machine a test may get no CPU for a
/// minute or two).
pub const PATIENCE: Duration = Duration::from_secs(300);

/// How long a seat waits for its player before a bot plays it: longer than any test, so every
/// move of the player's seat is the client's.
pub const RECONNECT_WINDOW: Duration = Duration::from_secs(3600);

/// A server on a runtime of its own.
pub struct Server {
    runtime: tokio::runtime::Runtime,
    running: nimmt_server::Running,
}

impl Server {
    pub fn start(config: nimmt_server::Config) -> Server {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        // The port of a server that just went away may take a moment to be free again.
        let start = Instant::now();
        let running = loop {
            match runtime.block_on(nimmt_server::start(config.clone())) {
                Ok(r) => break r,
                Err(e) => {
                    assert!(start.elapsed() < PATIENCE, "the server does not start: {e}");
                    std::thread::sleep(Duration::from_millis(100));
                }
            }
        };
        Server { runtime, running }
    }

    pub fn addr(&self) -> SocketAddr {
        self.running.addr
    }

    pub fn url(&self) -> String {
        format!("ws://{}", self.addr())
    }

    /// Ends the server at once, as a crash would: its tasks and sockets go with its runtime.
    pub fn kill(self) {
        self.runtime.shutdown_background();
    }

    pub fn stop(self) {
        let Server { runtime, running } = self;
        runtime.block_on(running.stop());
        runtime.shutdown_background();
    }

    /// The stored actions of a table: (seat, action).
    pub fn actions(&self, table: u64) -> Vec<(u8, Value)> {
        self.runtime
            .block_on(self.running.store.actions(table, None))
            .unwrap()
            .into_iter()
            .map(|(seat, action, _)| (seat, serde_json::from_str(&action).unwrap()))
            .collect()
    }

    pub fn table_state(&self, table: u64) -> String {
        self.runtime
            .block_on(self.running.store.table_record(table))
            .unwrap()
            .expect("the table is stored")
            .0
    }
}

/// A server on a fresh SQLite file in `dir`, on an ephemeral loopback port.
pub fn sqlite_config(dir: &tempfile::TempDir) -> nimmt_server::Config {
    nimmt_server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        database: format!("sqlite://{}", dir.path().join("nimmt.db").display()),
        bot_delay: Duration::ZERO,
        reconnect: RECONNECT_WINDOW,
        ..nimmt_server::Config::default()
    }
}

/// PostgreSQL and NATS on the loopback (as the server's cluster tests use them).
fn postgres_base() -> String {
    std::env::var("NIMMT_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned())
}

fn nats_url() -> String {
    std::env::var("NIMMT_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".to_owned())
}

/// A name no other test run uses.
pub fn unique(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{prefix}{}_{nanos}", std::process::id())
}

/// A fresh schema, so parallel tests never meet; dropped at the end.
pub struct Schema {
    name: String,
    runtime: tokio::runtime::Runtime,
}

impl Schema {
    pub fn new() -> Schema {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let name = unique("tui_");
        runtime.block_on(async {
            sqlx::any::install_default_drivers();
            let pool = sqlx::AnyPool::connect(&postgres_base())
                .await
                .expect("PostgreSQL on 127.0.0.1:5432");
            sqlx::query(&format!("CREATE SCHEMA {name}"))
                .execute(&pool)
                .await
                .unwrap();
            pool.close().await;
        });
        Schema { name, runtime }
    }

    pub fn url(&self) -> String {
        format!(
            "{}?options=-c%20search_path%3D{}",
            postgres_base(),
            self.name
        )
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        let name = self.name.clone();
        self.runtime.block_on(async {
            if let Ok(pool) = sqlx::AnyPool::connect(&postgres_base()).await {
                let _ = sqlx::query(&format!("DROP SCHEMA {name} CASCADE"))
                    .execute(&pool)
                    .await;
                pool.close().await;
            }
        });
    }
}

/// Node `name` of a room on `schema` and the loopback NATS, under the subjects of `prefix`.
pub fn node(schema: &Schema, prefix: &str, name: &str) -> Server {
    let mut cluster = nimmt_server::cluster::ClusterConfig::new(&nats_url(), name);
    cluster.prefix = prefix.to_owned();
    cluster.lease = Duration::from_millis(1500);
    Server::start(nimmt_server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        database: schema.url(),
        bot_delay: Duration::ZERO,
        reconnect: RECONNECT_WINDOW,
        cluster: Some(cluster),
        ..nimmt_server::Config::default()
    })
}
