//! Checking an action and applying it, for every registered game: `check` accepts exactly what
//! `act` accepts (and refuses with the same error), changes nothing, and an action it accepted
//! is applied without fail to the same state and events as `act` gives. Games are played at
//! random from random seeds, seat counts and option sets; at every step each seat's legal
//! actions, actions seen earlier (often illegal now) and malformed ones are tried.

use nimmt_core::registry::{self, GameType};
use nimmt_core::{Game, OptionMap, OptionType, Seat, Setup};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// At most this many actions per game.
const MAX_ACTIONS: usize = 60;
/// Actions seen earlier tried again at each step (besides the legal ones).
const RETRIED: usize = 4;

/// Options with one option of the schema set to a random value of its own (or none).
fn random_options(game: &dyn GameType, rng: &mut ChaCha8Rng) -> OptionMap {
    let mut options = OptionMap::new();
    let specs = game.descriptor().options;
    if specs.is_empty() || rng.random_bool(0.5) {
        return options;
    }
    let spec = &specs[rng.random_range(0..specs.len())];
    let value = match &spec.kind {
        OptionType::Choice { values } => values[rng.random_range(0..values.len())].clone(),
        OptionType::Number { min, max } => rng.random_range(*min..=(*max).min(min + 2)).to_string(),
    };
    options.set(&spec.key, &value);
    options
}

/// `check` against `act` for one candidate action of one seat.
fn agree(game: &Game, seat: Seat, candidate: &Value, name: &str) {
    let checked = game.check(seat, candidate);
    let mut acted = game.clone();
    let result = acted.act(seat, candidate);
    match (checked, result) {
        (Ok(checked), Ok(events)) => {
            assert_eq!(checked.seat(), seat);
            let mut applied = game.clone();
            let applied_events = applied.apply_checked(checked);
            assert_eq!(applied_events, events, "{name}: {seat} {candidate}: events");
            assert!(applied == acted, "{name}: {seat} {candidate}: state");
        }
        (Err(c), Err(a)) => assert_eq!(c, a, "{name}: {seat} {candidate}: the same refusal"),
        (c, a) => panic!("{name}: {seat} {candidate}: check {c:?}, act {a:?}"),
    }
}

/// Plays one game at random, holding `check` to `act` at every step.
fn play(setup: Setup, rng: &mut ChaCha8Rng) {
    let name = format!("{} {} {:?}", setup.game, setup.players, setup.options);
    let mut game = Game::new(&setup).unwrap();
    let malformed = [json!(null), json!({"no such action": 1}), json!("play")];
    let mut seen: Vec<Value> = Vec::new();
    for _ in 0..MAX_ACTIONS {
        let before = game.clone();
        for seat in Seat::all(setup.players) {
            let legal = game.legal_actions(seat);
            let retried: Vec<Value> = (0..RETRIED.min(seen.len()))
                .map(|_| seen[rng.random_range(0..seen.len())].clone())
                .collect();
            for candidate in legal.iter().chain(&retried).chain(&malformed) {
                agree(&game, seat, candidate, &name);
            }
            for a in legal {
                if !seen.contains(&a) {
                    seen.push(a);
                }
            }
        }
        assert!(game == before, "{name}: checking changed the game");
        let pending = game.pending();
        if pending.is_empty() {
            assert!(game.is_over(), "{name}: nobody to act but not over");
            break;
        }
        let (seat, _) = pending[rng.random_range(0..pending.len())];
        let legal = game.legal_actions(seat);
        let action = &legal[rng.random_range(0..legal.len())];
        let checked = game
            .check(seat, action)
            .expect("a legal action is accepted");
        game.apply_checked(checked);
        if seen.len() > 200 {
            seen.drain(..100);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]

    #[test]
    fn check_accepts_exactly_what_act_accepts_and_a_checked_action_always_applies(
        seed in any::<u64>(),
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for game in registry::games() {
            let (min, max) = game.descriptor().players;
            let players = rng.random_range(min..=max);
            let setup = Setup::new(game.kind(), players, random_options(*game, &mut rng), rng.random());
            if Game::new(&setup).is_err() {
                // An option value that does not fit this seat count.
                continue;
            }
            play(setup, &mut rng);
        }
    }
}
