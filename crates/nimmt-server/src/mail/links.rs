//! Links that work once: a token of 256 random bits in the mail, its SHA-256 in the database
//! (`nimmt_mail_links`), a purpose (verify an address, reset a password) and an expiry.

use sha2::{Digest, Sha256};
use sqlx::{AnyPool, Row};
use std::time::Duration;

/// How long a verification link works.
pub const VERIFY_VALID: Duration = Duration::from_secs(24 * 60 * 60);
/// How long a password reset link works.
pub const RESET_VALID: Duration = Duration::from_secs(60 * 60);

/// What a link is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Verify,
    Reset,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::Verify => "verify",
            Purpose::Reset => "reset",
        }
    }
}

/// A fresh token: 256 random bits, in hex.
pub fn new_token() -> String {
    hex::encode(rand::random::<[u8; 32]>())
}

/// What is stored of a token.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.trim().as_bytes()))
}

/// A link as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub player: String,
    pub address_key: String,
    pub expires_at: i64,
    pub used_at: Option<i64>,
}

/// Why a link does not work (each is told to its user).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkRefusal {
    /// No such link (mistyped, or made for something else).
    Unknown,
    /// It worked once already.
    Used,
    /// Its time is over.
    Expired,
}

impl LinkRefusal {
    pub fn key(self) -> &'static str {
        match self {
            LinkRefusal::Unknown => "mail_link_unknown",
            LinkRefusal::Used => "mail_link_used",
            LinkRefusal::Expired => "mail_link_expired",
        }
    }
}

impl Link {
    /// Whether the link works at `now`.
    pub fn usable(&self, now: i64) -> Result<(), LinkRefusal> {
        if self.used_at.is_some() {
            Err(LinkRefusal::Used)
        } else if now >= self.expires_at {
            Err(LinkRefusal::Expired)
        } else {
            Ok(())
        }
    }
}

/// Stores a new link for `player` and returns its token.
pub async fn create(
    pool: &AnyPool,
    purpose: Purpose,
    player: &str,
    address_key: &str,
    now: i64,
) -> sqlx::Result<String> {
    let token = new_token();
    let valid = match purpose {
        Purpose::Verify => VERIFY_VALID,
        Purpose::Reset => RESET_VALID,
    };
    sqlx::query(
        "INSERT INTO nimmt_mail_links (token_hash, purpose, player_id, address_key, created_at, \
         expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(token_hash(&token))
    .bind(purpose.as_str())
    .bind(player.to_owned())
    .bind(address_key.to_owned())
    .bind(now)
    .bind(now + valid.as_millis() as i64)
    .execute(pool)
    .await?;
    Ok(token)
}

/// The link of `token` for `purpose`, if there is one.
pub async fn find(
    conn: &mut sqlx::AnyConnection,
    purpose: Purpose,
    token: &str,
) -> sqlx::Result<Option<Link>> {
    let row = sqlx::query(
        "SELECT player_id, address_key, expires_at, used_at FROM nimmt_mail_links \
         WHERE token_hash = $1 AND purpose = $2",
    )
    .bind(token_hash(token))
    .bind(purpose.as_str())
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| Link {
        player: r.get(0),
        address_key: r.get(1),
        expires_at: r.get(2),
        used_at: r.get(3),
    }))
}

/// Marks the link used; false if another request used it first.
pub async fn use_up(conn: &mut sqlx::AnyConnection, token: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE nimmt_mail_links SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL",
    )
    .bind(now)
    .bind(token_hash(token))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// How many links for `purpose` `player` was sent since `since`.
pub async fn sent_since(
    pool: &AnyPool,
    purpose: Purpose,
    player: &str,
    since: i64,
) -> sqlx::Result<i64> {
    let row = sqlx::query(
        "SELECT COUNT(*) FROM nimmt_mail_links WHERE player_id = $1 AND purpose = $2 \
         AND created_at > $3",
    )
    .bind(player.to_owned())
    .bind(purpose.as_str())
    .bind(since)
    .fetch_one(pool)
    .await?;
    Ok(row.get(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(expires_at: i64, used_at: Option<i64>) -> Link {
        Link {
            player: "p".into(),
            address_key: "a@b".into(),
            expires_at,
            used_at,
        }
    }

    #[test]
    fn a_link_works_until_it_expires_and_only_once() {
        assert_eq!(link(1000, None).usable(999), Ok(()));
        assert_eq!(link(1000, None).usable(1000), Err(LinkRefusal::Expired));
        assert_eq!(link(1000, Some(5)).usable(10), Err(LinkRefusal::Used));
    }

    #[test]
    fn tokens_carry_256_random_bits_and_are_stored_hashed() {
        let t = new_token();
        assert_eq!(t.len(), 64);
        assert_ne!(t, new_token());
        assert_ne!(token_hash(&t), t);
        assert_eq!(token_hash(&t), token_hash(&format!(" {t}\n")));
    }
}
