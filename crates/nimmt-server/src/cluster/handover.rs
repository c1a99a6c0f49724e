//! A node that is told to stop gives its tables to the others before it closes its
//! connections: it takes over no more tables, gives up each lease it holds (a table's next
//! write here is then refused by the fence, so nothing is acknowledged twice or by two
//! owners), and tells the others, who look for tables to take over at once instead of waiting
//! for the leases to run out. The members on other nodes are told the owner left and follow
//! the table to its new node; this node's own connections are closed with 1012 afterwards and
//! reconnect to another node.

use super::bus::News;
use super::router::Control;
use super::{lock, Cluster};
use nimmt_protocol::TableId;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

impl Cluster {
    /// Gives every table this node runs to the others; returns how many it gave up.
    pub async fn hand_over(self: &Arc<Self>) -> usize {
        self.leaving.store(true, Ordering::Release);
        let tables: Vec<TableId> = lock(&self.owned).keys().copied().collect();
        let mut given = Vec::with_capacity(tables.len());
        for id in tables {
            // No more commands from other nodes for it here.
            if let Some(owned) = lock(&self.owned).remove(&id) {
                owned.inbox.abort();
            }
            match self.book.release(self.store.pool(), id).await {
                Ok(()) => given.push(id),
                Err(e) => tracing::warn!("table {id}: cannot give up its lease: {e}"),
            }
            self.control(id, Control::Lost);
        }
        let news = News::HandedOver {
            node: self.node().to_owned(),
            tables: given.clone(),
        };
        // Straight to NATS and flushed: the node is about to exit.
        let payload = serde_json::to_vec(&news).expect("news serializes");
        let sent = async {
            self.client
                .publish(self.subjects.news(), payload.into())
                .await?;
            self.client.flush().await?;
            anyhow::Ok(())
        };
        match tokio::time::timeout(Duration::from_secs(2), sent).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!("cannot tell the other nodes of the handover: {e}"),
            Err(_) => tracing::warn!("telling the other nodes of the handover takes too long"),
        }
        tracing::info!(
            "handed {} tables over to the other nodes before stopping",
            given.len()
        );
        given.len()
    }
}
