//! Web Push: the room tells a subscribed browser that a turn-based table waits for its account's
//! move, even with no page of the room open. The browser subscribed on the account page
//! (`http/push.rs`) with the room's public key ([`vapid`]); each message is encrypted for that
//! browser alone ([`ece`], RFC 8291) and posted to its push service ([`send`]), which drops it
//! into the browser's service worker (`web/public/sw.js`). A push service that answers 404 or
//! 410 no longer knows the subscription, and the room forgets it too.

pub mod ece;
pub mod message;
pub mod send;
pub mod subscriptions;
pub mod vapid;

pub use message::Message;
pub use subscriptions::Subscription;
pub use vapid::Vapid;

use nimmt_core::GameKind;
use nimmt_protocol::TableId;
use sqlx::AnyPool;

/// A new P-256 private key from the operating system's random numbers.
pub fn random_key() -> p256::SecretKey {
    loop {
        let bytes: [u8; 32] = rand::random();
        // Fails only for zero or a number past the curve's order: about never.
        if let Ok(key) = p256::SecretKey::from_slice(&bytes) {
            return key;
        }
    }
}

/// Tells every browser `player` subscribed that `table` (a game of `game`) waits for their move
/// until `deadline_ms`; `now_ms` is the wall clock. A failure is logged, never raised: the
/// table goes on, and the page's own list (`your_move`) still says it.
pub async fn your_move(
    pool: &AnyPool,
    vapid: &Vapid,
    player: &str,
    table: TableId,
    game: GameKind,
    deadline_ms: u64,
    now_ms: i64,
) {
    let subs = match subscriptions::of_player(pool, player).await {
        Ok(subs) => subs,
        Err(e) => {
            tracing::warn!(player, "push subscriptions not read: {e}");
            return;
        }
    };
    for sub in subs {
        let message = Message::your_move(sub.lang, table, game, deadline_ms, now_ms);
        let outcome = send::send(vapid, &sub, &message, now_ms).await;
        match outcome {
            send::Outcome::Delivered => {}
            send::Outcome::Gone => {
                tracing::info!(player, "push subscription dropped by its push service");
                if let Err(e) = subscriptions::remove(pool, &sub.endpoint).await {
                    tracing::warn!(player, "dropped push subscription not removed: {e}");
                }
            }
            send::Outcome::Failed(why) => {
                tracing::warn!(player, table, "push message not delivered: {why}");
            }
        }
    }
}
