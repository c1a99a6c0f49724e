//! The moderation routes. Every request names its caller with `Authorization: Bearer TOKEN`
//! (the token of the caller's identity); `/api/admin/…` answers operators only (403
//! `not_operator` to anyone else), `/api/reports` and `/api/mutes` any player. Refusals are
//! `{"code", "error"}` with the text in the caller's language (`?lang=`, else
//! `Accept-Language`).

use super::acts::{Outcome, TableAct};
use super::operators::{self, Lookup, PlayerRef};
use super::reports::{self, Filing};
use super::sanctions::{self, Kind};
use super::{audit, mutes, MAX_REASON_CHARS};
use crate::handles::TableCmd;
use crate::http::{lang_of, ApiError, LangQuery};
use crate::AppState;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use nimmt_protocol::{Lang, PlayerId, TableId, Text};
use serde::Deserialize;
use std::time::Duration;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/admin", get(whoami))
        .route("/api/admin/reports", get(list_reports))
        .route("/api/admin/reports/{id}", post(handle_report))
        .route("/api/admin/sanctions", get(list_sanctions).post(impose))
        .route("/api/admin/sanctions/{id}/lift", post(lift))
        .route("/api/admin/audit", get(list_audit))
        .route("/api/admin/tables/{id}/close", post(close_table))
        .route(
            "/api/admin/tables/{id}/lines/{line}/remove",
            post(remove_line),
        )
        .route("/api/reports", post(report))
        .route("/api/mutes", get(list_mutes))
        .route("/api/mutes/{player}", put(mute).delete(unmute))
}

/// A refused request: the status and the text key with its parameters.
struct Refused {
    status: StatusCode,
    key: &'static str,
    params: Vec<(&'static str, String)>,
}

impl Refused {
    fn new(status: StatusCode, key: &'static str) -> Refused {
        Refused {
            status,
            key,
            params: Vec::new(),
        }
    }

    fn with(mut self, name: &'static str, value: impl ToString) -> Refused {
        self.params.push((name, value.to_string()));
        self
    }

    fn storage(e: impl std::fmt::Display) -> Refused {
        tracing::warn!("moderation: {e}");
        Refused::new(StatusCode::SERVICE_UNAVAILABLE, "storage")
    }

    fn into_response(self, lang: Lang) -> Response {
        let text = Text::new(lang, self.key, self.params).text;
        (
            self.status,
            Json(ApiError {
                code: self.key,
                error: text,
            }),
        )
            .into_response()
    }
}

/// Who is asking.
struct Caller {
    player: PlayerId,
}

type Answer = Result<Response, Refused>;

/// Answers in the caller's language.
async fn answer<F>(
    state: &AppState,
    headers: &HeaderMap,
    lang: Lang,
    operator: bool,
    f: F,
) -> Response
where
    F: AsyncFnOnce(Caller) -> Answer,
{
    let caller = match caller(state, headers, operator).await {
        Ok(c) => c,
        Err(r) => return r.into_response(lang),
    };
    match f(caller).await {
        Ok(r) => r,
        Err(r) => r.into_response(lang),
    }
}

/// The identity of the bearer token; with `operator`, only an operator's.
async fn caller(state: &AppState, headers: &HeaderMap, operator: bool) -> Result<Caller, Refused> {
    let player = crate::accounts::bearer(&state.store, headers)
        .await
        .ok_or_else(|| Refused::new(StatusCode::UNAUTHORIZED, "sign_in_needed"))?;
    if operator
        && !operators::is_operator(state.store.pool(), &player)
            .await
            .map_err(Refused::storage)?
    {
        return Err(Refused::new(StatusCode::FORBIDDEN, "not_operator"));
    }
    Ok(Caller { player })
}

/// A reason of 1 to [`MAX_REASON_CHARS`] characters, cleaned as chat is.
fn reason(text: &str) -> Result<String, Refused> {
    nimmt_protocol::clean_chat(text)
        .filter(|r| r.chars().count() <= MAX_REASON_CHARS)
        .ok_or_else(|| {
            Refused::new(StatusCode::BAD_REQUEST, "reason_needed").with("max", MAX_REASON_CHARS)
        })
}

/// The one player `who` (an identity or a name) stands for.
async fn player(state: &AppState, who: &str) -> Result<PlayerRef, Refused> {
    match operators::find(state.store.pool(), who)
        .await
        .map_err(Refused::storage)?
    {
        Lookup::Found(p) => Ok(p),
        Lookup::Unknown => {
            Err(Refused::new(StatusCode::NOT_FOUND, "no_such_identity").with("player", who))
        }
        Lookup::Ambiguous(ids) => Err(Refused::new(StatusCode::CONFLICT, "ambiguous_name")
            .with("name", who)
            .with("ids", ids.join(", "))),
    }
}

/// Asks table `id` to do `act`; refused when the table is not there.
async fn at_table(state: &AppState, id: TableId, act: TableAct) -> Result<Outcome, Refused> {
    let gone = || Refused::new(StatusCode::NOT_FOUND, "no_such_table").with("table", id);
    let handle = state.lobby.get(id).await.ok_or_else(gone)?;
    let (reply, rx) = tokio::sync::oneshot::channel();
    if !handle.send(TableCmd::Moderate { act, reply }).await {
        return Err(gone());
    }
    tokio::time::timeout(Duration::from_secs(5), rx)
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or_else(gone)
}

fn json(v: impl serde::Serialize) -> Answer {
    Ok(Json(v).into_response())
}

// ---- operators ----

async fn whoami(
    State(state): State<AppState>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    answer(&state, &headers, lang, true, async |c: Caller| {
        let name = operators::name_of(state.store.pool(), &c.player)
            .await
            .map_err(Refused::storage)?
            .unwrap_or_default();
        json(serde_json::json!({ "operator": true, "player": c.player, "name": name }))
    })
    .await
}

#[derive(Deserialize)]
struct ReportsQuery {
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    lang: Option<String>,
}

async fn list_reports(
    State(state): State<AppState>,
    Query(q): Query<ReportsQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&LangQuery::of(q.lang.clone()), &headers);
    answer(&state, &headers, lang, true, async |_c: Caller| {
        let status = q.status.as_deref().unwrap_or("open");
        if !matches!(status, "open" | "resolved" | "dismissed") {
            return Err(Refused::new(StatusCode::BAD_REQUEST, "bad_request")
                .with("reason", "status is open, resolved or dismissed"));
        }
        json(
            reports::list(state.store.pool(), status, 200)
                .await
                .map_err(Refused::storage)?,
        )
    })
    .await
}

#[derive(Deserialize)]
struct Handling {
    resolved: bool,
    reason: String,
}

async fn handle_report(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    Json(body): Json<Handling>,
) -> Response {
    let lang = lang_of(&q, &headers);
    answer(&state, &headers, lang, true, async |c: Caller| {
        let why = reason(&body.reason)?;
        if !reports::handle(state.store.pool(), &c.player, &id, body.resolved, &why)
            .await
            .map_err(Refused::storage)?
        {
            return Err(Refused::new(StatusCode::NOT_FOUND, "no_such_report").with("report", &id));
        }
        json(serde_json::json!({ "ok": true }))
    })
    .await
}

async fn list_sanctions(
    State(state): State<AppState>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    answer(&state, &headers, lang, true, async |_c: Caller| {
        json(
            sanctions::all_in_force(state.store.pool())
                .await
                .map_err(Refused::storage)?,
        )
    })
    .await
}

#[derive(Deserialize)]
struct Imposing {
    /// An identity or a name.
    player: String,
    kind: Kind,
    reason: String,
    /// How long; absent: until an operator lifts it.
    #[serde(default)]
    minutes: Option<u64>,
}

/// The longest sanction with an end: ten years.
const MAX_MINUTES: u64 = 10 * 366 * 24 * 60;

async fn impose(
    State(state): State<AppState>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    Json(body): Json<Imposing>,
) -> Response {
    let lang = lang_of(&q, &headers);
    answer(&state, &headers, lang, true, async |c: Caller| {
        let why = reason(&body.reason)?;
        let target = player(&state, &body.player).await?;
        if target.id == c.player {
            return Err(Refused::new(StatusCode::BAD_REQUEST, "not_yourself"));
        }
        let length = match body.minutes {
            Some(m) if m == 0 || m > MAX_MINUTES => {
                return Err(Refused::new(StatusCode::BAD_REQUEST, "bad_request")
                    .with("reason", format!("minutes: 1 to {MAX_MINUTES}")))
            }
            m => m.map(|m| Duration::from_secs(m * 60)),
        };
        let s = sanctions::impose(
            state.store.pool(),
            &c.player,
            &target.id,
            body.kind,
            &why,
            length,
        )
        .await
        .map_err(Refused::storage)?;
        if body.kind == Kind::Ban {
            state.lobby.send(crate::handles::LobbyCmd::Banned {
                player: target.id.clone(),
                refusal: s.refusal(),
            });
        }
        json(s)
    })
    .await
}

#[derive(Deserialize)]
struct Why {
    reason: String,
}

async fn lift(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    Json(body): Json<Why>,
) -> Response {
    let lang = lang_of(&q, &headers);
    answer(&state, &headers, lang, true, async |c: Caller| {
        let why = reason(&body.reason)?;
        match sanctions::lift(state.store.pool(), &c.player, &id, &why)
            .await
            .map_err(Refused::storage)?
        {
            Some(s) => json(s),
            None => {
                Err(Refused::new(StatusCode::NOT_FOUND, "no_such_sanction").with("sanction", &id))
            }
        }
    })
    .await
}

#[derive(Deserialize)]
struct AuditQuery {
    #[serde(default)]
    before: Option<i64>,
    #[serde(default)]
    limit: Option<u32>,
    #[serde(default)]
    lang: Option<String>,
}

async fn list_audit(
    State(state): State<AppState>,
    Query(q): Query<AuditQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&LangQuery::of(q.lang.clone()), &headers);
    answer(&state, &headers, lang, true, async |_c: Caller| {
        let limit = q.limit.unwrap_or(100).clamp(1, 500);
        json(
            audit::list(state.store.pool(), q.before, limit)
                .await
                .map_err(Refused::storage)?,
        )
    })
    .await
}

async fn close_table(
    State(state): State<AppState>,
    Path(id): Path<TableId>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    Json(body): Json<Why>,
) -> Response {
    let lang = lang_of(&q, &headers);
    answer(&state, &headers, lang, true, async |c: Caller| {
        let why = reason(&body.reason)?;
        let done = at_table(
            &state,
            id,
            TableAct::Close {
                reason: why.clone(),
            },
        )
        .await?;
        if !done.done {
            return Err(Refused::new(StatusCode::NOT_FOUND, "no_such_table").with("table", id));
        }
        log(
            &state,
            &c.player,
            "close_table",
            &format!("table {id}"),
            &why,
            serde_json::json!({ "table": id }),
        )
        .await?;
        json(serde_json::json!({ "ok": true }))
    })
    .await
}

async fn remove_line(
    State(state): State<AppState>,
    Path((id, line)): Path<(TableId, u64)>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    Json(body): Json<Why>,
) -> Response {
    let lang = lang_of(&q, &headers);
    answer(&state, &headers, lang, true, async |c: Caller| {
        let why = reason(&body.reason)?;
        let done = at_table(&state, id, TableAct::RemoveLine { line }).await?;
        let Some(removed) = done.line.filter(|_| done.done) else {
            return Err(Refused::new(StatusCode::NOT_FOUND, "no_such_line")
                .with("table", id)
                .with("line", line));
        };
        let detail = serde_json::json!({
            "table": id, "line": line, "player": removed.player, "from": removed.from, "text": removed.text,
        });
        log(&state, &c.player, "remove_line", &format!("table {id} line {line}"), &why, detail).await?;
        json(serde_json::json!({ "ok": true }))
    })
    .await
}

/// Logs an operator's act on a table (done already).
async fn log(
    state: &AppState,
    operator: &str,
    action: &str,
    target: &str,
    reason: &str,
    detail: serde_json::Value,
) -> Result<(), Refused> {
    let mut conn = state
        .store
        .pool()
        .acquire()
        .await
        .map_err(Refused::storage)?;
    audit::write(&mut conn, operator, action, target, reason, detail)
        .await
        .map_err(Refused::storage)
}

// ---- players ----

#[derive(Deserialize)]
struct Reporting {
    /// The reported player (an identity or a name); for a chat line, who said it.
    #[serde(default)]
    player: Option<String>,
    /// A chat line: its table and number.
    #[serde(default)]
    table: Option<TableId>,
    #[serde(default)]
    line: Option<u64>,
    reason: String,
}

async fn report(
    State(state): State<AppState>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    Json(body): Json<Reporting>,
) -> Response {
    let lang = lang_of(&q, &headers);
    answer(&state, &headers, lang, false, async |c: Caller| {
        let why = reason(&body.reason)?;
        let filing = match (body.table, body.line, &body.player) {
            (Some(table), Some(line), _) => {
                let found = at_table(&state, table, TableAct::FindLine { line }).await?;
                let said = found.line.and_then(|l| Some((l.player.clone()?, l.text)));
                let Some((player, text)) = said else {
                    return Err(Refused::new(StatusCode::NOT_FOUND, "no_such_line")
                        .with("table", table)
                        .with("line", line));
                };
                Filing {
                    reporter: c.player.clone(),
                    player,
                    table: Some(table),
                    line: Some(line),
                    text: Some(text),
                    reason: why,
                }
            }
            (None, None, Some(who)) => Filing {
                reporter: c.player.clone(),
                player: player(&state, who).await?.id,
                table: None,
                line: None,
                text: None,
                reason: why,
            },
            _ => {
                return Err(Refused::new(StatusCode::BAD_REQUEST, "bad_request")
                    .with("reason", "report a chat line (table and line) or a player"))
            }
        };
        if filing.player == c.player {
            return Err(Refused::new(StatusCode::BAD_REQUEST, "not_yourself"));
        }
        let id = reports::file(state.store.pool(), &filing)
            .await
            .map_err(Refused::storage)?;
        Ok((StatusCode::CREATED, Json(serde_json::json!({ "id": id }))).into_response())
    })
    .await
}

async fn list_mutes(
    State(state): State<AppState>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    answer(&state, &headers, lang, false, async |c: Caller| {
        json(
            mutes::list(state.store.pool(), &c.player)
                .await
                .map_err(Refused::storage)?,
        )
    })
    .await
}

async fn mute(
    State(state): State<AppState>,
    Path(who): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    answer(&state, &headers, lang, false, async |c: Caller| {
        let target = player(&state, &who).await?;
        if target.id == c.player {
            return Err(Refused::new(StatusCode::BAD_REQUEST, "not_yourself"));
        }
        mutes::mute(state.store.pool(), &c.player, &target.id)
            .await
            .map_err(Refused::storage)?;
        json(target)
    })
    .await
}

async fn unmute(
    State(state): State<AppState>,
    Path(who): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    answer(&state, &headers, lang, false, async |c: Caller| {
        let target = player(&state, &who).await?;
        mutes::unmute(state.store.pool(), &c.player, &target.id)
            .await
            .map_err(Refused::storage)?;
        json(target)
    })
    .await
}
