//! An account's e-mail address: set (a verification mail goes out), verified by its link,
//! changed or removed; the "your move" setting; the one-click unsubscribe.
//!
//! An address counts only once verified, and one address belongs to one account: verifying
//! an address another account already verified is refused (checked again in the transaction
//! that verifies). At most [`VERIFY_MAILS_PER_HOUR`] verification mails go out per account an
//! hour.

use super::links::{self, Purpose};
use super::send::{Mailer, Outgoing};
use super::texts::{lang_from, lang_name, text};
use super::MailError;
use nimmt_protocol::Lang;
use sqlx::{AnyPool, Row};
use std::time::Duration;

/// Verification mails one account may ask for in an hour.
pub const VERIFY_MAILS_PER_HOUR: i64 = 5;
/// The longest address (RFC 5321's path limit).
pub const MAX_ADDRESS_CHARS: usize = 254;

/// Which "your move" mails an account gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum YourMove {
    Off,
    /// One mail per waiting table, at most one per table an hour.
    Each,
    /// One mail a day listing the waiting tables.
    Digest,
}

impl YourMove {
    pub fn as_str(self) -> &'static str {
        match self {
            YourMove::Off => "off",
            YourMove::Each => "each",
            YourMove::Digest => "digest",
        }
    }

    pub fn parse(s: &str) -> YourMove {
        match s {
            "each" => YourMove::Each,
            "digest" => YourMove::Digest,
            _ => YourMove::Off,
        }
    }
}

/// An account's address as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub player: String,
    pub address: String,
    pub verified: bool,
    pub lang: Lang,
    pub your_move: YourMove,
    pub unsubscribe_token: String,
    pub last_digest_at: i64,
}

const COLUMNS: &str =
    "player_id, address, verified_at, lang, your_move, unsubscribe_token, last_digest_at";

fn address(r: &sqlx::any::AnyRow) -> Address {
    Address {
        player: r.get(0),
        address: r.get(1),
        verified: r.get::<Option<i64>, _>(2).is_some(),
        lang: lang_from(&r.get::<String, _>(3)),
        your_move: YourMove::parse(&r.get::<String, _>(4)),
        unsubscribe_token: r.get(5),
        last_digest_at: r.get(6),
    }
}

/// The key an address is compared by (`Ann@Example.org` and `ann@example.org` are one).
pub fn key(address: &str) -> String {
    address.trim().to_lowercase()
}

/// The address as typed, checked: one mailbox (`local@domain`), no name, no spaces.
pub fn check(address: &str) -> Result<String, MailError> {
    let a = address.trim();
    if a.is_empty()
        || a.chars().count() > MAX_ADDRESS_CHARS
        || a.chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '<' || c == '>')
        || a.parse::<lettre::Address>().is_err()
    {
        return Err(MailError::Refused("mail_address_bad"));
    }
    Ok(a.to_owned())
}

/// The address of `player`'s account, verified or not.
pub async fn of_player(pool: &AnyPool, player: &str) -> sqlx::Result<Option<Address>> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM nimmt_mail_addresses WHERE player_id = $1"
    ))
    .bind(player.to_owned())
    .fetch_optional(pool)
    .await?;
    Ok(row.as_ref().map(address))
}

/// The account (identity and name) that verified the address `key`, if one did.
pub async fn verified_owner(
    conn: &mut sqlx::AnyConnection,
    key: &str,
) -> sqlx::Result<Option<(Address, String)>> {
    let row = sqlx::query(&format!(
        "SELECT {}, a.name FROM nimmt_mail_addresses m JOIN nimmt_accounts a \
         ON a.player_id = m.player_id WHERE m.address_key = $1 AND m.verified_at IS NOT NULL",
        COLUMNS
            .split(", ")
            .map(|c| format!("m.{c}"))
            .collect::<Vec<_>>()
            .join(", ")
    ))
    .bind(key.to_owned())
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| (address(&r), r.get(7))))
}

/// Sets `player`'s address (account `name`) and sends the verification mail in `lang`. The same
/// address once more, already verified, changes nothing and sends nothing.
pub async fn set(
    pool: &AnyPool,
    mailer: &Mailer,
    player: &str,
    name: &str,
    typed: &str,
    lang: Lang,
) -> Result<Address, MailError> {
    let address = check(typed)?;
    let key = key(&address);
    let now = mailer.clock.now_ms();
    let mut conn = pool.acquire().await?;
    if let Some((owner, _)) = verified_owner(&mut conn, &key).await? {
        if owner.player != player {
            return Err(MailError::Refused("mail_address_taken"));
        }
        return Ok(owner);
    }
    drop(conn);
    let hour = Duration::from_secs(3600).as_millis() as i64;
    if links::sent_since(pool, Purpose::Verify, player, now - hour).await? >= VERIFY_MAILS_PER_HOUR
    {
        return Err(MailError::Refused("mail_too_many"));
    }
    // What the address was, to put back if the mail cannot be sent.
    let before = sqlx::query(
        "SELECT address, address_key, verified_at, lang FROM nimmt_mail_addresses \
         WHERE player_id = $1",
    )
    .bind(player.to_owned())
    .fetch_optional(pool)
    .await?;
    sqlx::query(
        "INSERT INTO nimmt_mail_addresses (player_id, address, address_key, verified_at, lang, \
         your_move, unsubscribe_token, last_digest_at) VALUES ($1, $2, $3, NULL, $4, 'off', $5, 0) \
         ON CONFLICT (player_id) DO UPDATE SET address = $2, address_key = $3, \
         verified_at = NULL, lang = $4",
    )
    .bind(player.to_owned())
    .bind(address.clone())
    .bind(key.clone())
    .bind(lang_name(lang))
    .bind(links::new_token())
    .execute(pool)
    .await?;
    let token = links::create(pool, Purpose::Verify, player, &key, now).await?;
    let link = mailer.link(&format!(
        "/mail/verify?token={token}&lang={}",
        lang_name(lang)
    ));
    let p = [("name", name), ("link", link.as_str())];
    let sent = mailer
        .send(Outgoing {
            to: address.clone(),
            subject: text(lang, "verify_subject", &p),
            body: text(lang, "verify_body", &p),
            unsubscribe: None,
        })
        .await;
    if let Err(e) = sent {
        undo_set(pool, player, &token, before).await?;
        return Err(e.into());
    }
    Ok(of_player(pool, player).await?.expect("just stored"))
}

/// A verification mail that could not be sent changes nothing: its link goes, and the address
/// is what it was (`before`: its address, key, verification time and language), or none.
async fn undo_set(
    pool: &AnyPool,
    player: &str,
    token: &str,
    before: Option<sqlx::any::AnyRow>,
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM nimmt_mail_links WHERE token_hash = $1")
        .bind(links::token_hash(token))
        .execute(pool)
        .await?;
    let Some(b) = before else {
        sqlx::query("DELETE FROM nimmt_mail_addresses WHERE player_id = $1")
            .bind(player.to_owned())
            .execute(pool)
            .await?;
        return Ok(());
    };
    sqlx::query(
        "UPDATE nimmt_mail_addresses SET address = $1, address_key = $2, verified_at = $3, \
         lang = $4 WHERE player_id = $5",
    )
    .bind(b.get::<String, _>(0))
    .bind(b.get::<String, _>(1))
    .bind(b.get::<Option<i64>, _>(2))
    .bind(b.get::<String, _>(3))
    .bind(player.to_owned())
    .execute(pool)
    .await?;
    Ok(())
}

/// What a verification link found: the address, now verified.
pub async fn verify(pool: &AnyPool, token: &str, now: i64) -> Result<String, MailError> {
    let mut tx = pool.begin().await?;
    let link = links::find(&mut tx, Purpose::Verify, token)
        .await?
        .ok_or(MailError::Refused("mail_link_unknown"))?;
    link.usable(now).map_err(|r| MailError::Refused(r.key()))?;
    let row = sqlx::query(
        "SELECT address FROM nimmt_mail_addresses WHERE player_id = $1 AND address_key = $2",
    )
    .bind(link.player.clone())
    .bind(link.address_key.clone())
    .fetch_optional(&mut *tx)
    .await?;
    // The address was changed or removed since the mail went out.
    let Some(row) = row else {
        return Err(MailError::Refused("mail_link_unknown"));
    };
    if let Some((owner, _)) = verified_owner(&mut tx, &link.address_key).await? {
        if owner.player != link.player {
            return Err(MailError::Refused("mail_address_taken"));
        }
    }
    if !links::use_up(&mut tx, token, now).await? {
        return Err(MailError::Refused("mail_link_used"));
    }
    sqlx::query("UPDATE nimmt_mail_addresses SET verified_at = $1 WHERE player_id = $2")
        .bind(now)
        .bind(link.player.clone())
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(row.get(0))
}

/// Removes `player`'s address (and with it every mail to it).
pub async fn remove(pool: &AnyPool, player: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM nimmt_mail_addresses WHERE player_id = $1")
        .bind(player.to_owned())
        .execute(pool)
        .await?;
    sqlx::query("DELETE FROM nimmt_mail_moves WHERE player_id = $1")
        .bind(player.to_owned())
        .execute(pool)
        .await?;
    Ok(())
}

/// Forgets the addresses, links and noted waits of deleted accounts (the digest's task calls it
/// on every round); returns how many addresses went.
pub async fn forget_deleted(pool: &AnyPool) -> sqlx::Result<u64> {
    let gone = "NOT IN (SELECT player_id FROM nimmt_accounts)";
    let done = sqlx::query(&format!(
        "DELETE FROM nimmt_mail_addresses WHERE player_id {gone}"
    ))
    .execute(pool)
    .await?;
    for table in ["nimmt_mail_links", "nimmt_mail_moves"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE player_id {gone}"))
            .execute(pool)
            .await?;
    }
    Ok(done.rows_affected())
}

/// Chooses which "your move" mails `player` gets (refused without an address).
pub async fn set_your_move(pool: &AnyPool, player: &str, mode: YourMove) -> Result<(), MailError> {
    let done = sqlx::query("UPDATE nimmt_mail_addresses SET your_move = $1 WHERE player_id = $2")
        .bind(mode.as_str())
        .bind(player.to_owned())
        .execute(pool)
        .await?;
    if done.rows_affected() == 0 {
        return Err(MailError::Refused("mail_no_address"));
    }
    Ok(())
}

/// The address an unsubscribe token belongs to (the confirmation page names it).
pub async fn by_unsubscribe(pool: &AnyPool, token: &str) -> sqlx::Result<Option<Address>> {
    let token = token.trim();
    if token.is_empty() {
        return Ok(None);
    }
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM nimmt_mail_addresses WHERE unsubscribe_token = $1"
    ))
    .bind(token.to_owned())
    .fetch_optional(pool)
    .await?;
    Ok(row.as_ref().map(address))
}

/// Turns the "your move" mails of the unsubscribe token's address off; returns the address.
pub async fn unsubscribe(pool: &AnyPool, token: &str) -> Result<String, MailError> {
    let found = by_unsubscribe(pool, token)
        .await?
        .ok_or(MailError::Refused("mail_link_unknown"))?;
    set_your_move(pool, &found.player, YourMove::Off).await?;
    Ok(found.address)
}

/// The unsubscribe link of `a`'s mails.
pub fn unsubscribe_link(mailer: &Mailer, a: &Address) -> String {
    mailer.link(&format!(
        "/mail/unsubscribe?token={}&lang={}",
        a.unsubscribe_token,
        lang_name(a.lang)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked_and_compared_without_case() {
        assert_eq!(check(" ann@example.org ").unwrap(), "ann@example.org");
        for bad in [
            "",
            "ann",
            "ann@",
            "Ann <ann@example.org>",
            "a b@example.org",
        ] {
            assert!(check(bad).is_err(), "{bad:?}");
        }
        assert!(check(&format!("{}@example.org", "a".repeat(250))).is_err());
        assert_eq!(key("Ann@Example.ORG"), key("ann@example.org"));
    }

    #[test]
    fn the_setting_reads_back_as_written() {
        for m in [YourMove::Off, YourMove::Each, YourMove::Digest] {
            assert_eq!(YourMove::parse(m.as_str()), m);
        }
        assert_eq!(YourMove::parse("nonsense"), YourMove::Off);
    }
}
