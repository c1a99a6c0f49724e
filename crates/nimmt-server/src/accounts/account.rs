//! Account rows: a guest identity becomes an account (and keeps its id), changes its password,
//! or is deleted (its games stay, its name becomes "deleted player").

use super::{now_ms, sessions};
use crate::names;
use nimmt_protocol::PlayerId;
use sqlx::{AnyPool, Row};

/// An account as stored.
#[derive(Clone, Debug)]
pub struct Account {
    pub player: PlayerId,
    pub name: String,
    pub password_hash: String,
    pub created_at: i64,
}

fn account(r: &sqlx::any::AnyRow) -> Account {
    Account {
        player: r.get(0),
        name: r.get(1),
        password_hash: r.get(2),
        created_at: r.get(3),
    }
}

const COLUMNS: &str = "player_id, name, password_hash, created_at";

/// The account whose name is `name` (by key: case and width do not matter).
pub async fn by_name(pool: &AnyPool, name: &str) -> sqlx::Result<Option<Account>> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM nimmt_accounts WHERE name_key = $1"
    ))
    .bind(names::key(name))
    .fetch_optional(pool)
    .await?;
    Ok(row.as_ref().map(account))
}

/// The account of identity `player`, if it has one.
pub async fn of_player(pool: &AnyPool, player: &str) -> sqlx::Result<Option<Account>> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM nimmt_accounts WHERE player_id = $1"
    ))
    .bind(player.to_owned())
    .fetch_optional(pool)
    .await?;
    Ok(row.as_ref().map(account))
}

/// The identity whose account name reads as `name` (same key or same skeleton), if any: a guest
/// may not take it.
pub async fn owner_of(pool: &AnyPool, name: &str) -> sqlx::Result<Option<PlayerId>> {
    let row = sqlx::query(
        "SELECT player_id FROM nimmt_accounts WHERE name_key = $1 OR name_skeleton = $2",
    )
    .bind(names::key(name))
    .bind(names::skeleton(name))
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| r.get(0)))
}

/// Why a sign-up is refused.
#[derive(Debug, thiserror::Error)]
pub enum SignUpError {
    #[error("the name belongs to another account")]
    NameTaken,
    #[error("this identity already has an account")]
    AlreadyAccount,
    #[error("no such identity")]
    NoIdentity,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// Turns identity `player` (or a new one, with `None`) into the account `name` with the
/// password hash `hash`; the guest token stops working. Returns the identity and a session
/// token.
pub async fn create(
    pool: &AnyPool,
    player: Option<&str>,
    name: &str,
    hash: &str,
) -> Result<(PlayerId, String), SignUpError> {
    if owner_of(pool, name).await?.is_some() {
        return Err(SignUpError::NameTaken);
    }
    let now = now_ms();
    let mut tx = pool.begin().await?;
    let player = match player {
        Some(p) => {
            let row = sqlx::query("SELECT deleted_at FROM nimmt_players WHERE id = $1")
                .bind(p.to_owned())
                .fetch_optional(&mut *tx)
                .await?;
            match row {
                Some(r) if r.get::<Option<i64>, _>(0).is_none() => p.to_owned(),
                _ => return Err(SignUpError::NoIdentity),
            }
        }
        None => {
            let p = hex::encode(rand::random::<[u8; 8]>());
            sqlx::query(
                "INSERT INTO nimmt_players (id, token, name, created_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(p.clone())
            .bind(revoked_token())
            .bind(name.to_owned())
            // Identities count their age in seconds (accounts in milliseconds).
            .bind(now / 1000)
            .execute(&mut *tx)
            .await?;
            p
        }
    };
    let inserted = sqlx::query(
        "INSERT INTO nimmt_accounts (player_id, name, name_key, name_skeleton, password_hash, \
         created_at, password_changed_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(player.clone())
    .bind(name.to_owned())
    .bind(names::key(name))
    .bind(names::skeleton(name))
    .bind(hash.to_owned())
    .bind(now)
    .execute(&mut *tx)
    .await;
    if let Err(e) = inserted {
        // Two sign-ups for one name (or one identity) at once: the unique keys decide.
        return Err(match &e {
            sqlx::Error::Database(d) if d.is_unique_violation() => {
                if of_player(pool, &player).await?.is_some() {
                    SignUpError::AlreadyAccount
                } else {
                    SignUpError::NameTaken
                }
            }
            _ => SignUpError::Db(e),
        });
    }
    sqlx::query("UPDATE nimmt_players SET name = $1, token = $2 WHERE id = $3")
        .bind(name.to_owned())
        .bind(revoked_token())
        .bind(player.clone())
        .execute(&mut *tx)
        .await?;
    let token = sessions::open(&mut tx, &player).await?;
    tx.commit().await?;
    Ok((player, token))
}

/// A guest token nobody holds: the identity is reached through its account's sessions only.
fn revoked_token() -> String {
    format!("revoked.{}", hex::encode(rand::random::<[u8; 16]>()))
}

/// Stores a new password hash; every session but `keep` ends.
pub async fn set_password(
    pool: &AnyPool,
    player: &str,
    hash: &str,
    keep: &str,
) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query(
        "UPDATE nimmt_accounts SET password_hash = $1, password_changed_at = $2 \
         WHERE player_id = $3",
    )
    .bind(hash.to_owned())
    .bind(now_ms())
    .bind(player.to_owned())
    .execute(&mut *tx)
    .await?;
    sessions::close_others(&mut tx, player, Some(keep)).await?;
    tx.commit().await
}

/// Deletes the account of `player`: its sessions end, its name is free again, and the identity
/// stays (its games and results keep pointing at it) under the name "deleted player", with no
/// token that reaches it.
pub async fn delete(pool: &AnyPool, player: &str) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    sessions::close_others(&mut tx, player, None).await?;
    super::tokens::revoke_all(&mut tx, player).await?;
    sqlx::query("DELETE FROM nimmt_accounts WHERE player_id = $1")
        .bind(player.to_owned())
        .execute(&mut *tx)
        .await?;
    // Its browsers' Web Push subscriptions (`push/subscriptions.rs`).
    sqlx::query("DELETE FROM nimmt_push_subscriptions WHERE player_id = $1")
        .bind(player.to_owned())
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE nimmt_players SET name = $1, token = $2, deleted_at = $3 WHERE id = $4")
        .bind(names::DELETED_PLAYER)
        .bind(revoked_token())
        .bind(now_ms())
        .bind(player.to_owned())
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    // The names in the stored results of its games (the history's and the profiles' source).
    if let Err(e) = sqlx::query("UPDATE nimmt_results SET name = $1 WHERE identity = $2")
        .bind(names::DELETED_PLAYER)
        .bind(player.to_owned())
        .execute(pool)
        .await
    {
        tracing::warn!("the results of a deleted account keep its name: {e}");
    }
    Ok(())
}
