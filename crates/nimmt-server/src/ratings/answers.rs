//! The answers of the ratings routes when they have nothing to show: nobody of that address, or
//! a database that failed (JSON, in English and German).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// The answer for an address that names nobody.
pub fn no_such_player(address: &str) -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(serde_json::json!({
            "error": "no_such_player",
            "message": format!("no player {address:?} / kein Spieler {address:?}"),
        })),
    )
        .into_response()
}

/// The answer when the database failed.
pub fn storage_failed(e: sqlx::Error) -> Response {
    tracing::warn!("ratings: the database failed: {e}");
    (
        StatusCode::SERVICE_UNAVAILABLE,
        Json(serde_json::json!({
            "error": "storage",
            "message": "the database is not available / die Datenbank ist nicht erreichbar",
        })),
    )
        .into_response()
}
