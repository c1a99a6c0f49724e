//! SQLite's write-ahead log stays small under a steady stream of moves: the writer copies it
//! into the database between commits, so the log starts again from its beginning instead of
//! growing with every move the server ever stored (it grew by gigabytes an hour under load),
//! and nothing stored is lost by the copying.

mod common;

use common::Db;
use nimmt_server::store::{Op, SqliteSync, Store, CHECKPOINT_COMMITS};

fn action(table: u64, idx: u64) -> Op {
    Op::Action {
        table,
        idx,
        seat: (idx % 4) as u8,
        action: format!("{{\"card\":{}}}", idx % 104 + 1),
        version: idx + 2,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_stays_small_while_moves_keep_coming() {
    let db = Db::sqlite();
    let Db::Sqlite(dir) = &db else { unreachable!() };
    let wal = dir.path().join("nimmt.db-wal");
    // `NORMAL` syncs only at checkpoints: the same log, written faster.
    let store = Store::open_with(&db.url(), SqliteSync::Normal)
        .await
        .unwrap();
    store
        .write(vec![Op::SaveTable {
            id: 1,
            game: "classic".into(),
            state: "playing".into(),
            meta: "{}".into(),
            version: 1,
        }])
        .await
        .unwrap();
    // Five times the commits after which the writer copies the log, one move per commit (as a
    // quiet table's moves come); the log's size is read after each round.
    let per_round = u64::from(CHECKPOINT_COMMITS);
    let mut sizes = Vec::new();
    for round in 0..5 {
        for i in 0..per_round {
            store
                .write(vec![action(1, round * per_round + i)])
                .await
                .unwrap();
        }
        sizes.push(std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0));
    }
    assert_eq!(store.action_count(1).await.unwrap(), 5 * per_round);
    // The log holds at most about two rounds of commits at any time: after the first rounds it
    // stops growing.
    let (second, last) = (sizes[1], sizes[4]);
    assert!(second > 0, "the log was written: {sizes:?}");
    assert!(
        last <= second + second / 4,
        "the log grew with every round: {sizes:?} bytes"
    );
}
