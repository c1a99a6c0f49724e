//! # nimmt-protocol
//!
//! The wire types of the nimmt online room, shared by the server and its clients (terminal,
//! browser, load test). Every message is one JSON object in one WebSocket text frame, tagged by
//! `"type"`. `docs/protocol.md` documents each message with an example.
//!
//! - [`client_to_server`]: [`ClientMsg`] (in an [`Envelope`] with an optional request `id`),
//!   and the checks of what a client says ([`check_name`], [`clean_chat`]).
//! - [`server_to_client`]: [`ServerMsg`]. Table messages carry the table's `version`; a client that
//!   sees a gap (a version other than its last one plus one) sends [`ClientMsg::Resync`].
//! - [`ErrorCode`]: the typed refusals. A refused message changes nothing on the server.
//! - [`texts`]: every server text as a code with parameters, and its English and German wording.

pub mod bot_accounts;
pub mod client_to_server;
mod close_reason;
pub mod command;
#[cfg(test)]
mod command_tests;
mod error_code;
pub mod friends;
pub mod replay;
pub mod server_to_client;
pub mod texts;
pub mod tournaments;
#[cfg(test)]
mod typescript;
mod unique_keys;
mod update;

use serde::{Deserialize, Serialize};

pub use bot_accounts::{BotDeclaration, BotGame, OnlineBot, API_TOKEN_PREFIX};
pub use client_to_server::{check_name, clean_chat, is_unsafe_char, ClientMsg, Envelope};
pub use command::Command;
pub use friends::{
    Challenge, ChallengeOutcome, ChallengePolicy, Followed, FollowedTable, FriendSettings,
};
pub use server_to_client::{
    ChatLine, CloseReason, Deadline, ErrorCode, PlayerId, SeatInfo, SeatKind, SeatRating,
    ServerMsg, TableInfo, TableState, TableTournament, You, YourMove,
};
pub use texts::{Lang, Text};
pub use tournaments::{
    TournamentEntry, TournamentFormat, TournamentId, TournamentList, TournamentPage,
    TournamentPhase, TournamentRound, TournamentSeat, TournamentSetup, TournamentStanding,
    TournamentSummary, TournamentTable, TournamentYou,
};
pub use update::{update_frame, UpdateEvents};

/// The protocol version this crate speaks. A client sends it in `hello`; the server refuses
/// another with [`ErrorCode::Protocol`].
pub const PROTOCOL_VERSION: u32 = 1;

/// Largest text frame the server reads; a larger one is refused with [`ErrorCode::TooLarge`].
pub const MAX_MESSAGE_BYTES: usize = 8 * 1024;

/// Longest chat line in characters.
pub const MAX_CHAT_CHARS: usize = 500;

/// Longest nickname in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// A table's number, also the number of the game played at it.
pub type TableId = u64;

/// How a client joins a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Role {
    Player,
    Spectator,
}
