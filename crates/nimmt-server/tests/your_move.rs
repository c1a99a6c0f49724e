//! The Your-move list over the WebSocket: a turn-based table that waits for a player's move
//! is in their list, it leaves the list once they moved, and a player who comes back finds the
//! list right after `welcome`; a finished turn-based game is rated and its pace shown in the
//! player's games.

mod common;

use common::{ann_and_bob, server, Db, Player};
use nimmt_protocol::{ServerMsg, YourMove};

/// The next list `p` is sent.
async fn next_list(p: &mut Player) -> Vec<YourMove> {
    match p
        .recv_until(|m| matches!(m, ServerMsg::YourMove { .. }))
        .await
    {
        ServerMsg::YourMove { tables } => tables,
        _ => unreachable!(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_based_table_is_in_the_list_of_whoever_it_waits_for() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &["pace=1d"], 2).await;
    let started = nimmt_server::clock::now_ms() as u64;
    ann.command("/start").await;
    let day = 24 * 3_600_000;
    for (p, other) in [(&mut ann, "Bob"), (&mut bob, "Ann")] {
        let list = next_list(p).await;
        assert_eq!(list[0].with, [other], "the others at the table");
        assert_eq!(list.len(), 1, "{list:?}");
        assert_eq!(list[0].table, table);
        assert_eq!(list[0].game.to_string(), "classic");
        let deadline = list[0].deadline_ms;
        assert!(deadline >= started + day && deadline < started + day + 60_000);
    }
    // Ann chooses her card: the table no longer waits for her.
    assert!(ann.act_first().await);
    assert!(next_list(&mut ann).await.is_empty());
    // Bob comes back on a new connection: the list follows `welcome` at once.
    let token = bob.me.token.clone();
    drop(bob);
    let mut bob = Player::join_as(&url, "Bob", Some(&token)).await;
    let list = next_list(&mut bob).await;
    assert_eq!(list.iter().map(|m| m.table).collect::<Vec<_>>(), [table]);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_turn_based_game_is_rated_and_says_its_pace_in_the_players_games() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, bob, table) = ann_and_bob(&url, &["pace=12h"], 2).await;
    ann.command("/start").await;
    let me = format!("id:{}", ann.me.player);
    common::all_to_the_end(vec![ann, bob], Vec::new()).await;
    let (status, body) = common::http_get(srv.addr, &format!("/api/players/{me}/games")).await;
    assert_eq!(status, 200, "{body}");
    let page: serde_json::Value = serde_json::from_str(&body).unwrap();
    let game = &page["games"][0];
    assert_eq!(game["table"], table);
    assert_eq!(game["pace"], "12h");
    assert_eq!(game["rated"], true, "turn-based games are rated");
    assert!(game["rating_change"].is_i64(), "{game}");
    srv.stop().await;
}
