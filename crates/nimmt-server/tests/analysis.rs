//! The analysis of a finished game in the room: asked for once, queued, worked and stored, then
//! read by anyone; a running game is refused.

mod common;

use common::{accounts, ann_and_bob, http_get, server, Db};
use serde_json::Value;
use std::time::Duration;

async fn http_post(addr: std::net::SocketAddr, path: &str) -> (u16, Value) {
    accounts::request(addr, "POST", path, None, None).await
}

async fn analysed_once(db: Db) {
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &["deals=1", "hand_size=4"], 2).await;
    ann.command("/start").await;
    let path = format!("/api/games/{table}/analysis");

    let (status, refused) = http_post(srv.addr, &path).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "game_running");

    let b = tokio::spawn(async move {
        bob.play_to_end().await;
        bob
    });
    ann.play_to_end().await;
    let _bob = b.await.unwrap();

    let (_, none) = http_get(srv.addr, &path).await;
    assert_eq!(
        serde_json::from_str::<Value>(&none).unwrap()["state"],
        "none"
    );
    let (status, asked) = http_post(srv.addr, &path).await;
    assert!(status == 202 || status == 200, "{status} {asked}");
    let mut done = Value::Null;
    for _ in 0..300 {
        let (_, body) = http_get(srv.addr, &path).await;
        let state: Value = serde_json::from_str(&body).unwrap();
        match state["state"].as_str() {
            Some("done") => {
                done = state;
                break;
            }
            Some("queued" | "running") => tokio::time::sleep(Duration::from_millis(100)).await,
            other => panic!("{other:?}: {body}"),
        }
    }
    assert_eq!(done["seats"], serde_json::json!(["Ann", "Bob"]), "{done}");
    let decisions = done["analysis"]["decisions"].as_array().unwrap();
    // Four cards each, the last without a choice: at least three decisions a seat.
    assert!(decisions.len() >= 6, "{done}");
    assert_eq!(done["analysis"]["measure"], "deal_points");
    for d in decisions {
        let chosen = d["chosen"].as_u64().unwrap() as usize;
        assert!(chosen < d["choices"].as_array().unwrap().len());
    }
    // Asked again: the stored analysis, not a second run.
    let (status, again) = http_post(srv.addr, &path).await;
    assert_eq!(status, 200);
    assert_eq!(again["analysis"], done["analysis"]);

    let (status, unknown) = http_post(srv.addr, "/api/games/999/analysis").await;
    assert_eq!(status, 404, "{unknown}");
    srv.stop().await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_once_and_stored_sqlite() {
    analysed_once(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_once_and_stored_postgres() {
    analysed_once(Db::postgres().await).await;
}
