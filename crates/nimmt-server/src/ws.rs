//! One WebSocket connection: reads client messages, checks size, budget and flood rules, and
//! hands each request to the lobby or a table. Outgoing frames come from the actors through a
//! queue; this task only delivers them.

use crate::addr::ConnSlot;
use crate::conn::{frame, Conn, Frame, Outbox, Refusal};
use crate::handles::{LobbyCmd, TableCmd, TableHandle};
use crate::limits::quota;
use crate::moderation::{mutes, sanctions};
use crate::names;
use crate::store::{Op, StoreError};
use crate::AppState;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use governor::clock::{Clock, DefaultClock};
use governor::DefaultDirectRateLimiter;
use nimmt_protocol::{
    clean_chat, ClientMsg, CloseReason, Envelope, ErrorCode, Lang, ServerMsg, TableId,
    MAX_CHAT_CHARS, MAX_MESSAGE_BYTES, PROTOCOL_VERSION,
};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio::time::{Duration, Instant};

/// Frames larger than this close the socket (code 1009); frames above [`MAX_MESSAGE_BYTES`] and
/// up to this get `too_large`.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;

/// Takes one message from `limiter`; `Err`: how long until one is allowed.
fn take(limiter: &DefaultDirectRateLimiter) -> Result<(), Duration> {
    limiter
        .check()
        .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
}

/// The request id of a frame that could not be read as a message, if it has a readable one.
fn readable_id(text: &str) -> Option<u64> {
    #[derive(serde::Deserialize)]
    struct IdOnly {
        #[serde(default)]
        id: Option<serde_json::Value>,
    }
    serde_json::from_str::<IdOnly>(text).ok()?.id?.as_u64()
}

struct Session {
    state: AppState,
    conn_id: u64,
    peer: IpAddr,
    outbox: Arc<Outbox>,
    conn: Option<Conn>,
    lang: Lang,
    tables: HashMap<TableId, TableHandle>,
    budget: DefaultDirectRateLimiter,
    /// Messages over the budget the connection may still send before it is closed; refilled
    /// at the budget's rate, so only a client that keeps on runs out.
    strikes: DefaultDirectRateLimiter,
    chat: DefaultDirectRateLimiter,
    last_budget_error: Option<Instant>,
}

impl Session {
    fn send(&self, msg: &ServerMsg) {
        self.outbox.push(frame(msg));
    }

    fn refuse(&self, id: Option<u64>, table: Option<TableId>, r: impl Into<Refusal>) {
        self.send(&r.into().to_msg(self.lang, id, table));
    }

    /// Answers a request that has no other answer: `ack` with its id, if it has one.
    fn ack(&self, id: Option<u64>) {
        if let Some(id) = id {
            self.send(&ServerMsg::Ack { id });
        }
    }

    /// The table this connection was at has closed: `no_such_table`.
    fn gone(&mut self, id: Option<u64>, table: TableId) {
        self.tables.remove(&table);
        self.refuse(
            id,
            Some(table),
            Refusal::new(ErrorCode::NoSuchTable).with("table", table),
        );
    }

    /// A request for a table this connection is not at: `no_such_table` if the lobby does not
    /// know it, else `not_at_table`.
    async fn not_here(&mut self, id: Option<u64>, table: TableId) {
        let code = match self.state.lobby.get(table).await {
            Some(_) => ErrorCode::NotAtTable,
            None => ErrorCode::NoSuchTable,
        };
        self.refuse(id, Some(table), Refusal::new(code).with("table", table));
    }

    async fn table(&mut self, id: TableId) -> Option<TableHandle> {
        if let Some(h) = self.tables.get(&id) {
            return Some(h.clone());
        }
        self.state.lobby.get(id).await
    }

    /// Handles one text frame.
    async fn on_text(&mut self, text: &str) {
        if text.len() > MAX_MESSAGE_BYTES {
            self.send(
                &Refusal::new(ErrorCode::TooLarge)
                    .with("max", MAX_MESSAGE_BYTES)
                    .to_msg(self.lang, readable_id(text), None),
            );
            return;
        }
        let env = match Envelope::parse(text) {
            Ok(e) => e,
            Err(e) => {
                let mut reason = e.to_string();
                if let Some(cut) = (0..=200.min(reason.len()))
                    .rev()
                    .find(|&i| reason.is_char_boundary(i))
                {
                    reason.truncate(cut);
                }
                self.refuse(
                    readable_id(text),
                    None,
                    Refusal::new(ErrorCode::Malformed).with("reason", reason),
                );
                return;
            }
        };
        let id = env.id;
        let Some(conn) = self.conn.clone() else {
            return self.hello(id, env.msg).await;
        };
        match env.msg {
            ClientMsg::Hello { .. } => self.refuse(id, None, ErrorCode::AlreadyHello),
            ClientMsg::Ping {} => self.send(&ServerMsg::Pong { id }),
            ClientMsg::ListTables { subscribe } => {
                if subscribe {
                    self.state
                        .lobby
                        .send(LobbyCmd::Subscribe { conn: conn.clone() });
                }
                let tables = self.state.lobby.list().await;
                self.send(&ServerMsg::Tables { tables });
                self.ack(id);
            }
            ClientMsg::CreateTable {
                game,
                options,
                seats,
            } => match self.state.lobby.create(conn, game, options, seats).await {
                Ok(h) => {
                    self.tables.insert(h.id, h);
                    self.ack(id);
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
                None => {
                    // A game that ended and whose table closed: its result, not "no such table".
                    let r = match crate::records::finished_winners(&self.state.store, table).await {
                        Some(winners) => Refusal::new(ErrorCode::GameOver)
                            .keyed("game_finished")
                            .with("table", table)
                            .with("winners", winners.join(", ")),
                        None => Refusal::new(ErrorCode::NoSuchTable).with("table", table),
                    };
                    self.refuse(id, Some(table), r);
                }
            },
            ClientMsg::Leave { table } => match self.tables.remove(&table) {
                Some(h) => {
                    if !h.send(TableCmd::Leave { conn, req: id }).await {
                        self.gone(id, table);
                    }
                }
                None => self.not_here(id, table).await,
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
                    return;
                }
                // Control and reordering characters go, as names may not carry them.
                let Some(text) = clean_chat(&text).filter(|t| names::visible(t)) else {
                    self.refuse(
                        id,
                        table,
                        Refusal::new(ErrorCode::Malformed).keyed("chat_empty"),
                    );
                    return;
                };
                // The flood rule counts chat lines; commands count against the message budget.
                let command = table.is_some() && text.trim_start().starts_with('/');
                if !command && self.chat.check().is_err() {
                    self.refuse(id, table, ErrorCode::Flood);
                    return;
                }
                if !command {
                    let pool = self.state.store.pool();
                    if let Some(r) = sanctions::chat_refusal(pool, &conn.player).await {
                        self.refuse(id, table, r);
                        return;
                    }
                }
                match table {
                    None => {
                        // Whoever muted the speaker does not get the line.
                        let pool = self.state.store.pool();
                        let hidden_from =
                            mutes::muting(pool, &conn.player).await.unwrap_or_default();
                        self.state.lobby.send(LobbyCmd::Chat {
                            conn,
                            text,
                            hidden_from,
                        });
                        self.ack(id);
                    }
                    Some(t) => match self.tables.get(&t).cloned() {
                        Some(h) => {
                            let cmd = TableCmd::Chat {
                                conn,
                                text,
                                req: id,
                            };
                            if !h.send(cmd).await {
                                self.gone(id, t);
                            }
                        }
                        None => self.not_here(id, t).await,
                    },
                }
            }
            // A command counts against the message budget, as one typed in chat does.
            ClientMsg::Command { table, command } => match self.tables.get(&table).cloned() {
                Some(h) => {
                    let cmd = TableCmd::Command {
                        conn,
                        command,
                        req: id,
                    };
                    if !h.send(cmd).await {
                        self.gone(id, table);
                    }
                }
                None => self.not_here(id, table).await,
            },
            ClientMsg::Act {
                table,
                version,
                action,
            } => match self.tables.get(&table).cloned() {
                Some(h) => {
                    let cmd = TableCmd::Act {
                        conn,
                        version,
                        action,
                        req: id,
                    };
                    if !h.send(cmd).await {
                        self.gone(id, table);
                    }
                }
                None => self.not_here(id, table).await,
            },
            ClientMsg::Resync { table } => match self.tables.get(&table).cloned() {
                Some(h) => {
                    if !h.send(TableCmd::Resync { conn, req: id }).await {
                        self.gone(id, table);
                    }
                }
                None => self.not_here(id, table).await,
            },
        }
    }

    /// The first message: who is this?
    async fn hello(&mut self, id: Option<u64>, msg: ClientMsg) {
        let ClientMsg::Hello {
            protocol,
            name,
            token,
            lang,
        } = msg
        else {
            if matches!(msg, ClientMsg::Ping {}) {
                self.send(&ServerMsg::Pong { id });
            } else {
                self.refuse(id, None, ErrorCode::HelloFirst);
            }
            return;
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
            return;
        }
        let mut name = match names::check(&name) {
            Ok(n) => n,
            Err(e) => {
                self.refuse(id, None, e.refusal());
                return;
            }
        };
        let store = &self.state.store;
        // A guest may not take an account's name; the account comes with its session token.
        let owner = match crate::accounts::account::owner_of(store.pool(), &name).await {
            Ok(owner) => owner,
            Err(_) => {
                self.refuse(id, None, ErrorCode::Storage);
                return;
            }
        };
        let owned = |name: &str| {
            Refusal::new(ErrorCode::NameTaken)
                .keyed("name_owned")
                .with("name", name)
        };
        let (player, token) = match token {
            Some(token) => match store.player_by_token(&token).await {
                Ok(Some((player, old_name))) => {
                    if crate::accounts::is_session_token(&token) {
                        // An account keeps its name.
                        name = old_name;
                        if let Err(e) = crate::accounts::sessions::seen(store.pool(), &token).await
                        {
                            tracing::debug!("the session of {player} is not marked as used: {e}");
                        }
                    } else if owner.as_ref().is_some_and(|o| *o != player) {
                        self.refuse(id, None, owned(&name));
                        return;
                    } else if old_name != name {
                        // The new name is stored before the welcome says it.
                        let rename = Op::RenamePlayer {
                            id: player.clone(),
                            name: name.clone(),
                        };
                        if let Err(e) = store.write(vec![rename]).await {
                            let refusal = match e {
                                StoreError::Fenced(_) => e.refusal(),
                                _ => {
                                    tracing::warn!("the new name of {player} is not stored: {e}");
                                    Refusal::new(ErrorCode::Storage)
                                        .keyed("name_not_stored")
                                        .with("name", &name)
                                }
                            };
                            self.refuse(id, None, refusal);
                            return;
                        }
                    }
                    (player, token)
                }
                Ok(None) => {
                    self.refuse(id, None, ErrorCode::BadToken);
                    return;
                }
                Err(e) => {
                    self.refuse(id, None, e.refusal());
                    return;
                }
            },
            None => {
                let address = crate::addr::client_key(self.peer).to_string();
                let pool = self.state.store.pool();
                if let Some(r) = sanctions::hello_refusal(pool, None, &address).await {
                    self.refuse(id, None, r);
                    return;
                }
                if owner.is_some() {
                    self.refuse(id, None, owned(&name));
                    return;
                }
                // Each hello without a token stores an identity: a few per address and minute.
                if let Err(wait) = self.state.addrs.new_identity(self.peer) {
                    self.refuse(
                        id,
                        None,
                        Refusal::new(ErrorCode::RateLimited)
                            .keyed("too_many_identities")
                            .with("retry_ms", wait.as_millis().max(1)),
                    );
                    return;
                }
                let player = hex::encode(rand::random::<[u8; 8]>());
                let token = hex::encode(rand::random::<[u8; 16]>());
                let op = Op::CreatePlayer {
                    id: player.clone(),
                    token: token.clone(),
                    name: name.clone(),
                };
                if let Err(e) = store.write(vec![op]).await {
                    self.refuse(id, None, e.refusal());
                    return;
                }
                (player, token)
            }
        };
        let address = crate::addr::client_key(self.peer).to_string();
        let pool = self.state.store.pool();
        if let Some(r) = sanctions::hello_refusal(pool, Some(&player), &address).await {
            self.refuse(id, None, r);
            return;
        }
        if let Err(e) = sanctions::note_address(pool, &player, &address).await {
            tracing::debug!("the address of {player} cannot be noted: {e}");
        }
        let conn = Conn::new(
            self.conn_id,
            player.clone(),
            name.clone(),
            lang,
            self.outbox.clone(),
        );
        self.state
            .lobby
            .send(LobbyCmd::Online { conn: conn.clone() });
        let seated = self.state.lobby.seated(player.clone()).await;
        self.send(&ServerMsg::Welcome {
            id,
            protocol: PROTOCOL_VERSION,
            player,
            name,
            token,
            lang,
            seated: seated.iter().map(|h| h.id).collect(),
            games: nimmt_core::registry::descriptors()
                .into_iter()
                .map(|d| {
                    nimmt_core::games::board::options::offered(d, &self.state.config.game_data)
                })
                .collect(),
            nodes: self
                .state
                .cluster
                .as_ref()
                .map(|c| c.other_nodes())
                .unwrap_or_default(),
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
    }

    /// Counts a message against the budget. Over it, the message is dropped and answered with
    /// `rate_limited` (with its id if it has a readable one, else at most once a second) and a
    /// retry hint; a client that kept on is closed (code 4002).
    fn budget(&mut self, text: Option<&str>) -> Budget {
        let wait = match take(&self.budget) {
            Ok(()) => return Budget::Within,
            Err(wait) => wait,
        };
        let id = text.and_then(readable_id);
        let out_of_strikes = self.strikes.check().is_err();
        let now = Instant::now();
        if out_of_strikes
            || id.is_some()
            || self
                .last_budget_error
                .is_none_or(|t| now.duration_since(t) >= Duration::from_secs(1))
        {
            self.last_budget_error = Some(now);
            self.refuse(
                id,
                None,
                Refusal::new(ErrorCode::RateLimited).with("retry_ms", wait.as_millis().max(1)),
            );
        }
        if out_of_strikes {
            self.outbox.close(CloseReason::RateLimited);
            return Budget::Closed;
        }
        Budget::Over
    }
}

/// What the message budget says of a message.
enum Budget {
    /// It is handled.
    Within,
    /// It is dropped (answered `rate_limited`).
    Over,
    /// The client kept on over the budget: the connection closes.
    Closed,
}

/// Delivers the connection's queue to the socket until it closes, then what is still queued
/// (not for a slow reader) and the close frame with its code and reason, within `grace` (a slow
/// reader, whose socket is full, within `slow_grace`: the close frame waits behind what it has
/// not read yet).
async fn deliver(
    mut sink: SplitSink<WebSocket, Message>,
    mut rx: mpsc::Receiver<Frame>,
    outbox: Arc<Outbox>,
    grace: Duration,
    slow_grace: Duration,
) {
    let mut closing = outbox.watch();
    loop {
        let first = tokio::select! {
            biased;
            _ = closing.wait_for(Option::is_some) => break,
            f = rx.recv() => match f {
                Some(f) => f,
                None => break,
            },
        };
        outbox.taken(first.len());
        let write = async {
            // Whatever else is queued goes out with the same flush.
            sink.feed(Message::Text(first)).await?;
            for _ in 1..64 {
                let Ok(f) = rx.try_recv() else { break };
                outbox.taken(f.len());
                sink.feed(Message::Text(f)).await?;
            }
            sink.flush().await
        };
        let written = tokio::select! {
            r = write => r.is_ok(),
            // A slow reader: the socket does not take more, the queue went over its cap. Any
            // other close waits for this write (it may carry `replaced` or a last answer).
            _ = async {
                let reason = *closing.wait_for(Option::is_some).await.expect("outbox lives");
                if reason != Some(CloseReason::SlowReader) {
                    tokio::time::sleep(grace).await;
                }
            } => break,
        };
        if !written {
            outbox.close(CloseReason::Normal);
            break;
        }
    }
    let reason = outbox.closing().unwrap_or(CloseReason::Normal);
    let within = if reason == CloseReason::SlowReader {
        slow_grace
    } else {
        grace
    };
    let _ = tokio::time::timeout(within, async {
        if reason != CloseReason::SlowReader {
            // Deliver what is queued (answers, `rate_limited`, `replaced`), then close.
            while let Ok(f) = rx.try_recv() {
                outbox.taken(f.len());
                if sink.feed(Message::Text(f)).await.is_err() {
                    return;
                }
            }
        }
        let close = CloseFrame {
            code: reason.code(),
            reason: reason.reason().into(),
        };
        let _ = sink.send(Message::Close(Some(close))).await;
    })
    .await;
}

/// Why a read error ends the connection: the socket refuses frames over [`MAX_FRAME_BYTES`]
/// (its capacity error reads "Message too long: SIZE > MAX" or "Frame too long"); other errors
/// (a broken socket, a protocol violation) end it normally.
fn read_error_reason(error: &str) -> CloseReason {
    if error.contains("too long") {
        CloseReason::TooLarge
    } else {
        CloseReason::Normal
    }
}

/// Reads what the client still sends after the close began, until it answers the close frame
/// (or `grace` ends): the socket then ends with a close handshake rather than a reset, which
/// would throw away what the client has not read yet.
async fn drain(stream: &mut SplitStream<WebSocket>, grace: Duration) {
    let _ = tokio::time::timeout(grace, async {
        while let Some(Ok(m)) = stream.next().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// Serves one upgraded WebSocket from `peer` until it closes; `slot` is its place among the
/// address's connections, freed at the end.
pub async fn session(socket: WebSocket, state: AppState, peer: IpAddr, slot: Option<ConnSlot>) {
    let _slot = slot;
    let _counted = crate::metrics::Connection::open();
    let conn_id = state.next_conn.fetch_add(1, Ordering::Relaxed);
    let limits = state.config.limits.clone();
    let (sink, mut stream) = socket.split();
    let (outbox, rx) = Outbox::new(limits.queue, limits.queue_bytes);
    let writer = tokio::spawn(deliver(
        sink,
        rx,
        outbox.clone(),
        limits.close_grace,
        limits.slow_reader_grace,
    ));
    let mut closing = outbox.watch();
    // A connection that does not say hello in time is closed (code 4004).
    let hello_by = Instant::now() + limits.hello_within;
    let mut s = Session {
        state: state.clone(),
        conn_id,
        peer,
        outbox: outbox.clone(),
        conn: None,
        lang: Lang::En,
        tables: HashMap::new(),
        budget: DefaultDirectRateLimiter::direct(quota(limits.burst, limits.per_second)),
        strikes: DefaultDirectRateLimiter::direct(quota(limits.strikes as f64, limits.per_second)),
        chat: DefaultDirectRateLimiter::direct(quota(limits.chat_burst, limits.chat_per_second)),
        last_budget_error: None,
    };
    loop {
        let msg = tokio::select! {
            m = stream.next() => m,
            _ = closing.wait_for(Option::is_some) => break,
            _ = tokio::time::sleep_until(hello_by), if s.conn.is_none() => {
                outbox.close(CloseReason::NoHello);
                break;
            }
        };
        let msg = match msg {
            Some(Ok(m)) => m,
            None => break,
            Some(Err(e)) => {
                tracing::debug!("connection {conn_id}: {e}");
                outbox.close(read_error_reason(&e.to_string()));
                break;
            }
        };
        let text = match msg {
            Message::Text(t) => t,
            Message::Binary(_) => {
                match s.budget(None) {
                    Budget::Closed => break,
                    Budget::Over => continue,
                    Budget::Within => {}
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
        match s.budget(Some(text.as_str())) {
            Budget::Closed => break,
            Budget::Over => continue,
            Budget::Within => s.on_text(text.as_str()).await,
        }
    }
    outbox.close(CloseReason::Normal);
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
    drop(s);
    drain(&mut stream, limits.close_grace).await;
    let _ = writer.await;
}
