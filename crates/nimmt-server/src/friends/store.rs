//! Friends in the database (`migrations/0009_friends.sql`): follows, challenges and each
//! account's settings. Every node of a cluster reads them here when it needs them.

use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{ChallengePolicy, FriendSettings, PlayerId};
use nimmt_room::lobby::CHALLENGE_LIFETIME_MS;
use sqlx::{AnyPool, Row};

/// `player` follows `followed`; `false` if they already did.
pub async fn follow(pool: &AnyPool, player: &str, followed: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO nimmt_follows (player_id, followed_id, at_ms) VALUES ($1, $2, $3) \
         ON CONFLICT (player_id, followed_id) DO NOTHING",
    )
    .bind(player.to_owned())
    .bind(followed.to_owned())
    .bind(now)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// `player` no longer follows `followed`; `false` if they did not.
pub async fn unfollow(pool: &AnyPool, player: &str, followed: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM nimmt_follows WHERE player_id = $1 AND followed_id = $2")
        .bind(player.to_owned())
        .bind(followed.to_owned())
        .execute(pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// The accounts `player` follows (identity and name), by name; a deleted account is left out.
pub async fn following(pool: &AnyPool, player: &str) -> sqlx::Result<Vec<(PlayerId, String)>> {
    let rows = sqlx::query(
        "SELECT f.followed_id, a.name FROM nimmt_follows f \
         JOIN nimmt_accounts a ON a.player_id = f.followed_id \
         WHERE f.player_id = $1 ORDER BY a.name_key",
    )
    .bind(player.to_owned())
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
}

/// Whether `player` follows `other`.
pub async fn follows(pool: &AnyPool, player: &str, other: &str) -> sqlx::Result<bool> {
    let row = sqlx::query("SELECT 1 FROM nimmt_follows WHERE player_id = $1 AND followed_id = $2")
        .bind(player.to_owned())
        .bind(other.to_owned())
        .fetch_optional(pool)
        .await?;
    Ok(row.is_some())
}

/// `player`'s settings (the defaults if they never changed them).
pub async fn settings(pool: &AnyPool, player: &str) -> sqlx::Result<FriendSettings> {
    let row = sqlx::query(
        "SELECT challenges, show_tables FROM nimmt_friend_settings WHERE player_id = $1",
    )
    .bind(player.to_owned())
    .fetch_optional(pool)
    .await?;
    Ok(match row {
        Some(r) => FriendSettings {
            challenges: ChallengePolicy::parse(&r.get::<String, _>(0)).unwrap_or_default(),
            show_tables: r.get::<i64, _>(1) != 0,
        },
        None => FriendSettings::default(),
    })
}

/// Stores `player`'s settings.
pub async fn set_settings(pool: &AnyPool, player: &str, s: FriendSettings) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO nimmt_friend_settings (player_id, challenges, show_tables) \
         VALUES ($1, $2, $3) ON CONFLICT (player_id) DO UPDATE \
         SET challenges = excluded.challenges, show_tables = excluded.show_tables",
    )
    .bind(player.to_owned())
    .bind(s.challenges.name())
    .bind(i64::from(s.show_tables))
    .execute(pool)
    .await?;
    Ok(())
}

/// A challenge as stored, with the names of both players.
#[derive(Clone, Debug)]
pub struct Stored {
    pub id: String,
    pub from: PlayerId,
    pub from_name: String,
    pub to: PlayerId,
    pub to_name: String,
    pub game: GameKind,
    pub options: OptionMap,
    pub created_ms: u64,
    /// `accepted` or `declined`, once answered.
    pub answer: Option<String>,
}

const COLUMNS: &str = "c.id, c.from_id, COALESCE(pf.name, ''), c.to_id, COALESCE(pt.name, ''), \
    c.game, c.options, c.created_at_ms, c.answer FROM nimmt_challenges c \
    LEFT JOIN nimmt_players pf ON pf.id = c.from_id \
    LEFT JOIN nimmt_players pt ON pt.id = c.to_id";

fn stored(r: &sqlx::any::AnyRow) -> Stored {
    let game: String = r.get(5);
    let options: String = r.get(6);
    Stored {
        id: r.get(0),
        from: r.get(1),
        from_name: r.get(2),
        to: r.get(3),
        to_name: r.get(4),
        // Written from a checked kind; a game no longer in the registry reads as classic.
        game: game.parse().unwrap_or(GameKind::new("classic")),
        options: serde_json::from_str(&options).unwrap_or_default(),
        created_ms: r.get::<i64, _>(7).max(0) as u64,
        answer: r.get(8),
    }
}

/// Stores a new challenge.
pub async fn insert(pool: &AnyPool, c: &Stored) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO nimmt_challenges (id, from_id, to_id, game, options, created_at_ms) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(c.id.clone())
    .bind(c.from.clone())
    .bind(c.to.clone())
    .bind(c.game.name().to_owned())
    .bind(serde_json::to_string(&c.options).unwrap_or_else(|_| "{}".into()))
    .bind(c.created_ms as i64)
    .execute(pool)
    .await?;
    Ok(())
}

/// The challenge `id`, if there is one.
pub async fn get(pool: &AnyPool, id: &str) -> sqlx::Result<Option<Stored>> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} WHERE c.id = $1"))
        .bind(id.to_owned())
        .fetch_optional(pool)
        .await?;
    Ok(row.as_ref().map(stored))
}

/// The unanswered challenges to or from `player` that have not expired at `now`, oldest first.
pub async fn open_for(pool: &AnyPool, player: &str, now: u64) -> sqlx::Result<Vec<Stored>> {
    let since = now.saturating_sub(CHALLENGE_LIFETIME_MS) as i64;
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} WHERE (c.from_id = $1 OR c.to_id = $1) AND c.answer IS NULL \
         AND c.created_at_ms > $2 ORDER BY c.created_at_ms"
    ))
    .bind(player.to_owned())
    .bind(since)
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(stored).collect())
}

/// Marks challenge `id` answered (`accepted` or `declined`) at `now`, unless it already was;
/// `false` then.
pub async fn answer(pool: &AnyPool, id: &str, answer: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE nimmt_challenges SET answer = $1, answered_at_ms = $2 \
         WHERE id = $3 AND answer IS NULL",
    )
    .bind(answer.to_owned())
    .bind(now)
    .bind(id.to_owned())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// An accepted challenge opened table `table`.
pub async fn opened(pool: &AnyPool, id: &str, table: u64) -> sqlx::Result<()> {
    sqlx::query("UPDATE nimmt_challenges SET table_id = $1 WHERE id = $2")
        .bind(table as i64)
        .bind(id.to_owned())
        .execute(pool)
        .await?;
    Ok(())
}

/// Takes back the answer of challenge `id` (its table could not be opened).
pub async fn unanswer(pool: &AnyPool, id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE nimmt_challenges SET answer = NULL, answered_at_ms = NULL WHERE id = $1")
        .bind(id.to_owned())
        .execute(pool)
        .await?;
    Ok(())
}
