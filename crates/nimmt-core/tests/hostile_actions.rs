//! Any JSON as an action, for any seat, for every game: the engine never panics, refuses what is
//! not legal with a typed error and leaves the game exactly as it was.

use nimmt_core::{registry, Game, GameKind, OptionMap, Seat, Setup, Viewer};
use proptest::prelude::*;
use serde_json::{json, Value};

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (0u64..120).prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        "[a-z_]{0,12}".prop_map(Value::from),
        prop::sample::select(vec![
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
            "number",
            "special",
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "type", "card", "row", "swap", "at", "take", "give", "value", "kind", "x"
                ])
                .prop_map(String::from),
                inner,
                0..4
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// The action as the game itself would write it (e.g. `"swap": false` left out), if it decodes.
fn normalized(kind: GameKind, action: &Value) -> Option<Value> {
    registry::find(kind.name())
        .unwrap()
        .decode_action(action)
        .ok()
}

fn game(kind: GameKind, seed: u64) -> Game {
    let (min, max) = registry::find(kind.name()).unwrap().descriptor().players;
    let players = 4.clamp(min, max);
    Game::new(&Setup::new(kind, players, OptionMap::new(), seed)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn any_json_is_refused_cleanly_or_is_legal(
        kind in prop::sample::select(GameKind::all()),
        seed in 0u64..50,
        moves in 0usize..30,
        seat in 0u8..6,
        action in json_value(),
    ) {
        let mut g = game(kind, seed);
        // Advance by some legal moves.
        for i in 0..moves {
            let Some((s, _)) = g.pending().first().cloned() else { break };
            let legal = g.legal_actions(s);
            let a = legal[(seed as usize + i) % legal.len()].clone();
            g.act(s, &a).unwrap();
        }
        let before: Vec<Value> = (0..g.players() as u8)
            .map(|s| g.view(Viewer::Seat(Seat(s))))
            .collect();
        let legal = normalized(kind, &action)
            .is_some_and(|a| g.legal_actions(Seat(seat)).contains(&a));
        match g.act(Seat(seat), &action) {
            Ok(_) => prop_assert!(legal, "accepted an unlisted action {}", action),
            Err(e) => {
                prop_assert!(!legal, "refused a listed action {}: {}", action, e);
                prop_assert!(!e.to_string().is_empty());
                let after: Vec<Value> = (0..g.players() as u8)
                    .map(|s| g.view(Viewer::Seat(Seat(s))))
                    .collect();
                prop_assert_eq!(before, after, "a refused action changed a view");
            }
        }
    }
}
