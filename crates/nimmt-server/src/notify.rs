//! Telling players that a turn-based table waits for their move while they are not looking: the
//! lobby hands every new wait here ([`YourMoveNote`]), and each channel a player chose (e-mail,
//! Web Push) decides by its own settings and limits whether to say it now, later or not at all.
//! The page itself hears of it over the WebSocket (`your_move`), not through here.

use crate::push::Vapid;
use crate::store::Store;
use nimmt_core::GameKind;
use nimmt_protocol::{PlayerId, TableId};

/// A turn-based table began waiting for `player`'s move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YourMoveNote {
    pub player: PlayerId,
    pub table: TableId,
    pub game: GameKind,
    /// When the move's deadline passes (milliseconds since the Unix epoch).
    pub deadline_ms: u64,
}

/// What the channels need: the store (addresses, subscriptions, what was sent when), the mailer
/// and the room's Web Push key.
#[derive(Clone)]
pub struct Notifier {
    pub store: Store,
    /// The room's Web Push key (`None`: no Web Push).
    pub vapid: Option<Vapid>,
    /// Sends "your move" mails (`None`: the room has no SMTP settings).
    pub mailer: Option<crate::mail::Mailer>,
}

impl Notifier {
    /// Hands the note to every channel, in the background: the lobby never waits for a mail
    /// server or a push service.
    pub fn your_move(&self, note: YourMoveNote) {
        let notifier = self.clone();
        tokio::spawn(async move { notifier.deliver(note).await });
    }

    async fn deliver(&self, note: YourMoveNote) {
        tracing::debug!(player = %note.player, table = note.table, "your move");
        if let Some(vapid) = &self.vapid {
            let now = crate::clock::now_ms();
            let (pool, player) = (self.store.pool(), note.player.as_str());
            crate::push::your_move(
                pool,
                vapid,
                player,
                note.table,
                note.game,
                note.deadline_ms,
                now,
            )
            .await;
        }
        if let Some(mailer) = &self.mailer {
            let (pool, n) = (self.store.pool(), &note);
            match crate::mail::your_move(
                pool,
                mailer,
                &n.player,
                n.table,
                n.game.name(),
                n.deadline_ms,
            )
            .await
            {
                Ok(outcome) => tracing::debug!(player = %n.player, ?outcome, "your-move mail"),
                Err(e) => tracing::warn!("a your-move mail: {e}"),
            }
        }
    }
}
