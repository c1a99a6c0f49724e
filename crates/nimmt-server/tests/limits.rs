//! The room's limits at the connection layer: each bounded resource cuts off or refuses the
//! client that goes over it (with an error that says so, or a close frame with a code and a
//! reason) while a well-behaved client on the same server keeps working. And the Origin check,
//! chat cleaning and request ids echoed in every answer the connection itself gives. Reports, too,
//! are limited per player and hour.

mod common;

use common::accounts::request as http;
use common::{ann_and_bob, config, server, server_with, Db, Player};
use futures_util::StreamExt;
use nimmt_protocol::{ClientMsg, CloseReason, ErrorCode, Lang, ServerMsg};
use nimmt_server::client::Client;
use nimmt_server::moderation::operators;
use serde_json::json;
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// Reads until the server closes: the text frames, and the close frame's code and reason.
async fn read_to_close(c: &mut Client, secs: u64) -> (Vec<String>, Option<(u16, String)>) {
    let mut texts = Vec::new();
    let mut close = None;
    let _ = tokio::time::timeout(Duration::from_secs(secs), async {
        while let Some(m) = c.socket.next().await {
            match m {
                Ok(Message::Text(t)) => texts.push(t.to_string()),
                Ok(Message::Close(f)) => {
                    close = f.map(|f| (u16::from(f.code), f.reason.to_string()));
                    break;
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
    })
    .await;
    (texts, close)
}

/// A well-behaved client still gets answers: a ping with an id, and its pong echoing it.
async fn still_served(p: &mut Player) {
    let id = p.send(ClientMsg::Ping {}).await;
    let m = p.recv_until(|m| matches!(m, ServerMsg::Pong { .. })).await;
    assert_eq!(m, ServerMsg::Pong { id: Some(id) });
}

fn error_of(text: &str) -> Option<(Option<u64>, ErrorCode, serde_json::Value)> {
    match serde_json::from_str::<ServerMsg>(text).ok()? {
        ServerMsg::Error { id, code, text, .. } => {
            Some((id, code, serde_json::to_value(&text.params).unwrap()))
        }
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_over_the_budget_is_answered_then_closed_with_a_code() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let mut c = Client::connect(&url).await.unwrap();
    c.hello("Mallory", None, Lang::En).await.unwrap();
    // 300 pings back to back, each with its id.
    let mut sent = Vec::new();
    for _ in 0..300 {
        match c.send(ClientMsg::Ping {}).await {
            Ok(id) => sent.push(id),
            Err(_) => break,
        }
    }
    let (texts, close) = read_to_close(&mut c, 10).await;
    let mut pongs = 0;
    let mut limited = 0;
    let mut answered = Vec::new();
    for t in &texts {
        match serde_json::from_str::<ServerMsg>(t).unwrap() {
            ServerMsg::Pong { id } => {
                pongs += 1;
                answered.push(id.expect("the pong echoes the id"));
            }
            ServerMsg::Error {
                id,
                code: ErrorCode::RateLimited,
                text,
                ..
            } => {
                limited += 1;
                answered.push(id.expect("the refusal echoes the id"));
                let retry: u64 = text.params["retry_ms"].parse().unwrap();
                assert!((1..=1000).contains(&retry), "retry hint {retry} ms");
                assert!(text.text.contains("try again in"), "{}", text.text);
            }
            m => panic!("{m:?}"),
        }
    }
    // About the burst is served, the rest refused one by one, each request answered once,
    // in order, until the close.
    assert!((55..100).contains(&pongs), "{pongs} pongs");
    assert!(limited >= 50, "{limited} refusals");
    assert_eq!(answered, sent[..answered.len()].to_vec());
    let (code, reason) = close.expect("a close frame");
    assert_eq!(code, CloseReason::RateLimited.code());
    assert_eq!(reason, CloseReason::RateLimited.reason());
    still_served(&mut ann).await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_does_not_read_is_closed_as_a_slow_reader() {
    let db = Db::sqlite();
    let mut config = config(&db);
    // A budget that lets one client ask for far more than it reads.
    config.limits.burst = 100_000.0;
    config.limits.per_second = 100_000.0;
    // One identity opens the 40 tables of the long list.
    config.limits.tables_per_identity = 0;
    let (srv, url) = server_with(config).await;
    let mut ann = Player::join(&url, "Ann").await;
    // A long table list: every answer to list_tables is some 10 KB.
    let mut mallory = Player::join(&url, "Mallory").await;
    for _ in 0..40 {
        mallory.create(&[], Some(2)).await;
    }
    let mut c = mallory.client;
    let request = r#"{"type":"list_tables"}"#;
    for _ in 0..3000 {
        if c.send_raw(request).await.is_err() {
            break;
        }
    }
    // Mallory does not read for a while; the server neither grows its queue nor waits.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    still_served(&mut ann).await;
    let (texts, close) = read_to_close(&mut c, 20).await;
    assert!(
        texts.len() < 3000,
        "cut off before every answer: {}",
        texts.len()
    );
    let (code, reason) = close.expect("a close frame");
    assert_eq!(code, CloseReason::SlowReader.code(), "{reason}");
    still_served(&mut ann).await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_per_address_are_capped() {
    let db = Db::sqlite();
    let mut config = config(&db);
    config.limits.conns_per_addr = 3;
    let (srv, url) = server_with(config).await;
    let mut ann = Player::join(&url, "Ann").await;
    let _b = Client::connect(&url).await.unwrap();
    let c = Client::connect(&url).await.unwrap();
    match Client::connect(&url).await {
        Err(e) => assert!(e.to_string().contains("429"), "{e}"),
        Ok(_) => panic!("a fourth connection from one address"),
    }
    still_served(&mut ann).await;
    // A connection that closes frees its place.
    drop(c);
    let mut again = None;
    for _ in 0..50 {
        if let Ok(c) = Client::connect(&url).await {
            again = Some(c);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut d = again.expect("a freed place is taken again");
    d.hello("Dora", None, Lang::En).await.unwrap();
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_identities_per_address_are_capped_and_tokens_still_resume() {
    let db = Db::sqlite();
    let mut config = config(&db);
    config.limits.identities_per_minute = 3.0;
    let (srv, url) = server_with(config).await;
    let mut ann = Player::join(&url, "Ann").await;
    let _b = Player::join(&url, "Bea").await;
    let _c = Player::join(&url, "Cid").await;
    let mut d = Client::connect(&url).await.unwrap();
    let id = d
        .send(ClientMsg::Hello {
            protocol: 1,
            name: "Dan".into(),
            token: None,
            lang: Lang::De,
        })
        .await
        .unwrap();
    match d.recv().await.unwrap() {
        ServerMsg::Error {
            id: Some(i),
            code: ErrorCode::RateLimited,
            text,
            ..
        } => {
            assert_eq!(i, id);
            assert_eq!(text.key, "too_many_identities");
            let retry: u64 = text.params["retry_ms"].parse().unwrap();
            assert!(retry > 10_000 && retry <= 20_000, "{retry}");
            assert!(text.text.contains("Identitäten"), "{}", text.text);
        }
        m => panic!("{m:?}"),
    }
    // The connection stays; an identity it already has still resumes.
    let me = d.hello("Ann", Some(&ann.me.token), Lang::En).await.unwrap();
    assert_eq!(me.player, ann.me.player);
    // Ann's first connection was replaced: she connects again with her token, also allowed.
    let _ = ann
        .client
        .recv_until(5, |m| matches!(m, ServerMsg::Replaced))
        .await;
    let mut ann = Player::join_as(&url, "Ann", Some(&ann.me.token)).await;
    still_served(&mut ann).await;
    srv.stop().await;
}

/// Opens the WebSocket with these `Host` and `Origin` headers; the HTTP status it got.
async fn upgrade(url: &str, host: Option<&str>, origin: &str) -> u16 {
    let mut req = url.into_client_request().unwrap();
    if let Some(h) = host {
        req.headers_mut().insert("host", h.parse().unwrap());
    }
    req.headers_mut().insert("origin", origin.parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Ok((mut ws, resp)) => {
            let _ = ws.close(None).await;
            resp.status().as_u16()
        }
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => resp.status().as_u16(),
        Err(e) => panic!("{e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn origins_are_the_public_url_not_the_request_host() {
    let db = Db::sqlite();
    let mut config = config(&db);
    config.public_urls = vec!["https://nimmt.example.org".into()];
    let (srv, url) = server_with(config).await;
    // DNS rebinding: a page of evil.example whose name now points at this server.
    assert_eq!(
        upgrade(&url, Some("evil.example"), "http://evil.example").await,
        403
    );
    assert_eq!(
        upgrade(&url, Some("nimmt.example.org"), "http://nimmt.example.org").await,
        403,
        "http is not https"
    );
    assert_eq!(
        upgrade(&url, None, &format!("http://{}", srv.addr)).await,
        403,
        "the listening address is not the public URL"
    );
    assert_eq!(
        upgrade(&url, Some("nimmt.example.org"), "https://nimmt.example.org").await,
        101
    );
    srv.stop().await;

    // Without a public URL: the address the room listens on, by scheme, host and port.
    let (srv, url) = server(&db).await;
    let port = srv.addr.port();
    assert_eq!(
        upgrade(&url, None, &format!("http://127.0.0.1:{port}")).await,
        101
    );
    assert_eq!(
        upgrade(&url, None, &format!("http://localhost:{port}")).await,
        101
    );
    assert_eq!(
        upgrade(&url, None, &format!("https://127.0.0.1:{port}")).await,
        403
    );
    assert_eq!(
        upgrade(&url, Some("evil.example"), "http://evil.example").await,
        403
    );
    srv.stop().await;
    assert!(
        nimmt_server::start(nimmt_server::Config {
            public_urls: vec!["nimmt.example.org".into()],
            ..common::config(&db)
        })
        .await
        .is_err(),
        "a public URL needs its scheme"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_loses_control_and_reordering_characters() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 2).await;
    assert!(matches!(
        ann.command("a\u{0}b\u{202e}evil").await,
        ServerMsg::Ack { .. }
    ));
    let m = bob
        .recv_until(|m| matches!(m, ServerMsg::Chat { .. }))
        .await;
    assert!(
        matches!(&m, ServerMsg::Chat { table: Some(t), from, text, .. }
            if *t == table && from == "Ann" && text == "abevil"),
        "{m:?}"
    );
    // Nothing visible left: refused, nothing relayed.
    match ann.command("\u{202e}\u{7}\u{200f}").await {
        ServerMsg::Error { code, text, .. } => {
            assert_eq!(code, ErrorCode::Malformed);
            assert_eq!(text.key, "chat_empty");
        }
        m => panic!("{m:?}"),
    }
    // Lobby chat too.
    let mut zoe = Player::join(&url, "Zoe").await;
    zoe.send(ClientMsg::ListTables { subscribe: true }).await;
    zoe.recv_until(|m| matches!(m, ServerMsg::Tables { .. }))
        .await;
    bob.send(ClientMsg::Chat {
        table: None,
        text: "x\u{2066}y\u{1b}[2J".into(),
    })
    .await;
    let m = zoe
        .recv_until(|m| matches!(m, ServerMsg::Chat { table: None, .. }))
        .await;
    assert!(
        matches!(&m, ServerMsg::Chat { text, .. } if text == "xy[2J"),
        "{m:?}"
    );
    // Names refuse the same characters.
    let mut c = Client::connect(&url).await.unwrap();
    let e = c.hello("a\u{202e}nn", None, Lang::En).await.unwrap_err();
    assert!(e.to_string().contains("BadName"), "{e}");
    // Bob was not disturbed by any of it.
    let chat: Vec<_> = bob
        .log
        .iter()
        .filter(|t| t.contains("\"type\":\"chat\""))
        .collect();
    assert_eq!(chat.len(), 1, "{chat:?}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_of_the_connection_echo_the_request_id() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut c = Client::connect(&url).await.unwrap();
    // Before and after hello, a ping's id comes back in its pong.
    c.send_raw(r#"{"id":41,"type":"ping"}"#).await.unwrap();
    assert_eq!(c.recv().await.unwrap(), ServerMsg::Pong { id: Some(41) });
    c.send_raw(r#"{"type":"ping"}"#).await.unwrap();
    assert_eq!(c.recv().await.unwrap(), ServerMsg::Pong { id: None });
    c.hello("Ann", None, Lang::En).await.unwrap();
    c.send_raw(r#"{"id":42,"type":"ping"}"#).await.unwrap();
    assert_eq!(c.recv().await.unwrap(), ServerMsg::Pong { id: Some(42) });
    // An unknown type, a field of the wrong shape, a too-large frame: refused with the id.
    for (frame, expected) in [
        (
            r#"{"id":43,"type":"teleport"}"#.to_owned(),
            ErrorCode::Malformed,
        ),
        (
            r#"{"id":44,"type":"join","table":"x","role":"player"}"#.to_owned(),
            ErrorCode::Malformed,
        ),
        (
            format!(r#"{{"id":45,"type":"chat","text":"{}"}}"#, "x".repeat(9000)),
            ErrorCode::TooLarge,
        ),
    ] {
        c.send_raw(frame.clone()).await.unwrap();
        let t = c.recv_raw().await.unwrap().unwrap();
        let (id, code, _) = error_of(&t).expect("an error");
        assert_eq!(code, expected, "{t}");
        let want: u64 = frame[6..8].parse().unwrap();
        assert_eq!(id, Some(want), "{t}");
    }
    // No readable id: none in the answer.
    c.send_raw(r#"{"id":"x","type":"ping"}"#).await.unwrap();
    let t = c.recv_raw().await.unwrap().unwrap();
    assert_eq!(
        error_of(&t).map(|e| (e.0, e.1)),
        Some((None, ErrorCode::Malformed))
    );
    // A frame over the socket's limit: a close frame with 1009.
    let mut ann = Player::join(&url, "Ann").await;
    c.send_raw("y".repeat(200_000)).await.ok();
    let (_, close) = read_to_close(&mut c, 5).await;
    assert_eq!(close.map(|c| c.0), Some(CloseReason::TooLarge.code()));
    still_served(&mut ann).await;
    srv.stop().await;
}

// ---- reports: a few per player and hour (counted in the database, so on every node) ----

async fn reports_are_limited(db: Db) {
    let mut config = config(&db);
    config.limits.reports_per_hour = 3;
    let (running, url) = server_with(config).await;
    let addr = running.addr;
    let olga = Player::join(&url, "Olga").await;
    assert!(operators::grant(running.store.pool(), &olga.me.player)
        .await
        .unwrap());
    let ann = Player::join(&url, "Ann").await;
    let bob = Player::join(&url, "Bob").await;
    let report = |lang: &str| {
        let body = json!({"player": bob.me.player, "reason": "spam"});
        let (token, path) = (ann.me.token.clone(), format!("/api/reports?lang={lang}"));
        async move { http(addr, "POST", &path, Some(&token), Some(body)).await }
    };
    for _ in 0..3 {
        assert_eq!(report("en").await.0, 201);
    }
    // The fourth within the hour is refused, in the caller's language, and files nothing.
    let (status, r) = report("en").await;
    assert_eq!(
        (status, r["code"].as_str()),
        (429, Some("too_many_reports"))
    );
    let text = r["error"].as_str().unwrap();
    assert!(
        text.starts_with("You filed 3 reports within the last hour"),
        "{text}"
    );
    assert!(text.contains("in 60 min"), "{text}");
    let (status, r) = report("de").await;
    assert_eq!(status, 429);
    let text = r["error"].as_str().unwrap();
    assert!(
        text.starts_with("Du hast in der letzten Stunde 3 Meldungen"),
        "{text}"
    );
    let (_, open) = http(
        addr,
        "GET",
        "/api/admin/reports",
        Some(&olga.me.token),
        None,
    )
    .await;
    assert_eq!(open.as_array().unwrap().len(), 3);
    // Another player still reports.
    let body = json!({"player": ann.me.player, "reason": "spam"});
    let (status, _) = http(
        addr,
        "POST",
        "/api/reports",
        Some(&bob.me.token),
        Some(body),
    )
    .await;
    assert_eq!(status, 201);
    running.stop().await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reports_per_player_and_hour_are_limited_on_sqlite() {
    reports_are_limited(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reports_per_player_and_hour_are_limited_on_postgres() {
    reports_are_limited(Db::postgres().await).await;
}
