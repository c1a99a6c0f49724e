//! Records of *Schlagt den Büffel* from before a window asked only the members who can use
//! something: their `pass` of a member the rules no longer ask is skipped on replay
//! (`record.rs`, `is_window_pass_of_old`), and the game replays to the same events and result.

use nimmt_core::games::buffalo::Buffalo;
use nimmt_core::record::{replay, RecordedAction, RecordedGame};
use nimmt_core::{OptionMap, Rules, Seat, Setup};
use serde_json::json;

/// A whole four-member game with every member passing when asked (the default actions).
fn played(seed: u64) -> nimmt_core::GameRecord {
    let setup = Setup::new(Buffalo::KIND, 4, OptionMap::new(), seed);
    let mut game = RecordedGame::new(setup).unwrap();
    while let Some((seat, _)) = game.game().pending().first().cloned() {
        let a = game.game().default_action(seat).expect("a default action");
        game.act(seat, &a).unwrap();
    }
    game.record()
}

/// The record with a `pass` of every member not asked added after each action that leaves a
/// window open, as the older flow recorded them.
fn with_old_passes(record: &nimmt_core::GameRecord) -> (nimmt_core::GameRecord, usize) {
    let mut game = RecordedGame::new(record.setup()).unwrap();
    let mut actions: Vec<RecordedAction> = Vec::new();
    let mut added = 0;
    for a in &record.actions {
        game.act(a.seat, &a.action).unwrap();
        actions.push(a.clone());
        let pending: Vec<Seat> = game.game().pending().iter().map(|(s, _)| *s).collect();
        let window = game
            .game()
            .legal_actions(pending.first().copied().unwrap_or(Seat(0)))
            .iter()
            .any(|l| l == &json!({"type": "pass"}));
        if window {
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
    old.actions = actions;
    (old, added)
}

#[test]
fn an_older_record_with_passes_of_members_not_asked_replays_to_the_same_game() {
    let mut checked = 0;
    for seed in 0..20 {
        let record = played(seed);
        let (old, added) = with_old_passes(&record);
        if added == 0 {
            continue;
        }
        checked += 1;
        let new = replay(&record).unwrap();
        let again = replay(&old).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(again.events, new.events, "seed {seed}");
        assert_eq!(again.game.outcome(), new.game.outcome(), "seed {seed}");
    }
    assert!(
        checked > 0,
        "some games have windows that ask only some members"
    );
}

#[test]
fn a_pass_out_of_turn_is_still_refused_in_other_games_and_other_actions() {
    // Only a buffalo `pass` is skipped: a use of a member not asked is refused by name.
    let record = played(3);
    let mut bad = record.clone();
    let at = bad
        .actions
        .iter()
        .position(|a| a.action["type"] == "play")
        .unwrap();
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

#[test]
fn the_six_member_golden_game_as_first_recorded_replays_to_the_same_game() {
    // `window-all-asked/buffalo-6p.json` is the golden record as written when every window
    // asked every member: it holds one pass of a member with nothing to use.
    let read = |path: &str| -> nimmt_core::GameRecord {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/");
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}{path}")).unwrap()).unwrap()
    };
    let old = read("window-all-asked/buffalo-6p.json");
    let new = read("buffalo-6p.json");
    assert_eq!(old.actions.len(), new.actions.len() + 1);
    let (a, b) = (replay(&old).unwrap(), replay(&new).unwrap());
    assert_eq!(a.events, b.events);
    assert_eq!(a.game.outcome(), b.game.outcome());
}
