//! Accounts: a guest identity that chose a name and a password, to come back to from any
//! browser or terminal. The identity keeps its id, so its seats, games and ratings stay.
//!
//! - [`password`]: the length rule and Argon2id hashing (on blocking threads).
//! - [`sessions`]: session tokens, stored as their SHA-256 in the database (every node of a
//!   cluster sees them).
//! - [`limits`]: failed logins per name and per address, with a growing wait.
//! - [`account`]: the account rows (sign-up, password change, deletion).
//! - [`ending`]: a session that ends closes its open connections, on every node.
//! - [`export`]: a player's own data as JSON.
//! - [`api`]: the HTTP routes under `/api/account`.
//!
//! Any HTTP route learns who calls it with [`authenticate`] (or [`bearer`] from the request's
//! headers): `Authorization: Bearer TOKEN`, with a guest's token or an account's session token.

pub mod account;
pub mod api;
pub mod ending;
pub mod export;
pub mod limits;
pub mod password;
pub mod sessions;

use crate::store::Store;
use axum::http::{header, HeaderMap};
use nimmt_protocol::PlayerId;

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
