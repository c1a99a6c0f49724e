//! One room on many nodes: every node runs a lobby and the tables it owns; the nodes share one
//! PostgreSQL database (the tables, their logs and the leases saying who owns which table) and
//! one NATS server (commands to a table's owner, frames to connections on other nodes, lobby
//! news). `docs/cluster.md` has the design.
//!
//! - [`bus`]: subjects and what travels under them, and other nodes' connections as tables
//!   here hold them;
//! - [`router`]: the handle in front of each table that sends commands where it runs;
//! - `config`: how a node joins ([`ClusterConfig`]);
//! - `ownership`: the tables this node runs, their numbers and leases, takeovers;
//! - `handover`: a stopping node gives its tables to the others;
//! - `peer_news`: the news the nodes tell each other, heard and passed on to the lobby;
//! - `crate::lease`: the leases and the fencing of every write.
//!
//! The cluster reaches the table code only through [`Hooks`] (built in `lib.rs`), so it
//! imports neither the lobby nor the table actor.

pub mod bus;
mod config;
mod handover;
mod ownership;
mod peer_news;
pub mod router;

pub use config::ClusterConfig;
pub use ownership::RestoreTable;

use crate::conn::{Conn, Frame};
use crate::handles::{LobbyHandle, TableHandle};
use crate::lease::{self, LeaseBook};
use crate::store::Store;
use bus::{News, Outgoing, RemoteConns, Subjects};
use futures_util::StreamExt;
use nimmt_protocol::TableId;
use ownership::{Owned, TableIds};
use peer_news::publish_news;
use router::{Control, LocalConns, Reach};
use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

struct Routed {
    handle: TableHandle,
    control: mpsc::UnboundedSender<Control>,
}

/// This node's part of the cluster.
pub struct Cluster {
    config: ClusterConfig,
    url: String,
    client: async_nats::Client,
    subjects: Subjects,
    book: Arc<LeaseBook>,
    store: Store,
    remote: RemoteConns,
    conns: LocalConns,
    routers: Mutex<HashMap<TableId, Routed>>,
    owned: Mutex<HashMap<TableId, Owned>>,
    /// Table numbers reserved for this node.
    ids: Mutex<TableIds>,
    news: mpsc::UnboundedSender<News>,
    lobby: OnceLock<LobbyHandle>,
    restore: OnceLock<RestoreTable>,
    /// When the leases were last renewed.
    renewed: Mutex<Option<Instant>>,
    /// The WebSocket URLs of the other live nodes.
    others: Mutex<Vec<String>>,
    /// The NATS connection's events (taken by `start`).
    events: Mutex<Option<mpsc::UnboundedReceiver<async_nats::Event>>>,
    /// Look for tables to take over now (another node handed its tables over).
    scan_now: tokio::sync::Notify,
    /// This node is stopping: it takes over no more tables.
    leaving: std::sync::atomic::AtomicBool,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Cluster {
    /// Connects to NATS. `store` must have been opened with `book` as its fence; `url` is
    /// this node's public address, `next_conn` numbers its connections.
    pub async fn connect(
        config: ClusterConfig,
        url: String,
        store: Store,
        next_conn: Arc<AtomicU64>,
    ) -> anyhow::Result<Arc<Cluster>> {
        config.check()?;
        let book = store
            .fence()
            .cloned()
            .ok_or_else(|| anyhow::anyhow!("the store has no lease fence"))?;
        let (events_tx, events) = mpsc::unbounded_channel();
        let client = async_nats::ConnectOptions::new()
            .name(format!("nimmt {}", config.node))
            .event_callback(move |event| {
                let _ = events_tx.send(event);
                async {}
            })
            .connection_timeout(Duration::from_secs(5))
            .connect(config.nats.as_str())
            .await
            .map_err(|e| anyhow::anyhow!("cannot reach NATS at {}: {e}", config.nats))?;
        let subjects = Subjects::new(&config.prefix);
        let (news, news_rx) = mpsc::unbounded_channel();
        let first = lease::reserve_ids(store.pool()).await?;
        let cluster = Arc::new(Cluster {
            remote: RemoteConns::new(client.clone(), subjects.clone(), next_conn),
            url,
            client,
            subjects,
            book,
            store,
            conns: Arc::new(Mutex::new(HashMap::new())),
            routers: Mutex::new(HashMap::new()),
            owned: Mutex::new(HashMap::new()),
            ids: Mutex::new(TableIds::starting_at(first)),
            news,
            lobby: OnceLock::new(),
            restore: OnceLock::new(),
            renewed: Mutex::new(None),
            others: Mutex::new(Vec::new()),
            events: Mutex::new(Some(events)),
            scan_now: tokio::sync::Notify::new(),
            leaving: std::sync::atomic::AtomicBool::new(false),
            config,
        });
        tokio::spawn(publish_news(
            cluster.client.clone(),
            cluster.subjects.news(),
            news_rx,
        ));
        cluster.reserve_spare();
        Ok(cluster)
    }

    pub fn node(&self) -> &str {
        &self.config.node
    }

    /// Starts taking part: listens to the news and to frames for this node's connections,
    /// says hello, and keeps the leases (taking over tables nobody holds).
    pub async fn start(
        self: &Arc<Self>,
        lobby: LobbyHandle,
        restore: RestoreTable,
    ) -> anyhow::Result<()> {
        let _ = self.lobby.set(lobby);
        let _ = self.restore.set(restore);
        let news = self.client.subscribe(self.subjects.news()).await?;
        let frames = self
            .client
            .subscribe(self.subjects.conns(self.node()))
            .await?;
        tokio::spawn(self.clone().hear_news(news));
        tokio::spawn(self.clone().deliver(frames));
        if let Some(events) = lock(&self.events).take() {
            tokio::spawn(self.clone().watch_link(events));
        }
        lease::heartbeat(self.store.pool(), self.node(), &self.url).await?;
        self.tell(News::Hello {
            node: self.node().to_owned(),
        });
        tokio::spawn(self.clone().keep_leases());
        Ok(())
    }

    fn lobby(&self) -> &LobbyHandle {
        self.lobby.get().expect("the cluster has started")
    }

    fn tell(&self, news: News) {
        let _ = self.news.send(news);
    }

    fn reach(&self) -> Reach {
        Reach {
            node: self.node().to_owned(),
            client: self.client.clone(),
            subjects: self.subjects.clone(),
            conns: self.conns.clone(),
        }
    }

    /// The router of table `id` (started on first use).
    fn router(&self, id: TableId) -> TableHandle {
        let mut routers = lock(&self.routers);
        if let Some(r) = routers.get(&id) {
            return r.handle.clone();
        }
        let (handle, control) = router::spawn(id, self.reach());
        routers.insert(
            id,
            Routed {
                handle: handle.clone(),
                control,
            },
        );
        handle
    }

    fn control(&self, id: TableId, c: Control) {
        if let Some(r) = lock(&self.routers).get(&id) {
            let _ = r.control.send(c);
        }
    }

    /// Follows the NATS connection: once it is back after a drop, this node catches up on
    /// what it missed meanwhile (see [`Cluster::rejoin`]).
    async fn watch_link(self: Arc<Self>, mut events: mpsc::UnboundedReceiver<async_nats::Event>) {
        let mut dropped = false;
        while let Some(event) = events.recv().await {
            match event {
                async_nats::Event::Disconnected => {
                    tracing::warn!("{}: the NATS connection dropped", self.node());
                    dropped = true;
                }
                async_nats::Event::Connected if dropped => {
                    dropped = false;
                    tracing::info!("{}: the NATS connection is back", self.node());
                    let me = self.clone();
                    tokio::spawn(async move {
                        if let Err(e) = me.rejoin().await {
                            tracing::warn!(
                                "cannot catch up after the NATS connection was back: {e}"
                            );
                        }
                    });
                }
                _ => {}
            }
        }
    }

    /// Catches up after a NATS cut: the other nodes tell their tables again (as to a node that
    /// just joined); the tables this lobby lists of other nodes that have closed meanwhile
    /// (their lease is gone from the database) go; and this node's connections at other nodes'
    /// tables attach again, so each gets a full state (their frames of the cut were lost).
    async fn rejoin(self: &Arc<Self>) -> anyhow::Result<()> {
        self.tell(News::Hello {
            node: self.node().to_owned(),
        });
        // Listed before the leases are read: a table listed here has written its lease (a
        // table tells the lobby of itself only after its first commit), so a listed table
        // without a lease has closed.
        let listed = self.lobby().list().await;
        let leased: std::collections::HashSet<TableId> = lease::leased(self.store.pool())
            .await?
            .into_iter()
            .collect();
        for info in listed {
            if !leased.contains(&info.id) && self.book.get(info.id).is_none() {
                self.heard(News::Closed {
                    node: String::new(),
                    id: info.id,
                });
            }
        }
        let routers: Vec<TableId> = lock(&self.routers).keys().copied().collect();
        for id in routers {
            if self.book.get(id).is_none() {
                self.control(id, Control::Moved);
            }
        }
        Ok(())
    }

    /// The WebSocket URLs of the other nodes seen alive lately (for the welcome).
    pub fn other_nodes(&self) -> Vec<String> {
        lock(&self.others).clone()
    }

    pub fn nats_connected(&self) -> bool {
        self.client.connection_state() == async_nats::connection::State::Connected
    }

    /// Frames other nodes send to this node's connections.
    async fn deliver(self: Arc<Self>, mut sub: async_nats::Subscriber) {
        while let Some(m) = sub.next().await {
            let Some(id) = m
                .subject
                .rsplit('.')
                .next()
                .and_then(|s| s.parse::<u64>().ok())
            else {
                continue;
            };
            let Some(conn): Option<Conn> = lock(&self.conns).get(&id).cloned() else {
                continue;
            };
            match Outgoing::decode(&m.payload) {
                Some(Outgoing::Frame(f)) => conn.send_frame(Frame::from(f)),
                Some(Outgoing::Close(reason)) => conn.close_for(reason),
                None => {}
            }
        }
    }
}

/// The WebSocket URL of a node's public URL (`https://h` → `wss://h/ws`).
fn socket_url(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let ws = match scheme {
        "http" => "ws",
        "https" => "wss",
        _ => return None,
    };
    Some(format!("{ws}://{}/ws", rest.trim_end_matches('/')))
}
