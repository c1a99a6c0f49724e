//! Golden playthroughs (after OpenSpiel's `playthroughs/`): for every registered game, one seeded
//! game played with seeded random legal actions. Its first steps are written out in full (every
//! viewer's view, the seats asked, each asked seat's legal actions, the action taken); the rest
//! of the game only as its actions, then the outcome. A change to the rules, views or actions of
//! any game shows here as a diff of `tests/playthroughs/<game>.txt`.
//!
//! After a change that is meant, write the files again with `NIMMT_BLESS=1 cargo test -p
//! nimmt-core --test playthroughs` and read the diff.

use nimmt_core::registry::{self, GameType};
use nimmt_core::{Game, OptionMap, Seat, Setup, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write;
use std::path::PathBuf;

const SEED: u64 = 7;
/// Steps written out in full; the rest of the game is written as actions only.
const STEPS_IN_FULL: usize = 6;
/// At most this many actions: every game ends sooner with the options below.
const MAX_ACTIONS: usize = 5_000;

/// A short game: the fewest seats the game allows (at least two), and options that end it early
/// where the game has them.
fn setup(game: &dyn GameType) -> Setup {
    let descriptor = game.descriptor();
    let (min, max) = descriptor.players;
    let players = 2.clamp(min, max);
    let mut options = OptionMap::new();
    for spec in &descriptor.options {
        if spec.key == "end_at" {
            options.set("end_at", "1");
        }
    }
    Setup::new(game.kind(), players, options, SEED)
}

/// The game's playthrough as text.
fn playthrough(game_type: &dyn GameType) -> String {
    let setup = setup(game_type);
    let mut game = Game::new(&setup).expect("the playthrough's setup is valid");
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut out = String::new();
    let options = serde_json::to_string(&setup.options).unwrap();
    writeln!(
        out,
        "game: {}\nplayers: {}\noptions: {options}\nseed: {SEED}",
        setup.game, setup.players
    )
    .unwrap();
    let viewers: Vec<Viewer> = Seat::all(setup.players)
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
        .collect();
    let mut step = 0;
    while !game.is_over() {
        assert!(step < MAX_ACTIONS, "{}: the game ends", setup.game);
        let pending = game.pending();
        let (seat, _) = pending[rng.random_range(0..pending.len())].clone();
        let legal = game.legal_actions(seat);
        let action = legal[rng.random_range(0..legal.len())].clone();
        if step < STEPS_IN_FULL {
            writeln!(out, "\n## step {step}").unwrap();
            for v in &viewers {
                writeln!(out, "view {}: {}", viewer_name(*v), game.view_text(*v)).unwrap();
            }
            for (s, decision) in &pending {
                writeln!(out, "asked {s}: {decision}").unwrap();
                writeln!(out, "legal {s}: {}", game.legal_text(*s)).unwrap();
            }
        } else if step == STEPS_IN_FULL {
            writeln!(out, "\n## then").unwrap();
        }
        writeln!(out, "action {seat}: {action}").unwrap();
        game.act(seat, &action).expect("a legal action is accepted");
        step += 1;
    }
    writeln!(out, "\n## over after {step} actions").unwrap();
    for v in &viewers {
        writeln!(out, "view {}: {}", viewer_name(*v), game.view_text(*v)).unwrap();
    }
    writeln!(
        out,
        "outcome: {}",
        serde_json::to_string(&game.outcome()).unwrap()
    )
    .unwrap();
    out
}

fn viewer_name(v: Viewer) -> String {
    match v {
        Viewer::Seat(s) => s.to_string(),
        Viewer::Spectator => "spectator".to_owned(),
    }
}

fn path(game: &dyn GameType) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/playthroughs")
        .join(format!("{}.txt", game.kind()))
}

#[test]
fn every_game_plays_through_as_its_golden_file_says() {
    let bless = std::env::var_os("NIMMT_BLESS").is_some();
    let mut stale = Vec::new();
    for &game in registry::games() {
        let now = playthrough(game);
        let file = path(game);
        if bless {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, &now).unwrap();
            continue;
        }
        let golden = std::fs::read_to_string(&file).unwrap_or_default();
        if golden != now {
            let line = golden
                .lines()
                .zip(now.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(golden.lines().count().min(now.lines().count()));
            stale.push(format!(
                "{} (first difference at line {})",
                file.display(),
                line + 1
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "playthroughs differ from their golden files: {}\nIf the change is meant, write them again with NIMMT_BLESS=1 and read the diff.",
        stale.join(", ")
    );
}
