//! Moderation of what is said at tables and in the lobby, against a real server on both
//! databases: operators remove chat lines and close tables (each act in the audit log), players
//! report chat lines and players, and mute others for themselves.

mod common;

use common::accounts::request as http;
use common::moderation::{
    audit, heard, heard_in_lobby, in_lobby, operator, remove_line, said_in_history, say_in_lobby,
};
use common::{server, Db, Player};
use nimmt_protocol::ServerMsg;
use serde_json::{json, Value};

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

    remove_line(addr, &olga, (table, line), "insult", [&mut ann, &mut bob]).await;
    // Whoever comes later does not get the removed line.
    let mut carl = Player::join(&url, "Carl").await;
    carl.watch(table).await;
    assert_eq!(said_in_history(&mut carl).await, ["good luck"]);
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
on_both_databases!(
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
on_both_databases!(
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
    assert_eq!(said_in_history(&mut ann).await, ["hi all"]);
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
on_both_databases!(
    personal_mute,
    a_player_mutes_another_for_themselves_on_sqlite,
    a_player_mutes_another_for_themselves_on_postgres
);
