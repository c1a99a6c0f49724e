//! What a table keeps in memory: what a reconnect needs and its moves as stored (a few dozen
//! bytes each), however long its game runs.
//!
//! This test binary counts the bytes its heap holds (server and clients together, one process),
//! so it runs alone in its own binary. The database is PostgreSQL, whose data lies outside the
//! process.

mod common;

use common::{config, http_get, server_with, Db, Player};
use nimmt_protocol::ServerMsg;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

/// The system allocator, counting the bytes currently allocated.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            LIVE.fetch_add(
                new_size as isize - layout.size() as isize,
                Ordering::Relaxed,
            );
        }
        p
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Ann plays `moves` of her moves (the bots answer each), forgetting the frames she read.
async fn play(ann: &mut Player, moves: usize) {
    for _ in 0..moves {
        assert_eq!(ann.play_moves(1).await, 1, "the game goes on");
        ann.log.clear();
    }
    ann.log.shrink_to_fit();
}

/// The heap held now, after the server had a moment to answer everything.
async fn live(ann: &mut Player) -> isize {
    ann.drain(100).await;
    ann.log.clear();
    ann.log.shrink_to_fit();
    LIVE.load(Ordering::Relaxed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_game_keeps_the_table_small_and_reconnects_and_records_stay_whole() {
    let db = Db::postgres().await;
    // Ann plays as fast as the bots answer: no message budget in the way.
    let mut cfg = config(&db);
    cfg.limits.burst = 1e6;
    cfg.limits.per_second = 1e6;
    let (srv, url) = server_with(cfg).await;
    let mut ann = Player::join(&url, "Ann").await;
    // Sixty deals: Ann plays 600 cards, three bots as many, and some rows are chosen.
    let table = ann.create(&["deals=60"], Some(4)).await;
    for _ in 0..3 {
        assert!(matches!(
            ann.command("/bot add").await,
            ServerMsg::Ack { .. }
        ));
    }
    // The state with the deal comes before the acknowledgement.
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    assert!(ann.view.is_some());

    play(&mut ann, 100).await;
    let (before, stored_before) = (
        live(&mut ann).await,
        srv.store.action_count(table).await.unwrap(),
    );
    play(&mut ann, 450).await;
    let (after, stored_after) = (
        live(&mut ann).await,
        srv.store.action_count(table).await.unwrap(),
    );
    let actions = (stored_after - stored_before) as isize;
    assert!(actions >= 1500, "{actions} actions");
    let per_action = (after - before) / actions;
    assert!(
        per_action < 150,
        "the heap grew by {} bytes over {actions} actions ({per_action} bytes each)",
        after - before
    );

    // A reconnect after all these moves gets the full state: the same view, the same version.
    let (view, version) = (ann.view.clone().unwrap(), ann.version);
    let token = ann.me.token.clone();
    drop(ann);
    let mut ann = Player::join_as(&url, "Ann", Some(&token)).await;
    assert_eq!(ann.me.seated, vec![table]);
    ann.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    assert_eq!(ann.view.as_ref(), Some(&view), "the view before the drop");
    assert!(ann.version > version, "the return is a change of its own");

    // While it runs, the public record holds the revealed moves, read from the database.
    let (status, body) = http_get(srv.addr, &format!("/api/games/{table}/record")).await;
    assert_eq!(status, 200, "{body}");
    let running: serde_json::Value = serde_json::from_str(&body).unwrap();
    let shown = running["actions"].as_array().unwrap().len() as u64;
    assert_eq!(running["finished"], false);
    assert!(
        shown >= stored_after - 4 && shown <= stored_after,
        "{shown} of {stored_after}"
    );

    // Played out, the record holds every stored action and replays.
    ann.play_to_end().await;
    let stored = srv.store.action_count(table).await.unwrap();
    let (status, body) = http_get(srv.addr, &format!("/api/games/{table}/record")).await;
    assert_eq!(status, 200, "{body}");
    let record: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(record["actions"].as_array().unwrap().len() as u64, stored);
    assert_eq!(record["seats"][0], "Ann");
    let (status, body) = http_get(srv.addr, &format!("/api/games/{table}/replay")).await;
    assert_eq!(status, 200, "{body}");
    srv.stop().await;
    db.drop_schema().await;
}
