//! Personal mutes: a player mutes another for themselves; the muted player's chat lines at
//! tables are then not sent to them (nor in the chat history they get on joining).

use super::now_ms;
use super::operators::PlayerRef;
use nimmt_protocol::PlayerId;
use sqlx::{AnyPool, Row};
use std::collections::HashSet;

/// `player` mutes `muted`; `false` if they already did.
pub async fn mute(pool: &AnyPool, player: &str, muted: &str) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO nimmt_personal_mutes (player_id, muted_id, at_ms) VALUES ($1, $2, $3) \
         ON CONFLICT (player_id, muted_id) DO NOTHING",
    )
    .bind(player.to_owned())
    .bind(muted.to_owned())
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// `player` reads `muted` again; `false` if they had not muted them.
pub async fn unmute(pool: &AnyPool, player: &str, muted: &str) -> anyhow::Result<bool> {
    let done =
        sqlx::query("DELETE FROM nimmt_personal_mutes WHERE player_id = $1 AND muted_id = $2")
            .bind(player.to_owned())
            .bind(muted.to_owned())
            .execute(pool)
            .await?;
    Ok(done.rows_affected() > 0)
}

/// Whom `player` muted, with their names.
pub async fn list(pool: &AnyPool, player: &str) -> anyhow::Result<Vec<PlayerRef>> {
    let rows = sqlx::query(
        "SELECT m.muted_id, COALESCE(p.name, '') FROM nimmt_personal_mutes m \
         LEFT JOIN nimmt_players p ON p.id = m.muted_id WHERE m.player_id = $1 ORDER BY m.at_ms",
    )
    .bind(player.to_owned())
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(PlayerRef::of_row).collect())
}

/// The players `player` muted.
pub async fn muted_by(pool: &AnyPool, player: &str) -> anyhow::Result<HashSet<PlayerId>> {
    Ok(list(pool, player)
        .await?
        .into_iter()
        .map(|p| p.id)
        .collect())
}

/// The players who muted `speaker` (their lines are not sent to these).
pub async fn muting(pool: &AnyPool, speaker: &str) -> anyhow::Result<HashSet<PlayerId>> {
    let rows = sqlx::query("SELECT player_id FROM nimmt_personal_mutes WHERE muted_id = $1")
        .bind(speaker.to_owned())
        .fetch_all(pool)
        .await?;
    Ok(rows.iter().map(|r| r.get::<String, _>(0)).collect())
}
