//! The online client against a real server on the loopback: a connection, the lobby, a table made
//! and filled with a bot by chat commands, a whole game played with keys, and back to the lobby.

mod common;

use nimmt_tui::app::Key;
use nimmt_tui::net::Connection;
use nimmt_tui::online::{Online, OnlineEffect, OnlineInput};
use nimmt_tui::Lang;
use std::time::{Duration, Instant};

fn screen(o: &Online) -> String {
    common::render(o.width, o.height, |f| o.draw(f))
}

fn apply(o: &mut Online, conn: &Connection, input: OnlineInput) {
    for effect in o.handle(input) {
        match effect {
            OnlineEffect::Send(msg) => {
                conn.send(msg);
            }
            OnlineEffect::Quit => panic!("the client quit"),
        }
    }
}

/// Passes server messages (and a tick now and then) until `done` holds.
fn pump(o: &mut Online, conn: &Connection, what: &str, done: impl Fn(&Online) -> bool) {
    let start = Instant::now();
    while !done(o) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "timed out waiting for {what}:\n{}",
            screen(o)
        );
        match conn.recv_timeout(Duration::from_millis(5)) {
            Some(input) => apply(o, conn, input),
            None => apply(o, conn, OnlineInput::Tick),
        }
    }
}

fn type_line(o: &mut Online, conn: &Connection, line: &str) {
    apply(o, conn, OnlineInput::Key(Key::Tab));
    for c in line.chars() {
        apply(o, conn, OnlineInput::Key(Key::Char(c)));
    }
    apply(o, conn, OnlineInput::Key(Key::Enter));
}

#[test]
fn a_whole_online_game_from_the_lobby_and_back() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let config = nimmt_server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        database: format!("sqlite://{}", dir.path().join("nimmt.db").display()),
        bot_delay: Duration::ZERO,
        ..nimmt_server::Config::default()
    };
    let running = runtime
        .block_on(nimmt_server::start(config))
        .expect("the server starts");
    let url = format!("ws://{}", running.addr);

    let conn = Connection::open(&url, "Ann", Lang::En).expect("connects");
    let mut o = Online::new(&url, "Ann", Lang::En);
    apply(
        &mut o,
        &conn,
        OnlineInput::Resize {
            width: 80,
            height: 24,
        },
    );
    pump(&mut o, &conn, "the welcome", |o| o.connected);
    assert!(screen(&o).contains("No tables yet"), "{}", screen(&o));

    // A new table, a bot by chat command, one deal, start.
    // The server offers several games: n asks which, Enter takes the first (classic).
    apply(&mut o, &conn, OnlineInput::Key(Key::Char('n')));
    assert!(
        screen(&o).contains("New table: which game?"),
        "{}",
        screen(&o)
    );
    apply(&mut o, &conn, OnlineInput::Key(Key::Enter));
    pump(&mut o, &conn, "the new table", |o| o.at.is_some());
    type_line(&mut o, &conn, "/bot add");
    pump(&mut o, &conn, "the bot", |o| {
        o.at.as_ref().is_some_and(|a| a.info.seats.len() == 2)
    });
    type_line(&mut o, &conn, "/option deals=1");
    pump(&mut o, &conn, "the option", |o| {
        o.at.as_ref()
            .is_some_and(|a| a.info.options.get("deals") == Some("1"))
    });
    let s = screen(&o);
    assert!(s.contains("Ann") && s.contains("2. Bot 1"), "{s}");
    type_line(&mut o, &conn, "/start");
    pump(&mut o, &conn, "the game", |o| o.game().is_some());

    // Play by keys until the result.
    let start = Instant::now();
    while !o.game().is_some_and(|g| g.is_over()) {
        assert!(start.elapsed() < Duration::from_secs(30), "{}", screen(&o));
        let g = o.game().unwrap();
        if g.is_asked() || g.pause_ready() {
            apply(&mut o, &conn, OnlineInput::Key(Key::Enter));
        }
        match conn.recv_timeout(Duration::from_millis(5)) {
            Some(input) => apply(&mut o, &conn, input),
            None => apply(&mut o, &conn, OnlineInput::Tick),
        }
    }
    let s = screen(&o);
    assert!(s.contains("The game is over"), "{s}");
    assert!(s.contains("Ann"), "{s}");

    // Enter leaves the finished table for the lobby, once the result has stood a moment.
    for _ in 0..nimmt_tui::app::PAUSE_TICKS {
        apply(&mut o, &conn, OnlineInput::Tick);
    }
    apply(&mut o, &conn, OnlineInput::Key(Key::Enter));
    assert!(o.at.is_none());
    pump(&mut o, &conn, "the lobby list", |o| !o.tables.is_empty());
    conn.close();
    runtime.block_on(running.stop());
}
