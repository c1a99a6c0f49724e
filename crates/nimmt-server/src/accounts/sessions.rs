//! Sessions of accounts: a random token handed to the client once, stored only as its SHA-256.
//! They live in the database, so every node of a cluster knows them; logging out deletes one,
//! a password change every other, deleting the account all. A session not used (no `hello`, no
//! data download) for [`IDLE_LIMIT`] no longer opens anything, and [`expire`] deletes it.
//!
//! A session that ends closes the connections opened with it, on every node (close code 4005):
//! [`Ending`] says which of a player's connections that is.

use crate::clock::now_ms;
use sha2::{Digest, Sha256};
use sqlx::{AnyPool, Row};
use std::time::Duration;

/// Every session token starts so (a guest's token never does): `s.` and 64 hex digits.
pub const PREFIX: &str = "s.";

/// How long a session may go unused before it ends.
pub const IDLE_LIMIT: Duration = Duration::from_secs(180 * 24 * 60 * 60);

/// The oldest last use (ms since the epoch) of a session that still works.
pub fn oldest_use() -> i64 {
    now_ms() - IDLE_LIMIT.as_millis() as i64
}

/// A fresh session token.
pub fn new_token() -> String {
    format!("{PREFIX}{}", hex::encode(rand::random::<[u8; 32]>()))
}

/// What is stored of a token.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Stores a new session of `player` in `tx`; returns its token.
pub async fn open(tx: &mut sqlx::AnyConnection, player: &str) -> sqlx::Result<String> {
    let token = new_token();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO nimmt_sessions (token_hash, player_id, created_at, last_seen_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash(&token))
    .bind(player.to_owned())
    .bind(now)
    .bind(now)
    .execute(tx)
    .await?;
    Ok(token)
}

/// Notes that the session was used now (shown in the player's data).
pub async fn seen(pool: &AnyPool, token: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE nimmt_sessions SET last_seen_at = $1 WHERE token_hash = $2")
        .bind(now_ms())
        .bind(token_hash(token))
        .execute(pool)
        .await?;
    Ok(())
}

/// Ends the session of `token` (log out).
pub async fn close(pool: &AnyPool, token: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM nimmt_sessions WHERE token_hash = $1")
        .bind(token_hash(token))
        .execute(pool)
        .await?;
    Ok(())
}

/// Ends every session of `player` but the one of `keep` (all of them with `None`).
pub async fn close_others(
    tx: &mut sqlx::AnyConnection,
    player: &str,
    keep: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM nimmt_sessions WHERE player_id = $1 AND token_hash <> $2")
        .bind(player.to_owned())
        .bind(keep.map(token_hash).unwrap_or_default())
        .execute(tx)
        .await?;
    Ok(())
}

pub use nimmt_room::lobby::Ending;

/// Deletes the sessions unused for [`IDLE_LIMIT`]; returns each one's player and token hash (on
/// a cluster the node whose sweep deleted a session tells the others).
pub async fn expire(pool: &AnyPool) -> sqlx::Result<Vec<(String, String)>> {
    let rows = sqlx::query(
        "DELETE FROM nimmt_sessions WHERE last_seen_at < $1 RETURNING player_id, token_hash",
    )
    .bind(oldest_use())
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
}

/// A session as its owner sees it in their data.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SessionInfo {
    pub created_at: i64,
    pub last_seen_at: i64,
    /// The session the request came with.
    pub current: bool,
}

/// The open sessions of `player`, oldest first.
pub async fn list(
    pool: &AnyPool,
    player: &str,
    current: Option<&str>,
) -> sqlx::Result<Vec<SessionInfo>> {
    let current = current.map(token_hash);
    let rows = sqlx::query(
        "SELECT token_hash, created_at, last_seen_at FROM nimmt_sessions \
         WHERE player_id = $1 ORDER BY created_at",
    )
    .bind(player.to_owned())
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| SessionInfo {
            current: current.as_deref() == Some(r.get::<String, _>(0).as_str()),
            created_at: r.get(1),
            last_seen_at: r.get(2),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_fresh_and_stored_hashed() {
        let a = new_token();
        assert!(a.starts_with(PREFIX) && a.len() == PREFIX.len() + 64);
        assert_ne!(a, new_token());
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
    }

    #[test]
    fn an_ending_picks_connections_by_session() {
        let (a, b) = (token_hash("s.a"), token_hash("s.b"));
        assert!(Ending::All.ends(None) && Ending::All.ends(Some(&a)));
        assert!(Ending::Only(a.clone()).ends(Some(&a)));
        assert!(!Ending::Only(a.clone()).ends(Some(&b)) && !Ending::Only(a.clone()).ends(None));
        assert!(!Ending::AllBut(a.clone()).ends(Some(&a)));
        assert!(Ending::AllBut(a.clone()).ends(Some(&b)) && Ending::AllBut(a).ends(None));
    }
}
