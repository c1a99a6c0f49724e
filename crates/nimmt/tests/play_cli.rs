//! `nimmt play` refuses a bad setup with a clear message before it touches the terminal.

use std::process::{Command, Output};

fn nimmt(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .args(args)
        .output()
        .expect("nimmt runs")
}

fn refused(args: &[&str]) -> String {
    let o = nimmt(args);
    assert!(!o.status.success(), "{args:?} was accepted");
    assert!(
        o.stdout.is_empty(),
        "nothing drawn: {:?}",
        String::from_utf8_lossy(&o.stdout)
    );
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn bad_setups_are_named() {
    let e = refused(&["play", "--bot", "clever"]);
    assert!(e.contains("unknown bot \"clever\""), "{e}");
    let e = refused(&[
        "play",
        "--players",
        "2",
        "--bot",
        "random",
        "--bot",
        "greedy",
    ]);
    assert!(
        e.contains("2 players leave room for 1 bots, but 2 were given"),
        "{e}"
    );
    let e = refused(&["play", "--lang", "fr"]);
    assert!(e.contains("unknown language \"fr\""), "{e}");
    let e = refused(&["play", "--option", "fan=cow,mountain"]);
    assert!(e.contains("cannot be combined"), "{e}");
    let e = refused(&["play", "--players", "11"]);
    assert!(e.contains("2–10 players"), "{e}");
    let e = refused(&["play", "--bot", "mcts:ms=fast"]);
    assert!(e.contains("bad setting \"ms=fast\""), "{e}");
}

#[test]
fn online_play_refuses_offline_flags_and_names_an_unreachable_server() {
    let e = refused(&["play", "--server", "ws://127.0.0.1:9", "--bot", "greedy"]);
    assert!(e.contains("are for offline games"), "{e}");
    // Port 9 (discard) on the loopback: nobody listens.
    let e = refused(&["play", "--server", "ws://127.0.0.1:9", "--name", "Ann"]);
    assert!(e.contains("cannot connect to ws://127.0.0.1:9/ws"), "{e}");
}

#[test]
fn help_is_played_offline_with_its_own_bots() {
    // Without a terminal the client stops at the screen: the setup itself was accepted.
    let e = refused(&[
        "play", "--game", "help", "--bot", "greedy", "--bot", "mcts", "--seed", "3",
    ]);
    assert!(!e.contains("does not play"), "{e}");
    assert!(e.contains("raw mode"), "{e}");
    let e = refused(&["play", "--game", "help", "--players", "6"]);
    assert!(e.contains("3–5 players"), "{e}");
    let e = refused(&["play", "--game", "help", "--option", "end_at=x"]);
    assert!(e.contains("end_at"), "{e}");
}
