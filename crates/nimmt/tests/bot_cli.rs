//! `nimmt bot SPEC`: a built-in bot as an outside program plays exactly as the built-in seat.

use serde_json::Value;
use std::process::Command;

fn arena(game: &str, seats: &[String], extra: &[&str]) -> Value {
    let mut args = vec!["arena", "--game", game, "--json", "--seed", "3"];
    for s in seats {
        args.push("--seat");
        args.push(s);
    }
    args.extend(extra);
    let o = Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .args(&args)
        .output()
        .expect("nimmt runs");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(!err.contains("outside bot"), "the bot faulted: {err}");
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

/// The arena with `spec` at the first seat, built in and then through `nimmt bot`, gives the
/// same points in every deal.
fn same_through_the_protocol(game: &str, spec: &str, others: &[&str], extra: &[&str]) {
    let mut seats: Vec<String> = std::iter::once(spec)
        .chain(others.iter().copied())
        .map(str::to_owned)
        .collect();
    let built_in = arena(game, &seats, extra);
    seats[0] = format!("cmd:{} bot {spec}", env!("CARGO_BIN_EXE_nimmt"));
    let outside = arena(game, &seats, extra);
    assert_eq!(built_in["points"], outside["points"], "{game}: {spec}");
    assert_eq!(
        built_in["seats"][0]["win_share"],
        outside["seats"][0]["win_share"]
    );
}

#[test]
fn a_classic_search_through_the_protocol_plays_like_the_built_in_one() {
    same_through_the_protocol(
        "classic",
        "mcts:iters=400",
        &["greedy", "greedy", "mcts:iters=100"],
        &["--deals", "6"],
    );
    same_through_the_protocol(
        "classic",
        "greedy",
        &["random", "mcts:iters=50"],
        &["--deals", "3", "--option", "fan=digit-swap"],
    );
}

#[test]
fn bots_of_every_game_speak_the_protocol() {
    same_through_the_protocol(
        "help",
        "mcts:iters=50",
        &["greedy", "greedy"],
        &["--deals", "2"],
    );
    same_through_the_protocol(
        "buffalo",
        "greedy",
        &["greedy", "mcts:iters=20"],
        &["--deals", "3"],
    );
    same_through_the_protocol(
        "board",
        "greedy",
        &["random"],
        &["--deals", "2", "--option", "version=base"],
    );
}

#[test]
fn a_bot_names_what_it_cannot_be() {
    let o = Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .args(["bot", "clever"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    // the game is not known before `hello`: an empty input ends quietly
    assert!(o.status.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .args(["bot", "clever"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"{\"type\":\"hello\",\"protocol\":1,\"game\":\"classic\"}\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("unknown bot \"clever\" for classic"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
