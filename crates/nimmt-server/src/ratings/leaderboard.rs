//! A game's leaderboard (`GET /api/leaderboard/{game}?limit=`): the best ratings of those with
//! at least [`shown::PROVISIONAL_GAMES`] rated games, bots marked as bots.

use super::lookup::{self, Kind};
use super::shown;
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row};

/// Places on a leaderboard unless asked otherwise, and the most it shows.
pub const PLACES: i64 = 50;
pub const MAX_PLACES: i64 = 200;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leaderboard {
    pub game: String,
    /// The rated games it takes to appear.
    pub min_games: i64,
    pub players: Vec<Place>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Place {
    pub place: usize,
    pub profile: String,
    pub name: String,
    pub bot: bool,
    pub rating: i64,
    pub mu: f64,
    pub sigma: f64,
    pub rated_games: i64,
    pub games: i64,
    pub won: i64,
}

/// The best `limit` settled ratings of `game`.
pub async fn leaderboard(
    conn: &mut AnyConnection,
    game: &str,
    limit: i64,
) -> Result<Leaderboard, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT identity, mu, sigma, rated_games, games, won FROM nimmt_ratings \
         WHERE game = $1 AND rated_games >= $2 ORDER BY mu DESC LIMIT $3",
    )
    .bind(game.to_owned())
    .bind(shown::PROVISIONAL_GAMES)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await?;
    let identities: Vec<String> = rows.iter().map(|r| r.get::<String, _>(0)).collect();
    let named = lookup::names_of(conn, &identities).await?;
    let players = rows
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let identity: String = r.get(0);
            let n = named.get(&identity);
            let mu: f64 = r.get(1);
            Place {
                place: i + 1,
                profile: n.map_or_else(
                    || format!("{}{identity}", lookup::ID_PREFIX),
                    |n| n.profile.clone(),
                ),
                name: n.map_or_else(String::new, |n| n.name.clone()),
                bot: n.is_some_and(|n| n.kind == Kind::Bot),
                rating: shown::points(mu),
                mu,
                sigma: r.get(2),
                rated_games: r.get(3),
                games: r.get(4),
                won: r.get(5),
            }
        })
        .collect();
    Ok(Leaderboard {
        game: game.to_owned(),
        min_games: shown::PROVISIONAL_GAMES,
        players,
    })
}
