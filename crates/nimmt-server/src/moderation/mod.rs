//! Moderation: operators (made on the command line only), their acts on players (mute, ban),
//! tables (close) and chat lines (remove), each kept in an audit log; players' reports waiting
//! for an operator; and the players each player muted for themselves.
//!
//! - [`operators`]: who is an operator, and finding a player by name or identity;
//! - [`sanctions`]: mutes and bans in force, and the addresses a ban keeps new guests from;
//! - [`audit`]: the log of every operator's act (who, when, what, why);
//! - [`reports`]: reports of chat lines and players, and their handling;
//! - [`mutes`]: personal mutes (a muted player's chat lines are not sent to who muted them);
//! - [`acts`]: what an operator asks of a table.
//!
//! The HTTP routes (`/api/admin/…`, `/api/reports`, `/api/mutes`, each called with
//! `Authorization: Bearer TOKEN`) are in `http/moderation.rs`.
//!
//! Everything is read from the database when it is needed, so every node of a cluster sees a
//! mute or a ban the moment it is stored.

pub mod acts;
pub mod audit;
pub mod mutes;
pub mod operators;
pub mod reports;
pub mod sanctions;

pub use crate::clock::now_ms;

/// A new random row id (16 hexadecimal digits).
pub fn new_id() -> String {
    hex::encode(rand::random::<[u8; 8]>())
}

/// The longest reason an operator or a reporter may give, in characters.
pub const MAX_REASON_CHARS: usize = 500;
