//! The ratings, rating history and results a room stored, read straight from its database.

use super::Db;
use sqlx::{AnyPool, Row};
use std::collections::BTreeMap;

/// A pool on the database of `db`.
pub async fn pool_of(db: &Db) -> AnyPool {
    sqlx::any::install_default_drivers();
    AnyPool::connect(&db.url()).await.unwrap()
}

/// The stored ratings: identity → (game, mu, sigma, rated games, games).
pub async fn ratings(pool: &AnyPool) -> BTreeMap<(String, String), (f64, f64, i64, i64)> {
    sqlx::query("SELECT identity, game, mu, sigma, rated_games, games FROM nimmt_ratings")
        .fetch_all(pool)
        .await
        .unwrap()
        .into_iter()
        .map(|r| {
            (
                (r.get(0), r.get(1)),
                (r.get(2), r.get(3), r.get(4), r.get(5)),
            )
        })
        .collect()
}

/// The stored rating history, in order.
pub async fn history(pool: &AnyPool) -> Vec<(String, i64, f64, f64, f64, f64)> {
    sqlx::query(
        "SELECT identity, seq, mu_before, sigma_before, mu, sigma FROM nimmt_rating_history \
         ORDER BY seq, identity",
    )
    .fetch_all(pool)
    .await
    .unwrap()
    .into_iter()
    .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5)))
    .collect()
}

/// A table's results: (seat, identity, score, place, rated).
pub async fn results(pool: &AnyPool, table: u64) -> Vec<(i64, String, i64, i64, bool)> {
    sqlx::query(
        "SELECT seat, identity, score, place, rated FROM nimmt_results WHERE table_id = $1 \
         ORDER BY seat",
    )
    .bind(table as i64)
    .fetch_all(pool)
    .await
    .unwrap()
    .into_iter()
    .map(|r| {
        (
            r.get(0),
            r.get(1),
            r.get(2),
            r.get(3),
            r.get::<i64, _>(4) != 0,
        )
    })
    .collect()
}
