//! The browsers subscribed to an account's notifications, as stored
//! (`migrations/0008_push.sql`), and what makes a subscription usable.

use super::ece;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use nimmt_protocol::Lang;
use sqlx::{AnyPool, Row};

/// The most browsers one account keeps subscribed.
pub const MAX_PER_ACCOUNT: usize = 10;

/// The longest endpoint taken (push services' URLs are a few hundred characters).
pub const MAX_ENDPOINT: usize = 1000;

/// A browser's subscription.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subscription {
    pub endpoint: String,
    /// The browser's public key (uncompressed P-256 point, base64url).
    pub p256dh: String,
    /// Its authentication secret (16 bytes, base64url).
    pub auth: String,
    pub lang: Lang,
}

/// Why a subscription is not taken.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Unusable {
    #[error("the endpoint is no https:// URL of at most {MAX_ENDPOINT} characters")]
    Endpoint,
    #[error("p256dh is no P-256 public key in base64url")]
    Key,
    #[error("auth is no 16-byte secret in base64url")]
    Auth,
}

impl Subscription {
    /// Checks the endpoint's form and the keys; `plain_http` also takes `http://` endpoints (a
    /// push service on a test's loopback).
    pub fn check(&self, plain_http: bool) -> Result<(), Unusable> {
        let scheme_ok = self.endpoint.starts_with("https://")
            || (plain_http && self.endpoint.starts_with("http://"));
        if !scheme_ok
            || self.endpoint.len() > MAX_ENDPOINT
            || super::vapid::origin(&self.endpoint).is_none()
            || self.endpoint.chars().any(|c| c.is_control() || c == ' ')
        {
            return Err(Unusable::Endpoint);
        }
        let key = decode(&self.p256dh).ok_or(Unusable::Key)?;
        let auth = decode(&self.auth).ok_or(Unusable::Auth)?;
        match ece::encrypt_fresh(b"", &key, &auth) {
            Ok(_) => Ok(()),
            Err(ece::EceError::BadAuth(_)) => Err(Unusable::Auth),
            Err(_) => Err(Unusable::Key),
        }
    }
}

/// base64url with or without padding (browsers write it without).
pub fn decode(s: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD.decode(s.trim_end_matches('=')).ok()
}

fn lang_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::De => "de",
    }
}

/// Stores `sub` for `player` (replacing what the same endpoint had, under any account). Returns
/// false, storing nothing, when `player` already has [`MAX_PER_ACCOUNT`] other browsers.
pub async fn add(
    pool: &AnyPool,
    player: &str,
    sub: &Subscription,
    now_ms: i64,
) -> sqlx::Result<bool> {
    let others: i64 = sqlx::query(
        "SELECT COUNT(*) FROM nimmt_push_subscriptions WHERE player_id = $1 AND endpoint <> $2",
    )
    .bind(player.to_owned())
    .bind(sub.endpoint.clone())
    .fetch_one(pool)
    .await?
    .get(0);
    if others as usize >= MAX_PER_ACCOUNT {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO nimmt_push_subscriptions (endpoint, player_id, p256dh, auth, lang, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (endpoint) DO UPDATE SET player_id = excluded.player_id, \
         p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang, \
         created_at = excluded.created_at",
    )
    .bind(sub.endpoint.clone())
    .bind(player.to_owned())
    .bind(sub.p256dh.clone())
    .bind(sub.auth.clone())
    .bind(lang_name(sub.lang))
    .bind(now_ms)
    .execute(pool)
    .await?;
    Ok(true)
}

/// Removes `endpoint` from `player`'s subscriptions (nothing if it is not theirs).
pub async fn remove_of(pool: &AnyPool, player: &str, endpoint: &str) -> sqlx::Result<bool> {
    let done =
        sqlx::query("DELETE FROM nimmt_push_subscriptions WHERE player_id = $1 AND endpoint = $2")
            .bind(player.to_owned())
            .bind(endpoint.to_owned())
            .execute(pool)
            .await?;
    Ok(done.rows_affected() > 0)
}

/// Removes `endpoint`, whoever it belonged to (its push service dropped it).
pub async fn remove(pool: &AnyPool, endpoint: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM nimmt_push_subscriptions WHERE endpoint = $1")
        .bind(endpoint.to_owned())
        .execute(pool)
        .await?;
    Ok(())
}

/// Every browser `player` subscribed, oldest first.
pub async fn of_player(pool: &AnyPool, player: &str) -> sqlx::Result<Vec<Subscription>> {
    let rows = sqlx::query(
        "SELECT endpoint, p256dh, auth, lang FROM nimmt_push_subscriptions \
         WHERE player_id = $1 ORDER BY created_at, endpoint",
    )
    .bind(player.to_owned())
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| Subscription {
            endpoint: r.get(0),
            p256dh: r.get(1),
            auth: r.get(2),
            lang: if r.get::<String, _>(3) == "de" {
                Lang::De
            } else {
                Lang::En
            },
        })
        .collect())
}
