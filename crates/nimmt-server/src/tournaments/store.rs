//! Tournaments in the database (`migrations/0011_tournaments.sql`): each tournament's row holds
//! its whole state as the director keeps it (a [`Run`], JSON), the version every save checks,
//! and the lease of the node that runs it; the players' rows serve the profiles.

use nimmt_protocol::{TableId, TournamentId, TournamentSetup};
use nimmt_room::tournament::{Phase, Run, TableRef};
use sqlx::{AnyPool, Row};

/// A tournament as stored, with the version a save must name.
#[derive(Clone, Debug)]
pub struct Stored {
    pub run: Run,
    pub version: i64,
}

/// Finished tournaments the lobby lists.
pub const RECENTLY_FINISHED: i64 = 20;
/// Upcoming and running tournaments the lobby lists at most.
pub const MOST_UPCOMING: i64 = 200;

/// The phase column's word and the round for a state.
fn phase_columns(phase: &Phase) -> (&'static str, i64) {
    match phase {
        Phase::Registration => ("registration", 0),
        Phase::Running { round } => ("running", i64::from(*round)),
        Phase::Finished => ("finished", 0),
        Phase::Cancelled => ("cancelled", 0),
    }
}

/// A new tournament's row, before its first save (version 0, state empty), run by `node` until
/// `lease_until`: its number, the next after the highest (tried again if another node took it).
pub async fn create(
    pool: &AnyPool,
    setup: &TournamentSetup,
    creator: (&str, &str),
    code: Option<&str>,
    now_ms: i64,
    lease: (&str, i64),
) -> sqlx::Result<TournamentId> {
    let setup_json = serde_json::to_string(setup).map_err(|e| sqlx::Error::Decode(e.into()))?;
    let mut last = None;
    for _ in 0..5 {
        let row = sqlx::query("SELECT COALESCE(MAX(id), 0) FROM nimmt_tournaments")
            .fetch_one(pool)
            .await?;
        let id = row.get::<i64, _>(0) + 1;
        let done = sqlx::query(
            "INSERT INTO nimmt_tournaments (id, name, game, setup, created_by, created_by_name, \
             created_at, start_ms, phase, current_round, invitation_code, state, version, node, \
             lease_until) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'registration', 0, $9, '', 0, $10, $11)",
        )
        .bind(id)
        .bind(setup.name.clone())
        .bind(setup.game.name().to_owned())
        .bind(setup_json.clone())
        .bind(creator.0.to_owned())
        .bind(creator.1.to_owned())
        .bind(now_ms)
        .bind(setup.start_ms.min(i64::MAX as u64) as i64)
        .bind(code.map(str::to_owned))
        .bind(lease.0.to_owned())
        .bind(lease.1)
        .execute(pool)
        .await;
        match done {
            Ok(_) => return Ok(id as TournamentId),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or(sqlx::Error::RowNotFound))
}

/// Takes back a row whose tournament the director refused (nothing else refers to it).
pub async fn forget(pool: &AnyPool, id: TournamentId) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM nimmt_tournaments WHERE id = $1 AND version = 0")
        .bind(id as i64)
        .execute(pool)
        .await?;
    Ok(())
}

/// Saves `run` over the version `read`, checking that `node` runs it (none: a command applied
/// to the stored state, whichever node runs it): `false` (nothing written) if another save came
/// first or another node runs it now. A tournament that finished gets its players' places in
/// the same transaction.
pub async fn save(pool: &AnyPool, run: &Run, read: i64, node: Option<&str>) -> sqlx::Result<bool> {
    retried(|| save_once(pool, run, read, node)).await
}

/// How often a write is tried while the database is busy (SQLite: another writer holds the lock
/// longer than the busy timeout, as when many players join at once).
const TRIES: u64 = 10;

/// Runs `write` again (after 20, 40, … ms) while the database refuses it.
async fn retried<T, F: std::future::Future<Output = sqlx::Result<T>>>(
    mut write: impl FnMut() -> F,
) -> sqlx::Result<T> {
    let mut tried = 1;
    loop {
        match write().await {
            Err(sqlx::Error::Database(e)) if tried < TRIES => {
                tracing::debug!("tournaments: a write tried again: {e}");
            }
            Err(sqlx::Error::PoolTimedOut) if tried < TRIES => {}
            done => return done,
        }
        tokio::time::sleep(std::time::Duration::from_millis(20 * tried)).await;
        tried += 1;
    }
}

async fn save_once(pool: &AnyPool, run: &Run, read: i64, node: Option<&str>) -> sqlx::Result<bool> {
    let state = serde_json::to_string(run).map_err(|e| sqlx::Error::Decode(e.into()))?;
    let (phase, round) = phase_columns(&run.core.phase);
    let sql = match node {
        Some(_) => {
            "UPDATE nimmt_tournaments SET state = $1, phase = $2, current_round = $3, \
             version = version + 1 WHERE id = $4 AND version = $5 AND node = $6"
        }
        None => {
            "UPDATE nimmt_tournaments SET state = $1, phase = $2, current_round = $3, \
             version = version + 1 WHERE id = $4 AND version = $5"
        }
    };
    let mut tx = pool.begin().await?;
    let mut query = sqlx::query(sql)
        .bind(state)
        .bind(phase)
        .bind(round)
        .bind(run.id as i64)
        .bind(read);
    if let Some(node) = node {
        query = query.bind(node.to_owned());
    }
    if query.execute(&mut *tx).await?.rows_affected() != 1 {
        return Ok(false);
    }
    if run.core.phase == Phase::Finished {
        let standings = run.core.standings();
        for s in &standings {
            sqlx::query(
                "INSERT INTO nimmt_tournament_players (tournament_id, player_id, name, place, \
                 of_players) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tournament_id, player_id) \
                 DO UPDATE SET place = excluded.place, of_players = excluded.of_players",
            )
            .bind(run.id as i64)
            .bind(s.player.clone())
            .bind(s.name.clone())
            .bind(i64::from(s.rank))
            .bind(standings.len() as i64)
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await?;
    Ok(true)
}

fn stored(r: &sqlx::any::AnyRow) -> Option<Stored> {
    let state: String = r.get(0);
    let run = match serde_json::from_str::<Run>(&state) {
        Ok(run) => run,
        Err(e) => {
            if !state.is_empty() {
                tracing::error!("a tournament's state cannot be read: {e}");
            }
            return None;
        }
    };
    Some(Stored {
        run,
        version: r.get(1),
    })
}

/// One tournament (none if unknown, or not saved yet).
pub async fn load(pool: &AnyPool, id: TournamentId) -> sqlx::Result<Option<Stored>> {
    let row = sqlx::query("SELECT state, version FROM nimmt_tournaments WHERE id = $1")
        .bind(id as i64)
        .fetch_optional(pool)
        .await?;
    Ok(row.as_ref().and_then(stored))
}

/// The lobby's list: registration open or running (the soonest first), and the latest finished
/// or cancelled ones (the latest first).
pub async fn list(pool: &AnyPool) -> sqlx::Result<(Vec<Run>, Vec<Run>)> {
    let upcoming = sqlx::query(
        "SELECT state, version FROM nimmt_tournaments \
         WHERE phase IN ('registration', 'running') AND version > 0 \
         ORDER BY start_ms, id LIMIT $1",
    )
    .bind(MOST_UPCOMING)
    .fetch_all(pool)
    .await?;
    let finished = sqlx::query(
        "SELECT state, version FROM nimmt_tournaments \
         WHERE phase IN ('finished', 'cancelled') ORDER BY start_ms DESC, id DESC LIMIT $1",
    )
    .bind(RECENTLY_FINISHED)
    .fetch_all(pool)
    .await?;
    let runs =
        |rows: Vec<sqlx::any::AnyRow>| rows.iter().filter_map(stored).map(|s| s.run).collect();
    Ok((runs(upcoming), runs(finished)))
}

/// Tournaments not over that `node` may run now: nobody's, its own, or whose lease ran out
/// before `now_ms`.
pub async fn claimable(pool: &AnyPool, node: &str, now_ms: i64) -> sqlx::Result<Vec<TournamentId>> {
    let rows = sqlx::query(
        "SELECT id FROM nimmt_tournaments WHERE phase IN ('registration', 'running') \
         AND version > 0 AND (node IS NULL OR node = $1 OR lease_until < $2) ORDER BY id",
    )
    .bind(node.to_owned())
    .bind(now_ms)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| r.get::<i64, _>(0) as TournamentId)
        .collect())
}

/// `node` takes the lease on tournament `id` until `until`, if it may (see [`claimable`]).
pub async fn take_lease(
    pool: &AnyPool,
    id: TournamentId,
    node: &str,
    now_ms: i64,
    until: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE nimmt_tournaments SET node = $1, lease_until = $2 WHERE id = $3 \
         AND (node IS NULL OR node = $1 OR lease_until < $4)",
    )
    .bind(node.to_owned())
    .bind(until)
    .bind(id as i64)
    .bind(now_ms)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// `node` renews its lease on tournament `id`: the version stored now, or none if another node
/// runs it (or it is gone).
pub async fn renew(
    pool: &AnyPool,
    id: TournamentId,
    node: &str,
    until: i64,
) -> sqlx::Result<Option<i64>> {
    let done =
        sqlx::query("UPDATE nimmt_tournaments SET lease_until = $1 WHERE id = $2 AND node = $3")
            .bind(until)
            .bind(id as i64)
            .bind(node.to_owned())
            .execute(pool)
            .await?;
    if done.rows_affected() != 1 {
        return Ok(None);
    }
    let row = sqlx::query("SELECT version FROM nimmt_tournaments WHERE id = $1 AND node = $2")
        .bind(id as i64)
        .bind(node.to_owned())
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|r| r.get::<i64, _>(0)))
}

/// A tournament that is over runs nowhere.
pub async fn release(pool: &AnyPool, id: TournamentId, node: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE nimmt_tournaments SET node = NULL, lease_until = NULL WHERE id = $1 AND node = $2",
    )
    .bind(id as i64)
    .bind(node.to_owned())
    .execute(pool)
    .await?;
    Ok(())
}

/// `player` registered for tournament `id` (again after a withdrawal: the row stays one).
pub async fn add_player(
    pool: &AnyPool,
    id: TournamentId,
    player: &str,
    name: &str,
) -> sqlx::Result<()> {
    retried(|| {
        sqlx::query(
            "INSERT INTO nimmt_tournament_players (tournament_id, player_id, name) \
             VALUES ($1, $2, $3) ON CONFLICT (tournament_id, player_id) DO NOTHING",
        )
        .bind(id as i64)
        .bind(player.to_owned())
        .bind(name.to_owned())
        .execute(pool)
    })
    .await?;
    Ok(())
}

/// `player` withdrew before the start: the tournament is not theirs.
pub async fn remove_player(pool: &AnyPool, id: TournamentId, player: &str) -> sqlx::Result<()> {
    retried(|| {
        sqlx::query(
            "DELETE FROM nimmt_tournament_players WHERE tournament_id = $1 AND player_id = $2",
        )
        .bind(id as i64)
        .bind(player.to_owned())
        .execute(pool)
    })
    .await?;
    Ok(())
}

/// Which of `tables` ended (their results are stored): one query for a whole round's tables.
pub async fn ended_among(pool: &AnyPool, tables: &[TableId]) -> sqlx::Result<Vec<TableId>> {
    if tables.is_empty() {
        return Ok(Vec::new());
    }
    // Numbers only: written into the query as they are.
    let list: Vec<String> = tables.iter().map(|t| t.to_string()).collect();
    let rows = sqlx::query(&format!(
        "SELECT DISTINCT table_id FROM nimmt_results WHERE table_id IN ({})",
        list.join(", ")
    ))
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(|r| r.get::<i64, _>(0) as TableId).collect())
}

/// A room table's result, once its game ended: each seat's identity and place (bots' seats
/// included), and the players whose seat a bot played (from the table's tournament mark).
pub async fn ended_table(
    pool: &AnyPool,
    table: TableId,
) -> sqlx::Result<Option<(Vec<(String, usize)>, Vec<String>)>> {
    let rows =
        sqlx::query("SELECT identity, place FROM nimmt_results WHERE table_id = $1 ORDER BY seat")
            .bind(table as i64)
            .fetch_all(pool)
            .await?;
    if rows.is_empty() {
        return Ok(None);
    }
    let places = rows
        .iter()
        .map(|r| (r.get::<String, _>(0), r.get::<i64, _>(1).max(1) as usize))
        .collect();
    let meta = sqlx::query("SELECT meta FROM nimmt_tables WHERE id = $1")
        .bind(table as i64)
        .fetch_optional(pool)
        .await?;
    let bot_played = meta
        .and_then(|r| serde_json::from_str::<serde_json::Value>(&r.get::<String, _>(0)).ok())
        .and_then(|m| {
            let list = m.get("tournament")?.get("bot_played")?.clone();
            serde_json::from_value::<Vec<String>>(list).ok()
        })
        .unwrap_or_default();
    Ok(Some((places, bot_played)))
}

/// The room tables marked as tables of tournament `id` (open, running or ended), by number.
pub async fn marked_tables(
    pool: &AnyPool,
    id: TournamentId,
) -> sqlx::Result<Vec<(TableRef, TableId)>> {
    let pattern = format!("%\"tournament\":{{\"tournament\":{id},%");
    let rows = sqlx::query("SELECT id, meta FROM nimmt_tables WHERE meta LIKE $1 ORDER BY id")
        .bind(pattern)
        .fetch_all(pool)
        .await?;
    let mut found = Vec::new();
    for r in &rows {
        let meta: String = r.get(1);
        let Ok(m) = serde_json::from_str::<serde_json::Value>(&meta) else {
            continue;
        };
        let Some(tag) = m.get("tournament") else {
            continue;
        };
        let number = |k: &str| tag.get(k).and_then(serde_json::Value::as_u64);
        if number("tournament") != Some(id) {
            continue;
        }
        if let (Some(round), Some(table)) = (number("round"), number("table")) {
            let table_ref = TableRef {
                round: round as u32,
                table: table as u32,
            };
            found.push((table_ref, r.get::<i64, _>(0) as TableId));
        }
    }
    Ok(found)
}
