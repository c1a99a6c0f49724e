//! Mutes and bans: what an operator imposes on a player, until a time or until lifted. A muted
//! player's chat is refused; a banned player's `hello` is refused, and so is a new guest
//! identity from the address the banned player was last seen at, for [`ADDRESS_BAN`] at most.

use super::{audit, new_id, now_ms};
use nimmt_protocol::{ErrorCode, PlayerId};
use nimmt_room::Refusal;
use serde::{Deserialize, Serialize};
use sqlx::{AnyPool, Row};
use std::time::Duration;

/// How long a ban keeps new guests from the banned player's address at most (a shared address,
/// a school's or a café's, is not closed for longer).
pub const ADDRESS_BAN: Duration = Duration::from_secs(24 * 3600);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// No chat.
    Mute,
    /// No `hello`, and no new guests from the player's address for a while.
    Ban,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Mute => "mute",
            Kind::Ban => "ban",
        }
    }

    fn parse(s: &str) -> Kind {
        if s == "ban" {
            Kind::Ban
        } else {
            Kind::Mute
        }
    }
}

/// A sanction as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sanction {
    pub id: String,
    pub player: PlayerId,
    pub name: String,
    pub kind: Kind,
    pub reason: String,
    pub created_at_ms: i64,
    /// When it ends by itself; absent: when an operator lifts it.
    pub until_ms: Option<i64>,
    /// A ban: the address it keeps new guests from (an IPv4 address or an IPv6 /64), and until
    /// when.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address_until_ms: Option<i64>,
    pub by: PlayerId,
    pub by_name: String,
}

impl Sanction {
    /// The refusal a muted player's chat line or a banned player's `hello` gets.
    pub fn refusal(&self) -> Refusal {
        let (code, key, forever) = match self.kind {
            Kind::Mute => (ErrorCode::Muted, "muted", "muted_forever"),
            Kind::Ban => (ErrorCode::Banned, "banned", "banned_forever"),
        };
        let r = Refusal::new(code).with("reason", &self.reason);
        match self.until_ms {
            Some(until) => r.keyed(key).with("until", when(until)),
            None => r.keyed(forever),
        }
    }
}

/// A time as the room's texts write it: `2026-11-27 10:50 UTC`.
pub fn when(ms: i64) -> String {
    let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute] UTC");
    time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000))
        .ok()
        .and_then(|t| t.format(&format).ok())
        .unwrap_or_else(|| ms.to_string())
}

const COLUMNS: &str = "s.id, s.player_id, COALESCE(p.name, ''), s.kind, s.reason, \
    s.created_at_ms, s.until_ms, s.address, s.address_until_ms, s.by_player, COALESCE(o.name, '')";
const JOINS: &str = "FROM nimmt_sanctions s LEFT JOIN nimmt_players p ON p.id = s.player_id \
    LEFT JOIN nimmt_players o ON o.id = s.by_player";

fn read(r: &sqlx::any::AnyRow) -> Sanction {
    Sanction {
        id: r.get(0),
        player: r.get(1),
        name: r.get(2),
        kind: Kind::parse(&r.get::<String, _>(3)),
        reason: r.get(4),
        created_at_ms: r.get(5),
        until_ms: r.get(6),
        address: r.get(7),
        address_until_ms: r.get(8),
        by: r.get(9),
        by_name: r.get(10),
    }
}

/// Imposes a sanction on `player` for `length` (none: until lifted), logged as `operator`'s act.
pub async fn impose(
    pool: &AnyPool,
    operator: &str,
    player: &str,
    kind: Kind,
    reason: &str,
    length: Option<Duration>,
) -> anyhow::Result<Sanction> {
    let now = now_ms();
    let until = length.map(|d| now.saturating_add(d.as_millis() as i64));
    let address = match kind {
        Kind::Ban => sqlx::query("SELECT address FROM nimmt_player_addresses WHERE player_id = $1")
            .bind(player.to_owned())
            .fetch_optional(pool)
            .await?
            .map(|r| r.get::<String, _>(0)),
        Kind::Mute => None,
    };
    let address_cap = now + ADDRESS_BAN.as_millis() as i64;
    let address_until = address
        .as_ref()
        .map(|_| until.map_or(address_cap, |u| u.min(address_cap)));
    let id = new_id();
    let mut tx = pool.begin().await?;
    sqlx::query(
        "INSERT INTO nimmt_sanctions (id, player_id, kind, reason, created_at_ms, until_ms, \
         address, address_until_ms, by_player) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(id.clone())
    .bind(player.to_owned())
    .bind(kind.name())
    .bind(reason.to_owned())
    .bind(now)
    .bind(until)
    .bind(address.clone())
    .bind(address_until)
    .bind(operator.to_owned())
    .execute(&mut *tx)
    .await?;
    audit::write(
        &mut tx,
        operator,
        kind.name(),
        player,
        reason,
        serde_json::json!({ "sanction": id, "until_ms": until, "address_until_ms": address_until }),
    )
    .await?;
    tx.commit().await?;
    by_id(pool, &id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("sanction {id} vanished"))
}

async fn by_id(pool: &AnyPool, id: &str) -> anyhow::Result<Option<Sanction>> {
    let sql = format!("SELECT {COLUMNS} {JOINS} WHERE s.id = $1");
    Ok(sqlx::query(&sql)
        .bind(id.to_owned())
        .fetch_optional(pool)
        .await?
        .as_ref()
        .map(read))
}

/// Lifts sanction `id` before its end, logged as `operator`'s act; `None` if it is not in force.
pub async fn lift(
    pool: &AnyPool,
    operator: &str,
    id: &str,
    reason: &str,
) -> anyhow::Result<Option<Sanction>> {
    let now = now_ms();
    let mut tx = pool.begin().await?;
    let done = sqlx::query(
        "UPDATE nimmt_sanctions SET lifted_at_ms = $1, lifted_by = $2 WHERE id = $3 \
         AND lifted_at_ms IS NULL AND (until_ms IS NULL OR until_ms > $1)",
    )
    .bind(now)
    .bind(operator.to_owned())
    .bind(id.to_owned())
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(None);
    }
    audit::write(
        &mut tx,
        operator,
        "lift",
        id,
        reason,
        serde_json::json!({ "sanction": id }),
    )
    .await?;
    tx.commit().await?;
    by_id(pool, id).await
}

/// The sanction of this kind in force on `player` now (the one that lasts longest), if any.
pub async fn in_force(
    pool: &AnyPool,
    player: &str,
    kind: Kind,
) -> anyhow::Result<Option<Sanction>> {
    let sql = format!(
        "SELECT {COLUMNS} {JOINS} WHERE s.player_id = $1 AND s.kind = $2 \
         AND s.lifted_at_ms IS NULL AND (s.until_ms IS NULL OR s.until_ms > $3) \
         ORDER BY CASE WHEN s.until_ms IS NULL THEN 1 ELSE 0 END DESC, s.until_ms DESC LIMIT 1"
    );
    Ok(sqlx::query(&sql)
        .bind(player.to_owned())
        .bind(kind.name())
        .bind(now_ms())
        .fetch_optional(pool)
        .await?
        .as_ref()
        .map(read))
}

/// Every sanction in force, newest first.
pub async fn all_in_force(pool: &AnyPool) -> anyhow::Result<Vec<Sanction>> {
    let sql = format!(
        "SELECT {COLUMNS} {JOINS} WHERE s.lifted_at_ms IS NULL \
         AND (s.until_ms IS NULL OR s.until_ms > $1) ORDER BY s.created_at_ms DESC"
    );
    Ok(sqlx::query(&sql)
        .bind(now_ms())
        .fetch_all(pool)
        .await?
        .iter()
        .map(read)
        .collect())
}

/// Until when (ms) a ban keeps new guests from `address`, if one does now.
pub async fn address_banned(pool: &AnyPool, address: &str) -> anyhow::Result<Option<i64>> {
    let now = now_ms();
    let row = sqlx::query(
        "SELECT MAX(address_until_ms) FROM nimmt_sanctions WHERE address = $1 AND kind = 'ban' \
         AND lifted_at_ms IS NULL AND address_until_ms > $2 AND (until_ms IS NULL OR until_ms > $2)",
    )
    .bind(address.to_owned())
    .bind(now)
    .fetch_one(pool)
    .await?;
    Ok(row.get::<Option<i64>, _>(0))
}

/// Notes the address `player` said hello from (the one a ban of them closes to new guests).
pub async fn note_address(pool: &AnyPool, player: &str, address: &str) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO nimmt_player_addresses (player_id, address, seen_at_ms) VALUES ($1, $2, $3) \
         ON CONFLICT (player_id) DO UPDATE SET address = excluded.address, \
         seen_at_ms = excluded.seen_at_ms",
    )
    .bind(player.to_owned())
    .bind(address.to_owned())
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(())
}

/// Why a `hello` is refused: the identity is banned (`player`), or, for a new guest (`None`),
/// a ban keeps new guests from its `address`. A database that cannot be read refuses nobody.
pub async fn hello_refusal(pool: &AnyPool, player: Option<&str>, address: &str) -> Option<Refusal> {
    match player {
        Some(p) => match in_force(pool, p, Kind::Ban).await {
            Ok(ban) => ban.map(|s| s.refusal()),
            Err(e) => {
                tracing::warn!("bans cannot be read: {e}");
                None
            }
        },
        None => match address_banned(pool, address).await {
            Ok(until) => until.map(|u| {
                Refusal::new(ErrorCode::Banned)
                    .keyed("banned_address")
                    .with("until", when(u))
            }),
            Err(e) => {
                tracing::warn!("bans cannot be read: {e}");
                None
            }
        },
    }
}

/// Why `player`'s chat line is refused: an operator muted them (or banned them).
pub async fn chat_refusal(pool: &AnyPool, player: &str) -> Option<Refusal> {
    for kind in [Kind::Ban, Kind::Mute] {
        match in_force(pool, player, kind).await {
            Ok(Some(s)) => return Some(s.refusal()),
            Ok(None) => {}
            Err(e) => tracing::warn!("mutes cannot be read: {e}"),
        }
    }
    None
}
