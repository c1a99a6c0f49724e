//! Ratings and results on real databases: a rated game moves the ratings as Weng-Lin's formulas
//! say (worked out here from the formulas), a casual game moves none, ties share, and a rebuild
//! gives the same numbers. The history routes: `ratings_routes.rs`.

mod common;

use common::stored_ratings::{history, pool_of, ratings, results};
use common::*;
use nimmt_protocol::{ClientMsg, ServerMsg};
use nimmt_server::ratings::results::{FinishedGame, SeatResult};
use nimmt_server::ratings::standing::{self, Standing, Standings};
use nimmt_server::ratings::weng_lin::Rating;
use nimmt_server::ratings::{constants, rebuild, shown};
use serde_json::Value;

/// Weng-Lin's Bradley-Terry update with full pairing (Weng & Lin 2011, algorithm 1), one
/// player per team, with the room's β and τ: every σ first grows to sqrt(σ² + τ²); for each
/// pair (i, q), c = sqrt(σi² + σq² + 2β²), p = e^(μi/c) / (e^(μi/c) + e^(μq/c)), s = 1 if i
/// placed better, ½ if equal, 0 if worse; μi gains Σ σi²/c · (s − p); σi² shrinks by the factor
/// 1 − Σ (σi/c) · σi²/c² · p(1 − p).
fn by_the_formula(players: &[(f64, f64, usize)]) -> Vec<(f64, f64)> {
    let beta: f64 = constants::BETA;
    let grown = |sigma: f64| (sigma * sigma + constants::TAU * constants::TAU).sqrt();
    players
        .iter()
        .enumerate()
        .map(|(i, &(mu, sigma, place))| {
            let sigma = grown(sigma);
            let (mut omega, mut delta) = (0.0, 0.0);
            for (q, &(mu_q, sigma_q, place_q)) in players.iter().enumerate() {
                if q == i {
                    continue;
                }
                let sigma_q = grown(sigma_q);
                let c = (sigma * sigma + sigma_q * sigma_q + 2.0 * beta * beta).sqrt();
                let p = (mu / c).exp() / ((mu / c).exp() + (mu_q / c).exp());
                let s = if place < place_q {
                    1.0
                } else if place == place_q {
                    0.5
                } else {
                    0.0
                };
                omega += sigma * sigma / c * (s - p);
                delta += (sigma / c) * sigma * sigma / (c * c) * p * (1.0 - p);
            }
            let sigma_sq = sigma * sigma * (1.0 - delta).max(0.000_001);
            (mu + omega, sigma_sq.sqrt())
        })
        .collect()
}

/// Ann and Bob (new, or coming back with their tokens) play a classic game with a bot to its
/// end, at a table made with `options`.
async fn play_a_game(
    url: &str,
    options: &[&str],
    tokens: Option<(&str, &str)>,
) -> (Player, Player, u64) {
    let (mut ann, mut bob) = match tokens {
        Some((a, b)) => (
            Player::join_as(url, "Ann", Some(a)).await,
            Player::join_as(url, "Bob", Some(b)).await,
        ),
        None => (
            Player::join(url, "Ann").await,
            Player::join(url, "Bob").await,
        ),
    };
    let table = ann.create(options, Some(3)).await;
    bob.sit(table).await;
    assert!(matches!(
        ann.command("/bot add").await,
        nimmt_protocol::ServerMsg::Ack { .. }
    ));
    assert!(matches!(
        ann.command("/start").await,
        nimmt_protocol::ServerMsg::Ack { .. }
    ));
    let a = tokio::spawn(async move {
        ann.play_to_end().await;
        ann
    });
    let b = tokio::spawn(async move {
        bob.play_to_end().await;
        bob
    });
    (a.await.unwrap(), b.await.unwrap(), table)
}

async fn rated_game_moves_ratings_by_weng_lin(db: Db) {
    let (srv, url) = server(&db).await;
    let pool = pool_of(&db).await;
    let (ann, bob, table) = play_a_game(&url, &[], None).await;

    // One result per seat, the places from the scores (fewest minus points first, ties share).
    let seats = results(&pool, table).await;
    assert_eq!(seats.len(), 3);
    assert_eq!(seats[0].1, ann.me.player);
    assert_eq!(seats[1].1, bob.me.player);
    assert!(seats[2].1.starts_with("bot:"), "{seats:?}");
    for s in &seats {
        let better = seats.iter().filter(|o| o.2 < s.2).count() as i64;
        assert_eq!(s.3, better + 1, "{seats:?}");
        assert!(s.4, "a game by the rule book is rated");
    }

    // Everyone started at 25 ± 25/3; the stored ratings are the formula's.
    let expected = by_the_formula(
        &seats
            .iter()
            .map(|s| (25.0, 25.0 / 3.0, s.3 as usize))
            .collect::<Vec<_>>(),
    );
    let stored = ratings(&pool).await;
    for (s, (mu, sigma)) in seats.iter().zip(&expected) {
        let got = stored[&(s.1.clone(), "classic".to_owned())];
        assert!((got.0 - mu).abs() < 1e-9, "{}: mu {} ≠ {mu}", s.1, got.0);
        assert!(
            (got.1 - sigma).abs() < 1e-9,
            "{}: sigma {} ≠ {sigma}",
            s.1,
            got.1
        );
        assert_eq!((got.2, got.3), (1, 1));
    }

    // The game's end written again (a node that took the table over after a failover, a retried
    // write) stores no second result and moves no rating again.
    let (_, record) = srv.store.table_record(table).await.unwrap().unwrap();
    srv.store
        .write(vec![nimmt_server::store::Op::Finish {
            id: table,
            record: record.unwrap(),
            version: 1_000,
        }])
        .await
        .unwrap();
    assert_eq!(results(&pool, table).await, seats);
    assert_eq!(ratings(&pool).await, stored);

    // The table shows each seat's rating with what the game changed, provisional for now.
    let mut shown_at_table = Value::Null;
    for _ in 0..50 {
        let (_, body) = http_get(srv.addr, "/api/tables").await;
        let tables: Value = serde_json::from_str(&body).unwrap();
        let t = tables
            .as_array()
            .and_then(|a| a.iter().find(|t| t["id"] == table).cloned());
        if let Some(t) = t.filter(|t| !t["seats"][0]["rating"].is_null()) {
            shown_at_table = t;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let ann_seat = &shown_at_table["seats"][0]["rating"];
    assert_eq!(ann_seat["rating"], shown::points(expected[0].0));
    assert_eq!(ann_seat["provisional"], true);
    assert_eq!(
        ann_seat["games_to_settle"],
        shown::PROVISIONAL_GAMES - 1,
        "four more rated games until the rating settles"
    );
    assert_eq!(
        ann_seat["change"],
        shown::points(expected[0].0) - shown::points(25.0)
    );
    let tokens = (ann.me.token.clone(), bob.me.token.clone());
    drop((ann, bob));

    // A second game of the same players starts from the first one's ratings.
    let (ann, _bob, second) = play_a_game(&url, &[], Some((&tokens.0, &tokens.1))).await;
    let seats2 = results(&pool, second).await;
    let before: Vec<(f64, f64, usize)> = seats2
        .iter()
        .map(|s| {
            let r = stored[&(s.1.clone(), "classic".to_owned())];
            (r.0, r.1, s.3 as usize)
        })
        .collect();
    let expected2 = by_the_formula(&before);
    let stored2 = ratings(&pool).await;
    let ann_now = stored2[&(ann.me.player.clone(), "classic".to_owned())];
    assert!((ann_now.0 - expected2[0].0).abs() < 1e-9);
    assert!((ann_now.1 - expected2[0].1).abs() < 1e-9);
    assert_eq!(ann_now.2, 2);

    // A rebuild from the stored results gives the very same numbers.
    let live = (ratings(&pool).await, history(&pool).await);
    let done = rebuild::rebuild(&pool).await.unwrap();
    assert_eq!((done.games, done.rated), (2, 2));
    assert_eq!((ratings(&pool).await, history(&pool).await), live);

    // A game finished before the room kept results (a database of an earlier release) gets
    // them from its stored record and seats, in its place in the order: the same numbers again.
    sqlx::query("DELETE FROM nimmt_results WHERE table_id = $1")
        .bind(table as i64)
        .execute(&pool)
        .await
        .unwrap();
    let done = rebuild::rebuild(&pool).await.unwrap();
    assert_eq!((done.backfilled, done.games), (1, 2));
    assert_eq!(results(&pool, table).await, seats);
    assert_eq!((ratings(&pool).await, history(&pool).await), live);

    pool.close().await;
    srv.stop().await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_moves_ratings_as_weng_lin_says_and_rebuilds_the_same_on_sqlite() {
    rated_game_moves_ratings_by_weng_lin(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_moves_ratings_as_weng_lin_says_and_rebuilds_the_same_on_postgres() {
    rated_game_moves_ratings_by_weng_lin(Db::postgres().await).await;
}

async fn casual_games_move_no_rating(db: Db) {
    let (srv, url) = server(&db).await;
    let pool = pool_of(&db).await;
    let (ann, bob, casual) = play_a_game(&url, &["rated=no"], None).await;
    let tokens = (ann.me.token.clone(), bob.me.token.clone());
    drop((ann, bob));
    let (_ann, _bob, custom) =
        play_a_game(&url, &["hand_size=5"], Some((&tokens.0, &tokens.1))).await;
    for table in [casual, custom] {
        let seats = results(&pool, table).await;
        assert_eq!(seats.len(), 3, "the result is kept");
        assert!(seats.iter().all(|s| !s.4), "{seats:?}");
    }
    // The games count; no rating moved (every standing is still the new player's).
    for ((who, _), (mu, sigma, rated, games)) in ratings(&pool).await {
        assert_eq!((mu, sigma, rated), (25.0, 25.0 / 3.0, 0), "{who}");
        assert_eq!(games, 2, "{who}");
    }
    assert!(history(&pool).await.is_empty());
    pool.close().await;
    srv.stop().await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_casual_table_and_custom_settings_move_no_rating_on_sqlite() {
    casual_games_move_no_rating(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_casual_table_and_custom_settings_move_no_rating_on_postgres() {
    casual_games_move_no_rating(Db::postgres().await).await;
}

/// Ann plays a Brettspiel game (`version`, the built-in board) against a beginner bot to its end,
/// choosing the first legal action whenever asked; the table's id.
async fn play_a_board_game(url: &str, version: &str) -> (Player, u64) {
    let mut ann = Player::join(url, "Ann").await;
    ann.send(ClientMsg::CreateTable {
        game: "board".parse().unwrap(),
        options: nimmt_core::OptionMap::parse([format!("version={version}").as_str()]).unwrap(),
        seats: Some(2),
    })
    .await;
    ann.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    for command in ["/bot add beginner", "/start"] {
        let answer = ann.command(command).await;
        assert!(matches!(answer, ServerMsg::Ack { .. }));
    }
    let table = ann.table;
    ann.send(ClientMsg::Resync { table }).await;
    let rules = nimmt_core::registry::find("board").unwrap();
    let mut acted_at = None;
    while !ann.over() {
        let asked = ann.view.as_ref().filter(|v| !v["asked"].is_null());
        let first = asked.and_then(|v| rules.legal_in_view(v).unwrap().into_iter().next());
        if let (Some(action), true) = (first, acted_at != Some(ann.version)) {
            acted_at = Some(ann.version);
            let answer = ann.act_answer(ann.version, action).await;
            if let Some(wait) = retry_after(&answer) {
                tokio::time::sleep(wait).await;
                acted_at = None;
            }
            continue;
        }
        ann.recv().await;
    }
    (ann, table)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_brettspiel_game_on_the_built_in_board_moves_the_ratings() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let pool = pool_of(&db).await;
    let (ann, table) = play_a_board_game(&url, "pro-luck").await;
    // Its record carries the board it was played on, the built-in one.
    let (_, record) = srv.store.table_record(table).await.unwrap().unwrap();
    assert!(
        record.unwrap().contains("\"data\""),
        "the record carries its board"
    );
    let seats = results(&pool, table).await;
    assert_eq!(seats.len(), 2);
    assert!(
        seats.iter().all(|s| s.4),
        "the built-in board is rated: {seats:?}"
    );
    let stored = ratings(&pool).await;
    let mine = stored[&(ann.me.player.clone(), "board".to_owned())];
    assert_eq!((mine.2, mine.3), (1, 1), "one rated game of the Brettspiel");
    // Two newcomers who tie keep their mu (the game says nothing of who is stronger); any
    // other result moves it.
    let tied = seats[0].3 == seats[1].3;
    assert!(
        tied || mine.0 != 25.0,
        "Ann's rating moved: {mine:?} after {seats:?}"
    );
    assert!(mine.1 < 25.0 / 3.0, "and is surer than a new one");
    let live = (stored, history(&pool).await);
    assert_eq!(live.1.len(), 2, "both seats' ratings moved: {:?}", live.1);
    // A database of an earlier release stored such a game as casual: a rebuild rates it.
    sqlx::query("UPDATE nimmt_results SET rated = 0 WHERE table_id = $1")
        .bind(table as i64)
        .execute(&pool)
        .await
        .unwrap();
    let done = rebuild::rebuild(&pool).await.unwrap();
    assert_eq!((done.rejudged, done.rated), (1, 1));
    assert_eq!((ratings(&pool).await, history(&pool).await), live);
    pool.close().await;
    srv.stop().await;
}

fn seat(i: usize, identity: &str, score: i32, place: usize) -> SeatResult {
    SeatResult {
        seat: i,
        identity: identity.to_owned(),
        name: identity.to_owned(),
        score,
        place,
        won: place == 1,
    }
}

#[test]
fn seats_with_equal_scores_share_their_place_and_draw_with_each_other() {
    let mut standings = Standings::new();
    standings.insert(
        "ann".to_owned(),
        Standing {
            rating: Rating {
                mu: 30.0,
                sigma: 4.0,
            },
            ..Standing::default()
        },
    );
    let game = FinishedGame {
        table_id: 1,
        seq: 1,
        game: "classic".to_owned(),
        rated: true,
        pace: "realtime".to_owned(),
        // Ann and Bob tie for first place; the bot is last.
        seats: vec![
            seat(0, "ann", 10, 1),
            seat(1, "bob", 10, 1),
            seat(2, "bot:strong", 30, 3),
        ],
        finished_at: 0,
    };
    let moved = standing::apply(&mut standings, &game);
    let expected = by_the_formula(&[(30.0, 4.0, 1), (25.0, 25.0 / 3.0, 1), (25.0, 25.0 / 3.0, 3)]);
    for (row, (mu, sigma)) in moved.iter().zip(&expected) {
        assert!((row.after.mu - mu).abs() < 1e-9, "{row:?}");
        assert!((row.after.sigma - sigma).abs() < 1e-9, "{row:?}");
    }
    // Bob, tied with a stronger Ann, gains (a draw with a favourite and a win over the bot).
    assert!(standings["bob"].rating.mu > 25.0);
    // Two equal newcomers who tie move by the same amount.
    let mut fresh = Standings::new();
    let tie = FinishedGame {
        seats: vec![seat(0, "cem", 5, 1), seat(1, "dee", 5, 1)],
        ..game
    };
    standing::apply(&mut fresh, &tie);
    assert_eq!(fresh["cem"].rating, fresh["dee"].rating);
    assert_eq!(
        fresh["cem"].rating.mu, 25.0,
        "a draw between equals moves nobody's mu"
    );
}
