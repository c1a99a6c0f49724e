//! `nimmt serve --log-format json`: every line on standard output is one JSON object (the
//! "serving on" line a script reads included), as a log collector takes it; the setting is a
//! key of the config file and the environment too, and a format it does not know is refused.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// `nimmt serve` with no `NIMMT_…` variable but `env`, in an empty directory.
fn serve(dir: &std::path::Path, args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_nimmt"));
    cmd.arg("serve").args(args).current_dir(dir);
    for (key, _) in std::env::vars() {
        if key.starts_with("NIMMT_") {
            cmd.env_remove(key);
        }
    }
    cmd.envs(env.iter().copied());
    cmd
}

/// A log line: a JSON object with a time, a level, a target and a message.
fn entry(line: &str) -> serde_json::Value {
    let v: serde_json::Value =
        serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line:?}"));
    assert!(v["timestamp"].is_string(), "{line}");
    assert!(
        ["ERROR", "WARN", "INFO", "DEBUG", "TRACE"].contains(&v["level"].as_str().unwrap_or("")),
        "{line}"
    );
    assert!(v["target"].is_string(), "{line}");
    assert!(v["fields"]["message"].is_string(), "{line}");
    v
}

#[test]
fn json_logs_are_one_json_object_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("nimmt.db").display());
    let mut child = serve(
        dir.path(),
        &[
            "--addr",
            "127.0.0.1:0",
            "--database",
            &db,
            "--log-format",
            "json",
        ],
        &[],
    )
    .env("RUST_LOG", "info")
    .stdout(Stdio::piped())
    .stderr(Stdio::null())
    .spawn()
    .expect("nimmt serve starts");
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let next = || {
        rx.recv_timeout(Duration::from_secs(30))
            .expect("a log line")
    };
    // The line scripts wait for, as a log entry that still names the address.
    let first = entry(&next());
    let message = first["fields"]["message"].as_str().unwrap().to_owned();
    assert!(
        message.starts_with("nimmt serving on http://127.0.0.1:"),
        "{first}"
    );
    assert_eq!(first["level"], "INFO");
    let addr = message
        .split("http://")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap()
        .to_owned();
    let mut lines = vec![first];
    while !lines.iter().any(|l| {
        l["fields"]["message"]
            .as_str()
            .unwrap()
            .starts_with("listening on")
    }) {
        lines.push(entry(&next()));
    }
    // It serves while it logs so.
    let mut s = std::net::TcpStream::connect(&addr).unwrap();
    write!(
        s,
        "GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    child.kill().unwrap();
    child.wait().unwrap();
    reader.join().unwrap();
    for line in rx.try_iter() {
        entry(&line);
    }
}

#[test]
fn the_log_format_is_a_setting_and_only_text_or_json() {
    let dir = tempfile::tempdir().unwrap();
    let out = serve(
        dir.path(),
        &["--print-config"],
        &[("NIMMT_LOG_FORMAT", "json")],
    )
    .output()
    .unwrap();
    assert!(out.status.success());
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        printed.lines().any(|l| l == "log_format = \"json\""),
        "{printed}"
    );
    let default = serve(dir.path(), &["--print-config"], &[])
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&default.stdout);
    assert!(
        printed.lines().any(|l| l == "log_format = \"text\""),
        "{printed}"
    );

    let flag = serve(dir.path(), &["--log-format", "xml"], &[])
        .output()
        .unwrap();
    assert!(!flag.status.success());
    let why = String::from_utf8_lossy(&flag.stderr);
    assert!(why.contains("--log-format") && why.contains("xml"), "{why}");
    let env = serve(dir.path(), &[], &[("NIMMT_LOG_FORMAT", "yaml")])
        .output()
        .unwrap();
    assert!(!env.status.success());
    let why = String::from_utf8_lossy(&env.stderr);
    assert!(why.contains("log_format"), "{why}");
}
