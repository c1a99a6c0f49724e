//! The room around a game: the decision timer's deadline in what a seat is asked, the table's
//! chat history for whoever joins or comes back, a player who left coming back to their seat,
//! and playing again at a finished table (`/rematch`).

mod common;

use common::{ann_and_bob, http_get, server, Db, Player};
use nimmt_protocol::{ClientMsg, Deadline, ErrorCode, Role, ServerMsg, TableState};
use serde_json::Value;

/// Ann starts the game; returns once Bob sees the deal.
async fn start(ann: &mut Player, bob: &mut Player) {
    ann.command("/start").await;
    bob.recv_until(|m| matches!(m, ServerMsg::State { view: Some(_), .. }))
        .await;
}

/// A full state of `table`, asked for.
async fn resync(p: &mut Player, table: u64) -> ServerMsg {
    p.send(ClientMsg::Resync { table }).await;
    p.recv_until(|m| matches!(m, ServerMsg::State { .. })).await
}

fn deadline_of(m: &ServerMsg) -> Option<Deadline> {
    match m {
        ServerMsg::State { deadline, .. } | ServerMsg::Update { deadline, .. } => *deadline,
        _ => None,
    }
}

fn notice_key(m: &ServerMsg) -> Option<&str> {
    match m {
        ServerMsg::Notice { text, .. } => Some(text.key.as_str()),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_deadline_comes_with_the_question_and_survives_a_reconnection() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &["timer=30"], 2).await;
    start(&mut ann, &mut bob).await;
    let m = resync(&mut ann, table).await;
    let first = deadline_of(&m).expect("a seat asked at a table with a timer has a deadline");
    assert!(
        first.left_ms <= 30_000 && first.left_ms > 20_000,
        "{first:?}"
    );
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    assert!(
        first.at > now && first.at <= now + 30_000,
        "{first:?} at {now}"
    );

    // Bob decides: his update has no deadline any more; Ann is still asked with the same one.
    let (version, action) = (bob.version, bob.choice().unwrap());
    let id = bob
        .send(ClientMsg::Act {
            table,
            version,
            action,
        })
        .await;
    let m = bob
        .recv_until(|m| matches!(m, ServerMsg::Update { ack: Some(a), .. } if *a == id))
        .await;
    assert_eq!(deadline_of(&m), None, "a seat that decided is not asked");
    let m = ann
        .recv_until(|m| matches!(m, ServerMsg::Update { .. }))
        .await;
    assert_eq!(deadline_of(&m).map(|d| d.at), Some(first.at));

    // Ann's connection drops and comes back: the same deadline, less time left.
    let token = ann.me.token.clone();
    drop(ann);
    bob.recv_until(|m| notice_key(m) == Some("disconnected"))
        .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let mut ann = Player::join_as(&url, "Ann", Some(&token)).await;
    let m = ann
        .recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    let again = deadline_of(&m).expect("the deadline comes back with the state");
    assert_eq!(again.at, first.at, "the timer did not start again");
    assert!(again.left_ms < first.left_ms, "{again:?} {first:?}");

    // A spectator is asked nothing.
    let mut cy = Player::join(&url, "Cy").await;
    cy.watch(table).await;
    let m = resync(&mut cy, table).await;
    assert_eq!(deadline_of(&m), None);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_timer_there_is_no_deadline() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 2).await;
    start(&mut ann, &mut bob).await;
    let m = resync(&mut ann, table).await;
    assert_eq!(deadline_of(&m), None);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whoever_joins_or_comes_back_gets_the_recent_chat() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 3).await;
    ann.say("good luck!").await;
    bob.recv_until(|m| matches!(m, ServerMsg::Chat { .. }))
        .await;
    bob.say("you too").await;
    ann.recv_until(|m| matches!(m, ServerMsg::Chat { text, .. } if text == "you too"))
        .await;
    // Commands are not chat.
    ann.command("/who").await;

    let mut cy = Player::join(&url, "Cy").await;
    cy.watch(table).await;
    let m = cy
        .recv_until(|m| matches!(m, ServerMsg::ChatHistory { .. }))
        .await;
    let ServerMsg::ChatHistory { table: t, lines } = m else {
        unreachable!()
    };
    assert_eq!(t, table);
    let said: Vec<(String, String)> = lines
        .into_iter()
        .filter(|l| l.key.is_none())
        .map(|l| (l.from, l.text))
        .collect();
    assert_eq!(
        said,
        vec![
            ("Ann".to_owned(), "good luck!".to_owned()),
            ("Bob".to_owned(), "you too".to_owned())
        ]
    );

    // Bob reloads (a new connection with his token): the history comes with his seat.
    let token = bob.me.token.clone();
    drop(bob);
    let mut bob = Player::join_as(&url, "Bob", Some(&token)).await;
    let m = bob
        .recv_until(|m| matches!(m, ServerMsg::ChatHistory { .. }))
        .await;
    assert!(
        matches!(m, ServerMsg::ChatHistory { lines, .. } if lines.iter().filter(|l| l.key.is_none()).count() == 2)
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_left_takes_the_seat_back_and_plays_on() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 2).await;
    start(&mut ann, &mut bob).await;
    bob.send(ClientMsg::Leave { table }).await;
    bob.recv_until(|m| matches!(m, ServerMsg::Left { .. }))
        .await;
    ann.recv_until(|m| notice_key(m) == Some("bot_took_seat"))
        .await;

    bob.sit(table).await;
    let m = ann.recv_until(|m| notice_key(m) == Some("seat_back")).await;
    assert!(matches!(m, ServerMsg::Notice { text, .. } if text.params["name"] == "Bob"));
    ann.recv_until(|m| {
        matches!(m, ServerMsg::State { table, .. }
            if table.seats[1].name == "Bob" && table.seats[1].level.is_none())
    })
    .await;
    // Bob plays his own seat again (unless the bot already chose for this turn).
    if bob.choice().is_some() {
        assert!(bob.act_first().await);
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_sent_away_does_not_get_the_seat_back() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) = ann_and_bob(&url, &[], 2).await;
    start(&mut ann, &mut bob).await;
    ann.command("/kick Bob").await;
    bob.recv_until(|m| matches!(m, ServerMsg::Left { .. }))
        .await;
    bob.send(ClientMsg::Join {
        table,
        role: Role::Player,
        invite: None,
    })
    .await;
    let m = bob
        .recv_until(|m| matches!(m, ServerMsg::State { .. } | ServerMsg::Error { .. }))
        .await;
    assert!(matches!(m, ServerMsg::Error { .. }), "{m:?}");
    // The seat is still the bot's.
    ann.command("/who").await;
    let who = ann.log.iter().rev().find(|l| l.contains("\"key\":\"who\""));
    assert!(who.is_some_and(|l| l.contains("Ann, Bob (bot)")), "{who:?}");
    srv.stop().await;
}

/// Both play a one-deal game of two cards to its end.
async fn play_short_game(ann: Player, bob: Player) -> (Player, Player) {
    let a = tokio::spawn(async move {
        let mut ann = ann;
        ann.play_to_end().await;
        ann
    });
    let b = tokio::spawn(async move {
        let mut bob = bob;
        bob.play_to_end().await;
        bob
    });
    (a.await.unwrap(), b.await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_plays_again_with_the_same_players_options_and_bots() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let (mut ann, mut bob, table) =
        ann_and_bob(&url, &["deals=1", "hand_size=2", "deck=tactic"], 3).await;
    ann.command("/bot add").await;
    // Before the end there is nothing to play again.
    let m = bob.command("/rematch").await;
    assert!(
        matches!(&m, ServerMsg::Error { code: ErrorCode::NotStarted, text, .. } if text.key == "not_over"),
        "{m:?}"
    );
    ann.say("gl").await;
    start(&mut ann, &mut bob).await;
    let (mut ann, mut bob) = play_short_game(ann, bob).await;
    let (_, before) = http_get(srv.addr, &format!("/api/games/{table}/record")).await;

    // Bob asks: a vote, nothing starts.
    bob.command("/rematch").await;
    let m = ann
        .recv_until(|m| notice_key(m) == Some("rematch_vote"))
        .await;
    assert!(
        matches!(&m, ServerMsg::Notice { text, .. } if text.params["votes"] == "1" && text.params["players"] == "2"),
        "{m:?}"
    );
    // Ann (the host) asks too: the next game starts under its own number.
    ann.command("/rematch").await;
    let m = bob.recv_until(|m| notice_key(m) == Some("rematch")).await;
    let ServerMsg::Notice { text, .. } = m else {
        unreachable!()
    };
    let next: u64 = text.params["table"].parse().unwrap();
    assert_ne!(next, table);
    // Asked again: it is already open.
    let m = bob.command("/rematch").await;
    assert!(
        matches!(&m, ServerMsg::Error { text, .. } if text.key == "rematch_open"),
        "{m:?}"
    );

    for p in [&mut ann, &mut bob] {
        p.table = next;
        p.send(ClientMsg::Join {
            table: next,
            role: Role::Player,
            invite: None,
        })
        .await;
    }
    let m = bob
        .recv_until(|m| matches!(m, ServerMsg::State { table, .. } if table.id == next))
        .await;
    let ServerMsg::State {
        table: info,
        you,
        view,
        ..
    } = m
    else {
        unreachable!()
    };
    assert_eq!(
        info.state,
        TableState::Playing,
        "the rematch starts at once"
    );
    let names: Vec<&str> = info.seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Ann", "Bob", "Bot 1"]);
    assert_eq!(info.seats[2].level.as_deref(), Some("beginner"));
    assert_eq!(
        info.options.0.get("deck").map(String::as_str),
        Some("tactic")
    );
    assert_eq!(
        info.options.0.get("hand_size").map(String::as_str),
        Some("2")
    );
    assert_eq!(you.seat.map(|s| s.index()), Some(1));
    assert!(view.is_some());
    assert_eq!(info.host.as_deref(), Some("Ann"));
    // The chat came along.
    let m = bob
        .recv_until(|m| matches!(m, ServerMsg::ChatHistory { .. }))
        .await;
    assert!(
        matches!(&m, ServerMsg::ChatHistory { lines, .. } if lines.iter().find(|l| l.key.is_none()).is_some_and(|l| l.text == "gl"))
    );
    // Arriving is not "back".
    assert!(!bob.log.iter().any(|l| l.contains("\"key\":\"back\"")));
    ann.recv_until(|m| matches!(m, ServerMsg::State { table, .. } if table.id == next))
        .await;

    // The two play the rematch to its end; the first game's record is as it was.
    let (ann, _) = play_short_game(ann, bob).await;
    assert!(ann.over());
    let (_, after) = http_get(srv.addr, &format!("/api/games/{table}/record")).await;
    assert_eq!(before, after);
    let (status, body) = http_get(srv.addr, &format!("/api/games/{next}/record")).await;
    assert_eq!(status, 200);
    let record: Value = serde_json::from_str(&body).unwrap();
    assert!(record["outcome"].is_object(), "{body}");
    srv.stop().await;
}
