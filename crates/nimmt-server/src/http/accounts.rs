//! The account routes, under `/api/account`. Requests and answers are JSON; a request that acts
//! on an identity names it with `Authorization: Bearer TOKEN`. Refusals are `{"code", "error"}`
//! with the text in the caller's language (`?lang=`, else `Accept-Language`). Passwords are
//! read from request bodies only, never logged and never sent back.

use super::Answer;
use crate::accounts::{self, account, export, limits, password, sessions};
use crate::forwarded::ClientIp;
use crate::moderation::{operators, sanctions};
use crate::names;
use crate::refused::Refused;
use crate::session_end;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use nimmt_protocol::PlayerId;
use serde::{Deserialize, Serialize};

pub fn routes() -> Router<AppState> {
    password::warm_up();
    Router::new()
        .route("/api/account", get(whoami))
        .route("/api/account/signup", post(sign_up))
        .route("/api/account/login", post(log_in))
        .route("/api/account/logout", post(log_out))
        .route("/api/account/password", post(change_password))
        .route("/api/account/delete", post(delete))
        .route("/api/account/data", get(data))
}

/// The identity of the request's bearer token, with the token.
async fn caller(state: &AppState, headers: &HeaderMap) -> Result<(PlayerId, String), Refused> {
    let token = accounts::bearer_token(headers)
        .ok_or_else(|| Refused::new(StatusCode::UNAUTHORIZED, "session_needed"))?;
    // A bot program's token never opens the account's own routes.
    if accounts::tokens::is_api_token(token) {
        return Err(Refused::new(
            StatusCode::UNAUTHORIZED,
            "api_token_not_session",
        ));
    }
    let player = accounts::authenticate(&state.store, token)
        .await
        .ok_or_else(|| Refused::new(StatusCode::UNAUTHORIZED, "session_needed"))?;
    Ok((player, token.to_owned()))
}

/// The account of the request's session token.
pub(super) async fn account_caller(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<(account::Account, String), Refused> {
    let (player, token) = caller(state, headers).await?;
    let found = account::of_player(state.store.pool(), &player)
        .await
        .map_err(Refused::storage)?;
    match found {
        Some(a) if accounts::is_session_token(&token) => Ok((a, token)),
        _ => Err(Refused::new(StatusCode::FORBIDDEN, "account_needed")),
    }
}

/// Who a token is.
#[derive(Serialize)]
struct Me {
    player: PlayerId,
    name: String,
    /// Whether the identity is an account (else a guest).
    account: bool,
    /// Whether the identity is an operator of the room (a client offers the admin page only
    /// then, and asks `/api/admin` for nothing otherwise).
    operator: bool,
    /// Whether the account is a bot account.
    bot: bool,
}

async fn whoami(State(state): State<AppState>, headers: HeaderMap) -> Answer {
    let (player, token) = caller(&state, &headers).await?;
    let found = account::of_player(state.store.pool(), &player)
        .await
        .map_err(Refused::storage)?;
    let name = match &found {
        Some(a) => a.name.clone(),
        None => state
            .store
            .player_by_token(&token)
            .await
            .map_err(Refused::storage)?
            .map(|(_, n)| n)
            .unwrap_or_default(),
    };
    let operator = operators::is_operator(state.store.pool(), &player)
        .await
        .map_err(Refused::storage)?;
    let bot = accounts::bot::is_bot(state.store.pool(), &player)
        .await
        .map_err(Refused::storage)?;
    Ok(Json(Me {
        player,
        name,
        account: found.is_some(),
        operator,
        bot,
    })
    .into_response())
}

#[derive(Deserialize)]
struct Credentials {
    name: String,
    password: String,
}

/// A session: the identity, its name and the token to send as `Authorization: Bearer` and in
/// `hello`.
#[derive(Serialize)]
struct Session {
    player: PlayerId,
    name: String,
    token: String,
}

pub(super) fn check_password(p: &str) -> Result<(), Refused> {
    password::check(p).map_err(|e| match e {
        password::PasswordError::TooShort => {
            Refused::new(StatusCode::BAD_REQUEST, "password_short").with("min", password::MIN_CHARS)
        }
        password::PasswordError::TooLong => {
            Refused::new(StatusCode::BAD_REQUEST, "password_long").with("max", password::MAX_CHARS)
        }
    })
}

/// Sign-up: the caller's guest identity (its bearer token) becomes an account and keeps its id,
/// seats and games; without a token a new identity is made. Answers a session.
async fn sign_up(
    State(state): State<AppState>,
    ClientIp(peer): ClientIp,
    headers: HeaderMap,
    Json(body): Json<Credentials>,
) -> Answer {
    let player = match accounts::bearer_token(&headers) {
        Some(token) => {
            if accounts::tokens::is_api_token(token) {
                return Err(Refused::new(
                    StatusCode::UNAUTHORIZED,
                    "api_token_not_session",
                ));
            }
            if accounts::is_session_token(token) {
                return Err(Refused::new(StatusCode::CONFLICT, "already_account"));
            }
            Some(
                accounts::authenticate(&state.store, token)
                    .await
                    .ok_or_else(|| Refused::new(StatusCode::UNAUTHORIZED, "session_needed"))?,
            )
        }
        None => None,
    };
    let name = names::check(&body.name).map_err(|e| {
        let r = e.refusal();
        let mut refused = Refused::new(StatusCode::BAD_REQUEST, r.key);
        refused.params = r.params;
        refused
    })?;
    check_password(&body.password)?;
    let pool = state.store.pool();
    if let Some(owner) = account::owner_of(pool, &name)
        .await
        .map_err(Refused::storage)?
    {
        let key = if Some(&owner) == player.as_ref() {
            "already_account"
        } else {
            "name_owned"
        };
        return Err(Refused::new(StatusCode::CONFLICT, key).with("name", &name));
    }
    if player.is_none() {
        // A new identity: refused from a banned player's address, and counted as a
        // guest's hello is.
        let address = crate::addr::client_key(peer).to_string();
        if let Some(r) = sanctions::hello_refusal(pool, None, &address).await {
            return Err(Refused::of(StatusCode::FORBIDDEN, r));
        }
        if let Err(wait) = state.addrs.new_identity(peer) {
            return Err(
                Refused::new(StatusCode::TOO_MANY_REQUESTS, "too_many_identities")
                    .with("retry_ms", wait.as_millis().max(1)),
            );
        }
    }
    let hash = password::hash(body.password).await;
    let (player, token) = account::create(pool, player.as_deref(), &name, &hash)
        .await
        .map_err(|e| match e {
            account::SignUpError::NameTaken => {
                Refused::new(StatusCode::CONFLICT, "name_owned").with("name", &name)
            }
            account::SignUpError::AlreadyAccount => {
                Refused::new(StatusCode::CONFLICT, "already_account")
            }
            account::SignUpError::NoIdentity => {
                Refused::new(StatusCode::UNAUTHORIZED, "session_needed")
            }
            account::SignUpError::Db(e) => Refused::storage(e),
        })?;
    tracing::info!("identity {player} is now the account {name:?}");
    Ok((
        StatusCode::CREATED,
        Json(Session {
            player,
            name,
            token,
        }),
    )
        .into_response())
}

/// Log-in: a new session for the account `name`. A wrong name and a wrong password get the same
/// answer, in the same time (an unknown name is checked against a dummy hash).
async fn log_in(
    State(state): State<AppState>,
    ClientIp(peer): ClientIp,
    Json(body): Json<Credentials>,
) -> Answer {
    let pool = state.store.pool();
    let address = crate::addr::client_key(peer).to_string();
    let subjects = limits::subjects(&names::key(&body.name), &address);
    not_now(pool, &subjects).await?;
    let found = if body.password.chars().count() > password::MAX_CHARS {
        None
    } else {
        account::by_name(pool, &body.name)
            .await
            .map_err(Refused::storage)?
    };
    let stored = found.as_ref().map(|a| a.password_hash.clone());
    let ok = password::verify(body.password, stored).await;
    let Some(found) = found.filter(|_| ok) else {
        limits::failed(pool, &subjects)
            .await
            .map_err(Refused::storage)?;
        return Err(Refused::new(StatusCode::UNAUTHORIZED, "login_failed"));
    };
    limits::succeeded(pool, &subjects)
        .await
        .map_err(Refused::storage)?;
    // A banned account is told why (only once its password is right).
    let ban = sanctions::in_force(pool, &found.player, sanctions::Kind::Ban)
        .await
        .map_err(Refused::storage)?;
    if let Some(ban) = ban {
        return Err(Refused::of(StatusCode::FORBIDDEN, ban.refusal()));
    }
    let mut conn = pool.acquire().await.map_err(Refused::storage)?;
    let token = sessions::open(&mut conn, &found.player)
        .await
        .map_err(Refused::storage)?;
    Ok(Json(Session {
        player: found.player,
        name: found.name,
        token,
    })
    .into_response())
}

/// Log-out: the session token of the request stops working.
async fn log_out(State(state): State<AppState>, headers: HeaderMap) -> Answer {
    let (a, token) = account_caller(&state, &headers).await?;
    sessions::close(state.store.pool(), &token)
        .await
        .map_err(Refused::storage)?;
    let this = sessions::Ending::Only(sessions::token_hash(&token));
    session_end::end(&state, &a.player, this).await;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize)]
struct PasswordChange {
    password: String,
    new_password: String,
}

/// `login_wait` while the subjects' failed logins make them wait.
async fn not_now(pool: &sqlx::AnyPool, subjects: &[(String, i64)]) -> Result<(), Refused> {
    let wait = limits::wait(pool, subjects)
        .await
        .map_err(Refused::storage)?;
    if wait.is_zero() {
        return Ok(());
    }
    let secs = (wait.as_secs_f64().ceil() as u64).max(1);
    let mut r = Refused::new(StatusCode::TOO_MANY_REQUESTS, "login_wait")
        .with("retry_s", secs)
        .with("retry_ms", wait.as_millis().max(1));
    r.retry_after = Some(secs);
    Err(r)
}

/// Checks the account's current password, counted as a login is.
async fn confirm(
    state: &AppState,
    peer: std::net::IpAddr,
    a: &account::Account,
    password: String,
) -> Result<(), Refused> {
    let pool = state.store.pool();
    let address = crate::addr::client_key(peer).to_string();
    let subjects = limits::subjects(&names::key(&a.name), &address);
    not_now(pool, &subjects).await?;
    if password.chars().count() > password::MAX_CHARS
        || !password::verify(password, Some(a.password_hash.clone())).await
    {
        limits::failed(pool, &subjects)
            .await
            .map_err(Refused::storage)?;
        return Err(Refused::new(StatusCode::FORBIDDEN, "wrong_password"));
    }
    Ok(())
}

/// A new password (the current one confirms it); every other session of the account ends.
async fn change_password(
    State(state): State<AppState>,
    ClientIp(peer): ClientIp,
    headers: HeaderMap,
    Json(body): Json<PasswordChange>,
) -> Answer {
    let (a, token) = account_caller(&state, &headers).await?;
    check_password(&body.new_password)?;
    confirm(&state, peer, &a, body.password).await?;
    let hash = password::hash(body.new_password).await;
    account::set_password(state.store.pool(), &a.player, &hash, &token)
        .await
        .map_err(Refused::storage)?;
    let others = sessions::Ending::AllBut(sessions::token_hash(&token));
    session_end::end(&state, &a.player, others).await;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize)]
struct Confirmation {
    password: String,
}

/// Deletes the account (the password confirms it): the games stay, under "deleted player".
async fn delete(
    State(state): State<AppState>,
    ClientIp(peer): ClientIp,
    headers: HeaderMap,
    Json(body): Json<Confirmation>,
) -> Answer {
    let (a, _) = account_caller(&state, &headers).await?;
    confirm(&state, peer, &a, body.password).await?;
    account::delete(state.store.pool(), &a.player)
        .await
        .map_err(Refused::storage)?;
    session_end::end(&state, &a.player, sessions::Ending::All).await;
    tracing::info!("the account of identity {} was deleted", a.player);
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// The caller's own data as a JSON download.
async fn data(State(state): State<AppState>, headers: HeaderMap) -> Answer {
    let (player, token) = caller(&state, &headers).await?;
    let pool = state.store.pool();
    let current = accounts::is_session_token(&token).then_some(token.as_str());
    if let Some(t) = current {
        let _ = sessions::seen(pool, t).await;
    }
    let data = export::of(pool, &player, current)
        .await
        .map_err(Refused::storage)?;
    let mut r = Json(data).into_response();
    r.headers_mut().insert(
        header::CONTENT_DISPOSITION,
        "attachment; filename=\"nimmt-my-data.json\""
            .parse()
            .expect("a valid header"),
    );
    Ok(r)
}
