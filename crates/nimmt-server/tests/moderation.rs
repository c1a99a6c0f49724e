//! Moderation against a real server on both databases: operators mute, ban, close tables and
//! remove chat lines (each act in the audit log), players report chat lines and players and
//! mute others for themselves, and anyone who is not an operator is refused every operator act.

mod common;

use common::accounts::request as http;
use common::{server, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, ServerMsg};
use nimmt_server::moderation::operators;
use serde_json::{json, Value};
use std::net::SocketAddr;

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

/// A player connected from `from` (a loopback address of its own).
async fn player_from(
    url: &str,
    name: &str,
    from: &str,
    token: Option<&str>,
) -> Result<Player, ServerMsg> {
    Player::join_from(url, name, from, token).await
}

/// The next chat line `p` hears at its table: (line number, speaker's identity, text).
async fn heard(p: &mut Player) -> (u64, String, String) {
    match p.recv_until(|m| matches!(m, ServerMsg::Chat { .. })).await {
        ServerMsg::Chat {
            line: Some(line),
            player: Some(player),
            text,
            ..
        } => (line, player, text),
        other => panic!("a table's chat line carries its number and speaker: {other:?}"),
    }
}

/// Subscribes `p` to the lobby (its news and its chat).
async fn in_lobby(p: &mut Player) {
    p.send(ClientMsg::ListTables { subscribe: true }).await;
    p.recv_until(|m| matches!(m, ServerMsg::Tables { .. }))
        .await;
}

/// Says `text` in the lobby.
async fn say_in_lobby(p: &mut Player, text: &str) {
    let table = None;
    let text = text.to_owned();
    p.send(ClientMsg::Chat { table, text }).await;
}

/// The next lobby chat line `p` hears: (speaker's name, text).
async fn heard_in_lobby(p: &mut Player) -> (String, String) {
    match p
        .recv_until(|m| matches!(m, ServerMsg::Chat { table: None, .. }))
        .await
    {
        ServerMsg::Chat { from, text, .. } => (from, text),
        _ => unreachable!(),
    }
}

/// The audit log as an operator reads it: (action, target, reason), newest first.
async fn audit(addr: SocketAddr, token: &str) -> Vec<(String, String, String)> {
    let (status, log) = http(addr, "GET", "/api/admin/audit", Some(token), None).await;
    assert_eq!(status, 200, "{log}");
    log.as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap().to_owned(),
                e["target"].as_str().unwrap().to_owned(),
                e["reason"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// Olga, an operator (made so through the store, as `nimmt admin grant` does).
async fn operator(url: &str, store: &nimmt_server::store::Store) -> Player {
    let olga = Player::join(url, "Olga").await;
    assert!(operators::grant(store.pool(), &olga.me.player)
        .await
        .unwrap());
    olga
}

async fn mute_stops_chat(db: Db) {
    let (running, url) = server(&db).await;
    let addr = running.addr;
    let olga = operator(&url, &running.store).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(3)).await;
    let mut bob = Player::join_as_lang(&url, "Bob", Lang::De).await;
    bob.sit(table).await;

    let (status, mute) = http(
        addr,
        "POST",
        "/api/admin/sanctions",
        Some(&olga.me.token),
        Some(json!({"player": "Bob", "kind": "mute", "reason": "insults", "minutes": 30})),
    )
    .await;
    assert_eq!(status, 200, "{mute}");
    assert_eq!(mute["player"], bob.me.player.as_str());
    assert!(mute["until_ms"].as_i64().is_some());

    // Bob's chat is refused with the reason, in his language; his chat commands still work.
    match bob.command("hallo?").await {
        ServerMsg::Error {
            code: ErrorCode::Muted,
            text,
            ..
        } => {
            assert_eq!(text.key, "muted");
            assert!(
                text.text.contains("stummgeschaltet") && text.text.contains("insults"),
                "{}",
                text.text
            );
            assert!(text.text.contains("UTC"), "{}", text.text);
        }
        other => panic!("a muted player's line is refused: {other:?}"),
    }
    assert!(matches!(bob.command("/who").await, ServerMsg::Ack { .. }));
    // Lobby chat too.
    let id = bob
        .send(ClientMsg::Chat {
            table: None,
            text: "hallo Lobby".into(),
        })
        .await;
    let m = bob.recv_until(|m| matches!(m, ServerMsg::Error { id: Some(i), .. } | ServerMsg::Ack { id: i } if *i == id)).await;
    assert!(
        matches!(
            m,
            ServerMsg::Error {
                code: ErrorCode::Muted,
                ..
            }
        ),
        "{m:?}"
    );

    // Ann never hears it; once the mute is lifted she hears Bob again.
    let sanction = mute["id"].as_str().unwrap();
    let (status, _) = http(
        addr,
        "POST",
        &format!("/api/admin/sanctions/{sanction}/lift"),
        Some(&olga.me.token),
        Some(json!({"reason": "apologised"})),
    )
    .await;
    assert_eq!(status, 200);
    assert!(matches!(bob.command("sorry").await, ServerMsg::Ack { .. }));
    let (_, from, text) = heard(&mut ann).await;
    assert_eq!(
        (from.as_str(), text.as_str()),
        (bob.me.player.as_str(), "sorry")
    );
    // Lifting it twice: nothing in force.
    let (status, again) = http(
        addr,
        "POST",
        &format!("/api/admin/sanctions/{sanction}/lift"),
        Some(&olga.me.token),
        Some(json!({"reason": "again"})),
    )
    .await;
    assert_eq!(
        (status, again["code"].as_str()),
        (404, Some("no_such_sanction"))
    );

    let log = audit(addr, &olga.me.token).await;
    assert_eq!(
        log,
        vec![
            ("lift".into(), sanction.to_owned(), "apologised".into()),
            ("mute".into(), bob.me.player.clone(), "insults".into()),
        ]
    );
    let (_, log) = http(addr, "GET", "/api/admin/audit", Some(&olga.me.token), None).await;
    assert_eq!(log[1]["target_name"], "Bob", "a player targeted is named");
    assert!(log[0]["target_name"].is_null(), "a sanction is no player");
    running.stop().await;
    db.drop_schema().await;
}
on_both!(
    mute_stops_chat,
    a_mute_stops_chat_until_lifted_on_sqlite,
    a_mute_stops_chat_until_lifted_on_postgres
);

async fn ban_stops_hello(db: Db) {
    let (running, url) = server(&db).await;
    let addr = running.addr;
    let olga = operator(&url, &running.store).await;
    // Bob comes from 127.0.0.1, where the HTTP requests of this test come from too.
    let mut bob = player_from(&url, "Bob", "127.0.0.1", None).await.unwrap();

    let (status, ban) = http(
        addr,
        "POST",
        "/api/admin/sanctions",
        Some(&olga.me.token),
        Some(json!({"player": bob.me.player, "kind": "ban", "reason": "cheating"})),
    )
    .await;
    assert_eq!(status, 200, "{ban}");
    assert_eq!(ban["address"], "127.0.0.1");
    assert!(ban["until_ms"].is_null(), "no end given: until lifted");

    // The connection Bob has is told and closed.
    let m = bob
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
    // His identity cannot say hello again, from anywhere.
    let refused = player_from(&url, "Bob", "127.0.0.9", Some(&bob.me.token))
        .await
        .err()
        .unwrap();
    match refused {
        ServerMsg::Error {
            code: ErrorCode::Banned,
            text,
            ..
        } => {
            assert_eq!(text.key, "banned_forever");
            assert!(text.text.contains("cheating"));
        }
        other => panic!("{other:?}"),
    }
    // No new guest from his address; other addresses come in.
    let refused = player_from(&url, "Bobby", "127.0.0.1", None)
        .await
        .err()
        .unwrap();
    assert!(
        matches!(&refused, ServerMsg::Error { code: ErrorCode::Banned, text, .. } if text.key == "banned_address"),
        "{refused:?}"
    );
    // Nor a new account made without an identity (the operator, already in, still acts).
    let signup = json!({"name": "Bobby", "password": "a long enough password"});
    let (status, r) = http(addr, "POST", "/api/account/signup", None, Some(signup)).await;
    assert_eq!((status, r["code"].as_str()), (403, Some("banned_address")));
    assert!(player_from(&url, "Carl", "127.0.0.8", None).await.is_ok());

    // Lifted: Bob comes back, and so do guests from his address.
    let (status, _) = http(
        addr,
        "POST",
        &format!("/api/admin/sanctions/{}/lift", ban["id"].as_str().unwrap()),
        Some(&olga.me.token),
        Some(json!({"reason": "appeal granted"})),
    )
    .await;
    assert_eq!(status, 200);
    assert!(player_from(&url, "Bob", "127.0.0.9", Some(&bob.me.token))
        .await
        .is_ok());
    assert!(player_from(&url, "Bobby", "127.0.0.1", None).await.is_ok());
    let log = audit(addr, &olga.me.token).await;
    let actions: Vec<&str> = log.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(actions, ["lift", "ban"]);
    assert_eq!(log[1].2, "cheating");
    running.stop().await;
    db.drop_schema().await;
}
on_both!(
    ban_stops_hello,
    a_ban_stops_hello_and_new_guests_from_the_address_on_sqlite,
    a_ban_stops_hello_and_new_guests_from_the_address_on_postgres
);

async fn close_and_remove(db: Db) {
    let (running, url) = server(&db).await;
    let addr = running.addr;
    let olga = operator(&url, &running.store).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(3)).await;
    let mut bob = Player::join(&url, "Bob").await;
    bob.sit(table).await;
    bob.say("you all stink").await;
    let (line, _, _) = heard(&mut ann).await;
    let (bob_line, _, _) = heard(&mut bob).await;
    assert_eq!(line, bob_line, "everyone hears one line number");
    bob.say("good luck").await;
    heard(&mut ann).await;

    let (status, r) = http(
        addr,
        "POST",
        &format!("/api/admin/tables/{table}/lines/{line}/remove"),
        Some(&olga.me.token),
        Some(json!({"reason": "insult"})),
    )
    .await;
    assert_eq!(status, 200, "{r}");
    for p in [&mut ann, &mut bob] {
        let m = p
            .recv_until(|m| matches!(m, ServerMsg::ChatRemoved { .. }))
            .await;
        assert_eq!(m, ServerMsg::ChatRemoved { table, line });
    }
    // Whoever comes later does not get the removed line.
    let mut carl = Player::join(&url, "Carl").await;
    carl.watch(table).await;
    match carl
        .recv_until(|m| matches!(m, ServerMsg::ChatHistory { .. }))
        .await
    {
        ServerMsg::ChatHistory { lines, .. } => {
            let said: Vec<&str> = lines
                .iter()
                .filter(|l| l.line.is_some())
                .map(|l| l.text.as_str())
                .collect();
            assert_eq!(said, ["good luck"]);
        }
        _ => unreachable!(),
    }
    // A line that is not there (any more).
    let (status, r) = http(
        addr,
        "POST",
        &format!("/api/admin/tables/{table}/lines/{line}/remove"),
        Some(&olga.me.token),
        Some(json!({"reason": "again"})),
    )
    .await;
    assert_eq!((status, r["code"].as_str()), (404, Some("no_such_line")));

    // Closing: every member hears why and leaves; the table is gone from the lobby.
    let (status, r) = http(
        addr,
        "POST",
        &format!("/api/admin/tables/{table}/close"),
        Some(&olga.me.token),
        Some(json!({"reason": "spam table"})),
    )
    .await;
    assert_eq!(status, 200, "{r}");
    for p in [&mut ann, &mut bob, &mut carl] {
        let m = p
            .recv_until(
                |m| matches!(m, ServerMsg::Notice { text, .. } if text.key == "closed_by_operator"),
            )
            .await;
        assert!(
            matches!(&m, ServerMsg::Notice { text, .. } if text.text.contains("spam table")),
            "{m:?}"
        );
        p.recv_until(|m| matches!(m, ServerMsg::Left { table: t } if *t == table))
            .await;
    }
    let mut gone = false;
    for _ in 0..50 {
        let (_, tables) = common::http_get(addr, "/api/tables").await;
        let tables: Value = serde_json::from_str(&tables).unwrap();
        if tables.as_array().unwrap().iter().all(|t| t["id"] != table) {
            gone = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(gone, "the closed table leaves the lobby");
    let log = audit(addr, &olga.me.token).await;
    assert_eq!(
        log[0],
        (
            "close_table".into(),
            format!("table {table}"),
            "spam table".into()
        )
    );
    assert_eq!(
        log[1],
        (
            "remove_line".into(),
            format!("table {table} line {line}"),
            "insult".into()
        )
    );
    assert_eq!(log.len(), 2);
    running.stop().await;
    db.drop_schema().await;
}
on_both!(
    close_and_remove,
    an_operator_removes_a_chat_line_and_closes_a_table_on_sqlite,
    an_operator_removes_a_chat_line_and_closes_a_table_on_postgres
);

async fn reports_flow(db: Db) {
    let (running, url) = server(&db).await;
    let addr = running.addr;
    let olga = operator(&url, &running.store).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(3)).await;
    let mut bob = Player::join(&url, "Bob").await;
    bob.sit(table).await;
    bob.say("buy gold at example.com").await;
    let (line, _, _) = heard(&mut ann).await;

    let report = |body: Value, token: String| async move {
        http(addr, "POST", "/api/reports", Some(&token), Some(body)).await
    };
    let (status, r) = report(
        json!({"table": table, "line": line, "reason": "spam"}),
        ann.me.token.clone(),
    )
    .await;
    assert_eq!(status, 201, "{r}");
    let (status, _) = report(
        json!({"player": bob.me.player, "reason": "rude all game"}),
        ann.me.token.clone(),
    )
    .await;
    assert_eq!(status, 201);
    // One's own line, a line that is not there, and no reason are refused.
    let (status, r) = report(
        json!({"table": table, "line": line, "reason": "oops"}),
        bob.me.token.clone(),
    )
    .await;
    assert_eq!((status, r["code"].as_str()), (400, Some("not_yourself")));
    let (status, r) = report(
        json!({"table": table, "line": 1, "reason": "x"}),
        ann.me.token.clone(),
    )
    .await;
    assert_eq!((status, r["code"].as_str()), (404, Some("no_such_line")));
    let (status, r) = report(
        json!({"player": "Bob", "reason": "  "}),
        ann.me.token.clone(),
    )
    .await;
    assert_eq!((status, r["code"].as_str()), (400, Some("reason_needed")));

    // The reports wait for an operator, oldest first, the line as it was said.
    let (status, open) = http(
        addr,
        "GET",
        "/api/admin/reports",
        Some(&olga.me.token),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let open = open.as_array().unwrap().clone();
    assert_eq!(open.len(), 2);
    assert_eq!(open[0]["text"], "buy gold at example.com");
    assert_eq!(open[0]["player_name"], "Bob");
    assert_eq!(open[0]["reporter_name"], "Ann");
    assert_eq!(open[0]["line"], line);
    assert_eq!(open[1]["reason"], "rude all game");
    assert!(open[1]["text"].is_null());

    for (report, resolved) in [(&open[0], true), (&open[1], false)] {
        let (status, _) = http(
            addr,
            "POST",
            &format!("/api/admin/reports/{}", report["id"].as_str().unwrap()),
            Some(&olga.me.token),
            Some(json!({"resolved": resolved, "reason": "handled"})),
        )
        .await;
        assert_eq!(status, 200);
    }
    let (_, open_now) = http(
        addr,
        "GET",
        "/api/admin/reports?status=open",
        Some(&olga.me.token),
        None,
    )
    .await;
    assert_eq!(open_now, json!([]));
    let (_, resolved) = http(
        addr,
        "GET",
        "/api/admin/reports?status=resolved",
        Some(&olga.me.token),
        None,
    )
    .await;
    assert_eq!(resolved.as_array().unwrap().len(), 1);
    assert_eq!(resolved[0]["handled_by"], olga.me.player.as_str());
    let actions: Vec<String> = audit(addr, &olga.me.token)
        .await
        .into_iter()
        .map(|e| e.0)
        .collect();
    assert_eq!(actions, ["dismiss_report", "resolve_report"]);

    // A player at the table is reported by seat (one who never said anything, too).
    let seat = |seat: usize, token: &str| {
        let body = json!({"table": table, "seat": seat, "reason": "throws the game"});
        let token = token.to_owned();
        async move { http(addr, "POST", "/api/reports", Some(&token), Some(body)).await }
    };
    assert_eq!(seat(1, &ann.me.token).await.0, 201);
    let (status, r) = seat(0, &ann.me.token).await;
    assert_eq!((status, r["code"].as_str()), (400, Some("not_yourself")));
    let (status, r) = seat(2, &ann.me.token).await;
    assert_eq!((status, r["code"].as_str()), (404, Some("no_such_seat")));
    let (_, open) = http(
        addr,
        "GET",
        "/api/admin/reports",
        Some(&olga.me.token),
        None,
    )
    .await;
    assert_eq!(open.as_array().unwrap().len(), 1);
    assert_eq!(open[0]["player_name"], "Bob");
    assert_eq!(open[0]["table"], table);
    assert!(open[0]["line"].is_null() && open[0]["text"].is_null());
    running.stop().await;
    db.drop_schema().await;
}
on_both!(
    reports_flow,
    reports_wait_for_an_operator_on_sqlite,
    reports_wait_for_an_operator_on_postgres
);

async fn personal_mute(db: Db) {
    let (running, url) = server(&db).await;
    let addr = running.addr;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(3)).await;
    let mut bob = Player::join(&url, "Bob").await;
    bob.sit(table).await;
    let mut carl = Player::join(&url, "Carl").await;
    carl.sit(table).await;

    let (status, muted) = http(
        addr,
        "PUT",
        &format!("/api/mutes/{}", bob.me.player),
        Some(&ann.me.token),
        None,
    )
    .await;
    assert_eq!(status, 200, "{muted}");
    let (_, list) = http(addr, "GET", "/api/mutes", Some(&ann.me.token), None).await;
    assert_eq!(list, json!([{"id": bob.me.player, "name": "Bob"}]));

    bob.say("blah blah").await;
    // Carl hears Bob; Ann does not, and hears Carl's next line.
    assert_eq!(heard(&mut carl).await.2, "blah blah");
    carl.say("hi all").await;
    assert_eq!(heard(&mut ann).await.2, "hi all");
    // Nor does the history she gets on coming back hold Bob's line.
    let token = ann.me.token.clone();
    drop(ann);
    let mut ann = Player::join_as(&url, "Ann", Some(&token)).await;
    match ann
        .recv_until(|m| matches!(m, ServerMsg::ChatHistory { .. }))
        .await
    {
        ServerMsg::ChatHistory { lines, .. } => {
            let said: Vec<&str> = lines
                .iter()
                .filter(|l| l.line.is_some())
                .map(|l| l.text.as_str())
                .collect();
            assert_eq!(said, ["hi all"]);
        }
        _ => unreachable!(),
    }
    // Muting oneself makes no sense; unmuting lets Bob's lines through again.
    let (status, _) = http(
        addr,
        "PUT",
        &format!("/api/mutes/{}", ann.me.player),
        Some(&ann.me.token),
        None,
    )
    .await;
    assert_eq!(status, 400);
    let (status, _) = http(
        addr,
        "DELETE",
        &format!("/api/mutes/{}", bob.me.player),
        Some(&ann.me.token),
        None,
    )
    .await;
    assert_eq!(status, 200);
    bob.say("back").await;
    assert_eq!(heard(&mut ann).await.2, "back");
    // Lobby chat too: muted again, Ann does not hear Bob in the lobby; Carl does.
    http(
        addr,
        "PUT",
        &format!("/api/mutes/{}", bob.me.player),
        Some(&ann.me.token),
        None,
    )
    .await;
    in_lobby(&mut ann).await;
    in_lobby(&mut carl).await;
    say_in_lobby(&mut bob, "lobby spam").await;
    assert_eq!(heard_in_lobby(&mut carl).await.1, "lobby spam");
    say_in_lobby(&mut carl, "lobby hi").await;
    assert_eq!(
        heard_in_lobby(&mut ann).await,
        ("Carl".to_owned(), "lobby hi".to_owned())
    );
    running.stop().await;
    db.drop_schema().await;
}
on_both!(
    personal_mute,
    a_player_mutes_another_for_themselves_on_sqlite,
    a_player_mutes_another_for_themselves_on_postgres
);

async fn only_operators(db: Db) {
    let (running, url) = server(&db).await;
    let addr = running.addr;
    let olga = operator(&url, &running.store).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(3)).await;
    let bob = Player::join(&url, "Bob").await;
    ann.say("hello").await;
    let (line, _, _) = heard(&mut ann).await;
    let (_, report) = http(
        addr,
        "POST",
        "/api/reports",
        Some(&bob.me.token),
        Some(json!({"table": table, "line": line, "reason": "test"})),
    )
    .await;
    let report = report["id"].as_str().unwrap().to_owned();
    let (_, sanction) = http(
        addr,
        "POST",
        "/api/admin/sanctions",
        Some(&olga.me.token),
        Some(json!({"player": "Ann", "kind": "mute", "reason": "r", "minutes": 5})),
    )
    .await;
    let sanction = sanction["id"].as_str().unwrap().to_owned();
    let why = json!({"reason": "because"});
    let acts: Vec<(&str, String, Option<Value>)> = vec![
        ("GET", "/api/admin".into(), None),
        ("GET", "/api/admin/reports".into(), None),
        (
            "POST",
            format!("/api/admin/reports/{report}"),
            Some(json!({"resolved": true, "reason": "x"})),
        ),
        ("GET", "/api/admin/sanctions".into(), None),
        (
            "POST",
            "/api/admin/sanctions".into(),
            Some(json!({"player": "Ann", "kind": "ban", "reason": "x"})),
        ),
        (
            "POST",
            format!("/api/admin/sanctions/{sanction}/lift"),
            Some(why.clone()),
        ),
        ("GET", "/api/admin/audit".into(), None),
        (
            "POST",
            format!("/api/admin/tables/{table}/close"),
            Some(why.clone()),
        ),
        (
            "POST",
            format!("/api/admin/tables/{table}/lines/{line}/remove"),
            Some(why.clone()),
        ),
    ];
    // A revoked operator is no operator.
    let ex = Player::join(&url, "Exop").await;
    operators::grant(running.store.pool(), &ex.me.player)
        .await
        .unwrap();
    assert!(operators::revoke(running.store.pool(), &ex.me.player)
        .await
        .unwrap());
    for (method, path, body) in &acts {
        for token in [&bob.me.token, &ex.me.token] {
            let (status, r) = http(addr, method, path, Some(token), body.clone()).await;
            assert_eq!(
                (status, r["code"].as_str()),
                (403, Some("not_operator")),
                "{method} {path}"
            );
        }
        let (status, r) = http(addr, method, path, None, body.clone()).await;
        assert_eq!(
            (status, r["code"].as_str()),
            (401, Some("sign_in_needed")),
            "{method} {path}"
        );
        let (status, _) = http(addr, method, path, Some("not-a-token"), body.clone()).await;
        assert_eq!(status, 401, "{method} {path}");
    }
    // German refusals for German callers.
    let (_, r) = http(addr, "GET", "/api/admin?lang=de", Some(&bob.me.token), None).await;
    assert_eq!(r["error"], "Das darf nur ein Moderator dieses Raums.");
    // Nothing happened: the line is still there, the table open, only Olga's mute is logged.
    let (status, _) = http(
        addr,
        "POST",
        "/api/reports",
        Some(&bob.me.token),
        Some(json!({"table": table, "line": line, "reason": "still there"})),
    )
    .await;
    assert_eq!(status, 201);
    let (_, open) = http(
        addr,
        "GET",
        "/api/admin/reports",
        Some(&olga.me.token),
        None,
    )
    .await;
    assert_eq!(open.as_array().unwrap().len(), 2);
    let actions: Vec<String> = audit(addr, &olga.me.token)
        .await
        .into_iter()
        .map(|e| e.0)
        .collect();
    assert_eq!(actions, ["mute"]);
    let (status, me) = http(addr, "GET", "/api/admin", Some(&olga.me.token), None).await;
    assert_eq!((status, me["name"].as_str()), (200, Some("Olga")));
    // Who-am-I says who is an operator, so a page asks `/api/admin` only for them.
    for (token, operator) in [
        (&olga.me.token, true),
        (&bob.me.token, false),
        (&ex.me.token, false),
    ] {
        let (status, me) = http(addr, "GET", "/api/account", Some(token), None).await;
        assert_eq!((status, me["operator"].as_bool()), (200, Some(operator)));
    }
    running.stop().await;
    db.drop_schema().await;
}
on_both!(
    only_operators,
    a_non_operator_is_refused_every_operator_act_on_sqlite,
    a_non_operator_is_refused_every_operator_act_on_postgres
);

async fn accounts_by_name(db: Db) {
    let (running, url) = server(&db).await;
    let addr = running.addr;
    let olga = operator(&url, &running.store).await;
    // Zoe turns her guest identity into an account; her session token names her from then on.
    let zoe = Player::join(&url, "Zoe").await;
    let (status, session) = http(
        addr,
        "POST",
        "/api/account/signup",
        Some(&zoe.me.token),
        Some(json!({"name": "Zoe", "password": "a long enough password"})),
    )
    .await;
    assert_eq!(status, 201, "{session}");
    let token = session["token"].as_str().unwrap().to_owned();
    // An account is found by its name as names are compared: case and width do not count.
    match operators::find(running.store.pool(), "ＺＯＥ")
        .await
        .unwrap()
    {
        operators::Lookup::Found(p) => assert_eq!(p.id, zoe.me.player),
        other => panic!("{other:?}"),
    }
    let (status, mute) = http(
        addr,
        "POST",
        "/api/admin/sanctions",
        Some(&olga.me.token),
        Some(json!({"player": "zoe", "kind": "mute", "reason": "spam", "minutes": 10})),
    )
    .await;
    assert_eq!(
        (status, mute["player"].as_str()),
        (200, Some(zoe.me.player.as_str()))
    );
    // Her session token is a bearer token like a guest's: she may report, not act as operator.
    let (status, _) = http(
        addr,
        "POST",
        "/api/reports",
        Some(&token),
        Some(json!({"player": "Olga", "reason": "unfair mute"})),
    )
    .await;
    assert_eq!(status, 201);
    let (status, _) = http(addr, "GET", "/api/admin", Some(&token), None).await;
    assert_eq!(status, 403);
    // Banned, the account cannot log in (the password right, the answer says why).
    let (status, ban) = http(
        addr,
        "POST",
        "/api/admin/sanctions",
        Some(&olga.me.token),
        Some(json!({"player": "Zoe", "kind": "ban", "reason": "ban evasion", "minutes": 60})),
    )
    .await;
    assert_eq!(status, 200);
    let login = json!({"name": "zoe", "password": "a long enough password"});
    let (status, r) = http(addr, "POST", "/api/account/login", None, Some(login)).await;
    assert_eq!((status, r["code"].as_str()), (403, Some("banned")), "{r}");
    assert!(r["error"].as_str().unwrap().contains("ban evasion"));
    let (status, _) = http(
        addr,
        "POST",
        &format!("/api/admin/sanctions/{}/lift", ban["id"].as_str().unwrap()),
        Some(&olga.me.token),
        Some(json!({"reason": "appeal"})),
    )
    .await;
    assert_eq!(status, 200);
    // Once an operator, her session is an operator's too.
    assert!(operators::grant(running.store.pool(), &zoe.me.player)
        .await
        .unwrap());
    let (status, me) = http(addr, "GET", "/api/admin", Some(&token), None).await;
    assert_eq!((status, me["name"].as_str()), (200, Some("Zoe")));
    running.stop().await;
    db.drop_schema().await;
}
on_both!(
    accounts_by_name,
    accounts_are_moderated_by_their_name_on_sqlite,
    accounts_are_moderated_by_their_name_on_postgres
);

/// A node of a cluster on `db` (PostgreSQL) and the NATS server on loopback (or
/// `NIMMT_TEST_NATS`), under the subjects of `prefix`.
async fn node(db: &Db, prefix: &str, name: &str) -> (nimmt_server::Running, String) {
    let nats =
        std::env::var("NIMMT_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".to_owned());
    let mut config = common::config(db);
    let mut cluster = nimmt_server::cluster::ClusterConfig::new(&nats, name);
    cluster.prefix = prefix.to_owned();
    config.cluster = Some(cluster);
    common::server_with(config).await
}

/// Every node of a cluster sees moderation: an operator on one node removes a line at a table
/// another node runs, mutes and bans a player connected to that other node.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_node_of_a_cluster_sees_moderation() {
    let db = Db::postgres().await;
    let prefix = format!("mod{}", hex::encode(rand::random::<[u8; 4]>()));
    let (a, url_a) = node(&db, &prefix, "a").await;
    let (b, url_b) = node(&db, &prefix, "b").await;
    let olga = operator(&url_a, &a.store).await;
    let mut ann = Player::join(&url_b, "Ann").await;
    let table = ann.create(&[], Some(3)).await;
    let mut bob = Player::join(&url_b, "Bob").await;
    bob.sit(table).await;
    let mut listed = false;
    for _ in 0..100 {
        let (_, tables) = common::http_get(a.addr, "/api/tables").await;
        if serde_json::from_str::<Value>(&tables)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["id"] == table)
        {
            listed = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(listed, "node a lists the table node b runs");

    bob.say("rude words").await;
    let (line, _, _) = heard(&mut ann).await;
    // A report made through node a finds the line at node b's table.
    let (status, r) = http(
        a.addr,
        "POST",
        "/api/reports",
        Some(&ann.me.token),
        Some(json!({"table": table, "line": line, "reason": "rude"})),
    )
    .await;
    assert_eq!(status, 201, "{r}");
    let (_, open) = http(
        a.addr,
        "GET",
        "/api/admin/reports",
        Some(&olga.me.token),
        None,
    )
    .await;
    assert_eq!(open[0]["text"], "rude words");
    // The operator on node a removes it: everyone at the table on node b is told.
    let (status, r) = http(
        a.addr,
        "POST",
        &format!("/api/admin/tables/{table}/lines/{line}/remove"),
        Some(&olga.me.token),
        Some(json!({"reason": "rude"})),
    )
    .await;
    assert_eq!(status, 200, "{r}");
    for p in [&mut ann, &mut bob] {
        let m = p
            .recv_until(|m| matches!(m, ServerMsg::ChatRemoved { .. }))
            .await;
        assert_eq!(m, ServerMsg::ChatRemoved { table, line });
    }
    // Lobby chat across nodes: Olga (on node a) muted Bob (on node b) for herself.
    http(
        a.addr,
        "PUT",
        &format!("/api/mutes/{}", bob.me.player),
        Some(&olga.me.token),
        None,
    )
    .await;
    let mut olga = olga;
    in_lobby(&mut olga).await;
    in_lobby(&mut ann).await;
    say_in_lobby(&mut bob, "lobby rant").await;
    assert_eq!(heard_in_lobby(&mut ann).await.1, "lobby rant");
    say_in_lobby(&mut ann, "calm down, Bob").await;
    assert_eq!(heard_in_lobby(&mut olga).await.1, "calm down, Bob");
    // A mute taken on node a holds on node b at once.
    let (status, _) = http(
        a.addr,
        "POST",
        "/api/admin/sanctions",
        Some(&olga.me.token),
        Some(json!({"player": bob.me.player, "kind": "mute", "reason": "cool down", "minutes": 5})),
    )
    .await;
    assert_eq!(status, 200);
    assert!(matches!(
        bob.command("more rude words").await,
        ServerMsg::Error {
            code: ErrorCode::Muted,
            ..
        }
    ));
    // A ban taken on node a closes Bob's connection on node b, and his hello there is refused.
    let (status, _) = http(
        a.addr,
        "POST",
        "/api/admin/sanctions",
        Some(&olga.me.token),
        Some(json!({"player": bob.me.player, "kind": "ban", "reason": "enough"})),
    )
    .await;
    assert_eq!(status, 200);
    let m = bob
        .recv_until(|m| {
            matches!(
                m,
                ServerMsg::Error {
                    code: ErrorCode::Banned,
                    ..
                }
            )
        })
        .await;
    assert!(
        matches!(&m, ServerMsg::Error { text, .. } if text.text.contains("enough")),
        "{m:?}"
    );
    let refused = player_from(&url_b, "Bob", "127.0.0.1", Some(&bob.me.token))
        .await
        .err()
        .unwrap();
    assert!(
        matches!(
            refused,
            ServerMsg::Error {
                code: ErrorCode::Banned,
                ..
            }
        ),
        "{refused:?}"
    );
    a.stop().await;
    b.stop().await;
    db.drop_schema().await;
}
