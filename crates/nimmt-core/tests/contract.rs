//! The contract every registered game keeps, checked the same way for each (after OpenSpiel's
//! random-simulation test): games are played with random legal actions under every option value
//! of the game's schema, and at every step
//! - an action is accepted exactly when it is legal, and a refusal changes nothing;
//! - the actions a seat's view allows are the legal ones, and the default action is legal;
//! - every viewer's view is the same for states that differ only in what it may not see;
//! - the game's cards are neither made nor lost;
//! - the record replays to the same events and outcome.

use nimmt_core::record::{replay, RecordedGame};
use nimmt_core::registry::{self, GameType};
use nimmt_core::{Game, OptionMap, OptionType, Seat, Setup, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

/// At most this many actions per game: enough for several deals of every game.
const MAX_ACTIONS: usize = 300;
/// Actions seen earlier tried again at each step (besides the legal ones).
const RETRIED: usize = 12;

/// Option sets to play: the defaults, then each value of each option on its own.
fn option_sets(game: &dyn GameType) -> Vec<OptionMap> {
    let mut sets = vec![OptionMap::new()];
    for spec in game.descriptor().options {
        let values: Vec<String> = match &spec.kind {
            OptionType::Choice { values } => values.clone(),
            OptionType::Number { min, max } => {
                vec![min.to_string(), (*max).min(min + 2).to_string()]
            }
        };
        for v in values {
            if Some(&v) == spec.default.as_ref() {
                continue;
            }
            let mut m = OptionMap::new();
            m.set(&spec.key, &v);
            sets.push(m);
        }
    }
    sets
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn viewers(players: usize) -> Vec<Viewer> {
    Seat::all(players)
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
        .collect()
}

/// Plays one game at random, checking the contract at every step.
fn check_game(game_type: &dyn GameType, setup: Setup, rng: &mut ChaCha8Rng) {
    let name = format!("{} {:?}", setup.game, setup.options);
    let mut recorded = RecordedGame::new(setup.clone()).unwrap();
    let mut events = recorded.game().opening_events();
    let census = sorted(recorded.game().census());
    assert!(
        !census.is_empty(),
        "{name}: the game says what its cards are"
    );
    // Every action seen legal so far, for any seat: candidates that may be illegal now.
    let mut seen: Vec<Value> = Vec::new();
    let players = setup.players;
    for step in 0..MAX_ACTIONS {
        let game = recorded.game().clone();
        assert_eq!(
            sorted(game.census()),
            census,
            "{name} step {step}: cards conserved"
        );
        // The texts a server sends are the same JSON as the views, written for every viewer
        // at once exactly as for each alone.
        let texts = game.view_texts(&viewers(players));
        for (viewer, together) in viewers(players).into_iter().zip(&texts) {
            let alone = game.view_text(viewer);
            assert_eq!(
                together, &alone,
                "{name} step {step}: {viewer:?} view texts"
            );
            let text: Value = serde_json::from_str(&alone).unwrap();
            assert_eq!(text, game.view(viewer), "{name} step {step}: view text");
            let other = game.hide_from(viewer, rng.random());
            assert_eq!(
                other.view(viewer),
                game.view(viewer),
                "{name} step {step}: {viewer:?} sees only what it may"
            );
        }
        let pending = game.pending();
        if pending.is_empty() {
            assert!(game.is_over(), "{name}: nobody to act but not over");
            break;
        }
        for seat in Seat::all(players) {
            let legal = game.legal_actions(seat);
            let text: Value = serde_json::from_str(&game.legal_text(seat)).unwrap();
            assert_eq!(
                text,
                Value::from(legal.clone()),
                "{name} step {step}: legal text"
            );
            let asked = pending.iter().any(|(s, _)| *s == seat);
            assert_eq!(
                !legal.is_empty(),
                asked,
                "{name} step {step}: {seat} asked ⇔ has actions"
            );
            let in_view = game_type
                .legal_in_view(&game.view(Viewer::Seat(seat)))
                .unwrap();
            assert_eq!(
                in_view, legal,
                "{name} step {step}: {seat}'s view lists the legal actions"
            );
            match game.default_action(seat) {
                Some(a) => assert!(legal.contains(&a), "{name}: default {a} of {seat} is legal"),
                None => assert!(!asked, "{name}: {seat} is asked but has no default action"),
            }
            // Accepted exactly when legal; a refusal changes nothing.
            let retried: Vec<&Value> = (0..RETRIED.min(seen.len()))
                .map(|_| &seen[rng.random_range(0..seen.len())])
                .collect();
            for candidate in retried.into_iter().chain(legal.iter()) {
                let mut trial = game.clone();
                let result = trial.act(seat, candidate);
                assert_eq!(
                    result.is_ok(),
                    legal.contains(candidate),
                    "{name} step {step}: {seat} {candidate}: {result:?}"
                );
                if result.is_err() {
                    assert_eq!(trial, game, "{name}: a refusal changed the state");
                }
            }
            for a in legal {
                if !seen.contains(&a) {
                    seen.push(a);
                }
            }
        }
        let (seat, _) = &pending[rng.random_range(0..pending.len())];
        let legal = game.legal_actions(*seat);
        let action = legal[rng.random_range(0..legal.len())].clone();
        events.extend(recorded.act(*seat, &action).unwrap());
        if seen.len() > 400 {
            seen.drain(..200);
        }
    }
    // The record replays to the same events and outcome.
    let record = recorded.record();
    let replayed = replay(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        replayed.events, events,
        "{name}: record → replay, same events"
    );
    assert_eq!(replayed.game.outcome(), recorded.game().outcome());
}

#[test]
fn every_registered_game_keeps_the_contract_under_every_option() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for game in registry::games() {
        let d = game.descriptor();
        for options in option_sets(*game) {
            for players in [d.players.0, d.players.1, (d.players.0 + d.players.1) / 2] {
                let setup = Setup::new(game.kind(), players, options.clone(), rng.random());
                if Game::new(&setup).is_err() {
                    // An option value that does not fit this seat count (a hand size too big).
                    continue;
                }
                check_game(*game, setup, &mut rng);
            }
        }
    }
}

#[test]
fn every_descriptor_matches_what_its_game_accepts() {
    for game in registry::games() {
        let d = game.descriptor();
        assert_eq!(d.name, game.kind().name());
        assert!(d.players.0 >= 1 && d.players.0 <= d.players.1, "{}", d.name);
        let players = d.players.0.max(2).min(d.players.1);
        let full = game
            .check_options(players, &OptionMap::new(), &Default::default())
            .unwrap();
        // The options written out in full are exactly those of the schema.
        let mut written: Vec<&str> = full.iter().map(|(k, _)| k).collect();
        written.sort();
        let mut keys = d.keys();
        keys.sort();
        for k in &written {
            assert!(
                keys.contains(k),
                "{}: {k} written but not in the schema",
                d.name
            );
        }
        for spec in &d.options {
            assert!(
                !spec.help.en.is_empty() && !spec.help.de.is_empty(),
                "{}",
                spec.key
            );
            // Each default is accepted and is what the game writes out.
            if let Some(default) = &spec.default {
                if let Some(v) = full.get(&spec.key) {
                    assert_eq!(v, default, "{}: default of {}", d.name, spec.key);
                }
            }
            // A value outside the schema is refused with the option's name.
            let mut bad = OptionMap::new();
            bad.set(&spec.key, "not-a-value");
            let err = game
                .check_options(players, &bad, &Default::default())
                .unwrap_err();
            assert!(err.to_string().contains(&spec.key), "{err}");
        }
        let mut unknown = OptionMap::new();
        unknown.set("no_such_option", "1");
        assert!(game
            .check_options(players, &unknown, &Default::default())
            .is_err());
    }
}
