//! The offline subcommands as a user runs them: `sim`, `replay`, `bench`, `arena`.

use serde_json::Value;
use std::path::{Path, PathBuf};
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

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../nimmt-core/tests/golden")
        .join(name)
}

#[test]
fn sim_with_the_same_seed_gives_byte_identical_output_and_trace() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
    let args = |t: &Path| {
        vec![
            "sim".to_string(),
            "--game".into(),
            "classic".into(),
            "--players".into(),
            "5".into(),
            "--option".into(),
            "placement=both-ends".into(),
            "--deals".into(),
            "7".into(),
            "--seed".into(),
            "42".into(),
            "--trace".into(),
            t.display().to_string(),
        ]
    };
    let oa = Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .args(args(&a))
        .output()
        .unwrap();
    let ob = Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .args(args(&b))
        .output()
        .unwrap();
    assert!(oa.status.success(), "{}", stderr(&oa));
    assert_eq!(oa.stdout, ob.stdout);
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert!(stdout(&oa).contains("seat 4: "), "{}", stdout(&oa));
}

#[test]
fn trace_turns_chain_and_add_up_to_the_printed_means() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.jsonl");
    let o = nimmt(&[
        "sim",
        "--players",
        "4",
        "--deals",
        "5",
        "--seed",
        "3",
        "--trace",
        t.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut lines: Vec<Value> = std::fs::read_to_string(&t)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let header = lines.remove(0);
    assert_eq!(header["trace"], 1, "{header}");
    assert_eq!(lines.len(), 50, "ten turns per deal");
    let mut sums = [0u64; 4];
    for w in lines.windows(2) {
        if w[0]["deal"] == w[1]["deal"] {
            assert_eq!(
                w[0]["rows_after"], w[1]["rows_before"],
                "rows keep their places"
            );
        }
    }
    for l in &lines {
        for key in [
            "deal",
            "turn",
            "rows_before",
            "played",
            "taken",
            "rows_after",
            "points",
        ] {
            assert!(l.get(key).is_some(), "{key} in {l}");
        }
        assert_eq!(l["played"].as_array().unwrap().len(), 4);
        for (s, p) in l["points"].as_array().unwrap().iter().enumerate() {
            sums[s] += p.as_u64().unwrap();
        }
        // Points are the bull heads of the cards taken this turn.
        let mut taken = [0u64; 4];
        for t in l["taken"].as_array().unwrap() {
            let seat = t[0].as_u64().unwrap() as usize;
            for c in t[2].as_array().unwrap() {
                taken[seat] += nimmt_core::cards::bull_heads(c.as_u64().unwrap() as u8) as u64;
            }
        }
        let points: Vec<u64> = l["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap())
            .collect();
        assert_eq!(points, taken.to_vec());
    }
    let out = stdout(&o);
    for (s, sum) in sums.iter().enumerate() {
        let expected = format!("seat {s}: {:.3} points per deal", *sum as f64 / 5.0);
        assert!(out.contains(&expected), "{expected} in {out}");
    }
}

#[test]
fn sim_refuses_a_bad_option_with_its_name() {
    let o = nimmt(&[
        "sim",
        "--players",
        "4",
        "--option",
        "deck=huge",
        "--deals",
        "1",
    ]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("bad value \"huge\" for option deck"),
        "{}",
        stderr(&o)
    );
    let o = nimmt(&["sim", "--players", "11", "--deals", "1"]);
    assert!(
        stderr(&o).contains("classic is for 2–10 players, not 11"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn replay_prints_the_result_of_a_golden_record() {
    let o = nimmt(&["replay", golden("classic-4p-base.json").to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("replayed and checked"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("won by seat"), "{}", stdout(&o));
}

#[test]
fn replay_names_the_first_bad_entry_of_a_changed_record() {
    let text = std::fs::read_to_string(golden("classic-5p-cow.json")).unwrap();
    let mut record: Value = serde_json::from_str(&text).unwrap();
    record["deals"][1]["rows"][0] =
        Value::from(record["deals"][1]["rows"][0].as_u64().unwrap() % 104 + 1);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("changed.json");
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    let o = nimmt(&["replay", path.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("does not replay"), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("deals[1]") || stderr(&o).contains("actions["),
        "{}",
        stderr(&o)
    );
    std::fs::write(&path, "{ not json").unwrap();
    let o = nimmt(&["replay", path.to_str().unwrap()]);
    assert!(
        stderr(&o).contains("is not a game record"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn bench_prints_deals_per_second() {
    let o = nimmt(&["bench", "--players", "4", "--seconds", "0.2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let first = stdout(&o).lines().next().unwrap().to_owned();
    let figure: f64 = first.split_whitespace().next().unwrap().parse().unwrap();
    assert!(figure > 0.0);
    assert!(first.contains("deals/s"), "{first}");
}

#[test]
fn sim_plays_help_and_its_record_replays() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("help.json");
    let o = nimmt(&[
        "sim",
        "--game",
        "help",
        "--players",
        "4",
        "--deals",
        "30",
        "--seed",
        "8",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("30 deals of help with 4 players"),
        "{}",
        stdout(&o)
    );
    let o = nimmt(&["replay", record.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("help with 4 players"), "{}", stdout(&o));
    assert!(stdout(&o).contains("won by seat"), "{}", stdout(&o));
}

fn trace_lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_trace_starts_with_a_header_naming_game_players_every_option_and_seed() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.jsonl");
    let o = nimmt(&[
        "sim",
        "--players",
        "3",
        "--option",
        "fan=digit-swap",
        "--deals",
        "1",
        "--seed",
        "9",
        "--trace",
        t.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&t).unwrap();
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with(r#"{"trace":1,"game":"classic","players":3,"options":{"#),
        "{first}"
    );
    let header: Value = serde_json::from_str(first).unwrap();
    assert_eq!(header["seed"], 9);
    assert_eq!(header["options"]["fan"], "digit-swap");
    assert_eq!(
        header["options"]["deck"], "full",
        "options written out in full"
    );
    assert_eq!(trace_lines(&t).len(), 11, "the header and ten turns");
}

#[test]
fn sim_traces_help_one_line_per_step_with_points_that_add_up() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("h.jsonl");
    let o = nimmt(&[
        "sim",
        "--game",
        "help",
        "--players",
        "4",
        "--deals",
        "6",
        "--seed",
        "4",
        "--trace",
        t.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut lines = trace_lines(&t);
    let header = lines.remove(0);
    assert_eq!(header["game"], "help");
    assert_eq!(header["options"]["end_at"], "3");
    let mut sums = [0u64; 4];
    let mut ended = 0;
    for l in &lines {
        for key in [
            "deal", "step", "seat", "action", "row", "hands", "draw", "discard", "points",
        ] {
            assert!(l.get(key).is_some(), "{key} in {l}");
        }
        assert_eq!(l["hands"].as_array().unwrap().len(), 4);
        for (s, p) in l["points"].as_array().unwrap().iter().enumerate() {
            sums[s] += p.as_u64().unwrap();
        }
        ended += usize::from(l.get("deal_end").is_some());
    }
    assert_eq!(ended, 6, "one line ends each deal");
    // Each deal opens with the starter's lowest card, laid by the rules.
    assert!(
        lines[0]["opening"] == true && lines[0]["step"] == 1,
        "{}",
        lines[0]
    );
    let out = stdout(&o);
    for (s, sum) in sums.iter().enumerate() {
        let expected = format!("seat {s}: {:.3} points per deal", *sum as f64 / 6.0);
        assert!(out.contains(&expected), "{expected} in {out}");
    }
}

#[test]
fn sim_names_an_unknown_game_and_the_registered_ones() {
    let o = nimmt(&["sim", "--game", "chess", "--deals", "1"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("chess"), "{}", stderr(&o));
    assert!(stderr(&o).contains("classic, help"), "{}", stderr(&o));
}

#[test]
fn sim_refuses_a_repeated_option() {
    let o = nimmt(&[
        "sim",
        "--option",
        "deck=tactic",
        "--option",
        "deck=full",
        "--deals",
        "1",
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("deck"), "{}", stderr(&o));
}

#[test]
fn sim_data_files_are_checked_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.jsonl");
    let run = |data: &str| {
        nimmt(&[
            "sim",
            "--deals",
            "1",
            "--data",
            data,
            "--trace",
            trace.to_str().unwrap(),
        ])
    };
    let missing = dir.path().join("missing.json");
    let o = run(&format!("board={}", missing.display()));
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("cannot read") && stderr(&o).contains("--data board"),
        "{}",
        stderr(&o)
    );
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{ not json").unwrap();
    let o = run(&format!("board={}", bad.display()));
    assert!(stderr(&o).contains("is not valid JSON"), "{}", stderr(&o));
    let o = run("board");
    assert!(
        stderr(&o).contains("--data takes KEY=FILE"),
        "{}",
        stderr(&o)
    );
    // A valid file for a game that takes no data: the game says so.
    let good = dir.path().join("good.json");
    std::fs::write(&good, "{}").unwrap();
    let o = run(&format!("board={}", good.display()));
    assert!(
        stderr(&o).contains("classic takes no game data"),
        "{}",
        stderr(&o)
    );
    assert!(!trace.exists(), "nothing written");
}

#[test]
fn every_golden_record_replays_on_the_command_line() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../nimmt-core/tests/golden");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "json") {
            let o = nimmt(&["replay", path.to_str().unwrap()]);
            assert!(o.status.success(), "{}: {}", path.display(), stderr(&o));
            // A team that lost to the buffalo: nobody at the table won.
            let out = stdout(&o);
            assert!(
                out.contains("won by seat") || out.contains("nobody at the table won"),
                "{out}"
            );
        }
    }
}

fn json(o: &Output) -> Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_str(&stdout(o)).expect("one JSON object")
}

#[test]
fn arena_halves_pooled_equal_one_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let seats = [
        "--seat",
        "search=mcts:iters=20",
        "--seat",
        "greedy",
        "--seat",
        "random",
        "--seed",
        "5",
    ];
    let run = |extra: &[&str]| {
        let mut args = vec!["arena", "--json", "--threads", "2"];
        args.extend(seats);
        args.extend(extra);
        nimmt(&args)
    };
    let whole = json(&run(&["--deals", "12"]));
    let (a, b) = (path("a.jsonl"), path("b.jsonl"));
    json(&run(&["--deals", "6", "--deals-out", &a]));
    let second = json(&run(&[
        "--first-deal",
        "6",
        "--deals",
        "6",
        "--deals-out",
        &b,
    ]));
    assert_eq!(
        second["deal_index"],
        serde_json::json!([6, 7, 8, 9, 10, 11])
    );
    let all = path("all.jsonl");
    let text = std::fs::read_to_string(&a).unwrap() + &std::fs::read_to_string(&b).unwrap();
    std::fs::write(&all, &text).unwrap();
    let pooled = json(&run(&["--deals", "12", "--resume", &all]));
    // byte-identical per-deal points, and so the same statistics
    assert_eq!(pooled["points"].to_string(), whole["points"].to_string());
    assert_eq!(pooled["pairs"], whole["pairs"]);
    for (p, w) in pooled["seats"]
        .as_array()
        .unwrap()
        .iter()
        .zip(whole["seats"].as_array().unwrap())
    {
        for k in ["seat", "spec", "mean_points", "ci95", "win_share", "elo"] {
            assert_eq!(p[k], w[k], "{k}");
        }
    }
    // nothing was played again: the log is as it was
    assert_eq!(std::fs::read_to_string(&all).unwrap(), text);
    // each line names the deal, its seed, every seat's spec and points, and the winners
    let line: Value = serde_json::from_str(text.lines().nth(7).unwrap()).unwrap();
    assert_eq!(line["deal"], 7);
    assert_eq!(line["seats"][0]["label"], "search");
    assert_eq!(line["seats"][0]["spec"], "mcts:iters=20");
    assert_eq!(line["seats"][1]["points"], whole["points"][7][1]);
    assert!(line["seed"].is_u64() && line["winners"].is_array());
    // a log of another run is refused with the reason
    let mut args = vec!["arena", "--deals", "12", "--resume", &all];
    args.extend(seats);
    let last = args.len() - 1;
    args[last] = "6";
    let o = nimmt(&args);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("line 1: deal 0 was played with another --seed"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn arena_interrupted_by_ctrl_c_reports_the_deals_finished() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("deals.jsonl");
    let child = Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .args(["arena", "--seat", "greedy", "--seat", "random", "--json"])
        .args(["--deals", "10000000", "--threads", "1", "--deals-out"])
        .arg(&log)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while std::fs::read_to_string(&log).map_or(0, |t| t.lines().count()) < 3 {
        assert!(start.elapsed().as_secs() < 60, "no deal finished");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // SAFETY: kill only sends a signal to the child started above.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("interrupted"), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["partial"], true);
    assert_eq!(v["stop_reason"], "interrupted");
    let deals = v["deals"].as_u64().unwrap();
    assert!((3..10_000_000).contains(&deals), "{deals}");
    // every deal finished is in the log, and the log resumes
    let lines = std::fs::read_to_string(&log).unwrap().lines().count() as u64;
    assert_eq!(lines, deals);
    assert_eq!(v["points"].as_array().unwrap().len() as u64, deals);
}

#[test]
fn games_without_a_trace_of_their_own_trace_each_action_with_the_public_view() {
    for (game, players) in [("buffalo", "3"), ("board", "4")] {
        let dir = tempfile::tempdir().unwrap();
        let t = dir.path().join("t.jsonl");
        let r = dir.path().join("r.json");
        let o = nimmt(&[
            "sim",
            "--game",
            game,
            "--players",
            players,
            "--deals",
            "1",
            "--seed",
            "4",
            "--trace",
            t.to_str().unwrap(),
            "--record",
            r.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        let lines = trace_lines(&t);
        assert_eq!(lines[0]["trace"], 1);
        assert_eq!(lines[0]["game"], game);
        assert_eq!(lines[1]["step"], 0, "{game}: the opening");
        let record: Value = serde_json::from_str(&std::fs::read_to_string(&r).unwrap()).unwrap();
        let actions = record["actions"].as_array().unwrap();
        // One line per action of the recorded game, in order, each with the spectator's view.
        assert_eq!(lines.len(), 2 + actions.len(), "{game}");
        for (line, a) in lines[2..].iter().zip(actions) {
            assert_eq!(line["seat"], a["seat"], "{game}");
            assert_eq!(line["action"], a["action"], "{game}");
            assert!(
                line["view"].is_object() && line["events"].is_array(),
                "{game}"
            );
        }
        let end = &lines.last().unwrap()["view"];
        assert!(
            !end["outcome"].is_null() || !end["result"].is_null(),
            "{game}: the last line shows the result"
        );
    }
}
