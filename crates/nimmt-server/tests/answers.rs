//! Every answer the documented one (`docs/protocol.md`): what a kick means, races answered
//! `stale` (also for a version the table has not reached), keys given twice refused as
//! `malformed`, a connection without `hello` closed with 4004, a slow reader's close frame
//! 4003 even when it reads slowly.

mod common;

use common::{ann_and_bob, config, server, server_with, Db, Player};
use futures_util::StreamExt;
use nimmt_protocol::{ClientMsg, CloseReason, ErrorCode, Role, ServerMsg};
use nimmt_server::client::Client;
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// Waits for the answer to request `id`: `ack`, the acknowledging `update`, or the refusal.
async fn answer(p: &mut Player, id: u64) -> ServerMsg {
    p.recv_until(|m| {
        matches!(m, ServerMsg::Ack { id: i } if *i == id)
            || matches!(m, ServerMsg::Update { ack: Some(a), .. } if *a == id)
            || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
    })
    .await
}

fn code_of(m: &ServerMsg) -> Option<ErrorCode> {
    match m {
        ServerMsg::Error { code, .. } => Some(*code),
        _ => None,
    }
}

fn key_of(m: &ServerMsg) -> Option<&str> {
    match m {
        ServerMsg::Error { text, .. } => Some(text.key.as_str()),
        _ => None,
    }
}

async fn join(p: &mut Player, table: u64, role: Role) -> ServerMsg {
    p.table = table;
    let id = p
        .send(ClientMsg::Join {
            table,
            role,
            invite: None,
        })
        .await;
    answer(p, id).await
}

/// Reads until the server closes: the text frames, and the close frame's code, if any.
async fn read_to_close(c: &mut Client, secs: u64, pause: Duration) -> (usize, Option<u16>) {
    let mut texts = 0;
    let mut close = None;
    let _ = tokio::time::timeout(Duration::from_secs(secs), async {
        while let Some(m) = c.socket.next().await {
            match m {
                Ok(Message::Text(_)) => {
                    texts += 1;
                    if !pause.is_zero() {
                        tokio::time::sleep(pause).await;
                    }
                }
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kicked_player_may_watch_but_never_play_at_that_table_again() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 3).await;

    // Before the start: the seat goes, and Bob may not sit down again, but may watch.
    assert!(matches!(
        ann.command("/kick Bob").await,
        ServerMsg::Ack { .. }
    ));
    let m = join(&mut bob, table, Role::Player).await;
    assert_eq!(code_of(&m), Some(ErrorCode::SentAway), "{m:?}");
    assert_eq!(key_of(&m), Some("sent_away"));
    let m = join(&mut bob, table, Role::Spectator).await;
    assert!(matches!(m, ServerMsg::Ack { .. }), "{m:?}");
    let m = bob.command("/join").await;
    assert_eq!(code_of(&m), Some(ErrorCode::SentAway), "{m:?}");

    // In a running game: a bot keeps Carol's seat; she may watch under her name, not play.
    let mut carol = Player::join(&url, "Carol").await;
    carol.sit(table).await;
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    assert!(matches!(
        ann.command("/kick Carol").await,
        ServerMsg::Ack { .. }
    ));
    let m = join(&mut carol, table, Role::Spectator).await;
    assert!(matches!(m, ServerMsg::Ack { .. }), "{m:?}");
    let m = join(&mut carol, table, Role::Player).await;
    assert_eq!(code_of(&m), Some(ErrorCode::SentAway), "{m:?}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_the_table_has_not_reached_is_stale_and_says_so() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, _table) = ann_and_bob(&url, &[], 2).await;
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    bob.recv_until(|m| matches!(m, ServerMsg::State { view: Some(_), .. }))
        .await;
    let action = ann.choice().expect("Ann is asked");
    let ahead = ann.version + 5;
    let m = ann.act_answer(ahead, action).await;
    assert_eq!(code_of(&m), Some(ErrorCode::Stale), "{m:?}");
    assert_eq!(key_of(&m), Some("stale_future"), "{m:?}");
    let ServerMsg::Error { text, .. } = &m else {
        unreachable!()
    };
    assert!(text.text.contains("has not reached"), "{}", text.text);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_given_twice_are_malformed() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    for (id, text) in [
        (41, r#"{"id":41,"type":"ping","type":"hello"}"#),
        (
            42,
            r#"{"id":42,"type":"list_tables","subscribe":false,"subscribe":true}"#,
        ),
        (
            43,
            r#"{"id":43,"type":"act","table":1,"version":1,"action":{"type":"play","card":3,"card":4}}"#,
        ),
    ] {
        ann.client.send_raw(text).await.unwrap();
        let m = ann
            .recv_until(|m| {
                matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
                    || matches!(m, ServerMsg::Pong { id: Some(i) } if *i == id)
                    || matches!(m, ServerMsg::Ack { id: i } if *i == id)
            })
            .await;
        assert_eq!(code_of(&m), Some(ErrorCode::Malformed), "{text}: {m:?}");
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_never_says_hello_is_closed_with_4004() {
    let db = Db::sqlite();
    let mut config = config(&db);
    config.limits.hello_within = Duration::from_millis(400);
    let (srv, url) = server_with(config).await;
    let mut silent = Client::connect(&url).await.unwrap();
    // A ping is answered, but is no hello.
    silent.send_raw(r#"{"id":1,"type":"ping"}"#).await.unwrap();
    let (texts, close) = read_to_close(&mut silent, 10, Duration::ZERO).await;
    assert_eq!(texts, 1, "the pong");
    assert_eq!(close, Some(CloseReason::NoHello.code()));
    assert_eq!(CloseReason::NoHello.code(), 4004);
    // Who says hello in time stays.
    let mut ann = Player::join(&url, "Ann").await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    let id = ann.send(ClientMsg::Ping {}).await;
    let m = ann
        .recv_until(|m| matches!(m, ServerMsg::Pong { .. }))
        .await;
    assert_eq!(m, ServerMsg::Pong { id: Some(id) });
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_reader_gets_its_close_frame_even_reading_slowly() {
    let db = Db::sqlite();
    let mut config = config(&db);
    config.limits.burst = 100_000.0;
    config.limits.per_second = 100_000.0;
    config.limits.tables_per_identity = 0;
    // Closing answers are quick; only a slow reader waits longer for its close frame.
    config.limits.close_grace = Duration::from_millis(300);
    let (srv, url) = server_with(config).await;
    let mut mallory = Player::join(&url, "Mallory").await;
    for _ in 0..40 {
        mallory.create(&[], Some(2)).await;
    }
    let mut c = mallory.client;
    for _ in 0..3000 {
        if c.send_raw(r#"{"type":"list_tables"}"#).await.is_err() {
            break;
        }
    }
    tokio::time::sleep(Duration::from_millis(1000)).await;
    // It reads what was sent, slowly (longer than the closing grace), and then the close frame.
    let (texts, close) = read_to_close(&mut c, 25, Duration::from_millis(20)).await;
    assert!(texts > 15, "{texts} frames read");
    assert_eq!(
        close,
        Some(CloseReason::SlowReader.code()),
        "{texts} frames"
    );
    srv.stop().await;
}

// ---- a buffalo window changed by a teammate's use ----

fn legal(m: &ServerMsg) -> Option<&Vec<Value>> {
    match m {
        ServerMsg::State { legal, .. } | ServerMsg::Update { legal, .. } => Some(legal),
        _ => None,
    }
}

/// The uses of special cards among `legal` (not the passes).
fn uses(legal: &[Value]) -> Vec<Value> {
    legal
        .iter()
        .filter(|a| {
            !matches!(
                a["type"].as_str(),
                Some("pass" | "pass_card" | "pass_game" | "play" | "take_row" | "ask_again")
            )
        })
        .cloned()
        .collect()
}

/// A member: its latest legal actions and version.
struct Member {
    p: Player,
    legal: Vec<Value>,
}

impl Member {
    /// Reads what arrives within `ms` milliseconds, keeping the latest legal actions.
    async fn settle(&mut self, ms: u64) {
        while let Ok(m) = tokio::time::timeout(Duration::from_millis(ms), self.p.recv()).await {
            if let Some(l) = legal(&m) {
                self.legal = l.clone();
            }
            if let ServerMsg::Error { .. } = &m {
                panic!("refused: {m:?}");
            }
        }
    }

    /// Plays a card or takes a row when asked to (not in windows).
    async fn routine(&mut self) -> bool {
        let Some(a) = self
            .legal
            .iter()
            .find(|a| matches!(a["type"].as_str(), Some("play" | "take_row")))
            .cloned()
        else {
            return false;
        };
        self.act(self.p.version, a).await;
        true
    }

    /// Sends `action` as of `version`; returns the answer.
    async fn act(&mut self, version: u64, action: Value) -> ServerMsg {
        let m = self.p.act_answer(version, action).await;
        if let Some(l) = legal(&m) {
            self.legal = l.clone();
        }
        m
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_answered_after_a_teammates_use_changed_it_is_stale() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut raced = 0;
    for _game in 0..12 {
        let mut ann = Player::join(&url, "Ann").await;
        ann.send(ClientMsg::CreateTable {
            game: "buffalo".parse().unwrap(),
            options: Default::default(),
            seats: Some(2),
        })
        .await;
        ann.recv_until(|m| matches!(m, ServerMsg::State { .. }))
            .await;
        let table = ann.table;
        let mut bob = Player::join(&url, "Bob").await;
        bob.sit(table).await;
        assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
        let (mut ann, mut bob) = (
            Member {
                p: ann,
                legal: Vec::new(),
            },
            Member {
                p: bob,
                legal: Vec::new(),
            },
        );
        for _turn in 0..200 {
            ann.settle(60).await;
            bob.settle(60).await;
            if ann.p.over() {
                break;
            }
            let (ann_uses, bob_uses) = (uses(&ann.legal), uses(&bob.legal));
            if !ann_uses.is_empty() && !bob_uses.is_empty() && ann.p.version == bob.p.version {
                // A window asks both: Ann uses a card first, then Bob answers the window as he
                // saw it, with Ann's use (now gone, or no longer legal for him).
                let seen = bob.p.version;
                let use_of_ann = ann_uses[0].clone();
                let m = ann.act(ann.p.version, use_of_ann.clone()).await;
                assert!(matches!(m, ServerMsg::Update { .. }), "{m:?}");
                bob.settle(60).await;
                if bob.legal.contains(&use_of_ann) {
                    // Still legal for Bob (another card of the same kind): no race here.
                    continue;
                }
                let m = bob.act(seen, use_of_ann).await;
                assert_eq!(code_of(&m), Some(ErrorCode::Stale), "{m:?}");
                raced += 1;
                break;
            }
            // Otherwise: pass before this card (asked again at the next), play cards, take rows.
            for who in [&mut ann, &mut bob] {
                if !who.routine().await && who.legal.iter().any(|a| a["type"] == "pass") {
                    who.act(who.p.version, json!({"type": "pass_card"})).await;
                }
            }
        }
        if raced > 0 {
            break;
        }
    }
    assert!(raced > 0, "no window asked both members in 12 games");
    srv.stop().await;
}
