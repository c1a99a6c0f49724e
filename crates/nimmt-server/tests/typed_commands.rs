//! Table commands sent typed (the browser's buttons) do what their chat lines do.

mod common;

use common::{http_get, server, Db, Player};
use nimmt_protocol::{ClientMsg, Command, ErrorCode, ServerMsg};
use serde_json::Value;

/// Sends a typed command and waits for its answer: the ack or an error.
async fn typed(p: &mut Player, command: Command) -> ServerMsg {
    let table = p.table;
    let id = p.send(ClientMsg::Command { table, command }).await;
    answer(p, id).await
}

async fn answer(p: &mut Player, id: u64) -> ServerMsg {
    p.recv_until(|m| {
        matches!(m, ServerMsg::Ack { id: i } if *i == id)
            || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
    })
    .await
}

/// The table as the lobby lists it, without what names it (number, host, seat names).
async fn listed(srv: std::net::SocketAddr, table: u64) -> Value {
    let (_, body) = http_get(srv, "/api/tables").await;
    let tables: Vec<Value> = serde_json::from_str(&body).unwrap();
    let mut t = tables.into_iter().find(|t| t["id"] == table).unwrap();
    t["id"] = Value::Null;
    t["host"] = Value::Null;
    for seat in t["seats"].as_array_mut().unwrap() {
        seat["name"] = Value::Null;
    }
    t
}

fn refusal(m: &ServerMsg) -> Option<(ErrorCode, String)> {
    match m {
        ServerMsg::Error { code, text, .. } => Some((*code, text.text.clone())),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typed_command_does_what_its_chat_line_does() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let mut bob = Player::join(&url, "Bob").await;
    let typed_table = ann.create(&[], Some(4)).await;
    let chat_table = bob.create(&[], Some(4)).await;
    let steps = [
        "/option deck=tactic",
        "/option timer=30",
        "/bot add strong",
        "/bot add",
        "/bot remove",
    ];
    for line in steps {
        let (_, command) = nimmt_protocol::command::parse(line).unwrap();
        assert!(matches!(
            typed(&mut ann, command).await,
            ServerMsg::Ack { .. }
        ));
        assert!(matches!(bob.command(line).await, ServerMsg::Ack { .. }));
    }
    let by_buttons = listed(srv.addr, typed_table).await;
    assert_eq!(by_buttons, listed(srv.addr, chat_table).await);
    assert_eq!(by_buttons["options"]["deck"], "tactic");
    assert_eq!(by_buttons["seats"][1]["level"], "strong");
    // A refusal reads the same both ways.
    let (_, wrong) = nimmt_protocol::command::parse("/bot add godlike").unwrap();
    let by_button = refusal(&typed(&mut ann, wrong).await).unwrap();
    assert_eq!(
        by_button,
        refusal(&bob.command("/bot add godlike").await).unwrap()
    );
    // Both tables start the same way.
    assert!(matches!(
        typed(&mut ann, Command::Start).await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(bob.command("/start").await, ServerMsg::Ack { .. }));
    assert_eq!(
        listed(srv.addr, typed_table).await["state"],
        listed(srv.addr, chat_table).await["state"]
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_typed_command_is_refused_and_changes_nothing() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&["deck=tactic"], Some(4)).await;
    let before = listed(srv.addr, table).await;
    // An option without a value does not read.
    let frame = format!(
        r#"{{"id":900,"type":"command","table":{table},"command":{{"name":"option","key":"deck"}}}}"#
    );
    ann.client.send_raw(&frame).await.unwrap();
    let (code, text) = refusal(&answer(&mut ann, 900).await).unwrap();
    assert_eq!(code, ErrorCode::Malformed);
    assert!(text.contains("value"), "{text}");
    // A command its chat line could not say shows the usage.
    let nameless = Command::Kick { player: " ".into() };
    let (code, text) = refusal(&typed(&mut ann, nameless).await).unwrap();
    assert_eq!(code, ErrorCode::BadCommand);
    assert!(text.contains("/kick NAME"), "{text}");
    let spaced = Command::Option {
        key: "deck timer".into(),
        value: "30".into(),
    };
    let (code, text) = refusal(&typed(&mut ann, spaced).await).unwrap();
    assert_eq!(code, ErrorCode::BadCommand);
    assert!(text.contains("/option KEY=VALUE"), "{text}");
    assert_eq!(listed(srv.addr, table).await, before);
    srv.stop().await;
}
