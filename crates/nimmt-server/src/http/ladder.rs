//! A game's bot ladder (`GET /api/ladder/{game}`, and the browser's page `/ladder/{game}`): the
//! bot accounts rated in the game (rating, games, provisional or not), best first, and the
//! ladder's recent games (finished games where every seat is a bot account), newest first, each
//! with its seats and the link to its replay.

use super::Answer;
use crate::ratings::{lookup, shown, sql};
use crate::refused::Refused;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row};
use std::collections::BTreeMap;

/// Recent games the ladder page shows.
pub const RECENT_GAMES: i64 = 20;
/// Bots the ladder page shows at most.
pub const MOST_BOTS: i64 = 200;

/// Identities that are bot accounts (SQL, no parameters).
const BOT_ACCOUNTS: &str = "SELECT player_id FROM nimmt_accounts WHERE bot_since IS NOT NULL";

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/ladder/{game}", get(ladder))
        .route("/ladder/{game}", get(page))
}

/// The browser client's page (it reads the address itself).
async fn page(state: State<AppState>) -> Response {
    super::assets(state, Uri::from_static("/")).await
}

/// A game's ladder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ladder {
    pub game: String,
    /// Bot accounts with a rated game of it, best rating first.
    pub bots: Vec<LadderBot>,
    /// Finished games with only bot accounts seated, newest first.
    pub recent: Vec<LadderGame>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderBot {
    pub name: String,
    /// Its profile's address.
    pub profile: String,
    pub rating: i64,
    /// Rated games played.
    pub games: i64,
    /// Fewer rated games than it takes for the rating to settle.
    pub provisional: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderGame {
    pub table: i64,
    /// When it ended (ms since the epoch).
    pub ended_ms: i64,
    /// In seat order.
    pub seats: Vec<LadderSeat>,
    /// The browser's replay of it.
    pub replay: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderSeat {
    pub name: String,
    pub place: i64,
    pub points: i64,
}

/// `GET /api/ladder/{game}`; 404 for a game the room does not have.
async fn ladder(State(state): State<AppState>, Path(game): Path<String>) -> Answer {
    if nimmt_core::registry::find(&game).is_err() {
        let known: Vec<String> = nimmt_core::registry::descriptors()
            .into_iter()
            .map(|d| d.name)
            .collect();
        return Err(Refused::new(StatusCode::NOT_FOUND, "ladder_unknown_game")
            .with("game", &game)
            .with("known", known.join(", ")));
    }
    let storage_failed = |e: sqlx::Error| Refused::storage(format!("ladder: {e}"));
    let mut conn = state.store.pool().acquire().await.map_err(storage_failed)?;
    let bots = bots(&mut conn, &game).await.map_err(storage_failed)?;
    let recent = recent(&mut conn, &game).await.map_err(storage_failed)?;
    Ok(Json(Ladder { game, bots, recent }).into_response())
}

/// The bot accounts rated in `game`, best first.
async fn bots(conn: &mut AnyConnection, game: &str) -> Result<Vec<LadderBot>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT identity, mu, rated_games FROM nimmt_ratings \
         WHERE game = $1 AND rated_games > 0 AND identity IN ({BOT_ACCOUNTS}) \
         ORDER BY mu DESC LIMIT $2"
    ))
    .bind(game.to_owned())
    .bind(MOST_BOTS)
    .fetch_all(&mut *conn)
    .await?;
    let identities: Vec<String> = rows.iter().map(|r| r.get::<String, _>(0)).collect();
    let named = lookup::names_of(conn, &identities).await?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let n = named.get(&r.get::<String, _>(0))?;
            let games: i64 = r.get(2);
            Some(LadderBot {
                name: n.name.clone(),
                profile: n.profile.clone(),
                rating: shown::points(r.get(1)),
                games,
                provisional: games < shown::PROVISIONAL_GAMES,
            })
        })
        .collect())
}

/// The newest finished games of `game` where every seat is a bot account.
async fn recent(conn: &mut AnyConnection, game: &str) -> Result<Vec<LadderGame>, sqlx::Error> {
    let tables = sqlx::query(&format!(
        "SELECT table_id, MAX(finished_at), MAX(seq) FROM nimmt_results WHERE game = $1 \
         GROUP BY table_id \
         HAVING COUNT(*) = SUM(CASE WHEN identity IN ({BOT_ACCOUNTS}) THEN 1 ELSE 0 END) \
         ORDER BY MAX(seq) DESC LIMIT $2"
    ))
    .bind(game.to_owned())
    .bind(RECENT_GAMES)
    .fetch_all(&mut *conn)
    .await?;
    if tables.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = tables.iter().map(|r| r.get::<i64, _>(0)).collect();
    let marks = sql::placeholders(1, ids.len());
    let seats_sql = format!(
        "SELECT table_id, name, place, score FROM nimmt_results WHERE table_id IN ({marks}) \
         ORDER BY table_id, seat"
    );
    let mut q = sqlx::query(&seats_sql);
    for id in &ids {
        q = q.bind(*id);
    }
    let mut seats: BTreeMap<i64, Vec<LadderSeat>> = BTreeMap::new();
    for r in q.fetch_all(&mut *conn).await? {
        seats.entry(r.get(0)).or_default().push(LadderSeat {
            name: r.get(1),
            place: r.get(2),
            points: r.get(3),
        });
    }
    Ok(tables
        .iter()
        .map(|r| {
            let table: i64 = r.get(0);
            LadderGame {
                table,
                ended_ms: r.get(1),
                seats: seats.remove(&table).unwrap_or_default(),
                replay: format!("/#/replay/{table}"),
            }
        })
        .collect())
}
