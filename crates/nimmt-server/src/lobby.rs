//! The lobby: an actor that knows every table (its handle and how it looks from outside), who
//! is online, and who listens to lobby news and lobby chat.

use crate::conn::{frame, Conn, Refusal};
use crate::store::Store;
use crate::table::{players_range, Meta, SeatMeta, Table, TableHandle, TableOptions};
use crate::Config;
use nimmt_core::{Game, GameKind, OptionMap};
use nimmt_protocol::{ErrorCode, PlayerId, ServerMsg, TableId, TableInfo};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

pub enum LobbyCmd {
    /// A connection said hello; an older connection of the same identity is replaced.
    Online {
        conn: Conn,
    },
    Offline {
        player: PlayerId,
        conn_id: u64,
    },
    List {
        reply: oneshot::Sender<Vec<TableInfo>>,
    },
    Subscribe {
        conn: Conn,
    },
    Create {
        conn: Conn,
        game: GameKind,
        options: OptionMap,
        seats: Option<usize>,
        reply: oneshot::Sender<Result<TableHandle, Refusal>>,
    },
    Get {
        table: TableId,
        reply: oneshot::Sender<Option<TableHandle>>,
    },
    /// The tables where `player` holds a seat.
    Seated {
        player: PlayerId,
        reply: oneshot::Sender<Vec<TableHandle>>,
    },
    Chat {
        conn: Conn,
        text: String,
    },
    /// A table changed seats, options or state.
    Changed {
        info: TableInfo,
        players: Vec<PlayerId>,
    },
    /// A table actor stopped.
    Closed {
        id: TableId,
    },
    /// Adopts a table restored from the database.
    Adopt {
        handle: TableHandle,
        info: TableInfo,
        players: Vec<PlayerId>,
    },
}

/// The way to reach the lobby. Sending never waits (tables tell the lobby without blocking).
#[derive(Clone, Debug)]
pub struct LobbyHandle {
    tx: mpsc::UnboundedSender<LobbyCmd>,
}

impl LobbyHandle {
    pub fn send(&self, cmd: LobbyCmd) {
        let _ = self.tx.send(cmd);
    }

    pub fn changed(&self, info: TableInfo, players: Vec<PlayerId>) {
        self.send(LobbyCmd::Changed { info, players });
    }

    pub fn closed(&self, id: TableId) {
        self.send(LobbyCmd::Closed { id });
    }

    pub async fn list(&self) -> Vec<TableInfo> {
        let (reply, rx) = oneshot::channel();
        self.send(LobbyCmd::List { reply });
        rx.await.unwrap_or_default()
    }

    pub async fn get(&self, table: TableId) -> Option<TableHandle> {
        let (reply, rx) = oneshot::channel();
        self.send(LobbyCmd::Get { table, reply });
        rx.await.ok().flatten()
    }

    pub async fn seated(&self, player: PlayerId) -> Vec<TableHandle> {
        let (reply, rx) = oneshot::channel();
        self.send(LobbyCmd::Seated { player, reply });
        rx.await.unwrap_or_default()
    }

    pub async fn create(
        &self,
        conn: Conn,
        game: GameKind,
        options: OptionMap,
        seats: Option<usize>,
    ) -> Result<TableHandle, Refusal> {
        let (reply, rx) = oneshot::channel();
        self.send(LobbyCmd::Create {
            conn,
            game,
            options,
            seats,
            reply,
        });
        rx.await
            .unwrap_or_else(|_| Err(Refusal::new(ErrorCode::Storage)))
    }
}

struct Entry {
    handle: TableHandle,
    info: Option<TableInfo>,
    players: Vec<PlayerId>,
}

pub struct Lobby {
    tables: BTreeMap<TableId, Entry>,
    online: HashMap<PlayerId, Conn>,
    subscribers: HashMap<u64, Conn>,
    next_id: TableId,
    store: Store,
    config: Arc<Config>,
    me: LobbyHandle,
}

/// Splits table options (`timer`, `reconnect`) from game options and checks both.
pub fn check_create(
    game: GameKind,
    mut options: OptionMap,
    seats: Option<usize>,
    config: &Config,
) -> Result<(OptionMap, TableOptions, usize), Refusal> {
    let bad = |reason: String| Refusal::new(ErrorCode::BadOptions).with("reason", reason);
    let mut table = TableOptions {
        timer: 0,
        reconnect: config.reconnect.as_secs(),
    };
    for key in TableOptions::KEYS {
        if let Some(v) = options.0.remove(key) {
            table.set(key, &v).map_err(bad)?;
        }
    }
    let (min, max) = players_range(game);
    let seats = seats.unwrap_or(max);
    if seats < min || seats > max {
        return Err(bad(format!(
            "{game} is for {min}–{max} players, not {seats}"
        )));
    }
    Game::check_options(game, min, &options).map_err(|e| bad(e.to_string()))?;
    Ok((options, table, seats))
}

impl Lobby {
    pub fn spawn(store: Store, config: Arc<Config>, next_id: TableId) -> LobbyHandle {
        let (tx, rx) = mpsc::unbounded_channel();
        let me = LobbyHandle { tx };
        let lobby = Lobby {
            tables: BTreeMap::new(),
            online: HashMap::new(),
            subscribers: HashMap::new(),
            next_id,
            store,
            config,
            me: me.clone(),
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

    fn handle(&mut self, cmd: LobbyCmd) {
        match cmd {
            LobbyCmd::Online { conn } => {
                if let Some(old) = self.online.insert(conn.player.clone(), conn.clone()) {
                    if old.id != conn.id {
                        old.send(&ServerMsg::Replaced);
                        old.close();
                        self.subscribers.remove(&old.id);
                    }
                }
            }
            LobbyCmd::Offline { player, conn_id } => {
                if self.online.get(&player).is_some_and(|c| c.id == conn_id) {
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
                reply,
            } => {
                let r = check_create(game, options, seats, &self.config).map(
                    |(options, table_options, max_seats)| {
                        self.next_id += 1;
                        let id = self.next_id;
                        let meta = Meta {
                            game,
                            options,
                            table_options,
                            max_seats,
                            host: Some(conn.player.clone()),
                            seats: vec![SeatMeta {
                                player: Some(conn.player.clone()),
                                name: conn.name.clone(),
                                bot: None,
                            }],
                            bots_added: 0,
                        };
                        let handle = Table::create(
                            id,
                            meta,
                            self.store.clone(),
                            self.me.clone(),
                            self.config.clone(),
                        )
                        .with_member(&conn)
                        .spawn();
                        self.tables.insert(
                            id,
                            Entry {
                                handle: handle.clone(),
                                info: None,
                                players: vec![conn.player.clone()],
                            },
                        );
                        handle
                    },
                );
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
            LobbyCmd::Chat { conn, text } => {
                self.broadcast(&ServerMsg::Chat {
                    table: None,
                    from: conn.name.clone(),
                    text,
                });
            }
            LobbyCmd::Changed { info, players } => {
                if let Some(e) = self.tables.get_mut(&info.id) {
                    e.players = players;
                    e.info = Some(info.clone());
                    if !self.subscribers.is_empty() {
                        self.broadcast(&ServerMsg::TableChanged {
                            table: info,
                            closed: false,
                        });
                    }
                }
            }
            LobbyCmd::Closed { id } => {
                if let Some(e) = self.tables.remove(&id) {
                    if let Some(info) = e.info {
                        self.broadcast(&ServerMsg::TableChanged {
                            table: info,
                            closed: true,
                        });
                    }
                }
            }
            LobbyCmd::Adopt {
                handle,
                info,
                players,
            } => {
                self.next_id = self.next_id.max(handle.id);
                self.tables.insert(
                    handle.id,
                    Entry {
                        handle,
                        info: Some(info),
                        players,
                    },
                );
            }
        }
    }
}
