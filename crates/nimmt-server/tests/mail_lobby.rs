//! The room's own path to a "your move" mail: the lobby hands a turn-based table's new wait
//! of a player who is away to the notifier, which hands it to the mail code; the mail arrives at
//! a real SMTP server (`common/mail.rs`).

mod common;

use common::accounts::{post, sign_up};
use common::mail::Room;
use common::Db;
use serde_json::json;

/// The room's own path: a turn-based table that begins waiting for Ann's move while she is away
/// sends her the mail (the lobby hands the wait to the notifier, which hands it here).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_based_table_waiting_for_ann_mails_her() {
    let db = Db::sqlite();
    let room = Room::start(&db).await;
    let addr = room.addr();
    let (_, token) = sign_up(addr, None, "Ann", "correct horse").await;
    room.verified(&token, "ann@example.org", 1).await;
    let (status, _) = post(
        addr,
        "/api/account/mail/your_move",
        Some(&token),
        json!({"your_move": "each"}),
    )
    .await;
    assert_eq!(status, 200);
    let url = format!("ws://{addr}/ws");
    // The next turn waits for Ann, who is not there.
    let table =
        common::a_turn_waits_for_absent_ann(&url, &token, &["pace=1d", "hand_size=3"]).await;
    let mail = room.smtp.nth(2).await;
    assert!(
        mail.contains(&format!("Subject: Your move: 6 nimmt! at table {table}")),
        "{mail}"
    );
    assert!(mail.contains(&format!("http://{addr}/t/{table}")), "{mail}");
    room.running.stop().await;
}
