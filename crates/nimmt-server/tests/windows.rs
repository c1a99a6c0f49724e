//! Intervention windows: one decision pending for several seats at once (a *Schlagt den Büffel*
//! team deciding whether to use a special card). Bots at a table with people pass in them; a
//! member who is away is passed for at once.

mod common;

use common::{server, Db, Player};
use nimmt_protocol::{ClientMsg, ServerMsg};
use serde_json::{json, Value};
use std::time::Duration;

/// Creates a buffalo table of `seats` seats.
async fn create_buffalo(p: &mut Player, seats: usize) -> u64 {
    p.send(ClientMsg::CreateTable {
        game: "buffalo".parse().unwrap(),
        options: Default::default(),
        seats: Some(seats),
    })
    .await;
    let m = p
        .recv_until(|m| matches!(m, ServerMsg::State { .. } | ServerMsg::Error { .. }))
        .await;
    assert!(matches!(m, ServerMsg::State { .. }), "{m:?}");
    p.table
}

fn legal(m: &ServerMsg) -> Option<&Vec<Value>> {
    match m {
        ServerMsg::State { legal, .. } | ServerMsg::Update { legal, .. } => Some(legal),
        _ => None,
    }
}

fn events(m: &ServerMsg) -> &[Value] {
    match m {
        ServerMsg::Update { events, .. } => events,
        _ => &[],
    }
}

fn over(p: &Player) -> bool {
    p.view
        .as_ref()
        .is_some_and(|v| !v["result"].is_null() || !v["outcome"].is_null())
}

/// The move a person makes: the first card, the first row, and a pass in every window.
fn person_move(legal: &[Value]) -> Option<Value> {
    if legal.iter().any(|a| a["type"] == "pass") {
        return Some(json!({"type": "pass"}));
    }
    legal.first().cloned()
}

async fn send_act(p: &mut Player, action: Value) -> u64 {
    let (table, version) = (p.table, p.version);
    p.send(ClientMsg::Act {
        table,
        version,
        action,
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_pass_in_windows_at_a_table_with_people() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = create_buffalo(&mut ann, 3).await;
    assert_eq!(table, ann.table);
    for _ in 0..2 {
        assert!(matches!(
            ann.command("/bot add").await,
            ServerMsg::Ack { .. }
        ));
    }
    ann.say("/start").await;
    let (mut bot_passes, mut uses, mut windows) = (0, 0, 0);
    // One move in flight at a time; the latest legal actions answer the next.
    let mut in_flight: Option<u64> = None;
    let mut latest: Vec<Value> = Vec::new();
    while !over(&ann) {
        let m = match tokio::time::timeout(Duration::from_secs(10), ann.recv()).await {
            Ok(m) => m,
            Err(_) => panic!("stuck: {:#?}", &ann.log[ann.log.len().saturating_sub(3)..]),
        };
        for e in events(&m) {
            match e["type"].as_str() {
                Some("passed") if e["seat"] != 0 => bot_passes += 1,
                Some("used") if e["seat"] != 0 => uses += 1,
                _ => {}
            }
        }
        match &m {
            ServerMsg::Error { id, .. } if *id == in_flight => {
                in_flight = None;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            ServerMsg::Update { ack, .. } if ack.is_some() && *ack == in_flight => in_flight = None,
            _ => {}
        }
        if let Some(l) = legal(&m) {
            if l.iter().any(|a| a["type"] == "pass") {
                windows += 1;
            }
            latest = l.clone();
        }
        if in_flight.is_none() {
            if let Some(a) = person_move(&latest) {
                in_flight = Some(send_act(&mut ann, a).await);
                latest.clear();
            }
        }
    }
    assert!(windows > 0, "the team was asked in windows");
    assert!(bot_passes > 0, "the bots answered the windows");
    assert_eq!(uses, 0, "the bots used no special card");
    // The end-of-game notice names the winners, or says that the table lost to the buffalo.
    let outcome = ann.view.as_ref().map(|v| v["result"]["outcome"].clone());
    assert!(
        outcome.as_ref().is_some_and(|o| o["winners"].is_array()),
        "the final view holds the outcome: {outcome:?}"
    );
    let table_won = ann.view.as_ref().is_some_and(|v| {
        v["result"]["outcome"]["winners"]
            .as_array()
            .is_some_and(|w| !w.is_empty())
    });
    let m = ann
        .recv_until(
            |m| matches!(m, ServerMsg::Notice { text, .. } if text.key.starts_with("game_over")),
        )
        .await;
    let ServerMsg::Notice { text, .. } = m else {
        unreachable!()
    };
    if table_won {
        assert_eq!(text.key, "game_over_notice", "{}", text.text);
        assert!(!text.text.contains("Winner: ."), "{}", text.text);
    } else {
        assert_eq!(text.text, "The game is over. Nobody at the table won.");
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_absent_member_is_passed_for_at_once_in_a_window() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = create_buffalo(&mut ann, 2).await;
    let mut bob = Player::join(&url, "Bob").await;
    bob.sit(table).await;
    ann.say("/start").await;
    // Both choose a card; then the window opens for both.
    for p in [&mut ann, &mut bob] {
        let action = loop {
            let m = p.recv().await;
            if let Some(a) = legal(&m).and_then(|l| l.first().cloned()) {
                break a;
            }
        };
        assert_eq!(action["type"], "play");
        send_act(p, action).await;
    }
    // Bob sees the window, and goes away.
    loop {
        let m = bob.recv().await;
        if legal(&m).is_some_and(|l| l.iter().any(|a| a["type"] == "pass")) {
            break;
        }
    }
    drop(bob);
    // Long before the reconnection window ends, the table has passed for Bob (the default pass:
    // for the rest of the turn).
    let passed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let m = ann.recv().await;
            if events(&m)
                .iter()
                .any(|e| e["type"] == "passed_turn" && e["seat"] == 1)
            {
                return;
            }
        }
    })
    .await;
    assert!(passed.is_ok(), "Bob was passed for at once");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_closes_by_the_timer_when_connected_people_never_answer() {
    // B2: the window closes when every connected member has passed, or when the timer runs out.
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = create_buffalo(&mut ann, 2).await;
    assert!(matches!(
        ann.command("/option timer=1").await,
        ServerMsg::Ack { .. }
    ));
    let mut bob = Player::join(&url, "Bob").await;
    bob.sit(table).await;
    ann.say("/start").await;
    for p in [&mut ann, &mut bob] {
        let action = loop {
            let m = p.recv().await;
            if let Some(a) = legal(&m).and_then(|l| l.first().cloned()) {
                break a;
            }
        };
        send_act(p, action).await;
    }
    // Both stay connected and say nothing in the window: the timer passes for both (the
    // default pass: for the rest of the turn).
    let mut passed = [false, false];
    let closed = tokio::time::timeout(Duration::from_secs(8), async {
        while !(passed[0] && passed[1]) {
            let m = ann.recv().await;
            for e in events(&m) {
                if e["type"] == "passed_turn" {
                    if let Some(s) = e["seat"].as_u64() {
                        passed[s as usize] = true;
                    }
                }
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the timer closed the window: {passed:?}");
    assert!(bob.view.is_some(), "Bob is still at the table");
    srv.stop().await;
}
