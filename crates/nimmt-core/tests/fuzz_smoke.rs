//! The fuzz target `decode_action` (fuzz/, `docs/fuzzing.md`) as a stable property test, so
//! every test run exercises it: any bytes, and any JSON shaped like an action, given as an action
//! of every registered game, are accepted or refused without a panic, and a refused action
//! changes nothing.

use nimmt_core::{registry, Game, OptionMap, Seat, Setup, Viewer};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

/// Any JSON value, nested a little.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1i64..120).prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        "[a-z_]{0,10}".prop_map(Value::from),
        prop::sample::select(vec![
            "joker", "switch", "zap", "no", "play", "lay", "take_row"
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// An object with the `type` tag of a real action (or a near miss) and fields of any kind.
fn action_like() -> impl Strategy<Value = Value> {
    let tags = vec![
        "play",
        "take_row",
        "draft",
        "lay",
        "joker",
        "switch",
        "zap",
        "no",
        "ask_help",
        "give_help",
        "give_back",
        "Play",
        "",
    ];
    let fields = vec!["card", "row", "swap", "at", "take", "give", "seat"];
    (
        prop::sample::select(tags),
        prop::collection::btree_map(prop::sample::select(fields), any_json(), 0..3),
    )
        .prop_map(|(tag, fields)| {
            let mut m = Map::new();
            m.insert("type".into(), Value::from(tag));
            m.extend(fields.into_iter().map(|(k, v)| (k.to_owned(), v)));
            Value::Object(m)
        })
}

/// What the fuzz target checks for one JSON value.
fn check(action: &Value) {
    for game_type in registry::games() {
        let _ = game_type.decode_action(action);
        let players = game_type.descriptor().players.0;
        let setup = Setup::new(game_type.kind(), players, OptionMap::new(), 1);
        let game = Game::new(&setup).unwrap();
        for seat in 0..=players {
            let mut g = game.clone();
            if g.act(Seat(seat as u8), action).is_err() {
                assert!(
                    g == game,
                    "{}: refused {action} changed the game",
                    game_type.kind()
                );
                assert_eq!(g.view(Viewer::Spectator), game.view(Viewer::Spectator));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes_as_an_action_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        if let Ok(action) = serde_json::from_slice::<Value>(&bytes) {
            check(&action);
        }
    }

    #[test]
    fn any_json_as_an_action_never_panics(action in any_json()) {
        check(&action);
    }

    #[test]
    fn any_action_shaped_json_never_panics(action in action_like()) {
        check(&action);
    }
}

#[test]
fn out_of_range_numbers_are_refused_as_malformed_or_illegal() {
    for action in [
        json!({"type": "play", "card": 300}),
        json!({"type": "play", "card": -1}),
        json!({"type": "take_row", "row": 18446744073709551615u64}),
        json!({"type": "joker", "at": 18446744073709551615u64}),
        json!({"type": "switch", "take": 99, "give": 0}),
        json!({"type": "give_help", "card": "queen"}),
    ] {
        check(&action);
    }
}
