//! HTTP routes: health, the table list, the games the room plays, game records and replays,
//! the WebSocket endpoint (with its Origin check) and the browser client's files; and, each in
//! a module of its own, the routes of the room's services: [`accounts`], [`moderation`],
//! [`analysis`] and [`ratings`]. The services below know nothing of HTTP.

pub mod accounts;
pub mod analysis;
pub mod ladder;
pub mod localize;
pub mod mail;
pub mod moderation;
pub mod push;
pub mod ratings;
pub mod tokens;
pub mod tournaments;

use crate::forwarded::{ClientIp, TrustedProxies};
use crate::records::{self, PublicRecord, TableRecord};
use crate::refused::Refused;
use crate::state::AppState;
use crate::Config;
use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use nimmt_protocol::{Lang, TableId};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::net::SocketAddr;

/// A route's answer: a refusal goes out in the caller's language ([`localize`]).
pub type Answer = Result<Response, Refused>;

/// The room's routes, its services' included.
pub fn router(state: AppState) -> Router {
    let trusted = TrustedProxies::new(state.config.trusted_proxies.clone());
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/api/cluster", get(cluster))
        .route("/api/tables", get(tables))
        .route("/api/games", get(games))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/replay", get(replay))
        .route("/ws", get(ws))
        .merge(accounts::routes())
        .merge(moderation::routes())
        .merge(analysis::routes())
        .merge(ratings::routes())
        .merge(ladder::routes())
        .merge(mail::routes())
        .merge(push::routes())
        .merge(tokens::routes())
        .merge(tournaments::routes())
        .fallback(get(assets))
        .layer(axum::middleware::from_fn(localize::in_callers_language))
        .layer(axum::middleware::from_fn(crate::metrics::http::track))
        .layer(axum::Extension(trusted))
        .with_state(state)
}

#[derive(Serialize)]
struct Health {
    status: &'static str,
    /// The node's name in a cluster.
    #[serde(skip_serializing_if = "Option::is_none")]
    node: Option<String>,
    /// In a cluster: `ok` while the node can prove its leases and reaches NATS, else
    /// `degraded` (it takes no moves for its tables then).
    #[serde(skip_serializing_if = "Option::is_none")]
    cluster: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tables_owned: Option<usize>,
}

async fn healthz(State(state): State<AppState>) -> Response {
    let Some(c) = &state.cluster else {
        return Json(Health {
            status: "ok",
            node: None,
            cluster: None,
            tables_owned: None,
        })
        .into_response();
    };
    let ok = c.leases_fresh() && c.nats_connected();
    let health = Health {
        status: if ok { "ok" } else { "degraded" },
        node: Some(c.node().to_owned()),
        cluster: Some(if ok { "ok" } else { "degraded" }),
        tables_owned: Some(c.owned()),
    };
    let status = if ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(health)).into_response()
}

/// Counters in Prometheus' text format.
async fn metrics(State(state): State<AppState>) -> Response {
    let tables = state.lobby.list().await;
    let (node, owned) = match &state.cluster {
        Some(c) => (c.node().to_owned(), c.owned()),
        None => ("single".to_owned(), tables.len()),
    };
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        crate::metrics::render(&node, &tables, owned),
    )
        .into_response()
}

/// The nodes of the cluster, their tables and the leases' remaining time.
async fn cluster(State(state): State<AppState>) -> Answer {
    let c = state
        .cluster
        .as_ref()
        .ok_or_else(|| Refused::new(StatusCode::NOT_FOUND, "no_cluster"))?;
    let nodes = c.status().await.map_err(Refused::storage)?;
    Ok(Json(serde_json::json!({ "node": c.node(), "nodes": nodes })).into_response())
}

async fn tables(State(state): State<AppState>) -> Json<Vec<nimmt_protocol::TableInfo>> {
    Json(state.lobby.list_for(None).await)
}

/// A game's record: in full once finished; while running, without the seed, the deals and the
/// cards of a turn not yet revealed.
async fn record(State(state): State<AppState>, Path(id): Path<String>) -> Answer {
    let id = game_number(&id)?;
    if let Some(h) = state.lobby.get(id).await {
        if let Some(source) = h.record().await {
            if let Some(r) = records::read(&state.store, id, source)
                .await
                .map_err(Refused::storage)?
            {
                return Ok(Json(r).into_response());
            }
        }
    }
    match state
        .store
        .table_record(id)
        .await
        .map_err(Refused::storage)?
    {
        Some((_, Some(record))) => match serde_json::from_str::<Value>(&record) {
            Ok(v) => Ok(Json(v).into_response()),
            Err(e) => Err(bad_record(id, e)),
        },
        _ => Err(no_such_game(id)),
    }
}

/// No game of number `game`.
fn no_such_game(game: impl ToString) -> Refused {
    Refused::new(StatusCode::NOT_FOUND, "no_such_game").with("game", game)
}

/// Game `id`'s stored record cannot be read (the cause goes to the log).
fn bad_record(id: TableId, e: impl std::fmt::Display) -> Refused {
    Refused::internal("bad_record", format!("game {id}: {e}")).with("game", id)
}

/// Every game the room plays: the descriptors the `welcome` lists (with the options its game
/// data allows).
async fn games(State(state): State<AppState>) -> Json<Vec<nimmt_core::GameDescriptor>> {
    Json(
        nimmt_core::registry::descriptors()
            .into_iter()
            .map(|d| nimmt_core::games::board::options::offered(d, &state.config.game_data))
            .collect(),
    )
}

#[derive(Debug, Default, Deserialize)]
pub struct LangQuery {
    lang: Option<String>,
}

impl LangQuery {
    /// A query asking for `lang` (`de`, `en`), if given.
    pub fn of(lang: Option<String>) -> LangQuery {
        LangQuery { lang }
    }
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

/// What is known of a game by its number.
pub(crate) enum Lookup {
    Finished(Box<TableRecord>),
    Running,
    /// Closed unfinished (nobody came back).
    Abandoned,
    Unknown,
    Failed(String),
}

impl Lookup {
    /// Game `id`'s record if it is finished; else what a route answers: 409 while it runs or
    /// when it was abandoned, 404 for no such game, 503 when the store failed.
    pub(crate) fn finished(self, id: TableId) -> Result<Box<TableRecord>, Refused> {
        let in_play = |key| Refused::new(StatusCode::CONFLICT, key).with("game", id);
        match self {
            Lookup::Finished(record) => Ok(record),
            Lookup::Running => Err(in_play("game_running")),
            Lookup::Abandoned => Err(in_play("game_abandoned")),
            Lookup::Unknown => Err(no_such_game(id)),
            Lookup::Failed(e) => Err(Refused::storage(e)),
        }
    }
}

/// The game number of a path, or 404 `no_such_game`.
pub(crate) fn game_number(id: &str) -> Result<TableId, Refused> {
    id.parse().map_err(|_| no_such_game(id))
}

pub(crate) async fn lookup(state: &AppState, id: TableId) -> Lookup {
    if let Some(h) = state.lobby.get(id).await {
        match h.record().await {
            Some(source @ records::RecordSource::Finished) => {
                match records::read(&state.store, id, source).await {
                    Ok(Some(PublicRecord::Finished(r))) => return Lookup::Finished(Box::new(r)),
                    Ok(_) => {}
                    Err(e) => return Lookup::Failed(e.to_string()),
                }
            }
            Some(_) => return Lookup::Running,
            // The table closed meanwhile: its record is stored.
            None => {}
        }
    }
    match state.store.table_record(id).await {
        Ok(Some((s, _))) if s == "abandoned" => Lookup::Abandoned,
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
async fn replay(State(state): State<AppState>, Path(id): Path<String>) -> Answer {
    let id = game_number(&id)?;
    let record = lookup(&state, id).await.finished(id)?;
    let steps = crate::replay::steps(&record).map_err(|e| bad_record(id, e))?;
    Ok(Json(steps).into_response())
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
    ClientIp(peer): ClientIp,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Answer {
    let upgrade = upgrade.map_err(|why| {
        tracing::debug!("not a WebSocket upgrade: {why}");
        Refused::new(StatusCode::BAD_REQUEST, "not_a_websocket")
    })?;
    if !origin_allowed(&headers, &state.origins) {
        let origin = headers
            .get(header::ORIGIN)
            .and_then(|o| o.to_str().ok())
            .unwrap_or("?");
        return Err(
            Refused::new(StatusCode::FORBIDDEN, "origin_not_allowed").with("origin", origin)
        );
    }
    let Some(slot) = state.addrs.connect(peer) else {
        let mut r = Refused::new(StatusCode::TOO_MANY_REQUESTS, "too_many_connections");
        r.retry_after = Some(10);
        return Err(r);
    };
    Ok(upgrade
        // Frames above this close the connection (code 1009); frames above MAX_MESSAGE_BYTES
        // get an error.
        .max_message_size(crate::ws::MAX_FRAME_BYTES)
        .max_frame_size(crate::ws::MAX_FRAME_BYTES)
        // Small buffers: ten thousand connections must fit.
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(256 * 1024)
        .on_upgrade(move |socket| crate::ws::session(socket, state, peer, Some(slot))))
}

/// The browser client: from `--web-dir` if given, else the client embedded by `nimmt-web`
/// (which shows a page saying how to build it when it was built without npm).
pub(crate) async fn assets(State(state): State<AppState>, uri: axum::http::Uri) -> Response {
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
        None => Refused::new(StatusCode::NOT_FOUND, "not_found")
            .with("path", path)
            .into_response(),
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
