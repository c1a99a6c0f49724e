//! What a table asks its shell to do: the effects of one input, carried out in order, and the
//! jobs whose answers come back as inputs.

use super::bot_terms::BotSeek;
use super::job::Job;
use crate::conn::{Conn, Frame};
use crate::moderation::Outcome;
use crate::store_port::Op;
use nimmt_core::GameKind;
use nimmt_protocol::{ChatLine, CloseReason, PlayerId, SeatRating, ServerMsg, TableId, TableInfo};
use serde::{Deserialize, Serialize};

/// What the table produced for one input. If `write` is there, the shell stores it first and
/// hands the result to [`Table::written`](super::Table::written), which answers with the next
/// step; `effects` are carried out, in order, only by a step without a write.
#[derive(Debug, Default)]
#[must_use = "a step's write must be stored and its effects carried out"]
pub struct Step {
    pub write: Option<Vec<Op>>,
    pub effects: Vec<Effect>,
}

/// One thing for the shell to do.
#[derive(Debug)]
pub enum Effect {
    /// A frame to one connection.
    Send { to: Conn, frame: Frame },
    /// Close a connection after what is queued.
    Close { conn: Conn, reason: CloseReason },
    /// The lobby hears how the table looks now.
    Lobby(TableNews),
    /// Work for a blocking thread (a bot's move, a hint); its answer comes back as
    /// [`Input::Thought`](super::Input::Thought) before anything else.
    Think(Job),
    /// Read the seats' ratings (answered by [`Input::Ratings`](super::Input::Ratings)).
    ReadRatings(RatingsQuery),
    /// Open the rematch of this finished table (answered by
    /// [`Input::RematchOpened`](super::Input::RematchOpened)).
    OpenRematch {
        by: Conn,
        req: Option<u64>,
        game: GameKind,
        again: Again,
    },
    /// The answer to an operator's request ([`Input::Moderate`](super::Input::Moderate)).
    Moderated(Outcome),
    /// `conn` came with a wrong invitation code (refused): the shell counts it against the
    /// client's address.
    WrongInvite { conn: Conn },
    /// `/bot add @NAME`: the shell looks for the online bot account of that name and answers
    /// with [`BotSeek::answer`] (an [`Input::SeatAccount`](super::Input::SeatAccount)).
    SeekBot(BotSeek),
    /// A message to `player` wherever they are connected (a bot account told `bot_seated`).
    Tell {
        player: PlayerId,
        msg: Box<ServerMsg>,
    },
    /// The bot account `player` made a fault (an illegal, malformed or late move: the table
    /// played the default move for it): the lobby counts it.
    BotFault { player: PlayerId },
}

/// What the lobby hears from a table (and, in a cluster, the other nodes' lobbies).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableNews {
    pub info: TableInfo,
    pub players: Vec<PlayerId>,
    pub host: Option<PlayerId>,
    /// At a turn-based table: the players whose move it waits for (empty in real time).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub waiting: Vec<Waiting>,
}

/// A turn-based table waits for `player`'s move at `seat` until `deadline_ms` (milliseconds
/// since the Unix epoch).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    pub player: PlayerId,
    pub seat: usize,
    pub deadline_ms: u64,
}

/// Which ratings to read: the seats' identities, for a game, and the finished table whose
/// changes they show (if the game is over).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingsQuery {
    pub game: &'static str,
    pub identities: Vec<Option<String>>,
    pub finished: Option<TableId>,
}

/// The seats' ratings as read.
pub type SeatRatingsRead = Vec<Option<SeatRating>>;

/// What a rematch takes over from the finished table: its stored settings (the table's `meta`
/// JSON: game, options, table options, host and seats with their players and bots) and its chat.
#[derive(Clone, Debug)]
pub struct Again {
    pub meta: String,
    pub history: Vec<ChatLine>,
}
