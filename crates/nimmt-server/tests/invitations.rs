//! Private tables and invitation links over real WebSockets: the link's code seats whoever comes
//! with it, everyone else is refused in their language; a private table is in nobody's list but
//! its players'; a renewed link refuses the old code; and an address that guesses codes is
//! stopped, even with the right code.

mod common;

use common::{http_get, server, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, Role, ServerMsg};

/// Joins `table` as `role` with `code`; the refusal's code and text, if refused.
async fn join_with(
    p: &mut Player,
    table: u64,
    role: Role,
    code: Option<&str>,
) -> Option<(ErrorCode, String, String)> {
    let id = p
        .send(ClientMsg::Join {
            table,
            role,
            invite: code.map(str::to_owned),
        })
        .await;
    let m = p
        .recv_until(|m| {
            matches!(m, ServerMsg::Ack { id: i } if *i == id)
                || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
        })
        .await;
    match m {
        ServerMsg::Error { code, text, .. } => Some((code, text.key, text.text)),
        _ => None,
    }
}

/// The invitation code in the player's newest state.
fn code_seen(p: &Player) -> Option<String> {
    p.log.iter().rev().find_map(|f| {
        let m: serde_json::Value = serde_json::from_str(f).ok()?;
        (m["type"] == "state").then(|| m["you"]["invite"].as_str().map(str::to_owned))?
    })
}

/// The tables `p` sees in the lobby's list.
async fn listed(p: &mut Player) -> Vec<u64> {
    p.send(ClientMsg::ListTables { subscribe: false }).await;
    match p
        .recv_until(|m| matches!(m, ServerMsg::Tables { .. }))
        .await
    {
        ServerMsg::Tables { tables } => tables.iter().map(|t| t.id).collect(),
        _ => unreachable!(),
    }
}

#[tokio::test]
async fn the_link_seats_its_guests_and_refuses_everyone_else() {
    let db = Db::sqlite();
    let (running, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&["private=yes", "watchers=no"], Some(4)).await;
    let code = code_seen(&ann).expect("the host sees the code");
    assert!(code.len() >= 22, "at least 128 bits: {code}");
    assert!(
        code.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
        "URL-safe: {code}"
    );

    // Nobody but its players sees it listed, and the public list never shows the code.
    let (status, body) = http_get(running.addr, "/api/tables").await;
    assert_eq!(status, 200);
    assert!(!body.contains(&format!("\"id\":{table}")), "{body}");
    assert!(!body.contains(&code));
    let mut dan = Player::join(&url, "Dan").await;
    assert!(!listed(&mut dan).await.contains(&table));
    assert!(listed(&mut ann).await.contains(&table));

    // Bea comes with the link and sits down.
    let mut bea = Player::join(&url, "Bea").await;
    assert_eq!(
        join_with(&mut bea, table, Role::Player, Some(&code)).await,
        None
    );
    assert!(listed(&mut bea).await.contains(&table));

    // Cem, without the code, is refused in his language, as player and as watcher.
    let mut cem = Player::join_as_lang(&url, "Cem", Lang::De).await;
    let (c, key, text) = join_with(&mut cem, table, Role::Player, None)
        .await
        .unwrap();
    assert_eq!((c, key.as_str()), (ErrorCode::NotInvited, "invite_needed"));
    assert!(
        text.contains("privat") && text.contains("Einladungslink"),
        "{text}"
    );
    let (_, key, _) = join_with(&mut cem, table, Role::Spectator, None)
        .await
        .unwrap();
    assert_eq!(key, "invite_no_watchers");

    // Ann renews the link: the old code is refused as renewed, the new one seats Dan.
    assert!(matches!(
        ann.command("/invite renew").await,
        ServerMsg::Ack { .. }
    ));
    let new = code_seen(&ann).expect("the new code");
    assert_ne!(new, code);
    // Bea, seated, gets the new link too.
    bea.recv_until(
        |m| matches!(m, ServerMsg::State { you, .. } if you.invite.as_deref() == Some(&new)),
    )
    .await;
    let (_, key, text) = join_with(&mut dan, table, Role::Player, Some(&code))
        .await
        .unwrap();
    assert_eq!(key, "invite_renewed");
    assert!(text.contains("renewed by the host"), "{text}");
    assert_eq!(
        join_with(&mut dan, table, Role::Player, Some(&new)).await,
        None
    );
    ann.recv_until(|m| matches!(m, ServerMsg::State { table, .. } if table.seats.len() == 3))
        .await;
    running.stop().await;
}

#[tokio::test]
async fn an_address_that_guesses_codes_is_stopped_even_with_the_right_code() {
    let db = Db::sqlite();
    let (running, url) = server(&db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&["private=yes"], Some(4)).await;
    let code = code_seen(&ann).unwrap();

    let mut eve = Player::join_from(&url, "Eve", "127.0.0.7", None)
        .await
        .unwrap();
    for i in 0..10 {
        let guess = format!("guess{i:017}");
        let (c, key, _) = join_with(&mut eve, table, Role::Player, Some(&guess))
            .await
            .unwrap();
        assert_eq!((c, key.as_str()), (ErrorCode::NotInvited, "invite_wrong"));
    }
    let (c, key, text) = join_with(&mut eve, table, Role::Player, Some(&code))
        .await
        .unwrap();
    assert_eq!(
        (c, key.as_str()),
        (ErrorCode::RateLimited, "invite_guesses")
    );
    assert!(text.contains("Too many wrong invitation codes"), "{text}");

    // Another address with the right code is let in.
    let mut bea = Player::join_from(&url, "Bea", "127.0.0.8", None)
        .await
        .unwrap();
    assert_eq!(
        join_with(&mut bea, table, Role::Player, Some(&code)).await,
        None
    );
    running.stop().await;
}
