//! HTTP routes: health, the table list, game records, the WebSocket endpoint (with its Origin
//! check) and the browser client's files.

use crate::AppState;
use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));

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

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

const PLACEHOLDER: &str = r#"<!doctype html>
<html lang="en"><meta charset="utf-8"><title>nimmt</title>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>nimmt</h1>
<p>The room is running. The browser client is not built into this server yet
(build <code>web/</code>, or start with <code>--web-dir</code>).</p>
<p>Der Raum läuft. Der Browser-Client ist in diesen Server noch nicht eingebaut.</p>
<ul><li><a href="/api/tables">/api/tables</a></li><li><a href="/healthz">/healthz</a></li>
<li>WebSocket: <code>/ws</code> (see docs/protocol.md)</li></ul>
</body></html>
"#;

/// The browser client: from `--web-dir`, else embedded `web/dist`, else a placeholder page.
async fn assets(State(state): State<AppState>, uri: axum::http::Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    if path.split('/').any(|p| p == "..") {
        return not_found(path.to_owned());
    }
    if let Some(dir) = &state.config.web_dir {
        for p in [path, "index.html"] {
            if let Ok(bytes) = tokio::fs::read(dir.join(p)).await {
                return ([(header::CONTENT_TYPE, content_type(p))], bytes).into_response();
            }
        }
    }
    let found = WEB_ASSETS
        .iter()
        .find(|(p, _)| *p == path)
        // A single-page app: unknown paths get index.html.
        .or_else(|| WEB_ASSETS.iter().find(|(p, _)| *p == "index.html"));
    match found {
        Some((p, bytes)) => ([(header::CONTENT_TYPE, content_type(p))], *bytes).into_response(),
        None if path == "index.html" => Html(PLACEHOLDER).into_response(),
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
