//! The routes of profiles, game histories and leaderboards (`ratings`), and the browser's pages
//! for them (the client's page, whatever the name: a name may hold a dot). When there is
//! nothing to show (nobody of that address, a database that failed) the answer has the one
//! error shape, [`Refused`], in the caller's language.

use super::{lang_of, LangQuery};
use crate::ratings::games::{self, MAX_PAGE, PAGE};
use crate::ratings::leaderboard::{self, MAX_PLACES, PLACES};
use crate::ratings::{is_rated_game, lookup, profile, rated_games};
use crate::refused::Refused;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use nimmt_protocol::Lang;
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
async fn page(state: State<AppState>, headers: HeaderMap) -> Response {
    super::assets(state, Uri::from_static("/"), headers).await
}

/// `GET /api/players/{name}`.
async fn player_profile(
    State(state): State<AppState>,
    Path(address): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = lang(&headers);
    let answer = async {
        let mut conn = state.store.pool().acquire().await?;
        profile::profile(&mut conn, &address).await
    };
    match answer.await {
        Ok(Some(p)) => Json(p).into_response(),
        Ok(None) => no_such_player(&address, lang),
        Err(e) => storage_failed(e, lang),
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
    headers: HeaderMap,
) -> Response {
    let lang = lang(&headers);
    let answer = async {
        let mut conn = state.store.pool().acquire().await?;
        let Some(who) = lookup::find(&mut conn, &address).await? else {
            return Ok::<_, sqlx::Error>(None);
        };
        let limit = q.limit.unwrap_or(PAGE).clamp(1, MAX_PAGE);
        games::page(&mut conn, &who.identity, q.game.as_deref(), q.before, limit)
            .await
            .map(Some)
    };
    match answer.await {
        Ok(Some(p)) => Json(p).into_response(),
        Ok(None) => no_such_player(&address, lang),
        Err(e) => storage_failed(e, lang),
    }
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
    headers: HeaderMap,
) -> Response {
    let lang = lang(&headers);
    if !is_rated_game(&game) {
        return Refused::new(StatusCode::NOT_FOUND, "not_rated")
            .with("game", &game)
            .with("rated", rated_games().join(", "))
            .respond(lang);
    }
    let who = match q.who.as_deref() {
        None | Some("people") => leaderboard::Who::People,
        Some("bots") => leaderboard::Who::Bots,
        Some("all") => leaderboard::Who::All,
        Some(other) => {
            return Refused::new(StatusCode::BAD_REQUEST, "leaderboard_who")
                .with("who", other)
                .respond(lang);
        }
    };
    let limit = q.limit.unwrap_or(PLACES).clamp(1, MAX_PLACES);
    let answer = async {
        let mut conn = state.store.pool().acquire().await?;
        leaderboard::leaderboard(&mut conn, &game, who, limit).await
    };
    match answer.await {
        Ok(board) => Json(board).into_response(),
        Err(e) => storage_failed(e, lang),
    }
}

/// The answer for an address that names nobody.
fn no_such_player(address: &str, lang: Lang) -> Response {
    Refused::new(StatusCode::NOT_FOUND, "no_such_address")
        .with("address", address)
        .respond(lang)
}

/// The answer when the database failed (the cause goes to the log).
fn storage_failed(e: sqlx::Error, lang: Lang) -> Response {
    Refused::storage(format!("ratings: {e}")).respond(lang)
}

/// The language of a request to a ratings route (`?lang=` or `Accept-Language`).
fn lang(headers: &HeaderMap) -> Lang {
    lang_of(&LangQuery::default(), headers)
}
