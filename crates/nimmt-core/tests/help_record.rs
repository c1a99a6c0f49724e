//! HELP! through the game-independent layer: `Game::new` with `help`, JSON actions,
//! records and replay.

use nimmt_core::game::{Game, Setup};
use nimmt_core::games::help::Help;
use nimmt_core::record::{replay, RecordedGame, ReplayError};
use nimmt_core::{OptionMap, Rules, Seat, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

fn setup(players: usize, seed: u64) -> Setup {
    Setup::new(Help::KIND, players, OptionMap::new(), seed)
}

/// Plays a whole game with random legal actions, recording it; returns the record and every
/// event in order (opening events first).
fn random_recorded_game(players: usize, seed: u64) -> (RecordedGame, Vec<Value>) {
    let mut game = RecordedGame::new(setup(players, seed)).unwrap();
    let mut events: Vec<Value> = game
        .game()
        .opening_events()
        .into_iter()
        .map(|e| json!(e))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while !game.game().is_over() {
        let (seat, _) = game.game().pending()[0].clone();
        let legal = game.game().legal_actions(seat);
        let action = legal[rng.random_range(0..legal.len())].clone();
        events.extend(
            game.act(seat, &action)
                .unwrap()
                .into_iter()
                .map(|e| json!(e)),
        );
        steps += 1;
        assert!(steps < 100_000, "a game ends");
    }
    (game, events)
}

#[test]
fn a_recorded_random_game_replays_to_the_same_events_and_outcome() {
    for (players, seed) in [(3, 1), (4, 2), (5, 3), (4, 77)] {
        let (game, events) = random_recorded_game(players, seed);
        let record = game.record();
        assert_eq!(record.game, Help::KIND);
        assert_eq!(
            record.options.get("end_at"),
            Some("3"),
            "options written out in full"
        );
        assert!(record.outcome.is_some());
        assert_eq!(record.deals.len(), game.game().deals().len());
        let text = serde_json::to_string(&record).unwrap();
        let back = serde_json::from_str(&text).unwrap();
        let replayed = replay(&back).unwrap();
        let replayed_events: Vec<Value> = replayed.events.iter().map(|e| json!(e)).collect();
        assert_eq!(replayed_events, events, "{players} players, seed {seed}");
        assert_eq!(replayed.game.outcome(), game.game().outcome());
        for v in Seat::all(players)
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
        {
            assert_eq!(replayed.game.view(v), game.game().view(v));
        }
    }
}

#[test]
fn a_changed_record_is_refused_with_the_first_bad_entry() {
    let (game, _) = random_recorded_game(4, 9);
    let mut record = game.record();
    // A dealt hand changed: the deal no longer matches the seed.
    record.deals[0]["hands"][0][0] = json!("zap");
    record.deals[0]["hands"][0][1] = json!("zap");
    match replay(&record) {
        Err(ReplayError::Deal { index: 0, .. }) => {}
        other => panic!("expected a deal mismatch, got {other:?}"),
    }
    // An action changed into one the rules refuse.
    let mut record = game.record();
    record.actions[0].action = json!({"type": "lay", "card": 12});
    match replay(&record) {
        Err(ReplayError::Action { index: 0, .. }) => {}
        other => panic!("expected the first action refused, got {other:?}"),
    }
}

#[test]
fn help_is_set_up_through_the_game_layer_and_checks_its_options() {
    let g = Game::new(&setup(4, 5)).unwrap();
    assert_eq!(g.kind(), Help::KIND);
    assert_eq!(g.players(), 4);
    assert_eq!(g.pending().len(), 1, "one seat decides at a time");
    let e = Game::new(&setup(2, 5)).unwrap_err();
    assert_eq!(e.to_string(), "help is for 3–5 players, not 2");
    let e = Game::new(&setup(6, 5)).unwrap_err();
    assert_eq!(e.to_string(), "help is for 3–5 players, not 6");
    let bad = OptionMap::parse(["fan=cow"]).unwrap();
    let e = Game::check_options(Help::KIND, 4, &bad).unwrap_err();
    assert!(
        e.to_string().starts_with("unknown option \"fan\" for help"),
        "{e}"
    );
    let full = Game::check_options(Help::KIND, 4, &OptionMap::new()).unwrap();
    assert_eq!(full.get("end_at"), Some("3"));
    // JSON actions are decoded with a clear error and change nothing.
    let mut g = g;
    let seat = g.pending()[0].0;
    let before = g.view(Viewer::Spectator);
    let e = g.act(seat, &json!({"type": "fly"})).unwrap_err();
    assert_eq!(e.code(), "malformed");
    let e = g
        .act(seat, &json!({"type": "give_help", "card": 12}))
        .unwrap_err();
    assert_eq!(e.code(), "malformed");
    assert_eq!(g.view(Viewer::Spectator), before);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 24, ..Default::default() })]

    #[test]
    fn any_recorded_game_replays_to_the_same_events(players in 3usize..=5, seed in proptest::prelude::any::<u64>()) {
        let (game, events) = random_recorded_game(players, seed);
        let replayed = replay(&game.record()).unwrap();
        let replayed_events: Vec<Value> = replayed.events.iter().map(|e| json!(e)).collect();
        proptest::prop_assert_eq!(replayed_events, events);
        proptest::prop_assert_eq!(replayed.game.outcome(), game.game().outcome());
    }
}

fn golden_reshuffle() -> nimmt_core::GameRecord {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/help-3p-reshuffle.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_reshuffled_draw_pile_is_in_the_record_and_checked() {
    let record = golden_reshuffle();
    let (index, deal) = record
        .deals
        .iter()
        .enumerate()
        .find(|(_, d)| d.get("reshuffles").is_some())
        .expect("the golden game reshuffles");
    // The new draw pile holds the cards discarded so far: no dealt hand card is missing from
    // the deck, and the pile is no longer than the deck less the hands.
    let pile = deal["reshuffles"][0].as_array().unwrap();
    assert!(
        !pile.is_empty() && pile.len() <= 105 - 3 * 4,
        "{}",
        pile.len()
    );
    replay(&record).unwrap();
    // Another order of the reshuffled pile is refused, naming the deal.
    let mut changed = record.clone();
    let pile = changed.deals[index]["reshuffles"][0]
        .as_array_mut()
        .unwrap();
    let at = pile.iter().position(|c| *c != pile[0]).unwrap();
    pile.swap(0, at);
    assert_eq!(
        replay(&changed).unwrap_err(),
        ReplayError::Deal {
            index,
            seed: record.seed
        }
    );
}
