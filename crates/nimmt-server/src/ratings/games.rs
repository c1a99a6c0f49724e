//! A player's finished games, newest first, a page at a time
//! (`GET /api/players/{name}/games?game=&before=&limit=`): each with the others at the table,
//! the result, the rating's move and the replay's address.

use super::lookup::{self, Kind};
use super::shown;
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row};
use std::collections::HashMap;

/// Games per page unless asked otherwise, and the most a page holds.
pub const PAGE: i64 = 20;
pub const MAX_PAGE: i64 = 100;

/// One finished game as one of its players saw it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEntry {
    pub table: u64,
    /// The game's number in the order of finished games (the paging cursor).
    pub seq: i64,
    pub game: String,
    pub finished_at: i64,
    pub rated: bool,
    /// A turn-based game's deadline per move (`1d`); absent for a game played in real time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pace: Option<String>,
    pub seat: usize,
    pub score: i64,
    pub place: i64,
    pub won: bool,
    /// How the game moved the player's rating (rated games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_change: Option<i64>,
    /// The rating after the game (rated games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i64>,
    /// Everyone at the table, in seat order (the player included).
    pub players: Vec<TablePlayer>,
    /// The browser's replay of the game.
    pub replay: String,
}

/// A seat of a finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TablePlayer {
    pub seat: usize,
    /// The name shown at the table.
    pub name: String,
    /// The address of the player's profile (`/players/{profile}`).
    pub profile: String,
    /// A bot: a bot level (`bot:LEVEL` profile) or a bot account.
    pub bot: bool,
    pub score: i64,
    pub place: i64,
}

/// A page of games; `next` is the `before` of the next page (absent on the last).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GamesPage {
    pub games: Vec<GameEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<i64>,
}

/// A page of `identity`'s games (of `game`, or all), newest first, finished before game number
/// `before`.
pub async fn page(
    conn: &mut AnyConnection,
    identity: &str,
    game: Option<&str>,
    before: Option<i64>,
    limit: i64,
) -> Result<GamesPage, sqlx::Error> {
    let before = before.unwrap_or(i64::MAX);
    let columns = "SELECT table_id, seq, game, seat, score, place, won, rated, finished_at, pace \
                   FROM nimmt_results WHERE identity = $1";
    let rows = match game {
        Some(g) => {
            sqlx::query(&format!(
                "{columns} AND game = $2 AND seq < $3 ORDER BY seq DESC LIMIT $4"
            ))
            .bind(identity.to_owned())
            .bind(g.to_owned())
            .bind(before)
            .bind(limit + 1)
            .fetch_all(&mut *conn)
            .await?
        }
        None => {
            sqlx::query(&format!(
                "{columns} AND seq < $2 ORDER BY seq DESC LIMIT $3"
            ))
            .bind(identity.to_owned())
            .bind(before)
            .bind(limit + 1)
            .fetch_all(&mut *conn)
            .await?
        }
    };
    let more = rows.len() as i64 > limit;
    let mut games: Vec<GameEntry> = rows
        .into_iter()
        .take(limit as usize)
        .map(|r| {
            let table = r.get::<i64, _>(0) as u64;
            GameEntry {
                table,
                seq: r.get(1),
                game: r.get(2),
                seat: r.get::<i64, _>(3) as usize,
                score: r.get(4),
                place: r.get(5),
                won: r.get::<i64, _>(6) != 0,
                rated: r.get::<i64, _>(7) != 0,
                finished_at: r.get(8),
                pace: Some(r.get::<String, _>(9)).filter(|p| p != "realtime"),
                rating_change: None,
                rating: None,
                players: Vec::new(),
                replay: format!("/#/replay/{table}"),
            }
        })
        .collect();
    fill_tables(conn, identity, &mut games).await?;
    let next = if more {
        games.last().map(|g| g.seq)
    } else {
        None
    };
    Ok(GamesPage { games, next })
}

/// Fills in the others at each table and the player's rating moves.
async fn fill_tables(
    conn: &mut AnyConnection,
    identity: &str,
    games: &mut [GameEntry],
) -> Result<(), sqlx::Error> {
    if games.is_empty() {
        return Ok(());
    }
    let seats_sql = format!(
        "SELECT table_id, seat, identity, name, score, place FROM nimmt_results \
         WHERE table_id IN ({}) ORDER BY table_id, seat",
        super::sql::placeholders(1, games.len())
    );
    let mut q = sqlx::query(&seats_sql);
    for g in games.iter() {
        q = q.bind(g.table as i64);
    }
    let rows = q.fetch_all(&mut *conn).await?;
    let identities: Vec<String> = rows.iter().map(|r| r.get::<String, _>(2)).collect();
    let named = lookup::names_of(conn, &identities).await?;
    let mut by_table: HashMap<u64, Vec<TablePlayer>> = HashMap::new();
    for r in rows {
        let who: String = r.get(2);
        let (profile, bot) = match named.get(&who) {
            Some(n) => (n.profile.clone(), n.kind == Kind::Bot || n.bot_account),
            None => (format!("{}{who}", lookup::ID_PREFIX), false),
        };
        by_table
            .entry(r.get::<i64, _>(0) as u64)
            .or_default()
            .push(TablePlayer {
                seat: r.get::<i64, _>(1) as usize,
                name: r.get(3),
                profile,
                bot,
                score: r.get(4),
                place: r.get(5),
            });
    }
    let moves_sql = format!(
        "SELECT table_id, mu_before, mu FROM nimmt_rating_history \
         WHERE table_id IN ({}) AND identity = ${}",
        super::sql::placeholders(1, games.len()),
        games.len() + 1
    );
    let mut q = sqlx::query(&moves_sql);
    for g in games.iter() {
        q = q.bind(g.table as i64);
    }
    q = q.bind(identity.to_owned());
    let moves: HashMap<u64, (f64, f64)> = q
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|r| (r.get::<i64, _>(0) as u64, (r.get(1), r.get(2))))
        .collect();
    for g in games.iter_mut() {
        g.players = by_table.remove(&g.table).unwrap_or_default();
        if let Some((before, after)) = moves.get(&g.table) {
            g.rating_change = Some(shown::change(*before, *after));
            g.rating = Some(shown::points(*after));
        }
    }
    Ok(())
}
