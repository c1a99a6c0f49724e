//! The terminal's `--account`: a login against a real server answers the account's session, in
//! the player's language when it is refused, and the session says hello as the account's
//! identity with its seat (as `nimmt play --server … --account NAME` does); logged out
//! elsewhere, its connection ends for good.

use nimmt_protocol::ServerMsg;
use nimmt_tui::account::log_in;
use nimmt_tui::net::Connection;
use nimmt_tui::online::OnlineInput;
use nimmt_tui::Lang;
use std::time::{Duration, Instant};

const PASSWORD: &str = "a long enough password";

/// The welcome of a connection, within 10 s.
fn welcome(conn: &Connection) -> ServerMsg {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        if let Some(OnlineInput::Server(m @ ServerMsg::Welcome { .. })) =
            conn.recv_timeout(Duration::from_millis(20))
        {
            return m;
        }
    }
    panic!("no welcome within 10 s");
}

#[test]
fn an_account_logs_in_from_the_terminal_and_finds_its_seat() {
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

    // Ann, a guest in the browser, opens a table and signs up there.
    let (player, table, guest_token) = runtime.block_on(async {
        let mut c = nimmt_server::client::Client::connect(&format!("{url}/ws"))
            .await
            .unwrap();
        let me = c
            .hello("Ann", None, nimmt_protocol::Lang::En)
            .await
            .unwrap();
        c.send(nimmt_protocol::ClientMsg::CreateTable {
            game: "classic".parse().unwrap(),
            options: Default::default(),
            seats: Some(4),
        })
        .await
        .unwrap();
        let table = match c
            .recv_until(10, |m| matches!(m, ServerMsg::State { .. }))
            .await
            .unwrap()
        {
            ServerMsg::State { table, .. } => table.id,
            _ => unreachable!(),
        };
        (me.player, table, me.token)
    });
    let signed = ureq::post(&format!("http://{}/api/account/signup", running.addr))
        .set("Authorization", &format!("Bearer {guest_token}"))
        .send_json(serde_json::json!({"name": "Ann", "password": PASSWORD}));
    assert_eq!(signed.unwrap().status(), 201);

    // The terminal: a wrong password, in German; then the right one.
    let refused = log_in(&url, "ann", "not the password", "de").unwrap_err();
    assert_eq!(refused.to_string(), "Name oder Passwort falsch.");
    let session = log_in(&url, "ann", PASSWORD, "en").unwrap();
    assert_eq!(
        (session.player.as_str(), session.name.as_str()),
        (player.as_str(), "Ann")
    );

    let conn =
        Connection::open_as(&url, &session.name, Lang::En, Some(session.token.clone())).unwrap();
    match welcome(&conn) {
        ServerMsg::Welcome {
            player: p, seated, ..
        } => {
            assert_eq!(p, player);
            assert_eq!(seated, [table]);
        }
        _ => unreachable!(),
    }

    // Logged out elsewhere (the browser): the terminal's connection ends for good, saying so.
    let token = &session.token;
    let out = ureq::post(&format!("http://{}/api/account/logout", running.addr))
        .set("Authorization", &format!("Bearer {token}"))
        .call();
    assert_eq!(out.unwrap().status(), 204);
    let start = Instant::now();
    let ended = loop {
        assert!(start.elapsed() < Duration::from_secs(10), "no end seen");
        match conn.recv_timeout(Duration::from_millis(20)) {
            Some(OnlineInput::Closed(reason)) => break reason,
            Some(OnlineInput::Lost(reason)) => panic!("it would come back: {reason}"),
            _ => {}
        }
    };
    assert_eq!(ended, "session_ended");
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(1) {
        assert!(
            !matches!(
                conn.recv_timeout(Duration::from_millis(20)),
                Some(OnlineInput::Server(_))
            ),
            "no new connection after the end"
        );
    }
    drop(conn);
    runtime.block_on(running.stop());
}
