//! # nimmt-server
//!
//! The online room: a lobby, tables with chat commands, bots, persistence and reconnection,
//! served over HTTP and one WebSocket endpoint.
//!
//! - [`lobby`]: the lobby actor (tables, who is online, lobby chat);
//! - [`table`]: one actor per table owning its game and its log;
//! - [`handles`]: the commands and handles by which the actors reach each other;
//! - [`records`], [`replay`]: a game's record as served, and a finished game step by step;
//! - [`store`]: SQLite or PostgreSQL through one schema, with group commit; [`lease`]: who
//!   owns which table in a cluster, and the fencing of every write;
//! - [`cluster`]: one room on many nodes (PostgreSQL and NATS); [`metrics`]: counters for
//!   operators;
//! - [`moderation`]: operators (made on the command line), mutes, bans, closing tables and
//!   removing chat lines, each in an audit log; players' reports and personal mutes;
//! - [`push`]: Web Push to the browsers an account subscribed ("your move" while away),
//!   encrypted per RFC 8291 and signed with the room's VAPID key;
//! - [`ratings`]: every finished game's results and the Weng-Lin ratings they move (in the
//!   transaction that stores the game's end), profiles, game histories and leaderboards;
//! - [`tournaments`]: the task that runs the node's tournaments (the room's tournament director
//!   fed commands, the clock and the tables' results; tables opened, players told), its store
//!   and its lease in a cluster;
//! - [`ws`]: a connection (size cap, message budget, flood rule, byte-capped outgoing queue,
//!   close codes), [`addr`]: limits per client address, [`http`]: every HTTP route, the
//!   services' included (with the Origin check); [`state`]: what every handler shares;
//! - [`client`]: a small client for tests, the load test and other tools.
//!
//! The modules sit in layers, each importing only from its own layer or those below: the edge
//! (this file's wiring, `state`, `http`, `ws`, `cluster`, `session_end`, client addresses), the
//! services (`accounts`, `ratings`, `moderation`, `analysis`, `records`), the room (the lobby,
//! the tables, the tournaments) and the store (`store`, `lease`); `metrics` and `clock` serve
//! them all. The store is handed what it must not know (the ratings a game's end moves:
//! [`store::AtGameEnd`]).
//! `crates/nimmt/tests/server_layers.rs` names every import that runs up a layer.
//!
//! The wire types are in `nimmt-protocol`; `docs/protocol.md` describes them.

pub mod accounts;
pub mod addr;
pub mod analysis;
pub use nimmt_room::bots;
pub mod client;
pub mod clock;
pub mod cluster;
pub mod conn;
pub mod forwarded;
pub mod friends;
pub mod handles;
pub mod http;
pub mod lease;
pub mod limits;
pub mod lobby;
pub mod mail;
pub mod metrics;
pub mod moderation;
pub mod names;
pub mod notify;
pub mod push;
pub mod ratings;
pub mod records;
pub mod refused;
pub mod replay;
pub mod session_end;
pub mod shutdown;
pub mod sleep;
pub mod state;
pub mod store;
pub mod table;
pub mod tournaments;
pub mod ws;

use state::AppState;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Duration;

use handles::{LobbyHandle, TableHandle};
pub use limits::Limits;

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
    /// Run as one node of a cluster (PostgreSQL and NATS shared with the other nodes).
    pub cluster: Option<cluster::ClusterConfig>,
    /// Reverse proxies whose `Forwarded` / `X-Forwarded-For` headers name the client
    /// (`forwarded.rs`); from anyone else these headers are ignored.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// The room's Web Push key (`nimmt serve --vapid-key FILE`): browsers subscribe with its
    /// public half and get "your move" notifications; none: no Web Push.
    pub vapid: Option<push::Vapid>,
    /// How long a turn-based table nobody plays waits for an input before it leaves memory
    /// (`nimmt serve --sleep-after SECS`; none: tables stay in memory). A cluster's tables stay.
    pub sleep_after: Option<Duration>,
    /// E-mail for accounts (SMTP server, sender; `nimmt serve --smtp URL --mail-from ADDR`);
    /// none: the room sends no mail.
    pub mail: Option<mail::MailConfig>,
    /// How often the ladder pairs the bot accounts that opted in (`nimmt serve
    /// --ladder-every-secs`); zero: no ladder.
    pub ladder_every: Duration,
    /// Every account may create tournaments (`nimmt serve --tournaments-by-anyone`); else only
    /// operators.
    pub tournaments_by_anyone: bool,
    /// How often the tournaments' clock ticks (results read, rounds started, leases renewed).
    pub tournament_tick: Duration,
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
            cluster: None,
            trusted_proxies: Vec::new(),
            vapid: None,
            sleep_after: Some(Duration::from_secs(60)),
            mail: None,
            ladder_every: Duration::from_secs(10),
            tournaments_by_anyone: false,
            tournament_tick: Duration::from_secs(1),
        }
    }
}

/// A running server.
pub struct Running {
    /// The address it listens on (useful with port 0).
    pub addr: SocketAddr,
    pub store: store::Store,
    shutdown: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    sessions: Arc<shutdown::Sessions>,
    cluster: Option<Arc<cluster::Cluster>>,
    tournaments: tournaments::Tournaments,
}

impl Running {
    /// Stops accepting connections and waits for the server task.
    pub async fn stop(self) {
        self.tournaments.stop();
        let _ = self.shutdown.send(());
        self.task.abort();
        let _ = self.task.await;
    }

    /// Stops for a restart (`shutdown.rs`): takes no new connection, in a cluster hands its
    /// tables over to the other nodes, closes every session with
    /// 1012 `server restarting` after what is queued for it (waiting up to `within`), waits for
    /// the store to commit every write queued before, and stops. Returns the sessions that
    /// had not closed in time.
    pub async fn stop_for_restart(self, within: std::time::Duration) -> usize {
        self.tournaments.stop();
        let _ = self.shutdown.send(());
        // In a cluster the other nodes take this node's tables first (`cluster/handover.rs`),
        // so the connections closed next find them running elsewhere.
        if let Some(cluster) = &self.cluster {
            cluster.hand_over().await;
        }
        let left = self.sessions.close_all(within).await;
        // Queued behind every write before it: once it is committed, so are they.
        if let Err(e) = self.store.write(Vec::new()).await {
            tracing::warn!("the last writes before the restart: {e}");
        }
        let mut task = self.task;
        if tokio::time::timeout(within, &mut task).await.is_err() {
            task.abort();
        }
        self.store.pool().close().await;
        left
    }

    /// Waits until the server stops (it does not by itself).
    pub async fn wait(self) -> std::io::Result<()> {
        let _keep = self.shutdown;
        self.task.await.unwrap_or(Ok(()))
    }
}

/// Tells `lobby` of a restored table, reached through `handle` (its own actor if `None`), and
/// starts the table's actor (one that may sleep with `sleep`).
fn start_restored(
    t: table::Table,
    lobby: &LobbyHandle,
    handle: Option<TableHandle>,
    sleep: Option<Arc<sleep::Sleep>>,
) -> TableHandle {
    let news = t.news();
    let actor = t.spawn(sleep);
    lobby.send(handles::LobbyCmd::Adopt {
        handle: handle.unwrap_or_else(|| actor.clone()),
        news,
    });
    actor
}

/// Opens the database, restores every unfinished table from its log (in a cluster: takes over
/// the tables nobody holds), and starts serving.
pub async fn start(config: Config) -> anyhow::Result<Running> {
    for url in &config.public_urls {
        http::origin_of(url).ok_or_else(|| {
            anyhow::anyhow!("public URL {url:?}: expected http:// or https:// and a host")
        })?;
    }
    let config = Arc::new(config);
    let fence = config.cluster.as_ref().map(cluster::Cluster::lease_book);
    // The game's end stores its results and moves the ratings in the same transaction.
    let results: Arc<dyn store::AtGameEnd> = Arc::new(ratings::finish::ResultsAtGameEnd);
    let store =
        store::Store::open_for_room(&config.database, config.sqlite_sync, fence, Some(results))
            .await?;
    let next_id = store.max_table_id().await?;
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let next_conn = Arc::new(AtomicU64::new(1));
    let cluster = match &config.cluster {
        Some(c) => {
            let url = config
                .public_urls
                .first()
                .cloned()
                .unwrap_or_else(|| format!("http://{addr}"));
            Some(cluster::Cluster::connect(c.clone(), url, store.clone(), next_conn.clone()).await?)
        }
        None => None,
    };
    let tables = Arc::new(table_config(&config));
    // A single room lets turn-based tables nobody plays leave memory (a cluster keeps them).
    let sleep = match (&cluster, config.sleep_after) {
        (None, Some(after)) => Some(sleep::Sleep::start(after)),
        _ => None,
    };
    let open: handles::OpenTable = {
        let (store, config, sleep) = (store.clone(), tables.clone(), sleep.clone());
        match cluster.clone() {
            None => Arc::new(move |new| {
                table::Table::open(new, store.clone(), config.clone(), sleep.clone())
            }),
            Some(cl) => Arc::new(move |mut new| {
                let (id, lobby) = cl.open()?;
                new.id = id;
                new.lobby = lobby;
                let creator = new.conn.clone();
                match table::Table::open(new, store.clone(), config.clone(), None) {
                    Ok(actor) => Ok(cl.run_here(id, actor, Some(creator))),
                    Err(r) => {
                        cl.not_opened(id);
                        Err(r)
                    }
                }
            }),
        }
    };
    // Links in mails point at the room's first public URL, else at the address it listens on.
    let mailer = match &config.mail {
        Some(m) => {
            let base = config
                .public_urls
                .first()
                .cloned()
                .unwrap_or_else(|| format!("http://{addr}"));
            let mailer = mail::Mailer::new(m, &base)?;
            tokio::spawn(mail::digest::task(store.pool().clone(), mailer.clone()));
            Some(mailer)
        }
        None => None,
    };
    let peers = cluster.clone().map(|c| c as Arc<dyn handles::LobbyPeers>);
    let notifier = notify::Notifier {
        store: store.clone(),
        vapid: config.vapid.clone(),
        mailer: mailer.clone(),
    };
    let lobby = lobby::Lobby::spawn_with(
        next_id,
        open,
        config.limits.tables_per_identity,
        peers,
        Some(notifier),
        (*tables).clone(),
    );
    // The ladder pairs the bots that opted in, every `ladder_every`.
    if !config.ladder_every.is_zero() {
        let (pool, every) = (store.pool().clone(), config.ladder_every);
        tokio::spawn(lobby::ladder_ticks(lobby.clone(), pool, every));
    }
    match &cluster {
        Some(cl) => {
            let (store, config) = (store.clone(), tables.clone());
            let restore: cluster::RestoreTable = Arc::new(move |stored, lobby, router| {
                let t =
                    table::Table::restore(stored, store.clone(), lobby.clone(), config.clone())?;
                Ok(start_restored(t, &lobby, Some(router), None))
            });
            cl.start(lobby.clone(), restore).await?;
        }
        None => {
            if let Some(s) = &sleep {
                s.loads_with(table::Table::loader(
                    store.clone(),
                    lobby.clone(),
                    tables.clone(),
                    Arc::downgrade(s),
                ));
            }
            restore_all(&store, &lobby, &config, &tables, sleep.as_ref()).await?
        }
    }
    // The tournaments this node runs (in a cluster: those whose lease it holds).
    let tournaments = tournaments::Tournaments::spawn(tournaments::TournamentsConfig {
        pool: store.pool().clone(),
        lobby: lobby.clone(),
        node: config
            .cluster
            .as_ref()
            .map_or_else(|| "local".to_owned(), |c| c.node.clone()),
        lease: config
            .cluster
            .as_ref()
            .map_or(Duration::from_secs(10), |c| c.lease),
        tick: config.tournament_tick,
        tables: tables.clone(),
    });
    let state = AppState {
        tournaments: tournaments.clone(),
        lobby,
        store: store.clone(),
        config: config.clone(),
        next_conn,
        addrs: addr::AddrLimits::new(&config.limits),
        origins: Arc::new(http::allowed_origins(&config, addr)),
        cluster,
        analysis: analysis::AnalysisQueue::start(store.clone()),
        sessions: shutdown::Sessions::new(),
        mailer,
    };
    let sessions = state.sessions.clone();
    let cluster_part = state.cluster.clone();
    // Expired sessions end, and so do their connections.
    tokio::spawn(session_end::sweep(
        state.clone(),
        config.limits.session_sweep,
    ));
    // Each connection knows its client's address (for the limits per address).
    let app = http::router(state).into_make_service_with_connect_info::<SocketAddr>();
    let (shutdown, rx) = tokio::sync::oneshot::channel::<()>();
    // Frames go out as they are written (no Nagle delay behind an unacknowledged one).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!("TCP_NODELAY: {e}");
        }
    });
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
        sessions,
        cluster: cluster_part,
        tournaments,
    })
}

/// What the room's tables take from the server's settings.
pub(crate) fn table_config(config: &Config) -> nimmt_room::TableConfig {
    nimmt_room::TableConfig {
        bot_delay: config.bot_delay,
        reconnect: config.reconnect,
        abandoned_close_after: config.abandoned_close_after,
        game_data: config.game_data.clone(),
        fault: None,
    }
}

/// A single node: every unfinished table restored from its log.
async fn restore_all(
    store: &store::Store,
    lobby: &LobbyHandle,
    config: &Arc<Config>,
    tables_config: &Arc<nimmt_room::TableConfig>,
    sleep: Option<&Arc<sleep::Sleep>>,
) -> anyhow::Result<()> {
    let (mut restored, mut asleep) = (0, 0);
    // One table at a time: a room of many turn-based tables never holds them all at once.
    let ids = store.open_table_ids().await?;
    // Games that ended lately wait for their players who were away at the end.
    let finished = store.finished_tables(config.abandoned_close_after).await?;
    for id in ids {
        let stored = match store.open_table(id).await? {
            Some(s) => s,
            None => continue,
        };
        let t = match table::Table::restore(
            stored,
            store.clone(),
            lobby.clone(),
            tables_config.clone(),
        ) {
            Ok(t) => t,
            Err(e) => {
                tracing::error!("table {id} cannot be restored: {e}");
                continue;
            }
        };
        restored += 1;
        let Some(s) = sleep else {
            start_restored(t, lobby, None, None);
            continue;
        };
        match t.settle(s).await {
            Ok((handle, news)) => {
                lobby.send(handles::LobbyCmd::Adopt { handle, news });
                asleep += 1;
            }
            Err(t) => {
                start_restored(t, lobby, None, Some(s.clone()));
            }
        }
    }
    for stored in finished {
        let id = stored.id;
        match table::Table::restore(stored, store.clone(), lobby.clone(), tables_config.clone()) {
            Ok(t) => {
                start_restored(t, lobby, None, None);
                restored += 1;
            }
            Err(e) => tracing::error!("table {id} cannot be restored: {e}"),
        }
    }
    if restored > 0 {
        tracing::info!(
            "restored {restored} tables ({asleep} of them asleep until their next input)"
        );
    }
    Ok(())
}
