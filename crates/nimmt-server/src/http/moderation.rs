//! The moderation routes. Every request names its caller with `Authorization: Bearer TOKEN`
//! (a guest's token or an account's session token); `/api/admin/…` answers operators only (403
//! `not_operator` to anyone else), `/api/reports` and `/api/mutes` any player. Refusals are
//! `{"code", "error"}` with the text in the caller's language (`?lang=`, else
//! `Accept-Language`).

use super::Answer;
use crate::handles::TableCmd;
use crate::moderation::acts::{Outcome, TableAct};
use crate::moderation::operators::{self, Lookup, PlayerRef};
use crate::moderation::reports::{self, Filing};
use crate::moderation::sanctions::{self, Kind};
use crate::moderation::{audit, mutes, MAX_REASON_CHARS};
use crate::refused::Refused;
use crate::session_end;
use crate::state::AppState;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use nimmt_protocol::{PlayerId, TableId};
use serde::Deserialize;
use serde_json::json;
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

/// Who calls: the identity of the bearer token.
struct Caller {
    player: PlayerId,
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = Refused;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Refused> {
        match crate::accounts::bearer(&state.store, &parts.headers).await {
            Some(player) => Ok(Caller { player }),
            None => Err(Refused::new(StatusCode::UNAUTHORIZED, "sign_in_needed")),
        }
    }
}

/// An operator calls (anyone else is refused `not_operator`).
struct Operator(Caller);

impl FromRequestParts<AppState> for Operator {
    type Rejection = Refused;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Refused> {
        let caller = Caller::from_request_parts(parts, state).await?;
        match operators::is_operator(state.store.pool(), &caller.player).await {
            Ok(true) => Ok(Operator(caller)),
            Ok(false) => Err(Refused::new(StatusCode::FORBIDDEN, "not_operator")),
            Err(e) => Err(Refused::storage(e)),
        }
    }
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

/// Refuses an act on oneself.
fn not_yourself(target: &str, caller: &str) -> Result<(), Refused> {
    if target == caller {
        return Err(Refused::new(StatusCode::BAD_REQUEST, "not_yourself"));
    }
    Ok(())
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

fn ok(v: impl serde::Serialize) -> Answer {
    Ok(Json(v).into_response())
}

// ---- operators ----

async fn whoami(State(state): State<AppState>, Operator(c): Operator) -> Answer {
    let name = operators::name_of(state.store.pool(), &c.player).await;
    match name {
        Ok(name) => ok(json!({ "operator": true, "player": c.player, "name": name })),
        Err(e) => Err(Refused::storage(e)),
    }
}

#[derive(Deserialize)]
struct ReportsQuery {
    #[serde(default)]
    status: Option<String>,
}

async fn list_reports(
    State(state): State<AppState>,
    _: Operator,
    Query(q): Query<ReportsQuery>,
) -> Answer {
    let status = q.status.as_deref().unwrap_or("open");
    if matches!(status, "open" | "resolved" | "dismissed") {
        reports::list(state.store.pool(), status, 200)
            .await
            .map_err(Refused::storage)
            .and_then(ok)
    } else {
        Err(Refused::new(StatusCode::BAD_REQUEST, "bad_request")
            .with("reason", "status is open, resolved or dismissed"))
    }
}

#[derive(Deserialize)]
struct Handling {
    resolved: bool,
    reason: String,
}

async fn handle_report(
    State(state): State<AppState>,
    Operator(c): Operator,
    Path(id): Path<String>,
    Json(body): Json<Handling>,
) -> Answer {
    let why = reason(&body.reason)?;
    let pool = state.store.pool();
    let handled = reports::handle(pool, &c.player, &id, body.resolved, &why)
        .await
        .map_err(Refused::storage)?;
    if !handled {
        return Err(Refused::new(StatusCode::NOT_FOUND, "no_such_report").with("report", &id));
    }
    ok(json!({ "ok": true }))
}

async fn list_sanctions(State(state): State<AppState>, _: Operator) -> Answer {
    sanctions::all_in_force(state.store.pool())
        .await
        .map_err(Refused::storage)
        .and_then(ok)
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
    Operator(c): Operator,
    Json(body): Json<Imposing>,
) -> Answer {
    let why = reason(&body.reason)?;
    let target = player(&state, &body.player).await?;
    not_yourself(&target.id, &c.player)?;
    let length = match body.minutes {
        Some(m) if m == 0 || m > MAX_MINUTES => {
            return Err(Refused::new(StatusCode::BAD_REQUEST, "bad_request")
                .with("reason", format!("minutes: 1 to {MAX_MINUTES}")))
        }
        m => m.map(|m| Duration::from_secs(m * 60)),
    };
    let pool = state.store.pool();
    let s = sanctions::impose(pool, &c.player, &target.id, body.kind, &why, length)
        .await
        .map_err(Refused::storage)?;
    if body.kind == Kind::Ban {
        // The banned player's open connections close, on every node.
        let all = crate::accounts::sessions::Ending::All;
        session_end::close_here(&state, &target.id, all, Some(s.refusal())).await;
        if let Some(cluster) = &state.cluster {
            cluster.banned(&target.id);
        }
    }
    ok(s)
}

#[derive(Deserialize)]
struct Why {
    reason: String,
}

async fn lift(
    State(state): State<AppState>,
    Operator(c): Operator,
    Path(id): Path<String>,
    Json(body): Json<Why>,
) -> Answer {
    let why = reason(&body.reason)?;
    match sanctions::lift(state.store.pool(), &c.player, &id, &why)
        .await
        .map_err(Refused::storage)?
    {
        Some(s) => ok(s),
        None => Err(Refused::new(StatusCode::NOT_FOUND, "no_such_sanction").with("sanction", &id)),
    }
}

#[derive(Deserialize)]
struct AuditQuery {
    #[serde(default)]
    before: Option<i64>,
    #[serde(default)]
    limit: Option<u32>,
}

async fn list_audit(
    State(state): State<AppState>,
    _: Operator,
    Query(q): Query<AuditQuery>,
) -> Answer {
    let limit = q.limit.unwrap_or(100).clamp(1, 500);
    audit::list(state.store.pool(), q.before, limit)
        .await
        .map_err(Refused::storage)
        .and_then(ok)
}

async fn close_table(
    State(state): State<AppState>,
    Operator(c): Operator,
    Path(id): Path<TableId>,
    Json(body): Json<Why>,
) -> Answer {
    let why = reason(&body.reason)?;
    let closed = at_table(
        &state,
        id,
        TableAct::Close {
            reason: why.clone(),
        },
    )
    .await?;
    if !closed.done {
        return Err(Refused::new(StatusCode::NOT_FOUND, "no_such_table").with("table", id));
    }
    let target = format!("table {id}");
    log(
        &state,
        &c.player,
        "close_table",
        &target,
        &why,
        json!({ "table": id }),
    )
    .await?;
    ok(json!({ "ok": true }))
}

async fn remove_line(
    State(state): State<AppState>,
    Operator(c): Operator,
    Path((id, line)): Path<(TableId, u64)>,
    Json(body): Json<Why>,
) -> Answer {
    let why = reason(&body.reason)?;
    let removed = at_table(&state, id, TableAct::RemoveLine { line }).await?;
    let Some(said) = removed.line.filter(|_| removed.done) else {
        return Err(Refused::new(StatusCode::NOT_FOUND, "no_such_line")
            .with("table", id)
            .with("line", line));
    };
    let detail = json!({
        "table": id, "line": line, "player": said.player, "from": said.from, "text": said.text,
    });
    let target = format!("table {id} line {line}");
    log(&state, &c.player, "remove_line", &target, &why, detail).await?;
    ok(json!({ "ok": true }))
}

// ---- players ----

#[derive(Deserialize)]
struct Reporting {
    /// The reported player (an identity or a name); for a chat line, who said it.
    #[serde(default)]
    player: Option<String>,
    /// A chat line: its table and number; or a player at a table: its table and seat.
    #[serde(default)]
    table: Option<TableId>,
    #[serde(default)]
    line: Option<u64>,
    #[serde(default)]
    seat: Option<usize>,
    reason: String,
}

/// What a report names: a chat line as it was said, or a player.
async fn filing(state: &AppState, reporter: &str, body: &Reporting) -> Result<Filing, Refused> {
    let why = reason(&body.reason)?;
    let (player, table, line, text) = match (body.table, body.line, body.seat, &body.player) {
        (Some(table), Some(line), None, None) => {
            let found = at_table(state, table, TableAct::FindLine { line }).await?;
            let said = found.line.and_then(|l| Some((l.player.clone()?, l.text)));
            let Some((player, text)) = said else {
                return Err(Refused::new(StatusCode::NOT_FOUND, "no_such_line")
                    .with("table", table)
                    .with("line", line));
            };
            (player, Some(table), Some(line), Some(text))
        }
        (Some(table), None, Some(seat), None) => {
            let found = at_table(state, table, TableAct::FindSeat { seat }).await?;
            let Some(player) = found.player else {
                return Err(Refused::new(StatusCode::NOT_FOUND, "no_such_seat")
                    .with("table", table)
                    .with("seat", seat));
            };
            (player, Some(table), None, None)
        }
        (None, None, None, Some(who)) => (player(state, who).await?.id, None, None, None),
        _ => {
            return Err(Refused::new(StatusCode::BAD_REQUEST, "bad_request").with(
                "reason",
                "report a chat line (table and line), a seat (table and seat) or a player",
            ))
        }
    };
    not_yourself(&player, reporter)?;
    Ok(Filing {
        reporter: reporter.to_owned(),
        player,
        table,
        line,
        text,
        reason: why,
    })
}

async fn report(State(state): State<AppState>, c: Caller, Json(body): Json<Reporting>) -> Answer {
    let f = filing(&state, &c.player, &body).await?;
    // A few reports per identity and hour, as chat lines are limited.
    let per_hour = state.config.limits.reports_per_hour;
    if per_hour > 0 {
        let max = u64::from(per_hour);
        let wait = reports::wait_to_file(state.store.pool(), &c.player, max)
            .await
            .map_err(Refused::storage)?;
        if !wait.is_zero() {
            let secs = wait.as_secs().max(1);
            let mut r = Refused::new(StatusCode::TOO_MANY_REQUESTS, "too_many_reports")
                .with("max", max)
                .with("retry_min", secs.div_ceil(60))
                .with("retry_ms", wait.as_millis().max(1));
            r.retry_after = Some(secs);
            return Err(r);
        }
    }
    let id = reports::file(state.store.pool(), &f)
        .await
        .map_err(Refused::storage)?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))).into_response())
}

async fn list_mutes(State(state): State<AppState>, c: Caller) -> Answer {
    mutes::list(state.store.pool(), &c.player)
        .await
        .map_err(Refused::storage)
        .and_then(ok)
}

async fn mute(State(state): State<AppState>, c: Caller, Path(who): Path<String>) -> Answer {
    let target = player(&state, &who).await?;
    not_yourself(&target.id, &c.player)?;
    mutes::mute(state.store.pool(), &c.player, &target.id)
        .await
        .map_err(Refused::storage)?;
    ok(target)
}

async fn unmute(State(state): State<AppState>, c: Caller, Path(who): Path<String>) -> Answer {
    let target = player(&state, &who).await?;
    mutes::unmute(state.store.pool(), &c.player, &target.id)
        .await
        .map_err(Refused::storage)?;
    ok(target)
}
