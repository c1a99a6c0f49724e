//! The analysis routes: `POST /api/games/{id}/analysis` asks for a finished game's analysis
//! (queued once, see [`crate::analysis`]), `GET` on the same path tells where it stands.

use super::{lookup, Answer, Lookup};
use crate::analysis::AnalysisState;
use crate::refused::Refused;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use nimmt_protocol::TableId;

/// The analysis routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/games/{id}/analysis", get(read).post(ask))
}

/// A refusal naming game `id`: the key is the answer's code.
fn refused(status: StatusCode, key: &'static str, id: &str) -> Refused {
    Refused::new(status, key).with("game", id)
}

/// `GET /api/games/{id}/analysis`: where the game's analysis stands.
async fn read(State(state): State<AppState>, Path(id): Path<String>) -> Answer {
    let game = id
        .parse::<TableId>()
        .map_err(|_| refused(StatusCode::NOT_FOUND, "no_such_game", &id))?;
    let s = state.analysis.state(game).await.map_err(Refused::storage)?;
    Ok(Json(s).into_response())
}

/// `POST /api/games/{id}/analysis`: queues a finished game's analysis (once).
async fn ask(State(state): State<AppState>, Path(id): Path<String>) -> Answer {
    let game = id
        .parse::<TableId>()
        .map_err(|_| refused(StatusCode::NOT_FOUND, "no_such_game", &id))?;
    let record = match lookup(&state, game).await {
        Lookup::Finished(r) => r.record,
        Lookup::Running => return Err(refused(StatusCode::CONFLICT, "game_running", &id)),
        Lookup::Abandoned => return Err(refused(StatusCode::CONFLICT, "game_abandoned", &id)),
        Lookup::Unknown => return Err(refused(StatusCode::NOT_FOUND, "no_such_game", &id)),
        Lookup::Failed(e) => return Err(Refused::storage(e)),
    };
    match state.analysis.request(game, record).await {
        Ok(Some(s @ AnalysisState::Done { .. })) => Ok(Json(s).into_response()),
        Ok(Some(s)) => Ok((StatusCode::ACCEPTED, Json(s)).into_response()),
        Ok(None) => Err(refused(
            StatusCode::SERVICE_UNAVAILABLE,
            "analysis_busy",
            &id,
        )),
        Err(e) => Err(Refused::storage(e)),
    }
}
