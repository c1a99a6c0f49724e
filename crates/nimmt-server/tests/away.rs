//! Coming back to the table: the notices the whole table heard come back with the chat history
//! after a reload, in the reader's language; a player whose seat a bot played hears, once back,
//! what the bot did for them (`away_summary`); an option refused reads in the player's language.

mod common;

use common::{ann_and_bob, server, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, ServerMsg};
use serde_json::Value;

fn notice_key(m: &ServerMsg) -> Option<&str> {
    match m {
        ServerMsg::Notice { text, .. } => Some(text.key.as_str()),
        _ => None,
    }
}

/// Ann starts the game; returns once Bob sees the deal.
async fn start(ann: &mut Player, bob: &mut Player) {
    ann.command("/start").await;
    bob.recv_until(|m| matches!(m, ServerMsg::State { view: Some(_), .. }))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tables_notices_come_back_with_the_history_in_the_readers_language() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 3).await;
    start(&mut ann, &mut bob).await;
    ann.say("viel Glück").await;
    bob.recv_until(|m| matches!(m, ServerMsg::Chat { .. }))
        .await;
    bob.send(ClientMsg::Leave { table }).await;
    ann.recv_until(|m| notice_key(m) == Some("bot_took_seat"))
        .await;

    // Ann reloads, now in German: the history holds what was said and what the table heard.
    let token = ann.me.token.clone();
    drop(ann);
    let mut client = nimmt_server::client::Client::connect(&url).await.unwrap();
    client.hello("Ann", Some(&token), Lang::De).await.unwrap();
    let lines = loop {
        if let ServerMsg::ChatHistory { lines, .. } = client.recv().await.unwrap() {
            break lines;
        }
    };
    let said: Vec<(&str, Option<&str>, &str)> = lines
        .iter()
        .map(|l| (l.from.as_str(), l.key.as_deref(), l.text.as_str()))
        .collect();
    assert!(said.contains(&("Ann", None, "viel Glück")), "{said:?}");
    assert!(
        said.contains(&("", Some("left_table"), "Bob verlässt den Tisch.")),
        "{said:?}"
    );
    assert!(
        said.contains(&(
            "",
            Some("bot_took_seat"),
            "Ein Bot spielt ab jetzt für Bob."
        )),
        "{said:?}"
    );
    let took = lines
        .iter()
        .find(|l| l.key.as_deref() == Some("bot_took_seat"))
        .unwrap();
    assert_eq!(took.params["name"], "Bob");
    // In the order it happened: the line said, then Bob leaving, then the bot taking over.
    let at = |k: &str| {
        lines
            .iter()
            .position(|l| l.key.as_deref() == Some(k))
            .unwrap()
    };
    let said_at = lines.iter().position(|l| l.text == "viel Glück").unwrap();
    assert!(said_at < at("left_table") && at("left_table") < at("bot_took_seat"));
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn back_at_the_seat_a_player_hears_what_the_bot_did_for_them() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &["hand_size=3", "deals=1"], 2).await;
    start(&mut ann, &mut bob).await;
    bob.send(ClientMsg::Leave { table }).await;
    bob.recv_until(|m| matches!(m, ServerMsg::Left { .. }))
        .await;
    ann.recv_until(|m| notice_key(m) == Some("bot_took_seat"))
        .await;
    // Ann plays on: the bot plays for Bob meanwhile.
    assert_eq!(ann.play_moves(2).await, 2);
    ann.drain(200).await;

    bob.sit(table).await;
    let m = bob
        .recv_until(|m| notice_key(m) == Some("away_summary"))
        .await;
    let ServerMsg::Notice { text, .. } = m else {
        unreachable!()
    };
    let moves: usize = text.params["moves"].parse().unwrap();
    assert!(moves >= 1, "{text:?}");
    assert_eq!(
        text.text,
        format!("Moves a bot made for you while you were away: {moves}.")
    );
    let actions: Vec<Value> = serde_json::from_str(&text.params["actions"]).unwrap();
    assert_eq!(actions.len(), moves);
    assert!(
        actions
            .iter()
            .all(|a| a["type"] == "play" || a["type"] == "take_row"),
        "{actions:?}"
    );
    let events: Vec<Value> = serde_json::from_str(&text.params["events"]).unwrap();
    // The cards of Bob's that were revealed meanwhile are the ones the bot played for him (the
    // last one may wait for the next reveal).
    let revealed: Vec<&Value> = events
        .iter()
        .filter(|e| e["type"] == "revealed")
        .flat_map(|e| e["plays"].as_array().unwrap())
        .filter(|p| p["seat"] == 1)
        .collect();
    assert!(!revealed.is_empty(), "{events:?}");
    for p in &revealed {
        assert!(
            actions.iter().any(|a| a["card"] == p["card"]),
            "{p} in {actions:?}"
        );
    }
    // Only the returning player hears it, and only once.
    assert!(!ann.log.iter().any(|l| l.contains("away_summary")));
    bob.send(ClientMsg::Resync { table }).await;
    bob.drain(200).await;
    let count = bob
        .log
        .iter()
        .filter(|l| l.contains("\"key\":\"away_summary\""))
        .count();
    assert_eq!(count, 1);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_back_within_the_window_hears_no_summary() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 2).await;
    start(&mut ann, &mut bob).await;
    let token = bob.me.token.clone();
    drop(bob);
    ann.recv_until(|m| notice_key(m) == Some("disconnected"))
        .await;
    let mut bob = Player::join_as(&url, "Bob", Some(&token)).await;
    bob.table = table;
    bob.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    bob.drain(200).await;
    assert!(!bob.log.iter().any(|l| l.contains("away_summary")));
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_option_reads_in_the_players_language() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join_as_lang(&url, "Ann", Lang::De).await;
    ann.create(&[], Some(4)).await;
    for (command, key, german) in [
        (
            "/option hand_size=99",
            "options_bad_value",
            "ist kein Wert für die Option hand_size",
        ),
        (
            "/option timer=forever",
            "options_bad_value",
            "forever ist kein Wert für die Option timer: erwartet 0–3600.",
        ),
        (
            "/option colour=blue",
            "options_unknown_option",
            "hat keine Option colour",
        ),
        (
            "/start",
            "options_players",
            "ist für 2 bis 10 Spieler, nicht für 1.",
        ),
    ] {
        let m = ann.command(command).await;
        let ServerMsg::Error { code, text, .. } = &m else {
            panic!("{command}: {m:?}")
        };
        assert_eq!(*code, ErrorCode::BadOptions, "{command}");
        assert_eq!(text.key, key, "{command}");
        assert!(text.text.contains(german), "{command}: {}", text.text);
        assert!(!text.params["reason"].is_empty(), "{command}");
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whoever_comes_back_mid_game_gets_what_just_happened() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &["hand_size=3", "deals=1"], 2).await;
    start(&mut ann, &mut bob).await;
    // Both play: the cards are revealed.
    let a = tokio::spawn(async move {
        ann.play_moves(1).await;
        ann
    });
    bob.play_moves(1).await;
    let _ann = a.await.unwrap();
    // Both moves are acknowledged, so the cards are revealed; the update that says so may be
    // the answer to Bob's own move (when Ann played first), already read.
    bob.drain(200).await;

    // Bob reloads: after the state, what just happened, from the view before it.
    let token = bob.me.token.clone();
    drop(bob);
    let mut bob = Player::join_as(&url, "Bob", Some(&token)).await;
    bob.table = table;
    let m = bob
        .recv_until(|m| matches!(m, ServerMsg::Recent { .. }))
        .await;
    let ServerMsg::Recent { view, events, .. } = m else {
        unreachable!()
    };
    assert!(events.iter().any(|e| e["type"] == "revealed"), "{events:?}");
    // The view is from before the reveal: the turn it shows is an earlier one.
    let now = bob.view.as_ref().unwrap()["turn"].as_u64().unwrap();
    assert!(view["turn"].as_u64().unwrap() < now || view["phase"]["phase"] == "choose");
    // Only what Bob may see: no other seat's hand.
    assert!(!events
        .iter()
        .any(|e| e["type"] == "hand_dealt" && e["seat"] != 1));
    srv.stop().await;
}
