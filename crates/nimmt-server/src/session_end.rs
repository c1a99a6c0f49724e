//! A session that ends closes its connections, on every node at once: a logout, a password
//! change (every other session), an account's deletion (all), and a session's expiry, found by
//! [`sweep`]. A ban closes the banned identity's connections the same way (`moderation`).

use crate::accounts::sessions::{self, Ending};
use crate::conn::Refusal;
use crate::handles::LobbyCmd;
use crate::state::AppState;
use nimmt_protocol::PlayerId;
use std::time::Duration;

/// Closes `player`'s connections opened with the sessions of `which` (close code 4005), here and
/// on every other node of a cluster; returns once those here are closing (a request that ends
/// a session is answered after that, so nothing sent on them after the answer is handled).
pub async fn end(state: &AppState, player: &PlayerId, which: Ending) {
    if let Some(cluster) = &state.cluster {
        cluster.sessions_ended(player, which.clone());
    }
    close_here(state, player, which, None).await;
}

/// Closes `player`'s connections here opened with the sessions of `which`, each told `refusal`
/// first (a ban's); returns once they are closing.
pub async fn close_here(
    state: &AppState,
    player: &PlayerId,
    which: Ending,
    refusal: Option<Refusal>,
) {
    let (done, closed) = tokio::sync::oneshot::channel();
    state.lobby.send(LobbyCmd::EndSessions {
        player: player.clone(),
        which,
        refusal,
        done: Some(done),
    });
    let _ = closed.await;
}

/// Every `every`: deletes the sessions unused for [`sessions::IDLE_LIMIT`] and closes their
/// connections (on a cluster, the node that deleted a session tells the others).
pub async fn sweep(state: AppState, every: Duration) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if state.store.pool().is_closed() {
            return;
        }
        match sessions::expire(state.store.pool()).await {
            Ok(expired) => {
                for (player, hash) in expired {
                    end(&state, &player, Ending::Only(hash)).await;
                }
            }
            Err(e) => tracing::debug!("expired sessions cannot be swept: {e}"),
        }
    }
}
