//! Every HTTP error of the room has one shape: `{"code", "error"}`, a stable code and a text in
//! the caller's language (`?lang=` or `Accept-Language`); what failed inside (a database
//! error) goes to the log, never to the caller.

mod common;

use common::{server, Db};
use serde_json::Value;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// `GET path` with `extra` header lines; the status and the body read as JSON.
async fn get(addr: SocketAddr, path: &str, extra: &str) -> (u16, Value) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let connection = if extra.contains("Upgrade:") {
        ""
    } else {
        "Connection: close\r\n"
    };
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{connection}{extra}\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    // The head, then as many bytes as it says the body has.
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    let (head, body) = loop {
        let n = s.read(&mut buf).await.unwrap();
        assert!(n > 0, "{path}: the connection closed before a whole answer");
        raw.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&raw).to_string();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length: usize = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length:")
                        .map(|v| v.trim().parse().unwrap())
                })
                .expect("a content length");
            if body.len() >= length {
                break (head.to_owned(), body[..length].to_owned());
            }
        }
    };
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: application/json"),
        "{path}: an error is JSON: {head}"
    );
    let body = serde_json::from_str(body.trim())
        .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {body:?}"));
    (status, body)
}

/// The one shape: exactly `code` and `error`, both text, the text not empty.
fn one_shape(what: &str, body: &Value) -> (String, String) {
    let o = body.as_object().unwrap_or_else(|| panic!("{what}: {body}"));
    let mut keys: Vec<&str> = o.keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(keys, ["code", "error"], "{what}: {body}");
    let code = o["code"].as_str().unwrap().to_owned();
    let error = o["error"].as_str().unwrap().to_owned();
    assert!(!error.is_empty(), "{what}");
    (code, error)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_http_error_is_code_and_text_in_the_callers_language() {
    let db = Db::sqlite();
    let (running, _) = server(&db).await;
    let addr = running.addr;
    let de = "Accept-Language: de-DE,de;q=0.9,en;q=0.5\r\n";
    let cases: &[(&str, &str, u16, &str)] = &[
        ("/api/games/abc/record", "", 404, "no_such_game"),
        ("/api/games/999/record", de, 404, "no_such_game"),
        ("/api/games/999/replay", "", 404, "no_such_game"),
        ("/api/games/999/replay?lang=de", "", 404, "no_such_game"),
        ("/api/games/xyz/analysis", "", 404, "no_such_game"),
        ("/api/cluster", "", 404, "no_cluster"),
        ("/api/cluster", de, 404, "no_cluster"),
        ("/api/players/nobody-at-all", "", 404, "no_such_address"),
        (
            "/api/players/nobody-at-all/games",
            de,
            404,
            "no_such_address",
        ),
        ("/api/leaderboard/buffalo", "", 404, "not_rated"),
        ("/api/leaderboard/buffalo", de, 404, "not_rated"),
        ("/api/leaderboard/buffalo?lang=de", "", 404, "not_rated"),
        ("/api/account", "", 401, "session_needed"),
        ("/api/account?lang=de", "", 401, "session_needed"),
        // Refused by an extractor, before the route's own code runs.
        ("/api/admin", "", 401, "sign_in_needed"),
        ("/api/admin?lang=de", "", 401, "sign_in_needed"),
        ("/api/mutes", de, 401, "sign_in_needed"),
        ("/api/ladder/chess", de, 404, "ladder_unknown_game"),
        (
            "/api/tournaments/xyz?lang=de",
            "",
            404,
            "tournament_unknown",
        ),
        ("/api/push/key", de, 404, "push_off"),
        ("/api/account/tokens?lang=de", "", 401, "session_needed"),
        (
            "/ws",
            "Origin: https://elsewhere.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n",
            403,
            "origin_not_allowed",
        ),
        ("/ws", "", 400, "not_a_websocket"),
    ];
    for (path, extra, status, code) in cases {
        let (got, body) = get(addr, path, extra).await;
        assert_eq!(got, *status, "{path}: {body}");
        let (c, text) = one_shape(path, &body);
        assert_eq!(c, *code, "{path}");
        let german = extra.contains("de-DE") || path.contains("lang=de");
        let expected = nimmt_protocol::Text::new(
            if german {
                nimmt_protocol::Lang::De
            } else {
                nimmt_protocol::Lang::En
            },
            code,
            Vec::<(&str, String)>::new(),
        );
        // The same wording as the server's table of texts, in the language asked for.
        let stem: String = expected.text.chars().take_while(|c| *c != '{').collect();
        assert!(
            text.starts_with(stem.trim_end()),
            "{path}: {text:?} is not the {} text {:?}",
            if german { "German" } else { "English" },
            expected.text
        );
    }

    // The database fails: `storage`, and nothing of the database's own words.
    running.store.pool().close().await;
    for path in ["/api/players/somebody", "/api/leaderboard/classic"] {
        let (status, body) = get(addr, path, "").await;
        assert_eq!(status, 503, "{path}: {body}");
        let (code, text) = one_shape(path, &body);
        assert_eq!(code, "storage");
        let lower = text.to_lowercase();
        for inside in ["sqlx", "pool", "sqlite", "database error"] {
            assert!(!lower.contains(inside), "{path}: {text:?} tells {inside:?}");
        }
    }
    running.stop().await;
}
