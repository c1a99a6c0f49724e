//! Moderation by operators against a real server on both databases: mutes and bans (each act in
//! the audit log), accounts found by their name, and anyone who is not an operator refused every
//! operator act.

mod common;

use common::accounts::request as http;
use common::moderation::{audit, heard, operator};
use common::{server, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, ServerMsg};
use nimmt_server::moderation::operators;
use serde_json::{json, Value};

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
on_both_databases!(
    mute_stops_chat,
    a_mute_stops_chat_until_lifted_on_sqlite,
    a_mute_stops_chat_until_lifted_on_postgres
);

async fn ban_stops_hello(db: Db) {
    let (running, url) = server(&db).await;
    let addr = running.addr;
    let olga = operator(&url, &running.store).await;
    // Bob comes from 127.0.0.1, where the HTTP requests of this test come from too.
    let mut bob = Player::join_from(&url, "Bob", "127.0.0.1", None)
        .await
        .unwrap();

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
    let refused = Player::join_from(&url, "Bob", "127.0.0.9", Some(&bob.me.token))
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
    let refused = Player::join_from(&url, "Bobby", "127.0.0.1", None)
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
    assert!(Player::join_from(&url, "Carl", "127.0.0.8", None)
        .await
        .is_ok());

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
    assert!(
        Player::join_from(&url, "Bob", "127.0.0.9", Some(&bob.me.token))
            .await
            .is_ok()
    );
    assert!(Player::join_from(&url, "Bobby", "127.0.0.1", None)
        .await
        .is_ok());
    let log = audit(addr, &olga.me.token).await;
    let actions: Vec<&str> = log.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(actions, ["lift", "ban"]);
    assert_eq!(log[1].2, "cheating");
    running.stop().await;
    db.drop_schema().await;
}
on_both_databases!(
    ban_stops_hello,
    a_ban_stops_hello_and_new_guests_from_the_address_on_sqlite,
    a_ban_stops_hello_and_new_guests_from_the_address_on_postgres
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
on_both_databases!(
    accounts_by_name,
    accounts_are_moderated_by_their_name_on_sqlite,
    accounts_are_moderated_by_their_name_on_postgres
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
on_both_databases!(
    only_operators,
    a_non_operator_is_refused_every_operator_act_on_sqlite,
    a_non_operator_is_refused_every_operator_act_on_postgres
);
