//! A game's leaderboard (`GET /api/leaderboard/{game}?limit=&who=`): the best ratings of those
//! with at least [`shown::PROVISIONAL_GAMES`] rated games, bots marked as bots. Bots (the bot
//! levels and bot accounts) are counted apart from people: [`Who`] says whose places it shows.

use super::lookup::{self, Kind};
use super::shown;
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row};

/// Places on a leaderboard unless asked otherwise, and the most it shows.
pub const PLACES: i64 = 50;
pub const MAX_PLACES: i64 = 200;

/// Whose places a leaderboard shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// People only (guests and accounts that are not bot accounts).
    #[default]
    People,
    /// Bots only: the bot levels and bot accounts.
    Bots,
    /// Everyone.
    All,
}

impl Who {
    /// The condition on `nimmt_ratings.identity` (SQL, no parameters).
    fn condition(self) -> &'static str {
        match self {
            Who::People => {
                "AND identity NOT LIKE 'bot:%' AND identity NOT IN \
                 (SELECT player_id FROM nimmt_accounts WHERE bot_since IS NOT NULL)"
            }
            Who::Bots => {
                "AND (identity LIKE 'bot:%' OR identity IN \
                 (SELECT player_id FROM nimmt_accounts WHERE bot_since IS NOT NULL))"
            }
            Who::All => "",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leaderboard {
    pub game: String,
    /// Whose places it shows.
    #[serde(default)]
    pub who: Who,
    /// The rated games it takes to appear.
    pub min_games: i64,
    pub players: Vec<Place>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Place {
    pub place: usize,
    pub profile: String,
    pub name: String,
    /// A bot: a bot level (its profile `bot:LEVEL`) or a bot account.
    pub bot: bool,
    /// A bot account (an account played by a program).
    #[serde(default)]
    pub bot_account: bool,
    pub rating: i64,
    pub mu: f64,
    pub sigma: f64,
    pub rated_games: i64,
    pub games: i64,
    pub won: i64,
}

/// The best `limit` settled ratings of `game` among `who`.
pub async fn leaderboard(
    conn: &mut AnyConnection,
    game: &str,
    who: Who,
    limit: i64,
) -> Result<Leaderboard, sqlx::Error> {
    let sql = format!(
        "SELECT identity, mu, sigma, rated_games, games, won FROM nimmt_ratings \
         WHERE game = $1 AND rated_games >= $2 {} ORDER BY mu DESC LIMIT $3",
        who.condition()
    );
    let rows = sqlx::query(&sql)
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
                bot: n.is_some_and(|n| n.kind == Kind::Bot || n.bot_account),
                bot_account: n.is_some_and(|n| n.bot_account),
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
        who,
        min_games: shown::PROVISIONAL_GAMES,
        players,
    })
}
