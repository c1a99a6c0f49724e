//! Game records: golden files replay to their recorded result, a played game's record replays
//! to identical events, and a changed record is refused with its first bad entry named.

use nimmt_core::games::classic::Classic;
use nimmt_core::record::{replay, GameRecord, RecordedGame, ReplayError};
use nimmt_core::{Game, GameKind, OptionMap, Rules, Seat, Setup};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::path::Path;

fn golden() -> Vec<(String, GameRecord)> {
    golden_in("tests/golden")
}

fn golden_in(folder: &str) -> Vec<(String, GameRecord)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut out: Vec<(String, GameRecord)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (
                p.display().to_string(),
                serde_json::from_str(&text).unwrap(),
            )
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(out.len() >= 6, "golden records present");
    out
}

#[test]
fn every_registered_game_has_golden_records() {
    let records = golden();
    for game in nimmt_core::registry::games() {
        assert!(
            records.iter().any(|(_, r)| r.game == game.kind()),
            "no golden record of {}",
            game.kind()
        );
    }
}

#[test]
fn golden_records_replay_to_their_result() {
    for (name, record) in golden() {
        let replayed = replay(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
        let outcome = replayed
            .game
            .outcome()
            .unwrap_or_else(|| panic!("{name} is finished"));
        assert_eq!(Some(&outcome), record.outcome.as_ref(), "{name}");
        // Replaying twice gives the same events.
        assert_eq!(replay(&record).unwrap().events, replayed.events, "{name}");
        // Re-recording the actions gives the same record, byte for byte.
        let mut again = RecordedGame::new(record.setup()).unwrap();
        for a in &record.actions {
            again.act(a.seat, &a.action).unwrap();
        }
        let mut again = again.record();
        // Format 3 changed only the buffalo's passes: other games' format 2 records re-record
        // alike but for the number.
        if record.format == 2 && record.game != GameKind::new("buffalo") {
            again.format = 2;
        }
        assert_eq!(
            serde_json::to_string(&again).unwrap(),
            serde_json::to_string(&record).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn format_1_records_still_replay_to_the_same_game() {
    // Each format 1 record beside the format 2 record of the same name (games newer than
    // format 2 have no format 1 record).
    let old = golden_in("tests/golden/v1");
    let new = golden();
    let file = |path: &str| Path::new(path).file_name().unwrap().to_owned();
    for (name, v1) in &old {
        let (_, v2) = new
            .iter()
            .find(|(path, _)| file(path) == file(name))
            .unwrap_or_else(|| panic!("{name} has a format 2 record"));
        assert_eq!(v1.format, 1, "{name}");
        let a = replay(v1).unwrap_or_else(|e| panic!("{name}: {e}"));
        let b = replay(v2).unwrap();
        assert_eq!(a.events, b.events, "{name}");
        assert_eq!(a.game.outcome(), b.game.outcome(), "{name}");
    }
}

#[test]
fn an_unknown_record_format_is_refused_by_name() {
    let (_, mut record) = golden().remove(0);
    record.format = 4;
    assert_eq!(
        replay(&record).unwrap_err().to_string(),
        "record format 4 is not supported (this version reads formats 1 to 3)"
    );
}

/// Plays a random game, keeping every event; returns the record and the events.
fn play_random(setup: Setup, seed: u64) -> (GameRecord, Vec<Value>) {
    let mut game = RecordedGame::new(setup).unwrap();
    let mut events: Vec<Value> = game
        .game()
        .opening_events()
        .into_iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some((seat, _)) = game.game().pending().first().cloned() {
        let legal = game.game().legal_actions(seat);
        let a = legal[rng.random_range(0..legal.len())].clone();
        for e in game.act(seat, &a).unwrap() {
            events.push(serde_json::to_value(e).unwrap());
        }
    }
    (game.record(), events)
}

fn classic(players: usize, options: &[&str], seed: u64) -> Setup {
    Setup::new(
        Classic::KIND,
        players,
        OptionMap::parse(options.iter().copied()).unwrap(),
        seed,
    )
}

#[test]
fn record_then_replay_gives_identical_events() {
    for (i, opts) in [
        &["deals=2"][..],
        &["deal=draft", "deck=tactic", "deals=1"],
        &["fan=cow", "placement=both-ends", "deals=2"],
        &["fan=digit-swap", "deals=1"],
    ]
    .iter()
    .enumerate()
    {
        let (record, events) = play_random(classic(4, opts, 40 + i as u64), i as u64);
        // Through JSON, as a file would carry it.
        let record: GameRecord =
            serde_json::from_str(&serde_json::to_string(&record).unwrap()).unwrap();
        let replayed: Vec<Value> = replay(&record)
            .unwrap()
            .events
            .into_iter()
            .map(|e| serde_json::to_value(e).unwrap())
            .collect();
        assert_eq!(replayed, events, "{opts:?}");
    }
}

#[test]
fn a_changed_deal_is_named() {
    let (mut record, _) = play_random(classic(3, &["deals=3"], 9), 1);
    // Swap two cards between hands of the second deal.
    let hands = record.deals[1]["hands"].as_array_mut().unwrap();
    let a = hands[0][0].clone();
    hands[0][0] = hands[1][0].clone();
    hands[1][0] = a;
    let err = replay(&record).unwrap_err();
    assert_eq!(err, ReplayError::Deal { index: 1, seed: 9 });
    assert!(
        err.to_string().starts_with("deals[1] does not match"),
        "{err}"
    );
}

#[test]
fn a_changed_action_is_named() {
    let (mut record, _) = play_random(classic(3, &["deals=1"], 10), 2);
    // Seat 0's first card becomes a card it does not hold.
    let hand: Vec<u64> = record.deals[0]["hands"][1]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let i = record
        .actions
        .iter()
        .position(|a| a.seat == Seat(0))
        .unwrap();
    record.actions[i].action = json!({"type": "play", "card": hand[0]});
    let err = replay(&record).unwrap_err();
    match &err {
        ReplayError::Action { index, seat, .. } => {
            assert_eq!((*index, *seat), (i, Seat(0)));
        }
        other => panic!("{other}"),
    }
    assert!(err.to_string().contains(&format!("actions[{i}]")), "{err}");
    assert!(err.to_string().contains("not in the hand"), "{err}");
}

#[test]
fn an_unknown_option_is_refused() {
    let (mut record, _) = play_random(classic(3, &["deals=1"], 11), 3);
    record.options.set("colour", "red");
    let err = replay(&record).unwrap_err();
    assert!(
        err.to_string().contains("unknown option \"colour\""),
        "{err}"
    );
}

#[test]
fn a_malformed_action_is_named() {
    let (mut record, _) = play_random(classic(3, &["deals=1"], 12), 4);
    record.actions[5].action = json!({"type": "dance"});
    let err = replay(&record).unwrap_err();
    assert!(err.to_string().starts_with("actions[5]"), "{err}");
    assert!(err.to_string().contains("malformed"), "{err}");
}

#[test]
fn a_changed_outcome_is_refused() {
    let (mut record, _) = play_random(classic(3, &["deals=1"], 13), 5);
    record.outcome.as_mut().unwrap().scores[0] += 1;
    assert!(matches!(replay(&record), Err(ReplayError::Outcome { .. })));
}

#[test]
fn a_missing_deal_is_refused() {
    let (mut record, _) = play_random(classic(3, &["deals=2"], 14), 6);
    record.deals.pop();
    assert!(matches!(
        replay(&record),
        Err(ReplayError::DealCount { .. })
    ));
}

#[test]
fn any_game_kind_in_the_game_wrapper_refuses_bad_json_without_change() {
    let mut game = Game::new(&classic(4, &[], 1)).unwrap();
    let before = game.view(nimmt_core::Viewer::Spectator);
    let err = game
        .act(Seat(0), &json!({"type": "play", "card": 0}))
        .unwrap_err();
    assert_eq!(err.code(), "malformed");
    assert_eq!(game.view(nimmt_core::Viewer::Spectator), before);
}
