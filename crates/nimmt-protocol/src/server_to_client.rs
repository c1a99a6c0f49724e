//! Server → client: the messages the server sends ([`ServerMsg`]), the tables, seats and chat
//! lines they carry, the typed refusals ([`ErrorCode`]) and why a connection was closed
//! ([`CloseReason`]).

use crate::bot_accounts::OnlineBot;
pub use crate::close_reason::CloseReason;
pub use crate::error_code::ErrorCode;
use crate::friends::{Challenge, ChallengeOutcome, Followed, FriendSettings};
use crate::texts::{self, Lang, Text};
use crate::{Role, TableId};
use nimmt_core::{GameDescriptor, GameKind, OptionMap, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// Server → client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum ServerMsg {
    /// Answer to `hello`: who the client is. Keep `token` secret; it resumes this identity.
    Welcome {
        /// Echoes the `hello`'s request id (`welcome` is its answer).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        id: Option<u64>,
        protocol: u32,
        player: PlayerId,
        name: String,
        token: String,
        lang: Lang,
        /// Tables where this identity holds a seat (each sends a `state` next).
        seated: Vec<TableId>,
        /// Every game the room plays: name, seats, scoring sense and option schema, for lobby
        /// forms and option help.
        #[serde(default)]
        games: Vec<GameDescriptor>,
        /// A room on several servers: the WebSocket URLs of the other nodes, where a client
        /// may reconnect if this one goes away. Empty (left out) for a single server.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        nodes: Vec<String>,
    },
    /// The lobby's tables.
    Tables { tables: Vec<TableInfo> },
    /// A table was opened, changed seats, options or state, or closed (`closed`).
    TableChanged {
        table: TableInfo,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        closed: bool,
    },
    /// Everything about a table as this client may see it: sent on join, on reconnection and on
    /// `resync`. Replaces whatever the client had.
    State {
        table: TableInfo,
        version: u64,
        /// The client's role and seat at the table.
        you: You,
        /// The game as this client sees it (`Game::view` for its seat, or as a spectator);
        /// absent before the start.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(type = "unknown"))]
        view: Option<Value>,
        /// The actions this client's seat may take now (empty when it is not asked).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[cfg_attr(test, ts(type = "unknown[]"))]
        legal: Vec<Value>,
        /// When the table's timer decides for this client's seat (absent without a timer, or
        /// when the seat is not asked).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        deadline: Option<Deadline>,
    },
    /// What changed at a table: the game events this client may see, in order, and its view
    /// after them. `version` is the previous one plus one; `ack` echoes the request id of the
    /// client's own move that caused it. The server writes it with [`update_frame`].
    Update {
        table: TableId,
        version: u64,
        #[cfg_attr(test, ts(type = "unknown[]"))]
        events: Vec<Value>,
        #[cfg_attr(test, ts(type = "unknown"))]
        view: Value,
        /// The actions this client's seat may take now (empty when it is not asked).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[cfg_attr(test, ts(type = "unknown[]"))]
        legal: Vec<Value>,
        /// When the table's timer decides for this client's seat, as in `state`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        deadline: Option<Deadline>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        ack: Option<u64>,
    },
    /// What just happened at a running table, for a client that joins or comes back (a reload,
    /// another device): the game as this client saw it a few moves ago (`view`) and the events
    /// of those moves since, as this client may see them, oldest first. A client may show them as
    /// if the updates had come one by one (the rest of a turn mid-reveal). `version` is that of
    /// the `state` sent just before. Sent after the `state` (and its `ack`).
    Recent {
        table: TableId,
        version: u64,
        #[cfg_attr(test, ts(type = "unknown"))]
        view: Value,
        #[cfg_attr(test, ts(type = "unknown[]"))]
        events: Vec<Value>,
    },
    /// The table's recent chat lines, oldest first (sent after the `state` of a join or a
    /// return, so a reloaded client shows the conversation it had).
    ChatHistory {
        table: TableId,
        lines: Vec<ChatLine>,
    },
    /// A chat line (`table` absent: lobby chat).
    Chat {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        table: Option<TableId>,
        from: String,
        text: String,
        /// The line's number at its table (to report it, or to remove it once an operator
        /// removed it); absent in the lobby.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        line: Option<u64>,
        /// The identity that said it (to report or mute them); absent when not known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        player: Option<PlayerId>,
        /// The speaker is a bot account.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        bot: bool,
    },
    /// An operator removed chat line `line` of `table`: clients take it out of what they show.
    ChatRemoved { table: TableId, line: u64 },
    /// A server notice: someone joined, a command's answer, the help text, a timer ran out.
    Notice {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        table: Option<TableId>,
        #[serde(flatten)]
        text: Text,
    },
    /// A request was carried out (for requests with an `id` that have no other answer).
    Ack { id: u64 },
    /// A request was refused; nothing changed.
    Error {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        id: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        table: Option<TableId>,
        code: ErrorCode,
        #[serde(flatten)]
        text: Text,
    },
    /// This client no longer sits at or watches `table` (left, kicked, or the table closed).
    Left { table: TableId },
    /// Another connection took over this identity; this one closes.
    Replaced,
    /// The turn-based tables waiting for this identity's move, soonest deadline first: sent
    /// after `welcome` when any waits, and again whenever the list changes (empty when nothing
    /// waits any more). No `your_move` after `welcome` means nothing waits.
    YourMove { tables: Vec<YourMove> },
    /// The followed players (online, and at which tables where they allow it), the challenges
    /// open to and from this account, and its settings: the answer to `friends`, `follow`,
    /// `unfollow` and `friend_settings`.
    Friends {
        following: Vec<Followed>,
        challenges: Vec<Challenge>,
        settings: FriendSettings,
    },
    /// Someone challenged this account: accept or decline with `answer_challenge`.
    ChallengeReceived { challenge: Challenge },
    /// A challenge was answered (to both players): accepted with the new table's number
    /// (`table`, where both are seated; join it), or declined.
    ChallengeAnswered {
        challenge: Challenge,
        outcome: ChallengeOutcome,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        table: Option<TableId>,
    },
    /// The online bot accounts, by name: the answer to `list_bots`, and to a subscribed lobby
    /// whenever the list changes.
    Bots { bots: Vec<OnlineBot> },
    /// To a bot account: it was seated at `table` (by its host, an accepted challenge or the
    /// ladder). The bot joins it as a player to get its `state`.
    BotSeated { table: TableId, game: GameKind },
    /// To a player of a tournament: their table of round `round` is open at `table` (they are
    /// seated; a client opens it). A bot account gets `bot_seated` as well.
    TournamentTable {
        tournament: crate::tournaments::TournamentId,
        name: String,
        round: u32,
        table: TableId,
        game: GameKind,
    },
    /// To a subscribed lobby and the tournament's players: tournament `tournament` changed
    /// (registration, a round, a result, the end); read it again (`GET /api/tournaments/{id}`).
    TournamentChanged {
        tournament: crate::tournaments::TournamentId,
    },
    /// Answer to `ping`; `id` echoes the ping's.
    Pong {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        id: Option<u64>,
    },
}

/// A turn-based table waiting for a player's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct YourMove {
    pub table: TableId,
    pub game: GameKind,
    /// When the move's deadline passes (milliseconds since the Unix epoch, the server's clock);
    /// the table's default move is played for the seat then.
    pub deadline_ms: u64,
    /// The names of the other seats, in seat order, for the list's line.
    pub with: Vec<String>,
}

/// When a seat's decision timer runs out: `at` in milliseconds since the Unix epoch (the
/// server's clock), `left_ms` the milliseconds left when the message was written (for clients
/// whose clock differs from the server's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Deadline {
    pub at: u64,
    pub left_ms: u64,
}

/// One line of a table's chat history: a chat line, or a notice the whole table heard (someone
/// sat down, left, a bot took a seat, the game ended).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ChatLine {
    /// Who said it; empty for a notice.
    pub from: String,
    /// What was said, or the notice in the receiver's language.
    pub text: String,
    /// A notice's text key (as in `notice`); absent for a chat line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub key: Option<String>,
    /// A notice's parameters.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, String>,
    /// A chat line's number at its table (as in `chat`); absent for a notice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub line: Option<u64>,
    /// The identity that said a chat line; absent for a notice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub player: Option<PlayerId>,
    /// The speaker is a bot account.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

impl ChatLine {
    /// A line someone said.
    pub fn said(from: &str, text: &str) -> ChatLine {
        ChatLine {
            from: from.to_owned(),
            text: text.to_owned(),
            key: None,
            params: BTreeMap::new(),
            line: None,
            player: None,
            bot: false,
        }
    }

    /// Line `line` of a table, said by `player`.
    pub fn said_by(line: u64, player: &PlayerId, from: &str, text: &str) -> ChatLine {
        ChatLine {
            line: Some(line),
            player: Some(player.clone()),
            ..ChatLine::said(from, text)
        }
    }

    /// A notice the table heard.
    pub fn notice(text: &Text) -> ChatLine {
        ChatLine {
            from: String::new(),
            text: text.text.clone(),
            key: Some(text.key.clone()),
            params: text.params.clone(),
            line: None,
            player: None,
            bot: false,
        }
    }

    /// The line as `lang` reads it (a notice in that language; a chat line as said).
    pub fn in_lang(&self, lang: Lang) -> ChatLine {
        match &self.key {
            Some(key) => ChatLine {
                text: texts::render(lang, key, &self.params),
                ..self.clone()
            },
            None => self.clone(),
        }
    }
}

/// A player's identity number (not secret).
pub type PlayerId = String;

/// A client's place at a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct You {
    pub role: Role,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub seat: Option<Seat>,
    pub host: bool,
    /// The invitation code of a private table, for whoever is seated there (the link is
    /// `/t/ID?invite=CODE`); never in the lobby's list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub invite: Option<String>,
}

/// A table as the lobby lists it (`GET /api/tables` and `tables`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TableInfo {
    pub id: TableId,
    pub game: GameKind,
    /// Game options as set so far (all of them, written out, once the game started).
    pub options: OptionMap,
    /// Table options: `timer` (seconds per decision, 0 = off), `reconnect` (seconds a
    /// disconnected player keeps the seat before a bot plays it).
    pub table_options: BTreeMap<String, String>,
    /// Most players the table takes.
    pub max_seats: usize,
    pub seats: Vec<SeatInfo>,
    pub spectators: usize,
    pub host: Option<String>,
    pub state: TableState,
    /// A tournament's table: which tournament, round and table (nobody hosts it; its seats and
    /// options are fixed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub tournament: Option<TableTournament>,
}

/// Which tournament table a table is ("Sunday Swiss · round 2 · table 3").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TableTournament {
    pub id: crate::tournaments::TournamentId,
    pub name: String,
    /// The round (from 1).
    pub round: u32,
    /// The table's number in its round (from 1).
    pub table: u32,
}

/// One seat of a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SeatInfo {
    pub seat: Seat,
    pub name: String,
    /// `human` or `bot`.
    pub kind: SeatKind,
    /// The bot level of a bot seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub level: Option<String>,
    /// Whether the human is connected (bots always are).
    pub connected: bool,
    /// Whether a bot plays for the absent human right now.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot_standing_in: bool,
    /// The seat is a bot account (`kind` is `human`: a player of the room, played by a
    /// program), shown with a bot mark.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot_account: bool,
    /// The seat's rating in this game, once it has played a rated game of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub rating: Option<SeatRating>,
}

/// A rating as players see it: Weng-Lin's mu on a scale where a new player has 1500.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SeatRating {
    pub rating: i64,
    /// Fewer rated games than it takes for the rating to settle (shown with a "?").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub provisional: bool,
    /// While provisional: the rated games still to play before the rating settles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub games_to_settle: Option<i64>,
    /// Once the game is over: how much this game moved the rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub change: Option<i64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum SeatKind {
    Human,
    Bot,
}

/// Where a table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum TableState {
    /// Seats are being filled and options set.
    Open,
    Playing,
    Finished,
}

impl TableState {
    pub fn name(self) -> &'static str {
        match self {
            TableState::Open => "open",
            TableState::Playing => "playing",
            TableState::Finished => "finished",
        }
    }

    pub fn parse(s: &str) -> Option<TableState> {
        [TableState::Open, TableState::Playing, TableState::Finished]
            .into_iter()
            .find(|t| t.name() == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn error_code_names_match_their_wire_spelling() {
        for code in ErrorCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), json!(code.name()));
        }
    }

    #[test]
    fn server_errors_carry_code_params_and_text() {
        let msg = ServerMsg::Error {
            id: Some(4),
            table: Some(2),
            code: ErrorCode::NotHost,
            text: Text::new(Lang::De, "not_host", []),
        };
        let v = serde_json::to_value(&msg).unwrap();
        assert_eq!(v["type"], "error");
        assert_eq!(v["code"], "not_host");
        assert_eq!(v["key"], "not_host");
        assert_eq!(v["text"], "Das darf nur der Gastgeber des Tisches.");
        let back: ServerMsg = serde_json::from_value(v).unwrap();
        assert_eq!(back, msg);
    }

    #[test]
    fn every_error_code_has_a_text() {
        for code in ErrorCode::ALL {
            assert!(texts::TEXTS.iter().any(|t| t.0 == code.name()), "{code:?}");
        }
    }

    #[test]
    fn close_codes_are_distinct_and_short() {
        for r in CloseReason::ALL {
            assert_eq!(CloseReason::from_code(r.code()), Some(r));
            assert!(r.reason().len() <= 123, "{r:?}");
        }
    }
}
