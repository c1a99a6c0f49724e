//! Protocol consistency: one answer per request id, `left` once, the right error for unknown
//! tables, 0-based seats, the cap on tables per identity, and watching after leaving.

mod common;

use common::{ann_and_bob, config, server, server_with, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, Role, ServerMsg, TableState};
use serde_json::json;

/// Whether `m` answers request `id`.
fn answers(m: &ServerMsg, id: u64) -> bool {
    match m {
        ServerMsg::Ack { id: i } => *i == id,
        ServerMsg::Error { id: Some(i), .. } => *i == id,
        ServerMsg::Pong { id: Some(i) } => *i == id,
        ServerMsg::Welcome { id: Some(i), .. } => *i == id,
        ServerMsg::Update { ack: Some(i), .. } => *i == id,
        _ => false,
    }
}

/// Every message `p` got since `from` in its log.
fn since(p: &Player, from: usize) -> Vec<ServerMsg> {
    p.log[from..]
        .iter()
        .map(|t| serde_json::from_str(t).unwrap())
        .collect()
}

/// Sends `msg`, reads what arrives, and returns the one answer to it (there must be exactly
/// one) with everything that arrived before it.
async fn one_answer(p: &mut Player, msg: ClientMsg) -> (ServerMsg, Vec<ServerMsg>) {
    let from = p.log.len();
    let id = p.send(msg.clone()).await;
    // Wait for the answer (a loaded machine may take a while), then for anything after it.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    while !since(p, from).iter().any(|m| answers(m, id)) && tokio::time::Instant::now() < deadline {
        p.drain(100).await;
    }
    p.drain(300).await;
    let got = since(p, from);
    let hits: Vec<usize> = (0..got.len()).filter(|&i| answers(&got[i], id)).collect();
    assert_eq!(hits.len(), 1, "{msg:?} gets one answer: {got:?}");
    (got[hits[0]].clone(), got[..hits[0]].to_vec())
}

/// The table of the last `state` `p` got since `from` in its log, waiting for one if none came yet (the table's state
/// and the lobby's answer come from two actors, in either order).
async fn last_table(p: &mut Player, from: usize) -> u64 {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    while !since(p, from)
        .iter()
        .any(|m| matches!(m, ServerMsg::State { .. }))
        && tokio::time::Instant::now() < deadline
    {
        p.drain(100).await;
    }
    since(p, from)
        .into_iter()
        .rev()
        .find_map(|m| match m {
            ServerMsg::State { table, .. } => Some(table.id),
            _ => None,
        })
        .expect("a state")
}

fn error_code(m: &ServerMsg) -> Option<ErrorCode> {
    match m {
        ServerMsg::Error { code, .. } => Some(*code),
        _ => None,
    }
}

fn chat(table: u64, text: &str) -> ClientMsg {
    ClientMsg::Chat {
        table: Some(table),
        text: text.into(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_with_an_id_gets_exactly_one_answer() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    // hello: `welcome` echoes its id, and nothing else does.
    let mut c = nimmt_server::client::Client::connect(&url).await.unwrap();
    let hello = ClientMsg::Hello {
        protocol: nimmt_protocol::PROTOCOL_VERSION,
        name: "Cid".into(),
        token: None,
        lang: Lang::En,
    };
    let id = c.send(hello).await.unwrap();
    match c.recv().await.unwrap() {
        ServerMsg::Welcome { id: Some(i), .. } => assert_eq!(i, id),
        m => panic!("{m:?}"),
    }
    let quiet = tokio::time::timeout(std::time::Duration::from_millis(300), c.recv()).await;
    assert!(quiet.is_err(), "nothing more after welcome: {quiet:?}");

    let (a, _) = one_answer(&mut ann, ClientMsg::Ping {}).await;
    assert!(matches!(a, ServerMsg::Pong { .. }));
    let (a, before) = one_answer(&mut ann, ClientMsg::ListTables { subscribe: false }).await;
    assert!(matches!(a, ServerMsg::Ack { .. }), "{a:?}");
    assert!(matches!(before.last(), Some(ServerMsg::Tables { .. })));

    let create = ClientMsg::CreateTable {
        game: "classic".parse().unwrap(),
        options: Default::default(),
        seats: Some(3),
    };
    let from = ann.log.len();
    let (a, _) = one_answer(&mut ann, create).await;
    assert!(matches!(a, ServerMsg::Ack { .. }), "{a:?}");
    // The creator got the table's state.
    let table = last_table(&mut ann, from).await;
    ann.table = table;

    // Chat and the chat commands: sit, option, bot add and remove, start, unknown ones.
    for line in [
        "hello",
        "/option timer=30",
        "/bot add",
        "/bot remove",
        "/who",
    ] {
        let (a, _) = one_answer(&mut ann, chat(table, line)).await;
        assert!(matches!(a, ServerMsg::Ack { .. }), "{line}: {a:?}");
    }
    for line in ["/nonsense", "/option timer=abc", "/join"] {
        let (a, _) = one_answer(&mut ann, chat(table, line)).await;
        assert!(error_code(&a).is_some(), "{line}: {a:?}");
    }
    let (a, _) = one_answer(
        &mut ann,
        ClientMsg::Chat {
            table: None,
            text: "lobby".into(),
        },
    )
    .await;
    assert!(matches!(a, ServerMsg::Ack { .. }));

    // join: the state first, then `ack`.
    let mut bob = Player::join(&url, "Bob").await;
    let join = ClientMsg::Join {
        table,
        role: Role::Player,
        invite: None,
    };
    let (a, before) = one_answer(&mut bob, join.clone()).await;
    assert!(matches!(a, ServerMsg::Ack { .. }), "{a:?}");
    assert!(
        before
            .iter()
            .any(|m| matches!(m, ServerMsg::State { you, .. } if you.seat.is_some())),
        "{before:?}"
    );
    // Joining again: the state again, one answer.
    let (a, _) = one_answer(&mut bob, join).await;
    assert!(matches!(a, ServerMsg::Ack { .. }), "{a:?}");
    for line in ["/leave", "/join"] {
        let (a, _) = one_answer(&mut bob, chat(table, line)).await;
        assert!(matches!(a, ServerMsg::Ack { .. }), "{line}: {a:?}");
    }
    // resync: the state, then `ack`.
    let (a, before) = one_answer(&mut bob, ClientMsg::Resync { table }).await;
    assert!(matches!(a, ServerMsg::Ack { .. }), "{a:?}");
    assert!(matches!(before.last(), Some(ServerMsg::State { .. })));

    // A move before the start, then the start, then a move: `update` with `ack`.
    let act = |version, action| ClientMsg::Act {
        table,
        version,
        action,
    };
    let v = ann.version;
    let (a, _) = one_answer(&mut ann, act(v, json!({"type": "play", "card": 1}))).await;
    assert_eq!(error_code(&a), Some(ErrorCode::NotStarted));
    let (a, _) = one_answer(&mut ann, chat(table, "/start")).await;
    assert!(matches!(a, ServerMsg::Ack { .. }), "{a:?}");
    ann.drain(200).await;
    let action = ann.choice().expect("asked after the start");
    let v = ann.version;
    let (a, _) = one_answer(&mut ann, act(v, action)).await;
    assert!(matches!(a, ServerMsg::Update { .. }), "{a:?}");
    let v = ann.version;
    let (a, _) = one_answer(&mut ann, act(v, json!({"type": "fly"}))).await;
    assert!(error_code(&a).is_some(), "{a:?}");

    // Unknown tables: `no_such_table` for every request about one.
    for msg in [
        act(1, json!({"type": "take_row", "row": 0})),
        ClientMsg::Resync { table: 9999 },
        ClientMsg::Leave { table: 9999 },
        chat(9999, "hi"),
        ClientMsg::Join {
            table: 9999,
            role: Role::Spectator,
            invite: None,
        },
    ] {
        let msg = match msg {
            ClientMsg::Act {
                version, action, ..
            } => ClientMsg::Act {
                table: 9999,
                version,
                action,
            },
            m => m,
        };
        let (a, _) = one_answer(&mut bob, msg.clone()).await;
        assert_eq!(
            error_code(&a),
            Some(ErrorCode::NoSuchTable),
            "{msg:?}: {a:?}"
        );
    }

    // leave: `left` once, then `ack`; after it the table is known but not ours.
    let (a, before) = one_answer(&mut bob, ClientMsg::Leave { table }).await;
    assert!(matches!(a, ServerMsg::Ack { .. }), "{a:?}");
    let lefts = before
        .iter()
        .filter(|m| matches!(m, ServerMsg::Left { .. }))
        .count();
    assert_eq!(lefts, 1, "{before:?}");
    for msg in [
        ClientMsg::Leave { table },
        ClientMsg::Resync { table },
        act(1, json!({"type": "take_row", "row": 0})),
    ] {
        let (a, _) = one_answer(&mut bob, msg.clone()).await;
        assert_eq!(
            error_code(&a),
            Some(ErrorCode::NotAtTable),
            "{msg:?}: {a:?}"
        );
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leave_sends_left_once() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 3).await;
    let from = bob.log.len();
    bob.send(ClientMsg::Leave { table }).await;
    bob.drain(300).await;
    let got = since(&bob, from);
    assert_eq!(
        got.iter()
            .filter(|m| matches!(m, ServerMsg::Left { table: t } if *t == table))
            .count(),
        1,
        "{got:?}"
    );
    // Sent away by the host: `left` once as well.
    bob.sit(table).await;
    let from = bob.log.len();
    ann.command("/kick Bob").await;
    bob.drain(300).await;
    let got = since(&bob, from);
    assert_eq!(
        got.iter()
            .filter(|m| matches!(m, ServerMsg::Left { .. }))
            .count(),
        1,
        "{got:?}"
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_joined_notice_counts_seats_from_zero() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(3)).await;
    let mut bob = Player::join_as_lang(&url, "Bob", Lang::De).await;
    bob.sit(table).await;
    let notice = |p: &Player| -> Vec<nimmt_protocol::Text> {
        since(p, 0)
            .into_iter()
            .filter_map(|m| match m {
                ServerMsg::Notice { text, .. } if text.key == "joined" => Some(text),
                _ => None,
            })
            .collect()
    };
    ann.drain(200).await;
    bob.drain(200).await;
    let en = notice(&ann);
    assert_eq!(en.len(), 1, "{en:?}");
    assert_eq!(en[0].params["seat"], "1", "Ann has seat 0, Bob seat 1");
    assert_eq!(en[0].text, "Bob sits down (seat 1).");
    let de = notice(&bob);
    assert_eq!(de[0].text, "Bob setzt sich (Platz 1).");
    // The same number as the seat in the state.
    let seat =
        bob.log
            .iter()
            .rev()
            .find_map(|t| match serde_json::from_str::<ServerMsg>(t).unwrap() {
                ServerMsg::State { you, .. } => you.seat,
                _ => None,
            });
    assert_eq!(seat.map(|s| s.0), Some(1));
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_tables_per_identity_are_capped() {
    let db = Db::sqlite();
    let mut cfg = config(&db);
    cfg.limits.tables_per_identity = 2;
    let (srv, url) = server_with(cfg).await;
    let mut ann = Player::join_as_lang(&url, "Ann", Lang::De).await;
    let create = || ClientMsg::CreateTable {
        game: "classic".parse().unwrap(),
        options: Default::default(),
        seats: None,
    };
    let mut tables = Vec::new();
    for _ in 0..2 {
        let from = ann.log.len();
        let (a, _) = one_answer(&mut ann, create()).await;
        assert!(matches!(a, ServerMsg::Ack { .. }), "{a:?}");
        tables.push(last_table(&mut ann, from).await);
    }
    let (a, _) = one_answer(&mut ann, create()).await;
    match &a {
        ServerMsg::Error { code, text, .. } => {
            assert_eq!(*code, ErrorCode::RateLimited);
            assert_eq!(text.key, "too_many_tables");
            assert_eq!(text.params["max"], "2");
            assert!(text.text.contains("Gastgeber"), "{}", text.text);
        }
        m => panic!("{m:?}"),
    }
    // Another identity is not affected.
    let mut bob = Player::join(&url, "Bob").await;
    let (a, _) = one_answer(&mut bob, create()).await;
    assert!(matches!(a, ServerMsg::Ack { .. }), "{a:?}");
    // Ann closes one of hers (she leaves; the empty table closes): she may open another.
    one_answer(&mut ann, ClientMsg::Leave { table: tables[0] }).await;
    let mut ok = false;
    for _ in 0..20 {
        let (a, _) = one_answer(&mut ann, create()).await;
        if matches!(a, ServerMsg::Ack { .. }) {
            ok = true;
            break;
        }
    }
    assert!(ok, "a closed table no longer counts");
    srv.stop().await;

    // 0: no cap.
    let db = Db::sqlite();
    let mut cfg = config(&db);
    cfg.limits.tables_per_identity = 0;
    let (srv, url) = server_with(cfg).await;
    let mut ann = Player::join(&url, "Ann").await;
    for _ in 0..7 {
        let (a, _) = one_answer(&mut ann, create()).await;
        assert!(matches!(a, ServerMsg::Ack { .. }), "{a:?}");
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leaver_watches_the_running_game_and_a_finished_table_can_be_watched() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &["deals=1", "hand_size=3"], 2).await;
    ann.command("/start").await;
    bob.recv_until(|m| matches!(m, ServerMsg::State { view: Some(_), .. }))
        .await;
    bob.send(ClientMsg::Leave { table }).await;
    bob.recv_until(|m| matches!(m, ServerMsg::Left { .. }))
        .await;
    // Bob comes back as a spectator: his old seat (a bot plays it) keeps his name.
    let (a, before) = one_answer(
        &mut bob,
        ClientMsg::Join {
            table,
            role: Role::Spectator,
            invite: None,
        },
    )
    .await;
    assert!(matches!(a, ServerMsg::Ack { .. }), "{a:?}");
    let state = before
        .iter()
        .rev()
        .find(|m| matches!(m, ServerMsg::State { .. }));
    match state {
        Some(ServerMsg::State {
            you, table: info, ..
        }) => {
            assert_eq!(you.role, Role::Spectator);
            assert_eq!(you.seat, None);
            assert_eq!(info.state, TableState::Playing);
        }
        m => panic!("{m:?}"),
    }
    // He cannot sit down again in the running game.
    let (a, _) = one_answer(&mut bob, chat(table, "/join")).await;
    assert_eq!(error_code(&a), Some(ErrorCode::AlreadyStarted));

    ann.play_to_end().await;
    bob.watch_to_end().await;
    // A finished table can be watched by anyone while it is open.
    let mut eve = Player::join(&url, "Eve").await;
    let (a, before) = one_answer(
        &mut eve,
        ClientMsg::Join {
            table,
            role: Role::Spectator,
            invite: None,
        },
    )
    .await;
    assert!(matches!(a, ServerMsg::Ack { .. }), "{a:?}");
    match before
        .iter()
        .rev()
        .find(|m| matches!(m, ServerMsg::State { .. }))
    {
        Some(ServerMsg::State { table: info, .. }) => {
            assert_eq!(info.state, TableState::Finished)
        }
        m => panic!("{m:?}"),
    }
    srv.stop().await;
}
