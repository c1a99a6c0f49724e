//! The news the nodes tell each other (tables changed or closed, owners, lobby chat, players
//! online, bans, ended sessions): told in order, heard and passed on to this node's lobby.

use super::bus::News;
use super::router::Control;
use super::{lock, Cluster};
use crate::accounts::sessions::Ending;
use crate::handles::{LobbyCmd, LobbyPeers, PeerNews};
use crate::moderation::sanctions::Kind;
use futures_util::StreamExt;
use nimmt_protocol::{PlayerId, TableId};
use nimmt_room::table::TableNews;
use std::sync::Arc;
use tokio::sync::mpsc;

impl Cluster {
    pub(super) async fn hear_news(self: Arc<Self>, mut sub: async_nats::Subscriber) {
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

    pub(super) fn heard(self: &Arc<Self>, news: News) {
        match news {
            News::Hello { .. } => {
                let owned: Vec<_> = lock(&self.owned)
                    .values()
                    .filter_map(|o| o.news.clone())
                    .collect();
                for news in owned {
                    self.tell(News::Changed {
                        node: self.node().to_owned(),
                        table: news,
                    });
                }
            }
            News::Changed { table: news, .. } => {
                if self.book.get(news.info.id).is_some() {
                    return; // A late word from the table's former owner.
                }
                let handle = self.router(news.info.id);
                self.lobby()
                    .send(LobbyCmd::Peer(PeerNews::Changed { handle, news }));
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
            News::HandedOver { tables, .. } => {
                for table in tables {
                    self.control(table, Control::OwnerLost);
                }
                self.scan_now.notify_one();
            }
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
                        lobby.send(LobbyCmd::EndSessions {
                            player,
                            which: Ending::All,
                            refusal: Some(ban.refusal()),
                            done: None,
                        });
                    }
                });
            }
            News::SessionsEnded { player, which, .. } => {
                self.lobby().send(LobbyCmd::EndSessions {
                    player,
                    which,
                    refusal: None,
                    done: None,
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

    /// An operator of this node banned `player`: the other nodes close their connections.
    pub fn banned(&self, player: &PlayerId) {
        self.tell(News::Banned {
            node: self.node().to_owned(),
            player: player.clone(),
        });
    }

    /// Sessions of `player` ended here: the other nodes close the connections opened with them.
    pub fn sessions_ended(&self, player: &PlayerId, which: Ending) {
        self.tell(News::SessionsEnded {
            node: self.node().to_owned(),
            player: player.clone(),
            which,
        });
    }
}

impl LobbyPeers for Cluster {
    fn changed(&self, news: &TableNews) {
        if let Some(o) = lock(&self.owned).get_mut(&news.info.id) {
            o.news = Some(news.clone());
        }
        self.tell(News::Changed {
            node: self.node().to_owned(),
            table: news.clone(),
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

/// Publishes the news in the order it was told.
pub(super) async fn publish_news(
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
