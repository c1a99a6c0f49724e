//! `nimmt analyse` as a user runs it: a record of random play analysed for every game, as text
//! and as JSON, the same seed giving the same analysis, a bad file refused by name.

use serde_json::Value;
use std::process::{Command, Output};

fn nimmt(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .args(args)
        .output()
        .expect("nimmt runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn every_game_s_record_is_analysed_with_marks_and_a_summary_per_seat() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["classic", "help", "buffalo", "board"] {
        let record = dir.path().join(format!("{game}.json"));
        let record = record.to_str().unwrap();
        let sim = nimmt(&[
            "sim",
            "--game",
            game,
            "--players",
            "3",
            "--deals",
            "1",
            "--seed",
            "5",
            "--record",
            record,
        ]);
        assert!(sim.status.success(), "{game}: {sim:?}");
        let json = nimmt(&["analyse", record, "--json", "--budget", "60"]);
        assert!(json.status.success(), "{game}: {json:?}");
        let a: Value = serde_json::from_str(&stdout(&json)).unwrap();
        let decisions = a["decisions"].as_array().unwrap();
        assert!(!decisions.is_empty(), "{game}");
        assert_eq!(a["seats"].as_array().unwrap().len(), 3, "{game}");
        let again = nimmt(&["analyse", record, "--json", "--budget", "60"]);
        assert_eq!(
            stdout(&again),
            stdout(&json),
            "{game}: the same seed, the same analysis"
        );
        let text = nimmt(&["analyse", record, "--budget", "60"]);
        let text = stdout(&text);
        assert!(
            text.contains("seat  decisions  mean loss"),
            "{game}: {text}"
        );
        assert!(text.contains("marks from a loss of"), "{game}: {text}");
    }
}

#[test]
fn a_file_that_is_not_a_record_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{}").unwrap();
    let o = nimmt(&["analyse", bad.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("is not a game record"));
}
