//! E-mail for accounts (only accounts, never guests), when the room has SMTP settings
//! (`nimmt serve --smtp URL --mail-from ADDR`):
//!
//! - [`address`]: an account's address, verified by a link that works once; the "your move"
//!   setting (off, each, daily digest) and the one-click unsubscribe every mail carries;
//! - [`moves`]: a "your move" mail, at most one per table an hour; [`digest`]: the daily one;
//! - [`reset`]: "forgot password" by name or address, a link that works once within an hour;
//! - [`links`]: the tokens of links (256 random bits, stored as their SHA-256, expiring);
//! - [`send`]: one mail over SMTP (`lettre`); [`texts`]: every mail and page in English and
//!   German; [`config`]: the settings and the clock the mail code reads.
//!
//! The routes are in `http/mail.rs`; the notifier (`notify.rs`) hands every wait here.

pub mod address;
pub mod config;
pub mod digest;
pub mod links;
pub mod moves;
pub mod reset;
pub mod send;
pub mod texts;

pub use config::{MailClock, MailConfig};
pub use moves::{your_move, Outcome};
pub use send::Mailer;

/// Why a mail action did not happen.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// Refused, with the text key to tell the user.
    #[error("refused: {0}")]
    Refused(&'static str),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
    #[error(transparent)]
    Send(#[from] send::SendError),
}
