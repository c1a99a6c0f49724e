//! "Your move" mails: a turn-based table began waiting for a player. With the setting `each`
//! a mail goes out at once, but at most one per table an hour ([`EACH_EVERY`]); with `digest`
//! the wait is noted for the next daily digest (`digest.rs`); with `off`, without a verified
//! address or for a guest, nothing happens.

use super::address::{self, YourMove};
use super::send::{Mailer, Outgoing};
use super::texts::{deadline, game_title, text};
use super::MailError;
use sqlx::{AnyPool, Row};
use std::time::Duration;

/// At most one "your move" mail per table this often.
pub const EACH_EVERY: Duration = Duration::from_secs(60 * 60);

/// What became of a note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A mail went out.
    Sent,
    /// A mail for this table went out within the hour: none now.
    Throttled,
    /// Noted for the daily digest.
    Noted,
    /// The player gets no such mails (a guest, no verified address, or `off`).
    NotWanted,
}

/// Whether a table whose last mail went out at `last_sent` may get one at `now`.
pub fn each_due(last_sent: Option<i64>, now: i64) -> bool {
    last_sent.is_none_or(|at| now - at >= EACH_EVERY.as_millis() as i64)
}

/// A turn-based table `table` (game `game`) waits for `player` until `deadline_ms`.
pub async fn your_move(
    pool: &AnyPool,
    mailer: &Mailer,
    player: &str,
    table: u64,
    game: &str,
    deadline_ms: u64,
) -> Result<Outcome, MailError> {
    let Some(to) = address::of_player(pool, player).await? else {
        return Ok(Outcome::NotWanted);
    };
    let name = sqlx::query("SELECT name FROM nimmt_accounts WHERE player_id = $1")
        .bind(player.to_owned())
        .fetch_optional(pool)
        .await?
        .map(|r| r.get::<String, _>(0));
    let (Some(name), true) = (name, to.verified) else {
        return Ok(Outcome::NotWanted);
    };
    let now = mailer.clock.now_ms();
    let (table_id, deadline_ms) = (table as i64, deadline_ms as i64);
    match to.your_move {
        YourMove::Off => Ok(Outcome::NotWanted),
        YourMove::Digest => {
            sqlx::query(
                "INSERT INTO nimmt_mail_moves (player_id, table_id, game, deadline_ms, noted_at, \
                 sent_at) VALUES ($1, $2, $3, $4, $5, NULL) ON CONFLICT (player_id, table_id) \
                 DO UPDATE SET game = $3, deadline_ms = $4, noted_at = $5, sent_at = NULL",
            )
            .bind(player.to_owned())
            .bind(table_id)
            .bind(game.to_owned())
            .bind(deadline_ms)
            .bind(now)
            .execute(pool)
            .await?;
            Ok(Outcome::Noted)
        }
        YourMove::Each => {
            let last = sqlx::query(
                "SELECT sent_at FROM nimmt_mail_moves WHERE player_id = $1 AND table_id = $2",
            )
            .bind(player.to_owned())
            .bind(table_id)
            .fetch_optional(pool)
            .await?
            .map(|r| r.get::<Option<i64>, _>(0));
            if !each_due(last.flatten(), now) {
                return Ok(Outcome::Throttled);
            }
            // Claimed by a compare-and-set, so two notes at once send one mail.
            let claimed = sqlx::query(
                "INSERT INTO nimmt_mail_moves (player_id, table_id, game, deadline_ms, noted_at, \
                 sent_at) VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (player_id, table_id) \
                 DO UPDATE SET game = $3, deadline_ms = $4, noted_at = $5, sent_at = $5 \
                 WHERE COALESCE(nimmt_mail_moves.sent_at, -1) = $6",
            )
            .bind(player.to_owned())
            .bind(table_id)
            .bind(game.to_owned())
            .bind(deadline_ms)
            .bind(now)
            .bind(last.flatten().unwrap_or(-1))
            .execute(pool)
            .await?;
            if claimed.rows_affected() != 1 {
                return Ok(Outcome::Throttled);
            }
            let title = game_title(to.lang, game);
            let (table_s, when) = (table.to_string(), deadline(deadline_ms));
            let link = mailer.link(&format!("/t/{table}"));
            let unsubscribe = address::unsubscribe_link(mailer, &to);
            let p = [
                ("name", name.as_str()),
                ("game", title.as_str()),
                ("table", table_s.as_str()),
                ("deadline", when.as_str()),
                ("link", link.as_str()),
            ];
            let body = text(to.lang, "move_body", &p)
                + &text(to.lang, "unsubscribe_footer", &[("link", &unsubscribe)]);
            mailer
                .send(Outgoing {
                    to: to.address.clone(),
                    subject: text(to.lang, "move_subject", &p),
                    body,
                    unsubscribe: Some(unsubscribe),
                })
                .await?;
            Ok(Outcome::Sent)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_mail_per_table_an_hour() {
        let hour = EACH_EVERY.as_millis() as i64;
        assert!(each_due(None, 0));
        assert!(!each_due(Some(1_000), 1_000));
        assert!(!each_due(Some(1_000), 1_000 + hour - 1));
        assert!(each_due(Some(1_000), 1_000 + hour));
    }
}
