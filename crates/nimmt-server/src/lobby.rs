//! The lobby: an actor that knows every table (its handle and how it looks from outside), who
//! is online, and who listens to lobby news and lobby chat.

use crate::conn::Refusal;
use crate::conn::{frame, Conn};
use crate::handles::{
    LobbyCmd, LobbyHandle, LobbyPeers, NewTable, OpenTable, PeerNews, TableHandle,
};
use nimmt_protocol::{ErrorCode, PlayerId, ServerMsg, TableId, TableInfo, TableState};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use tokio::sync::mpsc;

/// Now, in milliseconds since the epoch.
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

struct Entry {
    handle: TableHandle,
    info: Option<TableInfo>,
    players: Vec<PlayerId>,
    /// The identity hosting the table (counted against its open tables).
    host: Option<PlayerId>,
}

impl Entry {
    /// Open or running (a new table is open until it says otherwise).
    fn live(&self) -> bool {
        self.info
            .as_ref()
            .is_none_or(|i| matches!(i.state, TableState::Open | TableState::Playing))
    }
}

pub struct Lobby {
    tables: BTreeMap<TableId, Entry>,
    /// Who is online here: the connection and when it said hello (ms since the epoch).
    online: HashMap<PlayerId, (Conn, u64)>,
    subscribers: HashMap<u64, Conn>,
    next_id: TableId,
    /// Opens a table (checks the request, starts its actor).
    open: OpenTable,
    me: LobbyHandle,
    /// Open or running tables one identity may host (0 = no cap).
    tables_per_identity: usize,
    /// The other nodes of a cluster, told of this node's tables and lobby chat.
    peers: Option<Arc<dyn LobbyPeers>>,
}

impl Lobby {
    /// Starts the lobby; new table ids follow `next_id`, and `open` opens each table.
    /// `tables_per_identity`: open or running tables one identity may host (0 = no cap).
    pub fn spawn(next_id: TableId, open: OpenTable, tables_per_identity: usize) -> LobbyHandle {
        Self::spawn_with(next_id, open, tables_per_identity, None)
    }

    /// As [`Lobby::spawn`], telling `peers` (the other nodes of a cluster) of this node's
    /// tables and lobby chat.
    pub fn spawn_with(
        next_id: TableId,
        open: OpenTable,
        tables_per_identity: usize,
        peers: Option<Arc<dyn LobbyPeers>>,
    ) -> LobbyHandle {
        let (me, rx) = LobbyHandle::channel();
        let lobby = Lobby {
            tables: BTreeMap::new(),
            online: HashMap::new(),
            subscribers: HashMap::new(),
            next_id,
            open,
            me: me.clone(),
            tables_per_identity,
            peers,
        };
        tokio::spawn(lobby.run(rx));
        me
    }

    async fn run(mut self, mut rx: mpsc::UnboundedReceiver<LobbyCmd>) {
        while let Some(cmd) = rx.recv().await {
            self.handle(cmd);
        }
    }

    fn broadcast(&self, msg: &ServerMsg) {
        let f = frame(msg);
        for c in self.subscribers.values() {
            c.send_frame(f.clone());
        }
    }

    /// Sends `msg` to every subscriber but the players in `hidden`.
    fn broadcast_except(&self, msg: &ServerMsg, hidden: &HashSet<PlayerId>) {
        let f = frame(msg);
        for c in self.subscribers.values() {
            if !hidden.contains(&c.player) {
                c.send_frame(f.clone());
            }
        }
    }

    fn handle(&mut self, cmd: LobbyCmd) {
        match cmd {
            LobbyCmd::Online { conn } => {
                let at = now_ms();
                if let Some(p) = &self.peers {
                    p.online(&conn.player, at);
                }
                if let Some((old, _)) = self.online.insert(conn.player.clone(), (conn.clone(), at))
                {
                    if old.id != conn.id {
                        self.replace(&old);
                    }
                }
            }
            LobbyCmd::Offline { player, conn_id } => {
                if self
                    .online
                    .get(&player)
                    .is_some_and(|(c, _)| c.id == conn_id)
                {
                    self.online.remove(&player);
                }
                self.subscribers.remove(&conn_id);
            }
            LobbyCmd::List { reply } => {
                let _ = reply.send(
                    self.tables
                        .values()
                        .filter_map(|e| e.info.clone())
                        .collect(),
                );
            }
            LobbyCmd::Subscribe { conn } => {
                self.subscribers.insert(conn.id, conn);
            }
            LobbyCmd::Create {
                conn,
                game,
                options,
                seats,
                again,
                stored,
                reply,
            } => {
                let player = conn.player.clone();
                let max = self.tables_per_identity;
                if max > 0 {
                    let hosted = self
                        .tables
                        .values()
                        .filter(|e| e.live() && e.host.as_ref() == Some(&player))
                        .count();
                    if hosted >= max {
                        let _ = reply.send(Err(Refusal::new(ErrorCode::RateLimited)
                            .keyed("too_many_tables")
                            .with("max", max)));
                        return;
                    }
                }
                let id = self.next_id + 1;
                let r = (self.open)(NewTable {
                    id,
                    conn,
                    game,
                    options,
                    seats,
                    lobby: self.me.clone(),
                    again,
                    stored: Some(stored),
                });
                if let Ok(handle) = &r {
                    // The opener may number the table itself (a cluster's shared numbers).
                    self.next_id = self.next_id.max(handle.id);
                    self.tables.insert(
                        handle.id,
                        Entry {
                            handle: handle.clone(),
                            info: None,
                            players: vec![player.clone()],
                            host: Some(player),
                        },
                    );
                }
                let _ = reply.send(r);
            }
            LobbyCmd::Get { table, reply } => {
                let _ = reply.send(self.tables.get(&table).map(|e| e.handle.clone()));
            }
            LobbyCmd::Seated { player, reply } => {
                let _ = reply.send(
                    self.tables
                        .values()
                        .filter(|e| e.players.contains(&player))
                        .map(|e| e.handle.clone())
                        .collect(),
                );
            }
            LobbyCmd::Chat {
                conn,
                text,
                hidden_from,
            } => {
                if let Some(p) = &self.peers {
                    p.chat(&conn.name, &conn.player, &text);
                }
                let msg = ServerMsg::Chat {
                    table: None,
                    from: conn.name.clone(),
                    text,
                    line: None,
                    player: Some(conn.player.clone()),
                };
                self.broadcast_except(&msg, &hidden_from);
            }
            LobbyCmd::Changed {
                info,
                players,
                host,
            } => {
                if let Some(p) = &self.peers {
                    p.changed(&info, &players, host.as_ref());
                }
                self.changed(info, players, host);
            }
            LobbyCmd::Closed { id } => {
                if let Some(p) = &self.peers {
                    p.closed(id);
                }
                self.closed(id);
            }
            LobbyCmd::Adopt {
                handle,
                info,
                players,
                host,
            } => {
                self.next_id = self.next_id.max(handle.id);
                self.tables.insert(
                    handle.id,
                    Entry {
                        handle,
                        info: Some(info),
                        players,
                        host,
                    },
                );
            }
            LobbyCmd::Peer(news) => self.peer(news),
            LobbyCmd::EndSessions {
                player,
                which,
                refusal,
                done,
            } => {
                let ends = self
                    .online
                    .get(&player)
                    .is_some_and(|(c, _)| which.ends(c.session.as_deref()));
                if let Some((conn, _)) = ends.then(|| self.online.remove(&player)).flatten() {
                    if let Some(r) = &refusal {
                        conn.refuse(None, None, r);
                    }
                    conn.close_for(nimmt_protocol::CloseReason::SessionEnded);
                    self.subscribers.remove(&conn.id);
                }
                if let Some(done) = done {
                    let _ = done.send(());
                }
            }
        }
    }

    /// News from another node.
    fn peer(&mut self, news: PeerNews) {
        match news {
            PeerNews::Changed {
                handle,
                info,
                players,
                host,
            } => {
                self.tables.entry(info.id).or_insert_with(|| Entry {
                    handle,
                    info: None,
                    players: Vec::new(),
                    host: None,
                });
                self.changed(info, players, host);
            }
            PeerNews::Closed { id } => self.closed(id),
            PeerNews::Chat {
                from,
                text,
                player,
                hidden_from,
            } => {
                let msg = ServerMsg::Chat {
                    table: None,
                    from,
                    text,
                    line: None,
                    player,
                };
                self.broadcast_except(&msg, &hidden_from);
            }
            PeerNews::Online {
                player,
                at,
                wins_tie,
            } => {
                // The newer connection wins, wherever it is.
                let older = self
                    .online
                    .get(&player)
                    .is_some_and(|(_, mine)| *mine < at || (*mine == at && wins_tie));
                if older {
                    if let Some((old, _)) = self.online.remove(&player) {
                        self.replace(&old);
                    }
                }
            }
        }
    }

    /// A newer connection of the same identity took over: the old one says so and closes
    /// (code 4001).
    fn replace(&mut self, old: &Conn) {
        old.send(&ServerMsg::Replaced);
        old.close();
        self.subscribers.remove(&old.id);
    }

    fn changed(&mut self, info: TableInfo, players: Vec<PlayerId>, host: Option<PlayerId>) {
        if let Some(e) = self.tables.get_mut(&info.id) {
            e.players = players;
            e.host = host;
            e.info = Some(info.clone());
            if !self.subscribers.is_empty() {
                self.broadcast(&ServerMsg::TableChanged {
                    table: info,
                    closed: false,
                });
            }
        }
    }

    fn closed(&mut self, id: TableId) {
        if let Some(e) = self.tables.remove(&id) {
            if let Some(info) = e.info {
                self.broadcast(&ServerMsg::TableChanged {
                    table: info,
                    closed: true,
                });
            }
        }
    }
}
