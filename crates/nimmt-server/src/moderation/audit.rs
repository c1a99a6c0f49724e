//! The audit log: every act of an operator, with who, when, what (the action and its target)
//! and why. Rows are written in the transaction of the act itself, so no act goes unlogged.

use super::{new_id, now_ms};
use serde::Serialize;
use sqlx::{AnyConnection, AnyPool, Row};

/// One logged act.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Entry {
    pub id: String,
    pub at_ms: i64,
    pub operator: String,
    pub operator_name: String,
    /// `mute`, `ban`, `lift`, `close_table`, `remove_line`, `resolve_report`, `dismiss_report`.
    pub action: String,
    /// A player's identity, `table N`, `table N line L`, a sanction's or a report's id.
    pub target: String,
    /// The name of the player targeted, when the target is a player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_name: Option<String>,
    pub reason: String,
    /// More about the act (JSON): the sanction's end, the removed line's text.
    pub detail: serde_json::Value,
}

/// Writes one entry inside the act's transaction.
pub async fn write(
    conn: &mut AnyConnection,
    operator: &str,
    action: &str,
    target: &str,
    reason: &str,
    detail: serde_json::Value,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO nimmt_audit (id, at_ms, operator_id, action, target, reason, detail) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(new_id())
    .bind(now_ms())
    .bind(operator.to_owned())
    .bind(action.to_owned())
    .bind(target.to_owned())
    .bind(reason.to_owned())
    .bind(detail.to_string())
    .execute(conn)
    .await?;
    Ok(())
}

/// The newest entries first, at most `limit`, older than `before` (ms) if given.
pub async fn list(pool: &AnyPool, before: Option<i64>, limit: u32) -> anyhow::Result<Vec<Entry>> {
    let rows = sqlx::query(
        "SELECT a.id, a.at_ms, a.operator_id, COALESCE(p.name, ''), a.action, a.target, \
         a.reason, a.detail, t.name FROM nimmt_audit a \
         LEFT JOIN nimmt_players p ON p.id = a.operator_id \
         LEFT JOIN nimmt_players t ON t.id = a.target \
         WHERE a.at_ms < $1 ORDER BY a.at_ms DESC, a.id LIMIT $2",
    )
    .bind(before.unwrap_or(i64::MAX))
    .bind(i64::from(limit))
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| Entry {
            id: r.get(0),
            at_ms: r.get(1),
            operator: r.get(2),
            operator_name: r.get(3),
            action: r.get(4),
            target: r.get(5),
            reason: r.get(6),
            detail: serde_json::from_str(&r.get::<String, _>(7)).unwrap_or_default(),
            target_name: r.get(8),
        })
        .collect())
}
