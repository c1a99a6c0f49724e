//! A player's profile (`GET /api/players/{name}`): who it is and since when, its rating in
//! each game with the points of a chart over time, its games played, won and mean score per
//! game, its team records in the buffalo, its recent games and its tournaments.

use super::games::{self, GameEntry};
use super::lookup::{self, Kind};
use super::{identity, shown};
use nimmt_protocol::{TournamentEntry, TournamentPhase};
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row};

/// The most points a rating chart has (the latest games).
pub const CHART_POINTS: i64 = 200;
/// Recent games on a profile.
pub const RECENT: i64 = 10;
/// Tournaments on a profile (the latest).
pub const TOURNAMENTS: i64 = 50;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    /// The profile's address (`/players/{profile}`).
    pub profile: String,
    pub name: String,
    /// `account`, `guest` or `bot`.
    pub kind: String,
    /// A bot level's level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// A bot account (an account played by a program; its kind stays `account`).
    #[serde(default)]
    pub bot: bool,
    /// When the identity was made (seconds since the Unix epoch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member_since: Option<i64>,
    /// Per game the player has finished, in the games' order.
    pub games: Vec<GameStanding>,
    /// The buffalo's team records, per team size.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<TeamRecord>,
    /// The latest games (more: `/api/players/{profile}/games`).
    pub recent: Vec<GameEntry>,
    /// The tournaments it took part in, the latest first, with its place in those finished.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tournaments: Vec<TournamentEntry>,
}

/// A player's standing in one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameStanding {
    pub game: String,
    pub games: i64,
    pub won: i64,
    pub mean_score: f64,
    pub rated_games: i64,
    /// The rating shown (absent before the first rated game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i64>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub provisional: bool,
    /// While provisional: the rated games still to play before the rating settles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games_to_settle: Option<i64>,
    pub mu: f64,
    pub sigma: f64,
    /// The bot level whose rating is nearest ("about level strong").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about_level: Option<String>,
    /// The rating after each of the latest rated games, oldest first.
    pub history: Vec<ChartPoint>,
    /// The rating before the first rated game (a new player's), when `history` reaches back to
    /// it: the chart's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<i64>,
}

/// A point of the rating chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChartPoint {
    pub seq: i64,
    pub at: i64,
    pub rating: i64,
}

/// The buffalo's record of a team size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamRecord {
    pub team_size: i64,
    pub games: i64,
    pub won: i64,
}

/// The profile a profile address names, if any.
pub async fn profile(
    conn: &mut AnyConnection,
    address: &str,
) -> Result<Option<Profile>, sqlx::Error> {
    let Some(who) = lookup::find(conn, address).await? else {
        return Ok(None);
    };
    let rows = sqlx::query(
        "SELECT game, mu, sigma, rated_games, games, won, score_sum FROM nimmt_ratings \
         WHERE identity = $1",
    )
    .bind(who.identity.clone())
    .fetch_all(&mut *conn)
    .await?;
    let mut standings = Vec::new();
    for r in rows {
        let game: String = r.get(0);
        let (mu, rated_games, games): (f64, i64, i64) = (r.get(1), r.get(3), r.get(4));
        let rated = rated_games > 0;
        let (history, start) = if rated {
            chart(conn, &who.identity, &game, rated_games).await?
        } else {
            (Vec::new(), None)
        };
        let about_level = if rated {
            nearest_bot(conn, &game, mu, &who.identity).await?
        } else {
            None
        };
        standings.push(GameStanding {
            games,
            won: r.get(5),
            mean_score: r.get::<i64, _>(6) as f64 / games.max(1) as f64,
            rated_games,
            rating: rated.then(|| shown::points(mu)),
            provisional: rated && rated_games < shown::PROVISIONAL_GAMES,
            games_to_settle: (rated_games < shown::PROVISIONAL_GAMES && !is_team_game(&game))
                .then_some(shown::PROVISIONAL_GAMES - rated_games),
            mu,
            sigma: r.get(2),
            about_level,
            history,
            start,
            game,
        });
    }
    let order = nimmt_core::GameKind::all();
    standings.sort_by_key(|s| order.iter().position(|k| k.name() == s.game));
    let teams = if standings.iter().any(|s| is_team_game(&s.game)) {
        team_records(conn, &who.identity).await?
    } else {
        Vec::new()
    };
    let recent = games::page(conn, &who.identity, None, None, RECENT)
        .await?
        .games;
    let tournaments = tournaments(conn, &who.identity).await?;
    Ok(Some(Profile {
        profile: who.profile,
        name: who.name,
        kind: match who.kind {
            Kind::Account => "account",
            Kind::Guest => "guest",
            Kind::Bot => "bot",
        }
        .to_owned(),
        level: identity::bot_level(&who.identity).map(str::to_owned),
        bot: who.bot_account,
        member_since: who.member_since,
        games: standings,
        teams,
        recent,
        tournaments,
    }))
}

/// The tournaments `identity` took part in (registered and not withdrawn before the start),
/// the latest first: the place once finished, the players in the standings (or registered).
async fn tournaments(
    conn: &mut AnyConnection,
    identity: &str,
) -> Result<Vec<TournamentEntry>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT t.id, t.name, t.game, p.place, p.of_players, t.phase, t.current_round, \
         t.start_ms, (SELECT COUNT(*) FROM nimmt_tournament_players q \
         WHERE q.tournament_id = t.id) \
         FROM nimmt_tournament_players p JOIN nimmt_tournaments t ON t.id = p.tournament_id \
         WHERE p.player_id = $1 AND t.version > 0 ORDER BY t.start_ms DESC, t.id DESC LIMIT $2",
    )
    .bind(identity.to_owned())
    .bind(TOURNAMENTS)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .iter()
        .map(|r| {
            let (game, phase): (String, String) = (r.get(2), r.get(5));
            let (place, of): (Option<i64>, Option<i64>) = (r.get(3), r.get(4));
            let round = r.get::<i64, _>(6).max(0) as u32;
            TournamentEntry {
                id: r.get::<i64, _>(0) as u64,
                name: r.get(1),
                game: game.parse().unwrap_or(nimmt_core::GameKind::new("classic")),
                place: place.map(|p| p.max(0) as u32),
                of: of.unwrap_or_else(|| r.get::<i64, _>(8)).max(0) as usize,
                phase: match phase.as_str() {
                    "running" => TournamentPhase::Running { round },
                    "finished" => TournamentPhase::Finished,
                    "cancelled" => TournamentPhase::Cancelled,
                    _ => TournamentPhase::Registration,
                },
                start_ms: r.get::<i64, _>(7).max(0) as u64,
            }
        })
        .collect())
}

/// Whether the seats of `game` play as one team (the buffalo): its descriptor says so.
fn is_team_game(game: &str) -> bool {
    nimmt_core::registry::find(game).is_ok_and(|g| g.descriptor().team)
}

/// The rating after each of the latest rated games, oldest first, and the rating before the
/// first one when all `rated_games` are on the chart.
async fn chart(
    conn: &mut AnyConnection,
    identity: &str,
    game: &str,
    rated_games: i64,
) -> Result<(Vec<ChartPoint>, Option<i64>), sqlx::Error> {
    let rows = sqlx::query(
        "SELECT seq, finished_at, mu, mu_before FROM nimmt_rating_history \
         WHERE identity = $1 AND game = $2 ORDER BY seq DESC LIMIT $3",
    )
    .bind(identity.to_owned())
    .bind(game.to_owned())
    .bind(CHART_POINTS)
    .fetch_all(&mut *conn)
    .await?;
    let start = (rows.len() as i64 == rated_games)
        .then(|| rows.last().map(|r| shown::points(r.get(3))))
        .flatten();
    let mut points: Vec<ChartPoint> = rows
        .into_iter()
        .map(|r| ChartPoint {
            seq: r.get(0),
            at: r.get(1),
            rating: shown::points(r.get(2)),
        })
        .collect();
    points.reverse();
    Ok((points, start))
}

/// The settled bot level whose rating in `game` is nearest to `mu` (not the identity itself).
async fn nearest_bot(
    conn: &mut AnyConnection,
    game: &str,
    mu: f64,
    me: &str,
) -> Result<Option<String>, sqlx::Error> {
    // The bot identities are one range of the key (`bot:` up to `bot;`).
    let rows = sqlx::query(
        "SELECT identity, mu FROM nimmt_ratings WHERE identity >= $1 AND identity < $2 \
         AND game = $3 AND rated_games >= $4",
    )
    .bind(identity::BOT_PREFIX.to_owned())
    .bind("bot;".to_owned())
    .bind(game.to_owned())
    .bind(shown::PROVISIONAL_GAMES)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.get::<String, _>(0), r.get::<f64, _>(1)))
        .filter(|(i, _)| i != me)
        .min_by(|a, b| (a.1 - mu).abs().total_cmp(&(b.1 - mu).abs()))
        .and_then(|(i, _)| identity::bot_level(&i).map(str::to_owned)))
}

/// The buffalo's team records of an identity, per team size.
async fn team_records(
    conn: &mut AnyConnection,
    identity: &str,
) -> Result<Vec<TeamRecord>, sqlx::Error> {
    Ok(sqlx::query(
        "SELECT seats, COUNT(*), CAST(SUM(won) AS BIGINT) FROM nimmt_results \
         WHERE identity = $1 AND game = 'buffalo' GROUP BY seats ORDER BY seats",
    )
    .bind(identity.to_owned())
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|r| TeamRecord {
        team_size: r.get(0),
        games: r.get(1),
        won: r.get(2),
    })
    .collect())
}
