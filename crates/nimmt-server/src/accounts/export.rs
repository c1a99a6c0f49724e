//! "Download my data": everything the room keeps about one identity, as JSON. Only the
//! identity's own rows: of a table it sat at, its own seat; of other players, nothing but the
//! names that stand in its games' results.

use super::{account, bot, sessions, tokens};
use serde_json::{json, Value};
use sqlx::{AnyPool, Row};

/// The data of `player`; `current` is the session token the request came with.
pub async fn of(pool: &AnyPool, player: &str, current: Option<&str>) -> sqlx::Result<Value> {
    let row = sqlx::query("SELECT name, created_at FROM nimmt_players WHERE id = $1")
        .bind(player.to_owned())
        .fetch_one(pool)
        .await?;
    let (name, created_at): (String, i64) = (row.get(0), row.get(1));
    let account = account::of_player(pool, player).await?.map(|a| {
        json!({
            "name": a.name,
            "created_at": a.created_at,
            "password": "stored as an Argon2id hash only",
        })
    });
    let sessions = sessions::list(pool, player, current).await?;
    let bot = bot::is_bot(pool, player).await?;
    Ok(json!({
        "player": player,
        "name": name,
        "created_at": created_at,
        "account": account,
        "sessions": sessions,
        "bot": bot,
        "api_tokens": tokens::list(pool, player).await?,
        "tables": tables(pool, player).await?,
        "results": optional(results(pool, player).await),
        "ratings": optional(ratings(pool, player).await),
        "muted_by_me": optional(mutes(pool, player).await),
    }))
}

/// What another part of the room keeps, if its rows can be read.
fn optional(rows: sqlx::Result<Value>) -> Value {
    rows.unwrap_or_else(|e| {
        tracing::warn!("a part of a player's data cannot be read: {e}");
        Value::Null
    })
}

/// The tables the identity sat at (or hosts), with its own seat's name.
async fn tables(pool: &AnyPool, player: &str) -> sqlx::Result<Value> {
    // The identity's id is in the table's meta: a first cut in SQL, the exact one in JSON.
    let rows = sqlx::query(
        "SELECT id, game, state, meta, updated_at FROM nimmt_tables WHERE meta LIKE $1 ORDER BY id",
    )
    .bind(format!("%\"{player}\"%"))
    .fetch_all(pool)
    .await?;
    let mut out = Vec::new();
    for r in rows {
        let meta: Value = serde_json::from_str(&r.get::<String, _>(3)).unwrap_or(Value::Null);
        let seat = meta["seats"].as_array().and_then(|seats| {
            seats.iter().position(|s| {
                s["player"].as_str() == Some(player) || s["left"].as_str() == Some(player)
            })
        });
        let host = meta["host"].as_str() == Some(player);
        if seat.is_none() && !host {
            continue;
        }
        out.push(json!({
            "table": r.get::<i64, _>(0),
            "game": r.get::<String, _>(1),
            "state": r.get::<String, _>(2),
            "seat": seat,
            "seat_name": seat.map(|s| meta["seats"][s]["name"].clone()),
            "host": host,
            "updated_at": r.get::<i64, _>(4),
        }));
    }
    Ok(Value::Array(out))
}

async fn results(pool: &AnyPool, player: &str) -> sqlx::Result<Value> {
    let rows = sqlx::query(
        "SELECT table_id, seat, game, name, score, place, won, rated, finished_at \
         FROM nimmt_results WHERE identity = $1 ORDER BY seq",
    )
    .bind(player.to_owned())
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| {
            json!({
                "table": r.get::<i64, _>(0),
                "seat": r.get::<i64, _>(1),
                "game": r.get::<String, _>(2),
                "name": r.get::<String, _>(3),
                "score": r.get::<i64, _>(4),
                "place": r.get::<i64, _>(5),
                "won": r.get::<i64, _>(6) != 0,
                "rated": r.get::<i64, _>(7) != 0,
                "finished_at": r.get::<i64, _>(8),
            })
        })
        .collect())
}

async fn ratings(pool: &AnyPool, player: &str) -> sqlx::Result<Value> {
    let rows = sqlx::query(
        "SELECT game, mu, sigma, rated_games, games, won FROM nimmt_ratings \
         WHERE identity = $1 ORDER BY game",
    )
    .bind(player.to_owned())
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| {
            json!({
                "game": r.get::<String, _>(0),
                "mu": r.get::<f64, _>(1),
                "sigma": r.get::<f64, _>(2),
                "rated_games": r.get::<i64, _>(3),
                "games": r.get::<i64, _>(4),
                "won": r.get::<i64, _>(5),
            })
        })
        .collect())
}

async fn mutes(pool: &AnyPool, player: &str) -> sqlx::Result<Value> {
    let rows = sqlx::query(
        "SELECT muted_id, at_ms FROM nimmt_personal_mutes WHERE player_id = $1 ORDER BY at_ms",
    )
    .bind(player.to_owned())
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| json!({"player": r.get::<String, _>(0), "at": r.get::<i64, _>(1)}))
        .collect())
}
