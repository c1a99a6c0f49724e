//! How the rating model's constants (`constants`) were chosen: recorded games between the four
//! bot levels of each rated game (`level-games.json`), replayed through the room's Weng-Lin
//! update for candidate constants, with the figures a player feels: how far a newcomer's first
//! game moves the shown rating, how far one game moves a settled rating, and how many games it
//! takes for the ratings to order the levels as all the recorded games do.
//!
//! ```sh
//! # record the games (once; minutes of CPU):
//! cargo run --release -p nimmt-bots --example rated_level_games -- 300 54 2 \
//!     crates/nimmt-server/src/ratings/level-games.json
//! # the table of figures for the candidates (a second):
//! cargo test -p nimmt-server --lib ratings::tuning -- --ignored --nocapture
//! ```
//!
//! The test that is not ignored holds the room's constants to the figures `docs/ratings.md`
//! gives.

use super::constants::{Model, ROOM, START_MU, START_SIGMA};
use super::places;
use super::shown::points_with;
use super::weng_lin::{after_game_with, Rating};
use nimmt_core::{registry, ScoreSense};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The recorded games of one rated game (`nimmt-bots`' example `rated_level_games`): each game's
/// points, by level (weakest first).
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Recorded {
    /// The bot spec each level played with (the levels' own, or a smaller budget).
    specs: Vec<String>,
    options: Vec<String>,
    seed: u64,
    points: Vec<Vec<i32>>,
}

/// The file of recorded games, by game.
const RECORDED: &str = include_str!("level-games.json");

fn recorded() -> BTreeMap<String, Recorded> {
    serde_json::from_str(RECORDED).expect("level-games.json reads")
}

fn sense(game: &str) -> ScoreSense {
    registry::find(game).expect("a game").descriptor().sense
}

/// The figures of one model on one game's recorded games.
#[derive(Clone, Debug, Default)]
struct Figures {
    /// Games until the ratings order every pair of levels that all recorded games tell apart
    /// (`distinct_pairs`) and keep that order to the end: the median over shuffled orders of the
    /// games, and how many orders never got there.
    ordered_median: f64,
    never_ordered: usize,
    orders: usize,
    /// The median and the 90th percentile of how far one game moved a level's shown rating,
    /// from the 50th game of a level on.
    settled_median: f64,
    settled_p90: f64,
    /// Mean log-loss of the next game's pairwise outcomes as the ratings before it predict them.
    log_loss: f64,
}

/// Each seat's place (1 = best) in a game of `points`.
fn places_of(points: &[i32], sense: ScoreSense) -> Vec<usize> {
    places::of_scores(points, sense)
}

/// The pairs of levels (weaker, stronger) that all recorded games tell apart: the stronger placed
/// above the weaker in more than half of the games where they did not tie, beyond the 95%
/// interval of a coin (levels that play level are left out: no number of games orders them).
fn distinct_pairs(rec: &Recorded, sense: ScoreSense) -> Vec<(usize, usize)> {
    let n = rec.specs.len();
    let places: Vec<Vec<usize>> = rec.points.iter().map(|g| places_of(g, sense)).collect();
    let mut out = Vec::new();
    for a in 0..n {
        for b in 0..n {
            let above = places.iter().filter(|p| p[b] < p[a]).count() as f64;
            let below = places.iter().filter(|p| p[b] > p[a]).count() as f64;
            let decided = above + below;
            if decided > 0.0 && above / decided - 0.5 > 1.96 * (0.25 / decided).sqrt() {
                out.push((a, b));
            }
        }
    }
    out
}

/// The probability that `a` places above `b` as the model predicts it.
fn p_above(model: &Model, a: Rating, b: Rating) -> f64 {
    let c =
        (a.sigma.powi(2) + b.sigma.powi(2) + model.tau.powi(2) * 2.0 + 2.0 * model.beta.powi(2))
            .sqrt();
    1.0 / (1.0 + ((b.mu - a.mu) / c).exp())
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i]
}

/// Replays the recorded games of `game` in `orders` shuffled orders with `model`.
fn figures(model: &Model, game: &str, rec: &Recorded, orders: usize) -> Figures {
    let sense = sense(game);
    let n = rec.specs.len();
    let truth = distinct_pairs(rec, sense);
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut ordered_at = Vec::new();
    let mut never = 0;
    let mut moves = Vec::new();
    let (mut loss, mut pairs) = (0.0, 0usize);
    for _ in 0..orders {
        let mut games = rec.points.clone();
        games.shuffle(&mut rng);
        let mut ratings = vec![Rating::default(); n];
        let mut last_wrong = None;
        for (i, g) in games.iter().enumerate() {
            let place = places_of(g, sense);
            for a in 0..n {
                for b in 0..n {
                    if place[a] < place[b] {
                        loss -= p_above(model, ratings[a], ratings[b]).ln();
                        pairs += 1;
                    }
                }
            }
            let seats: Vec<(Rating, usize)> = (0..n).map(|s| (ratings[s], place[s])).collect();
            let after = after_game_with(model, &seats);
            if i >= 50 {
                for s in 0..n {
                    let moved = points_with(model, after[s].mu) - points_with(model, ratings[s].mu);
                    moves.push(moved.unsigned_abs() as f64);
                }
            }
            ratings = after;
            let in_order = truth.iter().all(|&(a, b)| ratings[a].mu < ratings[b].mu);
            if !in_order {
                last_wrong = Some(i);
            }
        }
        match last_wrong {
            Some(i) if i + 1 == games.len() => never += 1,
            Some(i) => ordered_at.push((i + 2) as f64),
            None => ordered_at.push(1.0),
        }
    }
    // The orders that never got there count as the longest.
    ordered_at.resize(orders, f64::INFINITY);
    ordered_at.sort_by(f64::total_cmp);
    moves.sort_by(f64::total_cmp);
    Figures {
        ordered_median: percentile(&ordered_at, 0.5),
        never_ordered: never,
        orders,
        settled_median: percentile(&moves, 0.5),
        settled_p90: percentile(&moves, 0.9),
        log_loss: loss / pairs.max(1) as f64,
    }
}

/// The largest move of a newcomer's shown rating in its first game: at a table of `seats`
/// newcomers, or of newcomers with `others` (settled ratings), placed first or last.
fn first_game_change(model: &Model, seats: usize, others: &[Rating]) -> i64 {
    let newcomer = Rating {
        mu: START_MU,
        sigma: START_SIGMA,
    };
    let mut worst = 0;
    for last in [true, false] {
        let mut table: Vec<Rating> = vec![newcomer];
        table.extend(others.iter().copied());
        while table.len() < seats {
            table.push(newcomer);
        }
        let n = table.len();
        let seats: Vec<(Rating, usize)> = table
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let place = if i == 0 {
                    if last {
                        n
                    } else {
                        1
                    }
                } else if last {
                    i
                } else {
                    i + 1
                };
                (*r, place)
            })
            .collect();
        let after = after_game_with(model, &seats);
        let moved = points_with(model, after[0].mu) - points_with(model, START_MU);
        worst = worst.max(moved.abs());
    }
    worst
}

/// The levels' settled ratings after all recorded games of `game` in their recorded order.
fn settled(model: &Model, game: &str, rec: &Recorded) -> Vec<Rating> {
    let sense = sense(game);
    let mut ratings = vec![Rating::default(); rec.specs.len()];
    for g in &rec.points {
        let place = places_of(g, sense);
        let seats: Vec<(Rating, usize)> = ratings.iter().copied().zip(place).collect();
        ratings = after_game_with(model, &seats);
    }
    ratings
}

/// A newcomer's first-game move, first or last: at a table of four newcomers, with three settled
/// levels of a rated game (the strongest three; quick play seats bots), and the largest over every
/// table it may sit at (2 to 10 newcomers, or with the settled levels).
fn first_game_changes(model: &Model) -> (i64, i64, i64) {
    let four = first_game_change(model, 4, &[]);
    let mut worst = (2..=10)
        .map(|n| first_game_change(model, n, &[]))
        .max()
        .unwrap_or(0);
    let mut with_bots = 0;
    for (game, rec) in recorded() {
        let levels = settled(model, &game, &rec);
        with_bots = with_bots.max(first_game_change(model, 4, &levels[1..]));
        worst = worst.max(first_game_change(model, levels.len() + 1, &levels));
    }
    (four, with_bots, worst.max(with_bots))
}

/// The candidates compared: the crate's β and larger ones, with and without τ; each shown on the
/// scale where 400 points mean odds of 10 to 1 between two settled players, and the old
/// constants (β 25/6, no τ, 60 points per unit of mu) for comparison.
fn candidates() -> Vec<(String, Model)> {
    let elo = |beta: f64| 400.0 / (std::f64::consts::LN_10 * std::f64::consts::SQRT_2 * beta);
    let mut out = vec![(
        "before: β 25/6, τ 0, 60 a unit".to_owned(),
        Model {
            beta: 25.0 / 6.0,
            tau: 0.0,
            scale: 60.0,
        },
    )];
    for beta in [25.0 / 6.0, 25.0 / 3.0, 12.5, 50.0 / 3.0, 25.0, 100.0 / 3.0] {
        for tau in [0.0, 25.0 / 300.0, 25.0 / 100.0] {
            out.push((
                format!("β {beta:.2}, τ {tau:.3}, {:.1} a unit", elo(beta)),
                Model {
                    beta,
                    tau,
                    scale: elo(beta),
                },
            ));
        }
    }
    out.push(("room".to_owned(), ROOM));
    out
}

#[test]
#[ignore = "prints the table of figures behind the constants (fast; run by hand)"]
fn figures_of_the_candidates() {
    let games = recorded();
    for (game, rec) in &games {
        let names = |(a, b): &(usize, usize)| format!("{} < {}", rec.specs[*a], rec.specs[*b]);
        let pairs: Vec<String> = distinct_pairs(rec, sense(game)).iter().map(names).collect();
        println!(
            "{game}: {} games; told apart: {}",
            rec.points.len(),
            pairs.join(", ")
        );
    }
    for (name, model) in candidates() {
        let (four, with_bots, worst) = first_game_changes(&model);
        println!(
            "{name}: first game ±{four} among four newcomers, ±{with_bots} with three settled \
             levels, at most ±{worst}"
        );
        let mut loss = 0.0;
        for (game, rec) in &games {
            let f = figures(&model, game, rec, 200);
            loss += f.log_loss / games.len() as f64;
            let levels: Vec<String> = settled(&model, game, rec)
                .iter()
                .map(|r| points_with(&model, r.mu).to_string())
                .collect();
            println!(
                "  {game}: ordered after {} games (median; {} of {} orders never), settled \
                 change median {} / 90% {}, log-loss {:.4}, levels at {}",
                f.ordered_median,
                f.never_ordered,
                f.orders,
                f.settled_median,
                f.settled_p90,
                f.log_loss,
                levels.join(" / ")
            );
        }
        println!("  mean log-loss {loss:.4}");
    }
}

#[test]
fn the_rooms_constants_move_a_first_game_a_little_and_order_the_levels() {
    use super::constants::{BETA, SCALE};
    use std::f64::consts::{LN_10, SQRT_2};
    // Shown like Elo: 400 points between two settled players are odds of 10 to 1.
    assert!((SCALE - 400.0 / (LN_10 * SQRT_2 * BETA)).abs() < 1e-9);
    // A newcomer's first game moves the shown rating by tens, not hundreds (the old constants:
    // 474 among four newcomers, 672 against three bot levels, up to 1,423 at a table of ten).
    let (four, with_bots, worst) = first_game_changes(&ROOM);
    assert!(
        four <= 30 && with_bots <= 40 && worst <= 90,
        "{four} {with_bots} {worst}"
    );
    // A settled rating moves by a few points a game; the ratings order the levels that the
    // games tell apart within the games `docs/ratings.md` gives (medians over shuffled orders).
    for (game, rec) in recorded() {
        let f = figures(&ROOM, &game, &rec, 40);
        let within = match game.as_str() {
            "classic" => 30.0,
            "board" => 160.0,
            _ => 200.0,
        };
        assert!(f.ordered_median <= within, "{game}: {f:?}");
        assert!(
            f.settled_median <= 6.0 && f.settled_p90 <= 12.0,
            "{game}: {f:?}"
        );
    }
}
