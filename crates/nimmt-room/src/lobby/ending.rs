//! Which of a player's connections end when sessions end (a logout, a password change, an
//! account's deletion, an expired session, a ban).

use nimmt_protocol::API_TOKEN_PREFIX;
use serde::{Deserialize, Serialize};

/// Which of a player's open connections end, by the session they said hello with (its token's
/// hash; a guest's token has none). A bot program's connection, opened with an API token, has
/// the token's hash after [`API_TOKEN_PREFIX`] (`t.`) as its session: a password change does
/// not end it (the token stays valid), revoking the token does (`Only`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// Every one (account deleted, identity banned).
    All,
    /// The one of this session (logout, expiry).
    Only(String),
    /// Every one but this session's (password changed from this session), and but those of API
    /// tokens.
    AllBut(String),
}

impl Ending {
    /// Whether a connection opened with `session` (a token hash) ends.
    pub fn ends(&self, session: Option<&str>) -> bool {
        match self {
            Ending::All => true,
            Ending::Only(h) => session == Some(h.as_str()),
            Ending::AllBut(h) => {
                session != Some(h.as_str())
                    && !session.is_some_and(|s| s.starts_with(API_TOKEN_PREFIX))
            }
        }
    }
}
