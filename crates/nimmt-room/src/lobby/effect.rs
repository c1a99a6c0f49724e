//! What the lobby asks its shell to do for one input, in order: frames to send, connections to
//! close, the answer to the input, news for the other nodes of a cluster, a table to open.

use crate::conn::{Conn, Frame};
use crate::refusal::Refusal;
use crate::table::{Again, TableNews};
use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{CloseReason, PlayerId, TableId, TableInfo, YourMove};

/// One thing for the shell to do. `H` is how a table is reached.
#[derive(Debug)]
pub enum LobbyEffect<H> {
    /// A frame to one connection.
    Send { to: Conn, frame: Frame },
    /// Close a connection after what is queued.
    Close { conn: Conn, reason: CloseReason },
    /// The answer to the input being handled (to the [`LobbyInput::Create`] that asked, for
    /// [`LobbyInput::Opened`]); at most one per input.
    ///
    /// [`LobbyInput::Create`]: super::LobbyInput::Create
    /// [`LobbyInput::Opened`]: super::LobbyInput::Opened
    Answer(LobbyAnswer<H>),
    /// News for the other nodes of a cluster (only when the lobby has peers).
    Peers(ToPeers),
    /// Open a table numbered `id` (unless its opener numbers it itself): check the request,
    /// start the table, the creator seated as host. The result comes back as
    /// [`LobbyInput::Opened`](super::LobbyInput::Opened) before anything else.
    OpenTable { id: TableId, request: TableRequest },
    /// A turn-based table of this node began waiting for the move of `player`, who is not
    /// online here: the channels they chose (e-mail, push) may tell them.
    Waits {
        player: PlayerId,
        table: TableId,
        game: GameKind,
        deadline_ms: u64,
    },
}

/// The answer to a request of the lobby.
#[derive(Debug, PartialEq)]
pub enum LobbyAnswer<H> {
    /// The tables as listed (for `List`).
    Tables(Vec<TableInfo>),
    /// How to reach the table asked for, if the lobby knows it (for `Get`).
    Table(Option<H>),
    /// How to reach the tables where the player holds a seat (for `Seated`).
    Handles(Vec<H>),
    /// The new table, or why not (for `Create`).
    Created(Result<H, Refusal>),
    /// The connections are closing (for `EndSessions`).
    Done,
    /// The turn-based tables waiting for a player, soonest deadline first (for `YourMoves`).
    YourMoves(Vec<YourMove>),
    /// How many (for `TurnBasedSeats`).
    Count(usize),
    /// Whether the seat may be taken, or why not (for `MaySit`).
    MaySit(Result<(), Refusal>),
    /// Where the players asked about are, in the order asked (for `Friends`).
    Whereabouts(Vec<super::friends::Whereabouts>),
    /// The bot is online and listed, or why not (for `BotReady`).
    BotReady(Result<(), Refusal>),
    /// The online bots, by name (for `ListBots`).
    Bots(Vec<nimmt_protocol::OnlineBot>),
    /// The online bot asked for, if it is online and not resting (for `OnlineBot`).
    OnlineBot(Option<nimmt_protocol::OnlineBot>),
}

/// What the other nodes of a cluster are told.
#[derive(Clone, Debug)]
pub enum ToPeers {
    /// A table of this node changed.
    Changed(TableNews),
    /// A table of this node closed.
    Closed { id: TableId },
    /// A lobby chat line said on this node.
    Chat {
        from: String,
        player: PlayerId,
        text: String,
    },
    /// `player` said hello on this node at `at` (ms since the epoch): the other nodes replace
    /// their older connections of that identity.
    Online { player: PlayerId, at: u64 },
}

/// A table asked for: by whom, which game, with which settings.
#[derive(Debug)]
pub struct TableRequest {
    /// The creator, seated as host.
    pub conn: Conn,
    pub game: GameKind,
    pub options: OptionMap,
    pub seats: Option<usize>,
    /// A rematch: the table plays again with a finished table's seats and options.
    pub again: Option<Again>,
}
