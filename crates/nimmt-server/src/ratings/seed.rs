//! Fills a database with finished games, to measure the profile, history and leaderboard
//! routes at scale (`nimmt ratings --measure`): results as the finishing transaction writes
//! them, then ratings computed by `rebuild`.

use super::finish;
use super::results::{FinishedGame, SeatResult};
use super::{identity, places, rebuild};
use nimmt_core::ScoreSense;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sqlx::AnyPool;

/// The bot levels the seeded games are played with.
pub const SEED_LEVELS: [&str; 4] = ["beginner", "casual", "strong", "master"];

/// What was seeded: the identities to measure with.
#[derive(Clone, Debug)]
pub struct Seeded {
    pub games: usize,
    /// The player with the most games.
    pub busiest: String,
    /// A player with few games.
    pub quiet: String,
    /// The bot level with the most games.
    pub busiest_bot: String,
}

/// Stores `games` finished games among `players` guests and the bot levels (seeded by `seed`),
/// then computes the ratings.
pub async fn seed(
    pool: &AnyPool,
    games: usize,
    players: usize,
    seed: u64,
) -> anyhow::Result<Seeded> {
    let mut rng = StdRng::seed_from_u64(seed);
    let ids: Vec<String> = (0..players)
        .map(|i| format!("{:016x}", 0x5eed_0000_0000u64 + i as u64))
        .collect();
    let mut tx = pool.begin().await?;
    for chunk in ids.chunks(500) {
        let mut sql =
            String::from("INSERT INTO nimmt_players (id, token, name, created_at) VALUES ");
        sql.push_str(&super::sql::rows(chunk.len(), 4));
        let mut q = sqlx::query(&sql);
        for id in chunk {
            q = q
                .bind(id.clone())
                .bind(format!("seed-token-{id}"))
                .bind(seeded_name(id))
                .bind(1_700_000_000i64);
        }
        q.execute(&mut *tx).await?;
    }
    // The seeded games take table numbers of their own: the room numbers its next table after
    // them.
    let start_table: i64 =
        sqlx::query_scalar::<_, i64>("SELECT COALESCE(MAX(id), 0) FROM nimmt_tables")
            .fetch_one(&mut *tx)
            .await?;
    let start_seq: i64 =
        sqlx::query_scalar::<_, i64>("SELECT COALESCE(MAX(seq), 0) FROM nimmt_results")
            .fetch_one(&mut *tx)
            .await?;
    let mut batch: Vec<FinishedGame> = Vec::new();
    for n in 0..games {
        // Players are drawn unevenly: a few play very often, most now and then.
        let game = match rng.random_range(0..10) {
            0..=5 => "classic",
            6 => "help",
            7..=8 => "board",
            _ => "buffalo",
        };
        let seats = rng.random_range(2..=5usize);
        let mut who: Vec<String> = Vec::new();
        while who.len() < seats {
            let candidate = if rng.random_bool(0.4) {
                identity::bot(SEED_LEVELS[rng.random_range(0..SEED_LEVELS.len())])
            } else {
                let r: f64 = rng.random();
                ids[((r * r * r) * players as f64) as usize % players].clone()
            };
            if identity::bot_level(&candidate).is_some() || !who.contains(&candidate) {
                who.push(candidate);
            }
        }
        if !who.iter().any(|w| identity::is_person(w)) {
            who[0] = ids[rng.random_range(0..players)].clone();
        }
        let scores: Vec<i32> = if game == "buffalo" {
            let s = rng.random_range(0..40);
            vec![s; seats]
        } else {
            (0..seats).map(|_| rng.random_range(0..80)).collect()
        };
        let sense = if game == "board" {
            ScoreSense::Higher
        } else {
            ScoreSense::Lower
        };
        let place = places::of_scores(&scores, sense);
        let team_won = rng.random_bool(0.5);
        let seats_results = who
            .into_iter()
            .enumerate()
            .map(|(i, identity)| SeatResult {
                seat: i,
                name: identity::bot_level(&identity)
                    .map_or_else(|| seeded_name(&identity), |l| format!("Bot {l}")),
                identity,
                score: scores[i],
                place: place[i],
                won: if game == "buffalo" {
                    team_won
                } else {
                    place[i] == 1
                },
            })
            .collect();
        batch.push(FinishedGame {
            table_id: (start_table + 1 + n as i64) as u64,
            seq: start_seq + 1 + n as i64,
            game: game.to_owned(),
            rated: game != "buffalo" && rng.random_bool(0.9),
            pace: "realtime".to_owned(),
            seats: seats_results,
            finished_at: 1_700_000_000 + n as i64 * 60,
        });
        if batch.len() == 80 {
            insert_tables(&mut tx, &batch).await?;
            finish::insert_results(&mut tx, &batch).await?;
            batch.clear();
        }
    }
    insert_tables(&mut tx, &batch).await?;
    finish::insert_results(&mut tx, &batch).await?;
    tx.commit().await?;
    rebuild::rebuild(pool).await?;
    // The planner's statistics, as a running database has them (PostgreSQL's autovacuum gathers
    // them after a bulk load like this one).
    sqlx::query("ANALYZE").execute(pool).await?;
    let busiest: String = sqlx::query_scalar::<_, String>(
        "SELECT identity FROM nimmt_ratings WHERE identity NOT LIKE 'bot:%' ORDER BY games DESC LIMIT 1",
    )
    .fetch_one(pool)
    .await?;
    let quiet: String = sqlx::query_scalar::<_, String>(
        "SELECT identity FROM nimmt_ratings WHERE identity NOT LIKE 'bot:%' ORDER BY games LIMIT 1",
    )
    .fetch_one(pool)
    .await?;
    let busiest_bot: String = sqlx::query_scalar::<_, String>(
        "SELECT identity FROM nimmt_ratings WHERE identity LIKE 'bot:%' ORDER BY games DESC LIMIT 1",
    )
    .fetch_one(pool)
    .await?;
    Ok(Seeded {
        games,
        busiest,
        quiet,
        busiest_bot,
    })
}

/// How many result rows the database holds.
pub async fn stored_results(pool: &AnyPool) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM nimmt_results")
        .fetch_one(pool)
        .await
}

/// A seeded player's name: "Player N" for the N-th seeded identity.
fn seeded_name(id: &str) -> String {
    let n = u64::from_str_radix(id, 16).map_or(0, |v| v.saturating_sub(0x5eed_0000_0000));
    format!("Player {n}")
}

/// The tables of seeded games, finished (without records: their replays are not there).
async fn insert_tables(
    conn: &mut sqlx::AnyConnection,
    games: &[FinishedGame],
) -> Result<(), sqlx::Error> {
    if games.is_empty() {
        return Ok(());
    }
    let mut sql = String::from(
        "INSERT INTO nimmt_tables (id, game, state, meta, version, updated_at) VALUES ",
    );
    for i in 0..games.len() {
        if i > 0 {
            sql.push(',');
        }
        let b = i * 3;
        sql.push_str(&format!(
            "(${}, ${}, 'finished', '{{}}', 1, ${})",
            b + 1,
            b + 2,
            b + 3
        ));
    }
    let mut q = sqlx::query(&sql);
    for g in games {
        q = q
            .bind(g.table_id as i64)
            .bind(g.game.clone())
            .bind(g.finished_at);
    }
    q.execute(&mut *conn).await?;
    Ok(())
}
