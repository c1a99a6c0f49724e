//! Password reset by mail: "forgot password" with the account's name or address sends, if the
//! account has a verified address, a link that works once within an hour; the page it opens
//! sets the new password, and every session of the account ends.
//!
//! The answer to a request is the same whether the name or address exists (the mail goes out in
//! the background). Requests are limited per name or address typed ([`PER_SUBJECT`] an hour,
//! known or not) and per client address ([`PER_CLIENT`] an hour), counted in the database so
//! every node of a cluster sees them.

use super::address::{self, Address};
use super::links::{self, Purpose};
use super::send::{Mailer, Outgoing};
use super::texts::{lang_name, text};
use super::MailError;
use crate::accounts::{account, sessions};
use crate::names;
use sqlx::{AnyPool, Row};

/// Reset requests for one name or address an hour.
pub const PER_SUBJECT: i64 = 3;
/// Reset requests from one client address an hour.
pub const PER_CLIENT: i64 = 20;
const HOUR_MS: i64 = 3_600_000;

/// The counters a request for `who` from `client` is counted against, with their limits.
pub fn subjects(who: &str, client: &str) -> [(String, i64); 2] {
    let who = if who.contains('@') {
        format!("address:{}", address::key(who))
    } else {
        format!("name:{}", names::key(who))
    };
    [(who, PER_SUBJECT), (format!("ip:{client}"), PER_CLIENT)]
}

/// Whether a subject that made `made` requests within the hour may make one more.
pub fn may_request(made: i64, limit: i64) -> bool {
    made < limit
}

/// Counts a reset request, refused (`mail_reset_wait`) when one of its subjects is over its
/// limit; returns then without counting.
async fn count(pool: &AnyPool, subjects: &[(String, i64)], now: i64) -> Result<(), MailError> {
    sqlx::query("DELETE FROM nimmt_mail_requests WHERE at <= $1")
        .bind(now - HOUR_MS)
        .execute(pool)
        .await?;
    for (subject, limit) in subjects {
        let made: i64 =
            sqlx::query("SELECT COUNT(*) FROM nimmt_mail_requests WHERE subject = $1 AND at > $2")
                .bind(subject.clone())
                .bind(now - HOUR_MS)
                .fetch_one(pool)
                .await?
                .get(0);
        if !may_request(made, *limit) {
            return Err(MailError::Refused("mail_reset_wait"));
        }
    }
    for (subject, _) in subjects {
        sqlx::query("INSERT INTO nimmt_mail_requests (subject, at) VALUES ($1, $2)")
            .bind(subject.clone())
            .bind(now)
            .execute(pool)
            .await?;
    }
    Ok(())
}

/// The account a request names, with its verified address.
async fn find(pool: &AnyPool, who: &str) -> sqlx::Result<Option<(Address, String)>> {
    let mut conn = pool.acquire().await?;
    if who.contains('@') {
        return address::verified_owner(&mut conn, &address::key(who)).await;
    }
    let Some(a) = account::by_name(pool, who).await? else {
        return Ok(None);
    };
    let found = address::of_player(pool, &a.player).await?;
    Ok(found.filter(|m| m.verified).map(|m| (m, a.name)))
}

/// "Forgot password" for `who` (a name or an address) from `client`: counted, and if the
/// account has a verified address, a reset mail goes out in the background.
pub async fn request(
    pool: &AnyPool,
    mailer: &Mailer,
    who: &str,
    client: &str,
) -> Result<(), MailError> {
    let who = who.trim();
    if who.is_empty() || who.chars().count() > address::MAX_ADDRESS_CHARS {
        return Err(MailError::Refused("mail_reset_who"));
    }
    let now = mailer.clock.now_ms();
    count(pool, &subjects(who, client), now).await?;
    let Some((to, name)) = find(pool, who).await? else {
        return Ok(());
    };
    let token = links::create(
        pool,
        Purpose::Reset,
        &to.player,
        &address::key(&to.address),
        now,
    )
    .await?;
    let link = mailer.link(&format!("/reset?token={token}&lang={}", lang_name(to.lang)));
    let p = [("name", name.as_str()), ("link", link.as_str())];
    let mail = Outgoing {
        to: to.address.clone(),
        subject: text(to.lang, "reset_subject", &p),
        body: text(to.lang, "reset_body", &p),
        unsubscribe: None,
    };
    let mailer = mailer.clone();
    tokio::spawn(async move {
        if let Err(e) = mailer.send(mail).await {
            tracing::warn!("a password reset mail was not sent: {e}");
        }
    });
    Ok(())
}

/// Whether `token` is a reset link that works at `now` (checked before the new password is
/// hashed; [`redeem`] checks again).
pub async fn check(pool: &AnyPool, token: &str, now: i64) -> Result<(), MailError> {
    let mut conn = pool.acquire().await?;
    let link = links::find(&mut conn, Purpose::Reset, token)
        .await?
        .ok_or(MailError::Refused("mail_link_unknown"))?;
    link.usable(now).map_err(|r| MailError::Refused(r.key()))
}

/// Uses the reset link `token` at `now`: the account's password hash becomes `hash` and every
/// session of it ends. Returns the account's identity.
pub async fn redeem(
    pool: &AnyPool,
    token: &str,
    hash: &str,
    now: i64,
) -> Result<String, MailError> {
    let mut tx = pool.begin().await?;
    let link = links::find(&mut tx, Purpose::Reset, token)
        .await?
        .ok_or(MailError::Refused("mail_link_unknown"))?;
    link.usable(now).map_err(|r| MailError::Refused(r.key()))?;
    if !links::use_up(&mut tx, token, now).await? {
        return Err(MailError::Refused("mail_link_used"));
    }
    let changed = sqlx::query(
        "UPDATE nimmt_accounts SET password_hash = $1, password_changed_at = $2 \
         WHERE player_id = $3",
    )
    .bind(hash.to_owned())
    .bind(now)
    .bind(link.player.clone())
    .execute(&mut *tx)
    .await?;
    if changed.rows_affected() == 0 {
        return Err(MailError::Refused("mail_link_unknown"));
    }
    sessions::close_others(&mut tx, &link.player, None).await?;
    tx.commit().await?;
    Ok(link.player)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_counted_by_what_was_typed_and_by_client() {
        let [a, ip] = subjects("Ann@Example.org", "10.0.0.1");
        assert_eq!(a, ("address:ann@example.org".to_owned(), PER_SUBJECT));
        assert_eq!(ip, ("ip:10.0.0.1".to_owned(), PER_CLIENT));
        let [n, _] = subjects("ANN", "10.0.0.1");
        assert_eq!(n.0, format!("name:{}", names::key("ann")));
        assert!(may_request(PER_SUBJECT - 1, PER_SUBJECT));
        assert!(!may_request(PER_SUBJECT, PER_SUBJECT));
    }
}
