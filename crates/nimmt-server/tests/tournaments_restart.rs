//! A tournament survives a restart mid-round: the server stops while one table of the round has
//! ended and the other is being played; started again on the same database, it loads the
//! tournament, finds its tables, counts the ended one's result once, opens no table twice, and
//! the tournament plays on to its final standings.

mod common;
mod tournaments_support;

use common::{server_with, Db, Player};
use std::time::Duration;
use tournaments_support::*;

fn config(db: &Db) -> nimmt_server::Config {
    let mut config = common::config(db);
    config.tournaments_by_anyone = true;
    config.tournament_tick = Duration::from_millis(100);
    // Nobody's seat goes to a bot while the test runs (the stopped server's tables included).
    config.reconnect = Duration::from_secs(600);
    config
}

/// The players sit at `table` and play it to its end, all at once.
async fn play_at(players: Vec<Player>, table: u64) -> Vec<Player> {
    let tasks: Vec<_> = players
        .into_iter()
        .map(|mut p| {
            tokio::spawn(async move {
                sit_at(&mut p, table).await;
                p.play_to_end().await;
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

async fn a_restart_mid_round_resumes_the_tournament(db: Db) {
    let (srv, url) = server_with(config(&db)).await;
    let addr = srv.addr;
    let (mut players, tokens) = eight_entrants(addr, &url).await;
    let id = create(addr, &tokens[0], swiss("Restart Cup", 2)).await;
    let at = registered_and_started(&mut players, &tokens, addr, id).await;
    assert_eq!(at.len(), 2, "{at:?}");
    let (ended, first) = at[0].clone();
    let (playing, second) = at[1].clone();
    // The first table plays to its end; the second sits down and waits.
    let mut slots: Vec<Option<Player>> = players.into_iter().map(Some).collect();
    let take = |slots: &mut Vec<Option<Player>>, at: &[usize]| -> Vec<Player> {
        at.iter().map(|&i| slots[i].take().unwrap()).collect()
    };
    drop(play_at(take(&mut slots, &first), ended).await);
    let mut waiting = take(&mut slots, &second);
    for p in &mut waiting {
        sit_at(p, playing).await;
    }
    // The ended table's result is counted before the restart.
    until_a_table_done(addr, id).await;
    drop(waiting);
    srv.stop().await;

    let (srv, url) = server_with(config(&db)).await;
    let addr = srv.addr;
    let mut players = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        players.push(Player::join_as(&url, &format!("Player{i}"), Some(token)).await);
    }
    let mut slots: Vec<Option<Player>> = players.into_iter().map(Some).collect();
    let back = play_at(take(&mut slots, &second), playing).await;
    for (p, &i) in back.into_iter().zip(&second) {
        slots[i] = Some(p);
    }
    let players: Vec<Player> = slots.into_iter().map(Option::unwrap).collect();
    let players = play_rounds(players, 2..=2).await;
    let done = until_phase(addr, id, "finished").await;
    check_standings(&done, 8, 2);
    // Round 1's two tables and round 2's two: none opened twice.
    let tables = marked_tables(srv.store.pool(), id).await;
    assert_eq!(tables.len(), 4, "{tables:?}");
    assert!(tables.contains(&(ended as i64)) && tables.contains(&(playing as i64)));
    drop(players);
    srv.stop().await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_round_resumes_the_tournament_on_sqlite() {
    a_restart_mid_round_resumes_the_tournament(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_round_resumes_the_tournament_on_postgres() {
    a_restart_mid_round_resumes_the_tournament(Db::postgres().await).await;
}
