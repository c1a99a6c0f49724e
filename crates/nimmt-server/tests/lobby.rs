//! The lobby and the HTTP endpoints.

mod common;

use common::{http_get, server, Db, Player};
use nimmt_protocol::{ClientMsg, ServerMsg, TableState};
use serde_json::Value;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_tables_and_carries_chat() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut zoe = Player::join(&url, "Zoe").await;
    zoe.send(ClientMsg::ListTables { subscribe: true }).await;
    match zoe.recv().await {
        ServerMsg::Tables { tables } => assert!(tables.is_empty()),
        m => panic!("{m:?}"),
    }
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&["deck=tactic", "timer=20"], Some(5)).await;
    let m = zoe
        .recv_until(|m| matches!(m, ServerMsg::TableChanged { .. }))
        .await;
    if let ServerMsg::TableChanged {
        table: info,
        closed,
    } = m
    {
        assert!(!closed);
        assert_eq!(info.id, table);
        assert_eq!(info.options.get("deck"), Some("tactic"));
        assert_eq!(info.table_options["timer"], "20");
        assert_eq!(info.max_seats, 5);
        assert_eq!(info.host.as_deref(), Some("Ann"));
        assert_eq!(info.state, TableState::Open);
        assert_eq!(info.seats[0].name, "Ann");
    }
    // Lobby chat reaches the subscribers.
    ann.send(ClientMsg::Chat {
        table: None,
        text: "who plays?".into(),
    })
    .await;
    zoe.recv_until(|m| matches!(m, ServerMsg::Chat { table: None, from, text, .. } if from == "Ann" && text == "who plays?"))
        .await;
    // The same list over HTTP.
    let (status, body) = http_get(srv.addr, "/api/tables").await;
    assert_eq!(status, 200);
    let tables: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(tables[0]["id"], table);
    assert_eq!(tables[0]["game"], "classic");
    assert_eq!(tables[0]["state"], "open");
    // Everyone leaves: the open table closes and the lobby hears of it.
    ann.send(ClientMsg::Leave { table }).await;
    zoe.recv_until(|m| matches!(m, ServerMsg::TableChanged { closed: true, .. }))
        .await;
    let (_, body) = http_get(srv.addr, "/api/tables").await;
    assert_eq!(body, "[]");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_records_and_the_start_page_answer_over_http() {
    let db = Db::sqlite();
    let (srv, _url) = server(&db).await;
    let (status, body) = http_get(srv.addr, "/healthz").await;
    assert_eq!((status, body.as_str()), (200, r#"{"status":"ok"}"#));
    let (status, _) = http_get(srv.addr, "/api/games/999/record").await;
    assert_eq!(status, 404);
    let (status, _) = http_get(srv.addr, "/api/games/abc/record").await;
    assert_eq!(status, 404);
    let (status, body) = http_get(srv.addr, "/").await;
    assert_eq!(status, 200);
    assert!(body.contains("nimmt"), "{body}");
    srv.stop().await;
}
