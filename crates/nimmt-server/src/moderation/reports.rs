//! Reports: any player may report a chat line (kept as it was said) or a player. A report waits
//! (`open`) until an operator resolves or dismisses it; handling it is logged.

use super::{audit, new_id, now_ms};
use serde::Serialize;
use sqlx::{AnyPool, Row};

/// A report as the admin page lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    pub id: String,
    pub at_ms: i64,
    pub reporter: String,
    pub reporter_name: String,
    /// The reported player (the one who said the line, for a chat line).
    pub player: String,
    pub player_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The reported line as it was said.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    pub reason: String,
    /// `open`, `resolved` or `dismissed`.
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub handled_by: Option<String>,
}

/// What is reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filing {
    pub reporter: String,
    pub player: String,
    pub table: Option<u64>,
    pub line: Option<u64>,
    pub text: Option<String>,
    pub reason: String,
}

/// How long `reporter` must wait before filing another report when at most `per_hour` may be
/// filed within any hour (zero: not at all); counted in the database, so on every node.
pub async fn wait_to_file(
    pool: &AnyPool,
    reporter: &str,
    per_hour: u64,
) -> anyhow::Result<std::time::Duration> {
    const HOUR_MS: i64 = 3_600_000;
    let since = now_ms() - HOUR_MS;
    let rows = sqlx::query(
        "SELECT at_ms FROM nimmt_reports WHERE reporter_id = $1 AND at_ms > $2 \
         ORDER BY at_ms DESC",
    )
    .bind(reporter.to_owned())
    .bind(since)
    .fetch_all(pool)
    .await?;
    let Some(r) = rows.get((per_hour as usize).saturating_sub(1)) else {
        return Ok(std::time::Duration::ZERO);
    };
    // The oldest of the last `per_hour` reports leaves the hour first.
    let free_at = r.get::<i64, _>(0) + HOUR_MS;
    Ok(std::time::Duration::from_millis(
        (free_at - now_ms()).max(1) as u64,
    ))
}

/// Files a report; its id.
pub async fn file(pool: &AnyPool, f: &Filing) -> anyhow::Result<String> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO nimmt_reports (id, at_ms, reporter_id, player_id, table_id, line_id, \
         line_text, reason, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open')",
    )
    .bind(id.clone())
    .bind(now_ms())
    .bind(f.reporter.clone())
    .bind(f.player.clone())
    .bind(f.table.map(|t| t as i64))
    .bind(f.line.map(|l| l as i64))
    .bind(f.text.clone())
    .bind(f.reason.clone())
    .execute(pool)
    .await?;
    Ok(id)
}

/// Reports of `status` (`open`, `resolved`, `dismissed`), oldest first for open ones (the
/// queue), newest first otherwise; at most `limit`.
pub async fn list(pool: &AnyPool, status: &str, limit: u32) -> anyhow::Result<Vec<Report>> {
    let order = if status == "open" { "ASC" } else { "DESC" };
    let sql = format!(
        "SELECT r.id, r.at_ms, r.reporter_id, COALESCE(a.name, ''), r.player_id, \
         COALESCE(p.name, ''), r.table_id, r.line_id, r.line_text, r.reason, r.status, r.handled_by \
         FROM nimmt_reports r LEFT JOIN nimmt_players a ON a.id = r.reporter_id \
         LEFT JOIN nimmt_players p ON p.id = r.player_id \
         WHERE r.status = $1 ORDER BY r.at_ms {order}, r.id LIMIT $2"
    );
    let rows = sqlx::query(&sql)
        .bind(status.to_owned())
        .bind(i64::from(limit))
        .fetch_all(pool)
        .await?;
    Ok(rows
        .iter()
        .map(|r| Report {
            id: r.get(0),
            at_ms: r.get(1),
            reporter: r.get(2),
            reporter_name: r.get(3),
            player: r.get(4),
            player_name: r.get(5),
            table: r.get::<Option<i64>, _>(6).map(|t| t as u64),
            line: r.get::<Option<i64>, _>(7).map(|l| l as u64),
            text: r.get(8),
            reason: r.get(9),
            status: r.get(10),
            handled_by: r.get(11),
        })
        .collect())
}

/// An operator closes an open report as `resolved` or `dismissed` (logged); `false` if no open
/// report has this id.
pub async fn handle(
    pool: &AnyPool,
    operator: &str,
    id: &str,
    resolved: bool,
    reason: &str,
) -> anyhow::Result<bool> {
    let status = if resolved { "resolved" } else { "dismissed" };
    let mut tx = pool.begin().await?;
    let done = sqlx::query(
        "UPDATE nimmt_reports SET status = $1, handled_by = $2, handled_at_ms = $3 \
         WHERE id = $4 AND status = 'open'",
    )
    .bind(status)
    .bind(operator.to_owned())
    .bind(now_ms())
    .bind(id.to_owned())
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    let action = if resolved {
        "resolve_report"
    } else {
        "dismiss_report"
    };
    audit::write(&mut tx, operator, action, id, reason, serde_json::json!({})).await?;
    tx.commit().await?;
    Ok(true)
}
