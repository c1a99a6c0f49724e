//! Bot accounts: an account marked as a bot (`nimmt_accounts.bot_since`), once and for good,
//! before it played a rated game and only when it is no operator. A bot account is marked as a
//! bot wherever its name appears, is never an operator, and plays with API tokens
//! ([`super::tokens`]).

use super::now_ms;
use crate::names;
use nimmt_protocol::PlayerId;
use sqlx::{AnyPool, Row};

/// Whether `player` is a bot account (`false` for a person's account, a guest or nobody).
pub async fn is_bot(pool: &AnyPool, player: &str) -> sqlx::Result<bool> {
    let row =
        sqlx::query("SELECT 1 FROM nimmt_accounts WHERE player_id = $1 AND bot_since IS NOT NULL")
            .bind(player.to_owned())
            .fetch_optional(pool)
            .await?;
    Ok(row.is_some())
}

/// The account called `name` (as names compare: "Ann" and "ＡＮＮ" are one): its identity, its
/// name as written, and whether it is a bot account.
pub async fn by_name(pool: &AnyPool, name: &str) -> sqlx::Result<Option<(PlayerId, String, bool)>> {
    let row =
        sqlx::query("SELECT player_id, name, bot_since FROM nimmt_accounts WHERE name_key = $1")
            .bind(names::key(name))
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|r| (r.get(0), r.get(1), r.get::<Option<i64>, _>(2).is_some())))
}

/// Of `players`, those that are bot accounts.
pub async fn bots_among(pool: &AnyPool, players: &[String]) -> sqlx::Result<Vec<PlayerId>> {
    let mut conn = pool.acquire().await?;
    bots_among_in(&mut conn, players).await
}

/// [`bots_among`] on a connection.
pub async fn bots_among_in(
    conn: &mut sqlx::AnyConnection,
    players: &[String],
) -> sqlx::Result<Vec<PlayerId>> {
    if players.is_empty() {
        return Ok(Vec::new());
    }
    let marks = (1..=players.len())
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT player_id FROM nimmt_accounts WHERE bot_since IS NOT NULL \
         AND player_id IN ({marks})"
    );
    let mut q = sqlx::query(&sql);
    for p in players {
        q = q.bind(p.clone());
    }
    Ok(q.fetch_all(conn).await?.iter().map(|r| r.get(0)).collect())
}

/// Why an account cannot become a bot account.
#[derive(Debug, thiserror::Error)]
pub enum BecomeError {
    #[error("no such account")]
    NoAccount,
    #[error("the account has played rated games")]
    RatedGames,
    #[error("the account is an operator")]
    Operator,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// Makes `player`'s account a bot account; `Ok(false)` if it was one already. Refused once it
/// has played a rated game, and for an operator.
pub async fn become_bot(pool: &AnyPool, player: &str) -> Result<bool, BecomeError> {
    let row = sqlx::query("SELECT bot_since FROM nimmt_accounts WHERE player_id = $1")
        .bind(player.to_owned())
        .fetch_optional(pool)
        .await?;
    let Some(row) = row else {
        return Err(BecomeError::NoAccount);
    };
    if row.get::<Option<i64>, _>(0).is_some() {
        return Ok(false);
    }
    let rated = sqlx::query("SELECT 1 FROM nimmt_results WHERE identity = $1 AND rated <> 0")
        .bind(player.to_owned())
        .fetch_optional(pool)
        .await?;
    if rated.is_some() {
        return Err(BecomeError::RatedGames);
    }
    let operator = sqlx::query("SELECT 1 FROM nimmt_operators WHERE player_id = $1")
        .bind(player.to_owned())
        .fetch_optional(pool)
        .await?;
    if operator.is_some() {
        return Err(BecomeError::Operator);
    }
    sqlx::query(
        "UPDATE nimmt_accounts SET bot_since = $1 WHERE player_id = $2 AND bot_since IS NULL",
    )
    .bind(now_ms())
    .bind(player.to_owned())
    .execute(pool)
    .await?;
    Ok(true)
}
