//! One WebSocket connection: reads client messages, checks size, budget and flood rules, and
//! hands each request to the lobby or a table. Outgoing frames come from the actors through a
//! queue; this task only delivers them.

use crate::conn::{frame, Conn, Frame, Refusal};
use crate::handles::{LobbyCmd, TableCmd, TableHandle};
use crate::store::Op;
use crate::AppState;
use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use nimmt_protocol::{
    check_name, ClientMsg, Envelope, ErrorCode, Lang, ServerMsg, TableId, Text, MAX_CHAT_CHARS,
    MAX_MESSAGE_BYTES, PROTOCOL_VERSION,
};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tokio::sync::{mpsc, Notify};
use tokio::time::{Duration, Instant};

/// A token bucket: `capacity` at most, refilled at `rate` per second.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    capacity: f64,
    rate: f64,
    at: Instant,
}

impl Bucket {
    pub fn new(capacity: f64, rate: f64) -> Bucket {
        Bucket {
            tokens: capacity,
            capacity,
            rate,
            at: Instant::now(),
        }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * self.rate)
            .min(self.capacity);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

struct Session {
    state: AppState,
    conn_id: u64,
    tx: mpsc::Sender<Frame>,
    kill: Arc<Notify>,
    conn: Option<Conn>,
    lang: Lang,
    tables: HashMap<TableId, TableHandle>,
    budget: Bucket,
    chat: Bucket,
    /// Messages dropped for the budget; too many closes the connection.
    over_budget: u32,
    last_budget_error: Option<Instant>,
}

impl Session {
    fn send(&self, msg: &ServerMsg) {
        if self.tx.try_send(frame(msg)).is_err() {
            self.kill.notify_one();
        }
    }

    fn refuse(&self, id: Option<u64>, table: Option<TableId>, r: impl Into<Refusal>) {
        self.send(&r.into().to_msg(self.lang, id, table));
    }

    async fn table(&mut self, id: TableId) -> Option<TableHandle> {
        if let Some(h) = self.tables.get(&id) {
            return Some(h.clone());
        }
        self.state.lobby.get(id).await
    }

    /// Handles one text frame.
    async fn on_text(&mut self, text: &str) -> bool {
        if text.len() > MAX_MESSAGE_BYTES {
            self.send(
                &Refusal::new(ErrorCode::TooLarge)
                    .with("max", MAX_MESSAGE_BYTES)
                    .to_msg(self.lang, None, None),
            );
            return true;
        }
        let env = match Envelope::parse(text) {
            Ok(e) => e,
            Err(e) => {
                let mut reason = e.to_string();
                reason.truncate(200);
                self.refuse(
                    None,
                    None,
                    Refusal::new(ErrorCode::Malformed).with("reason", reason),
                );
                return true;
            }
        };
        let id = env.id;
        let Some(conn) = self.conn.clone() else {
            return self.hello(id, env.msg).await;
        };
        match env.msg {
            ClientMsg::Hello { .. } => self.refuse(id, None, ErrorCode::AlreadyHello),
            ClientMsg::Ping {} => self.send(&ServerMsg::Pong),
            ClientMsg::ListTables { subscribe } => {
                if subscribe {
                    self.state
                        .lobby
                        .send(LobbyCmd::Subscribe { conn: conn.clone() });
                }
                let tables = self.state.lobby.list().await;
                self.send(&ServerMsg::Tables { tables });
            }
            ClientMsg::CreateTable {
                game,
                options,
                seats,
            } => match self.state.lobby.create(conn, game, options, seats).await {
                Ok(h) => {
                    self.tables.insert(h.id, h);
                    if let Some(id) = id {
                        self.send(&ServerMsg::Ack { id });
                    }
                }
                Err(r) => self.refuse(id, None, r),
            },
            ClientMsg::Join { table, role } => match self.table(table).await {
                Some(h) => {
                    if h.send(TableCmd::Attach {
                        conn,
                        role,
                        req: id,
                    })
                    .await
                    {
                        self.tables.insert(table, h);
                    } else {
                        self.refuse(
                            id,
                            Some(table),
                            Refusal::new(ErrorCode::NoSuchTable).with("table", table),
                        );
                    }
                }
                None => self.refuse(
                    id,
                    Some(table),
                    Refusal::new(ErrorCode::NoSuchTable).with("table", table),
                ),
            },
            ClientMsg::Leave { table } => match self.tables.remove(&table) {
                Some(h) => {
                    h.send(TableCmd::Leave { conn, req: id }).await;
                }
                None => self.refuse(
                    id,
                    Some(table),
                    Refusal::new(ErrorCode::NotAtTable).with("table", table),
                ),
            },
            ClientMsg::Chat { table, text } => {
                if text.chars().count() > MAX_CHAT_CHARS {
                    self.refuse(
                        id,
                        table,
                        Refusal::new(ErrorCode::Flood)
                            .keyed("chat_too_long")
                            .with("max", MAX_CHAT_CHARS),
                    );
                    return true;
                }
                // The flood rule counts chat lines; commands count against the message budget.
                let command = table.is_some() && text.trim_start().starts_with('/');
                if !command && !self.chat.take() {
                    self.refuse(id, table, ErrorCode::Flood);
                    return true;
                }
                match table {
                    None => {
                        self.state.lobby.send(LobbyCmd::Chat { conn, text });
                        if let Some(id) = id {
                            self.send(&ServerMsg::Ack { id });
                        }
                    }
                    Some(t) => match self.tables.get(&t) {
                        Some(h) => {
                            h.send(TableCmd::Chat {
                                conn,
                                text,
                                req: id,
                            })
                            .await;
                        }
                        None => self.refuse(
                            id,
                            Some(t),
                            Refusal::new(ErrorCode::NotAtTable).with("table", t),
                        ),
                    },
                }
            }
            ClientMsg::Act {
                table,
                version,
                action,
            } => match self.tables.get(&table) {
                Some(h) => {
                    h.send(TableCmd::Act {
                        conn,
                        version,
                        action,
                        req: id,
                    })
                    .await;
                }
                None => self.refuse(
                    id,
                    Some(table),
                    Refusal::new(ErrorCode::NotAtTable).with("table", table),
                ),
            },
            ClientMsg::Resync { table } => match self.tables.get(&table) {
                Some(h) => {
                    h.send(TableCmd::Resync { conn }).await;
                }
                None => self.refuse(
                    id,
                    Some(table),
                    Refusal::new(ErrorCode::NotAtTable).with("table", table),
                ),
            },
        }
        true
    }

    /// The first message: who is this?
    async fn hello(&mut self, id: Option<u64>, msg: ClientMsg) -> bool {
        let ClientMsg::Hello {
            protocol,
            name,
            token,
            lang,
        } = msg
        else {
            if matches!(msg, ClientMsg::Ping {}) {
                self.send(&ServerMsg::Pong);
            } else {
                self.refuse(id, None, ErrorCode::HelloFirst);
            }
            return true;
        };
        self.lang = lang;
        if protocol != PROTOCOL_VERSION {
            self.refuse(
                id,
                None,
                Refusal::new(ErrorCode::Protocol)
                    .with("server", PROTOCOL_VERSION)
                    .with("client", protocol),
            );
            return true;
        }
        let name = match check_name(&name) {
            Ok(n) => n,
            Err(code) => {
                self.refuse(id, None, code);
                return true;
            }
        };
        let store = &self.state.store;
        let (player, token) = match token {
            Some(token) => match store.player_by_token(&token).await {
                Ok(Some((player, old_name))) => {
                    if old_name != name {
                        let _ = store
                            .write(vec![Op::RenamePlayer {
                                id: player.clone(),
                                name: name.clone(),
                            }])
                            .await;
                    }
                    (player, token)
                }
                Ok(None) => {
                    self.refuse(id, None, ErrorCode::BadToken);
                    return true;
                }
                Err(_) => {
                    self.refuse(id, None, ErrorCode::Storage);
                    return true;
                }
            },
            None => {
                let player = hex::encode(rand::random::<[u8; 8]>());
                let token = hex::encode(rand::random::<[u8; 16]>());
                let op = Op::CreatePlayer {
                    id: player.clone(),
                    token: token.clone(),
                    name: name.clone(),
                };
                if store.write(vec![op]).await.is_err() {
                    self.refuse(id, None, ErrorCode::Storage);
                    return true;
                }
                (player, token)
            }
        };
        let conn = Conn::new(
            self.conn_id,
            player.clone(),
            name.clone(),
            lang,
            self.tx.clone(),
            self.kill.clone(),
        );
        self.state
            .lobby
            .send(LobbyCmd::Online { conn: conn.clone() });
        let seated = self.state.lobby.seated(player.clone()).await;
        self.send(&ServerMsg::Welcome {
            protocol: PROTOCOL_VERSION,
            player,
            name,
            token,
            lang,
            seated: seated.iter().map(|h| h.id).collect(),
            games: nimmt_core::registry::descriptors(),
        });
        self.conn = Some(conn.clone());
        // Resume every seat: each table sends a full state.
        for h in seated {
            if h.send(TableCmd::Attach {
                conn: conn.clone(),
                role: nimmt_protocol::Role::Player,
                req: None,
            })
            .await
            {
                self.tables.insert(h.id, h);
            }
        }
        true
    }

    /// Counts a message against the budget; `false` = drop it (and maybe close).
    fn within_budget(&mut self) -> Option<bool> {
        if self.budget.take() {
            return Some(true);
        }
        self.over_budget += 1;
        if self.over_budget > self.state.config.limits.strikes {
            return None;
        }
        let now = Instant::now();
        if self
            .last_budget_error
            .is_none_or(|t| now.duration_since(t) >= Duration::from_secs(1))
        {
            self.last_budget_error = Some(now);
            self.refuse(None, None, ErrorCode::RateLimited);
        }
        Some(false)
    }
}

/// Serves one upgraded WebSocket until it closes.
pub async fn session(socket: WebSocket, state: AppState) {
    let conn_id = state.next_conn.fetch_add(1, Ordering::Relaxed);
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Frame>(state.config.limits.queue);
    let kill = Arc::new(Notify::new());
    let limits = state.config.limits.clone();
    let writer_kill = kill.clone();
    let writer = tokio::spawn(async move {
        loop {
            tokio::select! {
                biased;
                f = rx.recv() => match f {
                    Some(f) => {
                        // Whatever else is queued goes out with the same flush.
                        let mut ok = sink.feed(Message::Text(f)).await.is_ok();
                        let mut n = 1;
                        while ok && n < 64 {
                            match rx.try_recv() {
                                Ok(f) => ok = sink.feed(Message::Text(f)).await.is_ok(),
                                Err(_) => break,
                            }
                            n += 1;
                        }
                        if !ok || sink.flush().await.is_err() {
                            break;
                        }
                    }
                    None => break,
                },
                _ = writer_kill.notified() => {
                    // Deliver what is queued (e.g. `replaced`), then close.
                    while let Ok(f) = rx.try_recv() {
                        if sink.send(Message::Text(f)).await.is_err() {
                            break;
                        }
                    }
                    let _ = sink.send(Message::Close(None)).await;
                    break;
                }
            }
        }
    });
    let mut s = Session {
        state: state.clone(),
        conn_id,
        tx,
        kill: kill.clone(),
        conn: None,
        lang: Lang::En,
        tables: HashMap::new(),
        budget: Bucket::new(limits.burst, limits.per_second),
        chat: Bucket::new(limits.chat_burst, limits.chat_per_second),
        over_budget: 0,
        last_budget_error: None,
    };
    loop {
        let msg = tokio::select! {
            m = stream.next() => m,
            _ = kill.notified() => { kill.notify_one(); break; }
        };
        let Some(Ok(msg)) = msg else { break };
        let text = match msg {
            Message::Text(t) => t,
            Message::Binary(_) => {
                match s.within_budget() {
                    None => break,
                    Some(false) => continue,
                    Some(true) => {}
                }
                s.refuse(
                    None,
                    None,
                    Refusal::new(ErrorCode::Malformed).with("reason", "binary frames are not read"),
                );
                continue;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        match s.within_budget() {
            None => {
                s.send(&ServerMsg::Error {
                    id: None,
                    table: None,
                    code: ErrorCode::RateLimited,
                    text: Text::new(s.lang, "rate_limited", []),
                });
                break;
            }
            Some(false) => continue,
            Some(true) => {}
        }
        if !s.on_text(text.as_str()).await {
            break;
        }
    }
    // Gone: the tables keep the seat for the reconnection window.
    if let Some(conn) = &s.conn {
        for h in s.tables.values() {
            h.send(TableCmd::Detach {
                player: conn.player.clone(),
                conn_id,
            })
            .await;
        }
        s.state.lobby.send(LobbyCmd::Offline {
            player: conn.player.clone(),
            conn_id,
        });
    }
    kill.notify_one();
    drop(s);
    let _ = writer.await;
}

/// Per-connection limits.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Messages a connection may send in a burst.
    pub burst: f64,
    /// Messages per second in the long run.
    pub per_second: f64,
    /// Chat lines in a burst, and per second in the long run.
    pub chat_burst: f64,
    pub chat_per_second: f64,
    /// Messages over budget before the connection is closed.
    pub strikes: u32,
    /// Outgoing frames queued for a slow client before it is disconnected.
    pub queue: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            burst: 60.0,
            per_second: 20.0,
            chat_burst: 5.0,
            chat_per_second: 0.5,
            strikes: 200,
            queue: 1024,
        }
    }
}
