//! What the moderation tests share: an operator, the chat lines a player hears at its table
//! and in the lobby, and the audit log as an operator reads it.

use super::accounts::request as http;
use super::Player;
use nimmt_protocol::{ClientMsg, ServerMsg};
use nimmt_server::moderation::operators;
use std::net::SocketAddr;

/// The next chat line `p` hears at its table: (line number, speaker's identity, text).
pub async fn heard(p: &mut Player) -> (u64, String, String) {
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
pub async fn in_lobby(p: &mut Player) {
    p.send(ClientMsg::ListTables { subscribe: true }).await;
    p.recv_until(|m| matches!(m, ServerMsg::Tables { .. }))
        .await;
}

/// Says `text` in the lobby.
pub async fn say_in_lobby(p: &mut Player, text: &str) {
    let table = None;
    let text = text.to_owned();
    p.send(ClientMsg::Chat { table, text }).await;
}

/// The next lobby chat line `p` hears: (speaker's name, text).
pub async fn heard_in_lobby(p: &mut Player) -> (String, String) {
    match p
        .recv_until(|m| matches!(m, ServerMsg::Chat { table: None, .. }))
        .await
    {
        ServerMsg::Chat { from, text, .. } => (from, text),
        _ => unreachable!(),
    }
}

/// The audit log as an operator reads it: (action, target, reason), newest first.
pub async fn audit(addr: SocketAddr, token: &str) -> Vec<(String, String, String)> {
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
pub async fn operator(url: &str, store: &nimmt_server::store::Store) -> Player {
    let olga = Player::join(url, "Olga").await;
    assert!(operators::grant(store.pool(), &olga.me.player)
        .await
        .unwrap());
    olga
}

/// The chat lines players said (notices left out) in the next chat history `p` gets.
pub async fn said_in_history(p: &mut Player) -> Vec<String> {
    match p
        .recv_until(|m| matches!(m, ServerMsg::ChatHistory { .. }))
        .await
    {
        ServerMsg::ChatHistory { lines, .. } => lines
            .into_iter()
            .filter(|l| l.line.is_some())
            .map(|l| l.text)
            .collect(),
        _ => unreachable!(),
    }
}

/// The operator `olga` removes line `line` of `table` through the server at `addr`, for
/// `reason`; each of `at_table` is told the line is gone.
pub async fn remove_line(
    addr: SocketAddr,
    olga: &Player,
    (table, line): (u64, u64),
    reason: &str,
    at_table: [&mut Player; 2],
) {
    let (status, r) = http(
        addr,
        "POST",
        &format!("/api/admin/tables/{table}/lines/{line}/remove"),
        Some(&olga.me.token),
        Some(serde_json::json!({ "reason": reason })),
    )
    .await;
    assert_eq!(status, 200, "{r}");
    for p in at_table {
        let m = p
            .recv_until(|m| matches!(m, ServerMsg::ChatRemoved { .. }))
            .await;
        assert_eq!(m, ServerMsg::ChatRemoved { table, line });
    }
}
