//! A tournament in a cluster of two nodes on one PostgreSQL: node a runs it (it was created
//! there) while the players are connected to node b, whose registrations and start are applied
//! to the stored state; node a dies mid-round (its server and database connections gone), node b
//! takes the tournament over once a's lease has run out, and it plays on to its end.

mod common;
mod tournaments_support;

use common::{Db, Player};
use nimmt_protocol::{ClientMsg, ServerMsg};
use nimmt_server::Running;
use std::time::Duration;
use tournaments_support::*;

async fn node(db: &Db, prefix: &str, name: &str) -> (Running, String) {
    let mut config = common::config(db);
    config.tournaments_by_anyone = true;
    config.tournament_tick = Duration::from_millis(100);
    config.reconnect = Duration::from_secs(600);
    common::nodes::node_with(config, prefix, name).await
}

/// The next message (none once the connection closed or is quiet for 20 s), noted as
/// `Player::recv` notes it.
async fn next(p: &mut Player) -> Option<ServerMsg> {
    let text = tokio::time::timeout(Duration::from_secs(20), p.client.recv_raw())
        .await
        .ok()?
        .ok()??;
    let msg: ServerMsg = serde_json::from_str(&text).ok()?;
    p.log.push(text);
    match &msg {
        ServerMsg::State {
            table,
            version,
            view,
            ..
        } if table.id == p.table => {
            p.version = *version;
            p.view = view.clone();
        }
        ServerMsg::Update {
            table,
            version,
            view,
            ..
        } if *table == p.table => {
            p.version = *version;
            p.view = Some(view.clone());
        }
        _ => {}
    }
    Some(msg)
}

/// Sits at `table` and plays to the end; when the table moves to another node (a move refused,
/// the connection closed), connects again with `token` and sits down again.
async fn play_through(p: &mut Player, url: &str, token: &str, table: u64) {
    for _ in 0..100 {
        p.table = table;
        let id = p
            .send(ClientMsg::Join {
                table,
                role: nimmt_protocol::Role::Player,
                invite: None,
            })
            .await;
        let seated = loop {
            match next(p).await {
                Some(ServerMsg::State { table: t, you, .. })
                    if t.id == table && you.seat.is_some() =>
                {
                    break true
                }
                Some(ServerMsg::Error { id: Some(i), .. }) if i == id => break false,
                Some(_) => continue,
                None => break false,
            }
        };
        if seated && plays_on(p).await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let name = p.me.name.clone();
        *p = Player::join_as(url, &name, Some(token)).await;
    }
    panic!("{} could not play table {table}", p.me.name);
}

/// Plays until the game is over (`true`), or until a move is refused or the connection closes
/// (`false`: sit down again).
async fn plays_on(p: &mut Player) -> bool {
    while !p.over() {
        if let Some(action) = p.choice() {
            let (table, version) = (p.table, p.version);
            let id = p
                .send(ClientMsg::Act {
                    table,
                    version,
                    action,
                })
                .await;
            loop {
                match next(p).await {
                    Some(ServerMsg::Update { ack: Some(a), .. }) if a == id => break,
                    Some(ServerMsg::Error { id: Some(i), .. }) if i == id => return false,
                    Some(_) => continue,
                    None => return false,
                }
            }
            continue;
        }
        match next(p).await {
            Some(ServerMsg::Error { .. }) | None => return false,
            Some(_) => {}
        }
    }
    true
}

/// The players of `group` play `table` through, all at once.
async fn play_group(
    slots: &mut [Option<Player>],
    group: &[usize],
    url: &str,
    tokens: &[String],
    table: u64,
) {
    let mut tasks = Vec::new();
    for &i in group {
        let mut p = slots[i].take().unwrap();
        let (url, token) = (url.to_owned(), tokens[i].clone());
        tasks.push(tokio::spawn(async move {
            play_through(&mut p, &url, &token, table).await;
            (i, p)
        }));
    }
    for t in tasks {
        let (i, p) = t.await.unwrap();
        slots[i] = Some(p);
    }
}

/// The node that holds the tournament's lease.
async fn runner(pool: &sqlx::AnyPool, id: u64) -> Option<String> {
    use sqlx::Row;
    sqlx::query("SELECT node FROM nimmt_tournaments WHERE id = $1")
        .bind(id as i64)
        .fetch_one(pool)
        .await
        .unwrap()
        .get(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_other_node_takes_over_a_tournament_whose_node_died_and_it_finishes() {
    let db = Db::postgres().await;
    let prefix = common::nodes::prefix();
    let (a, _) = node(&db, &prefix, "a").await;
    let (b, url_b) = node(&db, &prefix, "b").await;
    let (mut players, tokens) = eight_entrants(b.addr, &url_b).await;
    // Created on node a: a runs it. Registered and started from node b.
    let id = create(a.addr, &tokens[0], swiss("Cluster Cup", 2)).await;
    let at = registered_and_started(&mut players, &tokens, b.addr, id).await;
    assert_eq!(at.len(), 2, "{at:?}");
    let (ended, first) = at[0].clone();
    let (playing, second) = at[1].clone();
    let mut slots: Vec<Option<Player>> = players.into_iter().map(Some).collect();
    play_group(&mut slots, &first, &url_b, &tokens, ended).await;
    until_a_table_done(b.addr, id).await;
    assert_eq!(runner(b.store.pool(), id).await.as_deref(), Some("a"));
    // Node a dies: no more HTTP, no more database.
    let pool_a = a.store.pool().clone();
    a.stop().await;
    pool_a.close().await;

    play_group(&mut slots, &second, &url_b, &tokens, playing).await;
    // Node b runs it now (it read round 1's last result and opens round 2).
    for _ in 0..100 {
        if runner(b.store.pool(), id).await.as_deref() == Some("b") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(runner(b.store.pool(), id).await.as_deref(), Some("b"));
    let mut tasks = Vec::new();
    for (i, slot) in slots.into_iter().enumerate() {
        let mut p = slot.unwrap();
        let (addr, url, token) = (b.addr, url_b.clone(), tokens[i].clone());
        tasks.push(tokio::spawn(async move {
            let table = table_of(addr, id, &token, 2).await;
            play_through(&mut p, &url, &token, table).await;
            p
        }));
    }
    for t in tasks {
        drop(t.await.unwrap());
    }
    let done = until_phase(b.addr, id, "finished").await;
    check_standings(&done, 8, 2);
    let tables = marked_tables(b.store.pool(), id).await;
    assert_eq!(tables.len(), 4, "{tables:?}");
    b.stop().await;
    db.drop_schema().await;
}
