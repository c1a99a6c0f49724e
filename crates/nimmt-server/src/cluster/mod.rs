//! One room on many nodes: every node runs a lobby and the tables it owns; the nodes share one
//! PostgreSQL database (the tables, their logs and the leases saying who owns which table) and
//! one NATS server (commands to a table's owner, frames to connections on other nodes, lobby
//! news). `docs/cluster.md` has the design.
//!
//! - [`bus`]: subjects and what travels under them, and other nodes' connections as tables
//!   here hold them;
//! - [`router`]: the handle in front of each table that sends commands where it runs;
//! - `crate::lease`: the leases and the fencing of every write.
//!
//! The cluster reaches the table code only through [`Hooks`] (built in `lib.rs`), so it
//! imports neither the lobby nor the table actor.

pub mod bus;
pub mod router;

use crate::conn::{Conn, Frame, Refusal};
use crate::handles::{LobbyCmd, LobbyHandle, LobbyPeers, PeerNews, TableCmd, TableHandle};
use crate::lease::{self, LeaseBook};
use crate::moderation::sanctions::Kind;
use crate::store::{Store, StoredTable};
use bus::{News, Outgoing, RemoteConns, Subjects, WireCmd};
use futures_util::StreamExt;
use nimmt_protocol::{ErrorCode, PlayerId, TableId, TableInfo};
use router::{Control, LocalConns, Reach};
use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How a node joins a cluster (`nimmt serve --cluster nats://… --node-name N`).
#[derive(Clone, Debug)]
pub struct ClusterConfig {
    /// The NATS server, `nats://HOST:PORT`.
    pub nats: String,
    /// This node's name: letters, digits, `-` and `_`, unique in the cluster.
    pub node: String,
    /// The first part of every subject (several clusters may share one NATS server).
    pub prefix: String,
    /// How long a lease lasts unless renewed: a dead node's tables move after about this long.
    pub lease: Duration,
}

impl ClusterConfig {
    pub fn new(nats: &str, node: &str) -> ClusterConfig {
        ClusterConfig {
            nats: nats.to_owned(),
            node: node.to_owned(),
            prefix: "nimmt".to_owned(),
            lease: Duration::from_secs(3),
        }
    }

    /// Checks the node name and prefix (they are parts of NATS subjects).
    pub fn check(&self) -> anyhow::Result<()> {
        let ok = |s: &str| {
            !s.is_empty()
                && s.len() <= 64
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        };
        if !ok(&self.node) {
            anyhow::bail!(
                "node name {:?}: expected 1–64 letters, digits, - or _",
                self.node
            );
        }
        if !self.prefix.split('.').all(ok) {
            anyhow::bail!(
                "cluster prefix {:?}: expected words joined by dots",
                self.prefix
            );
        }
        if self.lease < Duration::from_millis(300) {
            anyhow::bail!("the lease must last at least 300 ms");
        }
        Ok(())
    }
}

/// Rebuilds a stored table for this node: `(stored, the table's lobby handle, the router
/// handle)`; tells the lobby of the table (as `Adopt`, through the table's lobby handle) and
/// starts its actor.
pub type RestoreTable =
    Arc<dyn Fn(StoredTable, LobbyHandle, TableHandle) -> anyhow::Result<TableHandle> + Send + Sync>;

/// A table this node runs.
struct Owned {
    /// The last news of it, for nodes that join later.
    news: Option<(TableInfo, Vec<PlayerId>, Option<PlayerId>)>,
    /// Takes the commands other nodes send it.
    inbox: tokio::task::JoinHandle<()>,
}

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
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Table numbers reserved at a time (the sequence's increment).
const ID_BLOCK: u64 = 32;

/// The table numbers a node holds: the block it gives out from and a spare block, reserved
/// ahead so that a burst of new tables does not wait for (or fail on) a database round trip.
struct TableIds {
    /// The next number, and the end of its block.
    next: u64,
    end: u64,
    spare: Option<u64>,
    /// A spare block is being reserved.
    reserving: bool,
}

impl Cluster {
    /// The leases of a node named `node` (a new holder each start, so a restarted node never
    /// mistakes its former leases for its own).
    pub fn lease_book(config: &ClusterConfig) -> Arc<LeaseBook> {
        let holder = format!("{}/{}", config.node, hex::encode(rand::random::<[u8; 4]>()));
        Arc::new(LeaseBook::new(&holder, config.lease))
    }

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
            ids: Mutex::new(TableIds {
                next: first,
                end: first + ID_BLOCK,
                spare: None,
                reserving: false,
            }),
            news,
            lobby: OnceLock::new(),
            restore: OnceLock::new(),
            renewed: Mutex::new(None),
            others: Mutex::new(Vec::new()),
            events: Mutex::new(Some(events)),
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

    /// A number for a new table (from this node's reserved blocks); `None` only if both
    /// blocks ran out before the database gave a new one.
    fn next_id(self: &Arc<Self>) -> Option<TableId> {
        let mut ids = lock(&self.ids);
        if ids.next >= ids.end {
            let first = ids.spare.take()?;
            ids.next = first;
            ids.end = first + ID_BLOCK;
        }
        let id = ids.next;
        ids.next += 1;
        drop(ids);
        self.reserve_spare();
        Some(id)
    }

    /// Reserves a spare block of table numbers unless one is held or on its way.
    fn reserve_spare(self: &Arc<Self>) {
        let mut ids = lock(&self.ids);
        if ids.spare.is_some() || ids.reserving {
            return;
        }
        ids.reserving = true;
        let me = self.clone();
        tokio::spawn(async move {
            let reserved = lease::reserve_ids(me.store.pool()).await;
            let mut ids = lock(&me.ids);
            ids.reserving = false;
            match reserved {
                Ok(first) => ids.spare = Some(first),
                Err(e) => tracing::warn!("cannot reserve table numbers: {e}"),
            }
        });
    }

    /// The lobby handle a table of this node reports to: what it says reaches the lobby only
    /// while this node holds its lease (a table that lost it says nothing more).
    pub fn table_lobby(self: &Arc<Self>, id: TableId) -> LobbyHandle {
        let (handle, mut rx) = LobbyHandle::channel();
        let me = self.clone();
        tokio::spawn(async move {
            while let Some(cmd) = rx.recv().await {
                if me.book.get(id).is_some() {
                    me.lobby().send(cmd);
                }
            }
        });
        handle
    }

    /// Prepares a new table: its number and its lease (written with its first write). Returns
    /// the number and the lobby handle the table reports to.
    pub fn open(self: &Arc<Self>) -> Result<(TableId, LobbyHandle), Refusal> {
        let id = self
            .next_id()
            .ok_or_else(|| Refusal::new(ErrorCode::Storage))?;
        self.book.reserve(id);
        Ok((id, self.table_lobby(id)))
    }

    /// A new table could not open: its lease goes.
    pub fn not_opened(&self, id: TableId) {
        self.book.forget(id);
    }

    /// This node runs table `id` with `actor`: other nodes' commands reach it, and so do this
    /// node's. `creator`: the connection that opened it here. Returns the handle to give out.
    pub fn run_here(
        self: &Arc<Self>,
        id: TableId,
        actor: TableHandle,
        creator: Option<Conn>,
    ) -> TableHandle {
        let handle = self.router(id);
        let me = self.clone();
        let subject = self.subjects.table(id);
        let inbox_actor = actor.clone();
        let inbox = tokio::spawn(async move {
            let mut sub = match me.client.subscribe(subject).await {
                Ok(s) => s,
                Err(e) => {
                    tracing::warn!("table {id}: cannot take commands from other nodes: {e}");
                    return;
                }
            };
            me.tell(News::Owner {
                node: me.node().to_owned(),
                table: id,
            });
            while let Some(m) = sub.next().await {
                let cmd = serde_json::from_slice::<WireCmd>(&m.payload);
                if let Ok(WireCmd::Record) = cmd {
                    let (reply, rx) = tokio::sync::oneshot::channel();
                    let answer = match inbox_actor.send(TableCmd::Record { reply }).await {
                        true => rx.await.ok(),
                        false => None,
                    };
                    if let (Some(to), Some(r)) = (m.reply, answer) {
                        let payload = serde_json::to_vec(&r).expect("records serialize");
                        let _ = me.client.publish(to, payload.into()).await;
                    }
                    continue;
                }
                if let Ok(WireCmd::Moderate { act }) = cmd {
                    let (reply, rx) = tokio::sync::oneshot::channel();
                    let answer = match inbox_actor.send(TableCmd::Moderate { act, reply }).await {
                        true => rx.await.ok(),
                        false => None,
                    };
                    if let (Some(to), Some(o)) = (m.reply, answer) {
                        let payload = serde_json::to_vec(&o).expect("outcomes serialize");
                        let _ = me.client.publish(to, payload.into()).await;
                    }
                    continue;
                }
                let answer: &'static [u8] = match cmd {
                    Ok(cmd) => match me.remote.command(id, cmd) {
                        Some(cmd) => {
                            if inbox_actor.send(cmd).await {
                                b"ok"
                            } else {
                                b"gone"
                            }
                        }
                        None => b"ok",
                    },
                    Err(e) => {
                        tracing::warn!("table {id}: unreadable command from another node: {e}");
                        b"ok"
                    }
                };
                if let Some(reply) = m.reply {
                    let _ = me.client.publish(reply, answer.into()).await;
                }
            }
        });
        let old = lock(&self.owned).insert(id, Owned { news: None, inbox });
        if let Some(old) = old {
            old.inbox.abort();
        }
        self.control(id, Control::Local { actor, creator });
        handle
    }

    /// This node lost table `id` (its lease): the actor stops, the connections are told.
    fn retire(&self, id: TableId) {
        self.book.forget(id);
        if let Some(o) = lock(&self.owned).remove(&id) {
            o.inbox.abort();
            tracing::warn!("table {id}: lease lost, this node stops running it");
            // The members on other nodes hear it now, not at their next move.
            self.tell(News::Lost {
                node: self.node().to_owned(),
                table: id,
            });
        }
        self.control(id, Control::Lost);
    }

    /// Takes over a table whose lease has expired: rebuilt from the database log.
    async fn take_over(self: &Arc<Self>, id: TableId) -> anyhow::Result<()> {
        let Some(stored) = self.store.open_table(id).await? else {
            lease::LeaseBook::release(&self.book, self.store.pool(), id).await?;
            return Ok(());
        };
        let handle = self.router(id);
        let restore = self.restore.get().expect("the cluster has started");
        match restore(stored, self.table_lobby(id), handle) {
            Ok(actor) => {
                tracing::info!("table {id}: taken over by {}", self.node());
                self.run_here(id, actor, None);
                Ok(())
            }
            Err(e) => {
                self.book.forget(id);
                Err(e)
            }
        }
    }

    /// Renews the leases and gives up those it can no longer prove; beside it, takes over the
    /// tables nobody holds (a slow takeover never delays a renewal).
    async fn keep_leases(self: Arc<Self>) {
        tokio::spawn(self.clone().adopt_orphans());
        let ttl = self.config.lease;
        let mut tick = tokio::time::interval(ttl / 3);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if self.nats_connected() {
                // The database's deadline counts from the statement: so does this node's.
                let asked = Instant::now();
                match tokio::time::timeout(ttl / 2, self.book.renew(self.store.pool())).await {
                    Ok(Ok(lost)) => {
                        *lock(&self.renewed) = Some(asked);
                        for id in lost {
                            self.retire(id);
                        }
                    }
                    Ok(Err(e)) => tracing::warn!("cannot renew leases: {e}"),
                    Err(_) => tracing::warn!("renewing the leases takes too long"),
                }
            }
            // A lease not renewed for its whole length may be someone else's by now.
            if !self.leases_fresh() {
                for (id, _) in self.book.tables() {
                    self.retire(id);
                }
            }
        }
    }

    /// Notes this node alive, learns the others, and takes over tables whose lease ran out.
    async fn adopt_orphans(self: Arc<Self>) {
        let ttl = self.config.lease;
        let pool = self.store.pool();
        let mut tick = tokio::time::interval(ttl / 3);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            // Only a node that can prove its own leases (and hears the others) takes more.
            if !self.leases_fresh() || !self.nats_connected() {
                continue;
            }
            let _ =
                tokio::time::timeout(ttl / 2, lease::heartbeat(pool, self.node(), &self.url)).await;
            if let Ok(Ok(nodes)) = tokio::time::timeout(ttl / 2, self.status()).await {
                *lock(&self.others) = nodes
                    .iter()
                    .filter(|n| n.name != self.node() && n.seen_ms_ago < ttl.as_millis() as i64)
                    .filter_map(|n| socket_url(&n.url))
                    .collect();
            }
            let orphans = match lease::orphans(pool).await {
                Ok(o) => o,
                Err(e) => {
                    tracing::warn!("cannot look for tables to take over: {e}");
                    continue;
                }
            };
            for id in orphans {
                match self.book.acquire(pool, id).await {
                    Ok(Some(_)) => {
                        if let Err(e) = self.take_over(id).await {
                            tracing::error!("table {id} cannot be taken over: {e}");
                        }
                    }
                    Ok(None) => {}
                    Err(e) => tracing::warn!("table {id}: cannot take its lease: {e}"),
                }
            }
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

    /// Whether this node can prove it holds its leases now.
    pub fn leases_fresh(&self) -> bool {
        lock(&self.renewed).is_some_and(|t| t.elapsed() < self.config.lease)
    }

    /// The WebSocket URLs of the other nodes seen alive lately (for the welcome).
    pub fn other_nodes(&self) -> Vec<String> {
        lock(&self.others).clone()
    }

    pub fn nats_connected(&self) -> bool {
        self.client.connection_state() == async_nats::connection::State::Connected
    }

    /// An operator of this node banned `player`: the other nodes close their connections.
    pub fn banned(&self, player: &PlayerId) {
        self.tell(News::Banned {
            node: self.node().to_owned(),
            player: player.clone(),
        });
    }

    /// Tables this node runs.
    pub fn owned(&self) -> usize {
        lock(&self.owned).len()
    }

    /// The nodes of the cluster with their tables and leases.
    pub async fn status(&self) -> anyhow::Result<Vec<lease::NodeStatus>> {
        Ok(lease::status(self.store.pool(), self.config.lease * 10).await?)
    }

    async fn hear_news(self: Arc<Self>, mut sub: async_nats::Subscriber) {
        while let Some(m) = sub.next().await {
            let news: News = match serde_json::from_slice(&m.payload) {
                Ok(n) => n,
                Err(e) => {
                    tracing::warn!("unreadable cluster news: {e}");
                    continue;
                }
            };
            if news.node() == self.node() {
                continue;
            }
            self.heard(news);
        }
    }

    fn heard(self: &Arc<Self>, news: News) {
        match news {
            News::Hello { .. } => {
                let owned: Vec<_> = lock(&self.owned)
                    .values()
                    .filter_map(|o| o.news.clone())
                    .collect();
                for (info, players, host) in owned {
                    self.tell(News::Changed {
                        node: self.node().to_owned(),
                        info,
                        players,
                        host,
                    });
                }
            }
            News::Changed {
                info,
                players,
                host,
                ..
            } => {
                if self.book.get(info.id).is_some() {
                    return; // A late word from the table's former owner.
                }
                let handle = self.router(info.id);
                self.lobby().send(LobbyCmd::Peer(PeerNews::Changed {
                    handle,
                    info,
                    players,
                    host,
                }));
            }
            News::Closed { id, .. } => {
                if self.book.get(id).is_some() {
                    return;
                }
                self.lobby().send(LobbyCmd::Peer(PeerNews::Closed { id }));
                if let Some(r) = lock(&self.routers).remove(&id) {
                    let _ = r.control.send(Control::Gone);
                }
            }
            News::Chat {
                from, text, player, ..
            } => {
                // Whoever muted the speaker does not get the line, here either.
                let (store, lobby) = (self.store.clone(), self.lobby().clone());
                tokio::spawn(async move {
                    let hidden_from = match &player {
                        Some(p) => crate::moderation::mutes::muting(store.pool(), p)
                            .await
                            .unwrap_or_default(),
                        None => Default::default(),
                    };
                    lobby.send(LobbyCmd::Peer(PeerNews::Chat {
                        from,
                        text,
                        player,
                        hidden_from,
                    }));
                });
            }
            News::Lost { table, .. } => self.control(table, Control::OwnerLost),
            News::Online { node, player, at } => {
                let wins_tie = node.as_str() > self.node();
                self.lobby().send(LobbyCmd::Peer(PeerNews::Online {
                    player,
                    at,
                    wins_tie,
                }));
            }
            News::Banned { player, .. } => {
                // The ban as stored (its end and reason), for the refusal the connection gets.
                let (store, lobby) = (self.store.clone(), self.lobby().clone());
                tokio::spawn(async move {
                    let pool = store.pool();
                    let ban = crate::moderation::sanctions::in_force(pool, &player, Kind::Ban);
                    if let Ok(Some(ban)) = ban.await {
                        let refusal = ban.refusal();
                        lobby.send(LobbyCmd::Banned { player, refusal });
                    }
                });
            }
            News::Owner { table, .. } => {
                if self.book.get(table).is_some() {
                    self.retire(table);
                }
                self.router(table);
                self.control(table, Control::Moved);
            }
        }
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

impl LobbyPeers for Cluster {
    fn changed(&self, info: &TableInfo, players: &[PlayerId], host: Option<&PlayerId>) {
        let news = (info.clone(), players.to_vec(), host.cloned());
        if let Some(o) = lock(&self.owned).get_mut(&info.id) {
            o.news = Some(news.clone());
        }
        self.tell(News::Changed {
            node: self.node().to_owned(),
            info: news.0,
            players: news.1,
            host: news.2,
        });
    }

    fn closed(&self, id: TableId) {
        self.tell(News::Closed {
            node: self.node().to_owned(),
            id,
        });
        if let Some(o) = lock(&self.owned).remove(&id) {
            o.inbox.abort();
        }
        if let Some(r) = lock(&self.routers).remove(&id) {
            let _ = r.control.send(Control::Gone);
        }
        let (book, pool) = (self.book.clone(), self.store.pool().clone());
        tokio::spawn(async move {
            if let Err(e) = book.release(&pool, id).await {
                tracing::warn!("table {id}: cannot give up its lease: {e}");
            }
        });
    }

    fn chat(&self, from: &str, player: &PlayerId, text: &str) {
        self.tell(News::Chat {
            node: self.node().to_owned(),
            from: from.to_owned(),
            player: Some(player.clone()),
            text: text.to_owned(),
        });
    }

    fn online(&self, player: &PlayerId, at: u64) {
        self.tell(News::Online {
            node: self.node().to_owned(),
            player: player.clone(),
            at,
        });
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

/// Publishes the news in the order it was told.
async fn publish_news(
    client: async_nats::Client,
    subject: String,
    mut rx: mpsc::UnboundedReceiver<News>,
) {
    while let Some(news) = rx.recv().await {
        let payload = serde_json::to_vec(&news).expect("news serializes");
        if let Err(e) = client.publish(subject.clone(), payload.into()).await {
            tracing::warn!("cannot publish cluster news: {e}");
        }
    }
}
