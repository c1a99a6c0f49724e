//! A rating as players see it: Weng-Lin's mu on a scale where a new player stands at
//! [`START_POINTS`] ([`SCALE`] points per unit of mu), provisional ("?") until it has
//! [`PROVISIONAL_GAMES`] rated games.

use super::constants::{Model, ROOM, START_MU};
pub use super::constants::{PROVISIONAL_GAMES, SCALE, START_POINTS};
use nimmt_protocol::SeatRating;
use sqlx::{AnyConnection, Row};

/// The rating shown for `mu`.
pub fn points(mu: f64) -> i64 {
    points_with(&ROOM, mu)
}

/// The rating shown for `mu` on the scale of `model`.
pub fn points_with(model: &Model, mu: f64) -> i64 {
    START_POINTS + (model.scale * (mu - START_MU)).round() as i64
}

/// How a move from `before` to `after` shows (the difference of the shown ratings, so that
/// rating before + change = rating after, as the player reads them).
pub fn change(before: f64, after: f64) -> i64 {
    points(after) - points(before)
}

/// The ratings of a table's seats in `game` (`None` for a seat without a rated game of it);
/// with `finished`, the table's game is over and each rating carries what that game changed.
pub async fn of_seats(
    conn: &mut AnyConnection,
    game: &str,
    identities: &[Option<String>],
    finished: Option<u64>,
) -> Result<Vec<Option<SeatRating>>, sqlx::Error> {
    let mut out = Vec::with_capacity(identities.len());
    for identity in identities {
        let Some(identity) = identity else {
            out.push(None);
            continue;
        };
        let row = sqlx::query(
            "SELECT mu, rated_games FROM nimmt_ratings WHERE identity = $1 AND game = $2 \
             AND rated_games > 0",
        )
        .bind(identity.clone())
        .bind(game.to_owned())
        .fetch_optional(&mut *conn)
        .await?;
        let Some(row) = row else {
            out.push(None);
            continue;
        };
        let rated_games: i64 = row.get(1);
        let mut rating = SeatRating {
            rating: points(row.get::<f64, _>(0)),
            provisional: rated_games < PROVISIONAL_GAMES,
            games_to_settle: (rated_games < PROVISIONAL_GAMES)
                .then_some(PROVISIONAL_GAMES - rated_games),
            change: None,
        };
        if let Some(table) = finished {
            let moved = sqlx::query(
                "SELECT mu_before, mu FROM nimmt_rating_history \
                 WHERE table_id = $1 AND identity = $2 AND game = $3",
            )
            .bind(table as i64)
            .bind(identity.clone())
            .bind(game.to_owned())
            .fetch_optional(&mut *conn)
            .await?;
            rating.change = moved.map(|m| change(m.get(0), m.get(1)));
        }
        out.push(Some(rating));
    }
    Ok(out)
}
