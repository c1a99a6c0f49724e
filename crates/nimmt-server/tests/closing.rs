//! Connections the server closes, against a real server: a session that ends (logout, password
//! change, account deletion, ban, expiry) closes its open connection at once with code 4005, on
//! both databases and across the nodes of a cluster, and nothing sent on it afterwards is
//! handled; a client that keeps sending while it reads nothing finds its 4003 close frame when
//! it reads at last (not a reset).

mod common;

use common::accounts::{get, log_in, post, sign_up};
use common::{http_get, Db, Player};
use futures_util::{SinkExt, StreamExt};
use nimmt_protocol::{ClientMsg, CloseReason, ErrorCode, Lang, ServerMsg};
use nimmt_server::client::Client;
use nimmt_server::moderation::operators;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const PASSWORD: &str = "a long enough password";

/// Runs a scenario on SQLite and on PostgreSQL.
macro_rules! on_both {
    ($scenario:ident, $sqlite:ident, $postgres:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $sqlite() {
            $scenario(Db::sqlite()).await;
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $postgres() {
            let db = Db::postgres().await;
            $scenario(db).await;
        }
    };
}

/// What `c` receives until the server closes it (within `secs`): the frames, and the close code.
async fn to_close(c: &mut Client, secs: u64) -> (Vec<String>, Option<u16>) {
    let mut texts = Vec::new();
    let mut close = None;
    let _ = tokio::time::timeout(Duration::from_secs(secs), async {
        while let Some(m) = c.socket.next().await {
            match m {
                Ok(Message::Text(t)) => texts.push(t.to_string()),
                Ok(Message::Close(f)) => {
                    close = f.map(|f| u16::from(f.code));
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

/// How many tables the room lists.
async fn tables(addr: SocketAddr) -> usize {
    let (_, body) = http_get(addr, "/api/tables").await;
    serde_json::from_str::<Vec<Value>>(&body).unwrap().len()
}

/// Right after its session ended, `p` tries a move (if it has one to make), a lobby chat line and
/// a new table; the connection closes with 4005 and acknowledges none of them. The lobby chat
/// line it tried.
async fn nothing_after_the_end(p: &mut Player, act: Option<(u64, u64, Value)>, what: &str) {
    let mut sent = Vec::new();
    if let Some((table, version, action)) = act {
        let act = ClientMsg::Act {
            table,
            version,
            action,
        };
        sent.extend(p.client.send(act).await.ok());
    }
    let text = format!("still here after {what}");
    sent.extend(
        p.client
            .send(ClientMsg::Chat { table: None, text })
            .await
            .ok(),
    );
    let create = ClientMsg::CreateTable {
        game: "classic".parse().unwrap(),
        options: Default::default(),
        seats: Some(2),
    };
    sent.extend(p.client.send(create).await.ok());
    let (frames, close) = to_close(&mut p.client, 10).await;
    assert_eq!(close, Some(CloseReason::SessionEnded.code()), "{what}");
    for f in frames {
        let m: ServerMsg = serde_json::from_str(&f).unwrap();
        let acked = match &m {
            ServerMsg::Ack { id } => Some(*id),
            ServerMsg::Update { ack, .. } => *ack,
            _ => None,
        };
        assert!(
            acked.is_none_or(|id| !sent.contains(&id)),
            "{what}: answered after the end: {m:?}"
        );
    }
}

/// A new connection with `token` is refused as unknown.
async fn token_refused(url: &str, token: &str) {
    let mut c = Client::connect(url).await.unwrap();
    let err = c.hello("Ann", Some(token), Lang::En).await.unwrap_err();
    assert!(err.to_string().contains("bad_token"), "{err}");
}

async fn ends_close_connections(db: Db) {
    let mut config = common::config(&db);
    config.limits.session_sweep = Duration::from_millis(200);
    let (srv, url) = common::server_with(config).await;
    let addr = srv.addr;
    let mut bob = Player::join(&url, "Bob").await;
    bob.send(ClientMsg::ListTables { subscribe: true }).await;

    // Logout, in the middle of a game: the move, the chat line and the table sent after it are
    // not taken.
    let (_, token) = sign_up(addr, None, "Ann", PASSWORD).await;
    let mut ann = Player::join_as(&url, "Ann", Some(&token)).await;
    let table = ann.create(&[], Some(2)).await;
    bob.sit(table).await;
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    while ann.choice().is_none() {
        ann.recv().await;
    }
    let (version, action) = (ann.version, ann.choice().unwrap());
    let listed = tables(addr).await;
    let (status, _) = post(addr, "/api/account/logout", Some(&token), json!({})).await;
    assert_eq!(status, 204);
    nothing_after_the_end(&mut ann, Some((table, version, action)), "logout").await;
    token_refused(&url, &token).await;
    bob.send(ClientMsg::Resync { table }).await;
    let state = bob
        .recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    assert!(
        matches!(state, ServerMsg::State { version: v, .. } if v == version),
        "Ann's move after her logout was taken: {state:?}"
    );

    // A password change: the session it was made with stays, every other one closes.
    let (_, body) = log_in(addr, "Ann", PASSWORD).await;
    let other = body["token"].as_str().unwrap().to_owned();
    let (_, body) = log_in(addr, "Ann", PASSWORD).await;
    let this = body["token"].as_str().unwrap().to_owned();
    let mut ann = Player::join_as(&url, "Ann", Some(&other)).await;
    let new_password = "another long password";
    let change = json!({"password": PASSWORD, "new_password": new_password});
    let (status, _) = post(addr, "/api/account/password", Some(&this), change).await;
    assert_eq!(status, 204);
    nothing_after_the_end(&mut ann, None, "a password change").await;
    token_refused(&url, &other).await;
    assert_eq!(get(addr, "/api/account", Some(&this)).await.0, 200);

    // Deleting the account closes the connection of the session it was deleted with too.
    let mut ann = Player::join_as(&url, "Ann", Some(&this)).await;
    let confirm = json!({ "password": new_password });
    let (status, _) = post(addr, "/api/account/delete", Some(&this), confirm).await;
    assert_eq!(status, 204);
    nothing_after_the_end(&mut ann, None, "the account's deletion").await;

    // A session unused for too long expires, and its connection closes with it.
    let (dora_id, dora_token) = sign_up(addr, None, "Dora", PASSWORD).await;
    let mut dora = Player::join_as(&url, "Dora", Some(&dora_token)).await;
    sqlx::query("UPDATE nimmt_sessions SET last_seen_at = 0 WHERE player_id = $1")
        .bind(dora_id)
        .execute(srv.store.pool())
        .await
        .unwrap();
    let (_, close) = to_close(&mut dora.client, 10).await;
    assert_eq!(close, Some(CloseReason::SessionEnded.code()), "expiry");
    token_refused(&url, &dora_token).await;

    // A ban (last: it keeps new guests from this address): the `banned` error, then the same
    // close.
    let olga = Player::join(&url, "Olga").await;
    assert!(operators::grant(srv.store.pool(), &olga.me.player)
        .await
        .unwrap());
    let mut carl = Player::join(&url, "Carl").await;
    let ban = json!({"player": carl.me.player, "kind": "ban", "reason": "cheating", "minutes": 5});
    let (status, _) = post(addr, "/api/admin/sanctions", Some(&olga.me.token), ban).await;
    assert_eq!(status, 200);
    let m = carl
        .recv_until(|m| matches!(m, ServerMsg::Error { .. }))
        .await;
    assert!(
        matches!(
            m,
            ServerMsg::Error {
                code: ErrorCode::Banned,
                ..
            }
        ),
        "{m:?}"
    );
    nothing_after_the_end(&mut carl, None, "a ban").await;

    // No chat line of theirs reached the lobby, no table of theirs was opened.
    bob.send(ClientMsg::Chat {
        table: None,
        text: "anyone?".into(),
    })
    .await;
    bob.recv_until(|m| matches!(m, ServerMsg::Chat { text, .. } if text == "anyone?"))
        .await;
    assert!(
        !bob.log.iter().any(|l| l.contains("still here after")),
        "a line after the end was heard"
    );
    assert_eq!(tables(addr).await, listed);
    srv.stop().await;
    db.drop_schema().await;
}
on_both!(
    ends_close_connections,
    an_ended_session_closes_its_connection_on_sqlite,
    an_ended_session_closes_its_connection_on_postgres
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_logout_on_one_node_closes_the_connection_on_another() {
    let db = Db::postgres().await;
    let prefix = common::nodes::prefix();
    let (a, _) = common::nodes::node(&db, &prefix, "a").await;
    let (b, url_b) = common::nodes::node(&db, &prefix, "b").await;
    let (_, token) = sign_up(a.addr, None, "Ann", PASSWORD).await;
    let mut ann = Player::join_as(&url_b, "Ann", Some(&token)).await;
    let started = std::time::Instant::now();
    let (status, _) = post(a.addr, "/api/account/logout", Some(&token), json!({})).await;
    assert_eq!(status, 204);
    let (_, close) = to_close(&mut ann.client, 5).await;
    assert_eq!(close, Some(CloseReason::SessionEnded.code()));
    let took = started.elapsed();
    println!("logout on node a: the connection on node b closed {took:?} after the request");
    assert!(took < Duration::from_secs(2), "closed after {took:?}");
    token_refused(&url_b, &token).await;
    a.stop().await;
    b.stop().await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_keeps_sending_unread_gets_its_close_frame() {
    let db = Db::sqlite();
    let mut config = common::config(&db);
    // A budget that lets one client ask for far more than it reads.
    config.limits.burst = 100_000.0;
    config.limits.per_second = 100_000.0;
    config.limits.tables_per_identity = 0;
    config.limits.close_grace = Duration::from_millis(300);
    let (srv, url) = common::server_with(config).await;
    let mut mallory = Player::join(&url, "Mallory").await;
    for _ in 0..40 {
        mallory.create(&[], Some(2)).await;
    }
    let mut c = mallory.client;
    // Asks for the long table list for 3 s without reading a frame (longer than the server's
    // closing grace), then reads.
    let until = tokio::time::Instant::now() + Duration::from_secs(3);
    while tokio::time::Instant::now() < until {
        let send = c.socket.send(Message::text(r#"{"type":"list_tables"}"#));
        match tokio::time::timeout_at(until, send).await {
            Ok(Ok(())) => {}
            Ok(Err(_)) | Err(_) => break,
        }
    }
    let (texts, close) = to_close(&mut c, 30).await;
    assert_eq!(
        close,
        Some(CloseReason::SlowReader.code()),
        "{} frames, then no close frame",
        texts.len()
    );
    srv.stop().await;
}
