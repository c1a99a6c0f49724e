//! HTTP routes: health, the table list, game records, the WebSocket endpoint (with its Origin
//! check) and the browser client's files.

use crate::{AppState, Config};
use axum::extract::{ConnectInfo, Path, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use std::net::SocketAddr;

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

/// The origin (`scheme://host[:port]`, lower case, without the scheme's default port) of a URL
/// or an `Origin` header; `None` unless it is `http` or `https` with a host.
pub fn origin_of(url: &str) -> Option<String> {
    let uri: Uri = url.trim().parse().ok()?;
    let scheme = uri.scheme_str()?.to_ascii_lowercase();
    let default_port = match scheme.as_str() {
        "http" => 80,
        "https" => 443,
        _ => return None,
    };
    let host = uri.host().filter(|h| !h.is_empty())?.to_ascii_lowercase();
    Some(match uri.port_u16() {
        Some(p) if p != default_port => format!("{scheme}://{host}:{p}"),
        _ => format!("{scheme}://{host}"),
    })
}

/// The origins whose pages may open the WebSocket: the room's public URLs, or without them the
/// address it listens on (with `localhost` for a loopback or unspecified address), and the
/// `--allow-origin` ones (`*` = any).
pub fn allowed_origins(config: &Config, addr: SocketAddr) -> Vec<String> {
    let mut origins: Vec<String> = config
        .public_urls
        .iter()
        .filter_map(|u| origin_of(u))
        .collect();
    if origins.is_empty() {
        let port = addr.port();
        let ip = addr.ip();
        if ip.is_loopback() || ip.is_unspecified() {
            origins.push(format!("http://localhost:{port}"));
            origins.push(format!("http://127.0.0.1:{port}"));
            origins.push(format!("http://[::1]:{port}"));
            if ip.is_unspecified() {
                tracing::warn!(
                    "listening on every interface without --public-url: browsers may open the \
                     room only from localhost; give --public-url http://HOST:{port}"
                );
            }
        } else if let Some(o) = origin_of(&format!("http://{addr}")) {
            origins.push(o);
        }
    }
    for a in &config.allowed_origins {
        if a == "*" {
            origins.push("*".to_owned());
        } else if let Some(o) = origin_of(a) {
            origins.push(o);
        } else {
            tracing::warn!("--allow-origin {a:?} is not an http(s) origin; ignored");
        }
    }
    origins.sort();
    origins.dedup();
    origins
}

/// Whether a WebSocket upgrade with this `Origin` may proceed: no Origin (not a browser), or one
/// of `allowed` (scheme, host and port alike). The request's own `Host` does not count: a page
/// of another site whose name points at this server (DNS rebinding) sends its own name there.
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    if allowed.iter().any(|a| a == "*") {
        return true;
    }
    let Some(origin) = origin.to_str().ok().and_then(origin_of) else {
        return false;
    };
    allowed.contains(&origin)
}

async fn ws(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &state.origins) {
        return (StatusCode::FORBIDDEN, "origin not allowed").into_response();
    }
    let Some(slot) = state.addrs.connect(peer.ip()) else {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            [(header::RETRY_AFTER, "10")],
            "too many connections from this address",
        )
            .into_response();
    };
    upgrade
        // Frames above this close the connection (code 1009); frames above MAX_MESSAGE_BYTES
        // get an error.
        .max_message_size(crate::ws::MAX_FRAME_BYTES)
        .max_frame_size(crate::ws::MAX_FRAME_BYTES)
        // Small buffers: ten thousand connections must fit.
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(256 * 1024)
        .on_upgrade(move |socket| crate::ws::session(socket, state, peer.ip(), Some(slot)))
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
        let own = vec!["http://127.0.0.1:8080".to_owned()];
        assert!(origin_allowed(&headers(None, "127.0.0.1:8080"), &[]));
        assert!(origin_allowed(
            &headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"),
            &own
        ));
        // The request's Host does not make its Origin the server's own (DNS rebinding).
        assert!(!origin_allowed(
            &headers(Some("http://evil.example"), "evil.example"),
            &own
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

    #[test]
    fn origins_are_compared_by_scheme_host_and_port() {
        assert_eq!(
            origin_of("HTTPS://Nimmt.Example.org:443/room?x=1").as_deref(),
            Some("https://nimmt.example.org")
        );
        assert_eq!(
            origin_of("http://nimmt.example.org:8080").as_deref(),
            Some("http://nimmt.example.org:8080")
        );
        assert_eq!(origin_of("null"), None);
        assert_eq!(origin_of("ftp://nimmt.example.org"), None);
        assert_eq!(origin_of("nimmt.example.org"), None);
        let public = vec!["https://nimmt.example.org".to_owned()];
        let h = |o| headers(Some(o), "nimmt.example.org");
        assert!(origin_allowed(&h("https://nimmt.example.org"), &public));
        assert!(origin_allowed(&h("https://nimmt.example.org:443"), &public));
        assert!(!origin_allowed(&h("http://nimmt.example.org"), &public));
        assert!(!origin_allowed(
            &h("https://nimmt.example.org:8443"),
            &public
        ));
    }

    #[test]
    fn without_a_public_url_the_listening_address_is_the_origin() {
        let config = Config::default();
        let local = allowed_origins(&config, "127.0.0.1:8080".parse().unwrap());
        assert!(local.contains(&"http://localhost:8080".to_owned()));
        assert!(local.contains(&"http://127.0.0.1:8080".to_owned()));
        let lan = allowed_origins(&config, "192.168.1.5:80".parse().unwrap());
        assert_eq!(lan, vec!["http://192.168.1.5".to_owned()]);
        let config = Config {
            public_urls: vec!["https://nimmt.example.org/".into()],
            allowed_origins: vec!["http://localhost:5173".into()],
            ..Config::default()
        };
        assert_eq!(
            allowed_origins(&config, "127.0.0.1:8080".parse().unwrap()),
            vec![
                "http://localhost:5173".to_owned(),
                "https://nimmt.example.org".to_owned()
            ]
        );
    }
}
