//! One table: an actor (tokio task) that owns its game, its seats and its log.
//!
//! Everything that changes a table arrives as a [`TableCmd`] and is handled one at a time. A
//! change is stored before anyone hears of it; then each member gets a message built from its
//! own view (`Game::view` for its seat, or as a spectator), with only the events its viewer may
//! see.

use crate::bots;
use crate::bots::SeatBot;
use crate::commands::{self, Command, When, Who};
use crate::conn::{frame, Conn, Refusal};
use crate::lobby::LobbyHandle;
use crate::store::{Op, Store, StoredTable};
use crate::Config;
use nimmt_core::record::{RecordedAction, RECORD_FORMAT};
use nimmt_core::{ActionError, Game, GameKind, OptionMap, Seat, Setup, Viewer};
use nimmt_protocol::{
    ErrorCode, Lang, PlayerId, Role, SeatInfo, SeatKind, ServerMsg, TableId, TableInfo, TableState,
    Text, You,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{sleep_until, Duration, Instant};

/// What a table actor is asked to do.
pub enum TableCmd {
    /// Join (as player or spectator), or come back: a member who is already at the table gets
    /// a full state, and a new connection of the same identity replaces the old one.
    Attach {
        conn: Conn,
        role: Role,
        req: Option<u64>,
    },
    /// The connection closed.
    Detach {
        player: PlayerId,
        conn_id: u64,
    },
    Leave {
        conn: Conn,
        req: Option<u64>,
    },
    Chat {
        conn: Conn,
        text: String,
        req: Option<u64>,
    },
    Act {
        conn: Conn,
        version: u64,
        action: Value,
        req: Option<u64>,
    },
    Resync {
        conn: Conn,
    },
    /// The game record as the public may see it now.
    Record {
        reply: oneshot::Sender<Value>,
    },
}

/// The way to reach a table actor.
#[derive(Clone, Debug)]
pub struct TableHandle {
    pub id: TableId,
    tx: mpsc::Sender<TableCmd>,
}

impl TableHandle {
    /// Sends a command; `false` if the table has closed.
    pub async fn send(&self, cmd: TableCmd) -> bool {
        self.tx.send(cmd).await.is_ok()
    }

    pub async fn record(&self) -> Option<Value> {
        let (reply, rx) = oneshot::channel();
        if !self.send(TableCmd::Record { reply }).await {
            return None;
        }
        rx.await.ok()
    }
}

/// Table settings that are not game options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableOptions {
    /// Seconds per decision before the bot decides; 0 = no timer.
    pub timer: u64,
    /// Seconds a disconnected player keeps the seat before a bot plays for them.
    pub reconnect: u64,
}

impl TableOptions {
    pub const KEYS: [&'static str; 2] = ["timer", "reconnect"];

    pub fn to_map(&self) -> BTreeMap<String, String> {
        BTreeMap::from([
            ("timer".to_owned(), self.timer.to_string()),
            ("reconnect".to_owned(), self.reconnect.to_string()),
        ])
    }

    /// Sets one table option; `Err` names what is expected.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let n: u64 = value.parse().ok().filter(|&n| n <= 3600).ok_or_else(|| {
            format!("bad value {value:?} for option {key}: expected seconds from 0 to 3600")
        })?;
        match key {
            "timer" => self.timer = n,
            "reconnect" => self.reconnect = n,
            _ => return Err(format!("unknown table option {key:?}")),
        }
        Ok(())
    }
}

/// The stored part of a table (JSON in `nimmt_tables.meta`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Meta {
    pub game: GameKind,
    pub options: OptionMap,
    pub table_options: TableOptions,
    pub max_seats: usize,
    pub host: Option<PlayerId>,
    pub seats: Vec<SeatMeta>,
    #[serde(default)]
    pub bots_added: u32,
}

/// A seat: a human (`player`) or a bot (`bot` = its level). A human who leaves a running game
/// leaves `player` empty and a bot takes the seat.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatMeta {
    pub player: Option<PlayerId>,
    pub name: String,
    pub bot: Option<String>,
}

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
    since: u64,
    deadline: Option<Instant>,
}

pub struct Table {
    id: TableId,
    meta: Meta,
    state: TableState,
    game: Option<Game>,
    setup: Option<Setup>,
    actions: Vec<RecordedAction>,
    /// How many actions of the log the public may see (none of a turn not yet revealed).
    public_actions: usize,
    version: u64,
    members: HashMap<PlayerId, Member>,
    asked: Vec<Option<Asked>>,
    bots: Vec<Option<SeatBot>>,
    bot_due: Option<Instant>,
    store: Store,
    lobby: LobbyHandle,
    config: Arc<Config>,
    /// Set when the table has nobody left and stops.
    closing: bool,
    /// The table's row must be written first (a new table).
    unsaved: bool,
}

/// A move from a human's request, for the acknowledgement.
struct Origin {
    player: PlayerId,
    req: Option<u64>,
}

fn refusal_of(e: &ActionError) -> Refusal {
    match e {
        ActionError::NotAsked { .. } | ActionError::AlreadyChosen { .. } => {
            Refusal::new(ErrorCode::NotYourTurn)
        }
        ActionError::GameOver => Refusal::new(ErrorCode::GameOver),
        ActionError::Malformed { reason } => {
            Refusal::new(ErrorCode::Malformed).with("reason", reason)
        }
        other => Refusal::new(ErrorCode::IllegalAction)
            .with("reason", other.to_string())
            .with("rule", other.code()),
    }
}

/// The view of `viewer` as JSON text, serialized from the typed view.
fn view_json(game: &Game, viewer: Viewer) -> String {
    game.view(viewer).to_string()
}

/// The seats a game kind takes.
pub fn players_range(kind: GameKind) -> (usize, usize) {
    nimmt_core::registry::find(kind.name()).map_or((0, 0), |g| g.descriptor().players)
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
            setup: None,
            actions: Vec::new(),
            public_actions: 0,
            version: 1,
            members: HashMap::new(),
            asked: Vec::new(),
            bots: Vec::new(),
            bot_due: None,
            store,
            lobby,
            config,
            closing: false,
            unsaved: true,
        }
    }

    /// Rebuilds a stored table: its setup and every logged action replayed.
    pub fn restore(
        stored: StoredTable,
        store: Store,
        lobby: LobbyHandle,
        config: Arc<Config>,
    ) -> anyhow::Result<Table> {
        let meta: Meta = serde_json::from_str(&stored.meta)?;
        let state = TableState::parse(&stored.state)
            .ok_or_else(|| anyhow::anyhow!("bad state {}", stored.state))?;
        let mut t = Table::create(stored.id, meta, store, lobby, config);
        t.unsaved = false;
        t.state = state;
        t.version = stored.version;
        if let Some(setup) = &stored.setup {
            let setup: Setup = serde_json::from_str(setup)?;
            let mut game = Game::new(&setup)?;
            for (i, (seat, action, version)) in stored.actions.iter().enumerate() {
                let action: Value = serde_json::from_str(action)?;
                game.act(Seat(*seat), &action).map_err(|e| {
                    anyhow::anyhow!("table {}: logged action {i} is refused: {e}", stored.id)
                })?;
                t.actions.push(RecordedAction {
                    seat: Seat(*seat),
                    action,
                });
                t.version = t.version.max(*version);
                if game.log_is_public() {
                    t.public_actions = t.actions.len();
                }
            }
            if game.is_over() {
                t.state = TableState::Finished;
            }
            t.game = Some(game);
            t.setup = Some(setup);
        }
        let now = Instant::now();
        for (i, s) in t.meta.seats.iter().enumerate() {
            if let Some(p) = &s.player {
                t.members.insert(
                    p.clone(),
                    Member {
                        conn: None,
                        name: s.name.clone(),
                        seat: Some(i),
                        away_since: Some(now),
                        standing_in: false,
                    },
                );
            }
        }
        t.version += 1;
        Ok(t)
    }

    /// The table's creator, connected, as its first member.
    pub fn with_member(mut self, conn: &Conn) -> Table {
        let seat = self
            .meta
            .seats
            .iter()
            .position(|s| s.player.as_ref() == Some(&conn.player));
        self.members.insert(
            conn.player.clone(),
            Member {
                conn: Some(conn.clone()),
                name: conn.name.clone(),
                seat,
                away_since: None,
                standing_in: false,
            },
        );
        self
    }

    /// Human players seated here (for the lobby's "where do I sit").
    pub fn seated_players(&self) -> Vec<PlayerId> {
        self.meta
            .seats
            .iter()
            .filter_map(|s| s.player.clone())
            .collect()
    }

    pub fn info(&self) -> TableInfo {
        let now = Instant::now();
        TableInfo {
            id: self.id,
            game: self.meta.game,
            options: match &self.setup {
                Some(s) => s.options.clone(),
                None => self.meta.options.clone(),
            },
            table_options: self.meta.table_options.to_map(),
            max_seats: self.meta.max_seats,
            seats: self
                .meta
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let member = s.player.as_ref().and_then(|p| self.members.get(p));
                    SeatInfo {
                        seat: Seat(i as u8),
                        name: s.name.clone(),
                        kind: if s.player.is_some() {
                            SeatKind::Human
                        } else {
                            SeatKind::Bot
                        },
                        level: s.bot.clone().filter(|_| s.player.is_none()),
                        connected: s.player.is_none() || member.is_some_and(|m| m.conn.is_some()),
                        bot_standing_in: s.player.is_some() && self.stand_in(i, now),
                    }
                })
                .collect(),
            spectators: self.members.values().filter(|m| m.seat.is_none()).count(),
            host: self
                .meta
                .host
                .as_ref()
                .and_then(|h| self.members.get(h))
                .map(|m| m.name.clone()),
            state: self.state,
        }
    }

    fn meta_json(&self) -> String {
        serde_json::to_string(&self.meta).expect("meta serializes")
    }

    fn save_op(&self) -> Op {
        Op::SaveTable {
            id: self.id,
            game: self.meta.game.name().to_owned(),
            state: self.state.name().to_owned(),
            meta: self.meta_json(),
            version: self.version,
        }
    }

    /// Whether a bot plays seat `i` now: a bot seat, or a human away longer than the window.
    fn stand_in(&self, i: usize, now: Instant) -> bool {
        let Some(seat) = self.meta.seats.get(i) else {
            return false;
        };
        match &seat.player {
            None => true,
            Some(p) => match self.members.get(p) {
                None => true,
                Some(m) => {
                    m.conn.is_none()
                        && (m.standing_in
                            || m.away_since.is_some_and(|t| now >= t + self.reconnect()))
                }
            },
        }
    }

    fn reconnect(&self) -> Duration {
        Duration::from_secs(self.meta.table_options.reconnect)
    }

    fn seat_name(&self, i: usize) -> String {
        self.meta
            .seats
            .get(i)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }

    fn viewer_of(m: &Member) -> Viewer {
        match m.seat {
            Some(s) => Viewer::Seat(Seat(s as u8)),
            None => Viewer::Spectator,
        }
    }

    fn you(&self, player: &PlayerId) -> You {
        let m = self.members.get(player);
        You {
            role: if m.and_then(|m| m.seat).is_some() {
                Role::Player
            } else {
                Role::Spectator
            },
            seat: m.and_then(|m| m.seat).map(|s| Seat(s as u8)),
            host: self.meta.host.as_ref() == Some(player),
        }
    }

    fn state_msg(&self, player: &PlayerId, info: &TableInfo) -> ServerMsg {
        let viewer = self
            .members
            .get(player)
            .map(Self::viewer_of)
            .unwrap_or(Viewer::Spectator);
        ServerMsg::State {
            table: info.clone(),
            version: self.version,
            you: self.you(player),
            view: self.game.as_ref().map(|g| g.view(viewer)),
            legal: match (&self.game, viewer.seat()) {
                (Some(g), Some(seat)) => g.legal_actions(seat),
                _ => Vec::new(),
            },
        }
    }

    /// A full state to every connected member (after seats, options or state changed).
    fn broadcast_state(&self) {
        let info = self.info();
        for (p, m) in &self.members {
            if let Some(c) = &m.conn {
                c.send(&self.state_msg(p, &info));
            }
        }
    }

    /// A notice to every connected member, each in its own language.
    fn notice_all(&self, key: &str, params: Vec<(&str, String)>) {
        let mut cache: HashMap<Lang, crate::conn::Frame> = HashMap::new();
        for m in self.members.values() {
            if let Some(c) = &m.conn {
                let f = cache.entry(c.lang).or_insert_with(|| {
                    frame(&ServerMsg::Notice {
                        table: Some(self.id),
                        text: Text::new(c.lang, key, params.iter().map(|(k, v)| (*k, v.clone()))),
                    })
                });
                c.send_frame(f.clone());
            }
        }
    }

    fn tell_lobby(&self) {
        self.lobby.changed(self.info(), self.seated_players());
    }

    /// Stores a change of seats/options/state; on failure nothing changes.
    async fn save_meta(&mut self, before: Meta) -> Result<(), Refusal> {
        self.version += 1;
        match self.store.write(vec![self.save_op()]).await {
            Ok(()) => Ok(()),
            Err(_) => {
                self.meta = before;
                self.version -= 1;
                Err(Refusal::new(ErrorCode::Storage))
            }
        }
    }

    /// After seats, options or state changed and were stored: everyone and the lobby hear.
    fn changed(&mut self) {
        self.broadcast_state();
        self.tell_lobby();
        self.refresh_asked();
    }

    // ---- the actor ----

    pub fn spawn(self) -> TableHandle {
        let (tx, rx) = mpsc::channel(256);
        let handle = TableHandle { id: self.id, tx };
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
        self.refresh_asked();
        self.broadcast_state();
        self.tell_lobby();
        loop {
            let wake = self.next_wake();
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break,
                },
                _ = sleep_until(wake.unwrap_or_else(|| Instant::now() + Duration::from_secs(3600))), if wake.is_some() => {
                    self.on_timers().await;
                }
            }
            if self.closing {
                break;
            }
        }
        self.lobby.closed(self.id);
    }

    async fn handle(&mut self, cmd: TableCmd) {
        match cmd {
            TableCmd::Attach { conn, role, req } => {
                if let Err(r) = self.attach(&conn, role).await {
                    conn.refuse(req, Some(self.id), &r);
                }
            }
            TableCmd::Detach { player, conn_id } => self.detach(&player, conn_id).await,
            TableCmd::Leave { conn, req } => match self.leave(&conn.player, false).await {
                Ok(()) => {
                    conn.send(&ServerMsg::Left { table: self.id });
                    if let Some(id) = req {
                        conn.send(&ServerMsg::Ack { id });
                    }
                }
                Err(r) => conn.refuse(req, Some(self.id), &r),
            },
            TableCmd::Chat { conn, text, req } => {
                if let Err(r) = self.chat(&conn, text).await {
                    conn.refuse(req, Some(self.id), &r);
                } else if let Some(id) = req {
                    conn.send(&ServerMsg::Ack { id });
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
            TableCmd::Resync { conn } => {
                if self
                    .members
                    .get(&conn.player)
                    .and_then(|m| m.conn.as_ref())
                    .map(|c| c.id)
                    == Some(conn.id)
                {
                    conn.send(&self.state_msg(&conn.player, &self.info()));
                } else {
                    conn.refuse(
                        None,
                        Some(self.id),
                        &Refusal::new(ErrorCode::NotAtTable).with("table", self.id),
                    );
                }
            }
            TableCmd::Record { reply } => {
                let _ = reply.send(self.public_record());
            }
        }
        self.check_empty();
    }

    /// A table nobody is at any more closes (an open one is dropped; a running one with only
    /// absent humans stays to be resumed).
    fn check_empty(&mut self) {
        let anyone_connected = self.members.values().any(|m| m.conn.is_some());
        let humans_seated = self.meta.seats.iter().any(|s| s.player.is_some());
        match self.state {
            TableState::Open if !anyone_connected && !humans_seated => self.closing = true,
            TableState::Finished if !anyone_connected => self.closing = true,
            _ => {}
        }
        if self.closing && self.state == TableState::Open {
            let store = self.store.clone();
            let id = self.id;
            tokio::spawn(async move {
                let _ = store.write(vec![Op::Close { id }]).await;
            });
        }
    }

    // ---- membership ----

    fn name_taken(&self, name: &str, except: &PlayerId) -> bool {
        let lower = name.to_lowercase();
        self.meta
            .seats
            .iter()
            .any(|s| s.name.to_lowercase() == lower && s.player.as_ref() != Some(except))
            || self
                .members
                .iter()
                .any(|(p, m)| p != except && m.name.to_lowercase() == lower)
    }

    async fn attach(&mut self, conn: &Conn, role: Role) -> Result<(), Refusal> {
        if let Some(m) = self.members.get_mut(&conn.player) {
            // Back (reconnection) or again (a second join): this connection takes over.
            if let Some(old) = m.conn.replace(conn.clone()) {
                if old.id != conn.id {
                    old.send(&ServerMsg::Replaced);
                    old.close();
                }
            }
            let was_away = m.away_since.take().is_some();
            let seated = m.seat.is_some();
            m.standing_in = false;
            if role == Role::Player && !seated {
                return self.sit(conn).await;
            }
            if was_away {
                self.version += 1;
                self.notice_all("back", vec![("name", conn.name.clone())]);
                self.changed();
            } else {
                conn.send(&self.state_msg(&conn.player, &self.info()));
            }
            return Ok(());
        }
        // A newcomer becomes a member (watching) first; a player then sits down.
        if self.name_taken(&conn.name, &conn.player) {
            return Err(Refusal::new(ErrorCode::NameTaken).with("name", &conn.name));
        }
        self.members.insert(
            conn.player.clone(),
            Member {
                conn: Some(conn.clone()),
                name: conn.name.clone(),
                seat: None,
                away_since: None,
                standing_in: false,
            },
        );
        match role {
            Role::Spectator => {
                self.version += 1;
                self.notice_all("watching", vec![("name", conn.name.clone())]);
                self.changed();
                Ok(())
            }
            Role::Player => {
                let r = self.sit(conn).await;
                if r.is_err() {
                    self.members.remove(&conn.player);
                }
                r
            }
        }
    }

    /// A member (watching) sits down.
    async fn sit(&mut self, conn: &Conn) -> Result<(), Refusal> {
        if self.state != TableState::Open {
            return Err(Refusal::new(ErrorCode::AlreadyStarted));
        }
        if self.meta.seats.len() >= self.meta.max_seats {
            return Err(Refusal::new(ErrorCode::TableFull).with("max", self.meta.max_seats));
        }
        if self
            .meta
            .seats
            .iter()
            .any(|s| s.player.as_ref() == Some(&conn.player))
        {
            return Err(Refusal::new(ErrorCode::AlreadySeated));
        }
        let before = self.meta.clone();
        self.meta.seats.push(SeatMeta {
            player: Some(conn.player.clone()),
            name: conn.name.clone(),
            bot: None,
        });
        if self.meta.host.is_none() {
            self.meta.host = Some(conn.player.clone());
        }
        self.save_meta(before).await?;
        let seat = self.meta.seats.len() - 1;
        if let Some(m) = self.members.get_mut(&conn.player) {
            m.seat = Some(seat);
        }
        self.notice_all(
            "joined",
            vec![
                ("name", conn.name.clone()),
                ("seat", (seat + 1).to_string()),
            ],
        );
        self.changed();
        Ok(())
    }

    async fn detach(&mut self, player: &PlayerId, conn_id: u64) {
        let Some(m) = self.members.get_mut(player) else {
            return;
        };
        if m.conn.as_ref().map(|c| c.id) != Some(conn_id) {
            return; // an older connection, already replaced
        }
        m.conn = None;
        if m.seat.is_some() {
            m.away_since = Some(Instant::now());
            let name = m.name.clone();
            self.version += 1;
            self.notice_all("disconnected", vec![("name", name)]);
            self.changed();
        } else {
            self.members.remove(player);
            self.version += 1;
            self.changed();
        }
    }

    /// A member leaves the table (`keep_watching`: gives up the seat only). In a running game a
    /// bot takes the seat.
    async fn leave(&mut self, player: &PlayerId, keep_watching: bool) -> Result<(), Refusal> {
        let Some(m) = self.members.get(player) else {
            return Err(Refusal::new(ErrorCode::NotAtTable).with("table", self.id));
        };
        let name = m.name.clone();
        let seat = m.seat;
        let host_before = self.meta.host.clone();
        if self.meta.host.as_ref() == Some(player) && seat.is_none() {
            self.meta.host = self.next_host(player);
        }
        if let Some(i) = seat {
            let before = self.meta.clone();
            if self.state == TableState::Open {
                self.meta.seats.remove(i);
            } else {
                let s = &mut self.meta.seats[i];
                s.player = None;
                s.bot = Some(bots::STAND_IN.to_owned());
            }
            if self.meta.host.as_ref() == Some(player) {
                self.meta.host = self.next_host(player);
            }
            self.save_meta(before).await?;
            if self.state == TableState::Open {
                // Seats after the freed one move up.
                for m in self.members.values_mut() {
                    if let Some(s) = m.seat.as_mut() {
                        if *s > i {
                            *s -= 1;
                        }
                    }
                }
            }
        } else {
            self.version += 1;
        }
        if keep_watching {
            if let Some(m) = self.members.get_mut(player) {
                m.seat = None;
                m.away_since = None;
            }
            self.notice_all("left_seat", vec![("name", name)]);
        } else {
            let m = self.members.remove(player);
            if let Some(c) = m.and_then(|m| m.conn) {
                c.send(&ServerMsg::Left { table: self.id });
            }
            self.notice_all("left_table", vec![("name", name)]);
        }
        if seat.is_some() && self.state == TableState::Playing {
            self.notice_all(
                "bot_took_seat",
                vec![("name", self.seat_name(seat.unwrap_or(0)))],
            );
        }
        if host_before != self.meta.host {
            if let Some(name) = self
                .meta
                .host
                .as_ref()
                .and_then(|h| self.members.get(h))
                .map(|m| m.name.clone())
            {
                self.notice_all("host_is", vec![("name", name)]);
            }
        }
        self.changed();
        Ok(())
    }

    /// The next seated human after `leaving`, to be host.
    fn next_host(&self, leaving: &PlayerId) -> Option<PlayerId> {
        self.meta
            .seats
            .iter()
            .filter_map(|s| s.player.clone())
            .find(|p| p != leaving)
            .or_else(|| self.members.keys().find(|p| *p != leaving).cloned())
    }

    // ---- chat and commands ----

    async fn chat(&mut self, conn: &Conn, text: String) -> Result<(), Refusal> {
        if !self.members.contains_key(&conn.player) {
            return Err(Refusal::new(ErrorCode::NotAtTable).with("table", self.id));
        }
        if text.trim_start().starts_with('/') {
            return self.command(conn, &text).await;
        }
        let f = frame(&ServerMsg::Chat {
            table: Some(self.id),
            from: conn.name.clone(),
            text,
        });
        for m in self.members.values() {
            if let Some(c) = &m.conn {
                c.send_frame(f.clone());
            }
        }
        Ok(())
    }

    async fn command(&mut self, conn: &Conn, line: &str) -> Result<(), Refusal> {
        let (spec, cmd) = commands::parse(line).map_err(|e| match e {
            commands::ParseError::Unknown(c) => {
                Refusal::new(ErrorCode::UnknownCommand).with("command", c)
            }
            commands::ParseError::Usage(u) => Refusal::new(ErrorCode::BadCommand).with("usage", u),
        })?;
        let seated = self
            .members
            .get(&conn.player)
            .is_some_and(|m| m.seat.is_some());
        let host = self.meta.host.as_ref() == Some(&conn.player);
        match spec.who {
            Who::Anyone => {}
            Who::Seated if !seated => return Err(Refusal::new(ErrorCode::NotSeated)),
            Who::Host if !host => return Err(Refusal::new(ErrorCode::NotHost)),
            _ => {}
        }
        if spec.when == When::BeforeStart && self.state != TableState::Open {
            return Err(Refusal::new(ErrorCode::AlreadyStarted));
        }
        match cmd {
            Command::Join => {
                if seated {
                    return Err(Refusal::new(ErrorCode::AlreadySeated));
                }
                self.sit(conn).await
            }
            Command::Leave => self.leave(&conn.player, true).await,
            Command::Start => self.start().await,
            Command::Option { key, value } => self.set_option(&key, &value).await,
            Command::BotAdd { level } => self.bot_add(level).await,
            Command::BotRemove => self.bot_remove().await,
            Command::Kick { name } => self.kick(conn, &name).await,
            Command::Who => {
                let players: Vec<String> = self
                    .meta
                    .seats
                    .iter()
                    .map(|s| match &s.player {
                        Some(_) => s.name.clone(),
                        None => format!("{} (bot)", s.name),
                    })
                    .collect();
                let watching: Vec<String> = self
                    .members
                    .values()
                    .filter(|m| m.seat.is_none())
                    .map(|m| m.name.clone())
                    .collect();
                let none = Text::new(conn.lang, "nobody", []).text;
                conn.notice(
                    Some(self.id),
                    "who",
                    vec![
                        (
                            "players",
                            if players.is_empty() {
                                none.clone()
                            } else {
                                players.join(", ")
                            },
                        ),
                        (
                            "spectators",
                            if watching.is_empty() {
                                none
                            } else {
                                watching.join(", ")
                            },
                        ),
                    ],
                );
                Ok(())
            }
            Command::Help => {
                conn.notice(
                    Some(self.id),
                    "help",
                    vec![("commands", commands::help(conn.lang))],
                );
                Ok(())
            }
        }
    }

    async fn set_option(&mut self, key: &str, value: &str) -> Result<(), Refusal> {
        let before = self.meta.clone();
        if TableOptions::KEYS.contains(&key) {
            self.meta
                .table_options
                .set(key, value)
                .map_err(|reason| Refusal::new(ErrorCode::BadOptions).with("reason", reason))?;
        } else {
            let mut options = self.meta.options.clone();
            options.set(key, value);
            let (min, _) = players_range(self.meta.game);
            Game::check_options(self.meta.game, self.meta.seats.len().max(min), &options)
                .map_err(|e| Refusal::new(ErrorCode::BadOptions).with("reason", e))?;
            self.meta.options = options;
        }
        self.save_meta(before).await?;
        self.notice_all(
            "option_set",
            vec![("key", key.to_owned()), ("value", value.to_owned())],
        );
        self.changed();
        Ok(())
    }

    async fn bot_add(&mut self, level: Option<String>) -> Result<(), Refusal> {
        let asked = level.unwrap_or_else(|| bots::LEVELS[0].to_owned());
        let Some(level) = bots::check_level(self.meta.game, &asked) else {
            return Err(Refusal::new(ErrorCode::UnknownBot)
                .with("level", &asked)
                .with("levels", bots::LEVELS.join(", ")));
        };
        if self.meta.seats.len() >= self.meta.max_seats {
            return Err(Refusal::new(ErrorCode::TableFull).with("max", self.meta.max_seats));
        }
        let before = self.meta.clone();
        let mut n = self.meta.bots_added + 1;
        while self.name_taken(&format!("Bot {n}"), &String::new()) {
            n += 1;
        }
        self.meta.bots_added = n;
        let name = format!("Bot {n}");
        self.meta.seats.push(SeatMeta {
            player: None,
            name: name.clone(),
            bot: Some(level.clone()),
        });
        self.save_meta(before).await?;
        self.notice_all("bot_added", vec![("name", name), ("level", level)]);
        self.changed();
        Ok(())
    }

    /// Removes seat `i` (stored first); the members behind it move up one seat.
    async fn remove_seat(&mut self, i: usize) -> Result<SeatMeta, Refusal> {
        let before = self.meta.clone();
        let seat = self.meta.seats.remove(i);
        self.save_meta(before).await?;
        for m in self.members.values_mut() {
            if let Some(s) = m.seat.as_mut() {
                if *s > i {
                    *s -= 1;
                }
            }
        }
        Ok(seat)
    }

    async fn bot_remove(&mut self) -> Result<(), Refusal> {
        let Some(i) = self.meta.seats.iter().rposition(|s| s.player.is_none()) else {
            return Err(Refusal::new(ErrorCode::NoSuchPlayer).with("name", "bot"));
        };
        let seat = self.remove_seat(i).await?;
        self.notice_all("bot_removed", vec![("name", seat.name)]);
        self.changed();
        Ok(())
    }

    async fn kick(&mut self, by: &Conn, name: &str) -> Result<(), Refusal> {
        let lower = name.to_lowercase();
        // A bot seat before the start.
        if let Some(i) = self
            .meta
            .seats
            .iter()
            .position(|s| s.player.is_none() && s.name.to_lowercase() == lower)
        {
            if self.state != TableState::Open {
                return Err(Refusal::new(ErrorCode::AlreadyStarted));
            }
            let seat = self.remove_seat(i).await?;
            self.notice_all("kicked", vec![("name", seat.name), ("by", by.name.clone())]);
            self.changed();
            return Ok(());
        }
        let Some(target) = self
            .members
            .iter()
            .find(|(_, m)| m.name.to_lowercase() == lower)
            .map(|(p, _)| p.clone())
        else {
            return Err(Refusal::new(ErrorCode::NoSuchPlayer).with("name", name));
        };
        if target == by.player {
            return Err(
                Refusal::new(ErrorCode::BadCommand).with("usage", "/kick NAME (not yourself)")
            );
        }
        let target_name = self
            .members
            .get(&target)
            .map(|m| m.name.clone())
            .unwrap_or_default();
        self.notice_all(
            "kicked",
            vec![("name", target_name), ("by", by.name.clone())],
        );
        self.leave(&target, false).await
    }

    // ---- the game ----

    async fn start(&mut self) -> Result<(), Refusal> {
        let players = self.meta.seats.len();
        let setup = Setup::new(
            self.meta.game,
            players,
            self.meta.options.clone(),
            rand::random(),
        );
        let game =
            Game::new(&setup).map_err(|e| Refusal::new(ErrorCode::BadOptions).with("reason", e))?;
        let setup = Setup {
            options: game.options_map(),
            ..setup
        };
        self.version += 1;
        let op = Op::Start {
            id: self.id,
            meta: self.meta_json(),
            setup: serde_json::to_string(&setup).expect("setup serializes"),
            version: self.version,
        };
        if self.store.write(vec![op]).await.is_err() {
            self.version -= 1;
            return Err(Refusal::new(ErrorCode::Storage));
        }
        self.game = Some(game);
        self.setup = Some(setup);
        self.state = TableState::Playing;
        self.notice_all("started", vec![("players", players.to_string())]);
        self.changed();
        Ok(())
    }

    async fn human_act(
        &mut self,
        conn: &Conn,
        version: u64,
        action: Value,
        req: Option<u64>,
    ) -> Result<(), Refusal> {
        let Some(m) = self.members.get(&conn.player) else {
            return Err(Refusal::new(ErrorCode::NotAtTable).with("table", self.id));
        };
        if m.conn.as_ref().map(|c| c.id) != Some(conn.id) {
            return Err(Refusal::new(ErrorCode::NotAtTable).with("table", self.id));
        }
        let Some(seat) = m.seat else {
            return Err(Refusal::new(ErrorCode::NotSeated));
        };
        match self.state {
            TableState::Open => return Err(Refusal::new(ErrorCode::NotStarted)),
            TableState::Finished => return Err(Refusal::new(ErrorCode::GameOver)),
            TableState::Playing => {}
        }
        let stale = || {
            Refusal::new(ErrorCode::Stale)
                .with("version", version)
                .with("current", self.version)
        };
        if version > self.version {
            return Err(stale());
        }
        match &self.asked.get(seat).cloned().flatten() {
            None => return Err(Refusal::new(ErrorCode::NotYourTurn)),
            Some(a) if version < a.since => return Err(stale()),
            Some(_) => {}
        }
        self.apply(
            Seat(seat as u8),
            action,
            Some(Origin {
                player: conn.player.clone(),
                req,
            }),
        )
        .await
    }

    /// Checks an action, stores it, then tells everyone. On any refusal nothing changed.
    async fn apply(
        &mut self,
        seat: Seat,
        action: Value,
        origin: Option<Origin>,
    ) -> Result<(), Refusal> {
        let Some(game) = self.game.as_mut() else {
            return Err(Refusal::new(ErrorCode::NotStarted));
        };
        // The rules check first and change nothing on a refusal.
        let events = game.act(seat, &action).map_err(|e| refusal_of(&e))?;
        let version = self.version + 1;
        let mut ops = vec![Op::Action {
            table: self.id,
            idx: self.actions.len() as u64,
            seat: seat.0,
            action: action.to_string(),
            version,
        }];
        let over = game.is_over();
        self.actions.push(RecordedAction { seat, action });
        if over {
            let game = self.game.as_ref().expect("running");
            let record = self.full_record(game, self.actions.clone());
            ops.push(Op::Finish {
                id: self.id,
                record: record.to_string(),
                version,
            });
        }
        // Durable before anyone hears of it.
        if self.store.write(ops).await.is_err() {
            // Not stored: undo by rebuilding the game from its setup and stored log.
            self.actions.pop();
            self.rebuild();
            return Err(Refusal::new(ErrorCode::Storage));
        }
        self.version = version;
        // The seat answered its question: whatever it is asked next is a new question (with a
        // new version and a fresh timer), even if it is again "play a card".
        if let Some(a) = self.asked.get_mut(seat.index()) {
            *a = None;
        }
        let game = self.game.as_ref().expect("running");
        if game.log_is_public() {
            self.public_actions = self.actions.len();
        }
        // Each member: the events its viewer may see, and its view, written straight from the
        // typed view into one frame per member (the same JSON as `ServerMsg::Update`).
        let events: Vec<(&nimmt_core::Audience, String)> = events
            .iter()
            .map(|e| (&e.to, e.event.to_string()))
            .collect();
        let spectator_view = self
            .members
            .values()
            .any(|m| m.seat.is_none() && m.conn.is_some())
            .then(|| view_json(game, Viewer::Spectator));
        for (p, m) in &self.members {
            let Some(c) = &m.conn else { continue };
            let viewer = Self::viewer_of(m);
            let ack = origin
                .as_ref()
                .filter(|o| &o.player == p)
                .and_then(|o| o.req);
            let own;
            let view = match viewer {
                Viewer::Spectator => spectator_view.as_deref().unwrap_or("null"),
                v => {
                    own = view_json(game, v);
                    &own
                }
            };
            let mut f = String::with_capacity(view.len() + 256);
            f.push_str(r#"{"type":"update","table":"#);
            f.push_str(&self.id.to_string());
            f.push_str(r#","version":"#);
            f.push_str(&version.to_string());
            f.push_str(r#","events":["#);
            let mut first = true;
            for (to, e) in &events {
                if to.admits(viewer) {
                    if !first {
                        f.push(',');
                    }
                    first = false;
                    f.push_str(e);
                }
            }
            f.push_str(r#"],"view":"#);
            f.push_str(view);
            if let Some(seat) = viewer.seat() {
                let legal = game.legal_actions(seat);
                if !legal.is_empty() {
                    f.push_str(r#","legal":"#);
                    f.push_str(&Value::Array(legal).to_string());
                }
            }
            if let Some(a) = ack {
                f.push_str(r#","ack":"#);
                f.push_str(&a.to_string());
            }
            f.push('}');
            c.send_frame(f.into());
        }
        if over {
            self.state = TableState::Finished;
            let winners: Vec<String> = game
                .outcome()
                .map(|o| {
                    o.winners
                        .iter()
                        .map(|s| self.seat_name(s.index()))
                        .collect()
                })
                .unwrap_or_default();
            self.notice_all("game_over_notice", vec![("winners", winners.join(", "))]);
            self.tell_lobby();
        }
        self.refresh_asked();
        Ok(())
    }

    /// Rebuilds the game from its setup and the actions accepted so far.
    fn rebuild(&mut self) {
        let Some(setup) = &self.setup else { return };
        match Game::new(setup) {
            Ok(mut g) => {
                for a in &self.actions {
                    if let Err(e) = g.act(a.seat, &a.action) {
                        tracing::error!("table {}: cannot replay its own log: {e}", self.id);
                    }
                }
                self.game = Some(g);
            }
            Err(e) => tracing::error!("table {}: setup refused on rebuild: {e}", self.id),
        }
    }

    fn full_record(&self, game: &Game, actions: Vec<RecordedAction>) -> Value {
        let setup = self.setup.as_ref().expect("a running game has a setup");
        json!({
            "format": RECORD_FORMAT,
            "game": setup.game,
            "players": setup.players,
            "options": setup.options,
            "seed": setup.seed,
            "deals": game.deals(),
            "actions": actions,
            "outcome": game.outcome(),
            "seats": self.meta.seats.iter().map(|s| &s.name).collect::<Vec<_>>(),
        })
    }

    /// The record as anyone may see it: in full once the game is over; while it runs, the
    /// setup without seed and deals, and the actions up to the last reveal.
    fn public_record(&self) -> Value {
        match (&self.game, &self.setup) {
            (Some(g), Some(_)) if g.is_over() => self.full_record(g, self.actions.clone()),
            (Some(_), Some(setup)) => json!({
                "format": RECORD_FORMAT,
                "game": setup.game,
                "players": setup.players,
                "options": setup.options,
                "actions": &self.actions[..self.public_actions],
                "finished": false,
                "seats": self.meta.seats.iter().map(|s| &s.name).collect::<Vec<_>>(),
            }),
            _ => json!({ "game": self.meta.game, "finished": false, "started": false }),
        }
    }

    /// Notes what each seat is asked now (and since which version), sets decision timers and
    /// schedules bot moves.
    fn refresh_asked(&mut self) {
        let n = self.meta.seats.len();
        let now = Instant::now();
        let pending: Vec<(Seat, Value)> = match (&self.game, self.state) {
            (Some(g), TableState::Playing) => g.pending(),
            _ => Vec::new(),
        };
        self.asked.resize(n, None);
        for i in 0..n {
            let decision = pending
                .iter()
                .find(|(s, _)| s.index() == i)
                .map(|(_, d)| d.clone());
            match (decision, &self.asked[i]) {
                (None, _) => self.asked[i] = None,
                (Some(d), Some(a)) if a.decision == d => {}
                (Some(d), _) => {
                    let timer = self.meta.table_options.timer;
                    self.asked[i] = Some(Asked {
                        decision: d,
                        since: self.version,
                        deadline: (timer > 0).then(|| now + Duration::from_secs(timer)),
                    })
                }
            }
        }
        if self.bot_due.is_none()
            && (0..n).any(|i| self.asked[i].is_some() && self.stand_in(i, now))
        {
            self.bot_due = Some(now + self.config.bot_delay);
        }
    }

    fn next_wake(&self) -> Option<Instant> {
        let mut wake = self.bot_due;
        let mut earliest = |t: Instant| wake = Some(wake.map_or(t, |w| w.min(t)));
        for (i, a) in self.asked.iter().enumerate() {
            if let Some(a) = a {
                if let Some(d) = a.deadline {
                    earliest(d);
                }
                if let Some(p) = self.meta.seats.get(i).and_then(|s| s.player.as_ref()) {
                    if let Some(m) = self.members.get(p) {
                        if let (None, Some(t), false) = (&m.conn, m.away_since, m.standing_in) {
                            earliest(t + self.reconnect());
                        }
                    }
                }
            }
        }
        if self.state == TableState::Open {
            for m in self.members.values() {
                if let (Some(t), Some(_)) = (m.away_since, m.seat) {
                    earliest(t + self.reconnect());
                }
            }
        }
        wake
    }

    async fn on_timers(&mut self) {
        let now = Instant::now();
        // An open table frees the seats of players away longer than the window.
        if self.state == TableState::Open {
            let gone: Vec<PlayerId> = self
                .members
                .iter()
                .filter(|(_, m)| {
                    m.conn.is_none() && m.away_since.is_some_and(|t| now >= t + self.reconnect())
                })
                .map(|(p, _)| p.clone())
                .collect();
            for p in gone {
                let _ = self.leave(&p, false).await;
            }
            self.check_empty();
            return;
        }
        // Absent players whose window ran out: the bot stands in from now on.
        let mut newly = Vec::new();
        for m in self.members.values_mut() {
            if m.conn.is_none()
                && !m.standing_in
                && m.away_since.is_some_and(|t| {
                    now >= t + Duration::from_secs(self.meta.table_options.reconnect)
                })
            {
                m.standing_in = true;
                newly.push(m.name.clone());
            }
        }
        for name in newly {
            self.notice_all("standing_in", vec![("name", name)]);
            self.tell_lobby();
        }
        // Bot seats and stand-ins move; so does the bot for a seat whose timer ran out.
        let mut moves = 0;
        loop {
            let now = Instant::now();
            let due = self.bot_due.is_some_and(|t| now >= t);
            let next = (0..self.asked.len()).find(|&i| {
                self.asked[i].as_ref().is_some_and(|a| {
                    (due && self.stand_in(i, now)) || a.deadline.is_some_and(|d| now >= d)
                })
            });
            let Some(i) = next else { break };
            let timed_out = !self.stand_in(i, now);
            if timed_out {
                self.notice_all("timer_expired", vec![("name", self.seat_name(i))]);
            }
            if !self.bot_move(i).await {
                // Try again in a second rather than at once.
                let later = Instant::now() + Duration::from_secs(1);
                if let Some(a) = self.asked[i].as_mut() {
                    a.deadline = a.deadline.map(|_| later);
                }
                self.bot_due = Some(later);
                return;
            }
            moves += 1;
            if moves > 64 || !self.config.bot_delay.is_zero() {
                break;
            }
        }
        if self.bot_due.is_some_and(|t| Instant::now() >= t) {
            self.bot_due = None;
        }
        self.refresh_asked();
    }

    /// The bot of seat `i` (its own level, or the stand-in) makes the seat's move.
    async fn bot_move(&mut self, i: usize) -> bool {
        let Some(game) = &self.game else { return false };
        if self.bots.len() < self.meta.seats.len() {
            self.bots.resize_with(self.meta.seats.len(), || None);
        }
        let seat = &self.meta.seats[i];
        let level = seat.bot.clone().filter(|_| seat.player.is_none());
        let kind = self.meta.game;
        let seed = self.setup.as_ref().map_or(0, |s| s.seed)
            ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let action = match level {
            // A human seat whose time ran out, or whose player is away: the game's default.
            None => game.default_action(Seat(i as u8)),
            Some(level) => {
                let bot = self.bots[i]
                    .take()
                    .unwrap_or_else(|| bots::make(kind, &level, seed));
                let (bot, action) = bots::decide(bot, game, Seat(i as u8)).await;
                self.bots[i] = Some(bot);
                action
            }
        };
        let Some(action) = action else { return false };
        match self.apply(Seat(i as u8), action, None).await {
            Ok(()) => true,
            Err(r) => {
                tracing::warn!("table {}: bot move for seat {i} refused: {:?}", self.id, r);
                false
            }
        }
    }
}
