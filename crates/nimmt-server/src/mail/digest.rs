//! The daily digest: for every account with the setting `digest` and a verified address, once a
//! day ([`EVERY`]) one mail listing the tables noted as waiting for it since its last digest
//! whose deadline has not passed. What to send is a pure function of the time and the stored
//! waits ([`due`], [`pick`]); [`run`] is called by a task the room starts ([`task`]), and a
//! test calls it with the time it chooses.

use super::address::{self, YourMove};
use super::send::{Mailer, Outgoing};
use super::texts::{deadline, game_title, text};
use super::MailError;
use sqlx::{AnyPool, Row};
use std::time::Duration;

/// One digest a day at most.
pub const EVERY: Duration = Duration::from_secs(24 * 60 * 60);
/// How often the task looks for digests due.
pub const LOOK_EVERY: Duration = Duration::from_secs(10 * 60);

/// A table noted as waiting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wait {
    pub table: i64,
    pub game: String,
    pub deadline_ms: i64,
}

/// Whether an account whose last digest went out at `last` gets one at `now`.
pub fn due(last: i64, now: i64) -> bool {
    now - last >= EVERY.as_millis() as i64
}

/// The waits a digest at `now` lists: those whose deadline has not passed, soonest first.
pub fn pick(mut waits: Vec<Wait>, now: i64) -> Vec<Wait> {
    waits.retain(|w| w.deadline_ms > now);
    waits.sort_by_key(|w| (w.deadline_ms, w.table));
    waits
}

/// Sends every digest due at `now`; returns how many went out.
pub async fn run(pool: &AnyPool, mailer: &Mailer, now: i64) -> Result<usize, MailError> {
    let rows = sqlx::query(
        "SELECT m.player_id, a.name FROM nimmt_mail_addresses m JOIN nimmt_accounts a \
         ON a.player_id = m.player_id WHERE m.your_move = $1 AND m.verified_at IS NOT NULL",
    )
    .bind(YourMove::Digest.as_str())
    .fetch_all(pool)
    .await?;
    let mut sent = 0;
    for row in rows {
        let (player, name): (String, String) = (row.get(0), row.get(1));
        let Some(to) = address::of_player(pool, &player).await? else {
            continue;
        };
        if !due(to.last_digest_at, now) {
            continue;
        }
        let waits = sqlx::query(
            "SELECT table_id, game, deadline_ms FROM nimmt_mail_moves \
             WHERE player_id = $1 AND sent_at IS NULL",
        )
        .bind(player.clone())
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| Wait {
            table: r.get(0),
            game: r.get(1),
            deadline_ms: r.get(2),
        })
        .collect();
        let waits = pick(waits, now);
        if waits.is_empty() {
            continue;
        }
        let lines: Vec<String> = waits
            .iter()
            .map(|w| {
                let (game, table) = (game_title(to.lang, &w.game), w.table.to_string());
                let (when, link) = (
                    deadline(w.deadline_ms),
                    mailer.link(&format!("/t/{}", w.table)),
                );
                text(
                    to.lang,
                    "digest_line",
                    &[
                        ("game", &game),
                        ("table", &table),
                        ("deadline", &when),
                        ("link", &link),
                    ],
                )
            })
            .collect();
        let unsubscribe = address::unsubscribe_link(mailer, &to);
        let count = waits.len().to_string();
        let body = text(
            to.lang,
            "digest_body",
            &[("name", &name), ("tables", &lines.join("\n"))],
        ) + &text(to.lang, "unsubscribe_footer", &[("link", &unsubscribe)]);
        sqlx::query("UPDATE nimmt_mail_addresses SET last_digest_at = $1 WHERE player_id = $2")
            .bind(now)
            .bind(player.clone())
            .execute(pool)
            .await?;
        sqlx::query(
            "UPDATE nimmt_mail_moves SET sent_at = $1 WHERE player_id = $2 AND sent_at IS NULL",
        )
        .bind(now)
        .bind(player.clone())
        .execute(pool)
        .await?;
        mailer
            .send(Outgoing {
                to: to.address.clone(),
                subject: text(to.lang, "digest_subject", &[("count", &count)]),
                body,
                unsubscribe: Some(unsubscribe),
            })
            .await?;
        sent += 1;
    }
    Ok(sent)
}

/// Looks for digests due every [`LOOK_EVERY`], for as long as the room runs, and forgets the
/// addresses of accounts deleted since.
pub async fn task(pool: AnyPool, mailer: Mailer) {
    let mut tick = tokio::time::interval(LOOK_EVERY);
    loop {
        tick.tick().await;
        if let Err(e) = run(&pool, &mailer, mailer.clock.now_ms()).await {
            tracing::warn!("the daily digests: {e}");
        }
        if let Err(e) = address::forget_deleted(&pool).await {
            tracing::warn!("forgetting the addresses of deleted accounts: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait(table: i64, deadline_ms: i64) -> Wait {
        Wait {
            table,
            game: "classic".into(),
            deadline_ms,
        }
    }

    #[test]
    fn a_digest_goes_out_once_a_day() {
        let day = EVERY.as_millis() as i64;
        assert!(due(0, day));
        assert!(!due(day, 2 * day - 1));
        assert!(due(day, 2 * day));
    }

    #[test]
    fn a_digest_lists_the_tables_still_waiting_soonest_first() {
        let picked = pick(
            vec![wait(1, 500), wait(2, 50), wait(3, 300), wait(4, 200)],
            100,
        );
        let tables: Vec<i64> = picked.iter().map(|w| w.table).collect();
        assert_eq!(tables, vec![4, 3, 1]);
        assert!(pick(vec![wait(1, 100)], 100).is_empty());
    }
}
