//! The routes of profiles, game histories and leaderboards (`ratings`), and the browser's pages
//! for them (the client's page, whatever the name: a name may hold a dot). When there is
//! nothing to show (nobody of that address, a database that failed) the answer has the one
//! error shape, [`Refused`], in the caller's language.

use super::Answer;
use crate::ratings::games::{self, MAX_PAGE, PAGE};
use crate::ratings::leaderboard::{self, MAX_PLACES, PLACES};
use crate::ratings::{is_rated_game, lookup, profile, rated_games};
use crate::refused::Refused;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/players/{name}", get(player_profile))
        .route("/api/players/{name}/games", get(player_games))
        .route("/api/leaderboard/{game}", get(game_leaderboard))
        .route("/players/{name}", get(page))
        .route("/leaderboard/{game}", get(page))
}

/// The browser client's page (it reads the address itself).
async fn page(state: State<AppState>) -> Response {
    super::assets(state, Uri::from_static("/")).await
}

/// `GET /api/players/{name}`.
async fn player_profile(State(state): State<AppState>, Path(address): Path<String>) -> Answer {
    let mut conn = state.store.pool().acquire().await.map_err(storage_failed)?;
    match profile::profile(&mut conn, &address)
        .await
        .map_err(storage_failed)?
    {
        Some(p) => Ok(Json(p).into_response()),
        None => Err(no_such_player(&address)),
    }
}

#[derive(Debug, Default, Deserialize)]
struct PageQuery {
    game: Option<String>,
    before: Option<i64>,
    limit: Option<i64>,
}

/// `GET /api/players/{name}/games`.
async fn player_games(
    State(state): State<AppState>,
    Path(address): Path<String>,
    Query(q): Query<PageQuery>,
) -> Answer {
    let mut conn = state.store.pool().acquire().await.map_err(storage_failed)?;
    let who = lookup::find(&mut conn, &address)
        .await
        .map_err(storage_failed)?
        .ok_or_else(|| no_such_player(&address))?;
    let limit = q.limit.unwrap_or(PAGE).clamp(1, MAX_PAGE);
    let page = games::page(&mut conn, &who.identity, q.game.as_deref(), q.before, limit)
        .await
        .map_err(storage_failed)?;
    Ok(Json(page).into_response())
}

#[derive(Debug, Default, Deserialize)]
struct BoardQuery {
    limit: Option<i64>,
    /// `people` (the default), `bots` or `all`.
    who: Option<String>,
}

/// `GET /api/leaderboard/{game}`.
async fn game_leaderboard(
    State(state): State<AppState>,
    Path(game): Path<String>,
    Query(q): Query<BoardQuery>,
) -> Answer {
    if !is_rated_game(&game) {
        return Err(Refused::new(StatusCode::NOT_FOUND, "not_rated")
            .with("game", &game)
            .with("rated", rated_games().join(", ")));
    }
    let who = match q.who.as_deref() {
        None | Some("people") => leaderboard::Who::People,
        Some("bots") => leaderboard::Who::Bots,
        Some("all") => leaderboard::Who::All,
        Some(other) => {
            return Err(Refused::new(StatusCode::BAD_REQUEST, "leaderboard_who").with("who", other))
        }
    };
    let limit = q.limit.unwrap_or(PLACES).clamp(1, MAX_PLACES);
    let mut conn = state.store.pool().acquire().await.map_err(storage_failed)?;
    let board = leaderboard::leaderboard(&mut conn, &game, who, limit)
        .await
        .map_err(storage_failed)?;
    Ok(Json(board).into_response())
}

/// The refusal for an address that names nobody.
fn no_such_player(address: &str) -> Refused {
    Refused::new(StatusCode::NOT_FOUND, "no_such_address").with("address", address)
}

/// The database failed (the cause goes to the log).
fn storage_failed(e: sqlx::Error) -> Refused {
    Refused::storage(format!("ratings: {e}"))
}
