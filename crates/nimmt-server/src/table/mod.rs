//! One table: an actor (tokio task) that owns its game, its seats and its log.
//!
//! Everything that changes a table arrives as a [`TableCmd`] and is handled one at a time. A
//! change is stored before anyone hears of it; then each member gets a message built from its
//! own view (`Game::view` for its seat, or as a spectator), with only the events its viewer may
//! see, and the actions its seat may take now.
//!
//! The actor is split by concern: this file holds the actor's state and its command loop;
//! `info` what the table is (settings, stored meta, how it looks from outside); `seats`
//! members, seats and identity; `chat` chat lines and commands; `history` the recent chat kept for
//! whoever joins; `play` starting the game, moves and the messages they cause; `live` the running
//! game as kept in memory; `timers` decision timers (and their deadlines as clients see them) and
//! bot moves; `recent` what just happened, for whoever joins or comes back; `away` what a bot did
//! for an absent player; `abandon` pausing and closing a game nobody is at; `finished` a
//! finished game waiting for its players who were away at its end; `rematch` playing again once
//! the game is over; `persistence` storing, restoring and records. Nothing here knows a
//! particular game: every game comes from
//! `nimmt_core::registry` behind `nimmt_core::Game`.

mod abandon;
mod away;
mod chat;
mod finished;
mod hint;
mod history;
mod info;
mod live;
mod moderate;
mod persistence;
mod play;
mod ratings;
mod recent;
mod rematch;
mod seats;
mod timers;

pub use info::{Meta, SeatMeta, TableOptions};

use crate::bots::SeatBot;
use crate::conn::{Conn, Refusal};
use crate::handles::{LobbyHandle, NewTable, TableCmd, TableHandle};
use crate::store::{Op, Store};
use crate::Config;
use live::Live;
use nimmt_core::Game;
use nimmt_protocol::{ErrorCode, PlayerId, ServerMsg, TableId, TableState};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio::time::{sleep_until, Duration, Instant};

/// A human at the table, seated or watching.
struct Member {
    conn: Option<Conn>,
    name: String,
    seat: Option<usize>,
    /// Since when a seated member is disconnected.
    away_since: Option<Instant>,
    /// Whether the bot already stands in for this absent member.
    standing_in: bool,
}

/// What a seat was asked, and at which version.
#[derive(Clone, Debug, PartialEq)]
struct Asked {
    decision: Value,
    /// The version as of which it is asked: the game's last change (`Table::game_changed_at`).
    /// A move that names an older version answers an older question.
    since: u64,
    deadline: Option<Instant>,
    /// The deadline on the wall clock (milliseconds since the Unix epoch), as clients see it.
    deadline_at: Option<u64>,
    /// Asked in an intervention window (see `Table::window_opens`): an absent player is
    /// answered for at once.
    window: bool,
}

pub struct Table {
    id: TableId,
    meta: Meta,
    state: TableState,
    /// The game as it stands, its setup and its actions, once started.
    game: Option<Live>,
    /// How many actions of the log the public may see (none of a turn not yet revealed).
    public_actions: usize,
    version: u64,
    /// The version of the game's last change (its start or its latest action). A question is
    /// asked as of this version, so a move made on any view of the game as it stands is taken,
    /// also after the table was rebuilt from its log (where connections raised no stored
    /// version).
    game_changed_at: u64,
    members: HashMap<PlayerId, Member>,
    asked: Vec<Option<Asked>>,
    bots: Vec<Option<SeatBot>>,
    bot_due: Option<Instant>,
    store: Store,
    lobby: LobbyHandle,
    config: Arc<Config>,
    /// Since when no human is connected to the running game (see `abandon`).
    empty_since: Option<Instant>,
    /// Set when the table has nobody left and stops.
    closing: bool,
    /// The table's row must be written first (a new table).
    unsaved: bool,
    /// The game is over but its record not stored yet (see `persistence`).
    record_unsaved: bool,
    /// The recent chat lines, for whoever joins or comes back.
    history: history::ChatHistory,
    /// Playing again once the game is over: who asked, who is awaited at a rematch.
    rematch: rematch::Rematch,
    /// By seat: what a bot did for the seat's absent player, told to them when they are back.
    away: Vec<Option<away::AwayLog>>,
    /// The seats' ratings as shown beside their names.
    ratings: ratings::SeatRatings,
    /// A new table: whoever opened it hears once it is stored (see `NewTable::stored`).
    opened: Option<tokio::sync::oneshot::Sender<bool>>,
    /// When the game ended, as this table saw it (see `finished`).
    finished_at: Option<Instant>,
    /// The seat whose action made the game's last change.
    changed_by: Option<usize>,
}

impl Table {
    /// A new table with its creator seated as host.
    pub fn create(
        id: TableId,
        meta: Meta,
        store: Store,
        lobby: LobbyHandle,
        config: Arc<Config>,
    ) -> Table {
        Table {
            id,
            meta,
            state: TableState::Open,
            game: None,
            public_actions: 0,
            version: 1,
            game_changed_at: 0,
            members: HashMap::new(),
            asked: Vec::new(),
            bots: Vec::new(),
            bot_due: None,
            empty_since: None,
            store,
            lobby,
            config,
            closing: false,
            unsaved: true,
            record_unsaved: false,
            history: history::ChatHistory::default(),
            rematch: rematch::Rematch::default(),
            away: Vec::new(),
            ratings: ratings::SeatRatings::default(),
            opened: None,
            finished_at: None,
            changed_by: None,
        }
    }

    /// Checks a request for a new table and starts its actor, the creator seated as host.
    pub fn open(new: NewTable, store: Store, config: Arc<Config>) -> Result<TableHandle, Refusal> {
        let mut table = match new.again {
            Some(again) => Table::again(new.id, again, store, new.lobby, config)?,
            None => {
                let meta = Meta::new(&new.conn, new.game, new.options, new.seats, &config)?;
                Table::create(new.id, meta, store, new.lobby, config).with_member(&new.conn)
            }
        };
        table.opened = new.stored;
        Ok(table.spawn())
    }

    /// The running game, if started.
    fn game(&self) -> Option<&Game> {
        self.game.as_ref().map(Live::game)
    }

    // ---- the actor ----

    pub fn spawn(self) -> TableHandle {
        let (handle, rx) = TableHandle::channel(self.id);
        tokio::spawn(self.run(rx));
        handle
    }

    async fn run(mut self, mut rx: mpsc::Receiver<TableCmd>) {
        if self.unsaved {
            if let Err(e) = self.store.write(vec![self.save_op()]).await {
                tracing::warn!("table {} could not be stored: {e}", self.id);
                self.lobby.closed(self.id);
                return;
            }
            self.unsaved = false;
        }
        self.store_record().await;
        if self.rematch.start_now {
            self.rematch.start_now = false;
            if let Err(r) = self.start().await {
                tracing::warn!("table {}: the rematch could not start: {:?}", self.id, r);
            }
        }
        self.refresh_asked();
        self.broadcast_state();
        self.tell_lobby();
        self.note_presence();
        self.note_finished();
        // Stored, and the lobby told: the opening is acknowledged now.
        if let Some(opened) = self.opened.take() {
            let _ = opened.send(true);
        }
        loop {
            let mut wake = self.next_wake();
            if self.record_unsaved {
                // The record is tried again in a moment.
                let retry = Instant::now() + RECORD_RETRY;
                wake = Some(wake.map_or(retry, |w| w.min(retry)));
            }
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break,
                },
                _ = sleep_until(wake.unwrap_or_else(|| Instant::now() + Duration::from_secs(3600))), if wake.is_some() => {
                    self.on_timers().await;
                }
            }
            self.store_record().await;
            self.note_presence();
            self.note_finished();
            self.refresh_ratings().await;
            if self.closing {
                break;
            }
        }
        self.lobby.closed(self.id);
    }

    async fn handle(&mut self, cmd: TableCmd) {
        match cmd {
            TableCmd::Attach { conn, role, req } => {
                // The state comes first, then the `ack` (clients that wait for the state keep
                // working; clients that match answers by id get one).
                match self.attach(&conn, role).await {
                    Ok(()) => {
                        ack(&conn, req);
                        self.send_recent(&conn);
                        let muted =
                            crate::moderation::mutes::muted_by(self.store.pool(), &conn.player)
                                .await
                                .unwrap_or_default();
                        self.history.send_to(&conn, self.id, &muted);
                    }
                    Err(r) => conn.refuse(req, Some(self.id), &r),
                }
            }
            TableCmd::Detach { player, conn_id } => self.detach(&player, conn_id).await,
            // `leave` sends `left` (once) to the member's connection.
            TableCmd::Leave { conn, req } => match self.leave(&conn.player, false).await {
                Ok(()) => {
                    // The last one out of an open table closes it, stored before the answer.
                    self.check_empty().await;
                    ack(&conn, req)
                }
                Err(r) => conn.refuse(req, Some(self.id), &r),
            },
            TableCmd::Chat { conn, text, req } => match self.chat(&conn, text).await {
                Ok(()) => ack(&conn, req),
                Err(r) => conn.refuse(req, Some(self.id), &r),
            },
            TableCmd::Command { conn, command, req } => {
                match self.typed_command(&conn, command).await {
                    Ok(()) => ack(&conn, req),
                    Err(r) => conn.refuse(req, Some(self.id), &r),
                }
            }
            TableCmd::Act {
                conn,
                version,
                action,
                req,
            } => {
                if let Err(r) = self.human_act(&conn, version, action, req).await {
                    conn.refuse(req, Some(self.id), &r);
                }
            }
            TableCmd::Resync { conn, req } => {
                if self
                    .members
                    .get(&conn.player)
                    .and_then(|m| m.conn.as_ref())
                    .map(|c| c.id)
                    == Some(conn.id)
                {
                    conn.send(&self.state_msg(&conn.player, &self.info()));
                    ack(&conn, req);
                } else {
                    conn.refuse(
                        req,
                        Some(self.id),
                        &Refusal::new(ErrorCode::NotAtTable).with("table", self.id),
                    );
                }
            }
            TableCmd::Record { reply } => {
                let _ = reply.send(self.record_source());
            }
            TableCmd::Moderate { act, reply } => {
                let _ = reply.send(self.moderate(act).await);
            }
        }
        self.check_empty().await;
    }

    /// A table nobody is at any more closes (an open one is dropped, stored as closed before
    /// anyone hears of it; a running one with only absent humans stays to be resumed).
    async fn check_empty(&mut self) {
        if self.closing {
            return;
        }
        let anyone_connected = self.members.values().any(|m| m.conn.is_some());
        let humans_seated = self.meta.seats.iter().any(|s| s.player.is_some());
        match self.state {
            TableState::Open if !anyone_connected && !humans_seated => self.closing = true,
            TableState::Finished
                if !anyone_connected
                    && !self.record_unsaved
                    && self.result_delivered(Instant::now()) =>
            {
                self.closing = true
            }
            _ => {}
        }
        if self.closing && self.state == TableState::Open {
            if let Err(e) = self.store.write(vec![Op::Close { id: self.id }]).await {
                tracing::warn!("table {}: its close could not be stored: {e}", self.id);
            }
        }
    }
}

/// How soon a finished game's record that could not be stored is tried again.
const RECORD_RETRY: Duration = Duration::from_secs(1);

/// Answers a request that has no answer of its own: `ack` with its id, if it has one.
fn ack(conn: &Conn, req: Option<u64>) {
    if let Some(id) = req {
        conn.send(&ServerMsg::Ack { id });
    }
}
