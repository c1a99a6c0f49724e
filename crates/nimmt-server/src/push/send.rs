//! Posting one message to a browser's push service (RFC 8030): the encrypted body, its
//! `Content-Encoding: aes128gcm`, the VAPID `Authorization`, a `TTL` up to the deadline (a
//! message about a passed deadline is worth nothing) and a `Topic` per table, so that a newer
//! message about the same table replaces one still waiting at the push service.

use super::{ece, subscriptions, Message, Subscription, Vapid};
use std::time::Duration;

/// How long one request may take.
const TIMEOUT: Duration = Duration::from_secs(15);

/// The most a push service is asked to keep a message (four weeks, RFC 8030's common cap).
const MAX_TTL_S: u64 = 28 * 86_400;

/// What became of a message.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Delivered,
    /// The push service no longer knows the subscription (404 or 410).
    Gone,
    Failed(String),
}

/// Encrypts `message` for `sub` and posts it; `now_ms` is the wall clock.
pub async fn send(vapid: &Vapid, sub: &Subscription, message: &Message, now_ms: i64) -> Outcome {
    let (Some(key), Some(auth)) = (
        subscriptions::decode(&sub.p256dh),
        subscriptions::decode(&sub.auth),
    ) else {
        return Outcome::Gone;
    };
    let json = serde_json::to_vec(message).expect("a message serializes");
    let body = match ece::encrypt_fresh(&json, &key, &auth) {
        Ok(body) => body,
        Err(ece::EceError::TooLarge) => return Outcome::Failed("message too large".into()),
        Err(_) => return Outcome::Gone,
    };
    let Some(authorization) = vapid.authorization(&sub.endpoint, now_ms / 1000) else {
        return Outcome::Gone;
    };
    let ttl = (message.deadline_ms.saturating_sub(now_ms.max(0) as u64) / 1000).min(MAX_TTL_S);
    let endpoint = sub.endpoint.clone();
    let topic = format!("table-{}", message.table);
    let posted = tokio::task::spawn_blocking(move || {
        let agent = ureq::AgentBuilder::new()
            .timeout(TIMEOUT)
            .redirects(0)
            .build();
        let sent = agent
            .post(&endpoint)
            .set("Authorization", &authorization)
            .set("Content-Encoding", "aes128gcm")
            .set("Content-Type", "application/octet-stream")
            .set("TTL", &ttl.to_string())
            .set("Topic", &topic)
            .set("Urgency", "normal")
            .send_bytes(&body);
        // The status of the answer, or why there was none.
        match sent {
            Ok(answer) => Ok(answer.status()),
            Err(ureq::Error::Status(code, _)) => Ok(code),
            Err(e) => Err(e.to_string()),
        }
    })
    .await;
    match posted {
        Ok(Ok(200..=299)) => Outcome::Delivered,
        Ok(Ok(404 | 410)) => Outcome::Gone,
        Ok(Ok(code)) => Outcome::Failed(format!("status {code}")),
        Ok(Err(e)) => Outcome::Failed(e),
        Err(e) => Outcome::Failed(e.to_string()),
    }
}
