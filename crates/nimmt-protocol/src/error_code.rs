//! Why a request was refused: the typed refusal every `error` message carries.

use serde::{Deserialize, Serialize};

/// Why a request was refused. The server's state is unchanged whenever one is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum ErrorCode {
    /// Not JSON, not a known message, or a field of the wrong shape.
    Malformed,
    /// The frame is larger than [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// More messages than the connection's budget allows; the message was dropped.
    RateLimited,
    /// Too many chat lines in a short time, or a line too long.
    Flood,
    /// The first message must be `hello`.
    HelloFirst,
    /// `hello` was already said on this connection.
    AlreadyHello,
    /// The client speaks another protocol version.
    Protocol,
    /// The nickname is empty, too long or has control characters.
    BadName,
    /// The token is not known.
    BadToken,
    /// No table with this number.
    NoSuchTable,
    /// The table has no free seat.
    TableFull,
    /// The game has started (or is over): seats and options are fixed.
    AlreadyStarted,
    /// The game has not started yet.
    NotStarted,
    /// The game is over.
    GameOver,
    /// Only the table's host may do this.
    NotHost,
    /// Only a player seated at the table may do this.
    NotSeated,
    /// Already seated at this table.
    AlreadySeated,
    /// Not at this table (neither seated nor watching).
    NotAtTable,
    /// Another player at the table has this name.
    NameTaken,
    /// Nobody of this name at the table.
    NoSuchPlayer,
    /// Bad game, options or player count for a table.
    BadOptions,
    /// The move answers an older question than the one asked now (`version` too old or from the
    /// future); a replayed move lands here too.
    Stale,
    /// The seat is not asked to decide now (out of turn, or already decided).
    NotYourTurn,
    /// The move is not legal now; `params.rule` holds the rules' own error code.
    IllegalAction,
    /// The chat command is not known or its arguments are wrong.
    UnknownCommand,
    BadCommand,
    /// No bot level of this name.
    UnknownBot,
    /// The server could not store the change; nothing was changed.
    Storage,
    /// The table is moving to another server of the room (this one can no longer prove it
    /// owns it); nothing was changed. Try again in a few seconds.
    NotOwner,
    /// An operator muted this player: their chat is refused until the mute ends.
    Muted,
    /// An operator banned this player (or new guests from their address): `hello` is refused.
    Banned,
    /// The host sent this player away from the table (`/kick`): they may watch it, not play.
    SentAway,
    /// The other player does not allow this (they blocked the asker, take no challenges or only
    /// those of players they follow), or it needs an account.
    NotAllowed,
    /// The challenge is no longer open: answered, expired or unknown.
    ChallengeClosed,
    /// A private table: joining it takes the code of its current invitation link.
    NotInvited,
    /// Only a bot account may do this (`bot_ready`), or a bot account may not (log in on the
    /// account page, be an operator, become a bot after rated games).
    NotBot,
    /// The bot account is not online, does not take this table (game, size, options, rated or
    /// casual, as it declared), or plays as many games as it takes.
    BotUnavailable,
    /// A tournament refused the request (registration closed, not registered, too few players
    /// to start, …; the text says which). Nothing changed.
    Tournament,
}

impl ErrorCode {
    /// Every code, in declaration order.
    pub const ALL: [ErrorCode; 38] = [
        ErrorCode::Malformed,
        ErrorCode::TooLarge,
        ErrorCode::RateLimited,
        ErrorCode::Flood,
        ErrorCode::HelloFirst,
        ErrorCode::AlreadyHello,
        ErrorCode::Protocol,
        ErrorCode::BadName,
        ErrorCode::BadToken,
        ErrorCode::NoSuchTable,
        ErrorCode::TableFull,
        ErrorCode::AlreadyStarted,
        ErrorCode::NotStarted,
        ErrorCode::GameOver,
        ErrorCode::NotHost,
        ErrorCode::NotSeated,
        ErrorCode::AlreadySeated,
        ErrorCode::NotAtTable,
        ErrorCode::NameTaken,
        ErrorCode::NoSuchPlayer,
        ErrorCode::BadOptions,
        ErrorCode::Stale,
        ErrorCode::NotYourTurn,
        ErrorCode::IllegalAction,
        ErrorCode::UnknownCommand,
        ErrorCode::BadCommand,
        ErrorCode::UnknownBot,
        ErrorCode::Storage,
        ErrorCode::NotOwner,
        ErrorCode::Muted,
        ErrorCode::Banned,
        ErrorCode::SentAway,
        ErrorCode::NotAllowed,
        ErrorCode::ChallengeClosed,
        ErrorCode::NotInvited,
        ErrorCode::NotBot,
        ErrorCode::BotUnavailable,
        ErrorCode::Tournament,
    ];

    pub fn name(self) -> &'static str {
        // Stable names, the same as the serde spelling (a test holds the two together).
        match self {
            ErrorCode::Malformed => "malformed",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::Flood => "flood",
            ErrorCode::HelloFirst => "hello_first",
            ErrorCode::AlreadyHello => "already_hello",
            ErrorCode::Protocol => "protocol",
            ErrorCode::BadName => "bad_name",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::NoSuchTable => "no_such_table",
            ErrorCode::TableFull => "table_full",
            ErrorCode::AlreadyStarted => "already_started",
            ErrorCode::NotStarted => "not_started",
            ErrorCode::GameOver => "game_over",
            ErrorCode::NotHost => "not_host",
            ErrorCode::NotSeated => "not_seated",
            ErrorCode::AlreadySeated => "already_seated",
            ErrorCode::NotAtTable => "not_at_table",
            ErrorCode::NameTaken => "name_taken",
            ErrorCode::NoSuchPlayer => "no_such_player",
            ErrorCode::BadOptions => "bad_options",
            ErrorCode::Stale => "stale",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::IllegalAction => "illegal_action",
            ErrorCode::UnknownCommand => "unknown_command",
            ErrorCode::BadCommand => "bad_command",
            ErrorCode::UnknownBot => "unknown_bot",
            ErrorCode::Storage => "storage",
            ErrorCode::NotOwner => "not_owner",
            ErrorCode::Muted => "muted",
            ErrorCode::Banned => "banned",
            ErrorCode::SentAway => "sent_away",
            ErrorCode::NotAllowed => "not_allowed",
            ErrorCode::ChallengeClosed => "challenge_closed",
            ErrorCode::NotInvited => "not_invited",
            ErrorCode::NotBot => "not_bot",
            ErrorCode::BotUnavailable => "bot_unavailable",
            ErrorCode::Tournament => "tournament",
        }
    }
}
