//! The history routes on real databases, over a seeded room: a player's games page by page,
//! newest first, each once; profiles by identity and by name; the leaderboard.

mod common;

use common::stored_ratings::pool_of;
use common::*;
use nimmt_server::ratings::{seed, shown};
use serde_json::Value;
use sqlx::Row;
use std::collections::HashSet;

async fn routes_page_through_every_game(db: Db) {
    let (srv, _url) = server(&db).await;
    let pool = pool_of(&db).await;
    let seeded = seed::seed(&pool, 400, 30, 7).await.unwrap();
    let me = format!("id:{}", seeded.busiest);

    let total: i64 = sqlx::query("SELECT COUNT(*) FROM nimmt_results WHERE identity = $1")
        .bind(seeded.busiest.clone())
        .fetch_one(&pool)
        .await
        .unwrap()
        .get(0);
    assert!(total > 15, "the busiest player has several pages");

    // Page by page, newest first, every game once.
    for game in [None, Some("classic")] {
        let mut seen: Vec<i64> = Vec::new();
        let mut before: Option<i64> = None;
        loop {
            let mut path = format!("/api/players/{me}/games?limit=7");
            if let Some(g) = game {
                path.push_str(&format!("&game={g}"));
            }
            if let Some(b) = before {
                path.push_str(&format!("&before={b}"));
            }
            let (status, body) = http_get(srv.addr, &path).await;
            assert_eq!(status, 200, "{body}");
            let page: Value = serde_json::from_str(&body).unwrap();
            let games = page["games"].as_array().unwrap();
            assert!(games.len() <= 7);
            for g in games {
                if let Some(want) = game {
                    assert_eq!(g["game"], want);
                }
                assert!(g["players"].as_array().unwrap().len() >= 2, "{g}");
                assert_eq!(g["replay"], format!("/#/replay/{}", g["table"]));
                seen.push(g["seq"].as_i64().unwrap());
            }
            match page["next"].as_i64() {
                Some(n) => before = Some(n),
                None => break,
            }
        }
        assert!(
            seen.windows(2).all(|w| w[0] > w[1]),
            "newest first, no repeats"
        );
        let expected: i64 = match game {
            None => total,
            Some(g) => {
                sqlx::query("SELECT COUNT(*) FROM nimmt_results WHERE identity = $1 AND game = $2")
                    .bind(seeded.busiest.clone())
                    .bind(g.to_owned())
                    .fetch_one(&pool)
                    .await
                    .unwrap()
                    .get(0)
            }
        };
        assert_eq!(seen.len() as i64, expected);
        assert_eq!(seen.iter().collect::<HashSet<_>>().len(), seen.len());
    }

    // The profile: per game the counts of the stored results, and a chart of the ratings.
    let (status, body) = http_get(srv.addr, &format!("/api/players/{me}")).await;
    assert_eq!(status, 200, "{body}");
    let profile: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(profile["kind"], "guest");
    let played: i64 = profile["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["games"].as_i64().unwrap())
        .sum();
    assert_eq!(played, total);
    let classic = profile["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == "classic")
        .unwrap();
    let points = classic["history"].as_array().unwrap();
    assert_eq!(
        points.len() as i64,
        classic["rated_games"].as_i64().unwrap().min(200)
    );
    assert_eq!(points.last().unwrap()["rating"], classic["rating"]);
    assert_eq!(profile["recent"].as_array().unwrap().len(), 10);

    // Once the player makes an account, its profile is reached by the account's name, in any
    // case or width, with the same games; the others see the name in their histories.
    nimmt_server::accounts::account::create(&pool, Some(&seeded.busiest), "Ännchen", "hash")
        .await
        .unwrap();
    let (status, body) = http_get(srv.addr, "/api/players/%C3%84NNCHEN").await;
    assert_eq!(status, 200, "{body}");
    let named: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (named["kind"].as_str(), named["profile"].as_str()),
        (Some("account"), Some("Ännchen"))
    );
    assert_eq!(named["games"], profile["games"]);
    let other = profile["recent"][0]["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["bot"] == false && p["profile"] != me)
        .and_then(|p| p["profile"].as_str().map(str::to_owned));
    if let Some(other) = other {
        let (_, body) = http_get(
            srv.addr,
            &format!(
                "/api/players/{other}/games?limit=1&before={}",
                profile["recent"][0]["seq"].as_i64().unwrap() + 1
            ),
        )
        .await;
        assert!(body.contains("\"profile\":\"Ännchen\""), "{body}");
    }

    // A bot level has a profile of its own; an unknown name has none.
    let (status, body) = http_get(srv.addr, &format!("/api/players/{}", seeded.busiest_bot)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["kind"], "bot");
    let (status, _) = http_get(srv.addr, "/api/players/nobody-here").await;
    assert_eq!(status, 404);

    // The leaderboard of everyone: best first, only settled ratings, bots marked.
    let (status, body) = http_get(srv.addr, "/api/leaderboard/classic?who=all").await;
    assert_eq!(status, 200, "{body}");
    let board: Value = serde_json::from_str(&body).unwrap();
    let places = board["players"].as_array().unwrap();
    assert!(!places.is_empty());
    assert!(places
        .windows(2)
        .all(|w| w[0]["mu"].as_f64() >= w[1]["mu"].as_f64()));
    assert!(places
        .iter()
        .all(|p| p["rated_games"].as_i64().unwrap() >= shown::PROVISIONAL_GAMES));
    assert!(places
        .iter()
        .any(|p| p["bot"] == true && p["profile"].as_str().unwrap().starts_with("bot:")));
    let (status, _) = http_get(srv.addr, "/api/leaderboard/buffalo").await;
    assert_eq!(status, 404, "the buffalo keeps team records, not ratings");

    pool.close().await;
    srv.stop().await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_history_routes_page_through_every_game_on_sqlite() {
    routes_page_through_every_game(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_history_routes_page_through_every_game_on_postgres() {
    routes_page_through_every_game(Db::postgres().await).await;
}
