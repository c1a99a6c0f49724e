//! Writes the HELP! golden records of `tests/golden/` (`help-*.json`): whole games where each
//! seat lays its lowest fitting number when it can (long deals, so draw piles run out and are
//! reshuffled) and otherwise takes a random legal action.
//!
//! `cargo run -p nimmt-core --example golden_help -- crates/nimmt-core/tests/golden`

use nimmt_core::games::help::Help;
use nimmt_core::record::{GameRecord, RecordedGame};
use nimmt_core::{OptionMap, Rules, Setup};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays a whole game from `seed` and returns its record.
fn play(players: usize, options: &[&str], seed: u64) -> GameRecord {
    let options = OptionMap::parse(options.iter().copied()).expect("options");
    let mut game =
        RecordedGame::new(Setup::new(Help::KIND, players, options, seed)).expect("a setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some((seat, _)) = game.game().pending().first().cloned() {
        let legal = game.game().legal_actions(seat);
        let lowest = legal
            .iter()
            .filter(|a| a["type"] == "lay")
            .min_by_key(|a| a["card"].as_u64());
        let action = match lowest {
            Some(a) if rng.random_bool(0.9) => a.clone(),
            _ => legal[rng.random_range(0..legal.len())].clone(),
        };
        game.act(seat, &action).expect("a legal action");
    }
    game.record()
}

fn reshuffled(record: &GameRecord) -> bool {
    record.deals.iter().any(|d| d.get("reshuffles").is_some())
}

fn main() {
    let dir = std::env::args().nth(1).expect("the folder to write to");
    let games: [(&str, usize, &[&str], bool); 4] = [
        ("help-3p-reshuffle", 3, &[], true),
        ("help-4p", 4, &[], false),
        ("help-5p", 5, &[], false),
        ("help-4p-end1", 4, &["end_at=1"], false),
    ];
    for (name, players, options, needs_reshuffle) in games {
        let record = (1..)
            .map(|seed| play(players, options, seed))
            .find(|r| !needs_reshuffle || reshuffled(r))
            .expect("a game");
        let path = format!("{dir}/{name}.json");
        let text = serde_json::to_string_pretty(&record).expect("a record serializes") + "\n";
        std::fs::write(&path, text).expect("the record is written");
        println!(
            "{path}: seed {}, {} actions",
            record.seed,
            record.actions.len()
        );
    }
}
