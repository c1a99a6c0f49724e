//! Table leases and the fencing of writes, on a real PostgreSQL: a node writes a table's change
//! only while it holds the table's lease with the epoch it took; a stale owner's late write is
//! refused and changes nothing, and the node that took over reads every acknowledged action.

mod common;

use common::Db;
use nimmt_server::lease::{self, LeaseBook};
use nimmt_server::store::{Op, SqliteSync, Store};
use std::sync::Arc;
use std::time::Duration;

const LEASE: Duration = Duration::from_millis(600);

async fn node(db: &Db, name: &str) -> (Arc<LeaseBook>, Store) {
    let book = Arc::new(LeaseBook::new(name, LEASE));
    let store = Store::open_fenced(&db.url(), SqliteSync::Full, Some(book.clone()))
        .await
        .expect("the store opens");
    (book, store)
}

fn table(id: u64) -> Op {
    Op::SaveTable {
        id,
        game: "classic".into(),
        state: "playing".into(),
        meta: "{}".into(),
        version: 1,
    }
}

fn action(table: u64, idx: u64) -> Op {
    Op::Action {
        table,
        idx,
        seat: 0,
        action: format!("{{\"card\":{}}}", idx + 1),
        version: idx + 2,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_owner_cannot_write_and_the_new_owner_reads_every_acknowledged_move() {
    let db = Db::postgres().await;
    let (a, store_a) = node(&db, "a/1").await;
    let (b, store_b) = node(&db, "b/1").await;
    let pool = store_a.pool().clone();

    // Node a opens table 7: its lease (epoch 1) is written with the table.
    a.reserve(7);
    store_a
        .write(vec![table(7)])
        .await
        .expect("the owner writes");
    assert_eq!(a.get(7).map(|h| (h.epoch, h.fresh)), Some((1, false)));
    store_a.write(vec![action(7, 0)]).await.expect("a move");

    // Node b holds no lease: its write is refused, and nothing of it is stored.
    let refused = store_b.write(vec![action(7, 1)]).await.unwrap_err();
    assert!(lease::is_not_owner(&refused), "{refused}");
    assert_eq!(store_a.action_count(7).await.unwrap(), 1);
    // Nor can b take a lease that is alive.
    assert_eq!(b.acquire(&pool, 7).await.unwrap(), None);
    // Renewing keeps it alive beyond its first length.
    tokio::time::sleep(LEASE / 2).await;
    assert_eq!(a.renew(&pool).await.unwrap(), Vec::<u64>::new());
    tokio::time::sleep(LEASE / 2).await;
    assert_eq!(b.acquire(&pool, 7).await.unwrap(), None);
    store_a
        .write(vec![action(7, 1)])
        .await
        .expect("still the owner");

    // Node a stops renewing (it hangs, or lost the network): once the lease has expired, b
    // takes the table over with the next epoch.
    tokio::time::sleep(LEASE + Duration::from_millis(100)).await;
    assert!(lease::orphans(&pool).await.unwrap().contains(&7));
    assert_eq!(b.acquire(&pool, 7).await.unwrap(), Some(2));
    assert!(!lease::orphans(&pool).await.unwrap().contains(&7));
    let stored = store_b.open_table(7).await.unwrap().expect("the table");
    assert_eq!(stored.actions.len(), 2, "every acknowledged move is there");

    // a still believes it holds epoch 1: its late write is refused in the transaction and
    // changes nothing, not even the other ops of the same write.
    assert_eq!(a.get(7).map(|h| h.epoch), Some(1));
    let late = store_a
        .write(vec![action(7, 2), Op::Close { id: 7 }])
        .await
        .unwrap_err();
    assert!(lease::is_not_owner(&late), "{late}");
    assert_eq!(store_a.action_count(7).await.unwrap(), 2);
    assert!(store_a.open_table(7).await.unwrap().is_some(), "not closed");
    // The new owner writes on.
    store_b
        .write(vec![action(7, 2)])
        .await
        .expect("b owns it now");
    assert_eq!(store_b.action_count(7).await.unwrap(), 3);

    // a's next renewal tells it the table is lost; it does not fight for it.
    assert_eq!(a.renew(&pool).await.unwrap(), vec![7]);
    assert_eq!(a.get(7), None);
    assert_eq!(a.acquire(&pool, 7).await.unwrap(), None);
    assert!(lease::is_not_owner(
        &store_a.write(vec![action(7, 3)]).await.unwrap_err()
    ));

    // Other writes (identities) need no lease; a new table another node numbered the same is
    // refused to the second node.
    store_a
        .write(vec![Op::CreatePlayer {
            id: "p1".into(),
            token: "t1".into(),
            name: "Ann".into(),
        }])
        .await
        .expect("identities are not fenced");
    a.reserve(7);
    assert!(lease::is_not_owner(
        &store_a.write(vec![table(7)]).await.unwrap_err()
    ));
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_refused_table_does_not_fail_the_others_in_the_same_commit() {
    let db = Db::postgres().await;
    let (a, store) = node(&db, "a/2").await;
    a.reserve(1);
    a.reserve(2);
    store.write(vec![table(1)]).await.unwrap();
    store.write(vec![table(2)]).await.unwrap();
    // Table 2 is lost (another node took it); writes to 1 and 2 come at the same moment and
    // may share a transaction: the one to 1 is stored, the one to 2 refused.
    sqlx::query("UPDATE nimmt_table_leases SET node = 'b/2', epoch = 2 WHERE table_id = 2")
        .execute(store.pool())
        .await
        .unwrap();
    let (one, two) = tokio::join!(
        store.write(vec![action(1, 0)]),
        store.write(vec![action(2, 0)])
    );
    one.expect("table 1 is still this node's");
    assert!(lease::is_not_owner(&two.unwrap_err()));
    assert_eq!(store.action_count(1).await.unwrap(), 1);
    assert_eq!(store.action_count(2).await.unwrap(), 0);
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_has_no_cluster() {
    let db = Db::sqlite();
    let book = Arc::new(LeaseBook::new("a/3", LEASE));
    let err = Store::open_fenced(&db.url(), SqliteSync::Full, Some(book))
        .await
        .err()
        .expect("refused");
    assert!(err.to_string().contains("PostgreSQL"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renewals_beside_writes_to_many_tables_neither_deadlock_nor_lose_new_tables() {
    let db = Db::postgres().await;
    let (a, store) = node(&db, "a/4").await;
    let pool = store.pool().clone();
    for t in 1..=20 {
        a.reserve(t);
        store.write(vec![table(t)]).await.unwrap();
    }
    let renewer = {
        let (a, pool) = (a.clone(), pool.clone());
        tokio::spawn(async move {
            for _ in 0..60 {
                let lost = a.renew(&pool).await.expect("renewals never fail");
                assert!(lost.is_empty(), "lost {lost:?}");
            }
        })
    };
    for round in 0..15u64 {
        // A new table opens while the others move: both meet renewals in flight.
        let new = 100 + round;
        a.reserve(new);
        let mut writes = vec![store.write(vec![table(new)])];
        for t in 1..=20 {
            writes.push(store.write(vec![action(t, round)]));
        }
        for r in futures_util::future::join_all(writes).await {
            r.expect("every write of a held table is stored");
        }
    }
    renewer.await.unwrap();
    assert_eq!(store.action_count(20).await.unwrap(), 15);
    assert_eq!(a.tables().len(), 35);
    db.drop_schema().await;
}
