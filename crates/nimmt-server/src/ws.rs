//! One WebSocket connection: reads client messages, checks size, budget and flood rules, and
//! hands each request to the lobby or a table. Outgoing frames come from the actors through a
//! queue; this task only delivers them.
//!
//! - this module: the connection's [`session`] and what it knows of the client;
//! - `requests`: a text frame read and the request handed on; `hello`: the first message;
//! - `budget`: the flood rules; `delivery`: frames out, and the close.

use crate::addr::ConnSlot;
use crate::conn::{frame, Conn, Outbox, Refusal};
use crate::handles::{LobbyCmd, TableCmd, TableHandle};
use crate::limits::quota;
use crate::state::AppState;
use axum::extract::ws::{Message, WebSocket};
use futures_util::StreamExt;
use governor::DefaultDirectRateLimiter;
use nimmt_protocol::{CloseReason, ErrorCode, Lang, ServerMsg, TableId};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tokio::time::Instant;

mod bots;
mod budget;
mod delivery;
mod friends;
mod hello;
mod requests;

use budget::Budget;
use delivery::{deliver, drain, read_error_reason};

/// Frames larger than this close the socket (code 1009); frames above [`MAX_MESSAGE_BYTES`] and
/// up to this get `too_large`.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;

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
    /// Counted in `/metrics` under its kind while it lives.
    counted: crate::metrics::Connection,
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
}

/// Serves one upgraded WebSocket from `peer` until it closes; `slot` is its place among the
/// address's connections, freed at the end.
pub async fn session(socket: WebSocket, state: AppState, peer: IpAddr, slot: Option<ConnSlot>) {
    let _slot = slot;
    let (_open, mut restarting) = state.sessions.open();
    let conn_id = state.next_conn.fetch_add(1, Ordering::Relaxed);
    let limits = state.config.limits.clone();
    let (sink, mut stream) = socket.split();
    let (outbox, rx) = Outbox::new(limits.queue, limits.queue_bytes);
    // A wrong invitation code counts against the client's address.
    let guesses = state.addrs.guesses.clone();
    outbox.count_wrong_invites(crate::conn::WrongInvite(Box::new(move || {
        guesses.wrong(peer)
    })));
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
        counted: crate::metrics::Connection::open(),
    };
    loop {
        let msg = tokio::select! {
            m = stream.next() => m,
            _ = closing.wait_for(Option::is_some) => break,
            _ = restarting.wait_for(|r| *r) => {
                outbox.close(CloseReason::Restarting);
                break;
            }
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
    // The lobby hears first, so a table that waits for this player's move once they left
    // finds them offline (and their notification channels tell them).
    if let Some(conn) = &s.conn {
        s.state.lobby.send(LobbyCmd::Offline {
            player: conn.player.clone(),
            conn_id,
        });
        for h in s.tables.values() {
            h.send(TableCmd::Detach {
                player: conn.player.clone(),
                conn_id,
            })
            .await;
        }
    }
    drop(s);
    drain(
        &mut stream,
        writer,
        &outbox,
        limits.close_grace,
        limits.slow_reader_grace,
    )
    .await;
}
