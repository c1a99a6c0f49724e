//! Who a profile address names, and how a player is named and addressed in answers.
//!
//! A profile is addressed by one of:
//! - an account's name, compared as names are (`names::key`: "Ann" and "ＡＮＮ" are one);
//! - `bot:LEVEL`, a bot level (rated like a player);
//! - `id:PLAYER`, any identity by its player id: a guest has no unique name, so its profile is
//!   reached by the id the room gave it (the id is no secret; the token is).
//!
//! An address of the form `bot:…` or `id:…` that names no bot level or identity is looked up as
//! an account's name.

use super::identity;
use sqlx::{AnyConnection, Row};
use std::collections::HashMap;

/// Prefix of a profile addressed by player id.
pub const ID_PREFIX: &str = "id:";

/// The identity a profile address names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    /// The player's id, or the bot level's identity.
    pub identity: String,
    /// The address of its profile (account name, `bot:LEVEL` or `id:PLAYER`).
    pub profile: String,
    pub name: String,
    pub kind: Kind,
    /// An account marked as a bot account (played by a program).
    pub bot_account: bool,
    /// When the identity was made (seconds since the Unix epoch; none for a bot level).
    pub member_since: Option<i64>,
}

/// What kind of player a profile is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Account,
    Guest,
    Bot,
}

/// The identity a profile address names, if any.
pub async fn find(conn: &mut AnyConnection, address: &str) -> Result<Option<Who>, sqlx::Error> {
    if let Some(level) = identity::bot_level(address) {
        let known = sqlx::query("SELECT COUNT(*) FROM nimmt_ratings WHERE identity = $1")
            .bind(address.to_owned())
            .fetch_one(&mut *conn)
            .await?;
        if known.get::<i64, _>(0) > 0 {
            return Ok(Some(Who {
                identity: address.to_owned(),
                profile: address.to_owned(),
                name: level.to_owned(),
                kind: Kind::Bot,
                bot_account: false,
                member_since: None,
            }));
        }
    }
    // An id, else an account's name (also one that happens to look like an address).
    let mut row = None;
    let mut player = String::new();
    if let Some(id) = address.strip_prefix(ID_PREFIX) {
        player = id.to_owned();
        row = player_row(conn, id).await?;
    }
    if row.is_none() {
        if let Some(id) = account_by_name(conn, address).await? {
            row = player_row(conn, &id).await?;
            player = id;
        }
    }
    let Some(row) = row else { return Ok(None) };
    let named = names_of(conn, std::slice::from_ref(&player)).await?;
    let (profile, name, kind, bot_account) = match named.get(&player) {
        Some(n) if n.kind == Kind::Account => (
            n.profile.clone(),
            n.name.clone(),
            Kind::Account,
            n.bot_account,
        ),
        _ => (
            format!("{ID_PREFIX}{player}"),
            row.get(0),
            Kind::Guest,
            false,
        ),
    };
    Ok(Some(Who {
        identity: player,
        profile,
        name,
        kind,
        bot_account,
        member_since: Some(row.get(1)),
    }))
}

/// A player's stored name and creation time.
async fn player_row(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<sqlx::any::AnyRow>, sqlx::Error> {
    sqlx::query("SELECT name, created_at FROM nimmt_players WHERE id = $1")
        .bind(id.to_owned())
        .fetch_optional(&mut *conn)
        .await
}

/// How an identity is named and addressed in answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    pub profile: String,
    pub name: String,
    pub kind: Kind,
    /// An account marked as a bot account.
    pub bot_account: bool,
}

/// The player id of the account called `name` (as names compare).
async fn account_by_name(
    conn: &mut AnyConnection,
    name: &str,
) -> Result<Option<String>, sqlx::Error> {
    Ok(
        sqlx::query("SELECT player_id FROM nimmt_accounts WHERE name_key = $1")
            .bind(crate::names::key(name))
            .fetch_optional(&mut *conn)
            .await?
            .map(|r| r.get(0)),
    )
}

/// How each identity is named: bots by level, account holders by account name, guests by
/// their current name (addressed by id).
pub async fn names_of(
    conn: &mut AnyConnection,
    identities: &[String],
) -> Result<HashMap<String, Named>, sqlx::Error> {
    let mut out = HashMap::new();
    let mut people: Vec<String> = Vec::new();
    for i in identities {
        match identity::bot_level(i) {
            Some(level) => {
                out.insert(
                    i.clone(),
                    Named {
                        profile: i.clone(),
                        name: level.to_owned(),
                        kind: Kind::Bot,
                        bot_account: false,
                    },
                );
            }
            None if !people.contains(i) => people.push(i.clone()),
            None => {}
        }
    }
    if people.is_empty() {
        return Ok(out);
    }
    let marks = super::sql::placeholders(1, people.len());
    let accounts_sql = format!(
        "SELECT player_id, name, bot_since FROM nimmt_accounts WHERE player_id IN ({marks})"
    );
    let mut q = sqlx::query(&accounts_sql);
    for p in &people {
        q = q.bind(p.clone());
    }
    for r in q.fetch_all(&mut *conn).await? {
        let name: String = r.get(1);
        out.insert(
            r.get(0),
            Named {
                profile: name.clone(),
                name,
                kind: Kind::Account,
                bot_account: r.get::<Option<i64>, _>(2).is_some(),
            },
        );
    }
    let guests: Vec<&String> = people.iter().filter(|p| !out.contains_key(*p)).collect();
    if guests.is_empty() {
        return Ok(out);
    }
    let marks = super::sql::placeholders(1, guests.len());
    let players_sql = format!("SELECT id, name FROM nimmt_players WHERE id IN ({marks})");
    let mut q = sqlx::query(&players_sql);
    for g in &guests {
        q = q.bind((*g).clone());
    }
    for r in q.fetch_all(&mut *conn).await? {
        let id: String = r.get(0);
        out.insert(
            id.clone(),
            Named {
                profile: format!("{ID_PREFIX}{id}"),
                name: r.get(1),
                kind: Kind::Guest,
                bot_account: false,
            },
        );
    }
    Ok(out)
}
