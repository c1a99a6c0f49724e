//! Operators: identities made operators on the command line (`nimmt admin grant NAME`), and
//! finding the identity a name stands for.

use super::now_ms;
use nimmt_protocol::PlayerId;
use sqlx::{AnyPool, Row};

/// A player as moderation names them: identity and name.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlayerRef {
    pub id: PlayerId,
    pub name: String,
}

impl PlayerRef {
    /// A row whose first two columns are an identity and its name.
    pub fn of_row(r: &sqlx::any::AnyRow) -> PlayerRef {
        PlayerRef {
            id: r.get(0),
            name: r.get(1),
        }
    }
}

/// Why a name or identity does not point to one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    Found(PlayerRef),
    Unknown,
    /// Several guests carry this name: their identities.
    Ambiguous(Vec<PlayerId>),
}

/// The player `who` stands for: an identity, else an account's name (as names are compared:
/// "Ann" and "ＡＮＮ" are one), else a guest's name (letter case not counted).
pub async fn find(pool: &AnyPool, who: &str) -> anyhow::Result<Lookup> {
    let who = who.trim();
    if let Some(r) = sqlx::query(
        "SELECT a.player_id, p.name FROM nimmt_accounts a JOIN nimmt_players p \
         ON p.id = a.player_id WHERE a.name_key = $1",
    )
    .bind(crate::names::key(who))
    .fetch_optional(pool)
    .await?
    {
        return Ok(Lookup::Found(PlayerRef::of_row(&r)));
    }
    if let Some(r) = sqlx::query("SELECT id, name FROM nimmt_players WHERE id = $1")
        .bind(who.to_owned())
        .fetch_optional(pool)
        .await?
    {
        return Ok(Lookup::Found(PlayerRef::of_row(&r)));
    }
    let rows = sqlx::query(
        "SELECT id, name FROM nimmt_players WHERE LOWER(name) = LOWER($1) ORDER BY created_at",
    )
    .bind(who.to_owned())
    .fetch_all(pool)
    .await?;
    Ok(match rows.len() {
        0 => Lookup::Unknown,
        1 => Lookup::Found(PlayerRef::of_row(&rows[0])),
        _ => Lookup::Ambiguous(rows.iter().map(|r| r.get(0)).collect()),
    })
}

/// The name of an identity, if it exists.
pub async fn name_of(pool: &AnyPool, id: &str) -> anyhow::Result<Option<String>> {
    Ok(sqlx::query("SELECT name FROM nimmt_players WHERE id = $1")
        .bind(id.to_owned())
        .fetch_optional(pool)
        .await?
        .map(|r| r.get(0)))
}

/// Makes `player` an operator; `false` if they already were. A bot account is never one.
pub async fn grant(pool: &AnyPool, player: &str) -> anyhow::Result<bool> {
    if crate::accounts::bot::is_bot(pool, player).await? {
        anyhow::bail!("{player} is a bot account, and a bot account is never an operator");
    }
    if is_operator(pool, player).await? {
        return Ok(false);
    }
    sqlx::query("INSERT INTO nimmt_operators (player_id, granted_at_ms) VALUES ($1, $2)")
        .bind(player.to_owned())
        .bind(now_ms())
        .execute(pool)
        .await?;
    Ok(true)
}

/// Takes the operator role from `player`; `false` if they did not have it.
pub async fn revoke(pool: &AnyPool, player: &str) -> anyhow::Result<bool> {
    let done = sqlx::query("DELETE FROM nimmt_operators WHERE player_id = $1")
        .bind(player.to_owned())
        .execute(pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn is_operator(pool: &AnyPool, player: &str) -> anyhow::Result<bool> {
    Ok(
        sqlx::query("SELECT 1 FROM nimmt_operators WHERE player_id = $1")
            .bind(player.to_owned())
            .fetch_optional(pool)
            .await?
            .is_some(),
    )
}

/// Every operator, by name.
pub async fn list(pool: &AnyPool) -> anyhow::Result<Vec<PlayerRef>> {
    let rows = sqlx::query(
        "SELECT o.player_id, COALESCE(p.name, '') FROM nimmt_operators o \
         LEFT JOIN nimmt_players p ON p.id = o.player_id ORDER BY o.granted_at_ms",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(PlayerRef::of_row).collect())
}
