//! Records of *Schlagt den Büffel* across formats. Before format 3 a `pass` passed one window
//! only (today's `pass_card`; their `pass_turn` is today's `pass`), and records written when
//! every window asked every member hold a `pass` of members the rules no longer ask: replay reads
//! the old passes in their old meaning and skips those (`record.rs`, `old_buffalo_pass`). From
//! format 3 replay is strict: a stray pass is refused by name.

use nimmt_core::games::buffalo::Buffalo;
use nimmt_core::record::{replay, GameRecord, RecordedAction, RecordedGame, RECORD_FORMAT};
use nimmt_core::{OptionMap, Rules, Seat, Setup};
use serde_json::{json, Value};

/// A whole four-member game, every member asked in a window passing for one card or the turn.
fn played(seed: u64) -> GameRecord {
    let setup = Setup::new(Buffalo::KIND, 4, OptionMap::new(), seed);
    let mut game = RecordedGame::new(setup).unwrap();
    let mut i = 0;
    while let Some((seat, _)) = game.game().pending().first().cloned() {
        let mut a = game.game().default_action(seat).expect("a default action");
        if a == json!({"type": "pass"}) && i % 2 == 0 {
            a = json!({"type": "pass_card"});
        }
        i += 1;
        game.act(seat, &a).unwrap();
    }
    game.record()
}

/// Whether the game asks anybody in a window now.
fn window_open(game: &RecordedGame) -> bool {
    game.game().pending().first().is_some_and(|(s, _)| {
        game.game()
            .legal_actions(*s)
            .contains(&json!({"type": "pass"}))
    })
}

/// The passes of a format 3 action as format 2 wrote them.
fn as_format_2(action: &Value) -> Value {
    match action["type"].as_str() {
        Some("pass") => json!({"type": "pass_turn"}),
        Some("pass_card") => json!({"type": "pass"}),
        _ => action.clone(),
    }
}

/// The record as format 2 wrote it, with a `pass` of every member not asked added after each
/// action that leaves a window open, as the flow before that recorded them.
fn as_old_record(record: &GameRecord) -> (GameRecord, usize) {
    let mut game = RecordedGame::new(record.setup()).unwrap();
    let mut actions: Vec<RecordedAction> = Vec::new();
    let mut added = 0;
    for a in &record.actions {
        game.act(a.seat, &a.action).unwrap();
        actions.push(RecordedAction {
            seat: a.seat,
            action: as_format_2(&a.action),
        });
        if window_open(&game) {
            let pending: Vec<Seat> = game.game().pending().iter().map(|(s, _)| *s).collect();
            for s in Seat::all(record.players).filter(|s| !pending.contains(s)) {
                actions.push(RecordedAction {
                    seat: s,
                    action: json!({"type": "pass"}),
                });
                added += 1;
            }
        }
    }
    let mut old = record.clone();
    old.format = 2;
    old.actions = actions;
    (old, added)
}

#[test]
fn new_records_say_format_3() {
    assert_eq!(RECORD_FORMAT, 3);
    assert_eq!(played(1).format, 3);
}

#[test]
fn a_format_2_record_replays_its_passes_in_their_old_meaning_and_skips_stray_ones() {
    let mut checked = 0;
    for seed in 0..12 {
        let record = played(seed);
        let (old, added) = as_old_record(&record);
        if added == 0 {
            continue;
        }
        checked += 1;
        let new = replay(&record).unwrap();
        let again = replay(&old).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(again.events, new.events, "seed {seed}");
        assert_eq!(again.game.outcome(), new.game.outcome(), "seed {seed}");
    }
    assert!(checked > 0, "some windows ask only some members");
}

#[test]
fn a_format_3_record_with_a_stray_pass_is_refused_by_name() {
    for seed in 0..12 {
        let record = played(seed);
        // After the first action that leaves a window open, a pass of a member it does not ask.
        let mut game = RecordedGame::new(record.setup()).unwrap();
        let mut stray = None;
        for (i, a) in record.actions.iter().enumerate() {
            game.act(a.seat, &a.action).unwrap();
            if window_open(&game) {
                let pending: Vec<Seat> = game.game().pending().iter().map(|(s, _)| *s).collect();
                if let Some(s) = Seat::all(record.players).find(|s| !pending.contains(s)) {
                    stray = Some((i + 1, s));
                    break;
                }
            }
        }
        let Some((at, seat)) = stray else { continue };
        let mut bad = record.clone();
        bad.actions.insert(
            at,
            RecordedAction {
                seat,
                action: json!({"type": "pass"}),
            },
        );
        let e = replay(&bad).unwrap_err().to_string();
        assert!(e.starts_with(&format!("actions[{at}]")), "{e}");
        assert!(e.contains("not asked"), "{e}");
        // The same stray pass in a format 2 record is one the old flow wrote: skipped.
        let mut old = bad.clone();
        old.format = 2;
        for a in &mut old.actions {
            a.action = as_format_2(&a.action);
        }
        old.actions[at].action = json!({"type": "pass"});
        let (a, b) = (replay(&old).unwrap(), replay(&record).unwrap());
        assert_eq!(a.events, b.events, "seed {seed}");
        return;
    }
    panic!("no game had a window that asked only some members");
}

#[test]
fn a_use_out_of_turn_is_refused_in_every_format() {
    // Only an old record's `pass` is skipped: a use of a member not asked is refused by name.
    let record = played(3);
    let at = record
        .actions
        .iter()
        .position(|a| a.action["type"] == "play")
        .unwrap();
    for format in [2, 3] {
        let mut bad = record.clone();
        bad.format = format;
        bad.actions.insert(
            at,
            RecordedAction {
                seat: Seat(0),
                action: json!({"type": "stop", "row": 0}),
            },
        );
        let e = replay(&bad).unwrap_err().to_string();
        assert!(e.starts_with(&format!("actions[{at}]")), "{e}");
    }
}

fn golden(path: &str) -> GameRecord {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/");
    serde_json::from_str(&std::fs::read_to_string(format!("{dir}{path}")).unwrap()).unwrap()
}

#[test]
fn the_golden_games_as_recorded_in_format_2_replay_to_the_same_games() {
    // `v2/` holds the golden records as format 2 wrote them (`pass` for one window).
    for name in ["buffalo-1p.json", "buffalo-3p.json", "buffalo-6p.json"] {
        let (old, new) = (golden(&format!("v2/{name}")), golden(name));
        assert_eq!((old.format, new.format), (2, 3), "{name}");
        let (a, b) = (replay(&old).unwrap(), replay(&new).unwrap());
        assert_eq!(a.events, b.events, "{name}");
        assert_eq!(a.game.outcome(), b.game.outcome(), "{name}");
    }
}

#[test]
fn the_six_member_golden_game_as_first_recorded_replays_to_the_same_game() {
    // `window-all-asked/buffalo-6p.json` is the golden record as written when every window
    // asked every member: it holds one pass of a member with nothing to use.
    let old = golden("window-all-asked/buffalo-6p.json");
    let new = golden("buffalo-6p.json");
    assert_eq!(old.actions.len(), new.actions.len() + 1);
    let (a, b) = (replay(&old).unwrap(), replay(&new).unwrap());
    assert_eq!(a.events, b.events);
    assert_eq!(a.game.outcome(), b.game.outcome());
}
