//! Client → server: the messages a client sends ([`ClientMsg`], in an [`Envelope`] with an
//! optional request id), and the checks the room makes of what a client says (names, chat).

use crate::bot_accounts::BotDeclaration;
use crate::friends::FriendSettings;
use crate::server_to_client::ErrorCode;
use crate::texts::Lang;
use crate::{unique_keys, Command, Role, TableId, MAX_NAME_CHARS};
use nimmt_core::{GameKind, OptionMap};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A client message with an optional request id; the server echoes the id in the `ack`, `error`
/// or `update` that answers it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Envelope {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    #[serde(flatten)]
    pub msg: ClientMsg,
}

impl<'de> Deserialize<'de> for Envelope {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        // Read by hand: serde cannot refuse unknown fields through `flatten`.
        let mut map = serde_json::Map::<String, Value>::deserialize(d)?;
        let id = match map.remove("id") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                v.as_u64()
                    .ok_or_else(|| D::Error::custom("id must be a whole number ≥ 0"))?,
            ),
        };
        let msg = ClientMsg::deserialize(Value::Object(map)).map_err(D::Error::custom)?;
        Ok(Envelope { id, msg })
    }
}

impl Envelope {
    /// Reads one client frame.
    pub fn parse(text: &str) -> Result<Envelope, serde_json::Error> {
        unique_keys::check(text)?;
        serde_json::from_str(text)
    }

    pub fn new(id: Option<u64>, msg: ClientMsg) -> Self {
        Envelope { id, msg }
    }
}

/// Client → server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum ClientMsg {
    /// The first message of every connection. With the `token` of an earlier `welcome`, the
    /// client resumes that identity and every seat it holds (each such table sends a full
    /// `state`); without, a new identity is made.
    Hello {
        protocol: u32,
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        token: Option<String>,
        #[serde(default)]
        lang: Lang,
    },
    /// The list of tables; with `subscribe`, later changes arrive as `table_changed` and lobby
    /// chat as `chat` without a table.
    ListTables {
        #[serde(default)]
        subscribe: bool,
    },
    /// Opens a table of `game` with at most `seats` players (default: the game's maximum) and
    /// the given options (game options and table options such as `timer`). The creator is its
    /// host and takes the first seat.
    CreateTable {
        game: GameKind,
        #[serde(default)]
        options: OptionMap,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        seats: Option<usize>,
    },
    /// Sits down at a table (as a player while it is open and has room) or watches it.
    /// `invite`: the code of a private table's invitation link (`/t/ID?invite=CODE`).
    Join {
        table: TableId,
        role: Role,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        invite: Option<String>,
    },
    /// Leaves a table. A player who leaves a running game is replaced by a bot.
    Leave { table: TableId },
    /// A chat line at a table, or in the lobby when `table` is absent. At a table a line that
    /// starts with `/` is a command (`/help` lists them).
    Chat {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        table: Option<TableId>,
        text: String,
    },
    /// A table command sent typed (the same as its chat line: `{"name":"bot_add"}` is
    /// `/bot add`). A command the chat line could not say is refused with `bad_command`.
    Command { table: TableId, command: Command },
    /// A move. `version` is the table version the client last saw; a move made on a view older
    /// than the question it answers is refused as stale. `action` is the game's action JSON
    /// (classic: `{"type":"play","card":42}`, `{"type":"take_row","row":2}`,
    /// `{"type":"draft","card":7}`).
    Act {
        table: TableId,
        version: u64,
        #[cfg_attr(test, ts(type = "unknown"))]
        action: Value,
    },
    /// Asks for a full `state` of a table (after a version gap).
    Resync { table: TableId },
    /// Keeps the connection alive; answered with `pong`.
    Ping {},
    /// Follows the account `name` (accounts only); answered with `friends`.
    Follow { name: String },
    /// Stops following `name`; answered with `friends`.
    Unfollow { name: String },
    /// The followed players, the open challenges and the settings (answered with `friends`).
    Friends {},
    /// Changes who may challenge this account and whether followers see its tables; answered
    /// with `friends`.
    FriendSettings { settings: FriendSettings },
    /// Challenges the account `name` to a game of `game` with `options` (game options and the
    /// table options `pace` and `rated`); acknowledged, and the other player gets
    /// `challenge_received`.
    Challenge {
        name: String,
        game: GameKind,
        #[serde(default)]
        options: OptionMap,
    },
    /// Accepts or declines challenge `challenge`; both players get `challenge_answered`.
    AnswerChallenge { challenge: String, accept: bool },
    /// A bot account says what it plays (again to change it): answered with `ack`, refused with
    /// `not_bot` for any other connection. From then on it is online in the lobby's bot list
    /// until its connection closes.
    BotReady { declaration: BotDeclaration },
    /// The online bot accounts (answered with `bots`; a subscribed lobby gets `bots` again
    /// whenever the list changes).
    ListBots {},
    /// Registers for tournament `tournament` before its start (accounts only, bot accounts
    /// included; `code`: the invitation link's, where one is needed). Acknowledged; refused with
    /// `tournament` and the reason.
    JoinTournament {
        tournament: crate::tournaments::TournamentId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        code: Option<String>,
    },
    /// Withdraws from tournament `tournament`: before the start off the list; after it, no
    /// further tables (a game already seated is played to its end). Acknowledged.
    LeaveTournament {
        tournament: crate::tournaments::TournamentId,
    },
    /// Starts tournament `tournament` now (its creator or an operator, before the start time,
    /// with at least one full table registered). Acknowledged.
    StartTournament {
        tournament: crate::tournaments::TournamentId,
    },
}

/// Checks a nickname: 1–24 characters after trimming, no control characters (nor the invisible
/// characters that reorder text, see [`is_unsafe_char`]).
pub fn check_name(name: &str) -> Result<String, ErrorCode> {
    let name = name.trim();
    let n = name.chars().count();
    if n == 0 || n > MAX_NAME_CHARS || name.chars().any(is_unsafe_char) || name.starts_with('/') {
        return Err(ErrorCode::BadName);
    }
    Ok(name.to_owned())
}

/// Characters no name or chat line may carry: control characters (C0, DEL, C1) and the
/// bidirectional marks, embeddings, overrides and isolates, which make text read in another order
/// than it is written (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
pub fn is_unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A chat line as the room relays it: tabs and line breaks become spaces, the other characters
/// of [`is_unsafe_char`] are removed, and the ends are trimmed. `None`: nothing visible is left.
pub fn clean_chat(text: &str) -> Option<String> {
    let cleaned: String = text
        .chars()
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' => Some(' '),
            c if is_unsafe_char(c) => None,
            c => Some(c),
        })
        .collect();
    let trimmed = cleaned.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn client_messages_read_as_documented() {
        let e: Envelope = serde_json::from_value(json!({
            "id": 7, "type": "act", "table": 3, "version": 12,
            "action": {"type": "play", "card": 42}
        }))
        .unwrap();
        assert_eq!(e.id, Some(7));
        assert_eq!(
            e.msg,
            ClientMsg::Act {
                table: 3,
                version: 12,
                action: json!({"type": "play", "card": 42})
            }
        );
        let e: Envelope =
            serde_json::from_value(json!({"type": "hello", "protocol": 1, "name": "Ann"})).unwrap();
        assert_eq!(
            e.msg,
            ClientMsg::Hello {
                protocol: 1,
                name: "Ann".into(),
                token: None,
                lang: Lang::En
            }
        );
    }

    #[test]
    fn unknown_messages_and_fields_are_refused() {
        assert!(serde_json::from_value::<Envelope>(json!({"type": "teleport"})).is_err());
        assert!(serde_json::from_value::<Envelope>(json!({"type": "ping", "extra": 1})).is_err());
        assert!(serde_json::from_value::<Envelope>(
            json!({"type": "join", "table": -1, "role": "player"})
        )
        .is_err());
        assert!(serde_json::from_value::<Envelope>(
            json!({"type": "join", "table": 1, "role": "king"})
        )
        .is_err());
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  Ann ").unwrap(), "Ann");
        assert_eq!(check_name(""), Err(ErrorCode::BadName));
        assert_eq!(check_name("a\u{7}b"), Err(ErrorCode::BadName));
        assert_eq!(check_name(&"x".repeat(25)), Err(ErrorCode::BadName));
        assert_eq!(check_name("/kick"), Err(ErrorCode::BadName));
        assert_eq!(check_name("a\u{202e}live"), Err(ErrorCode::BadName));
        assert_eq!(check_name("a\u{2066}b"), Err(ErrorCode::BadName));
    }

    #[test]
    fn chat_loses_control_and_reordering_characters() {
        assert_eq!(clean_chat("a\u{0}b\u{202e}evil").as_deref(), Some("abevil"));
        assert_eq!(
            clean_chat("one\ntwo\tthree").as_deref(),
            Some("one two three")
        );
        assert_eq!(clean_chat(" \u{7}\u{200f} "), None);
        assert_eq!(clean_chat("grüß dich 🐮").as_deref(), Some("grüß dich 🐮"));
    }
}
