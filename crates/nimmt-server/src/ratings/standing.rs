//! An identity's standing in a game (its rating and counts) and how one finished game moves it.
//!
//! [`apply`] is the one computation of a game's effect, on standings held in memory: the
//! finishing transaction reads the standings of the table's identities, applies the game and
//! writes them back; `rebuild` applies every stored game in order to standings it keeps in
//! memory. Both give the same numbers because they run the same arithmetic in the same order.

use super::results::FinishedGame;
use super::weng_lin::{self, Rating};
use sqlx::{AnyConnection, Row};
use std::collections::HashMap;

/// An identity's standing in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Standing {
    pub rating: Rating,
    pub rated_games: i64,
    /// Finished games (rated or casual; a bot level counts each seat it played).
    pub games: i64,
    pub won: i64,
    pub score_sum: i64,
}

/// The standings of a game's identities, keyed by identity.
pub type Standings = HashMap<String, Standing>;

/// One rating's move by one game.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    pub identity: String,
    pub game: String,
    pub seq: i64,
    pub table_id: u64,
    pub before: Rating,
    pub after: Rating,
    pub finished_at: i64,
}

/// Applies a finished game to the standings of its identities (missing ones start new) and
/// returns how the ratings moved (nothing for a casual game).
///
/// A rated game moves each seat by Weng-Lin from its identity's rating before the game; an
/// identity with several seats (two bots of one level) takes the mean of its seats' new mu and
/// sigma.
pub fn apply(standings: &mut Standings, game: &FinishedGame) -> Vec<HistoryRow> {
    for s in &game.seats {
        let st = standings.entry(s.identity.clone()).or_default();
        st.games += 1;
        st.won += i64::from(s.won);
        st.score_sum += i64::from(s.score);
    }
    if !game.rated {
        return Vec::new();
    }
    let before: Vec<(Rating, usize)> = game
        .seats
        .iter()
        .map(|s| (standings[&s.identity].rating, s.place))
        .collect();
    let after = weng_lin::after_game(&before);
    let mut history = Vec::new();
    for (i, s) in game.seats.iter().enumerate() {
        if game.seats[..i].iter().any(|o| o.identity == s.identity) {
            continue;
        }
        let mine: Vec<&Rating> = game
            .seats
            .iter()
            .zip(&after)
            .filter(|(o, _)| o.identity == s.identity)
            .map(|(_, r)| r)
            .collect();
        let n = mine.len() as f64;
        let new = Rating {
            mu: mine.iter().map(|r| r.mu).sum::<f64>() / n,
            sigma: mine.iter().map(|r| r.sigma).sum::<f64>() / n,
        };
        let st = standings
            .get_mut(&s.identity)
            .expect("every seat has a standing");
        history.push(HistoryRow {
            identity: s.identity.clone(),
            game: game.game.clone(),
            seq: game.seq,
            table_id: game.table_id,
            before: st.rating,
            after: new,
            finished_at: game.finished_at,
        });
        st.rating = new;
        st.rated_games += 1;
    }
    history
}

/// The stored standings of a game's identities in its game (only those it has).
pub async fn read(conn: &mut AnyConnection, game: &FinishedGame) -> Result<Standings, sqlx::Error> {
    let mut out = Standings::new();
    for s in &game.seats {
        if out.contains_key(&s.identity) {
            continue;
        }
        let row = sqlx::query(
            "SELECT mu, sigma, rated_games, games, won, score_sum FROM nimmt_ratings \
             WHERE identity = $1 AND game = $2",
        )
        .bind(s.identity.clone())
        .bind(game.game.clone())
        .fetch_optional(&mut *conn)
        .await?;
        if let Some(r) = row {
            out.insert(
                s.identity.clone(),
                Standing {
                    rating: Rating {
                        mu: r.get(0),
                        sigma: r.get(1),
                    },
                    rated_games: r.get(2),
                    games: r.get(3),
                    won: r.get(4),
                    score_sum: r.get(5),
                },
            );
        }
    }
    Ok(out)
}

/// Writes standings in `game` (new or replacing the stored ones).
pub async fn write(
    conn: &mut AnyConnection,
    game: &str,
    standings: &Standings,
) -> Result<(), sqlx::Error> {
    let mut sorted: Vec<(&String, &Standing)> = standings.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(b.0));
    for (identity, st) in sorted {
        sqlx::query(
            "INSERT INTO nimmt_ratings (identity, game, mu, sigma, rated_games, games, won, \
             score_sum) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT (identity, game) DO UPDATE SET mu = excluded.mu, \
             sigma = excluded.sigma, rated_games = excluded.rated_games, \
             games = excluded.games, won = excluded.won, score_sum = excluded.score_sum",
        )
        .bind(identity.clone())
        .bind(game.to_owned())
        .bind(st.rating.mu)
        .bind(st.rating.sigma)
        .bind(st.rated_games)
        .bind(st.games)
        .bind(st.won)
        .bind(st.score_sum)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Writes how ratings moved, in statements of up to 100 rows.
pub async fn write_history(
    conn: &mut AnyConnection,
    rows: &[HistoryRow],
) -> Result<(), sqlx::Error> {
    for chunk in rows.chunks(100) {
        let mut sql = String::from(
            "INSERT INTO nimmt_rating_history (identity, game, seq, table_id, mu_before, \
             sigma_before, mu, sigma, finished_at) VALUES ",
        );
        sql.push_str(&super::sql::rows(chunk.len(), 9));
        let mut q = sqlx::query(&sql);
        for r in chunk {
            q = q
                .bind(r.identity.clone())
                .bind(r.game.clone())
                .bind(r.seq)
                .bind(r.table_id as i64)
                .bind(r.before.mu)
                .bind(r.before.sigma)
                .bind(r.after.mu)
                .bind(r.after.sigma)
                .bind(r.finished_at);
        }
        q.execute(&mut *conn).await?;
    }
    Ok(())
}
