//! Which tables this node runs: the numbers it gives new tables, the leases it holds and
//! renews, the tables it opens, takes over from a dead node or gives up, and the commands other
//! nodes send the tables it runs.

use super::bus::{News, WireCmd};
use super::router::Control;
use super::{lock, socket_url, Cluster, ClusterConfig};
use crate::conn::{Conn, Refusal};
use crate::handles::{LobbyHandle, TableCmd, TableHandle};
use crate::lease::{self, LeaseBook};
use crate::store::StoredTable;
use futures_util::StreamExt;
use nimmt_protocol::{ErrorCode, TableId};
use std::sync::Arc;
use std::time::Instant;

/// Rebuilds a stored table for this node: `(stored, the table's lobby handle, the router
/// handle)`; tells the lobby of the table (as `Adopt`, through the table's lobby handle) and
/// starts its actor.
pub type RestoreTable =
    Arc<dyn Fn(StoredTable, LobbyHandle, TableHandle) -> anyhow::Result<TableHandle> + Send + Sync>;

/// A table this node runs.
pub(super) struct Owned {
    /// The last news of it, for nodes that join later.
    pub(super) news: Option<nimmt_room::table::TableNews>,
    /// Takes the commands other nodes send it.
    pub(super) inbox: tokio::task::JoinHandle<()>,
}

/// Tables a node takes over at the same time.
const TAKEOVERS_AT_ONCE: usize = 8;

/// Table numbers reserved at a time (the sequence's increment).
const ID_BLOCK: u64 = 32;

/// The table numbers a node holds: the block it gives out from and a spare block, reserved
/// ahead so that a burst of new tables does not wait for (or fail on) a database round trip.
pub(super) struct TableIds {
    /// The next number, and the end of its block.
    next: u64,
    end: u64,
    spare: Option<u64>,
    /// A spare block is being reserved.
    reserving: bool,
}

impl TableIds {
    /// The numbers of the block that starts at `first`, no spare yet.
    pub(super) fn starting_at(first: u64) -> TableIds {
        TableIds {
            next: first,
            end: first + ID_BLOCK,
            spare: None,
            reserving: false,
        }
    }
}

impl Cluster {
    /// The leases of a node named `node` (a new holder each start, so a restarted node never
    /// mistakes its former leases for its own).
    pub fn lease_book(config: &ClusterConfig) -> Arc<LeaseBook> {
        let holder = format!("{}/{}", config.node, hex::encode(rand::random::<[u8; 4]>()));
        Arc::new(LeaseBook::new(&holder, config.lease))
    }

    /// A number for a new table (from this node's reserved blocks); `None` only if both
    /// blocks ran out before the database gave a new one.
    pub(super) fn next_id(self: &Arc<Self>) -> Option<TableId> {
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
    pub(super) fn reserve_spare(self: &Arc<Self>) {
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
    pub(super) fn retire(&self, id: TableId) {
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
    pub(super) async fn take_over(self: &Arc<Self>, id: TableId) -> anyhow::Result<()> {
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
    pub(super) async fn keep_leases(self: Arc<Self>) {
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
    pub(super) async fn adopt_orphans(self: Arc<Self>) {
        let ttl = self.config.lease;
        let pool = self.store.pool();
        let mut tick = tokio::time::interval(ttl / 3);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = self.scan_now.notified() => {}
            }
            // Only a node that can prove its own leases (and hears the others) takes more;
            // a node that is stopping takes none.
            if !self.leases_fresh()
                || !self.nats_connected()
                || self.leaving.load(std::sync::atomic::Ordering::Acquire)
            {
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
            // Several at once: a node handing over hundreds of tables has its players wait
            // for the last of them, and each takeover mostly waits for the database.
            let me = &self;
            futures_util::stream::iter(orphans)
                .for_each_concurrent(TAKEOVERS_AT_ONCE, |id| async move {
                    match me.book.acquire(pool, id).await {
                        Ok(Some(_)) => {
                            if let Err(e) = me.take_over(id).await {
                                tracing::error!("table {id} cannot be taken over: {e}");
                            }
                        }
                        Ok(None) => {}
                        Err(e) => tracing::warn!("table {id}: cannot take its lease: {e}"),
                    }
                })
                .await;
        }
    }

    /// Whether this node can prove it holds its leases now.
    pub fn leases_fresh(&self) -> bool {
        lock(&self.renewed).is_some_and(|t| t.elapsed() < self.config.lease)
    }

    /// Tables this node runs.
    pub fn owned(&self) -> usize {
        lock(&self.owned).len()
    }

    /// The nodes of the cluster with their tables and leases.
    pub async fn status(&self) -> anyhow::Result<Vec<lease::NodeStatus>> {
        Ok(lease::status(self.store.pool(), self.config.lease * 10).await?)
    }
}
