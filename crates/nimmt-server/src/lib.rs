//! # nimmt-server
//!
//! The online room: a lobby, tables with chat commands, bots, persistence and reconnection,
//! served over HTTP and one WebSocket endpoint.
//!
//! - [`lobby`]: the lobby actor (tables, who is online, lobby chat);
//! - [`table`]: one actor per table owning its game and its log;
//! - [`handles`]: the commands and handles by which the actors reach each other;
//! - [`records`], [`replay`]: a game's record as served, and a finished game step by step;
//! - [`commands`]: the table chat commands (one table drives parsing, permissions and `/help`);
//! - [`store`]: SQLite or PostgreSQL through one schema, with group commit;
//! - [`ws`]: a connection (size cap, message budget, flood rule, byte-capped outgoing queue,
//!   close codes), [`addr`]: limits per client address, [`http`]: routes (with the Origin
//!   check);
//! - [`client`]: a small client for tests, the load test and other tools.
//!
//! The wire types are in `nimmt-protocol`; `docs/protocol.md` describes them.

pub mod addr;
pub mod bots;
pub mod client;
pub mod commands;
pub mod conn;
pub mod handles;
pub mod http;
pub mod lobby;
pub mod records;
pub mod replay;
pub mod store;
pub mod table;
pub mod ws;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Duration;

pub use ws::Limits;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    /// `sqlite://FILE` (created on first start), `sqlite::memory:` or `postgres://…`.
    pub database: String,
    /// Origins allowed to open the WebSocket besides the server's own (`*` = any).
    pub allowed_origins: Vec<String>,
    /// The room's public URLs (`https://nimmt.example.org`, scheme included): browsers may open
    /// the WebSocket from pages of these origins. None given: the address it listens on
    /// (`http://ADDR`, and `http://localhost:PORT` for a loopback or unspecified address).
    pub public_urls: Vec<String>,
    /// Pause before a bot moves (so people can follow).
    pub bot_delay: Duration,
    /// Default of the table option `reconnect`.
    pub reconnect: Duration,
    /// A running table with no human connected pauses once its reconnection window has passed
    /// (its bots stop), and closes this long after that unless someone comes back; its game
    /// stays in the database, marked abandoned.
    pub abandoned_close_after: Duration,
    /// Serve the browser client from this directory instead of the embedded one.
    pub web_dir: Option<PathBuf>,
    pub limits: Limits,
    /// How SQLite syncs commits (PostgreSQL follows its own `synchronous_commit`).
    pub sqlite_sync: store::SqliteSync,
    /// Game data the room offers its tables (`nimmt serve --data board=FILE`): a table whose
    /// options need it (the Brettspiel's `board=custom`) is played with it, and its record keeps it.
    pub game_data: nimmt_core::GameData,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: "sqlite://nimmt.db".into(),
            allowed_origins: Vec::new(),
            public_urls: Vec::new(),
            bot_delay: Duration::from_millis(600),
            reconnect: Duration::from_secs(60),
            abandoned_close_after: Duration::from_secs(600),
            web_dir: None,
            limits: Limits::default(),
            sqlite_sync: store::SqliteSync::Full,
            game_data: Default::default(),
        }
    }
}

/// What every request handler shares.
#[derive(Clone)]
pub struct AppState {
    pub lobby: handles::LobbyHandle,
    pub store: store::Store,
    pub config: Arc<Config>,
    pub next_conn: Arc<AtomicU64>,
    /// Connections and new identities per client address.
    pub addrs: Arc<addr::AddrLimits>,
    /// The origins whose pages may open the WebSocket (normalized; `*` = any).
    pub origins: Arc<Vec<String>>,
}

/// A running server.
pub struct Running {
    /// The address it listens on (useful with port 0).
    pub addr: SocketAddr,
    pub store: store::Store,
    shutdown: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Running {
    /// Stops accepting connections and waits for the server task.
    pub async fn stop(self) {
        let _ = self.shutdown.send(());
        self.task.abort();
        let _ = self.task.await;
    }

    /// Waits until the server stops (it does not by itself).
    pub async fn wait(self) -> std::io::Result<()> {
        let _keep = self.shutdown;
        self.task.await.unwrap_or(Ok(()))
    }
}

/// Opens the database, restores every unfinished table from its log, and starts serving.
pub async fn start(config: Config) -> anyhow::Result<Running> {
    for url in &config.public_urls {
        http::origin_of(url).ok_or_else(|| {
            anyhow::anyhow!("public URL {url:?}: expected http:// or https:// and a host")
        })?;
    }
    let config = Arc::new(config);
    let store = store::Store::open_with(&config.database, config.sqlite_sync).await?;
    let next_id = store.max_table_id().await?;
    let open: handles::OpenTable = {
        let (store, config) = (store.clone(), config.clone());
        Arc::new(move |new| table::Table::open(new, store.clone(), config.clone()))
    };
    let lobby = lobby::Lobby::spawn(next_id, open, config.limits.tables_per_identity);
    let mut restored = 0;
    for stored in store.open_tables().await? {
        let id = stored.id;
        match table::Table::restore(stored, store.clone(), lobby.clone(), config.clone()) {
            Ok(t) => {
                let info = t.info();
                let players = t.seated_players();
                let host = t.host();
                let handle = t.spawn();
                lobby.send(handles::LobbyCmd::Adopt {
                    handle,
                    info,
                    players,
                    host,
                });
                restored += 1;
            }
            Err(e) => tracing::error!("table {id} cannot be restored: {e}"),
        }
    }
    if restored > 0 {
        tracing::info!("restored {restored} tables");
    }
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let state = AppState {
        lobby,
        store: store.clone(),
        config: config.clone(),
        next_conn: Arc::new(AtomicU64::new(1)),
        addrs: addr::AddrLimits::new(&config.limits),
        origins: Arc::new(http::allowed_origins(&config, addr)),
    };
    // Each connection knows its client's address (for the limits per address).
    let app = http::router(state).into_make_service_with_connect_info::<SocketAddr>();
    let (shutdown, rx) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                let _ = rx.await;
            })
            .await
    });
    Ok(Running {
        addr,
        store,
        shutdown,
        task,
    })
}
