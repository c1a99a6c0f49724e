//! Any bytes or JSON as an action, for any seat, of every registered game: the engine never
//! panics, accepts exactly the legal actions, refuses the rest with a typed error and leaves the
//! game exactly as it was. This is also the fuzz target `decode_action` (fuzz/,
//! `docs/fuzzing.md`) as a stable property test, so every test run exercises it.
//!
//! The action tags, field names and values tried are harvested from the legal actions of random
//! games of every registered game (with near misses beside them), so a new game or a new action
//! is covered without a list here.

use nimmt_core::{registry, Game, GameKind, OptionMap, Seat, Setup};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// What the legal actions of the registered games are made of.
struct Harvest {
    /// `type` tags, and near misses (a capitalised tag, the empty tag).
    tags: Vec<String>,
    /// Field names besides `type`, and a name no action has.
    fields: Vec<String>,
    /// Field values that occur, as JSON.
    values: Vec<Value>,
}

fn harvest() -> &'static Harvest {
    static HARVEST: OnceLock<Harvest> = OnceLock::new();
    HARVEST.get_or_init(|| {
        let (mut tags, mut fields, mut values) =
            (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
        for game_type in registry::games() {
            for seed in 0..4 {
                let mut game = start(game_type.kind(), seed);
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                for _ in 0..400 {
                    let Some((seat, _)) = game.pending().first().cloned() else {
                        break;
                    };
                    let legal = game.legal_actions(seat);
                    for action in &legal {
                        let Value::Object(m) = action else { continue };
                        for (k, v) in m {
                            if k == "type" {
                                tags.insert(v.as_str().unwrap_or_default().to_owned());
                            } else {
                                fields.insert(k.clone());
                                values.insert(v.to_string());
                            }
                        }
                    }
                    let action = legal[rng.random_range(0..legal.len())].clone();
                    game.act(seat, &action).unwrap();
                }
            }
        }
        let near: Vec<String> = tags.iter().map(|t| capitalised(t)).collect();
        tags.extend(near);
        tags.insert(String::new());
        fields.insert("x".to_owned());
        Harvest {
            tags: tags.into_iter().collect(),
            fields: fields.into_iter().collect(),
            values: values
                .iter()
                .map(|v| serde_json::from_str(v).unwrap())
                .collect(),
        }
    })
}

fn capitalised(tag: &str) -> String {
    let mut c = tag.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Any JSON value, nested a little, with the harvested tags, names and values among its leaves.
fn any_json() -> impl Strategy<Value = Value> {
    let h = harvest();
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1i64..120).prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        "[a-z_]{0,10}".prop_map(Value::from),
        prop::sample::select(h.tags.clone()).prop_map(Value::from),
        prop::sample::select(h.values.clone()),
    ];
    let mut keys = h.fields.clone();
    keys.push("type".to_owned());
    leaf.prop_recursive(3, 24, 4, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map(prop::sample::select(keys.clone()), inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// An object with a harvested `type` tag and harvested fields of any kind.
fn action_like() -> impl Strategy<Value = Value> {
    let h = harvest();
    (
        prop::sample::select(h.tags.clone()),
        prop::collection::btree_map(prop::sample::select(h.fields.clone()), any_json(), 0..3),
    )
        .prop_map(|(tag, fields)| {
            let mut m = Map::new();
            m.insert("type".into(), Value::from(tag));
            m.extend(fields);
            Value::Object(m)
        })
}

fn start(kind: GameKind, seed: u64) -> Game {
    let (min, max) = registry::find(kind.name()).unwrap().descriptor().players;
    let players = 4.clamp(min, max);
    Game::new(&Setup::new(kind, players, OptionMap::new(), seed)).unwrap()
}

/// The game of `kind` after `moves` legal moves from its start.
fn game_after(kind: GameKind, seed: u64, moves: usize) -> Game {
    let mut g = start(kind, seed);
    for i in 0..moves {
        let Some((s, _)) = g.pending().first().cloned() else {
            break;
        };
        let legal = g.legal_actions(s);
        let a = legal[(seed as usize + i) % legal.len()].clone();
        g.act(s, &a).unwrap();
    }
    g
}

/// `action` from `seat` is accepted exactly when it is legal; a refusal says why and changes
/// nothing.
fn check(game: &Game, seat: Seat, action: &Value) -> Result<(), TestCaseError> {
    let kind = game.kind();
    // The action as the game itself would write it (e.g. `"swap": false` left out).
    let legal = registry::find(kind.name())
        .unwrap()
        .decode_action(action)
        .ok()
        .is_some_and(|a| game.legal_actions(seat).contains(&a));
    let mut g = game.clone();
    match g.act(seat, action) {
        Ok(_) => prop_assert!(legal, "{}: accepted an unlisted action {}", kind, action),
        Err(e) => {
            prop_assert!(
                !legal,
                "{}: refused a listed action {}: {}",
                kind,
                action,
                e
            );
            prop_assert!(!e.to_string().is_empty());
            // The same state: every viewer's view is the same too.
            prop_assert!(g == *game, "{}: refused {} changed the game", kind, action);
        }
    }
    Ok(())
}

/// [`check`] for every seat (and one past the last) of every game at its start.
fn check_at_every_start(action: &Value) -> Result<(), TestCaseError> {
    for game_type in registry::games() {
        let _ = game_type.decode_action(action);
        let game = start(game_type.kind(), 1);
        for seat in 0..=game.players() {
            check(&game, Seat(seat as u8), action)?;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes_as_an_action_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        if let Ok(action) = serde_json::from_slice::<Value>(&bytes) {
            check_at_every_start(&action)?;
        }
    }

    #[test]
    fn any_json_at_the_start_is_refused_cleanly_or_is_legal(
        action in prop_oneof![any_json(), action_like()],
    ) {
        check_at_every_start(&action)?;
    }

    #[test]
    fn any_json_mid_game_is_refused_cleanly_or_is_legal(
        kind in prop::sample::select(GameKind::all()),
        seed in 0u64..50,
        moves in 0usize..30,
        seat in 0u8..7,
        action in prop_oneof![any_json(), action_like()],
    ) {
        check(&game_after(kind, seed, moves), Seat(seat), &action)?;
    }
}

#[test]
fn out_of_range_numbers_are_refused_as_malformed_or_illegal() {
    let h = harvest();
    let extremes = [
        json!(300),
        json!(-1),
        json!(18446744073709551615u64),
        json!("queen"),
    ];
    for tag in &h.tags {
        for field in &h.fields {
            for value in &extremes {
                let action = json!({"type": tag, field: value});
                check_at_every_start(&action).unwrap();
            }
        }
    }
}

#[test]
fn the_harvest_holds_the_actions_of_every_game() {
    let h = harvest();
    // A tag of each game's opening decision is among those tried.
    for game_type in registry::games() {
        let game = start(game_type.kind(), 0);
        let (seat, _) = game.pending()[0].clone();
        for action in game.legal_actions(seat) {
            let tag = action["type"].as_str().unwrap_or_default();
            assert!(
                h.tags.iter().any(|t| t == tag),
                "{}: {tag}",
                game_type.kind()
            );
        }
    }
}
