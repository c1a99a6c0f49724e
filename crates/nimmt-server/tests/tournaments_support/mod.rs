//! Helpers of the tournament tests: accounts that register over the WebSocket, a tournament
//! created over HTTP, each player's round played by its scripted client, the page read back.
#![allow(dead_code)]

use crate::common::accounts::{get, post, sign_up};
use crate::common::Player;
use nimmt_protocol::{ClientMsg, ServerMsg};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;

pub const PASSWORD: &str = "correct horse battery";

/// A new account `name`, connected with its session token; (the player, the session token).
pub async fn entrant(addr: SocketAddr, url: &str, name: &str) -> (Player, String) {
    let (_, token) = sign_up(addr, None, name, PASSWORD).await;
    (Player::join_as(url, name, Some(&token)).await, token)
}

/// Eight new accounts (`Player0` to `Player7`) connected to `url`, and their session tokens.
pub async fn eight_entrants(addr: SocketAddr, url: &str) -> (Vec<Player>, Vec<String>) {
    let mut players = Vec::new();
    let mut tokens = Vec::new();
    for i in 0..8 {
        let (p, token) = entrant(addr, url, &format!("Player{i}")).await;
        players.push(p);
        tokens.push(token);
    }
    (players, tokens)
}

/// `players` register for tournament `id` and the first starts it: (the tables of round 1 with their players' indexes, as the page names them).
pub async fn registered_and_started(
    players: &mut [Player],
    tokens: &[String],
    addr: SocketAddr,
    id: u64,
) -> Vec<(u64, Vec<usize>)> {
    register_all(players, id).await;
    let m = answer(
        &mut players[0],
        ClientMsg::StartTournament { tournament: id },
    )
    .await;
    assert_eq!(key_of(&m), "ack");
    let mut at: std::collections::BTreeMap<u64, Vec<usize>> = Default::default();
    for (i, token) in tokens.iter().enumerate() {
        at.entry(table_of(addr, id, token, 1).await)
            .or_default()
            .push(i);
    }
    at.into_iter().collect()
}

/// A player's table of round `round`, as the tournament's page names it (on any node).
pub async fn table_of(addr: SocketAddr, id: u64, token: &str, round: u32) -> u64 {
    for _ in 0..300 {
        let page = page(addr, id, Some(token)).await;
        let running = page["summary"]["phase"] == "running" && page["summary"]["round"] == round;
        if let (true, Some(table)) = (running, page["you"]["table"].as_u64()) {
            return table;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "no table in round {round}: {}",
        page(addr, id, Some(token)).await
    );
}

/// Waits (a while) until a table of round 1 of tournament `id` has its result counted.
pub async fn until_a_table_done(addr: SocketAddr, id: u64) {
    for _ in 0..100 {
        let page = page(addr, id, None).await;
        let tables = page["rounds"][0]["tables"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if tables.iter().any(|t| t["done"] == true) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The wall clock in milliseconds.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

/// A Swiss of `rounds` at tables of four, of short classic games (one deal of three cards),
/// starting in an hour (its creator starts it earlier).
pub fn swiss(name: &str, rounds: u32) -> Value {
    json!({
        "name": name,
        "game": "classic",
        "options": {"deals": "1", "hand_size": "3"},
        "format": {"kind": "swiss", "rounds": rounds},
        "table_size": 4,
        "start_ms": now_ms() + 3_600_000,
        "rated": true
    })
}

/// Creates a tournament as the holder of `token`: its number.
pub async fn create(addr: SocketAddr, token: &str, setup: Value) -> u64 {
    let (status, body) = post(addr, "/api/tournaments", Some(token), setup).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["summary"]["id"], body["id"]);
    body["id"].as_u64().unwrap()
}

/// Sends `msg` and returns its answer: the ack or the error.
pub async fn answer(p: &mut Player, msg: ClientMsg) -> ServerMsg {
    let id = p.send(msg).await;
    p.recv_until(|m| {
        matches!(m, ServerMsg::Ack { id: i } if *i == id)
            || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
    })
    .await
}

/// `p` registers for tournament `id`: acknowledged.
pub async fn register(p: &mut Player, id: u64) {
    let code = None;
    let m = answer(
        p,
        ClientMsg::JoinTournament {
            tournament: id,
            code,
        },
    )
    .await;
    assert!(matches!(m, ServerMsg::Ack { .. }), "{}: {m:?}", p.me.name);
}

/// Every player registers for tournament `id`, all at once: each is acknowledged.
pub async fn register_all(players: &mut [Player], id: u64) {
    let mut asked = Vec::new();
    for p in players.iter_mut() {
        let code = None;
        asked.push(
            p.send(ClientMsg::JoinTournament {
                tournament: id,
                code,
            })
            .await,
        );
    }
    for (p, id) in players.iter_mut().zip(asked) {
        let m = p
            .recv_until(|m| {
                matches!(m, ServerMsg::Ack { id: i } if *i == id)
                    || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
            })
            .await;
        assert!(matches!(m, ServerMsg::Ack { .. }), "{}: {m:?}", p.me.name);
    }
}

/// The error's text key, or `ack`.
pub fn key_of(m: &ServerMsg) -> String {
    match m {
        ServerMsg::Ack { .. } => "ack".to_owned(),
        ServerMsg::Error { text, .. } => text.key.clone(),
        other => format!("{other:?}"),
    }
}

/// The tournament's page as the holder of `token` sees it.
pub async fn page(addr: SocketAddr, id: u64, token: Option<&str>) -> Value {
    let (status, body) = get(addr, &format!("/api/tournaments/{id}"), token).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// Waits until the tournament's page says `phase` (within a minute); the page.
pub async fn until_phase(addr: SocketAddr, id: u64, phase: &str) -> Value {
    for _ in 0..600 {
        let p = page(addr, id, None).await;
        if p["summary"]["phase"] == phase {
            return p;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "tournament {id} is not {phase}: {}",
        page(addr, id, None).await
    );
}

/// Waits until round `round` of tournament `id` is being played (within a minute).
pub async fn until_round(addr: SocketAddr, id: u64, round: u32) {
    for _ in 0..600 {
        if page(addr, id, None).await["summary"]["round"] == round {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "tournament {id} has no round {round}: {}",
        page(addr, id, None).await
    );
}

/// Waits for `p`'s table of round `round`, takes the seat and plays to the end of the game;
/// the table's number.
pub async fn play_round(p: &mut Player, round: u32) -> u64 {
    let table = match told_table(p, round) {
        Some(table) => table,
        None => {
            let m = p.recv_until(|m| told_round(m, round).is_some()).await;
            told_round(&m, round).unwrap()
        }
    };
    sit_at(p, table).await;
    p.play_to_end().await;
    table
}

/// `p` takes their seat at `table` (a late message of their previous table is passed over).
pub async fn sit_at(p: &mut Player, table: u64) {
    p.table = table;
    let id = p
        .send(ClientMsg::Join {
            table,
            role: nimmt_protocol::Role::Player,
            invite: None,
        })
        .await;
    let m = p
        .recv_until(|m| {
            matches!(m, ServerMsg::State { table: t, you, .. } if t.id == table && you.seat.is_some())
                || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
        })
        .await;
    assert!(matches!(m, ServerMsg::State { .. }), "{}: {m:?}", p.me.name);
}

/// The table of round `round` that `m` tells of.
fn told_round(m: &ServerMsg, round: u32) -> Option<u64> {
    match m {
        ServerMsg::TournamentTable {
            round: r, table, ..
        } if *r == round => Some(*table),
        _ => None,
    }
}

/// The table of round `round` that `p` was told of already (while waiting for something else).
pub fn told_table(p: &Player, round: u32) -> Option<u64> {
    p.log
        .iter()
        .filter_map(|text| serde_json::from_str::<ServerMsg>(text).ok())
        .find_map(|m| told_round(&m, round))
}

/// Each player plays `rounds` rounds, all at once; the players back.
pub async fn play_rounds(
    players: Vec<Player>,
    rounds: std::ops::RangeInclusive<u32>,
) -> Vec<Player> {
    let tasks: Vec<_> = players
        .into_iter()
        .map(|mut p| {
            let rounds = rounds.clone();
            tokio::spawn(async move {
                for r in rounds {
                    play_round(&mut p, r).await;
                }
                p
            })
        })
        .collect();
    let mut back = Vec::new();
    for t in tasks {
        back.push(t.await.unwrap());
    }
    back
}

/// The final standings' checks: every player ranked once, each with `rounds` games, the
/// points those games give out (120 per table of four, ties sharing) summed.
pub fn check_standings(page: &Value, players: usize, rounds: u32) {
    let standings = page["standings"].as_array().unwrap();
    assert_eq!(standings.len(), players, "{page}");
    let ranks: Vec<u64> = standings
        .iter()
        .map(|s| s["rank"].as_u64().unwrap())
        .collect();
    assert_eq!(ranks, (1..=players as u64).collect::<Vec<_>>());
    for s in standings {
        assert_eq!(s["games"], rounds, "{s}");
    }
    let points: f64 = standings
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .sum();
    let tables = (players / 4) as f64 * f64::from(rounds);
    assert_eq!(points, 120.0 * tables, "{page}");
}

/// The room tables marked as tournament `id`'s, as stored.
pub async fn marked_tables(pool: &sqlx::AnyPool, id: u64) -> Vec<i64> {
    use sqlx::Row;
    let rows = sqlx::query("SELECT id, meta FROM nimmt_tables ORDER BY id")
        .fetch_all(pool)
        .await
        .unwrap();
    rows.iter()
        .filter(|r| {
            let meta: Value = serde_json::from_str(&r.get::<String, _>(1)).unwrap();
            meta["tournament"]["tournament"] == id
        })
        .map(|r| r.get::<i64, _>(0))
        .collect()
}
