//! The routes of bot accounts and their API tokens, under `/api/account` (see `accounts/bot.rs`
//! and `accounts/tokens.rs`). Each is the account's own: the caller names it with its session
//! token (`Authorization: Bearer s.…`), as on every account route; an API token is refused
//! there (`api_token_not_session`, 401): it only connects a bot program.
//!
//! - `POST /api/account/bot` `{"confirm": true}`: the account becomes a bot account, for good.
//! - `GET /api/account/tokens`: `[{id, name, created_ms, last_used_ms}]`, never a secret.
//! - `POST /api/account/tokens` `{"name"}`: `{id, name, token}`, the token shown this once.
//! - `DELETE /api/account/tokens/{id}`: revokes it; its connections close on every node.

use super::accounts::account_caller;
use super::Answer;
use crate::accounts::{bot, sessions, tokens};
use crate::refused::Refused;
use crate::session_end;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{delete, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/account/bot", post(become_bot))
        .route("/api/account/tokens", post(create).get(list))
        .route("/api/account/tokens/{id}", delete(revoke))
}

#[derive(Deserialize)]
struct Confirm {
    #[serde(default)]
    confirm: bool,
}

/// Whether the account is a bot account (the answer of `POST /api/account/bot`).
#[derive(Serialize)]
struct BotState {
    bot: bool,
}

/// Makes the caller's account a bot account: refused once it played a rated game, and for an
/// operator. Answers `{"bot": true}` (also when it was one already).
async fn become_bot(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<Confirm>,
) -> Answer {
    let (a, _) = account_caller(&state, &headers).await?;
    if !body.confirm {
        return Err(Refused::new(StatusCode::BAD_REQUEST, "bot_confirm_needed"));
    }
    match bot::become_bot(state.store.pool(), &a.player).await {
        Ok(made) => {
            if made {
                tracing::info!("the account {:?} is a bot account now", a.name);
            }
            Ok(Json(BotState { bot: true }).into_response())
        }
        Err(bot::BecomeError::RatedGames) => {
            Err(Refused::new(StatusCode::CONFLICT, "bot_after_rated"))
        }
        Err(bot::BecomeError::Operator) => Err(Refused::new(StatusCode::CONFLICT, "bot_operator")),
        Err(bot::BecomeError::NoAccount) => {
            Err(Refused::new(StatusCode::FORBIDDEN, "account_needed"))
        }
        Err(bot::BecomeError::Db(e)) => Err(Refused::storage(e)),
    }
}

/// The caller's bot account (a person's account has no tokens).
async fn bot_caller(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<crate::accounts::account::Account, Refused> {
    let (a, _) = account_caller(state, headers).await?;
    let is_bot = bot::is_bot(state.store.pool(), &a.player)
        .await
        .map_err(Refused::storage)?;
    if !is_bot {
        return Err(Refused::new(StatusCode::FORBIDDEN, "bot_account_needed"));
    }
    Ok(a)
}

async fn list(State(state): State<AppState>, headers: HeaderMap) -> Answer {
    let (a, _) = account_caller(&state, &headers).await?;
    let all = tokens::list(state.store.pool(), &a.player)
        .await
        .map_err(Refused::storage)?;
    Ok(Json(all).into_response())
}

#[derive(Deserialize)]
struct NewToken {
    name: String,
}

/// A new token: the only answer that holds its secret.
#[derive(Serialize)]
struct Created {
    id: String,
    name: String,
    token: String,
}

async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<NewToken>,
) -> Answer {
    let a = bot_caller(&state, &headers).await?;
    let name = body.name.trim();
    let chars = name.chars().count();
    if chars == 0 || chars > tokens::MAX_NAME || name.chars().any(char::is_control) {
        return Err(
            Refused::new(StatusCode::BAD_REQUEST, "token_name_bad").with("max", tokens::MAX_NAME)
        );
    }
    let (token, id) = tokens::create(state.store.pool(), &a.player, name)
        .await
        .map_err(|e| match e {
            tokens::CreateError::TooMany => {
                Refused::new(StatusCode::CONFLICT, "too_many_tokens").with("max", tokens::MOST)
            }
            tokens::CreateError::Db(e) => Refused::storage(e),
        })?;
    Ok((
        StatusCode::CREATED,
        Json(Created {
            id,
            name: name.to_owned(),
            token,
        }),
    )
        .into_response())
}

/// Revokes a token: it opens nothing any more, and the connections opened with it close (4005)
/// on every node before the answer.
async fn revoke(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Answer {
    let (a, _) = account_caller(&state, &headers).await?;
    let hash = tokens::revoke(state.store.pool(), &a.player, &id)
        .await
        .map_err(Refused::storage)?
        .ok_or_else(|| Refused::new(StatusCode::NOT_FOUND, "no_such_token").with("id", &id))?;
    let ending = sessions::Ending::Only(tokens::session(&hash));
    session_end::end(&state, &a.player, ending).await;
    Ok(StatusCode::NO_CONTENT.into_response())
}
