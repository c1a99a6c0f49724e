//! The analysis routes: `POST /api/games/{id}/analysis` asks for a finished game's analysis
//! (queued once, see [`crate::analysis`]), `GET` on the same path tells where it stands.

use super::{game_number, lookup, Answer};
use crate::analysis::AnalysisState;
use crate::refused::Refused;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};

/// The analysis routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/games/{id}/analysis", get(read).post(ask))
}

/// `GET /api/games/{id}/analysis`: where the game's analysis stands.
async fn read(State(state): State<AppState>, Path(id): Path<String>) -> Answer {
    let game = game_number(&id)?;
    let s = state.analysis.state(game).await.map_err(Refused::storage)?;
    Ok(Json(s).into_response())
}

/// `POST /api/games/{id}/analysis`: queues a finished game's analysis (once).
async fn ask(State(state): State<AppState>, Path(id): Path<String>) -> Answer {
    let game = game_number(&id)?;
    let record = lookup(&state, game).await.finished(game)?.record;
    match state.analysis.request(game, record).await {
        Ok(Some(s @ AnalysisState::Done { .. })) => Ok(Json(s).into_response()),
        Ok(Some(s)) => Ok((StatusCode::ACCEPTED, Json(s)).into_response()),
        Ok(None) => {
            Err(Refused::new(StatusCode::SERVICE_UNAVAILABLE, "analysis_busy").with("game", game))
        }
        Err(e) => Err(Refused::storage(e)),
    }
}
