//! `nimmt loadtest --hostile` against the real `nimmt serve` with its default limits: while
//! players from their own addresses play without a single error, one client of each hostile
//! kind is cut off or refused, each by the limit it breaks (`docs/protocol.md`).

mod serving;

use std::process::Command;

#[test]
fn hostile_clients_are_cut_off_while_the_players_play_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("load.db").display());
    let (mut server, addr) = serving::serve(&["--database", &db]);
    let out = Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .args(["loadtest", "--url", &format!("ws://{addr}/ws")])
        .args(["--clients", "40", "--tables", "10", "--seconds", "6"])
        .args(["--think-ms", "200", "--spread-addrs", "--hostile", "1"])
        .output()
        .expect("nimmt loadtest runs");
    let _ = server.kill();
    let _ = server.wait();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = |start: &str| -> String {
        text.lines()
            .find(|l| l.trim_start().starts_with(start))
            .unwrap_or_else(|| panic!("no line {start:?} in\n{text}"))
            .to_owned()
    };
    assert!(line("errors").starts_with("errors 0 "), "{text}");
    let acked: u64 = line("moves acknowledged")
        .split_whitespace()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(acked > 100, "the players played: {text}");
    // Each kind ends the way its limit says, and only that way. (A client that does not read
    // is closed once the answers it leaves pile up past the queue's cap: here, with ten tables,
    // they are too short to; `nimmt-server/tests/limits.rs` shows it.)
    for (kind, cut_off) in [
        ("flood", "answered rate_limited, then closed 4002"),
        ("huge", "closed 1009"),
        ("connections", "refused with HTTP 429 after 32 open"),
        ("tables", "refused rate_limited with 5 of its tables open"),
    ] {
        let l = line(kind);
        assert!(l.contains(cut_off), "{kind}: {l}");
        assert!(
            !l.contains("not closed") && !l.contains("never refused"),
            "{kind}: {l}"
        );
    }
    // Twenty new identities a minute from one address (the burst), then refusals.
    let ids = line("identities");
    assert!(ids.contains("refused rate_limited"), "{ids}");
    let new: u64 = ids
        .rsplit("new identity ")
        .next()
        .and_then(|r| r.split(',').next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0);
    assert!((20..=23).contains(&new), "{ids}");
}
