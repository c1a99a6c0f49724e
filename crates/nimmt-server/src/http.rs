//! HTTP routes: health, the table list, game records, the WebSocket endpoint (with its Origin
//! check) and the browser client's files.

use crate::AppState;
use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/api/tables", get(tables))
        .route("/api/games/{id}/record", get(record))
        .route("/ws", get(ws))
        .fallback(get(assets))
        .with_state(state)
}

async fn healthz() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

async fn tables(State(state): State<AppState>) -> Json<Value> {
    Json(json!(state.lobby.list().await))
}

fn not_found(what: String) -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(json!({ "error": "not_found", "text": what })),
    )
        .into_response()
}

/// A game's record: in full once finished; while running, without the seed, the deals and the
/// cards of a turn not yet revealed.
async fn record(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    let Ok(id) = id.parse::<u64>() else {
        return not_found(format!("no game {id:?}"));
    };
    if let Some(h) = state.lobby.get(id).await {
        if let Some(r) = h.record().await {
            return Json(r).into_response();
        }
    }
    match state.store.table_record(id).await {
        Ok(Some((_, Some(record)))) => match serde_json::from_str::<Value>(&record) {
            Ok(v) => Json(v).into_response(),
            Err(_) => (
                StatusCode::INTERNAL_SERVER_ERROR,
                "stored record unreadable",
            )
                .into_response(),
        },
        Ok(_) => not_found(format!("no finished game {id}")),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, e.to_string()).into_response(),
    }
}

/// Whether a WebSocket upgrade with this `Origin` may proceed: no Origin (not a browser), the
/// server's own host, or a configured origin.
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if allowed
        .iter()
        .any(|a| a == "*" || a.eq_ignore_ascii_case(origin))
    {
        return true;
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let authority = origin.split_once("://").map(|(_, rest)| rest).unwrap_or("");
    !host.is_empty() && authority.eq_ignore_ascii_case(host)
}

async fn ws(
    State(state): State<AppState>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &state.config.allowed_origins) {
        return (StatusCode::FORBIDDEN, "origin not allowed").into_response();
    }
    upgrade
        // Frames above this close the connection; frames above MAX_MESSAGE_BYTES get an error.
        .max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        // Small buffers: ten thousand connections must fit.
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(256 * 1024)
        .on_upgrade(move |socket| crate::ws::session(socket, state))
}

/// The browser client: from `--web-dir` if given, else the client embedded by `nimmt-web`
/// (which shows a page saying how to build it when it was built without npm).
async fn assets(State(state): State<AppState>, uri: axum::http::Uri) -> Response {
    let path = uri.path();
    if let Some(dir) = &state.config.web_dir {
        let rel = path.trim_start_matches('/');
        let rel = if rel.is_empty() { "index.html" } else { rel };
        if !rel.split('/').any(|p| p == "..") {
            for p in [rel, "index.html"] {
                if let Ok(bytes) = tokio::fs::read(dir.join(p)).await {
                    return ([(header::CONTENT_TYPE, nimmt_web::mime(p))], bytes).into_response();
                }
            }
        }
    }
    match nimmt_web::asset(path) {
        Some(a) => {
            let cache = if a.immutable {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            (
                [
                    (header::CONTENT_TYPE, a.mime),
                    (header::CACHE_CONTROL, cache),
                ],
                a.bytes,
            )
                .into_response()
        }
        None if path == "/" => Html(nimmt_web::FALLBACK_PAGE).into_response(),
        None => not_found(path.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        h
    }

    #[test]
    fn origins_of_other_sites_are_refused() {
        assert!(origin_allowed(&headers(None, "127.0.0.1:8080"), &[]));
        assert!(origin_allowed(
            &headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"),
            &[]
        ));
        assert!(!origin_allowed(
            &headers(Some("https://evil.example"), "127.0.0.1:8080"),
            &[]
        ));
        assert!(!origin_allowed(
            &headers(Some("null"), "127.0.0.1:8080"),
            &[]
        ));
        let allowed = vec!["http://localhost:5173".to_owned()];
        assert!(origin_allowed(
            &headers(Some("http://localhost:5173"), "127.0.0.1:8080"),
            &allowed
        ));
        assert!(!origin_allowed(
            &headers(Some("http://localhost:5174"), "127.0.0.1:8080"),
            &allowed
        ));
    }
}
