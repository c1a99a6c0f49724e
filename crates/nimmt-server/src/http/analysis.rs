//! The analysis routes: `POST /api/games/{id}/analysis` asks for a finished game's analysis
//! (queued once, see [`crate::analysis`]), `GET` on the same path tells where it stands.

use super::{lang_of, lookup, LangQuery, Lookup};
use crate::analysis::AnalysisState;
use crate::refused::Refused;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use nimmt_protocol::TableId;

/// The analysis routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/games/{id}/analysis", get(read).post(ask))
}

/// A refusal: the key is the answer's code, its text in the client's language.
fn refused(
    status: StatusCode,
    headers: &HeaderMap,
    query: &LangQuery,
    key: &'static str,
    id: &str,
) -> Response {
    Refused::new(status, key)
        .with("game", id)
        .respond(lang_of(query, headers))
}

/// The database failed: `storage` in the caller's language, the cause in the log.
fn unavailable(headers: &HeaderMap, query: &LangQuery, e: impl std::fmt::Display) -> Response {
    Refused::storage(e).respond(lang_of(query, headers))
}

/// `GET /api/games/{id}/analysis`: where the game's analysis stands.
async fn read(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let Ok(game) = id.parse::<TableId>() else {
        return refused(StatusCode::NOT_FOUND, &headers, &query, "no_such_game", &id);
    };
    match state.analysis.state(game).await {
        Ok(s) => Json(s).into_response(),
        Err(e) => unavailable(&headers, &query, e),
    }
}

/// `POST /api/games/{id}/analysis`: queues a finished game's analysis (once).
async fn ask(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let Ok(game) = id.parse::<TableId>() else {
        return refused(StatusCode::NOT_FOUND, &headers, &query, "no_such_game", &id);
    };
    let record = match lookup(&state, game).await {
        Lookup::Finished(r) => r.record,
        Lookup::Running => {
            return refused(StatusCode::CONFLICT, &headers, &query, "game_running", &id)
        }
        Lookup::Abandoned => {
            return refused(
                StatusCode::CONFLICT,
                &headers,
                &query,
                "game_abandoned",
                &id,
            )
        }
        Lookup::Unknown => {
            return refused(StatusCode::NOT_FOUND, &headers, &query, "no_such_game", &id)
        }
        Lookup::Failed(e) => return unavailable(&headers, &query, e),
    };
    match state.analysis.request(game, record).await {
        Ok(Some(s @ AnalysisState::Done { .. })) => Json(s).into_response(),
        Ok(Some(s)) => (StatusCode::ACCEPTED, Json(s)).into_response(),
        Ok(None) => refused(
            StatusCode::SERVICE_UNAVAILABLE,
            &headers,
            &query,
            "analysis_busy",
            &id,
        ),
        Err(e) => unavailable(&headers, &query, e),
    }
}
