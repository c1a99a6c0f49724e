//! How the actors reach each other: the commands a table and the lobby take, and their handles.
//!
//! Both actors depend on this module and on nothing of each other: a table tells the lobby about
//! itself through a [`LobbyHandle`]; the lobby opens tables through an [`OpenTable`] it is handed
//! at start (see `lib.rs`), so neither imports the other.

use crate::conn::{Conn, Refusal};
use crate::records::RecordSource;
use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{Command, ErrorCode, PlayerId, Role, TableId, TableInfo, YourMove};
use nimmt_room::table::TableNews;
use serde_json::Value;
use std::collections::HashSet;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// What a table actor is asked to do.
pub enum TableCmd {
    /// Join (as player or spectator), or come back: a member who is already at the table gets
    /// a full state, and a new connection of the same identity replaces the old one.
    Attach {
        conn: Conn,
        role: Role,
        req: Option<u64>,
        /// The code of a private table's invitation link, if the client came with one.
        invite: Option<String>,
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
    /// A table command sent typed.
    Command {
        conn: Conn,
        command: Command,
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
        req: Option<u64>,
    },
    /// The game record as the public may see it now.
    Record {
        reply: oneshot::Sender<RecordSource>,
    },
    /// An operator's request (find or remove a chat line, close the table).
    Moderate {
        act: crate::moderation::acts::TableAct,
        reply: oneshot::Sender<crate::moderation::acts::Outcome>,
    },
    /// A table that left memory is due (a deadline): loaded again, it does what is due.
    Wake,
}

/// Loads a table that left memory back from the store and starts its actor on the handle
/// (`Ok(false)`: the table is no longer open; `Err`: it could not be read now).
pub type LoadTable = Arc<
    dyn Fn(TableHandle) -> futures_util::future::BoxFuture<'static, Result<bool, ()>> + Send + Sync,
>;

/// Where a table's actor is reached: its channel while the table is in memory, none while it
/// sleeps (see `sleep.rs`) or after it closed; shared by every clone of the handle.
struct Slot {
    tx: std::sync::Mutex<Option<mpsc::Sender<TableCmd>>>,
    /// Held while the table goes to sleep or is loaded again: one of them at a time.
    turn: Arc<tokio::sync::Mutex<()>>,
    /// Loads the table when an input comes while it sleeps (none: it never sleeps).
    load: Option<LoadTable>,
    /// The table closed for good: nothing loads it again.
    closed: std::sync::atomic::AtomicBool,
}

/// The way to reach a table actor.
#[derive(Clone)]
pub struct TableHandle {
    pub id: TableId,
    slot: Arc<Slot>,
}

impl std::fmt::Debug for TableHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TableHandle({})", self.id)
    }
}

/// How many commands wait for a table's actor at most.
const QUEUE: usize = 256;

impl TableHandle {
    /// A handle and the receiver its actor reads.
    pub fn channel(id: TableId) -> (TableHandle, mpsc::Receiver<TableCmd>) {
        Self::with_loader(id, None)
    }

    /// The handle of a table that sleeps from the start (restored, nothing to do): `load`
    /// brings it into memory when a command comes.
    pub fn asleep(id: TableId, load: LoadTable) -> TableHandle {
        let (handle, _) = Self::with_loader(id, Some(load));
        handle.set(None);
        handle
    }

    /// A handle whose table may sleep: `load` brings it back when a command comes.
    pub fn with_loader(
        id: TableId,
        load: Option<LoadTable>,
    ) -> (TableHandle, mpsc::Receiver<TableCmd>) {
        let (tx, rx) = mpsc::channel(QUEUE);
        let slot = Slot {
            tx: std::sync::Mutex::new(Some(tx)),
            turn: Arc::new(tokio::sync::Mutex::new(())),
            load,
            closed: Default::default(),
        };
        let handle = TableHandle {
            id,
            slot: Arc::new(slot),
        };
        (handle, rx)
    }

    fn current(&self) -> Option<mpsc::Sender<TableCmd>> {
        self.slot
            .tx
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    fn set(&self, tx: Option<mpsc::Sender<TableCmd>>) {
        *self.slot.tx.lock().unwrap_or_else(|e| e.into_inner()) = tx;
    }

    /// Sends a command, loading the table first if it sleeps; `false` if the table has closed.
    pub async fn send(&self, mut cmd: TableCmd) -> bool {
        if let Some(tx) = self.current() {
            match tx.send(cmd).await {
                Ok(()) => return true,
                Err(mpsc::error::SendError(c)) => cmd = c,
            }
        }
        let Some(load) = self.slot.load.clone() else {
            return false;
        };
        // The table went to sleep: load it once (whoever comes first), then send.
        let _turn = self.slot.turn.lock().await;
        if self.slot.closed.load(std::sync::atomic::Ordering::Acquire) {
            return false;
        }
        let tx = match self.current().filter(|tx| !tx.is_closed()) {
            Some(tx) => tx,
            None => match load(self.clone()).await {
                Ok(true) => match self.current() {
                    Some(tx) => tx,
                    None => return false,
                },
                Ok(false) => {
                    self.closed();
                    return false;
                }
                Err(()) => return false,
            },
        };
        tx.send(cmd).await.is_ok()
    }

    /// The actor of a table loaded again reads `rx` from now on.
    pub fn loaded(&self) -> mpsc::Receiver<TableCmd> {
        let (tx, rx) = mpsc::channel(QUEUE);
        self.set(Some(tx));
        rx
    }

    /// Whether the table can leave memory (it can be loaded again).
    pub fn can_sleep(&self) -> bool {
        self.slot.load.is_some()
    }

    /// The table closed for good.
    pub fn closed(&self) {
        self.slot
            .closed
            .store(true, std::sync::atomic::Ordering::Release);
        self.set(None);
    }

    /// The actor goes to sleep: nobody loads the table until the returned guard is dropped;
    /// the commands queued so far are returned, and the channel is let go of, so the next
    /// command loads the table again. If commands were queued, the actor stays awake: it calls
    /// [`TableHandle::loaded`] while it holds the guard, then takes them.
    pub async fn fall_asleep(
        &self,
        rx: &mut mpsc::Receiver<TableCmd>,
    ) -> (Vec<TableCmd>, tokio::sync::OwnedMutexGuard<()>) {
        let turn = self.slot.turn.clone().lock_owned().await;
        self.set(None);
        rx.close();
        let mut queued = Vec::new();
        while let Ok(cmd) = rx.try_recv() {
            queued.push(cmd);
        }
        (queued, turn)
    }

    /// The record as the public may see it now; `None` if the table has closed.
    pub async fn record(&self) -> Option<RecordSource> {
        let (reply, rx) = oneshot::channel();
        if !self.send(TableCmd::Record { reply }).await {
            return None;
        }
        rx.await.ok()
    }
}

/// A request to open a table, as the lobby passes it on.
pub struct NewTable {
    pub id: TableId,
    pub conn: Conn,
    pub game: GameKind,
    pub options: OptionMap,
    pub seats: Option<usize>,
    /// The lobby the table reports to.
    pub lobby: LobbyHandle,
    /// A rematch: the table plays again with a finished table's seats and options.
    pub again: Option<Again>,
    /// Told `true` once the new table is stored (a rematch: also started), so that its opening
    /// is acknowledged only then; dropped if it could not be stored.
    pub stored: Option<oneshot::Sender<bool>>,
}

pub use nimmt_room::lobby::TableRequest;
pub use nimmt_room::table::Again;

/// Checks a request and starts the table's actor (the creator seated as host).
pub type OpenTable = Arc<dyn Fn(NewTable) -> Result<TableHandle, Refusal> + Send + Sync>;

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
    /// The tables as `viewer` sees the list (private ones only where they are seated; `None`:
    /// the public list).
    ListFor {
        viewer: Option<PlayerId>,
        reply: oneshot::Sender<Vec<TableInfo>>,
    },
    Subscribe {
        conn: Conn,
    },
    Create {
        request: TableRequest,
        /// Told once the table is stored (see [`NewTable::stored`]).
        stored: oneshot::Sender<bool>,
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
        /// Who muted the speaker: they do not get the line.
        hidden_from: HashSet<PlayerId>,
    },
    /// A table changed seats, options, state or whose move it waits for.
    Changed(TableNews),
    /// A table actor stopped.
    Closed {
        id: TableId,
    },
    /// Adopts a table restored from the database.
    Adopt {
        handle: TableHandle,
        news: TableNews,
    },
    /// The turn-based tables waiting for `player`'s move, soonest deadline first.
    YourMoves {
        player: PlayerId,
        reply: oneshot::Sender<Vec<YourMove>>,
    },
    /// How many turn-based tables, open or running, `player` sits at.
    TurnBasedSeats {
        player: PlayerId,
        reply: oneshot::Sender<usize>,
    },
    /// Whether `player` may take a seat at `table` (the most turn-based tables one sits at).
    MaySit {
        player: PlayerId,
        table: TableId,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// News from another node of a cluster: applied like the local kind, never passed on.
    Peer(PeerNews),
    /// About friends: where players are (answered by `reply`), or a message to one of them.
    Friends {
        input: nimmt_room::lobby::FriendsInput,
        reply: Option<oneshot::Sender<Vec<nimmt_room::lobby::Whereabouts>>>,
    },
    /// Sessions of `player` ended (`which` of them: logout, password change, deletion, expiry)
    /// or an operator banned them: those connections here get `refusal` (if any) and close
    /// with code 4005.
    EndSessions {
        player: PlayerId,
        which: crate::accounts::sessions::Ending,
        refusal: Option<Refusal>,
        /// Told once they are closing.
        done: Option<oneshot::Sender<()>>,
    },
    /// A bot account's `bot_ready` with its ratings as stored: listed, or why not.
    BotReady {
        conn: Conn,
        declaration: nimmt_protocol::BotDeclaration,
        ratings: std::collections::BTreeMap<GameKind, nimmt_protocol::SeatRating>,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// The online bot accounts, by name.
    ListBots {
        reply: oneshot::Sender<Vec<nimmt_protocol::OnlineBot>>,
    },
    /// The online bot account called `name`, unless it rests.
    OnlineBot {
        name: String,
        reply: oneshot::Sender<Option<nimmt_protocol::OnlineBot>>,
    },
    /// A bot account's seat got the default move for a move it got wrong.
    BotFault {
        player: PlayerId,
    },
    /// A tick of the ladder.
    LadderTick,
    /// An online bot's ratings as stored now.
    BotRatings {
        player: PlayerId,
        ratings: std::collections::BTreeMap<GameKind, nimmt_protocol::SeatRating>,
    },
    /// Tournament news (`lobby.rs`): `tournament_changed` for tournament `changed` (to the
    /// lobby's subscribers too), or the notice `notice`, to `players` connected here.
    Tournament {
        changed: Option<nimmt_protocol::TournamentId>,
        notice: Option<(&'static str, Vec<(&'static str, String)>)>,
        players: Vec<PlayerId>,
    },
}

/// What another node of a cluster tells the lobby (see [`nimmt_room::lobby::PeerNews`]).
pub type PeerNews = nimmt_room::lobby::PeerNews<TableHandle>;

/// What the lobby tells the other nodes of a cluster (nothing on a single node).
pub trait LobbyPeers: Send + Sync {
    /// A table of this node changed.
    fn changed(&self, news: &TableNews);
    /// A table of this node closed.
    fn closed(&self, id: TableId);
    /// A lobby chat line said on this node.
    fn chat(&self, from: &str, player: &PlayerId, text: &str);
    /// `player` said hello on this node at `at` (ms since the epoch): the other nodes replace
    /// their older connections of that identity.
    fn online(&self, player: &PlayerId, at: u64);
}

/// The way to reach the lobby. Sending never waits (tables tell the lobby without blocking).
#[derive(Clone, Debug)]
pub struct LobbyHandle {
    tx: mpsc::UnboundedSender<LobbyCmd>,
}

impl LobbyHandle {
    /// A handle and the receiver the lobby's actor reads.
    pub fn channel() -> (LobbyHandle, mpsc::UnboundedReceiver<LobbyCmd>) {
        let (tx, rx) = mpsc::unbounded_channel();
        (LobbyHandle { tx }, rx)
    }

    pub fn send(&self, cmd: LobbyCmd) {
        let _ = self.tx.send(cmd);
    }

    /// The lobby stopped (nothing reads its commands any more).
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    pub fn changed(&self, news: TableNews) {
        self.send(LobbyCmd::Changed(news));
    }

    /// The turn-based tables waiting for `player`'s move, soonest deadline first.
    pub async fn your_moves(&self, player: PlayerId) -> Vec<YourMove> {
        let (reply, rx) = oneshot::channel();
        self.send(LobbyCmd::YourMoves { player, reply });
        rx.await.unwrap_or_default()
    }

    /// Whether `player` may take a seat at `table`, or why not.
    pub async fn may_sit(&self, player: PlayerId, table: TableId) -> Result<(), Refusal> {
        let (reply, rx) = oneshot::channel();
        self.send(LobbyCmd::MaySit {
            player,
            table,
            reply,
        });
        rx.await.unwrap_or(Ok(()))
    }

    /// How many turn-based tables, open or running, `player` sits at.
    pub async fn turn_based_seats(&self, player: PlayerId) -> usize {
        let (reply, rx) = oneshot::channel();
        self.send(LobbyCmd::TurnBasedSeats { player, reply });
        rx.await.unwrap_or_default()
    }

    /// Where each of `players` is: online here, and the open or running tables they sit at.
    pub async fn whereabouts(&self, players: Vec<PlayerId>) -> Vec<nimmt_room::lobby::Whereabouts> {
        let (reply, rx) = oneshot::channel();
        let input = nimmt_room::lobby::FriendsInput::Whereabouts { players };
        self.send(LobbyCmd::Friends {
            input,
            reply: Some(reply),
        });
        rx.await.unwrap_or_default()
    }

    /// Sends `msg` to `player` if they are online here.
    pub fn tell(&self, player: PlayerId, msg: nimmt_protocol::ServerMsg) {
        let msg = Box::new(msg);
        let input = nimmt_room::lobby::FriendsInput::Tell { player, msg };
        self.send(LobbyCmd::Friends { input, reply: None });
    }

    pub fn closed(&self, id: TableId) {
        self.send(LobbyCmd::Closed { id });
    }

    /// A bot account's `bot_ready` (`ratings`: its ratings as stored): listed, or why not.
    pub async fn bot_ready(
        &self,
        conn: Conn,
        declaration: nimmt_protocol::BotDeclaration,
        ratings: std::collections::BTreeMap<GameKind, nimmt_protocol::SeatRating>,
    ) -> Result<(), Refusal> {
        let (reply, rx) = oneshot::channel();
        self.send(LobbyCmd::BotReady {
            conn,
            declaration,
            ratings,
            reply,
        });
        rx.await
            .unwrap_or_else(|_| Err(Refusal::new(ErrorCode::Storage)))
    }

    /// The online bot accounts, by name.
    pub async fn bots(&self) -> Vec<nimmt_protocol::OnlineBot> {
        let (reply, rx) = oneshot::channel();
        self.send(LobbyCmd::ListBots { reply });
        rx.await.unwrap_or_default()
    }

    /// The online bot account called `name` (names matched as everywhere), unless it rests.
    pub async fn online_bot(&self, name: &str) -> Option<nimmt_protocol::OnlineBot> {
        let (reply, rx) = oneshot::channel();
        self.send(LobbyCmd::OnlineBot {
            name: name.to_owned(),
            reply,
        });
        rx.await.ok().flatten()
    }

    /// A bot account's seat got the default move for a move it got wrong (illegal, malformed,
    /// late): five within ten minutes and it rests for ten.
    pub fn bot_fault(&self, player: PlayerId) {
        self.send(LobbyCmd::BotFault { player });
    }

    /// A tick of the ladder: online bots that opted in are paired into rated tables.
    pub fn ladder_tick(&self) {
        self.send(LobbyCmd::LadderTick);
    }

    /// An online bot's ratings as stored now.
    pub fn bot_ratings(
        &self,
        player: PlayerId,
        ratings: std::collections::BTreeMap<GameKind, nimmt_protocol::SeatRating>,
    ) {
        self.send(LobbyCmd::BotRatings { player, ratings });
    }

    pub async fn list(&self) -> Vec<TableInfo> {
        let (reply, rx) = oneshot::channel();
        self.send(LobbyCmd::List { reply });
        rx.await.unwrap_or_default()
    }

    /// The tables as `viewer` sees the list: private ones only where they are seated (`None`:
    /// the public list, as `/api/tables` gives it).
    pub async fn list_for(&self, viewer: Option<PlayerId>) -> Vec<TableInfo> {
        let (reply, rx) = oneshot::channel();
        self.send(LobbyCmd::ListFor { viewer, reply });
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

    /// Opens a table for `conn`; answers once the table is stored (nothing acknowledged is
    /// lost), `storage` if it could not be.
    pub async fn create(
        &self,
        conn: Conn,
        game: GameKind,
        options: OptionMap,
        seats: Option<usize>,
    ) -> Result<TableHandle, Refusal> {
        self.open(conn, game, options, seats, None).await
    }

    /// Opens a rematch of a finished table (same seats, options and chat), asked by `conn`;
    /// answers once it is stored and its game started.
    pub async fn create_again(
        &self,
        conn: Conn,
        game: GameKind,
        again: Again,
    ) -> Result<TableHandle, Refusal> {
        self.open(conn, game, OptionMap::default(), None, Some(again))
            .await
    }

    async fn open(
        &self,
        conn: Conn,
        game: GameKind,
        options: OptionMap,
        seats: Option<usize>,
        again: Option<Again>,
    ) -> Result<TableHandle, Refusal> {
        let (reply, rx) = oneshot::channel();
        let (stored, is_stored) = oneshot::channel();
        let request = TableRequest {
            conn,
            game,
            options,
            seats,
            again,
        };
        self.send(LobbyCmd::Create {
            request,
            stored,
            reply,
        });
        let handle = rx
            .await
            .unwrap_or_else(|_| Err(Refusal::new(ErrorCode::Storage)))?;
        match is_stored.await {
            Ok(true) => Ok(handle),
            _ => Err(Refusal::new(ErrorCode::Storage)),
        }
    }
}
