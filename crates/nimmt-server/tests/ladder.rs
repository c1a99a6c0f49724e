//! The ladder against a real server: three bot accounts, each connected with its own API token
//! and playing the first legal action at every table it is seated at, say `bot_ready` with
//! `ladder: true`; the ladder (ticking every 50 ms here) pairs them into rated bot-only tables
//! again and again. At least 50 ladder games end, every one rated, the bots' ratings move, and
//! `GET /api/ladder/classic` lists the three with their ratings and the recent games with their
//! replays (an unknown game is refused in the asker's language).

mod common;

use common::accounts::bot_account;
use common::{http_get, retry_after, Db};
use nimmt_core::games::classic::View;
use nimmt_protocol::{ClientMsg, Lang, Role, ServerMsg};
use nimmt_server::client::Client;
use serde_json::{json, Value};
use sqlx::Row;
use std::collections::HashMap;
use std::time::{Duration, Instant};

const PASSWORD: &str = "a long enough password";
const BOTS: [&str; 3] = ["Ada", "Bit", "Cog"];
const GAMES: i64 = 50;

/// A table as the bot last saw it: its version, its view, and the move it waits to hear of.
#[derive(Default)]
struct Seen {
    version: u64,
    view: Option<Value>,
    sent: Option<u64>,
}

/// A bot program: connected with `token`, ready for the ladder, then playing the first legal
/// action wherever it is seated, until the connection closes.
async fn connect(url: &str, name: &str, token: &str) -> Client {
    let mut c = Client::connect(url).await.unwrap();
    let me = c.hello(name, Some(token), Lang::En).await.unwrap();
    assert_eq!(me.name, name);
    let declaration = serde_json::from_value(json!({
        "games": [{"game": "classic"}], "ladder": true, "most_games": 3
    }))
    .unwrap();
    let id = c.send(ClientMsg::BotReady { declaration }).await.unwrap();
    let m = c
        .recv_until(10, |m| {
            matches!(m, ServerMsg::Ack { id: i } if *i == id)
                || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
        })
        .await
        .unwrap();
    assert!(matches!(m, ServerMsg::Ack { .. }), "{m:?}");
    c
}

async fn play(mut c: Client) {
    let mut tables: HashMap<u64, Seen> = HashMap::new();
    loop {
        let Ok(Some(text)) = c.recv_raw().await else {
            return;
        };
        let msg: ServerMsg = serde_json::from_str(&text).unwrap();
        let table = match msg {
            ServerMsg::BotSeated { table, .. } => {
                tables.insert(table, Seen::default());
                let join = ClientMsg::Join {
                    table,
                    role: Role::Player,
                    invite: None,
                };
                c.send(join).await.unwrap();
                continue;
            }
            ServerMsg::State {
                table,
                version,
                view,
                ..
            } => {
                let seen = tables.entry(table.id).or_default();
                (seen.version, seen.view, seen.sent) = (version, view, None);
                table.id
            }
            ServerMsg::Update {
                table,
                version,
                view,
                ack,
                ..
            } => {
                let Some(seen) = tables.get_mut(&table) else {
                    continue;
                };
                (seen.version, seen.view) = (version, Some(view));
                if ack.is_some() && ack == seen.sent {
                    seen.sent = None;
                }
                table
            }
            ref m @ ServerMsg::Error {
                table: Some(table), ..
            } => {
                if let Some(wait) = retry_after(m) {
                    tokio::time::sleep(wait).await;
                }
                let Some(seen) = tables.get_mut(&table) else {
                    continue;
                };
                seen.sent = None;
                table
            }
            _ => continue,
        };
        let Some(seen) = tables.get_mut(&table) else {
            continue;
        };
        let over = seen.view.as_ref().is_some_and(|v| !v["outcome"].is_null());
        if over {
            tables.remove(&table);
            continue;
        }
        if seen.sent.is_some() {
            continue;
        }
        let Some(view) = seen.view.clone() else {
            continue;
        };
        let view: View = serde_json::from_value(view).unwrap();
        if view.asked.is_none() {
            continue;
        }
        let Some(action) = view.legal_actions().into_iter().next() else {
            continue;
        };
        let act = ClientMsg::Act {
            table,
            version: seen.version,
            action: serde_json::to_value(action).unwrap(),
        };
        seen.sent = Some(c.send(act).await.unwrap());
    }
}

/// Finished games, and those of them rated.
async fn finished(pool: &sqlx::AnyPool) -> (i64, i64) {
    let row = sqlx::query(
        "SELECT COUNT(DISTINCT table_id), \
         COUNT(DISTINCT CASE WHEN rated = 1 THEN table_id END) FROM nimmt_results",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    (row.get(0), row.get(1))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_bots_play_fifty_rated_ladder_games_and_the_ladder_page_shows_them() {
    let db = Db::sqlite();
    let mut config = common::config(&db);
    config.ladder_every = Duration::from_millis(50);
    config.limits.per_second = 10_000.0;
    config.limits.burst = 30_000.0;
    let (srv, url) = common::server_with(config).await;
    let addr = srv.addr;
    let mut clients = Vec::new();
    for name in BOTS {
        let (_, token) = bot_account(addr, name, PASSWORD).await;
        clients.push(connect(&url, name, &token).await);
    }
    // The lobby lists the three, by name.
    let mut watcher = clients.pop().unwrap();
    watcher.send(ClientMsg::ListBots {}).await.unwrap();
    let m = watcher
        .recv_until(10, |m| matches!(m, ServerMsg::Bots { .. }))
        .await
        .unwrap();
    let ServerMsg::Bots { bots } = m else {
        unreachable!()
    };
    let names: Vec<&str> = bots.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, BOTS);
    assert!(bots.iter().all(|b| b.declaration.ladder));
    clients.push(watcher);
    let players: Vec<_> = clients.into_iter().map(|c| tokio::spawn(play(c))).collect();

    let pool = srv.store.pool().clone();
    let start = Instant::now();
    let (games, rated) = loop {
        let (games, rated) = finished(&pool).await;
        if games >= GAMES {
            break (games, rated);
        }
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "only {games} ladder games ended in 90 s"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(games, rated, "every ladder game is rated");

    // Every finished game was among the three bots only.
    let names: Vec<String> = sqlx::query("SELECT DISTINCT name FROM nimmt_results ORDER BY name")
        .fetch_all(&pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(names, BOTS);

    // The bot list shows the ratings as they are now (read again at each tick).
    let mut guest = Client::connect(&url).await.unwrap();
    guest.hello("Gus", None, Lang::En).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    guest.send(ClientMsg::ListBots {}).await.unwrap();
    let m = guest
        .recv_until(10, |m| matches!(m, ServerMsg::Bots { .. }))
        .await
        .unwrap();
    let ServerMsg::Bots { bots } = m else {
        unreachable!()
    };
    let classic = "classic".parse().unwrap();
    let listed: Vec<i64> = bots
        .iter()
        .map(|b| b.ratings.get(&classic).expect("rated in classic").rating)
        .collect();
    assert_eq!(listed.len(), 3);
    assert!(listed.iter().any(|&r| r != 1500), "{listed:?}");

    // The ladder page: the three with ratings that moved, the recent games with their replays.
    let (status, body) = http_get(addr, "/api/ladder/classic").await;
    assert_eq!(status, 200, "{body}");
    let ladder: Value = serde_json::from_str(&body).unwrap();
    let bots = ladder["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 3, "{ladder}");
    let ratings: Vec<i64> = bots.iter().map(|b| b["rating"].as_i64().unwrap()).collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "best first");
    assert!(
        ratings.iter().any(|&r| r != 1500),
        "ratings moved: {ratings:?}"
    );
    for b in bots {
        assert!(b["games"].as_i64().unwrap() >= GAMES / 2, "{b}");
    }
    let recent = ladder["recent"].as_array().unwrap();
    assert_eq!(recent.len(), 20);
    let newest = &recent[0];
    let table = newest["table"].as_i64().unwrap();
    assert_eq!(newest["replay"], format!("/#/replay/{table}"));
    assert_eq!(newest["seats"].as_array().unwrap().len(), 3);
    let (status, _) = http_get(addr, &format!("/api/games/{table}/replay")).await;
    assert_eq!(status, 200, "the replay of a ladder game");
    let (status, _) = http_get(addr, "/ladder/classic").await;
    assert_eq!(status, 200, "the browser's ladder page");

    // An unknown game, in English and in German.
    let (status, body) = http_get(addr, "/api/ladder/chess").await;
    assert_eq!(status, 404);
    let refused: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(refused["code"], "ladder_unknown_game", "{refused}");
    assert!(body.contains("classic"), "the games there are: {body}");
    let (status, body) = http_get(addr, "/api/ladder/chess?lang=de").await;
    assert_eq!(status, 404);
    assert!(body.contains("Es gibt kein Spiel chess"), "{body}");

    for p in players {
        p.abort();
    }
    srv.stop().await;
}
