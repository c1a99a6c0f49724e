//! Hints at a casual table: with `hints=yes` the table is never rated, and a seated player asked
//! to decide gets the search's choice with every choice's estimate, alone; elsewhere `/hint` is
//! refused.

mod common;

use common::{ann_and_bob, server, Db};
use nimmt_protocol::ServerMsg;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_with_hints_is_never_rated_and_answers_a_hint_to_the_asker() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, _) =
        ann_and_bob(&url, &["deals=1", "hand_size=4", "hints=yes"], 2).await;
    let m = ann
        .recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    let ServerMsg::State { table, .. } = m else {
        unreachable!()
    };
    assert_eq!(
        table.table_options.get("hints").map(String::as_str),
        Some("yes")
    );
    assert_eq!(
        table.table_options.get("rated").map(String::as_str),
        Some("no")
    );
    assert!(matches!(
        ann.command("/option rated=yes").await,
        ServerMsg::Error { .. }
    ));

    ann.command("/start").await;
    ann.say("/hint").await;
    let hint = ann
        .recv_until(|m| {
            matches!(m, ServerMsg::Notice { text, .. } if text.key == "hint")
                || matches!(m, ServerMsg::Error { .. })
        })
        .await;
    let ServerMsg::Notice { text, .. } = hint else {
        panic!("{hint:?}")
    };
    // Four cards to choose from, each with its estimate; the best named first.
    let choices = &text.params["choices"];
    assert_eq!(choices.matches("play ").count(), 4, "{}", text.text);
    assert!(choices.starts_with(&text.params["best"]), "{}", text.text);
    assert!(text.text.contains("bull heads"), "{}", text.text);
    let b = tokio::spawn(async move {
        bob.play_to_end().await;
        bob
    });
    ann.play_to_end().await;
    b.await.unwrap();
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_hints_a_hint_is_refused() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, _bob, _) = ann_and_bob(&url, &["deals=1", "hand_size=4"], 2).await;
    ann.command("/start").await;
    match ann.command("/hint").await {
        ServerMsg::Error { text, .. } => assert!(text.text.contains("no hints"), "{}", text.text),
        m => panic!("{m:?}"),
    }
    srv.stop().await;
}
