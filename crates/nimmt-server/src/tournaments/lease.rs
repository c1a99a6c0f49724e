//! Which node runs which tournament: a lease in the tournament's row (`node`, `lease_until`),
//! renewed at every tick by the node that holds it and taken over by another once it expired. A
//! node that finds its lease gone stops running the tournament (it forgets it); one that finds
//! a newer version stored (a command applied elsewhere) loads it again. A tournament loaded here
//! is fed the room tables marked as its own (opened before a crash and not saved yet), then
//! resumed: the current round's tables without a room table are opened.
//!
//! The lease counts on the nodes' wall clocks; a save checks both the version read and the node,
//! so a node whose lease ran out can never move a tournament on.

use super::shell::{now_ms, Shell};
use super::store;
use nimmt_protocol::TournamentId;
use nimmt_room::tournament::DirectorInput;

impl Shell {
    fn lease_until(&self) -> i64 {
        crate::clock::now_ms() + self.config.lease.as_millis() as i64
    }

    /// Renews the leases of the tournaments run here (forgetting those lost, loading again those
    /// saved elsewhere), then takes those nobody runs.
    pub(super) async fn renew_and_claim(&mut self) {
        let ids: Vec<TournamentId> = self.director.runs().map(|r| r.id).collect();
        for id in ids {
            let until = self.lease_until();
            match store::renew(&self.config.pool, id, &self.config.node, until).await {
                Ok(Some(version)) if Some(&version) == self.versions.get(&id) => {}
                Ok(Some(_)) => {
                    // Saved by a command applied on another node: read it again.
                    self.drop_run(id);
                    self.claim(id).await;
                }
                Ok(None) => {
                    tracing::info!("tournament {id}: another node runs it now");
                    self.drop_run(id);
                }
                Err(e) => tracing::warn!("tournament {id}: lease not renewed: {e}"),
            }
        }
        let now = crate::clock::now_ms();
        let free = match store::claimable(&self.config.pool, &self.config.node, now).await {
            Ok(free) => free,
            Err(e) => {
                tracing::warn!("tournaments: cannot look for tournaments to run: {e}");
                return;
            }
        };
        for id in free {
            if self.director.get(id).is_none() {
                self.claim(id).await;
            }
        }
    }

    /// Takes tournament `id` over if its lease is free (or this node's), and loads it.
    pub(super) async fn claim(&mut self, id: TournamentId) {
        let (pool, node) = (&self.config.pool, &self.config.node);
        let now = crate::clock::now_ms();
        match store::take_lease(pool, id, node, now, self.lease_until()).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::warn!("tournament {id}: lease not taken: {e}");
                return;
            }
        }
        let stored = match store::load(pool, id).await {
            Ok(Some(s)) => s,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!("tournament {id}: not loaded: {e}");
                return;
            }
        };
        let tables = match store::marked_tables(pool, id).await {
            Ok(t) => t,
            Err(e) => {
                tracing::warn!("tournament {id}: its tables not read: {e}");
                return;
            }
        };
        self.versions.insert(id, stored.version);
        let load = DirectorInput::Load(Box::new(stored.run));
        if let Err(e) = self.feed(id, load).await {
            tracing::warn!("tournament {id}: not loaded: {}", e.key);
            self.versions.remove(&id);
            return;
        }
        for (table, table_id) in tables {
            let opened = DirectorInput::TableOpened {
                id,
                table,
                table_id,
            };
            if let Err(e) = self.feed(id, opened).await {
                tracing::debug!("tournament {id}: table {table_id} found: {}", e.key);
            }
        }
        if self.director.get(id).is_none() {
            return;
        }
        let effects = self.director.resume(id);
        self.carry_out(effects).await;
        tracing::info!("tournament {id}: run on this node (at {})", now_ms());
    }
}
