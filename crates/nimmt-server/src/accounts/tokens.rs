//! API tokens: what a bot program sends in `hello` instead of a password or session. An account
//! makes them on its account page (each named, at most [`MOST`]), sees each one's secret once,
//! and revokes them; only their SHA-256 is stored (as sessions' are), with the time of their
//! last use. A token opens a WebSocket connection only: it never logs in to the account page.
//!
//! A connection opened with a token carries [`session`] of the token's hash as its session, so
//! revoking the token closes it on every node through the sessions' ending (`session_end.rs`);
//! a password change, which ends the account's other sessions, leaves it open.

use super::now_ms;
use super::sessions::token_hash;
use nimmt_protocol::{PlayerId, API_TOKEN_PREFIX};
use sqlx::{AnyPool, Row};

/// Most tokens an account has at once.
pub const MOST: usize = 20;
/// Longest name of a token (characters).
pub const MAX_NAME: usize = 40;
/// Hex digits of a token's hash that name it in the account's list.
pub const ID_LEN: usize = 12;

/// Whether `token` has the form of an API token (it need not exist).
pub fn is_api_token(token: &str) -> bool {
    token.starts_with(API_TOKEN_PREFIX)
}

/// A fresh token: `t.` and 64 hex digits.
pub fn new_token() -> String {
    format!(
        "{API_TOKEN_PREFIX}{}",
        hex::encode(rand::random::<[u8; 32]>())
    )
}

/// The session of a connection opened with the token whose hash is `hash`: `t.` and the hash
/// (a session token's is its bare hash).
pub fn session(hash: &str) -> String {
    format!("{API_TOKEN_PREFIX}{hash}")
}

/// A token as its owner sees it listed (never its secret).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TokenInfo {
    /// The first [`ID_LEN`] hex digits of its hash.
    pub id: String,
    pub name: String,
    pub created_ms: i64,
    pub last_used_ms: Option<i64>,
}

/// Why a token is not made.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    #[error("the account has {MOST} tokens")]
    TooMany,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// Makes a token named `name` for `player`; returns it (the only time it is seen) and its id.
pub async fn create(
    pool: &AnyPool,
    player: &str,
    name: &str,
) -> Result<(String, String), CreateError> {
    if list(pool, player).await?.len() >= MOST {
        return Err(CreateError::TooMany);
    }
    let token = new_token();
    let hash = token_hash(&token);
    sqlx::query(
        "INSERT INTO nimmt_api_tokens (token_hash, player_id, name, created_at, last_used_at) \
         VALUES ($1, $2, $3, $4, NULL)",
    )
    .bind(hash.clone())
    .bind(player.to_owned())
    .bind(name.to_owned())
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok((token, hash[..ID_LEN].to_owned()))
}

/// The account (identity, account name) a token opens, if it is a token of an account.
pub async fn player_of(pool: &AnyPool, token: &str) -> sqlx::Result<Option<(PlayerId, String)>> {
    if !is_api_token(token) {
        return Ok(None);
    }
    let row = sqlx::query(
        "SELECT a.player_id, a.name FROM nimmt_api_tokens t \
         JOIN nimmt_accounts a ON a.player_id = t.player_id WHERE t.token_hash = $1",
    )
    .bind(token_hash(token))
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| (r.get(0), r.get(1))))
}

/// Notes that `token` was used now.
pub async fn used(pool: &AnyPool, token: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE nimmt_api_tokens SET last_used_at = $1 WHERE token_hash = $2")
        .bind(now_ms())
        .bind(token_hash(token))
        .execute(pool)
        .await?;
    Ok(())
}

/// `player`'s tokens, oldest first.
pub async fn list(pool: &AnyPool, player: &str) -> sqlx::Result<Vec<TokenInfo>> {
    let rows = sqlx::query(
        "SELECT token_hash, name, created_at, last_used_at FROM nimmt_api_tokens \
         WHERE player_id = $1 ORDER BY created_at, token_hash",
    )
    .bind(player.to_owned())
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| TokenInfo {
            id: r.get::<String, _>(0)[..ID_LEN].to_owned(),
            name: r.get(1),
            created_ms: r.get(2),
            last_used_ms: r.get(3),
        })
        .collect())
}

/// Revokes (deletes) `player`'s token whose id is `id`; returns its hash, `None` if `player`
/// has no such token.
pub async fn revoke(pool: &AnyPool, player: &str, id: &str) -> sqlx::Result<Option<String>> {
    if id.len() != ID_LEN || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    let id = id.to_ascii_lowercase();
    let rows = sqlx::query("SELECT token_hash FROM nimmt_api_tokens WHERE player_id = $1")
        .bind(player.to_owned())
        .fetch_all(pool)
        .await?;
    let Some(hash) = rows
        .iter()
        .map(|r| r.get::<String, _>(0))
        .find(|h| h.starts_with(&id))
    else {
        return Ok(None);
    };
    sqlx::query("DELETE FROM nimmt_api_tokens WHERE token_hash = $1")
        .bind(hash.clone())
        .execute(pool)
        .await?;
    Ok(Some(hash))
}

/// Deletes every token of `player` (its account is deleted), in `tx`.
pub async fn revoke_all(tx: &mut sqlx::AnyConnection, player: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM nimmt_api_tokens WHERE player_id = $1")
        .bind(player.to_owned())
        .execute(tx)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_fresh_prefixed_and_not_sessions() {
        let t = new_token();
        assert!(is_api_token(&t) && t.len() == API_TOKEN_PREFIX.len() + 64);
        assert_ne!(t, new_token());
        assert!(!super::super::is_session_token(&t));
        assert!(!is_api_token(&super::super::sessions::new_token()));
    }

    #[test]
    fn a_password_change_leaves_a_token_connection_open_and_a_revocation_ends_it() {
        use super::super::sessions::Ending;
        let bot = Some(session(&token_hash("t.a")));
        let browser = token_hash("s.b");
        assert!(!Ending::AllBut(browser.clone()).ends(bot.as_deref()));
        assert!(Ending::AllBut(browser).ends(Some(&token_hash("s.c"))));
        assert!(Ending::Only(session(&token_hash("t.a"))).ends(bot.as_deref()));
        assert!(!Ending::Only(session(&token_hash("t.z"))).ends(bot.as_deref()));
        assert!(Ending::All.ends(bot.as_deref()));
    }
}
