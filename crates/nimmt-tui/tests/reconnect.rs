//! The online client when the line drops: a server stopped mid-game and started again on the same
//! database and port, a room on two servers losing the one the client spoke to, another
//! connection of the same player taking over, and a finished table playing again (`/rematch`).
//! Each server runs on its own runtime, so dropping that runtime ends it as a crash would.

mod common;

use common::live_server::{node, sqlite_config, unique, Schema, Server, PATIENCE};
use common::online_client::Client;
use nimmt_protocol::{ClientMsg, ServerMsg};
use nimmt_tui::app::Key;
use nimmt_tui::online::{Online, OnlineEffect, OnlineInput};
use serde_json::Value;
use std::time::{Duration, Instant};

/// The line drops while the player is asked: a move is refused offline (and taken back on
/// screen), the client comes back by itself with the seat and the server's state, and the game
/// goes on to its end with no acknowledged move lost.
fn lose_the_line_and_come_back(c: &mut Client, crash: impl FnOnce()) {
    c.play_until("three acknowledged moves with the player asked", |c| {
        c.acked.len() >= 3 && c.asked_and_settled()
    });
    assert!(
        !c.o.game().unwrap().is_over(),
        "the game ran out early: sent {:?}, acknowledged {:?}",
        c.moves,
        c.acked
    );
    let version = c.o.at.as_ref().unwrap().version;
    crash();
    c.pump("the drop", |o| o.reconnecting);
    let s = c.screen();
    assert!(
        s.lines()
            .last()
            .unwrap()
            .contains("connection lost, reconnecting…"),
        "the status line says so:\n{s}"
    );

    // A move while offline is not sent and not lost silently: the player is told, the card
    // stays in the hand.
    let hand = c.hands().0;
    let effects = c.apply(OnlineInput::Key(Key::Enter));
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, OnlineEffect::Send(ClientMsg::Act { .. }))),
        "{effects:?}"
    );
    assert!(
        c.o.chat.last().unwrap().starts_with("offline"),
        "{:?}",
        c.o.chat
    );
    assert_eq!(c.hands().0, hand, "the card is back in the hand");
    assert!(c.o.game().unwrap().is_asked());

    // Back by itself, at the same seat, with the server's state.
    let start = Instant::now();
    let table = c.table_id();
    let states = c.states;
    c.pump("the return", |o| o.connected);
    assert!(
        c.o.chat.iter().any(|l| l == "reconnected"),
        "{:?}",
        c.o.chat
    );
    while c.states == states {
        assert!(start.elapsed() < PATIENCE, "no state after the return");
        c.step();
    }
    let at = c.o.at.as_ref().unwrap();
    assert!(at.info.id == table && at.version >= version && c.o.game().is_some());
    let at = c.o.at.as_ref().unwrap();
    assert_eq!(at.you.seat.map(|s| s.0), Some(0), "the seat is resumed");
    let (shown, server) = c.hands();
    assert_eq!(
        Value::Array(shown),
        server,
        "the screen shows the server's hand"
    );
    let s = c.screen();
    assert!(!s.lines().last().unwrap().contains("reconnecting"), "{s}");
}

/// Plays to the end and checks the stored moves of seat 0: every acknowledged move is there,
/// and nothing the client did not send.
fn finish_and_check(c: &mut Client, actions: impl FnOnce() -> Vec<(u8, Value)>) {
    c.play_until("the end of the game", |_| false);
    let s = c.screen();
    assert!(s.contains("The game is over"), "{s}");
    let mine: Vec<Value> = actions()
        .into_iter()
        .filter(|(seat, _)| *seat == 0)
        .map(|(_, a)| a)
        .collect();
    // acked ⊆ stored ⊆ sent, each in order.
    let in_order = |part: &[Value], whole: &[Value]| {
        let mut rest = whole.iter();
        part.iter().all(|p| rest.any(|w| w == p))
    };
    assert!(
        in_order(&c.acked, &mine),
        "acknowledged {:?}\nstored {mine:?}",
        c.acked
    );
    assert!(
        in_order(&mine, &c.moves),
        "stored {mine:?}\nsent {:?}",
        c.moves
    );
    assert!(
        c.acked.len() > 3,
        "moves were acknowledged after the return"
    );
}

#[test]
fn a_server_restarted_on_the_same_database_and_port_resumes_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let first = Server::start(sqlite_config(&dir));
    let addr = first.addr();
    let mut c = Client::connect(&first.url(), "Ann", None);
    let table = c.start_table(2, &["deals=1"]);
    c.type_line("/start");
    c.pump("the game", |o| o.game().is_some());

    let mut second = None;
    lose_the_line_and_come_back(&mut c, || {
        first.kill();
        second = Some(Server::start(nimmt_server::Config {
            addr,
            ..sqlite_config(&dir)
        }));
    });
    let second = second.unwrap();
    finish_and_check(&mut c, || second.actions(table));
    assert_eq!(second.table_state(table), "finished");
    c.conn.close();
    second.stop();
}

#[test]
fn a_client_another_connection_took_over_does_not_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(sqlite_config(&dir));
    let mut first = Client::connect(&server.url(), "Ann", None);
    let token = first.token.clone().expect("a token in the welcome");
    let mut second = Client::connect(&server.url(), "Ann", Some(token));
    assert!(second.o.connected);
    first.pump("the end of the first connection", |o| o.ended);
    let start = Instant::now();
    while !first.conn.ended() {
        assert!(start.elapsed() < PATIENCE, "the first connection goes on");
        first.step();
    }
    // Its thread is done: nothing will try again, and the second connection keeps the player.
    while let Some(input) = first.conn.try_recv() {
        assert!(
            !matches!(input, OnlineInput::Server(ServerMsg::Welcome { .. })),
            "{input:?}"
        );
        first.apply(input);
    }
    assert!(!first.o.connected && !first.o.reconnecting);
    let s = first.screen();
    assert!(
        s.contains("Another connection of this player took over"),
        "{s}"
    );
    assert!(s.contains("connection ended"), "{s}");
    // The second connection plays on.
    second.start_table(1, &[]);
    assert!(second.o.connected && !second.o.ended);
    second.conn.close();
    first.conn.close();
    server.stop();
}

/// Both clients play their seats until their game is over.
fn play_to_the_end(ann: &mut Client, bob: &mut Client) {
    let over = |c: &Client| c.o.game().is_some_and(|g| g.is_over());
    let start = Instant::now();
    while !(over(ann) && over(bob)) {
        assert!(
            start.elapsed() < PATIENCE,
            "{}\n{}",
            ann.screen(),
            bob.screen()
        );
        for c in [&mut *ann, &mut *bob] {
            c.press_if_asked();
            c.step();
        }
    }
}

#[test]
fn after_a_finished_game_both_players_follow_the_rematch_to_the_new_table() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(sqlite_config(&dir));
    let mut ann = Client::connect(&server.url(), "Ann", None);
    let table = ann.start_table(0, &["deals=1", "hand_size=2"]);
    let mut bob = Client::connect(&server.url(), "Bob", None);
    bob.pump("the table in the lobby", |o| {
        o.tables.iter().any(|t| t.id == table)
    });
    bob.apply(OnlineInput::Key(Key::Enter));
    bob.pump("Bob's seat", |o| {
        o.at.as_ref().is_some_and(|a| a.you.seat.is_some())
    });
    ann.pump("Bob at the table", |o| {
        o.at.as_ref().is_some_and(|a| a.info.seats.len() == 2)
    });
    ann.type_line("/start");
    play_to_the_end(&mut ann, &mut bob);

    // The host plays again: both clients move to the new table and show its game.
    ann.type_line("/rematch");
    let moved = |o: &Online| {
        o.at.as_ref().is_some_and(|a| a.info.id != table) && o.game().is_some_and(|g| !g.is_over())
    };
    let start = Instant::now();
    while !(moved(&ann.o) && moved(&bob.o)) {
        assert!(
            start.elapsed() < PATIENCE,
            "{}\n{}",
            ann.screen(),
            bob.screen()
        );
        ann.step();
        bob.step();
    }
    let next = ann.table_id();
    assert_eq!(bob.table_id(), next, "both at the same new table");
    for c in [&ann, &bob] {
        let at = c.o.at.as_ref().unwrap();
        assert!(at.you.seat.is_some(), "seated again");
        // No result window of the game before; its notice may still stand in the table's chat.
        let s = c.screen();
        let result_window = |l: &str| l.contains("The game is over") && !l.contains("over.");
        assert!(!s.lines().any(result_window), "{s}");
    }
    // The new game is played like any other.
    play_to_the_end(&mut ann, &mut bob);
    assert_eq!(server.table_state(next), "finished");
    ann.conn.close();
    bob.conn.close();
    server.stop();
}

#[test]
fn in_a_room_on_two_servers_the_client_goes_on_at_the_other_one() {
    let schema = Schema::new();
    let prefix = unique("t");
    let a = node(&schema, &prefix, "a");
    let b = node(&schema, &prefix, "b");
    let url_b = format!("{}/ws", b.url());
    // Node a names node b in its welcome once it has seen it.
    // (Asked again under the same identity: new identities are few per address and minute.)
    let start = Instant::now();
    let mut c = Client::connect(&a.url(), "Ann", None);
    while !c.nodes.contains(&url_b) {
        assert!(start.elapsed() < PATIENCE, "node a never names node b");
        c.conn.close();
        std::thread::sleep(Duration::from_millis(200));
        c = Client::connect(&a.url(), "Ann", c.token.clone());
    }
    let table = c.start_table(2, &["deals=1"]);
    c.type_line("/start");
    c.pump("the game", |o| o.game().is_some());

    // Node a dies; its table moves to node b, and so does the client.
    lose_the_line_and_come_back(&mut c, || a.kill());
    finish_and_check(&mut c, || b.actions(table));
    assert_eq!(b.table_state(table), "finished");
    c.conn.close();
    b.stop();
    drop(schema);
}
