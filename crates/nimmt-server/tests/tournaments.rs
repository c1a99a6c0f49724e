//! Tournaments in the room: created over HTTP, registered for and started over the WebSocket,
//! each round's tables opened by the room and played by scripted clients, the results counted
//! to the final standings, the places on the players' profiles; and what is refused.

mod common;
mod tournaments_support;

use common::accounts::{get, post, sign_up};
use common::{server_with, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, ServerMsg};
use serde_json::json;
use tournaments_support::*;

fn config(db: &Db, by_anyone: bool) -> nimmt_server::Config {
    let mut config = common::config(db);
    config.tournaments_by_anyone = by_anyone;
    config.tournament_tick = std::time::Duration::from_millis(100);
    config
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_players_play_a_swiss_of_two_rounds_to_the_final_standings() {
    let db = Db::sqlite();
    let (srv, url) = server_with(config(&db, true)).await;
    let addr = srv.addr;
    let (mut players, tokens) = eight_entrants(addr, &url).await;
    // The first player creates it; the lobby lists it, open for registration.
    let id = create(addr, &tokens[0], swiss("Sunday Swiss", 2)).await;
    let (status, list) = get(addr, "/api/tournaments", Some(&tokens[0])).await;
    assert_eq!(status, 200);
    assert_eq!(list["may_create"], true);
    assert_eq!(list["upcoming"][0]["id"], id);
    assert_eq!(list["upcoming"][0]["phase"], "registration");
    // A lobby subscriber hears of every registration.
    let mut watcher = Player::join(&url, "Watcher").await;
    let m = answer(&mut watcher, ClientMsg::ListTables { subscribe: true }).await;
    assert!(matches!(m, ServerMsg::Ack { .. }), "{m:?}");
    // All at once, as people do when a tournament is announced.
    register_all(&mut players, id).await;
    let m = watcher
        .recv_until(|m| matches!(m, ServerMsg::TournamentChanged { .. }))
        .await;
    assert!(matches!(m, ServerMsg::TournamentChanged { tournament } if tournament == id));
    let before = page(addr, id, Some(&tokens[0])).await;
    assert_eq!(before["standings"].as_array().unwrap().len(), 8);
    assert_eq!(before["you"]["registered"], true);
    assert_eq!(before["you"]["may_start"], true);

    let m = answer(
        &mut players[0],
        ClientMsg::StartTournament { tournament: id },
    )
    .await;
    assert!(matches!(m, ServerMsg::Ack { .. }), "{m:?}");
    let players = play_rounds(players, 1..=2).await;
    let done = until_phase(addr, id, "finished").await;
    check_standings(&done, 8, 2);
    assert_eq!(done["rounds"].as_array().unwrap().len(), 2);
    for round in done["rounds"].as_array().unwrap() {
        for t in round["tables"].as_array().unwrap() {
            assert_eq!(t["done"], true, "{t}");
            assert!(t["table"].as_u64().is_some(), "{t}");
        }
    }
    // Four room tables, each opened once, each game counted once.
    let tables = marked_tables(srv.store.pool(), id).await;
    assert_eq!(tables.len(), 4, "{tables:?}");

    // Each profile lists the tournament with the player's place.
    for (i, p) in players.iter().enumerate() {
        let line = done["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == p.me.name)
            .unwrap();
        let (status, profile) = get(addr, &format!("/api/players/{}", p.me.name), None).await;
        assert_eq!(status, 200, "{profile}");
        let entry = &profile["tournaments"][0];
        assert_eq!(entry["id"], id, "player {i}: {profile}");
        assert_eq!(entry["phase"], "finished");
        assert_eq!(entry["place"], line["rank"]);
        assert_eq!(entry["of"], 8);
    }
    let (_, list) = get(addr, "/api/tournaments", None).await;
    assert_eq!(list["finished"][0]["id"], id);
    assert_eq!(list["may_create"], false, "a visitor may not create one");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_a_tournament_refuses_is_refused_with_a_reason_and_changes_nothing() {
    let db = Db::sqlite();
    let (srv, url) = server_with(config(&db, false)).await;
    let addr = srv.addr;
    let (mut cleo, cleo_token) = entrant(addr, &url, "Cleo").await;

    // Only operators create tournaments in this room.
    let (status, body) = post(addr, "/api/tournaments", Some(&cleo_token), swiss("Cup", 2)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (403, Some("tournament_create_not_allowed"))
    );
    let mut guest = Player::join(&url, "Gus").await;
    let (status, body) = post(
        addr,
        "/api/tournaments",
        Some(&guest.me.token),
        swiss("Cup", 2),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("tournament_account_needed"))
    );
    nimmt_server::moderation::operators::grant(srv.store.pool(), &cleo.me.player)
        .await
        .unwrap();

    // Bad settings, each with its reason (in German when asked).
    let bad = [
        (json!({"name": " "}), "tournament_name"),
        (json!({"name": "x".repeat(61)}), "tournament_name"),
        (json!({"game": "buffalo"}), "tournament_game"),
        (json!({"table_size": 7}), "tournament_table_size"),
        (json!({"table_size": 2}), "tournament_table_size"),
        (
            json!({"start_ms": now_ms() - 3_600_000}),
            "tournament_start_past",
        ),
        (
            json!({"format": {"kind": "swiss", "rounds": 21}}),
            "tournament_rounds",
        ),
        (json!({"options": {"hand_size": "99"}}), "options_bad_value"),
    ];
    for (change, key) in bad {
        let mut setup = swiss("Cup", 2);
        for (k, v) in change.as_object().unwrap() {
            setup[k] = v.clone();
        }
        let path = "/api/tournaments?lang=de";
        let (status, body) = post(addr, path, Some(&cleo_token), setup).await;
        assert_eq!(status, 400, "{change}: {body}");
        assert_eq!(body["code"], key, "{change}: {body}");
        assert!(!body["error"].as_str().unwrap().is_empty());
    }
    let (_, list) = get(addr, "/api/tournaments", None).await;
    assert!(list["upcoming"].as_array().unwrap().is_empty(), "{list}");

    let id = create(addr, &cleo_token, swiss("Cup", 2)).await;
    // A guest may not register.
    let join = ClientMsg::JoinTournament {
        tournament: id,
        code: None,
    };
    let m = answer(&mut guest, join.clone()).await;
    assert!(
        matches!(
            &m,
            ServerMsg::Error {
                code: ErrorCode::NotAllowed,
                ..
            }
        ),
        "{m:?}"
    );
    assert_eq!(key_of(&m), "tournament_accounts_only");
    // Not registered: nothing to leave; an unknown tournament.
    let leave = ClientMsg::LeaveTournament { tournament: id };
    let m = answer(&mut cleo, leave.clone()).await;
    assert_eq!(key_of(&m), "tournament_not_registered");
    let unknown = ClientMsg::JoinTournament {
        tournament: id + 100,
        code: None,
    };
    assert_eq!(
        key_of(&answer(&mut cleo, unknown).await),
        "tournament_unknown"
    );
    // Registered twice; too few to start; started by someone else.
    register(&mut cleo, id).await;
    assert_eq!(
        key_of(&answer(&mut cleo, join.clone()).await),
        "tournament_already_registered"
    );
    let start = ClientMsg::StartTournament { tournament: id };
    let m = answer(&mut cleo, start.clone()).await;
    assert!(
        matches!(
            &m,
            ServerMsg::Error {
                code: ErrorCode::Tournament,
                ..
            }
        ),
        "{m:?}"
    );
    assert_eq!(key_of(&m), "tournament_too_few");
    let mut others = Vec::new();
    for name in ["Dora", "Emil", "Finn"] {
        let (mut p, _) = entrant(addr, &url, name).await;
        register(&mut p, id).await;
        others.push(p);
    }
    let m = answer(&mut others[0], start.clone()).await;
    assert_eq!(key_of(&m), "tournament_not_creator");
    // A withdrawal before the start takes the player off the list; they may come back.
    assert_eq!(key_of(&answer(&mut others[2], leave.clone()).await), "ack");
    let listed = page(addr, id, None).await;
    assert_eq!(listed["standings"].as_array().unwrap().len(), 3, "{listed}");
    register(&mut others[2], id).await;
    // Started: registration is closed.
    assert_eq!(key_of(&answer(&mut cleo, start.clone()).await), "ack");
    let (mut late, _) = entrant(addr, &url, "Late").await;
    assert_eq!(
        key_of(&answer(&mut late, join).await),
        "tournament_registration_closed"
    );
    assert_eq!(
        key_of(&answer(&mut cleo, start).await),
        "tournament_started"
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_by_invitation_takes_its_code() {
    let db = Db::sqlite();
    let (srv, url) = server_with(config(&db, true)).await;
    let addr = srv.addr;
    let (_, token) = sign_up(addr, None, "Cleo", PASSWORD).await;
    let mut setup = swiss("Friends' Cup", 1);
    setup["invitation"] = json!(true);
    let (status, body) = post(addr, "/api/tournaments", Some(&token), setup).await;
    assert_eq!(status, 201, "{body}");
    let (id, code) = (
        body["id"].as_u64().unwrap(),
        body["invitation_code"].clone(),
    );
    let code = code.as_str().expect("an invitation code").to_owned();
    let (mut dora, _) = entrant(addr, &url, "Dora").await;
    let without = ClientMsg::JoinTournament {
        tournament: id,
        code: None,
    };
    assert_eq!(
        key_of(&answer(&mut dora, without).await),
        "tournament_not_invited"
    );
    let with = ClientMsg::JoinTournament {
        tournament: id,
        code: Some(code),
    };
    assert_eq!(key_of(&answer(&mut dora, with).await), "ack");
    // The invitation link opens the browser's page of the tournament.
    let link = format!("/tournament/{id}?code={}", "x");
    let (status, _) = common::http_get(addr, &link).await;
    assert_eq!(status, 200);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_account_registers_is_told_where_it_sits_and_plays_its_table() {
    let db = Db::sqlite();
    let (srv, url) = server_with(config(&db, true)).await;
    let addr = srv.addr;
    let (_, api_token) = common::accounts::bot_account(addr, "Robo", PASSWORD).await;
    let mut robo = Player::join_as(&url, "Robo", Some(&api_token)).await;
    let mut players = Vec::new();
    let mut tokens = Vec::new();
    for name in ["Ann", "Bea", "Cid"] {
        let (p, token) = entrant(addr, &url, name).await;
        players.push(p);
        tokens.push(token);
    }
    let id = create(addr, &tokens[0], swiss("Bots Welcome", 1)).await;
    register(&mut robo, id).await;
    register_all(&mut players, id).await;
    let m = answer(
        &mut players[0],
        ClientMsg::StartTournament { tournament: id },
    )
    .await;
    assert_eq!(key_of(&m), "ack");
    // The bot account hears of its table twice: as a tournament's player and as a bot.
    let seated = robo
        .recv_until(|m| matches!(m, ServerMsg::BotSeated { .. }))
        .await;
    let ServerMsg::BotSeated { table, .. } = seated else {
        unreachable!()
    };
    assert_eq!(told_table(&robo, 1), Some(table));
    players.push(robo);
    let players = play_rounds(players, 1..=1).await;
    let done = until_phase(addr, id, "finished").await;
    check_standings(&done, 4, 1);
    let bot_line = done["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "Robo")
        .cloned()
        .unwrap();
    assert_eq!(bot_line["bot_account"], true, "{bot_line}");
    drop(players);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_elimination_sends_the_best_two_of_each_table_to_the_final() {
    let db = Db::sqlite();
    let (srv, url) = server_with(config(&db, true)).await;
    let addr = srv.addr;
    let (mut players, tokens) = eight_entrants(addr, &url).await;
    let mut setup = swiss("Knockout", 1);
    setup["format"] = json!({"kind": "elimination", "advance": 2});
    let id = create(addr, &tokens[0], setup).await;
    let at = registered_and_started(&mut players, &tokens, addr, id).await;
    assert_eq!(at.len(), 2, "two tables of four: {at:?}");
    // Round 1 for everyone; the final for the four who go on (the others wait in vain).
    let players = play_rounds(players, 1..=1).await;
    let mut finalists = Vec::new();
    until_round(addr, id, 2).await;
    for (p, token) in players.into_iter().zip(&tokens) {
        let mine = page(addr, id, Some(token)).await;
        if mine["summary"]["round"] == 2 && mine["you"]["table"].as_u64().is_some() {
            finalists.push(p);
        }
    }
    assert_eq!(finalists.len(), 4);
    drop(play_rounds(finalists, 2..=2).await);
    let done = until_phase(addr, id, "finished").await;
    let standings = done["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 8);
    let out: Vec<_> = standings.iter().map(|s| s["out_in"].clone()).collect();
    assert_eq!(out.iter().filter(|o| **o == 1).count(), 4, "{done}");
    assert_eq!(done["rounds"].as_array().unwrap().len(), 2);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_starts_at_its_start_time_and_one_with_too_few_is_cancelled() {
    let db = Db::sqlite();
    let (srv, url) = server_with(config(&db, true)).await;
    let addr = srv.addr;
    let (mut players, tokens) = eight_entrants(addr, &url).await;
    let soon = |name: &str| {
        let mut setup = swiss(name, 1);
        setup["start_ms"] = json!(now_ms() + 1_500);
        setup
    };
    let full = create(addr, &tokens[0], soon("On Time")).await;
    let thin = create(addr, &tokens[0], soon("Too Thin")).await;
    register_all(&mut players[..4], full).await;
    register_all(&mut players[4..6], thin).await;
    // Nobody starts them: the clock does.
    drop(play_rounds(players.drain(..4).collect(), 1..=1).await);
    until_phase(addr, full, "finished").await;
    let cancelled = until_phase(addr, thin, "cancelled").await;
    assert_eq!(cancelled["summary"]["entrants"], 2);
    let told = players[0]
        .recv_until(
            |m| matches!(m, ServerMsg::Notice { text, .. } if text.key == "tournament_cancelled"),
        )
        .await;
    assert!(matches!(told, ServerMsg::Notice { .. }));
    srv.stop().await;
}
