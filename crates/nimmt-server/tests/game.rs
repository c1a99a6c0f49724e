//! Whole games over real WebSockets: humans and bots, what each seat is sent, the stored record.

mod common;

use common::{ann_and_bob, http_get, server, Db, Player};
use nimmt_core::record::{replay, GameRecord};
use nimmt_protocol::{ClientMsg, ServerMsg};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// Every card number in the card-bearing fields of a message part (hands, rows, taken piles,
/// the draft pool, played and placed cards).
fn cards_in(v: &Value, key: Option<&str>, out: &mut Vec<u8>) {
    fn numbers(v: &Value, out: &mut Vec<u8>) {
        match v {
            Value::Number(n) => out.push(n.as_u64().unwrap() as u8),
            Value::Array(a) => a.iter().for_each(|x| numbers(x, out)),
            _ => {}
        }
    }
    match (key, v) {
        (Some("hand" | "cards" | "pool" | "rows" | "taken"), Value::Array(_)) => numbers(v, out),
        (Some("card"), Value::Number(_)) => numbers(v, out),
        (_, Value::Object(m)) => m.iter().for_each(|(k, x)| cards_in(x, Some(k), out)),
        (_, Value::Array(a)) => a.iter().for_each(|x| cards_in(x, None, out)),
        _ => {}
    }
}

/// Checks that no message `log` sent to `viewer` (a seat, or `None` for a spectator) shows a
/// card of another hand before that card was revealed.
fn assert_secret(log: &[String], viewer: Option<usize>, record: &Value) {
    let deals = record["deals"].as_array().unwrap();
    let forbidden_base = |deal: u64| -> HashSet<u8> {
        let hands = deals[deal as usize - 1]["hands"].as_array().unwrap();
        hands
            .iter()
            .enumerate()
            .filter(|(s, _)| Some(*s) != viewer)
            .flat_map(|(_, h)| {
                h.as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_u64().unwrap() as u8)
            })
            .collect()
    };
    let mut revealed: HashMap<u64, HashSet<u8>> = HashMap::new();
    let mut deal = 1;
    let mut checked = 0;
    let check = |part: &Value, deal: u64, revealed: &HashMap<u64, HashSet<u8>>, what: &str| {
        let mut cards = Vec::new();
        cards_in(part, None, &mut cards);
        let forbidden = forbidden_base(deal);
        let open = revealed.get(&deal).cloned().unwrap_or_default();
        for c in cards {
            assert!(
                !forbidden.contains(&c) || open.contains(&c),
                "{viewer:?} was sent card {c} of another hand before its reveal (deal {deal}) in {what}: {part}"
            );
        }
    };
    for text in log {
        let msg: Value = serde_json::from_str(text).unwrap();
        match msg["type"].as_str().unwrap() {
            "update" => {
                for ev in msg["events"].as_array().unwrap() {
                    match ev["type"].as_str().unwrap() {
                        "deal_started" => deal = ev["deal"].as_u64().unwrap(),
                        "revealed" => {
                            for p in ev["plays"].as_array().unwrap() {
                                revealed
                                    .entry(deal)
                                    .or_default()
                                    .insert(p["card"].as_u64().unwrap() as u8);
                            }
                        }
                        _ => {}
                    }
                    check(ev, deal, &revealed, "an event");
                }
                let vd = msg["view"]["deal"].as_u64().unwrap();
                check(&msg["view"], vd, &revealed, "a view");
                checked += 1;
            }
            "state" if !msg["view"].is_null() => {
                let vd = msg["view"]["deal"].as_u64().unwrap();
                deal = vd;
                check(&msg["view"], vd, &revealed, "a state");
                checked += 1;
            }
            _ => {}
        }
    }
    assert!(
        checked > 20,
        "the viewer followed the game ({checked} messages)"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_game_with_humans_and_a_bot_keeps_every_hand_secret_on_sqlite() {
    full_game(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_game_with_humans_and_a_bot_keeps_every_hand_secret_on_postgres() {
    full_game(Db::postgres().await).await;
}

async fn full_game(db: Db) {
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 4).await;
    let mut eve = Player::join(&url, "Eve").await;
    eve.watch(table).await;

    assert!(matches!(
        ann.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));

    let a = tokio::spawn(async move {
        ann.play_to_end().await;
        ann
    });
    let b = tokio::spawn(async move {
        bob.play_to_end().await;
        bob
    });
    let e = tokio::spawn(async move {
        eve.watch_to_end().await;
        eve
    });
    let (ann, bob, eve) = (a.await.unwrap(), b.await.unwrap(), e.await.unwrap());

    // The record: complete once the game is over, and it replays to the same result.
    let (status, body) = http_get(srv.addr, &format!("/api/games/{table}/record")).await;
    assert_eq!(status, 200, "{body}");
    let record: Value = serde_json::from_str(&body).unwrap();
    let typed: GameRecord = serde_json::from_value(record.clone()).unwrap();
    let replayed = replay(&typed).expect("the stored record replays");
    let outcome = serde_json::to_value(replayed.game.outcome()).unwrap();
    assert_eq!(ann.view.as_ref().unwrap()["outcome"], outcome);
    assert_eq!(eve.view.as_ref().unwrap()["outcome"], outcome);
    assert_eq!(typed.players, 3);
    assert_eq!(
        srv.store.action_count(table).await.unwrap() as usize,
        typed.actions.len()
    );

    assert_secret(&ann.log, Some(0), &record);
    assert_secret(&bob.log, Some(1), &record);
    assert_secret(&eve.log, None, &record);
    srv.stop().await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_game_shows_no_seed_deals_or_unrevealed_cards() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 3).await;
    ann.command("/start").await;
    // Ann chooses; Bob has not: Ann's card is on the table face down.
    assert!(ann.act_first().await);
    let (status, body) = http_get(srv.addr, &format!("/api/games/{table}/record")).await;
    assert_eq!(status, 200);
    let r: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(r["finished"], false);
    assert!(r.get("seed").is_none() && r.get("deals").is_none(), "{r}");
    assert_eq!(
        r["actions"].as_array().unwrap().len(),
        0,
        "the hidden choice is not shown: {r}"
    );
    // Once Bob chose too, both cards are revealed and both actions show.
    bob.recv_until(|m| matches!(m, ServerMsg::Update { .. }))
        .await;
    assert!(bob.act_first().await);
    let (_, body) = http_get(srv.addr, &format!("/api/games/{table}/record")).await;
    let r: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(r["actions"].as_array().unwrap().len(), 2, "{r}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_help_table_plays_with_bots_too() {
    // Any game of nimmt-core can be played: HELP! with one human and two of its bots.
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    ann.send(ClientMsg::CreateTable {
        game: "help".parse().unwrap(),
        options: Default::default(),
        seats: Some(3),
    })
    .await;
    ann.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    assert!(matches!(
        ann.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(
        ann.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    let mut moves = 0;
    while moves < 5 && !ann.over() {
        let Some(view) = ann.view.clone() else {
            ann.recv().await;
            continue;
        };
        let typed: nimmt_core::games::help::View = serde_json::from_value(view).unwrap();
        match typed.legal_actions().first() {
            Some(a) if typed.asked.is_some() => {
                let (table, version) = (ann.table, ann.version);
                let action = serde_json::to_value(a).unwrap();
                let id = ann
                    .send(ClientMsg::Act {
                        table,
                        version,
                        action,
                    })
                    .await;
                let m = ann
                    .recv_until(|m| {
                        matches!(m, ServerMsg::Update { ack: Some(a), .. } if *a == id)
                            || matches!(m, ServerMsg::Error { .. })
                    })
                    .await;
                assert!(matches!(m, ServerMsg::Update { .. }), "{m:?}");
                moves += 1;
            }
            _ => {
                ann.recv().await;
            }
        }
    }
    assert!(moves == 5 || ann.over());
    srv.stop().await;
}
