//! What the lobby takes: a connection's hello, goodbye and requests, a table's news, a restored
//! table, the news of other nodes, ended sessions, and the answer to a table it asked to open.
//! `H` is how a table is reached (the server's handle; a number in tests).

use super::effect::TableRequest;
use super::ending::Ending;
use crate::conn::Conn;
use crate::refusal::Refusal;
use crate::table::TableNews;
use nimmt_core::GameKind;
use nimmt_protocol::{BotDeclaration, PlayerId, SeatRating, TableId};
use std::collections::{BTreeMap, HashSet};

/// One input to the lobby. Those that ask something ([`LobbyInput::List`],
/// [`LobbyInput::Get`], [`LobbyInput::Seated`], [`LobbyInput::Create`],
/// [`LobbyInput::EndSessions`]) are answered by one [`LobbyEffect::Answer`](super::LobbyEffect).
#[derive(Debug)]
pub enum LobbyInput<H> {
    /// A connection said hello; an older connection of the same identity is replaced.
    Online { conn: Conn },
    /// A connection closed.
    Offline { player: PlayerId, conn_id: u64 },
    /// The tables as the lobby lists them (answered with
    /// [`LobbyAnswer::Tables`](super::LobbyAnswer::Tables)).
    List,
    /// The tables as `viewer` sees the list: private tables only where they are seated; `None`
    /// the public list (answered with [`LobbyAnswer::Tables`](super::LobbyAnswer::Tables)).
    ListFor { viewer: Option<PlayerId> },
    /// The connection hears of every table's change and of lobby chat from now on.
    Subscribe { conn: Conn },
    /// Open a table for the request's `conn`, who hosts it: refused at once if they host too many, else asked
    /// of the shell ([`LobbyEffect::OpenTable`](super::LobbyEffect)), whose result comes back as
    /// [`LobbyInput::Opened`] and is the answer
    /// ([`LobbyAnswer::Created`](super::LobbyAnswer::Created)).
    Create(TableRequest),
    /// The answer to a [`LobbyEffect::OpenTable`](super::LobbyEffect): the new table's number and
    /// handle (the opener may number it itself), or why not.
    Opened {
        result: Result<(TableId, H), Refusal>,
    },
    /// How to reach a table (answered with [`LobbyAnswer::Table`](super::LobbyAnswer::Table)).
    Get { table: TableId },
    /// The tables where `player` holds a seat (answered with
    /// [`LobbyAnswer::Handles`](super::LobbyAnswer::Handles)).
    Seated { player: PlayerId },
    /// A lobby chat line.
    Chat {
        conn: Conn,
        text: String,
        /// Who muted the speaker: they do not get the line.
        hidden_from: HashSet<PlayerId>,
    },
    /// A table of this node changed seats, options or state.
    Changed(TableNews),
    /// A table of this node stopped.
    Closed { id: TableId },
    /// A table restored from the database.
    Adopt { handle: H, news: TableNews },
    /// The turn-based tables waiting for `player`'s move (answered with
    /// [`LobbyAnswer::YourMoves`](super::LobbyAnswer::YourMoves)).
    YourMoves { player: PlayerId },
    /// How many turn-based tables, open or running, `player` sits at (answered with
    /// [`LobbyAnswer::Count`](super::LobbyAnswer::Count)).
    TurnBasedSeats { player: PlayerId },
    /// Whether `player` may take a seat at `table`: not at a turn-based table beyond
    /// [`MOST_TURN_BASED_TABLES`](crate::table::MOST_TURN_BASED_TABLES) (answered with
    /// [`LobbyAnswer::MaySit`](super::LobbyAnswer::MaySit)).
    MaySit { player: PlayerId, table: TableId },
    /// About friends: where players are, or a message to one of them (see `friends`).
    Friends(super::friends::FriendsInput),
    /// News from another node of a cluster: applied like the local kind, never passed on.
    Peer(PeerNews<H>),
    /// Sessions of `player` ended (`which` of them) or an operator banned them: those
    /// connections here get `refusal` (if any) and close with code 4005. Answered with
    /// [`LobbyAnswer::Done`](super::LobbyAnswer::Done) once they are closing.
    EndSessions {
        player: PlayerId,
        which: Ending,
        refusal: Option<Refusal>,
    },
    /// A connection says it is a bot account ready to play what it declares (`bot_ready`),
    /// with its ratings as stored: answered with
    /// [`LobbyAnswer::BotReady`](super::LobbyAnswer::BotReady) (refused with `not_bot` unless
    /// the connection is a bot account's, with a keyed `bad_options` for a wrong declaration,
    /// `bot_unavailable` while it rests).
    BotReady {
        conn: Conn,
        declaration: BotDeclaration,
        ratings: BTreeMap<GameKind, SeatRating>,
    },
    /// The online bot accounts, by name (answered with
    /// [`LobbyAnswer::Bots`](super::LobbyAnswer::Bots)).
    ListBots,
    /// The online bot account called `name` (names matched as everywhere), unless it rests
    /// (answered with [`LobbyAnswer::OnlineBot`](super::LobbyAnswer::OnlineBot)).
    OnlineBot { name: String },
    /// A bot account's seat got the default move for a move it got wrong (illegal, malformed,
    /// late): too many within a while and it rests.
    BotFault { player: PlayerId },
    /// A tick of the ladder: online bots that opted in are paired into rated tables.
    LadderTick,
    /// An online bot's ratings as stored now (the list shows them from the next change on,
    /// the ladder pairs by them).
    BotRatings {
        player: PlayerId,
        ratings: BTreeMap<GameKind, SeatRating>,
    },
}

/// What another node of a cluster tells the lobby.
#[derive(Debug)]
pub enum PeerNews<H> {
    /// A table of another node changed (or is new here): `handle` reaches it.
    Changed {
        handle: H,
        news: TableNews,
    },
    Closed {
        id: TableId,
    },
    Chat {
        from: String,
        text: String,
        /// The speaker, when the other node said who.
        player: Option<PlayerId>,
        /// Who muted the speaker: they do not get the line.
        hidden_from: HashSet<PlayerId>,
    },
    /// `player` said hello on another node at `at` (ms since the epoch, that node's clock): a
    /// connection of theirs here that came online earlier is replaced (code 4001). `wins_tie`:
    /// the other node's connection counts as the newer one at the same millisecond.
    Online {
        player: PlayerId,
        at: u64,
        wins_tie: bool,
    },
}
