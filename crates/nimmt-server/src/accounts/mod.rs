//! Accounts: a guest identity that chose a name and a password, to come back to from any
//! browser or terminal. The identity keeps its id, so its seats, games and ratings stay.
//!
//! - [`password`]: the length rule and Argon2id hashing (on blocking threads).
//! - [`sessions`]: session tokens, stored as their SHA-256 in the database (every node of a
//!   cluster sees them).
//! - [`limits`]: failed logins per name and per address, with a growing wait.
//! - [`account`]: the account rows (sign-up, password change, deletion).
//! - [`export`]: a player's own data as JSON.
//! - [`bot`]: bot accounts (marked once, never operators); [`tokens`]: their API tokens, which
//!   open a WebSocket connection (`hello`) and nothing else.
//!
//! The HTTP routes under `/api/account` are in `http/accounts.rs`; a session that ends closes
//! its open connections, on every node, through `session_end.rs`.
//!
//! Any HTTP route learns who calls it with [`authenticate`] (or [`bearer`] from the request's
//! headers): `Authorization: Bearer TOKEN`, with a guest's token or an account's session token.

pub mod account;
pub mod bot;
pub mod export;
pub mod limits;
pub mod password;
pub mod sessions;
pub mod tokens;

use crate::store::{Store, StoreError};
use axum::http::{header, HeaderMap};
use nimmt_protocol::PlayerId;
use sqlx::Row;

pub(crate) use crate::clock::now_ms;

/// The identity a token stands for: a guest's token or an open session of an account. `None`
/// for an unknown, revoked or empty token (and when the database cannot answer).
pub async fn authenticate(store: &Store, token: &str) -> Option<PlayerId> {
    if token.is_empty() {
        return None;
    }
    match store.player_by_token(token).await {
        Ok(found) => found.map(|(player, _)| player),
        Err(e) => {
            tracing::warn!("a token cannot be checked: {e}");
            None
        }
    }
}

impl Store {
    /// The identity (id, name) of a guest's token or of an account's open session token (one
    /// used within [`sessions::IDLE_LIMIT`]). A query of the store's, written here: the store
    /// keeps session tokens as accounts hash them, and knows nothing of accounts.
    pub async fn player_by_token(
        &self,
        token: &str,
    ) -> Result<Option<(String, String)>, StoreError> {
        let row = sqlx::query(
            "SELECT id, name FROM nimmt_players WHERE token = $1 UNION ALL \
             SELECT p.id, p.name FROM nimmt_sessions s JOIN nimmt_players p ON p.id = s.player_id \
             WHERE s.token_hash = $2 AND s.last_seen_at > $3",
        )
        .bind(token.to_owned())
        .bind(sessions::token_hash(token))
        .bind(sessions::oldest_use())
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|r| (r.get::<String, _>(0), r.get::<String, _>(1))))
    }
}

/// The token of an `Authorization: Bearer TOKEN` header.
pub fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

/// The identity of the request's `Authorization: Bearer TOKEN` header.
pub async fn bearer(store: &Store, headers: &HeaderMap) -> Option<PlayerId> {
    authenticate(store, bearer_token(headers)?).await
}

/// Whether a token is an account's session token (not a guest's).
pub fn is_session_token(token: &str) -> bool {
    token.starts_with(sessions::PREFIX)
}
