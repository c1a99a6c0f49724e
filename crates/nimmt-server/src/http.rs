//! HTTP routes: health, the table list, the games the room plays, game records and replays,
//! the WebSocket endpoint (with its Origin check) and the browser client's files.

use crate::records::{PublicRecord, TableRecord};
use crate::AppState;
use axum::extract::{Path, Query, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use nimmt_protocol::{Lang, TableId, Text};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/api/tables", get(tables))
        .route("/api/games", get(games))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/replay", get(replay))
        .route("/ws", get(ws))
        .fallback(get(assets))
        .with_state(state)
}

#[derive(Serialize)]
struct Health {
    status: &'static str,
}

async fn healthz() -> Json<Health> {
    Json(Health { status: "ok" })
}

async fn tables(State(state): State<AppState>) -> Json<Vec<nimmt_protocol::TableInfo>> {
    Json(state.lobby.list().await)
}

/// A path or record that is not there.
#[derive(Serialize)]
struct NotFound {
    error: &'static str,
    text: String,
}

fn not_found(what: String) -> Response {
    let body = NotFound {
        error: "not_found",
        text: what,
    };
    (StatusCode::NOT_FOUND, Json(body)).into_response()
}

/// A refused API request: a stable code and a text for people.
#[derive(Serialize)]
pub struct ApiError {
    pub code: &'static str,
    pub error: String,
}

fn api_error(status: StatusCode, code: &'static str, error: String) -> Response {
    (status, Json(ApiError { code, error })).into_response()
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

/// Every game the room plays: the descriptors the `welcome` lists.
async fn games() -> Json<Vec<nimmt_core::GameDescriptor>> {
    Json(nimmt_core::registry::descriptors())
}

#[derive(Debug, Default, Deserialize)]
pub struct LangQuery {
    lang: Option<String>,
}

/// The language of an HTTP answer: `?lang=de|en`, else the first of `Accept-Language` (by its
/// weights) that the room speaks, else English.
pub fn lang_of(query: &LangQuery, headers: &HeaderMap) -> Lang {
    let pick = |tag: &str| {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("de") {
            Some(Lang::De)
        } else if primary.eq_ignore_ascii_case("en") {
            Some(Lang::En)
        } else {
            None
        }
    };
    if let Some(lang) = query.lang.as_deref().and_then(pick) {
        return lang;
    }
    let Some(accept) = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|h| h.to_str().ok())
    else {
        return Lang::En;
    };
    let mut tags: Vec<(f32, Lang)> = accept
        .split(',')
        .filter_map(|item| {
            let mut parts = item.split(';');
            let lang = pick(parts.next()?)?;
            let q = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
            (q > 0.0).then_some((q, lang))
        })
        .collect();
    // Stable: among equal weights the first listed wins.
    tags.sort_by(|a, b| b.0.total_cmp(&a.0));
    tags.first().map_or(Lang::En, |t| t.1)
}

/// An HTTP refusal: its code and its text in the client's language.
fn refusal(
    status: StatusCode,
    lang: Lang,
    code: &'static str,
    params: Vec<(&str, String)>,
) -> Response {
    api_error(status, code, Text::new(lang, code, params).text)
}

/// What is known of a game by its number.
enum Lookup {
    Finished(Box<TableRecord>),
    Running,
    Unknown,
    Failed(String),
}

async fn lookup(state: &AppState, id: TableId) -> Lookup {
    if let Some(h) = state.lobby.get(id).await {
        match h.record().await {
            Some(PublicRecord::Finished(r)) => return Lookup::Finished(Box::new(r)),
            Some(_) => return Lookup::Running,
            // The table closed meanwhile: its record is stored.
            None => {}
        }
    }
    match state.store.table_record(id).await {
        Ok(Some((_, Some(text)))) => match serde_json::from_str(&text) {
            Ok(r) => Lookup::Finished(Box::new(r)),
            Err(e) => Lookup::Failed(format!("stored record unreadable: {e}")),
        },
        Ok(Some((s, None))) if s == "playing" => Lookup::Running,
        Ok(_) => Lookup::Unknown,
        Err(e) => Lookup::Failed(e.to_string()),
    }
}

/// A finished game step by step (see [`crate::replay`]); 409 while it runs, 404 if unknown.
async fn replay(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&query, &headers);
    let Ok(id) = id.parse::<TableId>() else {
        return refusal(
            StatusCode::NOT_FOUND,
            lang,
            "no_such_game",
            vec![("game", id)],
        );
    };
    match lookup(&state, id).await {
        Lookup::Finished(record) => match crate::replay::steps(&record) {
            Ok(steps) => Json(steps).into_response(),
            Err(e) => api_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "bad_record",
                e.to_string(),
            ),
        },
        Lookup::Running => refusal(
            StatusCode::CONFLICT,
            lang,
            "game_running",
            vec![("game", id.to_string())],
        ),
        Lookup::Unknown => refusal(
            StatusCode::NOT_FOUND,
            lang,
            "no_such_game",
            vec![("game", id.to_string())],
        ),
        Lookup::Failed(e) => api_error(StatusCode::SERVICE_UNAVAILABLE, "storage", e),
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
    fn the_answer_speaks_the_language_asked_for() {
        let accept = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_str(v).unwrap());
            h
        };
        let none = LangQuery::default();
        let de = LangQuery {
            lang: Some("de".into()),
        };
        assert_eq!(lang_of(&none, &HeaderMap::new()), Lang::En);
        assert_eq!(lang_of(&de, &accept("en")), Lang::De);
        assert_eq!(lang_of(&none, &accept("de-DE,de;q=0.9,en;q=0.8")), Lang::De);
        assert_eq!(lang_of(&none, &accept("fr, en;q=0.5, de;q=0.7")), Lang::De);
        assert_eq!(lang_of(&none, &accept("fr")), Lang::En);
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
