//! Malformed, stale, out-of-turn, replayed, not-allowed and flooding messages: each gets a typed
//! error and changes nothing. And the Origin check on the WebSocket upgrade.

mod common;

use common::{ann_and_bob, server, server_with, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, ServerMsg};
use nimmt_server::client::Client;
use serde_json::{json, Value};

fn code(m: &ServerMsg) -> Option<ErrorCode> {
    match m {
        ServerMsg::Error { code, .. } => Some(*code),
        _ => None,
    }
}

/// Sends a chat command that must be refused with `expected`.
async fn refused(p: &mut Player, command: &str, expected: ErrorCode) {
    let m = p.command(command).await;
    assert_eq!(code(&m), Some(expected), "{command}: {m:?}");
}

async fn next_error(p: &mut Player) -> ServerMsg {
    p.recv_until(|m| matches!(m, ServerMsg::Error { .. })).await
}

/// The table as `p` sees it now (version and view), fetched by resync.
async fn snapshot(p: &mut Player) -> (u64, Option<Value>) {
    let table = p.table;
    p.send(ClientMsg::Resync { table }).await;
    match p.recv_until(|m| matches!(m, ServerMsg::State { .. })).await {
        ServerMsg::State { version, view, .. } => (version, view),
        _ => unreachable!(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_gets_typed_errors_and_the_connection_stays() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut c = Client::connect(&url).await.unwrap();
    // Before hello only hello counts.
    c.send(ClientMsg::Ping {}).await.unwrap();
    assert!(matches!(c.recv().await.unwrap(), ServerMsg::Pong { .. }));
    c.send(ClientMsg::Resync { table: 1 }).await.unwrap();
    assert_eq!(code(&c.recv().await.unwrap()), Some(ErrorCode::HelloFirst));
    for junk in [
        "not json",
        "{}",
        r#"{"type":"teleport"}"#,
        r#"{"type":"act","table":"x","version":1,"action":{}}"#,
        r#"{"type":"ping","sneaky":true}"#,
        r#"{"id":-4,"type":"ping"}"#,
        "[1,2,3]",
    ] {
        c.send_raw(junk).await.unwrap();
        let m = c.recv().await.unwrap();
        assert_eq!(code(&m), Some(ErrorCode::Malformed), "{junk}: {m:?}");
    }
    // Too large for the protocol, but within the socket's limit: an error, and still open.
    c.send_raw(format!(
        r#"{{"type":"chat","text":"{}"}}"#,
        "x".repeat(9000)
    ))
    .await
    .unwrap();
    assert_eq!(code(&c.recv().await.unwrap()), Some(ErrorCode::TooLarge));
    // Bad names and protocol versions.
    c.send(ClientMsg::Hello {
        protocol: 99,
        name: "Ann".into(),
        token: None,
        lang: Lang::En,
    })
    .await
    .unwrap();
    assert_eq!(code(&c.recv().await.unwrap()), Some(ErrorCode::Protocol));
    let e = c.hello("\u{1b}[2J", None, Lang::En).await.unwrap_err();
    assert!(e.to_string().contains("BadName"), "{e}");
    let me = c.hello("Ann", None, Lang::De).await.unwrap();
    assert_eq!(me.name, "Ann");
    // Texts come in the client's language.
    c.send_raw("{").await.unwrap();
    match c.recv().await.unwrap() {
        ServerMsg::Error { text, .. } => assert!(
            text.text.starts_with("Unlesbare Nachricht"),
            "{}",
            text.text
        ),
        m => panic!("{m:?}"),
    }
    // Far beyond the socket's frame limit: the connection is closed.
    c.send_raw("y".repeat(200_000)).await.ok();
    let closed = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        while let Ok(Some(_)) = c.recv_raw().await {}
    })
    .await;
    assert!(closed.is_ok());
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_out_of_turn_replayed_and_illegal_moves_change_nothing() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 2).await;
    // Moves before the start.
    let id = ann
        .send(ClientMsg::Act {
            table,
            version: ann.version,
            action: json!({"type": "play", "card": 1}),
        })
        .await;
    assert!(
        matches!(next_error(&mut ann).await, ServerMsg::Error { code: ErrorCode::NotStarted, id: Some(i), .. } if i == id)
    );
    ann.command("/start").await;
    bob.recv_until(|m| matches!(m, ServerMsg::State { view: Some(_), .. }))
        .await;

    let before = snapshot(&mut ann).await;
    let hand = ann.typed_view().unwrap().hand;
    let not_mine = (1..=104u8)
        .find(|c| !hand.iter().any(|h| h.number() == *c))
        .unwrap();
    let v = ann.version;
    let bad: Vec<(Value, u64, ErrorCode)> = vec![
        (
            json!({"type": "play", "card": not_mine}),
            v,
            ErrorCode::IllegalAction,
        ),
        (json!({"type": "play", "card": 0}), v, ErrorCode::Malformed),
        (
            json!({"type": "take_row", "row": 1}),
            v,
            ErrorCode::IllegalAction,
        ),
        (json!({"type": "fly"}), v, ErrorCode::Malformed),
        (json!("play"), v, ErrorCode::Malformed),
        (
            json!({"type": "play", "card": hand[0].number()}),
            v + 5,
            ErrorCode::Stale,
        ),
    ];
    for (action, version, expected) in bad {
        ann.send(ClientMsg::Act {
            table,
            version,
            action: action.clone(),
        })
        .await;
        let m = next_error(&mut ann).await;
        assert_eq!(code(&m), Some(expected), "{action}: {m:?}");
    }
    assert_eq!(snapshot(&mut ann).await, before, "nothing changed");

    // A good move, then the same message again (replayed): refused, nothing changes.
    let play = ClientMsg::Act {
        table,
        version: v,
        action: json!({"type": "play", "card": hand[0].number()}),
    };
    ann.send(play.clone()).await;
    ann.recv_until(|m| matches!(m, ServerMsg::Update { .. }))
        .await;
    let after_one = snapshot(&mut ann).await;
    ann.send(play.clone()).await;
    assert_eq!(
        code(&next_error(&mut ann).await),
        Some(ErrorCode::NotYourTurn)
    );
    assert_eq!(snapshot(&mut ann).await, after_one);

    // Bob plays: a new turn; Ann's old message is now stale.
    bob.recv_until(|m| matches!(m, ServerMsg::Update { .. }))
        .await;
    while bob.choice().is_some() {
        bob.act_first().await;
    }
    while ann.choice().is_none() {
        ann.recv().await;
    }
    let before = snapshot(&mut ann).await;
    ann.send(play).await;
    assert_eq!(code(&next_error(&mut ann).await), Some(ErrorCode::Stale));
    assert_eq!(snapshot(&mut ann).await, before);

    // A watcher cannot move; nobody can move at a table they are not at.
    let mut eve = Player::join(&url, "Eve").await;
    eve.watch(table).await;
    let version = eve.version;
    eve.send(ClientMsg::Act {
        table,
        version,
        action: json!({"type": "take_row", "row": 0}),
    })
    .await;
    assert_eq!(
        code(&next_error(&mut eve).await),
        Some(ErrorCode::NotSeated)
    );
    eve.send(ClientMsg::Act {
        table: table + 100,
        version,
        action: json!({"type": "take_row", "row": 0}),
    })
    .await;
    // A table that does not exist: `no_such_table` (a table one is not at: `not_at_table`).
    assert_eq!(
        code(&next_error(&mut eve).await),
        Some(ErrorCode::NoSuchTable)
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_check_who_may_use_them() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 3).await;
    let mut eve = Player::join(&url, "Eve").await;
    eve.watch(table).await;

    refused(&mut bob, "/option deck=tactic", ErrorCode::NotHost).await;
    refused(&mut bob, "/kick Ann", ErrorCode::NotHost).await;
    refused(&mut eve, "/start", ErrorCode::NotSeated).await;
    refused(&mut eve, "/bot add", ErrorCode::NotSeated).await;
    refused(&mut ann, "/dance", ErrorCode::UnknownCommand).await;
    refused(&mut ann, "/option deck", ErrorCode::BadCommand).await;
    refused(&mut ann, "/bot add wizard", ErrorCode::UnknownBot).await;
    match ann.command("/option deck=small").await {
        ServerMsg::Error { code, text, .. } => {
            assert_eq!(code, ErrorCode::BadOptions);
            assert_eq!(
                text.text,
                "small is no value for option deck: expected full or tactic."
            );
        }
        m => panic!("{m:?}"),
    }
    refused(&mut ann, "/option timer=forever", ErrorCode::BadOptions).await;
    assert!(matches!(
        ann.command("/option placement=both-ends").await,
        ServerMsg::Ack { .. }
    ));
    // The option is in the table's state for everyone.
    let m = bob
        .recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    if let ServerMsg::State { table, .. } = m {
        assert_eq!(table.options.get("placement"), Some("both-ends"));
    }
    // Eve sits down with /join; the table is full (3): a bot no longer fits.
    assert!(matches!(eve.command("/join").await, ServerMsg::Ack { .. }));
    refused(&mut ann, "/bot add", ErrorCode::TableFull).await;
    // The host sends Eve away.
    assert!(matches!(
        ann.command("/kick Eve").await,
        ServerMsg::Ack { .. }
    ));
    eve.recv_until(|m| matches!(m, ServerMsg::Left { .. }))
        .await;
    assert!(matches!(
        ann.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    // /who and /help answer the asker (before the acknowledgement).
    let seen = ann.log.len();
    assert!(matches!(ann.command("/who").await, ServerMsg::Ack { .. }));
    assert!(
        ann.log[seen..]
            .iter()
            .any(|t| t.contains("\"Players: Ann, Bob, Bot 1 (bot). Watching: nobody.\"")),
        "{:?}",
        &ann.log[seen..]
    );
    let seen = ann.log.len();
    assert!(matches!(ann.command("/help").await, ServerMsg::Ack { .. }));
    let help = ann.log[seen..]
        .iter()
        .find(|t| t.contains("\"key\":\"help\""))
        .expect("help notice");
    for usage in [
        "/join",
        "/leave",
        "/start",
        "/option KEY=VALUE",
        "/bot add [LEVEL | @BOT]",
        "/bot remove",
        "/kick NAME",
        "/who",
    ] {
        assert!(help.contains(usage), "{usage} in {help}");
    }
    ann.command("/start").await;
    refused(&mut ann, "/option deck=tactic", ErrorCode::AlreadyStarted).await;
    refused(&mut ann, "/bot remove", ErrorCode::AlreadyStarted).await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_tables_are_refused_with_the_reason() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    for (options, seats, reason) in [
        (
            vec!["colour=red"],
            None,
            "classic has no option colour (options: ",
        ),
        (
            vec!["fan=cow,mountain"],
            None,
            "The options fan=cow and fan=mountain cannot be combined.",
        ),
        (vec![], Some(11), "classic is for 2 to 10 players, not 11."),
        (
            vec!["timer=-1"],
            None,
            "-1 is no value for option timer: expected 0–3600.",
        ),
    ] {
        ann.send(ClientMsg::CreateTable {
            game: "classic".parse().unwrap(),
            options: nimmt_core::OptionMap::parse(options.iter().copied()).unwrap(),
            seats,
        })
        .await;
        match next_error(&mut ann).await {
            ServerMsg::Error { code, text, .. } => {
                assert_eq!(code, ErrorCode::BadOptions);
                assert!(text.text.starts_with(reason), "{} / {reason}", text.text);
            }
            m => panic!("{m:?}"),
        }
    }
    // Another game of the family, with its own seat range; and a game nimmt does not know.
    ann.client
        .send_raw(r#"{"type":"create_table","game":"help","seats":2}"#)
        .await
        .unwrap();
    match next_error(&mut ann).await {
        ServerMsg::Error { code, text, .. } => {
            assert_eq!(code, ErrorCode::BadOptions);
            assert_eq!(text.text, "help is for 3 to 5 players, not 2.");
        }
        m => panic!("{m:?}"),
    }
    ann.client
        .send_raw(r#"{"type":"create_table","game":"chess"}"#)
        .await
        .unwrap();
    assert_eq!(
        code(&next_error(&mut ann).await),
        Some(ErrorCode::Malformed)
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn floods_are_cut_off() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    ann.create(&[], Some(2)).await;
    // Chat: five lines in a burst, then the flood rule.
    let mut flood = 0;
    for i in 0..8 {
        let m = ann.command(&format!("hello {i}")).await;
        if code(&m) == Some(ErrorCode::Flood) {
            flood += 1;
        }
    }
    assert_eq!(flood, 3);
    // Messages: past the budget they are dropped with rate_limited, and a client that keeps on
    // is disconnected.
    let mut c = Client::connect(&url).await.unwrap();
    c.hello("Mallory", None, Lang::En).await.unwrap();
    for _ in 0..100 {
        c.send(ClientMsg::Ping {}).await.unwrap();
    }
    let mut pongs = 0;
    let mut limited = false;
    while let Ok(Ok(Some(t))) =
        tokio::time::timeout(std::time::Duration::from_millis(500), c.recv_raw()).await
    {
        match serde_json::from_str::<ServerMsg>(&t).unwrap() {
            ServerMsg::Pong { .. } => pongs += 1,
            ServerMsg::Error {
                code: ErrorCode::RateLimited,
                ..
            } => limited = true,
            _ => {}
        }
    }
    assert!(limited);
    for _ in 0..400 {
        if c.send(ClientMsg::Ping {}).await.is_err() {
            break;
        }
    }
    let closed = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        while let Ok(Some(_)) = c.recv_raw().await {}
    })
    .await;
    assert!(closed.is_ok(), "the flooding connection is closed");
    assert!(
        (50..100).contains(&pongs),
        "about the burst is answered: {pongs}"
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_upgrades_from_other_origins_are_refused() {
    let db = Db::sqlite();
    let mut config = common::config(&db);
    config.allowed_origins = vec!["http://localhost:5173".into()];
    let (srv, url) = server_with(config).await;
    let own = format!("http://{}", srv.addr);
    assert!(Client::connect_with(&url, Some("https://evil.example"))
        .await
        .is_err());
    assert!(Client::connect_with(&url, Some(&own)).await.is_ok());
    assert!(Client::connect_with(&url, Some("http://localhost:5173"))
        .await
        .is_ok());
    assert!(
        Client::connect(&url).await.is_ok(),
        "no Origin: not a browser"
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_to_choose_is_asked_a_new_question() {
    // Bob chooses last in a turn, and the next turn asks him again at once: a move made on his
    // view from before that choice is stale, even with a card he still holds.
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 2).await;
    ann.command("/start").await;
    bob.recv_until(|m| matches!(m, ServerMsg::State { view: Some(_), .. }))
        .await;
    // Both play their highest card: in the first turn that is (all but surely) no low card, so
    // the next turn starts at once and Bob is asked again without a pause.
    async fn play_highest(p: &mut Player) {
        let card = p.typed_view().unwrap().hand.last().unwrap().number();
        let (table, version) = (p.table, p.version);
        let action = json!({"type": "play", "card": card});
        let id = p
            .send(ClientMsg::Act {
                table,
                version,
                action,
            })
            .await;
        p.recv_until(|m| matches!(m, ServerMsg::Update { ack: Some(a), .. } if *a == id))
            .await;
    }
    play_highest(&mut ann).await;
    bob.recv_until(|m| matches!(m, ServerMsg::Update { .. }))
        .await;
    let old = bob.version;
    play_highest(&mut bob).await;
    // Until Bob is asked again (Ann may first have to take a row for a low card).
    loop {
        ann.drain(50).await;
        bob.drain(50).await;
        if bob.choice().is_some() {
            break;
        }
        if ann.choice().is_some() {
            ann.act_first().await;
        }
    }
    let card = bob.typed_view().unwrap().hand[0].number();
    bob.send(ClientMsg::Act {
        table,
        version: old,
        action: json!({"type": "play", "card": card}),
    })
    .await;
    let e = next_error(&mut bob).await;
    eprintln!("old {old} now {} {e:?}", bob.version);
    assert_eq!(code(&e), Some(ErrorCode::Stale));
    srv.stop().await;
}
