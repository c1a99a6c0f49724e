//! Tournaments over HTTP: the lobby's list (`GET /api/tournaments`), one tournament's page
//! (`GET /api/tournaments/{id}`), a new tournament (`POST /api/tournaments` with a
//! `TournamentSetup`), and the browser's page `/tournament/{id}`. The caller is named by
//! `Authorization: Bearer TOKEN` (an account's session token, or a guest's token); the answers
//! read the stored state, so every node of a cluster gives the same.

use crate::refused::Refused;
use crate::state::AppState;
use crate::tournaments::{setup, store};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use nimmt_protocol::{PlayerId, TournamentId, TournamentList, TournamentSetup, TournamentSummary};
use serde::{Deserialize, Serialize};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/tournaments", get(list).post(create))
        .route("/api/tournaments/{id}", get(one))
        .route("/tournament/{id}", get(page))
}

/// The browser client's page (it reads the address itself).
async fn page(state: State<AppState>) -> Response {
    super::assets(state, Uri::from_static("/")).await
}

/// The answer to a new tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CreatedTournament {
    pub id: TournamentId,
    pub summary: TournamentSummary,
    /// The invitation link's code, for a tournament by invitation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invitation_code: Option<String>,
}

/// Who calls: their identity (none for a visitor), whether it is an account's (not a guest's,
/// not a bot account's) and whether they are an operator.
struct Caller {
    player: Option<PlayerId>,
    account: bool,
    operator: bool,
}

impl Caller {
    async fn of(state: &AppState, headers: &HeaderMap) -> Result<Caller, Refused> {
        let pool = state.store.pool();
        let Some(player) = crate::accounts::bearer(&state.store, headers).await else {
            return Ok(Caller {
                player: None,
                account: false,
                operator: false,
            });
        };
        let account = crate::accounts::account::of_player(pool, &player)
            .await
            .map_err(Refused::storage)?
            .is_some();
        let bot = crate::accounts::bot::is_bot(pool, &player)
            .await
            .map_err(Refused::storage)?;
        let operator = crate::moderation::operators::is_operator(pool, &player)
            .await
            .map_err(Refused::storage)?;
        Ok(Caller {
            player: Some(player),
            account: account && !bot,
            operator,
        })
    }

    /// Whether they may create a tournament in this room.
    fn may_create(&self, state: &AppState) -> bool {
        self.operator || (self.account && state.config.tournaments_by_anyone)
    }
}

/// `GET /api/tournaments`.
async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<TournamentList>, Refused> {
    let caller = Caller::of(&state, &headers).await?;
    let (upcoming, finished) = store::list(state.store.pool())
        .await
        .map_err(Refused::storage)?;
    Ok(Json(TournamentList {
        upcoming: upcoming.iter().map(|r| r.summary()).collect(),
        finished: finished.iter().map(|r| r.summary()).collect(),
        may_create: caller.may_create(&state),
    }))
}

/// `GET /api/tournaments/{id}`: the page as the caller sees it.
async fn one(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    let id: TournamentId = id.parse().map_err(|_| unknown(&id))?;
    let caller = Caller::of(&state, &headers).await?;
    let stored = store::load(state.store.pool(), id)
        .await
        .map_err(Refused::storage)?
        .ok_or_else(|| unknown(&id.to_string()))?;
    Ok(Json(stored.run.page(caller.player.as_ref(), caller.operator)).into_response())
}

fn unknown(id: &str) -> Refused {
    Refused::new(StatusCode::NOT_FOUND, "tournament_unknown").with("tournament", id)
}

/// `POST /api/tournaments`: a new tournament (an operator's, or any account's where the room
/// allows it), its settings checked.
async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Response, Refused> {
    let caller = Caller::of(&state, &headers).await?;
    let Some(player) = caller
        .player
        .clone()
        .filter(|_| caller.account || caller.operator)
    else {
        return Err(Refused::new(
            StatusCode::UNAUTHORIZED,
            "tournament_account_needed",
        ));
    };
    if !caller.may_create(&state) {
        return Err(Refused::new(
            StatusCode::FORBIDDEN,
            "tournament_create_not_allowed",
        ));
    }
    let setup: TournamentSetup = serde_json::from_slice(&body)
        .map_err(|e| Refused::new(StatusCode::BAD_REQUEST, "malformed").with("reason", e))?;
    let tables = crate::table_config(&state.config);
    let now = crate::clock::now_ms().max(0) as u64;
    let setup = setup::check(setup, now, &tables).map_err(refused)?;
    let name = crate::moderation::operators::name_of(state.store.pool(), &player)
        .await
        .map_err(Refused::storage)?
        .unwrap_or_default();
    let created = state
        .tournaments
        .create(setup, player, name)
        .await
        .map_err(refused)?;
    let stored = store::load(state.store.pool(), created.id)
        .await
        .map_err(Refused::storage)?
        .ok_or_else(|| Refused::storage("a new tournament is not stored"))?;
    let created = CreatedTournament {
        id: created.id,
        summary: stored.run.summary(),
        invitation_code: created.code,
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// A refusal of the checks or of the tournament: 400, or 503 when the database failed.
fn refused(r: crate::conn::Refusal) -> Refused {
    let status = match r.code {
        nimmt_protocol::ErrorCode::Storage => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::BAD_REQUEST,
    };
    Refused::of(status, r)
}
