//! One registry for every game, seen from a client: the welcome and `GET /api/games` list every
//! game with its option schema, every message a seat receives carries the actions it may take
//! now, `/help option` explains the game's options, and a finished game replays step by step.

mod common;

use common::{ann_and_bob, http_get, retry_after, server, Db, Player};
use nimmt_core::record::{replay, GameRecord};
use nimmt_core::{registry, GameDescriptor};
use nimmt_protocol::{ClientMsg, ServerMsg};
use serde_json::Value;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_welcome_and_the_games_endpoint_list_every_game_with_its_options() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let ann = Player::join(&url, "Ann").await;
    let names: Vec<&str> = ann.me.games.iter().map(|g| g.name.as_str()).collect();
    // Every registered game, in the registry's order.
    let registered: Vec<String> = nimmt_core::GameKind::all()
        .iter()
        .map(|k| k.name().to_owned())
        .collect();
    assert_eq!(names, registered);
    assert_eq!(&names[..2], ["classic", "help"]);
    let classic = &ann.me.games[0];
    assert_eq!(classic.players, (2, 10));
    let deck = classic.option("deck").expect("classic has a deck option");
    assert_eq!(deck.default.as_deref(), Some("full"));
    assert_eq!(deck.synopsis(), "deck=full|tactic");
    assert!(!deck.help.en.is_empty() && !deck.help.de.is_empty());
    let help = &ann.me.games[1];
    assert_eq!(help.players, (3, 5));
    assert_eq!(help.keys(), ["end_at"]);

    let (status, body) = http_get(srv.addr, "/api/games").await;
    assert_eq!(status, 200, "{body}");
    let listed: Vec<GameDescriptor> = serde_json::from_str(&body).unwrap();
    assert_eq!(listed, ann.me.games);
    srv.stop().await;
}

/// The `legal` of a `state` or `update` and the view it came with.
fn legal_and_view(m: &ServerMsg) -> Option<(&[Value], &Value)> {
    match m {
        ServerMsg::State {
            legal,
            view: Some(view),
            ..
        } => Some((legal, view)),
        ServerMsg::Update { legal, view, .. } => Some((legal, view)),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_help_seat_plays_a_whole_game_from_the_legal_actions_it_is_sent() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    ann.send(ClientMsg::CreateTable {
        game: "help".parse().unwrap(),
        options: nimmt_core::OptionMap::parse(["end_at=5"]).unwrap(),
        seats: Some(3),
    })
    .await;
    ann.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    for _ in 0..2 {
        assert!(matches!(
            ann.command("/bot add").await,
            ServerMsg::Ack { .. }
        ));
    }
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    // The game's first state may have come before the command's ack: ask for it afresh.
    let table = ann.table;
    ann.send(ClientMsg::Resync { table }).await;
    let rules = registry::find("help").unwrap();
    let (mut checked, mut moves) = (0, 0);
    // What Ann may do now, as the server last said it.
    let mut legal: Vec<Value> = Vec::new();
    // The version Ann last acted at: a state of that version (the resync's) asks nothing new.
    let mut acted_at = None;
    // The action last sent, sent again after the server says to slow down.
    let mut sent_last: Option<Value> = None;
    while !ann.over() {
        if let Some(action) = legal.first().cloned() {
            sent_last = Some(action.clone());
            let (table, version) = (ann.table, ann.version);
            acted_at = Some(version);
            ann.send(ClientMsg::Act {
                table,
                version,
                action,
            })
            .await;
            legal.clear();
            moves += 1;
        }
        let m = ann.recv().await;
        if let Some(retry) = retry_after(&m) {
            // Over the message budget: wait as told and send the same action again.
            tokio::time::sleep(retry).await;
            legal = sent_last.iter().cloned().collect();
            moves -= 1;
            continue;
        }
        if let ServerMsg::Error { .. } = m {
            panic!("a legal action was refused: {m:?}");
        }
        if let Some((sent, view)) = legal_and_view(&m) {
            // Exactly what the rules allow the seat in this view: empty unless it is asked.
            let expected = rules.legal_in_view(view).unwrap();
            assert_eq!(sent, expected.as_slice(), "legal in {m:?}");
            if view["asked"].is_null() {
                assert!(sent.is_empty());
            }
            checked += 1;
            if acted_at != Some(ann.version) {
                legal = sent.to_vec();
            }
        }
    }
    // How many moves a game to 5 points takes depends on the deal; Ann must have played.
    assert!(moves >= 1, "Ann played the game ({moves} moves)");
    assert!(checked > moves, "{checked} messages checked");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_option_explains_the_games_options_in_the_members_language() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    ann.create(&[], Some(4)).await;
    let mut otto = Player::join_as_lang(&url, "Otto", nimmt_protocol::Lang::De).await;
    otto.watch(ann.table).await;
    let seen = otto.log.len();
    assert!(matches!(
        otto.command("/help option").await,
        ServerMsg::Ack { .. }
    ));
    let notice = otto.log[seen..]
        .iter()
        .find(|t| t.contains("\"key\":\"help_options\""))
        .expect("the options notice");
    let text: Value = serde_json::from_str(notice).unwrap();
    let text = text["text"].as_str().unwrap();
    let classic = registry::find("classic").unwrap().descriptor();
    assert!(text.starts_with("Optionen von 6 nimmt!:"), "{text}");
    for spec in &classic.options {
        assert!(text.contains(&spec.synopsis()), "{} in {text}", spec.key);
        assert!(text.contains(&spec.help.de), "{} in {text}", spec.key);
    }
    assert!(
        text.contains("timer=N") && text.contains("reconnect=N"),
        "{text}"
    );
    // An option the game does not take is refused with the game's reason; nothing changed.
    match ann.command("/option colour=red").await {
        ServerMsg::Error { text, .. } => {
            assert!(
                text.params["reason"].contains("unknown option \"colour\"")
                    && text.text.contains("has no option colour"),
                "{}",
                text.text
            )
        }
        m => panic!("{m:?}"),
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_replays_step_by_step_and_a_running_one_is_refused() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &["deals=1", "hand_size=3"], 2).await;
    ann.command("/start").await;

    // While it runs: 409 with the code and a text in the client's language.
    let (status, body) = http_get(srv.addr, &format!("/api/games/{table}/replay")).await;
    assert_eq!(status, 409, "{body}");
    let refused: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(refused["code"], "game_running");
    assert!(
        refused["error"].as_str().unwrap().contains("not over"),
        "{body}"
    );
    let (_, body) = http_get(srv.addr, &format!("/api/games/{table}/replay?lang=de")).await;
    let refused: Value = serde_json::from_str(&body).unwrap();
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("noch nicht vorbei"),
        "{body}"
    );
    let (status, body) = http_get(srv.addr, "/api/games/999/replay").await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["code"],
        "no_such_game"
    );

    let b = tokio::spawn(async move {
        bob.play_to_end().await;
        bob
    });
    ann.play_to_end().await;
    let _bob = b.await.unwrap();

    let (status, body) = http_get(srv.addr, &format!("/api/games/{table}/record")).await;
    assert_eq!(status, 200, "{body}");
    let record: GameRecord = serde_json::from_str(&body).unwrap();
    let outcome = serde_json::to_value(replay(&record).unwrap().game.outcome()).unwrap();

    let (status, body) = http_get(srv.addr, &format!("/api/games/{table}/replay")).await;
    assert_eq!(status, 200, "{body}");
    let r: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(r["game"], "classic");
    assert_eq!(r["players"], 2);
    assert_eq!(r["names"], serde_json::json!(["Ann", "Bob"]));
    let steps = r["steps"].as_array().unwrap();
    assert_eq!(steps.len(), record.actions.len() + 1);
    // Step 0 is the opening: no seat, no action, the rows laid out and nobody's hand.
    assert!(steps[0]["seat"].is_null() && steps[0]["action"].is_null());
    assert!(steps[0]["view"]["outcome"].is_null());
    assert_eq!(steps[0]["view"]["hand"], serde_json::json!([]));
    // Then one step per recorded action, in order, ending at the recorded outcome.
    for (step, a) in steps[1..].iter().zip(&record.actions) {
        assert_eq!(step["seat"], a.seat.0);
        assert_eq!(step["action"], a.action);
        assert_eq!(
            step["view"]["hand"],
            serde_json::json!([]),
            "a spectator's view"
        );
    }
    assert!(steps.iter().any(|s| s["events"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["type"] == "revealed")));
    assert_eq!(steps.last().unwrap()["view"]["outcome"], outcome);
    assert_eq!(ann.view.as_ref().unwrap()["outcome"], outcome);
    srv.stop().await;
}

/// Creates a Brettspiel table with `board=custom` and answers whether the room took it.
async fn custom_board_table(url: &str) -> Option<Player> {
    let mut ann = Player::join(url, "Ann").await;
    ann.send(ClientMsg::CreateTable {
        game: "board".parse().unwrap(),
        options: nimmt_core::OptionMap::parse(["board=custom"]).unwrap(),
        seats: Some(2),
    })
    .await;
    let m = ann
        .recv_until(|m| matches!(m, ServerMsg::State { .. } | ServerMsg::Error { .. }))
        .await;
    matches!(m, ServerMsg::State { .. }).then_some(ann)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_started_with_a_board_file_plays_it_where_a_table_asks_for_it() {
    // K2: a table may load another board; the room reads it at start (`serve --data board=FILE`).
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    assert!(
        custom_board_table(&url).await.is_none(),
        "board=custom needs a board the room was given"
    );
    srv.stop().await;

    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/board");
    let read = |f: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(dir.join(f)).unwrap()).unwrap()
    };
    let board = serde_json::json!({"base": read("base.json"), "pro": read("pro.json"), "tiles": read("tiles.json")});
    let db = Db::sqlite();
    let mut config = common::config(&db);
    config.game_data.insert("board".into(), board);
    let (srv, url) = common::server_with(config).await;
    let mut ann = custom_board_table(&url)
        .await
        .expect("the room has a board to offer");
    assert!(matches!(
        ann.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    let table = ann.table;
    ann.send(ClientMsg::Resync { table }).await;
    ann.recv_until(|m| matches!(m, ServerMsg::State { view: Some(_), .. }))
        .await;
    // A classic table ignores the room's board: it takes no game data.
    let mut bob = Player::join(&url, "Bob").await;
    bob.create(&[], Some(2)).await;
    assert!(matches!(
        bob.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(bob.command("/start").await, ServerMsg::Ack { .. }));
    srv.stop().await;
}
