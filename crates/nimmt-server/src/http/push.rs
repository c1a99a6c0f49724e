//! The Web Push routes, under `/api/push`: the room's public key (anyone), and subscribing or
//! unsubscribing a browser (a logged-in account, `Authorization: Bearer TOKEN`). Refusals are
//! `{"code", "error"}` in the caller's language (`?lang=`, else `Accept-Language`); the
//! language of a subscription's notifications is the one of its subscribe request.

use super::accounts::account_caller;
use super::{lang_of, Answer, LangQuery};
use crate::clock;
use crate::push::subscriptions::{self, Subscription, Unusable};
use crate::refused::Refused;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use nimmt_protocol::Lang;
use serde::{Deserialize, Serialize};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/push/key", get(key))
        .route("/api/push/subscribe", post(subscribe))
        .route("/api/push/unsubscribe", post(unsubscribe))
}

#[derive(Serialize)]
struct Key {
    /// The room's VAPID public key, the browser's `applicationServerKey` (base64url).
    public_key: String,
}

async fn key(State(state): State<AppState>) -> Answer {
    let vapid = state
        .config
        .vapid
        .as_ref()
        .ok_or_else(|| Refused::new(StatusCode::NOT_FOUND, "push_off"))?;
    Ok(Json(Key {
        public_key: vapid.public_key(),
    })
    .into_response())
}

/// A browser's `PushSubscription.toJSON()` (its `expirationTime` is not kept).
#[derive(Deserialize)]
struct SubscriptionJson {
    endpoint: String,
    keys: Keys,
}

#[derive(Deserialize)]
struct Keys {
    p256dh: String,
    auth: String,
}

#[derive(Deserialize)]
struct Endpoint {
    endpoint: String,
}

fn parse<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, Refused> {
    serde_json::from_slice(body)
        .map_err(|e| Refused::new(StatusCode::BAD_REQUEST, "bad_request").with("reason", e))
}

fn unusable(lang: Lang, why: Unusable) -> Refused {
    let reason = match (lang, why) {
        (Lang::En, why) => why.to_string(),
        (Lang::De, Unusable::Endpoint) => format!(
            "der Endpunkt ist keine https://-Adresse mit höchstens {} Zeichen",
            subscriptions::MAX_ENDPOINT
        ),
        (Lang::De, Unusable::Key) => "p256dh ist kein P-256-Schlüssel in base64url".into(),
        (Lang::De, Unusable::Auth) => "auth ist kein 16-Byte-Geheimnis in base64url".into(),
    };
    Refused::new(StatusCode::BAD_REQUEST, "push_bad_subscription").with("reason", reason)
}

async fn subscribe(
    State(state): State<AppState>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    let lang = lang_of(&q, &headers);
    let vapid = state
        .config
        .vapid
        .as_ref()
        .ok_or_else(|| Refused::new(StatusCode::NOT_FOUND, "push_off"))?;
    let (account, _) = account_caller(&state, &headers).await?;
    let got: SubscriptionJson = parse(&body)?;
    let sub = Subscription {
        endpoint: got.endpoint,
        p256dh: got.keys.p256dh,
        auth: got.keys.auth,
        lang,
    };
    sub.check(vapid.plain_http())
        .map_err(|why| unusable(lang, why))?;
    let added = subscriptions::add(state.store.pool(), &account.player, &sub, clock::now_ms())
        .await
        .map_err(Refused::storage)?;
    if !added {
        return Err(Refused::new(StatusCode::CONFLICT, "push_too_many")
            .with("max", subscriptions::MAX_PER_ACCOUNT));
    }
    Ok(StatusCode::NO_CONTENT.into_response())
}

async fn unsubscribe(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Answer {
    let (account, _) = account_caller(&state, &headers).await?;
    let got: Endpoint = parse(&body)?;
    subscriptions::remove_of(state.store.pool(), &account.player, &got.endpoint)
        .await
        .map_err(Refused::storage)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}
