//! `nimmt serve`: the online room (HTTP + WebSocket, lobby, tables, bots, persistence).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Options of `nimmt serve`.
#[derive(clap::Args)]
pub struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Database: sqlite://FILE (created on first start) or postgres://USER@HOST:PORT/DB.
    #[arg(long, default_value = "sqlite://nimmt.db", env = "NIMMT_DATABASE")]
    pub database: String,
    /// Also accept WebSocket connections from pages of this origin (e.g. http://localhost:5173;
    /// `*` for any). Repeatable. The server's own origin is always accepted.
    #[arg(long = "allow-origin")]
    pub allow_origin: Vec<String>,
    /// The room's public URL, scheme included (e.g. https://nimmt.example.org): browsers may
    /// open the WebSocket only from pages of its origin (and --allow-origin ones). Repeatable.
    /// Default: the address it listens on (with localhost for a loopback address).
    #[arg(long = "public-url")]
    pub public_url: Vec<String>,
    /// Milliseconds a bot waits before it moves.
    #[arg(long, default_value_t = 600)]
    pub bot_delay_ms: u64,
    /// Default seconds a disconnected player keeps the seat before a bot plays it.
    #[arg(long, default_value_t = 60)]
    pub reconnect_secs: u64,
    /// Seconds a running table with no human connected stays paused (its bots stop once the
    /// reconnection window has passed) before it closes; its unfinished game stays stored.
    #[arg(long, default_value_t = 600)]
    pub abandoned_close_after: u64,
    /// Serve the browser client from this directory (instead of the one embedded by nimmt-web).
    #[arg(long)]
    pub web_dir: Option<PathBuf>,
    /// Messages per second a connection may send in the long run (burst: three times as many).
    #[arg(long, default_value_t = 20.0)]
    pub msgs_per_sec: f64,
    /// Bytes queued for a client that does not read before it is disconnected (close code 4003).
    #[arg(long, default_value_t = 256 * 1024)]
    pub queue_bytes: usize,
    /// Open WebSocket connections per client address (0 = no cap; a load test from one machine
    /// needs 0). Behind a reverse proxy every client has the proxy's address.
    #[arg(long, default_value_t = 32)]
    pub max_conns_per_addr: usize,
    /// New identities (hello without a token) per client address and minute (0 = no cap).
    #[arg(long, default_value_t = 20.0)]
    pub new_identities_per_min: f64,
    /// Open or running tables one identity may host at a time (0 = no cap).
    #[arg(long, default_value_t = 5)]
    pub max_tables_per_identity: usize,
    /// SQLite commits: `full` syncs each commit to disk before a move is acknowledged; `normal`
    /// writes it to the log at once (safe against a killed server, not against a power cut).
    #[arg(long, default_value = "full", value_parser = ["full", "normal"])]
    pub sqlite_sync: String,
    /// Game data the room offers its tables, as KEY=FILE (repeatable), e.g. `--data board=FILE`:
    /// a Brettspiel table with `board=custom` is played on that board (`docs/board-data.md`).
    #[arg(long = "data", value_name = "KEY=FILE")]
    pub data: Vec<String>,
    /// Run as one node of a room spread over several servers: the NATS server they share
    /// (e.g. nats://127.0.0.1:4222). Needs a PostgreSQL --database shared by every node
    /// (`docs/cluster.md`).
    #[arg(long, value_name = "NATS_URL")]
    pub cluster: Option<String>,
    /// This node's name in the cluster (letters, digits, - and _). Default: node-PORT.
    #[arg(long)]
    pub node_name: Option<String>,
    /// The first part of every NATS subject (clusters sharing one NATS server differ here).
    #[arg(long, default_value = "nimmt")]
    pub cluster_prefix: String,
    /// Milliseconds a table's lease lasts unless renewed: a lost node's tables move to
    /// another node after about this long.
    #[arg(long, default_value_t = 3000)]
    pub lease_ms: u64,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let game_data = crate::data::load(&args.data)?;
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let config = nimmt_server::Config {
            addr: args.addr,
            database: args.database.clone(),
            allowed_origins: args.allow_origin,
            public_urls: args.public_url,
            bot_delay: Duration::from_millis(args.bot_delay_ms),
            reconnect: Duration::from_secs(args.reconnect_secs),
            abandoned_close_after: Duration::from_secs(args.abandoned_close_after),
            web_dir: args.web_dir,
            sqlite_sync: match args.sqlite_sync.as_str() {
                "normal" => nimmt_server::store::SqliteSync::Normal,
                _ => nimmt_server::store::SqliteSync::Full,
            },
            limits: nimmt_server::Limits {
                burst: args.msgs_per_sec * 3.0,
                per_second: args.msgs_per_sec,
                queue_bytes: args.queue_bytes,
                conns_per_addr: args.max_conns_per_addr,
                identities_per_minute: args.new_identities_per_min,
                tables_per_identity: args.max_tables_per_identity,
                ..Default::default()
            },
            game_data,
            cluster: args
                .cluster
                .map(|nats| nimmt_server::cluster::ClusterConfig {
                    nats,
                    node: args
                        .node_name
                        .clone()
                        .unwrap_or_else(|| format!("node-{}", args.addr.port())),
                    prefix: args.cluster_prefix.clone(),
                    lease: Duration::from_millis(args.lease_ms),
                }),
        };
        let running = nimmt_server::start(config).await?;
        // Tests and scripts read this line to learn the port.
        println!(
            "nimmt serving on http://{} (database {})",
            running.addr, args.database
        );
        tracing::info!("listening on {}", running.addr);
        tokio::select! {
            r = running.wait() => r?,
            _ = tokio::signal::ctrl_c() => {}
        }
        Ok(())
    })
}
