//! Names that cannot deceive: a name that cannot be seen, or that reads as another's at the same
//! table, or as one of the room's bots, is refused; so is a chat line of nothing visible.

mod common;

use common::{server, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, Role, ServerMsg, PROTOCOL_VERSION};
use nimmt_server::client::Client;

/// Says hello as `name` on a new connection; the refusal's code and text key, if refused.
async fn hello_refusal(url: &str, name: &str) -> Option<(ErrorCode, String)> {
    let mut c = Client::connect(url).await.unwrap();
    c.send(ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        name: name.to_owned(),
        token: None,
        lang: Lang::En,
    })
    .await
    .unwrap();
    match c
        .recv_until(10, |m| {
            matches!(m, ServerMsg::Welcome { .. } | ServerMsg::Error { .. })
        })
        .await
        .unwrap()
    {
        ServerMsg::Error { code, text, .. } => Some((code, text.key)),
        _ => None,
    }
}

/// Joins `table` in `role`; the refusal's code, if refused.
async fn join_refusal(p: &mut Player, table: u64, role: Role) -> Option<ErrorCode> {
    p.send(ClientMsg::Join {
        table,
        role,
        invite: None,
    })
    .await;
    match p
        .recv_until(|m| matches!(m, ServerMsg::State { .. } | ServerMsg::Error { .. }))
        .await
    {
        ServerMsg::Error { code, .. } => Some(code),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_that_cannot_be_seen_are_refused_at_hello() {
    let db = Db::sqlite();
    let (_srv, url) = server(&db).await;
    for name in [
        "\u{200b}",
        "Ann\u{200b}",
        "A\u{2028}nn",
        "\u{feff}Ann",
        "An\u{0}n",
        "Ann\u{2066}",
    ] {
        assert_eq!(
            hello_refusal(&url, name).await,
            Some((ErrorCode::BadName, "name_invisible".to_owned())),
            "{name:?}"
        );
    }
    assert_eq!(hello_refusal(&url, "Ann").await, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_names_and_the_rooms_words_are_kept_for_the_room() {
    let db = Db::sqlite();
    let (_srv, url) = server(&db).await;
    for name in [
        "Bot 1",
        "bot 2",
        "ＢＯＴ ３",
        "B\u{043e}t 4",
        "Admin",
        "SYSTEM",
        "Deleted player",
    ] {
        assert_eq!(
            hello_refusal(&url, name).await,
            Some((ErrorCode::BadName, "name_reserved".to_owned())),
            "{name:?}"
        );
    }
    // The first bot at a table is still "Bot 1".
    let mut ann = Player::join(&url, "Ann").await;
    ann.create(&[], Some(4)).await;
    ann.command("/bot add").await;
    ann.drain(300).await;
    let bot_names: Vec<String> = ann
        .log
        .iter()
        .filter_map(|t| match serde_json::from_str::<ServerMsg>(t).ok()? {
            ServerMsg::Notice { text, .. } if text.key == "bot_added" => {
                Some(text.params["name"].clone())
            }
            _ => None,
        })
        .collect();
    assert_eq!(bot_names, ["Bot 1"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_that_read_alike_are_one_name_at_a_table() {
    let db = Db::sqlite();
    let (_srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(5)).await;
    // Case, width and a Cyrillic А: each reads "Ann".
    for name in ["ann", "ＡＮＮ", "\u{0410}nn", "\u{0430}NN"] {
        let mut other = Player::join(&url, name).await;
        assert_eq!(
            join_refusal(&mut other, table, Role::Player).await,
            Some(ErrorCode::NameTaken),
            "{name:?} sits beside Ann"
        );
    }
    // A different name sits.
    let mut anna = Player::join(&url, "Anna").await;
    assert_eq!(join_refusal(&mut anna, table, Role::Player).await, None);
    // Three seats that read "Ann" cannot happen: the invisible ones never got a name.
    assert!(hello_refusal(&url, "\u{200b}").await.is_some());
    assert!(hello_refusal(&url, "Ann\u{200b}").await.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chat_line_of_invisible_characters_is_refused() {
    let db = Db::sqlite();
    let (_srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    ann.create(&[], Some(4)).await;
    for text in ["\u{200b}", "\u{200b}\u{feff} \u{2800}"] {
        let m = ann.command(text).await;
        assert!(
            matches!(&m, ServerMsg::Error { code: ErrorCode::Malformed, text, .. } if text.key == "chat_empty"),
            "{text:?}: {m:?}"
        );
    }
    assert!(matches!(ann.command("hi").await, ServerMsg::Ack { .. }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kick_names_a_player_by_the_name_rule() {
    let db = Db::sqlite();
    let (_srv, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(4)).await;
    let mut bob = Player::join(&url, "Bob").await;
    assert_eq!(join_refusal(&mut bob, table, Role::Player).await, None);
    // In full width, as a phone keyboard may type it.
    let answer = ann.command("/kick ＢＯＢ").await;
    assert!(matches!(answer, ServerMsg::Ack { .. }), "{answer:?}");
}
